package commands

import (
	"errors"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// rematch is the Rematch button of a finished game's board: a player of
// that game opens a new lobby in the same channel with the same game and
// options, hosting it; the computer seats come back, and the other
// players are pinged to join. A second click finds the channel taken.
func (s *Service) rematch(req Request, l *loaded) Response {
	old := l.t
	if old.Status != data.StatusFinished {
		return private(req, "core.err.bad_button")
	}
	if len(old.SeatsOf(req.User.ID)) == 0 {
		return private(req, "core.err.rematch_not_player")
	}
	if resp, ok := s.slowDown(req); !ok {
		return resp
	}
	if s.MaxLobbies > 0 && !req.CanManageGuild {
		n, err := s.store.OpenLobbies(old.GuildID, req.User.ID)
		if err != nil {
			return s.internal(req, err)
		}
		if n >= s.MaxLobbies {
			return private(req, "core.err.too_many_lobbies", "Count", n)
		}
	}
	t := &data.Table{
		Game: old.Game, Options: old.Options, HostID: req.User.ID, GuildID: old.GuildID,
		ChannelID: old.ChannelID, Locale: old.Locale, Status: data.StatusLobby,
		Seats: []data.Seat{{UserID: req.User.ID, Name: req.User.Name}},
	}
	var invited []string
	seen := map[string]bool{req.User.ID: true}
	for _, seat := range old.Seats {
		switch {
		case seat.Bot:
			t.Seats = append(t.Seats, seat)
		case !seen[seat.UserID]:
			seen[seat.UserID] = true
			invited = append(invited, seat.UserID)
		}
	}
	t.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectBoard})
	if len(invited) > 0 {
		ctx := render.Ctx{L: ctxFor(l, old.Locale, games.Spectator).L}
		var who []string
		for _, u := range invited {
			who = append(who, "<@"+u+">")
		}
		text := ctx.T("core.rematch.invite", "Who", strings.Join(who, ", "), "Host", "<@"+req.User.ID+">", "Game", render.GameName(ctx, old.Game))
		t.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectNotice, Ping: true, Mention: invited, Text: text})
	}
	if err := s.store.Create(t); err != nil {
		if errors.Is(err, data.ErrChannelBusy) {
			return private(req, "core.err.channel_busy")
		}
		return s.internal(req, err)
	}
	s.log.Info().Str("table", t.ID).Str("rematch_of", old.ID).Str("game", t.Game).Msg("rematch lobby opened")
	return Response{Table: t.ID}
}
