package trenches

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

type variant struct {
	scn  int
	opts games.Options
}

func variants() []variant {
	var out []variant
	for scn := 1; scn <= 6; scn++ {
		sc := itoa(scn)
		out = append(out,
			variant{scn, games.Options{"scenario": sc}},
			variant{scn, games.Options{"scenario": sc, "role": "defender"}},
			variant{scn, games.Options{"scenario": sc, "solo": "true"}},
			variant{scn, games.Options{"scenario": sc, "match": "true", "solo": "true"}},
		)
	}
	return out
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// checkInvariants checks spec section 14 on s (prev is the state before the action).
func checkInvariants(prev, s State) error {
	sc := s.sc()
	if prev.Leg != s.Leg {
		prev = State{}
	}
	// 1. conservation.
	if len(s.Counters) != countCounters(sc) {
		return fmt.Errorf("counter count %d", len(s.Counters))
	}
	inStack := map[int]int{}
	for _, st := range s.Stacks {
		if len(st.Counters) == 0 {
			return fmt.Errorf("empty stack at %d", st.Hex)
		}
		for _, x := range st.Counters {
			inStack[x]++
			if s.Counters[x].Loc != LocStack || s.Counters[x].Hex != st.Hex {
				return fmt.Errorf("stack member %s has loc %s", s.Counters[x].ID, s.Counters[x].Loc)
			}
		}
		// 10.
		if st.Revealed > 0 {
			real := false
			for _, x := range st.Counters {
				real = real || !s.Counters[x].Decoy()
			}
			if !real {
				return fmt.Errorf("decoy-only stack at %d after a reveal", st.Hex)
			}
		}
		// 9.
		if st.Turn > s.revealLimit(st.Hex) {
			return fmt.Errorf("reveal limit at %d", st.Hex)
		}
		// 4.
		h := Hex(st.Hex)
		if h.Entry == "" && !s.isDugout(st.Hex) {
			return fmt.Errorf("stack at %d is neither entry nor dugout", st.Hex)
		}
	}
	setup := s.Phase == PhaseSetupDefender || s.Phase == PhaseSetupRaider
	for i, c := range s.Counters {
		if c.Loc == LocStack && inStack[i] != 1 {
			return fmt.Errorf("%s in %d stacks", c.ID, inStack[i])
		}
		if c.Loc == LocPending && !setup {
			return fmt.Errorf("%s pending after set-up", c.ID)
		}
		if c.Raider && (c.Loc == LocStack || c.Loc == LocEliminated || c.Loc == LocCaptured || c.Loc == LocRemoved) {
			return fmt.Errorf("raider %s at %s", c.ID, c.Loc)
		}
		if !c.Raider && (c.Loc == LocExited || c.Loc == LocCasualty) {
			return fmt.Errorf("defender %s at %s", c.ID, c.Loc)
		}
		if c.Decoy() && (c.Loc == LocMap || c.Loc == LocEliminated) {
			return fmt.Errorf("decoy %s face up", c.ID)
		}
		if !c.Decoy() && c.Loc == LocRemoved {
			return fmt.Errorf("unit %s removed", c.ID)
		}
		if c.Loc == LocMap {
			// 5.
			if !sc.Enterable(c.Hex) && !(c.Type == "mg" && c.Hex == 311 && s.Scenario == 6) {
				return fmt.Errorf("%s on %d", c.ID, c.Hex)
			}
			// 3.
			for _, o := range s.Counters {
				if o.Loc == LocMap && o.Hex == c.Hex && o.Raider != c.Raider {
					return fmt.Errorf("both sides in %d", c.Hex)
				}
			}
		}
		if len(prev.Counters) > 0 {
			p := prev.Counters[i]
			// 6.
			if c.Type == "mg" && p.Loc == LocMap && c.Loc == LocMap && p.Hex != c.Hex {
				return fmt.Errorf("MG moved")
			}
			if sc.FrenchH && c.Nation == "fr" && c.Type == "h" && prev.GT() == 1 && !setup && p.Loc == LocMap && c.Loc == LocMap && p.Hex != c.Hex {
				return fmt.Errorf("French H moved on GT 1")
			}
			// 8.
			if p.Acted && p.Loc == LocMap && c.Loc == LocMap && c.Hex != p.Hex && prev.M == s.M {
				return fmt.Errorf("%s acted twice", c.ID)
			}
			// 11.
			if c.Loc == LocExited && p.Loc != LocExited && prev.M > 3 {
				return fmt.Errorf("exit at M=%d", prev.M)
			}
			if p.Loc == LocExited && c.Loc != LocExited {
				return fmt.Errorf("exited unit returned")
			}
		}
	}
	// 2, 13.
	if !setup || s.Phase == PhaseSetupRaider {
		if len(s.Dugouts)+s.Cleared != sc.DugoutCount() {
			return fmt.Errorf("dugouts %d + %d", len(s.Dugouts), s.Cleared)
		}
	}
	for i, a := range s.Dugouts {
		for _, b := range s.Dugouts[i+1:] {
			if Distance(a, b) < 2 {
				return fmt.Errorf("dugouts %d %d too close", a, b)
			}
		}
	}
	// 7.
	if s.M < 0 || s.M > sc.T {
		return fmt.Errorf("M=%d", s.M)
	}
	if len(prev.Counters) > 0 && prev.Phase == PhaseDefender && s.Phase == PhaseRaider && prev.M-1 != s.M {
		return fmt.Errorf("M %d -> %d", prev.M, s.M)
	}
	// 12, 14.
	if len(prev.Counters) > 0 {
		pb, b := prev.score(), s.score()
		if b.Known < pb.Known || b.Total < pb.Total {
			return fmt.Errorf("VP decreased")
		}
		for _, h := range prev.Entered {
			if !contains(s.Entered, h) {
				return fmt.Errorf("flag lost")
			}
		}
		if prev.SnapTaken && (!s.SnapTaken || s.Snapshot != prev.Snapshot) {
			return fmt.Errorf("snapshot changed")
		}
	}
	// 16.
	if !setup {
		over := s.Phase == PhaseOver
		if over != (s.M == 0 || s.raidersOnMap() == 0) {
			return fmt.Errorf("game over %v with M=%d raiders=%d", over, s.M, s.raidersOnMap())
		}
	}
	return nil
}

func countCounters(sc *Scenario) int {
	n := 0
	for _, a := range sc.Allocs {
		n += len(a.Counters)
	}
	return n
}

// hiddenIDs lists the ids that the Raider and spectators must not see.
func hiddenIDs(s State) []string {
	var out []string
	if s.Phase == PhaseOver {
		return nil
	}
	for _, c := range s.Counters {
		if c.Loc == LocStack || c.Loc == LocCaptured || (s.Phase == PhaseSetupDefender && !c.Raider && c.Loc != LocPending) {
			out = append(out, `"`+c.ID+`"`)
		}
	}
	return out
}

func checkHidden(s State) error {
	ids := hiddenIDs(s)
	for _, viewer := range []games.Seat{games.Spectator, games.Seat(s.RaiderSeat)} {
		v := G.View(s, viewer).(View)
		v.Legs = nil
		js := mustJSON(v)
		for _, id := range ids {
			if strings.Contains(js, id) {
				return fmt.Errorf("viewer %d sees hidden %s", viewer, id)
			}
		}
		if v.HiddenVP != -1 && s.Phase != PhaseOver {
			return fmt.Errorf("viewer %d sees hidden VP", viewer)
		}
		for _, st := range v.Stacks {
			if len(st.Contents) > 0 && s.Phase != PhaseOver {
				return fmt.Errorf("viewer %d sees stack contents", viewer)
			}
		}
		for _, a := range G.Legal(s, viewer) {
			if a.Verb == VReveal {
				return fmt.Errorf("raider may reveal")
			}
		}
	}
	return nil
}

var allVerbs = []string{VDugout, VPlace, VUnplace, VAuto, VReady, VMove, VExit, VAttack, VClear, VReveal, VEnd, "bogus"}

func randomAction(r *rand.Rand, n int) games.Action {
	v := allVerbs[r.IntN(len(allVerbs))]
	k := r.IntN(4)
	a := games.Action{Verb: v}
	for i := 0; i < k; i++ {
		switch r.IntN(3) {
		case 0:
			a.Args = append(a.Args, r.IntN(n+2)-1)
		case 1:
			a.Args = append(a.Args, (r.IntN(7))*100+r.IntN(14))
		default:
			a.Args = append(a.Args, r.IntN(2))
		}
	}
	return a
}

func inLegal(legal []games.Action, a games.Action) bool {
	for _, l := range legal {
		if l.Equal(a) {
			return true
		}
	}
	return false
}

// playout plays random legal actions; check is called after each one.
func playout(t *testing.T, v variant, seed uint64, deep bool) (State, []games.Action) {
	t.Helper()
	every := 5
	if raceEnabled {
		every = 25
	}
	r := rand.New(rand.NewPCG(seed, 99))
	rng := games.NewPCG(seed, 7)
	s, err := G.Setup(v.opts, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	var hist []games.Action
	for step := 0; ; step++ {
		if step > 3000 {
			t.Fatalf("seed %d %v: no end after %d actions (phase %s)", seed, v.opts, step, s.Phase)
		}
		if err := checkHidden(s); err != nil {
			t.Fatalf("seed %d %v step %d: %v", seed, v.opts, step, err)
		}
		if G.Outcome(s).Done {
			if len(G.Active(s)) != 0 {
				t.Fatal("active seats after the end")
			}
			return s, hist
		}
		act := G.Active(s)
		if len(act) != 1 {
			t.Fatalf("active %v", act)
		}
		seat := act[0]
		legal := G.Legal(s, seat)
		if len(legal) == 0 {
			t.Fatalf("no legal actions in %s", s.Phase)
		}
		if G.Legal(s, 1-seat) != nil {
			t.Fatal("inactive seat has actions")
		}
		if deep {
			// A random non-legal action is rejected without change.
			for k := 0; k < 3; k++ {
				a := randomAction(r, len(s.Counters))
				if inLegal(legal, a) {
					continue
				}
				before := mustJSON(s)
				n, _, err := G.Apply(s, seat, a, games.NewPCG(1, 1))
				if err == nil {
					t.Fatalf("seed %d: illegal %v accepted in %s", seed, a, s.Phase)
				}
				if games.ErrorCode(err) == "" {
					t.Fatalf("untyped error %v", err)
				}
				if mustJSON(n) != before || mustJSON(s) != before {
					t.Fatal("rejected action changed the state")
				}
			}
			if _, _, err := G.Apply(s, 1-seat, legal[0], games.NewPCG(1, 1)); games.ErrorCode(err) != "not_your_turn" {
				t.Fatalf("other seat: %v", err)
			}
			// Every legal action is accepted (sampled states).
			if step%every == 0 {
				for _, a := range legal {
					if _, _, err := G.Apply(s, seat, a, games.NewPCG(2, 2)); err != nil {
						t.Fatalf("legal %v rejected: %v", a, err)
					}
				}
			}
			// The view's move search agrees with the engine's.
			pv := G.View(s, seat).(View)
			for _, a := range legal {
				switch a.Verb {
				case VMove:
					m, _ := pv.MoveCosts(a.Args[0])
					r := s.reach(a.Args[0], Stats[s.Counters[a.Args[0]].Type].MP)
					if o, ok := m[a.Args[1]]; !ok || o.Cost != r.Cost[Idx(a.Args[1])] {
						t.Fatalf("view move cost for %v: %+v", a, o)
					}
				case VExit:
					if _, ex := pv.MoveCosts(a.Args[0]); ex.Cost == 0 {
						t.Fatalf("view has no exit for %v", a)
					}
				}
			}
			// JSON round trip.
			var back State
			if err := json.Unmarshal([]byte(mustJSON(s)), &back); err != nil {
				t.Fatal(err)
			}
			if mustJSON(back) != mustJSON(s) {
				t.Fatal("JSON round trip differs")
			}
			s = back
		}
		var a games.Action
		// Prefer doing things over ending the turn; sometimes use the bot.
		switch x := r.IntN(10); {
		case x < 2:
			a = G.Bot(s, seat, rng)
		default:
			a = legal[r.IntN(len(legal))]
			if (a.Verb == VEnd || a.Verb == VUnplace) && r.IntN(4) != 0 {
				a = legal[r.IntN(len(legal))]
			}
		}
		var before string
		if deep {
			before = mustJSON(s)
		}
		n, evs, err := G.Apply(s, seat, a, rng)
		if err != nil {
			t.Fatalf("seed %d: legal %v rejected: %v", seed, a, err)
		}
		// Public events name nothing hidden.
		if hid := hiddenIDs(n); len(hid) > 0 && n.Leg == s.Leg {
			for _, e := range evs {
				if e.Private {
					continue
				}
				js := mustJSON(e)
				for _, id := range hid {
					if strings.Contains(js, id) {
						t.Fatalf("public event %s names hidden %s", js, id)
					}
				}
			}
		}
		if deep && mustJSON(s) != before {
			t.Fatal("Apply modified its input")
		}
		if err := checkInvariants(s, n); err != nil {
			t.Fatalf("seed %d %v step %d after %v: %v", seed, v.opts, step, a, err)
		}
		hist = append(hist, a)
		s = n
	}
}

func TestRandomPlayouts(t *testing.T) {
	n := 5
	if testing.Short() || raceEnabled {
		n = 1
	}
	for i, v := range variants() {
		if raceEnabled && i%3 != 0 {
			continue
		}
		for seed := uint64(1); seed <= uint64(n); seed++ {
			playout(t, v, seed, seed <= 3)
		}
	}
}

func TestReplayDeterministic(t *testing.T) {
	vs := variants()[:8]
	if raceEnabled {
		vs = vs[:2]
	}
	for _, v := range vs {
		s1, hist := playout(t, v, 42, false)
		rng := games.NewPCG(42, 7)
		s, _ := G.Setup(v.opts, 2, rng)
		for _, a := range hist {
			var err error
			s, _, err = G.Apply(s, G.Active(s)[0], a, rng)
			if err != nil {
				t.Fatal(err)
			}
		}
		if mustJSON(s) != mustJSON(s1) {
			t.Fatal("replay differs")
		}
	}
}

func TestBotsOnly(t *testing.T) {
	n := 12
	if testing.Short() || raceEnabled {
		n = 1
	}
	wins := map[int][2]int{}
	for _, v := range variants() {
		for seed := uint64(1); seed <= uint64(n); seed++ {
			rng := games.NewPCG(seed, 3)
			s, err := G.Setup(v.opts, 2, rng)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; !G.Outcome(s).Done; step++ {
				if step > 2000 {
					t.Fatalf("bot game did not end")
				}
				seat := G.Active(s)[0]
				raw := s.botChoice()
				if !inLegal(G.Legal(s, seat), raw) {
					t.Fatalf("%v seed %d: bot chose illegal %v in %s", v.opts, seed, raw, s.Phase)
				}
				a := G.Bot(s, seat, rng)
				n, _, err := G.Apply(s, seat, a, rng)
				if err != nil {
					t.Fatal(err)
				}
				if err := checkInvariants(s, n); err != nil {
					t.Fatal(err)
				}
				s = n
			}
			if !v.opts.Bool("match", false) && v.opts["role"] == "" && !v.opts.Bool("solo", false) {
				w := wins[v.scn]
				if G.Outcome(s).Reason == "raid_succeeded" {
					w[0]++
				} else {
					w[1]++
				}
				wins[v.scn] = w
			}
		}
	}
	for scn := 1; scn <= 6; scn++ {
		t.Logf("S%d bot vs bot: raider %d, defender %d", scn, wins[scn][0], wins[scn][1])
	}
}

func TestMatchPlaysTwoLegs(t *testing.T) {
	rng := games.NewPCG(5, 5)
	s, _ := G.Setup(games.Options{"scenario": "2", "match": "true"}, 2, rng)
	for !G.Outcome(s).Done {
		seat := G.Active(s)[0]
		s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
	}
	if len(s.Legs) != 2 || s.Legs[0].RaiderSeat != 0 || s.Legs[1].RaiderSeat != 1 || s.LegVP[0] < 0 || s.LegVP[1] < 0 {
		t.Fatalf("%+v %v", s.Legs, s.LegVP)
	}
	o := G.Outcome(s)
	if o.Reason != "match_won" && o.Reason != "match_drawn" {
		t.Fatal(o.Reason)
	}
}

func TestRegisteredAndOptions(t *testing.T) {
	e, ok := games.Lookup(ID)
	if !ok {
		t.Fatal("not registered")
	}
	if _, err := e.Setup(games.Options{"scenario": "7"}, 2, games.NewPCG(1, 1)); err == nil {
		t.Fatal("scenario 7 accepted")
	}
	if _, err := e.Setup(games.Options{"role": "x"}, 2, games.NewPCG(1, 1)); err == nil {
		t.Fatal("bad role accepted")
	}
	s, err := e.Setup(games.Options{"role": "attacker"}, 2, games.NewPCG(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := e.Encode(s)
	if _, err := e.Decode(b); err != nil {
		t.Fatal(err)
	}
}

func TestDistanceChecks(t *testing.T) {
	for _, c := range [][3]int{{503, 103, 4}, {203, 107, 4}, {409, 111, 3}, {311, 205, 6}, {303, 502, 2}, {503, 410, 8}, {107, 307, 2}} {
		if d := Distance(c[0], c[1]); d != c[2] {
			t.Errorf("d(%d,%d)=%d want %d", c[0], c[1], d, c[2])
		}
	}
	links := 0
	for _, h := range Map {
		for _, l := range h.Links {
			if !Adjacent(h.ID, l) || !Linked(l, h.ID) {
				t.Errorf("link %d-%d", h.ID, l)
			}
			links++
		}
		for _, n := range Neighbors(h.ID) {
			if Distance(h.ID, n) != 1 {
				t.Errorf("neighbour %d-%d", h.ID, n)
			}
		}
	}
	if links != 68 {
		t.Errorf("links %d want 34 undirected", links/2)
	}
}

func BenchmarkApply(b *testing.B) {
	rng := games.NewPCG(1, 1)
	s, _ := G.Setup(games.Options{"scenario": "6"}, 2, rng)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if G.Outcome(s).Done {
			b.StopTimer()
			s, _ = G.Setup(games.Options{"scenario": "6"}, 2, rng)
			b.StartTimer()
		}
		b.StopTimer()
		seat := G.Active(s)[0]
		legal := G.Legal(s, seat)
		a := legal[rng.Intn(len(legal))]
		b.StartTimer()
		s, _, _ = G.Apply(s, seat, a, rng)
	}
}

// BenchmarkLegal is the cost of listing a seat's legal actions mid-game.
func BenchmarkLegal(b *testing.B) {
	rng := games.NewPCG(1, 1)
	s, _ := G.Setup(games.Options{"scenario": "5"}, 2, rng)
	for i := 0; i < 12; i++ {
		seat := G.Active(s)[0]
		s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
	}
	seat := G.Active(s)[0]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		G.Legal(s, seat)
	}
}

func BenchmarkPlayout(b *testing.B) {
	for i := 0; i < b.N; i++ {
		rng := games.NewPCG(uint64(i), 1)
		s, _ := G.Setup(games.Options{"scenario": itoa(i%6 + 1)}, 2, rng)
		for !G.Outcome(s).Done {
			seat := G.Active(s)[0]
			s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
		}
	}
}
