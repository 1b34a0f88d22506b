package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// Overdue lists the tables whose players to act have run out of time and
// the lobbies past LobbyTTL, from the store's due index: the timer never
// reads every table. Timeout re-checks each one under its lock.
func (s *Service) Overdue(ctx context.Context, now time.Time) ([]string, error) {
	var lobbiesBefore time.Time
	if s.LobbyTTL > 0 {
		lobbiesBefore = now.Add(-s.LobbyTTL)
	}
	return s.store.Due(ctx, now, lobbiesBefore)
}

// lobbyExpired: a lobby open longer than LobbyTTL.
func (s *Service) lobbyExpired(t *data.Table, now time.Time) bool {
	return t.Status == data.StatusLobby && s.LobbyTTL > 0 && !now.Before(t.Created.Add(s.LobbyTTL))
}

// expireLobby closes a lobby nobody started: the channel is free again and
// the lobby message says why, without buttons.
func (s *Service) expireLobby(ctx context.Context, l *loaded) (bool, error) {
	err := s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.Status = data.StatusAbandoned
		nt.Version++
		rc := render.Audience{L: i18n.For(nt.Locale)}
		nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectText, Text: ttlText(rc, s.LobbyTTL)})
		return []data.LogEntry{{Version: nt.Version, Action: "lobby.expired", At: nowUTC()}}, nil
	})
	if err != nil {
		return false, err
	}
	s.log.Info().Str("table", l.t.ID).Msg("lobby expired")
	return true, nil
}

// ttlText is the lobby-expired notice: in hours when the TTL is a whole
// number of them, else in minutes (at least 1), never "within 0 hours".
func ttlText(rc render.Audience, ttl time.Duration) string {
	if h := int(ttl / time.Hour); h > 0 && ttl%time.Hour == 0 {
		return rc.T("core.lobby.expired", "Count", h, "Hours", h)
	}
	m := max(1, int(ttl.Round(time.Minute)/time.Minute))
	return rc.T("core.lobby.expired_minutes", "Count", m, "Minutes", m)
}

// Timeout lets the computer policy finish the turn of every human seat
// that ran out of time on a table, and commits the new board as owed
// (Deliver posts it). ok is false when there is nothing to do (the
// deadline moved or the game ended).
func (s *Service) Timeout(ctx context.Context, tableID string) (ok bool, err error) {
	unlock := s.lock(tableID)
	defer unlock()
	l, err := s.load(ctx, tableID)
	if err != nil {
		return false, err
	}
	t := l.t
	if s.lobbyExpired(t, s.Now()) {
		return s.expireLobby(ctx, l)
	}
	if r := t.NextReminder(); !r.IsZero() && !s.Now().Before(r) && s.Now().Before(t.Deadline) {
		return s.remind(ctx, l)
	}
	if t.Status != data.StatusPlaying || t.Deadline.IsZero() || s.Now().Before(t.Deadline) {
		return false, nil
	}
	if moved, err := s.waitForAway(ctx, l); moved || err != nil {
		return moved, err
	}
	if l.eng.Info().TimeoutRemindsOnly {
		return s.overdue(ctx, l)
	}
	start := l.eng.Active(l.state)
	expect := t.Version
	late := map[games.Seat]bool{}
	// A team that voted decides before the computer does: the plan or
	// proposal in the lead (a tie: the acting soldier's player's choice)
	// is carried out.
	st, entries, voted, err := s.votedPlan(l)
	if err != nil {
		return false, err
	}
	if voted != "" {
		late[entries[0].Seat] = true
	}
	v := expect + int64(len(entries))
	// Play for the late seats until the seats to act change.
	st, moves, err := games.RunBots(l.eng, st, t.RNG, games.Bots{Max: maxBotSteps, Seat: func(_ games.State, active []games.Seat) (games.Seat, bool) {
		if !slices.Equal(start, active) {
			return 0, false
		}
		seat, ok := humanToAct(t, active)
		if ok {
			late[seat] = true
		}
		return seat, ok
	}})
	if err != nil {
		return false, fmt.Errorf("timeout stand-in: %w", err)
	}
	entries = append(entries, logEntries(moves, v)...)
	v += int64(len(moves))
	st, more, err := s.runBots(l, st, v)
	if err != nil {
		return false, err
	}
	t.Undo = nil
	entries = append(entries, more...)
	v += int64(len(more))
	var who []string
	for seat := range late {
		who = append(who, t.Seats[seat].Name)
	}
	sort.Strings(who)
	note := ctxFor(l, t.Locale, games.Spectator).T("core.timeout.played", "Who", strings.Join(who, ", "))
	if voted != "" {
		note = ctxFor(l, t.Locale, games.Spectator).T("core.vote.timeout", "Who", strings.Join(who, ", "), "Plan", voted)
	}
	_, err = s.commit(ctx, l, st, v, entries, func(t *data.Table, _ bool) []data.Effect {
		return s.owedAfter(t, true, note)
	})
	if err != nil {
		return false, err
	}
	s.log.Info().Str("table", t.ID).Int("moves", len(entries)).Msg("turn timed out; computer stand-in played")
	return true, nil
}

func humanToAct(t *data.Table, active []games.Seat) (games.Seat, bool) {
	for _, a := range active {
		if int(a) < len(t.Seats) && !t.Seats[a].Bot {
			return a, true
		}
	}
	return 0, false
}

// votedPlan carries out, at the deadline, the plan or proposal in the
// lead of a team's open vote (a tie: the acting soldier's player's
// choice): the state after it, its log entries and its text. With no
// vote, or a plan the gate refuses (a rules bug, logged), it is the
// state as it was, from the dice as they were, and no text.
func (s *Service) votedPlan(l *loaded) (games.State, []data.LogEntry, string, error) {
	t := l.t
	opts, actor, _, ok := openVote(l)
	if !ok {
		return l.state, nil, "", nil
	}
	pick, ok := leading(ballots(t), t.Seats[actor].UserID)
	o, found := optionAt(opts, pick)
	if !ok || !found {
		return l.state, nil, "", nil
	}
	next, v := l.state, t.Version
	var planned []data.LogEntry
	rngBefore, _ := json.Marshal(t.RNG)
	for _, a := range o.plan.Actions {
		ns, ev, err := l.eng.Apply(next, actor, a, t.RNG)
		if err != nil {
			s.log.Error().Err(err).Str("table", t.ID).Msg("voted plan refused at the deadline")
			return l.state, nil, "", json.Unmarshal(rngBefore, t.RNG)
		}
		next, v = ns, v+1
		planned = append(planned, data.LogEntry{Version: v, Seat: actor, Action: a.String(), Events: ev, At: nowUTC()})
	}
	if len(planned) == 0 {
		return l.state, nil, "", nil
	}
	return next, planned, o.plan.Text, nil
}
