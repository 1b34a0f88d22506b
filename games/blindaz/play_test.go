package blindaz

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/warroom/warroom/games"
)

// botGame plays an all-computer game; it returns the final state and the
// number of actions.
func botGame(t testing.TB, seed uint64, seats int, opts games.Options) (State, int) {
	g := games.Check[State](Game{})
	r := games.NewPCG(seed, 0xb11d)
	s, err := g.Setup(opts, seats, r)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for s.Phase != PhaseOver {
		act := g.Active(s)
		if len(act) == 0 {
			t.Fatalf("seed %d: nobody active in %s", seed, s.Phase)
		}
		a := g.Bot(s, act[0], r)
		ns, _, err := g.Apply(s, act[0], a, r)
		if err != nil {
			t.Fatalf("seed %d: bot action %v rejected: %v", seed, a, err)
		}
		s = ns
		n++
		if n > 5000 {
			t.Fatalf("seed %d: no end", seed)
		}
	}
	return s, n
}

func soldiersOpts(n int) (int, games.Options) {
	if n == 1 {
		return 1, games.Options{OptSolo: SoloLone}
	}
	return n, games.Options{}
}

// TestWinRate measures the all-computer victory rate over 1000 seeds for
// 1-4 soldiers. It runs only with BLINDAZ_WINRATE=1 (or a count) to keep
// the default test run fast:
//
//	BLINDAZ_WINRATE=1000 go test -run WinRate -v ./games/blindaz/
func TestWinRate(t *testing.T) {
	games := 0
	if v := os.Getenv("BLINDAZ_WINRATE"); v != "" {
		games, _ = strconv.Atoi(v)
		if games <= 1 {
			games = 1000
		}
	}
	if games == 0 {
		t.Skip("set BLINDAZ_WINRATE=1000 to measure")
	}
	for _, diff := range []string{"standard", "recruit", "veteran"} {
		line := diff
		for n := 1; n <= 4; n++ {
			seats, opts := soldiersOpts(n)
			opts[OptDifficulty] = diff
			wins, rounds := 0, []int{}
			for seed := range games {
				s, _ := botGame(t, uint64(seed), seats, opts)
				if s.Result == Victory {
					wins++
				}
				rounds = append(rounds, s.Round)
			}
			slices.Sort(rounds)
			line += fmt.Sprintf(" | N=%d %5.1f%% (median %d rounds)", n, 100*float64(wins)/float64(games), rounds[len(rounds)/2])
		}
		t.Log(line)
	}
}

func mustJSON(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
