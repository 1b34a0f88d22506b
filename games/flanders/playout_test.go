package flanders

import (
	"encoding/json"
	"fmt"
	"sort"
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
func checkRows(t *testing.T, before, after State, evs []games.Event) {
	t.Helper()
	row := before.Players[before.Active].Row
	for _, e := range evs {
		nums, _ := e.Data["nums"].([]int)
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

// randomAction makes an arbitrary (mostly illegal) action.
func randomAction(r games.Rand) games.Action {
	names := make([]string, 0, len(verbs))
	for v := range verbs {
		names = append(names, v)
	}
	sort.Strings(names)
	v := names[r.Intn(len(names))]
	n := verbs[v].args
	if r.Intn(10) == 0 {
		n = r.Intn(3)
	}
	a := games.Action{Verb: v}
	for range n {
		a.Args = append(a.Args, r.Intn(25)-5)
	}
	if r.Intn(20) == 0 {
		a.Verb = "nonsense"
	}
	return a
}

func contains(list []games.Action, a games.Action) bool {
	for _, l := range list {
		if l.Equal(a) {
			return true
		}
	}
	return false
}

type playout struct {
	seed    uint64
	seats   int
	opts    games.Options
	actions []games.Action
	seatsOf []games.Seat
	final   State
}

// randomPlayout plays one game with random legal actions (or the bot with
// probability botPct/100) and checks everything after every action.
func randomPlayout(t *testing.T, seed uint64, botPct int, thorough bool) playout {
	g := games.Check[State](Game{})
	seats := 2 + int(seed%3)
	opts := games.Options{}
	if seed%4 == 1 {
		opts[OptBeginner] = "all"
	}
	if seed%5 == 2 {
		opts[OptStrongArtillery] = "on"
	}
	rng := games.NewPCG(seed, 99)
	pick := games.NewPCG(seed, 7)
	s, err := g.Setup(opts, seats, rng)
	if err != nil {
		t.Fatal(err)
	}
	po := playout{seed: seed, seats: seats, opts: opts}
	checkInvariants(t, s)
	for step := 0; !s.Over(); step++ {
		if step > 5000 {
			t.Fatalf("seed %d: game did not end", seed)
		}
		seat := games.Seat(s.Active)
		legal := g.Legal(s, seat)
		for other := range seats {
			if other != int(seat) && g.Legal(s, games.Seat(other)) != nil {
				t.Fatalf("seat %d has legal actions out of turn", other)
			}
		}
		before := ""
		if thorough {
			before = mustJSON(t, s)
			for _, a := range legal {
				if _, _, err := g.Apply(s, seat, a, games.NewPCG(uint64(step), 3)); err != nil {
					t.Fatalf("seed %d: legal %v rejected: %v", seed, a, err)
				}
			}
			for range 3 {
				a := randomAction(pick)
				if contains(legal, a) {
					continue
				}
				ns, _, err := g.Apply(s, seat, a, rng)
				if err == nil || games.ErrorCode(err) == "" {
					t.Fatalf("seed %d: illegal %v accepted in %s (legal %v)", seed, a, s.Phase, legal)
				}
				if mustJSON(t, ns) != before {
					t.Fatalf("rejected action changed the state")
				}
			}
			if _, _, err := g.Apply(s, games.Seat((int(seat)+1)%seats), legal[0], rng); games.ErrorCode(err) != "not_your_turn" {
				t.Fatalf("out-of-turn action: %v", err)
			}
			// JSON round trip.
			var back State
			if err := json.Unmarshal([]byte(before), &back); err != nil {
				t.Fatal(err)
			}
			if mustJSON(t, back) != before {
				t.Fatalf("state JSON does not round-trip")
			}
		}
		var a games.Action
		if int(pick.Intn(100)) < botPct {
			a = g.Bot(s, seat, rng)
			if !contains(legal, a) {
				t.Fatalf("bot chose illegal %v (legal %v)", a, legal)
			}
		} else {
			a = legal[pick.Intn(len(legal))]
		}
		ns, evs, err := g.Apply(s, seat, a, rng)
		if err != nil {
			t.Fatalf("seed %d: %v: %v", seed, a, err)
		}
		checkRows(t, s, ns, evs)
		if thorough && mustJSON(t, s) != before {
			t.Fatalf("Apply modified its input")
		}
		po.actions = append(po.actions, a)
		po.seatsOf = append(po.seatsOf, seat)
		s = ns
		checkInvariants(t, s)
	}
	po.final = s
	return po
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

func TestRandomPlayouts(t *testing.T) {
	ends := map[string]int{}
	for seed := range uint64(playouts(100, 400)) {
		po := randomPlayout(t, seed, 50, seed%4 == 0)
		ends[po.final.Reason]++
		// Replay: same seed and actions give the same state.
		if seed%10 == 0 {
			g := games.Check[State](Game{})
			rng := games.NewPCG(seed, 99)
			s, _ := g.Setup(po.opts, po.seats, rng)
			for i, a := range po.actions {
				var err error
				s, _, err = g.Apply(s, po.seatsOf[i], a, rng)
				if err != nil {
					t.Fatal(err)
				}
			}
			if mustJSON(t, s) != mustJSON(t, po.final) {
				t.Fatalf("seed %d: replay differs", seed)
			}
		}
	}
	t.Logf("endings: %v", ends)
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

func TestBotGames(t *testing.T) {
	g := games.Check[State](Game{})
	wins := map[int]int{}
	reasons := map[string]int{}
	rounds, games_ := 0, 0
	for seed := range uint64(playouts(200, 1000)) {
		seats := 2 + int(seed%3)
		rng := games.NewPCG(seed, 11)
		s, _ := g.Setup(nil, seats, rng)
		for step := 0; !s.Over(); step++ {
			if step > 3000 {
				t.Fatalf("seed %d: bot game too long", seed)
			}
			seat := games.Seat(s.Active)
			a := g.Bot(s, seat, rng)
			if !contains(g.Legal(s, seat), a) {
				t.Fatalf("bot chose illegal %v", a)
			}
			var err error
			s, _, err = g.Apply(s, seat, a, rng)
			if err != nil {
				t.Fatal(err)
			}
		}
		checkInvariants(t, s)
		reasons[fmt.Sprint(seats, "p ", s.Reason)]++
		if s.Reason == ReasonObjective && len(s.Winners) > 1 {
			reasons[fmt.Sprint(seats, "p shared")]++
		}
		if seats == 2 {
			for _, w := range s.Winners {
				wins[(w-s.First+2)%2]++
			}
		}
		rounds += s.Round
		games_++
	}
	t.Logf("2p wins by position (first, second): %v; mean rounds %.2f; endings %v", wins, float64(rounds)/float64(games_), reasons)
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
	if fmt.Sprint(back.Recent[len(back.Recent)-1].Kind) != "turn_started" {
		t.Fatalf("recent: %v", back.Recent)
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
