package commands

import (
	"context"
	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// confirmResign is /game resign: privately, what resigning means and a
// button that does it. Resigning cannot be undone, so it always asks.
func (s *Service) confirmResign(req Request, t *data.Table) Response {
	if len(t.SeatsOf(req.User.ID)) == 0 {
		return private(req, "core.err.not_seated")
	}
	if t.Status == data.StatusLobby {
		return private(req, "core.resign.lobby")
	}
	rc := userCtx(req)
	id, err := CustomID{Table: t.ID, Version: t.Version, Kind: KindResign}.Encode()
	if err != nil {
		return s.internal(req, err)
	}
	msg := render.Message{
		Content: rc.T("core.resign.confirm", "Game", render.GameName(rc, t.Game)),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: rc.T("core.button.resign"), Style: discordgo.DangerButton, CustomID: id, Emoji: &discordgo.ComponentEmoji{Name: "🏳️"}},
		}}},
	}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// resign is the confirmation's button: the computer takes every seat of
// the player for the rest of the game and plays at once if it is to act;
// the table is told. It applies at any version (moves may have happened
// since the question), but only while the game is on.
func (s *Service) resign(ctx context.Context, req Request, l *loaded) Response {
	seats := l.t.SeatsOf(req.User.ID)
	if len(seats) == 0 {
		return private(req, "core.err.not_seated")
	}
	if l.t.Status != data.StatusPlaying {
		return private(req, "core.err.not_playing")
	}
	lang := i18n.For(l.t.Locale)
	nt := *l.t
	nt.Seats = append([]data.Seat(nil), l.t.Seats...)
	bots := 0
	for _, st := range nt.Seats {
		if st.Bot {
			bots++
		}
	}
	name := nt.Seats[seats[0]].Name
	for _, seat := range seats {
		bots++
		nt.Seats[seat] = data.Seat{Name: lang.T("core.bot_name", "N", bots), Bot: true}
	}
	l.t = &nt
	v := nt.Version + 1
	entries := []data.LogEntry{{Version: v, Seat: seats[0], UserID: req.User.ID, Action: games.VerbResign, At: nowUTC()}}
	st, more, err := s.runBots(l, l.state, v)
	if err != nil {
		return s.internal(req, err)
	}
	entries = append(entries, more...)
	v += int64(len(more))
	note := ctxFor(l, nt.Locale, games.Spectator).T("core.resign.done", "Who", name)
	if _, err := s.commit(ctx, l, st, v, entries, func(t *data.Table, _ bool) []data.Effect {
		return s.owedAfter(t, true, note)
	}); err != nil {
		return s.internal(req, err)
	}
	s.log.Info().Str("table", nt.ID).Str("by", req.User.ID).Int("seats", len(seats)).Msg("player resigned; the computer plays their seats")
	return Response{Table: nt.ID, Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.resign.you")}}
}
