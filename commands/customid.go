package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// A custom_id names the table, the state version the component was drawn
// for, and what the component does:
//
//	w1:<table>:<version>:<kind>[:<payload>]
//
// kind a = apply the action in payload (games.Action text form),
// s = a select whose values are action texts (payload: its index),
// g = a select whose values are group indexes, p = "your move" (the acting
// seat's choices, privately), h = "my hand / my units", u = undo the last
// move, l = a lobby verb, j = "what happened" (payload: empty, or the
// version an earlier page ends at), t = a form: the button opens the modal
// of the action in payload, and the modal, with the same custom_id, applies
// that action filled in with what was typed (games.TextRule), v = a team vote or proposal (commands/vote.go).
// The version makes old buttons harmless: a click drawn for another
// version is answered with the current board and never applied.
const idPrefix = "w1"

// Component kinds: every one is parsed here and answered by its route
// (route.go).
const (
	KindAction  = "a"
	KindSelect  = "s"
	KindGroup   = "g"
	KindPrivate = "p"
	KindMyView  = "h"
	KindLobby   = "l"
	KindUndo    = "u"
	KindRematch = "r"
	KindResign  = "x"
	KindJournal = "j"
	// KindSure applies the action in payload, as KindAction, once the
	// player has confirmed a choice that cannot be taken back.
	KindSure = "c"
	// KindRecord is "Game record": a finished game's export, privately.
	KindRecord = "e"
	// KindForm opens the modal of the form in payload, and is that
	// modal's custom_id.
	KindForm = "t"
	// KindAbandon is the confirmation's button of /game abandon.
	KindAbandon = "k"
	// KindOffer answers the table's open seat offer; payload "accept" or
	// "decline". The offer itself lives in the table (data.SeatOffer), so
	// a forged button can point at no offer but the real one.
	KindOffer = "o"
	// KindPause answers the table's pause proposal; payload "agree" or
	// "refuse".
	KindPause = "z"
	// KindTurning is the "How it went" button of a finished board.
	KindTurning = "w"
	// KindVote is a vote: payload the option's index (a plan, or
	// proposalBase+i for proposal i), "go" (the acting soldier's player
	// carries out the plan in the lead), or a proposal select: votePropose
	// (values: an action) or voteGroups (values: a group of the moves).
	KindVote = "v"
)

var lobbyVerbs = map[string]bool{"join": true, "leave": true, "bot": true, "start": true, "cancel": true, render.LobbyLevel: true}

// CustomID is a decoded custom_id.
type CustomID struct {
	Table   string
	Version int64
	Kind    string
	Payload string
	Action  games.Action // for KindAction
}

// ErrBadCustomID is wrapped by every decoding error.
var ErrBadCustomID = errors.New("bad custom_id")

// MaxCustomID is Discord's limit.
const MaxCustomID = 100

// Encode writes the custom_id; it fails rather than produce one Discord
// would reject.
func (c CustomID) Encode() (string, error) {
	s := fmt.Sprintf("%s:%s:%d:%s", idPrefix, c.Table, c.Version, c.Kind)
	if c.Kind == KindAction || c.Kind == KindSure || c.Kind == KindForm {
		c.Payload = c.Action.String()
	}
	if c.Payload != "" {
		s += ":" + c.Payload
	}
	if len(s) > MaxCustomID {
		return "", fmt.Errorf("%w: %d characters", ErrBadCustomID, len(s))
	}
	return s, nil
}

// ParseCustomID decodes and validates a custom_id from Discord. Anything a
// user could forge is checked here; it never panics.
func ParseCustomID(s string) (CustomID, error) {
	if len(s) > MaxCustomID {
		return CustomID{}, fmt.Errorf("%w: too long", ErrBadCustomID)
	}
	parts := strings.SplitN(s, ":", 5)
	if len(parts) < 4 || parts[0] != idPrefix {
		return CustomID{}, fmt.Errorf("%w: %q", ErrBadCustomID, s)
	}
	c := CustomID{Table: parts[1], Kind: parts[3]}
	if !validTableID(c.Table) {
		return CustomID{}, fmt.Errorf("%w: table id", ErrBadCustomID)
	}
	v, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || v < 0 || parts[2] != strconv.FormatInt(v, 10) {
		return CustomID{}, fmt.Errorf("%w: version", ErrBadCustomID)
	}
	c.Version = v
	if len(parts) == 5 {
		c.Payload = parts[4]
	}
	switch c.Kind {
	case KindAction, KindSure, KindForm:
		// Typed text never travels in a custom_id: a form's comes from
		// its modal's inputs.
		a, err := games.ParseAction(c.Payload)
		if err != nil || strings.ContainsAny(c.Payload, " \"") || a.Text != "" {
			return CustomID{}, fmt.Errorf("%w: action", ErrBadCustomID)
		}
		c.Action = a
	case KindSelect:
		if c.Payload != "" {
			if n, err := strconv.Atoi(c.Payload); err != nil || n < 0 || n > 4 {
				return CustomID{}, fmt.Errorf("%w: select index", ErrBadCustomID)
			}
		}
	case KindGroup, KindPrivate, KindMyView, KindUndo, KindRematch, KindResign, KindRecord, KindTurning:
		if c.Payload != "" {
			return CustomID{}, fmt.Errorf("%w: unexpected payload", ErrBadCustomID)
		}
	case KindOffer:
		if c.Payload != "accept" && c.Payload != "decline" {
			return CustomID{}, fmt.Errorf("%w: offer verb", ErrBadCustomID)
		}
	case KindPause:
		if c.Payload != "agree" && c.Payload != "refuse" {
			return CustomID{}, fmt.Errorf("%w: pause verb", ErrBadCustomID)
		}
	case KindVote:
		verb := c.Payload == voteGo || c.Payload == votePropose || c.Payload == voteGroups
		if n, err := strconv.Atoi(c.Payload); !verb && (err != nil || n < 0 || n >= proposalBase+maxProposals || c.Payload != strconv.Itoa(n)) {
			return CustomID{}, fmt.Errorf("%w: vote", ErrBadCustomID)
		}
	case KindAbandon:
		if c.Payload != "" {
			return CustomID{}, fmt.Errorf("%w: unexpected payload", ErrBadCustomID)
		}
	case KindJournal:
		if c.Payload != "" {
			if n, err := strconv.ParseInt(c.Payload, 10, 64); err != nil || n <= 0 || c.Payload != strconv.FormatInt(n, 10) {
				return CustomID{}, fmt.Errorf("%w: journal page", ErrBadCustomID)
			}
		}
	case KindLobby:
		if _, ok := render.SeatLevelVerb(c.Payload); !lobbyVerbs[c.Payload] && !ok {
			return CustomID{}, fmt.Errorf("%w: lobby verb", ErrBadCustomID)
		}
	default:
		return CustomID{}, fmt.Errorf("%w: kind", ErrBadCustomID)
	}
	return c, nil
}

func validTableID(s string) bool {
	if s == "" || len(s) > 13 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// ids implements render.IDs for one table version.
type ids struct {
	table   string
	version int64
}

func (i ids) enc(kind, payload string) string {
	s, err := CustomID{Table: i.table, Version: i.version, Kind: kind, Payload: payload}.Encode()
	if err != nil {
		// Actions are small by contract; a too-long one is a bug in a
		// rules package, surfaced loudly rather than sent to Discord.
		panic(err)
	}
	return s
}

func (i ids) Action(a games.Action) string {
	s, err := CustomID{Table: i.table, Version: i.version, Kind: KindAction, Action: a}.Encode()
	if err != nil {
		panic(err)
	}
	return s
}

// Form is a form's button and its modal.
func (i ids) Form(a games.Action) string {
	s, err := CustomID{Table: i.table, Version: i.version, Kind: KindForm, Action: a}.Encode()
	if err != nil {
		panic(err)
	}
	return s
}

func (i ids) Select() string           { return i.enc(KindSelect, "") }
func (i ids) Group() string            { return i.enc(KindGroup, "") }
func (i ids) PrivateMenu() string      { return i.enc(KindPrivate, "") }
func (i ids) MyView() string           { return i.enc(KindMyView, "") }
func (i ids) Lobby(verb string) string { return i.enc(KindLobby, verb) }
func (i ids) Undo() string             { return i.enc(KindUndo, "") }
func (i ids) Rematch() string          { return i.enc(KindRematch, "") }
func (i ids) Record() string           { return i.enc(KindRecord, "") }
func (i ids) Turning() string          { return i.enc(KindTurning, "") }

// Journal is "what happened"; before > 0 is the page of moves up to that
// version.
func (i ids) Journal(before int64) string {
	if before > 0 {
		return i.enc(KindJournal, strconv.FormatInt(before, 10))
	}
	return i.enc(KindJournal, "")
}

// LogSafe is a custom_id for log lines: table, version and kind, without
// the payload, because an action's arguments can be hidden information
// (a secret placement chosen from a private menu).
func LogSafe(customID string) string {
	parts := strings.SplitN(customID, ":", 5)
	if len(parts) < 4 {
		return "(malformed)"
	}
	return clipForLog(strings.Join(parts[:4], ":"))
}

// maxLogged bounds any user-sent text in a log line: a custom_id is at
// most 100 characters on Discord, but a forged one can be megabytes.
const maxLogged = 100

func clipForLog(s string) string {
	if len(s) <= maxLogged {
		return s
	}
	return strings.ToValidUTF8(s[:maxLogged], "") + "…"
}
