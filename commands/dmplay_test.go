package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// dmClick is a click on a turn DM: from the user's DM with the bot, so no
// guild (developers/interactions/receiving-and-responding.mdx).
func (h *harness) dmClick(u User, customID string, values ...string) result {
	return h.handle(Request{Kind: Component, User: u, ChannelID: "dm-" + u.ID, CustomID: customID, Values: values,
		MessageID: "dm-message-" + u.ID, OnPrivateMessage: true, Locale: "en-US"})
}

// dmTo is the last DM a result sent to u.
func dmTo(t *testing.T, r result, u User) post {
	t.Helper()
	for i := len(r.DMs) - 1; i >= 0; i-- {
		if r.DMs[i].ChannelID == "dm:"+u.ID {
			return r.DMs[i]
		}
	}
	t.Fatalf("no DM to %s among %d", u.Name, len(r.DMs))
	return post{}
}

func (h *harness) version(id string) int64 {
	h.t.Helper()
	tb, err := h.store.Get(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return tb.Version
}

// TestDMPlay: with dm_play, a player's turn comes by DM (the board, their
// menu, a link to the table's board), and a choice there plays at the
// table through the private menu's route: the DM is edited in place with
// the board, the channel gets its new board, and the next player with
// dm_play their DM. A player without it gets none.
func TestDMPlay(t *testing.T) {
	h := newHarness(t)
	if r := h.slash(ann, "game", "reminders", map[string]string{"mode": "dm_play"}); !strings.Contains(text(r.Reply.Message), "Your turns come by direct message") {
		t.Fatalf("dm_play: %s", text(r.Reply.Message))
	}
	start := h.startRaceResult()
	board := start.Posts[0]
	dm := dmTo(t, start, ann)
	if b := buttons(dm.Message); b["+2"] == "" || b["mark"] == "" || len(dm.Message.Embeds) == 0 ||
		!strings.Contains(dm.Message.Content, "https://discord.com/channels/g/c/"+board.MessageID) {
		t.Fatalf("turn DM: %s %v", text(dm.Message), b)
	}
	id := board.BoardOf
	v := h.version(id)
	// A choice that keeps the turn: the DM stays open, edited in place.
	r := h.dmClick(ann, buttons(dm.Message)["mark"])
	if r.Reply.Kind != ReplyUpdate || buttons(r.Reply.Message)["+2"] == "" || len(r.Reply.Message.Embeds) == 0 || h.version(id) != v+1 {
		t.Fatalf("mark from the DM: %v %s (version %d)", r.Reply.Kind, text(r.Reply.Message), h.version(id))
	}
	// A choice that passes the turn: the DM closes, the channel gets the
	// new board pinging Bob, who chose no DMs and gets none.
	r = h.dmClick(ann, buttons(r.Reply.Message)["+2"])
	if r.Reply.Kind != ReplyUpdate || len(buttons(r.Reply.Message)) != 0 || !strings.Contains(text(r.Reply.Message), "Your turn is over") {
		t.Fatalf("+2 from the DM: %v %s", r.Reply.Kind, text(r.Reply.Message))
	}
	if len(r.Posts) != 1 || len(r.Posts[0].Message.Mentions) != 1 || r.Posts[0].Message.Mentions[0] != bob.ID || len(r.DMs) != 0 {
		t.Fatalf("after the DM's move: posts %+v, DMs %d", r.Posts, len(r.DMs))
	}
	// Bob plays in the channel; Ann's turn comes by DM again.
	r = h.click(bob, r.Posts[0].MessageID, buttons(r.Posts[0].Message)["+1"])
	dm = dmTo(t, r, ann)
	if buttons(dm.Message)["+2"] == "" {
		t.Fatalf("second turn DM: %s", text(dm.Message))
	}
}

// TestDMPlayOutOfDate: a click on a turn DM that the table has left
// behind answers, in place, with where the table stands, and changes
// nothing: the turn passed, a stranger's click, the table gone, the game
// over. What no turn DM carries is refused from a DM, and a slash
// command there is answered that games are played in servers.
func TestDMPlayOutOfDate(t *testing.T) {
	h := newHarness(t)
	h.slash(ann, "game", "reminders", map[string]string{"mode": "dm_play"})
	start := h.startRaceResult()
	id := start.Posts[0].BoardOf
	old := buttons(dmTo(t, start, ann).Message)["+2"]
	h.click(ann, start.Posts[0].MessageID, buttons(start.Posts[0].Message)["+1"]) // played in the channel
	v := h.version(id)
	stale := func(who User, customID, want string) {
		t.Helper()
		r := h.dmClick(who, customID)
		if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), want) || len(buttons(r.Reply.Message)) != 0 || len(r.Posts)+len(r.Edits) != 0 {
			t.Fatalf("%s: %v %q, posts %d edits %d", want, r.Reply.Kind, text(r.Reply.Message), len(r.Posts), len(r.Edits))
		}
		if h.version(id) != v {
			t.Fatalf("%s: the table moved from version %d to %d", want, v, h.version(id))
		}
	}
	stale(ann, old, "This menu is out of date")
	stale(eve, old, "You no longer play at this table")
	gone, _ := CustomID{Table: "zz9", Version: 1, Kind: KindAction, Action: games.Act("add", 2)}.Encode()
	stale(ann, gone, "This table has been removed")
	for _, kind := range []string{KindUndo, KindLobby, KindResign, KindMyView, KindPrivate} {
		c := CustomID{Table: id, Version: v, Kind: kind}
		if kind == KindLobby {
			c.Payload = "start"
		}
		forged, _ := c.Encode()
		if r := h.dmClick(bob, forged); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "button") || h.version(id) != v {
			t.Fatalf("kind %s from a DM: %v %q", kind, r.Reply.Kind, text(r.Reply.Message))
		}
	}
	if r := h.handle(Request{Kind: SlashCommand, User: ann, ChannelID: "dm-100", Command: "game", Subcommand: "status", Locale: "en-US"}); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "server channels") {
		t.Fatalf("slash from a DM: %v %q", r.Reply.Kind, text(r.Reply.Message))
	}
	r := h.slash(ann, "game", "abandon", nil)
	h.privateClick(ann, buttons(r.Reply.Message)["Abandon the game"])
	v = h.version(id)
	stale(bob, old, "This game is over")
}

// TestDMPlayRefused: Discord refusing a turn DM (50007) leaves the
// board's ping, and the player is told why once, privately, with the
// answer to their next interaction; the channel is told nothing.
func TestDMPlayRefused(t *testing.T) {
	h := newHarness(t)
	h.noDMs = map[string]bool{ann.ID: true}
	h.slash(ann, "game", "reminders", map[string]string{"mode": "dm_play"})
	start := h.startRaceResult()
	const why = "could not come by direct message"
	for _, p := range start.Posts {
		if strings.Contains(text(p.Message), why) {
			t.Fatalf("the channel was told: %q", text(p.Message))
		}
	}
	if len(start.DMs) != 0 || start.Posts[0].Message.Mentions[0] != ann.ID || strings.Contains(text(start.Note), why) {
		t.Fatalf("first refusal: %d DMs, board pings %v, note to the starter %q", len(start.DMs), start.Posts[0].Message.Mentions, text(start.Note))
	}
	board := start.Posts[0]
	told := 0
	for turn := 0; turn < 2; turn++ {
		for _, u := range []User{ann, bob} {
			r := h.click(u, board.MessageID, buttons(board.Message)["+1"])
			board = r.Posts[len(r.Posts)-1]
			if strings.Contains(text(r.Note), why) {
				if u != ann || turn != 0 {
					t.Fatalf("%s told on turn %d", u.Name, turn)
				}
				told++
			}
			for _, p := range r.Posts {
				if strings.Contains(text(p.Message), why) {
					t.Fatalf("the channel was told: %q", text(p.Message))
				}
			}
		}
	}
	if told != 1 {
		t.Fatalf("Ann was told %d times", told)
	}
	// Choosing again is worth a new note after the next refusal.
	h.slash(ann, "game", "reminders", map[string]string{"mode": "dm_play"})
	r := h.click(ann, board.MessageID, buttons(board.Message)["+1"])
	r = h.click(bob, r.Posts[len(r.Posts)-1].MessageID, buttons(r.Posts[len(r.Posts)-1].Message)["+1"])
	if strings.Contains(text(r.Note), why) {
		t.Fatal("Bob was given Ann's note")
	}
	if r = h.slash(ann, "game", "list", nil); !strings.Contains(text(r.Note), why) {
		t.Fatalf("after choosing dm_play again and a refusal, Ann's next command: note %q", text(r.Note))
	}
}

// BenchmarkTurnDM is the cost of drawing a turn DM (the public board with
// its picture and the seat's menu) beside the channel's board, which a
// move redraws anyway: a DM click draws both.
func BenchmarkTurnDM(b *testing.B) {
	for _, id := range []string{"trenches", "frontline"} {
		eng := engineOf(b, id)
		rng := games.NewPCG(3, 4)
		st, err := eng.Setup(games.Options{}, 2, rng)
		if err != nil {
			b.Fatal(err)
		}
		for range 7 {
			seat := eng.Active(st)[0]
			st, _, _ = eng.Apply(st, seat, eng.Bot(st, seat, rng), rng)
		}
		svc := &Service{store: &logOnly{}, mods: testMods, Images: true}
		tb := &data.Table{ID: "7", Game: id, Status: data.StatusPlaying, Version: 9, GuildID: "1", ChannelID: "2", Locale: "en",
			Seats: []data.Seat{{Name: "Ann", UserID: "100"}, {Name: "Bob", UserID: "200"}}}
		l := &loaded{t: tb, eng: eng, mod: modOf(eng), state: st}
		b.Run(id+"/board", func(b *testing.B) {
			for b.Loop() {
				if _, err := svc.board(b.Context(), l, "en", false, true); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(id+"/dm", func(b *testing.B) {
			for b.Loop() {
				if _, _, err := svc.turnDM(b.Context(), l, "en", eng.Active(st)[0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func engineOf(t testing.TB, id string) games.Engine {
	for _, e := range testMods.Engines() {
		if e.Info().ID == id {
			return e
		}
	}
	t.Fatalf("no engine %s", id)
	return nil
}
