package games

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync/atomic"
)

// Game is what a rules package implements for its own state type S.
//
// Legal is the single gate: the adapter (Adapt, Apply) accepts an action
// only when it is in Legal(s, seat), and only then calls Do, so Do never
// sees an illegal action and cannot fail. Do must not modify the state it
// is given (clone before changing). Why an action is refused is the
// optional Explainer's business; the state never changes on a refusal.
type Game[S any] interface {
	Info() Info
	// Setup deals a new game for the given number of seats.
	Setup(opts Options, seats int, rng Rand) (S, error)
	// Active lists the seats that may act now; empty when the game is over.
	Active(s S) []Seat
	// Legal lists every action the seat may take now.
	Legal(s S, seat Seat) []Action
	// Do performs one action of Legal(s, seat); it is never called with
	// another, and must not modify s.
	Do(s S, seat Seat, a Action, rng Rand) (S, []Event)
	// View is what viewer (a seat, or Spectator) may see. Hidden
	// information is removed here and nowhere else. The result must
	// round-trip through JSON.
	View(s S, viewer Seat) any
	// Outcome reports whether the game is over and who won.
	Outcome(s S) Outcome
	// Bot chooses an action for a computer player among Legal(s, seat).
	Bot(s S, seat Seat, rng Rand) Action
}

// Explainer is optional for a Game: Explain says why a is refused, an
// *Error with the spec's precise code (catalogue key <game>.err.<code>).
// It is called only for an action not in Legal(s, seat). A nil answer, or
// a game without Explainer, gets the generic game_over, not_your_turn or
// not_legal.
type Explainer[S any] interface {
	Explain(s S, seat Seat, a Action) error
}

// BotMistake hears of every Bot answer that is not in Legal: the adapter
// plays the first legal action instead. The table service logs it at error
// level; tests make it fail.
type BotMistake func(game string, seat Seat, a Action)

var botMistake atomic.Pointer[BotMistake]

// SetBotMistake installs f (nil: none) and returns the hook it replaces.
func SetBotMistake(f BotMistake) BotMistake {
	var p *BotMistake
	if f != nil {
		p = &f
	}
	if old := botMistake.Swap(p); old != nil {
		return *old
	}
	return nil
}

// Apply is the gate: a in Legal(s, seat) is performed by g.Do, anything
// else is refused with g's explanation and s returned unchanged. An
// action with typed input is legal up to its typed part (TextRule): its
// form is listed, the typed part fits the rule, and the game's
// TextChecker, if any, accepts it in s.
func Apply[S any](g Game[S], s S, seat Seat, a Action, rng Rand) (S, []Event, error) {
	f, _ := any(g).(Forms)
	ok, err := Accepts(f, g.Legal(s, seat), a)
	if _, form := ruleOf(f, a.Verb); err == nil && ok && form {
		if tc, has := g.(TextChecker[S]); has {
			err = tc.CheckText(s, seat, a)
		}
	}
	if err != nil {
		return s, nil, err
	}
	if ok {
		ns, ev := g.Do(s, seat, a, rng)
		return ns, ev, nil
	}
	return s, nil, Explain(g, s, seat, a)
}

// Explain is why g refuses a: the game's Explainer, or a generic code.
func Explain[S any](g Game[S], s S, seat Seat, a Action) error {
	if x, ok := g.(Explainer[S]); ok {
		if err := x.Explain(s, seat, a); err != nil {
			return err
		}
	}
	if g.Outcome(s).Done {
		return Illegal("game_over")
	}
	if !slices.Contains(g.Active(s), seat) {
		return Illegal("not_your_turn")
	}
	return Illegal("not_legal", a.String())
}

// Bot is g's computer choice, checked: an answer not in Legal is reported
// to BotMistake and replaced by the first legal action.
func Bot[S any](g Game[S], s S, seat Seat, rng Rand) Action {
	a := g.Bot(s, seat, rng)
	legal := g.Legal(s, seat)
	f, _ := any(g).(Forms)
	if ok, _ := Accepts(f, legal, a); len(legal) == 0 || ok {
		return a
	}
	if f := botMistake.Load(); f != nil {
		(*f)(g.Info().ID, seat, a)
	}
	return legal[0]
}

// InLegal reports whether a is one of legal.
func InLegal(legal []Action, a Action) bool {
	return slices.ContainsFunc(legal, a.Equal)
}

// Checked is a Game seen through the gate, with its own state type: Apply
// and Bot as the adapter does them. Tests and tools that hold an S use it.
type Checked[S any] struct{ Game[S] }

// Check wraps g.
func Check[S any](g Game[S]) Checked[S] { return Checked[S]{g} }

// Apply is games.Apply.
func (c Checked[S]) Apply(s S, seat Seat, a Action, rng Rand) (S, []Event, error) {
	return Apply(c.Game, s, seat, a, rng)
}

// Bot is games.Bot.
func (c Checked[S]) Bot(s S, seat Seat, rng Rand) Action { return Bot(c.Game, s, seat, rng) }

// The optional parts pass through, with the adapter's defaults for a game
// without them; so a Checked is for callers, never itself given to Adapt.

// Explain is games.Explain.
func (c Checked[S]) Explain(s S, seat Seat, a Action) error { return Explain(c.Game, s, seat, a) }

// PrivateChoices is the game's Secrets answer, false without one.
func (c Checked[S]) PrivateChoices(public any, seat Seat) bool {
	x, ok := c.Game.(Secrets)
	return ok && x.PrivateChoices(public, seat)
}

// Holds is the game's Holder answer, false without one.
func (c Checked[S]) Holds(public any, seat Seat) bool {
	x, ok := c.Game.(Holder)
	return ok && x.Holds(public, seat)
}

// TextRule is the game's Forms answer, none without one.
func (c Checked[S]) TextRule(verb string) (TextRule, bool) { return ruleOf(forms(c.Game), verb) }

func forms(g any) Forms {
	f, _ := g.(Forms)
	return f
}

// Disguise is the game's Disguiser answer, s itself without one.
func (c Checked[S]) Disguise(s S, r Rand) S {
	if x, ok := c.Game.(Disguiser[S]); ok {
		return x.Disguise(s, r)
	}
	return s
}

// Determinize is the game's Determinizer answer, else its Disguise.
func (c Checked[S]) Determinize(s S, viewer Seat, r Rand) S {
	if x, ok := c.Game.(Determinizer[S]); ok {
		return x.Determinize(s, viewer, r)
	}
	return c.Disguise(s, r)
}

// Undoable is the game's Undoer answer, false without one.
func (c Checked[S]) Undoable(before, after S, seat Seat, a Action) bool {
	x, ok := c.Game.(Undoer[S])
	return ok && x.Undoable(before, after, seat, a)
}

// Undoer is optional for a Game: it says whether a move may be taken back.
// The table service offers Undo only when the move also drew no random
// number, brought no computer move and left the same seats to act; the
// game adds its own conditions (no card or hidden unit revealed, the
// phases its rules allow). Games without it have no undo.
type Undoer[S any] interface {
	Undoable(before, after S, seat Seat, a Action) bool
}

// Secrets is optional for a Game whose choices can name hidden things
// (a hand card, a hidden unit, a secret roster). PrivateChoices reports
// whether seat's menu must be sent to that seat alone: the public board
// then shows only a "Your move" button instead of the labelled choices.
//
// Its argument is the spectator view (View(s, Spectator)), never the
// state, and this is the point: whether a menu is public is itself
// public (everyone sees the board's layout), so the answer may depend
// only on what everyone may know. Deciding from the legal actions, as a
// renderer sees them, leaks: the Defender's menu turning private exactly
// when a reveal is legal tells the Raider which stacks hold real units.
// So the condition is the narrowest *public* one that covers every state
// where a label of seat's choices could show something hidden from
// others. Games without it never have private menus.
type Secrets interface {
	PrivateChoices(public any, seat Seat) bool
}

// Holder is optional for a Game whose seats hold things the others may
// not see (a hand, hidden units, a secret roster or deployment). Holds
// reports whether seat may hold any now; the public board offers "My
// hand / units" only while some player's seat does. Like Secrets it is
// given the spectator view alone: the button is on the public board, so
// whether it shows must not tell anyone a hidden fact (a seat whose last
// hidden unit is gone in secret still holds, as far as anyone knows).
// Games without it hold nothing.
type Holder interface {
	Holds(public any, seat Seat) bool
}

// Disguiser is optional for a Game with hidden information, and is the
// conformance contract of its View: Disguise returns a state that differs
// from s only in facts hidden from spectators (the order of an unseen
// deck, which hidden hand holds which card, which hidden counter is a
// decoy, an undisclosed roster or deployment, a secret declaration), drawn
// with r, and keeps everything public the same: View(Disguise(s),
// Spectator) must equal View(s, Spectator). The secrecy test (commands)
// checks that, and then that nothing public - the board message with its
// buttons and picture, PrivateChoices - tells the two states apart.
// Disguise must not modify s.
type Disguiser[S any] interface {
	Disguise(s S, r Rand) S
}

// Determinizer is optional for a Game whose seats keep secrets from each
// other (a hand, hidden units, an undisclosed roster): Determinize returns
// a twin of s that keeps everything viewer may see - View(twin, viewer)
// equals View(s, viewer) - and draws every other hidden fact with r,
// from what viewer sees alone: two states viewer cannot tell apart give
// the same twin for the same random numbers. Search and estimates run on
// such twins, so a computer seat or a player's "How it went" never reads
// what that seat does not know. For Spectator it is a Disguise.
// Determinize must not modify s. Games without per-seat secrets need
// none: their Disguise is every seat's determinization.
type Determinizer[S any] interface {
	Determinize(s S, viewer Seat, r Rand) S
}

// State is an engine's game state, opaque outside its package.
type State any

// Engine is a Game with its state type erased, as the table service and the
// registry use it. Adapt builds one.
type Engine interface {
	Info() Info
	Setup(opts Options, seats int, rng Rand) (State, error)
	Active(s State) []Seat
	Legal(s State, seat Seat) []Action
	// Apply is the gate (games.Apply): an action in Legal is performed,
	// anything else refused with an *Error and s returned unchanged.
	Apply(s State, seat Seat, a Action, rng Rand) (State, []Event, error)
	View(s State, viewer Seat) any
	Outcome(s State) Outcome
	// Bot is the computer's choice, always in Legal (games.Bot).
	Bot(s State, seat Seat, rng Rand) Action
	Encode(s State) ([]byte, error)
	Decode(b []byte) (State, error)
	// Undoable is the game's Undoer answer, false for games without one.
	Undoable(before, after State, seat Seat, a Action) bool
	// PrivateChoices is the game's Secrets answer for View(s, Spectator):
	// seat's menu is sent privately. False for games without Secrets.
	PrivateChoices(s State, seat Seat) bool
	// Holds is the game's Holder answer for View(s, Spectator): seat may
	// hold something hidden. False for games without Holder.
	Holds(s State, seat Seat) bool
	// Disguise is the game's Disguiser answer; ok is false for games
	// without one.
	Disguise(s State, r Rand) (twin State, ok bool)
	// Determinize is the game's Determinizer, else its Disguise; ok is
	// false for a game with neither (s itself: nothing is hidden).
	Determinize(s State, viewer Seat, r Rand) (twin State, ok bool)
	// TextRule is the game's Forms answer: how verb takes typed input;
	// ok is false for a verb (or a game) that takes none.
	TextRule(verb string) (rule TextRule, ok bool)
}

// Adapt erases the state type of a Game. States are stored as values of S.
func Adapt[S any](g Game[S]) Engine { return adapter[S]{g} }

type adapter[S any] struct{ g Game[S] }

func (a adapter[S]) cast(s State) S {
	v, ok := s.(S)
	if !ok {
		panic(fmt.Sprintf("games: %s engine got state of type %T", a.g.Info().ID, s))
	}
	return v
}

func (a adapter[S]) Info() Info { return a.g.Info() }
func (a adapter[S]) Setup(o Options, n int, r Rand) (State, error) {
	s, err := a.g.Setup(o, n, r)
	if err != nil {
		return nil, err
	}
	return s, nil
}
func (a adapter[S]) Active(s State) []Seat              { return a.g.Active(a.cast(s)) }
func (a adapter[S]) Legal(s State, p Seat) []Action     { return a.g.Legal(a.cast(s), p) }
func (a adapter[S]) View(s State, p Seat) any           { return a.g.View(a.cast(s), p) }
func (a adapter[S]) Outcome(s State) Outcome            { return a.g.Outcome(a.cast(s)) }
func (a adapter[S]) Bot(s State, p Seat, r Rand) Action { return Bot(a.g, a.cast(s), p, r) }
func (a adapter[S]) Apply(s State, p Seat, x Action, r Rand) (State, []Event, error) {
	ns, ev, err := Apply(a.g, a.cast(s), p, x, r)
	if err != nil {
		return s, nil, err
	}
	return ns, ev, nil
}
func (a adapter[S]) Encode(s State) ([]byte, error) { return json.Marshal(a.cast(s)) }
func (a adapter[S]) Undoable(before, after State, p Seat, x Action) bool {
	u, ok := a.g.(Undoer[S])
	return ok && u.Undoable(a.cast(before), a.cast(after), p, x)
}
func (a adapter[S]) PrivateChoices(s State, p Seat) bool {
	sec, ok := a.g.(Secrets)
	// The public view, never the state: see Secrets.
	return ok && sec.PrivateChoices(a.g.View(a.cast(s), Spectator), p)
}
func (a adapter[S]) Holds(s State, p Seat) bool {
	h, ok := a.g.(Holder)
	// The public view, never the state: see Holder.
	return ok && h.Holds(a.g.View(a.cast(s), Spectator), p)
}
func (a adapter[S]) TextRule(verb string) (TextRule, bool) { return ruleOf(forms(a.g), verb) }
func (a adapter[S]) Disguise(s State, r Rand) (State, bool) {
	d, ok := a.g.(Disguiser[S])
	if !ok {
		return s, false
	}
	return d.Disguise(a.cast(s), r), true
}
func (a adapter[S]) Determinize(s State, v Seat, r Rand) (State, bool) {
	if d, ok := a.g.(Determinizer[S]); ok {
		return d.Determinize(a.cast(s), v, r), true
	}
	return a.Disguise(s, r)
}

// Parts says which optional parts of the contract an engine's game
// implements, for conformance tests: each one then has promises to keep.
type Parts struct {
	Playouter, Rollouter, Determinizer bool
}

// adapted is an Engine made by Adapt, which knows its game's parts.
type adapted interface{ parts() Parts }

// PartsOf is the optional parts e's game implements.
func PartsOf(e Engine) Parts {
	a, ok := e.(adapted)
	if !ok {
		return Parts{}
	}
	return a.parts()
}

func (a adapter[S]) parts() Parts {
	_, p := a.g.(Playouter[S])
	_, r := a.g.(Rollouter[S])
	_, d := a.g.(Determinizer[S])
	return Parts{Playouter: p, Rollouter: r, Determinizer: d}
}

func (a adapter[S]) Decode(b []byte) (State, error) {
	var s S
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("decode %s state: %w", a.g.Info().ID, err)
	}
	return s, nil
}

// IsActive reports whether seat is among the active seats.
func IsActive(e Engine, s State, seat Seat) bool {
	for _, a := range e.Active(s) {
		if a == seat {
			return true
		}
	}
	return false
}
