package trenches

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// Die results are scripted as Intn(6) values: roll d is script value d-1.

func TestExample1MovementAndExitTiming(t *testing.T) {
	s := build(t, 1, PhaseRaider, 7, map[string]int{"ge-g-1": 107, "ge-g-2": 107, "ge-g-3": 107, "ge-g-4": 107}, nil)
	if c, code := s.PathCost(true, []int{107, 207, 307, 306}); c != 4 || code != "" {
		t.Fatalf("path cost %d %s", c, code)
	}
	s = do(t, s, mv(t, s, "ge-g-1", 306))
	if l, h := loc(t, s, "ge-g-1"); l != LocMap || h != 306 || !s.Counters[idx(t, s, "ge-g-1")].Acted {
		t.Fatalf("ge-g-1 %s %d", l, h)
	}
	reject(t, s, mv(t, s, "ge-g-2", 108), "path_blocked_wire")
	if _, code := s.PathCost(true, []int{107, 108}); code != "path_blocked_wire" {
		t.Fatal(code)
	}
	if c, _ := s.PathCost(true, []int{107, 207, 307, 306, 305}); c != 5 {
		t.Fatalf("path 5 = %d", c)
	}
	// Destination form: 0304 costs at least 5 from 0107.
	reject(t, s, mv(t, s, "ge-g-3", 304), "not_enough_mp")
	reject(t, s, games.Act(VExit, idx(t, s, "ge-g-4")), "exit_not_allowed")
	s = do(t, s, mv(t, s, "ge-g-4", 305))
	if c, _ := s.PathCost(true, []int{107, 206, 306, 305}); c != 4 {
		t.Fatal(c)
	}
	for _, id := range []string{"ge-g-2", "ge-g-3"} {
		if l, h := loc(t, s, id); l != LocMap || h != 107 || s.Counters[idx(t, s, id)].Acted {
			t.Fatalf("%s should be unmoved", id)
		}
	}
}

func TestExample2HiddenStackAndBlocking(t *testing.T) {
	s := build(t, 1, PhaseRaider, 6, map[string]int{"ge-g-1": 305}, map[int][]string{203: {"br-lmg-1", "br-r-1"}})
	if c, _ := s.PathCost(true, []int{305, 304, 203}); c != 3 {
		t.Fatal(c)
	}
	if c, _ := s.PathCost(true, []int{305, 304, 303, 203}); c != 3 {
		t.Fatal(c)
	}
	n := do(t, s, mv(t, s, "ge-g-1", 203))
	if _, h := loc(t, n, "ge-g-1"); h != 203 {
		t.Fatal(h)
	}
	// Variant: br-lmg-1 face up in 0203 blocks.
	v := build(t, 1, PhaseRaider, 6, map[string]int{"ge-g-1": 305, "br-lmg-1": 203}, map[int][]string{203: {"br-r-1"}})
	reject(t, v, mv(t, v, "ge-g-1", 203), "path_blocked_enemy")
	// Defender turn: a raider pins the stack.
	n.Phase = PhaseDefender
	reject(t, n, games.Act(VReveal, 203, idx(t, n, "br-lmg-1")), "reveal_blocked_by_raider")
}

func TestExample3ClearAndCapture(t *testing.T) {
	s := build(t, 1, PhaseRaider, 5, map[string]int{"ge-g-1": 203, "ge-g-3": 210, "br-lmg-2": 212},
		map[int][]string{203: {"br-lmg-1", "br-r-1"}})
	s = do(t, s, games.Act(VClear, idx(t, s, "ge-g-1")))
	if s.isDugout(203) || s.Cleared != 1 || s.stackAt(203) != nil {
		t.Fatal("dugout not cleared")
	}
	for _, id := range []string{"br-lmg-1", "br-r-1"} {
		if l, _ := loc(t, s, id); l != LocCaptured {
			t.Fatalf("%s %s", id, l)
		}
	}
	v := G.View(s, games.Spectator).(View)
	if v.Known != 0 || v.Captured != 2 || v.HiddenVP != -1 {
		t.Fatalf("public VP %d captured %d hidden %d", v.Known, v.Captured, v.HiddenVP)
	}
	s = do(t, s, at(t, s, "ge-g-3", "br-lmg-2"), 0) // d6 = 1
	if v := G.View(s, games.Spectator).(View); v.Known != 3 {
		t.Fatalf("known %d", v.Known)
	}
	for s.Phase != PhaseOver {
		s = do(t, s, games.Act(VEnd))
	}
	o := G.Outcome(s)
	if !o.Done || o.Reason != "raid_succeeded" || o.Scores[s.RaiderSeat] != 7 || o.Winners[0] != games.Seat(s.RaiderSeat) {
		t.Fatalf("%+v", o)
	}
}

func TestExample4LMGMissRifleHit(t *testing.T) {
	s := build(t, 1, PhaseDefender, 5, map[string]int{"br-lmg-2": 212, "br-r-2": 212, "ge-g-2": 210, "ge-g-3": 207}, nil)
	s, e := doLast(t, s, at(t, s, "br-lmg-2", "ge-g-2"), 3) // d6 = 4
	if l, _ := loc(t, s, "ge-g-2"); l != LocMap {
		t.Fatal("should miss")
	}
	if e.Die != 4 || e.Hit || e.Need != 3 || e.Mod != 0 {
		t.Fatalf("%+v", e)
	}
	s = do(t, s, at(t, s, "br-r-2", "ge-g-2"), 2) // d6 = 3
	if l, _ := loc(t, s, "ge-g-2"); l != LocCasualty {
		t.Fatal("should hit")
	}
	reject(t, s, at(t, s, "br-lmg-2", "ge-g-3"), "already_acted")
}

func TestExample5TrenchModifier(t *testing.T) {
	cases := []struct {
		name     string
		att      string
		hex, die int
		hit      bool
		code     string
	}{
		{"a", "ca-h-1", 306, 5, true, ""},
		{"b", "ca-h-1", 207, 5, false, ""},
		{"c", "ca-g-1", 205, 4, true, ""},
		{"d", "ca-r-1", 305, 3, false, ""},
		{"e", "ca-r-1", 406, 3, true, ""},
		{"f", "ca-h-1", 305, 0, false, "out_of_range"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := build(t, 6, PhaseRaider, 8, map[string]int{"ge-r-1": 307, c.att: c.hex}, nil)
			if c.code != "" {
				reject(t, s, at(t, s, c.att, "ge-r-1"), c.code)
				return
			}
			n := do(t, s, at(t, s, c.att, "ge-r-1"), c.die-1)
			l, _ := loc(t, n, "ge-r-1")
			if (l == LocEliminated) != c.hit {
				t.Fatalf("hit=%v, loc %s", c.hit, l)
			}
			if c.hit && G.View(n, games.Spectator).(View).Known != 0 {
				t.Fatal("S6 gives no VP for units")
			}
		})
	}
}

func TestExample6STF(t *testing.T) {
	base := func(ph string) State {
		return build(t, 4, ph, 5, map[string]int{"ge-mg-1": 409, "ge-mg-2": 503, "ca-g-1": 308, "ca-r-1": 309,
			"ca-g-2": 111, "ca-r-2": 410}, nil)
	}
	s := base(PhaseRaider)
	n := do(t, s, at(t, s, "ca-g-1", "ge-mg-1"), 2)
	if l, _ := loc(t, n, "ge-mg-1"); l != LocEliminated || G.View(n, games.Spectator).(View).Known != 5 {
		t.Fatal("a: should hit for 5 VP")
	}
	n = do(t, s, at(t, s, "ca-g-1", "ge-mg-1"), 3)
	if l, _ := loc(t, n, "ge-mg-1"); l != LocMap {
		t.Fatal("b: should miss")
	}
	n = do(t, s, at(t, s, "ca-r-1", "ge-mg-1"), 1)
	if l, _ := loc(t, n, "ge-mg-1"); l != LocEliminated {
		t.Fatal("c: d6=2 should hit")
	}
	n = do(t, s, at(t, s, "ca-r-1", "ge-mg-1"), 2)
	if l, _ := loc(t, n, "ge-mg-1"); l != LocMap {
		t.Fatal("c: d6=3 should miss")
	}
	d := base(PhaseDefender)
	n = do(t, d, at(t, d, "ge-mg-1", "ca-g-2"), 3)
	if l, _ := loc(t, n, "ca-g-2"); l != LocCasualty {
		t.Fatal("d: should hit")
	}
	reject(t, d, at(t, d, "ge-mg-2", "ca-r-2"), "out_of_range")
}

func TestExample7RevealLimitAndDecoys(t *testing.T) {
	s := build(t, 2, PhaseDefender, 6, map[string]int{"br-g-1": 201}, map[int][]string{
		602: {"ge-g-1", "ge-r-1", "decoy-1"}, 605: {"ge-g-2", "decoy-2", "decoy-3"}})
	s = do(t, s, games.Act(VReveal, 602, idx(t, s, "ge-g-1")))
	if st := s.stackAt(602); st == nil || len(st.Counters) != 2 {
		t.Fatal("0602 count should be 2")
	}
	reject(t, s, games.Act(VReveal, 602, idx(t, s, "ge-r-1")), "reveal_limit")
	s = do(t, s, games.Act(VReveal, 605, idx(t, s, "ge-g-2")))
	if s.stackAt(605) != nil {
		t.Fatal("0605 should be empty")
	}
	for _, id := range []string{"decoy-2", "decoy-3"} {
		if l, _ := loc(t, s, id); l != LocRemoved {
			t.Fatal(id, l)
		}
	}
	reject(t, s, mv(t, s, "ge-g-1", 502), "already_acted")
	s = do(t, s, games.Act(VEnd))
	s = do(t, s, games.Act(VEnd))
	if s.M != 5 || s.Phase != PhaseDefender {
		t.Fatal(s.M, s.Phase)
	}
	s = do(t, s, games.Act(VReveal, 602, idx(t, s, "ge-r-1")))
	if l, _ := loc(t, s, "decoy-1"); l != LocRemoved || s.stackAt(602) != nil {
		t.Fatal("decoy-1 should go")
	}
	if c, _ := s.PathCost(false, []int{602, 502, 503, 402, 302}); c != 4 {
		t.Fatal(c)
	}
	s = do(t, s, mv(t, s, "ge-g-1", 302))
}

func TestExample8Exits(t *testing.T) {
	s := build(t, 2, PhaseRaider, 4, map[string]int{"br-h-1": 112, "br-r-1": 212, "br-g-1": 212, "br-g-2": 201,
		"br-r-2": 306, "ge-r-1": 512}, nil, 303, 305, 310)
	reject(t, s, games.Act(VExit, idx(t, s, "br-h-1")), "exit_not_allowed")
	s, e := doLast(t, s, mv(t, s, "br-r-1", 112))
	if e.Count != 2 {
		t.Fatal("cost should be 2")
	}
	s = do(t, s, games.Act(VEnd))
	s = do(t, s, games.Act(VEnd))
	if s.M != 3 {
		t.Fatal(s.M)
	}
	for _, id := range []string{"br-r-1", "br-h-1", "br-g-1", "br-g-2"} {
		s = do(t, s, games.Act(VExit, idx(t, s, id)))
		if l, _ := loc(t, s, id); l != LocExited {
			t.Fatal(id, l)
		}
	}
	if c, _ := s.PathCost(true, []int{212, 112, 0}); c != 3 {
		t.Fatal(c)
	}
	reject(t, s, games.Act(VExit, idx(t, s, "br-r-2")), "not_enough_mp")
	s = do(t, s, mv(t, s, "br-r-2", 106))
	if v := G.View(s, games.Spectator).(View); v.Known != 4 {
		t.Fatal(v.Known)
	}
}

func TestExample9FrenchHAndOutposts(t *testing.T) {
	s, err := G.Setup(games.Options{"scenario": "3"}, 2, games.Script())
	if err != nil {
		t.Fatal(err)
	}
	s = do(t, s, games.Act(VDugout, 304))
	s = do(t, s, games.Act(VDugout, 310))
	s = do(t, s, games.Act(VPlace, idx(t, s, "fr-h-1"), 304, 0))
	s = do(t, s, games.Act(VPlace, idx(t, s, "fr-h-2"), 310, 1))
	// D2/D3 are forced; D4 goes to C, D, E.
	for i, id := range []string{"fr-r-3", "fr-r-4", "fr-r-5", "fr-r-6", "decoy-3", "decoy-4", "decoy-5", "decoy-6"} {
		s = do(t, s, games.Act(VPlace, idx(t, s, id), []int{602, 605, 608}[i%3], 1))
	}
	s = do(t, s, games.Act(VReady))
	if s.Phase != PhaseSetupRaider {
		t.Fatal(s.Phase)
	}
	if l, h := loc(t, s, "fr-r-1"); l != LocMap || h != 203 {
		t.Fatal("fr-r-1", l, h)
	}
	if st := s.stackAt(304); st == nil || len(st.Counters) != 1 || s.Counters[st.Counters[0]].ID != "decoy-1" {
		t.Fatal("0304 stack")
	}
	for _, p := range []struct {
		id string
		h  int
	}{{"ge-h-1", 306}, {"ge-h-2", 308}, {"ge-g-1", 306}, {"ge-g-2", 308}} {
		s = do(t, s, games.Act(VPlace, idx(t, s, p.id), p.h, 0))
	}
	s = do(t, s, games.Act(VReady))
	if s.Phase != PhaseRaider || s.M != 7 {
		t.Fatal(s.Phase, s.M)
	}
	s = do(t, s, mv(t, s, "ge-h-1", 305))
	s = do(t, s, games.Act(VEnd))
	reject(t, s, mv(t, s, "fr-h-1", 303), "french_h_turn1")
	s = do(t, s, at(t, s, "fr-h-1", "ge-h-1"), 4)
	if l, _ := loc(t, s, "ge-h-1"); l != LocCasualty {
		t.Fatal("fr-h-1 should hit (linked, no modifier)")
	}
	s = do(t, s, games.Act(VReveal, 310, idx(t, s, "fr-h-2")))
	if l, _ := loc(t, s, "decoy-2"); l != LocRemoved {
		t.Fatal("decoy-2")
	}
	// Step 3: GT 3, ge-g-1 at 0303, fr-r-1 gone.
	p := build(t, 3, PhaseRaider, 5, map[string]int{"ge-g-1": 303, "ge-g-2": 304, "fr-h-2": 310}, map[int][]string{304: {"decoy-1"}}, 304, 310)
	p, e := doLast(t, p, mv(t, p, "ge-g-1", 202))
	if e.Count != 3 || e.VP != 1 || !contains(p.Entered, 203) {
		t.Fatalf("%+v %v", e, p.Entered)
	}
	p = do(t, p, games.Act(VEnd))
	p = do(t, p, games.Act(VEnd))
	p, e = doLast(t, p, mv(t, p, "ge-g-2", 203))
	if e.Count != 2 || e.VP != 0 || len(p.Entered) != 1 {
		t.Fatalf("%+v %v", e, p.Entered)
	}
	if v := G.View(p, games.Spectator).(View); v.Known != 1 {
		t.Fatal(v.Known)
	}
}

func TestExample10Snapshot(t *testing.T) {
	s := build(t, 5, PhaseDefender, 4, map[string]int{"br-g-1": 308, "br-g-2": 310, "br-r-1": 311, "br-h-1": 312,
		"br-h-2": 212, "br-r-2": 409, "ge-r-1": 605}, nil)
	s = do(t, s, games.Act(VEnd))
	if !s.SnapTaken || s.Snapshot != 4 || s.M != 3 {
		t.Fatal(s.Snapshot, s.M)
	}
	s, e := doLast(t, s, games.Act(VExit, idx(t, s, "br-h-2")))
	if e.Count != 3 {
		t.Fatal("exit cost 3")
	}
	s = do(t, s, games.Act(VEnd))
	s = do(t, s, games.Act(VEnd))
	if c, _ := s.PathCost(true, []int{312, 211, 112, 0}); c != 4 {
		t.Fatal(c)
	}
	for _, id := range []string{"br-g-1", "br-g-2", "br-r-1", "br-r-2"} {
		s.Counters[idx(t, s, id)].Loc = LocCasualty
	}
	s = do(t, s, games.Act(VExit, idx(t, s, "br-h-1")))
	if s.Phase != PhaseOver {
		t.Fatal("early end expected")
	}
	o := G.Outcome(s)
	// The defender, who won, scores nothing in a single raid: no 0 to
	// contradict the winner; the raid is told against its target.
	if o.Reason != "raid_failed" || o.Scores[s.RaiderSeat] != 6 || o.Scores[1-s.RaiderSeat] != -1 || o.Target != s.sc().Victory {
		t.Fatalf("%+v", o)
	}
}

func TestExample11Impassable(t *testing.T) {
	s := build(t, 6, PhaseRaider, 8, map[string]int{"ge-mg-1": 311, "ca-r-1": 310, "ca-g-1": 210, "ca-h-1": 309, "ca-g-3": 205}, nil)
	reject(t, s, mv(t, s, "ca-r-1", 311), "path_blocked_impassable")
	n := do(t, s, at(t, s, "ca-g-1", "ge-mg-1"), 3)
	if l, _ := loc(t, n, "ge-mg-1"); l != LocEliminated {
		t.Fatal("G should hit")
	}
	h := build(t, 6, PhaseRaider, 8, map[string]int{"ge-mg-1": 311, "ca-h-1": 310}, nil)
	n = do(t, h, at(t, h, "ca-h-1", "ge-mg-1"), 4)
	if l, _ := loc(t, n, "ge-mg-1"); l != LocEliminated {
		t.Fatal("H should hit")
	}
	d := s
	d.Phase = PhaseDefender
	reject(t, d, mv(t, d, "ge-mg-1", 310), "immobile")
	n = do(t, d, at(t, d, "ge-mg-1", "ca-g-3"), 3)
	if l, _ := loc(t, n, "ca-g-3"); l != LocCasualty {
		t.Fatal("MG should hit at 6")
	}
	for _, id := range []string{"ca-r-1", "ca-g-1", "ca-h-1", "ca-g-3"} {
		if r := s.reach(idx(t, s, id), inf); r.Cost[Idx(212)] < inf {
			t.Fatalf("%s reaches 0212", id)
		}
	}
}

func TestExample12SoloSetupAndReveals(t *testing.T) {
	script := []int{3, 4}
	script = append(script, games.ShuffleScript([]int{1, 0})...)
	script = append(script, games.ShuffleScript([]int{0, 1})...)
	script = append(script, games.ShuffleScript([]int{4, 0, 1, 5, 6, 2, 7, 3})...)
	rng := games.Script(script...)
	s, err := G.Setup(games.Options{"scenario": "3", "solo": "true"}, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	if rng.Used() != len(script) {
		t.Fatalf("used %d of %d draws", rng.Used(), len(script))
	}
	names := func(h int) []string {
		var out []string
		if st := s.stackAt(h); st != nil {
			for _, x := range st.Counters {
				out = append(out, s.Counters[x].ID)
			}
		}
		return out
	}
	want := map[int]string{304: "[decoy-1 fr-h-1]", 310: "[fr-h-2 decoy-2]", 602: "[decoy-3 decoy-4 decoy-6]",
		605: "[fr-r-3 decoy-5 fr-r-6]", 608: "[fr-r-4 fr-r-5]"}
	for h, w := range want {
		if got := sprint(names(h)); got != w {
			t.Fatalf("%d: %s want %s", h, got, w)
		}
	}
	if s.Phase != PhaseSetupRaider {
		t.Fatal(s.Phase)
	}
	s = do(t, s, games.Act(VAuto))
	s = do(t, s, games.Act(VEnd))
	if s.Phase != PhaseDefender {
		t.Fatal(s.Phase)
	}
	for id, want := range map[string]string{"decoy-1": LocRemoved, "fr-h-1": LocMap, "fr-h-2": LocMap, "decoy-2": LocRemoved,
		"decoy-3": LocRemoved, "decoy-4": LocRemoved, "decoy-6": LocRemoved, "fr-r-3": LocMap, "fr-r-4": LocMap} {
		if l, _ := loc(t, s, id); l != want {
			t.Fatalf("%s %s want %s", id, l, want)
		}
	}
	if len(names(605)) != 2 || len(names(608)) != 1 || s.stackAt(602) != nil || s.stackAt(304) != nil || s.stackAt(310) != nil {
		t.Fatal("counts after GT 1")
	}
	s = do(t, s, games.Act(VEnd))
	s = do(t, s, games.Act(VEnd))
	for id, want := range map[string]string{"decoy-5": LocRemoved, "fr-r-6": LocMap, "fr-r-5": LocMap} {
		if l, _ := loc(t, s, id); l != want {
			t.Fatalf("%s %s want %s", id, l, want)
		}
	}
	if len(s.Stacks) != 0 {
		t.Fatal("stacks left")
	}
}

func sprint(x []string) string {
	out := "["
	for i, s := range x {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out + "]"
}

func TestExample13SetupValidation(t *testing.T) {
	s, _ := G.Setup(games.Options{"scenario": "2"}, 2, games.Script())
	a := do(t, s, games.Act(VDugout, 303))
	reject(t, a, games.Act(VDugout, 304), "dugout_spacing")
	a = do(t, a, games.Act(VDugout, 305))
	a = do(t, a, games.Act(VDugout, 310))
	reject(t, a, games.Act(VPlace, idx(t, a, "ge-g-1"), 303, 1), "dugout_not_empty")
	reject(t, a, games.Act(VPlace, idx(t, a, "ge-g-1"), 401, 1), "bad_hex")
	split := []int{301, 301, 301, 602, 602, 602, 602, 605, 605, 605, 512, 512}
	d1 := []string{"ge-g-1", "ge-g-2", "ge-g-3", "ge-g-4", "ge-r-1", "ge-r-2", "decoy-1", "decoy-2", "decoy-3", "decoy-4", "decoy-5", "decoy-6"}
	for i, id := range d1 {
		a = do(t, a, games.Act(VPlace, idx(t, a, id), split[i], 1))
	}
	reject(t, a, games.Act(VPlace, idx(t, a, "ge-r-3"), 212, 0), "raider_start_hex")
	reject(t, a, games.Act(VPlace, idx(t, a, "ge-r-3"), 303, 0), "dugout_not_empty")
	reject(t, a, games.Act(VPlace, idx(t, a, "ge-r-3"), 304, 1), "must_be_face_up")
	a = do(t, a, games.Act(VPlace, idx(t, a, "ge-r-3"), 301, 1))
	a = do(t, a, games.Act(VPlace, idx(t, a, "ge-r-4"), 203, 0))
	reject(t, a, games.Act(VEnd), "in_setup")
	a = do(t, a, games.Act(VUnplace))
	if l, _ := loc(t, a, "ge-r-4"); l != LocPending {
		t.Fatal("unplace")
	}
	a = do(t, a, games.Act(VPlace, idx(t, a, "ge-r-4"), 203, 0))
	a = do(t, a, games.Act(VReady))
	if a.Phase != PhaseRaider { // S2's raider set-up is fixed
		t.Fatal(a.Phase)
	}
	if st := a.stackAt(301); st == nil || len(st.Counters) != 4 {
		t.Fatal("0301 should hold 4")
	}
	if reject2 := G.Legal(a, games.Seat(a.RaiderSeat)); len(reject2) == 0 {
		t.Fatal("raider has no actions")
	}
}

func TestExample14FinalScore(t *testing.T) {
	for _, c := range []struct {
		dug, exits, vp int
		win            bool
	}{{3, 3, 12, true}, {2, 5, 11, false}} {
		s := build(t, 2, PhaseRaider, 1, map[string]int{}, nil)
		s.Cleared = c.dug
		n := 0
		for i := range s.Counters {
			if s.Counters[i].Raider && n < c.exits {
				s.Counters[i].Loc = LocExited
				n++
			}
		}
		b := s.score()
		if b.Total != c.vp || b.RaiderWins != c.win {
			t.Fatalf("%+v", b)
		}
	}
}

func TestExample15Match(t *testing.T) {
	for _, c := range []struct {
		vp     []int
		reason string
		win    []games.Seat
	}{{[]int{8, 8}, "match_drawn", nil}, {[]int{8, 7}, "match_won", []games.Seat{0}}} {
		s := State{Scenario: 4, Match: true, Phase: PhaseOver, LegVP: c.vp, Legs: []LegResult{{Leg: 1}, {Leg: 2, RaiderSeat: 1}}}
		o := G.Outcome(s)
		if o.Reason != c.reason || len(o.Winners) != len(c.win) || (len(c.win) > 0 && o.Winners[0] != c.win[0]) {
			t.Fatalf("%+v", o)
		}
	}
}
