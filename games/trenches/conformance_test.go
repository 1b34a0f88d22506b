package trenches

import (
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// TestConformance: the engine contract (gamestest) over every scenario,
// side, solo and match, with this game's own invariants (spec §14), the
// hidden counters kept out of views and public events, and the view's
// move search agreeing with the engine's.
func TestConformance(t *testing.T) {
	var setups []gamestest.Setup
	for _, v := range variants() {
		setups = append(setups, gamestest.Setup{Seats: 2, Opts: v.opts})
	}
	n := 0
	gamestest.Run(t, games.Adapt[State](Game{}), gamestest.Config{
		Setups:   setups,
		Playouts: 3 * len(setups) / 2,
		BotGames: 3 * len(setups),
		MaxSteps: 3000,
		Every:    5,
		// Doing things rather than ending the turn; the computer a fifth
		// of the time.
		Choose: func(_ games.State, _ games.Seat, legal []games.Action, r games.Rand) (games.Action, bool) {
			a := legal[r.Intn(len(legal))]
			if (a.Verb == VEnd || a.Verb == VUnplace) && r.Intn(4) != 0 {
				a = legal[r.Intn(len(legal))]
			}
			return a, r.Intn(5) == 0
		},
		Check: func(t testing.TB, st games.State) {
			s := st.(State)
			if err := checkHidden(s); err != nil {
				t.Fatal(err)
			}
			if act := G.Active(s); s.Phase != PhaseOver && len(act) != 1 {
				t.Fatalf("active %v", act)
			}
			if n++; n%5 == 0 && s.Phase != PhaseOver {
				viewSearchAgrees(t, s, G.Active(s)[0])
			}
		},
		Step: func(t testing.TB, prev, next games.State, _ games.Seat, _ games.Action, ev []games.Event) {
			p, n := prev.(State), next.(State)
			publicEventsHide(t, p, n, ev)
			if err := checkInvariants(p, n); err != nil {
				t.Fatal(err)
			}
		},
	})
}
