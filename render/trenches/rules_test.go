package trenches

import (
	"strings"
	"testing"
	"unicode/utf8"

	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render/i18n"
)

// TestRulesListScenarios: /game rules names every scenario with its turn
// marker, the victory points it needs and what scores them, from the
// scenario data, in every language and within an embed's 4,096
// characters.
func TestRulesListScenarios(t *testing.T) {
	for _, lang := range []string{"en", "pl", "ru"} {
		c := imageCtx
		c.L = i18n.For(lang)
		rules := Adapted.Rules(c)
		if n := utf8.RuneCountInString(rules); n > 4096 {
			t.Errorf("%s: rules are %d characters, over an embed description's 4096", lang, n)
		}
		for _, sc := range tov.Scenarios[1:] {
			line := ""
			for _, l := range strings.Split(rules, "\n") {
				if strings.HasPrefix(l, "- **S"+itoa(sc.N)+" ") {
					line = l
				}
			}
			if line == "" || !strings.Contains(line, " "+itoa(sc.T)+";") || !strings.Contains(line, ": "+itoa(sc.Victory)+".") {
				t.Errorf("%s: scenario %d (turns %d, VP %d): %q", lang, sc.N, sc.T, sc.Victory, line)
			}
			if sc.DugoutVP > 0 && !strings.Contains(line, ": "+itoa(sc.DugoutVP)) {
				t.Errorf("%s: scenario %d lacks the dugout VP: %q", lang, sc.N, line)
			}
		}
	}
	en := Adapted.Rules(imageCtx)
	if !strings.Contains(en, "destroyed or captured (light MG): 3") {
		t.Errorf("S1's LMG worth 3 VP is missing:\n%s", en)
	}
}
