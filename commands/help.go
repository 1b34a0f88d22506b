package commands

import (
	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// helpCommand is /help [game]: what warroom is and how to start, or one
// game's rules. It works anywhere in a server, with or without a table.
func helpCommand(engines []games.Engine) *discordgo.ApplicationCommand {
	en := i18n.For("en")
	game := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "game",
		Description: en.T("cmd.help.game"), DescriptionLocalizations: *localized("cmd.help.game"),
	}
	for _, eng := range engines {
		id := eng.Info().ID
		name := func(lang string) string {
			return render.Clip(render.GameName(render.Audience{L: i18n.For(lang)}, id), 100)
		}
		game.Choices = append(game.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: name("en"), Value: id,
			NameLocalizations: map[discordgo.Locale]string{discordgo.Polish: name("pl"), discordgo.Russian: name("ru")},
		})
	}
	perm := int64(discordgo.PermissionSendMessages)
	return &discordgo.ApplicationCommand{
		Name: "help", Description: en.T("cmd.help.description"), DescriptionLocalizations: localized("cmd.help.description"),
		DefaultMemberPermissions: &perm, Options: []*discordgo.ApplicationCommandOption{game},
	}
}

// help answers /help privately, in the member's language.
func (s *Service) help(req Request) Response {
	rc := userCtx(req)
	if id := req.Options["game"]; id != "" {
		g, ok := s.mods.Renderer(id)
		if !ok {
			return private(req, "core.err.unknown_game")
		}
		return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.RulesMessage(render.GameName(rc, id), g.Rules(rc))}}
	}
	card := render.Card{Title: rc.T("core.help.title"), Description: rc.T("core.help.intro")}
	for _, eng := range s.mods.Engines() {
		info := eng.Info()
		card.Fields = append(card.Fields, render.Field{
			Name:  render.GameName(rc, info.ID),
			Value: rc.T("core.help.game", "Pitch", rc.T(info.ID+".pitch"), "Players", seatText(rc, info), "ID", info.ID),
		})
	}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.CardMessage(card)}}
}
