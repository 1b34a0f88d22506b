package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// A turn played from the DM (issue #31, /game reminders mode:dm_play).
// Where a change owes a board that pings the seats to act, it also owes
// each of those players who chose dm_play a turn DM (EffectTurnDM, in the
// same write, so a crash loses none). Delivered, it holds the public
// board with its picture, the player's private menu (drawn from their
// seat's view, as the ephemeral menu is) and a link to the table. A
// choice on it comes as an interaction from the DM channel: no guild, the
// user in `user` (developers/interactions/receiving-and-responding.mdx,
// Interaction Object), so the table's place cannot vouch for it. The
// custom_id names the table and version; the click takes the path of a
// click on a private menu (version, seat owner, gate), and its answer
// edits the DM in place with the board as it is now. An out-of-date DM
// (the table moved on, the seat handed over, the game ended, the table
// removed) is answered with where the table stands, and nothing changes.

// dmKinds are the custom_id kinds a turn DM carries: a private menu's.
// Anything else clicked in a DM was never sent there.
var dmKinds = map[string]bool{KindAction: true, KindSelect: true, KindGroup: true, KindSure: true, KindForm: true}

// FromDM reports whether the interaction came from a DM with the bot:
// Discord sends guild_id only "when the interaction is invoked in a
// guild" (receiving-and-responding.mdx).
func (r Request) FromDM() bool { return r.GuildID == "" }

// playsHere reports whether a click may concern table l where it came
// from: the table's own server and channel, or the player's DM with the
// bot (a turn DM, whose kinds dmClick checks).
func playsHere(req Request, l *loaded) bool {
	return req.FromDM() || l.t.GuildID == req.GuildID && l.t.PlaysIn(req.ChannelID)
}

// oweTurnDMs owes a turn DM to each player to act who chose dm_play, when
// the change (nt, from a table whose last effect was seq before) owes a
// board that pings the seats to act: that is when a turn is announced.
func (s *Service) oweTurnDMs(ctx context.Context, before int64, nt *data.Table) {
	if nt.Status != data.StatusPlaying || !pingsBoard(nt.Outbox, before) {
		return
	}
	l, err := s.decode(nt)
	if err != nil || l.state == nil {
		return // the board's delivery reports it
	}
	var users []string
	for _, seat := range l.eng.Active(l.state) {
		if int(seat) >= len(nt.Seats) || nt.Seats[seat].Bot || slices.Contains(users, nt.Seats[seat].UserID) {
			continue
		}
		id := nt.Seats[seat].UserID
		us, err := s.store.UserSettings(ctx, id)
		if err != nil {
			s.log.Warn().Err(err).Str("user", id).Msg("settings unread: no turn DM")
			continue
		}
		if us.DMPlay {
			users = append(users, id)
		}
	}
	for _, u := range users {
		nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectTurnDM, Mention: []string{u}})
	}
}

// pingsBoard reports whether an effect after seq posts a board that pings.
func pingsBoard(outbox []data.Effect, seq int64) bool {
	for _, e := range outbox {
		if e.Seq > seq && e.Kind == data.EffectBoard && e.Ping {
			return true
		}
	}
	return false
}

// deliverTurnDM sends a player their turn by DM, drawn from the table as
// it is now: nothing once their turn has passed or the table is paused.
// Discord refusing it (50007) leaves the board's ping in the channel as
// the way the turn reaches them, and owes them a private note why, once
// (dmRefused).
func (s *Service) deliverTurnDM(ctx context.Context, t *data.Table, e data.Effect, c Courier) error {
	if len(e.Mention) == 0 || t.Status != data.StatusPlaying || t.Paused() {
		return nil
	}
	l, err := s.decode(t)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUndrawn, err)
	}
	user := e.Mention[0]
	seat, ok := actingSeat(l, t.SeatsOf(user))
	if !ok {
		return nil
	}
	msg, ok, err := s.turnDM(ctx, l, t.Locale, seat)
	if !ok || err != nil {
		return err
	}
	err = c.DM(ctx, user, msg, t.Nonce(e))
	if errors.Is(err, ErrNoDM) {
		return s.dmRefused(ctx, user)
	}
	return err
}

// turnDM is seat's turn DM: its private menu, drawn from its own view
// as the ephemeral menu is, under the public board (inDM); ok is false
// when the seat has no choice.
func (s *Service) turnDM(ctx context.Context, l *loaded, locale string, seat games.Seat) (render.Message, bool, error) {
	m, ok := s.menu(l, locale, seat)
	if !ok {
		return render.Message{}, false, nil
	}
	note := ctxFor(l, locale, seat).T("core.dm.your_turn")
	msg, err := s.inDM(ctx, l, locale, s.openMenu(l, locale, seat, m, note))
	return msg, err == nil, err
}

// dmRefused notes that a player is owed, once, the reason their turn did
// not come by DM; the board's ping in the channel reached them. Discord
// shows a message to one member alone only as the answer to their own
// interaction (the EPHEMERAL flag, receiving-and-responding.mdx), and
// their DMs are closed, so the note waits for their next click or command
// (owedNote) rather than telling the channel.
func (s *Service) dmRefused(ctx context.Context, user string) error {
	us, err := s.store.UserSettings(ctx, user)
	if err != nil || us.DMRefusedTold || us.DMRefusedOwed {
		return nil // the board's ping reached them; a failed read only skips the note
	}
	us.DMRefusedOwed = true
	if err := s.store.SetUserSettings(ctx, user, us); err != nil {
		s.log.Warn().Err(err).Str("user", user).Msg("could not record the DM refusal note")
	}
	return nil
}

// owedNote adds to a click's or command's response the private note its
// user is owed (dmRefused), and records it told. Autocomplete and a
// modal's opening carry no message.
func (s *Service) owedNote(ctx context.Context, req Request, resp *Response) {
	if req.Kind != Component && req.Kind != SlashCommand || resp.Reply.Kind == ReplyModal {
		return
	}
	us, err := s.store.UserSettings(ctx, req.User.ID)
	if err != nil || !us.DMRefusedOwed {
		return
	}
	us.DMRefusedOwed, us.DMRefusedTold = false, true
	if err := s.store.SetUserSettings(ctx, req.User.ID, us); err != nil {
		s.log.Warn().Err(err).Str("user", req.User.ID).Msg("could not record the DM refusal note told")
		return
	}
	resp.Note = render.Notice(userCtx(req), "core.dm.refused")
}

// tableLink links the table's board message, or its channel before it has
// one: discord.com/channels/<guild>/<channel>/<message>, as Discord's own
// docs link messages (developers/change-log.mdx).
func tableLink(t *data.Table) string {
	link := fmt.Sprintf("https://discord.com/channels/%s/%s", t.GuildID, t.PlayChannel())
	if t.BoardMessageID != "" && t.BoardChannelID == t.PlayChannel() {
		link += "/" + t.BoardMessageID
	}
	return link
}

// inDM is msg (a private menu, open or closed, or a note) as the turn DM
// shows it: the game and a link to the table first, the table's public
// board with its picture as it is now. A DM stands for the channel the
// player is not looking at, so the board comes with every answer.
func (s *Service) inDM(ctx context.Context, l *loaded, locale string, msg render.Message) (render.Message, error) {
	rc := ctxFor(l, locale, games.Spectator)
	head := rc.T("core.dm.table", "Game", render.GameName(rc, l.t.Game), "Link", tableLink(l.t))
	out := render.Message{Content: render.Clip(head+"\n\n"+msg.Content, 2000), Components: msg.Components}
	if l.state != nil {
		board, err := s.board(ctx, l, locale, false, true)
		if err != nil {
			return render.Message{}, fmt.Errorf("%w: %v", ErrUndrawn, err)
		}
		out.Embeds, out.Files = board.Embeds, board.Files
	}
	return render.Fit(out), nil
}

// dmClick answers a click on a turn DM: the kinds a turn DM carries
// only, and, while the member still plays at the table, the route of a
// click on a private menu. Every answer that replaces the DM shows the
// board as it is now.
func (s *Service) dmClick(ctx context.Context, c *click, rt route) Response {
	if !dmKinds[c.id.Kind] {
		s.log.Warn().Str("user", c.req.User.ID).Str("table", c.l.t.ID).Msg("a kind no turn DM carries, from a DM")
		return private(c.req, "core.err.bad_button")
	}
	c.req.OnPrivateMessage = true // seen by the player alone
	var resp Response
	switch {
	case c.l.t.Status != data.StatusPlaying:
		resp = dmNote(c.req, "core.dm.over")
	case len(c.seats) == 0:
		resp = dmNote(c.req, "core.dm.not_yours")
	default:
		resp = s.routed(ctx, c, rt)
	}
	if resp.Reply.Kind != ReplyUpdate {
		return resp
	}
	msg, err := s.inDM(ctx, c.l, c.req.Locale, resp.Reply.Message)
	if err != nil {
		return s.internal(c.req, err)
	}
	resp.Reply.Message = msg
	return resp
}

// dmNote closes a turn DM with a note (its choices are gone).
func dmNote(req Request, key string) Response {
	return Response{Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), key)}}
}

// dmGone answers a click on a turn DM whose table was removed.
func dmGone(req Request) Response { return dmNote(req, "core.dm.gone") }
