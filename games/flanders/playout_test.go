package flanders

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkInvariants asserts spec §14 (the parts that hold for one state).
func checkInvariants(t testing.TB, s State) {
	t.Helper()
	fail := func(f string, a ...any) {
		t.Helper()
		t.Fatalf("invariant: "+f+"\nstate: %s", append(a, mustJSON(t, s))...)
	}
	// 1. cards
	var seen [NumCards]int
	mark := func(c int) {
		if c < 0 || c >= NumCards {
			fail("bad card id %d", c)
		}
		seen[c]++
	}
	for _, c := range s.Draw {
		mark(c)
	}
	for _, c := range s.Discard {
		mark(c)
	}
	for sp, c := range s.Spaces {
		if c >= 0 {
			if sp < 3 || sp == NineSpace || sp > 11 {
				fail("card on space %d", sp)
			}
			mark(c)
		}
	}
	for _, p := range s.Players {
		for _, c := range p.Hand {
			mark(c)
		}
	}
	for c, n := range seen {
		if n != 1 {
			fail("card %s seen %d times", CardID(c), n)
		}
	}
	// 2. troops
	sum := s.Pool
	if s.Pool < 0 {
		fail("pool %d", s.Pool)
	}
	for _, p := range s.Players {
		if p.Troops < 0 {
			fail("troops %d", p.Troops)
		}
		sum += p.Troops
	}
	if sum != NumTroops {
		fail("troops total %d", sum)
	}
	// 3. rows; 7. hands; 10. reached
	for i, p := range s.Players {
		if p.Row < 0 || p.Row > Objective {
			fail("row %d", p.Row)
		}
		if i != s.Active || s.Over() {
			for _, c := range p.Hand {
				if !Types[cardTypeOf[c]].Keep {
					fail("seat %d holds %s outside its turn", i, CardID(c))
				}
			}
		}
		if p.Eliminated && (len(p.Hand) > 0 || p.Troops != 0) {
			fail("eliminated seat %d holds cards or troops", i)
		}
		if p.Reached && (p.Row != Objective || p.Troops < 1) {
			fail("reached seat %d on row %d with %d", i, p.Row, p.Troops)
		}
	}
	// 4. space 9
	if s.NineClaimed && !s.MayStop {
		fail("nine claimed without a take")
	}
	// 5. full board at turn start
	if s.Phase == PhaseReady && !s.MayStop && len(s.Draw)+len(s.Discard) > 0 {
		for _, sp := range Drawable {
			if s.Spaces[sp] < 0 {
				fail("space %d empty at turn start", sp)
			}
		}
	}
	// 6. row check
	for _, row := range CheckRows {
		all := true
		for _, sp := range row {
			all = all && s.Spaces[sp] >= 0 && IsGerman(cardTypeOf[s.Spaces[sp]])
		}
		if all {
			fail("all-German row %v", row)
		}
	}
	// 8. flying circus
	if s.FCActive && !s.Over() {
		for _, c := range s.Players[s.Active].Hand {
			if t := cardTypeOf[c]; t == AerialRecon || t == ObservationBalloon || t == BritishArtillery {
				fail("fc active but holds %s", CardID(c))
			}
		}
	}
	// 9. may_stop, dice
	if s.MayStop != (len(s.Taken) > 0) {
		fail("may_stop %v with %d taken", s.MayStop, len(s.Taken))
	}
	for _, d := range s.Dice {
		if d < 1 || d > 6 {
			fail("die %d", d)
		}
	}
	// 10, 11. end
	if s.Over() {
		if len(s.Winners) == 0 {
			fail("no winners")
		}
		if s.Reason == ReasonObjective {
			turns := -1
			for _, p := range s.Players {
				if p.Eliminated {
					continue
				}
				if turns >= 0 && p.Turns != turns {
					fail("unequal turns at the end")
				}
				turns = p.Turns
			}
		}
		if len(s.Players[s.Active].Hand) > 0 && s.Players[s.Active].Eliminated {
			fail("eliminated hand")
		}
	} else {
		// 13. no dead ends
		if len(Game{}.Legal(s, games.Seat(s.Active))) == 0 {
			fail("no legal action in phase %s", s.Phase)
		}
	}
}

// checkRows is invariant 3 across one action: only the active company
// moves, one row per step event, back one row per retreat event.
func checkRows(t testing.TB, before, after State, evs []games.Event) {
	t.Helper()
	row := before.Players[before.Active].Row
	for _, e := range evs {
		var n Note
		if err := e.Decode(&n); err != nil {
			t.Fatal(err)
		}
		nums := n.Nums
		switch e.Kind {
		case "step":
			row++
			if nums[0] != row {
				t.Fatalf("step to %d, expected %d", nums[0], row)
			}
		case "retreat":
			if nums[0] != row || nums[1] != row-1 {
				t.Fatalf("retreat %v from %d", nums, row)
			}
			row--
		}
	}
	for i := range before.Players {
		want := before.Players[i].Row
		if i == before.Active {
			want = row
		}
		if after.Players[i].Row != want {
			t.Fatalf("seat %d row %d, expected %d", i, after.Players[i].Row, want)
		}
	}
}

// cardIDs finds every "type#n" card id in a JSON text.
func cardIDs(js string) []string {
	var out []string
	for i := 0; i < len(js); i++ {
		if js[i] != '#' {
			continue
		}
		a := i
		for a > 0 && (js[a-1] >= 'a' && js[a-1] <= 'z' || js[a-1] == '_' || js[a-1] >= '0' && js[a-1] <= '9') {
			a--
		}
		b := i + 1
		for b < len(js) && js[b] >= '0' && js[b] <= '9' {
			b++
		}
		out = append(out, js[a:b])
	}
	return out
}

// playouts scales a playout count: short under -short, an eighth under -race.
func playouts(short, long int) int {
	n := long
	if testing.Short() {
		n = short
	}
	if raceEnabled {
		n = max(1, n/8)
	}
	return n
}

// TestHiddenInformation: no view ever names a card in the draw pile or
// exposes the pile itself.
func TestHiddenInformation(t *testing.T) {
	g := games.Check[State](Game{})
	steps := 0
	defer func() { t.Logf("%d steps", steps) }()
	for seed := range uint64(playouts(20, 60)) {
		rng := games.NewPCG(seed, 5)
		pick := games.NewPCG(seed, 6)
		seats := 2 + int(seed%3)
		s, _ := g.Setup(nil, seats, rng)
		for !s.Over() {
			inDraw := map[string]bool{}
			for _, c := range s.Draw {
				inDraw[CardID(c)] = true
			}
			for viewer := -1; viewer < seats; viewer++ {
				js := mustJSON(t, g.View(s, games.Seat(viewer)))
				if strings.Contains(js, `"draw"`) {
					t.Fatal("view has a draw pile")
				}
				for _, id := range cardIDs(js) {
					if inDraw[id] {
						t.Fatalf("view for %d names draw-pile card %s", viewer, id)
					}
				}
				if viewer == -1 && steps%50 == 0 {
					var v View
					if err := json.Unmarshal([]byte(js), &v); err != nil {
						t.Fatal(err)
					}
				}
			}
			legal := g.Legal(s, games.Seat(s.Active))
			a := legal[pick.Intn(len(legal))]
			if pick.Intn(2) == 0 {
				a = g.Bot(s, games.Seat(s.Active), rng)
			}
			s, _, _ = g.Apply(s, games.Seat(s.Active), a, rng)
			steps++
		}
	}
}

func TestViewRoundTrip(t *testing.T) {
	g := games.Check[State](Game{})
	s, _ := g.Setup(nil, 3, games.NewPCG(3, 3))
	v := g.View(s, games.Spectator)
	b, _ := json.Marshal(v)
	var back View
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if b2, _ := json.Marshal(back); string(b2) != string(b) {
		t.Fatal("view does not round-trip")
	}
	if len(back.Spaces) != 9 || len(back.Players) != 3 || back.Viewer != -1 {
		t.Fatalf("view: %s", b)
	}
}

func BenchmarkApply(b *testing.B) {
	g := games.Check[State](Game{})
	rng := games.NewPCG(1, 1)
	s, _ := g.Setup(nil, 4, rng)
	b.ResetTimer()
	for range b.N {
		if s.Over() {
			b.StopTimer()
			s, _ = g.Setup(nil, 4, rng)
			b.StartTimer()
		}
		a := g.Bot(s, games.Seat(s.Active), rng)
		s, _, _ = g.Apply(s, games.Seat(s.Active), a, rng)
	}
}

func BenchmarkPlayout(b *testing.B) {
	g := games.Check[State](Game{})
	rng := games.NewPCG(2, 2)
	for range b.N {
		s, _ := g.Setup(nil, 4, rng)
		for !s.Over() {
			a := g.Bot(s, games.Seat(s.Active), rng)
			s, _, _ = g.Apply(s, games.Seat(s.Active), a, rng)
		}
	}
}
