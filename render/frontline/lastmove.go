package frontline

import (
	"strings"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// lastMoves are the public log entries since the previous board: back
// from the newest entry to the start of the turn they belong to (a battle
// at the end of the month runs on from the last turn).
func lastMoves(log []fl.Entry) []fl.Entry {
	var out []fl.Entry
	for i := len(log) - 1; i >= 0; i-- {
		e := log[i]
		if e.Only >= 0 {
			continue
		}
		if e.Kind == "turn" || e.Kind == "end" || e.Kind == "month" {
			if len(out) > 0 {
				break
			}
			continue
		}
		out = append([]fl.Entry{e}, out...)
	}
	return out
}

// plainNames drops the seat emoji and markdown of a log line: the picture
// marks the seat with its colour instead.
var plainNames = strings.NewReplacer("🔴 ", "", "🔵 ", "", "**", "")

// caption is the newest of moves as the log words it, and its seat.
func caption(ctx render.Audience, v fl.View, moves []fl.Entry) (string, int) {
	texts, seats := captions(ctx, v, moves, 1)
	if len(texts) == 0 {
		return "", -1
	}
	return texts[0], seats[0]
}

// captions are the newest n of moves as the log words them, oldest
// first, with their seats.
func captions(ctx render.Audience, v fl.View, moves []fl.Entry, n int) (texts []string, seats []int) {
	for i := len(moves) - 1; i >= 0 && len(texts) < n; i-- {
		if s := logLine(ctx, v, moves[i]); s != "" {
			texts = append([]string{plainNames.Replace(s)}, texts...)
			seats = append([]int{moves[i].Seat}, seats...)
		}
	}
	return texts, seats
}

// findUnit is where the unit with this id stands on a grid.
func findUnit(v fl.View, id string) (p, f, c int, ok bool) {
	for p := 0; p < 2; p++ {
		for f := 0; f < 3; f++ {
			for c := 0; c < 4; c++ {
				if u := v.P[p].Grid[f][c]; u != nil && u.ID == id {
					return p, f + 1, c + 1, true
				}
			}
		}
	}
	return 0, 0, 0, false
}

func inGrid(f, c int) bool { return f >= 1 && f <= 3 && c >= 1 && c <= 4 }

// lastMove marks what changed since the previous board (the units that
// moved, entered or were played on, with the path of a move, the front
// shelled or fought over) and writes the newest move in the top band; a
// finished game's band says who won and why instead.
func (p pic) lastMove(ctx render.Audience, v fl.View, used map[icon]bool) {
	c := p.c
	moves := lastMoves(entries(ctx))
	mark := func(x, y, w, h float64) {
		c.Box(x, y, w, h, 4, hiCol)
		used[icoLast] = true
	}
	slot := func(s, f, col int) {
		x, y := slotXY(s, f, col)
		mark(x-2, y-2, cellW+4, cellH+4)
	}
	for _, e := range moves {
		s := e.Seat
		if s < 0 || s > 1 {
			s = 0
		}
		switch e.Kind {
		case "move":
			if inGrid(e.Front, e.A) && inGrid(e.B, e.C) {
				x0, y0 := slotXY(s, e.Front, e.A)
				x1, y1 := slotXY(s, e.B, e.C)
				p.arrow(canvas.Pt{X: x0 + cellW/2, Y: y0 + cellH/2}, canvas.Pt{X: x1 + cellW/2, Y: y1 + cellH/2})
				used[icoLast] = true
				for i := 0.0; i < cellW; i += 16 { // where it came from: dashed
					c.Fill(x0+i, y0, 8, 3, hiCol)
					c.Fill(x0+i, y0+cellH-3, 8, 3, hiCol)
				}
			}
		case "enter", "draw", "draft":
			if e.A > 0 && inGrid(e.Front, e.A) {
				slot(s, e.Front, e.A)
			}
		case "shell":
			if e.Front >= 1 && e.Front <= 3 {
				top := 4 // the target's column, from its top slot
				if s == 0 {
					top = 1
				}
				x, y := slotXY(1-s, e.Front, top)
				c.Box(x-2, y-2, cellW+4, gridH+4, 4, kindCols["red"])
				used[icoShelled] = true
			}
		case "battle", "win", "tie", "collapse", "fort_loss", "fortified", "morale", "morale2", "play":
			if e.Front >= 1 && e.Front <= 3 {
				mark(frontX(e.Front)-2, bandY-2, cellW+4, bandH+4)
			}
		}
		for _, id := range []string{e.Card, e.Card2} {
			if id == "" {
				continue
			}
			if ps, f, col, ok := findUnit(v, id); ok {
				slot(ps, f, col)
			}
		}
	}
	if v.Over {
		p.result(ctx, v)
		return
	}
	// the two newest moves a line each when they fit, else the newest
	texts, seats := captions(ctx, v, moves, 2)
	x0 := float64(pad + 4)
	w := imgW - pad - 4 - x0 - 26
	if len(texts) == 2 && (canvas.TextWidth(texts[0], minPx, false) > w || canvas.TextWidth(texts[1], minPx, false) > w) {
		texts, seats = texts[1:], seats[1:]
	}
	for i, text := range texts {
		x, y := x0, 2+float64(i)*24
		if s := seats[i]; s == 0 || s == 1 {
			c.Circle(canvas.Pt{X: x + 9, Y: y + 12}, 9, sideCols[s])
			x += 26
		}
		p.para(text, x, y, 20, 24, false, creamCol, imgW-pad-4-x, 2/len(texts))
	}
}

// arrow draws the path of a move from a to b.
func (p pic) arrow(a, b canvas.Pt) { p.c.Arrow(a, b, 6, 13, hiCol) }

// result fills the top band with the winner (or a draw) and the reason.
func (p pic) result(ctx render.Audience, v fl.View) {
	p.c.Fill(0, 0, imgW, capH, goldCol)
	res := imgText(ctx, "over_draw", "A", v.P[0].VP, "B", v.P[1].VP)
	if v.Winner == 0 || v.Winner == 1 {
		res = imgText(ctx, "over_win", "Name", ctx.Name(games.Seat(v.Winner)), "A", v.P[0].VP, "B", v.P[1].VP)
	}
	p.text(res, imgW/2, 14, 22, true, inkCol, canvas.Center, imgW-2*pad)
	if v.Reason != "" {
		p.text(ctx.T("frontline.reason."+v.Reason), imgW/2, 39, minPx, false, inkCol, canvas.Center, imgW-2*pad)
	}
}
