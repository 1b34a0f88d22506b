package commands

import (
	"strings"
	"testing"
)

// A seat-numbered option (first_player, beginner) naming a seat the game
// does not have is refused at /play, and one naming a seat nobody took is
// refused at Start, each with its own catalogue message (en, pl, ru),
// never the engine's English. Before, first_player:4 was accepted in a
// lobby of two and refused at Start with the engine's text.
func TestSeatOptionsRefused(t *testing.T) {
	for _, c := range []struct {
		locale, max, empty string
	}{
		{"en-US", "there is no seat 5, this game has at most 4 seats", "names seat 4, but only 2 players have sat down"},
		{"pl", "nie ma miejsca 5, ta gra ma najwyżej 4 miejsca", "wskazuje miejsce 4, ale przy stole siedzi tylko 2 graczy"},
		{"ru", "места 5 нет, в этой игре максимум 4 места", "указывает место 4, но за столом только 2 игрока"},
	} {
		h := newHarness(t)
		play := func(opts map[string]string) result {
			o := map[string]string{"game": "flanders", OptLanguage: "en"} // English buttons
			for k, v := range opts {
				o[k] = v
			}
			return h.do(Request{Kind: SlashCommand, User: ann, GuildID: "g", ChannelID: "c", Command: "play", Options: o, Locale: c.locale})
		}
		for _, opts := range []map[string]string{{"first_player": "5"}, {"beginner": "1,5"}} {
			r := play(opts)
			if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), c.max) {
				t.Fatalf("%s /play %v: %v %q, want %q", c.locale, opts, r.Reply.Kind, text(r.Reply.Message), c.max)
			}
			if _, err := h.store.ByChannel(t.Context(), "c"); err == nil {
				t.Fatalf("%s /play %v opened a table", c.locale, opts)
			}
		}
		lobby := play(map[string]string{"first_player": "4"}).Reply.Message
		lobby = h.click(bob, h.lobby, buttons(lobby)["Join"]).Reply.Message
		r := h.do(Request{Kind: Component, User: ann, GuildID: "g", ChannelID: "c", CustomID: buttons(lobby)["Start"], MessageID: h.lobby, Locale: c.locale})
		if got := text(r.Reply.Message); r.Reply.Kind != ReplyPrivate || !strings.Contains(got, c.empty) || strings.Contains(got, "flanders:") {
			t.Fatalf("%s Start with first_player 4 of 2: %v %q, want %q", c.locale, r.Reply.Kind, got, c.empty)
		}
		if tb, _ := h.store.ByChannel(t.Context(), "c"); tb.Status != "lobby" {
			t.Fatalf("%s: the table started anyway (%s)", c.locale, tb.Status)
		}
	}
}
