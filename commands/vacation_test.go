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
	before, _ := h.store.ByChannel(t.Context(), "c")

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
	tb, _ := h.store.ByChannel(t.Context(), "c")
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
	if tb, _ = h.store.ByChannel(t.Context(), "c"); tb.Version == before.Version {
		t.Fatal("no computer move after the vacation")
	}
	if r := h.slash(ann, "game", "vacation", map[string]string{"days": "30"}); !strings.Contains(text(r.Reply.Message), "days") {
		t.Fatalf("30 days accepted: %+v", r.Reply)
	}
}

// TestVacationAllowanceAndReturn: one table grants at most
// MaxVacationDays of waiting in all, however the absences are declared;
// days:0 ends an absence and the tables are told the player is back.
func TestVacationAllowanceAndReturn(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	h.clockedTable("race", "10", &clock) // Ann to act, due at +10 h
	start := h.svc.Now()
	day := 24 * time.Hour
	h.slash(ann, "game", "vacation", map[string]string{"days": "14"})
	h.tick(&clock, 11*time.Hour) // waits: used 14 d - 11 h
	tb, _ := h.store.ByChannel(t.Context(), "c")
	if want := start.Add(14*day + 10*time.Hour); !tb.Deadline.Equal(want) {
		t.Fatalf("first wait: deadline %v, want %v", tb.Deadline, want)
	}
	// Away again right after: only the 11 hours left of the allowance.
	clock = 14*day + 10*time.Hour
	h.slash(ann, "game", "vacation", map[string]string{"days": "14"})
	h.tick(&clock, 14*day+10*time.Hour+time.Minute)
	tb, _ = h.store.ByChannel(t.Context(), "c")
	// 11 hours of allowance were left: the turn's 10 hours count from then.
	now := start.Add(14*day + 10*time.Hour + time.Minute)
	if used := tb.AwayUsed[ann.ID]; used != MaxVacationDays*day || !tb.Deadline.Equal(now.Add(11*time.Hour+10*time.Hour)) {
		t.Fatalf("allowance: used %v, deadline %v, want %v", used, tb.Deadline, now.Add(21*time.Hour))
	}
	r := h.slash(ann, "game", "vacation", map[string]string{"days": "0"})
	if !strings.Contains(text(r.Reply.Message), "Welcome back") || len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Message.Content, "is back") {
		t.Fatalf("return: %q %+v", text(r.Reply.Message), r.Posts)
	}
	if us, _ := h.store.UserSettings(t.Context(), ann.ID); !us.AwayUntil.IsZero() {
		t.Fatalf("still away until %v", us.AwayUntil)
	}
}
