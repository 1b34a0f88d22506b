package commands

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// optVariant is the option that splits a co-op game's standings and
// totals: its difficulty. A game without it has one variant, "".
const optVariant = "difficulty"

// leaderboardSize is how many players /leaderboard lists per variant.
const leaderboardSize = 10

// resultOf is the result of the game t's move ends with outcome o
// (entries: that move's log entries, not stored yet). Places follow the
// outcome: winners first, the others by score when the game scores, ties
// sharing a place. A player who resigned is placed below everyone (the
// computer played on for them) and never wins: when the computer won
// their seat, the best of the others win instead. Co-op: every seat
// but a resigned one shares the team's result. Computer seats are in the result (to be
// placed) but are never rated; see data.Result.
func (s *Service) resultOf(ctx context.Context, t *data.Table, eng games.Engine, o games.Outcome, entries []data.LogEntry) (*data.Result, error) {
	log, err := s.store.Log(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	return resultFromLog(t, eng.Info(), o, append(log, entries...), nowUTC()), nil // the log's clock, as Started
}

// resultFromLog is resultOf from the table's whole log, the game having
// ended at ended.
func resultFromLog(t *data.Table, info games.Info, o games.Outcome, log []data.LogEntry, ended time.Time) *data.Result {
	r := &data.Result{TableID: t.ID, GuildID: t.GuildID, Game: t.Game, Variant: variantOf(info, t.Options), Coop: info.Coop,
		Started: t.Created, Ended: ended}
	resigned := map[games.Seat]string{}
	for _, e := range log {
		switch e.Action {
		case "lobby.start":
			r.Started = e.At
		case games.VerbResign:
			resigned[e.Seat] = e.UserID
		}
	}
	for _, rec := range games.Since(records(log), nil, 0) {
		if rec.Verb != games.VerbResign && rec.Verb != "handover" {
			r.Moves++
		}
	}
	r.Seats = places(t.Seats, resigned, info.Coop, o)
	return r
}

// places are the seats' results (see resultOf) from the outcome and the
// seats that resigned (seat -> the user who did).
func places(seats []data.Seat, resigned map[games.Seat]string, coop bool, o games.Outcome) []data.ResultSeat {
	n := len(seats)
	out := make([]data.ResultSeat, n)
	var rest []games.Seat // the seats not resigned
	for i, st := range seats {
		if u, ok := resigned[games.Seat(i)]; ok {
			out[i] = data.ResultSeat{UserID: u, Resigned: true, Place: n}
			continue
		}
		if !st.Bot {
			out[i].UserID = st.UserID
		}
		rest = append(rest, games.Seat(i))
	}
	if coop {
		for _, i := range rest {
			out[i].Place, out[i].Won = 1, len(o.Winners) > 0
		}
		return out
	}
	won := func(i games.Seat) bool { return slices.Contains(o.Winners, i) }
	score := func(i games.Seat) int {
		if int(i) < len(o.Scores) {
			return o.Scores[i]
		}
		return 0
	}
	better := func(a, b games.Seat) bool {
		if won(a) != won(b) {
			return won(a)
		}
		return score(a) > score(b)
	}
	anyWon := false
	for _, i := range rest {
		place := 1
		for _, j := range rest {
			if better(j, i) {
				place++
			}
		}
		out[i].Place, out[i].Won = place, won(i)
		anyWon = anyWon || won(i)
	}
	if !anyWon && len(o.Winners) > 0 { // only resigned seats won: the best of the others do
		for _, i := range rest {
			out[i].Won = out[i].Place == 1
		}
	}
	return out
}

// variantOf is the variant a co-op game's result counts under: its
// difficulty as chosen, or the option's default; "" for other games.
func variantOf(info games.Info, opts games.Options) string {
	if !info.Coop {
		return ""
	}
	spec, ok := info.Option(optVariant)
	if !ok {
		return ""
	}
	if v := opts[optVariant]; v != "" {
		return v
	}
	return spec.Default
}

// statsCommand is /stats [member]: a member's results on this server.
// member is a USER option (type 6, developers/interactions/
// application-commands.mdx "Application Command Option Type"): Discord
// offers the server's members and sends the chosen one's id.
func statsCommand() *discordgo.ApplicationCommand {
	en := i18n.For("en")
	perm := int64(discordgo.PermissionSendMessages)
	return &discordgo.ApplicationCommand{
		Name: "stats", Description: en.T("cmd.stats.description"), DescriptionLocalizations: localized("cmd.stats.description"),
		DefaultMemberPermissions: &perm,
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionUser, Name: "member",
			Description: en.T("cmd.stats.member"), DescriptionLocalizations: *localized("cmd.stats.member"),
		}},
	}
}

// leaderboardCommand is /leaderboard game:<choice>.
func leaderboardCommand(engines []games.Engine) *discordgo.ApplicationCommand {
	en := i18n.For("en")
	perm := int64(discordgo.PermissionSendMessages)
	return &discordgo.ApplicationCommand{
		Name: "leaderboard", Description: en.T("cmd.leaderboard.description"), DescriptionLocalizations: localized("cmd.leaderboard.description"),
		DefaultMemberPermissions: &perm,
		Options:                  []*discordgo.ApplicationCommandOption{gameChoice(engines, "cmd.leaderboard.game", true)},
	}
}

// gameChoice is a string option choosing one of the registered games
// (at most 25 choices: Discord's limit; there are five).
func gameChoice(engines []games.Engine, desc string, required bool) *discordgo.ApplicationCommandOption {
	opt := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "game", Required: required,
		Description: i18n.For("en").T(desc), DescriptionLocalizations: *localized(desc),
	}
	for _, eng := range engines {
		id := eng.Info().ID
		name := func(lang string) string {
			return render.Clip(render.GameName(render.Audience{L: i18n.For(lang)}, id), 100)
		}
		opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: name("en"), Value: id,
			NameLocalizations: map[discordgo.Locale]string{discordgo.Polish: name("pl"), discordgo.Russian: name("ru")},
		})
	}
	return opt
}

// gameTitle is a game's name, with its variant (co-op difficulty) when
// it has one.
func gameTitle(rc render.Audience, game, variant string) string {
	name := render.GameName(rc, game)
	if variant == "" {
		return name
	}
	label := render.OptionValue(rc, game, optVariant, variant)
	if id := game + ".diff." + variant; label == variant && i18n.Has(id) { // Blindaż names its difficulties so
		label = rc.T(id)
	}
	return name + " · " + label
}

// stats answers /stats [member] privately: the member's games, wins and
// rating per game on this server, and the server's totals per game.
func (s *Service) stats(ctx context.Context, req Request) Response {
	rc := userCtx(req)
	who := req.User.ID
	if m := req.Options["member"]; m != "" {
		who = m
	}
	mine, err := s.store.Standings(ctx, req.GuildID, who)
	if err != nil {
		return s.internal(req, err)
	}
	if len(mine) == 0 {
		if who == req.User.ID {
			return private(req, "stats.none_you")
		}
		return private(req, "stats.none", "Who", "<@"+who+">")
	}
	card := render.Card{Title: rc.T("stats.title"), Description: rc.T("stats.of", "Who", "<@"+who+">")}
	for _, st := range mine {
		line := rc.T("stats.games", "Count", st.Played) + " · " + rc.T("stats.wins", "Count", st.Wins)
		if st.Rated > 0 {
			line += " · " + ratingText(rc, st)
		}
		card.Fields = append(card.Fields, render.Field{Name: gameTitle(rc, st.Game, st.Variant), Value: line})
	}
	all, err := s.store.GameStats(ctx, req.GuildID)
	if err != nil {
		return s.internal(req, err)
	}
	var lines []string
	for _, gs := range all {
		lines = append(lines, "**"+gameTitle(rc, gs.Game, gs.Variant)+"**: "+s.serverLine(rc, gs))
	}
	if len(lines) > 0 {
		card.Fields = append(card.Fields, render.Field{Name: rc.T("stats.server"), Value: strings.Join(lines, "\n")})
	}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.CardMessage(card)}}
}

// serverLine is a server's totals for a game: games played, for a co-op
// game those the team won, and the average length in moves and time.
func (s *Service) serverLine(rc render.Audience, gs data.GameStat) string {
	parts := []string{rc.T("stats.games", "Count", gs.Played)}
	if eng, ok := s.mods.Engine(gs.Game); ok && eng.Info().Coop {
		parts = append(parts, rc.T("stats.wins", "Count", gs.Wins))
	}
	if gs.Played > 0 {
		moves := int(math.Round(float64(gs.Moves) / float64(gs.Played)))
		avg := time.Duration(gs.Seconds/int64(gs.Played)) * time.Second
		parts = append(parts, rc.T("stats.average", "Moves", rc.T("stats.moves", "Count", moves), "Time", durationText(rc, avg)))
	}
	return strings.Join(parts, " · ")
}

// ratingText is a Glicko-2 rating, rounded, with its deviation in words:
// a number like ±290 tells a player nothing, "still settling" does.
func ratingText(rc render.Audience, st data.Standing) string {
	return rc.T("stats.rating", "Rating", fmt.Sprintf("%.0f", st.Rating.R), "Sure", rc.T("stats.rating_"+certainty(st.Rating.RD)))
}

// certainty names a rating deviation: a new player's 350 falls to 290
// after one game, below 150 after five to eight and below 80 after some
// twenty-five (games/rating, between players of equal rating).
func certainty(rd float64) string {
	switch {
	case rd >= 150:
		return "settling"
	case rd >= 80:
		return "nearly"
	}
	return "settled"
}

// durationText is a game's length in minutes, hours or days, whichever
// reads best.
func durationText(rc render.Audience, d time.Duration) string {
	switch {
	case d < time.Minute:
		return rc.T("stats.under_minute")
	case d < time.Hour:
		return rc.T("stats.minutes", "Count", int(math.Round(d.Minutes())))
	case d < 48*time.Hour:
		return rc.T("stats.hours", "Count", int(math.Round(d.Hours())))
	}
	return rc.T("stats.days", "Count", int(math.Round(d.Hours()/24)))
}

// leaderboard answers /leaderboard game privately: the server's best
// rated players of a competitive game, or for a co-op game its players
// with the most team wins per difficulty.
func (s *Service) leaderboard(ctx context.Context, req Request) Response {
	rc := userCtx(req)
	game := req.Options["game"]
	eng, ok := s.mods.Engine(game)
	if !ok {
		return private(req, "core.err.unknown_game")
	}
	coop := eng.Info().Coop
	board, err := s.store.Leaderboard(ctx, req.GuildID, game, leaderboardSize)
	if err != nil {
		return s.internal(req, err)
	}
	if !coop {
		board = slices.DeleteFunc(board, func(st data.Standing) bool { return st.Rated == 0 })
	}
	name := render.GameName(rc, game)
	if len(board) == 0 {
		return private(req, "stats.board_none", "Game", name)
	}
	card := render.Card{Title: rc.T("stats.board_title", "Game", name)}
	var field *render.Field
	rank := 0
	for i, st := range board {
		if i == 0 || st.Variant != board[i-1].Variant {
			head := rc.T("stats.board_players")
			if st.Variant != "" {
				head = gameTitle(rc, game, st.Variant)
			}
			card.Fields = append(card.Fields, render.Field{Name: head})
			field, rank = &card.Fields[len(card.Fields)-1], 0
		}
		rank++
		line := fmt.Sprintf("%d. <@%s> — ", rank, st.UserID)
		if coop {
			line += rc.T("stats.wins", "Count", st.Wins) + " · " + rc.T("stats.games", "Count", st.Played)
		} else {
			line += ratingText(rc, st) + " · " + rc.T("stats.games", "Count", st.Rated)
		}
		if field.Value != "" {
			field.Value += "\n"
		}
		field.Value += line
	}
	if coop {
		card.Description = rc.T("stats.board_coop")
	} else {
		card.Description = rc.T("stats.board_rated")
	}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.CardMessage(card)}}
}
