// Package trenches renders Trenches of Valor: the public board text, the
// per-unit menus, the Defender's private view of hidden stacks, and a PNG
// hex map of the public position.
package trenches

import (
	"embed"
	"fmt"
	"sort"
	"strings"

	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
)

// Locales is the renderer's catalogue, locales/*.json (catalog.Load).
//
//go:embed locales/*.json
var Locales embed.FS

// Adapted is this renderer as a render.Game (its catalog.Module.Renderer).
var Adapted = render.Adapt[tov.View](tov.ID, Renderer{})

// Renderer implements render.Game.
type Renderer struct{}

const (
	colRaider   = 0xb03a2e
	colDefender = 0x2e5fb0
	colOver     = 0x6b6b6b
	maxLogLines = 12
)

// hexLabel is "0307", or "0602 (C)" for an entry hex.
func hexLabel(h int) string {
	s := tov.HexName(h)
	if e := tov.Hex(h).Entry; e != "" {
		s += " (" + e + ")"
	}
	return s
}

// unitName is a counter's short public name, e.g. "ge G1", "br LMG2".
func unitName(id string) string {
	p := strings.Split(id, "-")
	if len(p) != 3 {
		return "?" // decoys are never named in public
	}
	return p[0] + " " + strings.ToUpper(p[1]) + p[2]
}

func unitOf(v tov.View, idx int) (tov.UnitView, bool) {
	for _, u := range v.Units {
		if u.Idx == idx {
			return u, true
		}
	}
	for _, st := range v.Stacks {
		for _, u := range st.Contents {
			if u.Idx == idx {
				return u, true
			}
		}
	}
	for _, u := range v.Pending {
		if u.Idx == idx {
			return u, true
		}
	}
	return tov.UnitView{}, false
}

func sideName(ctx render.Audience, raider bool) string {
	if raider {
		return ctx.T("trenches.raider")
	}
	return ctx.T("trenches.defender")
}

func nation(ctx render.Audience, n string) string { return ctx.T("trenches.nation." + n) }

func (Renderer) title(ctx render.Audience, v tov.View) string {
	return ctx.T("trenches.title", "N", v.Scenario, "Name", ctx.T(fmt.Sprintf("trenches.scn.%d", v.Scenario)))
}

// Board is the public table text.
func (r Renderer) Board(ctx render.Audience, v tov.View) render.Card {
	c := render.Card{Title: r.title(ctx, v), Color: colRaider}
	var d []string
	d = append(d, ctx.T("trenches.sides",
		"Raider", ctx.Name(games.Seat(v.RaiderSeat)), "RNation", nation(ctx, v.RaiderNation),
		"Defender", ctx.Name(games.Seat(v.DefenderSeat)), "DNation", nation(ctx, v.DefNation)))
	if v.Match {
		d = append(d, ctx.T("trenches.match_game", "Leg", v.Leg))
		for _, l := range v.Legs {
			d = append(d, ctx.T("trenches.match_leg", "Leg", l.Leg, "Name", ctx.Name(games.Seat(l.RaiderSeat)), "VP", l.Score.Total))
		}
	}
	d = append(d, phaseLine(ctx, v))
	d = append(d, vpLine(ctx, v))
	switch v.Phase {
	case tov.PhaseDefender:
		c.Color = colDefender
	case tov.PhaseOver:
		c.Color = colOver
	}
	c.Description = strings.Join(d, "\n")

	if f := unitsField(ctx, v, true); f.Value != "" {
		c.Fields = append(c.Fields, f)
	}
	if f := unitsField(ctx, v, false); f.Value != "" {
		c.Fields = append(c.Fields, f)
	}
	if f := stacksField(ctx, v, false); f.Value != "" {
		c.Fields = append(c.Fields, f)
	}
	if f := boxField(ctx, v); f.Value != "" {
		c.Fields = append(c.Fields, f)
	}
	if v.Phase == tov.PhaseOver && len(v.Legs) > 0 {
		c.Fields = append(c.Fields, finalField(ctx, v.Legs[len(v.Legs)-1]))
	}
	if lines := logLines(ctx, v, false); len(lines) > 0 {
		c.Fields = append(c.Fields, render.Field{Name: ctx.T("trenches.last"), Value: fitLines(lines, 1000), Log: true})
	}
	c.Footer = ctx.T("trenches.footer", "T", v.T, "Victory", v.Victory)
	return c
}

func fitLines(lines []string, n int) string {
	for len(lines) > 1 && len(strings.Join(lines, "\n")) > n {
		lines = lines[1:]
	}
	s := strings.Join(lines, "\n")
	if len(s) > n {
		r := []rune(s)
		for len(string(r)) > n-1 {
			r = r[:len(r)-1]
		}
		s = string(r) + "…"
	}
	return s
}

func phaseLine(ctx render.Audience, v tov.View) string {
	switch v.Phase {
	case tov.PhaseSetupDefender:
		return ctx.T("trenches.phase.setup_defender", "Name", ctx.Name(games.Seat(v.DefenderSeat)))
	case tov.PhaseSetupRaider:
		return ctx.T("trenches.phase.setup_raider", "Name", ctx.Name(games.Seat(v.RaiderSeat)))
	case tov.PhaseOver:
		return ctx.T("trenches.phase.over")
	}
	raider := v.Phase == tov.PhaseRaider
	seat := v.DefenderSeat
	if raider {
		seat = v.RaiderSeat
	}
	s := ctx.T("trenches.turn_line", "GT", v.GT, "T", v.T, "M", v.M) + "\n" +
		ctx.T("trenches.to_act", "Side", sideName(ctx, raider), "Name", ctx.Name(games.Seat(seat)))
	if v.M <= 3 {
		s += "\n" + ctx.T("trenches.exits_open")
	} else {
		s += "\n" + ctx.T("trenches.exits_at", "Count", v.M-3)
	}
	return s
}

func vpLine(ctx render.Audience, v tov.View) string {
	s := ctx.T("trenches.vp_line", "VP", v.Known, "Victory", v.Victory)
	if v.Captured > 0 {
		s += " " + ctx.T("trenches.vp_captured", "Count", v.Captured)
	}
	if v.SnapGame {
		if v.SnapTaken {
			s += "\n" + ctx.T("trenches.snap_taken", "VP", v.Snapshot)
		} else {
			s += "\n" + ctx.T("trenches.snap_pending")
		}
	}
	if len(v.FlagHexes) > 0 {
		var parts []string
		for _, h := range v.FlagHexes {
			mark := "☐"
			for _, e := range v.Entered {
				if e == h {
					mark = "☑"
				}
			}
			parts = append(parts, mark+" "+tov.HexName(h))
		}
		s += "\n" + ctx.T("trenches.flags", "List", strings.Join(parts, " · "))
	}
	return s
}

func unitsField(ctx render.Audience, v tov.View, raider bool) render.Field {
	byHex := map[int][]string{}
	var hexes []int
	for _, u := range v.Units {
		if u.Raider != raider {
			continue
		}
		if _, ok := byHex[u.Hex]; !ok {
			hexes = append(hexes, u.Hex)
		}
		n := unitName(u.ID)
		if u.Acted {
			n += "✓"
		}
		byHex[u.Hex] = append(byHex[u.Hex], n)
	}
	sort.Ints(hexes)
	var lines []string
	for _, h := range hexes {
		lines = append(lines, "`"+tov.HexName(h)+"` "+strings.Join(byHex[h], ", "))
	}
	nat := v.RaiderNation
	if !raider {
		nat = v.DefNation
	}
	return render.Field{Name: sideName(ctx, raider) + " · " + nation(ctx, nat), Value: fitLines(lines, 1000), Inline: true}
}

func stacksField(ctx render.Audience, v tov.View, contents bool) render.Field {
	var lines []string
	for _, st := range v.Stacks {
		l := "`" + hexLabel(st.Hex) + "` " + ctx.T("trenches.facedown", "Count", st.Count)
		if st.Pinned {
			l += " 📌"
		}
		if contents && len(st.Contents) > 0 {
			var names []string
			for _, u := range st.Contents {
				if u.Type == "decoy" {
					names = append(names, ctx.T("trenches.decoy"))
				} else {
					names = append(names, unitName(u.ID))
				}
			}
			l += ": " + strings.Join(names, ", ")
		}
		lines = append(lines, l)
	}
	return render.Field{Name: ctx.T("trenches.stacks"), Value: fitLines(lines, 1000), Inline: true}
}

func names(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = unitName(id)
	}
	return strings.Join(out, ", ")
}

func boxField(ctx render.Audience, v tov.View) render.Field {
	var lines []string
	if len(v.Exited) > 0 {
		lines = append(lines, ctx.T("trenches.box.exited", "Count", len(v.Exited), "List", names(v.Exited)))
	}
	if len(v.Eliminated) > 0 {
		lines = append(lines, ctx.T("trenches.box.eliminated", "Count", len(v.Eliminated), "List", names(v.Eliminated)))
	}
	if v.Cleared > 0 {
		lines = append(lines, ctx.T("trenches.box.cleared", "Count", v.Cleared))
	}
	if v.Captured > 0 {
		lines = append(lines, ctx.T("trenches.box.captured", "Count", v.Captured))
	}
	if len(v.Casualties) > 0 {
		lines = append(lines, ctx.T("trenches.box.casualties", "Count", len(v.Casualties), "List", names(v.Casualties)))
	}
	return render.Field{Name: ctx.T("trenches.box"), Value: fitLines(lines, 1000)}
}

func finalField(ctx render.Audience, l tov.LegResult) render.Field {
	b := l.Score
	var lines []string
	lines = append(lines, ctx.T("trenches.final.exits", "Count", b.Exits))
	if b.Eliminated > 0 || b.CapturedVP > 0 {
		lines = append(lines, ctx.T("trenches.final.units", "VP", b.Eliminated+b.CapturedVP))
	}
	if b.Dugouts > 0 {
		lines = append(lines, ctx.T("trenches.final.dugouts", "Count", b.Dugouts, "VP", b.DugoutVP))
	}
	if b.Flags > 0 {
		lines = append(lines, ctx.T("trenches.final.flags", "VP", b.Flags))
	}
	if b.Snapshot > 0 {
		lines = append(lines, ctx.T("trenches.final.snapshot", "VP", b.Snapshot))
	}
	key := "trenches.final.raid_failed"
	if b.RaiderWins {
		key = "trenches.final.raid_succeeded"
	}
	lines = append(lines, ctx.T(key, "VP", b.Total, "Victory", b.Victory))
	if len(l.Revealed) > 0 {
		var ns []string
		for _, id := range l.Revealed {
			if strings.HasPrefix(id, "decoy") {
				ns = append(ns, ctx.T("trenches.decoy"))
			} else {
				ns = append(ns, unitName(id))
			}
		}
		lines = append(lines, ctx.T("trenches.final.revealed", "List", strings.Join(ns, ", ")))
	}
	return render.Field{Name: ctx.T("trenches.final", "Leg", l.Leg), Value: fitLines(lines, 1000)}
}

// logLines renders the events since the start of the previous player turn.
func logLines(ctx render.Audience, v tov.View, private bool) []string {
	log := entries(ctx, v)
	ends := 0
	start := 0
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Kind == "end_turn" {
			ends++
			if ends == 2 {
				start = i + 1
				break
			}
		}
	}
	var out []string
	for _, e := range log[start:] {
		if e.Private && !private {
			continue
		}
		if l := logLine(ctx, e); l != "" {
			out = append(out, l)
		}
	}
	if len(out) > maxLogLines {
		out = out[len(out)-maxLogLines:]
	}
	return out
}

func logLine(ctx render.Audience, e tov.Entry) string {
	switch e.Kind {
	case "move":
		s := ctx.T("trenches.log.move", "Unit", unitName(e.Unit), "From", tov.HexName(e.From), "To", tov.HexName(e.To), "MP", e.Count)
		if e.VP > 0 {
			s += " " + ctx.T("trenches.log.flag_vp", "VP", e.VP)
		}
		return s
	case "exit":
		return ctx.T("trenches.log.exit", "Unit", unitName(e.Unit), "From", tov.HexName(e.From), "To", tov.HexName(e.To), "MP", e.Count)
	case "attack":
		mod := ""
		if e.Mod > 0 {
			mod = fmt.Sprintf(" +%d = %d", e.Mod, e.Die+e.Mod)
		}
		key := "trenches.log.miss"
		if e.Hit {
			key = "trenches.log.hit"
		}
		s := ctx.T("trenches.log.attack", "Unit", unitName(e.Unit), "Target", unitName(e.Target), "To", tov.HexName(e.To),
			"Die", e.Die, "Mod", mod, "Need", e.Need) + " " + ctx.T(key)
		if e.VP > 0 {
			s += " " + ctx.T("trenches.log.vp", "VP", e.VP)
		}
		return s
	case "clear":
		s := ctx.T("trenches.log.clear", "Unit", unitName(e.Unit), "Hex", tov.HexName(e.To), "Count", e.Count)
		if e.VP > 0 {
			s += " " + ctx.T("trenches.log.vp", "VP", e.VP)
		}
		return s
	case "reveal":
		return ctx.T("trenches.log.reveal", "Unit", unitName(e.Unit), "Hex", hexLabel(e.To))
	case "decoys_removed":
		return ctx.T("trenches.log.decoys", "Hex", hexLabel(e.To), "Count", e.Count)
	case "end_turn":
		return ctx.T("trenches.log.end_turn", "Side", sideName(ctx, e.Side == "raider"))
	case "turn":
		return ctx.T("trenches.log.turn", "M", e.Count)
	case "snapshot":
		return ctx.T("trenches.log.snapshot", "Count", e.Count)
	case "setup_done":
		return ctx.T("trenches.log.setup_done", "Side", sideName(ctx, e.Side == "raider"))
	case "game_over":
		return ctx.T("trenches.log.game_over", "VP", e.VP, "Victory", e.Count)
	case "leg":
		return ctx.T("trenches.log.leg")
	case "place":
		if e.Hit {
			return ctx.T("trenches.log.place_hidden", "Unit", unitName(e.Unit), "Hex", hexLabel(e.To))
		}
		return ctx.T("trenches.log.place", "Unit", unitName(e.Unit), "Hex", hexLabel(e.To))
	case "dugout":
		return ctx.T("trenches.log.dugout", "Hex", tov.HexName(e.To))
	}
	return ""
}

// Private is the seat's own view: for the Defender the contents of every
// hidden stack and of the captured counters; for the Raider its units.
func (r Renderer) Private(ctx render.Audience, v tov.View) (render.Card, bool) {
	if v.Role != "raider" && v.Role != "defender" {
		return render.Card{}, false
	}
	raider := v.Role == "raider"
	c := render.Card{Title: ctx.T("trenches.private.title", "Side", sideName(ctx, raider)), Color: colDefender}
	if raider {
		c.Color = colRaider
	}
	var d []string
	if len(v.Pending) > 0 {
		var ns []string
		for _, u := range v.Pending {
			if u.Type == "decoy" {
				ns = append(ns, ctx.T("trenches.decoy"))
			} else {
				ns = append(ns, unitName(u.ID))
			}
		}
		d = append(d, ctx.T("trenches.private.pending", "Count", len(v.Pending), "List", strings.Join(ns, ", ")))
	}
	var lines []string
	for _, u := range v.Units {
		if u.Raider != raider {
			continue
		}
		st := tov.Stats[u.Type]
		l := ctx.T("trenches.private.unit", "Unit", unitName(u.ID), "Type", ctx.T("trenches.type."+u.Type), "Hex", hexLabel(u.Hex),
			"A", st.Attack, "R", st.Range, "MP", st.MP)
		if u.Acted {
			l += " ✓"
		}
		lines = append(lines, l)
	}
	if len(lines) > 0 {
		c.Fields = append(c.Fields, render.Field{Name: ctx.T("trenches.private.units"), Value: fitLines(lines, 1000)})
	}
	if !raider {
		if f := stacksField(ctx, v, true); f.Value != "" {
			f.Inline = false
			c.Fields = append(c.Fields, f)
		}
		if len(v.CapturedIDs) > 0 {
			d = append(d, ctx.T("trenches.private.captured", "List", names(v.CapturedIDs), "VP", v.HiddenVP))
		}
		if v.Solo && v.DefenderSeat == 1 {
			d = append(d, ctx.T("trenches.private.solo"))
		}
		if lines := logLines(ctx, v, true); len(lines) > 0 && v.Phase == tov.PhaseSetupDefender {
			c.Fields = append(c.Fields, render.Field{Name: ctx.T("trenches.last"), Value: fitLines(lines, 1000), Log: true})
		}
	}
	if len(d) == 0 && len(c.Fields) == 0 {
		d = append(d, ctx.T("trenches.private.nothing"))
	}
	c.Description = strings.Join(d, "\n")
	return c, true
}

// Status is the one-line turn ping.
func (r Renderer) Status(ctx render.Audience, v tov.View) string {
	switch v.Phase {
	case tov.PhaseSetupDefender, tov.PhaseSetupRaider:
		return ctx.T("trenches.status.setup", "N", v.Scenario, "Side", sideName(ctx, v.Phase == tov.PhaseSetupRaider))
	case tov.PhaseOver:
		return ctx.T("trenches.status.over", "N", v.Scenario, "VP", v.Known, "Victory", v.Victory)
	}
	return ctx.T("trenches.status.turn", "N", v.Scenario, "GT", v.GT, "T", v.T,
		"Side", sideName(ctx, v.Phase == tov.PhaseRaider), "VP", v.Known, "Victory", v.Victory)
}

// Rules is a short summary.
func (Renderer) Rules(ctx render.Audience) string {
	return ctx.T("trenches.rules") + "\n\n" + scenarioRules(ctx)
}

// scenarioRules lists every scenario with its turns, the victory points
// the Raider needs and what scores them besides exits, from the scenario
// data itself.
func scenarioRules(ctx render.Audience) string {
	lines := []string{ctx.T("trenches.rules.scenarios")}
	for _, sc := range tov.Scenarios[1:] {
		var parts []string // exits score 1 VP everywhere (the rules above)
		if sc.DugoutVP > 0 {
			parts = append(parts, ctx.T("trenches.rules.vp_dugout", "VP", sc.DugoutVP))
		}
		for _, t := range []string{"h", "g", "r", "lmg", "mg"} {
			if vp := sc.UnitVP[t]; vp > 0 {
				parts = append(parts, ctx.T("trenches.rules.vp_unit", "Unit", ctx.T("trenches.type."+t), "VP", vp))
			}
		}
		if len(sc.FlagHexes) > 0 {
			parts = append(parts, ctx.T("trenches.rules.vp_flag"))
		}
		if sc.Snapshot {
			parts = append(parts, ctx.T("trenches.rules.vp_snapshot"))
		}
		lines = append(lines, "- "+ctx.T("trenches.rules.scn", "N", sc.N, "Name", ctx.T(fmt.Sprintf("trenches.scn.%d", sc.N)),
			"Turns", sc.T, "VP", sc.Victory, "Parts", strings.Join(parts, "; ")))
	}
	return strings.Join(lines, "\n")
}
