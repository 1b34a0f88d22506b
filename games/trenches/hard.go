package trenches

import (
	"math"
	"sort"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/search"
)

// HardPlayouts is the hard level's fixed budget of rollouts per choice:
// it bounds the time of a move (BenchmarkHardBot) independently of the
// machine's speed, and keeps the choice a function of the random numbers.
// 600 is about 50 per arm (12 arms on average), ~60 ms of one core per
// move (0.2 s on a loaded machine), and keeps TestHardWinRate's 400 hard
// games near 25 minutes; it wins ~72% against the normal level as either
// side (the normal level: ~50%).
const HardPlayouts = 600

// hardBudget is HardPlayouts; tests that play many whole games lower it.
var hardBudget = HardPlayouts

// hardChoice picks among the seat's legal actions in a player turn by
// flat Monte Carlo over what the seat knows (search.FlatUCB): each sample
// is a fresh Determinize twin of s for seat (the Raider's redeals the
// Defender's hidden counters), the arm's action on it, then a rollout
// (both sides under the normal policy, one move in rolloutNoise random)
// scored by hardScore. Arms are hardArms, a narrowed list. It draws one
// number from r (the table's source) to seed its own generator, so verify
// re-chooses it identically.
func (g Game) hardChoice(s State, seat games.Seat, legal []games.Action, r games.Rand) games.Action {
	own := games.NewPCG(uint64(r.Intn(math.MaxInt)), 0x7e4c)
	arms := s.hardArms(legal)
	var buf []cmove
	k := search.FlatUCB(len(arms), hardBudget, func(k int) float64 {
		twin := g.Determinize(s, seat, own)
		twin.quiet = true
		// The arm is legal in the twin: a seat's legal actions depend
		// only on what it sees.
		twin.step(act(arms[k].Verb, arms[k].Args...), own)
		if !twin.rollout(own, 3000, &buf) {
			return 0
		}
		return twin.hardScore(int(seat))
	})
	return arms[k]
}

// hardScore scores a finished game for seat in [0,1]: 0.8 for a win (0.4
// for a drawn match), plus up to 0.2 for the margin of the Raider's VP
// over the victory level (below it for the Defender), so that among
// lines that all win or all lose the search still prefers the better.
func (s *State) hardScore(seat int) float64 {
	o := Game{}.Outcome(*s)
	win := 0.0
	if len(o.Winners) == 0 {
		win = 0.5
	}
	for _, w := range o.Winners {
		if int(w) == seat {
			win = 1
		}
	}
	if s.Match || len(s.Legs) == 0 {
		return win
	}
	b := s.Legs[len(s.Legs)-1].Score
	v := min(max(0.5+float64(b.Total-b.Victory)/float64(2*b.Victory), 0), 1)
	if seat != s.Legs[len(s.Legs)-1].RaiderSeat {
		v = 1 - v
	}
	return 0.8*win + 0.2*v
}

// hardArms narrows the legal actions of a player turn to those worth a
// search (a unit may have 30 destinations; most are the same idea): the
// normal policy's choice, every action that is not a move (attack,
// reveal, clear, exit, end), and for each unit the few destinations that
// stand for distinct plans - see raiderDests and defenderDests. Order:
// as in legal, so the arms do not depend on map iteration.
func (s *State) hardArms(legal []games.Action) []games.Action {
	want := map[string]bool{s.botChoice().String(): true}
	dests := map[int][]int{} // unit -> legal destinations
	var units []int
	for _, a := range legal {
		if a.Verb != VMove {
			want[a.String()] = true
			continue
		}
		u := a.Args[0]
		if _, ok := dests[u]; !ok {
			units = append(units, u)
		}
		dests[u] = append(dests[u], a.Args[1])
	}
	for _, u := range units {
		var keep []int
		if s.Counters[u].Raider {
			keep = s.raiderDests(u, dests[u])
		} else {
			keep = s.defenderDests(u, dests[u])
		}
		for _, h := range keep {
			want[games.Act(VMove, u, h).String()] = true
		}
	}
	var out []games.Action
	for _, a := range legal {
		if want[a.String()] {
			out = append(out, a)
		}
	}
	return out
}

// best returns up to n of hs with the lowest score (inf excluded), ties
// to trench hexes, then lower ids.
func best(hs []int, n int, score func(h int) int) []int {
	type c struct{ h, v int }
	var cs []c
	for _, h := range hs {
		if v := score(h); v < inf {
			cs = append(cs, c{h, v})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].v != cs[j].v {
			return cs[i].v < cs[j].v
		}
		ti, tj := Hex(cs[i].h).Terrain == Trench, Hex(cs[j].h).Terrain == Trench
		if ti != tj {
			return ti
		}
		return cs[i].h < cs[j].h
	})
	var out []int
	for k := 0; k < len(cs) && k < n; k++ {
		out = append(out, cs[k].h)
	}
	return out
}

// raiderDests: the two destinations closest to the unit's objectives
// (dugouts to clear, S3 flags, the S5 row, a target in range: the normal
// policy's advance) and the one closest to the exit (its withdrawal).
func (s *State) raiderDests(u int, hs []int) []int {
	ex := s.togo(true, s.cutWireHexes())
	out := best(hs, 1, func(h int) int { return ex[Idx(h)] })
	if obj := s.raiderObjectives(u); len(obj) > 0 {
		tg := s.togo(true, obj)
		out = append(out, best(hs, 2, func(h int) int { return tg[Idx(h)] })...)
	}
	return out
}

// defenderDests: the two destinations closest to a raider (to attack or
// block), the farthest one that still has a raider in range (to shoot
// from cover), and the nearest free dugout (to hold it).
func (s *State) defenderDests(u int, hs []int) []int {
	var raiders []int
	for _, c := range s.Counters {
		if c.Raider && c.Loc == LocMap {
			raiders = append(raiders, c.Hex)
		}
	}
	if len(raiders) == 0 {
		return nil
	}
	near := func(h int) int {
		m := inf
		for _, x := range raiders {
			m = min(m, Distance(x, h))
		}
		return m
	}
	rg := Stats[s.Counters[u].Type].Range
	out := best(hs, 2, near)
	out = append(out, best(hs, 1, func(h int) int {
		if d := near(h); d <= rg {
			return rg - d
		}
		return inf
	})...)
	out = append(out, best(hs, 1, func(h int) int {
		if s.isDugout(h) {
			return near(h)
		}
		return inf
	})...)
	return out
}
