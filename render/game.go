// Package render turns a game's View into a Discord message: an embed that
// reads well on a phone, an optional PNG board, and the component rows for
// the acting player. All user-facing text comes from the i18n catalogue.
//
// Each game has a renderer in render/<game> that implements Game and
// registers itself from init; the core here lays out components within
// Discord's limits and formats what is common to every game.
package render

import (
	"slices"
	"sync"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render/i18n"
)

// Audience is whom a renderer writes for, besides the view: the viewer's
// language, the display names of the seats (Discord users or computer
// players) and the latest moves the viewer may see. (Not a
// context.Context: it carries no deadline and cancels nothing.)
type Audience struct {
	L      *i18n.Localizer
	Names  []string   // display name per seat, never a mention
	Viewer games.Seat // games.Spectator for the public board
	// Journal is the tail of the table's journal as Viewer may see it
	// (games.Since; public events only for the public board), oldest
	// first: what a board's "what happened" field and a picture's last
	// move are drawn from. Game states keep no log of their own.
	Journal []games.Record

	// entries, when set (Board sets it for one board), keeps what
	// Entries decoded, so a board's text and picture decode the journal
	// once between them.
	entries *entryMemo
}

// entryMemo is the journal of one board as Entries decoded it: one slot,
// since a board is one game's and a game reads its events as one type.
type entryMemo struct {
	mu sync.Mutex
	v  any
}

// JournalTail is how many of a table's latest records a board is given
// (Audience.Journal): enough for a whole turn of the busiest game (a Trenches
// turn moves and fires with every unit) and the turn before it.
const JournalTail = 60

// Entries is every event of ctx.Journal, oldest first, as read gives it:
// the game's one typed decode of an event (its journal struct from the
// event's Data, with what the event carries beside it: kind, seat,
// privacy), the same its Tell uses. An event that does not decode is
// skipped.
func Entries[E any](ctx Audience, read func(games.Event) (E, error)) []E {
	m := ctx.entries
	if m == nil {
		return decodeEntries(ctx, read)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	xs, ok := m.v.([]E)
	if !ok {
		xs = decodeEntries(ctx, read)
		m.v = xs
	}
	return slices.Clone(xs) // callers may filter in place
}

func decodeEntries[E any](ctx Audience, read func(games.Event) (E, error)) []E {
	var out []E
	for _, r := range ctx.Journal {
		for _, e := range r.Events {
			if x, err := read(e); err == nil {
				out = append(out, x)
			}
		}
	}
	return out
}

// T translates through the context's language.
func (c Audience) T(id string, kv ...any) string { return c.L.T(id, kv...) }

// Name is the display name of a seat, or "?" when out of range.
func (c Audience) Name(s games.Seat) string {
	if int(s) >= 0 && int(s) < len(c.Names) {
		return c.Names[s]
	}
	return "?"
}

// Field is one embed field.
type Field struct {
	Name   string
	Value  string
	Inline bool
	// Log marks the "what happened" field, one event a line, oldest
	// first: when a message is over Discord's limits its oldest lines
	// go before anything else is shortened.
	Log bool
}

// Card is one embed's worth of text. Keep Description under 4096 and every
// field value under 1024 characters; the core trims anything longer, and
// the whole message to Discord's limits (limits.go).
type Card struct {
	Title       string
	Description string
	Fields      []Field
	Footer      string
	Color       int
}

// Style is a button colour.
type Style int

const (
	Secondary Style = iota // grey: the default
	Primary                // blurple: the suggested choice
	Success                // green
	Danger                 // red: costly or irreversible
)

// Choice labels one legal action for the buttons and selects.
type Choice struct {
	Action games.Action
	Label  string // <= 80 characters (100 in a select)
	Group  string // choices with the same Group share a select when there are many
	Emoji  string // a unicode emoji, optional
	Style  Style
	// Description is a line under the label when the choice is shown in a
	// select (up to 100 characters, developers/components/reference.mdx),
	// e.g. what a card does; buttons have no room for it. Optional.
	Description string
	// Form: the action takes typed input (games.Forms); its button
	// opens a modal, and it is never an option of a select (the table
	// service sets it from the engine's rules).
	Form bool
}

// Menu is the acting seat's decision.
type Menu struct {
	Prompt  string   // what is being decided, shown above the components
	Choices []Choice // exactly one per legal action, in display order
	// Whether the menu is shown on the public board or only privately
	// (the board then has a "Your move" button) is not the renderer's to
	// say: the table service asks the engine (games.Engine.PrivateChoices),
	// which decides from public facts only.
}

// Game renders one game's views. Every method gets the view produced by the
// engine for ctx.Viewer (type-assert it to the game's view type).
type Game interface {
	// Board is the public table text (ctx.Viewer is Spectator, and
	// ctx.Journal holds public events only).
	Board(ctx Audience, view any) Card
	// Private is the seat's secret information for the ephemeral
	// "My hand / My units" reply; ok=false when the seat has none.
	Private(ctx Audience, view any) (card Card, ok bool)
	// Menu labels the legal actions of the seat ctx.Viewer.
	Menu(ctx Audience, view any, legal []games.Action) Menu
	// Status is one short line for the turn ping, e.g. "Row 5, 5 troops".
	Status(ctx Audience, view any) string
	// Image draws the board as PNG, or returns nil when the game has no
	// picture for this view. Public views only: it is attached to the
	// public board message. Words on the picture come from ctx (the
	// table's language) and seat names from ctx.Names.
	Image(ctx Audience, view any) ([]byte, error)
	// Rules is a rules summary (Markdown). RulesMessage shows it, split at
	// blank lines into embeds of 4096 characters; in all it stays under
	// Discord's 6000 characters for one message.
	Rules(ctx Audience) string
	// Tell is one journal event as a line for the "what happened"
	// digest, in the words of the board's log (Text "" for an event not
	// worth a line). view is the viewer's current view, for names the
	// event refers to; the event is one the viewer may see.
	Tell(ctx Audience, view any, e games.Event) Line
}

// ViewAs converts the view a renderer is given to its game's view type,
// accepting a value or a non-nil pointer.
func ViewAs[V any](v any) (V, bool) {
	switch x := v.(type) {
	case V:
		return x, true
	case *V:
		if x != nil {
			return *x, true
		}
	}
	var zero V
	return zero, false
}
