package fow

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// TestMoraleLineCountsPlatoonsInAction: the morale display counts the
// platoons on the table or in ambush, never those in reserve (spec §10
// R35), in every state of computer games with reserves.
func TestMoraleLineCountsPlatoonsInAction(t *testing.T) {
	seen := 0
	for _, mission := range []string{"hold_the_line", "no_retreat", "breakthrough", "counterattack"} {
		for seed := uint64(1); seed <= 4; seed++ {
			playout(t, mission, false, seed, false, func(_, next State, _ int, _ games.Action) {
				v := G.View(next, games.Spectator).(View)
				for seat, sd := range v.Sides {
					if sd.Reserves <= 0 {
						continue
					}
					seen++
					if want := next.count(seat, StTable, StAmbush); sd.InAction != want || sd.InAction == sd.OnTable+sd.OffTable {
						t.Fatalf("%s seed %d: in action %d (table %d, off table %d, reserves %d), want %d",
							mission, seed, sd.InAction, sd.OnTable, sd.OffTable, sd.Reserves, want)
					}
				}
			})
		}
	}
	if seen == 0 {
		t.Fatal("no state with reserves was reached")
	}
}
