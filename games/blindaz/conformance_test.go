package blindaz

import (
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// TestConformance: the engine contract (gamestest), with this game's own
// invariants (spec §14) at every state and across every enemy phase.
func TestConformance(t *testing.T) {
	var setups []gamestest.Setup
	for n := 1; n <= 4; n++ {
		for _, d := range Difficulties {
			setups = append(setups, gamestest.Setup{Seats: n, Opts: games.Options{OptDifficulty: d.ID}})
		}
	}
	setups = append(setups, gamestest.Setup{Seats: 1, Opts: games.Options{OptSolo: SoloLone}})
	gamestest.Run(t, games.Adapt[State](Game{}), gamestest.Config{
		Setups:   setups,
		Playouts: 40,
		BotGames: 100,
		MaxSteps: 6000,
		Check: func(t testing.TB, st games.State) {
			s := st.(State)
			if err := checkInvariants(&s); err != nil {
				t.Fatal(err)
			}
			if s.Round > 6*26+6 {
				t.Fatalf("round %d", s.Round)
			}
		},
		Step: func(t testing.TB, prev, next games.State, _ games.Seat, _ games.Action, _ []games.Event) {
			p, n := prev.(State), next.(State)
			if n.Penalty < p.Penalty {
				t.Fatalf("penalty went down")
			}
			if n.Round == p.Round+1 {
				checkAdvance(t, &p, &n)
			}
		},
		Final: func(t testing.TB, st games.State) {
			if st.(State).Result == "" {
				t.Fatal("over without a result")
			}
		},
	})
}
