package trenches

import (
	"fmt"
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// midGames plays normal-level games of the given scenarios (seed k plays
// scenario scns[k%len]) and hands f every player-turn state where the seat
// to act has a real choice.
func midGames(t testing.TB, seeds int, scns []int, f func(s State, seat games.Seat)) {
	g := Game{}
	for seed := range seeds {
		rng := games.NewPCG(uint64(seed), 1)
		s, err := g.Setup(games.Options{"scenario": itoa(scns[seed%len(scns)])}, 2, rng)
		if err != nil {
			t.Fatal(err)
		}
		for s.Phase != PhaseOver {
			seat := seatOf(s)
			if (s.Phase == PhaseRaider || s.Phase == PhaseDefender) && len(g.Legal(s, seat)) > 1 {
				f(s, seat)
			}
			s, _ = g.Do(s, seat, g.Bot(s, seat, rng), rng)
		}
	}
}

var allScenarios = []int{1, 2, 3, 4, 5, 6}

// TestHardIgnoresHiddenFacts: a Raider's state and its Determinize twin
// (same Raider view, the hidden counters dealt anew) get the same hard
// choice from the same random numbers: the search reads nothing the
// Raider does not know.
func TestHardIgnoresHiddenFacts(t *testing.T) {
	defer func(b int) { hardBudget = b }(hardBudget)
	hardBudget = 60
	g := Game{}
	checked, differ := 0, 0
	midGames(t, 6, []int{2, 4, 5, 6}, func(s State, seat games.Seat) {
		if checked >= 30 || s.Phase != PhaseRaider || len(s.Stacks) == 0 {
			return
		}
		checked++
		s.Level = games.LevelHard
		twin := g.Determinize(s, seat, games.NewPCG(uint64(checked), 99))
		if mustJSON(twin.Stacks) != mustJSON(s.Stacks) {
			differ++
		}
		a := g.Bot(s, seat, games.NewPCG(7, uint64(checked)))
		b := g.Bot(twin, seat, games.NewPCG(7, uint64(checked)))
		if !a.Equal(b) {
			t.Fatalf("S%d M %d: %v with the true stacks, %v with its twin", s.Scenario, s.M, a, b)
		}
	})
	if differ == 0 {
		t.Fatal("no twin had other stacks: the test checked nothing")
	}
}

// TestHardArms: the narrowed arms are legal, keep the normal choice and
// every action that is not a move, and are far fewer than the legal list
// where units have many destinations.
func TestHardArms(t *testing.T) {
	g := Game{}
	legalN, armsN, n, most := 0, 0, 0, 0
	midGames(t, 6, allScenarios, func(s State, seat games.Seat) {
		legal := g.Legal(s, seat)
		arms := s.hardArms(legal)
		legalN, armsN, n, most = legalN+len(legal), armsN+len(arms), n+1, max(most, len(arms))
		if !games.InLegal(arms, s.botChoice()) {
			t.Fatalf("the normal choice %v is not an arm", s.botChoice())
		}
		for _, a := range legal {
			if a.Verb != VMove && !games.InLegal(arms, a) {
				t.Fatalf("%v dropped", a)
			}
		}
		for _, a := range arms {
			if !games.InLegal(legal, a) {
				t.Fatalf("arm %v not legal", a)
			}
		}
	})
	if armsN*2 > legalN {
		t.Fatalf("%d arms for %d legal actions", armsN, legalN)
	}
	t.Logf("%d choices: %.1f arms for %.1f legal actions on average, at most %d arms", n, float64(armsN)/float64(n), float64(legalN)/float64(n), most)
}

// TestLevelsConformance: the contract (legal computer choices, the same
// choice again from the same numbers, input unchanged, determinism) at the
// easy and hard levels, the hard search on a small budget so whole games
// stay quick.
func TestLevelsConformance(t *testing.T) {
	defer func(b int) { hardBudget = b }(hardBudget)
	hardBudget = 12
	var setups []gamestest.Setup
	for scn := 1; scn <= 6; scn++ {
		for _, lvl := range []string{games.LevelHard, games.LevelEasy} {
			setups = append(setups, gamestest.Setup{Seats: 2, Opts: games.Options{"scenario": itoa(scn), games.OptComputer: lvl}})
		}
	}
	setups = append(setups, gamestest.Setup{Seats: 2, Opts: games.Options{"scenario": "5", "solo": "true", "match": "true", games.OptComputer: games.LevelHard}})
	gamestest.Run(t, games.Adapt[State](Game{}), gamestest.Config{
		Setups:   setups,
		Playouts: 2,
		BotGames: len(setups),
		MaxSteps: 3000,
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

// TestSoloHard: in a solo game the computer Defender (seat 1, the solo
// procedure revealing its stacks) plays its face-up units at the hard
// level: its choices come from the search, not the normal policy alone.
func TestSoloHard(t *testing.T) {
	defer func(b int) { hardBudget = b }(hardBudget)
	hardBudget = 60
	g := Game{}
	searched, differ := 0, 0
	for seed := range uint64(4) {
		rng := games.NewPCG(seed, 5)
		s, err := g.Setup(games.Options{"scenario": itoa(4 + int(seed%2)), games.OptComputerSeats: "1", games.OptComputer: games.LevelHard}, 2, rng)
		if err != nil || !s.Solo || s.Level != games.LevelHard {
			t.Fatalf("solo %v level %q: %v", s.Solo, s.Level, err)
		}
		for s.Phase != PhaseOver {
			seat := seatOf(s)
			a := g.Bot(s, seat, rng)
			if seat == 1 && s.Phase == PhaseDefender && len(s.hardArms(g.Legal(s, seat))) > 1 {
				searched++
				if !a.Equal(s.botChoice()) {
					differ++
				}
			}
			s, _ = g.Do(s, seat, a, rng)
		}
	}
	if searched == 0 || differ == 0 {
		t.Fatalf("the solo Defender searched %d times, chose otherwise than normal %d times", searched, differ)
	}
	t.Logf("solo Defender: %d searched choices, %d unlike the normal policy", searched, differ)
}

// BenchmarkHardBot: one hard choice at the full budget (HardPlayouts)
// from player-turn states of normal games over the six scenarios; ns/op
// is the time of a computer move.
func BenchmarkHardBot(b *testing.B) {
	var states []State
	var seats []games.Seat
	midGames(b, 6, allScenarios, func(s State, seat games.Seat) {
		s.Level = games.LevelHard
		states, seats = append(states, s), append(seats, seat)
	})
	g := Game{}
	r := games.NewPCG(1, 2)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := (i * 7) % len(states)
		g.Bot(states[k], seats[k], r)
	}
}

// TestHardWinRate (WARROOM_WINRATE=1; WARROOM_WINRATE_SEEDS per role,
// default 200; WARROOM_WINRATE_FROM, the first seed, to split a run)
// prints the hard level's wins against the normal policy: hard Raider vs
// normal Defender and hard Defender vs normal Raider, seed k playing
// scenario k%6+1 (seat 0 raiding on even seeds), with the normal-vs-normal
// result of the same seeds for comparison.
func TestHardWinRate(t *testing.T) {
	from, seeds := gamestest.WinRateSeeds(t)
	g := Game{}
	// play is one game of seed: the Raider (role "raider") or the
	// Defender at hard, or nobody; it reports whether that side won.
	play := func(seed int, hardRole string) (raiderWon bool) {
		rng := games.NewPCG(uint64(seed), 2026)
		role := []string{"raider", "defender"}[seed%2]
		s, err := g.Setup(games.Options{"scenario": itoa(seed%6 + 1), "role": role}, 2, rng)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; s.Phase != PhaseOver; steps++ {
			if steps > 3000 {
				t.Fatalf("seed %d: no end", seed)
			}
			seat := seatOf(s)
			p := s
			if (hardRole == "raider") == (int(seat) == s.RaiderSeat) && hardRole != "" {
				p.Level = games.LevelHard
			}
			s, _ = g.Do(s, seat, g.Bot(p, seat, rng), rng)
		}
		return s.Legs[0].Score.RaiderWins
	}
	type tally struct{ games, hard, normal int } // hard side's wins, the same side's wins at normal
	for _, role := range []string{"raider", "defender"} {
		per := map[int]*tally{}
		all := &tally{}
		for seed := from; seed < from+seeds; seed++ {
			scn := seed%6 + 1
			if per[scn] == nil {
				per[scn] = &tally{}
			}
			hw := play(seed, role) == (role == "raider")
			nw := play(seed, "") == (role == "raider")
			for _, x := range []*tally{per[scn], all} {
				x.games++
				if hw {
					x.hard++
				}
				if nw {
					x.normal++
				}
			}
		}
		for scn := 1; scn <= 6; scn++ {
			if x := per[scn]; x != nil {
				fmt.Printf("%s S%d: hard wins %d of %d, normal %d of %d\n", role, scn, x.hard, x.games, x.normal, x.games)
			}
		}
		fmt.Printf("hard %s vs normal, seeds %d-%d: hard wins %s (95%% CI); normal %s wins %s; budget %d rollouts\n",
			role, from, from+seeds-1, gamestest.Rate(float64(all.hard), all.games), role, gamestest.Rate(float64(all.normal), all.games), hardBudget)
	}
}
