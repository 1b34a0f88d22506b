package commands

import (
	"context"
	"fmt"
	"maps"
	"strconv"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// MaxVacationDays bounds one declared absence, and also what one table
// grants a player in all (so a game cannot be held up for ever).
const MaxVacationDays = 14

// vacation is /game vacation days:N: the member is away for N days (0
// ends it). Their turn deadlines wait for them meanwhile, within each
// table's allowance, they get no reminders, and each of their tables in
// this server is told.
func (s *Service) vacation(ctx context.Context, req Request) Response {
	days, err := strconv.Atoi(req.Options["days"])
	if err != nil || days < 0 || days > MaxVacationDays {
		return private(req, "core.err.bad_option", "Option", "days", "Detail", fmt.Sprintf("0-%d", MaxVacationDays))
	}
	us, err := s.store.UserSettings(ctx, req.User.ID)
	if err != nil && !isCorrupt(err) {
		return s.internal(req, err)
	}
	now := s.Now().UTC()
	us.AwayUntil = time.Time{}
	if days > 0 {
		us.AwayUntil = now.Add(time.Duration(days) * 24 * time.Hour)
	}
	if err := s.store.SetUserSettings(ctx, req.User.ID, us); err != nil {
		return s.internal(req, err)
	}
	tables, err := s.store.TablesOf(ctx, req.GuildID, req.User.ID)
	if err != nil {
		return s.internal(req, err)
	}
	told := ""
	for _, t := range tables {
		if t.Status != data.StatusPlaying {
			continue
		}
		if id, err := s.tellAway(ctx, t.ID, req.User.ID, us.AwayUntil); err != nil {
			s.log.Error().Err(err).Str("table", t.ID).Msg("tell the table about a vacation")
		} else if told == "" {
			told = id // delivered now; the others by the timer
		}
	}
	s.log.Info().Str("user", req.User.ID).Int("days", days).Msg("vacation")
	key := "core.vacation.set"
	if days == 0 {
		key = "core.vacation.ended"
	}
	resp := private(req, key, "When", fmt.Sprintf("<t:%d:f>", us.AwayUntil.Unix()), "Count", MaxVacationDays)
	resp.Table = told
	return resp
}

// tellAway owes a table a notice that a player is away (or back).
func (s *Service) tellAway(ctx context.Context, tableID, userID string, until time.Time) (string, error) {
	unlock := s.lock(tableID)
	defer unlock()
	l, err := s.load(ctx, tableID)
	if err != nil {
		return "", err
	}
	rc := ctxFor(l, l.t.Locale, games.Spectator)
	text := rc.T("core.vacation.back", "Who", "<@"+userID+">")
	if !until.IsZero() {
		text = rc.T("core.vacation.away", "Who", "<@"+userID+">", "When", fmt.Sprintf("<t:%d:R>", until.Unix()))
	}
	return l.t.ID, s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectNotice, Text: text})
		return nil, nil
	})
}

// waitForAway moves a passed deadline when a player to act is away: the
// turn's full time starts again at their return, within what this table
// still grants them. It reports whether it moved the deadline.
func (s *Service) waitForAway(ctx context.Context, l *loaded) (bool, error) {
	t := l.t
	now := s.Now().UTC()
	allowance := time.Duration(MaxVacationDays) * 24 * time.Hour
	var back time.Time
	var away []string
	for _, seat := range l.eng.Active(l.state) {
		if int(seat) >= len(t.Seats) || t.Seats[seat].Bot {
			continue
		}
		id := t.Seats[seat].UserID
		us, err := s.store.UserSettings(ctx, id)
		if err != nil || !us.AwayUntil.After(now) {
			continue
		}
		until := us.AwayUntil
		if left := allowance - t.AwayUsed[id]; now.Add(left).Before(until) {
			until = now.Add(left)
		}
		if until.After(now) {
			away = append(away, id)
			back = later(back, until)
		}
	}
	if len(away) == 0 {
		return false, nil
	}
	err := s.mutate(ctx, t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.AwayUsed = maps.Clone(nt.AwayUsed)
		if nt.AwayUsed == nil {
			nt.AwayUsed = map[string]time.Duration{}
		}
		for _, id := range away {
			nt.AwayUsed[id] += back.Sub(now)
		}
		span := nt.Deadline.Sub(nt.TurnStart)
		nt.TurnStart, nt.Deadline, nt.Reminded = back, back.Add(span), 0
		nt.Owe(now, data.Effect{Kind: data.EffectRedraw}) // the board shows the new deadline
		return nil, nil
	})
	if err != nil {
		return false, err
	}
	s.log.Info().Str("table", t.ID).Time("deadline", t.Deadline).Msg("deadline waits for a player on vacation")
	return true, nil
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
