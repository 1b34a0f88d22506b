package frontline

import "github.com/warroom/warroom/games"

// verbs is the verb table: each verb's arguments and function. While
// a decision is pending (Queue) its verbs answer the queue's head.
var verbs = games.Verbs[State]{
	VPlace:   {Args: 1, Do: decide(func(s *State, p int, h Pending, x int) { s.placeQueued(p, h, x) })},
	VTarget:  {Args: 1, Do: decide(func(s *State, p int, _ Pending, u int) { s.target(p, u) })},
	VRemove:  {Args: 1, Do: decide(func(s *State, p int, h Pending, u int) { s.removeCard(p, u, h.Front); s.award(h) })},
	VDegrade: {Args: 1, Do: decide(func(s *State, p int, _ Pending, u int) { s.degrade(p, u) })},
	VPromote: {MaxArgs: 1, Do: decide(func(s *State, p int, _ Pending, u int) { s.promote(p, u) })},
	VFort:    {Args: 1, Do: decide(func(s *State, p int, _ Pending, f int) { s.fortify(p, f) })},

	VDraft:   {Args: 2, Do: func(m *games.Move[State], a games.Action) { m.S.draft(int(m.Seat), a.Args[0], a.Args[1]) }},
	VDraw:    {Args: 2, Do: func(m *games.Move[State], a games.Action) { m.S.drawUnit(int(m.Seat), a.Args[0], a.Args[1]) }},
	VBuy:     {Args: 1, MaxArgs: 3, Do: func(m *games.Move[State], a games.Action) { m.S.buy(int(m.Seat), a.Args, m.Rand) }},
	VPlay:    {Args: 1, MaxArgs: 2, Do: play},
	VMove:    {Args: 3, Do: func(m *games.Move[State], a games.Action) { m.S.moveUnit(int(m.Seat), a.Args[0], a.Args[1], a.Args[2]) }},
	VSwap:    {Args: 2, Do: func(m *games.Move[State], a games.Action) { m.S.swap(int(m.Seat), a.Args[0], a.Args[1]) }},
	VShell:   {Args: 2, Do: func(m *games.Move[State], a games.Action) { m.S.shell(int(m.Seat), a.Args[0], a.Args[1], m.Rand) }},
	VDeclare: {Args: 1, Do: func(m *games.Move[State], a games.Action) { m.S.declare(int(m.Seat), a.Args[0]) }},
	VPeek:    {Do: func(m *games.Move[State], _ games.Action) { m.S.peek(int(m.Seat)) }},
	VEnd: {Do: func(m *games.Move[State], _ games.Action) {
		m.S.log(pub("end", int(m.Seat)))
		m.S.endTurn()
	}},
	VCard: {Args: 1, MaxArgs: 3, Do: func(m *games.Move[State], a games.Action) {
		m.S.playBattleCard(int(m.Seat), argOr(a, 0), argOr(a, 1), argOr(a, 2), m.Rand)
	}},
	VDone: {Do: func(m *games.Move[State], _ games.Action) { m.S.closeWindow(false, false) }},
	VPass: {Do: func(m *games.Move[State], _ games.Action) { m.S.closeWindow(true, false) }},
}

// exec applies an action already known to be legal, in place.
func (s *State) exec(p int, a games.Action, r games.Rand) {
	m := s.move
	if m == nil {
		m = &games.Move[State]{}
		if s.quiet {
			s.move = m
		}
	}
	m.S, m.Seat, m.Rand, m.Quiet = s, games.Seat(p), r, s.quiet
	games.Dispatch(verbs, m, a)
}

// argOr is a's i-th argument, or -1 when it has fewer.
func argOr(a games.Action, i int) int {
	if i < len(a.Args) {
		return a.Args[i]
	}
	return -1
}

// decide is a verb answering the pending decision at the head of the
// queue, which it takes off first: f gets the seat, the decision and the
// verb's argument (-1 without one).
func decide(f func(s *State, p int, h Pending, x int)) func(m *games.Move[State], a games.Action) {
	return func(m *games.Move[State], a games.Action) {
		s := m.S
		h := s.Queue[0]
		s.Queue = s.Queue[1:]
		f(s, int(m.Seat), h, argOr(a, 0))
	}
}

func (s *State) placeQueued(p int, h Pending, col int) {
	s.placeUnit(p, h.Unit, col)
	s.log(Entry{Kind: "enter", Seat: p, Only: -1, Card: unitName[h.Unit], Front: unitFront[h.Unit], A: col})
}

// target suppresses the opponent's unit u, or takes off its +2 mark.
func (s *State) target(p, u int) {
	o := opp(p)
	if s.hasMark(u, MarkPlus2) {
		s.Marks[u] &^= MarkPlus2
		s.log(Entry{Kind: "degraded", Seat: o, Only: -1, Card: unitName[u]})
		return
	}
	s.takeOff(u)
	s.P[o].Rear = sortedAdd(s.P[o].Rear, u)
	s.log(Entry{Kind: "suppressed", Seat: o, Only: -1, Card: unitName[u]})
}

func (s *State) degrade(p, u int) {
	s.Marks[u] &^= MarkPlus2
	s.log(Entry{Kind: "degraded", Seat: p, Only: -1, Card: unitName[u]})
}

// promote marks u +1; -1 declines.
func (s *State) promote(p, u int) {
	if u >= 0 {
		s.Marks[u] |= MarkPlus1
		s.log(Entry{Kind: "promoted", Seat: p, Only: -1, Card: unitName[u]})
	}
}

func (s *State) fortify(p, f int) {
	s.P[p].Fort[f-1]++
	s.log(Entry{Kind: "fortified", Seat: p, Only: -1, Front: f, A: s.P[p].Fort[f-1]})
}

func (s *State) draft(p, u, c int) {
	s.Draft = without(s.Draft, u)
	s.placeUnit(p, u, c)
	s.log(Entry{Kind: "draft", Seat: p, Only: -1, Card: unitName[u], Front: unitFront[u], A: c})
	s.DraftStep++
	if s.DraftStep >= 6 {
		s.finishDraft()
	} else {
		s.Turn = s.draftPicker()
	}
}

func (s *State) drawUnit(p, u, c int) {
	s.UnitRow = without(s.UnitRow, u)
	s.placeUnit(p, u, c)
	s.log(Entry{Kind: "draw", Seat: p, Only: -1, Card: unitName[u], Front: unitFront[u], A: c})
	s.startMain()
}

func play(m *games.Move[State], a games.Action) {
	s, p, c := m.S, int(m.Seat), a.Args[0]
	pl := &s.P[p]
	pl.Hand = without(pl.Hand, c)
	pl.Played = append(pl.Played, c)
	s.ActPlayed++
	s.playActivation(p, c, argOr(a, 1), m.Rand)
}

// moveUnit maneuvers u to front f, column c (f 0: to the Rear).
func (s *State) moveUnit(p, u, f, c int) {
	pl := &s.P[p]
	s.ManLeft--
	s.Marks[u] &^= MarkCamo
	from := s.locate(u)
	s.takeOff(u)
	if f == 0 {
		pl.Rear = sortedAdd(pl.Rear, u)
	} else {
		pl.Grid[f-1][c-1] = u
	}
	s.log(Entry{Kind: "move", Seat: p, Only: -1, Card: unitName[u], Front: from.F, A: from.C, B: f, C: c})
}

func (s *State) swap(p, u, v int) {
	pl := &s.P[p]
	s.ManLeft--
	s.Marks[u] &^= MarkCamo
	s.Marks[v] &^= MarkCamo
	lu, lv := s.locate(u), s.locate(v)
	s.takeOff(u)
	s.takeOff(v)
	put := func(x int, l loc) {
		if l.Where == "rear" {
			pl.Rear = sortedAdd(pl.Rear, x)
		} else {
			pl.Grid[l.F-1][l.C-1] = x
		}
	}
	put(u, lv)
	put(v, lu)
	s.log(Entry{Kind: "swap", Seat: p, Only: -1, Card: unitName[u], Card2: unitName[v]})
}

// shell fires at u on front e: a hit (d8 at most x) queues a target.
func (s *State) shell(p, u, e int, r games.Rand) {
	s.ShellLeft--
	s.Shelled = append(s.Shelled, u)
	s.Marks[u] &^= MarkCamo
	x := s.shellX(p, e)
	d := games.Die(r, 8)
	s.log(Entry{Kind: "shell", Seat: p, Only: -1, Card: unitName[u], Front: e, A: x, B: d})
	if d <= x {
		s.Queue = append([]Pending{{Kind: PendTarget, Seat: p, Front: e}}, s.Queue...)
	}
}

func (s *State) declare(p, f int) {
	s.Declared[p] = f
	e := pub("declare", p)
	if s.declarationsPublic() {
		e.Front = f
	}
	s.log(e)
	s.log(Entry{Kind: "declare_own", Seat: p, Only: p, Front: f})
}

func (s *State) peek(p int) {
	pl := &s.P[p]
	s.Peeked = true
	pl.SawDecl, pl.SawFront = true, s.Declared[opp(p)]
	s.log(pub("peek", p))
	s.log(Entry{Kind: "peek_result", Seat: p, Only: p, Front: pl.SawFront})
}

func (s *State) removeCard(p, u, f int) {
	pl := &s.P[p]
	s.takeOff(u)
	s.Marks[u] = 0
	if pl.Hospital == f {
		pl.Hospital = 0
		pl.Rear = sortedAdd(pl.Rear, u)
		s.log(Entry{Kind: "hospital", Seat: p, Only: -1, Card: unitName[u], Front: f})
		return
	}
	s.RemovedU = append(s.RemovedU, u)
	s.log(Entry{Kind: "removed", Seat: p, Only: -1, Card: unitName[u], Front: f})
}

func (s *State) buy(p int, args []int, r games.Rand) {
	pl := &s.P[p]
	pile := args[0]
	pi := pile - 1
	c := s.Piles[pi][len(s.Piles[pi])-1]
	s.Piles[pi] = s.Piles[pi][:len(s.Piles[pi])-1]
	if len(s.Piles[pi]) == 0 {
		s.Piles[pi] = nil
	}
	pl.Gold -= acost(c)
	t := atype(c)
	s.log(Entry{Kind: "buy", Seat: p, Only: -1, Card: t, A: pile, B: acost(c)})
	arg := func(i int) int {
		if i < len(args) {
			return args[i]
		}
		return -1
	}
	switch acat(c) {
	case CatActivation, CatBattle:
		pl.Hand = sortedAdd(pl.Hand, c)
	case CatPermanent:
		pl.Perm = append(pl.Perm, c)
	case CatEquipment:
		if len(pl.Equip) < 3 {
			pl.Equip = append(pl.Equip, c)
		} else {
			i := arg(1)
			old := pl.Equip[i]
			s.RemovedA = append(s.RemovedA, old)
			pl.Equip[i] = c
			s.log(Entry{Kind: "equip_replaced", Seat: p, Only: -1, Card: actionName[old], Card2: actionName[c]})
		}
	case CatInstant:
		s.RemovedA = append(s.RemovedA, c)
		s.instant(p, t, args, r)
	}
	if len(s.ActDeck) > 0 {
		s.Piles[pi] = append(s.Piles[pi], popFront(&s.ActDeck))
	}
}

// instant carries out the instant action card of type t just bought.
func (s *State) instant(p int, t string, args []int, r games.Rand) {
	pl := &s.P[p]
	arg := func(i int) int {
		if i < len(args) {
			return args[i]
		}
		return -1
	}
	switch t {
	case "ammo_supply":
		pl.Ammo++
	case "trench_raid":
		u := arg(1)
		d := games.Die(r, 6)
		ok := d <= 3
		e := Entry{Kind: "raid", Seat: p, Only: -1, Card: unitName[u], A: d}
		if ok {
			e.B = 1
			s.takeOff(u)
			s.Marks[u] = 0
			pl.Prison = append(pl.Prison, u)
		}
		s.log(e)
	case "escape":
		u, col := arg(1), arg(2)
		s.takeOff(u)
		s.placeUnit(p, u, col)
		s.log(Entry{Kind: "enter", Seat: p, Only: -1, Card: unitName[u], Front: unitFront[u], A: col})
	case "propaganda":
		pl.Morale = [3]int{}
		pl.Gold = imin(MaxGold, pl.Gold+2)
	case "field_promotion":
		u := arg(1)
		s.Marks[u] |= MarkPlus1
		s.log(Entry{Kind: "promoted", Seat: p, Only: -1, Card: unitName[u]})
		s.Queue = append([]Pending{{Kind: PendPromote, Seat: p, Unit: u}}, s.Queue...)
	case "conscription":
		if len(args) >= 3 {
			u, col := arg(1), arg(2)
			s.UnitRow = without(s.UnitRow, u)
			if len(s.UnitRow) == 0 {
				s.UnitRow = nil
			}
			s.placeUnit(p, u, col)
			s.log(Entry{Kind: "enter", Seat: p, Only: -1, Card: unitName[u], Front: unitFront[u], A: col})
		} else if len(s.UnitDeck) > 0 {
			u := popFront(&s.UnitDeck)
			s.Queue = append([]Pending{{Kind: PendPlace, Seat: p, Unit: u}}, s.Queue...)
		}
	case "extra_barrage":
		s.ShellLeft++
	}
}

func (s *State) playActivation(p, c, x int, r games.Rand) {
	pl := &s.P[p]
	t := atype(c)
	e := Entry{Kind: "play", Seat: p, Only: -1, Card: t}
	switch t {
	case "barracks":
		s.Marks[x] |= MarkPlus2
		e.Card2 = unitName[x]
	case "reorganization":
		s.ManLeft += 2
	case "fortify":
		pl.Fort[x-1]++
		e.Front = x
	case "disinformation":
		s.Marks[x] &^= MarkPlus2
		e.Card2 = unitName[x]
	case "camouflage":
		s.Marks[x] |= MarkCamo
		e.Card2 = unitName[x]
	case "field_hospital":
		pl.Hospital = x
		e.Front = x
	case "minefield":
		pl.Mine[x-1] = 1
		e.Front = x
	case "spy":
		d := games.Die(r, 6)
		e.A = d
		if d <= 4 {
			e.B = 1
			o := opp(p)
			pl.SawDecl, pl.SawFront = true, s.Declared[o]
			pl.SpyHand = []string{}
			for _, h := range s.P[o].Hand {
				pl.SpyHand = append(pl.SpyHand, atype(h))
			}
			s.log(e)
			s.log(Entry{Kind: "spy_result", Seat: p, Only: p, Front: pl.SawFront, A: len(pl.SpyHand)})
			return
		}
	}
	s.log(e)
}

func (s *State) playBattleCard(p, c, u, col int, r games.Rand) {
	b := s.Battle
	pl := &s.P[p]
	pl.Hand = without(pl.Hand, c)
	b.Cards[p] = append(b.Cards[p], c)
	b.PlayedNow++
	ef := &b.Eff[p]
	t := atype(c)
	e := Entry{Kind: "card", Seat: p, Only: -1, Card: t, Front: b.Front}
	switch t {
	case "sabotage":
		ef.Sabotage++
	case "assault":
		ef.Assault++
	case "barrage":
		ef.Barrage++
	case "gas_attack":
		d := games.Die(r, 6)
		e.C = d
		if d <= 3 {
			ef.GasHit++
		} else {
			ef.GasMiss++
		}
	case "reserves":
		s.takeOff(u)
		s.Marks[u] &^= MarkCamo
		pl.Grid[b.Front-1][col-1] = u
		e.Card2 = unitName[u]
	case "dig_in":
		ef.DigIn++
	case "initiative":
		ef.Initiative = true
	case "orderly_retreat":
		ef.Retreat = true
	}
	e.A, e.B = s.battleStrengths(b.Att, b.Front, b)
	s.log(e)
}
