package commands

import (
	"context"
	"testing"
	"time"
)

// The timer's delivery leaves an effect younger than minAge to the
// interaction that owed it, and carries an older one: a /game status
// typed just after a restart is answered with its board. When the
// restart's redelivery took it first, the command was answered "it is in
// the channel" (TestE2EKilledMidGame, once in .ci/run).
func TestDeliverOverdueLeavesYoungEffects(t *testing.T) {
	h := newHarness(t)
	h.startRace()
	ctx := context.Background()
	status := Request{Kind: SlashCommand, User: ann, GuildID: "g", ChannelID: "c", Command: "game", Subcommand: "status", Locale: "en-US"}
	resp := h.svc.Handle(ctx, status)
	if resp.Table == "" {
		t.Fatalf("/game status owes nothing: %+v", resp.Reply)
	}
	now := h.svc.Now()
	timer := &fakeCourier{h: h}
	if err := h.svc.DeliverOverdue(ctx, resp.Table, Overdue{Now: now, Since: now.Add(-time.Minute), MinAge: time.Hour}, timer); err != nil {
		t.Fatal(err)
	}
	if len(timer.res.Posts)+len(timer.res.Edits) != 0 {
		t.Fatalf("the timer carried the command's young effect: %+v", timer.res)
	}
	cmd := &fakeCourier{h: h, req: status, table: resp.Table}
	if err := h.deliver(cmd); err != nil {
		t.Fatal(err)
	}
	if cmd.res.Reply.Kind != replyNew || len(cmd.res.Reply.Message.Embeds) == 0 {
		t.Fatalf("/game status answered %+v, want its board", cmd.res.Reply)
	}

	resp = h.svc.Handle(ctx, status)
	if err := h.svc.DeliverOverdue(ctx, resp.Table, Overdue{Now: now.Add(2 * time.Hour), MinAge: time.Hour}, timer); err != nil {
		t.Fatal(err)
	}
	if len(timer.res.Posts)+len(timer.res.Edits) == 0 {
		t.Fatal("the timer left an overdue effect")
	}
}
