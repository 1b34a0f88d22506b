package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
)

// Every kind ParseCustomID accepts has a route, and every route's kind is
// one it accepts: a kind added to one place and not the other fails here.
func TestEveryKindRouted(t *testing.T) {
	payloads := []string{"", "1", "add.1", "join", "accept", "agree", voteGo}
	parsed := map[string]bool{}
	for k := byte('a'); k <= 'z'; k++ {
		for _, p := range payloads {
			raw := "w1:1:0:" + string(k)
			if p != "" {
				raw += ":" + p
			}
			if id, err := ParseCustomID(raw); err == nil {
				parsed[id.Kind] = true
			}
		}
	}
	for kind := range parsed {
		if _, ok := routes[kind]; !ok {
			t.Errorf("kind %q parses but has no route", kind)
		}
	}
	for kind := range routes {
		if !parsed[kind] {
			t.Errorf("kind %q is routed but never parses", kind)
		}
	}
}

// A click on a message another replica is still delivering waits for its
// record at most until the interaction's ctx is done, not for the whole
// delivery budget.
func TestClickWaitingForDeliveryStopsWithCtx(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	tb, err := h.store.Get(t.Context(), p.BoardOf)
	if err != nil {
		t.Fatal(err)
	}
	tb.Owe(time.Now(), data.Effect{Kind: data.EffectBoard}) // a board being posted elsewhere
	if err := h.store.Update(t.Context(), tb, tb.Version); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	resp := h.svc.Handle(ctx, Request{Kind: Component, User: ann, GuildID: "g", ChannelID: "c",
		CustomID: buttons(p.Message)["mark"], MessageID: "the-new-board", Locale: "en-US"})
	took := time.Since(start)
	if took < 90*time.Millisecond || took > deliveryBudget/2 {
		t.Fatalf("the click waited %v (ctx 100ms, budget %v)", took, deliveryBudget)
	}
	if resp.Reply.Kind != ReplyPrivate || strings.Contains(text(resp.Reply.Message), "marks 1") {
		t.Fatalf("a click whose ctx ran out was answered %+v %q", resp.Reply.Kind, text(resp.Reply.Message))
	}
}

// Handle passes the interaction's ctx down to the store: a click whose
// interaction has already timed out changes nothing.
func TestHandleCtxReachesTheStore(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	before, err := h.store.Get(t.Context(), p.BoardOf)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	resp := h.svc.Handle(ctx, Request{Kind: Component, User: ann, GuildID: "g", ChannelID: "c",
		CustomID: buttons(p.Message)["mark"], MessageID: h.board, Locale: "en-US"})
	if resp.Reply.Kind != ReplyPrivate || resp.Table != "" {
		t.Fatalf("a click after its ctx ended was answered %+v", resp)
	}
	tb, err := h.store.Get(t.Context(), p.BoardOf)
	if err != nil || tb.Version != before.Version {
		t.Fatalf("the table changed under a cancelled ctx: version %d, was %d (%v)", tb.Version, before.Version, err)
	}
}
