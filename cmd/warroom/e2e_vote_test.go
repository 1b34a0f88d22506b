package main

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/discordtest"
)

// isVote: the team's open vote on the next plan ("go with the vote").
func isVote(m *discordtest.Message) bool {
	_, ok := findButton(m, ":v:go")
	return ok
}

// edited waits until message id's content holds want; nil if it never does.
func (w *world) edited(id, want string) *discordtest.Message {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if m := w.srv.Message(id); m != nil && strings.Contains(m.Content, want) {
			return m
		}
		time.Sleep(20 * time.Millisecond)
	}
	if m := w.srv.Message(id); m != nil {
		w.t.Logf("message %s: %q", id, m.Content)
	}
	return nil
}

// TestE2ETeamVote: two players in a Blindaż team thread. Once the first
// soldier's turn begins the bot posts the vote below the board; Ann's
// vote updates it by name (no ping), Bob's makes a majority and the plan
// is carried out, the vote message becoming its record, and the next
// board follows, in English and in Russian. In English Ann first
// proposes another move from the vote's select ("Propose another move",
// through a group's private menu when the moves are many), and Bob's
// vote for that proposal carries it. Every payload is checked against
// Discord's OpenAPI.
func TestE2ETeamVote(t *testing.T) {
	for _, tc := range []struct {
		locale, voted, chose string
		propose              bool
	}{
		{"en-US", "1 vote: ", "The team chose", true},
		{"ru", "1 голос: ", "Команда выбрала", false},
	} {
		t.Run(tc.locale, func(t *testing.T) { teamVote(t, tc.locale, tc.voted, tc.chose, tc.propose) })
	}
}

// propose is Ann's proposal of the first move the vote's select offers
// (through the group's private menu when it lists groups), and the
// vote message once it shows the proposal.
func (w *world) propose(vote *discordtest.Message) *discordtest.Message {
	w.t.Helper()
	var sel *discordtest.SelectMenu
	for _, s := range vote.Selects() {
		if strings.HasSuffix(s.CustomID, ":v:pa") || strings.HasSuffix(s.CustomID, ":v:pg") {
			sel = &s
		}
	}
	if sel == nil {
		w.t.Fatalf("no proposal select on the vote: %v", vote.Selects())
	}
	if strings.HasSuffix(sel.CustomID, ":v:pg") {
		r := w.expect(w.srv.Select(w.ann, vote, sel.CustomID, []string{sel.Options[0].Value}))
		menu := ephemeralWithComponents(r)
		if menu == nil || len(menu.Selects()) == 0 {
			w.t.Fatalf("group select gave no menu: %q", privateText(r))
		}
		pick := menu.Selects()[0]
		r = w.expect(w.srv.Select(w.ann, menu, pick.CustomID, []string{pick.Options[0].Value}))
		if !strings.Contains(privateText(r)+r.Text(), "Your proposal") {
			w.t.Fatalf("private proposal: %q", r.Text())
		}
	} else {
		r := w.expect(w.srv.Select(w.ann, vote, sel.CustomID, []string{sel.Options[0].Value}))
		if privateText(r) != "" {
			w.t.Fatalf("proposal: %q", privateText(r))
		}
	}
	return w.edited(vote.ID, "(proposed by "+w.ann.Username+") — 1 vote: "+w.ann.Username)
}

func teamVote(t *testing.T, locale, voted, chose string, propose bool) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.hostLocale = locale
	w.startBot()
	w.lobby("blindaz", nil, true, 0)
	th := w.teamThread()
	rng := rand.New(rand.NewPCG(3, 1))
	var vote *discordtest.Message
	for i := 0; i < 20 && vote == nil; i++ {
		w.board(th)
		// the vote follows the board: let the bot finish delivering
		if err := w.srv.WaitIdle(w.ctx(), 200*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		b := w.board(th)
		msgs := w.srv.Messages(th)
		if last := msgs[len(msgs)-1]; isVote(&last) {
			vote = &last
			break
		}
		user, ok := w.toAct(b)
		if !ok {
			t.Fatalf("board names nobody to act: %q", b.Content)
		}
		w.move(rng, user, b)
	}
	if vote == nil {
		t.Fatal("no team vote in the thread")
	}
	if len(vote.Mentions()) != 0 {
		t.Fatalf("the vote pings %v", vote.Mentions())
	}
	board := w.board(th)
	first := mustButton(t, vote, ":v:0")
	if propose {
		now := w.propose(vote)
		if now == nil || len(now.Mentions()) != 0 {
			t.Fatalf("Ann's proposal: %v", now)
		}
		vote, first = now, mustButton(t, now, ":v:5")
	} else {
		r := w.expect(w.srv.Click(w.ann, vote, first))
		if now := w.edited(vote.ID, voted); now == nil || privateText(r) != "" || len(now.Mentions()) != 0 {
			t.Fatalf("Ann's vote: %v (private %q)", now, privateText(r))
		}
	}
	r := w.expect(w.srv.Click(w.bob, vote, first))
	if now := w.edited(vote.ID, chose); now == nil || len(now.Buttons()) != 0 || privateText(r) != "" {
		t.Fatalf("Bob's vote: %v (private %q)", now, privateText(r))
	}
	// A whole plan ends the soldier's turn: a new board. A proposal is
	// one move, after which the same soldier may still act: the board
	// is then redrawn in place, its buttons for the next version.
	drawn := func(m *discordtest.Message) bool {
		if m.ID == board.ID {
			return len(m.Buttons()) > 0 && m.Buttons()[0].CustomID != board.Buttons()[0].CustomID
		}
		return isBoard(m) || isResult(m)
	}
	if _, err := w.srv.WaitMessage(w.ctx(), th, drawn); err != nil {
		t.Fatalf("no new board after the vote: %v", err)
	}
	w.noProblems()
}
