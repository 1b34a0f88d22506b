package render

import (
	"strings"
	"testing"
)

// TestRulesMessageSplits: a rules text longer than one embed description
// is cut at blank lines into embeds of at most 4096 characters that read,
// joined again, as the whole text; a short one is one embed.
func TestRulesMessageSplits(t *testing.T) {
	short := RulesMessage("Game", "one\n\ntwo")
	if len(short.Embeds) != 1 || short.Embeds[0].Title != "Game" || short.Embeds[0].Description != "one\n\ntwo" {
		t.Fatalf("short rules: %+v", short.Embeds)
	}
	para := strings.Repeat("word ", 300) // 1500 characters
	var ps []string
	for range 3 {
		ps = append(ps, strings.TrimSpace(para))
	}
	text := strings.Join(ps, "\n\n")
	m := RulesMessage("Game", text)
	if len(m.Embeds) != 2 {
		t.Fatalf("%d embeds for %d characters, want 2", len(m.Embeds), runes(text))
	}
	var got []string
	for i, e := range m.Embeds {
		if n := runes(e.Description); n > maxDescription {
			t.Errorf("embed %d: %d characters", i, n)
		}
		if (i == 0) != (e.Title == "Game") {
			t.Errorf("embed %d title %q", i, e.Title)
		}
		got = append(got, e.Description)
	}
	if strings.Join(got, "\n\n") != text {
		t.Error("the embeds do not read as the whole text")
	}
	// One paragraph longer than a description is cut at its lines.
	long := strings.Repeat(strings.Repeat("x", 99)+"\n", 50) // 5000 characters
	m = RulesMessage("Game", long)
	if len(m.Embeds) != 2 || runes(m.Embeds[0].Description) > maxDescription || !strings.HasSuffix(m.Embeds[1].Description, "x") {
		t.Fatalf("a long paragraph: %d embeds", len(m.Embeds))
	}
}
