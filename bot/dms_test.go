package bot

import (
	"context"
	"testing"
	"time"

	"github.com/warroom/warroom/discordtest"
)

// createDMs counts Create DM requests (POST /users/@me/channels).
func createDMs(srv *discordtest.Server) int {
	n := 0
	for _, r := range srv.Requests() {
		if r.Method == "POST" && r.Path == "/users/@me/channels" {
			n++
		}
	}
	return n
}

// Reminders to one user open their DM channel once; a kept channel id
// Discord no longer knows is opened again, and the reminder still goes.
func TestDMChannelOpenedOnce(t *testing.T) {
	srv := discordtest.New(t)
	guild := srv.NewGuild()
	ann := srv.User("ann")
	b := startTestBot(t, srv, guild)
	c := &ixCourier{b: b}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for k := range 3 {
		if err := c.DM(ctx, ann.ID, renderMessage("your turn "+string(rune('a'+k))), ""); err != nil {
			t.Fatal(err)
		}
	}
	if n, got := createDMs(srv), len(srv.DMs(ann)); n != 1 || got != 3 {
		t.Fatalf("3 reminders: %d Create DM requests (want 1), %d DMs arrived (want 3)", n, got)
	}
	b.dms.put(ann.ID, "1234") // a channel Discord does not know
	if err := c.DM(ctx, ann.ID, renderMessage("your turn d"), ""); err != nil {
		t.Fatal(err)
	}
	if n, got := createDMs(srv), len(srv.DMs(ann)); n != 2 || got != 4 {
		t.Fatalf("after a stale channel: %d Create DM requests (want 2), %d DMs arrived (want 4)", n, got)
	}
}
