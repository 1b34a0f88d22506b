package blindaz

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// TestRolloutWins: rollouts from the start win often enough for an
// estimate to mean something (random playouts win none), at every size of
// team; and they leave their input unchanged.
func TestRolloutWins(t *testing.T) {
	const n = 300
	for seats := 1; seats <= 4; seats++ {
		rolled, random := 0, 0
		for i := range uint64(n) {
			s, err := Game{}.Setup(nil, seats, games.NewPCG(i, 1))
			if err != nil {
				t.Fatal(err)
			}
			before := mustJSON(t, s)
			o, err := Game{}.Rollout(s, games.NewPCG(i, 2), 5000)
			if err != nil {
				t.Fatal(err)
			}
			if mustJSON(t, s) != before {
				t.Fatal("Rollout changed its input")
			}
			rolled += len(o.Winners) / seats
			if o, err = (Game{}).Playout(s, games.NewPCG(i, 2), 5000); err != nil {
				t.Fatal(err)
			}
			random += len(o.Winners) / seats
		}
		t.Logf("%d seats: rollouts win %d of %d from the start, random playouts %d", seats, rolled, n, random)
		if rolled < n/5 || rolled > n*19/20 {
			t.Errorf("%d seats: rollouts win %d of %d from the start", seats, rolled, n)
		}
	}
}

// midGames plays normal-level games from a few seeds and hands f every
// state where the seat to act has a real choice.
func midGames(t testing.TB, seeds, seats int, f func(s State, seat games.Seat)) {
	g := Game{}
	for seed := range uint64(seeds) {
		rng := games.NewPCG(seed, 1)
		s, err := g.Setup(nil, seats, rng)
		if err != nil {
			t.Fatal(err)
		}
		for s.Phase != PhaseOver {
			seat := g.Active(s)[0]
			if len(g.Legal(s, seat)) > 1 {
				f(s, seat)
			}
			s, _ = g.Do(s, seat, g.Bot(s, seat, rng), rng)
		}
	}
}

// hiddenTwin is s with what no seat sees dealt otherwise by hand: the
// trench stack reversed, and the top enemy tile of the stack swapped with
// a boxed tile of another type. ok is false when nothing could differ.
func hiddenTwin(s State) (State, bool) {
	tw := s.Clone()
	slices.Reverse(tw.Stack)
	changed := !slices.Equal(tw.Stack, s.Stack)
	if len(tw.EStack) > 0 {
		for i, b := range tw.Box {
			if EnemyTile(b).ID != EnemyTile(tw.EStack[0]).ID {
				tw.EStack[0], tw.Box[i] = b, tw.EStack[0]
				changed = true
				break
			}
		}
	}
	return tw, changed
}

// TestHardIgnoresHiddenFacts: a state and a twin that differs only in
// what nobody sees (the trench stack's order, which enemy tiles are boxed)
// look the same to every seat, and get the same hard choice from the same
// random numbers: the search reads nothing a soldier does not know.
// Under the race detector 12 states at 24 rollouts (.ci/run: 30 at 60):
// with Disguise leaving either secret in its true order, a third to a
// half of the states at any of these budgets choose apart, the first or
// second already.
func TestHardIgnoresHiddenFacts(t *testing.T) {
	defer func(b int) { hardBudget = b }(hardBudget)
	states := 30
	hardBudget = 60
	if raceEnabled {
		hardBudget, states = 24, 12
	}
	g := Game{}
	checked := 0
	midGames(t, 2, 2, func(s State, seat games.Seat) {
		if checked >= states {
			return
		}
		twin, ok := hiddenTwin(s)
		if !ok {
			return
		}
		checked++
		s.Level, twin.Level = games.LevelHard, games.LevelHard
		for v := range games.Seat(2) {
			if mustJSON(t, g.View(s, v)) != mustJSON(t, g.View(twin, v)) {
				t.Fatalf("seat %d tells the twin apart", v)
			}
		}
		a := g.Bot(s, seat, games.NewPCG(7, uint64(checked)))
		b := g.Bot(twin, seat, games.NewPCG(7, uint64(checked)))
		if !a.Equal(b) {
			t.Fatalf("round %d: %v with the true hidden tiles, %v with its twin", s.Round, a, b)
		}
	})
	if checked < 10 {
		t.Fatalf("only %d states had hidden facts to change", checked)
	}
}

// TestLevelsConformance: the contract (legal computer choices, the same
// choice again from the same numbers, input unchanged, determinism) at the
// easy and hard levels, the hard search on a small budget so whole games
// stay quick: 16 rollouts, and 8 under the race detector, where the
// suite plays two games, both hard (.ci/run: 16).
func TestLevelsConformance(t *testing.T) {
	defer func(b int) { hardBudget = b }(hardBudget)
	hardBudget = 16
	if raceEnabled {
		hardBudget = 8
	}
	gamestest.Run(t, games.Adapt[State](Game{}), gamestest.Config{
		Setups: []gamestest.Setup{
			{Seats: 1, Opts: games.Options{games.OptComputer: games.LevelHard}},
			{Seats: 3, Opts: games.Options{games.OptComputer: games.LevelHard}},
			{Seats: 2, Opts: games.Options{games.OptComputer: games.LevelEasy}},
			{Seats: 4, Opts: games.Options{games.OptComputer: games.LevelEasy}},
		},
		Playouts: 4,
		BotGames: 3,
		MaxSteps: 6000,
		Check: func(t testing.TB, st games.State) {
			s := st.(State)
			if err := checkInvariants(&s); err != nil {
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
// from states of a normal two-soldier game; ns/op is the time of a
// computer move.
func BenchmarkHardBot(b *testing.B) {
	var states []State
	var seats []games.Seat
	midGames(b, 1, 2, func(s State, seat games.Seat) {
		s.Level = games.LevelHard
		states, seats = append(states, s), append(seats, seat)
	})
	g := Game{}
	r := games.NewPCG(1, 2)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := i * 37 % len(states) // across the game, not its opening alone
		g.Bot(states[k], seats[k], r)
	}
}

// teamGame plays a whole game with every soldier at level and reports a
// victory.
func teamGame(t testing.TB, seed uint64, seats int, opts games.Options, level string) bool {
	g := games.Check[State](Game{})
	rng := games.NewPCG(seed, 2026)
	s, err := g.Setup(opts, seats, rng)
	if err != nil {
		t.Fatal(err)
	}
	s.Level = level
	for steps := 0; s.Phase != PhaseOver; steps++ {
		if steps > 5000 {
			t.Fatalf("seed %d: no end", seed)
		}
		seat := g.Active(s)[0]
		if s, _, err = g.Apply(s, seat, g.Bot(s, seat, rng), rng); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	return s.Result == Victory
}

// TestHardWinRate (WARROOM_WINRATE=1; WARROOM_WINRATE_SEEDS, default 200;
// WARROOM_WINRATE_FROM, the first seed; WARROOM_WINRATE_TEAMS, default
// "1,2" = one lone soldier, two seats) prints the victory rate of a team
// of hard soldiers and of normal soldiers on the same seeds (same deal),
// standard difficulty. One seat with two soldiers plays exactly as two
// seats.
func TestHardWinRate(t *testing.T) {
	from, seeds := gamestest.WinRateSeeds(t)
	teams := "1,2"
	if v := os.Getenv("WARROOM_WINRATE_TEAMS"); v != "" {
		teams = v
	}
	for _, c := range teams {
		if c < '1' || c > '4' {
			continue
		}
		seats := int(c - '0')
		opts := games.Options{}
		name := fmt.Sprintf("%d seats", seats)
		if seats == 1 {
			opts[OptSolo], name = SoloLone, "1 seat, lone soldier"
		}
		hard, normal := 0, 0
		for seed := from; seed < from+seeds; seed++ {
			if teamGame(t, uint64(seed), seats, opts, games.LevelHard) {
				hard++
			}
			if teamGame(t, uint64(seed), seats, opts, "") {
				normal++
			}
			if (seed+1-from)%20 == 0 {
				fmt.Printf("%s after %d seeds: hard %d, normal %d victories\n", name, seed+1-from, hard, normal)
			}
		}
		rate := func(w int) string { return gamestest.Rate(float64(w), seeds) }
		fmt.Printf("%s, standard, seeds %d..%d: hard team wins %s, normal team %s (95%% CI), budget %d rollouts\n",
			name, from, from+seeds-1, rate(hard), rate(normal), hardBudget)
	}
}
