package frontline

import (
	"fmt"

	"github.com/warroom/warroom/games"
)

// Playout implements games.Playouter: a random playout on one private copy
// of s, stepped in place with no log entries, drawing the random numbers
// games.RandomPlayout draws. playout_fast_test checks the two agree.
func (g Game) Playout(s State, r games.Rand, maxSteps int) (games.Outcome, error) {
	ns := s.clone()
	ns.r, ns.quiet = r, true
	b := acts{list: make([]games.Action, 0, 256), args: make([]int, 0, 1024)}
	for range maxSteps {
		p := ns.active()
		if p < 0 {
			return g.Outcome(ns), nil
		}
		b.reset()
		ns.addLegal(&b, p)
		legal := b.list
		if len(legal) == 0 {
			return games.Outcome{}, fmt.Errorf("frontline: seat %d has no legal action in phase %s", p, ns.Phase)
		}
		ns.step(p, legal[r.Intn(len(legal))])
	}
	return games.Outcome{}, fmt.Errorf("frontline: playout longer than %d moves", maxSteps)
}

// step is Do in place: the action, then everything automatic.
func (s *State) step(p int, a games.Action) {
	s.exec(p, a)
	s.settle()
}
