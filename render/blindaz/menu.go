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
func (Renderer) Menu(ctx render.Audience, v bz.View, legal []games.Action) render.Menu {
	m := render.Menu{}
	mc := menuCtx{ctx: ctx, v: v}
	mc.gMove, mc.gAct, mc.gClear = ctx.T("blindaz.group.move"), ctx.T("blindaz.group.action"), ctx.T("blindaz.group.clear")
	mc.num = v.Turn + 1
	if v.Turn >= 0 && v.Turn < len(v.Soldiers) {
		mc.me = v.Soldiers[v.Turn]
		mc.cell = mc.me.Cell
	}
	m.Prompt = mc.prompt(legal)
	for _, a := range legal {
		m.Choices = append(m.Choices, mc.choice(a))
	}
	return m
}

// menuCtx is what every choice of one menu is labelled from: the view,
// the soldier whose turn it is (number, cell) and the group names.
type menuCtx struct {
	ctx                 render.Audience
	v                   bz.View
	me                  bz.SoldierView
	num                 int
	cell                string
	gMove, gAct, gClear string
}

// prompt is the question above the menu, with the suggested plan when
// a turn has one.
func (mc menuCtx) prompt(legal []games.Action) string {
	ctx, v := mc.ctx, mc.v
	var out string
	switch {
	case v.Phase == bz.PhaseDeploy:
		next := 0
		for i, so := range v.Soldiers {
			if so.Seat == int(ctx.Viewer) && so.Cell == "" {
				next = i + 1
				break
			}
		}
		out = ctx.T("blindaz.prompt.deploy", "Num", next)
	case v.Exit:
		out = ctx.T("blindaz.prompt.exit", "Num", mc.num, "Cell", mc.cell)
	case v.Moved:
		out = ctx.T("blindaz.prompt.act", "Num", mc.num, "Cell", mc.cell)
	default:
		out = ctx.T("blindaz.prompt.turn", "Num", mc.num, "Cell", mc.cell)
	}
	if v.Phase == bz.PhaseTurn && len(v.Top) > 0 && len(legal) > 0 {
		out += "\n" + ctx.T("blindaz.prompt.suggest", "Plan", PlanText(ctx, v, v.Top[0]))
	}
	return out
}

// choice labels one legal action; the suggested one is the primary button.
func (mc menuCtx) choice(a games.Action) render.Choice {
	ctx, v := mc.ctx, mc.v
	ch := render.Choice{Action: a, Group: mc.gAct}
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
		ch.Label, ch.Emoji = mc.moveLabel(arg(0), arg(1))
		ch.Group = mc.gMove
	case bz.VBack:
		ch.Label = ctx.T("blindaz.menu.back", "Cell", v.From)
		ch.Emoji = "↩️"
	case bz.VBuild:
		ch.Label = mc.buildLabel(arg(0), arg(1))
		ch.Emoji = "⛏️"
	case bz.VFlag:
		ch.Label = ctx.T("blindaz.menu.flag", "Left", v.FlagsLeft, "Cell", mc.cell)
		ch.Emoji = "🚩"
		ch.Style = render.Success
	case bz.VClear:
		c, _ := cellView(v, arg(0), arg(1))
		ch.Label = ctx.T("blindaz.menu.clear", "Tile", tileName(ctx, c.Tile), "Cell", c.Cell)
		ch.Emoji = "🧹"
		ch.Group = mc.gClear
	case bz.VAttack:
		ch.Label = mc.attackLabel(arg(0), arg(1))
		ch.Emoji = "🎯"
		ch.Style = render.Danger
	case bz.VTake:
		ch.Label = ctx.T("blindaz.menu.take", "Slot", arg(0))
		ch.Emoji = "💣"
	case bz.VThrow:
		ch.Label, ch.Emoji = mc.throwLabel(arg(0))
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
	return ch
}

// moveLabel labels a move to cell (x, lane) with its steps; its emoji
// tells a plain move from an exit and an exit onto the flag column.
func (mc menuCtx) moveLabel(x, lane int) (label, emoji string) {
	ctx := mc.ctx
	to := cellName(x, lane)
	steps, exit := 0, false
	for _, d := range mc.v.Reach {
		if d.Cell == to {
			steps, exit = d.Steps, d.Exit
		}
	}
	st := ctx.T("blindaz.steps", "Count", steps)
	switch {
	case exit && x == 0:
		return ctx.T("blindaz.menu.move_flag", "Cell", to, "Steps", st), "🚩"
	case exit:
		return ctx.T("blindaz.menu.move_exit", "Cell", to, "Steps", st), "⛏️"
	}
	return ctx.T("blindaz.menu.move", "Cell", to, "Steps", st), "🥾"
}

// buildLabel labels building the tile of market slot (1-based) turned to
// glyph on the soldier's cell.
func (mc menuCtx) buildLabel(slot, glyph int) string {
	tile := "?"
	if slot >= 1 && slot <= len(mc.v.Market) {
		tile = tileName(mc.ctx, mc.v.Market[slot-1].Type)
	}
	return mc.ctx.T("blindaz.menu.build", "Slot", slot, "Tile", tile, "Glyph", Glyph(glyph), "Cell", mc.cell)
}

// attackLabel labels an attack on the enemy at cell (x, lane) with the
// die roll it needs and its chance.
func (mc menuCtx) attackLabel(x, lane int) string {
	c, _ := cellView(mc.v, x, lane)
	fire := 0
	if mc.me.Fire {
		fire = 1
	}
	need := max(c.Defence+1-fire, 1)
	pct := 0
	if need <= 6 {
		pct = (7 - need) * 100 / 6
	}
	return mc.ctx.T("blindaz.menu.attack", "Enemy", enemyName(mc.ctx, c.Enemy), "Cell", c.Cell, "Need", need, "Pct", pct)
}

// throwLabel labels a grenade thrown in direction d, risky unless the
// soldier stands in the last column; the emoji is the direction's arrow.
func (mc menuCtx) throwLabel(d int) (label, emoji string) {
	dir, arrow := "?", "💥"
	if d >= 0 && d < 4 {
		dir, arrow = mc.ctx.T("blindaz.dir."+bz.DirName[d]), dirArrow[d]
	}
	key := "blindaz.menu.throw"
	if mc.me.X != bz.Cols-1 {
		key = "blindaz.menu.throw_risky"
	}
	return mc.ctx.T(key, "Dir", dir), arrow
}
