package frontline

import (
	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

func arg(a games.Action, i int) int {
	if i < len(a.Args) {
		return a.Args[i]
	}
	return -1
}

// Menu labels every legal action of the acting seat.
func (Renderer) Menu(ctx render.Audience, v fl.View, legal []games.Action) render.Menu {
	m := render.Menu{}
	if v.Pending != nil {
		m.Prompt = ctx.T("frontline.prompt."+v.Pending.Kind, "Front", front(v.Pending.Front))
		if v.Pending.Unit != nil {
			m.Prompt = ctx.T("frontline.prompt.place", "Card", unitName(ctx, v.Pending.Unit.ID), "Front", front(v.Pending.Front))
		}
	} else {
		m.Prompt = ctx.T("frontline.prompt."+v.Phase, "Man", v.ManLeft, "Act", v.ActPlayed,
			"Limit", v.P[v.Turn].Limit, "Shell", v.ShellLeft)
		if v.Battle != nil {
			m.Prompt = ctx.T("frontline.prompt.battle", "Front", front(v.Battle.Front), "SA", v.Battle.Strength[0], "SD", v.Battle.Strength[1])
		}
	}
	count := map[string]int{}
	for _, a := range legal {
		count[a.Verb]++
	}
	for _, a := range legal {
		ch := choice(ctx, v, a)
		// Large buy / play lists are split per pile / per card so that each
		// group fits one select (25 options).
		if a.Verb == fl.VBuy && count[fl.VBuy] > 25 {
			if top := v.Piles[arg(a, 0)-1].Top; top != nil {
				ch.Group = ctx.T("frontline.group.buy_card", "Card", cardName(ctx, top.Type))
			}
		}
		if a.Verb == fl.VPlay && count[fl.VPlay] > 25 {
			ch.Group = ctx.T("frontline.group.play_card", "Card", cardName(ctx, fl.ActionTypeOf(arg(a, 0)).ID))
		}
		m.Choices = append(m.Choices, ch)
	}
	return m
}

// choice labels one legal action; buying and playing a card have helpers
// of their own.
func choice(ctx render.Audience, v fl.View, a games.Action) render.Choice {
	ch := render.Choice{Action: a}
	me := v.Active
	unit := func(i int) string { return unitAt(ctx, v, arg(a, i)) }
	switch a.Verb {
	case fl.VDraft, fl.VDraw:
		u := arg(a, 0)
		ch.Group = unitName(ctx, fl.UnitName(u))
		ch.Label = ctx.T("frontline.label.take_words", "Card", unitName(ctx, fl.UnitName(u)),
			"Str", unitStr(ctx, u), "Slot", slotText(ctx, fl.UnitFront(u), arg(a, 1)))
		ch.Emoji = "🃏"
		ch.Description = unitDesc(ctx, u)
	case fl.VPlace:
		ch.Label = ctx.T("frontline.label.place", "Slot", slotText(ctx, v.Pending.Front, arg(a, 0)))
	case fl.VTarget, fl.VRemove, fl.VDegrade:
		ch.Label = ctx.T("frontline.label."+a.Verb, "Card", unit(0))
		ch.Style = render.Danger
	case fl.VPromote:
		if len(a.Args) == 0 {
			ch.Label = ctx.T("frontline.label.promote_none")
			ch.Style = render.Primary
		} else {
			ch.Label = ctx.T("frontline.label.promote", "Card", unit(0))
		}
	case fl.VFort:
		ch.Label = ctx.T("frontline.label.fort", "Front", front(arg(a, 0)), "N", v.P[me].Fort[arg(a, 0)-1])
	case fl.VBuy:
		ch = buyChoice(ctx, v, a, ch)
	case fl.VPlay:
		ch = playChoice(ctx, v, a, ch)
	case fl.VMove:
		ch.Group = ctx.T("frontline.group.move", "Card", unit(0))
		ch.Label = ctx.T("frontline.label.move", "Card", unitName(ctx, fl.UnitName(arg(a, 0))), "To", slotText(ctx, arg(a, 1), arg(a, 2)))
	case fl.VSwap:
		ch.Group = ctx.T("frontline.group.move", "Card", unit(0))
		ch.Label = ctx.T("frontline.label.swap", "Card", unit(0), "Card2", unit(1))
	case fl.VShell:
		ch.Group = ctx.T("frontline.group.fight")
		ch.Emoji = "💥"
		ch.Label = ctx.T("frontline.label.shell", "Card", unit(0), "Front", front(arg(a, 1)))
	case fl.VDeclare:
		ch.Group = ctx.T("frontline.group.fight")
		ch.Emoji = "⚔️"
		ch.Style = render.Danger
		ch.Label = ctx.T("frontline.label.declare", "Front", front(arg(a, 0)))
	case fl.VPeek:
		ch.Group = ctx.T("frontline.group.fight")
		ch.Emoji = "🔭"
		ch.Label = ctx.T("frontline.label.peek")
	case fl.VEnd:
		ch.Group = ctx.T("frontline.group.turn")
		ch.Style = render.Primary
		ch.Label = ctx.T("frontline.label.end")
	case fl.VCard:
		t := fl.ActionTypeOf(arg(a, 0)).ID
		ch.Emoji = "🎴"
		if t == "reserves" {
			u := arg(a, 1)
			ch.Label = ctx.T("frontline.label.reserves", "Card", unitAt(ctx, v, u), "Slot", slotText(ctx, v.Battle.Front, arg(a, 2)))
		} else {
			ch.Label = ctx.T("frontline.label.card", "Card", cardName(ctx, t), "Text", ctx.T("frontline.cardfx."+t))
		}
	case fl.VDone:
		ch.Style = render.Primary
		ch.Label = ctx.T("frontline.label.done")
	case fl.VPass:
		ch.Style = render.Primary
		ch.Label = ctx.T("frontline.label.pass")
	default:
		ch.Label = a.String()
	}
	ch.Label = render.Clip(ch.Label, 80)
	return ch
}

// buyChoice labels buying the top card of a pile: the card and its cost,
// then what it replaces or where it puts a unit when it needs a second pick.
func buyChoice(ctx render.Audience, v fl.View, a games.Action, ch render.Choice) render.Choice {
	me := v.Active
	pile := arg(a, 0)
	top := v.Piles[pile-1].Top
	name, cost := "?", 0
	if top != nil {
		name, cost = cardName(ctx, top.Type), top.Cost
	}
	ch.Group = ctx.T("frontline.group.buy")
	ch.Emoji = "💰"
	if top != nil {
		ch.Description = ctx.T("frontline.cardfx." + top.Type)
	}
	base := ctx.T("frontline.label.buy", "Card", name, "Cost", cost, "N", pile)
	switch {
	case len(a.Args) == 1:
		ch.Label = base
	case top != nil && top.Cat == fl.CatEquipment:
		old := "?"
		if i := arg(a, 1); i >= 0 && i < len(v.P[me].Equip) {
			old = cardName(ctx, v.P[me].Equip[i].Type)
		}
		ch.Label = base + " " + ctx.T("frontline.label.replacing", "Card", old)
	case top != nil && (top.Type == "escape" || top.Type == "conscription"):
		u := arg(a, 1)
		ch.Label = base + ": " + unitName(ctx, fl.UnitName(u)) + " → " + slotText(ctx, fl.UnitFront(u), arg(a, 2))
	default:
		ch.Label = base + ": " + unitAt(ctx, v, arg(a, 1))
	}
	return ch
}

// playChoice labels playing an action card, with its target unit or front
// when the card has one.
func playChoice(ctx render.Audience, v fl.View, a games.Action, ch render.Choice) render.Choice {
	c := arg(a, 0)
	t := fl.ActionTypeOf(c).ID
	ch.Group = ctx.T("frontline.group.play")
	ch.Emoji = "🎴"
	ch.Description = ctx.T("frontline.cardfx." + t)
	switch t {
	case "barracks", "disinformation", "camouflage":
		ch.Label = ctx.T("frontline.label.play_on", "Card", cardName(ctx, t), "Target", unitAt(ctx, v, arg(a, 1)))
	case "fortify", "field_hospital", "minefield":
		ch.Label = ctx.T("frontline.label.play_front", "Card", cardName(ctx, t), "Front", front(arg(a, 1)))
	default:
		ch.Label = ctx.T("frontline.label.play", "Card", cardName(ctx, t))
	}
	return ch
}

// unitDesc is a unit card's range and special rule (spec 7.2), the line
// under its option when the unit row is a select: a type's own rule, else
// its kind's (commanders, artillery), else none.
func unitDesc(ctx render.Audience, u int) string {
	t := fl.UnitTypeOf(u)
	d := ctx.T("frontline.unit_desc", "Range", t.Range)
	for _, id := range []string{"frontline.unitfx." + t.ID, "frontline.unitfx." + t.Kind} {
		if i18n.Has(id) {
			return d + " · " + ctx.T(id)
		}
	}
	return d
}

// unitStr says a unit's strength in words (a commander's bonuses too),
// not as a bare "[2]" or "[+1/+1]" (issue #32).
func unitStr(ctx render.Audience, u int) string {
	t := fl.UnitTypeOf(u)
	if t.Kind == fl.KindCommander {
		return ctx.T("frontline.str_commander", "Str", t.Str, "Fort", t.Fort)
	}
	return ctx.T("frontline.str_unit", "Str", t.Str)
}
