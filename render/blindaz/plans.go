package blindaz

import (
	"strings"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
)

// PlanTextMax bounds a plan's text: it labels a vote button (Discord
// allows 80 characters) and would fit a poll answer (55).
const PlanTextMax = 55

// Plans turns the view's best plans (computer-scored, public information
// only) into at most n plans for the team vote (catalog.Module.Plans).
func Plans(ctx render.Audience, view any, n int) []render.Plan {
	v, ok := asView(view)
	if !ok {
		return nil
	}
	var out []render.Plan
	for _, p := range v.Top {
		if len(out) == n {
			break
		}
		a := render.Plan{Text: render.Clip(PlanText(ctx, v, p), PlanTextMax)}
		for _, s := range p.Actions {
			act, err := games.ParseAction(s)
			if err != nil {
				return nil
			}
			a.Actions = append(a.Actions, act)
		}
		out = append(out, a)
	}
	return out
}

// PlanText is a short description of a plan: "F3 → take grenade".
func PlanText(ctx render.Audience, v bz.View, p bz.PlanView) string {
	act := shortAct(ctx, v, p.Act)
	cur := ""
	if v.Turn >= 0 && v.Turn < len(v.Soldiers) {
		cur = v.Soldiers[v.Turn].Cell
	}
	if p.To == cur {
		return act
	}
	return ctx.T("blindaz.plan.move_act", "To", p.To, "Act", act)
}

// shortAct is a compact action label.
func shortAct(ctx render.Audience, v bz.View, text string) string {
	a, err := games.ParseAction(text)
	if err != nil {
		return text
	}
	arg := func(i int) int {
		if i < len(a.Args) {
			return a.Args[i]
		}
		return -1
	}
	switch a.Verb {
	case bz.VBuild:
		tile := "?"
		if s := arg(0); s >= 1 && s <= len(v.Market) {
			tile = tileName(ctx, v.Market[s-1].Type)
		}
		return ctx.T("blindaz.short.build", "Tile", tile, "Glyph", Glyph(arg(1)))
	case bz.VFlag:
		return ctx.T("blindaz.short.flag")
	case bz.VAttack:
		c, _ := cellView(v, arg(0), arg(1))
		return ctx.T("blindaz.short.attack", "Enemy", enemyName(ctx, c.Enemy), "Cell", c.Cell)
	case bz.VTake:
		return ctx.T("blindaz.short.take")
	case bz.VThrow:
		d := "?"
		if x := arg(0); x >= 0 && x < 4 {
			d = ctx.T("blindaz.dir." + bz.DirName[x])
		}
		return ctx.T("blindaz.short.throw", "Dir", d)
	case bz.VReplace:
		return ctx.T("blindaz.short.replace")
	case bz.VPass:
		return ctx.T("blindaz.short.pass")
	case bz.VClear:
		return ctx.T("blindaz.short.clear", "Cell", cellName(arg(0), arg(1)))
	}
	return strings.TrimSpace(text)
}
