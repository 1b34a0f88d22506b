package render

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"pgregory.net/rapid"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render/i18n"
)

type testIDs struct{}

func (testIDs) Action(a games.Action) string { return "w1:t:1:a:" + a.String() }
func (testIDs) Select() string               { return "w1:t:1:s" }
func (testIDs) Group() string                { return "w1:t:1:g" }
func (testIDs) PrivateMenu() string          { return "w1:t:1:p" }
func (testIDs) MyView() string               { return "w1:t:1:h" }
func (testIDs) Form(a games.Action) string   { return "w1:t:1:t:" + a.String() }
func (testIDs) Lobby(v string) string        { return "w1:t:1:l:" + v }
func (testIDs) Undo() string                 { return "w1:t:1:u" }
func (testIDs) Rematch() string              { return "w1:t:1:r" }
func (testIDs) Record() string               { return "w1:t:1:e" }
func (testIDs) Journal(before int64) string  { return fmt.Sprintf("w1:t:1:j:%d", before) }

func ctxEN() Audience {
	return Audience{L: i18n.For("en"), Names: []string{"Ann", "Bob"}, Viewer: games.Spectator}
}

// checkLimits fails when components break one of Discord's rules.
func checkLimits(t interface{ Fatalf(string, ...any) }, rows []discordgo.MessageComponent, maxRows int) int {
	if len(rows) > maxRows {
		t.Fatalf("%d rows", len(rows))
	}
	ids := map[string]bool{}
	n := 0
	for _, r := range rows {
		row := r.(discordgo.ActionsRow)
		if len(row.Components) == 0 || len(row.Components) > 5 {
			t.Fatalf("row of %d", len(row.Components))
		}
		for _, c := range row.Components {
			var id string
			switch x := c.(type) {
			case discordgo.Button:
				id = x.CustomID
				if len([]rune(x.Label)) > 80 || x.Label == "" {
					t.Fatalf("label %q", x.Label)
				}
				n++
			case discordgo.SelectMenu:
				id = x.CustomID
				if len(row.Components) != 1 || len(x.Options) == 0 || len(x.Options) > 25 {
					t.Fatalf("select with %d options in a row of %d", len(x.Options), len(row.Components))
				}
				for _, o := range x.Options {
					if len([]rune(o.Label)) > 100 || len(o.Value) > 100 || len([]rune(o.Description)) > 100 {
						t.Fatalf("option %q", o.Label)
					}
				}
				n += len(x.Options)
			}
			if ids[id] || len(id) > 100 {
				t.Fatalf("custom_id %q repeated or too long", id)
			}
			ids[id] = true
		}
	}
	return n
}

func TestComponentsWithinLimits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 400).Draw(t, "choices")
		groups := rapid.IntRange(1, 40).Draw(t, "groups")
		var m Menu
		for i := range n {
			label := strings.Repeat("x", rapid.IntRange(1, 120).Draw(t, "len"))
			desc := strings.Repeat("y", rapid.IntRange(0, 120).Draw(t, "desc"))
			m.Choices = append(m.Choices, Choice{Action: games.Act("do", i), Label: label, Group: fmt.Sprint("g", i%groups), Description: desc})
		}
		rows := Components(ctxEN(), m, testIDs{})
		shown := checkLimits(t, rows, 4)
		if n <= 20 && shown != n {
			t.Fatalf("%d choices but %d buttons", n, shown)
		}
		// Every choice is reachable: directly, or through its group.
		if got := reachable(t, m, rows); groups <= 25 && got != n {
			t.Fatalf("%d of %d choices reachable", got, n)
		}
	})
}

// reachable counts the distinct choices of m the rows offer: as a
// button, a select's option, or in a group a group select opens.
func reachable(t *rapid.T, m Menu, rows []discordgo.MessageComponent) int {
	seen := map[string]bool{}
	for _, r := range rows {
		for _, c := range r.(discordgo.ActionsRow).Components {
			switch x := c.(type) {
			case discordgo.Button:
				seen[strings.TrimPrefix(x.CustomID, "w1:t:1:a:")] = true
			case discordgo.SelectMenu:
				for _, o := range x.Options {
					if x.CustomID != (testIDs{}).Group() {
						seen[o.Value] = true
						continue
					}
					i, _ := strconv.Atoi(o.Value)
					gm, ok := GroupMenu(m, i)
					if !ok {
						t.Fatalf("group %d missing", i)
					}
					checkLimits(t, PrivateComponents(ctxEN(), gm, testIDs{}), 5)
					for _, ch := range gm.Choices {
						seen[ch.Action.String()] = true
					}
				}
			}
		}
	}
	return len(seen)
}

// TestSelectDescription: a choice's description is the line under its
// option in a select.
func TestSelectDescription(t *testing.T) {
	var m Menu
	for i := range 30 {
		m.Choices = append(m.Choices, Choice{Action: games.Act("buy", i), Label: fmt.Sprint("Buy ", i), Description: fmt.Sprint("effect ", i)})
	}
	sel := Components(ctxEN(), m, testIDs{})[0].(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
	if o := sel.Options[3]; o.Label != "Buy 3" || o.Description != "effect 3" {
		t.Fatalf("option %+v", o)
	}
}

type fakeGame struct{}

func (fakeGame) Board(ctx Audience, v any) Card {
	return Card{Title: "T", Description: strings.Repeat("d", 5000), Fields: make([]Field, 30)}
}
func (fakeGame) Private(ctx Audience, v any) (Card, bool) { return Card{}, false }
func (fakeGame) Menu(ctx Audience, v any, l []games.Action) Menu {
	return Menu{}
}
func (fakeGame) Status(ctx Audience, v any) string         { return "row 5" }
func (fakeGame) Image(ctx Audience, v any) ([]byte, error) { return []byte("png"), nil }
func (fakeGame) Rules(ctx Audience) string                 { return "" }

// Tell says the event's "text"; a "key" event is a Key line.
func (fakeGame) Tell(ctx Audience, v any, e games.Event) Line {
	x := saidOf(e)
	return Line{Text: x.Text, Key: x.Key}
}

// said is the fake game's journal entry.
type said struct {
	Text string `json:"text"`
	Key  bool   `json:"key,omitempty"`
}

func saidOf(e games.Event) said {
	var x said
	_ = e.Decode(&x)
	return x
}

func TestBoardMessage(t *testing.T) {
	info := TableInfo{GameID: "x", TableID: "7", Status: "playing", Active: []games.Seat{1},
		Seats: []SeatInfo{{Name: "Ann", UserID: "1"}, {Name: "Bob", UserID: "2"}}}
	menu := &Menu{Choices: []Choice{{Action: games.Act("roll"), Label: "Roll"}}}
	msg, err := Board(ctxEN(), BoardRequest{Game: fakeGame{}, Table: info, Menu: menu, IDs: testIDs{}, Image: true, Ping: true})
	if err != nil {
		t.Fatal(err)
	}
	e := msg.Embeds[0]
	total := len([]rune(e.Description)) + len([]rune(e.Title)) + len([]rune(e.Footer.Text))
	for _, f := range e.Fields {
		total += len([]rune(f.Name)) + len([]rune(f.Value))
	}
	if len([]rune(e.Description)) > 4096 || len(e.Fields) > 25 || total > 6000 || e.Image == nil || e.Image.URL != "attachment://board.png" || len(msg.Files) != 1 {
		t.Fatalf("embed %d chars, %d fields, image %v", len(e.Description), len(e.Fields), e.Image)
	}
	if len(msg.Mentions) != 1 || msg.Mentions[0] != "2" || !strings.Contains(msg.Content, "<@2>") || !strings.Contains(msg.Content, "row 5") {
		t.Fatalf("ping %q %v", msg.Content, msg.Mentions)
	}
	checkLimits(t, msg.Components, 5)
	info.Status = "finished"
	info.Outcome = games.Outcome{Done: true, Winners: []games.Seat{0}, Scores: []int{3, 1}}
	msg, _ = Board(ctxEN(), BoardRequest{Game: fakeGame{}, Table: info, IDs: testIDs{}})
	if len(msg.Components) != 1 || !strings.Contains(msg.Content, "Winner: Ann") || !strings.Contains(msg.Content, "Ann 3") {
		t.Fatalf("finished: %q %d", msg.Content, len(msg.Components))
	}
	if row := msg.Components[0].(discordgo.ActionsRow); len(row.Components) != 3 || row.Components[0].(discordgo.Button).CustomID != (testIDs{}).Rematch() ||
		row.Components[1].(discordgo.Button).CustomID != (testIDs{}).Journal(0) || row.Components[2].(discordgo.Button).CustomID != (testIDs{}).Record() {
		t.Fatalf("finished board's buttons: %+v", row)
	}
}

func TestLobbyButtons(t *testing.T) {
	info := TableInfo{GameID: "flanders", TableID: "1", Status: "lobby", HostID: "1", MinSeats: 2, MaxSeats: 2,
		Seats: []SeatInfo{{Name: "Ann", UserID: "1"}}}
	msg := Lobby(ctxEN(), info, testIDs{})
	checkLimits(t, msg.Components, 1)
	start := msg.Components[0].(discordgo.ActionsRow).Components[3].(discordgo.Button)
	if !start.Disabled {
		t.Fatal("start enabled with too few players")
	}
	if !strings.Contains(msg.Embeds[0].Title, "In Flanders Field") {
		t.Fatalf("title %q", msg.Embeds[0].Title)
	}
}

func TestViewAs(t *testing.T) {
	type V struct{ N int }
	if v, ok := ViewAs[V](V{3}); !ok || v.N != 3 {
		t.Fatal("value")
	}
	if v, ok := ViewAs[V](&V{4}); !ok || v.N != 4 {
		t.Fatal("pointer")
	}
	var nilp *V
	if _, ok := ViewAs[V](nilp); ok {
		t.Fatal("nil pointer accepted")
	}
	if _, ok := ViewAs[V]("x"); ok {
		t.Fatal("foreign view accepted")
	}
}
