package fow

import (
	"sort"

	"github.com/warroom/warroom/games"
)

// validPlatoon checks the roster-line consistency rules of spec §3.3.
func validPlatoon(p Platoon) bool {
	if p.Type == "tank" && (!p.HasVehicles || p.TransOnly) {
		return false
	}
	if p.TransOnly && !p.HasVehicles {
		return false
	}
	if p.FA && (!p.HasVehicles || p.Type == "recce") {
		return false
	}
	if p.BunkerBuster && !p.HasVehicles {
		return false
	}
	return p.Teams >= 0 && p.Teams <= 40 && p.Points >= 0 && p.Points <= 2000
}

func toggleFlag(p Platoon, f int) Platoon {
	switch f {
	case 0:
		p.HasVehicles = !p.HasVehicles
	case 1:
		p.TransOnly = !p.TransOnly
	case 2:
		p.FA = !p.FA
	case 3:
		p.HeavyGun = !p.HeavyGun
	case 4:
		p.BunkerBuster = !p.BunkerBuster
	}
	return p
}

// FlagValue reads flag f (index into Flags) of a platoon.
func flagValue(p Platoon, f int) bool {
	switch f {
	case 0:
		return p.HasVehicles
	case 1:
		return p.TransOnly
	case 2:
		return p.FA
	case 3:
		return p.HeavyGun
	case 4:
		return p.BunkerBuster
	}
	return false
}

func newPlatoon(side Side, tpl int) Platoon {
	t := data.Templates[tpl]
	// Names stay unique in a seat after deletes and re-adds: the next
	// number after the highest in use, never a count (which reuses one).
	num := 1
	for _, p := range side.Platoons {
		if p.Tpl == t.ID && p.Num >= num {
			num = p.Num + 1
		}
	}
	return Platoon{Tpl: t.ID, Num: num, Type: t.Type, Skill: "trained", Motivation: "confident",
		HasVehicles: t.HasVehicles, TransOnly: t.TransportsOnly, FA: t.FullyArmoured,
		HeavyGun: t.HeavyGun, BunkerBuster: t.BunkerBuster, Teams: t.Teams, Points: t.Points}
}

// countsAsVehicles: Mobile Reserves (spec §7.7).
func countsAsVehicles(p Platoon) bool {
	return p.HasVehicles && !(p.TransOnly && p.LeftBehind)
}

func inT(p Platoon) bool { return p.Status == StTable || p.Status == StAmbush }

// DeployErrors lists the rule violations of a seat's current deployment
// assignment in the order of spec §6.4 (empty = may lock).
func DeployErrors(s State, seat int) []string { return deployErrors(&s, seat) }

func deployErrors(s *State, seat int) []string {
	m := s.m()
	role := s.role(seat)
	side := s.Sides[seat]
	n := len(side.Platoons)
	var nT, nR, nA, fa, veh, n0 int
	for _, p := range side.Platoons {
		switch p.Status {
		case StTable:
			nT++
		case StReserve:
			nR++
		case StAmbush:
			nA++
		}
		if inT(p) {
			if p.FA {
				fa++
			}
			if countsAsVehicles(p) {
				veh++
			}
		}
		if !p.HasVehicles || p.TransOnly {
			n0++
		}
	}
	var errs []string
	kind, min := m.reserves(role), m.reserveMin(role)
	if kind != "none" {
		switch min {
		case "half_up":
			if nR < (n+1)/2 {
				errs = append(errs, "reserve_min")
			}
		case "one":
			if nR < 1 {
				errs = append(errs, "reserve_min")
			}
		}
	}
	if kind == "none" && nR > 0 {
		errs = append(errs, "reserves_not_allowed")
	}
	if role == 1 && m.ArmouredReserves {
		if lim, ok := data.ArmouredLimit[side.Company]; ok && lim >= 0 && fa > lim {
			errs = append(errs, "armoured_limit")
		}
	}
	if min == "mobile" && veh > 1 {
		n1 := n - n0
		maxM1 := n0
		if n1 > 0 {
			maxM1++
		}
		if !(maxM1 <= 1 && nT+nA <= 2 && veh <= 2 && nR >= 1) {
			errs = append(errs, "mobile_vehicles")
		}
	}
	if nA > 0 {
		if role != 1 || m.Ambush == "none" {
			errs = append(errs, "ambush_not_allowed")
		} else if nA > m.AmbushMax {
			errs = append(errs, "ambush_max")
		}
	}
	for _, p := range side.Platoons {
		if !validPlatoon(p) {
			errs = append(errs, "flag_invalid")
			break
		}
	}
	return errs
}

// reserveDice is dice(t) of spec §7.5 for a seat in its own turn t.
func (s *State) reserveDice(seat, t int) int {
	switch s.m().reserves(s.role(seat)) {
	case "reserves":
		return t
	case "delayed":
		return t - 2
	}
	return 0
}

// need requests dice: drawn at once in bot mode, typed in manual mode.
func need(w *State, rng games.Rand, purpose string, seats []int) {
	if w.Manual {
		w.Await = &Await{Purpose: purpose, Seats: seats}
		return
	}
	dice := make([]int, len(seats))
	for i := range dice {
		dice[i] = games.Die(rng, 6)
	}
	resolve(w, rng, purpose, dice)
}

func repeat(seat, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = seat
	}
	return out
}

// resolve applies the dice d rolled for purpose.
func resolve(w *State, rng games.Rand, purpose string, d []int) {
	switch purpose {
	case "roles":
		resolveRoles(w, rng, d)
	case "first":
		resolveFirst(w, rng, d)
	case "reserve":
		resolveReserve(w, d)
	case "scatter":
		resolveScatter(w, d)
	case "skill":
		resolveSkill(w, d)
	}
}

// resolveRoles settles the roll-off for roles: a tie rolls again, else the
// winner takes the roles (meeting engagement) or chooses them.
func resolveRoles(w *State, rng games.Rand, d []int) {
	w.log("roles_rolled", -1, d[0], d[1])
	if d[0] == d[1] {
		need(w, rng, "roles", []int{0, 1})
		return
	}
	win := 0
	if d[1] > d[0] {
		win = 1
	}
	if w.m().Meeting {
		setRoles(w, win, "meeting_engagement_rolloff")
	} else {
		w.RollWinner = win
		w.Phase = PhRoleChoice
	}
}

// resolveFirst settles the roll for the first turn, the side that finished
// deploying first getting +1; a tie rolls again.
func resolveFirst(w *State, rng games.Rand, d []int) {
	att, def := w.Attacker, w.defender()
	ab, db := 0, 0
	if w.FinishedFirst == att {
		ab = 1
	} else {
		db = 1
	}
	w.log("first_rolled", -1, d[0], d[1], ab, db)
	if d[0]+ab == d[1]+db {
		need(w, rng, "first", []int{att, def})
		return
	}
	if d[0]+ab > d[1]+db {
		startBattle(w, att)
	} else {
		startBattle(w, def)
	}
}

// resolveReserve settles the active side's reserve roll: how many platoons
// arrive (one per 5+, one anyway when three or more dice all miss), all
// of them at once or picked one by one.
func resolveReserve(w *State, d []int) {
	seat := w.Active
	succ := 0
	for _, v := range d {
		if v >= 5 {
			succ++
		}
	}
	g := len(d) >= 3 && succ == 0
	arr := succ
	if g {
		arr = 1
	}
	inR := w.count(seat, StReserve)
	if arr > inR {
		arr = inR
	}
	w.T.Roll, w.T.Successes, w.T.Guaranteed = append([]int(nil), d...), succ, g
	gi := 0
	if g {
		gi = 1
	}
	w.log("reserve_roll", seat, append([]int{w.Turn, succ, gi, arr}, d...)...)
	if arr >= inR {
		for i, p := range w.Sides[seat].Platoons {
			if p.Status == StReserve {
				arrive(w, seat, i)
			}
		}
	} else {
		w.T.PicksLeft = arr
	}
}

// resolveScatter places each arriving platoon at the scatter entry its die
// names.
func resolveScatter(w *State, d []int) {
	seat := w.Active
	sm := w.m().scatter()
	for i := range w.T.Arrivals {
		loc := sm[d[i]-1]
		w.T.Arrivals[i].Entry, w.T.Arrivals[i].Die = loc, d[i]
		w.logv("scatter", seat, -1, loc, w.T.Arrivals[i].P, d[i])
	}
}

// resolveSkill settles the defender's skill test for a withdrawing platoon:
// withdrawn on a pass, destroyed (fled) on a failure.
func resolveSkill(w *State, d []int) {
	def := w.defender()
	p := w.T.Withdraw.P
	pl := &w.Sides[def].Platoons[p]
	target := data.SkillTarget[pl.Skill]
	pass := d[0] >= target
	pi := 0
	if pass {
		pi = 1
	}
	w.log("skill", def, p, target, d[0], pi)
	if pass {
		pl.Status = StWithdrawn
		w.log("withdrawn", def, p, 0)
	} else {
		pl.Status = StDestroyed
		w.log("fled", def, p)
	}
	w.Delay = 0
	w.T.Withdraw = nil
	noPlatoons(w)
}

func arrive(w *State, seat, p int) {
	w.Sides[seat].Platoons[p].Status = StTable
	e := w.m().entry(w.role(seat))
	w.T.Arrivals = append(w.T.Arrivals, Arrival{P: p, Entry: e})
	sort.Slice(w.T.Arrivals, func(i, j int) bool { return w.T.Arrivals[i].P < w.T.Arrivals[j].P })
	w.logv("arrived", seat, -1, e, p)
}

func setRoles(w *State, att int, reason string) {
	w.Attacker, w.RollWinner, w.RolesReason = att, -1, reason
	w.log("roles", att, 0)
	w.Phase = PhObjectives
}

func startRoles(w *State, rng games.Rand) {
	w.Phase = PhRoles
	m := w.m()
	if m.Meeting {
		need(w, rng, "roles", []int{0, 1})
		return
	}
	a, b := w.Sides[0], w.Sides[1]
	must := func(sd Side) bool { return sd.Company == "fortified" || sd.Always == "always_defends" }
	att := func(sd Side) bool { return sd.Always == "always_attacks" }
	switch {
	case must(a) != must(b):
		if must(a) {
			setRoles(w, 1, "must_defend")
		} else {
			setRoles(w, 0, "must_defend")
		}
		return
	case must(a) && must(b):
	case att(a) != att(b):
		if att(a) {
			setRoles(w, 0, "always_attacks")
		} else {
			setRoles(w, 1, "always_attacks")
		}
		return
	case att(a) && att(b):
	case data.CompanyRank[a.Company] != data.CompanyRank[b.Company]:
		if data.CompanyRank[a.Company] > data.CompanyRank[b.Company] {
			setRoles(w, 0, "company_type")
		} else {
			setRoles(w, 1, "company_type")
		}
		return
	}
	need(w, rng, "roles", []int{0, 1})
}

func startBattle(w *State, first int) {
	w.Phase = PhBattle
	w.First = first
	w.log("first_player", first)
	w.Turn = 1
	w.Active = first
	w.MERestricted = w.m().Meeting
	w.Delay = 0
	startTurn(w)
}

func startTurn(w *State) {
	w.T = TurnState{}
	w.Sub = SubVictory
	w.AgreeVotes = [2]bool{}
	w.log("turn", w.Active, w.Turn)
}

// victoryOptions: eligible objectives (indices) and whether the defender's
// clear claim is offered, for the active seat now (spec §8.1).
func victoryOptions(w *State) (objs []int, clear bool) {
	m := w.m()
	if w.Turn < m.EarliestEnd {
		return nil, false
	}
	for i, o := range w.Objectives {
		if o.Removed {
			continue
		}
		switch m.EndCheck {
		case "either_holds":
			if o.Half != w.Active {
				objs = append(objs, i)
			}
		case "attacker_holds", "attack_defend":
			if w.Active == w.Attacker {
				objs = append(objs, i)
			}
		}
	}
	if m.EndCheck == "attack_defend" && w.Active != w.Attacker {
		clear = true
	}
	return objs, clear
}

func gradualObjs(w *State) []int {
	var out []int
	for i, o := range w.Objectives {
		if !o.Removed && o.Placer == w.Attacker {
			out = append(out, i)
		}
	}
	return out
}

func removeObj(w *State, i int) {
	w.Objectives[i].Removed = true
	w.T.GradualDone = true
	w.log("obj_removed", w.defender(), i)
}

func noPlatoons(w *State) {
	if w.Phase == PhOver {
		return
	}
	for seat := 0; seat < 2; seat++ {
		if w.count(seat, StTable, StAmbush, StReserve) == 0 {
			endGame(w, 1-seat, "no_platoons", seat)
			return
		}
	}
}

func endGame(w *State, winner int, reason string, arg int) {
	w.Phase = PhOver
	w.Winner, w.Reason, w.ReasonArg = winner, reason, arg
	w.Await, w.Check = nil, nil
	w.T.Withdraw = nil
	w.T.PicksLeft = 0
	if winner >= 0 {
		l := w.count(winner, StDestroyed)
		v := 6
		if l == 1 {
			v = 5
		} else if l >= 2 {
			v = 4
		}
		w.VP[winner], w.VP[1-winner] = v, 7-v
	} else {
		for i := 0; i < 2; i++ {
			d := w.count(1-i, StDestroyed)
			if d > 3 {
				d = 3
			}
			w.VP[i] = d
		}
	}
	w.logv("game_over", winner, -1, reason, w.VP[0], w.VP[1], arg)
}

// advance runs every automatic step until a decision (or a manual die) is needed.
func advance(w *State, rng games.Rand) {
	for i := 0; i < 200; i++ {
		if w.Await != nil || w.Phase == PhOver {
			return
		}
		if !step(w, rng) {
			return
		}
	}
}

func step(w *State, rng games.Rand) bool {
	m := w.m()
	a, b := &w.Sides[0], &w.Sides[1]
	switch w.Phase {
	case PhRoster:
		if a.Ready && b.Ready {
			startRoles(w, rng)
			return true
		}
	case PhObjectives:
		if len(w.Objectives) >= len(m.objSeq()) {
			w.Phase = PhAssign
			return true
		}
	case PhAssign:
		if a.Locked && b.Locked {
			w.Phase = PhTable
			att, def := w.Attacker, w.defender()
			if w.count(att, StTable) <= w.count(def, StTable) {
				w.FinishedFirst = att
			} else {
				w.FinishedFirst = def
			}
			w.log("finished_first", w.FinishedFirst)
			return true
		}
	case PhTable:
		if a.Deployed && b.Deployed {
			if m.NMLPatrol {
				w.Phase = PhPatrol
			} else {
				afterPatrol(w)
			}
			return true
		}
	case PhPatrol:
		if a.Patrol && b.Patrol {
			afterPatrol(w)
			return true
		}
	case PhImmediate:
		if w.count(w.defender(), StAmbush) == 0 {
			w.Phase = PhRecce
			return true
		}
	case PhRecce:
		if a.Recce && b.Recce {
			w.Phase = PhFirstTurn
			if m.FirstTurn == "attacker" {
				startBattle(w, w.Attacker)
			} else {
				need(w, rng, "first", []int{w.Attacker, w.defender()})
			}
			return true
		}
	case PhBattle:
		return battleStep(w, rng)
	}
	return false
}

func afterPatrol(w *State) {
	if w.m().Ambush == "immediate" && w.count(w.defender(), StAmbush) > 0 {
		w.Phase = PhImmediate
		w.ImmFailed = -1
		return
	}
	w.Phase = PhRecce
}

func battleStep(w *State, rng games.Rand) bool {
	m := w.m()
	t := &w.T
	switch w.Sub {
	case SubVictory:
		if !t.VictoryDone {
			objs, clear := victoryOptions(w)
			if len(objs) > 0 || clear {
				return false
			}
			t.VictoryDone = true
		}
		w.Sub = SubAmbush
		return true
	case SubAmbush:
		if !t.AmbushDone && m.Ambush == "ambush" && w.count(w.Active, StAmbush) > 0 {
			return false
		}
		t.AmbushDone = true
		w.Sub = SubWithdrawal
		return true
	case SubWithdrawal:
		return withdrawalStep(w, &m)
	case SubReserves:
		return reservesStep(w, rng, &m)
	}
	return false
}

// withdrawalStep is battleStep's withdrawal sub-step: the defender's
// gradual and strategic withdrawal, then on to reserves.
func withdrawalStep(w *State, m *Mission) bool {
	t := &w.T
	if w.Active == w.defender() {
		if m.GradualW && (w.Turn == 6 || w.Turn == 7) && !t.GradualDone {
			rem := gradualObjs(w)
			switch len(rem) {
			case 0:
				t.GradualDone = true
			case 1:
				removeObj(w, rem[0])
			default:
				return false
			}
			return true
		}
		if m.StrategicW && w.Turn >= 3 && !t.StratDone {
			t.StratDone = true
			p := w.count(w.Active, StTable, StAmbush)
			c := w.Delay
			if p+c >= 5 {
				if p > 0 {
					w.log("withdraw_req", w.Active, p, c)
					t.Withdraw = &Withdraw{P: -1}
				}
			} else {
				w.Delay++
				w.log("delay", w.Active, w.Delay)
			}
			return true
		}
		if t.Withdraw != nil {
			return false
		}
	}
	w.Sub = SubReserves
	return true
}

// reservesStep is battleStep's reserves sub-step: the reserve roll, the
// picks, the scatter roll, then on to movement.
func reservesStep(w *State, rng games.Rand, m *Mission) bool {
	t := &w.T
	if !t.ReserveRolled {
		t.ReserveRolled = true
		n := w.count(w.Active, StReserve)
		d := w.reserveDice(w.Active, w.Turn)
		if n > 0 && d >= 1 {
			need(w, rng, "reserve", repeat(w.Active, d))
		}
		return true
	}
	if t.PicksLeft > 0 {
		return false
	}
	if !t.ScatterDone {
		t.ScatterDone = true
		if m.entry(w.role(w.Active)) == "scattered" && len(t.Arrivals) > 0 {
			need(w, rng, "scatter", repeat(w.Active, len(t.Arrivals)))
		}
		return true
	}
	w.Sub = SubMovement
	return true
}

// checklist: the legal answer to each question (1 yes, 0 no), spec §7.4.
var checkLegal = []int{1, 1, 0, 0, 0, 0}

func checkLen(p Platoon) int {
	if p.HeavyGun || p.BunkerBuster {
		return 6
	}
	return 5
}
