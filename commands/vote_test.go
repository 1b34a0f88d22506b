package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

var zed = User{ID: "400", Name: "Zed"}

// startTeam opens a Blindaż table with Ann as host, the others joined
// (and computer teammates added), started, and returns its id.
func (h *harness) startTeam(others []User, bots int) string {
	h.t.Helper()
	return h.startTeamWith(nil, others, bots)
}

// startTeamWith is startTeam with /play options besides the game.
func (h *harness) startTeamWith(opts map[string]string, others []User, bots int) string {
	h.t.Helper()
	play := map[string]string{"game": "blindaz"}
	for k, v := range opts {
		play[k] = v
	}
	r := h.slash(ann, "play", "", play)
	if r.Reply.Kind != replyNew {
		h.t.Fatalf("play: %+v", r.Reply)
	}
	table := r.Reply.BoardOf
	msg := r.Reply.Message
	for _, u := range others {
		msg = h.click(u, h.lobby, buttons(msg)["Join"]).Reply.Message
	}
	for i := 0; i < bots; i++ {
		msg = h.click(ann, h.lobby, buttons(msg)["Add computer player"]).Reply.Message
	}
	if r := h.click(ann, h.lobby, buttons(msg)["Start"]); r.Reply.Kind != ReplyUpdate {
		h.t.Fatalf("start: %+v", r.Reply)
	}
	return table
}

// userOf is the harness user holding seat.
func userOf(t *data.Table, seat games.Seat) User {
	for _, u := range []User{ann, bob, eve} {
		if u.ID == t.Seats[seat].UserID {
			return u
		}
	}
	return User{}
}

// playUntilTurn plays the computer policy's choices for whoever is to act
// (through the service, as confirmed clicks) until a soldier's turn
// begins, and returns every post made on the way.
func (h *harness) playUntilTurn(id string) []post {
	h.t.Helper()
	var posts []post
	for i := 0; i < 40; i++ {
		l, err := h.svc.load(context.Background(), id)
		if err != nil {
			h.t.Fatal(err)
		}
		planner, _ := testMods.Plans(l.t.Game)
		if len(planner(ctxFor(l, "en", games.Spectator), l.eng.View(l.state, games.Spectator), 1)) > 0 {
			return posts
		}
		seat := l.eng.Active(l.state)[0]
		a := l.eng.Bot(l.state, seat, l.t.RNG)
		cid, _ := CustomID{Table: id, Version: l.t.Version, Kind: KindSure, Action: a}.Encode()
		r := h.privateClick(userOf(l.t, seat), cid)
		if r.Reply.Kind == ReplyPrivate && !strings.Contains(text(r.Reply.Message), "Done") {
			h.t.Fatalf("move %v: %s", a, text(r.Reply.Message))
		}
		posts = append(posts, r.Posts...)
	}
	h.t.Fatal("no soldier's turn began")
	return nil
}

// votePosts are the vote messages among posts.
func votePosts(posts []post) []post {
	var out []post
	for _, p := range posts {
		if strings.Contains(p.Message.Content, "Team vote") {
			out = append(out, p)
		}
	}
	return out
}

// TestTeamVote: three humans; two choosing the same plan carry it out
// through the gate (one commit, the plan's actions in the log), every
// click answered once; a vote from the old message after the move is
// refused as stale, a member of no team is refused, and ballots survive
// a restart.
func TestTeamVote(t *testing.T) {
	h := newHarness(t)
	id := h.startTeam([]User{bob, eve}, 0)
	posts := h.playUntilTurn(id)
	votes := votePosts(posts)
	if len(votes) != 1 {
		t.Fatalf("%d vote messages when the first turn began", len(votes))
	}
	vote := votes[0]
	tb, _ := h.store.Get(t.Context(), id)
	if vote.ChannelID != tb.ThreadID || tb.ThreadID == "" || voteMessageID(tb) != vote.MessageID {
		t.Fatalf("vote %s in %s, thread %s, recorded %+v", vote.MessageID, vote.ChannelID, tb.ThreadID, tb.Vote)
	}
	if len(vote.Message.Mentions) != 0 {
		t.Fatalf("the vote pings %v", vote.Message.Mentions)
	}
	planBtn := func(m []post, n string) string {
		for label, cid := range buttons(m[0].Message) {
			if strings.HasPrefix(label, n+". ") {
				return cid
			}
		}
		t.Fatalf("no plan %s in %v", n, buttons(m[0].Message))
		return ""
	}
	first := planBtn(votes, "1")

	// Someone who does not play is told so, and nothing is counted.
	if r := h.click(zed, vote.MessageID, first); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not one of them") {
		t.Fatalf("outsider: %+v", r.Reply)
	}
	// The first vote updates the message, naming (not pinging) the voter.
	voter1, voter2 := bob, eve
	r := h.click(voter1, vote.MessageID, first)
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(r.Reply.Message.Content, "1 vote: "+voter1.Name) || len(r.Reply.Message.Mentions) != 0 || len(r.Posts) != 0 {
		t.Fatalf("first vote: %+v", r)
	}
	// Only the acting soldier's player may go with the vote.
	l, _ := h.svc.load(t.Context(), id)
	plans, actor, _ := votePlans(l)
	acting := userOf(l.t, actor)
	for _, u := range []User{ann, bob, eve} {
		if u.ID != acting.ID {
			if r := h.click(u, vote.MessageID, buttons(vote.Message)["Go with the vote"]); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "Only "+acting.Name) {
				t.Fatalf("go by %s: %+v", u.Name, r.Reply)
			}
			break
		}
	}
	before := l.t.Version
	r = h.click(voter2, vote.MessageID, first)
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(r.Reply.Message.Content, "The team chose") || len(r.Reply.Message.Components) != 0 {
		t.Fatalf("majority: %+v", r.Reply)
	}
	log, err := h.store.Log(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var done []string
	for _, e := range log {
		if e.Version > before && e.Seat == actor && len(done) < len(plans[0].Actions) {
			done = append(done, e.Action)
		}
	}
	for i, a := range plans[0].Actions {
		if i >= len(done) || done[i] != a.String() {
			t.Fatalf("carried out %v, the plan was %v", done, plans[0].Actions)
		}
	}
	if tb, _ := h.store.Get(t.Context(), id); tb.Version <= before || len(ballots(tb)) != 0 {
		t.Fatalf("after the plan: version %d (was %d), ballots %v", tb.Version, before, ballots(tb))
	}

	// The old message's buttons are stale now.
	if r := h.click(ann, vote.MessageID, planBtn(votes, "2")); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "has changed") {
		t.Fatalf("stale vote: %+v", r.Reply)
	}

	// Ballots are in the record and survive a restart.
	h.playUntilTurn(id)
	tb, _ = h.store.Get(t.Context(), id)
	if voteMessageID(tb) == "" {
		t.Fatalf("no vote message for the next turn: %+v", tb.Vote)
	}
	next := []post{{MessageID: voteMessageID(tb)}}
	l, _ = h.svc.load(t.Context(), id)
	next[0].Message, _ = voteMessage(l)
	second := planBtn(next, "2")
	if r := h.click(ann, next[0].MessageID, second); r.Reply.Kind != ReplyUpdate {
		t.Fatalf("vote before restart: %+v", r.Reply)
	}
	h.restart()
	tb, _ = h.store.Get(t.Context(), id)
	if b := ballots(tb); len(b) != 1 || b[0].User != ann.ID || b[0].Plan != 1 {
		t.Fatalf("after restart: %+v", tb.Vote)
	}
	before = tb.Version
	if r := h.click(bob, next[0].MessageID, second); r.Reply.Kind != ReplyUpdate || !strings.Contains(r.Reply.Message.Content, "The team chose") || !strings.Contains(r.Reply.Message.Content, "Ann, Bob") {
		t.Fatalf("majority after restart: %+v", r.Reply)
	}
	if tb, _ := h.store.Get(t.Context(), id); tb.Version <= before {
		t.Fatal("the plan was not carried out")
	}
}

// TestTeamVoteGoWith: the acting soldier's player carries out the plan
// in the lead without a majority.
func TestTeamVoteGoWith(t *testing.T) {
	h := newHarness(t)
	id := h.startTeam([]User{bob, eve}, 0)
	h.playUntilTurn(id)
	l, _ := h.svc.load(t.Context(), id)
	_, actor, ok := votePlans(l)
	if !ok {
		t.Fatal("no vote open")
	}
	msg, _ := voteMessage(l)
	mid := voteMessageID(l.t)
	acting := userOf(l.t, actor)
	goID := buttons(msg)["Go with the vote"]
	if r := h.click(acting, mid, goID); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "Nobody has voted") {
		t.Fatalf("go with no votes: %+v", r.Reply)
	}
	var other User
	for _, u := range []User{ann, bob, eve} {
		if u.ID != acting.ID {
			other = u
			break
		}
	}
	var third string
	for label, cid := range buttons(msg) {
		if strings.HasPrefix(label, "3. ") || third == "" && strings.HasPrefix(label, "2. ") {
			third = cid
		}
	}
	h.click(other, mid, third)
	before := l.t.Version
	if r := h.click(acting, mid, goID); r.Reply.Kind != ReplyUpdate || !strings.Contains(r.Reply.Message.Content, other.Name) {
		t.Fatalf("go with the vote: %+v", r.Reply)
	}
	if tb, _ := h.store.Get(t.Context(), id); tb.Version <= before {
		t.Fatal("nothing carried out")
	}
}

// TestTeamVoteSoloAndComputers: one human (with computer teammates) gets
// no vote; two humans and a computer need both humans' votes.
func TestTeamVoteSoloAndComputers(t *testing.T) {
	h := newHarness(t)
	id := h.startTeam(nil, 2)
	if v := votePosts(h.playUntilTurn(id)); len(v) != 0 {
		t.Fatalf("solo game got a vote: %q", v[0].Message.Content)
	}
	if tb, _ := h.store.Get(t.Context(), id); tb.Vote != nil {
		t.Fatalf("solo table records a vote: %+v", tb.Vote)
	}

	h = newHarness(t)
	id = h.startTeam([]User{bob}, 1)
	h.playUntilTurn(id)
	l, _ := h.svc.load(t.Context(), id)
	msg, ok := voteMessage(l)
	if !ok {
		// a computer teammate may be the first to act: play on
		t.Skip("the computer soldier acts first")
	}
	if !strings.Contains(msg.Content, "A plan with 2 votes") {
		t.Fatalf("two humans and a computer: %q", msg.Content)
	}
}

// TestTeamVoteAtDeadline: when the turn's time runs out, the plan in the
// lead is carried out instead of the computer's choice.
func TestTeamVoteAtDeadline(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return start.Add(clock) }
	id := h.startTeamWith(map[string]string{"turn_timeout": "1"}, []User{bob, eve}, 0)
	h.playUntilTurn(id)
	l, _ := h.svc.load(t.Context(), id)
	plans, actor, ok := votePlans(l)
	if !ok {
		t.Fatal("no vote open")
	}
	pick := len(plans) - 1
	vm, _ := voteMessage(l)
	var voter User
	for _, u := range []User{ann, bob, eve} {
		if u.ID != l.t.Seats[actor].UserID {
			voter = u
			break
		}
	}
	if r := h.click(voter, voteMessageID(l.t), buttons(vm)[fmt.Sprintf("%d. %s", pick+1, plans[pick].Text)]); r.Reply.Kind != ReplyUpdate {
		t.Fatalf("vote: %+v", r.Reply)
	}
	before := l.t.Version
	clock = l.t.Deadline.Sub(start) + time.Minute
	res, ok, err := h.timeout(id)
	if !ok || err != nil {
		t.Fatalf("timeout: %v %v", ok, err)
	}
	log, _ := h.store.Log(t.Context(), id)
	var done []string
	for _, e := range log {
		if e.Version > before && len(done) < len(plans[pick].Actions) {
			done = append(done, e.Action)
		}
	}
	if fmt.Sprint(done) != fmt.Sprint(plans[pick].Actions) {
		t.Fatalf("at the deadline %v was played, the vote was for %v", done, plans[pick].Actions)
	}
	found := false
	for _, p := range res.Posts {
		found = found || strings.Contains(p.Message.Content, "the team's vote decided: **"+plans[pick].Text+"**")
	}
	if !found {
		t.Fatalf("no note of the vote in %+v", res.Posts)
	}
}

// TestLeading: most votes wins; a tie goes to the acting soldier's
// player's choice, else to the engine's better plan; no votes, no plan.
func TestLeading(t *testing.T) {
	b := func(u string, p int) data.Ballot { return data.Ballot{User: u, Plan: p} }
	for _, tc := range []struct {
		bs   []data.Ballot
		want int
		ok   bool
	}{
		{nil, 0, false},
		{[]data.Ballot{b("x", 3)}, 3, true},
		{[]data.Ballot{b("x", 3), b("y", 1), b("z", 3)}, 3, true},
		{[]data.Ballot{b("x", 3), b("y", 1)}, 1, true},
		{[]data.Ballot{b("x", 3), b("actor", 4)}, 4, true},
		{[]data.Ballot{b("x", 3), b("y", 3), b("actor", 4)}, 3, true},
	} {
		got, ok := leading(tc.bs, "actor")
		if got != tc.want && tc.ok || ok != tc.ok {
			t.Errorf("%v: %d %v, want %d %v", tc.bs, got, ok, tc.want, tc.ok)
		}
	}
}

// TestBallotsOfSeatedOnly: a vote of someone no longer seated (a seat
// handed over) and a vote for an earlier version do not count.
func TestBallotsOfSeatedOnly(t *testing.T) {
	tb := &data.Table{Version: 9, Seats: []data.Seat{{UserID: ann.ID}, {UserID: eve.ID}, {Bot: true}},
		Vote: &data.Vote{Version: 9, Ballots: []data.Ballot{{User: ann.ID, Plan: 1}, {User: bob.ID, Plan: 1}, {User: eve.ID, Plan: 0}}}}
	if got := ballots(tb); len(got) != 2 || got[0].User != ann.ID || got[1].User != eve.ID {
		t.Fatalf("ballots %v", got)
	}
	tb.Version = 10
	if got := ballots(tb); len(got) != 0 {
		t.Fatalf("ballots of an earlier version: %v", got)
	}
}

// TestTeamVoteFollowsBoard: /game status moves the vote down below the
// reposted board with its ballots; abandoning takes its buttons off.
func TestTeamVoteFollowsBoard(t *testing.T) {
	h := newHarness(t)
	id := h.startTeam([]User{bob, eve}, 0)
	h.playUntilTurn(id)
	l, _ := h.svc.load(t.Context(), id)
	msg, _ := voteMessage(l)
	old := voteMessageID(l.t)
	for label, cid := range buttons(msg) {
		if strings.HasPrefix(label, "1. ") {
			h.click(eve, old, cid)
		}
	}
	r := h.do(Request{Kind: SlashCommand, User: bob, ChannelID: l.t.ThreadID, Command: "game", Subcommand: "status", Locale: "en-US"})
	votes := votePosts(r.Posts)
	if len(votes) != 1 || !strings.Contains(votes[0].Message.Content, "1 vote: Eve") {
		t.Fatalf("status: %+v", r)
	}
	stripped := false
	for _, e := range r.Edits {
		stripped = stripped || e.StripOnly && e.MessageID == old
	}
	if tb, _ := h.store.Get(t.Context(), id); !stripped || voteMessageID(tb) != votes[0].MessageID {
		t.Fatalf("old vote %s stripped %v; recorded %+v", old, stripped, tb.Vote)
	}
	r = h.slash(ann, "game", "abandon", nil)
	r = h.do(Request{Kind: Component, User: ann, CustomID: buttons(r.Reply.Message)["Abandon the game"], MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	stripped = false
	for _, e := range r.Edits {
		stripped = stripped || e.StripOnly && e.MessageID == votes[0].MessageID
	}
	if !stripped {
		t.Fatalf("abandon left the vote's buttons: %+v", r.Edits)
	}
}
