package commands

import (
	"strings"
	"testing"
	"time"
)

// pauseProposal finds the proposal /game pause posted.
func pauseProposal(t *testing.T, r result) (msgID, agree, refuse string) {
	t.Helper()
	p := posted(t, r, "Agree")
	b := buttons(p.Message)
	return p.MessageID, b["Agree"], b["Refuse"]
}

// TestPauseByAgreement: a pause starts only once every player agreed by
// button; while it lasts nobody moves and the clock stands still (the
// timer does nothing long past the deadline); /game resume gives back the
// turn time that remained and pings the player to act.
func TestPauseByAgreement(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	board := h.clockedTable("race", "10", &clock) // Ann to act, 10 h per turn
	if r := h.slash(eve, "game", "pause", nil); !strings.Contains(text(r.Reply.Message), "Only the players") {
		t.Fatalf("a stranger's pause: %+v", r.Reply)
	}
	clock = 2 * time.Hour
	r := h.slash(ann, "game", "pause", nil)
	msg, agree, _ := pauseProposal(t, r)
	if tb, _ := h.store.ByChannel(t.Context(), "c"); tb.Paused() || tb.Deadline.IsZero() {
		t.Fatal("paused before Bob agreed")
	}
	if r := h.click(eve, msg, agree); r.Reply.Kind != ReplyPrivate {
		t.Fatalf("a stranger agreed: %+v", r.Reply)
	}
	r = h.click(bob, msg, agree)
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "paused") {
		t.Fatalf("Bob agreeing: %+v", r.Reply)
	}
	tb, _ := h.store.ByChannel(t.Context(), "c")
	if !tb.Paused() || !tb.Deadline.IsZero() || tb.Pause.Left != 8*time.Hour {
		t.Fatalf("pause: %+v deadline %v", tb.Pause, tb.Deadline)
	}
	// No moves, and the board shows no move buttons.
	if r := h.click(ann, h.board, buttons(board.Message)["+1"]); !strings.Contains(text(r.Reply.Message), "paused") {
		t.Fatalf("a move while paused: %+v", r.Reply)
	}
	if _, ok := h.tick(&clock, 100*time.Hour); ok {
		t.Fatal("the timer acted on a paused table")
	}
	r = h.slash(bob, "game", "resume", nil)
	tb, _ = h.store.ByChannel(t.Context(), "c")
	if tb.Pause != nil || !tb.Deadline.Equal(h.svc.Now().Add(8*time.Hour)) {
		t.Fatalf("after resuming: pause %+v deadline %v (now %v)", tb.Pause, tb.Deadline, h.svc.Now())
	}
	var fresh *post
	for i := range r.Posts {
		if strings.Contains(r.Posts[i].Message.Content, "<@100>") {
			fresh = &r.Posts[i]
		}
	}
	if fresh == nil && strings.Contains(r.Reply.Message.Content, "<@100>") {
		fresh = &post{MessageID: r.Reply.MessageID, Message: r.Reply.Message}
	}
	if fresh == nil || !strings.Contains(fresh.Message.Content, "resumed") {
		t.Fatalf("resume did not ping Ann: %+v", r)
	}
	if r := h.click(ann, fresh.MessageID, buttons(fresh.Message)["+1"]); len(r.Posts) == 0 {
		t.Fatalf("a move after resuming: %+v", r.Reply)
	}
}

// TestPauseRefused: one refusal drops the proposal and nothing changes.
func TestPauseRefused(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	h.clockedTable("race", "10", &clock)
	msg, _, refuse := pauseProposal(t, h.slash(ann, "game", "pause", nil))
	if r := h.click(bob, msg, refuse); !strings.Contains(text(r.Reply.Message), "refused") {
		t.Fatalf("refusing: %+v", r.Reply)
	}
	if tb, _ := h.store.ByChannel(t.Context(), "c"); tb.Pause != nil || tb.Deadline.IsZero() {
		t.Fatalf("after a refusal: %+v", tb.Pause)
	}
	if r := h.slash(ann, "game", "resume", nil); !strings.Contains(text(r.Reply.Message), "not paused") {
		t.Fatalf("resume without a pause: %+v", r.Reply)
	}
}
