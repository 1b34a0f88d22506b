package fow

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// The schematic (spec §4.4): 10 px per inch, 72"×48" table, 40 px margin.
const (
	ppi    = 10.0
	margin = 40.0
	tw     = 72.0
	th     = 48.0
	imgW   = int(tw*ppi + 2*margin)
	imgH   = int(th*ppi + 2*margin)
)

var (
	colBG      = canvas.Hex("#2b2b2b")
	colAtt     = canvas.Hex("#cfe3f7")
	colDef     = canvas.Hex("#f7d4cf")
	colAttBand = canvas.Hex("#9cc3ea")
	colDefBand = canvas.Hex("#eaa79c")
	colLine    = canvas.Hex("#555555")
	colText    = canvas.Hex("#f0f0f0")
	colObj     = canvas.Hex("#f2c94c")
	colObjOff  = canvas.Hex("#9e9e9e")
	colEntry   = canvas.Hex("#ffeb3b")
	colInk     = canvas.Hex("#222222")
	palette    = canvas.NewPalette(
		[]color.RGBA{colBG, colAtt, colDef, colAttBand, colDefBand},
		[]color.RGBA{colLine, colText, colObj, colObjOff, colEntry, colInk})
)

// px converts table inches (origin SW, y north) to pixels.
func px(x, y float64) canvas.Pt { return canvas.Pt{X: margin + x*ppi, Y: margin + (th-y)*ppi} }

var (
	baseMu sync.Mutex
	bases  = map[string]*canvas.Canvas{} // by language and mission
)

// base draws the static layer once per language and mission: halves,
// deployment bands, the dashed centre line, 6" ticks and compass letters.
func base(ctx render.Ctx, m fowg.Mission) *canvas.Canvas {
	key := ctx.L.Lang() + "/" + m.ID
	baseMu.Lock()
	defer baseMu.Unlock()
	if c, ok := bases[key]; ok {
		return c
	}
	c := canvas.New(imgW, imgH, colBG)
	fillIn(c, 0, 0, tw, 24, colAtt)
	fillIn(c, 0, 24, tw, th, colDef)
	gap := map[string]float64{"free_for_all": 12, "encounter": 6}[m.ID]
	if gap > 0 {
		fillIn(c, 0, 0, tw, 24-gap, colAttBand)
		fillIn(c, 0, 24+gap, tw, th, colDefBand)
	}
	for x := 0.0; x < tw; x += 4 {
		fillIn(c, x, 23.9, x+2, 24.1, colLine)
	}
	for x := 6.0; x < tw; x += 6 {
		fillIn(c, x-0.05, 0, x+0.05, 1, colLine)
		fillIn(c, x-0.05, th-1, x+0.05, th, colLine)
	}
	for y := 6.0; y < th; y += 6 {
		fillIn(c, 0, y-0.05, 1, y+0.05, colLine)
		fillIn(c, tw-1, y-0.05, tw, y+0.05, colLine)
	}
	fillIn(c, -0.2, -0.2, tw+0.2, 0, colInk)
	fillIn(c, -0.2, th, tw+0.2, th+0.2, colInk)
	fillIn(c, -0.2, 0, 0, th, colInk)
	fillIn(c, tw, 0, tw+0.2, th, colInk)
	for _, l := range compass(ctx) {
		l.draw(c)
	}
	bases[key] = c
	return c
}

// Image draws the public schematic: who holds which half, objectives by
// half, the turn, the delay counters and this turn's reserve entry areas.
func (Renderer) Image(ctx render.Ctx, view any) ([]byte, error) {
	v, ok := asView(view)
	if !ok {
		return nil, nil
	}
	c := base(ctx, v.Mission).Clone()
	defer c.Release()
	// objectives: no coordinates are recorded, so they are spread along
	// the middle of the half that holds them
	for _, half := range []int{0, 1} {
		var objs []fowg.ObjView
		for _, o := range v.Objectives {
			role := 1
			if o.Half == v.Attacker {
				role = 0
			}
			if role == half {
				objs = append(objs, o)
			}
		}
		y := 12.0
		if half == 1 {
			y = 36
		}
		for k, o := range objs {
			p := px(tw*float64(k+1)/float64(len(objs)+1), y)
			sp := disc(o.Removed)
			r := sp.Img.Bounds()
			at := image.Pt(int(math.Round(p.X))-r.Dx()/2, int(math.Round(p.Y))-r.Dy()/2)
			draw.Draw(c.Img, r.Add(at), sp.Img, image.Point{}, draw.Over)
			c.Text(fmt.Sprint(o.ID), p.X, p.Y, 14, true, colInk, canvas.Center)
		}
	}
	for _, z := range zones(v) {
		drawZone(c, z)
	}
	ls, squares := labels(ctx, v)
	for _, l := range ls {
		l.draw(c)
	}
	for _, s := range squares {
		draw.Draw(c.Img, s.r, image.NewUniform(s.col), image.Point{}, draw.Src)
	}
	return c.PNGWith(palette)
}

// word is every word drawn on the picture: a catalogue message in the
// table's language. imgKeys lists the ids it is called with.
func word(ctx render.Ctx, id string, kv ...any) string { return ctx.T(id, kv...) }

// imgKeys are the catalogue ids of the picture's words (tested).
var imgKeys = []string{"fow.img.n", "fow.img.s", "fow.img.e", "fow.img.w", "fow.img.side",
	"fow.img.attacker", "fow.img.defender", "fow.role.attacker", "fow.role.defender",
	"fow.img.turn", "fow.img.delay", "fow.img.entry"}

// label is one string placed in a box: x0..x1 wide, centred on y, aligned
// left (-1), centred (0) or right (1). Its size was chosen to fit the box.
type label struct {
	s       string
	x0, x1  float64
	y, size float64
	align   int
	col     color.RGBA
}

func (l label) width() float64 { return canvas.TextWidth(l.s, l.size, true) }

func (l label) draw(c *canvas.Canvas) {
	switch l.align {
	case 0:
		c.Text(l.s, (l.x0+l.x1)/2, l.y, l.size, true, l.col, canvas.Center)
	case 1:
		c.Text(l.s, l.x1-l.width(), l.y, l.size, true, l.col, canvas.Left)
	default:
		c.Text(l.s, l.x0, l.y, l.size, true, l.col, canvas.Left)
	}
}

const (
	fontBig = 16.0
	fontMin = 12.0
)

// fit shrinks the font of l from fontBig until it fits its box; ok=false
// when it does not fit even at fontMin.
func fit(l label) (label, bool) {
	for l.size = fontBig; l.size >= fontMin; l.size-- {
		if l.width() <= l.x1-l.x0 {
			return l, true
		}
	}
	l.size = fontMin
	return l, false
}

// fitName fits a label made of a player's name: the font shrinks first,
// then the name is clipped with "…".
func fitName(l label, name string, text func(name string) string) label {
	l.s = text(name)
	if f, ok := fit(l); ok {
		return f
	}
	r := []rune(name)
	for n := len(r) - 1; n >= 0; n-- {
		l.s = text(string(r[:n]) + "…")
		if f, ok := fit(l); ok {
			return f
		}
	}
	l.size = fontMin
	return l
}

// compass is the static letters: N and S centred in the top and bottom
// margins, W and E in the side margins.
func compass(ctx render.Ctx) []label {
	midY := margin + th*ppi/2
	out := []label{
		{s: word(ctx, "fow.img.n"), x0: margin, x1: float64(imgW) - margin, y: margin / 2, col: colText},
		{s: word(ctx, "fow.img.s"), x0: margin, x1: float64(imgW) - margin, y: float64(imgH) - margin/2, col: colText},
		{s: word(ctx, "fow.img.w"), x0: 3, x1: margin - 3, y: midY, col: colText},
		{s: word(ctx, "fow.img.e"), x0: float64(imgW) - margin + 3, x1: float64(imgW) - 3, y: midY, col: colText},
	}
	for i := range out {
		out[i], _ = fit(out[i])
	}
	// W and E alike
	sz := math.Min(out[2].size, out[3].size)
	out[2].size, out[3].size = sz, sz
	return out
}

// square is a delay counter.
type square struct {
	r   image.Rectangle
	col color.RGBA
}

// labels lays out the words of one view around the table: each half's
// player and role at the left of its margin (defender north, attacker
// south), the turn and delay counters top right, the reserve entry legend
// bottom right. Nothing reaches the centred compass letters.
func labels(ctx render.Ctx, v fowg.View) ([]label, []square) {
	var out []label
	var sq []square
	topY, botY := margin/2, float64(imgH)-margin/2
	right := float64(imgW) - margin
	// the compass letter in the middle of each band, with 12 px either side
	nw := canvas.TextWidth(word(ctx, "fow.img.n"), fontBig, true)/2 + 12
	sw := canvas.TextWidth(word(ctx, "fow.img.s"), fontBig, true)/2 + 12
	mid := float64(imgW) / 2
	north := label{x0: margin, x1: mid - nw, y: topY, align: -1, col: colDefBand}
	south := label{x0: margin, x1: mid - sw, y: botY, align: -1, col: colAttBand}
	if v.Attacker == 0 || v.Attacker == 1 {
		side := func(role string) func(string) string {
			r := word(ctx, role)
			return func(name string) string { return word(ctx, "fow.img.side", "Name", name, "Role", r) }
		}
		att, def := v.Attacker, 1-v.Attacker
		out = append(out,
			fitName(north, ctx.Name(games.Seat(def)), side("fow.role.defender")),
			fitName(south, ctx.Name(games.Seat(att)), side("fow.role.attacker")))
	} else {
		north.s, south.s = word(ctx, "fow.img.defender"), word(ctx, "fow.img.attacker")
		north, _ = fit(north)
		south, _ = fit(south)
		out = append(out, north, south)
	}
	if v.Phase == fowg.PhBattle {
		// right to left: "Turn 3", the delay counters, "Delay"
		t, _ := fit(label{s: word(ctx, "fow.img.turn", "N", v.Turn), x0: mid + nw, x1: right, y: topY, align: 1, col: colObj})
		out = append(out, t)
		x := right - t.width() - 12
		if v.Delay > 0 {
			for i := 0; i < v.Delay; i++ {
				x -= 12
				sq = append(sq, square{image.Rect(int(x), int(topY)-6, int(x)+12, int(topY)+6), colDefBand})
				x -= 4
			}
			d, _ := fit(label{s: word(ctx, "fow.img.delay"), x0: mid + nw, x1: x - 4, y: topY, align: 1, col: colText})
			out = append(out, d)
		}
		if len(zones(v)) > 0 {
			// a yellow swatch, then the legend
			e, _ := fit(label{s: word(ctx, "fow.img.entry"), x0: mid + sw + 20, x1: right, y: botY, align: 1, col: colEntry})
			out = append(out, e)
			x := right - e.width() - 20
			sq = append(sq, square{image.Rect(int(x), int(botY)-3, int(x)+14, int(botY)+3), colEntry})
		}
	}
	return out, sq
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

// drawZone highlights a long edge or a corner zone (16" along both edges).
func drawZone(c *canvas.Canvas, z string) {
	const w = 0.35 // inches either side of the edge
	col := color.RGBA{colEntry.R, colEntry.G, colEntry.B, 255}
	switch z {
	case "N":
		fillIn(c, 0, th-w, tw, th+w, col)
		return
	case "S":
		fillIn(c, 0, -w, tw, w, col)
		return
	}
	x0, x1 := 0.0, 16.0
	if z[1] == 'E' {
		x0, x1 = tw-16, tw
	}
	y0, y1 := 0.0, 16.0
	if z[0] == 'N' {
		y0, y1 = th-16, th
	}
	ey := 0.0
	if z[0] == 'N' {
		ey = th
	}
	ex := 0.0
	if z[1] == 'E' {
		ex = tw
	}
	fillIn(c, x0, ey-w, x1, ey+w, col)
	fillIn(c, ex-w, y0, ex+w, y1, col)
}

// fillIn fills an axis-aligned rectangle given in table inches. The shared
// canvas rasterises every shape over the whole image, so flat rectangles
// are drawn directly, which keeps the image fast.
func fillIn(c *canvas.Canvas, x0, y0, x1, y1 float64, col color.Color) {
	a, b := px(x0, y1), px(x1, y0)
	r := image.Rect(int(math.Round(a.X)), int(math.Round(a.Y)), int(math.Round(b.X)), int(math.Round(b.Y)))
	if r.Dx() == 0 {
		r.Max.X++
	}
	if r.Dy() == 0 {
		r.Max.Y++
	}
	draw.Draw(c.Img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

var (
	discOnce sync.Once
	discs    [2]*canvas.Canvas
)

// disc is the cached objective marker (removed: grey and struck through).
func disc(removed bool) *canvas.Canvas {
	discOnce.Do(func() {
		for i, col := range []color.RGBA{colObj, colObjOff} {
			d := canvas.New(30, 30, color.RGBA{})
			d.Circle(canvas.Pt{X: 15, Y: 15}, 14, colInk)
			d.Circle(canvas.Pt{X: 15, Y: 15}, 12, col)
			if i == 1 {
				d.Line(canvas.Pt{X: 5, Y: 5}, canvas.Pt{X: 25, Y: 25}, 3, colInk)
			}
			discs[i] = d
		}
	})
	if removed {
		return discs[1]
	}
	return discs[0]
}
