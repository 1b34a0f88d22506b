package blindaz

import (
	"fmt"

	"github.com/warroom/warroom/games"
)

// Playout implements games.Playouter: a random playout on one private copy
// of s, stepped in place with no notes or events, drawing the random
// numbers games.RandomPlayout draws. playout_fast_test checks they agree.
func (g Game) Playout(s State, r games.Rand, maxSteps int) (games.Outcome, error) {
	ap := newApplier(s.Clone(), r, true)
	var legal []games.Action
	for range maxSteps {
		if ap.over() {
			return g.Outcome(*ap.S), nil
		}
		act := g.Active(*ap.S)
		if len(act) == 0 {
			return games.Outcome{}, fmt.Errorf("blindaz: nobody active in phase %s", ap.S.Phase)
		}
		legal = ap.S.appendLegal(legal[:0], act[0])
		if len(legal) == 0 {
			return games.Outcome{}, fmt.Errorf("blindaz: seat %d has no legal action", act[0])
		}
		ap.do(int(act[0]), legal[r.Intn(len(legal))])
	}
	return games.Outcome{}, fmt.Errorf("blindaz: playout longer than %d moves", maxSteps)
}
