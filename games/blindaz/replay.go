package blindaz

import (
	"strings"

	"github.com/warroom/warroom/games"
)

// ReplayName reads one word of an action written by name in `warroom
// replay` (catalog.Module.ReplayName), for the verb and the numbers read
// so far: cells "D2" (column A..G, lane 1..6) for move, clear and
// attack (two numbers), a G cell or lane for deploy, directions N E S W
// for throw, and open sides as letters ("NE") for build's orientation.
func ReplayName(verb string, args []int, w string, _ games.State) ([]int, bool) {
	w = strings.ToUpper(w)
	switch verb {
	case VThrow:
		for d, n := range DirName {
			if w == n {
				return []int{d}, true
			}
		}
	case VBuild:
		if len(args) != 1 {
			return nil, false
		}
		sides := map[rune]int{'N': SideN, 'E': SideE, 'S': SideS, 'W': SideW}
		mask := 0
		for _, r := range w {
			b, ok := sides[r]
			if !ok || mask&b != 0 {
				return nil, false
			}
			mask |= b
		}
		return []int{mask}, mask != 0
	}
	if len(w) != 2 || w[0] < 'A' || int(w[0]-'A') >= Cols || w[1] < '1' || int(w[1]-'0') > Lanes {
		return nil, false
	}
	x, lane := int(w[0]-'A'), int(w[1]-'0')
	if verb == VDeploy {
		return []int{lane}, x == Cols-1
	}
	return []int{x, lane}, true
}
