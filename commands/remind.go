package commands

import (
	"errors"
	"fmt"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// remind pings the players to act once more before their deadline (at
// half and at 90% of their time), in the table's channel, with the
// deadline in each reader's own time zone. A player who turned reminders
// off is not pinged; the reminder still counts as sent. After a long
// outage only the latest reminder due is sent. The table's version does
// not change: the board's buttons stay valid.
func (s *Service) remind(l *loaded) (bool, error) {
	nt := *l.t
	now := s.Now()
	for r := nt.NextReminder(); !r.IsZero() && !now.Before(r); r = nt.NextReminder() {
		nt.Reminded++
	}
	var users []string
	for _, seat := range l.eng.Active(l.state) {
		if int(seat) >= len(nt.Seats) || nt.Seats[seat].Bot {
			continue
		}
		id := nt.Seats[seat].UserID
		if us, err := s.store.UserSettings(id); err == nil && (us.NoReminders || us.AwayUntil.After(now)) {
			continue
		}
		users = append(users, id)
	}
	if len(users) > 0 {
		ctx := ctxFor(l, nt.Locale, games.Spectator)
		var who []string
		for _, u := range users {
			who = append(who, "<@"+u+">")
		}
		text := ctx.T("core.remind", "Who", strings.Join(who, ", "), "Game", render.GameName(ctx, nt.Game),
			"When", fmt.Sprintf("<t:%d:R>", nt.Deadline.Unix()))
		nt.Owe(now.UTC(), data.Effect{Kind: data.EffectNotice, Ping: true, Mention: users, Text: text})
	}
	if err := s.store.Update(&nt, l.t.Version); err != nil {
		return false, err
	}
	s.log.Info().Str("table", nt.ID).Int("pinged", len(users)).Int("reminder", nt.Reminded).Msg("turn reminder")
	return len(users) > 0, nil
}

// overdue is a passed deadline in a game whose turns the computer must
// not play (games.Info.TimeoutRemindsOnly, the FoW referee): the players
// to act are pinged that their time has run out, and the turn's clock
// starts again, reminders included. Nothing is played for them.
func (s *Service) overdue(l *loaded) (bool, error) {
	nt := *l.t
	now := s.Now().UTC()
	var users, who []string
	for _, seat := range l.eng.Active(l.state) {
		if int(seat) < len(nt.Seats) && !nt.Seats[seat].Bot {
			users = append(users, nt.Seats[seat].UserID)
			who = append(who, "<@"+nt.Seats[seat].UserID+">")
		}
	}
	span := nt.Deadline.Sub(nt.TurnStart)
	if span <= 0 {
		span = nt.Deadline.Sub(nt.Created)
	}
	nt.TurnStart, nt.Deadline, nt.Reminded = now, now.Add(span), 0
	ctx := ctxFor(l, nt.Locale, games.Spectator)
	text := ctx.T("core.timeout.reminds_only", "Who", strings.Join(who, ", "), "Game", render.GameName(ctx, nt.Game),
		"When", fmt.Sprintf("<t:%d:R>", nt.Deadline.Unix()))
	nt.Owe(now, data.Effect{Kind: data.EffectNotice, Ping: true, Mention: users, Text: text}, data.Effect{Kind: data.EffectRedraw})
	if err := s.store.Update(&nt, l.t.Version); err != nil {
		return false, err
	}
	s.log.Info().Str("table", nt.ID).Msg("turn overdue; the players were reminded (no computer stand-in in this game)")
	return true, nil
}

// reminders is /game reminders mode:on|off: a member's own choice, in
// every server, answered privately.
func (s *Service) reminders(req Request) Response {
	us, err := s.store.UserSettings(req.User.ID)
	if err != nil && !isCorrupt(err) { // a damaged record is overwritten below
		return s.internal(req, err)
	}
	switch req.Options["mode"] {
	case "on":
		us.NoReminders = false
	case "off":
		us.NoReminders = true
	case "":
	default:
		return private(req, "core.err.bad_option", "Option", "mode", "Detail", "on, off")
	}
	if req.Options["mode"] != "" {
		if err := s.store.SetUserSettings(req.User.ID, us); err != nil {
			return s.internal(req, err)
		}
	}
	if us.NoReminders {
		return private(req, "core.reminders.off")
	}
	return private(req, "core.reminders.on")
}

func isCorrupt(err error) bool { return errors.Is(err, data.ErrCorrupt) }
