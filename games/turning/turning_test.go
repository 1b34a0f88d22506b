package turning_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/games/turning"
)

var (
	fl = games.Adapt[flanders.State](flanders.Game{})
	bl = games.Adapt[blindaz.State](blindaz.Game{})
	tr = games.Adapt[trenches.State](trenches.Game{})
	fr = games.Adapt[frontline.State](frontline.Game{})
)

// play records an all-computer game of e: its start and moves.
func play(t testing.TB, e games.Engine, seats int, seed uint64) (games.State, []turning.Move) {
	t.Helper()
	return playWith(t, e, seats, nil, seed)
}

// reached: seat 0 has reached the objective with 8 troops, and seat 1, far
// behind at row 0, plays the round's last turn: seat 0 has all but won.
func reached(t testing.TB) games.State {
	s, err := flanders.Game{}.Setup(games.Options{flanders.OptFirstPlayer: "1"}, 2, games.NewPCG(3, 3))
	if err != nil {
		t.Fatal(err)
	}
	st := s
	st.Players = append([]flanders.Player(nil), s.Players...)
	st.Players[0].Row, st.Players[0].Reached, st.Players[0].Troops = flanders.Objective, true, 8
	st.Pool -= 2
	st.Active = 1
	return st
}

func TestEstimate(t *testing.T) {
	start, moves := play(t, fl, 2, 11)
	end := moves[len(moves)-1].After
	won := fl.Outcome(end).Winners
	cases := []struct {
		name     string
		e        games.Engine
		s        games.State
		seats    int
		min, max []float64
	}{
		{"flanders start is open", fl, start, 2, []float64{0.2, 0.2}, []float64{0.8, 0.8}},
		{"flanders all but won", fl, reached(t), 2, []float64{0.97, 0}, []float64{1, 0.03}},
	}
	for _, c := range cases {
		got, err := turning.Estimate(c.e, c.s, games.Spectator, c.seats, 400, 5000, games.NewPCG(1, 1))
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			if got[i] < c.min[i] || got[i] > c.max[i] {
				t.Errorf("%s: seat %d chance %.3f, want %.2f..%.2f", c.name, i, got[i], c.min[i], c.max[i])
			}
		}
	}
	// A finished game is certain.
	got, err := turning.Estimate(fl, end, games.Spectator, 2, 10, 5000, games.NewPCG(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		want := 0.0
		for _, w := range won {
			if int(w) == i {
				want = 1
			}
		}
		if got[i] != want {
			t.Errorf("finished: seat %d chance %v, want %v", i, got[i], want)
		}
	}
}

// TestSecrecy: two states that differ only in facts hidden from the
// viewer (the same view: a Disguise twin for a spectator, a Determinize
// twin for a player) get the same estimate for the same sampling seed, so
// the estimate never reads the hidden truth. In the games whose seats
// keep secrets, some twin must differ, or the test checked nothing.
func TestSecrecy(t *testing.T) {
	for _, g := range []struct {
		e       games.Engine
		seats   int
		opts    games.Options
		secrets bool
	}{
		{fl, 2, nil, false}, {fl, 3, nil, false}, {bl, 1, nil, false}, {bl, 3, nil, false}, {fr, 2, nil, true},
		{tr, 2, games.Options{"scenario": "4"}, true}, {tr, 2, games.Options{"scenario": "6", "role": "defender"}, true},
	} {
		_, moves := playWith(t, g.e, g.seats, g.opts, 5)
		differ := 0
		for k := 0; k < len(moves)-1; k += max(len(moves)/6, 1) {
			s := moves[k].After
			for viewer := games.Spectator; viewer < games.Seat(g.seats); viewer++ {
				twin, ok := g.e.Determinize(s, viewer, games.NewPCG(99, uint64(k)))
				if !ok {
					t.Fatalf("%s has no Disguise", g.e.Info().ID)
				}
				a, _ := json.Marshal(g.e.View(s, viewer))
				b, _ := json.Marshal(g.e.View(twin, viewer))
				if string(a) != string(b) {
					t.Fatalf("%s: the twin has another view for %d", g.e.Info().ID, viewer)
				}
				sa, _ := g.e.Encode(s)
				sb, _ := g.e.Encode(twin)
				if string(sa) == string(sb) {
					continue // nothing hidden left to differ
				}
				differ++
				x, err := turning.Estimate(g.e, s, viewer, g.seats, 24, 5000, games.NewPCG(7, 7))
				if err != nil {
					t.Fatal(err)
				}
				y, err := turning.Estimate(g.e, twin, viewer, g.seats, 24, 5000, games.NewPCG(7, 7))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(x, y) {
					t.Fatalf("%s move %d viewer %d: the hidden truth changed the estimate: %v vs %v", g.e.Info().ID, k, viewer, x, y)
				}
			}
		}
		if differ == 0 && g.secrets {
			t.Fatalf("%s %v: no twin differed, the test checked nothing", g.e.Info().ID, g.opts)
		}
	}
}

// playWith is play with table options.
func playWith(t testing.TB, e games.Engine, seats int, opts games.Options, seed uint64) (games.State, []turning.Move) {
	t.Helper()
	r := games.NewPCG(seed, 7)
	start, err := e.Setup(opts, seats, r)
	if err != nil {
		t.Fatal(err)
	}
	var moves []turning.Move
	for s := start; !e.Outcome(s).Done; {
		seat := e.Active(s)[0]
		a := e.Bot(s, seat, r)
		ns, _, err := e.Apply(s, seat, a, r)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, turning.Move{Seat: seat, Action: a, After: ns})
		s = ns
	}
	return start, moves
}

func TestBuild(t *testing.T) {
	for _, g := range []struct {
		e     games.Engine
		seats int
	}{{fl, 2}, {fl, 3}, {fl, 4}, {fr, 2}, {tr, 2}, {bl, 1}, {bl, 2}, {bl, 4}} {
		start, moves := play(t, g.e, g.seats, 21)
		cfg := turning.Config{Playouts: 24, Seed: 1}
		rep, err := turning.Build(g.e, start, moves, g.seats, games.Spectator, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if want := len(turning.TurnEnds(moves, g.seats)) + 1; len(rep.Points) != want {
			t.Fatalf("%s: %d points, want %d", g.e.Info().ID, len(rep.Points), want)
		}
		last := rep.Points[len(rep.Points)-1]
		for _, w := range g.e.Outcome(moves[len(moves)-1].After).Winners {
			if last.Chances[w] != 1 {
				t.Errorf("%s: the winner's last chance is %v", g.e.Info().ID, last.Chances[w])
			}
		}
		if len(rep.Swings) == 0 {
			t.Fatalf("%s: no swings", g.e.Info().ID)
		}
		for i := 1; i < len(rep.Swings); i++ {
			if abs(rep.Swings[i].Delta) > abs(rep.Swings[i-1].Delta) {
				t.Errorf("%s: swings out of order: %+v", g.e.Info().ID, rep.Swings)
			}
		}
		// The turning points told are the largest kept, in turn order.
		top := rep.Top(3, func(sw turning.Swing) bool { return sw != rep.Swings[0] })
		if len(rep.Swings) > 3 && len(top) != 3 || slices.Contains(top, rep.Swings[0]) {
			t.Errorf("%s: top %+v of %+v", g.e.Info().ID, top, rep.Swings)
		}
		for i := 1; i < len(top); i++ {
			if top[i].Move <= top[i-1].Move || abs(top[i].Delta) > abs(rep.Swings[1].Delta) {
				t.Errorf("%s: top not in turn order or not the largest: %+v", g.e.Info().ID, top)
			}
		}
		again, err := turning.Build(g.e, start, moves, g.seats, games.Spectator, cfg)
		if err != nil || !reflect.DeepEqual(again, rep) {
			t.Errorf("%s: the same seed gave another report", g.e.Info().ID)
		}
	}
}

func TestUnsupported(t *testing.T) {
	fw := games.Adapt[fow.State](fow.Game{})
	start, err := fw.Setup(nil, 2, games.NewPCG(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := turning.Build(fw, start, nil, 2, games.Spectator, turning.Config{}); err == nil {
		t.Fatal("a report for fow, whose battle is fought on a real table")
	}
}

// TestBlindazChances: in co-op every seat has the team's chance, and a
// lost game ends at 0.
func TestBlindazChances(t *testing.T) {
	start, moves := play(t, bl, 3, 2)
	rep, err := turning.Build(bl, start, moves, 3, 1, turning.Config{Playouts: 40, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	first := rep.Points[0].Chances
	if first[0] <= 0 || first[0] >= 1 {
		t.Errorf("the start's chance is %v: rollouts tell nothing", first[0])
	}
	for _, p := range rep.Points {
		for _, c := range p.Chances[1:] {
			if c != p.Chances[0] {
				t.Fatalf("move %d: seats have different chances %v in a co-op game", p.Move, p.Chances)
			}
		}
	}
	last := rep.Points[len(rep.Points)-1].Chances[0]
	if won := len(bl.Outcome(moves[len(moves)-1].After).Winners) > 0; won != (last == 1) || !won && last != 0 {
		t.Errorf("the team's last chance is %v, victory %v", last, won)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// BenchmarkBuild: a whole game's report with the default budget, the
// cost of one "How it went" click; flanders-long is a game of random
// moves, longer than the computer's.
func BenchmarkBuild(b *testing.B) {
	for _, g := range []struct {
		name   string
		e      games.Engine
		seats  int
		random bool
	}{{"flanders2", fl, 2, false}, {"flanders4", fl, 4, false}, {"flanders-long", fl, 4, true}, {"frontline", fr, 2, false}, {"trenches", tr, 2, false},
		{"blindaz1", bl, 1, false}, {"blindaz2", bl, 2, false}, {"blindaz4", bl, 4, false}} {
		start, moves := play(b, g.e, g.seats, 31)
		if g.random {
			start, moves = randomGame(b, g.e, g.seats, 31)
		}
		b.Run(g.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := turning.Build(g.e, start, moves, g.seats, games.Spectator, turning.Config{Seed: uint64(i)}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(turning.TurnEnds(moves, g.seats))), "turns")
		})
	}
}

// randomGame records a game of uniformly random moves.
func randomGame(t testing.TB, e games.Engine, seats int, seed uint64) (games.State, []turning.Move) {
	t.Helper()
	r := games.NewPCG(seed, 8)
	start, err := e.Setup(nil, seats, r)
	if err != nil {
		t.Fatal(err)
	}
	var moves []turning.Move
	for s := start; !e.Outcome(s).Done; {
		seat := e.Active(s)[0]
		legal := e.Legal(s, seat)
		a := legal[r.Intn(len(legal))]
		ns, _, err := e.Apply(s, seat, a, r)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, turning.Move{Seat: seat, Action: a, After: ns})
		s = ns
	}
	return start, moves
}
