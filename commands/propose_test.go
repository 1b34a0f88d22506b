package commands

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// selects lists a message's selects by custom_id suffix.
func selects(m render.Message) map[string]discordgo.SelectMenu {
	out := map[string]discordgo.SelectMenu{}
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if s, ok := c.(discordgo.SelectMenu); ok {
				out[s.CustomID[strings.LastIndex(s.CustomID, ":")+1:]] = s
			}
		}
	}
	return out
}

// teammates are the acting soldier's player and the two others.
func teammates(t *data.Table, actor games.Seat) (User, []User) {
	acting := userOf(t, actor)
	var others []User
	for _, u := range []User{ann, bob, eve} {
		if u.ID != acting.ID {
			others = append(others, u)
		}
	}
	return acting, others
}

// TestTeamVoteProposal: a teammate proposes another of the acting
// soldier's legal moves from the vote's select; the move is listed as
// the board's menu labels it, with who proposed it and their vote. An
// outsider's and a forged proposal change nothing; the proposal survives
// a restart; a second teammate's vote for it is a majority, and the move
// goes through the gate as the acting soldier's; the old select is then
// stale.
func TestTeamVoteProposal(t *testing.T) {
	h := newHarness(t)
	id := h.startTeam([]User{bob, eve}, 0)
	h.playUntilTurn(id)
	l, _ := h.svc.load(t.Context(), id)
	opts, actor, rest, ok := openVote(l)
	if !ok || len(rest) == 0 {
		t.Fatalf("no vote with moves to propose: %v %v", ok, len(rest))
	}
	_, others := teammates(l.t, actor)
	proposer, second := others[0], others[1]
	msg, _ := voteMessage(l)
	mid := voteMessageID(l.t)
	sel, ok := selects(msg)[votePropose]
	if !ok {
		sel, ok = selects(msg)[voteGroups]
	}
	if !ok || !strings.Contains(msg.Content, "put another of the soldier's moves") {
		t.Fatalf("no proposal select on the vote: %q %v", msg.Content, selects(msg))
	}
	// The move to propose: the first the select offers (through its
	// group's private menu when the moves are many).
	pa := l.ids().enc(KindVote, votePropose)
	move := sel.Options[0].Value
	fromPrivate := strings.HasSuffix(sel.CustomID, ":"+voteGroups)
	if fromPrivate {
		r := h.click(proposer, mid, sel.CustomID, "0")
		ss := selects(r.Reply.Message)
		if r.Reply.Kind != ReplyPrivate || len(ss[votePropose].Options) == 0 {
			t.Fatalf("group menu: %+v", r.Reply)
		}
		move = ss[votePropose].Options[0].Value
	}
	var label string
	for _, c := range rest {
		if c.Action.String() == move {
			label = c.Label
		}
	}
	if label == "" || len(sel.Options) > render.MaxSelectOptions {
		t.Fatalf("select offers %q (%d options), not one of the menu's moves", move, len(sel.Options))
	}
	if a, err := games.ParseAction(move); err != nil {
		t.Fatal(err)
	} else if _, dup := offered(opts, a); dup {
		t.Fatalf("the select offers %s, already an option", move)
	}
	before := l.t.Version

	// Outsiders and forged values change nothing.
	if r := h.click(zed, mid, pa, move); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not one of them") {
		t.Fatalf("outsider: %+v", r.Reply)
	}
	for _, v := range [][]string{{"fly.1.1"}, {"nonsense"}, nil, {move, move}} {
		if r := h.click(proposer, mid, pa, v...); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not valid") {
			t.Fatalf("forged %v: %+v", v, r.Reply)
		}
	}
	if tb, _ := h.store.Get(t.Context(), id); len(proposals(tb)) != 0 || len(ballots(tb)) != 0 || tb.Version != before {
		t.Fatalf("refused proposals changed the table: %+v", tb.Vote)
	}

	// The proposal: on the vote message (or from the group's private
	// menu, which then edits the vote message through the outbox).
	want := label + " (proposed by " + proposer.Name + ") — 1 vote: " + proposer.Name
	var now string
	if fromPrivate {
		r := h.privateClick(proposer, pa, move)
		if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "Your proposal is on the vote") {
			t.Fatalf("private proposal: %+v", r.Reply)
		}
		for _, e := range r.Edits {
			if e.MessageID == mid {
				now = e.Message.Content
			}
		}
	} else {
		r := h.click(proposer, mid, pa, move)
		if r.Reply.Kind != ReplyUpdate || len(r.Reply.Message.Mentions) != 0 {
			t.Fatalf("proposal: %+v", r.Reply)
		}
		now = r.Reply.Message.Content
		if _, still := selects(r.Reply.Message)[votePropose]; still {
			for _, o := range selects(r.Reply.Message)[votePropose].Options {
				if o.Value == move {
					t.Fatal("the proposed move is still offered to propose")
				}
			}
		}
	}
	if !strings.Contains(now, want) {
		t.Fatalf("vote message after the proposal lacks %q:\n%s", want, now)
	}
	tb, _ := h.store.Get(t.Context(), id)
	if p := proposals(tb); len(p) != 1 || p[0].User != proposer.ID || p[0].Action != move || tb.Version != before {
		t.Fatalf("stored proposal %+v at v%d", tb.Vote, tb.Version)
	}

	// A restart keeps it, with its ballot and its button.
	h.restart()
	l, _ = h.svc.load(t.Context(), id)
	msg, _ = voteMessage(l)
	n := len(opts) + 1
	btn := buttons(msg)[render.Clip(fmt.Sprintf("%d. %s", n, label), 80)]
	if btn == "" || !strings.Contains(msg.Content, want) {
		t.Fatalf("after restart: %q %v", msg.Content, buttons(msg))
	}

	// A second teammate's vote makes a majority of three: the move is
	// played as the acting soldier's, through the gate.
	r := h.click(second, mid, btn)
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(r.Reply.Message.Content, "The team chose: **"+label+"** ("+proposer.Name+", "+second.Name+")") {
		t.Fatalf("majority: %+v", r.Reply)
	}
	log, _ := h.store.Log(t.Context(), id)
	var played bool
	for _, e := range log {
		played = played || e.Version == before+1 && e.Seat == actor && e.Action == move
	}
	if tb, _ := h.store.Get(t.Context(), id); !played || tb.Version <= before || len(proposals(tb)) != 0 {
		t.Fatalf("the proposal was not played as the soldier's move (log %v, vote %+v)", log[len(log)-1], tb.Vote)
	}

	// A proposal from the old select: stale, refused privately.
	after, _ := h.store.Get(t.Context(), id)
	if r := h.click(second, mid, pa, move); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "has changed") {
		t.Fatalf("stale proposal: %+v", r.Reply)
	}
	if r := h.privateClick(second, pa, move); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "has changed") {
		t.Fatalf("stale private proposal: %+v", r.Reply)
	}
	if tb, _ := h.store.Get(t.Context(), id); tb.Version != after.Version || len(proposals(tb)) != 0 {
		t.Fatalf("a stale proposal changed the table: v%d %+v", tb.Version, tb.Vote)
	}
}

// TestTeamVoteProposalFromGroupMenu: the group select answers privately
// with that group's moves; a proposal from that private menu edits the
// vote message through the outbox; a second teammate picking the same
// move there votes for it (no second proposal), which is a majority: the
// move is played and the vote message becomes its record.
func TestTeamVoteProposalFromGroupMenu(t *testing.T) {
	h := newHarness(t)
	id := h.startTeam([]User{bob, eve}, 0)
	h.playUntilTurn(id)
	l, _ := h.svc.load(t.Context(), id)
	_, actor, rest, _ := openVote(l)
	_, others := teammates(l.t, actor)
	mid := voteMessageID(l.t)
	before := l.t.Version
	r := h.click(others[0], mid, l.ids().enc(KindVote, voteGroups), "0")
	menu, ok := selects(r.Reply.Message)[votePropose]
	if r.Reply.Kind != ReplyPrivate || !ok || !strings.Contains(r.Reply.Message.Content, "Propose a move for") {
		t.Fatalf("group menu: %+v", r.Reply)
	}
	groups := render.Groups(ctxFor(l, "en", actor), render.Menu{Choices: rest})
	if len(menu.Options) != min(len(groups[0].Choices), render.MaxSelectOptions) {
		t.Fatalf("group %q has %d moves, the menu %d", groups[0].Prompt, len(groups[0].Choices), len(menu.Options))
	}
	move := menu.Options[0].Value
	if r := h.click(others[0], mid, l.ids().enc(KindVote, voteGroups), "99"); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not valid") {
		t.Fatalf("a group that is not there: %+v", r.Reply)
	}
	// The group menu's select works only as a private menu's or on the
	// vote itself; the board's message is neither.
	if r := h.click(others[0], l.t.BoardMessageID, menu.CustomID, move); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not valid") {
		t.Fatalf("proposal on another message: %+v", r.Reply)
	}
	r = h.privateClick(others[0], menu.CustomID, move)
	edited := ""
	for _, e := range r.Edits {
		if e.MessageID == mid {
			edited = e.Message.Content
		}
	}
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(edited, "(proposed by "+others[0].Name+") — 1 vote: "+others[0].Name) {
		t.Fatalf("private proposal: %+v", r)
	}
	if tb, _ := h.store.Get(t.Context(), id); len(proposals(tb)) != 1 || len(ballots(tb)) != 1 || voteMessageID(tb) != mid {
		t.Fatalf("after delivering the proposal: %+v", tb.Vote)
	}
	r = h.privateClick(others[1], menu.CustomID, move)
	if tb, _ := h.store.Get(t.Context(), id); tb.Version <= before {
		t.Fatalf("the second pick did not carry the proposal: %+v", r.Reply)
	}
	record := false
	for _, e := range r.Edits {
		record = record || e.MessageID == mid && strings.Contains(e.Message.Content, "The team chose") && len(e.Message.Components) == 0
	}
	if !record || !strings.Contains(text(r.Reply.Message), "turn is over") {
		t.Fatalf("vote message not turned into the record: %+v", r)
	}
	if tb, _ := h.store.Get(t.Context(), id); voteMessageID(tb) == mid {
		t.Fatalf("the record is still the vote message: %+v", tb.Vote)
	}
}

// TestProposeSelectNarrows: with more moves than a select holds (25,
// developers/components/reference.mdx), the vote lists the menu's groups
// instead; with room for no more proposals it offers none.
func TestProposeSelectNarrows(t *testing.T) {
	l := &loaded{t: &data.Table{ID: "7", Version: 3}}
	rc := ctxFor(l, "en", games.Spectator)
	var cs []render.Choice
	for i := range 30 {
		g := "Move"
		if i%3 == 0 {
			g = "Clear"
		}
		cs = append(cs, render.Choice{Action: games.Action{Verb: "go", Args: []int{i}}, Label: fmt.Sprintf("to %d", i), Group: g})
	}
	sel, ok := proposeSelect(rc, l, cs[:25], 0)
	if !ok || !strings.HasSuffix(sel.CustomID, ":v:pa") || len(sel.Options) != 25 || sel.Options[24].Value != "go.24" {
		t.Fatalf("25 moves: %+v", sel)
	}
	sel, ok = proposeSelect(rc, l, cs, 0)
	if !ok || !strings.HasSuffix(sel.CustomID, ":v:pg") || len(sel.Options) != 2 || sel.Options[0].Label != "Clear" || sel.Options[0].Description != "10 moves" || sel.Options[1].Description != "20 moves" {
		t.Fatalf("30 moves: %+v", sel)
	}
	if _, ok := proposeSelect(rc, l, cs, maxProposals); ok {
		t.Fatal("a proposal select on a full vote")
	}
}

// TestTeamVoteProposalsFull: a vote holds five proposals (one row of
// buttons); a sixth is refused privately and changes nothing, and the
// select is gone.
func TestTeamVoteProposalsFull(t *testing.T) {
	h := newHarness(t)
	id := h.startTeam([]User{bob, eve}, 0)
	h.playUntilTurn(id)
	l, _ := h.svc.load(t.Context(), id)
	_, _, rest, _ := openVote(l)
	if len(rest) < maxProposals+1 {
		t.Skipf("only %d moves to propose", len(rest))
	}
	mid := voteMessageID(l.t)
	pa := l.ids().enc(KindVote, votePropose)
	// Each proposes a new move, so no move gets a majority.
	who := []User{ann, bob, eve, ann, bob}
	var r result
	for i, u := range who {
		r = h.click(u, mid, pa, rest[i].Action.String())
		if r.Reply.Kind != ReplyUpdate {
			t.Fatalf("proposal %d: %+v", i+1, r.Reply)
		}
	}
	if _, ok := selects(r.Reply.Message)[votePropose]; ok || len(buttons(r.Reply.Message)) < maxProposals+1 {
		t.Fatalf("a full vote: %v %v", selects(r.Reply.Message), buttons(r.Reply.Message))
	}
	if r := h.click(eve, mid, pa, rest[maxProposals].Action.String()); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "no room") {
		t.Fatalf("a sixth proposal: %+v", r.Reply)
	}
	tb, _ := h.store.Get(t.Context(), id)
	if len(proposals(tb)) != maxProposals || len(ballots(tb)) != 3 || tb.Version != l.t.Version {
		t.Fatalf("after the sixth: %+v", tb.Vote)
	}
}

// TestTeamVoteProposalAtDeadline: when the turn's time runs out with a
// proposal in the lead, that move is played instead of the computer's.
func TestTeamVoteProposalAtDeadline(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return start.Add(clock) }
	id := h.startTeamWith(map[string]string{"turn_timeout": "1"}, []User{bob, eve}, 0)
	h.playUntilTurn(id)
	l, _ := h.svc.load(t.Context(), id)
	_, actor, rest, ok := openVote(l)
	if !ok || len(rest) == 0 {
		t.Fatal("no vote with moves to propose")
	}
	_, others := teammates(l.t, actor)
	move := rest[len(rest)-1]
	if r := h.click(others[0], voteMessageID(l.t), l.ids().enc(KindVote, votePropose), move.Action.String()); r.Reply.Kind != ReplyUpdate {
		t.Fatalf("proposal: %+v", r.Reply)
	}
	before := l.t.Version
	clock = l.t.Deadline.Sub(start) + time.Minute
	res, ok, err := h.timeout(id)
	if !ok || err != nil {
		t.Fatalf("timeout: %v %v", ok, err)
	}
	log, _ := h.store.Log(t.Context(), id)
	var first string
	for _, e := range log {
		if e.Version == before+1 {
			first = e.Action
		}
	}
	if first != move.Action.String() {
		t.Fatalf("at the deadline %s was played, the team proposed %s", first, move.Action)
	}
	found := false
	for _, p := range res.Posts {
		found = found || strings.Contains(p.Message.Content, "the team's vote decided: **"+move.Label+"**")
	}
	if !found {
		t.Fatalf("no note of the vote in %+v", res.Posts)
	}
}
