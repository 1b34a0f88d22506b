package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// Handle answers one interaction. It never panics on user input; an
// internal error is logged and answered with a private apology, with
// nothing changed.
func (s *Service) Handle(ctx context.Context, req Request) (resp Response) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error().Interface("panic", p).Str("custom_id", LogSafe(req.CustomID)).Str("command", req.Command).Msg("handler panic")
			resp = private(req, "core.err.internal")
		}
	}()
	resp = s.handle(ctx, req)
	s.owedNote(ctx, req, &resp)
	return resp
}

// handle answers a request by its kind.
func (s *Service) handle(ctx context.Context, req Request) Response {
	// From a DM only a turn DM's components come (commands/dmplay.go).
	if req.FromDM() && req.Kind != Autocomplete && req.Kind != Component && req.Kind != ModalSubmit {
		return private(req, "core.err.no_dm")
	}
	switch req.Kind {
	case SlashCommand:
		switch req.Command {
		case "play":
			return s.play(ctx, req)
		case "game":
			return s.game(ctx, req)
		case "settings":
			return s.settings(ctx, req)
		case "help":
			return s.help(req)
		case "stats":
			return s.stats(ctx, req)
		case "leaderboard":
			return s.leaderboard(ctx, req)
		case "league":
			return s.createLeague(ctx, req)
		}
		return private(req, "core.err.unknown_command")
	case Autocomplete:
		return s.autocomplete(req)
	case Component:
		if strings.HasPrefix(req.CustomID, leaguePrefix) {
			return s.leagueClick(ctx, req)
		}
		if OpensForm(req) {
			return s.openForm(ctx, req)
		}
		return s.component(ctx, req)
	case ModalSubmit:
		return s.component(ctx, req)
	}
	return private(req, "core.err.unknown_command")
}

func private(req Request, id string, kv ...any) Response {
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.Notice(userCtx(req), id, kv...)}}
}

func userCtx(req Request) render.Audience {
	return render.Audience{L: i18n.For(req.Locale), Viewer: games.Spectator}
}

// OptLanguage is the /play and /settings option that names a table's
// language (en, pl, ru; /settings also takes auto).
const OptLanguage = "language"

// languageAuto is the /settings language value that clears the choice.
const languageAuto = "auto"

// supported maps a Discord locale to a catalogue language, or reports
// that warroom does not speak it (i18n.Match would fall back to English).
func supported(locale string) (string, bool) {
	locale = strings.ToLower(locale)
	for _, l := range i18n.Languages {
		if locale == l || strings.HasPrefix(locale, l+"-") {
			return l, true
		}
	}
	return "", false
}

// tableLanguage picks the language of a new table's public messages
// (lobby, boards, pings, results, thread name and link), fixed for the
// table's life. In order: the /play language option, the server's
// /settings choice, the guild_locale unless it is Discord's en-US
// default, the host's own locale, English.
//
// guild_locale is the guild's preferred_locale, which only a Community
// server can set and which "defaults to en-US" for every other server
// (developers/resources/guild.mdx preferred_locale,
// developers/interactions/receiving-and-responding.mdx guild_locale), so
// en-US says nothing about the players: most of ours are Polish or
// Russian on ordinary servers. The locales are those of
// developers/reference.mdx "Locales" (pl, ru, en-US, en-GB).
func tableLanguage(option, setting, guildLocale, hostLocale string) string {
	for _, l := range []string{option, setting} {
		if lang, ok := supported(l); ok {
			return lang
		}
	}
	if guildLocale != string(discordgo.EnglishUS) {
		if lang, ok := supported(guildLocale); ok {
			return lang
		}
	}
	if lang, ok := supported(hostLocale); ok {
		return lang
	}
	return "en"
}

// languageOf is the language chosen for a table /play is opening.
func (s *Service) languageOf(ctx context.Context, req Request) string {
	gs, err := s.store.GuildSettings(ctx, req.GuildID)
	if err != nil {
		// A damaged setting must not stop games: fall back to automatic.
		s.log.Warn().Err(err).Str("guild", req.GuildID).Msg("guild settings unreadable")
	}
	return tableLanguage(req.Options[OptLanguage], gs.Locale, req.GuildLocale, req.Locale)
}

func (s *Service) internal(req Request, err error) Response {
	if errors.Is(err, data.ErrCorrupt) {
		s.log.Error().Err(err).Str("channel", req.ChannelID).Msg("corrupt table record")
		return private(req, "core.err.corrupt")
	}
	s.log.Error().Err(err).Str("channel", req.ChannelID).Str("custom_id", LogSafe(req.CustomID)).Msg("request failed")
	return private(req, "core.err.internal")
}

// refusal is a change a mutate refuses: the private reply it gets
// (a catalogue key and its values), with nothing written.
type refusal struct {
	key string
	kv  []any
}

func (r *refusal) Error() string { return "refused: " + r.key }

// refuse refuses a change with a private reply.
func refuse(key string, kv ...any) error { return &refusal{key, kv} }

// failed answers a change that was not written: its refusal, or the
// internal error.
func (s *Service) failed(req Request, err error) Response {
	if r, ok := errors.AsType[*refusal](err); ok {
		return private(req, r.key, r.kv...)
	}
	return s.internal(req, err)
}

// play opens a lobby: /play game:<id> [options].
func (s *Service) play(ctx context.Context, req Request) Response {
	eng, ok := s.mods.Engine(gameOf(req))
	if !ok {
		return private(req, "core.err.unknown_game")
	}
	if v, ok := req.Options[OptLanguage]; ok && !contains(i18n.Languages, v) {
		return private(req, "core.err.bad_language", "Value", v)
	}
	if resp, ok := s.checkPlace(req, eng.Info(), nil); !ok {
		return resp
	}
	opts, err := gameOptions(eng.Info(), req.Options)
	if err == nil {
		// The game's own set-up is the final judge of its options (e.g.
		// In Flanders Field's beginner seats): ask it now, with the most
		// seats the game allows, rather than fail at Start.
		err = setupFits(eng, opts, eng.Info().MaxSeats)
	}
	if err != nil {
		var oe *optionError
		var se *seatOptionError
		switch {
		case errors.As(err, &se):
			return private(req, "core.err.seat_option_max", "Option", se.key, "Seat", se.seat, "Count", se.seats)
		case errors.As(err, &oe):
			return private(req, "core.err.bad_option", "Option", oe.key, "Detail", oe.detail)
		}
		return s.internal(req, err)
	}
	return s.openLobby(ctx, req, &data.Table{
		Game: eng.Info().ID, Options: opts, HostID: req.User.ID, GuildID: req.GuildID,
		ChannelID: req.ChannelID, Locale: s.languageOf(ctx, req), Status: data.StatusLobby,
		Seats: []data.Seat{{UserID: req.User.ID, Name: req.User.Name}},
	})
}

// openLobby opens the lobby t that req's member hosts, for /play and
// Rematch alike: the public-post throttle and the lobby cap apply, the
// lobby (and any extra effects) are owed in the creating transaction,
// and a damaged table that still holds the channel is set aside.
func (s *Service) openLobby(ctx context.Context, req Request, t *data.Table, extra ...data.Effect) Response {
	if resp, ok := s.slowDown(req); !ok {
		return resp
	}
	limit := s.MaxLobbies // counted in the creating transaction
	if req.CanManageGuild {
		limit = 0
	}
	s.seed(t)
	t.Owe(s.Now().UTC(), append([]data.Effect{{Kind: data.EffectBoard}}, extra...)...)
	err := s.store.CreateLobby(ctx, t, limit)
	if errors.Is(err, data.ErrChannelBusy) && s.freeDamaged(ctx, req, t.ChannelID) {
		err = s.store.CreateLobby(ctx, t, limit)
	}
	switch {
	case errors.Is(err, data.ErrChannelBusy):
		return private(req, "core.err.channel_busy")
	case errors.Is(err, data.ErrTooManyLobbies):
		return private(req, "core.err.too_many_lobbies", "Count", limit)
	case err != nil:
		return s.internal(req, err)
	}
	s.log.Info().Str("table", t.ID).Str("game", t.Game).Str("channel", t.ChannelID).Str("locale", t.Locale).Msg("lobby opened")
	return Response{Table: t.ID}
}

// freeDamaged sets aside the channel's table when its record cannot be
// read, so a damaged table never blocks its channel: the bytes stay in
// the file for `warroom export`. It reports whether the channel is free.
func (s *Service) freeDamaged(ctx context.Context, req Request, channelID string) bool {
	if _, err := s.store.ByChannel(ctx, channelID); !errors.Is(err, data.ErrCorrupt) {
		return false
	}
	id, err := s.store.SetAside(ctx, channelID)
	if err != nil {
		s.log.Error().Err(err).Str("channel", channelID).Msg("could not set aside a damaged table")
		return false
	}
	s.log.Error().Str("table", id).Str("channel", channelID).Str("by", req.User.ID).Msg("damaged table set aside; export it with warroom export --table")
	return true
}

// setAside is /game abandon on a table whose record cannot be read: any
// member may free the channel (the next /play would anyway), and the
// bytes stay in the file for an admin's export.
func (s *Service) setAside(ctx context.Context, req Request) Response {
	if !s.freeDamaged(ctx, req, req.ChannelID) {
		return private(req, "core.err.internal")
	}
	return private(req, "core.abandoned_damaged")
}

// gameOf is the game a /play names: its subcommand (/play flanders), or
// a "game" option (the older single /play, still understood).
func gameOf(req Request) string {
	if req.Command == "play" && req.Subcommand != "" {
		return req.Subcommand
	}
	return req.Options["game"]
}

// timeoutSpec is the turn_timeout option every table accepts.
var timeoutSpec = games.OptionSpec{Key: OptTurnTimeout, Kind: games.OptionInt, Min: 1, Max: maxTurnTimeout}

// optionError is a /play option the game does not accept.
type optionError struct{ key, detail string }

func (e *optionError) Error() string { return e.key + ": " + e.detail }

// seatOptionError is a seat-numbered option (OptionSpec.Seats) naming a
// seat beyond seats: the game's most at /play, those seated at Start.
type seatOptionError struct {
	key, seat string
	seats     int
}

func (e *seatOptionError) Error() string {
	return fmt.Sprintf("%s: seat %s of %d", e.key, e.seat, e.seats)
}

// seatsFit refuses a seat-numbered option whose value names a seat
// beyond seats; words in it ("random", "all") name none.
func seatsFit(spec games.OptionSpec, v string, seats int) error {
	if !spec.Seats {
		return nil
	}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r < '0' || r > '9' }) {
		if n, err := strconv.Atoi(f); err != nil || n < 1 || n > seats {
			return &seatOptionError{key: spec.Key, seat: f, seats: seats}
		}
	}
	return nil
}

// seatedFit is seatsFit for every option of a table with seats players.
func seatedFit(info games.Info, opts games.Options, seats int) error {
	for _, spec := range info.Options {
		if err := seatsFit(spec, opts[spec.Key], seats); err != nil {
			return err
		}
	}
	return nil
}

// gameOptions keeps the /play options the game knows and validates them.
func gameOptions(info games.Info, given map[string]string) (games.Options, error) {
	known := map[string]games.OptionSpec{}
	for _, o := range info.Options {
		known[o.Key] = o
	}
	if _, ok := known[OptTurnTimeout]; !ok {
		known[OptTurnTimeout] = timeoutSpec
	}
	opts := games.Options{}
	for k, v := range given {
		if k == "game" || k == OptLanguage {
			continue
		}
		spec, ok := known[k]
		if !ok {
			return nil, &optionError{k, "not an option of " + info.Name}
		}
		if err := seatsFit(spec, v, info.MaxSeats); err != nil {
			return nil, err
		}
		if err := spec.Check(v); err != nil {
			return nil, &optionError{k, err.Error()}
		}
		opts[k] = v
	}
	return opts, nil
}

// setupFits dry-runs the game's set-up with the options for seats
// players. A refusal is an *optionError naming the option the set-up
// objects to: the one whose removal makes it succeed.
func setupFits(eng games.Engine, opts games.Options, seats int) error {
	try := func(o games.Options) error {
		_, err := eng.Setup(o, seats, games.NewPCG(1, 2))
		return err
	}
	err := try(opts)
	if err == nil {
		return nil
	}
	for k := range opts {
		without := games.Options{}
		for k2, v := range opts {
			if k2 != k {
				without[k2] = v
			}
		}
		if try(without) == nil {
			return &optionError{k, err.Error()}
		}
	}
	return &optionError{"?", err.Error()}
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// game handles /game status|rules|abandon.
func (s *Service) game(ctx context.Context, req Request) Response {
	switch req.Subcommand {
	case "list":
		return s.list(ctx, req)
	case "reminders":
		return s.reminders(ctx, req)
	case "vacation":
		return s.vacation(ctx, req)
	}
	t, err := s.store.ByChannel(ctx, req.ChannelID)
	if isNotFound(err) {
		return private(req, "core.err.no_table_here")
	}
	if errors.Is(err, data.ErrCorrupt) && req.Subcommand == "abandon" {
		return s.setAside(ctx, req)
	}
	if err != nil {
		return s.internal(req, err)
	}
	switch req.Subcommand {
	case "rules":
		return s.rules(req, t)
	case "status":
		return s.status(ctx, req, t)
	case "resign":
		return s.confirmResign(req, t)
	case "handover":
		return s.handover(ctx, req, t)
	case "pause":
		return s.pause(ctx, req, t)
	case "resume":
		return s.resume(ctx, req, t)
	case "abandon":
		if req.User.ID != t.HostID && !req.CanManageGuild {
			return private(req, "core.err.abandon_forbidden")
		}
		return s.confirmAbandon(ctx, req, t)
	}
	return private(req, "core.err.unknown_command")
}

// rules is /game rules: the game's rules, privately.
func (s *Service) rules(req Request, t *data.Table) Response {
	g, ok := s.mods.Renderer(t.Game)
	if !ok {
		return private(req, "core.err.unknown_game")
	}
	rc := userCtx(req)
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.RulesMessage(render.GameName(rc, t.Game), g.Rules(rc))}}
}

// status is /game status: the board moves down to the newest message;
// the old one keeps its picture as a record and loses its buttons.
// Decided under the table's lock, from the record as it is then: a
// delivery in flight (the team thread opened, its id not yet recorded)
// finishes first.
func (s *Service) status(ctx context.Context, req Request, t *data.Table) Response {
	unlock := s.lock(t.ID)
	defer unlock()
	l, err := s.load(ctx, t.ID)
	if err != nil {
		return s.internal(req, err)
	}
	// A co-op table plays in its team thread: its board lives there,
	// and the parent channel gets a pointer, never a second board.
	if l.t.ThreadID != "" && req.ChannelID != l.t.ThreadID {
		return private(req, "core.status.in_thread", "Thread", "<#"+l.t.ThreadID+">")
	}
	// Someone not at the table sees the board privately: reposting it
	// publicly is for the players (a stranger could flood the channel).
	if len(l.t.SeatsOf(req.User.ID)) == 0 && !req.CanManageGuild {
		return s.boardFor(ctx, req, l, "core.status.spectator")
	}
	if resp, ok := s.checkPlace(req, l.eng.Info(), l.t); !ok {
		return resp
	}
	if resp, ok := s.slowDown(req); !ok {
		return resp
	}
	err = s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.Owe(s.Now().UTC(), boardAnew(false, "")...)
		if voteMessageID(nt) != "" { // the team's vote follows its board
			nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectVote, Ping: true})
		}
		return nil, nil
	})
	if err != nil {
		return s.failed(req, err)
	}
	return Response{Table: l.t.ID}
}

// settings handles /settings [language:en|pl|ru|auto]: a server's
// choice of language for new tables. Without an option it shows the
// current choice. The answer is private, in the admin's own locale.
func (s *Service) settings(ctx context.Context, req Request) Response {
	// default_member_permissions only sets who sees the command by
	// default; a server admin can grant it to anyone under Integrations
	// (developers/interactions/application-commands.mdx "Permissions"),
	// so the Manage Server check is repeated here.
	if !req.CanManageGuild {
		return private(req, "core.err.settings_forbidden")
	}
	gs, err := s.store.GuildSettings(ctx, req.GuildID)
	if err != nil && !errors.Is(err, data.ErrCorrupt) { // a corrupt record is overwritten below
		return s.internal(req, err)
	}
	if role, ok := req.Options[OptLeagueRole]; ok {
		return s.setLeagueRole(ctx, req, gs, role)
	}
	v, set := req.Options[OptLanguage]
	if set {
		switch {
		case v == languageAuto:
			gs.Locale = ""
		case contains(i18n.Languages, v):
			gs.Locale = v
		default:
			return private(req, "core.err.bad_language", "Value", v)
		}
		if err := s.store.SetGuildSettings(ctx, req.GuildID, gs); err != nil {
			return s.internal(req, err)
		}
		s.log.Info().Str("guild", req.GuildID).Str("by", req.User.ID).Str("locale", v).Msg("server language set")
	}
	rc := userCtx(req)
	text := rc.T("core.settings.language_auto")
	if gs.Locale != "" {
		text = rc.T("core.settings.language", "Language", rc.T("core.language."+gs.Locale))
	}
	if !set {
		text += "\n" + rc.T("core.settings.hint")
	}
	text += "\n" + leagueRoleText(rc, gs)
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.Message{Content: text}}}
}

// autocomplete offers the values of an option with choices (e.g. the
// Flames of War mission) for the game chosen so far.
func (s *Service) autocomplete(req Request) Response {
	var out []*discordgo.ApplicationCommandOptionChoice
	typed := strings.ToLower(req.Options[req.Focused])
	for _, eng := range s.mods.Engines() {
		if g := gameOf(req); g != "" && g != eng.Info().ID {
			continue
		}
		for _, o := range eng.Info().Options {
			if o.Key != req.Focused {
				continue
			}
			choices := o.Choices
			if o.Kind == games.OptionBool {
				choices = []string{"true", "false"}
			}
			for _, c := range choices {
				if len(out) == 25 {
					break
				}
				name := choiceName(req.Locale, eng.Info().ID, o.Key, c)
				if (strings.Contains(strings.ToLower(c), typed) || strings.Contains(strings.ToLower(name), typed)) && !hasChoice(out, c) {
					out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: c})
				}
			}
		}
	}
	return Response{Reply: Reply{Kind: ReplyChoices, Choices: out}}
}

// choiceName is an option value's translated name, within Discord's 100.
func choiceName(locale, game, key, value string) string {
	return render.Clip(render.OptionValue(render.Audience{L: i18n.For(locale)}, game, key, value), 100)
}

func hasChoice(cs []*discordgo.ApplicationCommandOptionChoice, v string) bool {
	for _, c := range cs {
		if c.Value == v {
			return true
		}
	}
	return false
}
