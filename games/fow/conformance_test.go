package fow

import (
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// TestConformance: the engine contract (gamestest) over every mission,
// with the dice rolled by the table and by the players, and this game's
// own invariants (spec §14) across every action.
func TestConformance(t *testing.T) {
	var setups []gamestest.Setup
	for _, m := range Missions() {
		setups = append(setups, gamestest.Setup{Seats: 2, Opts: games.Options{"mission": m.ID}},
			gamestest.Setup{Seats: 2, Opts: games.Options{"mission": m.ID, "dice": "manual"}})
	}
	gamestest.Run(t, games.Adapt[State](Game{}), gamestest.Config{
		Setups:   setups,
		Playouts: 2 * len(setups),
		BotGames: 10 * len(setups),
		Every:    5,
		// Random choices that do not end the battle too eagerly, and the
		// computer's a third of the time.
		Choose: func(st games.State, _ games.Seat, legal []games.Action, r games.Rand) (games.Action, bool) {
			return pickRandom(st.(State), legal, r), r.Intn(3) == 0
		},
		Step: func(t testing.TB, prev, next games.State, seat games.Seat, a games.Action, ev []games.Event) {
			invariants(t, prev.(State), next.(State), int(seat), a, ev)
		},
	})
}
