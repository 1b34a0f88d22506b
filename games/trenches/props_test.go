package trenches

import (
	"encoding/json"
	"fmt"
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

// viewSearchAgrees: the view's move search gives the engine's costs for
// every legal move and exit of seat.
func viewSearchAgrees(t testing.TB, s State, seat games.Seat) {
	pv := G.View(s, seat).(View)
	for _, a := range G.Legal(s, seat) {
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
}

// publicEventsHide: public events name no counter still hidden.
func publicEventsHide(t testing.TB, prev, n State, evs []games.Event) {
	hid := hiddenIDs(n)
	if len(hid) == 0 || n.Leg != prev.Leg {
		return
	}
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

func TestEngineOptions(t *testing.T) {
	e := Engine()
	if e.Info().ID != ID {
		t.Fatal(e.Info().ID)
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
