package frontline

import (
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// TestConformance: the engine contract (gamestest) over every variant,
// with this game's own invariants (spec §14): at every state, VP and the
// month never go down, and a game ends after its last month.
func TestConformance(t *testing.T) {
	var setups []gamestest.Setup
	for _, v := range Variants {
		setups = append(setups, gamestest.Setup{Seats: 2, Opts: games.Options{"variant": v}})
	}
	gamestest.Run(t, games.Adapt[State](Game{}), gamestest.Config{
		Setups:   setups,
		Playouts: 24,
		BotGames: 80,
		Every:    3,
		Choose: func(st games.State, _ games.Seat, legal []games.Action, r games.Rand) (games.Action, bool) {
			return choose(st.(State), legal, r)
		},
		Check: func(t testing.TB, st games.State) {
			s := st.(State)
			if err := s.checkInvariants(); err != nil {
				t.Fatal(err)
			}
			if act := G.Active(s); s.Phase != PhOver && len(act) != 1 {
				t.Fatalf("active %v in %s", act, s.Phase)
			}
		},
		Step: func(t testing.TB, prev, next games.State, _ games.Seat, _ games.Action, _ []games.Event) {
			p, n := prev.(State), next.(State)
			for i := range 2 {
				if n.P[i].VP < p.P[i].VP {
					t.Fatalf("VP decreased")
				}
			}
			if n.Month < p.Month {
				t.Fatalf("month decreased")
			}
		},
		Final: func(t testing.TB, st games.State) {
			if s := st.(State); s.Month != s.Months {
				t.Fatalf("ended in month %d", s.Month)
			}
		},
	})
}
