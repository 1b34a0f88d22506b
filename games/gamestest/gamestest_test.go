package gamestest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

// count is a toy game: seats take turns adding 1 or 2 to a shared total
// until it reaches 12. Its bug field breaks one promise of the contract.
type count struct{ bug string }

type countState struct {
	Total   int
	Turn    int
	Seats   int
	History []int
	Secret  int
}

var calls int // for the "random" bug: state outside the game

// A "note" is a form: typed text (1-10 characters) and a number 0-3.
func (count) Info() games.Info { return games.Info{ID: "count", MinSeats: 2, MaxSeats: 3} }
func (count) TextRule(verb string) (games.TextRule, bool) {
	return games.TextRule{Key: "text", MinRunes: 1, MaxRunes: 10, Numbers: []games.NumberRule{{Key: "n", Min: 0, Max: 3}}}, verb == "note"
}

// CheckText refuses every note under the "checker" bug.
func (g count) CheckText(countState, games.Seat, games.Action) error {
	if g.bug == "checker" {
		return games.Illegal("no_notes")
	}
	return nil
}
func (count) Setup(_ games.Options, n int, r games.Rand) (countState, error) {
	return countState{Seats: n, Secret: r.Intn(100)}, nil
}
func (g count) Active(s countState) []games.Seat {
	if s.Total >= 12 && g.bug != "endless" {
		return nil
	}
	return []games.Seat{games.Seat(s.Turn)}
}
func (g count) Legal(s countState, seat games.Seat) []games.Action {
	if g.bug == "out_of_turn" && seat >= 0 {
		return []games.Action{games.Act("add", 1)}
	}
	if len(g.Active(s)) == 0 || seat != games.Seat(s.Turn) {
		return nil
	}
	return []games.Action{games.Act("add", 1), games.Act("add", 2), games.Act("note")}
}

// counted is the count game's journal entry.
type counted struct {
	N int `json:"n"`
}

func (g count) Do(s countState, _ games.Seat, a games.Action, r games.Rand) (countState, []games.Event) {
	if a.Verb == "note" {
		s.History = append(append([]int(nil), s.History...), 0)
		s.Turn = (s.Turn + 1) % s.Seats
		return s, []games.Event{games.Log("note", 0, counted{a.Args[0]})}
	}
	switch g.bug {
	case "mutate":
		if len(s.History) > 0 {
			s.History[0]++ // the input's array: no clone
		}
		s.History = append(append([]int(nil), s.History...), a.Args[0])
	case "random":
		calls++
		s.Total += calls % 2
	default:
		s.History = append(append([]int(nil), s.History...), a.Args[0])
	}
	s.Total += a.Args[0]
	if g.bug == "endless" {
		s.Total = 0
	}
	s.Turn = (s.Turn + 1) % s.Seats
	return s, []games.Event{games.Log("add", 0, counted{a.Args[0]})}
}
func (count) View(s countState, _ games.Seat) any { return s.Total }
func (g count) Outcome(s countState) games.Outcome {
	if s.Total < 12 || g.bug == "endless" {
		return games.Outcome{}
	}
	return games.Outcome{Done: true}
}
func (g count) Bot(s countState, seat games.Seat, _ games.Rand) games.Action {
	if g.bug == "bot" {
		return games.Act("add", 3)
	}
	if g.bug == "bot_random" { // state outside the game
		calls++
		return games.Act("add", 1+calls%2)
	}
	return games.Act("add", 1)
}
func (g count) Disguise(s countState, r games.Rand) countState {
	s.Secret = r.Intn(100)
	if g.bug == "disguise" {
		s.Total++
	}
	return s
}

// Determinize redraws the secret, hidden from every seat.
func (g count) Determinize(s countState, _ games.Seat, r games.Rand) countState {
	old := s.Secret
	s.Secret = r.Intn(100)
	switch g.bug {
	case "det_view":
		s.Total++
	case "det_peek":
		s.Secret = (s.Secret + old) % 100
	}
	return s
}

// Playout plays the random game in place; under the "fast" bug it
// declares a winner random play does not.
func (g count) Playout(s countState, r games.Rand, max int) (games.Outcome, error) {
	_, o, err := games.RandomPlayout(games.Adapt[countState](count{}), s, r, max)
	if g.bug == "fast" {
		o.Winners = []games.Seat{0}
	}
	return o, err
}

// fake records the first failure and ends its goroutine on a fatal one.
type fake struct {
	testing.TB
	failed string
}

func (f *fake) Helper() {}
func (f *fake) Errorf(format string, args ...any) {
	if f.failed == "" {
		f.failed = fmt.Sprintf(format, args...)
	}
}
func (f *fake) Fatalf(format string, args ...any) { f.Errorf(format, args...); runtime.Goexit() }
func (f *fake) Fatal(args ...any)                 { f.Fatalf("%s", fmt.Sprint(args...)) }

// suite runs the whole suite on bug against a fake and returns its failure.
func suite(t *testing.T, bug string) string {
	f := &fake{TB: t}
	cfg := Config{Playouts: 4, BotGames: 4, MaxSteps: 50}
	e := games.Adapt[countState](count{bug})
	cfg.defaults(e)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer watchBot(f)()
		playouts(f, e, &cfg)
		computerGames(f, e, &cfg)
		fastPlayouts(f, e, &cfg)
	}()
	<-done
	return f.failed
}

// The suite passes a sound game and catches each broken promise.
func TestSuiteCatchesBrokenPromises(t *testing.T) {
	if got := suite(t, ""); got != "" {
		t.Fatalf("a sound game fails: %s", got)
	}
	for bug, want := range map[string]string{
		"mutate":      "modified",
		"random":      "replay",
		"endless":     "no end",
		"out_of_turn": "not active",
		"bot":         "computer chose",
		"disguise":    "disguised twin",
		"checker":     "legal note",
		"det_view":    "determinized twin's view",
		"det_peek":    "reads hidden facts",
		"fast":        "fast playout",
		"bot_random":  "from the same random numbers",
	} {
		if got := suite(t, bug); !strings.Contains(got, want) {
			t.Errorf("bug %s: suite says %q, want %q", bug, got, want)
		}
	}
}

// Rate gives the share and the 95% interval of a win count.
func TestRate(t *testing.T) {
	for _, c := range []struct {
		wins  float64
		games int
		want  string
	}{{129.5, 200, "129.5 = 64.8% ± 6.6%"}, {0, 10, "0 = 0.0% ± 0.0%"}, {3, 0, "3 of 0"}} {
		if got := Rate(c.wins, c.games); got != c.want {
			t.Errorf("Rate(%g, %d) = %q, want %q", c.wins, c.games, got, c.want)
		}
	}
}
