package commands

import (
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// Commands is the slash-command tree for the registered games: /play with
// a game choice and the union of the games' options, and /game with
// status, rules and abandon. Names and descriptions carry Polish and
// Russian localizations from the catalogue.
func Commands() []*discordgo.ApplicationCommand {
	en := i18n.For("en")
	var gameChoices []*discordgo.ApplicationCommandOptionChoice
	options := []*discordgo.ApplicationCommandOption{{
		Type: discordgo.ApplicationCommandOptionString, Name: "game", Required: true,
		Description:              en.T("cmd.play.game"),
		DescriptionLocalizations: *localized("cmd.play.game"),
	}}
	options = append(options, languageOption("cmd.play.language", false))
	seen := map[string]bool{"game": true, OptLanguage: true}
	for _, eng := range games.All() {
		info := eng.Info()
		ctx := render.Ctx{L: en}
		gameChoices = append(gameChoices, &discordgo.ApplicationCommandOptionChoice{
			Name: render.GameName(ctx, info.ID), Value: info.ID, NameLocalizations: localizedName("game." + info.ID),
		})
		for _, o := range info.Options {
			if seen[o.Key] {
				widen(options, o)
				continue
			}
			seen[o.Key] = true
			options = append(options, describe(optionOf(o), info.ID))
		}
	}
	if !seen[OptTurnTimeout] {
		options = append(options, optionOf(timeoutSpec))
	}
	options[0].Choices = gameChoices
	minPerm := int64(discordgo.PermissionSendMessages)
	return guildOnly([]*discordgo.ApplicationCommand{
		{
			Name: "play", Description: en.T("cmd.play.description"), DescriptionLocalizations: localized("cmd.play.description"),
			Options: options, DefaultMemberPermissions: &minPerm,
		},
		{
			Name: "game", Description: en.T("cmd.game.description"), DescriptionLocalizations: localized("cmd.game.description"),
			DefaultMemberPermissions: &minPerm,
			Options: []*discordgo.ApplicationCommandOption{
				sub("status", "cmd.game.status"), sub("rules", "cmd.game.rules"), sub("abandon", "cmd.game.abandon"), listCommand(), remindersCommand(),
			},
		},
		settingsCommand(),
	})
}

// guildOnly makes every command usable in servers only, by members of a
// server the bot is installed in: tables live in server channels. Discord
// documents contexts and integration_types for this and deprecates
// dm_permission (developers/interactions/application-commands.mdx,
// "Contexts" and "Installation Context").
func guildOnly(cmds []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	for _, c := range cmds {
		c.Contexts = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
		c.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	}
	return cmds
}

// settingsCommand is /settings [language]: a server's warroom settings.
// Only members with Manage Server see it by default
// (developers/interactions/application-commands.mdx "Using Default
// Permissions"; MANAGE_GUILD is 1 << 5 in developers/topics/permissions.mdx);
// Service.settings checks again.
func settingsCommand() *discordgo.ApplicationCommand {
	en := i18n.For("en")
	perm := int64(discordgo.PermissionManageGuild)
	return &discordgo.ApplicationCommand{
		Name: "settings", NameLocalizations: ptr(localizedName("cmd.settings")),
		Description: en.T("cmd.settings.description"), DescriptionLocalizations: localized("cmd.settings.description"),
		DefaultMemberPermissions: &perm,
		Options:                  []*discordgo.ApplicationCommandOption{languageOption("cmd.settings.language", true)},
	}
}

// languageOption is the language choice of /play (en, pl, ru) and of
// /settings (also auto). The languages are named in their own language,
// as Discord's own locale picker does (developers/reference.mdx
// "Locales", Native Name), so everyone finds theirs whatever their
// client's language; only "auto" needs translating.
func languageOption(desc string, withAuto bool) *discordgo.ApplicationCommandOption {
	opt := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: OptLanguage, NameLocalizations: localizedName("cmd.language"),
		Description: i18n.For("en").T(desc), DescriptionLocalizations: *localized(desc),
	}
	for _, l := range i18n.Languages {
		opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: capitalize(i18n.For(l).T("core.language." + l)), Value: l})
	}
	if withAuto {
		opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: i18n.For("en").T("cmd.settings.auto"), NameLocalizations: localizedName("cmd.settings.auto"), Value: languageAuto,
		})
	}
	return opt
}

func ptr[T any](v T) *T { return &v }

// capitalize starts a name with a capital, as in a menu ("polski" -> "Polski").
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// listCommand is /game list [all]: a member's live games in the server;
// all:true (Manage Server) lists every live game of the server.
func listCommand() *discordgo.ApplicationCommandOption {
	c := sub("list", "cmd.game.list")
	c.Options = []*discordgo.ApplicationCommandOption{{
		Type: discordgo.ApplicationCommandOptionBoolean, Name: "all",
		Description: i18n.For("en").T("cmd.game.list_all"), DescriptionLocalizations: *localized("cmd.game.list_all"),
	}}
	return c
}

// remindersCommand is /game reminders [mode:on|off].
func remindersCommand() *discordgo.ApplicationCommandOption {
	c := sub("reminders", "cmd.game.reminders")
	mode := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "mode",
		Description: i18n.For("en").T("cmd.game.reminders_mode"), DescriptionLocalizations: *localized("cmd.game.reminders_mode"),
	}
	for _, v := range []string{"on", "off"} {
		mode.Choices = append(mode.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: i18n.For("en").T("cmd.game.reminders_" + v), Value: v, NameLocalizations: localizedName("cmd.game.reminders_" + v),
		})
	}
	c.Options = []*discordgo.ApplicationCommandOption{mode}
	return c
}

func sub(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: name,
		Description: i18n.For("en").T(desc), DescriptionLocalizations: *localized(desc),
	}
}

func optionOf(o games.OptionSpec) *discordgo.ApplicationCommandOption {
	opt := &discordgo.ApplicationCommandOption{
		Name:                     o.Key,
		Description:              i18n.For("en").T("cmd.play.option", "Name", o.Key),
		DescriptionLocalizations: *localized("cmd.play.option", "Name", o.Key),
	}
	switch o.Kind {
	case games.OptionInt:
		opt.Type = discordgo.ApplicationCommandOptionInteger
		if o.Max > o.Min {
			lo := float64(o.Min)
			opt.MinValue, opt.MaxValue = &lo, float64(o.Max)
		}
	case games.OptionBool:
		opt.Type = discordgo.ApplicationCommandOptionBoolean
	default:
		opt.Type = discordgo.ApplicationCommandOptionString
		opt.Autocomplete = len(o.Choices) > 0
	}
	return opt
}

// describe gives an option its game's own description (and its values)
// from the game's catalogue, in English, Polish and Russian, when it has
// one; otherwise the generic "Game option: X" stays.
func describe(opt *discordgo.ApplicationCommandOption, game string) *discordgo.ApplicationCommandOption {
	if d := render.OptionHelp(render.Ctx{L: i18n.For("en")}, game, opt.Name); d != "" {
		opt.Description = d
		opt.DescriptionLocalizations = map[discordgo.Locale]string{
			discordgo.Polish:  render.OptionHelp(render.Ctx{L: i18n.For("pl")}, game, opt.Name),
			discordgo.Russian: render.OptionHelp(render.Ctx{L: i18n.For("ru")}, game, opt.Name),
		}
	}
	return opt
}

// widen lets an option shared by several games accept every game's
// values: integer ranges grow, and an option whose type differs between
// games becomes text with suggestions (the game's own check still applies).
func widen(opts []*discordgo.ApplicationCommandOption, o games.OptionSpec) {
	// One game's description would mislead the others' players.
	for _, x := range opts {
		if x.Name == o.Key {
			generic := optionOf(o)
			x.Description, x.DescriptionLocalizations = generic.Description, generic.DescriptionLocalizations
		}
	}
	for _, x := range opts {
		if x.Name == o.Key && x.Type != optionOf(o).Type {
			x.Type, x.MinValue, x.MaxValue, x.Autocomplete = discordgo.ApplicationCommandOptionString, nil, 0, true
		}
	}
	for _, x := range opts {
		if x.Name != o.Key || x.Type != discordgo.ApplicationCommandOptionInteger || x.MinValue == nil {
			continue
		}
		if float64(o.Min) < *x.MinValue {
			lo := float64(o.Min)
			x.MinValue = &lo
		}
		if float64(o.Max) > x.MaxValue {
			x.MaxValue = float64(o.Max)
		}
	}
	for _, x := range opts {
		if x.Name == o.Key && x.Type == discordgo.ApplicationCommandOptionString && len(o.Choices) > 0 {
			x.Autocomplete = true
		}
	}
}

func localized(id string, kv ...any) *map[discordgo.Locale]string {
	m := map[discordgo.Locale]string{
		discordgo.Polish:  i18n.For("pl").T(id, kv...),
		discordgo.Russian: i18n.For("ru").T(id, kv...),
	}
	return &m
}

func localizedName(id string) map[discordgo.Locale]string {
	return map[discordgo.Locale]string{
		discordgo.Polish:  i18n.For("pl").T(id),
		discordgo.Russian: i18n.For("ru").T(id),
	}
}
