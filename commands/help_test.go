package commands

import (
	"strings"
	"testing"
)

// TestHelp: /help answers privately, anywhere in a server, with every
// game, its players and its /play command, in the member's language;
// /help game:X shows that game's rules.
func TestHelp(t *testing.T) {
	h := newHarness(t)
	r := h.slash(eve, "help", "", nil)
	if r.Reply.Kind != ReplyPrivate {
		t.Fatalf("help is not private: %+v", r.Reply)
	}
	got := text(r.Reply.Message)
	for _, want := range []string{"/play <game>", "In Flanders Field", "`/play flanders`", "`/play trenches`", "`/play blindaz`", "`/play fow`", "`/play frontline`", "Press your luck"} {
		if !strings.Contains(got, want) {
			t.Errorf("help lacks %q:\n%s", want, got)
		}
	}
	pl := h.do(Request{Kind: SlashCommand, User: eve, Command: "help", Locale: "pl"})
	if !strings.Contains(text(pl.Reply.Message), "Grę zaczyna się") {
		t.Errorf("Polish help: %s", text(pl.Reply.Message))
	}
	r = h.slash(eve, "help", "", map[string]string{"game": "trenches"})
	if !strings.Contains(text(r.Reply.Message), "Raider") || r.Reply.Kind != ReplyPrivate {
		t.Fatalf("trenches rules: %+v", r.Reply)
	}
	// Frontline's rules with every market card outgrow one embed: the
	// reply carries them whole, in more than one.
	r = h.do(Request{Kind: SlashCommand, User: eve, Command: "help", Locale: "pl", Options: map[string]string{"game": "frontline"}})
	if got := text(r.Reply.Message); len(r.Reply.Message.Embeds) < 2 || !strings.Contains(got, "**Koszary** (3 zł)") || !strings.Contains(got, "**Skład amunicji** (5 zł)") {
		t.Errorf("Frontline's rules in Polish (%d embeds): %s", len(r.Reply.Message.Embeds), got)
	}
	if r := h.slash(eve, "help", "", map[string]string{"game": "nope"}); r.Reply.Kind != ReplyPrivate || strings.Contains(text(r.Reply.Message), "Raider") {
		t.Fatalf("unknown game: %+v", r.Reply)
	}
}
