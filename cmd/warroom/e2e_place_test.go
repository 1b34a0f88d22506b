package main

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/discordtest"
)

// A co-op game asked for where Discord allows no private thread gets a
// clear private answer, and no lobby opens (developers/topics/threads.mdx:
// private threads "can only be created in GUILD_TEXT channels").
func TestE2ECoopNeedsATextChannel(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	places := map[string]string{
		"announcement channel": w.srv.NewChannelOfType(w.guild, discordgo.ChannelTypeGuildNews),
		"voice channel chat":   w.srv.NewChannelOfType(w.guild, discordgo.ChannelTypeGuildVoice),
	}
	for what, ch := range places {
		r := w.expect(w.srv.Slash(w.ann, ch, w.guild, "play blindaz", nil, "en-US"))
		if txt := privateText(r); !strings.Contains(txt, "only in text channels") {
			t.Fatalf("%s: private %q, public %q", what, txt, r.Text())
		}
		if n := len(w.srv.Messages(ch)); n != 0 {
			t.Fatalf("%s: %d public messages", what, n)
		}
	}
	// Inside a thread of a text channel: no thread in a thread either.
	th := w.srv.NewChannelOfType(w.guild, discordgo.ChannelTypeGuildPublicThread)
	r := w.expect(w.srv.Slash(w.ann, th, w.guild, "play blindaz", nil, "en-US"))
	if txt := privateText(r); !strings.Contains(txt, "only in text channels") {
		t.Fatalf("in a thread: private %q, public %q", txt, r.Text())
	}
	// Any other game is fine in those places.
	ann := w.expect(w.srv.Slash(w.ann, places["voice channel chat"], w.guild, "play flanders", nil, "en-US"))
	if _, ok := findButton(&ann.Message, ":l:join"); !ok {
		t.Fatalf("flanders in a voice channel's chat: %q", ann.Text())
	}
	w.noProblems()
}

// Each permission the bot needs, taken away: /play and clicks are refused
// privately, naming the permission as Discord's settings do, and nothing
// changes; once it is granted again the game goes on from where it was.
func TestE2EMissingPermissions(t *testing.T) {
	perms := []struct {
		bit  int64
		name string
		coop bool
	}{
		{discordgo.PermissionSendMessages, "Send Messages", false},
		{discordgo.PermissionEmbedLinks, "Embed Links", false},
		{discordgo.PermissionAttachFiles, "Attach Files", false},
		{discordgo.PermissionViewChannel, "View Channels", false},
		{discordgo.PermissionCreatePrivateThreads, "Create Private Threads", true},
		{discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads", true},
	}
	for _, p := range perms {
		t.Run(p.name, func(t *testing.T) {
			w := newWorld(t)
			w.startBot() // with PNG boards: Attach Files is needed
			game := "flanders"
			if p.coop {
				game = "blindaz"
			}
			// /play without the permission: refused, no lobby.
			w.srv.DenyBot(w.ch, p.bit)
			r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play "+game, nil, "en-US"))
			if txt := privateText(r); !strings.Contains(txt, p.name) || !strings.Contains(txt, "Nothing was changed") {
				t.Fatalf("/play without %s: private %q, public %q", p.name, txt, r.Text())
			}
			w.srv.GrantBot(w.ch, p.bit)
			bots := 0
			if p.coop {
				bots = 1
			}
			w.lobby(game, nil, true, bots)
			ch := w.ch
			if p.coop {
				ch = w.teamThread()
				if p.bit == discordgo.PermissionCreatePrivateThreads {
					return // needed to open the thread: checked at /play
				}
			}
			// Mid-game: the click is refused before anything changes.
			b := w.board(ch)
			u, _ := w.toAct(b)
			w.srv.DenyBot(w.ch, p.bit)
			clicked := w.move(rand.New(rand.NewPCG(3, 3)), u, b)
			// The notice is the private answer (after a click on a private
			// menu, a private follow-up to it).
			said := privateText(clicked)
			for _, f := range clicked.Followups {
				said += "\n" + f.Text()
			}
			if !strings.Contains(said, p.name) {
				t.Fatalf("a move without %s: private %q", p.name, said)
			}
			if err := w.srv.WaitIdle(w.ctx(), 200*time.Millisecond); err != nil {
				t.Fatal(err)
			}
			if now := w.srv.Message(b.ID); now == nil || !isBoard(now) {
				t.Fatalf("without %s the board changed", p.name)
			}
			w.srv.GrantBot(w.ch, p.bit)
			// Granted again: the same board plays on.
			w.move(rand.New(rand.NewPCG(3, 3)), u, w.board(ch))
			if m := w.settle(ch); !isResult(m) && boardVersion(m) == boardVersion(b) {
				t.Fatalf("the table did not move on after %s was granted again", p.name)
			}
			w.noProblems()
		})
	}
}

// boardVersion is the table version a board's buttons were drawn for
// (custom_id w1:<table>:<version>:...).
func boardVersion(m *discordtest.Message) string {
	for _, b := range m.Buttons() {
		if parts := strings.Split(b.CustomID, ":"); len(parts) > 2 {
			return parts[2]
		}
	}
	return ""
}

// A team thread that Discord archived after a week without a message
// (auto_archive_duration 10080, developers/topics/threads.mdx): the next
// move still reaches the team, and an old board's button is answered.
func TestE2EAutoArchivedTeamThread(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("blindaz", nil, true, 1)
	th := w.teamThread()
	rng := rand.New(rand.NewPCG(9, 9))
	first := w.board(th)
	u, _ := w.toAct(first)
	w.move(rng, u, first)
	old := first
	w.idle() // the bot is done with the move (the vote's follow-up too) before the week passes
	w.srv.AdvanceClock(8 * 24 * time.Hour)
	if thr := w.srv.Thread(th); thr == nil || !thr.Archived {
		t.Fatal("the idle thread was not archived by Discord")
	}
	// Play on, a week apart each time: every move meets an archived
	// thread. A move that updates the board in place edits a message in
	// the thread, which Discord refuses while it is archived (50083); one
	// that passes the turn posts the new board first, which unarchives
	// it (developers/topics/threads.mdx), so play goes on until an edit
	// has met the archive (the table's seed decides which moves pass).
	for i := 0; i < 6 || i < 30 && metArchive(w) == 0; i++ {
		w.idle()
		w.srv.AdvanceClock(8 * 24 * time.Hour)
		if thr := w.srv.Thread(th); thr == nil || !thr.Archived {
			t.Fatal("the idle thread was not archived by Discord")
		}
		b := w.board(th)
		u, _ = w.toAct(b)
		var r *discordtest.Response
		if your, ok := findButton(b, ":p"); ok {
			menu := ephemeralWithComponents(w.expect(w.srv.Click(u, b, your)))
			if menu == nil {
				t.Fatal("Your move gave no menu")
			}
			r = w.move(rng, u, menu)
		} else {
			r = w.move(rng, u, b)
		}
		if txt := privateText(r); strings.Contains(txt, "went wrong") {
			t.Fatalf("move in an archived thread: %q", txt)
		}
		if m := w.settle(th); isResult(m) {
			break
		} else if boardVersion(m) == boardVersion(b) {
			t.Fatal("the move in the archived thread did not reach the team")
		}
		if thr := w.srv.Thread(th); thr.Archived {
			t.Fatal("the thread is still archived after the move")
		}
	}
	// An old board's button: answered privately as stale.
	w.idle()
	w.srv.AdvanceClock(8 * 24 * time.Hour)
	for _, btn := range old.Buttons() {
		if strings.HasSuffix(btn.CustomID, ":h") {
			continue
		}
		r := w.expect(w.srv.ForgeClick(u, old, btn.CustomID))
		if privateText(r) == "" {
			t.Fatalf("an old board's button in an archived thread got no private answer: %q", r.Text())
		}
		break
	}
	// Discord refuses an edit in an archived thread (50083); the bot then
	// unarchives the thread and the same edit goes through. Anything else
	// Discord refused is a fault.
	retried := 0
	for _, f := range w.srv.Failures() {
		if f.Code == 50027 {
			// The stand-in's clock jumped a week, the bot's did not: the
			// team vote's follow-up token, fresh by the bot's clock, is
			// refused once, and the vote is edited through the channel
			// (the move reached the team, above). Not so on Discord,
			// whose clock and the bot's agree.
			continue
		}
		if f.Code != 50083 || f.Request == nil || !succeededLater(w.srv.Requests(), *f.Request) {
			t.Errorf("Discord refused: %s", f)
		}
		retried++
	}
	if retried == 0 {
		t.Error("no edit met an archived thread: the test does not reach the case")
	}
}

// metArchive counts the requests Discord refused because their thread
// was archived (50083).
func metArchive(w *world) int {
	n := 0
	for _, f := range w.srv.Failures() {
		if f.Code == 50083 {
			n++
		}
	}
	return n
}

// succeededLater: the same request was answered with success later.
func succeededLater(reqs []discordtest.Request, failed discordtest.Request) bool {
	for _, q := range reqs {
		if q.Seq > failed.Seq && q.Method == failed.Method && q.Path == failed.Path && q.Status < 300 {
			return true
		}
	}
	return false
}

// A crash after Discord opened a team thread and before its id was
// recorded leaves the thread owed again: the next run finds the thread it
// opened (by its name, which carries the table id) instead of opening a
// second one.
func TestE2ETeamThreadNotDoubledAfterCrash(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("blindaz", nil, true, 1)
	th := w.teamThread()
	w.stopBot()

	store, err := data.Open(w.db)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := store.ByChannel(t.Context(), w.ch)
	if err != nil {
		t.Fatal(err)
	}
	// The state right after the commit that owes the thread.
	tb.ThreadID, tb.BoardMessageID, tb.BoardChannelID = "", "", ""
	tb.Version++
	tb.Owe(time.Now().UTC(), data.Effect{Kind: data.EffectThread}, data.Effect{Kind: data.EffectBoard})
	if err := store.Update(t.Context(), tb, tb.Version-1); err != nil {
		t.Fatal(err)
	}
	store.Close()

	w.startBot()
	if err := w.srv.WaitIdle(w.ctx(), 500*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if n := len(w.srv.Threads()); n != 1 {
		t.Fatalf("%d team threads after the restart", n)
	}
	w.stopBot()
	store, err = data.Open(w.db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if tb, _ = store.Get(t.Context(), tb.ID); tb.ThreadID != th || len(tb.Outbox) != 0 {
		t.Fatalf("thread %q (want %q), still owed %d", tb.ThreadID, th, len(tb.Outbox))
	}
}
