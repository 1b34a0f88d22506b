package commands

import (
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/league"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// The /league create options beside the game's own.
const (
	optFormat    = "format"
	optRounds    = "rounds"
	optDeadline  = "deadline"
	optRoundDays = "round_days"
	// defaultRoundDays is a round's length when none is given.
	defaultRoundDays = 7
	// defaultLeagueTimeout is a play_out league's turn_timeout (hours)
	// when none is given.
	defaultLeagueTimeout = 24
	maxRoundDays         = 30
)

// leaguePrefix starts the custom_id of a league message's buttons:
// wl:<league>:<verb>. The league's record decides what a click may do,
// so a forged one can do no more than a real one.
const leaguePrefix = "wl:"

// League effect kinds (league.Effect.Kind).
const (
	leagueMessage  = "message"  // post the league message, or redraw it
	leagueOpen     = "open"     // open a pairing's thread and table
	leagueAnnounce = "announce" // post the round's pairing, or the winner, pinging every player
	leagueClose    = "close"    // end a pairing's table decided elsewhere (a dropout, the deadline)
)

// leagueGame reports whether a game can be played in a league: two
// seats, not co-op.
func leagueGame(info games.Info) bool {
	return !info.Coop && info.MinSeats <= 2 && info.MaxSeats >= 2
}

// leagueCommand is /league: create <game> format: rounds: deadline:
// round_days: turn_timeout: and the game's own options, one
// subcommand per game as /play has, in the group "create".
func leagueCommand(engines []games.Engine) *discordgo.ApplicationCommand {
	en := i18n.For("en")
	group := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "create",
		Description: en.T("cmd.league.create"), DescriptionLocalizations: *localized("cmd.league.create"),
	}
	for _, eng := range engines {
		if info := eng.Info(); leagueGame(info) {
			group.Options = append(group.Options, leagueSubcommand(info))
		}
	}
	// Visible to every member: members of the server's league role
	// (/settings league_role) may create leagues too; createLeague checks.
	minPerm := int64(discordgo.PermissionSendMessages)
	cancel := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: "cancel",
		Description: en.T("cmd.league.cancel"), DescriptionLocalizations: *localized("cmd.league.cancel"),
	}
	return &discordgo.ApplicationCommand{
		Name: "league", Description: en.T("cmd.league.description"), DescriptionLocalizations: localized("cmd.league.description"),
		Options: []*discordgo.ApplicationCommandOption{group, cancel}, DefaultMemberPermissions: &minPerm,
	}
}

// leagueSubcommand is /league create <game>: the league's options first
// (Discord wants the required ones first), then the game's.
func leagueSubcommand(info games.Info) *discordgo.ApplicationCommandOption {
	sub := playSubcommand(info)
	sub.Description = render.Clip(i18n.For("en").T("cmd.league.create_game", "Game", render.GameName(render.Audience{L: i18n.For("en")}, info.ID)), 100)
	sub.DescriptionLocalizations = *localized("cmd.league.create_game", "Game", info.ID)
	for _, lang := range []discordgo.Locale{discordgo.Polish, discordgo.Russian} {
		rc := render.Audience{L: i18n.For(langOf(lang))}
		sub.DescriptionLocalizations[lang] = render.Clip(rc.T("cmd.league.create_game", "Game", render.GameName(rc, info.ID)), 100)
	}
	choice := func(name, key string, values ...string) *discordgo.ApplicationCommandOption {
		o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Required: true,
			Description: i18n.For("en").T(key), DescriptionLocalizations: *localized(key)}
		for _, v := range values {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{
				Name: i18n.For("en").T("league." + name + "." + v), Value: v, NameLocalizations: localizedName("league." + name + "." + v)})
		}
		return o
	}
	one, most, days := 1.0, float64(league.MaxPlayers-1), float64(maxRoundDays)
	own := []*discordgo.ApplicationCommandOption{
		choice(optFormat, "cmd.league.format", league.Swiss, league.RoundRobin),
		choice(optDeadline, "cmd.league.deadline", league.PlayOut, league.LossToMover),
		{Type: discordgo.ApplicationCommandOptionInteger, Name: optRounds, MinValue: &one, MaxValue: most,
			Description: i18n.For("en").T("cmd.league.rounds"), DescriptionLocalizations: *localized("cmd.league.rounds")},
		{Type: discordgo.ApplicationCommandOptionInteger, Name: optRoundDays, MinValue: &one, MaxValue: days,
			Description: i18n.For("en").T("cmd.league.round_days"), DescriptionLocalizations: *localized("cmd.league.round_days")},
	}
	var rest []*discordgo.ApplicationCommandOption
	for _, o := range sub.Options {
		if o.Name != OptLanguage { // a league speaks the server's language
			rest = append(rest, o)
		}
	}
	sub.Options = append(own, rest...)
	return sub
}

// langOf is the catalogue language of a Discord locale.
func langOf(l discordgo.Locale) string {
	lang, _ := supported(string(l))
	return lang
}

// createLeague is /league create <game>: a member with Manage Server,
// or with the server's league role, opens a league in this channel; its
// message is the command's public answer.
func (s *Service) createLeague(ctx context.Context, req Request) Response {
	if ok, err := s.runsLeagues(ctx, req); err != nil {
		return s.internal(req, err)
	} else if !ok {
		return private(req, "league.err.manage")
	}
	eng, ok := s.mods.Engine(req.Options["game"])
	if !ok {
		return private(req, "core.err.unknown_game")
	}
	info := eng.Info()
	rc := userCtx(req)
	if !leagueGame(info) {
		return private(req, "league.err.game", "Game", render.GameName(rc, info.ID))
	}
	if miss := missing(req, append(s.neededHere(req, false), permPublicThreads, permSendInThreads)); len(miss) > 0 {
		return private(req, "core.err.bot_lacks", "Permissions", permissionNames(rc, miss))
	}
	l, resp, ok := s.leagueSettings(ctx, req, eng)
	if !ok {
		return resp
	}
	l.Owe(s.Now().UTC(), league.Effect{Kind: leagueMessage})
	if err := s.store.CreateLeague(ctx, l); err != nil {
		return s.internal(req, err)
	}
	s.log.Info().Str("league", l.ID).Str("game", l.Game).Str("format", l.Format).Str("channel", l.ChannelID).Msg("league created")
	return Response{League: l.ID}
}

// runsLeagues reports whether the member may create and cancel
// leagues: Manage Server, or the server's league role.
func (s *Service) runsLeagues(ctx context.Context, req Request) (bool, error) {
	if req.CanManageGuild {
		return true, nil
	}
	gs, err := s.store.GuildSettings(ctx, req.GuildID)
	if err != nil && !errors.Is(err, data.ErrCorrupt) {
		return false, err
	}
	return gs.LeagueRole != "" && slices.Contains(req.Roles, gs.LeagueRole), nil
}

// cancelLeague is /league cancel: the newest league of this channel
// still open or running ends, at the word of its creator or of a member
// who may run leagues. Its unfinished games' tables are closed, the
// standings stay as they are, and the players are told; anyone else is
// answered privately.
func (s *Service) cancelLeague(ctx context.Context, req Request) Response {
	l, err := s.channelLeague(ctx, req)
	if err != nil {
		return s.internal(req, err)
	}
	if l == nil {
		return private(req, "league.err.none_here")
	}
	if ok, err := s.runsLeagues(ctx, req); err != nil {
		return s.internal(req, err)
	} else if !ok && req.User.ID != l.CreatorID {
		return private(req, "league.err.cancel", "Who", "<@"+l.CreatorID+">")
	}
	now := s.Now().UTC()
	err = s.changeLeague(ctx, l.ID, func(l *league.League) error {
		tables, err := l.Cancel(req.User.ID)
		if err != nil {
			return err
		}
		if len(tables) > 0 {
			oweClose(l, tables, now)
		}
		l.Owe(now, league.Effect{Kind: leagueMessage})
		if len(l.Players) > 0 {
			l.Owe(now, league.Effect{Kind: leagueAnnounce, Round: -1})
		}
		return nil
	})
	if err != nil {
		return s.leagueRefusal(req, err)
	}
	s.log.Info().Str("league", l.ID).Str("by", req.User.ID).Msg("league cancelled")
	return Response{League: l.ID, Reply: Reply{Kind: ReplyPrivate, Message: render.Notice(userCtx(req), "core.menu.done")}}
}

// channelLeague is the newest league of req's channel still open or
// running; nil when there is none.
func (s *Service) channelLeague(ctx context.Context, req Request) (*league.League, error) {
	ls, err := s.store.Leagues(ctx, req.GuildID)
	if err != nil {
		return nil, err
	}
	var found *league.League
	for _, l := range ls {
		live := l.Status == league.StatusOpen || l.Status == league.StatusRunning
		if live && l.ChannelID == req.ChannelID && (found == nil || l.Created.After(found.Created)) {
			found = l
		}
	}
	return found, nil
}

// leagueSettings reads /league create's options into a new league; the
// game's own options are checked as /play checks them.
func (s *Service) leagueSettings(ctx context.Context, req Request, eng games.Engine) (*league.League, Response, bool) {
	format, rule := req.Options[optFormat], req.Options[optDeadline]
	if format != league.Swiss && format != league.RoundRobin {
		return nil, private(req, "league.err.format"), false
	}
	if rule != league.PlayOut && rule != league.LossToMover {
		return nil, private(req, "league.err.deadline"), false
	}
	rounds := clampInt(req.Options[optRounds], 3, 1, league.MaxPlayers-1)
	days := clampInt(req.Options[optRoundDays], defaultRoundDays, 1, maxRoundDays)
	given := map[string]string{}
	for k, v := range req.Options {
		switch k {
		case optFormat, optDeadline, optRounds, optRoundDays:
		default:
			given[k] = v
		}
	}
	if rule == league.PlayOut && given[OptTurnTimeout] == "" {
		// Played out, a game must end: an absent player's turns are
		// played by the computer after a day.
		given[OptTurnTimeout] = strconv.Itoa(defaultLeagueTimeout)
	}
	opts, err := gameOptions(eng.Info(), given)
	if err == nil {
		err = setupFits(eng, opts, 2)
	}
	if oe, ok := errors.AsType[*optionError](err); ok {
		return nil, private(req, "core.err.bad_option", "Option", oe.key, "Detail", oe.detail), false
	}
	if se, ok := errors.AsType[*seatOptionError](err); ok {
		return nil, private(req, "core.err.seat_option_max", "Option", se.key, "Seat", se.seat, "Count", se.seats), false
	}
	if err != nil {
		return nil, s.internal(req, err), false
	}
	seed := s.Seed()
	l := &league.League{
		GuildID: req.GuildID, ChannelID: req.ChannelID, CreatorID: req.User.ID, Locale: s.languageOf(ctx, req),
		Game: eng.Info().ID, Options: opts, Format: format, Rounds: rounds, Deadline: rule,
		// A day is 24 turn_timeout units: tests shrink the unit.
		RoundDays: days, RoundTime: time.Duration(days) * 24 * s.TimeoutUnit, Seed: binary.BigEndian.Uint64(seed[:8]), Status: league.StatusOpen,
	}
	if h, err := strconv.Atoi(opts[OptTurnTimeout]); err == nil {
		l.TurnTimeout = time.Duration(h) * time.Hour
	}
	return l, Response{}, true
}

// clampInt reads an integer option: def when absent, kept within lo..hi.
func clampInt(v string, def, lo, hi int) int {
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return max(lo, min(n, hi))
}

// leagueClick answers a league message's button: Join and Leave while
// open, Start for the creator; Leave while running drops the player
// out, forfeiting their remaining games.
func (s *Service) leagueClick(ctx context.Context, req Request) Response {
	id, verb, ok := strings.Cut(strings.TrimPrefix(req.CustomID, leaguePrefix), ":")
	if !ok {
		return private(req, "core.err.bad_button")
	}
	var note string
	err := s.changeLeague(ctx, id, func(l *league.League) error {
		if l.GuildID != req.GuildID || l.ChannelID != req.ChannelID {
			return refuse("core.err.bad_button")
		}
		var err error
		note, err = leagueVerb(l, req, verb, s.Now().UTC())
		return err
	})
	if err != nil {
		return s.leagueRefusal(req, err)
	}
	return Response{League: id, Reply: Reply{Kind: ReplyPrivate, Message: render.Notice(userCtx(req), note)}}
}

// leagueVerb applies one button to l and owes its redraw (and a new
// round's openings, the closing of a dropout's table); it returns the
// note for the clicker.
func leagueVerb(l *league.League, req Request, verb string, now time.Time) (string, error) {
	var err error
	note := ""
	switch verb {
	case "join":
		err, note = l.Join(req.User.ID), "league.joined"
		if err == nil {
			if l.Names == nil {
				l.Names = map[string]string{}
			}
			l.Names[req.User.ID] = req.User.Name
		}
	case "leave":
		if l.Status == league.StatusOpen {
			err, note = l.Leave(req.User.ID), "league.left_open"
			break
		}
		note = "league.dropped"
		var closed []string
		if closed, err = l.Drop(req.User.ID); err == nil {
			oweClose(l, closed, now)
			err = advance(l, now)
		}
	case "start":
		if req.User.ID != l.CreatorID {
			return "", refuse("league.err.creator", "Who", "<@"+l.CreatorID+">")
		}
		if err = l.Start(now); err == nil {
			oweRound(l, now)
		}
		note = "core.menu.done"
	default:
		return "", refuse("core.err.bad_button")
	}
	l.Owe(now, league.Effect{Kind: leagueMessage})
	return note, err
}

// leagueRefusal answers a refused league change privately.
func (s *Service) leagueRefusal(req Request, err error) Response {
	keys := map[error]string{league.ErrNotOpen: "league.err.not_open", league.ErrJoined: "league.err.joined",
		league.ErrNotPlayer: "league.err.not_player", league.ErrTooFew: "league.err.too_few",
		league.ErrTooMany: "league.err.full", data.ErrConflict: "league.err.busy", data.ErrLeagueNotFound: "core.err.bad_button"}
	for e, key := range keys {
		if errors.Is(err, e) {
			return private(req, key)
		}
	}
	return s.failed(req, err)
}

// changeLeague reads league id, applies change and writes it back if
// nobody wrote it meanwhile; on a conflict it reads and tries again, a
// few times.
func (s *Service) changeLeague(ctx context.Context, id string, change func(l *league.League) error) error {
	var err error
	for range 5 {
		var l *league.League
		if l, err = s.store.League(ctx, id); err != nil {
			return err
		}
		if err = change(l); err != nil {
			return err
		}
		if err = s.store.UpdateLeague(ctx, l, l.Version); !errors.Is(err, data.ErrConflict) {
			return err
		}
	}
	return err
}

// advance pairs the next round once the current one is complete (or
// ends the league), owing its openings and announcement.
// A round of forfeits only (dropouts in a round robin) is complete as
// soon as it is paired, so the next one follows at once.
func advance(l *league.League, now time.Time) error {
	for l.Status == league.StatusRunning && l.RoundComplete() {
		if err := l.PairNext(now); err != nil {
			return err
		}
		if l.Status == league.StatusDone {
			l.Owe(now, league.Effect{Kind: leagueAnnounce, Round: -1})
			return nil
		}
		oweRound(l, now)
	}
	return nil
}

// oweClose owes the closing of the current round's tables among tables
// (games decided without being played out).
func oweClose(l *league.League, tables []string, now time.Time) {
	r := len(l.RoundList) - 1
	for b, p := range l.Current().Pairings {
		if slices.Contains(tables, p.Table) {
			l.Owe(now, league.Effect{Kind: leagueClose, Round: r, Board: b})
		}
	}
}

// oweRound owes the current round's announcement and the opening of each
// of its games that is to be played (not a forfeit).
func oweRound(l *league.League, now time.Time) {
	r := len(l.RoundList) - 1
	if r < 0 {
		l.Owe(now, league.Effect{Kind: leagueAnnounce, Round: -1}) // over at once
		return
	}
	for b, p := range l.RoundList[r].Pairings {
		if p.Result == league.Pending {
			l.Owe(now, league.Effect{Kind: leagueOpen, Round: r, Board: b})
		}
	}
	l.Owe(now, league.Effect{Kind: leagueAnnounce, Round: r})
}

// OptLeagueRole is /settings league_role: the role whose members may
// create leagues besides those with Manage Server; @everyone clears it.
const OptLeagueRole = "league_role"

// setLeagueRole is /settings league_role:@Role (Manage Server, checked
// by settings). The @everyone role, whose id is the server's
// (developers/topics/permissions.mdx, "Role Object"), clears it.
func (s *Service) setLeagueRole(ctx context.Context, req Request, gs data.GuildSettings, role string) Response {
	gs.LeagueRole = role
	if role == req.GuildID {
		gs.LeagueRole = ""
	}
	if err := s.store.SetGuildSettings(ctx, req.GuildID, gs); err != nil {
		return s.internal(req, err)
	}
	s.log.Info().Str("guild", req.GuildID).Str("by", req.User.ID).Str("role", gs.LeagueRole).Msg("league role set")
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.Message{Content: leagueRoleText(userCtx(req), gs)}}}
}

// leagueRoleText says who may create leagues on the server.
func leagueRoleText(rc render.Audience, gs data.GuildSettings) string {
	if gs.LeagueRole == "" {
		return rc.T("league.settings_role_none")
	}
	return rc.T("league.settings_role", "Role", "<@&"+gs.LeagueRole+">")
}
