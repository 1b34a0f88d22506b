package commands

import (
	"strings"
	"testing"
)

// TestGameList: /game list shows a member's live tables in the server,
// privately, theirs to act first; all:true is for Manage Server only.
func TestGameList(t *testing.T) {
	h := newHarness(t)
	h.startRace() // in channel c: Ann and Bob, Ann to act
	// A lobby of Bob's in another channel.
	if r := h.do(Request{Kind: SlashCommand, User: bob, ChannelID: "c2", Command: "play", Options: map[string]string{"game": "race"}, Locale: "en-US"}); r.Reply.Kind != replyNew {
		t.Fatalf("second lobby: %+v", r.Reply)
	}
	list := func(u User, opts map[string]string, manager bool) result {
		return h.do(Request{Kind: SlashCommand, User: u, ChannelID: "elsewhere", Command: "game", Subcommand: "list", Options: opts, Locale: "en-US", CanManageGuild: manager})
	}
	r := list(ann, nil, false)
	if r.Reply.Kind != ReplyPrivate {
		t.Fatalf("list is not private: %+v", r.Reply)
	}
	if txt := text(r.Reply.Message); !strings.Contains(txt, "<#c>") || !strings.Contains(txt, "your turn") || strings.Contains(txt, "<#c2>") {
		t.Fatalf("Ann's list: %s", txt)
	}
	txt := text(list(bob, nil, false).Reply.Message)
	if !strings.Contains(txt, "waiting for: <@100>") || !strings.Contains(txt, "<#c2>") || strings.Index(txt, "<#c>") > strings.Index(txt, "<#c2>") {
		t.Fatalf("Bob's list (the game in play before the lobby): %s", txt)
	}
	if txt := text(list(User{ID: "300", Name: "Eve"}, nil, false).Reply.Message); !strings.Contains(txt, "no game in progress") {
		t.Fatalf("a member without games: %s", txt)
	}
	if txt := text(list(ann, map[string]string{"all": "true"}, false).Reply.Message); !strings.Contains(txt, "Manage Server") {
		t.Fatalf("all without permission: %s", txt)
	}
	if txt := text(list(ann, map[string]string{"all": "true"}, true).Reply.Message); !strings.Contains(txt, "<#c>") || !strings.Contains(txt, "<#c2>") {
		t.Fatalf("all for a manager: %s", txt)
	}
}
