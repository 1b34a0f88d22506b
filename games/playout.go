package games

import "fmt"

// Playouter is optional for a Game: Playout plays s to the end with
// uniformly random legal moves, for estimators that need many thousands of
// games a second. It must give the outcome RandomPlayout gives through
// Legal and Apply (the same random numbers in the same order), but may work
// in place on a private copy and skip events and logs; s is unchanged.
type Playouter[S any] interface {
	Playout(s S, r Rand, maxSteps int) (Outcome, error)
}

// playouter is the adapter's erased Playouter.
type playouter interface {
	playout(s State, r Rand, maxSteps int) (Outcome, bool, error)
}

func (a adapter[S]) playout(s State, r Rand, maxSteps int) (Outcome, bool, error) {
	p, ok := a.g.(Playouter[S])
	if !ok {
		return Outcome{}, false, nil
	}
	o, err := p.Playout(a.cast(s), r, maxSteps)
	return o, true, err
}

// RandomPlayout plays s to the end, every active seat choosing
// uniformly at random among its legal actions: the first active seat picks
// legal[r.Intn(len(legal))], a form filled in with r (Fill), then the
// action is applied with r. It is the
// reference a game's Playouter must agree with, and its fallback.
func RandomPlayout(e Engine, s State, r Rand, maxSteps int) (State, Outcome, error) {
	for range maxSteps {
		if o := e.Outcome(s); o.Done {
			return s, o, nil
		}
		act := e.Active(s)
		if len(act) == 0 {
			return s, Outcome{}, fmt.Errorf("%s: nobody active in a running game", e.Info().ID)
		}
		legal := e.Legal(s, act[0])
		if len(legal) == 0 {
			return s, Outcome{}, fmt.Errorf("%s: seat %d active without a legal action", e.Info().ID, act[0])
		}
		ns, _, err := e.Apply(s, act[0], Fill(e, legal[r.Intn(len(legal))], r), r)
		if err != nil {
			return s, Outcome{}, err
		}
		s = ns
	}
	return s, Outcome{}, fmt.Errorf("%s: playout longer than %d moves", e.Info().ID, maxSteps)
}

// Playout is the outcome of a random playout from s: the game's fast
// Playouter when it has one, RandomPlayout otherwise. s is unchanged.
func Playout(e Engine, s State, r Rand, maxSteps int) (Outcome, error) {
	if p, ok := e.(playouter); ok {
		if o, ok, err := p.playout(s, r, maxSteps); ok {
			return o, err
		}
	}
	_, o, err := RandomPlayout(e, s, r, maxSteps)
	return o, err
}

// Rollouter is optional for a Game where random play says nothing about
// who is ahead (in Blindaż random soldiers never win; a random Raider
// never raids): Rollout plays s to the end under the game's own cheap
// policy - its computer's choices with some randomness, all drawn from r -
// and gives the outcome. Like Playout it works on a private copy and
// leaves s unchanged. Estimators and search prefer it to Playout.
type Rollouter[S any] interface {
	Rollout(s S, r Rand, maxSteps int) (Outcome, error)
}

// rollouter is the adapter's erased Rollouter.
type rollouter interface {
	rollout(s State, r Rand, maxSteps int) (Outcome, bool, error)
}

func (a adapter[S]) rollout(s State, r Rand, maxSteps int) (Outcome, bool, error) {
	p, ok := a.g.(Rollouter[S])
	if !ok {
		return Outcome{}, false, nil
	}
	o, err := p.Rollout(a.cast(s), r, maxSteps)
	return o, true, err
}

// Rollout is the outcome of the game's Rollout from s, or of a random
// Playout for a game without one. s is unchanged.
func Rollout(e Engine, s State, r Rand, maxSteps int) (Outcome, error) {
	if p, ok := e.(rollouter); ok {
		if o, ok, err := p.rollout(s, r, maxSteps); ok {
			return o, err
		}
	}
	return Playout(e, s, r, maxSteps)
}
