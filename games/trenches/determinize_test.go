package trenches

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// twoHidden builds two S4 positions in a Raider turn that differ only in
// what the Raider cannot see: which counters lie in which stack, in what
// order, which was captured and which decoy left play.
func twoHidden(t *testing.T) (State, State) {
	up := map[string]int{"ge-mg-1": 409, "ge-mg-2": 503, "ca-g-1": 205, "ca-g-2": 206}
	a := build(t, 4, PhaseRaider, 5, up, map[int][]string{
		602: {"ge-g-2", "decoy-1"}, 605: {"ge-r-1"}, 608: {"decoy-2"}, 301: {"ge-g-1"}})
	b := build(t, 4, PhaseRaider, 5, up, map[int][]string{
		602: {"ge-r-2", "decoy-3"}, 605: {"ge-g-2"}, 608: {"decoy-1"}, 301: {"ge-g-1"}})
	a.Counters[idx(t, a, "ge-r-2")].Loc = LocCaptured
	b.Counters[idx(t, b, "ge-r-1")].Loc = LocCaptured
	a.Stacks[1].Revealed = 1 // no view shows past reveals
	return a, b
}

// TestDeterminizeRaider: two states the Raider (or a spectator) cannot
// tell apart give the same twin for the same numbers, with the viewer's
// view; the twins deal the hidden counters anew but only where their
// allocations allow (S4's ge-g-1 may hide on row 3's entry hex alone).
func TestDeterminizeRaider(t *testing.T) {
	a, b := twoHidden(t)
	for _, v := range []games.Seat{games.Seat(a.RaiderSeat), games.Spectator} {
		determinizeAlike(t, a, b, v)
	}
}

func determinizeAlike(t *testing.T, a, b State, raider games.Seat) {
	view := mustJSON(G.View(a, raider))
	if mustJSON(G.View(b, raider)) != view {
		t.Fatal("the Raider tells the two states apart: the test checks nothing")
	}
	moved := 0
	for seed := range uint64(40) {
		x := Game{}.Determinize(a, raider, games.NewPCG(seed, 1))
		y := Game{}.Determinize(b, raider, games.NewPCG(seed, 1))
		if mustJSON(x) != mustJSON(y) {
			t.Fatalf("seed %d: different twins\n%s\n%s", seed, mustJSON(x), mustJSON(y))
		}
		if mustJSON(G.View(x, raider)) != view {
			t.Fatalf("seed %d: the twin's view differs", seed)
		}
		if st := x.stackAt(301); st == nil || x.Counters[st.Counters[0]].ID != "ge-g-1" {
			t.Fatalf("seed %d: 0301 holds %v", seed, st)
		}
		if x.Counters[x.stackAt(602).Counters[0]].ID != "ge-g-2" {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("no twin dealt the stacks anew")
	}
}

// TestDeterminizeDefender: the Defender sees every stack, so its twin is
// the state (but for the past reveals, which no view shows and no rule
// reads again).
func TestDeterminizeDefender(t *testing.T) {
	a, b := twoHidden(t)
	def := a.DefenderSeat()
	if mustJSON(G.View(a, def)) == mustJSON(G.View(b, def)) {
		t.Fatal("the Defender cannot tell the two states apart")
	}
	x := Game{}.Determinize(a, def, games.NewPCG(1, 1))
	a.Stacks[1].Revealed = 0
	if mustJSON(x) != mustJSON(a) {
		t.Fatalf("the Defender's twin differs:\n%s\n%s", mustJSON(x), mustJSON(a))
	}
}

// TestDeterminizeRaiderDuringDefenderSetup: while the Defender builds
// the set-up the Raider sees none of it; two set-ups with different
// dugouts give the same twin, which has the Raider's view.
func TestDeterminizeRaiderDuringDefenderSetup(t *testing.T) {
	s, err := Game{}.Setup(games.Options{"scenario": "2"}, 2, games.NewPCG(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	legal := G.Legal(s, s.DefenderSeat())
	a, _ := Game{}.Do(s, s.DefenderSeat(), legal[0], games.NewPCG(1, 2))
	b, _ := Game{}.Do(s, s.DefenderSeat(), legal[len(legal)-3], games.NewPCG(1, 2))
	raider := games.Seat(s.RaiderSeat)
	if mustJSON(a) == mustJSON(b) || mustJSON(G.View(a, raider)) != mustJSON(G.View(b, raider)) {
		t.Fatal("the two set-ups are not different states with one Raider view")
	}
	x := Game{}.Determinize(a, raider, games.NewPCG(3, 3))
	y := Game{}.Determinize(b, raider, games.NewPCG(3, 3))
	if mustJSON(x) != mustJSON(y) || mustJSON(G.View(x, raider)) != mustJSON(G.View(a, raider)) {
		t.Fatalf("twins differ or show another view:\n%s\n%s", mustJSON(x), mustJSON(y))
	}
}
