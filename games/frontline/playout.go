package frontline

import (
	"fmt"

	"github.com/warroom/warroom/games"
)

// Playout implements games.Playouter: a random playout on one private copy
// of s, stepped in place with no log entries, drawing the random numbers
// games.RandomPlayout draws. playout_fast_test checks the two agree.
func (g Game) Playout(s State, r games.Rand, maxSteps int) (games.Outcome, error) {
	ns := s.Clone()
	ns.quiet = true
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
		ns.step(p, legal[r.Intn(len(legal))], r)
	}
	return games.Outcome{}, fmt.Errorf("frontline: playout longer than %d moves", maxSteps)
}

// step is Do in place: the action, then everything automatic.
func (s *State) step(p int, a games.Action, r games.Rand) {
	s.exec(p, a, r)
	s.settle(r)
}

// Rollout implements games.Rollouter: a playout on a private copy of s
// under the rollout policy (rolloutAction), for "How it went" and the
// hard level. Random play is a poor judge here: a random side buys and
// shuffles cards aimlessly and seldom declares a battle it can win.
func (g Game) Rollout(s State, r games.Rand, maxSteps int) (games.Outcome, error) {
	ns := s.Clone()
	var sc rolling
	for range maxSteps {
		if ns.active() < 0 {
			return g.Outcome(ns), nil
		}
		if !ns.rolloutStep(r, &sc) {
			return games.Outcome{}, fmt.Errorf("frontline: seat %d has no legal action in phase %s", ns.active(), ns.Phase)
		}
	}
	return games.Outcome{}, fmt.Errorf("frontline: rollout longer than %d moves", maxSteps)
}

// rolling is a rollout's reusable buffers.
type rolling struct {
	b       acts
	scratch State
}

// rolloutStep plays one move of the running game in place under the
// rollout policy, drawing from r; false if the seat to act has none.
func (s *State) rolloutStep(r games.Rand, sc *rolling) bool {
	s.quiet, s.scratch = true, &sc.scratch
	p := s.active()
	sc.b.reset()
	s.addLegal(&sc.b, p)
	if len(sc.b.list) == 0 {
		return false
	}
	s.step(p, s.rolloutAction(p, sc.b.list, r), r)
	return true
}

// rolloutNoise: one rollout move in rolloutNoise is uniformly random,
// the others are the normal level's choice (Bot).
const rolloutNoise = 8

// rolloutAction is the rollout policy: the normal level's choice, or a
// random legal action one time in rolloutNoise.
func (s *State) rolloutAction(p int, legal []games.Action, r games.Rand) games.Action {
	if r.Intn(rolloutNoise) != 0 {
		a := s.botChoice(p, legal)
		if has(legal, a) {
			return a
		}
	}
	return legal[r.Intn(len(legal))]
}
