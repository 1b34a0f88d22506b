package commands

import (
	"strings"
	"testing"
	"time"
)

// TestVacation: a player away has their table told, gets no reminder,
// and a deadline that passes while they are away waits for their return
// (the whole turn's time again); once the table's allowance is used, or
// after their return, the deadline applies and the computer plays.
func TestVacation(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	h.clockedTable("race", "10", &clock) // Ann to act, due at +10 h
	start := h.svc.Now()
	before, _ := h.store.ByChannel("c")

	r := h.slash(ann, "game", "vacation", map[string]string{"days": "3"})
	if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "away until") {
		t.Fatalf("vacation: %+v", r.Reply)
	}
	if len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Message.Content, "<@100> is away") {
		t.Fatalf("the table was not told: %+v", r.Posts)
	}
	tick := func(at time.Duration) (result, bool) { return h.tick(&clock, at) }
	if res, _ := tick(5 * time.Hour); len(res.Posts) != 0 {
		t.Fatalf("a reminder for a player on vacation: %+v", res.Posts)
	}
	// The deadline passes while Ann is away: it moves to her return
	// (+72 h) plus the turn's 10 hours, and the board is redrawn.
	tick(11 * time.Hour)
	tb, _ := h.store.ByChannel("c")
	if want := start.Add(72*time.Hour + 10*time.Hour); !tb.Deadline.Equal(want) {
		t.Fatalf("deadline %v, want %v", tb.Deadline, want)
	}
	if tb.Version != before.Version {
		t.Fatalf("the computer played for an absent player: version %d, was %d", tb.Version, before.Version)
	}
	// Back at +72 h; the moved deadline passes at +82 h: the computer plays.
	if _, ok := tick(83 * time.Hour); !ok {
		t.Fatal("the deadline after the return was not enforced")
	}
	if tb, _ = h.store.ByChannel("c"); tb.Version == before.Version {
		t.Fatal("no computer move after the vacation")
	}
	if r := h.slash(ann, "game", "vacation", map[string]string{"days": "30"}); !strings.Contains(text(r.Reply.Message), "days") {
		t.Fatalf("30 days accepted: %+v", r.Reply)
	}
}
