package trenches

import (
	"fmt"

	"github.com/warroom/warroom/games"
)

// Playout implements games.Playouter: a random playout on one private
// copy of s, stepped in place with no log, drawing the random numbers
// games.RandomPlayout draws. playout_test checks the two agree.
func (g Game) Playout(s State, r games.Rand, maxSteps int) (games.Outcome, error) {
	n := s.Clone()
	n.quiet = true
	var buf []cmove
	for range maxSteps {
		if n.Phase == PhaseOver {
			return g.Outcome(n), nil
		}
		buf = n.appendMoves(buf[:0])
		n.step(buf[r.Intn(len(buf))], r)
	}
	return games.Outcome{}, fmt.Errorf("trenches: playout longer than %d moves", maxSteps)
}

// Rollout implements games.Rollouter: a playout under the normal level's
// policy for both sides, one move in rolloutNoise random. Random play
// says little here (a random Raider wanders and ends turns at random), so
// estimates and the hard level judge positions under plausible play.
func (g Game) Rollout(s State, r games.Rand, maxSteps int) (games.Outcome, error) {
	n := s.Clone()
	n.quiet = true
	var buf []cmove
	if !n.rollout(r, maxSteps, &buf) {
		return games.Outcome{}, fmt.Errorf("trenches: rollout longer than %d moves", maxSteps)
	}
	return g.Outcome(n), nil
}

// rolloutNoise: one rollout move in rolloutNoise is random.
const rolloutNoise = 8

// rollout plays s (a private quiet copy) to the end in place with the
// rollout policy; false if it does not end within maxSteps.
func (s *State) rollout(r games.Rand, maxSteps int, buf *[]cmove) bool {
	for range maxSteps {
		if s.Phase == PhaseOver {
			return true
		}
		s.step(s.rolloutMove(r, buf), r)
	}
	return false
}

// rolloutMove is the normal policy's choice, or a random legal action
// one time in rolloutNoise (and when the policy's choice is not legal).
// In a player turn the choice is checked by the rules (whyNot) rather
// than against the whole legal list, which is the costly part; a move is
// trusted, the policy choosing among the destinations the movement search
// found (TestQuietStepMatchesDo checks the policy's every choice).
func (s *State) rolloutMove(r games.Rand, buf *[]cmove) cmove {
	if r.Intn(rolloutNoise) != 0 {
		a := s.botChoice()
		if s.Phase == PhaseRaider || s.Phase == PhaseDefender {
			if a.Verb == VMove || verbs.Known(a) == nil && s.whyNot(a) == "" {
				m := act(a.Verb, a.Args...)
				return m
			}
		} else {
			*buf = s.appendMoves((*buf)[:0])
			for _, m := range *buf {
				if m.is(a) {
					return m
				}
			}
		}
	}
	*buf = s.appendMoves((*buf)[:0])
	return (*buf)[r.Intn(len(*buf))]
}

// activeSeat is the seat to act in a running game.
func (s *State) activeSeat() games.Seat {
	if s.Phase == PhaseRaider || s.Phase == PhaseSetupRaider {
		return games.Seat(s.RaiderSeat)
	}
	return s.DefenderSeat()
}

// step does legal action m in place, as Do does (a match's second leg
// dealt when the first ends), drawing the same random numbers.
func (s *State) step(m cmove, r games.Rand) {
	s.args = append(s.args[:0], m.a[:m.n]...)
	s.do(games.Action{Verb: m.verb, Args: s.args[:m.n:m.n]}, r)
	s.evs = s.evs[:0]
	if s.Phase == PhaseOver && s.Match && s.Leg == 1 {
		s.nextLeg(r)
	}
}
