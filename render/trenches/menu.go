package trenches

import (
	"fmt"

	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
)

// Menu labels the legal actions, grouped by unit (or by stack / counter).
func (r Renderer) Menu(ctx render.Ctx, v tov.View, legal []games.Action) render.Menu {
	m := render.Menu{}
	switch v.Phase {
	case tov.PhaseSetupDefender:
		m.Prompt = ctx.T("trenches.prompt.setup_defender")
	case tov.PhaseSetupRaider:
		m.Prompt = ctx.T("trenches.prompt.setup_raider")
	case tov.PhaseRaider:
		m.Prompt = ctx.T("trenches.prompt.raider", "GT", v.GT, "M", v.M)
	case tov.PhaseDefender:
		m.Prompt = ctx.T("trenches.prompt.defender", "GT", v.GT, "M", v.M)
	}
	var moves map[int]map[int]tov.MoveOpt
	var exits map[int]tov.MoveOpt
	costs := func(u int) (map[int]tov.MoveOpt, tov.MoveOpt) {
		if moves == nil {
			moves, exits = map[int]map[int]tov.MoveOpt{}, map[int]tov.MoveOpt{}
		}
		if _, ok := moves[u]; !ok {
			moves[u], exits[u] = v.MoveCosts(u)
		}
		return moves[u], exits[u]
	}
	unitGroup := func(u tov.UnitView) string {
		return ctx.T("trenches.group.unit", "Unit", unitName(u.ID), "Hex", tov.HexName(u.Hex))
	}
	var head, faceUp, tail []render.Choice
	byUnit := map[int][]render.Choice{}
	var unitOrder []int
	addUnit := func(u int, c render.Choice) {
		if _, ok := byUnit[u]; !ok {
			unitOrder = append(unitOrder, u)
		}
		byUnit[u] = append(byUnit[u], c)
	}
	for _, a := range legal {
		c := render.Choice{Action: a}
		arg := func(i int) int {
			if i < len(a.Args) {
				return a.Args[i]
			}
			return 0
		}
		switch a.Verb {
		case tov.VDugout:
			c.Label = ctx.T("trenches.menu.dugout", "Hex", hexLabel(arg(0)))
			c.Group = ctx.T("trenches.group.dugouts", "Count", countRemaining(v))
			c.Emoji = "🕳️"
			head = append(head, c)
		case tov.VPlace:
			// Face down is the rulebook's normal case: its choices come
			// first; face up is a group of its own after them, never the
			// first pick (issue #32).
			u, _ := unitOf(v, arg(0))
			c.Label = ctx.T("trenches.menu.place_hidden", "Unit", placeName(ctx, u), "Hex", hexLabel(arg(1)))
			c.Group = ctx.T("trenches.group.place", "Unit", placeName(ctx, u))
			if arg(2) != 1 {
				c.Label = ctx.T("trenches.menu.place_up", "Unit", placeName(ctx, u), "Hex", hexLabel(arg(1)))
				c.Group = ctx.T("trenches.group.place_up", "Unit", placeName(ctx, u))
				c.Style = render.Danger
				faceUp = append(faceUp, c)
				continue
			}
			head = append(head, c)
		case tov.VUnplace:
			c.Label = ctx.T("trenches.menu.unplace")
			c.Group = ctx.T("trenches.group.setup")
			c.Emoji = "↩️"
			tail = append(tail, c)
		case tov.VAuto:
			c.Label = ctx.T("trenches.menu.auto")
			c.Group = ctx.T("trenches.group.setup")
			c.Emoji = "🎲"
			tail = append(tail, c)
		case tov.VReady:
			c.Label = ctx.T("trenches.menu.ready")
			c.Group = ctx.T("trenches.group.setup")
			c.Style = render.Success
			c.Emoji = "✅"
			tail = append(tail, c)
		case tov.VReveal:
			u, _ := unitOf(v, arg(1))
			c.Label = ctx.T("trenches.menu.reveal", "Unit", unitName(u.ID), "Type", ctx.T("trenches.type."+u.Type), "Hex", hexLabel(arg(0)))
			c.Group = ctx.T("trenches.group.reveal", "Hex", hexLabel(arg(0)))
			c.Emoji = "👁️"
			head = append(head, c)
		case tov.VMove:
			u, _ := unitOf(v, arg(0))
			mv, _ := costs(arg(0))
			o := mv[arg(1)]
			c.Label = ctx.T("trenches.menu.move", "Unit", unitName(u.ID), "To", hexLabel(arg(1)), "MP", o.Cost)
			if o.Flags > 0 {
				c.Label += " " + ctx.T("trenches.log.vp", "VP", o.Flags)
			}
			if dugoutAt(v, arg(1)) {
				c.Label += " 🕳️"
			}
			if stackAt(v, arg(1)) {
				c.Label += " ❓"
			}
			c.Group = unitGroup(u)
			addUnit(arg(0), c)
		case tov.VExit:
			u, _ := unitOf(v, arg(0))
			_, ex := costs(arg(0))
			c.Label = ctx.T("trenches.menu.exit", "Unit", unitName(u.ID), "MP", ex.Cost)
			c.Group = unitGroup(u)
			c.Emoji = "🏃"
			c.Style = render.Success
			addUnit(arg(0), c)
		case tov.VAttack:
			u, _ := unitOf(v, arg(0))
			t, _ := unitOf(v, arg(1))
			need := tov.AttackNeed(v.Scenario, u.Type, u.Hex, t.Hex)
			c.Label = ctx.T("trenches.menu.attack", "Unit", unitName(u.ID), "Target", unitName(t.ID), "Hex", tov.HexName(t.Hex),
				"Need", need, "Pct", need*100/6)
			c.Group = unitGroup(u)
			c.Emoji = "💥"
			c.Style = render.Danger
			addUnit(arg(0), c)
		case tov.VClear:
			u, _ := unitOf(v, arg(0))
			c.Label = ctx.T("trenches.menu.clear", "Unit", unitName(u.ID), "Hex", tov.HexName(u.Hex))
			c.Group = unitGroup(u)
			c.Emoji = "🧹"
			c.Style = render.Primary
			addUnit(arg(0), c)
		case tov.VEnd:
			c.Label = ctx.T("trenches.menu.end")
			if n := idle(v); n > 0 {
				c.Label = ctx.T("trenches.menu.end_idle", "Count", n)
			}
			c.Group = ctx.T("trenches.group.turn")
			c.Emoji = "⏭️"
			if len(legal) == 1 {
				c.Style = render.Primary
			}
			tail = append(tail, c)
		default:
			c.Label = a.String()
			tail = append(tail, c)
		}
	}
	m.Choices = append(m.Choices, head...)
	m.Choices = append(m.Choices, faceUp...)
	for _, u := range unitOrder {
		m.Choices = append(m.Choices, byUnit[u]...)
	}
	m.Choices = append(m.Choices, tail...)
	for i := range m.Choices {
		m.Choices[i].Label = render.Clip(m.Choices[i].Label, 80)
	}
	return m
}

// idle counts the acting side's face-up units that have not acted.
func idle(v tov.View) int {
	raider := v.Phase == tov.PhaseRaider
	n := 0
	for _, u := range v.Units {
		if u.Raider == raider && !u.Acted && tov.Stats[u.Type].MP+tov.Stats[u.Type].Range > 0 {
			n++
		}
	}
	return n
}

func dugoutAt(v tov.View, h int) bool {
	for _, d := range v.Dugouts {
		if d == h {
			return true
		}
	}
	return false
}

func stackAt(v tov.View, h int) bool {
	for _, st := range v.Stacks {
		if st.Hex == h {
			return true
		}
	}
	return false
}

func countRemaining(v tov.View) int {
	n := tov.Scenarios[v.Scenario].DugoutCount() - len(v.Dugouts) - v.Cleared
	if n < 0 {
		n = 0
	}
	return n
}

// placeName names a counter being set up (the Defender sees decoys as such).
func placeName(ctx render.Ctx, u tov.UnitView) string {
	if u.Type == "decoy" {
		var n int
		fmt.Sscanf(u.ID, "decoy-%d", &n)
		return ctx.T("trenches.decoy") + fmt.Sprintf(" %d", n)
	}
	return unitName(u.ID)
}
