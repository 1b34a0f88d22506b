package flanders

import (
	"math"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/search"
)

// HardPlayouts is the hard level's fixed budget of playouts per choice:
// it bounds the time of a move (BenchmarkHardBot) independently of the
// machine's speed, and keeps the choice a function of the random numbers.
const HardPlayouts = 3000

// hardBudget is HardPlayouts; tests that play many whole games lower it.
var hardBudget = HardPlayouts

// hardChoice picks among legal (seat's, len >= 2) by flat Monte Carlo
// over information sets (search.FlatUCB): each sample deals a fresh
// Disguise twin of s (the draw order, the only secret, reshuffled from the
// public facts), plays the arm's action on it and finishes the game in
// place with the rollout policy (rolloutAction). It reads no hidden fact:
// Disguise sorts the pile before shuffling, so equal views and equal
// random numbers give equal choices. It draws one number from r (the
// table's source) to seed its own generator, so verify re-chooses it
// identically.
func (g Game) hardChoice(s State, seat games.Seat, legal []games.Action, r games.Rand) games.Action {
	own := games.NewPCG(uint64(r.Intn(math.MaxInt)), 0x4a7d)
	var buf []games.Action
	k := search.FlatUCB(len(legal), hardBudget, func(k int) float64 {
		twin := g.Disguise(s, own)
		c := newCtx(&twin, own, true)
		c.do(legal[k])
		return twin.playoutScore(int(seat), own, &buf)
	})
	return legal[k]
}

// rolloutAction is the playouts' policy: the normal level's choice, or
// a random legal action one time in hardNoise (and when the policy's
// choice is not legal). All-random playouts misjudge this push-your-luck
// race (hard lost 32 of 40 games to normal with them); guided ones
// compare the actions under plausible play.
func (s *State) rolloutAction(legal []games.Action, r games.Rand) games.Action {
	if r.Intn(hardNoise) != 0 {
		a := s.botChoice()
		for _, l := range legal {
			if l.Equal(a) {
				return a
			}
		}
	}
	return legal[r.Intn(len(legal))]
}

// hardNoise: one playout move in hardNoise is random.
const hardNoise = 8

// playoutScore plays s (a private twin) to the end in place with the
// rollout policy and scores it for seat: 1 for a win, shared equally, 0
// otherwise (or for a game that does not end within the bound).
func (s *State) playoutScore(seat int, r games.Rand, buf *[]games.Action) float64 {
	c := newCtx(s, r, true)
	for range 5000 {
		if s.Over() {
			for _, w := range s.Winners {
				if w == seat {
					return 1 / float64(len(s.Winners))
				}
			}
			return 0
		}
		*buf = s.appendLegal((*buf)[:0], s.Active)
		if len(*buf) == 0 {
			return 0
		}
		c.do(s.rolloutAction(*buf, r))
	}
	return 0
}
