// Package games defines the contract every rules engine implements, the
// registry that finds engines by id, and the randomness they draw from.
//
// A game is data plus pure functions (modelled on Rally the Troops' rules
// modules and boardgame.io): Setup, Active, Legal, Do, View, Outcome and
// Bot, with an optional Explain. Legal is the single gate: Adapt accepts an
// action only when it is listed, so Do never sees another. Engines import nothing from the rest of warroom, never read the
// clock, the network or a global, and draw every random number from the
// Rand they are given, so state + action + rand fully determine the result.
package games

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Seat is a player's position at the table, 0-based in join order.
type Seat int

// Spectator is the viewer that sees only public information.
const Spectator Seat = -1

// Action is one choice of one seat: a verb and a few small integers, small
// enough to travel inside a Discord custom_id, and for a verb that takes
// typed input (Forms) the text a player typed, which never does: it
// comes from a modal's text input and is checked by the gate (TextRule).
type Action struct {
	Verb string `json:"verb"`
	Args []int  `json:"args,omitempty"`
	Text string `json:"text,omitempty"`
}

// Act builds an action.
func Act(verb string, args ...int) Action { return Action{Verb: verb, Args: args} }

// String is the action's text form: the verb, then each argument after a
// dot, e.g. "take.7" or "balloon.2.-1". ParseAction reads it back. It
// leaves out the typed text, which may be secret: String is what custom_ids,
// log lines and error details carry. Full has the text too.
func (a Action) String() string {
	var b strings.Builder
	b.WriteString(a.Verb)
	for _, n := range a.Args {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// Full is String and then the typed text, quoted as in Go
// (platoon.3.350.7 "Panzer IV"): for the terminal table and replays, never
// for a log line.
func (a Action) Full() string {
	if a.Text == "" {
		return a.String()
	}
	return a.String() + " " + strconv.Quote(a.Text)
}

// Equal reports whether two actions are the same choice.
func (a Action) Equal(o Action) bool {
	if a.Verb != o.Verb || a.Text != o.Text || len(a.Args) != len(o.Args) {
		return false
	}
	for i := range a.Args {
		if a.Args[i] != o.Args[i] {
			return false
		}
	}
	return true
}

// Limits of the action text form; they keep a custom_id under 100 chars.
const (
	MaxVerbLen = 24
	MaxArgs    = 8
	maxArgAbs  = 1 << 20
)

// ErrBadAction is returned (wrapped) by ParseAction for malformed text.
var ErrBadAction = errors.New("malformed action")

// ParseAction reads the text form written by Action.String or Full. It
// accepts spaces as separators too ("take 7"), for the terminal table. A
// typed text follows the arguments as a Go quoted string; it is taken as
// written (the gate checks it).
func ParseAction(s string) (Action, error) {
	s = strings.TrimSpace(s)
	text := ""
	if i := strings.IndexByte(s, '"'); i >= 0 {
		t, err := strconv.Unquote(strings.TrimSpace(s[i:]))
		if err != nil {
			return Action{}, fmt.Errorf("%w: bad quoted text", ErrBadAction)
		}
		s, text = strings.TrimSpace(s[:i]), t
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == ' ' })
	if len(parts) == 0 {
		return Action{}, fmt.Errorf("%w: empty", ErrBadAction)
	}
	verb := parts[0]
	if len(verb) > MaxVerbLen {
		return Action{}, fmt.Errorf("%w: verb too long", ErrBadAction)
	}
	for _, r := range verb {
		if !(r >= 'a' && r <= 'z' || r == '_' || r >= '0' && r <= '9') {
			return Action{}, fmt.Errorf("%w: bad verb %q", ErrBadAction, verb)
		}
	}
	if len(parts)-1 > MaxArgs {
		return Action{}, fmt.Errorf("%w: too many arguments", ErrBadAction)
	}
	a := Action{Verb: verb, Text: text}
	for _, p := range parts[1:] {
		n, err := strconv.Atoi(p)
		if err != nil || n > maxArgAbs || n < -maxArgAbs {
			return Action{}, fmt.Errorf("%w: bad argument %q", ErrBadAction, p)
		}
		a.Args = append(a.Args, n)
	}
	return a, nil
}

// Event is one thing that happened, for the table's journal (the "what
// happened" digest), exports, replays and tests. Who may see it is the
// engine's to say: a public event is for everybody; a Private one only for
// the seats in Only, or for Seat alone when Only is empty (see Visible).
// Data must then hold nothing its audience may not know.
type Event struct {
	Kind string `json:"kind"`
	Seat Seat   `json:"seat"`
	// Data is the engine's own journal struct as JSON, marshalled once
	// by Log and decoded once where it is read (Decode): the bytes go
	// to the store as they are.
	Data    json.RawMessage `json:"data,omitempty"`
	Private bool            `json:"private,omitempty"`
	// Only names the seats that see a Private event when they are not
	// just Seat (a Blindaż team, the Defender of a set-up the computer
	// made). Stored logs written before it have Private alone.
	Only []Seat `json:"only,omitempty"`
}

// Outcome is the result of a game, or Done=false while it runs.
type Outcome struct {
	Done    bool   `json:"done"`
	Winners []Seat `json:"winners,omitempty"` // empty when everybody lost (co-op defeat)
	// Scores are per seat, when the game scores; -1 for a seat that
	// scores nothing in this game (Trenches' defender in a single raid),
	// so no number contradicts the winner.
	Scores []int  `json:"scores,omitempty"`
	Reason string `json:"reason,omitempty"` // a message-catalogue key suffix, e.g. "objective"
	// Target is the score the game was played to, when it has one (a
	// Trenches raid's VP target): the result reads "5 of 7".
	Target int `json:"target,omitempty"`
}

// Error is an illegal action. Code is a stable, translatable identifier
// such as "not_your_turn"; the state is unchanged when it is returned.
type Error struct {
	Code   string
	Detail string // for logs and tests, never hidden information
}

func (e *Error) Error() string {
	if e.Detail == "" {
		return e.Code
	}
	return e.Code + ": " + e.Detail
}

// Illegal returns an *Error with the code and an optional detail.
func Illegal(code string, detail ...any) error {
	return &Error{Code: code, Detail: strings.TrimSpace(fmt.Sprintln(detail...))}
}

// ErrorCode extracts the code of an *Error, or "" for other errors.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// Options are the table options chosen at /play, by key. Values are text;
// each game validates its own in Setup.
type Options map[string]string

// OptComputerSeats is the one option the table service sets itself (a
// user cannot): the seats of the computer players, comma separated, so a
// game with a solo procedure knows which side the computer plays.
const OptComputerSeats = "computer_seats"

// ComputerSeats reads OptComputerSeats.
func (o Options) ComputerSeats() []Seat {
	var out []Seat
	for _, f := range strings.Split(o[OptComputerSeats], ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n >= 0 {
			out = append(out, Seat(n))
		}
	}
	return out
}

// IsComputer reports whether seat is listed in OptComputerSeats.
func (o Options) IsComputer(seat Seat) bool {
	for _, s := range o.ComputerSeats() {
		if s == seat {
			return true
		}
	}
	return false
}

// Int returns the option as an int, or def when absent or not a number.
func (o Options) Int(key string, def int) int {
	if v, ok := o[key]; ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

// Bool returns the option as a bool ("1", "true", "on", "yes"), or def.
func (o Options) Bool(key string, def bool) bool {
	v, ok := o[key]
	if !ok {
		return def
	}
	switch strings.ToLower(v) {
	case "1", "true", "on", "yes":
		return true
	case "0", "false", "off", "no":
		return false
	}
	return def
}

// OptionKind says how the /play command offers an option.
type OptionKind int

const (
	OptionString OptionKind = iota
	OptionInt
	OptionBool
)

// OptionSpec describes one table option a game accepts.
type OptionSpec struct {
	Key     string     // e.g. "scenario"; also the slash-command option name
	Kind    OptionKind //
	Choices []string   // allowed values, empty = free
	Default string     //
	Min     int        // for OptionInt
	Max     int        // for OptionInt
	// Seats: the numbers in the value are seats as the lobby shows them
	// (1-based), e.g. a first player or a list of beginners. The table
	// service refuses a seat beyond the game's most at /play, and beyond
	// the players seated at Start.
	Seats bool
}

// Info describes a game to the table service and the command tree.
type Info struct {
	ID       string // short stable id: "flanders"
	Name     string // display name in English: "In Flanders Field"
	MinSeats int
	MaxSeats int
	Coop     bool // all seats win or lose together; played in a thread
	Options  []OptionSpec
	// TimeoutRemindsOnly: when a turn's time runs out the player is only
	// pinged again, never played for. A referee records what happened on
	// a real table, and a computer stand-in would invent it (losses,
	// claims, morale).
	TimeoutRemindsOnly bool
	// OutOfTurn: the rules let a seat act when it is not active (FoW: a
	// player reports their own losses or concedes at any time in battle).
	// Legal of a seat that is not active then lists those actions; in
	// every other game it is empty. Active, and so turn order and pings,
	// is unchanged.
	OutOfTurn bool
	// Irreversible are the verbs that cannot be taken back (FoW: concede,
	// morale_failed): the player is asked "are you sure?" first.
	Irreversible []string
	// ReportPlayouts lowers the "How it went" report's playouts for a
	// whole game (games/turning; 0: its default) for a game whose
	// rollouts cost more, so a report stays within a few seconds.
	ReportPlayouts int
}

// Option is the spec of the game's option key, if the game has one.
func (i Info) Option(key string) (OptionSpec, bool) {
	for _, o := range i.Options {
		if o.Key == key {
			return o, true
		}
	}
	return OptionSpec{}, false
}

// HasLevels reports whether the game offers computer levels
// (LevelOption).
func (i Info) HasLevels() bool {
	_, ok := i.Option(OptComputer)
	return ok
}
