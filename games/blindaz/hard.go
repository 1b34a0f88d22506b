package blindaz

import (
	"fmt"
	"math"
	"slices"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/search"
)

// rolloutNoise: one turn (or deploy) in rolloutNoise of a rollout is a
// uniformly random plan (lane) instead of the §13 policy's best. Random
// soldiers never win (0 of 2,000 playouts from the start); the policy
// with this much noise still wins often enough to tell choices apart.
const rolloutNoise = 8

// Rollout implements games.Rollouter: the game played to the end from s
// (on a private copy) by the computer soldiers' §13 policy, one turn in
// rolloutNoise a random plan, every die and choice drawn from r. The
// estimates of "How it went" and the hard level's samples use it.
func (g Game) Rollout(s State, r games.Rand, maxSteps int) (games.Outcome, error) {
	ap := newApplier(s.Clone(), r, true)
	var buf []Dest
	if err := ap.rollout(maxSteps, &buf); err != nil {
		return games.Outcome{}, err
	}
	return g.Outcome(*ap.S), nil
}

// rollout plays ap.S to the end in place under the rollout policy, at
// most maxSteps actions. A turn is played whole: its move, then its
// action. buf is scratch space for the plans' destinations.
func (ap *applier) rollout(maxSteps int, buf *[]Dest) error {
	s := ap.S
	for n := 0; n < maxSteps; n++ {
		switch s.Phase {
		case PhaseOver:
			return nil
		case PhaseDeploy:
			i := slices.IndexFunc(s.Soldiers, func(so Soldier) bool { return so.Pos < 0 })
			lane := 0
			if lanes, ok := BotDeploy[s.N]; ok && i < len(lanes) {
				lane = lanes[i]
			}
			if lane == 0 || ap.Rand.Intn(rolloutNoise) == 0 {
				lane = 1 + ap.Rand.Intn(Lanes)
			}
			ap.do(s.Soldiers[i].Seat, games.Action{Verb: VDeploy, Args: smallLaneTab[lane]})
		default:
			c, ok := ap.pickPlan(buf)
			if !ok {
				return fmt.Errorf("blindaz: soldier %d has no plan", s.Turn)
			}
			seat := s.Soldiers[s.Turn].Seat
			if c.to != s.Soldiers[s.Turn].Pos {
				ap.do(seat, sharedCell(VMove, c.to))
				n++
			}
			ap.do(seat, c.act)
		}
	}
	if s.Phase == PhaseOver {
		return nil
	}
	return fmt.Errorf("blindaz: rollout longer than %d moves", maxSteps)
}

// pickPlan is the rollout policy's plan for the acting soldier: the §13
// best, or one time in rolloutNoise a uniformly random one.
func (ap *applier) pickPlan(buf *[]Dest) (cand, bool) {
	random := ap.Rand.Intn(rolloutNoise) == 0
	var best cand
	seen := 0
	*buf = ap.S.eachPlan(*buf, func(c cand) {
		seen++
		if random {
			if ap.Rand.Intn(seen) == 0 {
				best = c
			}
			return
		}
		if seen == 1 || planOrder(c.score, best.score, &c.key, &best.key) < 0 {
			best = c
		}
	})
	return best, seen > 0
}

// smallLaneTab holds deploy arguments 0..6, shared and never modified.
var smallLaneTab = [Lanes + 1][]int{{0}, {1}, {2}, {3}, {4}, {5}, {6}}

// HardPlayouts is the hard level's fixed budget of rollouts per choice:
// it bounds the time of a move (BenchmarkHardBot: about 30 ms of one
// core) independently of the machine's speed, and keeps the choice a
// function of the random numbers. It is sized for TestHardWinRate: 200
// seeds at one lone soldier and at two seats take about 23 minutes of one
// core.
const HardPlayouts = 240

// hardBudget is HardPlayouts; tests that play many whole games lower it.
var hardBudget = HardPlayouts

// hardArms is how many of the §13 policy's best plans the hard level
// weighs. A turn has up to a few hundred plans (24 destinations, builds
// in every orientation); the policy's own ranking keeps the sensible ones
// and the budget goes to telling them apart. With 8 arms (30 samples
// each) the noise cost what the search found: two hard soldiers won 110
// of 200 seeds, normal ones 113; with 4, 144.
const hardArms = 4

// hardChoice picks seat's action by flat Monte Carlo (search.FlatUCB)
// over whole-turn plans: the policy's hardArms best (in deploy, the six
// lanes). Each sample deals a fresh Disguise twin of s (the trench stack's
// order and the enemy tiles between stack and box, the only secrets,
// drawn again from the public facts), plays the plan's actions on it and
// finishes the game with the rollout policy; a victory scores 1. It reads
// no hidden fact: Disguise sorts before shuffling, so two states with one
// view get one choice for the same random numbers. It draws one number
// from r (the table's source) to seed its own generators, so verify
// re-chooses it identically. ok is false when there is nothing to weigh.
func (g Game) hardChoice(s State, seat games.Seat, legal []games.Action, r games.Rand) (games.Action, bool) {
	var arms [][]games.Action
	if s.Phase == PhaseDeploy {
		for _, a := range legal {
			arms = append(arms, []games.Action{a})
		}
	} else {
		for i, p := range Plans(s) {
			if i == hardArms {
				break
			}
			arms = append(arms, p.Actions)
		}
	}
	if len(arms) < 2 {
		return games.Action{}, false
	}
	seed := uint64(r.Intn(math.MaxInt))
	tries := make([]uint64, len(arms))
	var buf []Dest
	k := search.FlatUCB(len(arms), hardBudget, func(k int) float64 {
		// Common random numbers: the j-th sample of every arm deals the
		// same twin and rolls from the same stream, so arms are compared
		// on the same luck and the budget goes further.
		own := games.NewPCG(seed, tries[k])
		tries[k]++
		ap := newApplier(g.Disguise(s, own), own, true)
		for _, a := range arms[k] {
			if !ap.over() {
				ap.do(int(seat), a)
			}
		}
		if ap.rollout(5000, &buf) != nil || ap.S.Result != Victory {
			return 0
		}
		return 1
	})
	a := arms[k][0]
	return a, slices.ContainsFunc(legal, a.Equal)
}
