package commands

import (
	"errors"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

func nowUTC() time.Time { return time.Now().UTC() }

// deliveryWaits times deliveryWait bound how long a click waits for the
// delivery of the message it is on (another replica's).
const (
	deliveryWaits = 20
	deliveryWait  = 100 * time.Millisecond
)

// component handles a button or select click.
func (s *Service) component(req Request) Response {
	id, err := ParseCustomID(req.CustomID)
	if err != nil {
		s.log.Warn().Str("user", req.User.ID).Str("custom_id", LogSafe(req.CustomID)).Msg("rejected custom_id")
		return private(req, "core.err.bad_button")
	}
	// A modal is only ever a form's, and a form acts only as a modal.
	if (req.Kind == ModalSubmit) != (id.Kind == KindForm) {
		return private(req, "core.err.bad_button")
	}
	unlock := s.lock(id.Table)
	defer func() { unlock() }()
	l, err := s.load(id.Table)
	// A click on a message another replica is still delivering (a
	// lobby or board posted, its id not yet recorded) waits for that
	// delivery, outside the lock: within one process the lock already
	// orders them, across replicas only the record does.
	for wait := 0; err == nil && wait < deliveryWaits && !req.OnPrivateMessage && req.MessageID != "" &&
		req.MessageID != l.t.BoardMessageID && len(l.t.Outbox) > 0; wait++ {
		unlock()
		time.Sleep(deliveryWait)
		unlock = s.lock(id.Table)
		l, err = s.load(id.Table)
	}
	if isNotFound(err) {
		return private(req, "core.err.bad_button")
	}
	if err != nil {
		return s.internal(req, err)
	}
	if l.t.GuildID != req.GuildID || !l.t.PlaysIn(req.ChannelID) {
		// A custom_id copied from another server's or channel's table:
		// a table's buttons live only where it plays.
		s.log.Warn().Str("user", req.User.ID).Str("table", l.t.ID).Str("channel", req.ChannelID).Msg("button from another place")
		return private(req, "core.err.bad_button")
	}
	// A click that changes the table must be able to show the change:
	// refuse it before anything changes when the bot may not post here.
	if id.Kind != KindMyView && id.Kind != KindPrivate && id.Kind != KindJournal && id.Kind != KindRecord && id.Kind != KindTurning {
		if resp, ok := s.checkPlace(req, l.eng.Info(), l.t); !ok {
			return resp
		}
	}
	if id.Kind == KindLobby {
		if !s.onTableMessage(req, l) {
			return private(req, "core.err.bad_button")
		}
		return s.lobby(req, l, id)
	}
	// A confirmation's button lives only on the private question that
	// asked it; one on a public message was never shown: forged.
	if (id.Kind == KindResign || id.Kind == KindAbandon || id.Kind == KindSure) && !req.OnPrivateMessage {
		return private(req, "core.err.bad_button")
	}
	if id.Kind == KindResign {
		return s.resign(req, l)
	}
	if id.Kind == KindOffer {
		return s.offerClick(req, l, id.Payload)
	}
	if id.Kind == KindAbandon {
		return s.abandon(req, l)
	}
	if id.Kind == KindPause {
		return s.pauseClick(req, l, id.Payload)
	}
	if id.Kind == KindRematch {
		if !s.onTableMessage(req, l) {
			return private(req, "core.err.bad_button")
		}
		return s.rematch(req, l)
	}
	if id.Kind == KindRecord {
		return s.record(req, l)
	}
	if id.Kind == KindTurning {
		// Read-only and private, like the journal.
		return s.turningReport(req, l)
	}
	if id.Kind == KindJournal {
		// Read-only and private: it answers on any of the table's
		// boards, old ones too, with the journal as it is now.
		return s.journal(req, l, id)
	}
	if l.t.Status != data.StatusPlaying {
		if l.t.Status == data.StatusLobby {
			return private(req, "core.err.bad_button")
		}
		return private(req, "core.err.not_playing")
	}
	seats := l.t.SeatsOf(req.User.ID)
	if id.Kind == KindMyView {
		return s.myView(req, l, seats)
	}
	if id.Kind == KindVote {
		return s.voteClick(req, l, id)
	}
	if !s.onTableMessage(req, l) {
		if req.Kind == ModalSubmit {
			return formStale(req)
		}
		return s.stale(req, l)
	}
	if l.t.Paused() {
		return private(req, "core.pause.paused")
	}
	if len(seats) == 0 {
		return private(req, "core.err.not_seated")
	}
	if id.Version != l.t.Version {
		if req.Kind != ModalSubmit && req.OnPrivateMessage {
			return s.staleMenu(req, l)
		}
		if req.Kind != ModalSubmit {
			return s.stale(req, l)
		}
		if !s.othersMovedSince(l, id.Version, seats) {
			return formStale(req)
		}
	}
	seat, ok := actingSeat(l, seats)
	if !ok {
		seat, ok = outOfTurnSeat(l, seats)
	}
	if !ok {
		return private(req, "core.err.not_your_turn")
	}
	switch id.Kind {
	case KindPrivate:
		m, ok := s.menu(l, req.Locale, seat)
		if !ok {
			return private(req, "core.menu.nothing")
		}
		return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.MenuMessage(ctxFor(l, req.Locale, seat), m, l.ids())}}
	case KindGroup:
		m, ok := s.menu(l, req.Locale, seat)
		if !ok || len(req.Values) != 1 {
			return private(req, "core.err.bad_button")
		}
		i, err := strconv.Atoi(req.Values[0])
		if err != nil {
			return private(req, "core.err.bad_button")
		}
		gm, ok := render.GroupMenu(m, i)
		if !ok {
			return private(req, "core.err.bad_button")
		}
		// A group chosen on a private menu opens in that menu.
		kind := ReplyPrivate
		if req.OnPrivateMessage {
			kind = ReplyUpdate
		}
		return Response{Reply: Reply{Kind: kind, Message: render.MenuMessage(ctxFor(l, req.Locale, seat), gm, l.ids())}}
	case KindSelect:
		if len(req.Values) != 1 {
			return private(req, "core.err.bad_button")
		}
		a, err := games.ParseAction(req.Values[0])
		if err != nil || a.Text != "" {
			return private(req, "core.err.bad_button")
		}
		if ch, ok := s.irreversible(l, req.Locale, seat, a); ok {
			return s.askSure(req, l, ch)
		}
		return s.action(req, l, seats, a)
	case KindAction:
		if ch, ok := s.irreversible(l, req.Locale, seat, id.Action); ok {
			return s.askSure(req, l, ch)
		}
		return s.action(req, l, seats, id.Action)
	case KindSure:
		return s.action(req, l, seats, id.Action)
	case KindForm:
		a, resp, ok := formAction(req, l, id.Action)
		if !ok {
			return resp
		}
		return s.action(req, l, seats, a)
	case KindUndo:
		if err := s.undo(l, seat, req.User.ID); err != nil {
			if games.ErrorCode(err) != "" {
				return private(req, "core.err.nothing_to_undo")
			}
			return s.internal(req, err)
		}
		s.log.Info().Str("table", l.t.ID).Int64("version", l.t.Version).Int("seat", int(seat)).Msg("undo")
		return s.afterChange(req, l, nil)
	}
	return private(req, "core.err.bad_button")
}

// onTableMessage: the click came from the table's own public message (its
// board or lobby, whose id Deliver records before any click on it is
// handled) or from a private menu. A custom_id copied onto any other
// message of the channel is refused, as is a click on an old board.
func (s *Service) onTableMessage(req Request, l *loaded) bool {
	if req.OnPrivateMessage {
		return true
	}
	if req.MessageID != "" && req.MessageID == l.t.BoardMessageID {
		return true
	}
	s.log.Debug().Str("user", req.User.ID).Str("table", l.t.ID).Str("message", req.MessageID).Msg("button on a message that is not the table's")
	return false
}

// outOfTurnSeat is the user's first seat that is not to act but that the
// rules let act now anyway (games.Info.OutOfTurn: FoW losses, conceding).
func outOfTurnSeat(l *loaded, seats []games.Seat) (games.Seat, bool) {
	if !l.eng.Info().OutOfTurn {
		return 0, false
	}
	for _, s := range seats {
		if len(l.eng.Legal(l.state, s)) > 0 {
			return s, true
		}
	}
	return 0, false
}

// seatFor is the user's seat for which a is legal, active seats first.
func seatFor(l *loaded, seats []games.Seat, a games.Action) (games.Seat, bool) {
	for _, active := range []bool{true, false} {
		for _, st := range seats {
			if ok, _ := games.Accepts(l.eng, l.eng.Legal(l.state, st), a); ok && games.IsActive(l.eng, l.state, st) == active {
				return st, true
			}
		}
	}
	return 0, false
}

// actingSeat picks the user's first seat that may act now.
func actingSeat(l *loaded, seats []games.Seat) (games.Seat, bool) {
	for _, s := range seats {
		if games.IsActive(l.eng, l.state, s) {
			return s, true
		}
	}
	return 0, false
}

// stale answers a click on a board drawn for another version: a private
// note with the current board, and nothing applied.
func (s *Service) stale(req Request, l *loaded) Response {
	return s.boardFor(req, l, "core.err.stale")
}

// boardFor is the table's public board for one person, privately, in
// their language, with a note above it and no buttons, picture or pings:
// the picture is not drawn at all (a stale click is no reason to spend a
// picture's CPU).
func (s *Service) boardFor(req Request, l *loaded, note string) Response {
	msg, err := s.board(l, req.Locale, false, false)
	if err != nil {
		return s.internal(req, err)
	}
	msg.Components, msg.Files, msg.Mentions = nil, nil, nil
	msg.Content = render.Notice(userCtx(req), note).Content
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// myView answers "My hand / My units" privately for a seated player.
func (s *Service) myView(req Request, l *loaded, seats []games.Seat) Response {
	if len(seats) == 0 {
		return private(req, "core.err.not_seated")
	}
	g, ok := s.mods.Renderer(l.t.Game)
	if !ok {
		return private(req, "core.err.unknown_game")
	}
	seat := seats[0]
	ctx := ctxFor(l, req.Locale, seat)
	var err error
	if ctx.Journal, err = s.journalTail(l, seat); err != nil {
		return s.internal(req, err)
	}
	card, ok := g.Private(ctx, l.eng.View(l.state, seat))
	// What the rules let the player do out of turn comes with it (FoW:
	// report a loss, concede): the board's buttons are the active seat's.
	var extra []discordgo.MessageComponent
	if _, active := actingSeat(l, seats); !active {
		if st, out := outOfTurnSeat(l, seats); out {
			if m, has := s.menu(l, req.Locale, st); has {
				extra = render.PrivateComponents(ctxFor(l, req.Locale, st), m, l.ids())
				if !ok {
					card, ok = render.Card{Description: ctx.T("core.private.out_of_turn")}, true
				}
			}
		}
	}
	if !ok {
		return private(req, "core.private.none")
	}
	msg := render.CardMessage(card)
	msg.Components = extra
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// action applies a player's choice and answers with the new board.
func (s *Service) action(req Request, l *loaded, seats []games.Seat, a games.Action) Response {
	seat, ok := actingSeat(l, seats)
	if !ok {
		seat, ok = outOfTurnSeat(l, seats)
	}
	if !ok {
		return private(req, "core.err.not_your_turn")
	}
	// A user with several seats acts with the one that may take a: an
	// active one first, else one the rules let act out of turn.
	if st, ok := seatFor(l, seats, a); ok {
		seat = st
	}
	res, err := s.act(l, seat, req.User.ID, a)
	if err != nil {
		return s.refused(req, l, err)
	}
	ev := s.log.Info().Str("table", l.t.ID).Int64("version", l.t.Version).Int("seat", int(seat)).Str("action", a.Verb).Int("bot_moves", len(res.entries)-1)
	if rule, ok := l.eng.TextRule(a.Verb); ok && !rule.Secret && a.Text != "" {
		// Typed text the game does not call secret (games.TextRule).
		ev = ev.Str("text", clipForLog(a.Text))
	}
	ev.Msg("action")
	return s.afterChange(req, l, &res)
}

// refused answers a change that was not made: the gate's reason, or the
// table as stored when another writer got there first.
func (s *Service) refused(req Request, l *loaded, err error) Response {
	if code := games.ErrorCode(err); code != "" {
		why := code
		if key := render.WhyKey(l.t.Game, code); key != "" {
			why = userCtx(req).T(key)
		}
		return private(req, "core.err.illegal", "Why", why)
	}
	if errors.Is(err, data.ErrConflict) {
		// Another writer got there first (cannot happen within one
		// process, which locks per table): show what is stored.
		if fresh, err := s.load(l.t.ID); err == nil {
			return s.stale(req, fresh)
		}
		return private(req, "core.err.stale")
	}
	return s.internal(req, err)
}

// afterChange answers an accepted change, whose effects are committed
// with it: the board is redrawn in place while the same player keeps
// acting; when the turn passes (or the game ends) the old board keeps its
// picture but loses its buttons and a new board pings whoever acts next.
// A choice made on a private menu updates that menu in place (menuAfter);
// res is the change of one action, nil for an undo.
func (s *Service) afterChange(req Request, l *loaded, res *applyResult) Response {
	if req.OnPrivateMessage {
		return s.menuAfter(req, l, res, 1)
	}
	return Response{Table: l.t.ID}
}

func isLegal(legal []games.Action, a games.Action) bool {
	for _, x := range legal {
		if x.Equal(a) {
			return true
		}
	}
	return false
}
