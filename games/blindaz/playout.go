package blindaz

import (
	"fmt"

	"github.com/warroom/warroom/games"
)

// Playout implements games.Playouter: a random playout on one private copy
// of s, stepped in place with no notes or events, drawing the random
// numbers games.RandomPlayout draws. playout_fast_test checks they agree.
func (g Game) Playout(s State, r games.Rand, maxSteps int) (games.Outcome, error) {
	ap := &applier{s: s.clone(), r: r, quiet: true}
	var legal []games.Action
	for range maxSteps {
		if ap.over() {
			return g.Outcome(ap.s), nil
		}
		act := g.Active(ap.s)
		if len(act) == 0 {
			return games.Outcome{}, fmt.Errorf("blindaz: nobody active in phase %s", ap.s.Phase)
		}
		legal = ap.s.appendLegal(legal[:0], act[0])
		if len(legal) == 0 {
			return games.Outcome{}, fmt.Errorf("blindaz: seat %d has no legal action", act[0])
		}
		ap.do(int(act[0]), legal[r.Intn(len(legal))])
	}
	return games.Outcome{}, fmt.Errorf("blindaz: playout longer than %d moves", maxSteps)
}
