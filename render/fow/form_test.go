package fow

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
)

// TestPlatoonModal: the platoon form's modal in every language is what
// Discord takes (developers/components/reference.mdx: a Label of at most
// 45 characters with a description of at most 100, wrapping a short Text
// Input; a title of at most 45), bounded as the gate bounds the action,
// and prefilled with the platoon's name, points and teams.
func TestPlatoonModal(t *testing.T) {
	rule, _ := fowg.Game{}.TextRule("platoon")
	a := games.Act("platoon", 0)
	v := fowg.View{Viewer: 0}
	v.Sides[0].Platoons = []fowg.PlatoonView{{ID: "A1", Name: "Panzer IV Zug", Points: 350, Teams: 0}}
	text, nums := render.Prefill(Adapted, v, a)
	if text != "Panzer IV Zug" || len(nums) != 2 || nums[0] != 350 {
		t.Fatalf("prefill %q %v", text, nums)
	}
	for _, lang := range []string{"en", "pl", "ru"} {
		m := render.FormModal(ctxFor(lang, 0), fowg.ID, rule, a, "w1:abc:7:t:platoon.0", text, nums)
		if m.Title == "" || utf8.RuneCountInString(m.Title) > 45 || len(m.Components) != 3 {
			t.Fatalf("%s: %+v", lang, m)
		}
		want := map[string][2]int{"name": {1, 40}, "points": {1, 4}, "teams": {1, 2}}
		for _, c := range m.Components {
			l := c.(discordgo.Label)
			ti := l.Component.(discordgo.TextInput)
			if n := utf8.RuneCountInString(l.Label); n == 0 || n > 45 || strings.Contains(l.Label, "fow.form") {
				t.Errorf("%s: label %q", lang, l.Label)
			}
			if n := utf8.RuneCountInString(l.Description); n == 0 || n > 100 || strings.Contains(l.Description, "fow.form") {
				t.Errorf("%s: description %q", lang, l.Description)
			}
			if w := want[ti.CustomID]; ti.MinLength != w[0] || ti.MaxLength != w[1] || ti.Style != discordgo.TextInputShort || ti.Label != "" {
				t.Errorf("%s: input %+v", lang, ti)
			}
		}
		if lang == "en" {
			b, _ := json.MarshalIndent(discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: m.CustomID, Title: m.Title, Components: m.Components}}, "", "  ")
			t.Logf("%s", b)
		}
	}
}
