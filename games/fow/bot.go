package fow

import (
	"sort"

	"github.com/warroom/warroom/games"
)

// botTemplates: the roster a computer company draws its platoons from.
var botTemplates = map[string][]string{
	"tank":       {"tank", "tank", "tank_open", "recce_vehicles", "inf_trucks", "gun_sp"},
	"mechanised": {"inf_trucks", "inf_armoured", "tank", "gun_towed", "recce_vehicles", "inf_trucks"},
	"infantry":   {"inf_foot", "inf_foot", "gun_light", "gun_heavy", "tank", "recce_foot"},
	"fortified":  {"inf_foot", "gun_heavy", "gun_light", "inf_foot", "tank", "inf_foot"},
}

// Bot makes every referee decision for a computer seat (spec §13). In an
// all-computer game it also plays the human proxy: it answers the factual
// questions (checklists, victory, losses) at random with sensible odds, so a
// mission always runs to its end.
func (Game) Bot(s State, seat games.Seat, rng games.Rand) games.Action {
	l := legal(&s, int(seat))
	if len(l) == 0 {
		return games.Action{}
	}
	a := botChoose(&s, int(seat), l, rng)
	for _, x := range l {
		if x.Equal(a) {
			return a
		}
	}
	for _, v := range []string{VEndTurn, VNone, VNotNow, VReady, VLock, VDone, VDeployed, VPlaced} {
		if x, ok := find(l, v); ok {
			return x
		}
	}
	return l[0]
}

func find(l []games.Action, verb string) (games.Action, bool) {
	for _, x := range l {
		if x.Verb == verb {
			return x, true
		}
	}
	return games.Action{}, false
}

func chance(rng games.Rand, num, den int) bool { return rng.Intn(den) < num }

func botAnswerCheck(q int, rng games.Rand) games.Action {
	ans := checkLegal[q]
	if chance(rng, 1, 12) {
		ans = 1 - ans
	}
	return act(VAns, ans)
}

func botChoose(s *State, seat int, l []games.Action, rng games.Rand) games.Action {
	if s.Await != nil {
		return act(VDie, games.Die(rng, 6))
	}
	sd := &s.Sides[seat]
	switch s.Phase {
	case PhRoster:
		n := len(sd.Platoons)
		if n == 0 && sd.Company == "infantry" && !chance(rng, 1, 4) {
			return act(VCompany, []int{0, 1, 3}[rng.Intn(3)]) // tank, mechanised or fortified
		}
		if n == 1 && sd.Always == "" && chance(rng, 1, 10) {
			return act(VAlways, 1+rng.Intn(2))
		}
		if n > 0 && sd.Sel == n-1 && sd.Platoons[n-1].Skill == "trained" && chance(rng, 1, 3) {
			return act(VSkill, []int{0, 2}[rng.Intn(2)])
		}
		if n >= 3 && (n >= 8 || chance(rng, 1, 3)) {
			return act(VReady)
		}
		ts := botTemplates[sd.Company]
		return act(VAdd, tplIndex(ts[rng.Intn(len(ts))]))
	case PhRoleChoice:
		if sd.Company == "tank" || sd.Company == "mechanised" {
			return act(VAttack)
		}
		return act(VDefend)
	case PhObjectives:
		return act(VPlaced)
	case PhAssign:
		plan := BotDeployment(*s, seat)
		for i, p := range sd.Platoons {
			if p.Status != plan[i].Status {
				return act(VAssign, i, map[string]int{StTable: 0, StReserve: 1, StAmbush: 2}[plan[i].Status])
			}
		}
		for i, p := range sd.Platoons {
			if p.LeftBehind != plan[i].LeftBehind {
				return act(VLeave, i)
			}
		}
		return act(VLock)
	case PhTable:
		if s.SwapVotes[1-seat] && !s.SwapVotes[seat] {
			return act(VSwap)
		}
		return act(VDeployed)
	case PhPatrol:
		best, bt := -1, -1
		for i, p := range sd.Platoons {
			if p.Status == StTable && p.Teams >= 5 && p.Teams > bt {
				best, bt = i, p.Teams
			}
		}
		if best < 0 {
			return act(VNoPatrol)
		}
		lb := 0
		if sd.Platoons[best].HasVehicles || sd.Platoons[best].Type == "gun" {
			lb = 1
		}
		return act(VPatrol, best, lb)
	case PhImmediate:
		if s.Check != nil {
			return botAnswerCheck(len(s.Check.Answers), rng)
		}
		if x, ok := find(l, VOverride); ok && !s.Refused {
			return x
		}
		if x, ok := find(l, VCheck); ok {
			return x
		}
	case PhRecce:
		return act(VDone)
	case PhBattle:
		return botBattle(s, seat, l, rng)
	}
	return l[0]
}

// botWithdrawal is the platoon the computer withdraws: the cheapest on
// the table, an ambusher first at equal points (it needs no test).
func botWithdrawal(sd *Side) int {
	var c []int
	for i, p := range sd.Platoons {
		if inT(p) {
			c = append(c, i)
		}
	}
	sort.SliceStable(c, func(a, b int) bool {
		pa, pb := sd.Platoons[c[a]], sd.Platoons[c[b]]
		if pa.Points != pb.Points {
			return pa.Points < pb.Points
		}
		return pa.Status == StAmbush && pb.Status != StAmbush
	})
	return c[0]
}

func botBattle(s *State, seat int, l []games.Action, rng games.Rand) games.Action {
	sd := &s.Sides[seat]
	t := &s.T
	if seat != s.Active {
		return act(VAgreeEnd)
	}
	if s.Check != nil {
		return botAnswerCheck(len(s.Check.Answers), rng)
	}
	if t.Withdraw != nil {
		if t.Withdraw.P >= 0 {
			return act(VAns, rng.Intn(2))
		}
		return act(VWithdraw, botWithdrawal(sd))
	}
	if t.PicksLeft > 0 {
		return act(VArrive, botArrival(s, seat))
	}
	switch s.Sub {
	case SubVictory:
		objs, clear := victoryOptions(s)
		k := s.Turn - s.m().EarliestEnd + 1
		if k > 4 {
			k = 4
		}
		if chance(rng, k, 16) {
			if clear {
				return act(VClear)
			}
			if len(objs) > 0 {
				return act(VHold, objs[rng.Intn(len(objs))])
			}
		}
		if clear {
			return act(VNotClear)
		}
		return act(VNone)
	case SubAmbush:
		if t.AmbushFails == 0 && (s.Turn >= 4 || chance(rng, 1, 2)) {
			for i, p := range sd.Platoons {
				if p.Status == StAmbush {
					return act(VSpring, i)
				}
			}
		}
		return act(VNotNow)
	case SubWithdrawal:
		if g := gradualObjs(s); len(g) > 0 {
			return act(VRemove, g[0])
		}
	case SubMovement, SubShooting, SubAssault:
		n, d := len(sd.Platoons), s.count(seat, StDestroyed)
		if d*2 >= n && chance(rng, 1, 8) {
			return act(VMoraleFailed)
		}
		// the computer also plays the proxy: it reports losses on both sides
		if chance(rng, 1, 5) {
			side := seat
			if chance(rng, 1, 2) {
				side = 1 - seat
			}
			var on []int
			for i, p := range s.Sides[side].Platoons {
				if p.Status == StTable {
					on = append(on, i)
				}
			}
			if len(on) > 0 {
				return act(VLost, side, on[rng.Intn(len(on))])
			}
		}
		return act(VEndTurn)
	}
	return l[0]
}

func botArrival(s *State, seat int) int {
	sd := &s.Sides[seat]
	best := -1
	rank := func(p Platoon) int {
		if seat != s.Attacker {
			return 0
		}
		switch p.Type {
		case "tank":
			return 2
		case "recce":
			return 1
		}
		return 0
	}
	for i, p := range sd.Platoons {
		if p.Status != StReserve {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		b := sd.Platoons[best]
		if p.Points > b.Points || p.Points == b.Points && rank(p) > rank(b) {
			best = i
		}
	}
	return best
}

// BotDeployment is the computer's deployment assignment (spec §13, item 2): the
// seat's platoons with Status and LeftBehind set; always a valid assignment.
func BotDeployment(s State, seat int) []Platoon {
	w := s.Clone()
	m := w.m()
	role := w.role(seat)
	pl := w.Sides[seat].Platoons
	class := func(p Platoon) int {
		if role == 1 {
			if p.FA {
				return 3
			}
			switch p.Type {
			case "infantry", "gun":
				return 0
			case "recce":
				return 1
			}
			return 2
		}
		switch p.Type {
		case "tank":
			return 0
		case "recce":
			return 1
		}
		return 2
	}
	order := make([]int, len(pl))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		pa, pb := pl[order[a]], pl[order[b]]
		if class(pa) != class(pb) {
			return class(pa) < class(pb)
		}
		return pa.Points > pb.Points
	})
	mobile := m.reserveMin(role) == "mobile"
	if m.reserves(role) == "none" {
		for i := range pl {
			pl[i].Status, pl[i].LeftBehind = StTable, false
		}
	} else {
		for i := range pl {
			pl[i].Status, pl[i].LeftBehind = StReserve, false
		}
		for _, i := range order {
			pl[i].Status = StTable
			pl[i].LeftBehind = mobile && pl[i].TransOnly
			if len(deployErrors(&w, seat)) > 0 {
				pl[i].Status, pl[i].LeftBehind = StReserve, false
			}
		}
	}
	if role == 1 && m.Ambush != "none" && m.AmbushMax > 0 {
		best := -1
		for _, want := range []func(Platoon) bool{
			func(p Platoon) bool { return p.Type == "gun" && !p.HeavyGun },
			func(p Platoon) bool { return p.Type == "infantry" },
		} {
			for i, p := range pl {
				if p.Status == StTable && want(p) && (best < 0 || p.Points > pl[best].Points) {
					best = i
				}
			}
			if best >= 0 {
				break
			}
		}
		if best >= 0 {
			pl[best].Status = StAmbush
			if len(deployErrors(&w, seat)) > 0 {
				pl[best].Status = StTable
			}
		}
	}
	return pl
}
