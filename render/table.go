package render

import (
	"embed"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/turning"
	"github.com/warroom/warroom/render/i18n"
)

// Locales is the core catalogue, locales/*.json: the table's own words,
// shared by every game (catalog.Load loads it with the games').
//
//go:embed locales/*.json
var Locales embed.FS

// SeatInfo is one seat as the table shows it.
type SeatInfo struct {
	Name   string
	UserID string // empty for a computer player
	Bot    bool
	Level  string // a computer seat's own level, "" for the table's
}

// TableInfo is what the table service knows besides the game view.
type TableInfo struct {
	GameID   string
	TableID  string
	Status   string // lobby, playing, finished, abandoned
	Seats    []SeatInfo
	HostID   string
	Active   []games.Seat
	Outcome  games.Outcome
	MinSeats int
	MaxSeats int
	Options  games.Options
	Coop     bool
	// Levels: the game declares the computer level option
	// (games.LevelOption), so the lobby's host picks it once a computer
	// seat is there.
	Levels bool
	// Commit is the SHA-256 commitment to the table's secret seed, shown
	// from the lobby on; Seed is the seed in hex, set only once the game
	// has ended (games.Seed). Both are empty for tables from before them.
	Commit string
	Seed   string
	// Ratings are, per seat, the player's rating before and after a
	// finished rated game; nil (or a nil entry) where nothing was rated.
	Ratings []*RatingChange
}

// RatingChange is a player's Glicko-2 rating before and after a game,
// rounded as shown.
type RatingChange struct{ Before, After int }

// fairLine is the provably-fair-dice line of the footer: the commitment
// while the game runs (it must be whole to bind the seed), and once it
// has ended where the revealed seed is: the Game record.
func fairLine(ctx Audience, t TableInfo) string {
	switch {
	case t.Seed != "":
		return ctx.T("core.fair.reveal")
	case t.Commit != "":
		return ctx.T("core.fair.commit", "Commit", t.Commit)
	}
	return ""
}

// footer is the table's footer line, with the fair dice line when the
// table has one.
func footer(ctx Audience, t TableInfo) string {
	f := ctx.T("core.table.footer", "ID", t.TableID)
	if fair := fairLine(ctx, t); fair != "" {
		f += "  ·  " + fair
	}
	return f
}

// boardFooter joins the game's own footer, the table's and, once the
// game has ended, the fair dice line: only the parts there are, so a
// game without a footer of its own leaves no stray separator.
func boardFooter(ctx Audience, own string, t TableInfo) string {
	parts := []string{strings.TrimSpace(own), ctx.T("core.table.footer", "ID", t.TableID)}
	if t.Status == "finished" {
		parts = append(parts, fairLine(ctx, t))
	}
	return strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), "  ·  ")
}

// Names lists the seats' display names, for Audience.Names.
func (t TableInfo) Names() []string {
	out := make([]string, len(t.Seats))
	for i, s := range t.Seats {
		out[i] = s.Name
	}
	return out
}

// ActiveHumans lists the user ids of the human seats that must act.
func (t TableInfo) ActiveHumans() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range t.Active {
		if int(s) < len(t.Seats) && !t.Seats[s].Bot && !seen[t.Seats[s].UserID] {
			seen[t.Seats[s].UserID] = true
			out = append(out, t.Seats[s].UserID)
		}
	}
	return out
}

// Humans lists the user ids of every human seat, once each: whom the
// final board pings.
func (t TableInfo) Humans() []string {
	var out []string
	for _, s := range t.Seats {
		if !s.Bot && s.UserID != "" && !slices.Contains(out, s.UserID) {
			out = append(out, s.UserID)
		}
	}
	return out
}

// mentionList is "<@a>, <@b>".
func mentionList(users []string) string {
	who := make([]string, len(users))
	for i, u := range users {
		who[i] = "<@" + u + ">"
	}
	return strings.Join(who, ", ")
}

// Colours of the embeds by table status.
const (
	colourLobby    = 0x5865F2
	colourPlaying  = 0x8B5A2B
	colourFinished = 0x2E7D32
	colourDefeat   = 0xC62828
	colourAbandon  = 0x757575
)

// outcomeColour is a finished board's colour: green when someone won,
// red when a co-op team was defeated, neutral when nobody won.
func outcomeColour(t TableInfo) int {
	switch {
	case len(t.Outcome.Winners) > 0:
		return colourFinished
	case t.Coop:
		return colourDefeat
	}
	return colourAbandon
}

// GameName is the translated display name of a game.
func GameName(ctx Audience, gameID string) string { return ctx.T(GameNameKey(gameID)) }

// GameNameKey is the catalogue id of a game's name, "<id>.name": it lives
// in the game's own catalogue (render/<id>/locales), so a new game names
// itself in its own directory.
func GameNameKey(gameID string) string { return gameID + ".name" }

// Lobby is the message of a table waiting for players; once the game has
// started it stays as a record of who plays, without buttons.
func Lobby(ctx Audience, t TableInfo, ids IDs) Message {
	var seats strings.Builder
	for i, s := range t.Seats {
		who := s.Name
		if s.Bot && t.Levels {
			who = ctx.T("core.seat.bot_level", "Name", s.Name, "Level", ctx.T("core.level."+t.seatLevel(s)))
		} else if s.Bot {
			who = ctx.T("core.seat.bot", "Name", s.Name)
		} else if s.UserID != "" {
			who = "<@" + s.UserID + ">"
		}
		fmt.Fprintf(&seats, "%d. %s\n", i+1, who)
	}
	e := &discordgo.MessageEmbed{
		Title: Clip(ctx.T("core.lobby.title", "Game", GameName(ctx, t.GameID)), maxTitle),
		Color: colourLobby,
		Fields: []*discordgo.MessageEmbedField{{
			Name:  ctx.T("core.lobby.seats", "Count", len(t.Seats)),
			Value: Clip(seats.String(), maxFieldValue),
		}},
		Footer: &discordgo.MessageEmbedFooter{Text: footer(ctx, t)},
	}
	body := ctx.T("core.lobby.body", "Host", "<@"+t.HostID+">", "Min", t.MinSeats, "Max", t.MaxSeats)
	if t.Status != "lobby" {
		e.Title = Clip(ctx.T("core.lobby.started", "Game", GameName(ctx, t.GameID)), maxTitle)
		body = ctx.T("core.lobby.started_body", "Host", "<@"+t.HostID+">")
		if t.Coop { // only a co-op game plays in a team thread
			body = ctx.T("core.lobby.started_body_thread", "Host", "<@"+t.HostID+">")
		}
	}
	body += "\n" + language(ctx)
	if line, ok := levelLine(ctx, t); ok {
		body += "\n" + line
	}
	e.Description = Clip(body, maxDescription)
	if opts := optionText(ctx, t.GameID, withoutLevel(t)); opts != "" {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: ctx.T("core.lobby.options"), Value: Clip(opts, maxFieldValue)})
	}
	if t.Status != "lobby" {
		return Fit(Message{Embeds: []*discordgo.MessageEmbed{e}})
	}
	full := len(t.Seats) >= t.MaxSeats
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: ctx.T("core.lobby.join"), Style: discordgo.PrimaryButton, CustomID: ids.Lobby("join"), Disabled: full},
		discordgo.Button{Label: ctx.T("core.lobby.leave"), Style: discordgo.SecondaryButton, CustomID: ids.Lobby("leave")},
		discordgo.Button{Label: ctx.T("core.lobby.bot"), Style: discordgo.SecondaryButton, CustomID: ids.Lobby("bot"), Disabled: full},
		discordgo.Button{Label: ctx.T("core.lobby.start"), Style: discordgo.SuccessButton, CustomID: ids.Lobby("start"), Disabled: len(t.Seats) < t.MinSeats},
		discordgo.Button{Label: ctx.T("core.lobby.cancel"), Style: discordgo.DangerButton, CustomID: ids.Lobby("cancel")},
	}
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
	for _, sel := range levelSelects(ctx, t, ids) {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
	}
	return Fit(Message{Embeds: []*discordgo.MessageEmbed{e}, Components: rows})
}

// hasBots: the table has a computer seat.
func (t TableInfo) hasBots() bool {
	for _, s := range t.Seats {
		if s.Bot {
			return true
		}
	}
	return false
}

// levelLine is the lobby's "Computer level: Hard", for a level the host
// chose with /play before any computer seat is there: once there is one,
// each computer seat's line says its level.
func levelLine(ctx Audience, t TableInfo) (string, bool) {
	if _, set := t.Options[games.OptComputer]; !t.Levels || !set || t.hasBots() {
		return "", false
	}
	return ctx.T("core.lobby.level", "Level", LevelName(ctx, t.Options)), true
}

// LevelName is the short translated name of the table's computer level
// (core.level.<level>): normal when none was chosen.
func LevelName(ctx Audience, o games.Options) string {
	return ctx.T("core.level." + tableLevel(o))
}

// tableLevel is the table's computer level, normal when none was chosen.
func tableLevel(o games.Options) string {
	lv, err := games.Level(o)
	if err != nil || lv == "" {
		return games.LevelNormal
	}
	return lv
}

// seatLevel is the level the computer seat s plays at: its own, else the
// table's.
func (t TableInfo) seatLevel(s SeatInfo) string {
	if s.Level != "" {
		return s.Level
	}
	return tableLevel(t.Options)
}

// withoutLevel is the table's options less the computer level, which
// the lobby shows on its own line.
func withoutLevel(t TableInfo) games.Options {
	if _, ok := t.Options[games.OptComputer]; !ok || !t.Levels {
		return t.Options
	}
	o := maps.Clone(t.Options)
	delete(o, games.OptComputer)
	return o
}

// levelSelects are the host's computer level pickers, one string select
// per computer seat (one per action row: with the buttons' row, at most
// 1 + 3 computer seats of a 4-seat game, within Discord's 5 rows; 3
// options of 25, each label and description within 100 characters,
// developers/components/reference.mdx "String Select" and "Action Row").
// The selected option names the seat ("Computer 2: Hard"), as Discord
// shows it in place of the placeholder. Discord lets anyone who sees the
// lobby use them, so the table service refuses everyone but the host.
func levelSelects(ctx Audience, t TableInfo, ids IDs) []discordgo.SelectMenu {
	if !t.Levels {
		return nil
	}
	var out []discordgo.SelectMenu
	k := 0
	for _, s := range t.Seats {
		if !s.Bot {
			continue
		}
		k++
		lv := t.seatLevel(s)
		var opts []discordgo.SelectMenuOption
		for _, v := range games.LevelOption().Choices {
			label := ctx.T("core.lobby.seat_level", "Name", s.Name, "Level", ctx.T("core.level."+v))
			o := discordgo.SelectMenuOption{Label: Clip(label, maxOptionLabel), Value: v, Default: v == lv}
			if d := OptionValue(ctx, t.GameID, games.OptComputer, v); d != v {
				o.Description = Clip(d, maxOptionLabel)
			}
			opts = append(opts, o)
		}
		out = append(out, discordgo.SelectMenu{CustomID: ids.Lobby(LobbySeatLevel(k)),
			Placeholder: Clip(ctx.T("core.lobby.level_pick"), maxPlaceholder), Options: opts})
	}
	return out
}

// LobbySeatLevel is the lobby verb of the k-th computer seat's level
// select (k from 1): "level1", "level2"...
func LobbySeatLevel(k int) string { return LobbyLevel + strconv.Itoa(k) }

// SeatLevelVerb reads a LobbySeatLevel verb: k, and whether it is one.
func SeatLevelVerb(verb string) (int, bool) {
	n, ok := strings.CutPrefix(verb, LobbyLevel)
	k, err := strconv.Atoi(n)
	return k, ok && err == nil && k >= 1 && k <= 9 && n == strconv.Itoa(k)
}

// LobbyLevel is the lobby verb of the computer level select.
const LobbyLevel = "level"

// language is the lobby's "Language: Polish" line: the table's language,
// which the lobby is drawn in, so players see what the game will speak.
func language(ctx Audience) string {
	return ctx.T("core.lobby.language", "Language", ctx.T("core.language."+ctx.L.Lang()))
}

// OptionHelp describes a game option and its values in ctx's language
// (<game>.option.<key>), or "" when the game's catalogue has none.
func OptionHelp(ctx Audience, game, key string) string {
	if id := game + ".option." + key; i18n.Has(id) {
		return ctx.T(id)
	}
	return ""
}

// OptionValue is the translated name of an option's value when the game's
// catalogue has one (<game>.option.<key>.<value> or <game>.<key>.<value>,
// e.g. fow.mission.breakthrough), else the value itself.
func OptionValue(ctx Audience, game, key, value string) string {
	for _, id := range []string{game + ".option." + key + "." + value, game + "." + key + "." + value} {
		if i18n.Has(id) {
			return ctx.T(id)
		}
	}
	return value
}

func optionText(ctx Audience, game string, o games.Options) string {
	if len(o) == 0 {
		return ""
	}
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\n", k, OptionValue(ctx, game, k, o[k]))
	}
	return b.String()
}

// BoardRequest is everything Board needs.
type BoardRequest struct {
	Game  Game
	View  any // the public view
	Table TableInfo
	// Menu is the acting seat's choices when they can be shown publicly
	// (one human seat to act, labels reveal nothing); nil otherwise.
	Menu  *Menu
	IDs   IDs
	Image bool // attach the PNG board
	Ping  bool // mention the players to act (a new message)
	// Deadline is when the players to act run out of time, or zero.
	Deadline time.Time
	// Undo offers the player to act to take back the last move.
	Undo bool
	// Paused: the players agreed to pause; no moves, no clock.
	Paused bool
	// MyView offers "My hand / units": some player's seat may hold
	// something hidden, or the rules let seats act out of turn (decided
	// from public facts alone, games.Holder).
	MyView bool
}

// Board is the public table message: the game's card, the outcome when
// the game is over, the PNG board, and the buttons of the player to act.
// The message keeps Discord's limits (limits.go): when it is over, the
// game's log shrinks first and the outcome last.
func Board(ctx Audience, r BoardRequest) (Message, error) {
	ctx.entries = &entryMemo{} // the card, status and picture read one journal
	card := r.Game.Board(ctx, r.View)
	card.Footer = boardFooter(ctx, card.Footer, r.Table)
	e, sh := embedOf(card)
	if e.Color == 0 {
		e.Color = colourPlaying
	}
	var msg Message
	switch r.Table.Status {
	case "finished":
		e.Color = outcomeColour(r.Table)
		// The result is said once, in the text a notification shows,
		// which pings every human seat: a new message (Ping) is the only
		// kind that notifies (developers/resources/message.mdx, allowed
		// mentions; an edit notifies nobody).
		msg.Content = OutcomeText(ctx, r.Table)
		if humans := r.Table.Humans(); r.Ping && len(humans) > 0 {
			msg.Content = mentionList(humans) + "\n" + msg.Content
			msg.Mentions = humans
		}
		msg.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: ctx.T("core.button.rematch"), Style: discordgo.SecondaryButton, CustomID: r.IDs.Rematch(), Emoji: &discordgo.ComponentEmoji{Name: "🔁"}},
			journalButton(ctx, r.IDs),
			discordgo.Button{Label: ctx.T("core.button.record"), Style: discordgo.SecondaryButton, CustomID: r.IDs.Record(), Emoji: &discordgo.ComponentEmoji{Name: "💾"}},
		}}}
		if t, ok := r.IDs.(TurningIDs); ok && turning.IsSupported(r.Table.GameID) {
			row := msg.Components[0].(discordgo.ActionsRow)
			row.Components = append(row.Components, discordgo.Button{Label: ctx.T("turning.button"), Style: discordgo.SecondaryButton, CustomID: t.Turning(), Emoji: &discordgo.ComponentEmoji{Name: "📈"}})
			msg.Components[0] = row
		}
	case "abandoned":
		e.Color = colourAbandon
		msg.Content = ctx.T("core.table.abandoned")
	case "playing":
		humans := r.Table.ActiveHumans()
		if len(humans) > 0 {
			who := mentionList(humans)
			// "your turn" is plural in Polish when several are pinged
			msg.Content = ctx.T("core.turn.ping", "Count", len(humans), "Who", who, "Game", GameName(ctx, r.Table.GameID))
			if status := strings.TrimSpace(r.Game.Status(ctx, r.View)); status != "" {
				// The game's one-line summary tells the player what
				// awaits them right in the notification.
				msg.Content = ctx.T("core.turn.ping_status", "Count", len(humans), "Who", who, "Game", GameName(ctx, r.Table.GameID), "Status", Clip(status, 300))
			}
			// The pause or the deadline on a line of its own: a status
			// ends as the game words it, often without a full stop.
			if r.Paused {
				msg.Content += "\n" + ctx.T("core.pause.on_board")
			} else if !r.Deadline.IsZero() {
				// <t:UNIX:R> shows "in 3 hours" in each reader's own language and zone.
				msg.Content += "\n" + ctx.T("core.turn.due", "When", fmt.Sprintf("<t:%d:R>", r.Deadline.Unix()))
			}
			if r.Ping {
				msg.Mentions = humans
			}
		}
		if r.Paused { // only "my hand" (and the journal) while nobody may move
			r.Menu, r.Undo, humans = nil, false, nil
		}
		msg.Components = playComponents(ctx, r, len(humans) > 0)
	}
	if r.Image {
		png, err := drawBounded(func() ([]byte, error) { return r.Game.Image(ctx, r.View) })
		if err != nil {
			return Message{}, fmt.Errorf("draw %s board: %w", r.Table.GameID, err)
		}
		if png != nil {
			msg.Files = []File{{Name: "board.png", Data: png}}
			e.Image = &discordgo.MessageEmbedImage{URL: "attachment://board.png"}
		}
	}
	msg.Embeds = []*discordgo.MessageEmbed{e}
	fitMessage(&msg, sh)
	return msg, nil
}

func playComponents(ctx Audience, r BoardRequest, humanToAct bool) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	if r.Menu != nil && len(r.Menu.Choices) > 0 {
		rows = Components(ctx, *r.Menu, r.IDs)
	}
	tools := []discordgo.MessageComponent{}
	if r.Menu == nil && humanToAct {
		tools = append(tools, discordgo.Button{Label: ctx.T("core.button.your_move"), Style: discordgo.PrimaryButton, CustomID: r.IDs.PrivateMenu(), Emoji: &discordgo.ComponentEmoji{Name: "🎯"}})
	}
	if r.Undo {
		tools = append(tools, discordgo.Button{Label: ctx.T("core.button.undo"), Style: discordgo.SecondaryButton, CustomID: r.IDs.Undo(), Emoji: &discordgo.ComponentEmoji{Name: "↩️"}})
	}
	// Component emoji must be fully-qualified Unicode emoji
	// (developers/components/reference.mdx, partial emoji); U+1F0A0 "🂠"
	// is none and Discord refused every board with 50035.
	if r.MyView {
		tools = append(tools, discordgo.Button{Label: ctx.T("core.button.my_view"), Style: discordgo.SecondaryButton, CustomID: r.IDs.MyView(), Emoji: &discordgo.ComponentEmoji{Name: "🔒"}})
	}
	tools = append(tools, journalButton(ctx, r.IDs))
	return append(rows, discordgo.ActionsRow{Components: tools})
}

// journalButton is "What happened": everything since the clicker's last
// move, privately (Digest).
func journalButton(ctx Audience, ids IDs) discordgo.Button {
	return discordgo.Button{Label: ctx.T("core.button.journal"), Style: discordgo.SecondaryButton, CustomID: ids.Journal(0), Emoji: &discordgo.ComponentEmoji{Name: "📜"}}
}

// OutcomeText announces the result of a finished game: who won and why,
// the game's own number (its catalogue names it: troops left, victory
// points, "5 (needed 7)"; a seat that scores nothing is left out) and
// each rated player's rating change.
func OutcomeText(ctx Audience, t TableInfo) string {
	o := t.Outcome
	var names []string
	for _, w := range o.Winners {
		names = append(names, ctx.Name(w))
	}
	var b strings.Builder
	switch {
	case t.Coop && len(o.Winners) > 0:
		b.WriteString(ctx.T("core.outcome.team_won"))
	case t.Coop:
		b.WriteString(ctx.T("core.outcome.team_lost"))
	case len(names) == 0:
		b.WriteString(ctx.T("core.outcome.nobody"))
	default:
		b.WriteString(ctx.T("core.outcome.winners", "Count", len(names), "Names", strings.Join(names, ", ")))
	}
	if o.Reason != "" {
		b.WriteString(" — " + ctx.T(t.GameID+".reason."+o.Reason))
	}
	if line := scoresLine(ctx, t); line != "" {
		b.WriteString("\n" + line)
	}
	if line := ratingsLine(ctx, t); line != "" {
		b.WriteString("\n" + line)
	}
	return b.String()
}

// scoresLine is "Troops left: Ann 5 · Bob 2", labelled by the game's
// <game>.outcome.scores when it has one.
func scoresLine(ctx Audience, t TableInfo) string {
	o := t.Outcome
	if len(o.Scores) != len(t.Seats) || len(o.Scores) == 0 {
		return ""
	}
	var parts []string
	for i, s := range o.Scores {
		switch {
		case s < 0: // scores nothing in this game
		case o.Target > 0:
			parts = append(parts, ctx.T("core.outcome.score_of", "Name", ctx.Name(games.Seat(i)), "Score", s, "Target", o.Target))
		default:
			parts = append(parts, ctx.T("core.outcome.score", "Name", ctx.Name(games.Seat(i)), "Score", s))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	key := t.GameID + ".outcome.scores"
	if !i18n.Has(key) {
		key = "core.outcome.scores"
	}
	return ctx.T(key, "Scores", strings.Join(parts, " · "))
}

// ratingsLine is "Rating: Ann 1500 → 1538 (+38) · Bob …", each player
// once, for a rated game.
func ratingsLine(ctx Audience, t TableInfo) string {
	var parts []string
	seen := map[string]bool{}
	for i, r := range t.Ratings {
		if r == nil || i >= len(t.Seats) || seen[t.Seats[i].UserID] {
			continue
		}
		seen[t.Seats[i].UserID] = true
		parts = append(parts, ctx.T("core.outcome.rating", "Name", ctx.Name(games.Seat(i)), "Before", r.Before, "After", r.After, "Change", signed(r.After-r.Before)))
	}
	if len(parts) == 0 {
		return ""
	}
	return ctx.T("core.outcome.ratings", "Ratings", strings.Join(parts, " · "))
}

// signed is a change with its sign: +38, −12 (a minus sign), ±0.
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "±0"
}

// MenuMessage is the acting player's private menu (an ephemeral reply).
func MenuMessage(ctx Audience, m Menu, ids IDs) Message {
	content := m.Prompt
	if content == "" {
		content = ctx.T("core.menu.choose")
	}
	return Fit(Message{Content: content, Components: PrivateComponents(ctx, m, ids)})
}

// CardMessage is a message of one embed, e.g. the private view or rules.
func CardMessage(c Card) Message {
	e, sh := embedOf(c)
	msg := Message{Embeds: []*discordgo.MessageEmbed{e}}
	fitMessage(&msg, sh)
	return msg
}

// Notice is a short text message from the catalogue.
func Notice(ctx Audience, id string, kv ...any) Message {
	return Fit(Message{Content: ctx.T(id, kv...)})
}

// drawSlots bounds how many pictures are drawn at once to the processors
// there are: under a burst of moves, more at once only adds memory (each
// drawing holds its pixels) and spreads the waiting unfairly, without
// drawing any faster.
var drawSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

func drawBounded(draw func() ([]byte, error)) ([]byte, error) {
	drawSlots <- struct{}{}
	defer func() { <-drawSlots }()
	return draw()
}
