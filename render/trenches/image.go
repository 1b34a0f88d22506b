package trenches

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"sync"

	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
)

// Geometry (spec 4.2): pointy-top hexes, row 01 at the bottom, even rows
// shifted right by half a hex.
const (
	hexR    = 44.0
	margin  = 16.0
	bandH   = 22.0
	trackH  = 64.0
	counter = 26.0
)

var (
	hexW   = math.Sqrt(3) * hexR
	imgW   = int(2*margin + hexW*12.5)
	mapTop = bandH + 4
	imgH   = int(mapTop + 2*hexR + 1.5*hexR*5 + 4 + bandH + trackH)
)

var (
	cBG       = canvas.Hex("#ebe6d6")
	cOpen     = canvas.Hex("#cdc893")
	cTrench   = canvas.Hex("#b79668")
	cLink     = canvas.Hex("#5b3a1e")
	cWire     = canvas.Hex("#a3a3a0")
	cHatch    = canvas.Hex("#5e5e5e")
	cGrid     = canvas.Hex("#6f6a55")
	cNum      = canvas.Hex("#3d3a30")
	cRed      = canvas.Hex("#b03a2e")
	cBlue     = canvas.Hex("#2e5fb0")
	cCut      = canvas.Hex("#dcd3a4")
	cDugout   = canvas.Hex("#2b1d10")
	cBack     = canvas.Hex("#34312c")
	cWhite    = canvas.Hex("#ffffff")
	cBlack    = canvas.Hex("#111111")
	cMarker   = canvas.Hex("#f0a020")
	cImpass   = canvas.Hex("#5a4a3c")
	cSTF      = canvas.Hex("#e0c030")
	nationCol = map[string]color.RGBA{
		"ge": canvas.Hex("#9aa0a6"), "br": canvas.Hex("#c2ad6e"), "ca": canvas.Hex("#b39d5a"), "fr": canvas.Hex("#7c9bd6"),
	}
	cActed = color.RGBA{0, 0, 0, 90} // over a counter that has acted
	// palette: counters are grounds too, and so are they once they have acted.
	palette = canvas.NewPalette(
		[]color.RGBA{cBG, cOpen, cTrench, cWire, cBlue, cRed, cCut, nationCol["ge"], nationCol["br"], nationCol["ca"], nationCol["fr"], cBack, cWhite,
			acted(nationCol["ge"]), acted(nationCol["br"]), acted(nationCol["ca"]), acted(nationCol["fr"]), acted(cWhite)},
		[]color.RGBA{cBlack, cLink, cHatch, cGrid, cNum, cDugout, cMarker, cImpass, cSTF, acted(cBlack), acted(cBlue), acted(cRed)})
)

func centre(h int) canvas.Pt {
	r, c := h/100, h%100
	off := 0.0
	if r%2 == 0 {
		off = 0.5
	}
	return canvas.Pt{
		X: margin + hexW/2 + hexW*(float64(c-1)+off),
		Y: mapTop + hexR + 1.5*hexR*float64(6-r),
	}
}

func hexPoly(p canvas.Pt, r float64) []canvas.Pt {
	return canvas.RegularPolygon(p, r, 6, math.Pi/6)
}

var (
	baseOnce sync.Once
	base     *canvas.Canvas
	scnOnce  [7]sync.Once
	scnBase  [7]*canvas.Canvas
)

// baseLayer: bands, terrain, trench links, hex numbers, entry letters.
func baseLayer() *canvas.Canvas {
	baseOnce.Do(func() {
		c := canvas.New(imgW, imgH, cBG)
		c.Rect(0, 0, float64(imgW), bandH, cBlue)
		bottom := mapTop + 2*hexR + 1.5*hexR*5 + 4
		c.Rect(0, bottom, float64(imgW), bandH, cRed)
		for _, h := range tov.Map {
			p := centre(h.ID)
			col := cOpen
			switch h.Terrain {
			case tov.Trench:
				col = cTrench
			case tov.Wire:
				col = cWire
			}
			c.Polygon(hexPoly(p, hexR), col)
			if h.Terrain == tov.Wire {
				hatch(c, p, cHatch)
			}
			c.Outline(hexPoly(p, hexR), 1, cGrid)
		}
		for _, h := range tov.Map {
			p := centre(h.ID)
			for _, l := range h.Links {
				q := centre(l)
				mid := canvas.Pt{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}
				c.Line(p, mid, 7, cLink)
			}
			if len(h.Links) > 0 {
				c.Circle(p, 3.5, cLink)
			}
		}
		for _, h := range tov.Map {
			p := centre(h.ID)
			c.Text(tov.HexName(h.ID), p.X, p.Y-hexR+6, 10, false, cNum, canvas.TopCenter)
			if h.Entry != "" {
				e := canvas.Pt{X: p.X - hexW/2 + 9, Y: p.Y + 4}
				c.Circle(e, 7.5, cBlue)
				c.Text(h.Entry, e.X, e.Y, 11, true, cWhite, canvas.Center)
			}
		}
		base = c
	})
	return base
}

func hatch(c *canvas.Canvas, p canvas.Pt, col color.Color) {
	d := hexR * 0.55
	for _, k := range []float64{-0.5, 0, 0.5} {
		c.Line(canvas.Pt{X: p.X - d + k*d, Y: p.Y - d*0.7}, canvas.Pt{X: p.X + d*0.3 + k*d, Y: p.Y + d*0.7}, 1.2, col)
		c.Line(canvas.Pt{X: p.X + d + k*d, Y: p.Y - d*0.7}, canvas.Pt{X: p.X - d*0.3 + k*d, Y: p.Y + d*0.7}, 1.2, col)
	}
}

// scenarioLayer adds the scenario's fixed markers: cut wire, STF, impassable hexes.
// It has no words, so it is shared by every language.
func scenarioLayer(n int) *canvas.Canvas {
	if n < 1 || n > 6 {
		return baseLayer()
	}
	scnOnce[n].Do(func() {
		c := baseLayer().Clone()
		sc := tov.Scenarios[n]
		for _, h := range sc.CutWire {
			p := centre(h)
			c.Polygon(hexPoly(p, hexR-1), cCut)
			c.Outline(hexPoly(p, hexR-3), 3, cRed)
			c.Text(tov.HexName(h), p.X, p.Y-hexR+6, 10, false, cNum, canvas.TopCenter)
		}
		for _, h := range sc.Impassable {
			p := centre(h)
			d := hexR * 0.6
			c.Line(canvas.Pt{X: p.X - d, Y: p.Y - d}, canvas.Pt{X: p.X + d, Y: p.Y + d}, 4, cImpass)
			c.Line(canvas.Pt{X: p.X + d, Y: p.Y - d}, canvas.Pt{X: p.X - d, Y: p.Y + d}, 4, cImpass)
		}
		if sc.STFFort {
			for _, h := range sc.STF {
				c.Outline(hexPoly(centre(h), hexR-4), 4, cSTF)
			}
		}
		scnBase[n] = c
	})
	return scnBase[n]
}

// wordKey selects a cached static layer with words: one per language and scenario.
type wordKey struct {
	lang string
	scn  int
}

// wordLayers caches scenarioLayer plus the static words (scenario title,
// legend) per language; languages never share a layer.
var wordLayers sync.Map // wordKey -> *canvas.Canvas

// staticLayer is the scenario layer with the words that do not change
// during a game, in the language of w.
func staticLayer(w words, n int) *canvas.Canvas {
	if n < 1 || n > 6 {
		return scenarioLayer(n)
	}
	k := wordKey{w.lang, n}
	if c, ok := wordLayers.Load(k); ok {
		return c.(*canvas.Canvas)
	}
	c := scenarioLayer(n).Clone()
	// Scenario title, right half of the top band.
	maxW := float64(imgW)/2 - margin
	size := fitSize(w.scenario, maxW, 13, true)
	title := clipW(w.scenario, maxW, size, true)
	c.Text(title, float64(imgW)-margin-textW(title, size, true), bandH/2, size, true, cWhite, canvas.Left)
	drawLegend(c, w, n)
	got, _ := wordLayers.LoadOrStore(k, c)
	return got.(*canvas.Canvas)
}

// Track area layout shared by the static legend and the per-move track.
const (
	box      = 30.0 // turn track box
	vpW      = 150.0
	gameX    = margin + vpW + 10 // match label "Game 1/2"
	legendX  = gameX + 105       // legend after the match label
	trackTop = 10.0              // box top below the map band
)

// trackX0 is the left edge of the turn track for t game turns.
func trackX0(t int) float64 {
	return float64(imgW) - margin - box*float64(t+1) - 4*float64(t)
}

// turnLabelW is the width the turn-track label may take left of the boxes.
const turnLabelW = 110.0

// drawLegend explains the symbols: face-down stack and dugout.
func drawLegend(c *canvas.Canvas, w words, n int) {
	y := float64(imgH) - trackH + trackTop + box/2
	right := trackX0(tov.Scenarios[n].T) - turnLabelW - 16
	avail := (right - legendX) / 2 // two items
	x := legendX
	sym := 18.0
	for i, s := range []string{w.hidden, w.dugout} {
		q := canvas.Pt{X: x + sym/2, Y: y}
		if i == 0 {
			c.Rect(q.X-sym/2, q.Y-sym/2, sym, sym, cBack)
			c.Text("?", q.X, q.Y, 11, true, cWhite, canvas.Center)
		} else {
			c.Outline(hexPoly(q, sym/2+2), 2.5, cDugout)
			c.Outline(hexPoly(q, sym/2-2), 1, cDugout)
		}
		tw := avail - sym - 12
		size := fitSize(s, tw, 12, false)
		c.Text(clipW(s, tw, size, false), x+sym+5, y, size, false, cBlack, canvas.Left)
		x += avail
	}
}

// words are every translated string the picture draws; all image text
// comes from here (tested: none is a missing key).
type words struct {
	lang               string
	vp                 string // "VP 3/10"
	game               string // "Game 1/2", match only
	turn               string // turn track label
	exits              string // under the turn boxes where exits are open
	hidden, dugout     string // legend
	scenario           string // "Scenario 6: Coming up Shortt"
	defender, raider   string // "Defender (Germans):"
	defName, raiderNme string // seat display names
}

func wordsFor(ctx render.Ctx, v tov.View) words {
	vp := v.Known
	if v.Phase == tov.PhaseOver && len(v.Legs) > 0 {
		vp = v.Legs[len(v.Legs)-1].Score.Total
	}
	side := func(raider bool, nat string) string {
		s := sideName(ctx, raider)
		if nat != "" && i18n.Has("trenches.nation."+nat) {
			s = ctx.T("trenches.img.side", "Side", s, "Nation", nation(ctx, nat))
		}
		return s
	}
	w := words{
		lang:      ctx.L.Lang(),
		vp:        ctx.T("trenches.img.vp", "VP", vp, "Victory", v.Victory),
		turn:      ctx.T("trenches.img.turn_marker"),
		exits:     ctx.T("trenches.img.exits"),
		hidden:    ctx.T("trenches.img.hidden"),
		dugout:    ctx.T("trenches.img.dugout"),
		defender:  side(false, v.DefNation),
		raider:    side(true, v.RaiderNation),
		defName:   ctx.Name(games.Seat(v.DefenderSeat)),
		raiderNme: ctx.Name(games.Seat(v.RaiderSeat)),
	}
	if v.Match {
		w.game = ctx.T("trenches.img.game", "Leg", v.Leg)
	}
	if v.Scenario >= 1 && v.Scenario <= 6 {
		w.scenario = ctx.T("trenches.img.scenario", "N", v.Scenario, "Name", ctx.T(fmt.Sprintf("trenches.scn.%d", v.Scenario)))
	}
	return w
}

// translated lists the catalogue strings of w (not the seat names).
func (w words) translated() []string {
	return []string{w.vp, w.game, w.turn, w.exits, w.hidden, w.dugout, w.scenario, w.defender, w.raider}
}

func textW(s string, size float64, bold bool) float64 { return canvas.TextWidth(s, size, bold) }

// fitSize shrinks size (down to 8 px) until s fits in maxW.
func fitSize(s string, maxW, size float64, bold bool) float64 {
	for size > 8 && textW(s, size, bold) > maxW {
		size--
	}
	return size
}

// clipW shortens s with "…" until it fits in maxW.
func clipW(s string, maxW, size float64, bold bool) string {
	return canvas.ClipWidth(s, maxW, size, bold)
}

// drawSide writes "Defender (Germans): Name" left-aligned in a band.
func drawSide(c *canvas.Canvas, label, name string, x, y, maxW float64) {
	size := fitSize(label, maxW*0.6, 13, true)
	label = clipW(label, maxW*0.6, size, true)
	c.Text(label, x, y, size, true, cWhite, canvas.Left)
	x += textW(label, size, true) + 6
	c.Text(clipW(name, maxW-(x-margin), size, false), x, y, size, false, cWhite, canvas.Left)
}

// token is one thing drawn in a hex: a face-up unit or a face-down stack.
type token struct {
	stack  int // > 0: face-down stack of this many counters
	unit   tov.UnitView
	raider bool
}

// Image draws the public board. Whatever view it is given, it draws only
// public information: no stack contents, and nothing of the Defender's
// set-up while it is being built.
func (Renderer) Image(ctx render.Ctx, view any) ([]byte, error) {
	v, ok := viewOf(view)
	if !ok {
		return nil, fmt.Errorf("trenches: unexpected view %T", view)
	}
	c := paint(ctx, v)
	defer c.Release()
	return c.PNGWith(palette)
}

// acted is col under the shade of a counter that has acted.
func acted(col color.RGBA) color.RGBA {
	k := func(x uint8) uint8 { return uint8((uint32(x)*(255-uint32(cActed.A)) + 127) / 255) }
	return color.RGBA{k(col.R), k(col.G), k(col.B), 255}
}

// paint paints the board of v with the words in ctx's language.
func paint(ctx render.Ctx, v tov.View) *canvas.Canvas {
	w := wordsFor(ctx, v)
	c := staticLayer(w, v.Scenario).Clone()
	// Side bands: the Defender holds the top edge, the Raider comes from the red one.
	onTile(c, 0, 0, float64(imgW)/2, bandH, func(t *canvas.Canvas) {
		drawSide(t, w.defender, w.defName, margin, bandH/2, float64(imgW)/2-2*margin)
	})
	bottom := mapTop + 2*hexR + 1.5*hexR*5 + 4
	onTile(c, 0, bottom, float64(imgW)/2, bandH, func(t *canvas.Canvas) {
		drawSide(t, w.raider, w.raiderNme, margin, bandH/2, float64(imgW)/2-2*margin)
	})
	building := v.Phase == tov.PhaseSetupDefender
	dugouts := v.Dugouts
	if building && v.Scenario >= 1 && v.Scenario <= 6 {
		dugouts = tov.Scenarios[v.Scenario].Dugouts
	}
	for _, h := range dugouts {
		onHex(c, h, func(t *canvas.Canvas, p canvas.Pt) {
			t.Outline(hexPoly(p, hexR-3), 4, cDugout)
			t.Outline(hexPoly(p, hexR-8), 1.5, cDugout)
		})
	}
	tokens := map[int][]token{}
	if !building {
		for _, st := range v.Stacks {
			tokens[st.Hex] = append(tokens[st.Hex], token{stack: st.Count})
		}
	}
	for _, u := range v.Units {
		if building && !u.Raider {
			continue
		}
		tokens[u.Hex] = append(tokens[u.Hex], token{unit: u, raider: u.Raider})
	}
	var hexes []int
	for h := range tokens {
		hexes = append(hexes, h)
	}
	sort.Ints(hexes)
	for _, h := range hexes {
		ts := tokens[h]
		onHex(c, h, func(t *canvas.Canvas, p canvas.Pt) {
			if tov.Hex(h).Entry != "" {
				p.X += 5
			}
			drawTokens(t, p, ts)
		})
	}
	y := float64(imgH) - trackH
	onTile(c, 0, y, float64(imgW), trackH, func(t *canvas.Canvas) { drawTrack(t, v, w, -y) })
	return c
}

// onTile runs f on a tile of dst from (x0, y0), w by h, with the tile's
// top left as f's origin and nothing drawn outside it. The tile is a view
// of dst where it lies inside; else f draws on a transparent tile that is
// then composited.
func onTile(dst *canvas.Canvas, x0, y0, w, h float64, f func(t *canvas.Canvas)) {
	x, y := int(math.Floor(x0)), int(math.Floor(y0))
	if v := dst.View(image.Rect(x, y, x+int(w)+2, y+int(h)+2)); v != nil {
		f(v)
		return
	}
	t := canvas.New(int(w)+2, int(h)+2, color.RGBA{})
	f(t)
	dst.Compose(t, image.Pt(x, y))
}

// onHex runs f on a tile covering hex h; f gets the hex centre in tile coordinates.
func onHex(dst *canvas.Canvas, h int, f func(t *canvas.Canvas, p canvas.Pt)) {
	p := centre(h)
	x0, y0 := math.Floor(p.X-hexW/2-2), math.Floor(p.Y-hexR-2)
	onTile(dst, x0, y0, hexW+4, 2*hexR+4, func(t *canvas.Canvas) {
		f(t, canvas.Pt{X: p.X - x0, Y: p.Y - y0})
	})
}

var slots = []canvas.Pt{{X: -14, Y: -11}, {X: 14, Y: -11}, {X: -14, Y: 17}, {X: 14, Y: 17}}

func drawTokens(c *canvas.Canvas, p canvas.Pt, ts []token) {
	show := ts
	extra := 0
	if len(ts) > len(slots) {
		show = ts[:len(slots)-1]
		extra = len(ts) - len(show)
	}
	for i, t := range show {
		q := canvas.Pt{X: p.X + slots[i].X, Y: p.Y + slots[i].Y}
		x, y := q.X-counter/2, q.Y-counter/2
		if t.stack > 0 {
			c.Rect(x, y, counter, counter, cBack)
			c.RectOutline(x, y, counter, counter, 1, cBlack)
			c.Text("?", q.X, q.Y, 14, true, cWhite, canvas.Center)
			c.Circle(canvas.Pt{X: x + counter - 2, Y: y + 2}, 7, cMarker)
			c.Text(fmt.Sprint(t.stack), x+counter-2, y+2, 10, true, cBlack, canvas.Center)
			continue
		}
		u := t.unit
		fill, ok := nationCol[u.Nation]
		if !ok {
			fill = cWhite
		}
		c.Rect(x, y, counter, counter, fill)
		edge := cBlue
		if t.raider {
			edge = cRed
		}
		c.RectOutline(x+1, y+1, counter-2, counter-2, 2, edge)
		st := tov.Stats[u.Type]
		label := typeLabel(u.Type) + numOf(u.ID)
		size := 12.0
		if len(label) > 3 {
			size = 10
		}
		c.Text(label, q.X, y+3, size, true, cBlack, canvas.TopCenter)
		c.Text(fmt.Sprintf("%d-%d-%d", st.Attack, st.Range, st.MP), q.X, y+15, 8, false, cBlack, canvas.TopCenter)
		if u.Acted {
			c.Rect(x, y, counter, counter, cActed)
		}
	}
	if extra > 0 {
		q := canvas.Pt{X: p.X + slots[len(slots)-1].X, Y: p.Y + slots[len(slots)-1].Y}
		c.Circle(q, 10, cWhite)
		c.Text(fmt.Sprintf("+%d", extra), q.X, q.Y, 10, true, cBlack, canvas.Center)
	}
}

func typeLabel(t string) string {
	switch t {
	case "lmg":
		return "L"
	case "mg":
		return "MG"
	}
	return string(t[0] - 'a' + 'A')
}

func numOf(id string) string {
	for i := len(id) - 1; i >= 0; i-- {
		if id[i] == '-' {
			return id[i+1:]
		}
	}
	return ""
}

// drawTrack draws the turn record track (T..0, marker on M) and the VP box.
func drawTrack(c *canvas.Canvas, v tov.View, w words, dy float64) {
	y := float64(imgH) - trackH + trackTop + dy
	x0 := trackX0(v.T)
	for m := v.T; m >= 0; m-- {
		x := x0 + float64(v.T-m)*(box+4)
		col := cWhite
		if m == v.M {
			col = cMarker
		}
		if m <= 3 {
			c.Rect(x, y, box, box, col)
			c.RectOutline(x, y, box, box, 2, cRed)
		} else {
			c.Rect(x, y, box, box, col)
			c.RectOutline(x, y, box, box, 1, cBlack)
		}
		c.Text(fmt.Sprint(m), x+box/2, y+box/2, 14, true, cBlack, canvas.Center)
	}
	// Label left of the boxes; "exits open" under the red ones (marker 3..0).
	size := fitSize(w.turn, turnLabelW, 12, true)
	c.Text(w.turn, x0-8-textW(w.turn, size, true), y+box/2, size, true, cBlack, canvas.Left)
	if v.T >= 3 {
		ex := x0 + float64(v.T-3)*(box+4)
		ew := 4*box + 3*4
		size := fitSize(w.exits, ew, 10, false)
		c.Text(clipW(w.exits, ew, size, false), ex+ew/2, y+box+3, size, false, cRed, canvas.TopCenter)
	}
	// VP box (public part only).
	c.Rect(margin, y, vpW, box, cWhite)
	c.RectOutline(margin, y, vpW, box, 2, cRed)
	s := w.vp
	if !(v.Phase == tov.PhaseOver && len(v.Legs) > 0) && v.Captured > 0 {
		s += fmt.Sprintf(" +%d?", v.Captured)
	}
	size = fitSize(s, vpW-8, 14, true)
	c.Text(s, margin+vpW/2, y+box/2, size, true, cBlack, canvas.Center)
	if w.game != "" {
		size := fitSize(w.game, legendX-gameX-8, 14, true)
		c.Text(w.game, gameX, y+box/2, size, true, cBlack, canvas.Left)
	}
}
