package blindaz

import (
	"fmt"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
)

func cellName(x, lane int) string {
	if x < 0 || x >= bz.Cols || lane < 1 || lane > bz.Lanes {
		return "?"
	}
	return fmt.Sprintf("%c%d", 'A'+x, lane)
}

func cellView(v bz.View, x, lane int) (bz.CellView, bool) {
	i := (lane-1)*bz.Cols + x
	if x < 0 || x >= bz.Cols || lane < 1 || lane > bz.Lanes || i >= len(v.Cells) {
		return bz.CellView{}, false
	}
	return v.Cells[i], true
}

var dirArrow = []string{"⬆️", "➡️", "⬇️", "⬅️"}

// Menu labels every legal action. Nothing is hidden, so the menu is public.
// Groups: Move (destinations), Action (everything done where the soldier
// stands), Clear (tiles to clear, often many).
func (Renderer) Menu(ctx render.Ctx, v bz.View, legal []games.Action) render.Menu {
	m := render.Menu{}
	gMove, gAct, gClear := ctx.T("blindaz.group.move"), ctx.T("blindaz.group.action"), ctx.T("blindaz.group.clear")
	num, cell := v.Turn+1, ""
	var me bz.SoldierView
	if v.Turn >= 0 && v.Turn < len(v.Soldiers) {
		me = v.Soldiers[v.Turn]
		cell = me.Cell
	}
	switch {
	case v.Phase == bz.PhaseDeploy:
		next := 0
		for i, so := range v.Soldiers {
			if so.Seat == int(ctx.Viewer) && so.Cell == "" {
				next = i + 1
				break
			}
		}
		m.Prompt = ctx.T("blindaz.prompt.deploy", "Num", next)
	case v.Exit:
		m.Prompt = ctx.T("blindaz.prompt.exit", "Num", num, "Cell", cell)
	case v.Moved:
		m.Prompt = ctx.T("blindaz.prompt.act", "Num", num, "Cell", cell)
	default:
		m.Prompt = ctx.T("blindaz.prompt.turn", "Num", num, "Cell", cell)
	}
	if v.Phase == bz.PhaseTurn && len(v.Top) > 0 && len(legal) > 0 {
		m.Prompt += "\n" + ctx.T("blindaz.prompt.suggest", "Plan", PlanText(ctx, v, v.Top[0]))
	}
	for _, a := range legal {
		ch := render.Choice{Action: a, Group: gAct}
		arg := func(i int) int {
			if i < len(a.Args) {
				return a.Args[i]
			}
			return -1
		}
		switch a.Verb {
		case bz.VDeploy:
			ch.Label = ctx.T("blindaz.menu.deploy", "Cell", cellName(bz.Cols-1, arg(0)))
			ch.Emoji = "🪖"
			ch.Group = ""
		case bz.VMove:
			to := cellName(arg(0), arg(1))
			steps, exit := 0, false
			for _, d := range v.Reach {
				if d.Cell == to {
					steps, exit = d.Steps, d.Exit
				}
			}
			st := ctx.T("blindaz.steps", "Count", steps)
			switch {
			case exit && arg(0) == 0:
				ch.Label = ctx.T("blindaz.menu.move_flag", "Cell", to, "Steps", st)
				ch.Emoji = "🚩"
			case exit:
				ch.Label = ctx.T("blindaz.menu.move_exit", "Cell", to, "Steps", st)
				ch.Emoji = "⛏️"
			default:
				ch.Label = ctx.T("blindaz.menu.move", "Cell", to, "Steps", st)
				ch.Emoji = "🥾"
			}
			ch.Group = gMove
		case bz.VBack:
			ch.Label = ctx.T("blindaz.menu.back", "Cell", v.From)
			ch.Emoji = "↩️"
		case bz.VBuild:
			slot := arg(0)
			tile := "?"
			if slot >= 1 && slot <= len(v.Market) {
				tile = tileName(ctx, v.Market[slot-1].Type)
			}
			ch.Label = ctx.T("blindaz.menu.build", "Slot", slot, "Tile", tile, "Glyph", Glyph(arg(1)), "Cell", cell)
			ch.Emoji = "⛏️"
		case bz.VFlag:
			ch.Label = ctx.T("blindaz.menu.flag", "Left", v.FlagsLeft, "Cell", cell)
			ch.Emoji = "🚩"
			ch.Style = render.Success
		case bz.VClear:
			c, _ := cellView(v, arg(0), arg(1))
			ch.Label = ctx.T("blindaz.menu.clear", "Tile", tileName(ctx, c.Tile), "Cell", c.Cell)
			ch.Emoji = "🧹"
			ch.Group = gClear
		case bz.VAttack:
			c, _ := cellView(v, arg(0), arg(1))
			fire := 0
			if me.Fire {
				fire = 1
			}
			need := max(c.Defence+1-fire, 1)
			pct := 0
			if need <= 6 {
				pct = (7 - need) * 100 / 6
			}
			ch.Label = ctx.T("blindaz.menu.attack", "Enemy", enemyName(ctx, c.Enemy), "Cell", c.Cell, "Need", need, "Pct", pct)
			ch.Emoji = "🎯"
			ch.Style = render.Danger
		case bz.VTake:
			ch.Label = ctx.T("blindaz.menu.take", "Slot", arg(0))
			ch.Emoji = "💣"
		case bz.VThrow:
			d := arg(0)
			dir, arrow := "?", "💥"
			if d >= 0 && d < 4 {
				dir, arrow = ctx.T("blindaz.dir."+bz.DirName[d]), dirArrow[d]
			}
			key := "blindaz.menu.throw"
			if me.X != bz.Cols-1 {
				key = "blindaz.menu.throw_risky"
			}
			ch.Label = ctx.T(key, "Dir", dir)
			ch.Emoji = arrow
			ch.Style = render.Danger
		case bz.VReplace:
			ch.Label = ctx.T("blindaz.menu.replace")
			ch.Emoji = "🔄"
		case bz.VPass:
			ch.Label = ctx.T("blindaz.menu.pass")
			ch.Emoji = "⏸️"
		default:
			ch.Label = a.String()
		}
		if v.Suggest != "" && a.String() == v.Suggest {
			ch.Style = render.Primary
			ch.Label = ctx.T("blindaz.menu.suggested", "Label", ch.Label)
		}
		ch.Label = render.Clip(ch.Label, 80)
		m.Choices = append(m.Choices, ch)
	}
	return m
}
