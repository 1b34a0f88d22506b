package fow

import "github.com/warroom/warroom/games"

// PrivateChoices implements games.Secrets from the public view. Private
// are: roster entry (the roster stays secret until Ready, spec §9) and the
// deployment assignment (reserve and ambush choices); the defender's
// Immediate Ambush checklist (it names the ambushing platoon); and, in
// the battle, the active seat's turn while it picks reserve arrivals
// (PicksLeft > 0: the choices are its reserve platoons), chooses a
// platoon for Strategic Withdrawal (the choices include platoons in
// ambush) or stands in the ambush step (spring choices and the checklist
// name its ambushers; the engine stops there only for a seat with an
// ambusher, a count that is public once both have locked), and whenever
// it holds an ambusher, whose loss it may report (spec §6.2).
func (Game) PrivateChoices(public any, seat games.Seat) bool {
	v, ok := public.(View)
	if !ok {
		return true
	}
	p := int(seat)
	switch v.Phase {
	case PhRoster, PhAssign:
		return true
	case PhImmediate:
		return p != v.Attacker
	case PhBattle:
		if p < 0 || p > 1 || v.Await != nil {
			return false
		}
		// A seat holding ambushers (a count public once both seats have
		// locked) may report one destroyed, in its turn or when asked to
		// agree an end: that choice names it.
		if v.Sides[p].InAction > v.Sides[p].OnTable {
			return true
		}
		if p != v.Active {
			return false
		}
		return v.PicksLeft > 0 || (v.Withdraw != nil && v.Withdraw.P < 0) || v.Sub == SubAmbush
	}
	return false
}

// Disguise implements games.Disguiser: a roster not yet Ready gets another
// company, company flag and platoon names, skills, motivations and points (the
// platoon count is public); a deployment not yet disclosed (before both
// seats lock) is permuted among the seat's platoons; after that, which
// off-table platoons are in reserve and which in ambush is permuted (the
// counts are public). A seat in the middle of an ambush checklist or
// override keeps its deployment.
func (Game) Disguise(s State, r games.Rand) State {
	w := s.Clone()
	if w.Phase == PhOver {
		return w
	}
	bothLocked := w.Sides[0].Locked && w.Sides[1].Locked
	for seat := 0; seat < 2; seat++ {
		sd := &w.Sides[seat]
		if !sd.Ready {
			sd.Company = Companies[r.Intn(len(Companies))]
			sd.Always = Alwayses[r.Intn(len(Alwayses))]
			for i := range sd.Platoons {
				p := &sd.Platoons[i]
				p.Skill = Skills[r.Intn(len(Skills))]
				p.Motivation = Motivations[r.Intn(len(Motivations))]
				p.Points += 25 * r.Intn(4)
				p.Name = []string{"", "Kampfgruppe Nord", "Рота Б"}[r.Intn(3)]
			}
			continue
		}
		if (w.Check != nil && w.Check.Seat == seat) || (w.ImmFailed >= 0 && seat == w.defender()) {
			continue
		}
		var idx []int
		for i, p := range sd.Platoons {
			hidden := p.Status == StReserve || p.Status == StAmbush
			if !bothLocked {
				hidden = hidden || p.Status == StTable
			}
			if hidden {
				idx = append(idx, i)
			}
		}
		st := make([]string, len(idx))
		for k, i := range idx {
			st[k] = sd.Platoons[i].Status
		}
		games.Shuffle(r, st)
		for k, i := range idx {
			sd.Platoons[i].Status = st[k]
		}
	}
	return w
}

// Holds implements games.Holder: each player's roster is secret until
// Ready, the deployment until both lock, and which off-table platoons
// wait in reserve or in ambush for the rest of the battle.
func (Game) Holds(public any, seat games.Seat) bool {
	v, ok := public.(View)
	if !ok {
		return true
	}
	return (seat == 0 || seat == 1) && v.Phase != PhOver
}
