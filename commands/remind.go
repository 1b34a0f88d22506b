package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// remind pings the players to act once more before their deadline (at
// half and at 90% of their time), in the table's channel, with the
// deadline in each reader's own time zone. A player who turned reminders
// off is not pinged; the reminder still counts as sent. After a long
// outage only the latest reminder due is sent. The table's version does
// not change: the board's buttons stay valid.
func (s *Service) remind(ctx context.Context, l *loaded) (bool, error) {
	now := s.Now()
	var users, dms []string
	err := s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		for r := nt.NextReminder(); !r.IsZero() && !now.Before(r); r = nt.NextReminder() {
			nt.Reminded++
		}
		users, dms = s.remindWhom(ctx, l, now)
		for _, u := range dms {
			nt.Owe(now.UTC(), data.Effect{Kind: data.EffectDM, Mention: []string{u}})
		}
		if len(users) > 0 {
			rc := ctxFor(l, nt.Locale, games.Spectator)
			var who []string
			for _, u := range users {
				who = append(who, "<@"+u+">")
			}
			text := rc.T("core.remind", "Who", strings.Join(who, ", "), "Game", render.GameName(rc, nt.Game),
				"When", fmt.Sprintf("<t:%d:R>", nt.Deadline.Unix()))
			nt.Owe(now.UTC(), data.Effect{Kind: data.EffectNotice, Ping: true, Mention: users, Text: text})
		}
		return nil, nil
	})
	if err != nil {
		return false, err
	}
	s.log.Info().Str("table", l.t.ID).Int("pinged", len(users)).Int("dm", len(dms)).Int("reminder", l.t.Reminded).Msg("turn reminder")
	return len(users)+len(dms) > 0, nil
}

// remindWhom are the players to act who get a reminder: pinged in the
// channel (users) or by direct message (dms). One who turned reminders
// off or is away gets none; one whose settings cannot be read is pinged.
func (s *Service) remindWhom(ctx context.Context, l *loaded, now time.Time) (users, dms []string) {
	for _, seat := range l.eng.Active(l.state) {
		if int(seat) >= len(l.t.Seats) || l.t.Seats[seat].Bot {
			continue
		}
		id := l.t.Seats[seat].UserID
		us, err := s.store.UserSettings(ctx, id)
		switch {
		case err == nil && (us.NoReminders || us.AwayUntil.After(now)):
		case err == nil && us.DMReminders:
			dms = append(dms, id)
		default:
			users = append(users, id)
		}
	}
	return users, dms
}

// overdue is a passed deadline in a game whose turns the computer must
// not play (games.Info.TimeoutRemindsOnly, the FoW referee): the players
// to act are pinged that their time has run out, and the turn's clock
// starts again, reminders included. Nothing is played for them.
func (s *Service) overdue(ctx context.Context, l *loaded) (bool, error) {
	now := s.Now().UTC()
	var users, who []string
	for _, seat := range l.eng.Active(l.state) {
		if int(seat) < len(l.t.Seats) && !l.t.Seats[seat].Bot {
			users = append(users, l.t.Seats[seat].UserID)
			who = append(who, "<@"+l.t.Seats[seat].UserID+">")
		}
	}
	err := s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		span := nt.Deadline.Sub(nt.TurnStart)
		if span <= 0 {
			span = nt.Deadline.Sub(nt.Created)
		}
		nt.TurnStart, nt.Deadline, nt.Reminded = now, now.Add(span), 0
		rc := ctxFor(l, nt.Locale, games.Spectator)
		text := rc.T("core.timeout.reminds_only", "Who", strings.Join(who, ", "), "Game", render.GameName(rc, nt.Game),
			"When", fmt.Sprintf("<t:%d:R>", nt.Deadline.Unix()))
		nt.Owe(now, data.Effect{Kind: data.EffectNotice, Ping: true, Mention: users, Text: text}, data.Effect{Kind: data.EffectRedraw})
		return nil, nil
	})
	if err != nil {
		return false, err
	}
	s.log.Info().Str("table", l.t.ID).Msg("turn overdue; the players were reminded (no computer stand-in in this game)")
	return true, nil
}

// reminders is /game reminders mode:on|dm|dm_play|off: a member's own choice, in
// every server, answered privately.
func (s *Service) reminders(ctx context.Context, req Request) Response {
	us, err := s.store.UserSettings(ctx, req.User.ID)
	if err != nil && !isCorrupt(err) { // a damaged record is overwritten below
		return s.internal(req, err)
	}
	switch req.Options["mode"] {
	case "on":
		us.NoReminders, us.DMReminders, us.DMPlay = false, false, false
	case "dm":
		us.NoReminders, us.DMReminders, us.DMPlay = false, true, false
	case "dm_play":
		us.NoReminders, us.DMReminders, us.DMPlay = false, true, true
	case "off":
		us.NoReminders, us.DMReminders, us.DMPlay = true, false, false
	case "":
	default:
		return private(req, "core.err.bad_option", "Option", "mode", "Detail", "on, dm, dm_play, off")
	}
	if req.Options["mode"] != "" {
		us.DMRefusedTold, us.DMRefusedOwed = false, false // a new choice: a refusal is worth telling again
	}
	if req.Options["mode"] != "" {
		if err := s.store.SetUserSettings(ctx, req.User.ID, us); err != nil {
			return s.internal(req, err)
		}
	}
	switch {
	case us.NoReminders:
		return private(req, "core.reminders.off")
	case us.DMPlay:
		return private(req, "core.reminders.dm_play")
	case us.DMReminders:
		return private(req, "core.reminders.dm")
	}
	return private(req, "core.reminders.on")
}

func isCorrupt(err error) bool { return errors.Is(err, data.ErrCorrupt) }

// deliverDM sends a reminder by direct message, with a link to the
// table's board; a player who accepts no DMs from the bot is pinged in
// the play channel instead, so the reminder still reaches them. Nothing
// is sent once the turn has passed or the clock stopped: the reminder is
// drawn from the table as it is at delivery.
func (s *Service) deliverDM(ctx context.Context, t *data.Table, e data.Effect, c Courier) error {
	if len(e.Mention) == 0 || t.Deadline.IsZero() || t.Status != data.StatusPlaying {
		return nil
	}
	l := render.Audience{L: i18n.For(t.Locale)}
	user, when := e.Mention[0], fmt.Sprintf("<t:%d:R>", t.Deadline.Unix())
	link := tableLink(t)
	msg := render.Fit(render.Message{Content: l.T("core.remind_dm", "Game", render.GameName(l, t.Game), "When", when, "Link", link)})
	err := c.DM(ctx, user, msg, t.Nonce(e))
	if !errors.Is(err, ErrNoDM) {
		return err
	}
	text := l.T("core.remind", "Who", "<@"+user+">", "Game", render.GameName(l, t.Game), "When", when)
	_, err = c.Post(ctx, t.PlayChannel(), render.Fit(render.Message{Content: text, Mentions: []string{user}}), t.Nonce(e))
	return err
}
