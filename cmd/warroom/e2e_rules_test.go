package main

import (
	"strings"
	"testing"
)

// /help game:frontline shows every market card's cost and effect in the
// member's language: more than one embed's worth, so the private reply
// carries several embeds, which the stand-in holds to Discord's limits
// (4096 a description, 6000 a message).
func TestE2EFrontlineRulesListEveryCard(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	for locale, want := range map[string][]string{
		"en-US": {"**Barracks** (3g)", "**Ammunition dump** (5g)"},
		"pl":    {"**Koszary** (3 zł)", "**Skład amunicji** (5 zł)"},
		"ru":    {"**Казармы** (3 з.)", "**Склад боеприпасов** (5 з.)"},
	} {
		r := w.expect(w.srv.Slash(w.eve, w.ch, w.guild, "help", map[string]any{"game": "frontline"}, locale))
		if !r.Ephemeral() || len(r.Message.Embeds) < 2 {
			t.Fatalf("%s: the rules are not a private reply of several embeds: %d embeds", locale, len(r.Message.Embeds))
		}
		txt := privateText(r)
		for _, s := range want {
			if !strings.Contains(txt, s) {
				t.Errorf("%s: the rules lack %q", locale, s)
			}
		}
	}
	w.noProblems()
}
