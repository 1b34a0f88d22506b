package frontline

import "github.com/warroom/warroom/games"

// Bot is the computer player at the seat's level (games.SeatLevel): easy picks a random
// legal action, hard searches (hardChoice), normal is the heuristic
// player of spec 13 (simplified where noted in doc.go), which draws no
// random number. It only returns actions from Legal.
func (g Game) Bot(s State, seat games.Seat, r games.Rand) games.Action {
	p := int(seat)
	legal := g.Legal(s, seat)
	level := games.SeatLevel(s.Level, s.Levels, seat)
	switch {
	case len(legal) == 0:
		return games.Action{}
	case len(legal) == 1:
		return legal[0]
	case level == games.LevelEasy:
		return legal[r.Intn(len(legal))]
	case level == games.LevelHard:
		return s.hardChoice(p, legal, r)
	}
	a := s.botChoice(p, legal)
	for _, l := range legal {
		if l.Equal(a) {
			return a
		}
	}
	return legal[len(legal)-1] // "end" / "pass" / a safe last choice
}

func has(legal []games.Action, a games.Action) bool {
	for _, l := range legal {
		if l.Equal(a) {
			return true
		}
	}
	return false
}

// threat(f): the opponent attacking f with no cards and no dice, minus p defending.
func (s *State) threat(p, f int) int {
	o := opp(p)
	a := s.strength(o, f, true, Effects{}, Effects{}, s.P[p].Mine[f-1] == 1)
	d := s.strength(p, f, false, Effects{}, Effects{}, false)
	return a - d
}

func (s *State) maxThreatFront(p int) int {
	bf, bt := 1, -1000
	for f := 1; f <= 3; f++ {
		if t := s.threat(p, f); t > bt {
			bf, bt = f, t
		}
	}
	return bf
}

// margin of p attacking f: own attacking strength - enemy defending strength.
func (s *State) attackMargin(p, f int) int {
	a, d := s.battleStrengths(p, f, nil)
	return a - d
}

func (s *State) unitScore(p, u int) int {
	t := UnitTypeOf(u)
	sc := t.Str + t.Fort
	if t.Shell {
		sc++
	}
	if unitFront[u] == s.maxThreatFront(p) {
		sc++
	}
	if len(s.emptyCols(p, unitFront[u])) == 0 {
		sc--
	}
	return sc
}

func (s *State) cardValue(u int) int {
	t := UnitTypeOf(u)
	if t.Kind == KindCommander {
		return t.Str + t.Fort
	}
	v := t.Str
	if s.hasMark(u, MarkPlus1) {
		v++
	}
	if s.hasMark(u, MarkPlus2) {
		v += 2
	}
	return v
}

// pickBy returns the legal action maximising score (first wins ties).
func pickBy(legal []games.Action, verb string, score func(games.Action) (int, bool)) (games.Action, bool) {
	var best games.Action
	bs, ok := 0, false
	for _, a := range legal {
		if a.Verb != verb {
			continue
		}
		sc, use := score(a)
		if !use {
			continue
		}
		if !ok || sc > bs {
			best, bs, ok = a, sc, true
		}
	}
	return best, ok
}

func (s *State) botChoice(p int, legal []games.Action) games.Action {
	first := legal[0]
	switch first.Verb {
	case VPlace, VFort:
		if first.Verb == VFort {
			a, _ := pickBy(legal, VFort, func(a games.Action) (int, bool) { return -10*s.P[p].Fort[a.Args[0]-1] - a.Args[0], true })
			return a
		}
		return first
	case VTarget:
		a, _ := pickBy(legal, VTarget, func(a games.Action) (int, bool) {
			u := a.Args[0]
			sc := s.cardValue(u)
			if s.hasMark(u, MarkPlus2) {
				sc += 100
			}
			return sc, true
		})
		return a
	case VRemove:
		a, _ := pickBy(legal, VRemove, func(a games.Action) (int, bool) {
			u := a.Args[0]
			sc := -10 * s.cardValue(u)
			if s.Marks[u] != 0 {
				sc--
			}
			return sc, true
		})
		return a
	case VPromote:
		a, _ := pickBy(legal, VPromote, func(a games.Action) (int, bool) {
			if len(a.Args) == 0 {
				return -1000, true
			}
			return UnitTypeOf(a.Args[0]).Str*10 - a.Args[0]%10, true
		})
		return a
	case VDegrade:
		a, _ := pickBy(legal, VDegrade, func(a games.Action) (int, bool) { return -UnitTypeOf(a.Args[0]).Str, true })
		return a
	case VDraft, VDraw:
		a, _ := pickBy(legal, first.Verb, func(a games.Action) (int, bool) {
			return s.unitScore(p, a.Args[0])*10 - a.Args[1], true
		})
		return a
	}
	if s.Phase == PhBattle {
		return s.botBattle(p, legal)
	}
	return s.botMain(p, legal)
}

func (s *State) botBattle(p int, legal []games.Action) games.Action {
	b := s.Battle
	sa, sd := s.battleStrengths(b.Att, b.Front, b)
	margin := sa - sd
	if p != b.Att {
		margin = -margin
	}
	fallback := legal[len(legal)-1]
	if b.PlayedNow > 0 {
		return fallback // one card per window, then Done
	}
	if margin+2 >= 0 && margin <= 6 {
		gasMasks := s.hasEquip(opp(p), "gas_masks")
		for _, t := range []string{"assault", "sabotage", "barrage", "dig_in", "gas_attack", "initiative", "reserves"} {
			for _, a := range legal {
				if a.Verb != VCard || atype(a.Args[0]) != t {
					continue
				}
				if t == "gas_attack" && gasMasks {
					continue
				}
				if t == "initiative" && abs(margin) > 2 {
					continue
				}
				return a
			}
		}
	}
	if margin <= -5 {
		for _, a := range legal {
			if a.Verb == VCard && atype(a.Args[0]) == "orderly_retreat" {
				return a
			}
		}
	}
	return fallback
}

func (s *State) countKind(p int, k string, colour string) int {
	n := 0
	for _, u := range s.boardUnits(p) {
		t := UnitTypeOf(u)
		if (k == "" || t.Kind == k) && (colour == "" || t.Colour == colour) {
			n++
		}
	}
	return n
}

func (s *State) botWantsBuy(p int, c int) bool {
	pl := &s.P[p]
	t := atype(c)
	if s.Month >= s.Months && pl.Gold-acost(c) < 2 {
		return false
	}
	battleCards := 0
	barracks := 0
	for _, h := range pl.Hand {
		if acat(h) == CatBattle {
			battleCards++
		}
		if atype(h) == "barracks" {
			barracks++
		}
	}
	switch t {
	case "ammo_supply":
		return pl.Ammo == 0 && s.Month <= s.Months-1
	case "convoy":
		return s.Month <= 4
	case "treasury_expansion":
		return s.Month <= 3
	case "howitzers":
		return s.countKind(p, KindArtillery, "") >= 2
	case "aero_engines":
		return s.countKind(p, KindAir, "") >= 2
	case "armour_plating":
		return s.countKind(p, KindArmour, "") >= 2
	case "machine_guns":
		return s.countKind(p, "", "green") >= 3
	case "field_telephones", "barbed_wire":
		return true
	case "fortify":
		for f := 0; f < 3; f++ {
			if pl.Fort[f] <= 1 {
				return true
			}
		}
	case "barracks":
		return barracks < 2
	case "assault", "sabotage", "initiative", "gas_attack", "barrage", "dig_in":
		return battleCards < 3
	}
	return false
}

func (s *State) botMain(p int, legal []games.Action) games.Action {
	pl := &s.P[p]
	// 1. Buying (never replaces equipment: only 1-arg equipment buys).
	for _, a := range legal {
		if a.Verb != VBuy || len(a.Args) != 1 {
			continue
		}
		pile := s.Piles[a.Args[0]-1]
		c := pile[len(pile)-1]
		if s.botWantsBuy(p, c) {
			return a
		}
	}
	// 2. Activations.
	if a, ok := s.botActivation(p, legal); ok {
		return a
	}
	// 3. Shelling: the largest X.
	if a, ok := pickBy(legal, VShell, func(a games.Action) (int, bool) {
		return s.shellX(p, a.Args[1])*10 + s.strength(opp(p), a.Args[1], false, Effects{}, Effects{}, false), true
	}); ok {
		return a
	}
	// 4. Maneuvers: bring Rear cards back to the attack front (or any front).
	attackF := s.botAttackFront(p)
	if a, ok := s.botManeuver(p, legal, attackF); ok {
		return a
	}
	if a, ok := s.botFromRear(p, legal, attackF); ok {
		return a
	}
	// 5. Declaring.
	if attackF > 0 && s.Declared[p] == 0 {
		bc := 0
		for _, h := range pl.Hand {
			if acat(h) == CatBattle {
				bc++
			}
		}
		m := s.attackMargin(p, attackF) + 2*bc
		need := 2
		if s.Month >= s.Months {
			need = 0
		} else if pl.Ammo == 1 && s.Month <= 5 {
			need = 4
		}
		if m >= need && has(legal, games.Act(VDeclare, attackF)) {
			return games.Act(VDeclare, attackF)
		}
	}
	return games.Act(VEnd)
}

// botActivation is the activation card the computer plays, in its order
// of preference, each aimed where it helps most.
func (s *State) botActivation(p int, legal []games.Action) (games.Action, bool) {
	hot := s.maxThreatFront(p)
	for _, t := range []string{"fortify", "barracks", "camouflage", "minefield", "field_hospital", "disinformation", "spy"} {
		a, ok := pickBy(legal, VPlay, func(a games.Action) (int, bool) {
			c := a.Args[0]
			if atype(c) != t {
				return 0, false
			}
			switch t {
			case "fortify", "minefield", "field_hospital":
				f := a.Args[1]
				return s.threat(p, f)*10 - f, true
			case "barracks", "camouflage":
				u := a.Args[1]
				sc := UnitTypeOf(u).Str * 10
				if l := s.locate(u); l.Where == "slot" && l.F == hot {
					sc += 100
				}
				return sc - u%10, true
			case "disinformation":
				return s.cardValue(a.Args[1]), true
			case "spy":
				return 0, s.Declared[opp(p)] > 0 && p != s.FP
			}
			return 0, true
		})
		if ok {
			return a, true
		}
	}
	return games.Action{}, false
}

// botAttackFront is the front the computer means to attack: the declared
// one, else the ready front with the best margin when it has ammunition.
func (s *State) botAttackFront(p int) int {
	pl := &s.P[p]
	attackF := 0
	if pl.Ammo >= 1 && s.Declared[p] == 0 {
		bm := -1000
		for f := 1; f <= 3; f++ {
			if pl.Ready[f-1] {
				if m := s.attackMargin(p, f); m > bm {
					attackF, bm = f, m
				}
			}
		}
	}
	if s.Declared[p] > 0 {
		attackF = s.Declared[p]
	}
	return attackF
}

// botFromRear moves a Rear card back to a front: the attack front, or
// the most threatened.
func (s *State) botFromRear(p int, legal []games.Action, attackF int) (games.Action, bool) {
	pl := &s.P[p]
	if len(pl.Rear) == 0 {
		return games.Action{}, false
	}
	if a, ok := pickBy(legal, VMove, func(a games.Action) (int, bool) {
		u := a.Args[0]
		if !contains(pl.Rear, u) || a.Args[1] == 0 {
			return 0, false
		}
		sc := -a.Args[2]
		if a.Args[1] == attackF {
			sc += 10
		}
		if s.threat(p, a.Args[1]) >= 3 {
			sc += 20
		}
		return sc, true
	}); ok {
		return a, true
	}
	return games.Action{}, false
}

// posValue scores p's position for maneuvering: exposure on each front
// (enemy attack strength above own defence; a known enemy declaration
// weighs triple) and the margin of p's intended attack front.
func (s *State) posValue(p, attackF int) int {
	v := 0
	for f := 1; f <= 3; f++ {
		v += s.posTerm(p, attackF, f)
	}
	return v
}

// posTerm is front f's part of posValue: it depends on that front alone.
func (s *State) posTerm(p, attackF, f int) int {
	o := opp(p)
	known := 0
	if s.Declared[o] > 0 && (s.declarationsPublic() || (s.P[p].SawDecl && s.P[p].SawFront == s.Declared[o])) {
		known = s.Declared[o]
	}
	v := 0
	gap := s.strength(o, f, true, Effects{}, Effects{}, s.P[p].Mine[f-1] == 1) - s.strength(p, f, false, Effects{}, Effects{}, false)
	w := 2
	if f == known {
		w = 6
	}
	if gap > 0 {
		v -= w * gap
	}
	if f == attackF {
		v += s.attackMargin(p, attackF)
	}
	return v
}

// botManeuver picks the move or swap that improves posValue the most
// (at least 2 points), or none. A maneuver changes at most two fronts, so
// only their terms are scored again.
func (s *State) botManeuver(p int, legal []games.Action, attackF int) (games.Action, bool) {
	var terms [4]int
	base := 0
	for f := 1; f <= 3; f++ {
		terms[f] = s.posTerm(p, attackF, f)
		base += terms[f]
	}
	var best games.Action
	bestGain := 1
	n := s.scratch
	if n == nil {
		n = new(State)
	}
	for _, a := range legal {
		if a.Verb != VMove && a.Verb != VSwap {
			continue
		}
		if a.Verb == VMove && a.Args[1] == 0 {
			continue // never withdraw to the Rear
		}
		var touched [4]bool
		if a.Verb == VMove {
			touched[s.locate(a.Args[0]).F] = true
			touched[a.Args[1]] = true
		} else {
			touched[s.locate(a.Args[0]).F] = true
			touched[s.locate(a.Args[1]).F] = true
		}
		s.copyInto(n)
		n.quiet = true
		n.exec(p, a, nil) // a maneuver: no dice
		v := base
		for f := 1; f <= 3; f++ {
			if touched[f] {
				v += n.posTerm(p, attackF, f) - terms[f]
			}
		}
		if g := v - base; g > bestGain {
			best, bestGain = a, g
		}
	}
	return best, bestGain > 1
}
