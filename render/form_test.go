package render

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
)

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"Panzer IV (2) - Zug": "Panzer IV (2) - Zug",
		"**bold** _x_":        `\*\*bold\*\* \_x\_`,
		"@everyone":           "@\u200beveryone",
		"<@123>":              "\\<@\u200b123\\>",
		"https://x.y":         `https\://x.y`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Escape("@here @everyone"); strings.Contains(got, "@here") || strings.Contains(got, "@everyone") {
		t.Fatalf("a mention survives: %q", got)
	}
}

// TestFormChoiceIsAButton: a form is a button opening its modal, in the
// last row, even when the other choices make selects; never a select
// option.
func TestFormChoiceIsAButton(t *testing.T) {
	form := Choice{Action: games.Act("platoon", 2), Label: "Name", Form: true}
	for _, n := range []int{3, 19, 20, 60, 200} {
		m := Menu{}
		for i := range n {
			m.Choices = append(m.Choices, Choice{Action: games.Act("pick", i), Label: "p", Group: []string{"a", "b", "c", "d", "e"}[i%5]})
		}
		m.Choices = append(m.Choices, form)
		rows := Components(ctxEN(), m, testIDs{})
		checkLimits(t, rows, maxRows-1)
		last := rows[len(rows)-1].(discordgo.ActionsRow)
		b, ok := last.Components[len(last.Components)-1].(discordgo.Button)
		if !ok || b.CustomID != "w1:t:1:t:platoon.2" {
			t.Fatalf("%d choices: the form is not the last button: %+v", n, last.Components)
		}
		for _, r := range rows {
			for _, c := range r.(discordgo.ActionsRow).Components {
				if s, ok := c.(discordgo.SelectMenu); ok {
					for _, o := range s.Options {
						if strings.HasPrefix(o.Value, "platoon") {
							t.Fatalf("%d choices: the form is a select option", n)
						}
					}
				}
			}
		}
	}
}
