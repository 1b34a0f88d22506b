package commands

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// lobby handles Join / Leave / Add computer / Start / Cancel.
func (s *Service) lobby(ctx context.Context, req Request, l *loaded, id CustomID) Response {
	t := l.t
	if t.Status != data.StatusLobby {
		return private(req, "core.lobby.not_open")
	}
	if id.Payload == "start" {
		if req.User.ID != t.HostID {
			return private(req, "core.lobby.host_only")
		}
		if min := l.eng.Info().MinSeats; len(t.Seats) < min {
			return private(req, "core.lobby.too_few", "Count", min)
		}
		return s.start(ctx, req, l)
	}
	if id.Version != t.Version {
		// Lobby clicks commute (join, leave), so an older lobby message
		// still works; the reply redraws it at the current version.
		s.log.Debug().Str("table", t.ID).Msg("lobby click on an older version")
	}
	err := s.mutate(ctx, t, func(nt *data.Table) ([]data.LogEntry, error) {
		if err := lobbyChange(req, l, id.Payload, nt); err != nil {
			return nil, err
		}
		nt.Version++
		if nt.Status == data.StatusAbandoned {
			rc := render.Audience{L: i18n.For(nt.Locale)}
			nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectText, Text: rc.T("core.lobby.cancelled")})
		} else {
			nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectRedraw})
		}
		return []data.LogEntry{{Version: nt.Version, UserID: req.User.ID, Action: lobbyEntry(id.Payload, nt), At: nowUTC()}}, nil
	})
	if err != nil {
		return s.failed(req, err)
	}
	return Response{Table: t.ID}
}

// lobbyChange makes a lobby click's change on nt, a copy of the lobby
// l.t, or refuses it.
func lobbyChange(req Request, l *loaded, verb string, nt *data.Table) error {
	t, info := l.t, l.eng.Info()
	nt.Seats = append([]data.Seat(nil), t.Seats...)
	seated := len(t.SeatsOf(req.User.ID)) > 0
	host := req.User.ID == t.HostID
	switch verb {
	case "join":
		if seated {
			return refuse("core.lobby.already_seated")
		}
		if len(t.Seats) >= info.MaxSeats {
			return refuse("core.lobby.full")
		}
		nt.Seats = append(nt.Seats, data.Seat{UserID: req.User.ID, Name: req.User.Name})
	case "leave":
		if !seated {
			return refuse("core.lobby.not_seated")
		}
		leave(nt, req.User.ID, host)
	case "bot":
		if !host {
			return refuse("core.lobby.host_only")
		}
		if len(t.Seats) >= info.MaxSeats {
			return refuse("core.lobby.full")
		}
		name := i18n.For(t.Locale).T("core.bot_name", "N", botCount(t)+1)
		nt.Seats = append(nt.Seats, data.Seat{Name: name, Bot: true})
	case render.LobbyLevel:
		// The one select of lobby messages from before per-seat levels:
		// one level for every computer seat.
		if err := levelPick(req, l, host); err != nil {
			return err
		}
		nt.Options = games.Options{}
		maps.Copy(nt.Options, t.Options) // a new map: t stays as stored
		nt.Options[games.OptComputer] = req.Values[0]
		for i := range nt.Seats {
			nt.Seats[i].Level = ""
		}
	case "cancel":
		if !host {
			return refuse("core.lobby.host_only")
		}
		nt.Status = data.StatusAbandoned
	default:
		k, ok := render.SeatLevelVerb(verb)
		if !ok {
			return refuse("core.err.bad_button")
		}
		if err := levelPick(req, l, host); err != nil {
			return err
		}
		i := nthBot(t, k)
		if i < 0 {
			return refuse("core.err.bad_button")
		}
		nt.Seats[i].Level = req.Values[0]
	}
	return nil
}

// levelPick refuses a level pick by anyone but the host, or one the
// lobby never offered: the selects appear only for a game with levels
// once a computer seat is there, with one of the game's levels.
func levelPick(req Request, l *loaded, host bool) error {
	if !host {
		return refuse("core.lobby.host_only")
	}
	if len(req.Values) != 1 || !l.eng.Info().HasLevels() || botCount(l.t) == 0 || !contains(games.LevelOption().Choices, req.Values[0]) {
		return refuse("core.err.bad_button")
	}
	return nil
}

// nthBot is the seat index of t's k-th computer seat (1 for the first),
// -1 if there is none. Computer seats are only ever added at the end and
// never leave a lobby, so k names the same seat in every version of the
// lobby message, while a seat's index moves when a player before it leaves.
func nthBot(t *data.Table, k int) int {
	for i, s := range t.Seats {
		if s.Bot {
			if k--; k == 0 {
				return i
			}
		}
	}
	return -1
}

// leave takes user's seat out of the lobby nt. A host who leaves hands
// the table to the next player, so a lobby never waits for someone who
// is gone; with nobody left the lobby closes and frees the channel.
func leave(nt *data.Table, user string, host bool) {
	seats := nt.Seats
	nt.Seats = nil
	for _, st := range seats {
		if st.Bot || st.UserID != user {
			nt.Seats = append(nt.Seats, st)
		}
	}
	if !host {
		return
	}
	was := nt.HostID
	nt.HostID = ""
	for _, st := range nt.Seats {
		if !st.Bot {
			nt.HostID = st.UserID
			break
		}
	}
	if nt.HostID == "" {
		nt.HostID, nt.Status = was, data.StatusAbandoned
	}
}

// lobbyEntry is a lobby click's log line: the verb, and for a level the
// level chosen (public: the lobby shows it): "lobby.level.hard" for every
// computer seat, "lobby.level2.easy" for the second computer seat.
func lobbyEntry(verb string, nt *data.Table) string {
	if verb == render.LobbyLevel {
		return "lobby." + verb + "." + nt.Options[games.OptComputer]
	}
	if k, ok := render.SeatLevelVerb(verb); ok {
		return "lobby." + verb + "." + nt.Seats[nthBot(nt, k)].Level
	}
	return "lobby." + verb
}

// dealtOptions are the options t's game was dealt with: recorded at the
// start (a resignation later makes a seat the computer's), or for a
// table from before that record, worked out as at the start.
func dealtOptions(t *data.Table) games.Options {
	if t.SetupOptions != nil {
		return t.SetupOptions
	}
	return setupOptions(t)
}

// setupOptions are the table's options plus the computer seats and the
// levels of their own (games.OptComputerLevels).
func setupOptions(t *data.Table) games.Options {
	opts := games.Options{}
	maps.Copy(opts, t.Options)
	var bots, levels []string
	for i, s := range t.Seats {
		if s.Bot {
			bots = append(bots, strconv.Itoa(i))
			if s.Level != "" {
				levels = append(levels, strconv.Itoa(i)+":"+s.Level)
			}
		}
	}
	if len(bots) > 0 {
		opts[games.OptComputerSeats] = strings.Join(bots, ",")
	}
	if len(levels) > 0 {
		opts[games.OptComputerLevels] = strings.Join(levels, ",")
	}
	return opts
}

func botCount(t *data.Table) int {
	n := 0
	for _, s := range t.Seats {
		if s.Bot {
			n++
		}
	}
	return n
}

// start deals the game, runs any opening computer moves, commits, and
// posts the first board (in a new team thread for co-op games).
func (s *Service) start(ctx context.Context, req Request, l *loaded) Response {
	t := l.t
	if t.Seed == nil { // a lobby opened before provably fair dice
		s.seed(t)
	}
	// The lobby message's id: Discord gave it after the message showed
	// the commitment, so it is public and nobody could choose it.
	nonce := t.BoardMessageID
	rng, opts := t.Seed.Source(nonce), setupOptions(t)
	var se *seatOptionError
	if errors.As(seatedFit(l.eng.Info(), opts, len(t.Seats)), &se) {
		return private(req, "core.err.seat_option_empty", "Option", se.key, "Seat", se.seat, "Count", se.seats)
	}
	st, err := l.eng.Setup(opts, len(t.Seats), rng)
	if err != nil {
		// An option that fits more players than sat down (a beginner
		// seat 3 at a table of two): say which, nothing changes.
		var oe *optionError
		if errors.As(setupFits(l.eng, setupOptions(t), len(t.Seats)), &oe) {
			return private(req, "core.err.bad_option", "Option", oe.key, "Detail", oe.detail)
		}
		return s.internal(req, fmt.Errorf("setup %s: %w", t.Game, err))
	}
	expect := t.Version
	// Provably fair dice: the seed keys every random number of the
	// game, and only its commitment is shown until the end.
	t.RNG, t.SeedNonce, t.SetupOptions = rng, nonce, opts
	t.Status = data.StatusPlaying
	v := expect + 1
	entries := []data.LogEntry{{Version: v, UserID: req.User.ID, Action: "lobby.start", At: nowUTC()}}
	st, more, err := s.runBots(l, st, v)
	if err != nil {
		return s.internal(req, err)
	}
	entries = append(entries, more...)
	v += int64(len(more))
	coop := l.eng.Info().Coop
	_, err = s.commit(ctx, l, st, v, entries, func(t *data.Table, _ bool) []data.Effect {
		// The lobby message stays as the record of who plays; the first
		// board pings the players (in a co-op game, in the team thread,
		// welcoming the team, with a link to it from the channel).
		out := []data.Effect{{Kind: data.EffectLobby}}
		if !coop {
			return append(out, data.Effect{Kind: data.EffectBoard, Ping: true})
		}
		rc := render.Audience{L: i18n.For(t.Locale)}
		var who []string
		for _, u := range t.Players() {
			who = append(who, "<@"+u+">")
		}
		welcome := rc.T("core.table.thread_welcome", "Who", strings.Join(who, " "))
		return append(out, data.Effect{Kind: data.EffectThread}, data.Effect{Kind: data.EffectLink},
			data.Effect{Kind: data.EffectBoard, Ping: true, Text: welcome})
	})
	if err != nil {
		return s.internal(req, err)
	}
	s.log.Info().Str("table", t.ID).Str("game", t.Game).Int("seats", len(t.Seats)).Msg("game started")
	return Response{Table: t.ID}
}
