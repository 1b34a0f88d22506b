package commands

import (
	"strings"
	"testing"
)

// TestResign: /game resign asks first, privately; the button hands the
// player's seat to the computer, which plays at once when it is to act,
// and the table is told. A stranger cannot resign.
func TestResign(t *testing.T) {
	h := newHarness(t)
	h.startRace() // Ann to act
	if r := h.slash(eve, "game", "resign", nil); !strings.Contains(text(r.Reply.Message), "not") {
		t.Fatalf("a stranger's resign: %+v", r.Reply)
	}
	r := h.slash(ann, "game", "resign", nil)
	if r.Reply.Kind != ReplyPrivate || buttons(r.Reply.Message)["Resign"] == "" {
		t.Fatalf("resign does not ask first: %+v", r.Reply)
	}
	confirm := r.Reply.Message
	tb, _ := h.store.ByChannel(t.Context(), "c")
	if tb.Seats[0].Bot {
		t.Fatal("the question alone resigned")
	}
	r = h.do(Request{Kind: Component, User: ann, CustomID: buttons(confirm)["Resign"], MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "You resigned") {
		t.Fatalf("resign: %+v", r.Reply)
	}
	tb, _ = h.store.ByChannel(t.Context(), "c")
	if !tb.Seats[0].Bot || tb.Seats[1].UserID != bob.ID {
		t.Fatalf("seats after resigning: %+v", tb.Seats)
	}
	// The computer played Ann's turn: the new board pings Bob and says why.
	if len(r.Posts) == 0 || !strings.Contains(r.Posts[0].Message.Content, "<@200>") || !strings.Contains(text(r.Posts[0].Message), "resigned") && !strings.Contains(r.Posts[0].Message.Content, "🏳️") {
		t.Fatalf("after resigning: %+v", r.Posts)
	}
	// Bob's "What happened" tells him that Ann resigned, and what the
	// computer then did in her seat.
	if got := text(h.click(bob, "x", buttons(r.Posts[0].Message)["What happened"]).Reply.Message); !strings.Contains(got, "<@100> resigned") || !strings.Contains(got, "add n=") {
		t.Fatalf("Bob's What happened after Ann resigned: %s", got)
	}
	// Clicking the old question again: Ann holds no seat any more.
	if r := h.do(Request{Kind: Component, User: ann, CustomID: buttons(confirm)["Resign"], MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"}); r.Reply.Kind != ReplyPrivate {
		t.Fatalf("second resign: %+v", r.Reply)
	}
}
