package flanders

import (
	"fmt"
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// midGames plays normal-level games from a few seeds and hands f every
// state where the seat to act has a real choice.
func midGames(t testing.TB, seeds int, f func(s State, seat games.Seat)) {
	g := Game{}
	for seed := range uint64(seeds) {
		rng := games.NewPCG(seed, 1)
		s, err := g.Setup(games.Options{}, 2, rng)
		if err != nil {
			t.Fatal(err)
		}
		for !s.Over() {
			seat := games.Seat(s.Active)
			if len(g.Legal(s, seat)) > 1 {
				f(s, seat)
			}
			s, _ = g.Do(s, seat, g.Bot(s, seat, rng), rng)
		}
	}
}

// TestHardIgnoresHiddenFacts: a state and its Disguise twin (same view,
// another draw order) get the same hard choice from the same random
// numbers; the search reads nothing the seat does not know. Under the
// race detector 12 states at 100 playouts (.ci/run: 40 at 300): with
// Disguise not sorting the pile, half the states at any of these budgets
// choose apart, the first already.
func TestHardIgnoresHiddenFacts(t *testing.T) {
	defer func(b int) { hardBudget = b }(hardBudget)
	states := 40
	hardBudget = 300
	if raceEnabled {
		hardBudget, states = 100, 12
	}
	g := Game{}
	checked, differ := 0, 0
	midGames(t, 3, func(s State, seat games.Seat) {
		if checked >= states {
			return
		}
		checked++
		s.Level = games.LevelHard
		twin := g.Disguise(s, games.NewPCG(uint64(checked), 99))
		if fmt.Sprint(twin.Draw) != fmt.Sprint(s.Draw) {
			differ++
		}
		a := g.Bot(s, seat, games.NewPCG(7, uint64(checked)))
		b := g.Bot(twin, seat, games.NewPCG(7, uint64(checked)))
		if !a.Equal(b) {
			t.Fatalf("turn %d phase %s: %v with the true draw order, %v with its twin", s.TurnNo, s.Phase, a, b)
		}
	})
	if differ == 0 {
		t.Fatal("no twin had another draw order: the test checked nothing")
	}
}

// TestLevelsConformance: the contract (legal computer choices, the same
// choice again from the same numbers, input unchanged, determinism) at the
// easy and hard levels, the hard search on a small budget so whole games
// stay quick: 40 playouts, and 12 under the race detector, where the
// suite plays two games, both hard (.ci/run: 40).
func TestLevelsConformance(t *testing.T) {
	defer func(b int) { hardBudget = b }(hardBudget)
	hardBudget = 40
	if raceEnabled {
		hardBudget = 12
	}
	gamestest.Run(t, games.Adapt[State](Game{}), gamestest.Config{
		Setups: []gamestest.Setup{
			{Seats: 2, Opts: games.Options{games.OptComputer: games.LevelHard}},
			{Seats: 3, Opts: games.Options{games.OptComputer: games.LevelHard}},
			{Seats: 2, Opts: games.Options{games.OptComputer: games.LevelEasy}},
			{Seats: 4, Opts: games.Options{games.OptComputer: games.LevelEasy}},
		},
		Playouts: 4,
		BotGames: 4,
		Check:    func(t testing.TB, s games.State) { checkInvariants(t, s.(State)) },
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
	midGames(b, 1, func(s State, seat games.Seat) {
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
// WARROOM_WINRATE_FROM, the first seed, to split a run in parts) prints the hard level's win rate against the normal policy in 2-player
// games, the hard seat alternating between seat 0 and 1.
func TestHardWinRate(t *testing.T) {
	from, seeds := gamestest.WinRateSeeds(t)
	g := Game{}
	wins := 0.0
	for seed := from; seed < from+seeds; seed++ {
		hard := seed % 2
		rng := games.NewPCG(uint64(seed), 2026)
		s, err := g.Setup(games.Options{}, 2, rng)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; !s.Over(); steps++ {
			if steps > 5000 {
				t.Fatalf("seed %d: no end", seed)
			}
			seat := games.Seat(s.Active)
			p := s
			if s.Active == hard {
				p.Level = games.LevelHard
			}
			s, _ = g.Do(s, seat, g.Bot(p, seat, rng), rng)
		}
		for _, w := range s.Winners {
			if w == hard {
				wins += 1 / float64(len(s.Winners))
			}
		}
		if (seed+1-from)%20 == 0 {
			fmt.Printf("after %d seeds: hard wins %.1f\n", seed+1-from, wins)
		}
	}
	fmt.Printf("hard vs normal, 2 players, %d seeds (seats alternated): hard wins %s (95%% CI), budget %d playouts\n",
		seeds, gamestest.Rate(wins, seeds), hardBudget)
}
