package frontline

import (
	"fmt"
	"os"
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// midGames plays normal-level games of variant from a few seeds and hands
// f every state where the seat to act has a real choice.
func midGames(t testing.TB, seeds int, variant string, f func(s State, seat games.Seat)) {
	g := Game{}
	for seed := range uint64(seeds) {
		rng := games.NewPCG(seed, 1)
		s, err := g.Setup(games.Options{"variant": variant}, 2, rng)
		if err != nil {
			t.Fatal(err)
		}
		for !G.Outcome(s).Done {
			seat := G.Active(s)[0]
			if len(g.Legal(s, seat)) > 1 {
				f(s, seat)
			}
			s, _ = g.Do(s, seat, g.Bot(s, seat, rng), rng)
		}
	}
}

// TestDeterminizeHandBuilt: two states that differ only in what seat A
// cannot see (B's hand, the order of the decks, B's undisclosed
// declaration) give A the same twin from the same random numbers, and the
// twin keeps A's hand and view.
func TestDeterminizeHandBuilt(t *testing.T) {
	s := blank(3, A, A)
	s.put(A, "1.1", "riflemen-1")
	s.put(B, "2.2", "tanks-1")
	s.P[A].Hand = []int{c("assault-1"), c("fortify-2")}
	s.P[B].Hand = []int{c("sabotage-1"), c("spy-1"), c("barrage-2")}
	s.ActDeck = []int{c("dig_in-1"), c("convoy-1"), c("assault-3"), c("escape-2")}
	s.UnitDeck = []int{u("grenadiers-1"), u("recon-2"), u("mortars-1")}
	s.EvDeck = []int{2, 5, 7}
	s.Declared[B] = 2
	other := s.Clone()
	other.P[B].Hand = []int{c("assault-3"), c("convoy-1"), c("dig_in-1")}
	other.ActDeck = []int{c("spy-1"), c("escape-2"), c("barrage-2"), c("sabotage-1")}
	other.UnitDeck = []int{u("mortars-1"), u("grenadiers-1"), u("recon-2")}
	other.EvDeck = []int{7, 2, 5}
	other.Declared[B] = 3
	if a, b := mustJSON(t, s.view(A)), mustJSON(t, other.view(A)); a != b {
		t.Fatalf("the hand-built states differ in A's view:\n%s\n%s", a, b)
	}
	g := Game{}
	x := g.Determinize(s, A, games.NewPCG(5, 6))
	y := g.Determinize(other, A, games.NewPCG(5, 6))
	if a, b := mustJSON(t, x), mustJSON(t, y); a != b {
		t.Fatalf("same view, same numbers, different twins:\n%s\n%s", a, b)
	}
	if a, b := mustJSON(t, x.view(A)), mustJSON(t, s.view(A)); a != b {
		t.Fatalf("the twin changed A's view:\n%s\n%s", a, b)
	}
	// B sees its own hand and declaration, so for B the states differ.
	if mustJSON(t, g.Determinize(s, B, games.NewPCG(5, 6))) == mustJSON(t, g.Determinize(other, B, games.NewPCG(5, 6))) {
		t.Fatal("B's twins of states B tells apart are equal")
	}
	// Over many draws, B's hand takes cards A has not seen, and only those.
	unseen := map[int]bool{}
	for _, x := range append(append([]int(nil), s.P[B].Hand...), s.ActDeck...) {
		unseen[x] = true
	}
	moved := false
	for i := range uint64(20) {
		tw := g.Determinize(s, A, games.NewPCG(i, 1))
		for _, h := range tw.P[B].Hand {
			if !unseen[h] {
				t.Fatalf("B's drawn hand has card %s, which A has seen", ActionName(h))
			}
		}
		moved = moved || fmt.Sprint(tw.P[B].Hand) != fmt.Sprint(s.P[B].Hand)
		if tw.Declared[B] < 1 || tw.Declared[B] > 3 {
			t.Fatalf("B's drawn declaration %d", tw.Declared[B])
		}
	}
	if !moved {
		t.Fatal("B's hand was never dealt again")
	}
}

// TestHardIgnoresHiddenFacts: a state and its determinized twin for the
// seat to act (same view, other hidden facts) get the same hard choice
// from the same random numbers; the search reads nothing the seat does
// not know.
func TestHardIgnoresHiddenFacts(t *testing.T) {
	defer func(b int) { hardBudget = b }(hardBudget)
	hardBudget = 40
	g := Game{}
	n, checked, differ := 0, 0, 0
	midGames(t, 2, "standard", func(s State, seat games.Seat) {
		if n++; n%5 != 0 || checked >= 30 { // spread over both games
			return
		}
		checked++
		s.Level = games.LevelHard
		twin := g.Determinize(s, seat, games.NewPCG(uint64(checked), 99))
		if mustJSON(t, twin) != mustJSON(t, s) {
			differ++
		}
		a := g.Bot(s, seat, games.NewPCG(7, uint64(checked)))
		b := g.Bot(twin, seat, games.NewPCG(7, uint64(checked)))
		if !a.Equal(b) {
			t.Fatalf("month %d phase %s: %v with the true hidden facts, %v with its twin", s.Month, s.Phase, a, b)
		}
	})
	if differ == 0 {
		t.Fatal("no twin differed: the test checked nothing")
	}
}

// TestLevelsConformance: the contract (legal computer choices, the same
// choice again from the same numbers, input unchanged, determinism) at the
// easy and hard levels, the hard search on a small budget so whole games
// stay quick.
func TestLevelsConformance(t *testing.T) {
	defer func(b int) { hardBudget = b }(hardBudget)
	hardBudget = 8
	gamestest.Run(t, games.Adapt[State](Game{}), gamestest.Config{
		Setups: []gamestest.Setup{
			{Seats: 2, Opts: games.Options{games.OptComputer: games.LevelHard, "variant": "short_war"}},
			{Seats: 2, Opts: games.Options{games.OptComputer: games.LevelEasy}},
			{Seats: 2, Opts: games.Options{games.OptComputer: games.LevelHard, "variant": "beginner"}},
		},
		Playouts: 3,
		BotGames: 3,
		Check: func(t testing.TB, s games.State) {
			st := s.(State)
			if err := st.checkInvariants(); err != nil {
				t.Fatal(err)
			}
		},
	})
}

func TestComputerOption(t *testing.T) {
	gamestest.ComputerOption(t, func(opts games.Options) (string, error) {
		s, err := Game{}.Setup(opts, 2, games.NewPCG(1, 1))
		return s.Level, err
	})
}

func TestSeatLevels(t *testing.T) {
	gamestest.SeatLevels(t, func(opts games.Options, seat games.Seat) (string, error) {
		s, err := Game{}.Setup(opts, 2, games.NewPCG(1, 1))
		return games.SeatLevel(s.Level, s.Levels, seat), err
	})
}

func TestBotSeatLevels(t *testing.T) { gamestest.BotSeatLevels(t, games.Adapt[State](Game{})) }

// BenchmarkHardBot: one hard choice at the full budget (HardPlayouts)
// from states of a normal game; ns/op is the time of a computer move.
func BenchmarkHardBot(b *testing.B) {
	var states []State
	var seats []games.Seat
	midGames(b, 1, "standard", func(s State, seat games.Seat) {
		s.Level = games.LevelHard
		states, seats = append(states, s), append(seats, seat)
	})
	g := Game{}
	r := games.NewPCG(1, 2)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := i % len(states)
		g.Bot(states[k], seats[k], r)
	}
}

// TestHardWinRate (WARROOM_WINRATE=1; WARROOM_WINRATE_SEEDS, default 200;
// WARROOM_WINRATE_FROM, the first seed, to split a run in parts;
// WARROOM_WINRATE_VARIANT, default standard) prints the hard level's win
// rate against the normal level, the hard seat alternating between A and B.
func TestHardWinRate(t *testing.T) {
	from, seeds := gamestest.WinRateSeeds(t)
	variant := "standard"
	if v := os.Getenv("WARROOM_WINRATE_VARIANT"); v != "" {
		variant = v
	}
	g := Game{}
	wins := 0.0
	for seed := from; seed < from+seeds; seed++ {
		hard := seed % 2
		rng := games.NewPCG(uint64(seed), 2026)
		s, err := g.Setup(games.Options{"variant": variant}, 2, rng)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; !G.Outcome(s).Done; steps++ {
			if steps > 5000 {
				t.Fatalf("seed %d: no end", seed)
			}
			seat := G.Active(s)[0]
			p := s
			if int(seat) == hard {
				p.Level = games.LevelHard
			}
			s, _ = g.Do(s, seat, g.Bot(p, seat, rng), rng)
		}
		switch w, _ := s.winner(); w {
		case hard:
			wins++
		case -1:
			wins += 0.5
		}
		if (seed+1-from)%10 == 0 {
			fmt.Printf("after %d seeds: hard wins %.1f\n", seed+1-from, wins)
		}
	}
	fmt.Printf("frontline %s: hard vs normal, %d seeds from %d (seats alternated): hard wins %s (95%% CI), budget %d rollouts\n",
		variant, seeds, from, gamestest.Rate(wins, seeds), hardBudget)
}
