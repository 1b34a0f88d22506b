package flanders

import (
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// TestConformance: the engine contract (gamestest), with this game's own
// invariants: spec §14 at every state, the rows across every action.
func TestConformance(t *testing.T) {
	var setups []gamestest.Setup
	for n := 2; n <= 4; n++ {
		setups = append(setups, gamestest.Setup{Seats: n},
			gamestest.Setup{Seats: n, Opts: games.Options{OptBeginner: "all"}},
			gamestest.Setup{Seats: n, Opts: games.Options{OptStrongArtillery: "on"}})
	}
	gamestest.Run(t, games.Adapt[State](Game{}), gamestest.Config{
		Setups:   setups,
		Playouts: 40,
		BotGames: 200,
		MaxSteps: 5000,
		Check:    func(t testing.TB, s games.State) { checkInvariants(t, s.(State)) },
		Step: func(t testing.TB, prev, next games.State, _ games.Seat, _ games.Action, ev []games.Event) {
			checkRows(t, prev.(State), next.(State), ev)
		},
	})
}
