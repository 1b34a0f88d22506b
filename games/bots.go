package games

import (
	"fmt"
	"strings"
)

// Played is one action RunBots played.
type Played struct {
	Seat   Seat
	Action Action
	Events []Event
}

// Bots says whom RunBots plays for and how far.
type Bots struct {
	// Seat picks the seat the computer plays now among the active ones
	// of s; false stops the run (a human must act).
	Seat func(s State, active []Seat) (Seat, bool)
	// Max bounds the moves of one run; reaching it is an error (a rules
	// bug: computer seats that never hand over). Default 5000.
	Max int
	// Before, if set, hears of each move before it is applied.
	Before func(s State, seat Seat, a Action)
	// After, if set, hears of each move once applied, with its events.
	After func(s State, m Played)
}

// RunBots plays computer seats from s, drawing from rng (the table's own
// source, as a human's move does), until b.Seat finds no seat to play,
// nobody is active or the game is over. It returns the state reached and
// the moves played; on an error, s and no moves. The computer's choice
// goes through the adapter's gate (Engine.Bot plays a legal action).
func RunBots(e Engine, s State, rng Rand, b Bots) (State, []Played, error) {
	limit := b.Max
	if limit <= 0 {
		limit = 5000
	}
	var moves []Played
	st := s
	for range limit {
		if e.Outcome(st).Done {
			return st, moves, nil
		}
		active := e.Active(st)
		if len(active) == 0 {
			return st, moves, nil
		}
		seat, ok := b.Seat(st, active)
		if !ok {
			return st, moves, nil
		}
		a := e.Bot(st, seat, rng)
		if b.Before != nil {
			b.Before(st, seat, a)
		}
		ns, ev, err := e.Apply(st, seat, a, rng)
		if err != nil {
			return s, nil, fmt.Errorf("computer seat %d of %s chose %s: %w", seat, e.Info().ID, a, err)
		}
		st = ns
		moves = append(moves, Played{Seat: seat, Action: a, Events: ev})
		if b.After != nil {
			b.After(st, moves[len(moves)-1])
		}
	}
	return s, nil, fmt.Errorf("computer seats of %s made %d moves in a row", e.Info().ID, limit)
}

// SeatsIn is a Bots.Seat for a fixed set of computer seats: the first
// active seat that is one of them.
func SeatsIn(computer func(Seat) bool) func(State, []Seat) (Seat, bool) {
	return func(_ State, active []Seat) (Seat, bool) {
		for _, a := range active {
			if computer(a) {
				return a, true
			}
		}
		return 0, false
	}
}

// Computer levels: the option OptComputer of the games that offer them
// (LevelOption in their Info), kept in their state so Bot reads it and
// RunBots, the timer, replay and verify need nothing more.
const (
	OptComputer = "computer"
	LevelEasy   = "easy"   // uniformly random legal actions
	LevelNormal = "normal" // the game's rule-based policy (the default)
	LevelHard   = "hard"   // flat Monte Carlo over determinizations (games/search)
)

// LevelOption is the option a game with computer levels declares.
func LevelOption() OptionSpec {
	return OptionSpec{Key: OptComputer, Kind: OptionString, Choices: []string{LevelEasy, LevelNormal, LevelHard}, Default: LevelNormal}
}

// Level reads the computer level from the options: "" for normal (so a
// state without the field reads as before), easy or hard, else an error.
func Level(o Options) (string, error) {
	switch v := strings.TrimSpace(strings.ToLower(o[OptComputer])); v {
	case "", LevelNormal:
		return "", nil
	case LevelEasy, LevelHard:
		return v, nil
	default:
		return "", fmt.Errorf("computer %q is not easy, normal or hard", o[OptComputer])
	}
}
