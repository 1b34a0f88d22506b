package frontline

import (
	"math"
	"sort"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/search"
)

// HardPlayouts is the hard level's fixed budget of rollouts per choice:
// it bounds the time of a move (BenchmarkHardBot: about 40 ms of one
// core) independently of the machine's speed, keeps the choice a
// function of the random numbers, and keeps the 200-game win-rate run
// (TestHardWinRate) near 13 minutes of one core. At this budget hard beat
// normal in 296 of 300 standard games (seeds 0-299, seats alternated).
const HardPlayouts = 200

// hardBudget is HardPlayouts; tests that play many whole games lower it.
var hardBudget = HardPlayouts

// hardMaxArms caps the actions the search compares: a budget of a few
// hundred rollouts spread over a main phase's dozens of maneuvers would
// leave each a handful of samples (hardArms).
const hardMaxArms = 8

// hardChoice picks among legal (seat p's, len >= 2) by flat Monte Carlo
// over information sets (search.FlatUCB) on the candidates hardArms
// keeps: each sample deals a fresh determinization of s for p (what p
// cannot see drawn again from what it can), plays the arm's action on it
// and finishes the game in place under the rollout policy. It reads no
// hidden fact, so two states p cannot tell apart get the same choice from
// the same random numbers. It draws one number from r (the table's
// source) to seed its own generator, so verify re-chooses it identically.
func (s *State) hardChoice(p int, legal []games.Action, r games.Rand) games.Action {
	arms := s.hardArms(p, legal)
	own := games.NewPCG(uint64(r.Intn(math.MaxInt)), 0xf1)
	var twin State
	var sc rolling
	last := s.Month + hardHorizon - 1
	k := search.FlatUCB(len(arms), hardBudget, func(k int) float64 {
		s.copyInto(&twin)
		twin.determinize(p, own)
		twin.quiet = true
		twin.step(p, arms[k], own)
		for range 5000 {
			if twin.active() < 0 || hardHorizon > 0 && twin.Month > last {
				break
			}
			if !twin.rolloutStep(own, &sc) {
				break
			}
		}
		return twin.hardScore(p)
	})
	return arms[k]
}

// hardHorizon is how many months a sample plays (this one included)
// before it is scored, 0 for the whole game: victory points decide the
// game and are won month by month, so the margin a little ahead judges a
// move nearly as well as the end, at a fraction of the cost.
var hardHorizon = 2

// hardScore scores a playout for p in [0,1]. A finished game: mostly the
// result (a win 1, a draw one half) and a little of the victory-point
// margin, which tells a close loss from a rout when samples are few. A
// game cut at the horizon: the margin alone.
func (s *State) hardScore(p int) float64 {
	d := float64(s.P[p].VP - s.P[opp(p)].VP)
	if s.Phase != PhOver {
		return 0.5 + math.Max(-0.5, math.Min(0.5, d/10))
	}
	m := math.Max(-0.5, math.Min(0.5, d/20))
	res := 0.5
	if w, _ := s.winner(); w == p {
		res = 1
	} else if w == opp(p) {
		res = 0
	}
	return 0.8*res + 0.2*(0.5+m)
}

// hardArms narrows legal to at most hardMaxArms candidates, the normal
// level's choice first: drafts, draws, buys, activation and battle cards
// keep one action per unit or card (their further arguments, a column or
// a target, matter less than which card); then closing the turn or the
// battle window and declarations, the two maneuvers that most improve
// the heuristic's position value, and the rest in Legal's order.
func (s *State) hardArms(p int, legal []games.Action) []games.Action {
	out := make([]games.Action, 0, hardMaxArms)
	add := func(a games.Action) {
		if len(out) < hardMaxArms && !has(out, a) {
			out = append(out, a)
		}
	}
	if a := s.botChoice(p, legal); has(legal, a) {
		add(a)
	}
	for _, a := range legal {
		switch a.Verb {
		case VEnd, VPass, VDone, VDeclare:
			add(a)
		}
	}
	type man struct {
		a    games.Action
		gain int
	}
	var mans []man
	type key struct {
		verb string
		x    int
	}
	seen := map[key]bool{}
	var rest []games.Action
	attackF := s.Declared[p]
	base := 0
	var n State
	for _, a := range legal {
		switch a.Verb {
		case VEnd, VPass, VDone, VDeclare:
			continue
		case VMove, VSwap:
			if a.Verb == VMove && a.Args[1] == 0 {
				continue
			}
			if mans == nil {
				base = s.posValue(p, attackF)
			}
			s.copyInto(&n)
			n.quiet = true
			n.exec(p, a, nil) // a maneuver: no dice
			mans = append(mans, man{a, n.posValue(p, attackF) - base})
			continue
		case VDraft, VDraw, VBuy, VPlay, VCard:
			k := key{a.Verb, a.Args[0]}
			if a.Verb == VCard || a.Verb == VPlay {
				k.x = actionType[a.Args[0]]
			}
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		rest = append(rest, a)
	}
	sort.SliceStable(mans, func(i, j int) bool { return mans[i].gain > mans[j].gain })
	for i := 0; i < len(mans) && i < 2; i++ {
		add(mans[i].a)
	}
	for _, a := range rest {
		add(a)
	}
	if len(out) == 0 {
		out = append(out, legal[0])
	}
	return out
}
