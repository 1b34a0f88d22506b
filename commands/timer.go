package commands

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// Overdue lists the tables whose players to act have run out of time.
func (s *Service) Overdue(now time.Time) ([]string, error) {
	live, err := s.store.Live()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, t := range live {
		if t.Status == data.StatusPlaying && !t.Deadline.IsZero() && !now.Before(t.Deadline) || s.lobbyExpired(t, now) {
			out = append(out, t.ID)
		}
	}
	return out, nil
}

// lobbyExpired: a lobby open longer than LobbyTTL.
func (s *Service) lobbyExpired(t *data.Table, now time.Time) bool {
	return t.Status == data.StatusLobby && s.LobbyTTL > 0 && !now.Before(t.Created.Add(s.LobbyTTL))
}

// expireLobby closes a lobby nobody started: the channel is free again and
// the lobby message says why, without buttons.
func (s *Service) expireLobby(l *loaded) (Response, bool, error) {
	nt := *l.t
	nt.Status = data.StatusAbandoned
	nt.Version++
	if err := s.store.Update(&nt, l.t.Version, data.LogEntry{Version: nt.Version, Action: "lobby.expired", At: nowUTC()}); err != nil {
		return Response{}, false, err
	}
	s.log.Info().Str("table", nt.ID).Msg("lobby expired")
	if nt.BoardMessageID == "" {
		return Response{}, false, nil
	}
	ctx := render.Ctx{L: i18n.For(nt.Locale)}
	msg := render.Message{Content: ctx.T("core.lobby.expired", "Count", int(s.LobbyTTL.Hours()), "Hours", int(s.LobbyTTL.Hours()))}
	return Response{Edits: []Edit{{ChannelID: nt.BoardChannelID, MessageID: nt.BoardMessageID, Message: msg}}}, true, nil
}

// Timeout lets the computer policy finish the turn of every human seat
// that ran out of time on a table, then posts the new board. ok is false
// when there is nothing to do (the deadline moved or the game ended).
func (s *Service) Timeout(ctx context.Context, tableID string) (Response, bool, error) {
	unlock := s.lock(tableID)
	defer unlock()
	l, err := s.load(tableID)
	if err != nil {
		return Response{}, false, err
	}
	t := l.t
	if s.lobbyExpired(t, s.Now()) {
		return s.expireLobby(l)
	}
	if t.Status != data.StatusPlaying || t.Deadline.IsZero() || s.Now().Before(t.Deadline) {
		return Response{}, false, nil
	}
	old := *t
	start := l.eng.Active(l.state)
	st := l.state
	expect := t.Version
	v := expect
	var entries []data.LogEntry
	late := map[games.Seat]bool{}
	// Play for the late seats until the seats to act change.
	for step := 0; step < maxBotSteps && sameSeats(start, l.eng.Active(st)) && !l.eng.Outcome(st).Done; step++ {
		seat, ok := humanToAct(t, l.eng.Active(st))
		if !ok {
			break
		}
		late[seat] = true
		a := l.eng.Bot(st, seat, t.RNG)
		ns, ev, err := l.eng.Apply(st, seat, a, t.RNG)
		if err != nil {
			return Response{}, false, fmt.Errorf("timeout stand-in for seat %d chose illegal %s: %w", seat, a, err)
		}
		st = ns
		v++
		entries = append(entries, data.LogEntry{Version: v, Seat: seat, Action: a.String(), Events: ev, At: nowUTC()})
	}
	st, more, err := s.runBots(l, st, v)
	if err != nil {
		return Response{}, false, err
	}
	t.Undo = nil
	entries = append(entries, more...)
	v += int64(len(more))
	if err := s.commit(l, st, v, expect, entries); err != nil {
		return Response{}, false, err
	}
	var who []string
	for seat := range late {
		who = append(who, t.Seats[seat].Name)
	}
	sort.Strings(who)
	s.log.Info().Str("table", t.ID).Int("moves", len(entries)).Msg("turn timed out; computer stand-in played")
	msg, err := s.board(l, t.Locale, true)
	if err != nil {
		return Response{}, false, err
	}
	rc := ctxFor(l, t.Locale, games.Spectator)
	msg.Content = strings.TrimSpace(rc.T("core.timeout.played", "Who", strings.Join(who, ", ")) + "\n" + msg.Content)
	resp := Response{Edits: s.stripBoard(&loaded{t: &old}), Posts: []Post{{ChannelID: t.PlayChannel(), Message: msg, BoardOf: t.ID}}}
	resp.addThreadResult(l)
	return resp, true, nil
}

func humanToAct(t *data.Table, active []games.Seat) (games.Seat, bool) {
	for _, a := range active {
		if int(a) < len(t.Seats) && !t.Seats[a].Bot {
			return a, true
		}
	}
	return 0, false
}
