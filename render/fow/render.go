// Package fow renders the Flames of War mission referee: the public status
// card (phone-sized), the acting player's menu, the private roster view,
// a schematic PNG of the table and the rules summary.
package fow

import (
	"embed"
	"fmt"
	"strings"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
)

// Locales is the renderer's catalogue, locales/*.json (catalog.Load).
//
//go:embed locales/*.json
var Locales embed.FS

// Adapted is this renderer as a render.Game (its catalog.Module.Renderer).
var Adapted = render.Adapt[fowg.View](fowg.ID, Renderer{})

// Renderer implements render.Game for the referee.
type Renderer struct{}

const (
	colourPlay = 0x8B5A2B
	colourOver = 0x2E7D32
)

// pname is "B5 Tank platoon 1", or "B5 " and the name the player typed
// (escaped: it is shown in Discord messages).
func pname(ctx render.Audience, p fowg.PlatoonView) string {
	if p.Name != "" {
		return p.ID + " " + render.Escape(p.Name)
	}
	return fmt.Sprintf("%s %s %d", p.ID, ctx.T("fow.tpl."+p.Tpl), p.Num)
}

// Prefill implements render.Prefiller: the platoon form shows the
// platoon's name (its typed one, or "" to type one), points and teams.
func (Renderer) Prefill(v fowg.View, a games.Action) (string, []int) {
	if a.Verb != fowg.VPlatoon || len(a.Args) == 0 || v.Viewer < 0 || v.Viewer > 1 {
		return "", nil
	}
	p, ok := platoon(v, v.Viewer, a.Args[0])
	if !ok {
		return "", nil
	}
	return p.Name, []int{p.Points, p.Teams}
}

func platoon(v fowg.View, seat, i int) (fowg.PlatoonView, bool) {
	if seat < 0 || seat > 1 || i < 0 || i >= len(v.Sides[seat].Platoons) {
		return fowg.PlatoonView{}, false
	}
	return v.Sides[seat].Platoons[i], true
}

// pn names platoon i of seat, or its bare id when the roster is hidden.
func pn(ctx render.Audience, v fowg.View, seat, i int) string {
	if p, ok := platoon(v, seat, i); ok {
		return pname(ctx, p)
	}
	return fowg.PlatoonID(seat, i)
}

func objName(ctx render.Audience, i int) string { return ctx.T("fow.obj", "N", i+1) }

func who(ctx render.Audience, seat int) string {
	if seat < 0 {
		return ctx.T("fow.nobody")
	}
	return ctx.Name(games.Seat(seat))
}

func roleOf(ctx render.Audience, v fowg.View, seat int) string {
	if v.Attacker < 0 {
		return ""
	}
	if seat == v.Attacker {
		return ctx.T("fow.role.attacker")
	}
	return ctx.T("fow.role.defender")
}

func dist(ctx render.Audience, v fowg.View, in int) string {
	if v.Units == "cm" {
		cm := map[int]int{2: 5, 4: 10, 6: 15, 8: 20, 12: 30, 16: 40, 48: 120}[in]
		return fmt.Sprintf("%dcm", cm)
	}
	return fmt.Sprintf("%d\"", in)
}

// rulesLine lists the mission's special rules.
func rulesLine(ctx render.Audience, m fowg.Mission) string {
	var r []string
	add := func(ok bool, k string) {
		if ok {
			r = append(r, ctx.T("fow.rule."+k))
		}
	}
	add(m.Meeting, "meeting")
	add(m.Prepared, "prepared")
	add(m.Ambush == "ambush", "ambush")
	add(m.Ambush == "immediate", "immediate")
	add(m.AttReserves == "reserves" || m.DefReserves == "reserves" && m.DefReserveMin != "mobile", "reserves")
	add(m.AttReserves == "delayed" || m.DefReserves == "delayed", "delayed")
	add(m.DefReserveMin == "mobile", "mobile")
	add(m.ArmouredReserves, "armoured")
	add(m.AttEntry == "scattered" || m.DefEntry == "scattered", "scattered")
	add(m.StrategicW, "strategic")
	add(m.GradualW, "gradual")
	add(m.OverTheWire, "otw")
	add(m.NMLPatrol, "patrol")
	add(m.Darkness, "darkness")
	if m.TurnLimit > 0 {
		r = append(r, ctx.T("fow.rule.turn_limit", "Count", m.TurnLimit))
	}
	if len(r) == 0 {
		return ""
	}
	return strings.Join(r, " · ")
}

// Board is the public card.
func (Renderer) Board(ctx render.Audience, v fowg.View) render.Card {
	c := render.Card{Title: ctx.T("fow.title", "Mission", ctx.T("fow.mission."+v.Mission.ID)), Color: colourPlay}
	var d []string
	if r := rulesLine(ctx, v.Mission); r != "" {
		d = append(d, "*"+r+"*")
	}
	if v.Attacker >= 0 {
		d = append(d, ctx.T("fow.roles_line", "Att", who(ctx, v.Attacker), "Def", who(ctx, 1-v.Attacker)))
	}
	if phase := phaseText(ctx, v); phase != "" {
		d = append(d, "", phase)
	}
	if len(v.Objectives) > 0 {
		d = append(d, "", objectivesText(ctx, v))
	}
	if v.Mission.StrategicW && v.Phase == fowg.PhBattle {
		d = append(d, ctx.T("fow.delay_counters", "Count", v.Delay))
	}
	if v.Manual {
		d = append(d, ctx.T("fow.manual_dice"))
	}
	c.Description = render.Clip(strings.Join(d, "\n"), 3400)
	for seat := 0; seat < 2; seat++ {
		c.Fields = append(c.Fields, sideField(ctx, v, seat, false))
	}
	if ev := eventsText(ctx, v, 8); len(ev) > 0 {
		c.Fields = append(c.Fields, render.Field{Name: ctx.T("fow.events"), Value: render.LastLines(ev, 1000), Log: true})
	}
	if v.Over {
		c.Color = colourOver
	}
	return c
}

func objectivesText(ctx render.Audience, v fowg.View) string {
	var b []string
	for _, o := range v.Objectives {
		line := ctx.T("fow.obj_line", "Obj", objName(ctx, o.ID-1), "Placer", who(ctx, o.Placer), "Half", who(ctx, o.Half))
		if o.Removed {
			line = "~~" + line + "~~ " + ctx.T("fow.obj_removed")
		}
		b = append(b, line)
	}
	return strings.Join(b, "\n")
}

func sideField(ctx render.Audience, v fowg.View, seat int, own bool) render.Field {
	sd := v.Sides[seat]
	name := who(ctx, seat) + " (" + sd.Letter + ")"
	if r := roleOf(ctx, v, seat); r != "" {
		name += " · " + r
	}
	var b []string
	if sd.Hidden {
		b = append(b, ctx.T("fow.roster_hidden", "Count", sd.Count))
		return render.Field{Name: render.Clip(name, 250), Value: strings.Join(b, "\n")}
	}
	comp := ctx.T("fow.company." + sd.Company)
	if sd.Always != "" {
		comp += " · " + ctx.T("fow.always."+sd.Always)
	}
	b = append(b, comp)
	groups := map[string][]string{}
	var order []string
	for _, p := range sd.Platoons {
		st := p.Status
		if st == "" {
			st = "roster"
		}
		if _, ok := groups[st]; !ok {
			order = append(order, st)
		}
		tag := ""
		if p.Patrol {
			tag = " 🔦"
		}
		if p.Left {
			tag += " 🚚✗"
		}
		groups[st] = append(groups[st], pname(ctx, p)+tag)
	}
	for _, st := range []string{"roster", fowg.StTable, "off_table", fowg.StAmbush, fowg.StReserve, fowg.StWithdrawn, fowg.StDestroyed} {
		if len(groups[st]) == 0 {
			continue
		}
		b = append(b, "**"+ctx.T("fow.status."+st, "Count", len(groups[st]))+"**: "+strings.Join(groups[st], ", "))
	}
	_ = order
	if sd.Reserves >= 0 && v.Phase != fowg.PhRoster && (sd.Locked || own) {
		b = append(b, ctx.T("fow.reserves_left", "Count", sd.Reserves))
	}
	if v.Phase == fowg.PhBattle || v.Over {
		b = append(b, ctx.T("fow.morale_line", "In", sd.InAction, "Dead", sd.Destroyed, "Out", sd.Withdrawn))
	}
	return render.Field{Name: render.Clip(name, 250), Value: render.Clip(strings.Join(b, "\n"), 1000)}
}

// Status is the one-line turn summary.
func (Renderer) Status(ctx render.Audience, v fowg.View) string {
	if v.Over {
		return ctx.T("fow.status_over", "Winner", who(ctx, v.Winner), "A", v.VP[0], "B", v.VP[1])
	}
	if v.Phase == fowg.PhBattle {
		return ctx.T("fow.status_turn", "Turn", v.Turn, "Who", who(ctx, v.Active), "Role", roleOf(ctx, v, v.Active), "Step", ctx.T("fow.sub."+v.Sub))
	}
	return ctx.T("fow.phase." + v.Phase)
}

// Private is the seat's own roster with hidden tags, deployment errors and
// any question in progress.
func (Renderer) Private(ctx render.Audience, v fowg.View) (render.Card, bool) {
	if v.Viewer < 0 || v.Viewer > 1 {
		return render.Card{}, false
	}
	seat := v.Viewer
	c := render.Card{Title: ctx.T("fow.private_title", "Name", who(ctx, seat)), Color: colourPlay}
	var d []string
	if len(v.DeployErrors) > 0 {
		var es []string
		for _, e := range v.DeployErrors {
			es = append(es, "• "+ctx.T("fow.err."+e))
		}
		d = append(d, "**"+ctx.T("fow.deploy_errors")+"**\n"+strings.Join(es, "\n"))
	} else if v.Phase == fowg.PhAssign && !v.Sides[seat].Locked {
		d = append(d, ctx.T("fow.deploy_ok"))
	}
	if v.Check != nil {
		if p, ok := platoon(v, seat, v.Check.P); ok {
			d = append(d, ctx.T("fow.check_for", "Platoon", pname(ctx, p), "Q", v.Check.Q, "Of", v.Check.Of))
		}
	}
	sd := v.Sides[seat]
	for _, p := range sd.Platoons {
		line := pname(ctx, p) + " — " + ctx.T("fow.type."+p.Type) + ", " + ctx.T("fow.skill."+p.Skill) + ", " +
			ctx.T("fow.motivation."+p.Motiv) + ", " + ctx.T("fow.points", "Count", p.Points)
		var fl []string
		for _, f := range []struct {
			on  bool
			key string
		}{{p.Veh, "has_vehicles"}, {p.TOnly, "transports_only"}, {p.FA, "fully_armoured"}, {p.Heavy, "heavy_gun"}, {p.BB, "bunker_buster"}} {
			if f.on {
				fl = append(fl, ctx.T("fow.flag."+f.key))
			}
		}
		if p.Teams > 0 {
			fl = append(fl, ctx.T("fow.teams", "Count", p.Teams))
		}
		if len(fl) > 0 {
			line += " (" + strings.Join(fl, ", ") + ")"
		}
		if p.Status != "" {
			line += " **[" + ctx.T("fow.st."+p.Status) + "]**"
		}
		if p.Index == sd.Sel {
			line = "▶ " + line
		}
		d = append(d, line)
	}
	if len(sd.Platoons) == 0 {
		d = append(d, ctx.T("fow.roster_empty"))
	}
	c.Description = render.Clip(strings.Join(d, "\n"), 3400)
	return c, true
}

// Rules is the short rules summary.
func (Renderer) Rules(ctx render.Audience) string { return ctx.T("fow.rules") }
