package commands

import (
	"strings"
	"testing"
)

var cid = User{ID: "400", Name: "Cid"}

// posted finds the message with a button labelled label among what r
// posted (its public answer first).
func posted(t *testing.T, r result, label string) post {
	t.Helper()
	for _, p := range append([]post{{MessageID: r.Reply.MessageID, Message: r.Reply.Message}}, r.Posts...) {
		if buttons(p.Message)[label] != "" {
			return p
		}
	}
	t.Fatalf("no message with %q: %+v", label, r)
	return post{}
}

// offerOf finds the seat offer a /game handover posted in the channel.
func offerOf(t *testing.T, r result) (msgID string, accept, decline string) {
	t.Helper()
	p := posted(t, r, "Take the seat")
	b := buttons(p.Message)
	return p.MessageID, b["Take the seat"], b["Decline"]
}

// TestHandover: a player offers their seat to another member, who alone
// can take it by button; the game goes on with the same state, the new
// player is pinged when it is their turn, and the old player's buttons
// no longer act for the seat. Until the member accepts nothing changes.
func TestHandover(t *testing.T) {
	h := newHarness(t)
	h.startRace() // Ann (host, seat 0) to act, Bob seat 1
	before, _ := h.store.ByChannel(t.Context(), "c")

	// Bad requests change nothing and say why.
	for _, c := range []struct {
		who  User
		opts map[string]string
		want string
	}{
		{eve, map[string]string{"member": cid.ID, "player": bob.ID}, "Only the host"},
		{eve, map[string]string{"member": cid.ID}, "holds no seat"},
		{ann, map[string]string{"member": bob.ID}, "already plays"},
		{ann, map[string]string{"member": ann.ID}, "Pick another member"},
	} {
		r := h.slash(c.who, "game", "handover", c.opts)
		if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), c.want) {
			t.Errorf("%s %v: %+v, want %q", c.who.Name, c.opts, r.Reply, c.want)
		}
	}
	if tb, _ := h.store.ByChannel(t.Context(), "c"); tb.Offer != nil || tb.Version != before.Version {
		t.Fatalf("a refused handover changed the table: %+v", tb.Offer)
	}

	r := h.slash(ann, "game", "handover", map[string]string{"member": cid.ID})
	msg, accept, decline := offerOf(t, r)
	if tb, _ := h.store.ByChannel(t.Context(), "c"); tb.Seats[0].UserID != ann.ID || tb.Offer == nil {
		t.Fatalf("the offer alone moved the seat: %+v", tb.Seats)
	}
	// Only Cid may take it; a stranger cannot decline it either.
	if r := h.click(eve, msg, accept); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "for <@400>") {
		t.Fatalf("Eve accepting: %+v", r.Reply)
	}
	if r := h.click(bob, msg, decline); r.Reply.Kind != ReplyPrivate {
		t.Fatalf("Bob declining someone else's offer: %+v", r.Reply)
	}
	r = h.click(cid, msg, accept)
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "taken over") {
		t.Fatalf("Cid accepting: %+v", r.Reply)
	}
	tb, _ := h.store.ByChannel(t.Context(), "c")
	if tb.Seats[0].UserID != cid.ID || tb.Seats[0].Name != "Cid" || tb.Seats[1].UserID != bob.ID || tb.Offer != nil {
		t.Fatalf("seats after the handover: %+v offer %+v", tb.Seats, tb.Offer)
	}
	if string(tb.State) != string(before.State) {
		t.Fatal("the handover changed the game")
	}
	// Cid is to act: the new board pings Cid, and says what happened.
	if len(r.Posts) == 0 || !strings.Contains(r.Posts[0].Message.Content, "<@400>") || !strings.Contains(r.Posts[0].Message.Content, "took over") {
		t.Fatalf("new board after the handover: %+v", r.Posts)
	}
	board := r.Posts[0]
	if r := h.click(ann, board.MessageID, buttons(board.Message)["Step"]); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not") {
		t.Fatalf("Ann still acts for the seat: %+v", r.Reply)
	}
	// The old offer cannot be taken twice.
	if r := h.click(cid, msg, accept); !strings.Contains(text(r.Reply.Message), "no longer open") {
		t.Fatalf("second accept: %+v", r.Reply)
	}
}

// TestHandoverByHost: the host offers an absent player's seat; the member
// declines, and nothing changes. Another player may not offer Bob's seat.
func TestHandoverByHost(t *testing.T) {
	h := newHarness(t)
	h.startRace()
	if r := h.slash(bob, "game", "handover", map[string]string{"member": cid.ID, "player": ann.ID}); !strings.Contains(text(r.Reply.Message), "Only the host") {
		t.Fatalf("Bob offering Ann's seat: %+v", r.Reply)
	}
	r := h.slash(ann, "game", "handover", map[string]string{"member": cid.ID, "player": bob.ID})
	msg, _, decline := offerOf(t, r)
	// The offer names Bob's seat and pings Cid alone.
	if offer := posted(t, r, "Take the seat").Message; !strings.Contains(offer.Content, "<@400>") || !strings.Contains(offer.Content, "<@200>") ||
		len(offer.Mentions) != 1 || offer.Mentions[0] != cid.ID {
		t.Fatalf("offer %q pings %v", offer.Content, offer.Mentions)
	}
	if r := h.click(cid, msg, decline); r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "declined") {
		t.Fatalf("declining: %+v", r.Reply)
	}
	tb, _ := h.store.ByChannel(t.Context(), "c")
	if tb.Seats[1].UserID != bob.ID || tb.Offer != nil {
		t.Fatalf("after declining: %+v %+v", tb.Seats, tb.Offer)
	}
}
