package main

import (
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/discordtest"
)

// TestE2EHandoverInTeamThread: in a co-op game played in a private team
// thread, Bob hands his seat to Eve. The offer is posted in the channel,
// where Eve can see it; once she takes the seat she is added to the
// thread and the team plays on to the end with her.
func TestE2EHandoverInTeamThread(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("blindaz", nil, true, 1)
	th := w.teamThread()
	// A command typed in the team thread as soon as it is there finds the
	// table: the thread is recorded before the board goes into it.
	if r := w.expect(w.srv.Slash(w.bob, th, w.guild, "game status", nil, "en-US")); !isBoard(&r.Message) {
		t.Fatalf("status in the thread: %q", r.Text())
	}
	r := w.expect(w.srv.Slash(w.bob, th, w.guild, "game handover", map[string]any{"member": w.eve}, "en-US"))
	if txt := privateText(r); !strings.Contains(txt, "Offer posted") {
		t.Fatalf("handover answer: private %q public %q", txt, r.Text())
	}
	offer, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "<@"+w.eve.ID+">") })
	if err != nil {
		t.Fatalf("no offer in the channel: %v", err)
	}
	if w.srv.Thread(th).HasMember(w.eve) {
		t.Fatal("Eve joined the thread before taking the seat")
	}
	r = w.expect(w.srv.ClickLabel(w.eve, offer, "Take the seat"))
	if !strings.Contains(r.Text(), "taken over") {
		t.Fatalf("after taking the seat: %q", r.Text())
	}
	deadline := time.Now().Add(5 * time.Second)
	for !w.srv.Thread(th).HasMember(w.eve) {
		if time.Now().After(deadline) {
			t.Fatal("Eve was not added to the team thread")
		}
		time.Sleep(20 * time.Millisecond)
	}
	end := w.playToEnd(7, th, 4000)
	if !isResult(end) {
		t.Fatalf("end: %s", end.Text())
	}
	w.noProblems()
}
