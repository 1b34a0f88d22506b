package commands

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/render/i18n"
)

// finishRace plays the race game to its end and returns the final board.
func finishRace(t *testing.T, h *harness) post {
	t.Helper()
	return playRace(t, h, h.startRace())
}

// playRace plays a started race to its end and returns the final board.
func playRace(t *testing.T, h *harness, p post) post {
	t.Helper()
	board := post{Message: p.Message, MessageID: p.MessageID}
	players := map[string]User{"100": ann, "200": bob}
	for range 40 {
		r := h.click(players[board.Message.Mentions[0]], board.MessageID, buttons(board.Message)["+2"])
		if len(r.Posts) == 0 {
			t.Fatalf("no board after a move: %+v", r.Reply)
		}
		board = r.Posts[0]
		if strings.Contains(text(board.Message), "Winner") {
			return board
		}
	}
	t.Fatal("the race did not end")
	return post{}
}

// TestRematch: a player of a finished game opens a new lobby with the
// same game and options from the final board; the other player is pinged;
// strangers can't, and a second click finds the channel taken.
func TestRematch(t *testing.T) {
	h := newHarness(t)
	final := finishRace(t, h)
	rematch := buttons(final.Message)["Rematch"]
	if r := h.click(eve, final.MessageID, rematch); !strings.Contains(text(r.Reply.Message), "Only the players") {
		t.Fatalf("a stranger's rematch: %+v", r.Reply)
	}
	r := h.click(bob, final.MessageID, rematch)
	if len(r.Posts) != 2 {
		t.Fatalf("rematch posted %d messages: %+v", len(r.Posts), r)
	}
	lobby, invite := r.Posts[0].Message, r.Posts[1].Message
	if _, ok := buttons(lobby)["Join"]; !ok || !strings.Contains(text(lobby), "<@200>") {
		t.Fatalf("rematch lobby: %s %v", text(lobby), buttons(lobby))
	}
	if !strings.Contains(invite.Content, "<@100>") || len(invite.Mentions) != 1 || invite.Mentions[0] != ann.ID {
		t.Fatalf("invitation %q pings %v", invite.Content, invite.Mentions)
	}
	tb, err := h.store.ByChannel(t.Context(), "c")
	if err != nil || tb.HostID != bob.ID || tb.Game != "race" {
		t.Fatalf("new lobby %+v %v", tb, err)
	}
	if r := h.click(ann, final.MessageID, rematch); !strings.Contains(text(r.Reply.Message), "already") {
		t.Fatalf("second rematch: %+v", r.Reply)
	}
}

// TestRematchInviteOne: a rematch invites one player in the singular
// ("kliknij", not "kliknijcie") in a Polish table.
func TestRematchInviteOne(t *testing.T) {
	h := newHarness(t)
	pl := i18n.For("pl")
	r := h.slash(ann, "play", "", map[string]string{"game": "race", OptLanguage: "pl"})
	r = h.click(bob, h.lobby, buttons(r.Reply.Message)[pl.T("core.lobby.join")])
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)[pl.T("core.lobby.start")])
	if len(r.Posts) != 1 {
		t.Fatalf("start: %+v", r)
	}
	board := r.Posts[0]
	players := map[string]User{"100": ann, "200": bob}
	// The final board pings both players too: play until it offers the rematch.
	for i := 0; buttons(board.Message)[pl.T("core.button.rematch")] == "" && i < 40; i++ {
		r = h.click(players[board.Message.Mentions[0]], board.MessageID, buttons(board.Message)["+2"])
		board = r.Posts[0]
	}
	r = h.click(bob, board.MessageID, buttons(board.Message)[pl.T("core.button.rematch")])
	if len(r.Posts) != 2 {
		t.Fatalf("rematch posted %d messages: %+v", len(r.Posts), r)
	}
	invite := r.Posts[1].Message.Content
	if !strings.Contains(invite, "kliknij ") || strings.Contains(invite, "kliknijcie") {
		t.Fatalf("one invitee in the plural: %q", invite)
	}
}
