package flanders

import (
	"testing"

	"github.com/warroom/warroom/games"
)

func TestUndoOnlyInsideResolution(t *testing.T) {
	g := Game{}
	for _, c := range []struct {
		before, after string
		want          bool
	}{
		{PhaseSacrifice, PhaseMove, true},
		{PhaseMove, PhaseMines, true},
		{PhaseGas, PhaseArtillery, true},
		{PhaseReady, PhaseRolled, false},    // a roll
		{PhaseRolled, PhaseReady, false},    // a take
		{PhaseReady, PhaseSacrifice, false}, // the stop itself
		{PhaseMove, PhaseReady, false},      // the turn ended
		{PhaseMove, PhaseOver, false},
	} {
		if got := g.Undoable(State{Phase: c.before}, State{Phase: c.after}, 0, games.Act("x")); got != c.want {
			t.Errorf("%s -> %s: %v", c.before, c.after, got)
		}
	}
}
