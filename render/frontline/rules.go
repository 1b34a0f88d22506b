package frontline

import (
	"strings"

	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
)

// Rules is the rules summary followed by what every market card does,
// listed from the card table itself (fl.ActionTypes) so that a card added
// or repriced there shows here too. It is longer than one embed: the
// table service shows it with render.RulesMessage, split at blank lines.
func (Renderer) Rules(ctx render.Audience) string {
	return ctx.T("frontline.rules") + "\n\n" + cardRules(ctx)
}

// cardCats is the order the categories are explained in (spec 3.2).
var cardCats = []string{fl.CatActivation, fl.CatPermanent, fl.CatBattle, fl.CatInstant, fl.CatEquipment}

// cardRules is one paragraph per card category: how such cards are used,
// then a line per card with its cost and effect (the same effect text the
// hand shows).
func cardRules(ctx render.Audience) string {
	paras := []string{ctx.T("frontline.rules.cards")}
	for _, cat := range cardCats {
		lines := []string{ctx.T("frontline.rules.cat." + cat)}
		for _, c := range fl.ActionTypes {
			if c.Cat == cat {
				lines = append(lines, ctx.T("frontline.rules.card", "Card", cardName(ctx, c.ID), "Cost", c.Cost, "Text", ctx.T("frontline.cardfx."+c.ID)))
			}
		}
		paras = append(paras, strings.Join(lines, "\n"))
	}
	return strings.Join(paras, "\n\n")
}
