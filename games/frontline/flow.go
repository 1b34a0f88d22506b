package frontline

import "github.com/warroom/warroom/games"

// log gives out an entry as one of the action's events (Do): the state
// keeps no log, the table's journal does.
func (s *State) log(e Entry) {
	if s.quiet || e.Only == 0 && e.Kind == "" {
		return
	}
	s.evs = append(s.evs, e)
}

func pub(kind string, seat int) Entry { return Entry{Kind: kind, Seat: seat, Only: -1} }

var draftOrder = [6]int{0, 1, 1, 0, 0, 1} // 0 = FP, 1 = SP

func (s *State) sp() int { return opp(s.FP) }

func (s *State) draftPicker() int {
	if draftOrder[s.DraftStep] == 0 {
		return s.FP
	}
	return s.sp()
}

func popFront(a *[]int) int {
	x := (*a)[0]
	*a = (*a)[1:]
	if len(*a) == 0 {
		*a = nil
	}
	return x
}

// newState builds the setup (spec 5) drawing randomness in the spec's order.
func newState(variant string, rng games.Rand) State {
	s := State{Variant: variant, Months: 8, Event: -1}
	if variant == "short_war" {
		s.Months = 6
	}
	s.Marks = make([]uint8, NumUnits)
	for u := 0; u < NumUnits; u++ {
		s.UnitDeck = append(s.UnitDeck, u)
	}
	for c := 0; c < NumDeck; c++ {
		if variant == "beginner" {
			switch atype(c) {
			case "trench_raid", "escape", "spy":
				s.RemovedA = append(s.RemovedA, c)
				continue
			}
		}
		s.ActDeck = append(s.ActDeck, c)
	}
	for e := 0; e < NumEvents; e++ {
		s.EvDeck = append(s.EvDeck, e)
	}
	games.Shuffle(rng, s.UnitDeck)
	games.Shuffle(rng, s.ActDeck)
	if variant != "beginner" {
		games.Shuffle(rng, s.EvDeck)
	}
	s.FP = rng.Intn(2)
	for p := 0; p < 2; p++ {
		pl := &s.P[p]
		for f := 0; f < 3; f++ {
			for c := 0; c < 4; c++ {
				pl.Grid[f][c] = -1
			}
			pl.Fort[f] = 2
			pl.Ready[f] = true
		}
		pl.Ammo = 4
		pl.Gold = 10
		pl.Hand = []int{NumDeck + 2*p, NumDeck + 2*p + 1}
	}
	s.Month = 1
	s.Draft = append([]int(nil), s.UnitDeck[:6]...)
	s.UnitDeck = append([]int(nil), s.UnitDeck[6:]...)
	s.Phase = PhDraft
	s.Turn = s.draftPicker()
	s.log(Entry{Kind: "setup", Seat: s.FP, Only: -1})
	return s
}

func (s *State) placeUnit(p, u, col int) {
	s.Marks[u] = 0
	if col == 0 {
		s.P[p].Rear = sortedAdd(s.P[p].Rear, u)
		return
	}
	s.P[p].Grid[unitFront[u]-1][col-1] = u
}

// takeOff removes card u from wherever it is on a board (slot, Rear, Prison).
func (s *State) takeOff(u int) {
	for p := 0; p < 2; p++ {
		for f := 0; f < 3; f++ {
			for c := 0; c < 4; c++ {
				if s.P[p].Grid[f][c] == u {
					s.P[p].Grid[f][c] = -1
				}
			}
		}
		s.P[p].Rear = without(s.P[p].Rear, u)
		s.P[p].Prison = without(s.P[p].Prison, u)
	}
}

func (s *State) finishDraft() {
	for i := 0; i < 5; i++ {
		if len(s.ActDeck) > 0 {
			s.Piles[i] = append(s.Piles[i], popFront(&s.ActDeck))
		}
	}
	for i := 0; i < 3 && len(s.UnitDeck) > 0; i++ {
		s.UnitRow = append(s.UnitRow, popFront(&s.UnitDeck))
	}
	s.Draft = nil
	s.Second = false
	s.startTurn(s.FP)
}

func (s *State) startTurn(p int) {
	s.Turn = p
	s.ManLeft, s.ActPlayed, s.ShellLeft, s.Shelled, s.Peeked = 0, 0, 0, nil, false
	s.log(pub("turn", p))
	if len(s.UnitRow) == 0 {
		s.startMain()
		return
	}
	s.Phase = PhDraw
}

func (s *State) startMain() {
	s.Phase = PhMain
	base := 2
	switch s.eventID() {
	case "harsh_winter":
		base = 1
	case "rail_transport":
		base += 2
	}
	if s.hasEquip(s.Turn, "field_telephones") {
		base++
	}
	s.ManLeft = base
	s.ShellLeft = 1
	s.ActPlayed = 0
	s.Shelled = nil
	s.Peeked = false
}

func (s *State) endTurn() {
	if !s.Second {
		s.Second = true
		s.startTurn(s.sp())
		return
	}
	s.Phase = PhBattle
	s.BattleNo = 0
	s.nextBattle()
}

// nextBattle starts the next declared battle, or ends the month.
func (s *State) nextBattle() {
	for s.BattleNo < 2 {
		att := s.FP
		if s.BattleNo == 1 {
			att = s.sp()
		}
		if f := s.Declared[att]; f > 0 {
			s.beginBattle(att, f)
			return
		}
		s.BattleNo++
	}
	s.Battle = nil
	s.endMonth()
}

func (s *State) beginBattle(att, f int) {
	d := opp(att)
	s.Phase = PhBattle
	s.Revealed[att] = true
	s.Battle = &Battle{Att: att, Front: f, Holder: att, In: [2]bool{true, true}, Winner: -1,
		MineAtStart: s.P[d].Mine[f-1] == 1}
	a, b := s.battleStrengths(att, f, s.Battle)
	s.log(Entry{Kind: "battle", Seat: att, Only: -1, Front: f, A: a, B: b})
}

// addBattle adds the battle cards seat p may play now as (card, extra
// args); with b nil it only counts them. It returns the count.
func (s *State) addBattle(b *acts, p int) int {
	bt := s.Battle
	n := 0
	var seen uint64 // action types offered (ruling 4)
	for _, c := range s.P[p].Hand {
		if acat(c) != CatBattle || seen&(1<<actionType[c]) != 0 {
			continue
		}
		t := atype(c)
		switch t {
		case "dig_in":
			if p == bt.Att {
				continue
			}
		case "initiative":
			if bt.Eff[p].Initiative {
				continue
			}
		case "orderly_retreat":
			if bt.Eff[p].Retreat {
				continue
			}
		case "reserves":
			cols := s.emptyCols(p, bt.Front)
			if len(cols) == 0 {
				continue
			}
			any := false
			for _, u := range s.boardUnits(p) {
				if l := s.locate(u); l.Where == "slot" && l.F == bt.Front {
					continue
				}
				for _, col := range cols {
					if b != nil {
						b.add(VCard, c, u, col)
					}
					n++
					any = true
				}
			}
			if any {
				seen |= 1 << actionType[c]
			}
			continue
		}
		seen |= 1 << actionType[c]
		if b != nil {
			b.add(VCard, c)
		}
		n++
	}
	return n
}

// autoWindows advances the battle through windows whose holder has no
// playable battle card (ruling 3), and rolls when both sides are out.
func (s *State) autoWindows(r games.Rand) bool {
	b := s.Battle
	for {
		if !b.In[0] && !b.In[1] {
			s.rollBattle(r)
			return true
		}
		if s.addBattle(nil, b.Holder) > 0 {
			return false
		}
		s.closeWindow(b.PlayedNow == 0, true)
	}
}

func (s *State) closeWindow(pass, auto bool) {
	b := s.Battle
	p := b.Holder
	kind := "done"
	if pass {
		kind = "pass"
		b.In[p] = false
	}
	if !auto || pass {
		e := pub(kind, p)
		if auto {
			e.A = 1
		}
		s.log(e)
	}
	b.PlayedNow = 0
	b.Window++
	if b.In[opp(p)] {
		b.Holder = opp(p)
	}
}

func (s *State) rollD4(r games.Rand, two bool) []int {
	d := []int{games.Die(r, 4)}
	if two {
		d = append(d, games.Die(r, 4))
	}
	return d
}

func best(d []int) int {
	m := 0
	for _, v := range d {
		m = imax(m, v)
	}
	return m
}

func (s *State) rollBattle(r games.Rand) {
	b := s.Battle
	att, def, f := b.Att, opp(b.Att), b.Front
	sa, sd := s.battleStrengths(att, f, b)
	b.Dice[att] = s.rollD4(r, b.Eff[att].Initiative)
	b.Dice[def] = s.rollD4(r, b.Eff[def].Initiative)
	b.Totals[att] = sa + best(b.Dice[att])
	b.Totals[def] = sd + best(b.Dice[def])
	b.Rolled = true
	e := Entry{Kind: "roll", Seat: att, Only: -1, Front: f, A: b.Totals[att], B: b.Totals[def], C: best(b.Dice[att])*10 + best(b.Dice[def])}
	s.log(e)
	if b.Totals[att] == b.Totals[def] {
		b.Winner = -1
		s.log(Entry{Kind: "tie", Seat: att, Only: -1, Front: f})
		return
	}
	w := att
	if b.Totals[def] > b.Totals[att] {
		w = def
	}
	l := opp(w)
	b.Winner = w
	diff := b.Totals[w] - b.Totals[l]
	if b.Eff[l].Retreat {
		diff /= 2
	}
	s.P[w].VP += diff
	s.log(Entry{Kind: "win", Seat: w, Only: -1, Front: f, A: diff})
	if b.Eff[l].Retreat {
		s.log(Entry{Kind: "retreat", Seat: l, Only: -1, Front: f})
		return
	}
	if s.P[l].Fort[f-1] > 1 {
		s.P[l].Fort[f-1]--
		s.log(Entry{Kind: "fort_loss", Seat: l, Only: -1, Front: f, A: s.P[l].Fort[f-1]})
	} else {
		s.log(Entry{Kind: "collapse", Seat: l, Only: -1, Front: f})
		s.Queue = append(s.Queue, Pending{Kind: PendRemove, Seat: l, Front: f, Award: w + 1})
	}
	if l == att {
		if s.P[l].Morale[f-1] == 0 {
			s.P[l].Morale[f-1] = 1
			s.log(Entry{Kind: "morale", Seat: l, Only: -1, Front: f})
		} else {
			s.P[l].Morale[f-1] = 0
			s.log(Entry{Kind: "morale2", Seat: l, Only: -1, Front: f})
			s.Queue = append(s.Queue, Pending{Kind: PendRemove, Seat: l, Front: f, Award: w + 1})
		}
	}
}

func (s *State) cleanupBattle() {
	b := s.Battle
	att, f := b.Att, b.Front
	pl := &s.P[att]
	pl.Ammo = imax(0, pl.Ammo-1)
	for i := range pl.Ready {
		pl.Ready[i] = true
	}
	pl.Ready[f-1] = false
	if b.MineAtStart {
		s.P[opp(att)].Mine[f-1] = 0
	}
	for p := 0; p < 2; p++ {
		s.RemovedA = append(s.RemovedA, b.Cards[p]...)
	}
	s.Battle = nil
	s.BattleNo++
	s.nextBattle()
}

func (s *State) endMonth() {
	if s.Month >= s.Months {
		s.Phase = PhOver
		s.Queue = nil
		s.log(pub("over", -1))
		return
	}
	s.Month++
	s.Event = -1
	s.Declared = [2]int{}
	s.Revealed = [2]bool{}
	for p := 0; p < 2; p++ {
		s.P[p].SawDecl, s.P[p].SawFront, s.P[p].SpyHand = false, 0, nil
	}
	// Renewal.
	for i := 0; i < 5; i++ {
		if len(s.ActDeck) > 0 {
			s.Piles[i] = append(s.Piles[i], popFront(&s.ActDeck))
		}
	}
	s.RemovedU = append(s.RemovedU, s.UnitRow...)
	s.UnitRow = nil
	for i := 0; i < 3 && len(s.UnitDeck) > 0; i++ {
		s.UnitRow = append(s.UnitRow, popFront(&s.UnitDeck))
	}
	for p := 0; p < 2; p++ {
		pl := &s.P[p]
		pl.Gold = imin(MaxGold, 10+3*s.countPerm(p, "treasury_expansion"))
		for _, c := range pl.Played {
			pl.Hand = sortedAdd(pl.Hand, c)
		}
		pl.Played = nil
		if s.hasEquip(p, "ammo_dump") {
			pl.Ammo = imin(MaxAmmo, pl.Ammo+1)
		}
	}
	ev, fpc, _ := calendar(s.Variant, s.Month)
	s.log(Entry{Kind: "month", Seat: -1, Only: -1, A: s.Month})
	if fpc {
		s.FP = opp(s.FP)
		s.log(pub("first_player", s.FP))
	}
	s.Second = false
	s.Phase = PhEvent
	if ev && len(s.EvDeck) > 0 {
		e := popFront(&s.EvDeck)
		s.EvUsed = append(s.EvUsed, e)
		s.Event = e
		s.log(Entry{Kind: "event", Seat: -1, Only: -1, Card: Events[e]})
		s.resolveEvent(Events[e])
	}
}

func (s *State) resolveEvent(id string) {
	order := []int{s.FP, s.sp()}
	switch id {
	case "epidemic":
		for _, p := range order {
			if len(s.ownTrained(p, false)) > 0 {
				s.Queue = append(s.Queue, Pending{Kind: PendDegrade, Seat: p})
			}
		}
	case "war_loan":
		for p := 0; p < 2; p++ {
			s.P[p].Gold = imin(MaxGold, s.P[p].Gold+3)
		}
	case "ammo_shortage":
		for p := 0; p < 2; p++ {
			if s.P[p].Ammo >= 2 {
				s.P[p].Ammo--
			}
		}
	case "reinforcements":
		for _, p := range order {
			if len(s.UnitDeck) > 0 {
				u := popFront(&s.UnitDeck)
				s.Queue = append(s.Queue, Pending{Kind: PendPlace, Seat: p, Unit: u})
			}
		}
	case "mutiny":
		for _, p := range order {
			for f := 1; f <= 3; f++ {
				if s.P[p].Morale[f-1] != 1 {
					continue
				}
				s.P[p].Morale[f-1] = 0
				if s.P[p].Fort[f-1] > 1 {
					s.P[p].Fort[f-1]--
				} else {
					s.log(Entry{Kind: "collapse", Seat: p, Only: -1, Front: f})
					s.Queue = append(s.Queue, Pending{Kind: PendRemove, Seat: p, Front: f, Award: opp(p) + 1})
				}
			}
		}
	case "prisoner_exchange":
		for _, p := range order {
			held := s.P[opp(p)].Prison
			s.P[opp(p)].Prison = nil
			for _, u := range held {
				s.Queue = append(s.Queue, Pending{Kind: PendPlace, Seat: p, Unit: u})
			}
		}
	case "fortification_works":
		for _, p := range order {
			for f := 0; f < 3; f++ {
				if s.P[p].Fort[f] < 5 {
					s.Queue = append(s.Queue, Pending{Kind: PendFort, Seat: p})
					break
				}
			}
		}
	}
}

// ownTrained lists p's military units with plus2 (slots, and the Rear unless
// slotsOnly), excluding camouflaged ones when noCamo.
func (s *State) ownTrained(p int, slotsOnly bool) []int {
	var out []int
	for _, u := range s.boardUnits(p) {
		if isCommander(u) || !s.hasMark(u, MarkPlus2) {
			continue
		}
		if slotsOnly && s.locate(u).Where != "slot" {
			continue
		}
		out = append(out, u)
	}
	return out
}

// settle runs everything automatic until a seat must decide.
func (s *State) settle(r games.Rand) {
	for i := 0; i < 1000; i++ {
		if s.Phase == PhOver {
			return
		}
		if len(s.Queue) > 0 {
			h := s.Queue[0]
			switch h.Kind {
			case PendPlace:
				if len(s.emptyCols(h.Seat, unitFront[h.Unit])) == 0 {
					s.placeUnit(h.Seat, h.Unit, 0)
					s.log(Entry{Kind: "enter", Seat: h.Seat, Only: -1, Card: unitName[h.Unit]})
					s.Queue = s.Queue[1:]
					continue
				}
			case PendRemove:
				if len(s.frontCards(h.Seat, h.Front)) == 0 {
					s.award(h)
					s.Queue = s.Queue[1:]
					continue
				}
			case PendTarget:
				if len(s.shellTargets(h.Seat, h.Front)) == 0 {
					s.Queue = s.Queue[1:]
					continue
				}
			case PendPromote:
				if len(s.promoteOptions(h.Seat)) == 0 {
					s.Queue = s.Queue[1:]
					continue
				}
			case PendDegrade:
				if len(s.ownTrained(h.Seat, false)) == 0 {
					s.Queue = s.Queue[1:]
					continue
				}
			}
			return
		}
		s.Queue = nil
		switch s.Phase {
		case PhBattle:
			if s.Battle == nil {
				s.nextBattle()
				continue
			}
			if s.Battle.Rolled {
				s.cleanupBattle()
				continue
			}
			if !s.autoWindows(r) {
				return
			}
			continue
		case PhEvent:
			s.startTurn(s.FP)
			continue
		}
		return
	}
	panic("frontline: settle did not converge")
}

func (s *State) award(h Pending) {
	if h.Award > 0 {
		s.P[h.Award-1].VP++
		s.log(Entry{Kind: "vp1", Seat: h.Award - 1, Only: -1, Front: h.Front})
	}
}

func (s *State) shellTargets(p, e int) []int {
	var out []int
	for _, u := range s.frontMilitary(opp(p), e) {
		if !s.hasMark(u, MarkCamo) {
			out = append(out, u)
		}
	}
	return out
}
