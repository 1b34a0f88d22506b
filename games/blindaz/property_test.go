package blindaz

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

func playouts(t *testing.T, full, short int) int {
	n := full
	if testing.Short() {
		n = short
	}
	if raceEnabled {
		n = max(n/12, 4)
	}
	return n
}

// TestHiddenInformation: no view (spectator or seat) and no event contains
// the identity of a tile in either stack or the box while the game runs.
func TestHiddenInformation(t *testing.T) {
	g := games.Check[State](Game{})
	n := playouts(t, 80, 20)
	for game := range n {
		seats := 1 + game%4
		r := games.NewPCG(uint64(game), 5)
		pr := rand.New(rand.NewPCG(uint64(game), 3))
		s, _ := g.Setup(games.Options{}, seats, r)
		for s.Phase != PhaseOver {
			var hidden []string
			for _, id := range s.Stack {
				hidden = append(hidden, `"`+TileCode(id)+`"`)
			}
			for _, id := range s.EStack {
				hidden = append(hidden, `"`+EnemyCode(id)+`"`)
			}
			for _, id := range s.Box {
				hidden = append(hidden, `"`+EnemyCode(id)+`"`)
			}
			views := []string{mustJSON(t, g.View(s, games.Spectator))}
			for seat := range seats {
				views = append(views, mustJSON(t, g.View(s, games.Seat(seat))))
			}
			for _, v := range views {
				for _, h := range hidden {
					if strings.Contains(v, h) {
						t.Fatalf("game %d: view leaks %s", game, h)
					}
				}
				if strings.Contains(v, `"box"`) || strings.Contains(v, `"estack"`) {
					t.Fatalf("view has a box/stack field")
				}
			}
			// the box's composition is never told apart from the stack's
			if v := g.View(s, games.Spectator).(View); v.Box != nil {
				t.Fatalf("box revealed before the end")
			}
			act := g.Active(s)
			seat := act[0]
			var a games.Action
			if pr.IntN(3) == 0 {
				legal := g.Legal(s, seat)
				a = legal[pr.IntN(len(legal))]
			} else {
				a = g.Bot(s, seat, r)
			}
			ns, ev, err := g.Apply(s, seat, a, r)
			if err != nil {
				t.Fatal(err)
			}
			evj := mustJSON(t, ev)
			for _, id := range ns.Stack {
				if strings.Contains(evj, `"`+TileCode(id)+`"`) {
					t.Fatalf("event leaks a stack tile")
				}
			}
			for _, id := range append(slices.Clone(ns.EStack), ns.Box...) {
				if strings.Contains(evj, `"`+EnemyCode(id)+`"`) {
					t.Fatalf("event leaks an enemy tile")
				}
			}
			s = ns
		}
		v := g.View(s, games.Spectator).(View)
		if len(v.Box) != BoxSize {
			t.Fatalf("box not revealed at the end")
		}
	}
}

// TestViewsIdentical: nothing is private, every seat sees the public view.
func TestViewsIdentical(t *testing.T) {
	g := games.Check[State](Game{})
	s, _ := botGame(t, 3, 3, games.Options{})
	_ = s
	r := games.NewPCG(3, 3)
	st, _ := g.Setup(games.Options{}, 3, r)
	for range 60 {
		if st.Phase == PhaseOver {
			break
		}
		pub := g.View(st, games.Spectator).(View)
		for seat := range 3 {
			v := g.View(st, games.Seat(seat)).(View)
			v.Viewer = -1
			if mustJSON(t, v) != mustJSON(t, pub) {
				t.Fatal("seat view differs from the public view")
			}
		}
		seat := g.Active(st)[0]
		st, _, _ = g.Apply(st, seat, g.Bot(st, seat, r), r)
	}
}

func TestSetupOptions(t *testing.T) {
	g := games.Check[State](Game{})
	for _, c := range []struct {
		seats   int
		opts    games.Options
		n       int
		limit   int
		wantErr bool
	}{
		{1, games.Options{}, 2, 10, false},
		{1, games.Options{OptSolo: SoloLone}, 1, 10, false},
		{2, games.Options{OptDifficulty: "veteran"}, 2, 8, false},
		{4, games.Options{OptDifficulty: "recruit"}, 4, 12, false},
		{0, games.Options{}, 0, 0, true},
		{5, games.Options{}, 0, 0, true},
		{2, games.Options{OptDifficulty: "hard"}, 0, 0, true},
	} {
		s, err := g.Setup(c.opts, c.seats, games.NewPCG(1, 2))
		if (err != nil) != c.wantErr {
			t.Fatalf("%+v: %v", c, err)
		}
		if err == nil && (s.N != c.n || s.Limit != c.limit) {
			t.Fatalf("%+v: N=%d limit=%d", c, s.N, s.Limit)
		}
	}
	// two-soldier solo: seat 0 deploys both, then commands both
	s, _ := g.Setup(games.Options{}, 1, games.NewPCG(1, 2))
	r := games.NewPCG(1, 2)
	s, _ = apply(t, s, 0, "deploy.2", r)
	eq(t, "still deploying", s.Phase, PhaseDeploy)
	s, _ = apply(t, s, 0, "deploy.5", r)
	eq(t, "turn", s.Phase, PhaseTurn)
	eq(t, "positions", []string{posOf(s, 0), posOf(s, 1)}, []string{"G2", "G5"})
	eq(t, "active", g.Active(s), []games.Seat{0})
	reject(t, s, 0, "deploy.1", "already_deployed")
	// deploy is simultaneous
	m, _ := g.Setup(games.Options{}, 3, games.NewPCG(1, 2))
	eq(t, "active", g.Active(m), []games.Seat{0, 1, 2})
	m, _ = apply(t, m, 1, "deploy.1", r)
	eq(t, "active", g.Active(m), []games.Seat{0, 2})
	if g.Legal(m, 1) != nil {
		t.Fatal("deployed seat still has actions")
	}
	if g.Info().ID != ID || !g.Info().Coop {
		t.Fatal("info")
	}
	if Engine().Info().ID != ID {
		t.Fatal("Engine is another game")
	}
	_ = fmt.Sprint
	_ = json.Marshal
}

func BenchmarkApply(b *testing.B) {
	g := games.Check[State](Game{})
	seed := uint64(0)
	r := games.NewPCG(seed, 1)
	s, _ := g.Setup(games.Options{}, 3, r)
	b.ResetTimer()
	for b.Loop() {
		if s.Phase == PhaseOver {
			seed++
			r = games.NewPCG(seed, 1)
			s, _ = g.Setup(games.Options{}, 3, r)
		}
		seat := g.Active(s)[0]
		legal := g.Legal(s, seat)
		a := legal[len(legal)-1]
		if s.Phase == PhaseDeploy {
			a = legal[0]
		}
		s, _, _ = g.Apply(s, seat, a, r)
	}
}

func BenchmarkPlayout(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		botGame(b, seed, 3, games.Options{})
		seed++
	}
}

func BenchmarkBot(b *testing.B) {
	g := games.Check[State](Game{})
	r := games.NewPCG(1, 1)
	s, _ := g.Setup(games.Options{}, 2, r)
	for range 20 {
		seat := g.Active(s)[0]
		s, _, _ = g.Apply(s, seat, g.Bot(s, seat, r), r)
	}
	for b.Loop() {
		g.Bot(s, g.Active(s)[0], r)
	}
}

// checkAdvance is invariant 11: across an enemy phase every tank and
// infantry tile that was on the board before the action and is still there
// after it moved exactly one column east in its lane.
func checkAdvance(t testing.TB, before, after *State) {
	t.Helper()
	where := map[int]int{}
	for c, b := range before.Board {
		if b.Enemy != 0 && EnemyTile(b.Enemy).Kind != Artillery {
			where[b.Enemy] = c
		}
	}
	for c, b := range after.Board {
		if b.Enemy == 0 {
			continue
		}
		if EnemyTile(b.Enemy).Kind == Artillery {
			if x, _ := XY(c); x != colA {
				t.Fatalf("artillery moved")
			}
			continue
		}
		if old, ok := where[b.Enemy]; ok && c != old+1 {
			t.Fatalf("%s moved %s -> %s", EnemyCode(b.Enemy), CellName(old), CellName(c))
		}
	}
}
