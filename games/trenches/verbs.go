package trenches

import "github.com/warroom/warroom/games"

// verbs is the verb table: each verb's argument count and function.
// Every unit action ends with the early-end check (afterAction).
var verbs = games.Verbs[State]{
	VDugout:  {Args: 1, Do: dugout},
	VPlace:   {Args: 3, Do: place},
	VUnplace: {Do: func(m *games.Move[State], _ games.Action) { m.S.unplace() }},
	VAuto:    {Do: func(m *games.Move[State], _ games.Action) { m.S.autoSetup(m.Rand); m.S.afterTurnStart(m.Rand) }},
	VReady:   {Do: func(m *games.Move[State], _ games.Action) { m.S.finishSetup(); m.S.afterTurnStart(m.Rand) }},
	VEnd:     {Do: func(m *games.Move[State], _ games.Action) { m.S.endTurn(m.Rand) }},
	VReveal:  {Args: 2, Do: func(m *games.Move[State], a games.Action) { m.S.reveal(a.Args[0], a.Args[1]) }},
	VMove:    {Args: 2, Do: unitVerb(moveUnit)},
	VExit:    {Args: 1, Do: unitVerb(exitUnit)},
	VAttack:  {Args: 2, Do: unitVerb(attack)},
	VClear:   {Args: 1, Do: unitVerb(clearDugout)},
}

// do performs legal action a on n in place (a private copy): playouts
// step with it.
func (n *State) do(a games.Action, rng games.Rand) {
	m := n.move
	if m == nil {
		m = &games.Move[State]{}
		if n.quiet {
			n.move = m
		}
	}
	m.S, m.Rand, m.Quiet = n, rng, n.quiet
	games.Dispatch(verbs, m, a)
}

func dugout(m *games.Move[State], a games.Action) {
	n, h := m.S, a.Args[0]
	n.Dugouts = append(n.Dugouts, h)
	n.Placed = append(n.Placed, Place{Counter: -1, Hex: h})
	n.log(Entry{Side: "defender", Kind: "dugout", To: h, Private: true})
	n.advanceSetup()
}

func place(m *games.Move[State], a games.Action) {
	m.S.place(a.Args[0], a.Args[1], a.Args[2] == 1, false)
	m.S.advanceSetup()
}

// unit is the acting unit of a unit action (its first argument), with
// its side's name for the log.
type unit struct {
	n      *State
	u      int
	c      Counter
	raider bool
	side   string
}

// unitVerb is a unit action: f on the unit, then the early-end check.
func unitVerb(f func(x unit, a games.Action, rng games.Rand)) func(m *games.Move[State], a games.Action) {
	return func(m *games.Move[State], a games.Action) {
		n := m.S
		x := unit{n: n, u: a.Args[0], c: n.Counters[a.Args[0]], raider: n.Phase == PhaseRaider, side: "defender"}
		if x.raider {
			x.side = "raider"
		}
		f(x, a, m.Rand)
		n.afterAction()
	}
}

func exitUnit(x unit, _ games.Action, _ games.Rand) {
	n, u, c := x.n, x.u, x.c
	var r Reach
	if n.needPath(x.raider) {
		r = n.reach(u, Stats[c.Type].MP)
	}
	n.Counters[u].Loc = LocExited
	n.Counters[u].Hex = 0
	n.Counters[u].Acted = true
	n.setFlags(r.exitMask)
	n.log(Entry{Side: "raider", Kind: "exit", Unit: c.ID, From: c.Hex, To: r.ExitHex, VP: 1, Count: r.ExitCost})
}

func moveUnit(x unit, a games.Action, _ games.Rand) {
	n, u, c, h := x.n, x.u, x.c, a.Args[1]
	var r Reach
	if n.needPath(x.raider) {
		r = n.reach(u, Stats[c.Type].MP)
	}
	n.Counters[u].Hex = h
	n.Counters[u].Acted = true
	vp := 0
	if x.raider {
		vp = n.setFlags(r.mask[Idx(h)])
	}
	n.log(Entry{Side: x.side, Kind: "move", Unit: c.ID, From: c.Hex, To: h, Count: r.Cost[Idx(h)], VP: vp})
}

func attack(x unit, a games.Action, rng games.Rand) {
	n, u, c, t := x.n, x.u, x.c, a.Args[1]
	st, sc, tc := Stats[c.Type], n.sc(), n.Counters[t]
	d := games.Die(rng, 6)
	mod := sc.Modifier(c.Type, c.Hex, tc.Hex)
	hit := d+mod <= st.Attack
	n.Counters[u].Acted = true
	vp := 0
	if hit {
		if tc.Raider {
			n.Counters[t].Loc = LocCasualty
		} else {
			n.Counters[t].Loc = LocEliminated
			vp = sc.UnitVP[tc.Type]
		}
		n.Counters[t].Hex = 0
	}
	n.log(Entry{Side: x.side, Kind: "attack", Unit: c.ID, Target: tc.ID, From: c.Hex, To: tc.Hex,
		Die: d, Mod: mod, Need: st.Attack, Hit: hit, VP: vp})
}

func clearDugout(x unit, _ games.Action, _ games.Rand) {
	n, c := x.n, x.c
	n.Counters[x.u].Acted = true
	for i, d := range n.Dugouts {
		if d == c.Hex {
			n.Dugouts = append(n.Dugouts[:i:i], n.Dugouts[i+1:]...)
			break
		}
	}
	n.Cleared++
	cnt := 0
	if stk := n.stackAt(c.Hex); stk != nil {
		for _, k := range stk.Counters {
			n.Counters[k].Loc = LocCaptured
			n.Counters[k].Hex = 0
			cnt++
		}
		stk.Counters = nil
		n.dropEmptyStacks()
	}
	n.log(Entry{Side: "raider", Kind: "clear", Unit: c.ID, To: c.Hex, Count: cnt, VP: n.sc().DugoutVP})
}

// needPath reports whether a move must know its path: for the log, or
// for the S3 flags a Raider's path enters. A quiet playout step of a
// move that enters no flag skips the search.
func (n *State) needPath(raider bool) bool {
	return !n.quiet || (raider && len(n.sc().FlagHexes) > len(n.Entered))
}

// setFlags records S3 flag hexes entered (mask over unflagged()); returns VP gained.
func (s *State) setFlags(mask int) int {
	if mask == 0 {
		return 0
	}
	un := s.unflagged()
	vp := 0
	for k, h := range un {
		if mask&(1<<k) != 0 {
			s.Entered = append(s.Entered, h)
			vp++
		}
	}
	sortInts(s.Entered)
	return vp
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// reveal turns real unit u of the stack at h face up.
func (s *State) reveal(h, u int) {
	st := s.stackAt(h)
	st.Turn++
	st.Revealed++
	s.removeFromStack(u, h)
	s.Counters[u].Loc = LocMap
	s.Counters[u].Hex = h
	s.Counters[u].Acted = true
	s.log(Entry{Side: "defender", Kind: "reveal", Unit: s.Counters[u].ID, To: h})
	s.dropDecoysIfNoReal(h)
}

// dropDecoysIfNoReal removes a stack's decoys once its last real unit is out.
func (s *State) dropDecoysIfNoReal(h int) {
	st := s.stackAt(h)
	if st == nil || st.Revealed == 0 {
		return
	}
	for _, x := range st.Counters {
		if !s.Counters[x].Decoy() {
			return
		}
	}
	n := len(st.Counters)
	for _, x := range st.Counters {
		s.Counters[x].Loc = LocRemoved
		s.Counters[x].Hex = 0
	}
	st.Counters = nil
	s.dropEmptyStacks()
	s.log(Entry{Side: "defender", Kind: "decoys_removed", To: h, Count: n})
}

// afterAction applies the early end (spec 6.3).
func (s *State) afterAction() {
	if (s.Phase == PhaseRaider || s.Phase == PhaseDefender) && s.raidersOnMap() == 0 {
		s.gameOver()
	}
}

func (s *State) endTurn(rng games.Rand) {
	if s.Phase == PhaseRaider {
		s.log(Entry{Side: "raider", Kind: "end_turn"})
		s.Phase = PhaseDefender
		s.afterTurnStart(rng)
		return
	}
	s.log(Entry{Side: "defender", Kind: "end_turn"})
	if s.sc().Snapshot && s.M == 4 && !s.SnapTaken {
		n := 0
		for _, c := range s.Counters {
			if c.Raider && c.Loc == LocMap && c.Hex/100 == 3 {
				n++
			}
		}
		s.Snapshot, s.SnapTaken = n, true
		s.log(Entry{Kind: "snapshot", Count: n, VP: n})
	}
	s.M--
	for i := range s.Counters {
		s.Counters[i].Acted = false
	}
	for i := range s.Stacks {
		s.Stacks[i].Turn = 0
	}
	if s.M <= 0 {
		s.M = 0
		s.gameOver()
		return
	}
	s.Phase = PhaseRaider
	s.log(Entry{Kind: "turn", Count: s.M})
}

// afterTurnStart runs the solo reveal procedure at the start of a Defender turn.
func (s *State) afterTurnStart(rng games.Rand) {
	if s.Phase != PhaseDefender || !s.soloDefender() {
		return
	}
	hexes := make([]int, 0, len(s.Stacks))
	for _, st := range s.Stacks {
		hexes = append(hexes, st.Hex)
	}
	for _, h := range hexes {
		if s.raiderIn(h) {
			continue
		}
		lim := s.revealLimit(h)
		for k := 0; k < lim; k++ {
			st := s.stackAt(h)
			if st == nil {
				break
			}
			removed := 0
			for len(st.Counters) > 0 && s.Counters[st.Counters[0]].Decoy() {
				x := st.Counters[0]
				st.Counters = st.Counters[1:]
				s.Counters[x].Loc = LocRemoved
				s.Counters[x].Hex = 0
				removed++
			}
			if len(st.Counters) == 0 {
				s.dropEmptyStacks()
				if removed > 0 {
					s.log(Entry{Side: "defender", Kind: "decoys_removed", To: h, Count: removed})
				}
				break
			}
			if removed > 0 {
				s.log(Entry{Side: "defender", Kind: "decoys_removed", To: h, Count: removed})
			}
			s.reveal(h, st.Counters[0])
		}
	}
	s.afterAction()
}

// gameOver ends the leg: scores it; in a match the second leg starts.
func (s *State) gameOver() {
	b := s.score()
	var rev []string
	for _, c := range s.Counters {
		if c.Loc == LocStack || c.Loc == LocCaptured {
			rev = append(rev, c.ID)
		}
	}
	s.Legs = append(s.Legs, LegResult{Leg: s.Leg, RaiderSeat: s.RaiderSeat, Score: b, Revealed: rev})
	s.LegVP[s.RaiderSeat] = b.Total
	s.Phase = PhaseOver
	s.log(Entry{Kind: "game_over", VP: b.Total, Count: b.Victory, Hit: b.RaiderWins})
}

// nextLeg starts the second game of a match, if due.
func (s *State) nextLeg(rng games.Rand) {
	if s.Phase == PhaseOver && s.Match && s.Leg == 1 {
		s.RaiderSeat = 1 - s.RaiderSeat
		s.newLeg(2, rng)
		s.log(Entry{Kind: "leg", Count: 2})
	}
}
