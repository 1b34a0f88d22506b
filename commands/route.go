package commands

import (
	"context"
	"strconv"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// click is one component interaction on its table, loaded and locked:
// what the guards check and the handlers answer. seats are the clicking
// member's; seat is the one that acts (set by the toAct guard).
type click struct {
	req   Request
	id    CustomID
	l     *loaded
	seats []games.Seat
	seat  games.Seat
}

// guard lets a click through (ok) or answers it in its place.
type guard func(s *Service, ctx context.Context, c *click) (resp Response, ok bool)

// route is how one custom_id kind is answered: its guards, in order,
// then its handler.
type route struct {
	guards []guard
	handle func(s *Service, ctx context.Context, c *click) Response
}

// onTheBoard are the guards of a click that plays on the board: the game
// is on, the click is on the current board (or a private menu), the table
// is not paused, the member is seated, the button is of this version, and
// one of their seats may act.
var onTheBoard = []guard{playing, onBoard, notPaused, seated, currentVersion, toAct}

// first puts guards before gs.
func first(gs []guard, guards ...guard) []guard { return append(guards, gs...) }

// routes answers each custom_id kind (customid.go declares them). A kind
// without mayPost only reads, privately.
var routes = map[string]route{
	KindLobby: {[]guard{mayPost, onTableMessage}, func(s *Service, ctx context.Context, c *click) Response {
		return s.lobby(ctx, c.req, c.l, c.id)
	}},
	KindResign: {[]guard{mayPost, privateOnly}, func(s *Service, ctx context.Context, c *click) Response {
		return s.resign(ctx, c.req, c.l)
	}},
	KindAbandon: {[]guard{mayPost, privateOnly}, func(s *Service, ctx context.Context, c *click) Response {
		return s.abandon(ctx, c.req, c.l)
	}},
	KindOffer: {[]guard{mayPost}, func(s *Service, ctx context.Context, c *click) Response {
		return s.offerClick(ctx, c.req, c.l, c.id.Payload)
	}},
	KindPause: {[]guard{mayPost}, func(s *Service, ctx context.Context, c *click) Response {
		return s.pauseClick(ctx, c.req, c.l, c.id.Payload)
	}},
	KindRematch: {[]guard{mayPost, onTableMessage}, func(s *Service, ctx context.Context, c *click) Response {
		return s.rematch(ctx, c.req, c.l)
	}},
	KindRecord: {nil, func(s *Service, ctx context.Context, c *click) Response {
		return s.record(ctx, c.req, c.l)
	}},
	KindTurning: {nil, func(s *Service, ctx context.Context, c *click) Response {
		return s.turningReport(ctx, c.req, c.l)
	}},
	// The journal answers on any of the table's boards, old ones too,
	// with the journal as it is now.
	KindJournal: {nil, func(s *Service, ctx context.Context, c *click) Response {
		return s.journal(ctx, c.req, c.l, c.id)
	}},
	KindMyView: {[]guard{playing}, func(s *Service, ctx context.Context, c *click) Response {
		return s.myView(ctx, c.req, c.l, c.seats)
	}},
	KindVote: {[]guard{mayPost, playing}, func(s *Service, ctx context.Context, c *click) Response {
		return s.voteClick(ctx, c.req, c.l, c.id)
	}},
	KindPrivate: {onTheBoard, (*Service).privateMenu},
	KindGroup:   {first(onTheBoard, mayPost), (*Service).groupMenu},
	KindSelect:  {first(onTheBoard, mayPost), (*Service).selected},
	KindAction: {first(onTheBoard, mayPost), func(s *Service, ctx context.Context, c *click) Response {
		return s.chosen(ctx, c, c.id.Action)
	}},
	KindSure: {first(onTheBoard, mayPost, privateOnly), func(s *Service, ctx context.Context, c *click) Response {
		return s.action(ctx, c.req, c.l, c.seats, c.id.Action)
	}},
	KindForm: {first(onTheBoard, mayPost), func(s *Service, ctx context.Context, c *click) Response {
		a, resp, ok := formAction(c.req, c.l, c.id.Action)
		if !ok {
			return resp
		}
		return s.action(ctx, c.req, c.l, c.seats, a)
	}},
	KindUndo: {first(onTheBoard, mayPost), (*Service).undoClick},
}

// mayPost: a click that changes the table must be able to show the
// change, so it is refused before anything changes when the bot may not
// post here.
func mayPost(s *Service, _ context.Context, c *click) (Response, bool) {
	if c.req.FromDM() {
		// Discord tells the bot's permissions where the click came from
		// (app_permissions), the DM; the table's channel is not seen
		// from here, and a refused post stays owed (ErrForbidden).
		return Response{}, true
	}
	return s.checkPlace(c.req, c.l.eng.Info(), c.l.t)
}

// onTableMessage: only on the table's own message (or a private menu).
func onTableMessage(s *Service, _ context.Context, c *click) (Response, bool) {
	if !s.onTableMessage(c.req, c.l) {
		return private(c.req, "core.err.bad_button"), false
	}
	return Response{}, true
}

// privateOnly: a confirmation's button lives only on the private question
// that asked it; one on a public message was never shown: forged.
func privateOnly(_ *Service, _ context.Context, c *click) (Response, bool) {
	if !c.req.OnPrivateMessage {
		return private(c.req, "core.err.bad_button"), false
	}
	return Response{}, true
}

// playing: only while the game is on (a lobby has no such buttons).
func playing(_ *Service, _ context.Context, c *click) (Response, bool) {
	switch c.l.t.Status {
	case data.StatusPlaying:
		return Response{}, true
	case data.StatusLobby:
		return private(c.req, "core.err.bad_button"), false
	}
	return private(c.req, "core.err.not_playing"), false
}

// onBoard: a move is made on the current board or a private menu; a
// click on an old board gets the current one privately.
func onBoard(s *Service, ctx context.Context, c *click) (Response, bool) {
	switch {
	case s.onTableMessage(c.req, c.l):
		return Response{}, true
	case c.req.Kind == ModalSubmit:
		return formStale(c.req), false
	}
	return s.stale(ctx, c.req, c.l), false
}

// notPaused: nothing is played on a paused table.
func notPaused(_ *Service, _ context.Context, c *click) (Response, bool) {
	if c.l.t.Paused() {
		return private(c.req, "core.pause.paused"), false
	}
	return Response{}, true
}

// seated: only the players play.
func seated(_ *Service, _ context.Context, c *click) (Response, bool) {
	if len(c.seats) == 0 {
		return private(c.req, "core.err.not_seated"), false
	}
	return Response{}, true
}

// currentVersion: a button drawn for another version is never applied;
// a form typed while only the others' moves changed the table is.
func currentVersion(s *Service, ctx context.Context, c *click) (Response, bool) {
	switch {
	case c.id.Version == c.l.t.Version:
		return Response{}, true
	case c.req.Kind != ModalSubmit && c.req.OnPrivateMessage:
		return s.staleMenu(c.req, c.l), false
	case c.req.Kind != ModalSubmit:
		return s.stale(ctx, c.req, c.l), false
	case !s.othersMovedSince(ctx, c.l, c.id.Version, c.seats):
		return formStale(c.req), false
	}
	return Response{}, true
}

// toAct: one of the member's seats is to act, or may act out of turn.
func toAct(_ *Service, _ context.Context, c *click) (Response, bool) {
	seat, ok := actingSeat(c.l, c.seats)
	if !ok {
		seat, ok = outOfTurnSeat(c.l, c.seats)
	}
	if !ok {
		return private(c.req, "core.err.not_your_turn"), false
	}
	c.seat = seat
	return Response{}, true
}

// privateMenu is "Your move": the acting seat's choices, privately.
func (s *Service) privateMenu(_ context.Context, c *click) Response {
	m, ok := s.menu(c.l, c.req.Locale, c.seat)
	if !ok {
		return private(c.req, "core.menu.nothing")
	}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.MenuMessage(ctxFor(c.l, c.req.Locale, c.seat), m, c.l.ids())}}
}

// groupMenu opens one group of the menu; chosen on a private menu, it
// opens in that menu.
func (s *Service) groupMenu(_ context.Context, c *click) Response {
	m, ok := s.menu(c.l, c.req.Locale, c.seat)
	if !ok || len(c.req.Values) != 1 {
		return private(c.req, "core.err.bad_button")
	}
	i, err := strconv.Atoi(c.req.Values[0])
	if err != nil {
		return private(c.req, "core.err.bad_button")
	}
	gm, ok := render.GroupMenu(m, i)
	if !ok {
		return private(c.req, "core.err.bad_button")
	}
	kind := ReplyPrivate
	if c.req.OnPrivateMessage {
		kind = ReplyUpdate
	}
	return Response{Reply: Reply{Kind: kind, Message: render.MenuMessage(ctxFor(c.l, c.req.Locale, c.seat), gm, c.l.ids())}}
}

// selected is an action chosen in a select (its value: the action).
func (s *Service) selected(ctx context.Context, c *click) Response {
	if len(c.req.Values) != 1 {
		return private(c.req, "core.err.bad_button")
	}
	a, err := games.ParseAction(c.req.Values[0])
	if err != nil || a.Text != "" {
		return private(c.req, "core.err.bad_button")
	}
	return s.chosen(ctx, c, a)
}

// chosen applies a chosen action, or first asks whether the player is
// sure of one that cannot be taken back.
func (s *Service) chosen(ctx context.Context, c *click, a games.Action) Response {
	if ch, ok := s.irreversible(c.l, c.req.Locale, c.seat, a); ok {
		return s.askSure(c.req, c.l, ch)
	}
	return s.action(ctx, c.req, c.l, c.seats, a)
}

// undoClick takes back the seat's last move.
func (s *Service) undoClick(ctx context.Context, c *click) Response {
	if err := s.undo(ctx, c.l, c.seat, c.req.User.ID); err != nil {
		if games.ErrorCode(err) != "" {
			return private(c.req, "core.err.nothing_to_undo")
		}
		return s.internal(c.req, err)
	}
	s.log.Info().Str("table", c.l.t.ID).Int64("version", c.l.t.Version).Int("seat", int(c.seat)).Msg("undo")
	return s.afterChange(c.req, c.l, nil)
}
