package commands

import (
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// Commands is the slash-command tree for the games served: /play with
// one subcommand per game (/play flanders ...) carrying that game's own
// typed, described options, and /game with status, rules, abandon, list
// and reminders. Names and descriptions carry Polish and Russian
// localizations from the catalogue.
func (s *Service) Commands() []*discordgo.ApplicationCommand {
	return Tree(s.mods.Engines())
}

// Tree is the slash commands for the games of engines (Service.Commands
// for the games it serves).
func Tree(engines []games.Engine) []*discordgo.ApplicationCommand {
	en := i18n.For("en")
	var subs []*discordgo.ApplicationCommandOption
	for _, eng := range engines {
		subs = append(subs, playSubcommand(eng.Info()))
	}
	options := subs
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
				sub("status", "cmd.game.status"), sub("rules", "cmd.game.rules"), sub("abandon", "cmd.game.abandon"), listCommand(), remindersCommand(), sub("resign", "cmd.game.resign"), vacationCommand(), handoverCommand(), sub("pause", "cmd.game.pause"), sub("resume", "cmd.game.resume"),
			},
		},
		settingsCommand(),
		helpCommand(engines),
		statsCommand(),
		leaderboardCommand(engines),
		leagueCommand(engines),
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
		Options: []*discordgo.ApplicationCommandOption{languageOption("cmd.settings.language", true), {
			Type: discordgo.ApplicationCommandOptionRole, Name: OptLeagueRole,
			Description: en.T("cmd.settings.league_role"), DescriptionLocalizations: *localized("cmd.settings.league_role"),
		}},
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

// remindersCommand is /game reminders [mode:on|dm|dm_play|off].
func remindersCommand() *discordgo.ApplicationCommandOption {
	c := sub("reminders", "cmd.game.reminders")
	mode := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "mode",
		Description: i18n.For("en").T("cmd.game.reminders_mode"), DescriptionLocalizations: *localized("cmd.game.reminders_mode"),
	}
	for _, v := range []string{"on", "dm", "dm_play", "off"} {
		mode.Choices = append(mode.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: i18n.For("en").T("cmd.game.reminders_" + v), Value: v, NameLocalizations: localizedName("cmd.game.reminders_" + v),
		})
	}
	c.Options = []*discordgo.ApplicationCommandOption{mode}
	return c
}

// vacationCommand is /game vacation days:N (0 ends an absence early).
func vacationCommand() *discordgo.ApplicationCommandOption {
	c := sub("vacation", "cmd.game.vacation")
	lo := 0.0
	c.Options = []*discordgo.ApplicationCommandOption{{
		Type: discordgo.ApplicationCommandOptionInteger, Name: "days", Required: true, MinValue: &lo, MaxValue: MaxVacationDays,
		Description: i18n.For("en").T("cmd.game.vacation_days"), DescriptionLocalizations: *localized("cmd.game.vacation_days"),
	}}
	return c
}

// handoverCommand is /game handover member:@X [player:@Y] (Y: the host
// hands over an absent player's seat).
func handoverCommand() *discordgo.ApplicationCommandOption {
	c := sub("handover", "cmd.game.handover")
	c.Options = []*discordgo.ApplicationCommandOption{{
		Type: discordgo.ApplicationCommandOptionUser, Name: "member", Required: true,
		Description: i18n.For("en").T("cmd.game.handover_member"), DescriptionLocalizations: *localized("cmd.game.handover_member"),
	}, {
		Type: discordgo.ApplicationCommandOptionUser, Name: "player",
		Description: i18n.For("en").T("cmd.game.handover_player"), DescriptionLocalizations: *localized("cmd.game.handover_player"),
	}}
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

// playSubcommand is /play <game>: the game's options with their own types,
// ranges, choices and descriptions, then language and turn_timeout. A
// game's package adds its subcommand by registering its engine.
func playSubcommand(info games.Info) *discordgo.ApplicationCommandOption {
	en := render.Audience{L: i18n.For("en")}
	desc := func(lang string) string {
		rc := render.Audience{L: i18n.For(lang)}
		return render.Clip(rc.T("cmd.play.game_description", "Game", render.GameName(rc, info.ID), "Players", seatText(rc, info)), 100)
	}
	sub := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: info.ID,
		Description: desc("en"), DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Polish: desc("pl"), discordgo.Russian: desc("ru")},
	}
	for _, o := range info.Options {
		opt := describe(optionOf(o), info.ID)
		if o.Kind == games.OptionString && len(o.Choices) > 0 && len(o.Choices) <= 25 {
			opt.Autocomplete = false
			for _, c := range o.Choices {
				opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{
					Name: render.Clip(render.OptionValue(en, info.ID, o.Key, c), 100), Value: c,
					NameLocalizations: map[discordgo.Locale]string{
						discordgo.Polish:  render.Clip(render.OptionValue(render.Audience{L: i18n.For("pl")}, info.ID, o.Key, c), 100),
						discordgo.Russian: render.Clip(render.OptionValue(render.Audience{L: i18n.For("ru")}, info.ID, o.Key, c), 100),
					},
				})
			}
		}
		sub.Options = append(sub.Options, opt)
	}
	sub.Options = append(sub.Options, languageOption("cmd.play.language", false))
	if !hasOption(sub.Options, OptTurnTimeout) {
		opt := optionOf(timeoutSpec)
		opt.Description, opt.DescriptionLocalizations = en.T("cmd.play.turn_timeout"), *localized("cmd.play.turn_timeout")
		sub.Options = append(sub.Options, opt)
	}
	return sub
}

// seatText is "2 players" or "1-4 players" in ctx's language.
func seatText(rc render.Audience, info games.Info) string {
	if info.MinSeats == info.MaxSeats {
		return rc.T("cmd.play.players", "Count", info.MinSeats)
	}
	return rc.T("cmd.play.players_range", "Min", info.MinSeats, "Max", info.MaxSeats)
}

func hasOption(opts []*discordgo.ApplicationCommandOption, name string) bool {
	for _, o := range opts {
		if o.Name == name {
			return true
		}
	}
	return false
}

// describe gives an option its game's own description (and its values)
// from the game's catalogue, in English, Polish and Russian, when it has
// one; otherwise the generic "Game option: X" stays.
func describe(opt *discordgo.ApplicationCommandOption, game string) *discordgo.ApplicationCommandOption {
	if d := render.OptionHelp(render.Audience{L: i18n.For("en")}, game, opt.Name); d != "" {
		opt.Description = d
		opt.DescriptionLocalizations = map[discordgo.Locale]string{
			discordgo.Polish:  render.OptionHelp(render.Audience{L: i18n.For("pl")}, game, opt.Name),
			discordgo.Russian: render.OptionHelp(render.Audience{L: i18n.For("ru")}, game, opt.Name),
		}
	}
	return opt
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
