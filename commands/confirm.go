package commands

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// irreversible reports whether a is one the game says cannot be taken
// back (games.Info.Irreversible), with its menu choice for the question.
// Only then is the menu drawn: a test of the verb on every click.
func (s *Service) irreversible(l *loaded, locale string, seat games.Seat, a games.Action) (render.Choice, bool) {
	if !slices.Contains(l.eng.Info().Irreversible, a.Verb) {
		return render.Choice{}, false
	}
	if m, ok := s.menu(l, locale, seat); ok {
		for _, c := range m.Choices {
			if c.Action.Equal(a) {
				return c, true
			}
		}
	}
	return render.Choice{Action: a, Label: a.String()}, true
}

// askSure answers a click on an irreversible choice with a private
// question and one button that applies it (KindSure), drawn for the
// table's version: a move in between makes the answer stale, not wrong.
func (s *Service) askSure(req Request, l *loaded, c render.Choice) Response {
	id, err := CustomID{Table: l.t.ID, Version: l.t.Version, Kind: KindSure, Action: c.Action}.Encode()
	if err != nil {
		return s.internal(req, err)
	}
	rc := userCtx(req)
	btn := discordgo.Button{Label: render.Clip(rc.T("core.confirm.yes", "Choice", c.Label), 80), Style: discordgo.DangerButton, CustomID: id}
	msg := render.Fit(render.Message{
		Content:    rc.T("core.confirm.question", "Choice", c.Label),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{btn}}},
	})
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}
