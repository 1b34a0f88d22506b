package frontline

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

const (
	imgW, imgH = 1600, 900
	rowY0      = 80
	rowH       = 110
	rowGap     = 10
	colW       = 140
	colStep    = 150
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
	dimCol   = canvas.Hex("#7d7464")
	goldCol  = canvas.Hex("#c9a227")
	evCol    = canvas.Hex("#7b4fa0")
	kindCols = map[string]color.RGBA{"red": canvas.Hex("#c0392b"), "green": canvas.Hex("#2e8b57"), "brown": canvas.Hex("#8b5a2b"), "yellow": canvas.Hex("#d4a017"), "grey": canvas.Hex("#7f8c8d"), "blue": canvas.Hex("#2c6fbb")}
	catCols  = map[string]color.RGBA{fl.CatActivation: canvas.Hex("#2e8b57"), fl.CatPermanent: canvas.Hex("#7b4fa0"), fl.CatBattle: canvas.Hex("#c0392b"), fl.CatInstant: canvas.Hex("#d4a017"), fl.CatEquipment: canvas.Hex("#7f8c8d")}
	sideCols = []color.RGBA{redSide, blueSide}
	frontCol = canvas.Hex("#d9cfb5")
	plus2Col = canvas.Hex("#1f7a3a")
	plus1Col = canvas.Hex("#3c8d5a")
	markCol  = canvas.Hex("#5b6b3a")
	palette  = canvas.NewPalette(
		[]color.RGBA{bgCol, creamCol, slotCol, frontCol, whiteCol, redSide, blueSide, kindCols["red"], kindCols["green"], kindCols["brown"], kindCols["yellow"], kindCols["grey"], kindCols["blue"], evCol},
		[]color.RGBA{inkCol, lineCol, dimCol, goldCol, plus2Col, plus1Col, markCol})
	// bases caches the static layer (grid, boxes, section labels) per
	// language: it holds words, so languages never share one.
	bases sync.Map // lang -> *canvas.Canvas
)

// imgText translates a word of the picture: every word drawn on the board
// comes from the "frontline.img." keys, or from the unit, card and event
// names of the catalogue.
func imgText(ctx render.Ctx, key string, kv ...any) string {
	return ctx.T("frontline.img."+key, kv...)
}

// unitAbbr, cardAbbr: the short names on counters, chips and market piles.
func unitAbbr(ctx render.Ctx, typ string) string { return imgText(ctx, "unit."+typ) }
func cardAbbr(ctx render.Ctx, typ string) string { return imgText(ctx, "card."+typ) }

// pic is a canvas being drawn for one language. seen, when set (tests),
// receives every string drawn.
type pic struct {
	c    *canvas.Canvas
	seen func(string)
}

// clipTo shortens s with "…" until it is at most w pixels wide.
func clipTo(s string, size float64, bold bool, w float64) string {
	if t := canvas.ClipWidth(s, w, size, bold); t != "" || s == "" {
		return t
	}
	return "…" // a tiny box still shows that something was cut
}

// fit returns the font size (down to 70% of size, at least 8) at which s
// is at most w pixels wide, and s itself, clipped with "…" if even the
// smallest size is too wide.
func fit(s string, size float64, bold bool, w float64) (string, float64) {
	min := math.Max(8, math.Round(size*0.7))
	s, size = canvas.Fit(s, w, size, min, bold)
	if s == "" {
		s = "…"
	}
	return s, size
}

// text draws s within maxW pixels (shrinking, then clipping).
func (p pic) text(s string, x, y, size float64, bold bool, col color.Color, at canvas.Anchor, maxW float64) {
	if p.seen != nil {
		p.seen(s)
	}
	s, size = fit(s, size, bold, maxW)
	p.c.Text(s, x, y, size, bold, col, at)
}

// fill paints an axis-aligned rectangle directly (canvas.Rect rasterizes
// the whole canvas per call, far too slow for hundreds of small shapes).
func fill(c *canvas.Canvas, x, y, w, h float64, col color.Color) {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
	draw.Draw(c.Img, r, image.NewUniform(col), image.Point{}, draw.Over)
}

func outline(c *canvas.Canvas, x, y, w, h, width float64, col color.Color) {
	if width < 1 {
		width = 1
	}
	fill(c, x, y, w, width, col)
	fill(c, x, y+h-width, w, width, col)
	fill(c, x, y, width, h, col)
	fill(c, x+w-width, y, width, h, col)
}

func slotXY(p, f, c int) (float64, float64) {
	y := float64(rowY0 + (f-1)*(rowH+rowGap))
	if p == 0 {
		return float64(40 + (4-c)*colStep), y
	}
	return float64(920 + (c-1)*colStep), y
}

// base is the cached static layer in ctx's language.
func base(ctx render.Ctx) *canvas.Canvas {
	lang := ctx.L.Lang()
	if c, ok := bases.Load(lang); ok {
		return c.(*canvas.Canvas)
	}
	c, _ := bases.LoadOrStore(lang, drawBase(ctx, nil))
	return c.(*canvas.Canvas)
}

func drawBase(ctx render.Ctx, seen func(string)) *canvas.Canvas {
	p := pic{canvas.New(imgW, imgH, bgCol), seen}
	c := p.c
	fill(c, 0, 0, imgW, 56, inkCol)
	p.text(imgText(ctx, "title"), imgW/2, 28, 26, true, creamCol, canvas.Center, imgW-40)
	fill(c, 40, 60, 590, 16, redSide)
	fill(c, 920, 60, 590, 16, blueSide)
	for s := 0; s < 2; s++ {
		for f := 1; f <= 3; f++ {
			for col := 1; col <= 4; col++ {
				x, y := slotXY(s, f, col)
				fill(c, x, y, colW, rowH, slotCol)
				outline(c, x, y, colW, rowH, 1, lineCol)
				c.Text(fmt.Sprintf("%d.%d", f, col), x+colW/2, y+rowH/2, 14, false, lineCol, canvas.Center)
			}
		}
	}
	for f := 1; f <= 3; f++ {
		y := float64(rowY0 + (f-1)*(rowH+rowGap))
		fill(c, 640, y, 260, rowH, frontCol)
		outline(c, 640, y, 260, rowH, 1, lineCol)
		c.Text(roman[f], 770, y+rowH-22, 26, true, inkCol, canvas.Center) // below the markers
	}
	// Boxes under the grids.
	for s := 0; s < 2; s++ {
		x := 40.0
		if s == 1 {
			x = 920
		}
		outline(c, x, 470, 590, 62, 1, lineCol)
		p.text(imgText(ctx, "rear"), x+6, 472, 11, true, dimCol, canvas.TopLeft, 578)
		outline(c, x, 538, 290, 62, 1, lineCol)
		p.text(imgText(ctx, "prison"), x+6, 540, 11, true, dimCol, canvas.TopLeft, 278)
		outline(c, x+300, 538, 290, 62, 1, lineCol)
		p.text(imgText(ctx, "equip_perm"), x+306, 540, 11, true, dimCol, canvas.TopLeft, 278)
	}
	fill(c, 0, 612, imgW, 2, lineCol)
	p.text(imgText(ctx, "units"), 40, 622, 12, true, dimCol, canvas.TopLeft, 360)
	p.text(imgText(ctx, "market"), 420, 622, 12, true, dimCol, canvas.TopLeft, 600)
	p.text(imgText(ctx, "calendar"), 1060, 622, 12, true, dimCol, canvas.TopLeft, 500)
	return c
}

func (p pic) unit(ctx render.Ctx, u fl.UnitView, x, y, w, h float64) {
	c := p.c
	t, _ := fl.UnitTypeByID(u.Type)
	fill(c, x, y, w, h, creamCol)
	outline(c, x, y, w, h, 1.5, inkCol)
	fill(c, x, y, w, 22, kindCols[t.Colour])
	_, n := split(u.ID)
	p.text(strings.TrimSpace(unitAbbr(ctx, u.Type)+" "+n), x+w/2, y+11, 13, true, whiteCol, canvas.Center, w-8)
	str := fmt.Sprint(t.Str)
	if t.Kind == fl.KindCommander {
		str = fmt.Sprintf("+%d/+%d", t.Str, t.Fort)
	}
	c.Text(str, x+w/2, y+h/2+6, 30, true, inkCol, canvas.Center)
	p.text(imgText(ctx, "range", "N", t.Range), x+6, y+h-6, 12, false, dimCol, canvas.Left, w/2-8)
	c.Text(roman[u.Front], x+w-6-canvas.TextWidth(roman[u.Front], 12, true), y+h-10, 12, true, dimCol, canvas.Left)
	chipX := x + w - 4
	chip := func(s string, col color.RGBA) {
		s, sz := fit(s, 11, true, w/2-12)
		cw := canvas.TextWidth(s, sz, true) + 8
		chipX -= cw + 2
		fill(c, chipX, y+25, cw, 16, col)
		c.Text(s, chipX+cw/2, y+33, sz, true, whiteCol, canvas.Center)
	}
	if u.Plus2 {
		chip("+2", plus2Col)
	}
	if u.Plus1 {
		chip("+1", plus1Col)
	}
	if u.Camo {
		s := imgText(ctx, "camo")
		if p.seen != nil {
			p.seen(s)
		}
		chip(s, markCol)
	}
}

// chipW is the width of a chip with label s.
func chipW(s string) float64 { return canvas.TextWidth(s, 11, true) + 10 }

func (p pic) chip(label string, col color.RGBA, x, y float64) float64 {
	w := chipW(label)
	fill(p.c, x, y, w, 18, col)
	p.text(label, x+w/2, y+9, 11, true, whiteCol, canvas.Center, w)
	return x + w + 4
}

// chips lays labels out from x0 and, when they do not all fit before
// xmax, stops with "…".
func (p pic) chips(labels []string, cols []color.RGBA, x0, xmax, y float64) {
	total := x0
	for _, l := range labels {
		total += chipW(l) + 4
	}
	all := total-4 <= xmax
	more := chipW("…")
	x := x0
	for i, l := range labels {
		if !all && x+chipW(l)+4+more > xmax {
			p.chip("…", inkCol, x, y)
			return
		}
		x = p.chip(l, cols[i], x, y)
	}
}

// badge: a small centred label at most maxW pixels wide.
func (p pic) badge(label string, col color.RGBA, x, y, maxW float64) {
	label, sz := fit(label, 12, true, maxW-8)
	if p.seen != nil {
		p.seen(label)
	}
	w := canvas.TextWidth(label, sz, true) + 8
	fill(p.c, x-w/2, y, w, 18, col)
	p.c.Text(label, x, y+9, sz, true, whiteCol, canvas.Center)
}

// Image draws the public board (only public fields of the view are used).
func (Renderer) Image(ctx render.Ctx, view any) ([]byte, error) {
	v, ok := asView(view)
	if !ok {
		return nil, nil
	}
	c := drawBoard(ctx, v, nil)
	defer c.Release()
	return c.PNGWith(palette)
}

// drawBoard draws the view; seen (tests) receives every string drawn, and
// then the static layer is drawn afresh rather than taken from the cache.
func drawBoard(ctx render.Ctx, v fl.View, seen func(string)) *canvas.Canvas {
	var c *canvas.Canvas
	if seen != nil {
		c = drawBase(ctx, seen)
	} else {
		c = base(ctx).Clone()
	}
	p := pic{c, seen}
	// Seat names on the side banners.
	p.text(ctx.Name(0), 335, 68, 13, true, whiteCol, canvas.Center, 570)
	p.text(ctx.Name(1), 1215, 68, 13, true, whiteCol, canvas.Center, 570)
	for s := 0; s < 2; s++ {
		pv := v.P[s]
		side := sideCols[s]
		for f := 1; f <= 3; f++ {
			for col := 1; col <= 4; col++ {
				if u := pv.Grid[f-1][col-1]; u != nil {
					x, y := slotXY(s, f, col)
					p.unit(ctx, *u, x, y, colW, rowH)
				}
			}
			// Centre strip: fortification shield and markers per side.
			y := float64(rowY0 + (f-1)*(rowH+rowGap))
			sx := 668.0
			if s == 1 {
				sx = 872
			}
			fill(c, sx-18, y+40, 36, 24, side) // shield: a block narrowing to a point
			for i := 0; i < 12; i++ {
				fill(c, sx-18+float64(i)*1.5, y+64+float64(i), 36-float64(i)*3, 1, side)
			}
			c.Text(fmt.Sprint(pv.Fort[f-1]), sx, y+56, 18, true, whiteCol, canvas.Center)
			var marks []string
			if pv.Morale[f-1] > 0 {
				marks = append(marks, imgText(ctx, "morale"))
			}
			if pv.Mine[f-1] > 0 {
				marks = append(marks, imgText(ctx, "mine"))
			}
			if pv.Hospital == f {
				marks = append(marks, imgText(ctx, "hospital"))
			}
			if !pv.Ready[f-1] {
				marks = append(marks, imgText(ctx, "exhausted"))
			}
			if pv.DeclFront == f && v.Viewer < 0 { // a seat view may hold a secret front
				marks = append(marks, imgText(ctx, "attack"))
			}
			for i, m := range marks {
				bx := sx + 30 + float64(i%2)*44
				if s == 1 {
					bx = sx - 30 - float64(i%2)*44
				}
				p.badge(m, inkCol, bx, y+6+float64(i/2)*22, 42)
			}
		}
		// Rear, prison, equipment.
		bx := 40.0
		if s == 1 {
			bx = 920
		}
		var labels []string
		var cols []color.RGBA
		for _, u := range pv.Rear {
			_, n := split(u.ID)
			t, _ := fl.UnitTypeByID(u.Type)
			labels = append(labels, strings.TrimSpace(unitAbbr(ctx, u.Type)+n+" "+chipMarks(u)))
			cols = append(cols, kindCols[t.Colour])
		}
		p.chips(labels, cols, bx+6, bx+584, 506)
		labels, cols = nil, nil
		for _, u := range pv.Prison {
			_, n := split(u.ID)
			t, _ := fl.UnitTypeByID(u.Type)
			labels = append(labels, unitAbbr(ctx, u.Type)+n)
			cols = append(cols, kindCols[t.Colour])
		}
		p.chips(labels, cols, bx+6, bx+284, 574)
		labels, cols = nil, nil
		for _, e := range pv.Equip {
			labels = append(labels, cardAbbr(ctx, e.Type))
			cols = append(cols, catCols[e.Cat])
		}
		p.chips(labels, cols, bx+306, bx+584, 556)
		labels, cols = nil, nil
		for _, e := range pv.Perm {
			labels = append(labels, cardAbbr(ctx, e.Type))
			cols = append(cols, catCols[e.Cat])
		}
		p.chips(labels, cols, bx+306, bx+584, 578)
		// Stats line under the side banner.
		stats := imgText(ctx, "stats", "VP", pv.VP, "Gold", pv.Gold, "Ammo", pv.Ammo, "Hand", pv.HandCount)
		if pv.HasDecl {
			stats += "   " + imgText(ctx, "battle_flag")
		}
		p.text(stats, bx+295, 445+4, 15, true, side, canvas.Center, 580)
	}
	// Unit row (or draft pool).
	row := v.UnitRow
	if len(v.Draft) > 0 {
		row = v.Draft
	}
	for i, u := range row {
		x := 40 + float64(i%3)*118
		y := 642.0 + float64(i/3)*124
		p.unit(ctx, u, x, y, 110, 110)
	}
	p.text(imgText(ctx, "deck", "N", v.UnitDeck), 40, 882, 12, false, dimCol, canvas.Left, 340)
	// Market piles.
	for i, pile := range v.Piles {
		x := 420 + float64(i)*124
		y := 642.0
		fill(c, x, y, 116, 150, creamCol)
		outline(c, x, y, 116, 150, 1.5, inkCol)
		if pile.Top != nil {
			fill(c, x, y, 116, 22, catCols[pile.Top.Cat])
			p.text(cardAbbr(ctx, pile.Top.Type), x+58, y+11, 13, true, whiteCol, canvas.Center, 108)
			fill(c, x+34, y+51, 48, 48, goldCol)
			c.Text(fmt.Sprint(pile.Top.Cost), x+58, y+75, 24, true, inkCol, canvas.Center)
		}
		c.Text(fmt.Sprintf("%d  ×%d", i+1, pile.Height), x+58, y+136, 13, true, dimCol, canvas.Center)
	}
	p.text(imgText(ctx, "deck", "N", v.ActDeck), 420, 810, 12, false, dimCol, canvas.Left, 600)
	// Calendar.
	for m := 1; m <= v.Months; m++ {
		x := 1060 + float64(m-1)*62
		y := 642.0
		col := slotCol
		if m == v.Month {
			col = goldCol
		}
		fill(c, x, y, 56, 56, col)
		outline(c, x, y, 56, 56, 1, inkCol)
		c.Text(fmt.Sprint(m), x+28, y+22, 20, true, inkCol, canvas.Center)
		p.text(imgText(ctx, "limit", "N", v.LimitMonth[m]), x+28, y+46, 11, false, dimCol, canvas.Center, 52)
		if v.EventMonth[m] {
			p.badge(imgText(ctx, "event_badge"), evCol, x+28, y+60, 58)
		}
		if v.FPMonth[m] {
			p.badge(imgText(ctx, "fp_badge"), inkCol, x+28, y+82, 58)
		}
	}
	const lineW = imgW - 1060 - 20
	name := func(s int) string { return clipTo(ctx.Name(games.Seat(s)), 15, true, 170) }
	y := 760.0
	p.text(imgText(ctx, "first_player", "Name", name(v.FP&1)), 1060, y, 15, true, sideCols[v.FP&1], canvas.Left, lineW)
	if v.Event != "" {
		ev := strings.ToUpper(ctx.T("frontline.event." + v.Event))
		p.text(imgText(ctx, "event", "Event", ev), 1060, y+24, 15, true, evCol, canvas.Left, lineW)
	}
	if b := v.Battle; b != nil {
		p.text(imgText(ctx, "battle", "Front", roman[b.Front], "Att", name(b.Att), "SA", b.Strength[0], "SD", b.Strength[1], "Def", name(1-b.Att)),
			1060, y+48, 15, true, inkCol, canvas.Left, lineW)
	}
	if v.Over {
		res := imgText(ctx, "over_draw", "A", v.P[0].VP, "B", v.P[1].VP)
		if v.Winner >= 0 {
			res = imgText(ctx, "over_win", "Name", name(v.Winner), "A", v.P[0].VP, "B", v.P[1].VP)
		}
		p.text(res, 1060, y+72, 15, true, inkCol, canvas.Left, lineW)
	}
	return c
}

// chipMarks: the training and camouflage markers of a unit, in glyphs the
// board font has.
func chipMarks(u fl.UnitView) string {
	s := ""
	if u.Plus1 {
		s += "+1"
	}
	if u.Plus2 {
		s += "+2"
	}
	if u.Camo {
		s += "~"
	}
	return s
}
