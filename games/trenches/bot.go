package trenches

import (
	"sort"

	"github.com/warroom/warroom/games"
)

// Bot plays at the seat's computer level (games.SeatLevel), one action
// per call: normal is the policy of spec section 13 (it draws no
// randomness), easy a random legal action, hard the search of hardChoice
// in player turns (the set-up stays the normal one: the automatic set-up
// of spec 5.4).
func (g Game) Bot(s State, seat games.Seat, rng games.Rand) games.Action {
	legal := g.Legal(s, seat)
	if len(legal) == 0 {
		return games.Action{}
	}
	level := games.SeatLevel(s.Level, s.Levels, seat)
	switch {
	case level == games.LevelEasy && len(legal) > 1:
		return legal[rng.Intn(len(legal))]
	case level == games.LevelHard && len(legal) > 1 && (s.Phase == PhaseRaider || s.Phase == PhaseDefender):
		return g.hardChoice(s, seat, legal, rng)
	}
	a := s.botChoice()
	for _, l := range legal {
		if l.Equal(a) {
			return a
		}
	}
	return legal[len(legal)-1]
}

// botChoice is the policy's choice before the legality guard.
func (s *State) botChoice() games.Action {
	var a games.Action
	switch s.Phase {
	case PhaseSetupDefender, PhaseSetupRaider:
		a = games.Act(VAuto)
		if s.nextPending() < 0 && !s.needDugouts() {
			a = games.Act(VReady)
		}
	case PhaseRaider:
		a = s.botRaider()
	case PhaseDefender:
		a = s.botDefender()
	}
	return a
}

// togo is the cheapest cost from every hex to the nearest target hex for a
// unit of the given side (face-up enemies block).
func (s *State) togo(raider bool, targets []int) [NHexs]int {
	sc := s.sc()
	blocked := s.blockedFor(raider)
	var d [NHexs]int
	for i := range d {
		d[i] = inf
	}
	for _, t := range targets {
		if sc.Enterable(t) && !blocked[Idx(t)] {
			d[Idx(t)] = 0
		}
	}
	// Dijkstra by sweeps, backwards over the precomputed steps: a step
	// into a hex is allowed when the hex holds no face-up enemy.
	far := 0
	for dd := 0; dd <= far; dd++ {
		for j := 0; j < NHexs; j++ {
			if d[j] != dd || blocked[j] {
				continue
			}
			for _, stp := range backSteps[sc.N][j] {
				if v := dd + stp.Cost; v < d[stp.To] {
					d[stp.To] = v
					far = max(far, v)
				}
			}
		}
	}
	return d
}

// pHit is the chance that unit a hits unit t.
func (s *State) pHit(a, t int) float64 {
	ca, ct := s.Counters[a], s.Counters[t]
	n := Stats[ca.Type].Attack - s.sc().Modifier(ca.Type, ca.Hex, ct.Hex)
	if n < 0 {
		n = 0
	}
	if n > 6 {
		n = 6
	}
	return float64(n) / 6
}

// bestStep picks the reachable hex minimising score (ties: trench, lower id);
// ok=false when nothing beats the current hex's score.
func (s *State) bestStep(u int, r *Reach, score func(h int) int) (int, bool) {
	cur := score(s.Counters[u].Hex)
	best, bestScore := 0, cur
	for k := 0; k < NHexs; k++ {
		if r.Cost[k] >= inf {
			continue
		}
		h := Map[k].ID
		sc := score(h)
		if sc >= inf {
			continue
		}
		better := sc < bestScore
		if sc == bestScore && best != 0 {
			bt, ht := Hex(best).Terrain == Trench, Map[k].Terrain == Trench
			better = ht && !bt
		}
		if better {
			best, bestScore = h, sc
		}
	}
	return best, best != 0 && bestScore < cur
}

func (s *State) cutWireHexes() []int {
	var out []int
	for _, h := range s.sc().CutWire {
		if h/100 == 1 {
			out = append(out, h)
		}
	}
	return out
}

func (s *State) botRaider() games.Action {
	sc := s.sc()
	exitTogo := s.togo(true, s.cutWireHexes())
	for i, c := range s.Counters {
		if !c.Raider || c.Loc != LocMap || c.Acted {
			continue
		}
		st := Stats[c.Type]
		// 1. Clear.
		if s.isDugout(c.Hex) && (sc.DugoutVP > 0 || s.stackAt(c.Hex) != nil) {
			return games.Act(VClear, i)
		}
		r := s.reach(i, st.MP)
		// 2. Withdraw.
		exitTurns := inf
		if e := exitTogo[Idx(c.Hex)]; e < inf && st.MP > 0 {
			exitTurns = (e + 1 + st.MP - 1) / st.MP
		}
		if exitTurns < inf && s.M <= exitTurns+1 {
			if s.M <= 3 && r.ExitCost < inf {
				return games.Act(VExit, i)
			}
			if h, ok := s.bestStep(i, &r, func(h int) int { return exitTogo[Idx(h)] }); ok {
				return games.Act(VMove, i, h)
			}
		}
		// 3. Attack.
		bestT, bestV := -1, 0.0
		for j, t := range s.Counters {
			if t.Raider || t.Loc != LocMap || Distance(c.Hex, t.Hex) > st.Range {
				continue
			}
			p := s.pHit(i, j)
			v := float64(sc.UnitVP[t.Type]+1) * p
			if p >= 1.0/3-1e-9 && v > bestV {
				bestT, bestV = j, v
			}
		}
		if bestT >= 0 {
			return games.Act(VAttack, i, bestT)
		}
		// 4. Advance.
		if sc.Snapshot && c.Hex/100 == 3 && s.M >= 4 {
			continue
		}
		obj := s.raiderObjectives(i)
		if len(obj) == 0 {
			continue
		}
		tg := s.togo(true, obj)
		if h, ok := s.bestStep(i, &r, func(h int) int { return tg[Idx(h)] }); ok {
			return games.Act(VMove, i, h)
		}
	}
	return games.Act(VEnd)
}

func (s *State) raiderObjectives(u int) []int {
	sc := s.sc()
	var obj []int
	for _, d := range s.Dugouts {
		if sc.DugoutVP > 0 || s.stackAt(d) != nil {
			obj = append(obj, d)
		}
	}
	obj = append(obj, s.unflagged()...)
	if sc.Snapshot {
		for c := 1; c <= Cols; c++ {
			obj = append(obj, 300+c)
		}
	}
	if len(sc.UnitVP) > 0 {
		best, bv := -1, -1
		for j, t := range s.Counters {
			if !t.Raider && t.Loc == LocMap && sc.UnitVP[t.Type] > bv {
				best, bv = j, sc.UnitVP[t.Type]
			}
		}
		if best >= 0 {
			rg := Stats[s.Counters[u].Type].Range
			for k := range Map {
				if Distance(Map[k].ID, s.Counters[best].Hex) <= rg {
					obj = append(obj, Map[k].ID)
				}
			}
		}
	}
	return obj
}

// defenderOrder is the order the computer Defender plays its units in (13.3).
var defenderOrder = map[string]int{"mg": 0, "lmg": 1, "g": 2, "r": 3, "h": 4}

// botDefender is the computer Defender's next action (13.3): a reveal
// (unless solo), else the first unit in play order that can attack, block,
// close in or step towards the raiders, else end the turn.
func (s *State) botDefender() games.Action {
	sc := s.sc()
	if !s.soloDefender() {
		if a, ok := s.revealAction(); ok {
			return a
		}
	}
	units := s.defenderUnits()
	var raiders []int
	for j, t := range s.Counters {
		if t.Raider && t.Loc == LocMap {
			raiders = append(raiders, j)
		}
	}
	for _, i := range units {
		c := s.Counters[i]
		st := Stats[c.Type]
		// a. Attack.
		if best := s.defenderTarget(sc, i, raiders); best >= 0 {
			return games.Act(VAttack, i, best)
		}
		if st.MP == 0 || s.frenchHFrozen(c) || len(raiders) == 0 {
			continue
		}
		// Hold a threatened dugout.
		if s.isDugout(c.Hex) && s.raiderNear(raiders, c.Hex, 3) {
			continue
		}
		if a, ok := s.defenderMove(i, st, raiders); ok {
			return a
		}
	}
	return games.Act(VEnd)
}

// revealAction is the Defender's reveal, if any: the first real (not
// decoy) counter of a stack with no raider in its hex and its reveal limit
// not yet reached.
func (s *State) revealAction() (games.Action, bool) {
	for _, st := range s.Stacks {
		if s.raiderIn(st.Hex) || st.Turn >= s.revealLimit(st.Hex) {
			continue
		}
		for _, c := range st.Counters {
			if !s.Counters[c].Decoy() {
				return games.Act(VReveal, st.Hex, c), true
			}
		}
	}
	return games.Action{}, false
}

// defenderUnits is the Defender's units on the map that have not acted,
// in defenderOrder (stable, so counter order breaks ties).
func (s *State) defenderUnits() []int {
	var units []int
	for i, c := range s.Counters {
		if !c.Raider && c.Loc == LocMap && !c.Acted {
			units = append(units, i)
		}
	}
	sort.SliceStable(units, func(a, b int) bool {
		return defenderOrder[s.Counters[units[a]].Type] < defenderOrder[s.Counters[units[b]].Type]
	})
	return units
}

// nearDugout reports whether hex h is next to a dugout.
func (s *State) nearDugout(h int) bool {
	for _, d := range s.Dugouts {
		if Distance(d, h) == 1 {
			return true
		}
	}
	return false
}

// targetClass ranks a raider's hex h for the Defender's attack, most
// urgent first: in a dugout, next to one, deep in the lines, and (in a
// snapshot scenario from move 4) row 3.
func (s *State) targetClass(sc *Scenario, h int) int {
	switch {
	case s.isDugout(h):
		return 0
	case s.nearDugout(h):
		return 1
	case h/100 <= 2:
		return 2
	case sc.Snapshot && s.M >= 4 && h/100 == 3:
		return 3
	}
	return 4
}

// defenderTarget is the raider unit i should attack (13.3 a): the best
// class, then the best chance to hit, then the nearest; -1 if none.
func (s *State) defenderTarget(sc *Scenario, i int, raiders []int) int {
	c := s.Counters[i]
	st := Stats[c.Type]
	best := -1
	for _, j := range raiders {
		t := s.Counters[j]
		if Distance(c.Hex, t.Hex) > st.Range || s.pHit(i, j) <= 0 {
			continue
		}
		if best < 0 {
			best = j
			continue
		}
		b := s.Counters[best]
		ct, cb := s.targetClass(sc, t.Hex), s.targetClass(sc, b.Hex)
		pt, pb := s.pHit(i, j), s.pHit(i, best)
		dt, db := Distance(c.Hex, t.Hex), Distance(c.Hex, b.Hex)
		if ct < cb || (ct == cb && (pt > pb || (pt == pb && dt < db))) {
			best = j
		}
	}
	return best
}

// raiderNear reports whether any of raiders is within d of hex h.
func (s *State) raiderNear(raiders []int, h, d int) bool {
	for _, j := range raiders {
		if Distance(s.Counters[j].Hex, h) <= d {
			return true
		}
	}
	return false
}

// defenderMove is unit i's move (13.3 b, c), st its stats: block a
// threatened dugout, else close in to firing range, else step towards the
// nearest raider.
func (s *State) defenderMove(i int, st UnitStats, raiders []int) (games.Action, bool) {
	r := s.reach(i, st.MP)
	// b. Block.
	bh, bc := 0, inf
	for _, d := range s.Dugouts {
		k := Idx(d)
		if r.Cost[k] >= inf || s.raiderIn(d) || !s.raiderNear(raiders, d, 3) {
			continue
		}
		occupied := false
		for _, o := range s.Counters {
			if !o.Raider && o.Loc == LocMap && o.Hex == d {
				occupied = true
			}
		}
		if !occupied && r.Cost[k] < bc {
			bh, bc = d, r.Cost[k]
		}
	}
	if bh != 0 {
		return games.Act(VMove, i, bh), true
	}
	// c. Close in.
	ch, cc := 0, inf
	for k := 0; k < NHexs; k++ {
		h := Map[k].ID
		if r.Cost[k] >= inf || !s.raiderNear(raiders, h, st.Range) {
			continue
		}
		if r.Cost[k] < cc || (r.Cost[k] == cc && Map[k].Terrain == Trench && Hex(ch).Terrain != Trench) {
			ch, cc = h, r.Cost[k]
		}
	}
	if ch != 0 {
		return games.Act(VMove, i, ch), true
	}
	nearest := func(h int) int {
		m := inf
		for _, j := range raiders {
			if d := Distance(s.Counters[j].Hex, h); d < m {
				m = d
			}
		}
		return m
	}
	if h, ok := s.bestStep(i, &r, nearest); ok {
		return games.Act(VMove, i, h), true
	}
	return games.Action{}, false
}
