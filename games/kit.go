package games

import (
	"encoding/json"
	"fmt"
)

// The one way an engine applies a move, shared by every game so that a
// reader who knows one rules package knows where everything is in the
// others (docs/ARCHITECTURE.md, "The engine contract"):
//
//	var verbs = games.Verbs[State]{VerbTake: {Args: 1, Do: take}, ...}
//	func (Game) Do(s State, seat games.Seat, a games.Action, r games.Rand) (State, []games.Event) {
//		return games.Play(verbs, s, seat, a, r)
//	}
//	func take(m *games.Move[State], a games.Action) { ...; m.Log("took", m.Seat, Note{...}) }

// Move is one action being applied: the engine's private copy of the
// state, the acting seat, the random source and the journal the move
// writes. Quiet moves (a playout nobody reads) log nothing.
type Move[S any] struct {
	S      *S
	Seat   Seat
	Rand   Rand
	Events []Event
	Quiet  bool
}

// Log appends a public event whose Data is entry, the engine's own
// journal struct, marshalled once here (render decodes it once where it
// is read). Nothing when the move is quiet.
func (m *Move[S]) Log(kind string, seat Seat, entry any) {
	if !m.Quiet {
		m.Events = append(m.Events, Log(kind, seat, entry))
	}
}

// LogFor appends an event only the seats in only see (a hand, a hidden
// unit's place; none given: seat alone).
func (m *Move[S]) LogFor(kind string, seat Seat, only []Seat, entry any) {
	if m.Quiet {
		return
	}
	e := Log(kind, seat, entry)
	e.Private, e.Only = true, only
	m.Events = append(m.Events, e)
}

// TurnCode is the shared start of every refusal, in Refuse's order:
// game_over, then not_your_turn ("" when the seat may act). A check that
// must put its own codes after the gate's (a replayed Trenches path)
// starts with it too.
func TurnCode(over, turn bool) string {
	switch {
	case over:
		return "game_over"
	case !turn:
		return "not_your_turn"
	}
	return ""
}

// LogSeen appends an event every seat sees when only is negative, and
// one only that seat sees otherwise: the form an engine that buffers its
// events during a move (fow, frontline) keeps them in.
func (m *Move[S]) LogSeen(kind string, seat Seat, only int, entry any) {
	if only < 0 {
		m.Log(kind, seat, entry)
		return
	}
	m.LogFor(kind, seat, []Seat{Seat(only)}, entry)
}

// Log is an event of kind by seat carrying entry (nil: none) as its Data.
// An entry is a plain struct with JSON tags, so marshalling cannot fail;
// if it does, the engine has a bug worth a panic.
func Log(kind string, seat Seat, entry any) Event {
	e := Event{Kind: kind, Seat: seat}
	if entry == nil {
		return e
	}
	raw, err := json.Marshal(entry)
	if err != nil {
		panic(fmt.Sprintf("games: the %s event does not marshal: %v", kind, err))
	}
	if string(raw) != "{}" && string(raw) != "null" {
		e.Data = raw
	}
	return e
}

// Verb is how one verb changes the state: Args is how many integers it
// takes (MaxArgs, when larger, how many it may take: a verb with
// optional arguments), Phase the game's phase it belongs to (for a game
// that checks it by the table; "" for any), Do performs it on m.S. Do is
// only ever given an action Legal listed (the gate), so it cannot fail.
type Verb[S any] struct {
	Args    int
	MaxArgs int
	Phase   string
	Do      func(m *Move[S], a Action)
}

// takes reports whether n arguments fit the verb.
func (v Verb[S]) takes(n int) bool { return n == v.Args || n > v.Args && n <= v.MaxArgs }

// Verbs is a game's verb table: each verb's name to its function.
type Verbs[S any] map[string]Verb[S]

// Known is the shared refusal of an action whose verb the game does not
// have, or with the wrong number of arguments: bad_action; nil otherwise.
func (v Verbs[S]) Known(a Action) error {
	if verb, ok := v[a.Verb]; !ok || !verb.takes(len(a.Args)) {
		return Illegal("bad_action", a.String())
	}
	return nil
}

// Dispatch performs a on m through the verb table. The gate lets only
// listed actions through, so an unknown verb here is an engine bug.
func Dispatch[S any](v Verbs[S], m *Move[S], a Action) {
	verb, ok := v[a.Verb]
	if !ok || !verb.takes(len(a.Args)) {
		panic("games: Dispatch of an action the gate should have refused: " + a.String())
	}
	verb.Do(m, a)
}

// Cloner is a state that makes its own deep copy: Do must not change the
// state it is given, so a move works on a clone.
type Cloner[S any] interface{ Clone() S }

// Begin starts a move on a clone of s.
func Begin[S Cloner[S]](s S, seat Seat, r Rand) *Move[S] {
	ns := s.Clone()
	return &Move[S]{S: &ns, Seat: seat, Rand: r}
}

// Play is a game's Do the shared way: a clone of s, the verb's function
// applied to it, and the events it logged.
func Play[S Cloner[S]](v Verbs[S], s S, seat Seat, a Action, r Rand) (S, []Event) {
	m := Begin(s, seat, r)
	Dispatch(v, m, a)
	return *m.S, m.Events
}

// Refuse is the one way a game explains a refusal (Explainer): the
// shared codes first, in this order - game_over, not_your_turn, and
// bad_action for a verb outside the table - then the game's own reason,
// why (the spec's precise code), and not_legal when it gives none.
func Refuse[S any](v Verbs[S], over, turn bool, a Action, why func() error) error {
	if code := TurnCode(over, turn); code != "" {
		return Illegal(code)
	}
	if err := v.Known(a); err != nil {
		return err
	}
	if why != nil {
		if err := why(); err != nil {
			return err
		}
	}
	return Illegal("not_legal", a.String())
}
