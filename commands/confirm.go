package commands

import (
	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// irreversible finds the menu choice for a when the game marks it as one
// that cannot be taken back (render.Choice.Confirm): conceding, a failed
// morale check.
func (s *Service) irreversible(l *loaded, locale string, seat games.Seat, a games.Action) (render.Choice, bool) {
	m, ok := s.menu(l, locale, seat)
	if !ok {
		return render.Choice{}, false
	}
	for _, c := range m.Choices {
		if c.Confirm && c.Action.Equal(a) {
			return c, true
		}
	}
	return render.Choice{}, false
}

// askSure answers a click on an irreversible choice with a private
// question and one button that applies it (KindSure), drawn for the
// table's version: a move in between makes the answer stale, not wrong.
func (s *Service) askSure(req Request, l *loaded, c render.Choice) Response {
	id, err := CustomID{Table: l.t.ID, Version: l.t.Version, Kind: KindSure, Action: c.Action}.Encode()
	if err != nil {
		return s.internal(req, err)
	}
	ctx := userCtx(req)
	btn := discordgo.Button{Label: render.Clip(ctx.T("core.confirm.yes", "Choice", c.Label), 80), Style: discordgo.DangerButton, CustomID: id}
	msg := render.Fit(render.Message{
		Content:    ctx.T("core.confirm.question", "Choice", c.Label),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{btn}}},
	})
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}
