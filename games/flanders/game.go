package flanders

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/warroom/warroom/games"
)

// Game is the In Flanders Field engine.
type Game struct{}

// Engine is the game as the table service plays it (catalog lists it).
func Engine() games.Engine { return games.Adapt[State](Game{}) }

// Info describes the game and its options.
func (Game) Info() games.Info {
	return games.Info{
		ID:       ID,
		Name:     "In Flanders Field",
		MinSeats: 2,
		MaxSeats: 4,
		Options: []games.OptionSpec{
			// Seats that start with 8 troops: "none" (the default),
			// "all", or a comma-separated list of seat numbers as the
			// lobby shows them (1-based), e.g. "1,3".
			{Key: OptBeginner, Kind: games.OptionString, Default: "none", Seats: true},
			// "random" or a seat number as the lobby shows it (1-based).
			{Key: OptFirstPlayer, Kind: games.OptionString, Choices: []string{"random", "1", "2", "3", "4"}, Default: "random", Seats: true},
			{Key: OptStrongArtillery, Kind: games.OptionBool, Default: "false"},
			// How the computer seats play: easy, normal or hard.
			games.LevelOption(),
		},
	}
}

// ParseBeginner reads the beginner option: "", "none", "all", or a
// comma-separated list of 1-based seat numbers (as the lobby lists them).
// The result is indexed by 0-based seat.
func ParseBeginner(v string, seats int) ([]bool, error) {
	out := make([]bool, seats)
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "", "none", "off", "false", "no":
		return out, nil
	case "all", "on", "true", "yes":
		for i := range out {
			out[i] = true
		}
		return out, nil
	}
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		n, err := strconv.Atoi(part)
		if err != nil || n < 1 || n > seats {
			return nil, fmt.Errorf("flanders: beginner: %q is not a seat 1..%d", part, seats)
		}
		out[n-1] = true
	}
	return out, nil
}

// Setup deals a new game (spec §5).
func (Game) Setup(o games.Options, seats int, rng games.Rand) (State, error) {
	if seats < 2 || seats > 4 {
		return State{}, fmt.Errorf("flanders: %d seats, need 2-4", seats)
	}
	beg, err := ParseBeginner(o[OptBeginner], seats)
	if err != nil {
		return State{}, err
	}
	first := -1
	if v := strings.TrimSpace(strings.ToLower(o[OptFirstPlayer])); v != "" && v != "random" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > seats {
			return State{}, fmt.Errorf("flanders: first_player %q is not random or a seat 1..%d", v, seats)
		}
		first = n - 1
	}
	level, err := games.Level(o)
	if err != nil {
		return State{}, fmt.Errorf("flanders: %w", err)
	}
	levels, err := games.SeatLevels(o, seats)
	if err != nil {
		return State{}, fmt.Errorf("flanders: %w", err)
	}
	s := State{
		NSeats:          seats,
		StrongArtillery: o.Bool(OptStrongArtillery, false),
		Level:           level,
		Levels:          levels,
		Players:         make([]Player, seats),
		Pool:            NumTroops,
		Round:           1,
	}
	for i := range s.Players {
		s.Players[i].Troops = 6
		if beg[i] {
			s.Players[i].Troops = 8
			s.Players[i].Beginner = true
		}
		s.Pool -= s.Players[i].Troops
	}
	if first < 0 {
		first = rng.Intn(seats)
	}
	s.First, s.Active = first, first
	deck := make([]int, NumCards)
	for i := range deck {
		deck[i] = i
	}
	games.Shuffle(rng, deck)
	s.Draw = deck
	for i := range s.Spaces {
		s.Spaces[i] = -1
	}
	c := newCtx(&s, rng, false)
	c.refill()
	s.startTurn()
	c.note(s.Active, "turn_started", []int{s.Round})
	return s, nil
}

// Active lists the seat to act, or nothing when the game is over.
func (Game) Active(s State) []games.Seat {
	if s.Over() {
		return nil
	}
	return []games.Seat{games.Seat(s.Active)}
}

// candidates lists every action that could be legal in the phase; Legal
// filters them through check, so Legal and Apply can never disagree. The
// lists are shared: callers must not change them.
func (s *State) candidates() []games.Action {
	switch s.Phase {
	case PhaseReady:
		return byPhase[0]
	case PhaseRolled:
		return byPhase[1]
	case PhaseGas:
		return byPhase[2]
	case PhaseArtillery:
		return byPhase[3]
	case PhaseSacrifice:
		return sacrifices[:s.KMax+1]
	case PhaseMove:
		return byPhase[4]
	case PhaseMines:
		return byPhase[5]
	}
	return nil
}

// byPhase and sacrifices are the candidates, built once.
var (
	byPhase    [6][]games.Action // ready, rolled, gas, artillery, move, mines
	sacrifices []games.Action
)

func init() {
	var ready, rolled []games.Action
	for _, sp := range Drawable {
		ready = append(ready, games.Act(VerbGas, sp))
	}
	byPhase[0] = append(ready, games.Act(VerbRoll), games.Act(VerbStop))
	for sp := 3; sp <= 11; sp++ {
		rolled = append(rolled, games.Act(VerbTake, sp))
	}
	rolled = append(rolled, games.Act(VerbRecon))
	for die := 1; die <= 3; die++ {
		rolled = append(rolled, games.Act(VerbBalloon, die, -1), games.Act(VerbBalloon, die, 1))
	}
	byPhase[1] = append(rolled, games.Act(VerbAcceptBust))
	for t := range NumTypes {
		byPhase[2] = append(byPhase[2], games.Act(VerbGasDiscard, t))
	}
	for _, t := range []int{GermanMG, GermanArtillery, GermanCounterAttack} {
		byPhase[3] = append(byPhase[3], games.Act(VerbCancel, t))
	}
	byPhase[3] = append(byPhase[3], games.Act(VerbKeepArtillery))
	for n := 0; n <= NumTroops; n++ {
		sacrifices = append(sacrifices, games.Act(VerbSacrifice, n))
	}
	byPhase[4] = []games.Action{games.Act(VerbStepInfantry), games.Act(VerbStepTank), games.Act(VerbAutoMove), games.Act(VerbEndMove)}
	byPhase[5] = []games.Action{games.Act(VerbUseMines), games.Act(VerbHalt)}
}

// Legal lists every action Apply accepts from seat now.
func (Game) Legal(s State, seat games.Seat) []games.Action {
	out := s.appendLegal(nil, int(seat))
	for i := range out {
		out[i].Args = slices.Clone(out[i].Args) // the caller's to keep
	}
	return out
}

// appendLegal appends seat's legal actions to out.
func (s *State) appendLegal(out []games.Action, seat int) []games.Action {
	if s.Over() || seat != s.Active {
		return out
	}
	for _, a := range s.candidates() {
		if code, _ := s.judgeMove(a); code == "" { // a candidate is of the phase
			out = append(out, a)
		}
	}
	return out
}

// Do performs one legal action through the verb table (verbs.go).
func (Game) Do(s State, seat games.Seat, a games.Action, rng games.Rand) (State, []games.Event) {
	return games.Play(verbs, s, seat, a, rng)
}

// Outcome reports the result; Scores are the troops left per seat.
func (Game) Outcome(s State) games.Outcome {
	if !s.Over() {
		return games.Outcome{}
	}
	o := games.Outcome{Done: true, Reason: s.Reason}
	for _, w := range s.Winners {
		o.Winners = append(o.Winners, games.Seat(w))
	}
	for _, p := range s.Players {
		o.Scores = append(o.Scores, p.Troops)
	}
	return o
}
