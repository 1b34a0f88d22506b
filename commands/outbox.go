package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// Courier carries a table's owed effects to Discord. The bot implements
// it over REST; a courier made for one interaction answers through that
// interaction where it can (the clicked message, a command's response).
type Courier interface {
	// Post sends a new message and returns its id. nonce makes a retry
	// return the first message instead of a second one.
	Post(ctx context.Context, channelID string, msg render.Message, nonce string) (messageID string, err error)
	// Edit replaces a message's content, embeds, picture and buttons.
	Edit(ctx context.Context, channelID, messageID string, msg render.Message) error
	// Strip removes a message's buttons and keeps the rest as a record.
	Strip(ctx context.Context, channelID, messageID string) error
	// OpenThread opens a private thread in channelID and adds members.
	// It is idempotent by name: a thread of that name the bot already
	// opened there (a crash before its id was recorded) is reused.
	OpenThread(ctx context.Context, guildID, channelID, name string, members []string) (threadID string, err error)
	// Archive archives a thread.
	Archive(ctx context.Context, threadID string) error
	// AddMember adds a member to a thread.
	AddMember(ctx context.Context, threadID, userID string) error
	// DM sends a user a direct message; ErrNoDM when they accept none.
	DM(ctx context.Context, userID string, msg render.Message, nonce string) error
}

// ReplyPoster is a Courier that may post a message as a reply to the
// interaction it delivers for: a follow-up on the interaction's token,
// which that token may edit while it lives, free of the global rate
// limit. ok is false when it cannot (no interaction, another channel, an
// expired token); the caller then uses Post. A reply takes no nonce, so
// it is for messages a double would not harm (the team's vote: a stale
// copy's buttons are refused).
type ReplyPoster interface {
	PostReply(ctx context.Context, channelID string, msg render.Message) (messageID string, ok bool, err error)
}

// DraftPoster is a Courier that draws a post's message only once the
// post's turn has come under Discord's rate limits: boards owed at once
// by many tables (a burst of games starting) then wait behind the global
// limit holding no picture. draw's error is returned as it is.
type DraftPoster interface {
	PostDraft(ctx context.Context, channelID string, draw func() (render.Message, error), nonce string) (messageID string, err error)
}

// Errors a Courier returns to say how a failure is to be taken. Any
// other error is taken as passing (a rate limit, Discord down, a missing
// permission): the effect stays owed and is tried again later.
var (
	// ErrGone: the message or channel no longer exists. An edit of a
	// board that is gone posts a new board; other effects are dropped.
	ErrGone = errors.New("gone from Discord")
	// ErrRefused: Discord refused the request as malformed, which a retry
	// cannot change (a bug); the effect is dropped and logged.
	ErrRefused = errors.New("refused by Discord")
	// ErrForbidden: the bot lacks a permission in the channel; the
	// effect stays owed until an admin grants it.
	ErrForbidden = errors.New("missing permission in Discord")
	// ErrNoDM: the user accepts no direct messages from the bot.
	ErrNoDM = errors.New("the user accepts no direct messages")
	// ErrUndrawn: a board could not be drawn (a renderer bug). The change
	// is saved; the effect is dropped and the player told so.
	ErrUndrawn = errors.New("saved, but the board could not be drawn")
)

// owedAfter are the effects a change owes: the board posted anew when the
// turn passed (pinging whoever acts next, boardAnew), or redrawn in
// place; and for a finished co-op game, the result on the channel's link
// and the thread archived, last.
func (s *Service) owedAfter(t *data.Table, turnPassed bool, note string) []data.Effect {
	// A team that may vote gets its vote message below the board.
	var vote []data.Effect
	if _, plans := s.mods.Plans(t.Game); plans && (len(t.Players()) > 1 || voteMessageID(t) != "") {
		vote = []data.Effect{{Kind: data.EffectVote, Ping: turnPassed}}
	}
	if !turnPassed {
		return append([]data.Effect{{Kind: data.EffectRedraw}}, vote...)
	}
	out := append(boardAnew(true, note), vote...)
	if t.Status == data.StatusFinished && t.ThreadID != "" {
		out = append(out, data.Effect{Kind: data.EffectLink}, data.Effect{Kind: data.EffectArchive})
	}
	return out
}

// boardAnew posts the board as a new message, then takes the buttons off
// the one it replaces: the player who passed the turn sees the new board
// after the click's acknowledgement and one post, not after a strip too
// (issue 27: one round trip less on the critical path). Meanwhile both
// boards have buttons; a click on the old one is refused by the version
// check (onBoard, currentVersion), as any stale click is.
func boardAnew(ping bool, note string) []data.Effect {
	return []data.Effect{{Kind: data.EffectBoard, Ping: ping, Text: note}, {Kind: data.EffectRetire}}
}

// Deliver carries the table's owed effects to Discord in order and
// records what was delivered (or, when it only redrew messages and the
// service is the store's sole writer, marks it: deliveredStore), under
// the table's lock: a click on a board
// just posted waits until the board's id is recorded, so clicks are always
// classified against the table's real board. It stops at the first effect
// that may succeed later and returns that error; the rest stay owed.
func (s *Service) Deliver(ctx context.Context, tableID string, c Courier) error {
	return s.deliverWhile(ctx, tableID, c, func(data.Effect) bool { return true })
}

// Overdue is the timer's rule for owed effects, tables' and leagues'
// alike: it carries those owed before Since (an earlier run left them)
// or at least MinAge before Now. A younger one is being delivered by the
// interaction that owed it, which answers with it: a /game status typed
// just after a restart is answered with its board, not "it is in the
// channel".
type Overdue struct {
	Now, Since time.Time
	MinAge     time.Duration
}

// Of reports whether an effect owed at at is the timer's to carry.
func (o Overdue) Of(at time.Time) bool { return at.Before(o.Since) || o.Now.Sub(at) >= o.MinAge }

// DeliverOverdue is the timer's Deliver: it carries the table's overdue
// effects and stops at the first younger one.
func (s *Service) DeliverOverdue(ctx context.Context, tableID string, due Overdue, c Courier) error {
	return s.deliverWhile(ctx, tableID, c, func(e data.Effect) bool { return due.Of(e.At) })
}

// deliverWhile is Deliver for the leading effects take accepts.
func (s *Service) deliverWhile(ctx context.Context, tableID string, c Courier, take func(data.Effect) bool) error {
	unlock := s.lock(tableID)
	defer unlock()
	t, err := s.store.Get(ctx, tableID)
	if err != nil {
		return err
	}
	if len(t.Outbox) == 0 {
		return nil
	}
	// A retirement learns its board as the board before it goes out, and
	// keeps it when it stays owed (recordDelivered stores t's outbox).
	t.Outbox = slices.Clone(t.Outbox)
	nt := *t
	var failed, undrawn error
	done := 0
	repeat := s.SoleWriter // every effect delivered, each repeatable
	for i, e := range t.Outbox {
		if !take(e) {
			break
		}
		repeat = repeat && repeatable(e)
		if e.Kind == data.EffectBoard {
			aim(t.Outbox[i+1:], nt.BoardChannelID, nt.BoardMessageID)
		}
		if err := s.deliver(ctx, &nt, e, c); err != nil {
			repeat = false
			if errors.Is(err, ErrGone) || errors.Is(err, ErrRefused) || errors.Is(err, ErrUndrawn) {
				s.log.Error().Err(err).Str("table", t.ID).Str("effect", e.Kind).Msg("owed effect dropped")
				if errors.Is(err, ErrUndrawn) {
					undrawn = err
				}
				done++
				continue
			}
			failed = err
			break
		}
		done++
		// A team thread is recorded as soon as it exists, before the
		// board goes into it: it is where the team plays, and a command
		// typed there (found through the channel index, outside the
		// table's lock) must find the table.
		if e.Kind == data.EffectThread && nt.ThreadID != t.ThreadID {
			if err := s.recordDelivered(ctx, &nt, t, done); err != nil {
				return err
			}
		}
	}
	if done == 0 && failed == nil {
		return nil // the first effect is not this delivery's to carry
	}
	if repeat && sameMessages(&nt, t) {
		s.delivered.mark(t.ID, t.Outbox[done-1].Seq, s.Now())
		return nil
	}
	if err := s.recordDelivered(ctx, &nt, t, done); err != nil {
		return err
	}
	if failed == nil {
		return undrawn
	}
	return failed
}

// sameMessages reports whether a delivery left the table's messages as
// they were (nt: the table after it, t: before).
func sameMessages(nt, t *data.Table) bool {
	return nt.BoardChannelID == t.BoardChannelID && nt.BoardMessageID == t.BoardMessageID &&
		nt.ThreadID == t.ThreadID && nt.LinkMessageID == t.LinkMessageID && nt.Vote == t.Vote
}

// recordDelivered stores nt with the first done of t's effects off its
// outbox (the table's version does not change).
func (s *Service) recordDelivered(ctx context.Context, nt, t *data.Table, done int) error {
	read := *t // t stays as read: the effects after done are Deliver's still
	err := s.mutate(ctx, &read, func(x *data.Table) ([]data.LogEntry, error) {
		*x = *nt
		x.Outbox = t.Outbox
		if done > 0 {
			x.Delivered(t.Outbox[done-1].Seq)
		}
		return nil, nil
	})
	if err == nil {
		*nt = read
	}
	for try := 0; errors.Is(err, data.ErrConflict) && done > 0 && try < 5; try++ {
		// Another replica changed the table while this one delivered (a
		// move from a private menu waits for no delivery record). What
		// was delivered is recorded on the table as it is now, or its
		// effects would be owed twice and the next ones would edit the
		// messages of before (an old board's strip taking the new one's
		// buttons).
		err = s.recordOn(ctx, nt, t, t.Outbox[done-1].Seq)
	}
	if err != nil {
		return fmt.Errorf("record delivery: %w", err)
	}
	return nil
}

// recordOn takes the effects up to seq off the stored table's outbox and
// keeps the message ids their delivery gave nt (t: the table as it was
// read before). Nothing is written when another delivery has recorded
// them already.
func (s *Service) recordOn(ctx context.Context, nt, t *data.Table, seq int64) error {
	cur, err := s.store.Get(ctx, t.ID)
	if err != nil {
		return err
	}
	err = s.mutate(ctx, cur, func(cur *data.Table) ([]data.LogEntry, error) {
		if !cur.Delivered(seq) {
			return nil, errNoChange
		}
		aimAs(cur.Outbox, t.Outbox)
		if nt.BoardMessageID != t.BoardMessageID {
			cur.BoardChannelID, cur.BoardMessageID = nt.BoardChannelID, nt.BoardMessageID
		}
		if nt.ThreadID != t.ThreadID {
			cur.ThreadID = nt.ThreadID
		}
		if nt.LinkMessageID != t.LinkMessageID {
			cur.LinkMessageID = nt.LinkMessageID
		}
		if nt.Vote != t.Vote {
			switch {
			case cur.Vote == nil || nt.Vote == nil:
				cur.Vote = nt.Vote
			default:
				v := *cur.Vote
				v.MessageID = nt.Vote.MessageID
				cur.Vote = &v
			}
		}
		return nil, nil
	})
	if errors.Is(err, errNoChange) {
		return nil
	}
	return err
}

// deliver carries one effect, updating t with what Discord answered.
func (s *Service) deliver(ctx context.Context, t *data.Table, e data.Effect, c Courier) error {
	switch e.Kind {
	case data.EffectBoard:
		return s.postBoard(ctx, t, e, func() (render.Message, error) { return s.drawn(ctx, t, true, e.Ping, e.Text) }, c)
	case data.EffectRedraw:
		return s.redraw(ctx, t, e, c)
	case data.EffectLobby:
		return s.lobbyRecord(ctx, t, c)
	case data.EffectStrip:
		if t.BoardMessageID == "" {
			return nil
		}
		return c.Strip(ctx, t.BoardChannelID, t.BoardMessageID)
	case data.EffectRetire:
		if e.Message == "" {
			return nil // the board replaced none
		}
		return c.Strip(ctx, e.Channel, e.Message)
	case data.EffectText:
		if t.BoardMessageID == "" {
			return nil
		}
		return c.Edit(ctx, t.BoardChannelID, t.BoardMessageID, render.Fit(render.Message{Content: e.Text}))
	case data.EffectNotice:
		ch := e.Channel
		if ch == "" {
			ch = t.PlayChannel()
		}
		_, err := c.Post(ctx, ch, render.Fit(render.Message{Content: e.Text, Mentions: e.Mention}), t.Nonce(e))
		return err
	case data.EffectThread:
		return s.openThread(ctx, t, c)
	case data.EffectLink:
		return s.link(ctx, t, e, c)
	case data.EffectArchive:
		if t.ThreadID == "" {
			return nil
		}
		return c.Archive(ctx, t.ThreadID)
	case data.EffectOffer:
		msg, ok := offerMessage(t)
		if !ok {
			return nil // taken, declined or replaced since
		}
		// In the channel, not a private team thread the member cannot see.
		_, err := c.Post(ctx, t.ChannelID, msg, t.Nonce(e))
		return err
	case data.EffectPause:
		msg, ok := pauseMessage(t)
		if !ok {
			return nil // agreed, refused or withdrawn since
		}
		_, err := c.Post(ctx, t.PlayChannel(), msg, t.Nonce(e))
		return err
	case data.EffectVote:
		return s.deliverVote(ctx, t, e, c)
	case data.EffectDM:
		return s.deliverDM(ctx, t, e, c)
	case data.EffectTurnDM:
		return s.deliverTurnDM(ctx, t, e, c)
	case data.EffectJoin:
		if t.ThreadID == "" || len(e.Mention) == 0 {
			return nil
		}
		return c.AddMember(ctx, t.ThreadID, e.Mention[0])
	case data.EffectLeague:
		return s.leagueResult(ctx, t, c)
	}
	return fmt.Errorf("%w: unknown effect %q", ErrRefused, e.Kind)
}

// aim names the board a table has now (channel, id) in the retirements
// among owed up to the next new board: the board about to be posted
// replaces it. Aimed before the post, a retirement also takes the
// buttons off the old board when the new one is dropped (it cannot be
// drawn), as the strip did when it came first.
func aim(owed []data.Effect, channel, id string) {
	for i := range owed {
		switch owed[i].Kind {
		case data.EffectBoard:
			return
		case data.EffectRetire:
			owed[i].Channel, owed[i].Message = channel, id
		}
	}
}

// aimAs copies the boards named in delivered's retirements onto the same
// effects (by Seq) in owed.
func aimAs(owed, delivered []data.Effect) {
	for i, e := range owed {
		for _, d := range delivered {
			if d.Seq == e.Seq && d.Kind == data.EffectRetire {
				owed[i].Channel, owed[i].Message = d.Channel, d.Message
			}
		}
	}
}

// redraw edits the board in place, or posts it when there is none (or
// someone deleted it).
func (s *Service) redraw(ctx context.Context, t *data.Table, e data.Effect, c Courier) error {
	msg, err := s.drawn(ctx, t, false, false, "")
	if err != nil {
		return err
	}
	if t.BoardMessageID != "" {
		err := c.Edit(ctx, t.BoardChannelID, t.BoardMessageID, msg)
		if !errors.Is(err, ErrGone) {
			return err
		}
	}
	return s.postBoard(ctx, t, e, func() (render.Message, error) { return msg, nil }, c)
}

// lobbyRecord redraws the lobby message as the record of who plays.
func (s *Service) lobbyRecord(ctx context.Context, t *data.Table, c Courier) error {
	if t.BoardMessageID == "" {
		return nil
	}
	l, err := s.decode(t)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUndrawn, err)
	}
	msg := render.Lobby(ctxFor(l, t.Locale, games.Spectator), l.info(), l.ids())
	return c.Edit(ctx, t.BoardChannelID, t.BoardMessageID, msg)
}

// openThread opens a co-op table's team thread with its players. The
// game goes on in the channel rather than wait for a thread that may
// never open.
func (s *Service) openThread(ctx context.Context, t *data.Table, c Courier) error {
	if t.ThreadID != "" {
		return nil
	}
	rc := render.Audience{L: i18n.For(t.Locale)}
	name := rc.T("core.table.thread_name", "Game", render.GameName(rc, t.Game), "ID", t.ID)
	id, err := c.OpenThread(ctx, t.GuildID, t.ChannelID, name, t.Players())
	if err != nil {
		s.log.Error().Err(err).Str("table", t.ID).Msg("open team thread; playing in the channel")
		return nil
	}
	t.ThreadID = id
	return nil
}

// link posts or updates the channel's link to the team thread.
func (s *Service) link(ctx context.Context, t *data.Table, e data.Effect, c Courier) error {
	if t.ThreadID == "" {
		return nil
	}
	msg, err := s.linkMessage(ctx, t)
	if err != nil {
		return err
	}
	if t.LinkMessageID != "" {
		err := c.Edit(ctx, t.ChannelID, t.LinkMessageID, msg)
		if !errors.Is(err, ErrGone) {
			return err
		}
	}
	id, err := c.Post(ctx, t.ChannelID, msg, t.Nonce(e))
	if err == nil {
		t.LinkMessageID = id
	}
	return err
}

// postBoard posts the board draw draws in the play channel, drawn when
// the post's turn comes where the courier can wait for it (DraftPoster),
// and makes it the table's board message.
func (s *Service) postBoard(ctx context.Context, t *data.Table, e data.Effect, draw func() (render.Message, error), c Courier) error {
	ch := t.PlayChannel()
	var id string
	var err error
	if dp, ok := c.(DraftPoster); ok {
		id, err = dp.PostDraft(ctx, ch, draw, t.Nonce(e))
	} else {
		var msg render.Message
		if msg, err = draw(); err == nil {
			id, err = c.Post(ctx, ch, msg, t.Nonce(e))
		}
	}
	if err != nil {
		return err
	}
	t.BoardChannelID, t.BoardMessageID = ch, id
	return nil
}

// drawn is the table's board as it is now, in the table's language.
func (s *Service) drawn(ctx context.Context, t *data.Table, fresh, ping bool, note string) (render.Message, error) {
	l, err := s.decode(t)
	if err != nil {
		return render.Message{}, fmt.Errorf("%w: %v", ErrUndrawn, err)
	}
	msg, err := s.board(ctx, l, t.Locale, ping, true)
	if err != nil {
		// A renderer bug: retrying cannot help, and the change is saved.
		return render.Message{}, fmt.Errorf("%w: %v", ErrUndrawn, err)
	}
	if note != "" {
		msg.Content = strings.TrimSpace(note + "\n" + msg.Content)
	}
	return render.Fit(msg), nil
}

// linkMessage is the channel's pointer to a co-op table's thread, with
// the result once the game is over.
func (s *Service) linkMessage(ctx context.Context, t *data.Table) (render.Message, error) {
	rc := render.Audience{L: i18n.For(t.Locale)}
	thread := "<#" + t.ThreadID + ">"
	if t.Status != data.StatusFinished {
		return render.Message{Content: rc.T("core.table.thread_link", "Thread", thread)}, nil
	}
	l, err := s.decode(t)
	if err != nil {
		return render.Message{}, fmt.Errorf("%w: %v", ErrUndrawn, err)
	}
	rc = ctxFor(l, t.Locale, games.Spectator)
	info, err := s.withRatings(ctx, l)
	if err != nil {
		return render.Message{}, err
	}
	return render.Fit(render.Message{Content: rc.T("core.table.thread_done", "Thread", thread) + "\n" + render.OutcomeText(rc, info)}), nil
}

// Owing lists the tables whose first owed effect is overdue, for the bot
// to deliver (DeliverOverdue).
func (s *Service) Owing(ctx context.Context, due Overdue) ([]string, error) {
	ids, err := s.store.Owing(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, id := range ids {
		t, err := s.store.Get(ctx, id)
		if err != nil || len(t.Outbox) == 0 {
			continue
		}
		if due.Of(t.Outbox[0].At) {
			out = append(out, id)
		}
	}
	return out, nil
}

// DeliveryNotice is what to tell the player privately when delivering the
// effects of their interaction failed in a way they should know about:
// the bot may not post here (the change is saved and appears once an
// admin grants it), or the board could not be drawn.
func (s *Service) DeliveryNotice(req Request, err error) (render.Message, bool) {
	switch {
	case errors.Is(err, ErrUndrawn):
		return render.Notice(userCtx(req), "core.err.saved_not_drawn"), true
	case errors.Is(err, ErrForbidden):
		return s.PermissionNotice(req), true
	}
	return render.Message{}, false
}

// Notice is a private note to the user in their language.
func (s *Service) Notice(req Request, key string) render.Message {
	return render.Notice(userCtx(req), key)
}
