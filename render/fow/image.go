package fow

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// The picture is phone-first: 720 px wide, every word at least 22 px, so
// at least 14.7 px when a phone shows it 480 px wide. From the top: the
// mission and turn, the last move (or the result), the north player, the
// table as the mission maps it (spec §4), the south player, the legend.
const (
	imgW   = 720
	tableX = 36.0 // the table's west edge; W×ppi wide
	fBody  = 22.0 // the smallest text
	fHead  = 26.0
	lineH  = 28.0
	padX   = 18.0
	headH  = 46.0
	capY   = headH
	capH   = 100.0 // up to four lines of the last move, or the result
	northY = capY + capH
	panelH = 84.0 // a player: name and role, then platoon counts (two lines)
	gap    = 14.0 // between a panel and the table: the reserve entry bands
)

var (
	colBG      = canvas.Hex("#2b2b2b")
	colHead    = canvas.Hex("#1c1c1c")
	colCap     = canvas.Hex("#3a3a3a")
	colBanner  = canvas.Hex("#2e6b31")
	colTable   = canvas.Hex("#e4dfd0")
	colAttZone = canvas.Hex("#9cc3ea")
	colDefZone = canvas.Hex("#eaa79c")
	colText    = canvas.Hex("#f0f0f0")
	colMuted   = canvas.Hex("#b8b8b8")
	colInk     = canvas.Hex("#222222")
	colObj     = canvas.Hex("#f2c94c")
	colObjOff  = canvas.Hex("#9e9e9e")
	colEntry   = canvas.Hex("#ffd21f")
	colNew     = canvas.Hex("#ff7a1a")
	colAttText = canvas.Hex("#8fbdf0")
	colDefText = canvas.Hex("#f3a596")
	palette    = canvas.NewPalette(
		[]color.RGBA{colBG, colTable, colAttZone, colDefZone, colCap, colHead, colBanner},
		[]color.RGBA{colText, colInk, colObj, colObjOff, colEntry, colNew, colMuted, colAttText, colDefText})
)

// frame places a mission's table on the picture: ppi pixels per inch, the
// table's north edge at top, and the picture's height.
type frame struct {
	l        fowg.Layout
	ppi      float64
	top      float64 // the table's north edge
	southY   float64 // the south panel
	legendY  float64
	h        int
	legend   []legendItem
	legendLn int
}

func newFrame(ctx render.Audience, v fowg.View) frame {
	f := frame{l: v.Mission.Layout()}
	f.ppi = (imgW - 2*tableX) / f.l.W
	f.top = northY + panelH + gap
	f.southY = f.top + f.l.H*f.ppi + gap
	f.legendY = f.southY + panelH + 8
	f.legend = legend(ctx, v, f.l)
	f.legendLn = flowLines(f.legend)
	f.h = int(f.legendY + float64(f.legendLn)*lineH + 8)
	return f
}

// px converts table inches (origin SW, y north) to pixels.
func (f frame) px(x, y float64) canvas.Pt {
	return canvas.Pt{X: tableX + x*f.ppi, Y: f.top + (f.l.H-y)*f.ppi}
}

// fill fills a rectangle given in table inches.
func (f frame) fill(c *canvas.Canvas, r fowg.Rect, col color.Color) {
	a, b := f.px(r.X0, r.Y1), f.px(r.X1, r.Y0)
	box(c, a.X, a.Y, b.X, b.Y, col)
}

// box fills a pixel rectangle. The shared canvas rasterises polygons, so
// flat rectangles are drawn directly, which keeps the picture fast.
func box(c *canvas.Canvas, x0, y0, x1, y1 float64, col color.Color) {
	r := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1)))
	c.Draw(r, image.NewUniform(col), image.Point{}, draw.Src)
}

// dashed draws a dashed axis-aligned pixel line of thickness w.
func dashed(c *canvas.Canvas, x0, y0, x1, y1, w, dash float64, col color.Color) {
	if y0 == y1 {
		for x := x0; x < x1; x += 2 * dash {
			box(c, x, y0-w/2, math.Min(x+dash, x1), y0+w/2, col)
		}
		return
	}
	for y := y0; y < y1; y += 2 * dash {
		box(c, x0-w/2, y, x0+w/2, math.Min(y+dash, y1), col)
	}
}

// layer is a mission's static picture and the frame it was drawn in.
type layer struct {
	c *canvas.Canvas
	f frame
}

// layerKey names a mission's static layer in canvas.Layer: by language,
// mission, units, and whether objectives are to be placed.
type layerKey struct {
	lang, mission string
	units         string
	unplaced      bool
}

// base is the static layer of v's mission in ctx's language.
func base(ctx render.Audience, v fowg.View) layer {
	k := layerKey{ctx.L.Lang(), v.Mission.ID, v.Units, unplaced(v)}
	c, f := canvas.Layer(k, func() (*canvas.Canvas, frame) { return drawBase(ctx, v) })
	return layer{c, f}
}

// drawBase draws what a mission's picture always shows, once per
// language, mission, units and legend: the table as the mission maps it,
// the entry edges, the static words and the legend.
func drawBase(ctx render.Audience, v fowg.View) (*canvas.Canvas, frame) {
	f := newFrame(ctx, v)
	c := canvas.New(palette, imgW, f.h, colBG)
	box(c, 0, 0, imgW, headH, colHead)
	box(c, 0, capY, imgW, capY+capH, colCap)
	name := word(ctx, "fow.mission."+v.Mission.ID)
	c.Text(name, padX, headH/2, nameSize(name), true, colText, canvas.Left)

	l := f.l
	f.fill(c, fowg.Rect{X1: l.W, Y1: l.H}, colTable)
	f.fill(c, l.Deploy[0], colAttZone)
	f.fill(c, l.Deploy[1], colDefZone)
	// the centre line, dashed, and a tick every 12" along the long edges
	mid := f.px(0, l.H/2)
	dashed(c, tableX, mid.Y, tableX+l.W*f.ppi, mid.Y, 2, 12, colInk)
	for x := 12.0; x < l.W; x += 12 {
		p, q := f.px(x, 0), f.px(x, l.H)
		box(c, p.X-1, p.Y-10, p.X+1, p.Y, colInk)
		box(c, q.X-1, q.Y, q.X+1, q.Y+10, colInk)
	}
	// where objectives may go: dashed outlines, once per area
	seen := map[fowg.Rect]bool{}
	for _, o := range l.Objectives {
		if !seen[o.Area] {
			seen[o.Area] = true
			a, b := f.px(o.Area.X0, o.Area.Y1), f.px(o.Area.X1, o.Area.Y0)
			outline(c, a.X, a.Y, b.X, b.Y, 3, colInk)
		}
	}
	// West and East on tags at the ends of the centre line
	tags := 0.0
	for i, k := range []string{"fow.img.w", "fow.img.e"} {
		s := word(ctx, k)
		w := canvas.TextWidth(s, fBody, true) + 12
		tags = math.Max(tags, w+6)
		x := tableX + 6
		if i == 1 {
			x = tableX + l.W*f.ppi - 6 - w
		}
		box(c, x, mid.Y-15, x+w, mid.Y+15, colBG)
		c.Text(s, x+6, mid.Y, fBody, true, colText, canvas.Left)
	}
	// each side's deployment area says so, between the tags
	for role, k := range []string{"fow.img.deploy_att", "fow.img.deploy_def"} {
		y := deployLabelY(l, role)
		s := word(ctx, k)
		p := f.px(l.W/2, y)
		c.Text(s, p.X, p.Y, fitSize(s, l.W*f.ppi-2*(tags+8), fBody, true), true, colInk, canvas.Center)
	}
	// the edge names, right of each player's name
	for i, k := range []string{"fow.img.n", "fow.img.s"} {
		s := word(ctx, k)
		y := northY + 16
		if i == 1 {
			y = f.southY + 16
		}
		c.Text(s, imgW-padX-canvas.TextWidth(s, fBody, false), y, fBody, false, colMuted, canvas.Left)
	}
	for role := 0; role < 2; role++ {
		drawEntry(c, f, role, l.Entry[role], colEntry, 8)
	}
	drawLegend(c, f)
	return c, f
}

// deployLabelY is where a deployment area's name goes: by its inner edge,
// else by the table edge, whichever keeps clear of the objective areas
// (the inner edge when neither does).
func deployLabelY(l fowg.Layout, role int) float64 {
	z := l.Deploy[role]
	ys := []float64{z.Y1 - 2.4, z.Y0 + 2.4}
	if role == 1 {
		ys = []float64{z.Y0 + 2.4, z.Y1 - 2.4}
	}
	for _, y := range ys {
		clear := true
		for _, o := range l.Objectives {
			if y+1.6 > o.Area.Y0 && y-1.6 < o.Area.Y1 {
				clear = false
			}
		}
		if clear {
			return y
		}
	}
	return ys[0]
}

// outline strokes a pixel rectangle with dashes.
func outline(c *canvas.Canvas, x0, y0, x1, y1, w float64, col color.Color) {
	dashed(c, x0, y0+w/2, x1, y0+w/2, w, 9, col)
	dashed(c, x0, y1-w/2, x1, y1-w/2, w, 9, col)
	dashed(c, x0+w/2, y0, x0+w/2, y1, w, 9, col)
	dashed(c, x1-w/2, y0, x1-w/2, y1, w, 9, col)
}

// drawEntry marks where a role's reserves enter, just outside the table:
// its long edge (solid), or for scattered reserves its long edge and the
// two corner zones a die may send them to (dashed).
func drawEntry(c *canvas.Canvas, f frame, role int, entry string, col color.Color, w float64) {
	switch entry {
	case "own_edge":
		drawZone(c, f, longEdge(role), col, w, false)
	case "scattered":
		for _, z := range scatterZones(role) {
			drawZone(c, f, z, col, w, true)
		}
	}
}

func longEdge(role int) string {
	if role == 1 {
		return "N"
	}
	return "S"
}

// scatterZones are the places scattered reserves of a role may enter
// (spec §4.1-4.2, §7.8): the owner's left corner, long edge, right corner.
func scatterZones(role int) []string {
	e := longEdge(role)
	return []string{fowg.ScatterZone("L", e), e, fowg.ScatterZone("R", e)}
}

// drawZone draws a long edge (N, S) or a corner zone (NW, NE, SW, SE: the
// corner's Corner inches along both edges) as bars just outside the table.
func drawZone(c *canvas.Canvas, f frame, z string, col color.Color, w float64, dash bool) {
	l := f.l
	bar := func(x0, y0, x1, y1 float64) { // inches along an edge, from outside
		a, b := f.px(x0, y1), f.px(x1, y0)
		switch {
		case y0 == y1 && y0 == 0: // south edge
			a.Y, b.Y = b.Y+3, b.Y+3+w
		case y0 == y1: // north edge
			a.Y, b.Y = a.Y-3-w, a.Y-3
		case x0 == 0: // west edge
			a.X, b.X = a.X-3-w, a.X-3
		default: // east edge
			a.X, b.X = b.X+3, b.X+3+w
		}
		if !dash {
			box(c, a.X, a.Y, b.X, b.Y, col)
		} else if a.Y+w >= b.Y-0.5 {
			dashed(c, a.X, (a.Y+b.Y)/2, b.X, (a.Y+b.Y)/2, w, 14, col)
		} else {
			dashed(c, (a.X+b.X)/2, a.Y, (a.X+b.X)/2, b.Y, w, 14, col)
		}
	}
	switch z {
	case "N":
		bar(0, l.H, l.W, l.H)
		return
	case "S":
		bar(0, 0, l.W, 0)
		return
	}
	y := 0.0
	if z[0] == 'N' {
		y = l.H
	}
	x := 0.0
	if z[1] == 'E' {
		x = l.W
	}
	bar(math.Max(0, x-l.Corner), y, math.Min(l.W, x+l.Corner), y)
	bar(x, math.Max(0, y-l.Corner), x, math.Min(l.H, y+l.Corner))
}

// Image draws the public picture: the mission's map with its objectives,
// each player's platoons on the table, in reserve and in ambush, the
// reserves entering this turn, the last move, and at the end the result.
func (Renderer) Image(ctx render.Audience, v fowg.View) ([]byte, error) {
	return picture(ctx, v).PNG()
}

// picture draws the public picture on a copy of its mission's layer.
func picture(ctx render.Audience, v fowg.View) *canvas.Canvas {
	b := base(ctx, v)
	f, c := b.f, b.c.Clone()
	if v.Phase == fowg.PhBattle {
		// "Turn 3 · Ann" right of the mission's name
		name := word(ctx, "fow.mission."+v.Mission.ID)
		room := imgW - 2*padX - 24 - canvas.TextWidth(name, nameSize(name), true)
		s := fitName(ctx.Name(games.Seat(v.Active)), room, func(n string) string {
			return word(ctx, "fow.img.turn", "N", v.Turn, "Who", n)
		})
		size := fitSize(s, room, fHead, true)
		c.Text(s, imgW-padX-canvas.TextWidth(s, size, true), headH/2, size, true, colObj, canvas.Left)
	}
	last := lastMove(entries(ctx))
	// this turn's arrivals, where they enter
	for _, z := range zones(v) {
		drawZone(c, f, z, colNew, 12, false)
	}
	held := heldObjective(v)
	for i, o := range objectiveSpots(v, f.l) {
		p := f.px(o.x, o.y)
		if last != nil && (last.Kind == "obj_placed" || last.Kind == "obj_removed") && arg(*last, 0) == i {
			c.Circle(p, 27, colNew)
		}
		if i == held {
			c.Circle(p, 29, colBanner)
		}
		drawObjective(c, p, i+1, o.state)
	}
	if held >= 0 {
		heldTag(ctx, c, f, v, held)
	}
	panel(ctx, c, v, f, northY, 1, last)
	panel(ctx, c, v, f, f.southY, 0, last)
	if v.Over {
		banner(ctx, c, v)
	} else if last != nil {
		caption(ctx, c, v, *last)
	}
	return c
}

// word is every word drawn on the picture: a catalogue message in the
// table's language. imgKeys lists the ids it is called with.
func word(ctx render.Audience, id string, kv ...any) string { return ctx.T(id, kv...) }

// imgKeys are the catalogue ids of the picture's own words (tested).
var imgKeys = []string{"fow.img.n", "fow.img.s", "fow.img.e", "fow.img.w", "fow.img.side",
	"fow.img.attacker", "fow.img.defender", "fow.role.attacker", "fow.role.defender",
	"fow.img.turn", "fow.img.delay", "fow.img.entry", "fow.img.entry_roll", "fow.img.entry_map_att",
	"fow.img.entry_map_def", "fow.img.deploy_att", "fow.img.deploy_def", "fow.img.obj_area",
	"fow.img.new", "fow.img.table_in", "fow.img.table_cm", "fow.img.scale_in", "fow.img.scale_cm",
	"fow.img.n_table", "fow.img.n_reserve", "fow.img.n_ambush", "fow.img.n_withdrawn",
	"fow.img.n_destroyed", "fow.img.n_platoons", "fow.img.halves", "fow.img.obj_todo", "fow.img.obj_removed",
	"fow.img.held"}

// nameSize is the size of the mission's name in the header: leaving room
// for the turn and the player whose turn it is.
func nameSize(name string) float64 { return fitSize(name, imgW-2*padX-240, fHead, true) }

// fitSize is the largest size from size down to fBody at which s is at
// most maxW wide (fBody when none is).
func fitSize(s string, maxW, size float64, bold bool) float64 {
	for ; size > fBody && canvas.TextWidth(s, size, bold) > maxW; size-- {
	}
	return size
}

// wrap breaks s into lines at most maxW wide, at spaces (a word wider than
// a line is broken between letters).
func wrap(s string, maxW, size float64, bold bool) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		try := w
		if cur != "" {
			try = cur + " " + w
		}
		if canvas.TextWidth(try, size, bold) <= maxW {
			cur = try
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
		}
		cur = w
		for canvas.TextWidth(cur, size, bold) > maxW {
			r := []rune(cur)
			n := len(r) - 1
			for n > 1 && canvas.TextWidth(string(r[:n]), size, bold) > maxW {
				n--
			}
			lines = append(lines, string(r[:n]))
			cur = string(r[n:])
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// lastMove is the newest public log entry the picture can show.
func lastMove(log []fowg.Entry) *fowg.Entry {
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Vis < 0 {
			return &log[i]
		}
	}
	return nil
}

// caption writes the last move in the caption band, behind an orange bar
// (the colour of what it changed on the table).
func caption(ctx render.Audience, c *canvas.Canvas, v fowg.View, e fowg.Entry) {
	s := logLine(ctx, v, e)
	if s == "" {
		return
	}
	box(c, 0, capY, 8, capY+capH, colNew)
	lines := wrap(s, imgW-2*padX, fBody, false)
	if len(lines) > 4 {
		lines = lines[:4] // never reached by the catalogue's sentences (tested)
	}
	lh := math.Min(lineH, (capH-12)/float64(len(lines)))
	y := capY + capH/2 - lh*float64(len(lines)-1)/2
	for i, ln := range lines {
		c.Text(ln, padX, y+lh*float64(i), fBody, false, colText, canvas.Left)
	}
}

// banner is the result over the caption band: who won, why, and the
// victory points.
func banner(ctx render.Audience, c *canvas.Canvas, v fowg.View) {
	box(c, 0, capY, imgW, capY+capH, colBanner)
	head := word(ctx, "fow.over_none")
	if v.Winner >= 0 {
		head = word(ctx, "fow.over_win", "Who", who(ctx, v.Winner))
	}
	why := overReason(ctx, v)
	vp := word(ctx, "fow.vp", "A", who(ctx, 0), "VA", v.VP[0], "B", who(ctx, 1), "VB", v.VP[1])
	c.Text(head, padX, capY+22, fitSize(head, imgW-2*padX, 28, true), true, colText, canvas.Left)
	lines := append(wrap(why, imgW-2*padX, fBody, false), vp)
	lh := math.Min(lineH, (capH-44)/float64(len(lines)))
	for i, ln := range lines {
		c.Text(ln, padX, capY+44+lh*(float64(i)+0.5), fBody, false, colText, canvas.Left)
	}
}

// panel is a player above or below the table: name and role, then their
// platoons on the table, in reserve and in ambush (public once both have
// locked their deployment; before, only how many platoons).
func panel(ctx render.Audience, c *canvas.Canvas, v fowg.View, f frame, y float64, role int, last *fowg.Entry) {
	col := []color.RGBA{colAttText, colDefText}[role]
	var head string
	seat := -1
	if v.Attacker == 0 || v.Attacker == 1 {
		seat = v.Attacker
		if role == 1 {
			seat = 1 - v.Attacker
		}
		r := word(ctx, []string{"fow.role.attacker", "fow.role.defender"}[role])
		edge := word(ctx, []string{"fow.img.s", "fow.img.n"}[role])
		max := imgW - 2*padX - canvas.TextWidth(edge, fBody, false) - 16
		head = fitName(ctx.Name(games.Seat(seat)), max, func(n string) string {
			return word(ctx, "fow.img.side", "Name", n, "Role", r)
		})
	} else {
		head = word(ctx, []string{"fow.img.attacker", "fow.img.defender"}[role])
	}
	if seat >= 0 && last != nil && last.Seat == seat && v.Phase == fowg.PhBattle {
		box(c, 0, y+4, 8, y+panelH-4, colNew)
	}
	c.Text(head, padX, y+16, fBody, true, col, canvas.Left)
	if seat < 0 {
		return
	}
	s := v.Sides[seat]
	var items []string
	if s.Reserves < 0 || !v.Sides[0].Locked || !v.Sides[1].Locked {
		// the assignment is secret until both have locked theirs, even
		// were a player's own view drawn
		items = append(items, word(ctx, "fow.img.n_platoons", "N", s.Count))
	} else {
		items = append(items, word(ctx, "fow.img.n_table", "N", s.OnTable))
		if n := s.Reserves; n > 0 || f.l.Entry[role] != "" {
			items = append(items, word(ctx, "fow.img.n_reserve", "N", n))
		}
		if n := s.OffTable - s.Reserves; n > 0 || role == 1 && v.Mission.Ambush != "none" && !v.Over {
			items = append(items, word(ctx, "fow.img.n_ambush", "N", n))
		}
		if s.Withdrawn > 0 {
			items = append(items, word(ctx, "fow.img.n_withdrawn", "N", s.Withdrawn))
		}
		if s.Destroyed > 0 {
			items = append(items, word(ctx, "fow.img.n_destroyed", "N", s.Destroyed))
		}
	}
	if role == 1 && v.Mission.StrategicW && v.Phase == fowg.PhBattle {
		items = append(items, word(ctx, "fow.img.delay", "N", v.Delay))
	}
	// the counts, on one line or two, broken between counts
	x, ly := padX, y+44
	for i, it := range items {
		if i > 0 {
			it = "· " + it
		}
		w := canvas.TextWidth(it, fBody, false)
		if x > padX && x+w > imgW-padX {
			x, ly, it = padX, ly+lineH, items[i]
			w = canvas.TextWidth(it, fBody, false)
		}
		c.Text(it, x, ly, fBody, false, colText, canvas.Left)
		x += w + 8
	}
}

// fitName is text(name) if it fits max pixels at fBody, else with the name
// shortened and marked "…" (player names are free text).
func fitName(name string, max float64, text func(string) string) string {
	s := text(name)
	r := []rune(name)
	for n := len(r) - 1; n > 0 && canvas.TextWidth(s, fBody, true) > max; n-- {
		s = text(strings.TrimSpace(string(r[:n])) + "…")
	}
	return s
}

// spot is where an objective is drawn: its area is known, not the point
// players chose, so objectives sharing an area are spread across it.
type spot struct {
	x, y  float64
	state int // 0 placed, 1 removed, 2 not placed yet
}

// objectiveSpots places every objective of the mission, placed or not, in
// the area the mission's map gives it (fowg.Layout.Objectives).
func objectiveSpots(v fowg.View, l fowg.Layout) []spot {
	n := map[fowg.Rect]int{}
	for _, o := range l.Objectives {
		n[o.Area]++
	}
	k := map[fowg.Rect]int{}
	var out []spot
	for i, o := range l.Objectives {
		a := o.Area
		k[a]++
		s := spot{x: a.X0 + (a.X1-a.X0)*float64(k[a])/float64(n[a]+1), y: (a.Y0 + a.Y1) / 2, state: 2}
		if i < len(v.Objectives) {
			s.state = 0
			if v.Objectives[i].Removed {
				s.state = 1
			}
		}
		out = append(out, s)
	}
	return out
}

// heldObjective is the index of the objective whose holding ended the
// game (the banner's "holds Objective 3"), or -1.
func heldObjective(v fowg.View) int {
	switch v.Reason {
	case "either_holds", "attacker_holds", "attack_defend":
		if v.Over && v.ReasonArg >= 0 && v.ReasonArg < len(v.Objectives) {
			return v.ReasonArg
		}
	}
	return -1
}

// heldTag names who held objective i, on a tag in the result banner's
// green near it: towards the centre line (where the half's other
// objectives, in the same row, are not), as near as keeps it off the
// objectives, the deployment areas' names and the centre line's tags.
func heldTag(ctx render.Audience, c *canvas.Canvas, f frame, v fowg.View, i int) {
	spots := objectiveSpots(v, f.l)
	p := f.px(spots[i].x, spots[i].y)
	s := fitName(who(ctx, v.Winner), imgW-2*tableX-16, func(n string) string { return word(ctx, "fow.img.held", "Who", n) })
	w := canvas.TextWidth(s, fBody, true) + 16
	x := math.Max(tableX, math.Min(p.X-w/2, tableX+f.l.W*f.ppi-w))
	mid := f.px(0, f.l.H/2).Y
	in := 1.0 // towards the centre line: down from a north objective
	if p.Y > mid {
		in = -1
	}
	clear := func(y float64) bool {
		if y-16 < f.top || y+16 > f.top+f.l.H*f.ppi || math.Abs(y-mid) < 32 {
			return false
		}
		for role := 0; role < 2; role++ {
			if math.Abs(y-f.px(0, deployLabelY(f.l, role)).Y) < 30 {
				return false
			}
		}
		for _, o := range spots {
			q := f.px(o.x, o.y)
			if math.Abs(y-q.Y) < 16+29 && q.X+29 > x && q.X-29 < x+w {
				return false
			}
		}
		return true
	}
	y := p.Y + 50*in
	for _, d := range []float64{50, 70, 90, 110, -50, -70} {
		if clear(p.Y + d*in) {
			y = p.Y + d*in
			break
		}
	}
	box(c, x, y-16, x+w, y+16, colBanner)
	c.Text(s, x+8, y, fBody, true, colText, canvas.Left)
}

// drawObjective is a numbered disc: gold placed, grey struck through when
// removed, a hollow ring while it is still to be placed.
func drawObjective(c *canvas.Canvas, p canvas.Pt, n, state int) {
	switch state {
	case 2:
		c.Circle(p, 19, colInk)
		c.Circle(p, 16, colTable)
		c.Text(fmt.Sprint(n), p.X, p.Y, fBody, true, colInk, canvas.Center)
		return
	case 1:
		c.Circle(p, 19, colInk)
		c.Circle(p, 17, colObjOff)
		c.Line(canvas.Pt{X: p.X - 13, Y: p.Y + 13}, canvas.Pt{X: p.X + 13, Y: p.Y - 13}, 3, colInk)
	default:
		c.Circle(p, 19, colInk)
		c.Circle(p, 17, colObj)
	}
	c.Text(fmt.Sprint(n), p.X, p.Y, fBody, true, colInk, canvas.Center)
}

// zones lists this turn's reserve entry areas: a long edge (N, S) or a
// corner (NW, NE, SW, SE).
func zones(v fowg.View) []string {
	if v.Phase != fowg.PhBattle {
		return nil
	}
	edge := "S"
	if v.Active != v.Attacker {
		edge = "N"
	}
	var out []string
	for _, a := range v.Arrivals {
		switch a.Entry {
		case "L", "R", "E":
			out = append(out, fowg.ScatterZone(a.Entry, edge))
		case "own_edge":
			out = append(out, edge)
		}
	}
	return out
}

// unplaced reports whether some of the mission's objectives are still to
// be placed (the legend then explains the hollow rings).
func unplaced(v fowg.View) bool { return len(v.Objectives) < len(v.Mission.Layout().Objectives) }

// legendItem is one entry of the legend: a sample drawn by mark (nil for
// words alone) and its words.
type legendItem struct {
	mark func(c *canvas.Canvas, x, y float64) // in a w×30 box at (x, y) top left
	w    float64                              // the sample's width and its space
	s    string
	line bool // a sentence: on lines of its own
}

const markW = 46.0

// legend explains every mark the mission's picture can show, and the
// table's size and scale in the table's units.
func legend(ctx render.Audience, v fowg.View, l fowg.Layout) []legendItem {
	ppi := (imgW - 2*tableX) / l.W
	out := []legendItem{{mark: func(c *canvas.Canvas, x, y float64) {
		box(c, x, y+1, x+38, y+29, colTable)
		outline(c, x+3, y+4, x+35, y+26, 2, colInk)
		c.Circle(canvas.Pt{X: x + 19, Y: y + 15}, 8, colInk)
		c.Circle(canvas.Pt{X: x + 19, Y: y + 15}, 6.5, colObj)
	}, w: markW, s: word(ctx, "fow.img.obj_area")}}
	if unplaced(v) {
		out = append(out, legendItem{mark: func(c *canvas.Canvas, x, y float64) {
			c.Circle(canvas.Pt{X: x + 19, Y: y + 15}, 12, colInk)
			c.Circle(canvas.Pt{X: x + 19, Y: y + 15}, 10, colTable)
		}, w: markW, s: word(ctx, "fow.img.obj_todo")})
	}
	if v.Mission.GradualW {
		out = append(out, legendItem{mark: func(c *canvas.Canvas, x, y float64) {
			p := canvas.Pt{X: x + 19, Y: y + 15}
			c.Circle(p, 12, colInk)
			c.Circle(p, 10.5, colObjOff)
			c.Line(canvas.Pt{X: p.X - 8, Y: p.Y + 8}, canvas.Pt{X: p.X + 8, Y: p.Y - 8}, 2.5, colInk)
		}, w: markW, s: word(ctx, "fow.img.obj_removed")})
	}
	entries := map[string]bool{l.Entry[0]: true, l.Entry[1]: true}
	if entries["own_edge"] {
		out = append(out, legendItem{mark: func(c *canvas.Canvas, x, y float64) { box(c, x, y+11, x+36, y+19, colEntry) },
			w: markW, s: word(ctx, "fow.img.entry")})
	}
	if entries["scattered"] {
		out = append(out, legendItem{mark: func(c *canvas.Canvas, x, y float64) { dashed(c, x, y+15, x+36, y+15, 8, 7, colEntry) },
			w: markW, s: word(ctx, "fow.img.entry_roll")})
	}
	for role, k := range []string{"fow.img.entry_map_att", "fow.img.entry_map_def"} {
		if l.Entry[role] == "map" {
			out = append(out, legendItem{s: word(ctx, k), line: true})
		}
	}
	if !l.Known {
		out = append(out, legendItem{s: word(ctx, "fow.img.halves"), line: true})
	}
	out = append(out, legendItem{mark: func(c *canvas.Canvas, x, y float64) { box(c, x+10, y+3, x+26, y+27, colNew) },
		w: markW, s: word(ctx, "fow.img.new")})
	size, scale := "fow.img.table_in", "fow.img.scale_in"
	// a 12" bar; FoW's tables and distances are 2.5 cm to the inch (16"/40cm)
	w, h, unit, n := l.W, l.H, 12.0, 12.0
	if v.Units == "cm" {
		size, scale = "fow.img.table_cm", "fow.img.scale_cm"
		w, h, n = w*2.5, h*2.5, n*2.5
	}
	out = append(out, legendItem{s: word(ctx, size, "W", w, "H", h)})
	bar := unit * ppi
	out = append(out, legendItem{mark: func(c *canvas.Canvas, x, y float64) {
		box(c, x, y+13, x+bar, y+17, colText)
		box(c, x, y+7, x+3, y+23, colText)
		box(c, x+bar-3, y+7, x+bar, y+23, colText)
	}, w: bar + 10, s: word(ctx, scale, "N", n)})
	// an item wider than the picture goes on as words-only items
	var fit []legendItem
	for _, it := range out {
		lines := wrap(it.s, imgW-2*padX-it.w, fBody, false)
		it.s = lines[0]
		fit = append(fit, it)
		for _, ln := range lines[1:] {
			fit = append(fit, legendItem{w: it.w, s: ln, line: true})
		}
	}
	return fit
}

// flowItems lays the legend out left to right, wrapping at the picture's
// width; it returns each item's top-left corner and the line count.
func flowItems(items []legendItem) ([]canvas.Pt, int) {
	x, line := padX, 0
	var out []canvas.Pt
	for _, it := range items {
		w := it.w + canvas.TextWidth(it.s, fBody, false)
		if x > padX && (it.line || x+w > imgW-padX) {
			x, line = padX, line+1
		}
		out = append(out, canvas.Pt{X: x, Y: float64(line) * lineH})
		x += w + 26
		if it.line {
			x = imgW // the next item starts a line
		}
	}
	return out, line + 1
}

func flowLines(items []legendItem) int {
	_, n := flowItems(items)
	return n
}

func drawLegend(c *canvas.Canvas, f frame) {
	at, _ := flowItems(f.legend)
	for i, it := range f.legend {
		x, y := at[i].X, f.legendY+at[i].Y
		if it.mark != nil {
			it.mark(c, x, y)
		}
		c.Text(it.s, x+it.w, y+lineH/2, fBody, false, colText, canvas.Left)
	}
}
