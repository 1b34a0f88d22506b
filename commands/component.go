package commands

import (
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

func nowUTC() time.Time { return time.Now().UTC() }

// component answers a button, select or modal: it loads the table the
// custom_id names, under the table's lock, and passes the click through
// the guards and the handler of its kind's route (route.go).
func (s *Service) component(ctx context.Context, req Request) Response {
	id, err := ParseCustomID(req.CustomID)
	if err != nil {
		s.log.Warn().Str("user", req.User.ID).Str("custom_id", LogSafe(req.CustomID)).Msg("rejected custom_id")
		return private(req, "core.err.bad_button")
	}
	rt, ok := routes[id.Kind]
	// A modal is only ever a form's, and a form acts only as a modal.
	if !ok || (req.Kind == ModalSubmit) != (id.Kind == KindForm) {
		return private(req, "core.err.bad_button")
	}
	l, unlock, err := s.loadClicked(ctx, req, id.Table)
	defer unlock()
	switch {
	case isNotFound(err) && req.FromDM() && dmKinds[id.Kind]:
		return dmGone(req)
	case isNotFound(err):
		return private(req, "core.err.bad_button")
	case err != nil:
		return s.internal(req, err)
	case !playsHere(req, l):
		// A custom_id copied from another server's or channel's table:
		// a table's buttons live only where it plays (and in its
		// players' turn DMs).
		s.log.Warn().Str("user", req.User.ID).Str("table", l.t.ID).Str("channel", req.ChannelID).Msg("button from another place")
		return private(req, "core.err.bad_button")
	}
	c := &click{req: req, id: id, l: l, seats: l.t.SeatsOf(req.User.ID)}
	if req.FromDM() {
		return s.dmClick(ctx, c, rt)
	}
	return s.routed(ctx, c, rt)
}

// routed passes a click through its route's guards and handler.
func (s *Service) routed(ctx context.Context, c *click, rt route) Response {
	for _, g := range rt.guards {
		if resp, ok := g(s, ctx, c); !ok {
			return resp
		}
	}
	return rt.handle(s, ctx, c)
}

// deliveryBudget bounds how long a click waits for the delivery of the
// message it is on, within Discord's 3 seconds to answer; deliveryFirst
// is its first wait, doubled after each look up to deliveryMax (a board's
// upload takes 100-500 ms: a later look would only answer later).
const (
	deliveryBudget = 2 * time.Second
	deliveryFirst  = 25 * time.Millisecond
	deliveryMax    = 200 * time.Millisecond
)

// loadClicked loads a clicked table under its lock, returning the
// unlock. A click on a message another replica is still delivering (a
// lobby or board posted, its id not yet recorded) waits for that
// delivery, outside the lock: within one process the lock already orders
// them, across replicas only the record does. Nothing in the store
// signals the record (the delivery holds no row lock while it talks to
// Discord, and bbolt has no notifications), so the click looks again
// after a backoff, until the budget or ctx runs out.
func (s *Service) loadClicked(ctx context.Context, req Request, id string) (*loaded, func(), error) {
	unlock := s.lock(id)
	l, err := s.load(ctx, id)
	wait, deadline := deliveryFirst, time.Now().Add(deliveryBudget)
	for err == nil && !req.OnPrivateMessage && req.MessageID != "" && req.MessageID != l.t.BoardMessageID &&
		len(l.t.Outbox) > 0 && !retiring(l.t, req.MessageID) && time.Now().Add(wait).Before(deadline) {
		unlock()
		if sleepCtx(ctx, wait) != nil {
			return nil, func() {}, ctx.Err()
		}
		wait = min(2*wait, deliveryMax)
		unlock = s.lock(id)
		l, err = s.load(ctx, id)
	}
	return l, unlock, err
}

// retiring: messageID is an old board whose buttons an owed retirement
// is to take off (data.EffectRetire), not a message still being posted.
func retiring(t *data.Table, messageID string) bool {
	for _, e := range t.Outbox {
		if e.Kind == data.EffectRetire && e.Message == messageID {
			return true
		}
	}
	return false
}

// sleepCtx waits d, or until ctx is done (its error).
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
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
func (s *Service) stale(ctx context.Context, req Request, l *loaded) Response {
	return s.boardFor(ctx, req, l, "core.err.stale")
}

// boardFor is the table's public board for one person, privately, in
// their language, with a note above it and no buttons, picture or pings:
// the picture is not drawn at all (a stale click is no reason to spend a
// picture's CPU).
func (s *Service) boardFor(ctx context.Context, req Request, l *loaded, note string) Response {
	msg, err := s.board(ctx, l, req.Locale, false, false)
	if err != nil {
		return s.internal(req, err)
	}
	msg.Components, msg.Files, msg.Mentions = nil, nil, nil
	msg.Content = render.Notice(userCtx(req), note).Content
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// myView answers "My hand / My units" privately for a seated player.
func (s *Service) myView(ctx context.Context, req Request, l *loaded, seats []games.Seat) Response {
	if len(seats) == 0 {
		return private(req, "core.err.not_seated")
	}
	g, ok := s.mods.Renderer(l.t.Game)
	if !ok {
		return private(req, "core.err.unknown_game")
	}
	seat := seats[0]
	rc := ctxFor(l, req.Locale, seat)
	var err error
	if rc.Journal, err = s.journalTail(ctx, l, seat); err != nil {
		return s.internal(req, err)
	}
	card, ok := g.Private(rc, l.eng.View(l.state, seat))
	// What the rules let the player do out of turn comes with it (FoW:
	// report a loss, concede): the board's buttons are the active seat's.
	var extra []discordgo.MessageComponent
	if _, active := actingSeat(l, seats); !active {
		if st, out := outOfTurnSeat(l, seats); out {
			if m, has := s.menu(l, req.Locale, st); has {
				extra = render.PrivateComponents(ctxFor(l, req.Locale, st), m, l.ids())
				if !ok {
					card, ok = render.Card{Description: rc.T("core.private.out_of_turn")}, true
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
func (s *Service) action(ctx context.Context, req Request, l *loaded, seats []games.Seat, a games.Action) Response {
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
	res, err := s.act(ctx, l, seat, req.User.ID, a)
	if err != nil {
		return s.refused(ctx, req, l, err)
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
func (s *Service) refused(ctx context.Context, req Request, l *loaded, err error) Response {
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
		if fresh, err := s.load(ctx, l.t.ID); err == nil {
			return s.stale(ctx, req, fresh)
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
