package flanders

import (
	"fmt"

	"github.com/warroom/warroom/games"
)

// Playout implements games.Playouter: a random playout on one private copy
// of s, stepped in place with no notes or events, drawing the random
// numbers games.RandomPlayout draws. playout_test checks the two agree.
func (g Game) Playout(s State, r games.Rand, maxSteps int) (games.Outcome, error) {
	ns := s.Clone()
	c := newCtx(&ns, r, true)
	var legal []games.Action
	for range maxSteps {
		if ns.Over() {
			return g.Outcome(ns), nil
		}
		legal = ns.appendLegal(legal[:0], ns.Active)
		if len(legal) == 0 {
			return games.Outcome{}, fmt.Errorf("flanders: seat %d has no legal action in phase %s", ns.Active, ns.Phase)
		}
		c.do(legal[r.Intn(len(legal))])
	}
	return games.Outcome{}, fmt.Errorf("flanders: playout longer than %d moves", maxSteps)
}
