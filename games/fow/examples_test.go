package fow

import (
	"strings"
	"sync"
	"testing"

	"github.com/warroom/warroom/games"
)

// dice builds a scripted source from die faces (1-6).
func dice(faces ...int) *games.Scripted {
	v := make([]int, len(faces))
	for i, f := range faces {
		v[i] = f - 1
	}
	return games.Script(v...)
}

func pl(typ, skill string, fa, veh, tonly, heavy bool, teams, pts int) Platoon {
	tpl := map[string]string{"tank": "tank", "infantry": "inf_foot", "gun": "gun_light", "recce": "recce_vehicles"}[typ]
	return Platoon{Tpl: tpl, Num: 1, Type: typ, Skill: skill, Motivation: "confident", HasVehicles: veh, TransOnly: tonly,
		FA: fa, HeavyGun: heavy, Teams: teams, Points: pts, Status: StTable}
}

// R1: Bartek's Grenadierkompanie (infantry).
func r1() []Platoon {
	return []Platoon{
		pl("infantry", "trained", false, false, false, false, 10, 200),
		pl("infantry", "trained", false, false, false, false, 10, 200),
		pl("gun", "trained", false, false, false, false, 0, 100),
		pl("gun", "trained", false, true, true, true, 0, 300),
		pl("tank", "trained", true, true, false, false, 0, 350),
		pl("tank", "veteran", true, true, false, false, 0, 300),
	}
}

// R2: Anna's US Tank Company.
func r2() []Platoon {
	return []Platoon{
		pl("tank", "trained", true, true, false, false, 0, 300),
		pl("tank", "trained", true, true, false, false, 0, 300),
		pl("infantry", "trained", false, true, true, false, 7, 250),
		pl("recce", "trained", false, true, false, false, 0, 100),
		pl("tank", "trained", false, true, false, false, 0, 200),
	}
}

// r3: Bartek's mechanised company of E7.
func r3() []Platoon {
	return []Platoon{
		pl("infantry", "veteran", false, true, true, false, 7, 250),
		pl("infantry", "veteran", false, true, true, false, 7, 250),
		pl("tank", "veteran", true, true, false, false, 0, 350),
		pl("tank", "veteran", true, true, false, false, 0, 400),
		pl("gun", "veteran", false, false, false, false, 0, 150),
	}
}

func fresh(t *testing.T, mission string) State {
	s, err := G.Setup(games.Options{"mission": mission}, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func do(t *testing.T, s *State, seat int, a string, rng games.Rand) []games.Event {
	t.Helper()
	x, err := games.ParseAction(a)
	if err != nil {
		t.Fatal(err)
	}
	ns, ev, err := G.Apply(*s, games.Seat(seat), x, rng)
	if err != nil {
		t.Fatalf("%s by %c: %v (phase %s sub %s, legal %v)", a, 'A'+seat, err, s.Phase, s.Sub, G.Legal(*s, games.Seat(seat)))
	}
	trailMu.Lock()
	trails[s] = append(append(trails[s], s.evs...), entries(t, ev)...)
	trailMu.Unlock()
	*s = ns
	return ev
}

// trails are the log entries of each state a test plays through do (and
// those a test's set-up logged into the state itself), for lastLog and
// logs: the engine keeps no log, its entries are Do's events.
var (
	trailMu sync.Mutex
	trails  = map[*State][]Entry{}
)

// entries are events as the log entries they carry.
func entries(t testing.TB, ev []games.Event) []Entry {
	t.Helper()
	var out []Entry
	for _, e := range ev {
		var x Entry
		if err := e.Decode(&x); err != nil {
			t.Fatal(err)
		}
		x.Kind, x.Seat, x.Vis = e.Kind, int(e.Seat), -1
		if e.Private {
			x.Vis = int(e.Only[0])
		}
		out = append(out, x)
	}
	return out
}

// trail is everything logged so far in the state s points to.
func trail(s *State) []Entry {
	trailMu.Lock()
	defer trailMu.Unlock()
	return append(append([]Entry(nil), trails[s]...), s.evs...)
}

func reject(t *testing.T, s State, seat int, a, code string) error {
	t.Helper()
	x, _ := games.ParseAction(a)
	before := js(s)
	ns, _, err := G.Apply(s, games.Seat(seat), x, nil)
	if games.ErrorCode(err) != code {
		t.Fatalf("%s: got %v, want %s", a, err, code)
	}
	if js(ns) != before || js(s) != before {
		t.Fatalf("%s: state changed on rejection", a)
	}
	return err
}

func statuses(ps []Platoon, st ...string) []Platoon {
	for i := range ps {
		ps[i].Status = st[i]
	}
	return ps
}

const (
	T = StTable
	R = StReserve
	M = StAmbush
	X = StDestroyed
)

// battle builds a state at the start of the first player's turn 1.
func battle(t *testing.T, mission string, a, b []Platoon, attacker, first int, rng games.Rand) State {
	s := fresh(t, mission)
	s.Sides[0].Platoons, s.Sides[1].Platoons = a, b
	s.Sides[1].Company = "infantry"
	s.Sides[0].Company = "tank"
	for i := range s.Sides {
		s.Sides[i].Ready, s.Sides[i].Locked, s.Sides[i].Deployed, s.Sides[i].Recce = true, true, true, true
	}
	s.Attacker = attacker
	for _, sp := range s.m().objSeq() {
		pl, half := attacker, attacker
		if sp.Placer == 1 {
			pl = 1 - attacker
		}
		if sp.Half == 1 {
			half = 1 - attacker
		}
		s.Objectives = append(s.Objectives, Objective{Placer: pl, Half: half})
	}
	startBattle(&s, first)
	advance(&s, rng)
	return s
}

func lastLog(s *State, kind string) *Entry {
	log := trail(s)
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Kind == kind {
			return &log[i]
		}
	}
	return nil
}

func logs(s *State, kind string) []Entry {
	var out []Entry
	for _, e := range trail(s) {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

func eqInts(a, b []int) bool { return js(a) == js(b) }

func TestE1MeetingEngagementRoles(t *testing.T) {
	s := fresh(t, "free_for_all")
	s.Sides[0].Platoons, s.Sides[1].Platoons = r2(), r1()
	s.Sides[1].Always = "always_attacks"
	rng := dice(3, 3, 5, 2)
	do(t, &s, 0, "ready", rng)
	do(t, &s, 1, "ready", rng)
	rr := logs(&s, "roles_rolled")
	if len(rr) != 2 || !eqInts(rr[0].Args, []int{3, 3}) || !eqInts(rr[1].Args, []int{5, 2}) {
		t.Fatalf("rolls %v", rr)
	}
	if s.Attacker != 0 || s.RolesReason != "meeting_engagement_rolloff" || rng.Used() != 4 || s.Phase != PhObjectives {
		t.Fatalf("attacker %d reason %s used %d phase %s", s.Attacker, s.RolesReason, rng.Used(), s.Phase)
	}
}

// driveSetup places objectives, locks, deploys and confirms recce with
// the statuses already in the sides.
func driveSetup(t *testing.T, s *State, rng games.Rand) {
	for i := 0; i < 50 && s.Phase != PhBattle && s.Phase != PhFirstTurn && s.Phase != PhImmediate && s.Phase != PhPatrol; i++ {
		act := G.Active(*s)
		if len(act) == 0 {
			break
		}
		seat := int(act[0])
		switch s.Phase {
		case PhObjectives:
			do(t, s, seat, "placed", rng)
		case PhAssign:
			do(t, s, seat, "lock", rng)
		case PhTable:
			do(t, s, seat, "deployed", rng)
		case PhRecce:
			do(t, s, seat, "done", rng)
		default:
			t.Fatalf("driveSetup: phase %s", s.Phase)
		}
	}
}

func TestE2MeetingEngagementFirstTurn(t *testing.T) {
	s := fresh(t, "free_for_all")
	s.Sides[0].Platoons, s.Sides[1].Platoons = r2()[:4], r1()[:5]
	s.Sides[0].Ready, s.Sides[1].Ready = true, true
	setRoles(&s, 0, "meeting_engagement_rolloff")
	rng := dice(4, 5, 2, 6)
	driveSetup(t, &s, rng)
	if s.FinishedFirst != 0 {
		t.Fatalf("finished first %d", s.FinishedFirst)
	}
	if s.Phase != PhBattle || s.First != 1 || s.Turn != 1 || s.Active != 1 || !s.MERestricted || rng.Used() != 4 {
		t.Fatalf("phase %s first %d turn %d active %d me %v used %d", s.Phase, s.First, s.Turn, s.Active, s.MERestricted, rng.Used())
	}
	fr := logs(&s, "first_rolled")
	if len(fr) != 2 || !eqInts(fr[0].Args, []int{4, 5, 1, 0}) || !eqInts(fr[1].Args, []int{2, 6, 1, 0}) {
		t.Fatalf("first rolls %v", fr)
	}
	if s.Sub != SubMovement {
		t.Fatalf("sub %s", s.Sub)
	}
	do(t, &s, 1, "end_turn", rng)
	if s.Active != 0 || s.Turn != 1 || s.MERestricted {
		t.Fatalf("after B: active %d turn %d me %v", s.Active, s.Turn, s.MERestricted)
	}
	do(t, &s, 0, "end_turn", rng)
	if s.Active != 1 || s.Turn != 2 {
		t.Fatalf("after A: active %d turn %d", s.Active, s.Turn)
	}
}

// endTurn passes the active seat's turn, answering "none" to victory and
// "not now" to ambushes on the way.
func endTurn(t *testing.T, s *State, rng games.Rand) {
	t.Helper()
	for i := 0; i < 10; i++ {
		seat := s.Active
		switch {
		case s.Sub == SubVictory:
			if _, clear := victoryOptions(s); clear {
				do(t, s, seat, "not_clear", rng)
			} else {
				do(t, s, seat, "none", rng)
			}
		case s.Sub == SubAmbush:
			do(t, s, seat, "not_now", rng)
		case s.Sub == SubMovement || s.Sub == SubShooting || s.Sub == SubAssault:
			do(t, s, seat, "end_turn", rng)
			return
		default:
			t.Fatalf("endTurn: stuck at %s (legal %v)", s.Sub, G.Legal(*s, games.Seat(seat)))
		}
	}
}

// toReserves moves the active seat to its reserve decision.
func toReserves(t *testing.T, s *State, rng games.Rand) {
	t.Helper()
	for s.Sub == SubVictory || s.Sub == SubAmbush {
		if s.Sub == SubVictory {
			if _, clear := victoryOptions(s); clear {
				do(t, s, s.Active, "not_clear", rng)
			} else {
				do(t, s, s.Active, "none", rng)
			}
		} else {
			do(t, s, s.Active, "not_now", rng)
		}
	}
}

func TestE3NormalReserves(t *testing.T) {
	rng := dice(5, 2, 6, 1, 3, 4)
	b := statuses(r1(), T, T, M, R, R, R)
	s := battle(t, "no_retreat", statuses(r2(), T, T, T, T, T), b, 0, 0, rng)
	if e := DeployErrors(s, 1); len(e) != 0 {
		t.Fatalf("E3 deployment invalid: %v", e)
	}
	endTurn(t, &s, rng) // Anna 1
	toReserves(t, &s, rng)
	if s.T.PicksLeft != 1 || !eqInts(lastLog(&s, "reserve_roll").Args, []int{1, 1, 0, 1, 5}) {
		t.Fatalf("B1 roll: picks %d log %v", s.T.PicksLeft, lastLog(&s, "reserve_roll"))
	}
	do(t, &s, 1, "arrive.4", rng)
	if s.Sides[1].Platoons[4].Status != T || s.Sub != SubMovement || s.T.Arrivals[0].Entry != "own_edge" {
		t.Fatalf("B5 did not arrive: %+v", s.T)
	}
	endTurn(t, &s, rng)
	endTurn(t, &s, rng) // Anna 2
	toReserves(t, &s, rng)
	do(t, &s, 1, "arrive.3", rng)
	endTurn(t, &s, rng)
	endTurn(t, &s, rng) // Anna 3
	toReserves(t, &s, rng)
	if !eqInts(lastLog(&s, "reserve_roll").Args, []int{3, 0, 1, 1, 1, 3, 4}) || s.Sides[1].Platoons[5].Status != T {
		t.Fatalf("B turn 3: %v", lastLog(&s, "reserve_roll"))
	}
	endTurn(t, &s, rng)
	endTurn(t, &s, rng) // Anna 4
	toReserves(t, &s, rng)
	if s.Sub != SubMovement || s.Turn != 4 || rng.Used() != 6 {
		t.Fatalf("B turn 4: sub %s used %d", s.Sub, rng.Used())
	}
	want := []string{T, T, M, T, T, T}
	for i, p := range s.Sides[1].Platoons {
		if p.Status != want[i] {
			t.Fatalf("B%d = %s", i+1, p.Status)
		}
	}
}

func TestE4DelayedReserves(t *testing.T) {
	rng := dice(6, 3, 4, 2, 2, 1, 5, 1, 1, 1)
	s := battle(t, "hold_the_line", statuses(r2(), T, T, T, T, T), statuses(r1(), T, T, T, R, R, R), 0, 0, rng)
	picks := map[int]string{3: "arrive.5", 5: "arrive.4"}
	for turn := 1; turn <= 6; turn++ {
		endTurn(t, &s, rng) // Anna
		toReserves(t, &s, rng)
		if a, ok := picks[turn]; ok {
			do(t, &s, 1, a, rng)
		}
		if s.Sub != SubMovement {
			t.Fatalf("turn %d: sub %s", turn, s.Sub)
		}
		if turn <= 2 && rng.Used() != 0 {
			t.Fatalf("delayed reserves rolled on turn %d", turn)
		}
		if turn == 4 && s.count(1, R) != 2 {
			t.Fatalf("turn 4 arrivals")
		}
		if turn < 6 {
			endTurn(t, &s, rng)
		}
	}
	if rng.Used() != 10 || s.count(1, R) != 0 {
		t.Fatalf("used %d reserves %d", rng.Used(), s.count(1, R))
	}
}

func TestE5ScatteredReserves(t *testing.T) {
	rng := dice(6, 5, 5, 5, 2, 6, 5, 4, 6)
	s := battle(t, "hasty_attack", statuses(r2(), T, R, R, T, R), statuses(r1(), T, T, T, R, R, R), 0, 0, rng)
	// Anna 1
	do(t, &s, 0, "arrive.1", rng)
	endTurn(t, &s, rng)
	endTurn(t, &s, rng) // Bartek 1: no roll
	if s.count(0, R) != 0 {
		t.Fatalf("Anna 2: both should arrive")
	}
	endTurn(t, &s, rng)
	endTurn(t, &s, rng) // Bartek 2
	endTurn(t, &s, rng) // Anna 3
	do(t, &s, 1, "arrive.4", rng)
	endTurn(t, &s, rng) // Bartek 3
	endTurn(t, &s, rng) // Anna 4
	if s.Sub != SubMovement {
		t.Fatalf("Bartek 4 sub %s", s.Sub)
	}
	sc := logs(&s, "scatter")
	if len(sc) != 3 || rng.Used() != 9 {
		t.Fatalf("scatters %v used %d", sc, rng.Used())
	}
	want := []struct {
		p, die    int
		loc, zone string
	}{{4, 2, "L", "NE"}, {3, 4, "E", "N"}, {5, 6, "R", "NW"}}
	for i, w := range want {
		if sc[i].Args[0] != w.p || sc[i].Args[1] != w.die || sc[i].Text != w.loc || ScatterZone(sc[i].Text, "N") != w.zone {
			t.Fatalf("scatter %d = %+v want %+v", i, sc[i], w)
		}
	}
}

func assignState(t *testing.T, mission string, b []Platoon, company string) State {
	s := fresh(t, mission)
	s.Sides[0].Platoons, s.Sides[1].Platoons = statuses(r2(), T, T, T, T, T), b
	s.Sides[1].Company = company
	s.Sides[0].Ready, s.Sides[1].Ready = true, true
	s.Attacker = 0
	s.Phase = PhAssign
	return s
}

func TestE6ReserveMinAndArmoured(t *testing.T) {
	s := assignState(t, "no_retreat", statuses(r1(), T, R, M, R, T, T), "infantry")
	err := reject(t, s, 1, "lock", "reserve_min")
	if !strings.Contains(err.Error(), "reserve_min,armoured_limit") {
		t.Fatalf("errors: %v", err)
	}
	do(t, &s, 1, "assign.5.1", nil)
	do(t, &s, 1, "lock", nil)
	v := view(&s, -1)
	if v.Sides[1].Platoons != nil && v.Sides[1].Platoons[2].Status != "" {
		t.Fatal("status visible before both locked")
	}
	do(t, &s, 0, "lock", nil)
	v = view(&s, -1)
	off := 0
	for _, p := range v.Sides[1].Platoons {
		if p.Status == "off_table" {
			off++
		}
	}
	if off != 4 || v.Sides[1].Reserves != 3 || strings.Contains(js(v), StAmbush) {
		t.Fatalf("public view: off %d reserves %d", off, v.Sides[1].Reserves)
	}
}

func TestE7MobileReserves(t *testing.T) {
	s := assignState(t, "counterattack", statuses(r3(), T, R, T, R, T), "mechanised")
	reject(t, s, 1, "lock", "mobile_vehicles")
	do(t, &s, 1, "assign.1.0", nil)
	do(t, &s, 1, "leave.0", nil)
	do(t, &s, 1, "leave.1", nil)
	do(t, &s, 1, "lock", nil)
	if !s.Sides[1].Platoons[0].LeftBehind || !s.Sides[1].Platoons[1].LeftBehind || !s.Sides[1].Locked {
		t.Fatal("transports not left behind")
	}
	if s.reserveDice(1, 1) != 1 {
		t.Fatal("mobile reserves follow the normal schedule")
	}
}

// e8 runs E8 and returns the state after Bartek's turn 5 (before its end_turn).
func e8(t *testing.T) (State, *games.Scripted) {
	rng := dice(3)
	a := statuses(r2(), T, T, T, X, T)
	s := battle(t, "fighting_withdrawal", a, statuses(r1(), T, T, T, T, X, X), 0, 0, rng)
	for turn := 1; turn <= 2; turn++ {
		endTurn(t, &s, rng)
		endTurn(t, &s, rng)
	}
	endTurn(t, &s, rng) // Anna 3
	if s.Delay != 1 || s.Sub != SubMovement {
		t.Fatalf("turn 3: delay %d sub %s", s.Delay, s.Sub)
	}
	endTurn(t, &s, rng)
	endTurn(t, &s, rng) // Anna 4
	if s.T.Withdraw == nil || !eqInts(lastLog(&s, "withdraw_req").Args, []int{4, 1}) {
		t.Fatal("turn 4: withdrawal not required")
	}
	do(t, &s, 1, "withdraw.1", rng)
	do(t, &s, 1, "ans.1", rng)
	do(t, &s, 1, "ans.1", rng)
	if !eqInts(lastLog(&s, "skill").Args, []int{1, 4, 3, 0}) || s.Sides[1].Platoons[1].Status != X || s.Delay != 0 || lastLog(&s, "fled") == nil {
		t.Fatalf("skill test: %v delay %d", lastLog(&s, "skill"), s.Delay)
	}
	endTurn(t, &s, rng)
	endTurn(t, &s, rng) // Anna 5
	if s.Delay != 1 || s.Turn != 5 || s.Active != 1 {
		t.Fatalf("turn 5: delay %d", s.Delay)
	}
	v := view(&s, -1)
	if v.Sides[1].OnTable != 3 || v.Sides[1].Destroyed != 3 || v.Sides[1].Withdrawn != 0 || rng.Used() != 1 {
		t.Fatalf("morale display %+v", v.Sides[1])
	}
	return s, rng
}

func TestE8StrategicWithdrawal(t *testing.T) { e8(t) }

func TestE9GradualWithdrawal(t *testing.T) {
	s, rng := e8(t)
	do(t, &s, 1, "end_turn", rng)
	if v := view(&s, -1); !v.GradualNext {
		t.Fatal("no gradual withdrawal warning")
	}
	do(t, &s, 0, "none", rng) // Anna 6
	do(t, &s, 0, "end_turn", rng)
	if !eqInts(view(&s, 1).GradualObjs, []int{0, 1, 2}) {
		t.Fatalf("gradual options %v", view(&s, 1).GradualObjs)
	}
	do(t, &s, 1, "remove.1", rng)
	if s.Delay != 2 || s.Sub != SubMovement {
		t.Fatalf("turn 6 delay %d", s.Delay)
	}
	do(t, &s, 1, "end_turn", rng)
	if objs, _ := victoryOptions(&s); !eqInts(objs, []int{0, 2}) {
		t.Fatalf("victory options %v", objs)
	}
	do(t, &s, 0, "none", rng)
	do(t, &s, 0, "end_turn", rng)
	do(t, &s, 1, "remove.0", rng)
	do(t, &s, 1, "withdraw.2", rng)
	do(t, &s, 1, "ans.0", rng)
	if s.Sides[1].Platoons[2].Status != StWithdrawn || s.Delay != 0 {
		t.Fatal("B3 not withdrawn")
	}
	do(t, &s, 1, "end_turn", rng)
	if objs, _ := victoryOptions(&s); !eqInts(objs, []int{2}) {
		t.Fatalf("victory options %v", objs)
	}
	do(t, &s, 0, "hold.2", rng)
	o := G.Outcome(s)
	if !o.Done || len(o.Winners) != 1 || o.Winners[0] != 0 || o.Reason != "attacker_holds" || !eqInts(o.Scores, []int{5, 2}) {
		t.Fatalf("outcome %+v", o)
	}
}

func TestE10AmbushChecklist(t *testing.T) {
	rng := dice(1, 1, 1)
	s := battle(t, "no_retreat", statuses(r2(), T, T, T, T, T), statuses(r1(), T, R, T, M, R, R), 0, 0, rng)
	endTurn(t, &s, rng)
	endTurn(t, &s, rng) // Bartek 1
	endTurn(t, &s, rng) // Anna 2
	if s.Sub != SubAmbush {
		t.Fatalf("sub %s", s.Sub)
	}
	do(t, &s, 1, "spring.3", rng)
	for _, a := range []int{1, 1, 0, 0, 0} {
		do(t, &s, 1, "ans."+string(rune('0'+a)), rng)
	}
	if v := view(&s, 1); v.Check == nil || v.Check.Q != 6 || v.Check.Of != 6 {
		t.Fatalf("Q6 not asked: %+v", v.Check)
	}
	do(t, &s, 1, "ans.1", rng)
	f := lastLog(&s, "ambush_failed")
	if f == nil || f.Vis != 1 || !eqInts(f.Args, []int{3, 6}) || s.Sides[1].Platoons[3].Status != M || s.Sub != SubAmbush {
		t.Fatalf("attempt 1: %+v", f)
	}
	if strings.Contains(js(view(&s, 0)), "ambush_failed") || strings.Contains(js(view(&s, -1)), "ambush_failed") {
		t.Fatal("failed checklist leaked")
	}
	do(t, &s, 1, "spring.3", rng)
	for _, a := range []int{1, 1, 0, 0, 0, 0} {
		do(t, &s, 1, "ans."+string(rune('0'+a)), rng)
	}
	if s.Sides[1].Platoons[3].Status != T || lastLog(&s, "ambush_revealed") == nil || s.Sub == SubAmbush {
		t.Fatal("attempt 2 did not reveal")
	}
}

func TestE11ImmediateAmbush(t *testing.T) {
	s := assignState(t, "hasty_attack", statuses(r1(), M, T, T, R, R, R), "infantry")
	s.Sides[0].Platoons = statuses(r2(), T, T, R, R, R)
	rng := dice(1)
	driveSetup(t, &s, rng)
	if s.Phase != PhImmediate {
		t.Fatalf("phase %s", s.Phase)
	}
	l := G.Legal(s, 1)
	if len(l) != 1 || l[0].String() != "check.0" {
		t.Fatalf("legal %v", l)
	}
	do(t, &s, 1, "check.0", rng)
	for _, a := range []string{"ans.1", "ans.1", "ans.0", "ans.0", "ans.0"} {
		do(t, &s, 1, a, rng)
	}
	if s.Sides[1].Platoons[0].Status != T || s.Phase != PhRecce {
		t.Fatalf("phase %s", s.Phase)
	}
	driveSetup(t, &s, rng)
	if s.Phase != PhBattle || s.First != 0 || rng.Used() != 1 {
		// Anna's turn-1 reserve roll is the only die
		t.Fatalf("phase %s first %d used %d", s.Phase, s.First, rng.Used())
	}
}

func TestE11OverrideNeedsBoth(t *testing.T) {
	s := assignState(t, "hasty_attack", statuses(r1(), M, T, T, R, R, R), "infantry")
	s.Sides[0].Platoons = statuses(r2(), T, T, R, R, R)
	rng := dice(6)
	driveSetup(t, &s, rng)
	do(t, &s, 1, "check.0", rng)
	do(t, &s, 1, "ans.0", rng)
	do(t, &s, 1, "override", rng)
	if a := G.Active(s); len(a) != 1 || a[0] != 0 {
		t.Fatalf("attacker should answer the override: %v", a)
	}
	do(t, &s, 0, "override", rng)
	if s.Sides[1].Platoons[0].Status != T || s.Phase != PhRecce || lastLog(&s, "override") == nil {
		t.Fatal("override failed")
	}
}

func TestE12Roles(t *testing.T) {
	cases := []struct {
		ca, cb, fb string
		d          []int
		choice     string
		att        int
		reason     string
	}{
		{"tank", "infantry", "", nil, "", 0, "company_type"},
		{"tank", "infantry", "always_attacks", nil, "", 1, "always_attacks"},
		{"infantry", "infantry", "", []int{2, 5}, "defend", 0, "rolloff_choice"},
	}
	for i, c := range cases {
		s := fresh(t, "no_retreat")
		s.Sides[0].Platoons, s.Sides[1].Platoons = r2(), r1()
		s.Sides[0].Company, s.Sides[1].Company, s.Sides[1].Always = c.ca, c.cb, c.fb
		rng := dice(c.d...)
		do(t, &s, 0, "ready", rng)
		do(t, &s, 1, "ready", rng)
		if c.choice != "" {
			if s.Phase != PhRoleChoice || s.RollWinner != 1 {
				t.Fatalf("case %d: phase %s winner %d", i, s.Phase, s.RollWinner)
			}
			do(t, &s, s.RollWinner, c.choice, rng)
		}
		if s.Attacker != c.att || s.RolesReason != c.reason || rng.Used() != len(c.d) {
			t.Fatalf("case %d: attacker %d reason %s used %d", i, s.Attacker, s.RolesReason, rng.Used())
		}
	}
}

func TestE13Patrol(t *testing.T) {
	a := []Platoon{pl("infantry", "trained", false, false, false, false, 4, 100), pl("infantry", "trained", false, false, false, false, 8, 100),
		pl("infantry", "trained", false, false, false, false, 8, 100), pl("infantry", "trained", false, false, false, false, 8, 100)}
	b := []Platoon{pl("infantry", "trained", false, false, false, false, 9, 100), pl("infantry", "trained", false, false, false, false, 9, 100)}
	s := fresh(t, "no_mans_land")
	s.Sides[0].Platoons, s.Sides[1].Platoons = statuses(a, T, T, R, R), statuses(b, T, R)
	s.Sides[0].Ready, s.Sides[1].Ready = true, true
	setRoles(&s, 0, "rolloff_choice")
	driveSetup(t, &s, dice())
	if s.Phase != PhPatrol {
		t.Fatalf("phase %s", s.Phase)
	}
	reject(t, s, 0, "patrol.0.0", "patrol_too_small")
	reject(t, s, 0, "patrol.2.0", "patrol_not_on_table")
	do(t, &s, 0, "patrol.1.0", nil)
	do(t, &s, 1, "patrol.0.1", nil)
	if !s.Sides[0].Platoons[1].Patrol || !s.Sides[1].Platoons[0].Patrol || !s.Sides[1].Platoons[0].PatrolLeft || s.Phase != PhRecce {
		t.Fatal("patrols not recorded")
	}
}

func TestE14OverTheWire(t *testing.T) {
	s := fresh(t, "no_mans_land")
	s.Sides[0].Platoons, s.Sides[1].Platoons = statuses(r2(), T, T, R, R, R), statuses(r1(), T, T, T, R, R, R)
	s.Sides[0].Company, s.Sides[1].Company = "fortified", "fortified"
	rng := dice(6, 2)
	s.Sides[0].Ready = true
	do(t, &s, 1, "ready", rng)
	do(t, &s, 0, "attack", rng)
	if s.Phase != PhObjectives {
		t.Fatalf("phase %s", s.Phase)
	}
	for _, seat := range []int{0, 0, 1, 1} {
		do(t, &s, seat, "placed", rng)
	}
	// roster "ready" resets statuses to on_table: assign again
	for i := 3; i <= 5; i++ {
		do(t, &s, 1, "assign."+string(rune('0'+i))+".1", rng)
	}
	driveSetup(t, &s, rng)
	do(t, &s, 0, "no_patrol", rng)
	do(t, &s, 1, "patrol.0.0", rng)
	driveSetup(t, &s, rng)
	want := []Objective{{0, 1, false}, {0, 1, false}, {1, 0, false}, {1, 0, false}}
	if js(s.Objectives) != js(want) || s.First != 0 || s.Sub != SubMovement {
		t.Fatalf("objectives %v first %d sub %s", s.Objectives, s.First, s.Sub)
	}
	// Bartek reports his own losses during Anna's turn (any time, §8).
	do(t, &s, 1, "lost.1.1", rng)
	do(t, &s, 1, "lost.1.2", rng)
	do(t, &s, 0, "end_turn", rng)
	do(t, &s, 1, "end_turn", rng)
	if objs, _ := victoryOptions(&s); !eqInts(objs, []int{0, 1}) {
		t.Fatalf("Anna's options %v", objs)
	}
	do(t, &s, 0, "none", rng)
	do(t, &s, 0, "end_turn", rng)
	if objs, _ := victoryOptions(&s); !eqInts(objs, []int{2, 3}) {
		t.Fatalf("Bartek's options %v", objs)
	}
	do(t, &s, 1, "hold.3", rng)
	o := G.Outcome(s)
	if len(o.Winners) != 1 || o.Winners[0] != 1 || o.Reason != "either_holds" || !eqInts(o.Scores, []int{3, 4}) || rng.Used() != 2 {
		t.Fatalf("outcome %+v used %d", o, rng.Used())
	}
}

func TestE15AgreedEnd(t *testing.T) {
	rng := dice()
	s := battle(t, "free_for_all", statuses(r2(), T, T, T, T, X), statuses(r1(), X, X, X, T, T, X), 0, 0, rng)
	do(t, &s, 0, "agree_end", rng)
	if a := G.Active(s); len(a) != 2 {
		t.Fatalf("active %v", a)
	}
	do(t, &s, 1, "agree_end", rng)
	o := G.Outcome(s)
	if !o.Done || len(o.Winners) != 0 || o.Reason != "agreed" || !eqInts(o.Scores, []int{3, 1}) {
		t.Fatalf("outcome %+v", o)
	}
}

func TestE16MoraleFailure(t *testing.T) {
	rng := dice(1, 1, 1, 1, 1, 1, 1)
	s := battle(t, "no_retreat", statuses(r2(), T, T, T, X, X), statuses(r1(), X, X, T, T, X, T), 0, 0, rng)
	for i := 0; i < 13; i++ {
		endTurn(t, &s, rng)
	}
	if s.Active != 1 || s.Turn != 7 {
		t.Fatalf("active %d turn %d", s.Active, s.Turn)
	}
	do(t, &s, 1, "morale_failed", rng)
	o := G.Outcome(s)
	if o.Winners[0] != 0 || o.Reason != "morale_failed" || !eqInts(o.Scores, []int{4, 3}) {
		t.Fatalf("outcome %+v", o)
	}
}

func TestScatterZone(t *testing.T) {
	for _, c := range [][3]string{{"L", "S", "SW"}, {"R", "S", "SE"}, {"L", "N", "NE"}, {"R", "N", "NW"}, {"E", "N", "N"}} {
		if ScatterZone(c[0], c[1]) != c[2] {
			t.Fatalf("%v", c)
		}
	}
}
