package frontline

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// The picture is phone-first: 640 px wide, so that text of minPx reads at
// 14 px when a phone shows it 480 px wide. It holds the battlefield only:
// the first seat's grid on top, the second's below, the three fronts as
// columns facing each other across the fortification band, the last move
// and a legend. Market, calendar, rear and prison are in the embed text.
const (
	imgW    = 640
	minPx   = 19 // 14 px at 480 px wide
	pad     = 8
	colGap  = 6
	cellW   = (imgW - 2*pad - 2*colGap) / 3
	cellH   = 64
	rowGap  = 3
	gridH   = 4*cellH + 3*rowGap
	capH    = 52 // the last move or the result: two lines
	bannerH = 34
	bandH   = 78
	legendH = 100 // four lines

	banner0Y = capH + 4
	grid0Y   = banner0Y + bannerH + 4
	bandY    = grid0Y + gridH + 4
	grid1Y   = bandY + bandH + 4
	banner1Y = grid1Y + gridH + 4
	legendY  = banner1Y + bannerH + 4
	imgH     = legendY + legendH
)

var (
	bgCol    = canvas.Hex("#e9e1cc")
	inkCol   = canvas.Hex("#2b2620")
	slotCol  = canvas.Hex("#d6ccb2")
	lineCol  = canvas.Hex("#9c8f72")
	creamCol = canvas.Hex("#fbf7ec")
	redSide  = canvas.Hex("#b03a2e")
	blueSide = canvas.Hex("#2c5f9e")
	whiteCol = color.RGBA{255, 255, 255, 255}
	dimCol   = canvas.Hex("#5f574a")
	goldCol  = canvas.Hex("#c9a227")
	hiCol    = canvas.Hex("#e8a317") // the last move
	evCol    = canvas.Hex("#7b4fa0")
	kindCols = map[string]color.RGBA{"red": canvas.Hex("#c0392b"), "green": canvas.Hex("#2e8b57"), "brown": canvas.Hex("#8b5a2b"), "yellow": canvas.Hex("#d4a017"), "grey": canvas.Hex("#7f8c8d"), "blue": canvas.Hex("#2c6fbb")}
	sideCols = []color.RGBA{redSide, blueSide}
	frontCol = canvas.Hex("#d9cfb5")
	plus2Col = canvas.Hex("#1f7a3a")
	plus1Col = canvas.Hex("#3c8d5a")
	markCol  = canvas.Hex("#5b6b3a")
	palette  = canvas.NewPalette(
		[]color.RGBA{bgCol, creamCol, slotCol, frontCol, inkCol, whiteCol, redSide, blueSide, goldCol, kindCols["red"], kindCols["green"], kindCols["brown"], kindCols["yellow"], kindCols["grey"], kindCols["blue"], evCol},
		[]color.RGBA{lineCol, dimCol, hiCol, plus2Col, plus1Col, markCol})
)

// layerKey names the static layer (slots, band, front labels) of a
// language in canvas.Layer: it holds words, so languages never share one.
type layerKey struct{ lang string }

// imgText translates a word of the picture: every word drawn on the board
// comes from the "frontline.img." keys, or from the unit names and log
// lines of the catalogue.
func imgText(ctx render.Audience, key string, kv ...any) string {
	return ctx.T("frontline.img."+key, kv...)
}

// pic is a canvas being drawn for one language.
type pic struct {
	c *canvas.Canvas
}

// fit returns s at the largest size from size down to minPx at which it
// is at most w pixels wide, clipped with "…" if even minPx is too wide.
func fit(s string, size float64, bold bool, w float64) (string, float64) {
	s, size = canvas.Fit(s, w, size, math.Min(size, minPx), bold)
	if s == "" {
		s = "…"
	}
	return s, size
}

// text draws s within maxW pixels (shrinking to minPx, then clipping) and
// returns the width drawn.
func (p pic) text(s string, x, y, size float64, bold bool, col color.Color, at canvas.Anchor, maxW float64) float64 {
	s, size = fit(s, size, bold, maxW)
	p.c.Text(s, x, y, size, bold, col, at)
	return canvas.TextWidth(s, size, bold)
}

// wrap breaks s into at most n lines of at most w pixels at size, at
// spaces and after hyphens; ok is false when it does not fit.
func wrap(s string, size float64, bold bool, w float64, n int) (lines []string, ok bool) {
	var words []string
	for _, f := range strings.Fields(s) {
		if n := len(words); n > 0 && strings.Trim(f, "0123456789") == "" && canvas.TextWidth(words[n-1]+" "+f, size, bold) <= w {
			words[n-1] += " " + f // a unit's number stays with its name
			continue
		}
		for {
			i := strings.IndexRune(f, '-')
			if i <= 0 || i == len(f)-1 {
				break
			}
			words = append(words, f[:i+1])
			f = f[i+1:]
		}
		words = append(words, f)
	}
	lines = canvas.WrapWords(words, w, size, bold)
	return lines, canvas.Fits(lines, n, w, size, bold)
}

// para draws s in at most n lines from (x, y), trying size then minPx;
// what still does not fit is clipped on the last line.
func (p pic) para(s string, x, y, size, lineH float64, bold bool, col color.Color, w float64, n int) {
	lines, ok := wrap(s, size, bold, w, n)
	if !ok && size > minPx {
		size = minPx
		lines, ok = wrap(s, size, bold, w, n)
	}
	if !ok {
		lines = lines[:min(len(lines), n)]
		lines[len(lines)-1] = canvas.ClipWidth(lines[len(lines)-1]+" …", w, size, bold)
	}
	for i, l := range lines {
		p.c.Text(l, x, y+float64(i)*lineH, size, bold, col, canvas.TopLeft)
	}
}

// slotXY is the top left of seat p's slot on front f (1-3), column c
// (1-4, 1 next to the fortification band).
func slotXY(p, f, c int) (float64, float64) {
	x := float64(pad + (f-1)*(cellW+colGap))
	if p == 0 {
		return x, float64(grid0Y + (4-c)*(cellH+rowGap))
	}
	return x, float64(grid1Y + (c-1)*(cellH+rowGap))
}

// frontX is the left edge of front f's column.
func frontX(f int) float64 { return float64(pad + (f-1)*(cellW+colGap)) }

// base is the static layer in ctx's language.
func base(ctx render.Audience) *canvas.Canvas {
	c, _ := canvas.Layer(layerKey{ctx.L.Lang()}, func() (*canvas.Canvas, struct{}) { return drawBase(ctx), struct{}{} })
	return c
}

func drawBase(ctx render.Audience) *canvas.Canvas {
	p := pic{canvas.New(palette, imgW, imgH, bgCol)}
	c := p.c
	c.Fill(0, 0, imgW, capH, inkCol)
	for s := 0; s < 2; s++ {
		for f := 1; f <= 3; f++ {
			for col := 1; col <= 4; col++ {
				x, y := slotXY(s, f, col)
				c.Fill(x, y, cellW, cellH, slotCol)
				c.Box(x, y, cellW, cellH, 1, lineCol)
			}
		}
	}
	for f := 1; f <= 3; f++ {
		x := frontX(f)
		c.Fill(x, bandY, cellW, bandH, frontCol)
		c.Box(x, bandY, cellW, bandH, 1, lineCol)
		p.text(imgText(ctx, "front", "Front", roman[f]), x+cellW/2, bandY+bandH/2, 20, true, inkCol, canvas.Center, cellW-8)
	}
	return c
}

// shield draws a fortification shield with its value centred at (cx, cy).
func (p pic) shield(cx, cy float64, label string, col color.RGBA) {
	p.c.Polygon([]canvas.Pt{{X: cx - 16, Y: cy - 15}, {X: cx + 16, Y: cy - 15}, {X: cx + 16, Y: cy + 4}, {X: cx, Y: cy + 16}, {X: cx - 16, Y: cy + 4}}, col)
	p.text(label, cx, cy-1, minPx, true, whiteCol, canvas.Center, 40)
}

// A marker icon, 24 px, centred at (cx, cy); the legend explains each.
type icon int

const (
	icoStrength icon = iota
	icoRange
	icoFort
	icoPlus
	icoCamo
	icoHospital
	icoMine
	icoMorale
	icoNotReady
	icoDeclared
	icoTurn
	icoLast
	icoShelled
)

var iconKeys = []string{"strength", "range", "fort", "plus", "camo", "hospital", "mine", "morale", "not_ready", "declared", "turn", "last", "shelled"}

// iconW is how wide an icon is drawn.
func iconW(k icon) float64 {
	switch k {
	case icoStrength:
		return canvas.TextWidth("3", 20, true) + 10
	case icoRange:
		return canvas.TextWidth("↔2", minPx, false)
	case icoFort:
		return 32
	case icoPlus:
		return canvas.TextWidth("+2", minPx, true) + 8
	}
	return 24
}

func (p pic) icon(k icon, cx, cy float64, side color.RGBA) {
	c := p.c
	pt := func(x, y float64) canvas.Pt { return canvas.Pt{X: cx + x, Y: cy + y} }
	switch k {
	case icoStrength:
		p.badge("3", cx-iconW(k)/2, cy)
	case icoRange:
		p.text("↔2", cx-iconW(k)/2, cy, minPx, false, inkCol, canvas.Left, 40)
	case icoFort:
		p.shield(cx, cy, "2", side)
	case icoPlus:
		p.chip("+2", plus2Col, cx-iconW(k)/2, cy)
	case icoCamo:
		camo(c, cx-11, cy-11, 22)
	case icoHospital:
		c.Fill(cx-11, cy-11, 22, 22, whiteCol)
		c.Box(cx-11, cy-11, 22, 22, 1, inkCol)
		c.Fill(cx-3, cy-8, 6, 16, kindCols["red"])
		c.Fill(cx-8, cy-3, 16, 6, kindCols["red"])
	case icoMine:
		for i := 0; i < 4; i++ {
			a := float64(i) * math.Pi / 4
			c.Line(pt(-12*math.Cos(a), -12*math.Sin(a)), pt(12*math.Cos(a), 12*math.Sin(a)), 3, inkCol)
		}
		c.Circle(pt(0, 0), 8, inkCol)
	case icoMorale:
		c.Circle(pt(0, 0), 11, evCol)
		c.Polygon([]canvas.Pt{pt(-6, -3), pt(6, -3), pt(0, 6)}, whiteCol)
		c.Fill(cx-2, cy-8, 4, 6, whiteCol)
	case icoNotReady:
		c.Circle(pt(0, 0), 11, dimCol)
		c.Circle(pt(0, 0), 7, slotCol)
		c.Line(pt(-8, 8), pt(8, -8), 4, dimCol)
	case icoLast, icoShelled:
		col := hiCol
		if k == icoShelled {
			col = kindCols["red"]
		}
		c.Box(cx-11, cy-10, 22, 20, 4, col)
	case icoTurn:
		c.Polygon([]canvas.Pt{pt(-6, -10), pt(8, 0), pt(-6, 10)}, side)
	case icoDeclared:
		c.Line(pt(-10, -10), pt(10, 10), 4, side)
		c.Line(pt(10, -10), pt(-10, 10), 4, side)
		c.Line(pt(-10, 4), pt(-4, 10), 3, inkCol)
		c.Line(pt(10, 4), pt(4, 10), 3, inkCol)
	}
}

// camo is the camouflage marker: a net of green stripes.
func camo(c *canvas.Canvas, x, y, s float64) {
	c.Fill(x, y, s, s, markCol)
	for i := 0.0; i < s; i += 6 {
		c.Fill(x+i, y, 2, s, plus1Col)
		c.Fill(x, y+i, s, 2, creamCol)
	}
}

// badge is a unit's strength: white on ink, left edge at x.
func (p pic) badge(s string, x, cy float64) float64 {
	w := canvas.TextWidth(s, 20, true) + 10
	p.c.Fill(x, cy-12, w, 24, inkCol)
	p.text(s, x+w/2, cy, 20, true, whiteCol, canvas.Center, w)
	return w
}

// chip is a +1 / +2 marker, left edge at x; it returns its width.
func (p pic) chip(s string, col color.RGBA, x, cy float64) float64 {
	w := canvas.TextWidth(s, minPx, true) + 8
	p.c.Fill(x, cy-11, w, 22, col)
	p.text(s, x+w/2, cy, minPx, true, whiteCol, canvas.Center, w)
	return w
}

// unit draws a unit card in a slot: its kind's colour on the left, its
// full name (two lines at most), range, markers and strength (for a
// commander the strength and fortification it adds).
func (p pic) unit(ctx render.Audience, u fl.UnitView, x, y float64, used map[icon]bool) {
	p.drawUnit(ctx, u, x, y, used, p.stampName)
}

// drawUnit is unit with the name drawn by name.
func (p pic) drawUnit(ctx render.Audience, u fl.UnitView, x, y float64, used map[icon]bool, name func(ctx render.Audience, id string, x, y float64)) {
	c := p.c
	t, _ := fl.UnitTypeByID(u.Type)
	c.Fill(x, y, cellW, cellH, creamCol)
	c.Box(x, y, cellW, cellH, 1.5, inkCol)
	c.Fill(x, y, 8, cellH, kindCols[t.Colour])
	name(ctx, u.ID, x, y)
	cy := y + cellH - 12
	str := fmt.Sprint(t.Str)
	if t.Kind == fl.KindCommander {
		str = fmt.Sprintf("+%d", t.Str)
	}
	w := canvas.TextWidth(str, 20, true) + 10
	right := x + cellW - 6 - w // the strength badge's left edge
	p.badge(str, right, cy)
	if t.Kind == fl.KindCommander && t.Fort > 0 {
		p.shield(right-22, cy, fmt.Sprintf("+%d", t.Fort), inkCol)
		right -= 40
	}
	bx := x + 14
	bx += p.text(fmt.Sprintf("↔%d", t.Range), bx, cy, minPx, false, dimCol, canvas.Left, 40) + 8
	for _, m := range []struct {
		on  bool
		s   string
		col color.RGBA
	}{{u.Plus1, "+1", plus1Col}, {u.Plus2, "+2", plus2Col}} {
		if m.on && bx+iconW(icoPlus) <= right-2 {
			bx += p.chip(m.s, m.col, bx, cy) + 4
			used[icoPlus] = true
		}
	}
	if u.Camo && bx+22 <= right-2 {
		camo(c, bx, cy-11, 22)
		used[icoCamo] = true
	}
}

// nameKey names a unit's name on its card in canvas.Layer, by language.
type nameKey struct{ lang, id string }

// nameRect is where a card at (x, y) shows its name: right of the kind's
// colour, under the card's edge, down to the range and strength.
func nameRect(x, y float64) image.Rectangle {
	return image.Rect(14, 2, cellW-6, 46).Add(image.Pt(int(x), int(y)))
}

// stampName stamps the name of unit id on its card at (x, y): drawn once
// per unit and language (render.Sprite), not rasterised every move. The
// slots lie whole pixels apart, so a name drawn in one slot is the name
// in any (TestUnitLayers).
func (p pic) stampName(ctx render.Audience, id string, x, y float64) {
	r := nameRect(x, y)
	p.c.Stamp(render.Sprite(nameKey{ctx.L.Lang(), id}, palette, r, creamCol, func(c *canvas.Canvas) {
		pic{c}.drawName(ctx, id, x, y)
	}), r.Min)
}

// drawName writes unit id's full name on its card at (x, y): one line at
// 20 px, else two at minPx, else clipped.
func (p pic) drawName(ctx render.Audience, id string, x, y float64) {
	name := unitName(ctx, id)
	lines, ok := wrap(name, 20, false, cellW-20, 1)
	size := 20.0
	if !ok {
		size = minPx
		if lines, ok = wrap(name, size, false, cellW-20, 2); !ok {
			lines = []string{canvas.ClipWidth(name, cellW-20, size, false)}
		}
	}
	for i, l := range lines {
		p.c.Text(l, x+14, y+1+float64(i)*19, size, false, inkCol, canvas.TopLeft)
	}
}

// Image draws the public board (only public fields of the view are used).
func (Renderer) Image(ctx render.Audience, v fl.View) ([]byte, error) {
	c := drawBoard(ctx, v)
	return c.PNG()
}

// drawBoard draws the view on a copy of the cached static layer.
func drawBoard(ctx render.Audience, v fl.View) *canvas.Canvas {
	c := base(ctx).Clone()
	p := pic{c}
	used := map[icon]bool{}
	for s := 0; s < 2; s++ {
		pv := v.P[s]
		for f := 1; f <= 3; f++ {
			for col := 1; col <= 4; col++ {
				if u := pv.Grid[f-1][col-1]; u != nil {
					x, y := slotXY(s, f, col)
					p.unit(ctx, *u, x, y, used)
				}
			}
			p.frontMarks(v, s, f, used)
		}
		p.banner(ctx, v, s, used)
	}
	if b := v.Battle; b != nil && b.Front >= 1 && b.Front <= 3 {
		x := frontX(b.Front)
		red, blue := b.Strength[0], b.Strength[1]
		if b.Att == 1 {
			red, blue = blue, red
		}
		c.Fill(x+40, bandY+bandH/2-13, cellW-80, 26, frontCol)
		p.text(imgText(ctx, "battle", "A", red, "B", blue), x+cellW/2, bandY+bandH/2, 20, true, kindCols["red"], canvas.Center, cellW-80)
		c.Box(x, bandY, cellW, bandH, 3, kindCols["red"])
	}
	p.lastMove(ctx, v, used)
	p.legend(ctx, used)
	return c
}

// frontMarks draws seat s's fortification and markers on front f, in its
// half of the band.
func (p pic) frontMarks(v fl.View, s, f int, used map[icon]bool) {
	pv := v.P[s]
	x := frontX(f)
	cy := float64(bandY + 18)
	if s == 1 {
		cy = bandY + bandH - 18
	}
	p.shield(x+22, cy, fmt.Sprint(pv.Fort[f-1]), sideCols[s])
	var marks []icon
	if pv.Hospital == f {
		marks = append(marks, icoHospital)
	}
	if pv.Mine[f-1] > 0 {
		marks = append(marks, icoMine)
	}
	if pv.Morale[f-1] > 0 {
		marks = append(marks, icoMorale)
	}
	if !pv.Ready[f-1] {
		marks = append(marks, icoNotReady)
	}
	if pv.DeclFront == f && v.Viewer < 0 { // a seat view may hold a secret front
		marks = append(marks, icoDeclared)
	}
	my := cy - 2 // clear of the front's name
	if s == 1 {
		my = cy + 2
	}
	for i, m := range marks {
		p.icon(m, x+cellW-18-float64(i)*30, my, sideCols[s])
		used[m] = true
	}
}

// banner is seat s's name and counts, on its side's colour; a triangle
// marks the seat to act.
func (p pic) banner(ctx render.Audience, v fl.View, s int, used map[icon]bool) {
	c := p.c
	pv := v.P[s]
	y := float64(banner0Y)
	if s == 1 {
		y = banner1Y
	}
	c.Fill(pad, y, imgW-2*pad, bannerH, sideCols[s])
	x := float64(pad + 10)
	if !v.Over && v.Active == s {
		p.icon(icoTurn, x+6, y+bannerH/2, whiteCol)
		used[icoTurn] = true
		x += 22
	}
	right := float64(imgW - pad - 10)
	if pv.HasDecl {
		p.icon(icoDeclared, right-12, y+bannerH/2, whiteCol)
		used[icoDeclared] = true
		right -= 34
	}
	stats := imgText(ctx, "stats", "VP", pv.VP, "Gold", pv.Gold, "Ammo", pv.Ammo, "Hand", pv.HandCount)
	sw := canvas.TextWidth(stats, minPx, false)
	p.text(stats, right-sw, y+bannerH/2, minPx, false, whiteCol, canvas.Left, sw)
	name := ctx.Name(games.Seat(s))
	p.text(name, x, y+bannerH/2, 20, true, whiteCol, canvas.Left, right-sw-16-x)
}

// legend explains every symbol on the picture: strength, range and
// fortification always, the markers when some are shown.
func (p pic) legend(ctx render.Audience, used map[icon]bool) {
	x, y := float64(pad+4), float64(legendY+14)
	for k := icoStrength; k <= icoShelled; k++ {
		if k > icoFort && !used[k] {
			continue
		}
		label := imgText(ctx, "legend."+iconKeys[k])
		iw := iconW(k)
		w := iw + 6 + canvas.TextWidth(label, minPx, false) + 14
		if x+w > imgW-pad && x > pad+4 {
			x, y = pad+4, y+24
		}
		p.icon(k, x+iw/2, y, inkCol)
		p.text(label, x+iw+6, y, minPx, false, dimCol, canvas.Left, imgW-pad-x-iw-6)
		x += w
	}
}
