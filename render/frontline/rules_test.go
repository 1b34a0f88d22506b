package frontline

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// TestRulesListCards: /game rules has one line per market card, with its
// cost from the card table and its effect, written in every language (not
// English standing in), and the reply keeps Discord's embed limits: each
// part under 4096 characters, all of them under 6000, nothing clipped.
func TestRulesListCards(t *testing.T) {
	for _, lang := range i18n.Languages {
		ctx := ctxFor(lang, games.Spectator)
		ids := i18n.IDs(lang)
		rules := Adapted.Rules(ctx)
		lines := strings.Split(rules, "\n")
		for _, c := range fl.ActionTypes {
			for _, k := range []string{"frontline.card." + c.ID, "frontline.cardfx." + c.ID} {
				if _, ok := slices.BinarySearch(ids, k); !ok {
					t.Errorf("%s: no %s", lang, k)
				}
			}
			// The same text is a buy or play option's description in a
			// select: up to 100 characters (developers/components/reference.mdx).
			if fx := ctx.T("frontline.cardfx." + c.ID); utf8.RuneCountInString(fx) > 100 {
				t.Errorf("%s: %s's effect is over 100 characters: %q", lang, c.ID, fx)
			}
			// A battle card's button reads "name: effect" within 80.
			if l := ctx.T("frontline.label.card", "Card", cardName(ctx, c.ID), "Text", ctx.T("frontline.cardfx."+c.ID)); c.Cat == fl.CatBattle && utf8.RuneCountInString(l) > 80 {
				t.Errorf("%s: %s's button would be cut: %q", lang, c.ID, l)
			}
			want := ctx.T("frontline.rules.card", "Card", cardName(ctx, c.ID), "Cost", c.Cost, "Text", ctx.T("frontline.cardfx."+c.ID))
			if !slices.Contains(lines, want) || !strings.Contains(want, fmt.Sprint(c.Cost)) {
				t.Errorf("%s: no line for %s: %q", lang, c.ID, want)
			}
		}
		for _, cat := range cardCats {
			if !strings.Contains(rules, ctx.T("frontline.rules.cat."+cat)) {
				t.Errorf("%s: no heading for %s cards", lang, cat)
			}
		}
		if strings.Contains(rules, "[frontline.") {
			t.Errorf("%s: a missing message: %s", lang, rules)
		}

		title := render.GameName(ctx, "frontline")
		msg := render.RulesMessage(title, rules)
		total := 0
		var parts []string
		for i, e := range msg.Embeds {
			n := utf8.RuneCountInString(e.Description)
			if n > 4096 {
				t.Errorf("%s: embed %d is %d characters, over a description's 4096", lang, i, n)
			}
			total += n + utf8.RuneCountInString(e.Title)
			parts = append(parts, e.Description)
		}
		if total > 6000 {
			t.Errorf("%s: the rules reply is %d characters, over a message's 6000", lang, total)
		}
		if strings.Join(parts, "\n\n") != rules {
			t.Errorf("%s: the reply lost part of the rules", lang)
		}
		t.Logf("%s: %d characters in %d embeds", lang, total, len(msg.Embeds))
	}
}

// TestUnitDescriptions: every unit card's select option says its range
// and, for the units with a special rule (spec 7.2), that rule, in every
// language, within Discord's 100 characters.
func TestUnitDescriptions(t *testing.T) {
	plain := map[string]bool{"rifle_infantry": true, "riflemen": true, "grenadiers": true, "mountain_infantry": true, "armoured_cars": true}
	for _, lang := range i18n.Languages {
		ctx := ctxFor(lang, games.Spectator)
		ids := i18n.IDs(lang)
		for u := range fl.NumUnits {
			ty := fl.UnitTypeOf(u)
			d := unitDesc(ctx, u)
			if n := utf8.RuneCountInString(d); n > 100 || strings.Contains(d, "[") || !strings.Contains(d, fmt.Sprint(ty.Range)) {
				t.Errorf("%s: %s: %q (%d characters)", lang, fl.UnitName(u), d, n)
			}
			if special := strings.Contains(d, " · "); special == plain[ty.ID] {
				t.Errorf("%s: %s: special rule shown %v: %q", lang, ty.ID, special, d)
			}
		}
		for _, k := range []string{"frontline.unitfx.commander", "frontline.unitfx.artillery", "frontline.unitfx.tanks"} {
			if _, ok := slices.BinarySearch(ids, k); !ok {
				t.Errorf("%s: no %s", lang, k)
			}
		}
	}
}
