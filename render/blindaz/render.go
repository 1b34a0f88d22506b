// Package blindaz renders Blindaż: the public board text, the acting seat's
// menu, a status line, the PNG board and a rules summary. Nothing in
// Blindaż is private, so Private always reports ok=false and the menu is
// public. All user-facing text comes from the catalogue in locales/.
package blindaz

import (
	"embed"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
)

// Locales is the renderer's catalogue, locales/*.json (catalog.Load).
//
//go:embed locales/*.json
var Locales embed.FS

// Adapted is this renderer as a render.Game (its catalog.Module.Renderer).
var Adapted = render.Adapt[bz.View](bz.ID, Renderer{})

// Renderer implements render.Game.
type Renderer struct{}

func asView(v any) (bz.View, bool) { return render.ViewAs[bz.View](v) }

// SeatEmoji is the pawn colour of soldier i (1 red, 2 blue, 3 green, 4 yellow).
var SeatEmoji = []string{"🔴", "🔵", "🟢", "🟡"}

func emoji(i int) string {
	if i >= 0 && i < len(SeatEmoji) {
		return SeatEmoji[i]
	}
	return "⚪"
}

// Glyph is the box-drawing glyph of an orientation mask (spec §4.4). A
// dead end is a triangle pointing to its open side, not the spec's half
// line (╶ ╷ ╴ ╵), which the picture's Go fonts lack and would leave blank
// in its log lines (ruling 16 of games/blindaz); not an arrow, which the
// log's moves use.
func Glyph(ori int) string {
	const n, e, s, w = bz.SideN, bz.SideE, bz.SideS, bz.SideW
	switch ori {
	case e:
		return "►"
	case s:
		return "▼"
	case w:
		return "◄"
	case n:
		return "▲"
	case e | w:
		return "─"
	case n | s:
		return "│"
	case n | e:
		return "└"
	case e | s:
		return "┌"
	case s | w:
		return "┐"
	case n | w:
		return "┘"
	case n | e | s:
		return "├"
	case e | s | w:
		return "┬"
	case n | s | w:
		return "┤"
	case n | e | w:
		return "┴"
	case n | e | s | w:
		return "┼"
	}
	return "?"
}

func symChar(sym string) string {
	switch sym {
	case bz.SymFire:
		return "+"
	case bz.SymHedgehog:
		return "x"
	case bz.SymMine:
		return "o"
	}
	return " "
}

// enemyCode is the 2-character occupant code of an enemy (spec §4.5).
func enemyCode(c bz.CellView) string {
	switch c.Kind {
	case bz.Infantry:
		return fmt.Sprintf("i%d", c.Defence)
	case bz.Tank:
		return fmt.Sprintf("T%d", c.Defence)
	case bz.Artillery:
		return "Ar"
	}
	return "  "
}

// TextBoard is the monospace board of spec §4.5 (4 characters a cell).
func TextBoard(v bz.View) string {
	occ := map[string][]int{}
	for i, so := range v.Soldiers {
		if so.Cell != "" {
			occ[so.Cell] = append(occ[so.Cell], i+1)
		}
	}
	var b strings.Builder
	b.WriteString("  ")
	for x := 0; x < bz.Cols; x++ {
		fmt.Fprintf(&b, " %c  ", 'A'+x)
	}
	b.WriteString("\n")
	for y := 0; y < bz.Lanes; y++ {
		fmt.Fprintf(&b, "%d ", y+1)
		for x := 0; x < bz.Cols; x++ {
			c := v.Cells[y*bz.Cols+x]
			glyph := "·"
			switch {
			case x == bz.Cols-1:
				glyph = "█"
			case c.Flag:
				glyph = "⚑"
			case c.Tile != "":
				glyph = Glyph(c.Ori)
			case x == 0:
				glyph = "»"
			}
			o := "  "
			if c.Enemy != "" {
				o = enemyCode(c)
			} else if s := occ[c.Cell]; len(s) > 0 {
				switch len(s) {
				case 1:
					o = fmt.Sprintf("%d ", s[0])
				case 2:
					o = fmt.Sprintf("%d%d", s[0], s[1])
				default:
					o = "**"
				}
			}
			b.WriteString(glyph + symChar(c.Symbol) + o)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// who names soldier i: "Soldier 2 (🔵 Boris)".
func who(ctx render.Audience, v bz.View, i int) string {
	name := "?"
	if i >= 0 && i < len(v.Soldiers) {
		name = ctx.Name(games.Seat(v.Soldiers[i].Seat))
	}
	return ctx.T("blindaz.soldier", "Num", i+1, "Emoji", emoji(i), "Name", name)
}

func tileName(ctx render.Audience, typ string) string  { return ctx.T("blindaz.tile." + typ) }
func enemyName(ctx render.Audience, typ string) string { return ctx.T("blindaz.enemy." + typ) }

func penaltyBar(v bz.View) string {
	n := min(v.Penalty, v.Limit)
	return strings.Repeat("■", n) + strings.Repeat("□", max(v.Limit-n, 0))
}

// Board is the public card.
func (Renderer) Board(ctx render.Audience, v bz.View) render.Card {
	var c render.Card
	c.Color = 0x6b7a3a
	switch v.Phase {
	case bz.PhaseDeploy:
		c.Title = ctx.T("blindaz.title.deploy")
	case bz.PhaseTurn:
		c.Title = ctx.T("blindaz.title.turn", "Round", v.Round, "Who", who(ctx, v, v.Turn))
	default: // the reason is in the result the core says above the card
		c.Title = ctx.T("blindaz.title.over", "Result", ctx.T("blindaz.result."+v.Result))
		if v.Result == bz.Victory {
			c.Color = 0x2e8b57
		} else {
			c.Color = 0x8b1a1a
		}
	}
	var d strings.Builder
	d.WriteString("```\n" + TextBoard(v) + "```\n")
	d.WriteString(ctx.T("blindaz.board.penalty", "Bar", penaltyBar(v), "N", v.Penalty, "Limit", v.Limit) + "\n")
	d.WriteString(ctx.T("blindaz.board.flags", "Placed", v.FlagsPlaced, "Left", v.FlagsLeft) + "\n")
	d.WriteString(ctx.T("blindaz.board.counts", "ES", v.EnemyStack, "On", v.OnBoard, "N", v.N, "TS", v.Stack, "TD", len(v.Discard)) + "\n")
	var m []string
	for i, t := range v.Market {
		m = append(m, ctx.T("blindaz.board.slot", "Slot", i+1, "Tile", tileLabel(ctx, t)))
	}
	if len(m) == 0 {
		m = append(m, "—")
	}
	d.WriteString(ctx.T("blindaz.board.market", "Tiles", strings.Join(m, " · ")) + "\n")
	c.Description = render.Clip(d.String(), 3400)

	var sl []string
	for i, so := range v.Soldiers {
		line := who(ctx, v, i) + " "
		if so.Cell == "" {
			line += ctx.T("blindaz.board.undeployed")
		} else {
			line += so.Cell
		}
		if so.Grenade {
			line += " 💣"
		}
		if so.Stranded {
			line += " " + ctx.T("blindaz.board.stranded")
		}
		if v.Phase == bz.PhaseTurn && i == v.Turn {
			line = "▶ " + line
		}
		sl = append(sl, line)
	}
	c.Fields = append(c.Fields, render.Field{Name: ctx.T("blindaz.field.soldiers"), Value: render.Clip(strings.Join(sl, "\n"), 1000)})
	if last := recentLines(ctx, v, 14); last != "" {
		c.Fields = append(c.Fields, render.Field{Name: ctx.T("blindaz.field.last"), Value: last, Log: true})
	}
	var un []string
	for _, u := range v.Unseen {
		un = append(un, fmt.Sprintf("%s ×%d", enemyName(ctx, u.Name), u.N))
	}
	if len(un) > 0 && v.Phase != bz.PhaseOver {
		c.Fields = append(c.Fields, render.Field{Name: ctx.T("blindaz.field.unseen"), Value: render.Clip(strings.Join(un, " · "), 1000)})
	}
	if v.Phase == bz.PhaseOver {
		var st []string
		for _, s := range v.Spent {
			st = append(st, ctx.T("blindaz.stat."+s.Name, "Count", s.N))
		}
		st = append(st, ctx.T("blindaz.stat.rounds", "Count", v.Round))
		c.Fields = append(c.Fields, render.Field{Name: ctx.T("blindaz.field.stats"), Value: render.Clip(strings.Join(st, " · "), 1000)})
		var box []string
		for _, b := range v.Box {
			box = append(box, enemyName(ctx, b))
		}
		c.Fields = append(c.Fields, render.Field{Name: ctx.T("blindaz.field.box"), Value: render.Clip(strings.Join(box, ", "), 1000)})
	}
	c.Footer = ctx.T("blindaz.footer", "Diff", ctx.T("blindaz.diff."+v.Diff), "Limit", v.Limit)
	return c
}

// tileLabel: "corner_fire ┌+" style label of a market tile.
func tileLabel(ctx render.Audience, t bz.TileView) string {
	if t.Shape == bz.NoShape {
		return "💣 " + tileName(ctx, t.Type)
	}
	return bz0Glyph(t.Shape) + " " + tileName(ctx, t.Type)
}

// bz0Glyph is the glyph of a shape's first orientation.
func bz0Glyph(s bz.Shape) string {
	if o, ok := bz.Orientations[s]; ok {
		return Glyph(o[0])
	}
	return "?"
}

// recentLines formats the last public notes, newest last.
func recentLines(ctx render.Audience, v bz.View, n int) string {
	var lines []string
	var kinds []string // kind+soldier of each line, to fold a move that was taken back
	for _, note := range logNotes(ctx) {
		if note.Kind == "MoveCancelled" {
			if k := len(kinds); k > 0 && kinds[k-1] == fmt.Sprintf("Moved%d", note.Soldier) {
				lines, kinds = lines[:k-1], kinds[:k-1]
			}
			continue
		}
		if s := NoteText(ctx, v, note); s != "" {
			lines = append(lines, s)
			kinds = append(kinds, fmt.Sprintf("%s%d", note.Kind, note.Soldier))
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	out := strings.Join(lines, "\n")
	for utf8.RuneCountInString(out) > 1000 && len(lines) > 1 {
		lines = lines[1:]
		out = strings.Join(lines, "\n")
	}
	return render.Clip(out, 1000)
}

// NoteText is one log line ("" for notes not worth a line). It words what
// a soldier did; the game's own events are worded by eventText.
func NoteText(ctx render.Audience, v bz.View, n bz.Note) string {
	w := func() string { return who(ctx, v, n.Soldier) }
	switch n.Kind {
	case "Deployed":
		return ctx.T("blindaz.ev.deployed", "Who", w(), "Cell", n.Cell)
	case "Moved":
		return ctx.T("blindaz.ev.moved", "Who", w(), "Cell", n.Cell, "To", n.To, "Steps", ctx.T("blindaz.steps", "Count", n.N))
	case "MoveCancelled":
		return ctx.T("blindaz.ev.back", "Who", w(), "To", n.To)
	case "Built":
		return ctx.T("blindaz.ev.built", "Who", w(), "Tile", tileName(ctx, n.What), "Glyph", Glyph(n.N), "Cell", n.Cell)
	case "FlagPlanted":
		return ctx.T("blindaz.ev.flag", "Who", w(), "Cell", n.Cell)
	case "Cleared":
		return ctx.T("blindaz.ev.cleared", "Who", w(), "Tile", tileName(ctx, n.What), "Cell", n.Cell)
	case "AttackRolled":
		return attackText(ctx, v, n)
	case "GrenadeTaken":
		return ctx.T("blindaz.ev.take", "Who", w())
	case "GrenadeThrown":
		to := n.To
		if to == "" {
			to = ctx.T("blindaz.off_board")
		}
		return ctx.T("blindaz.ev.throw", "Who", w(), "Dir", ctx.T("blindaz.dir."+n.What), "Die", n.Die, "To", to)
	case "SoldierHit":
		return ctx.T("blindaz.ev.hit."+n.Cause, "Who", w(), "Cell", n.Cell, "To", n.To)
	case "MarketReplaced":
		return ctx.T("blindaz.ev.replaced", "Who", w())
	case "Passed":
		return ctx.T("blindaz.ev.passed", "Who", w())
	}
	return eventText(ctx, v, n)
}

// attackText words an attack roll: the die, the fire bonus and the total
// against the enemy's defence.
func attackText(ctx render.Audience, v bz.View, n bz.Note) string {
	key := "blindaz.ev.attack_miss"
	if n.Hit {
		key = "blindaz.ev.attack_hit"
	}
	fire := ""
	if n.N > 0 {
		fire = " + 1"
	}
	def := 0
	if e, ok := bz.EnemyTypeByID(n.What); ok {
		def = e.Defence
	}
	return ctx.T(key, "Who", who(ctx, v, n.Soldier), "Enemy", enemyName(ctx, n.What), "Cell", n.Cell, "Die", n.Die, "Fire", fire, "Total", n.Total, "Def", def)
}

// eventText words the notes no soldier's action caused: the market, the
// enemy phase, penalties, shelling and the end ("" for notes not worth a
// line).
func eventText(ctx render.Audience, v bz.View, n bz.Note) string {
	switch n.Kind {
	case "Destroyed":
		return ctx.T("blindaz.ev.destroyed."+n.Cause, "Tile", tileName(ctx, n.What), "Cell", n.Cell)
	case "EnemyRemoved":
		return ctx.T("blindaz.ev.enemy_"+n.Cause, "Enemy", enemyName(ctx, n.What), "Cell", n.Cell)
	case "Penalty":
		return ctx.T("blindaz.ev.penalty", "N", n.N, "Total", n.Total, "Limit", v.Limit)
	case "Reshuffled":
		return ctx.T("blindaz.ev.reshuffled", "Count", n.N)
	case "MarketRefilled":
		var names []string
		for _, t := range strings.Split(n.What, ",") {
			names = append(names, tileName(ctx, t))
		}
		return ctx.T("blindaz.ev.refilled", "Tiles", strings.Join(names, ", "))
	case "EnemyDrawn":
		return ""
	case "LaneRolled":
		if n.Cause == "flag" {
			return ""
		}
		return ctx.T("blindaz.ev.reroll", "Die", n.Die, "Cell", n.Cell)
	case "EnemyBlocked":
		return ctx.T("blindaz.ev.blocked", "Enemy", enemyName(ctx, n.What), "Cell", n.Cell)
	case "EnemyPlaced":
		return ctx.T("blindaz.ev.placed", "Enemy", enemyName(ctx, n.What), "Cell", n.Cell, "Die", n.Die)
	case "EnemyPhase":
		return ctx.T("blindaz.ev.enemy_phase", "Round", n.Round)
	case "EnemyMoved":
		return ctx.T("blindaz.ev.enemy_moved", "Enemy", enemyName(ctx, n.What), "Cell", n.Cell, "To", n.To)
	case "EnemyArrived":
		return ctx.T("blindaz.ev.arrived", "Enemy", enemyName(ctx, n.What), "To", n.To, "N", n.N)
	case "TrapTriggered":
		return ctx.T("blindaz.ev.trap."+n.Cause, "Enemy", enemyName(ctx, n.What), "Cell", n.Cell, "To", n.To)
	case "ArtilleryFired":
		return ctx.T("blindaz.ev.artillery", "Cell", n.Cell, "Die", n.Die, "To", n.To)
	case "DugoutShelled":
		return ctx.T("blindaz.ev.dugout", "Cell", n.Cell)
	case "GameOver":
		return ctx.T("blindaz.ev.over", "Result", ctx.T("blindaz.result."+n.What), "Reason", ctx.T("blindaz.reason."+n.Cause))
	}
	return ""
}

// Private: Blindaż has no private information.
func (Renderer) Private(ctx render.Audience, v bz.View) (render.Card, bool) {
	return render.Card{}, false
}

// Status is the one-line turn summary.
func (Renderer) Status(ctx render.Audience, v bz.View) string {
	switch v.Phase {
	case bz.PhaseDeploy:
		return ctx.T("blindaz.status.deploy")
	case bz.PhaseTurn:
		so := v.Soldiers[v.Turn]
		return ctx.T("blindaz.status.turn", "Round", v.Round, "Num", v.Turn+1, "Cell", so.Cell,
			"P", v.Penalty, "Limit", v.Limit, "On", v.OnBoard, "N", v.N)
	}
	return ctx.T("blindaz.title.over", "Result", ctx.T("blindaz.result."+v.Result))
}

// Rules is the short rules summary.
func (Renderer) Rules(ctx render.Audience) string { return ctx.T("blindaz.rules") }
