package main

import (
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/bot/discordtest"
)

// TestE2ERemindersByDM: players who chose /game reminders mode:dm are
// reminded of their turn by direct message, with a link to the board;
// one who accepts no DMs from the bot is pinged in the channel instead.
func TestE2ERemindersByDM(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images", "--timer-interval", "100ms", "--dev-timeout-unit", "3s"}
	w.startBot()
	for _, u := range []discordtest.User{w.ann, w.bob} {
		if r := w.expect(w.srv.Slash(u, w.ch, w.guild, "game reminders", map[string]any{"mode": "dm"}, "en-US")); !strings.Contains(privateText(r), "direct message") {
			t.Fatalf("reminders dm: %q", privateText(r))
		}
	}
	w.srv.CloseDMs(w.bob)
	w.lobby("flanders", map[string]any{"turn_timeout": 1}, true, 0)
	deadline := time.Now().Add(20 * time.Second)
	for {
		dms := w.srv.DMs(w.ann)
		pinged := false
		for _, m := range w.srv.Messages(w.ch) {
			pinged = pinged || strings.Contains(m.Content, "runs out") && m.Pings(w.bob)
		}
		if len(dms) > 0 && pinged {
			if !strings.Contains(dms[0].Content, "https://discord.com/channels/"+w.guild+"/"+w.ch+"/") || !strings.Contains(dms[0].Content, "<t:") {
				t.Fatalf("DM %q", dms[0].Content)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Ann's DMs %d, Bob pinged in the channel %v", len(dms), pinged)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, m := range w.srv.Messages(w.ch) {
		if strings.Contains(m.Content, "runs out") && m.Pings(w.ann) {
			t.Fatalf("Ann, reminded by DM, was pinged in the channel: %q", m.Content)
		}
	}
	if len(w.srv.DMs(w.bob)) != 0 {
		t.Fatal("a DM reached Bob, who accepts none")
	}
	w.noProblems()
}
