package trenches

import (
	"fmt"

	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
)

// Menu labels the legal actions, grouped by unit (or by stack / counter).
func (r Renderer) Menu(ctx render.Audience, v tov.View, legal []games.Action) render.Menu {
	m := render.Menu{}
	m.Prompt = menuPrompt(ctx, v)
	b := &menuBuilder{ctx: ctx, v: v, byUnit: map[int][]render.Choice{}}
	for _, a := range legal {
		b.add(a, len(legal))
	}
	m.Choices = b.choices(m.Choices)
	for i := range m.Choices {
		m.Choices[i].Label = render.Clip(m.Choices[i].Label, 80)
	}
	return m
}

// menuPrompt is the question above the menu: what the phase asks of the
// acting side ("" in a phase without one).
func menuPrompt(ctx render.Audience, v tov.View) string {
	switch v.Phase {
	case tov.PhaseSetupDefender:
		return ctx.T("trenches.prompt.setup_defender")
	case tov.PhaseSetupRaider:
		return ctx.T("trenches.prompt.setup_raider")
	case tov.PhaseRaider:
		return ctx.T("trenches.prompt.raider", "GT", v.GT, "M", v.M)
	case tov.PhaseDefender:
		return ctx.T("trenches.prompt.defender", "GT", v.GT, "M", v.M)
	}
	return ""
}

// menuBuilder sorts the labelled choices into the menu's sections: setup
// and reveals first (head), face-up placements after them, then each
// unit's actions in the order the units first appear, then the setup
// buttons and the end of the turn (tail).
type menuBuilder struct {
	ctx          render.Audience
	v            tov.View
	moves        map[int]map[int]tov.MoveOpt // per unit, computed on first use
	exits        map[int]tov.MoveOpt
	head, faceUp []render.Choice
	tail         []render.Choice
	byUnit       map[int][]render.Choice
	unitOrder    []int
}

// costs is unit u's move and exit costs, computed once per menu: every
// move of a unit needs the same table.
func (b *menuBuilder) costs(u int) (map[int]tov.MoveOpt, tov.MoveOpt) {
	if b.moves == nil {
		b.moves, b.exits = map[int]map[int]tov.MoveOpt{}, map[int]tov.MoveOpt{}
	}
	if _, ok := b.moves[u]; !ok {
		b.moves[u], b.exits[u] = b.v.MoveCosts(u)
	}
	return b.moves[u], b.exits[u]
}

// unitGroup is the group of one unit's actions: its name and hex.
func (b *menuBuilder) unitGroup(u tov.UnitView) string {
	return b.ctx.T("trenches.group.unit", "Unit", unitName(u.ID), "Hex", tov.HexName(u.Hex))
}

// addUnit files a choice under unit u, remembering the order units first
// appear in.
func (b *menuBuilder) addUnit(u int, c render.Choice) {
	if _, ok := b.byUnit[u]; !ok {
		b.unitOrder = append(b.unitOrder, u)
	}
	b.byUnit[u] = append(b.byUnit[u], c)
}

// choices appends the sections to dst in the menu's order.
func (b *menuBuilder) choices(dst []render.Choice) []render.Choice {
	dst = append(dst, b.head...)
	dst = append(dst, b.faceUp...)
	for _, u := range b.unitOrder {
		dst = append(dst, b.byUnit[u]...)
	}
	return append(dst, b.tail...)
}

// setupButton is how one setup verb without arguments looks in the menu.
type setupButton struct {
	label, emoji string
	style        render.Style
}

// setupButtons are the setup verbs that go in the tail, all in the setup group.
var setupButtons = map[string]setupButton{
	tov.VUnplace: {label: "trenches.menu.unplace", emoji: "↩️"},
	tov.VAuto:    {label: "trenches.menu.auto", emoji: "🎲"},
	tov.VReady:   {label: "trenches.menu.ready", emoji: "✅", style: render.Success},
}

// add labels one legal action and files it in its section; nLegal is how
// many legal actions there are (a lone end of turn is the primary button).
func (b *menuBuilder) add(a games.Action, nLegal int) {
	ctx := b.ctx
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
		c.Group = ctx.T("trenches.group.dugouts", "Count", countRemaining(b.v))
		c.Emoji = "🕳️"
		b.head = append(b.head, c)
	case tov.VPlace:
		b.addPlace(c, arg(0), arg(1), arg(2))
	case tov.VUnplace, tov.VAuto, tov.VReady:
		sb := setupButtons[a.Verb]
		c.Label = ctx.T(sb.label)
		c.Group = ctx.T("trenches.group.setup")
		c.Style = sb.style
		c.Emoji = sb.emoji
		b.tail = append(b.tail, c)
	case tov.VReveal:
		u, _ := unitOf(b.v, arg(1))
		c.Label = ctx.T("trenches.menu.reveal", "Unit", unitName(u.ID), "Type", ctx.T("trenches.type."+u.Type), "Hex", hexLabel(arg(0)))
		c.Group = ctx.T("trenches.group.reveal", "Hex", hexLabel(arg(0)))
		c.Emoji = "👁️"
		b.head = append(b.head, c)
	case tov.VMove, tov.VExit, tov.VAttack, tov.VClear:
		b.addUnit(arg(0), b.unitChoice(c, arg(0), arg(1)))
	case tov.VEnd:
		b.tail = append(b.tail, b.endChoice(c, nLegal))
	default:
		c.Label = a.String()
		b.tail = append(b.tail, c)
	}
}

// addPlace labels the placement of counter id on hex; up is 1 for face
// down. Face down is the rulebook's normal case: its choices come first;
// face up is a group of its own after them, never the first pick (issue #32).
func (b *menuBuilder) addPlace(c render.Choice, id, hex, up int) {
	ctx := b.ctx
	u, _ := unitOf(b.v, id)
	c.Label = ctx.T("trenches.menu.place_hidden", "Unit", placeName(ctx, u), "Hex", hexLabel(hex))
	c.Group = ctx.T("trenches.group.place", "Unit", placeName(ctx, u))
	if up != 1 {
		c.Label = ctx.T("trenches.menu.place_up", "Unit", placeName(ctx, u), "Hex", hexLabel(hex))
		c.Group = ctx.T("trenches.group.place_up", "Unit", placeName(ctx, u))
		c.Style = render.Danger
		b.faceUp = append(b.faceUp, c)
		return
	}
	b.head = append(b.head, c)
}

// unitChoice labels one unit's move, exit, attack or clear (unit id, the
// second argument is the hex or target), grouped under the unit.
func (b *menuBuilder) unitChoice(c render.Choice, id, to int) render.Choice {
	ctx, v := b.ctx, b.v
	u, _ := unitOf(v, id)
	switch c.Action.Verb {
	case tov.VMove:
		mv, _ := b.costs(id)
		o := mv[to]
		c.Label = ctx.T("trenches.menu.move", "Unit", unitName(u.ID), "To", hexLabel(to), "MP", o.Cost)
		if o.Flags > 0 {
			c.Label += " " + ctx.T("trenches.log.vp", "VP", o.Flags)
		}
		if dugoutAt(v, to) {
			c.Label += " 🕳️"
		}
		if stackAt(v, to) {
			c.Label += " ❓"
		}
		c.Group = b.unitGroup(u)
	case tov.VExit:
		_, ex := b.costs(id)
		c.Label = ctx.T("trenches.menu.exit", "Unit", unitName(u.ID), "MP", ex.Cost)
		c.Group = b.unitGroup(u)
		c.Emoji = "🏃"
		c.Style = render.Success
	case tov.VAttack:
		t, _ := unitOf(v, to)
		need := tov.AttackNeed(v.Scenario, u.Type, u.Hex, t.Hex)
		c.Label = ctx.T("trenches.menu.attack", "Unit", unitName(u.ID), "Target", unitName(t.ID), "Hex", tov.HexName(t.Hex),
			"Need", need, "Pct", need*100/6)
		c.Group = b.unitGroup(u)
		c.Emoji = "💥"
		c.Style = render.Danger
	case tov.VClear:
		c.Label = ctx.T("trenches.menu.clear", "Unit", unitName(u.ID), "Hex", tov.HexName(u.Hex))
		c.Group = b.unitGroup(u)
		c.Emoji = "🧹"
		c.Style = render.Primary
	}
	return c
}

// endChoice labels the end of the turn, counting the units that have not
// acted; when it is the only legal action it is the primary button.
func (b *menuBuilder) endChoice(c render.Choice, nLegal int) render.Choice {
	ctx := b.ctx
	c.Label = ctx.T("trenches.menu.end")
	if n := idle(b.v); n > 0 {
		c.Label = ctx.T("trenches.menu.end_idle", "Count", n)
	}
	c.Group = ctx.T("trenches.group.turn")
	c.Emoji = "⏭️"
	if nLegal == 1 {
		c.Style = render.Primary
	}
	return c
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
func placeName(ctx render.Audience, u tov.UnitView) string {
	if u.Type == "decoy" {
		var n int
		fmt.Sscanf(u.ID, "decoy-%d", &n)
		return ctx.T("trenches.decoy") + fmt.Sprintf(" %d", n)
	}
	return unitName(u.ID)
}
