package commands

import (
	"context"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// rematch is the Rematch button of a finished game's board: a player of
// that game opens a new lobby in the same channel with the same game and
// options, hosting it; the computer seats come back, and the other
// players are pinged to join. A second click finds the channel taken.
func (s *Service) rematch(ctx context.Context, req Request, l *loaded) Response {
	old := l.t
	if old.Status != data.StatusFinished {
		return private(req, "core.err.bad_button")
	}
	if len(old.SeatsOf(req.User.ID)) == 0 {
		return private(req, "core.err.rematch_not_player")
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
	var invite []data.Effect
	if len(invited) > 0 {
		rc := render.Audience{L: ctxFor(l, old.Locale, games.Spectator).L}
		var who []string
		for _, u := range invited {
			who = append(who, "<@"+u+">")
		}
		text := rc.T("core.rematch.invite", "Count", len(who), "Who", strings.Join(who, ", "), "Host", "<@"+req.User.ID+">", "Game", render.GameName(rc, old.Game))
		invite = append(invite, data.Effect{Kind: data.EffectNotice, Ping: true, Mention: invited, Text: text})
	}
	return s.openLobby(ctx, req, t, invite...)
}
