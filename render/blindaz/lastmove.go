package blindaz

import (
	"image/color"
	"strings"

	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
)

// soldierActs are the notes of a soldier's own turn.
var soldierActs = map[string]bool{"Deployed": true, "Moved": true, "MoveCancelled": true, "Built": true, "FlagPlanted": true,
	"Cleared": true, "AttackRolled": true, "GrenadeTaken": true, "GrenadeThrown": true, "MarketReplaced": true, "Passed": true}

// lastMoves are the notes since the previous board: the last soldier's
// turn and all that followed it (refills, enemies entering, the enemy
// phase).
func lastMoves(log []bz.Note) []bz.Note {
	start := -1
	for i := len(log) - 1; i >= 0; i-- {
		n := log[i]
		if soldierActs[n.Kind] && n.Soldier >= 0 {
			if start >= 0 && n.Soldier != log[start].Soldier {
				break
			}
			start = i
		} else if start >= 0 {
			break
		}
	}
	if start < 0 {
		return nil
	}
	return log[start:]
}

// plain drops the emoji and markdown of a log line: the picture shows the
// soldier's coloured pawn instead.
var plain = func() *strings.Replacer {
	var old []string
	for _, e := range append(SeatEmoji, "⚪", "💥", "🚩", "⚔") {
		old = append(old, e+" ", "", e, "")
	}
	return strings.NewReplacer(append(old, "**", "")...)
}()

// caption is the last soldier's action as the log words it, and the
// soldier; its move alone when it did nothing else.
func caption(ctx render.Audience, v bz.View, notes []bz.Note) (string, int) {
	var act, move *bz.Note
	for i := range notes {
		n := &notes[i]
		if !soldierActs[n.Kind] {
			continue
		}
		if n.Kind == "Moved" || n.Kind == "MoveCancelled" {
			move = n
		} else {
			act = n
		}
	}
	if act == nil {
		act = move
	}
	if act == nil {
		return "", -1
	}
	return strings.TrimSpace(plain.Replace(NoteText(ctx, v, *act))), act.Soldier
}

// lastMove marks what changed since the previous board on the grid (the
// soldier's path and the cell it acted on, enemies that entered, moved or
// fired, tiles destroyed) and writes the last action in the top band; a
// finished game's band says the result and why instead.
func (p pen) lastMove(ctx render.Audience, v bz.View, used map[string]bool) {
	c := p.c
	notes := lastMoves(logNotes(ctx))
	box := func(cell string, col color.Color) {
		if ctr, ok := cellCentre(cell); ok {
			c.Box(ctr.X-cellPx/2+2, ctr.Y-cellPx/2+2, cellPx-4, cellPx-4, 4, col)
		}
	}
	for _, n := range notes {
		switch n.Kind { // the soldier's doing in yellow, the enemy's and the blasts in red
		case "Moved":
			p.arrow(n.Cell, n.To, colHighlite)
		case "Built", "FlagPlanted", "Deployed", "Cleared", "AttackRolled":
			box(n.Cell, colHighlite)
		case "Destroyed", "EnemyPlaced", "DugoutShelled":
			box(n.Cell, colRed)
		case "GrenadeThrown", "ArtilleryFired":
			box(n.To, colRed)
		case "EnemyMoved", "EnemyArrived", "TrapTriggered":
			p.arrow(n.Cell, n.To, colRed)
		default:
			continue
		}
		if soldierActs[n.Kind] {
			used["last"] = true
		} else {
			used["enemy_last"] = true
		}
	}
	if v.Phase == bz.PhaseOver {
		p.result(ctx, v)
		return
	}
	text, s := caption(ctx, v, notes)
	if text == "" && v.Phase == bz.PhaseDeploy {
		text = ctx.T("blindaz.status.deploy")
	}
	if text == "" {
		return
	}
	x := 10.0
	if s >= 0 {
		p.drawSoldier(x+15, capH/2, s, false)
		x += 38
	}
	p.para(text, x, 3, 20, 24, imgW-10-x, 2, false, colLabel)
}

// arrow draws a path from one cell's centre to another's.
func (p pen) arrow(from, to string, col color.Color) {
	a, ok1 := cellCentre(from)
	b, ok2 := cellCentre(to)
	if ok1 && ok2 {
		p.c.Arrow(a, b, 5, 12, col)
	}
}

// result fills the top band: victory in green, defeat in red, and why.
func (p pen) result(ctx render.Audience, v bz.View) {
	col, word := colRed, ctx.T(kDefeat)
	if v.Result == bz.Victory {
		col, word = colDone, ctx.T(kVictory)
	}
	p.c.Fill(0, 0, imgW, capH, col)
	s := ctx.T(kResult, "Result", capFirst(word), "Reason", ctx.T(kReasonPref+v.Reason))
	p.para(s, 12, 3, 20, 24, imgW-24, 2, true, white)
}
