package discordtest_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/discordtest"
)

// An interaction made while the connection is down is buffered and
// replayed on RESUME.
func TestResumeReplaysMissedInteraction(t *testing.T) {
	t.Parallel()
	// discordgo waits 1 s before reconnecting; a loaded CI machine may add
	// more, and the deadline is not what this test is about
	srv := discordtest.New(t, discordtest.WithDeadline(10*time.Second))
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	alice := srv.User("alice")
	startBot(t, srv, guild)

	srv.GatewayDown() // a bot that reconnects at once could otherwise get it live
	ix := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "flanders"}, "")
	if !ix.Delivered {
		t.Fatal("not queued for the resumable session")
	}
	srv.GatewayUp()
	if r := ix.Expect(); r.Content != "Table opened (en-US)" {
		t.Fatalf("replayed interaction: %q", r.Content)
	}
	st := srv.GatewayStats()
	if st.Resumes != 1 || st.Replayed != 1 || st.Identifies != 1 {
		t.Fatalf("stats: %+v", st)
	}
	if p := srv.Problems(); len(p) != 0 {
		t.Fatal(p)
	}
}

// After the sessions are invalidated the bot's RESUME gets op 9 and it
// identifies again; a bot restart (Close, new Session) identifies too.
func TestInvalidSessionAndRestart(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	alice := srv.User("alice")
	dg := startBot(t, srv, guild)

	srv.InvalidateSessions()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	defer cancel()
	if err := srv.WaitReconnected(ctx); err != nil {
		t.Fatal(err)
	}
	if st := srv.GatewayStats(); st.Identifies != 2 || st.Resumes != 0 {
		t.Fatalf("after op 9: %+v", st)
	}
	if r := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "flanders"}, "").Expect(); r.Content == "" {
		t.Fatal("no answer after re-identify")
	}

	// restart: the old process closes cleanly (1000 invalidates its session)
	if err := dg.Close(); err != nil {
		t.Fatal(err)
	}
	ix := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "flanders"}, "")
	if ix.Delivered {
		t.Fatal("an interaction was queued for a closed session")
	}
	startBot(t, srv, guild)
	if r := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "trenches"}, "").Expect(); r.Content == "" {
		t.Fatal("no answer after restart")
	}
	st := srv.GatewayStats()
	// The op 9 made the bot disconnect (developers/events/gateway.mdx,
	// "Resuming": "your app should disconnect", here with 1012), and the
	// restart closed with 1000; the order in which the stand-in reads the
	// close frames of different connections is not fixed.
	if st.Identifies != 3 || !slices.Contains(st.CloseCodes, 1000) {
		t.Fatalf("after restart: %+v", st)
	}
	if len(srv.Commands(guild)) != 2 {
		t.Fatal("re-registration changed the command list")
	}
}

// op 7 RECONNECT: the bot closes, reconnects and resumes.
func TestRequestReconnect(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	dg := startBot(t, srv, guild)
	_ = dg
	srv.RequestReconnect()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	defer cancel()
	if err := srv.WaitReconnected(ctx); err != nil {
		t.Fatal(err)
	}
	if st := srv.GatewayStats(); st.Resumes != 1 || st.Intents != int64(discordgo.IntentsGuilds) {
		t.Fatalf("after op 7: %+v", st)
	}
	r := srv.Slash(srv.User("bob"), ch, guild, "play", map[string]any{"game": "flanders"}, string(discordgo.Polish)).Expect()
	if r.Content != "Table opened (pl)" {
		t.Fatalf("after op 7: %q", r.Content)
	}
}
