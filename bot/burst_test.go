package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/discordtest"
)

// A command is answered directly while the bot is quiet, and deferred at
// once (type 5, then the answer in the deferred message) when it has more
// than burst interactions in hand.
func TestBusyBotDefersCommandsAtOnce(t *testing.T) {
	srv := discordtest.New(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	ann := srv.User("ann")
	b := startTestBot(t, srv, guild)
	ctx := context.Background()
	answer := func(name string) *discordtest.Response {
		t.Helper()
		wait, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		r, err := srv.Slash(ann, ch, guild, name, map[string]any{}, "en-US").Wait(wait)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}

	if r := answer("help"); r.Deferred() || r.Text() == "" {
		t.Fatalf("quiet: /help deferred (%v) or empty: %q", r.Deferred(), r.Text())
	}
	b.handling.Add(burst) // as if burst others were in hand
	r := answer("help")
	b.handling.Add(-burst)
	if !r.Deferred() || !strings.Contains(r.Text(), "/play") {
		t.Fatalf("busy: /help deferred %v, answer %q", r.Deferred(), r.Text())
	}
	if r := answer("help"); r.Deferred() {
		t.Fatal("quiet again: /help deferred")
	}
}
