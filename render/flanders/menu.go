package flanders

import (
	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
)

func typeCode(t int) string {
	if t >= 0 && t < fl.NumTypes {
		return fl.Types[t].Code
	}
	return ""
}

func arg(a games.Action, i int) int {
	if i < len(a.Args) {
		return a.Args[i]
	}
	return 0
}

// Menu labels the legal actions. Nothing in this game is hidden, so the
// menu is never private.
func (Renderer) Menu(ctx render.Audience, v fl.View, legal []games.Action) render.Menu {
	m := render.Menu{}
	if v.Over {
		m.Prompt = ctx.T("flanders.prompt.over")
	} else {
		m.Prompt = ctx.T("flanders.prompt."+phaseKey(v), "Dice", dice(v.Dice), "I", v.I, "T", v.T)
	}
	for _, a := range legal {
		c := choice(ctx, v, a)
		c.Label = render.Clip(c.Label, 80)
		if c.Label == "" {
			c.Label = a.String()
		}
		m.Choices = append(m.Choices, c)
	}
	return m
}

func spaceLabel(ctx render.Audience, v fl.View, sp int) string {
	if sp == fl.NineSpace {
		return cardName(ctx, "advance_9")
	}
	if c := spaceCard(v, sp); c != nil {
		return cardLabel(ctx, c.Type)
	}
	return ctx.T("flanders.empty")
}

func choice(ctx render.Audience, v fl.View, a games.Action) render.Choice {
	c := render.Choice{Action: a}
	switch a.Verb {
	case fl.VerbRoll:
		c.Label, c.Emoji, c.Style = ctx.T("flanders.m.roll"), "🎲", render.Primary
	case fl.VerbStop:
		c.Label, c.Emoji, c.Style = ctx.T("flanders.m.stop"), "✋", render.Success
	case fl.VerbGas:
		sp := arg(a, 0)
		c.Label, c.Emoji, c.Group = ctx.T("flanders.m.gas", "Space", sp, "Card", spaceLabel(ctx, v, sp)), "💨", ctx.T("flanders.g.gas")
	case fl.VerbTake:
		sp := arg(a, 0)
		c.Label, c.Group, c.Style = ctx.T("flanders.m.take", "Space", sp, "Card", spaceLabel(ctx, v, sp)), ctx.T("flanders.g.take"), render.Primary
		if card := spaceCard(v, sp); card != nil {
			if t := fl.TypeByCode(card.Type); t >= 0 && fl.IsGerman(t) {
				c.Style, c.Emoji = render.Danger, "⚠️"
			}
		}
	case fl.VerbRecon:
		c.Label, c.Emoji = ctx.T("flanders.m.recon"), "🔭"
	case fl.VerbBalloon:
		die, d := arg(a, 0), arg(a, 1)
		from := 0
		if die >= 1 && die <= len(v.Dice) {
			from = v.Dice[die-1]
		}
		c.Label, c.Emoji, c.Group = ctx.T("flanders.m.balloon", "Die", die, "From", from, "To", from+d), "🎈", ctx.T("flanders.g.balloon")
	case fl.VerbAcceptBust:
		c.Label, c.Emoji, c.Style = ctx.T("flanders.m.accept_bust"), "💥", render.Danger
	case fl.VerbGasDiscard:
		c.Label, c.Emoji = ctx.T("flanders.m.gas_discard", "Card", cardName(ctx, typeCode(arg(a, 0)))), "☁️"
	case fl.VerbCancel:
		if v.StrongArtillery {
			c.Label = ctx.T("flanders.m.cancel_all")
		} else {
			c.Label = ctx.T("flanders.m.cancel", "Card", cardLabel(ctx, typeCode(arg(a, 0))))
		}
		c.Emoji, c.Style = "💥", render.Primary
	case fl.VerbKeepArtillery:
		c.Label = ctx.T("flanders.m.keep_artillery")
	case fl.VerbSacrifice:
		n := arg(a, 0)
		i := v.I + n - v.Wire
		if i < 0 {
			i = 0
		}
		c.Label, c.Group = ctx.T("flanders.m.sacrifice", "Count", n, "I", i), ctx.T("flanders.g.sacrifice")
		if n > 0 {
			c.Style = render.Danger
		}
	case fl.VerbStepInfantry:
		c.Label, c.Emoji = ctx.T("flanders.m.step_infantry", "Left", v.I), "🔼"
	case fl.VerbStepTank:
		c.Label, c.Emoji = ctx.T("flanders.m.step_tank", "Left", v.T), "⏫"
	case fl.VerbAutoMove:
		c.Label, c.Emoji, c.Style = ctx.T("flanders.m.auto_move"), "⏩", render.Primary
	case fl.VerbEndMove:
		c.Label, c.Emoji = ctx.T("flanders.m.end_move"), "⏹️"
	case fl.VerbUseMines:
		c.Label, c.Emoji, c.Style = ctx.T("flanders.m.use_mines"), "💣", render.Primary
	case fl.VerbHalt:
		c.Label, c.Emoji = ctx.T("flanders.m.halt"), "✋"
	}
	return c
}
