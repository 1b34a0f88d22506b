package frontline

import (
	"strings"

	"github.com/warroom/warroom/games"
)

// ReplayName reads one word of an action written by name in `warroom
// replay` (catalog.Module.ReplayName), for the verb and the numbers read
// so far: units and action cards by instance id ("tanks-1",
// "assault-2", "barracks-sa"), "rear" for column 0.
func ReplayName(_ string, _ []int, w string, _ games.State) ([]int, bool) {
	w = strings.ToLower(w)
	if u := UnitID(w); u >= 0 {
		return []int{u}, true
	}
	if c := ActionID(w); c >= 0 {
		return []int{c}, true
	}
	if w == "rear" {
		return []int{0}, true
	}
	return nil, false
}
