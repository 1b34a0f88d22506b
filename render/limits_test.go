package render_test

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/discordtest"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

var langs = []string{"en", "pl", "ru"}

// longIDs writes custom_ids as long as the table service can: a 13
// character table id and a 19 digit version (commands/customid.go).
type longIDs struct{}

const idHead = "w1:zzzzzzzzzzzzz:9223372036854775807:"

func (longIDs) Action(a games.Action) string { return idHead + "a:" + a.String() }
func (longIDs) Select() string               { return idHead + "s" }
func (longIDs) Group() string                { return idHead + "g" }
func (longIDs) PrivateMenu() string          { return idHead + "p" }
func (longIDs) MyView() string               { return idHead + "h" }
func (longIDs) Form(a games.Action) string   { return idHead + "t:" + a.String() }
func (longIDs) Lobby(v string) string        { return idHead + "l:" + v }
func (longIDs) Undo() string                 { return idHead + "u" }
func (longIDs) Rematch() string              { return idHead + "r" }
func (longIDs) Record() string               { return idHead + "e" }
func (longIDs) Journal(before int64) string  { return idHead + "j:" + fmt.Sprint(before) }

// longName is a display name of Discord's maximum 32 characters, in two
// alphabets and with an emoji, distinct per seat.
func longName(i int) string {
	s := fmt.Sprintf("%d Żółćęśąń Щукин-Жданович 🎖️ ", i+1)
	for utf8.RuneCountInString(s) < 32 {
		s += "ж"
	}
	return s
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// embedTotal is what Discord counts against its 6000-character limit.
func embedTotal(es []*discordgo.MessageEmbed) int {
	n := 0
	for _, e := range es {
		n += runes(e.Title) + runes(e.Description)
		if e.Footer != nil {
			n += runes(e.Footer.Text)
		}
		if e.Author != nil {
			n += runes(e.Author.Name)
		}
		for _, f := range e.Fields {
			n += runes(f.Name) + runes(f.Value)
		}
	}
	return n
}

// tokensWhole reports whether every mention or timestamp token that s
// opens is closed, i.e. clipping did not cut one in half.
func tokensWhole(s string) bool {
	for _, open := range []string{"<@", "<#", "<t:", "<:", "<a:"} {
		rest := s
		for {
			i := strings.Index(rest, open)
			if i < 0 {
				break
			}
			rest = rest[i+len(open):]
			j := strings.IndexAny(rest, "> \n")
			if j < 0 || rest[j] != '>' {
				return false
			}
		}
	}
	return true
}

// checkMessage fails when msg breaks one of Discord's limits
// (developers/resources/message.mdx "Embed Limits";
// developers/components/reference.mdx). It records the component emoji.
func checkMessage(t testing.TB, where string, msg render.Message, emoji map[string]string) {
	t.Helper()
	fail := func(format string, a ...any) {
		t.Helper()
		t.Fatalf("%s: %s", where, fmt.Sprintf(format, a...))
	}
	text := func(what, s string, max int, required bool) {
		t.Helper()
		if runes(s) > max || required && strings.TrimSpace(s) == "" || !utf8.ValidString(s) || !tokensWhole(s) {
			fail("%s of %d characters (max %d): %q", what, runes(s), max, s)
		}
	}
	text("content", msg.Content, 2000, false)
	if len(msg.Embeds) > 10 {
		fail("%d embeds", len(msg.Embeds))
	}
	for _, e := range msg.Embeds {
		text("title", e.Title, 256, false)
		text("description", e.Description, 4096, false)
		if len(e.Fields) > 25 {
			fail("%d fields", len(e.Fields))
		}
		for _, f := range e.Fields {
			text("field name", f.Name, 256, true)
			text("field value", f.Value, 1024, true)
		}
		if e.Footer != nil {
			text("footer", e.Footer.Text, 2048, true)
		}
		if e.Author != nil {
			text("author", e.Author.Name, 256, true)
		}
	}
	if n := embedTotal(msg.Embeds); n > 6000 {
		fail("embeds total %d characters", n)
	}
	if len(msg.Components) > 5 {
		fail("%d rows", len(msg.Components))
	}
	ids := map[string]bool{}
	id := func(s string) {
		t.Helper()
		if len(s) < 1 || len(s) > 100 || ids[s] {
			fail("custom_id %q empty, too long or repeated", s)
		}
		ids[s] = true
	}
	emo := func(e *discordgo.ComponentEmoji, label string) {
		t.Helper()
		if e == nil {
			return
		}
		if !discordtest.ValidEmoji(e.Name) {
			fail("emoji %q (%U) of %q is not a fully-qualified emoji", e.Name, []rune(e.Name), label)
		}
		if emoji != nil {
			emoji[e.Name] = label
		}
	}
	for _, r := range msg.Components {
		row, ok := r.(discordgo.ActionsRow)
		if !ok || len(row.Components) == 0 || len(row.Components) > 5 {
			fail("bad row %#v", r)
		}
		for _, c := range row.Components {
			switch x := c.(type) {
			case discordgo.Button:
				id(x.CustomID)
				text("button label", x.Label, 80, x.Emoji == nil)
				emo(x.Emoji, x.Label)
			case discordgo.SelectMenu:
				id(x.CustomID)
				if len(row.Components) != 1 || len(x.Options) == 0 || len(x.Options) > 25 {
					fail("select of %d options in a row of %d", len(x.Options), len(row.Components))
				}
				text("placeholder", x.Placeholder, 150, false)
				for _, o := range x.Options {
					text("option label", o.Label, 100, true)
					text("option description", o.Description, 100, false)
					if len(o.Value) < 1 || runes(o.Value) > 100 {
						fail("option value %q", o.Value)
					}
					// The table service parses the values back
					// (commands/component.go): action texts, or
					// group indexes.
					if strings.HasSuffix(x.CustomID, ":g") {
						if _, err := strconv.Atoi(o.Value); err != nil {
							fail("group value %q", o.Value)
						}
					} else if _, err := games.ParseAction(o.Value); err != nil {
						fail("option value %q: %v", o.Value, err)
					}
					emo(o.Emoji, o.Label)
				}
			default:
				fail("component %T", c)
			}
		}
	}
}

// stateInfo is one state of a playout as the table service would show it.
type playState struct {
	eng   games.Engine
	s     games.State
	seats int
	opts  games.Options
}

func tableOf(p playState) render.TableInfo {
	info := p.eng.Info()
	t := render.TableInfo{GameID: info.ID, TableID: "zzzzzzzzzzzzz", Status: "playing", HostID: "1234567890123456789",
		MinSeats: info.MinSeats, MaxSeats: info.MaxSeats, Options: p.opts, Coop: info.Coop, Active: p.eng.Active(p.s)}
	for i := 0; i < p.seats; i++ {
		t.Seats = append(t.Seats, render.SeatInfo{Name: longName(i), UserID: fmt.Sprint(1234567890123456780 + i)})
	}
	if o := p.eng.Outcome(p.s); o.Done {
		t.Status, t.Outcome = "finished", o
	}
	return t
}

func ctxOf(lang string, t render.TableInfo, viewer games.Seat) render.Audience {
	return render.Audience{L: i18n.For(lang), Names: t.Names(), Viewer: viewer}
}

// boardOf renders the public board the way the table service does
// (commands/service.go board and publicMenu), with every extra on: ping,
// deadline and undo.
func boardOf(t testing.TB, p playState, lang string) (render.Message, render.TableInfo) {
	t.Helper()
	g, _ := mods.Renderer(p.eng.Info().ID)
	info := tableOf(p)
	ctx := ctxOf(lang, info, games.Spectator)
	req := render.BoardRequest{Game: g, View: p.eng.View(p.s, games.Spectator), Table: info, IDs: longIDs{},
		Ping: true, Deadline: time.Unix(4102444800, 0), Undo: info.Status == "playing"}
	if len(info.Active) == 1 {
		seat := info.Active[0]
		if legal := p.eng.Legal(p.s, seat); len(legal) > 0 {
			m := g.Menu(ctxOf(lang, info, seat), p.eng.View(p.s, seat), legal)
			if !p.eng.PrivateChoices(p.s, seat) {
				req.Menu = &m
			}
		}
	}
	msg, err := render.Board(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return msg, info
}

// rawTotal is how long the board's text is before any clipping: the
// game's card, the outcome and the table footer.
func rawTotal(p playState, lang string) int {
	g, _ := mods.Renderer(p.eng.Info().ID)
	info := tableOf(p)
	ctx := ctxOf(lang, info, games.Spectator)
	c := g.Board(ctx, p.eng.View(p.s, games.Spectator))
	n := runes(c.Title) + runes(c.Description) + runes(c.Footer) + runes(ctx.T("core.table.footer", "ID", info.TableID)) + 5
	for _, f := range c.Fields {
		n += runes(f.Name) + runes(f.Value)
	}
	if info.Status == "finished" {
		n += runes(render.OutcomeText(ctx, info))
	}
	return n
}

// playouts runs random games of id at its maximum seats and calls f on
// every state. Options are drawn at random per seed.
func playouts(t testing.TB, id string, seeds int, f func(p playState)) {
	eng, ok := mods.Engine(id)
	if !ok {
		t.Fatalf("no engine %s", id)
	}
	info := eng.Info()
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		rng := games.NewPCG(seed, 77)
		opts := games.Options{}
		for _, o := range info.Options {
			switch {
			case o.Key == games.OptComputer:
				// The computer's level draws nothing different, and the
				// hard level's search (thousands of playouts a move)
				// would make these playouts crawl under -race.
			case len(o.Choices) > 0:
				opts[o.Key] = o.Choices[rng.Intn(len(o.Choices))]
			case o.Kind == games.OptionInt:
				opts[o.Key] = fmt.Sprint(o.Min + rng.Intn(o.Max-o.Min+1))
			}
		}
		s, err := eng.Setup(opts, info.MaxSeats, rng)
		if err != nil {
			t.Fatalf("%s setup %v: %v", id, opts, err)
		}
		for step := 0; step < 3000; step++ {
			f(playState{eng: eng, s: s, seats: info.MaxSeats, opts: opts})
			act := eng.Active(s)
			if len(act) == 0 {
				break
			}
			seat := act[rng.Intn(len(act))]
			a := eng.Bot(s, seat, rng)
			if l := eng.Legal(s, seat); rng.Intn(4) == 0 {
				a = l[rng.Intn(len(l))]
			}
			ns, _, err := eng.Apply(s, seat, a, rng)
			if err != nil {
				t.Fatalf("%s %s: %v", id, a, err)
			}
			s = ns
		}
	}
}

// TestLongestBoards plays every game at its maximum seats with Discord's
// longest names, keeps the densest board of each game and language, and
// checks that every message warroom would send for it (public board,
// private view, menus, group menus) keeps every Discord limit. It also
// checks every component emoji of every state against Unicode's
// fully-qualified emoji.
func TestLongestBoards(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 3
	}
	emoji := map[string]string{}
	var report []string
	for _, id := range mods.IDs() {
		type best struct {
			p   playState
			raw int
		}
		densest := map[string]best{}
		k := 0
		playouts(t, id, seeds, func(p playState) {
			k++
			for _, lang := range langs {
				if n := rawTotal(p, lang); n > densest[lang].raw {
					densest[lang] = best{p, n}
				}
			}
			// Every state, one language in turn: all messages.
			checkState(t, fmt.Sprintf("%s state %d", id, k), p, langs[k%3], emoji)
		})
		for _, lang := range langs {
			d := densest[lang]
			msg, _ := boardOf(t, d.p, lang)
			checkMessage(t, id+" densest "+lang, msg, emoji)
			checkState(t, id+" densest "+lang, d.p, lang, emoji)
			report = append(report, fmt.Sprintf("%-10s %s: densest board %5d characters before clipping, %5d sent", id, lang, d.raw, embedTotal(msg.Embeds)))
		}
	}
	sort.Strings(report)
	t.Log("\n" + strings.Join(report, "\n"))
	var used []string
	for e, label := range emoji {
		used = append(used, fmt.Sprintf("%s %U (%s)", e, []rune(e), label))
	}
	sort.Strings(used)
	t.Logf("%d component emoji seen:\n%s", len(used), strings.Join(used, "\n"))
	if len(emoji) < 20 {
		t.Fatalf("only %d emoji seen: the playouts reach too few menus", len(emoji))
	}
}

// checkState checks every message of one state in one language.
func checkState(t testing.TB, where string, p playState, lang string, emoji map[string]string) {
	t.Helper()
	msg, info := boardOf(t, p, lang)
	checkMessage(t, where+" board", msg, emoji)
	g, _ := mods.Renderer(info.GameID)
	for seat := games.Seat(0); int(seat) < p.seats; seat++ {
		ctx := ctxOf(lang, info, seat)
		view := p.eng.View(p.s, seat)
		if c, ok := g.Private(ctx, view); ok {
			checkMessage(t, where+" private", render.CardMessage(c), emoji)
		}
		legal := p.eng.Legal(p.s, seat)
		if len(legal) == 0 {
			continue
		}
		m := g.Menu(ctx, view, legal)
		checkMessage(t, where+" menu", render.MenuMessage(ctx, m, longIDs{}), emoji)
		for i := 0; ; i++ {
			gm, ok := render.GroupMenu(m, i)
			if !ok || len(m.Choices) <= 20 {
				break
			}
			checkMessage(t, where+" group menu", render.MenuMessage(ctx, gm, longIDs{}), emoji)
		}
	}
}

// worstGame is a renderer whose board is over every limit: a title,
// description, fields and footer each longer than Discord allows, more
// fields than allowed, mentions, timestamps, Markdown and emoji
// sequences on the cut lines, and a log.
type worstGame struct{ logLines int }

func worstText(n int) string {
	parts := []string{"**bold** ", "<@123456789012345678> ", "<t:4102444800:R> ", "__under__ ", "⚔️ ", "👨‍👩‍👧 ", "🇵🇱 ", "żółć ", "`code` ", "\n"}
	var b strings.Builder
	for i := 0; runes(b.String()) < n; i++ {
		b.WriteString(parts[i%len(parts)])
	}
	return b.String()
}

func (w worstGame) Board(ctx render.Audience, v any) render.Card {
	c := render.Card{Title: worstText(300), Description: worstText(5000), Footer: worstText(2100)}
	for i := range 30 {
		c.Fields = append(c.Fields, render.Field{Name: fmt.Sprint(i, worstText(300)), Value: worstText(1200)})
	}
	var log []string
	for i := range w.logLines {
		log = append(log, fmt.Sprintf("event %d: %s", i, worstText(40)))
	}
	c.Fields[2] = render.Field{Name: "Log", Value: strings.Join(log, "\n"), Log: true}
	return c
}
func (worstGame) Private(ctx render.Audience, v any) (render.Card, bool) { return render.Card{}, false }
func (worstGame) Menu(ctx render.Audience, v any, l []games.Action) render.Menu {
	return render.Menu{}
}
func (worstGame) Status(ctx render.Audience, v any) string         { return worstText(400) }
func (worstGame) Image(ctx render.Audience, v any) ([]byte, error) { return nil, nil }
func (worstGame) Rules(ctx render.Audience) string                 { return worstText(5000) }
func (worstGame) Tell(ctx render.Audience, v any, e games.Event) render.Line {
	return render.Line{Text: worstText(400), Key: e.Seat == 0}
}

// worstTable is a finished four-seat table of 32-character names where
// everybody wins and scores, the longest outcome there is.
func worstTable(status string) render.TableInfo {
	t := render.TableInfo{GameID: "flanders", TableID: "zzzzzzzzzzzzz", Status: status, Active: []games.Seat{0, 1, 2, 3},
		Outcome: games.Outcome{Done: true, Winners: []games.Seat{0, 1, 2, 3}, Scores: []int{-1048576, 1048576, 999999, 123456}, Reason: "breakthrough"}}
	for i := range 4 {
		t.Seats = append(t.Seats, render.SeatInfo{Name: longName(i), UserID: fmt.Sprint(1234567890123456780 + i)})
	}
	return t
}

func TestWorstBoard(t *testing.T) {
	var choices []render.Choice
	for i := range 400 {
		// The longest action text there is (games.ParseAction's limits);
		// buttons carry it in the custom_id, which has room for 60.
		a := games.Act("abcdefghijklmnopqrstuvwx", -1048576, -1048576, -1048576, -1048576, -1048576, -1048576, -1048576, i)
		if i < 20 {
			a = games.Act("abcdefghijklmnopqrstuvwx", -1048576, -1048576, -1048576, i)
		}
		choices = append(choices, render.Choice{Action: a,
			Label: worstText(120), Group: fmt.Sprint("g", i%30, worstText(200)), Emoji: "⚔️"})
	}
	for _, lang := range langs {
		for _, status := range []string{"playing", "finished"} {
			info := worstTable(status)
			ctx := ctxOf(lang, info, games.Spectator)
			for _, n := range []int{3, 60} {
				for _, menu := range []*render.Menu{nil, {Choices: choices[:20]}, {Choices: choices[:90]}, {Choices: choices}} {
					msg, err := render.Board(ctx, render.BoardRequest{Game: worstGame{logLines: n}, Table: info, IDs: longIDs{}, Menu: menu,
						Ping: true, Undo: true, Deadline: time.Unix(4102444800, 0)})
					if err != nil {
						t.Fatal(err)
					}
					where := fmt.Sprintf("%s %s log %d", lang, status, n)
					checkMessage(t, where, msg, nil)
					if status == "finished" && !strings.Contains(msg.Content, render.OutcomeText(ctx, info)) {
						t.Fatalf("%s: outcome shortened: %q", where, msg.Content)
					}
				}
			}
		}
	}
	ctx := ctxOf("ru", worstTable("playing"), 0)
	checkMessage(t, "rules", render.RulesMessage(worstText(300), worstGame{}.Rules(ctx)), nil)
	checkMessage(t, "long rules", render.RulesMessage(worstText(300), worstText(9000)+"\n\n"+worstText(5000)), nil)
	checkMessage(t, "menu", render.MenuMessage(ctx, render.Menu{Prompt: worstText(3000), Choices: choices}, longIDs{}), nil)
	for i := 0; ; i++ {
		gm, ok := render.GroupMenu(render.Menu{Prompt: worstText(3000), Choices: choices}, i)
		if !ok {
			break
		}
		checkMessage(t, "group menu", render.MenuMessage(ctx, gm, longIDs{}), nil)
	}
	checkMessage(t, "notice", render.Fit(render.Message{Content: worstText(5000)}), nil)
}

// logGame is a board just over Discord's total, with a log that can make
// up the difference alone.
type logGame struct{ worstGame }

func (logGame) Board(ctx render.Audience, v any) render.Card {
	c := render.Card{Title: "Board", Description: strings.Repeat("d", 3850)}
	for range 2 {
		c.Fields = append(c.Fields, render.Field{Name: "Side", Value: strings.Repeat("s", 900)})
	}
	var log []string
	for i := range 20 {
		log = append(log, fmt.Sprintf("event %02d happened here", i))
	}
	c.Fields = append(c.Fields, render.Field{Name: "Log", Value: strings.Join(log, "\n"), Log: true})
	return c
}

// TestLogShrinksFirst: over the total, the oldest log lines go and
// nothing else changes.
func TestLogShrinksFirst(t *testing.T) {
	info := worstTable("finished")
	ctx := ctxOf("en", info, games.Spectator)
	msg, err := render.Board(ctx, render.BoardRequest{Game: logGame{}, Table: info, IDs: longIDs{}})
	if err != nil {
		t.Fatal(err)
	}
	checkMessage(t, "log", msg, nil)
	e := msg.Embeds[0]
	if len(e.Description) != 3850 || e.Fields[0].Value != strings.Repeat("s", 900) || e.Fields[1].Value != strings.Repeat("s", 900) {
		t.Fatalf("the board was shortened before the log")
	}
	log := e.Fields[2].Value
	if !strings.HasSuffix(log, "event 19 happened here") || strings.Contains(log, "event 00") {
		t.Fatalf("log %q: not the newest lines", log)
	}
	if n := embedTotal(msg.Embeds); n < 5950 {
		t.Fatalf("log cut more than needed: %d characters", n)
	}
}
