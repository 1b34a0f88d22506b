package games

import (
	"cmp"
	"fmt"
	"strconv"
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

// OptComputerLevels is set by the table service, like OptComputerSeats:
// the computer seats the host gave a level of their own in the lobby, as
// "seat:level" pairs, comma separated ("1:hard,2:easy"). A seat not
// listed plays at OptComputer's level, so a table from before per-seat
// levels plays as it did.
const OptComputerLevels = "computer_levels"

// SeatLevels reads OptComputerLevels for a game of n seats: each seat's
// own level (normal spelled out, as it overrides the table's), "" for a
// seat at the table's level; nil when no seat has one.
func SeatLevels(o Options, n int) ([]string, error) {
	raw := strings.TrimSpace(o[OptComputerLevels])
	if raw == "" {
		return nil, nil
	}
	out := make([]string, n)
	for _, f := range strings.Split(raw, ",") {
		seat, lv, ok := strings.Cut(strings.TrimSpace(f), ":")
		i, err := strconv.Atoi(seat)
		if !ok || err != nil || i < 0 || i >= n {
			return nil, fmt.Errorf("computer_levels %q: %q is not seat:level for a seat 0..%d", raw, f, n-1)
		}
		l, err := Level(Options{OptComputer: lv})
		if err != nil {
			return nil, fmt.Errorf("computer_levels: seat %d: %w", i, err)
		}
		out[i] = cmp.Or(l, LevelNormal)
	}
	return out, nil
}

// SeatLevel is the level seat plays at, in Level's form ("" for normal):
// its own from levels (SeatLevels) where it has one, else the table's.
func SeatLevel(table string, levels []string, seat Seat) string {
	if int(seat) < 0 || int(seat) >= len(levels) || levels[seat] == "" {
		return table
	}
	if levels[seat] == LevelNormal {
		return ""
	}
	return levels[seat]
}
