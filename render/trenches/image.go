package trenches

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// The picture is phone-first: 600 x 800 (3:4, whole in Discord's phone
// preview), so that at 480 px wide every word is at least 14 px (18 px
// here). The 12 x 6 hex map is turned a quarter clockwise to fill the
// height: rows 01-06 run left to right (the Raider's red edge on the
// left, the Defender's blue edge on the right), columns 01-12 top to
// bottom, so each hex is big enough for its number and two counters. The
// panel on the right holds the scenario, the last action, the sides, the
// score, the turn track and a legend of every symbol.
const (
	imgW, imgH = 600, 800
	hexR       = 36.0 // centre to corner of a flat-topped hex
	mapX0      = 14.0 // left edge of the hexes
	mapY0      = 10.0
	edgeW      = 8.0 // the red and blue edge strips
	panelX     = 380.0
	panelW     = imgW - panelX - 10
	small      = 18.0 // the smallest text: 14.4 px at 480 wide
	numSize    = 20.0 // hex numbers: 16 px at 480 wide
	lineH      = 22.0 // one line of small text
	legendH    = 21.0 // one line of the legend: its chips are legendChip high
	legendChip = 19.0
	chipH      = 22.0
	chipGap    = 2.0
	lead       = 1.17 // line height over text size
)

var (
	hexH     = math.Sqrt(3) * hexR // flat side to flat side
	mapRight = mapX0 + 9.5*hexR
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
	cLast     = canvas.Hex("#d4187c") // the last action: arrows, rings, caption bar
	cLastBG   = canvas.Hex("#fbe3ef")
	cWinBG    = canvas.Hex("#2b2b2b")
	cGold     = canvas.Hex("#f2c230")
	cActive   = canvas.Hex("#fff6cc")
	nationCol = map[string]color.RGBA{
		"ge": canvas.Hex("#9aa0a6"), "br": canvas.Hex("#c2ad6e"), "ca": canvas.Hex("#b39d5a"), "fr": canvas.Hex("#7c9bd6"),
	}
	cActed = color.RGBA{0, 0, 0, 90} // over a counter that has acted
	// palette: counters are grounds too, and so are they once they have acted.
	palette = canvas.NewPalette(
		[]color.RGBA{cBG, cOpen, cTrench, cWire, cBlue, cRed, cCut, nationCol["ge"], nationCol["br"], nationCol["ca"], nationCol["fr"], cBack, cWhite,
			cLastBG, cWinBG, cActive, acted(nationCol["ge"]), acted(nationCol["br"]), acted(nationCol["ca"]), acted(nationCol["fr"]), acted(cWhite)},
		[]color.RGBA{cBlack, cLink, cHatch, cGrid, cNum, cDugout, cMarker, cImpass, cSTF, cLast, cGold, acted(cBlack), acted(cBlue), acted(cRed)})
)

// centre is the middle of hex h (RRCC): row RR runs left to right, column
// CC top to bottom, even rows half a hex lower (the printed map's even
// rows, half a hex to the right, turned a quarter clockwise).
func centre(h int) canvas.Pt {
	r, c := h/100, h%100
	off := 0.0
	if r%2 == 0 {
		off = 0.5
	}
	return canvas.Pt{
		X: mapX0 + hexR + 1.5*hexR*float64(r-1),
		Y: mapY0 + hexH/2 + hexH*(float64(c-1)+off),
	}
}

func hexPoly(p canvas.Pt, r float64) []canvas.Pt {
	return canvas.RegularPolygon(p, r, 6, 0)
}

// baseKey names the layer without words in canvas.Layer.
type baseKey struct{}

// baseLayer: edges, terrain, trench links, hex numbers, entry letters.
func baseLayer() *canvas.Canvas {
	c, _ := canvas.Layer(baseKey{}, func() (*canvas.Canvas, struct{}) { return drawBase(), struct{}{} })
	return c
}

func drawBase() *canvas.Canvas {
	c := canvas.New(palette, imgW, imgH, cBG)
	top, bottom := mapY0, mapY0+12.5*hexH
	c.Rect(mapX0-edgeW-3, top, edgeW, bottom-top, cRed)
	c.Rect(mapRight+3, top, edgeW, bottom-top, cBlue)
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
			c.Line(p, canvas.Pt{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}, 7, cLink)
		}
		if len(h.Links) > 0 {
			c.Circle(p, 3.5, cLink)
		}
	}
	for _, h := range tov.Map {
		hexNumber(c, h.ID, 0)
		if h.Entry != "" {
			entryMark(c, entrySpot(h.ID), h.Entry)
		}
	}
	return c
}

// hexNumber writes "0305" across the top of the hex of scenario scn, on
// the hex's own colour so that trench lines pass behind it: bold and
// black at numSize, the largest that fits the hex's top above its
// counters (players name hexes by these numbers in the menus).
func hexNumber(c *canvas.Canvas, h, scn int) {
	p := centre(h)
	c.Fill(p.X-22, p.Y-hexH/2+4, 44, 16, groundOf(h, scn))
	c.Text(tov.HexName(h), p.X, p.Y-hexH/2, numSize, true, cBlack, canvas.TopCenter)
}

// entrySpot is where an entry hex shows its letter: low in the hex.
func entrySpot(h int) canvas.Pt {
	p := centre(h)
	return canvas.Pt{X: p.X, Y: p.Y + hexH/2 - 10}
}

func entryMark(c *canvas.Canvas, p canvas.Pt, letter string) {
	c.Circle(p, 10, cBlue)
	c.Text(letter, p.X, p.Y, small, true, cWhite, canvas.Center)
}

// hatch crosses the wire under the hex number, which stays clear.
func hatch(c *canvas.Canvas, p canvas.Pt, col color.Color) {
	for _, k := range []float64{-16, 0, 16} {
		a, b := canvas.Pt{X: p.X + k - 8, Y: p.Y - 6}, canvas.Pt{X: p.X + k + 8, Y: p.Y + 22}
		c.Line(a, b, 1.2, col)
		c.Line(canvas.Pt{X: b.X, Y: a.Y}, canvas.Pt{X: a.X, Y: b.Y}, 1.2, col)
	}
}

func cutMark(c *canvas.Canvas, p canvas.Pt, r float64) {
	c.Polygon(hexPoly(p, r-1), cCut)
	c.Outline(hexPoly(p, r-3), 3, cRed)
}

func impassMark(c *canvas.Canvas, p canvas.Pt, d float64) {
	c.Line(canvas.Pt{X: p.X - d, Y: p.Y - d}, canvas.Pt{X: p.X + d, Y: p.Y + d}, 4, cImpass)
	c.Line(canvas.Pt{X: p.X + d, Y: p.Y - d}, canvas.Pt{X: p.X - d, Y: p.Y + d}, 4, cImpass)
}

func dugoutMark(c *canvas.Canvas, p canvas.Pt, r float64) {
	c.Outline(hexPoly(p, r-3), 4, cDugout)
	c.Outline(hexPoly(p, r-8*r/hexR), 1.5, cDugout)
}

// flagMark is an outpost's pennant (S3), at the hex's right corner.
func flagMark(c *canvas.Canvas, p canvas.Pt) {
	c.Line(canvas.Pt{X: p.X, Y: p.Y - 10}, canvas.Pt{X: p.X, Y: p.Y + 10}, 2, cBlack)
	c.Polygon([]canvas.Pt{{X: p.X, Y: p.Y - 10}, {X: p.X + 12, Y: p.Y - 5}, {X: p.X, Y: p.Y}}, cRed)
}

func flagSpot(h int) canvas.Pt {
	p := centre(h)
	return canvas.Pt{X: p.X + hexR - 16, Y: p.Y - 2}
}

// scenarioMarks draws scenario n's fixed markers: cut wire, STF,
// impassable hexes, outposts. They are drawn into each language's layer
// rather than kept as a layer of their own: six of those held 11.5 MB to
// save a few milliseconds once per language.
func scenarioMarks(c *canvas.Canvas, n int) {
	sc := tov.Scenarios[n]
	for _, h := range sc.CutWire {
		cutMark(c, centre(h), hexR)
		hexNumber(c, h, n)
	}
	for _, h := range sc.Impassable {
		impassMark(c, centre(h), hexR*0.5)
	}
	if sc.STFFort {
		for _, h := range sc.STF {
			c.Outline(hexPoly(centre(h), hexR-4), 4, cSTF)
		}
	}
	for _, h := range sc.FlagHexes {
		flagMark(c, flagSpot(h))
	}
}

// static is a cached layer with words: the base layer with the
// scenario's markers, the panel's title and legend, and where the panel's
// changing part may go.
type static struct {
	c           *canvas.Canvas
	top, bottom float64 // free panel band, between title and legend
}

// wordKey names a static layer with words in canvas.Layer: one per
// language and scenario; languages never share a layer.
type wordKey struct {
	lang string
	scn  int
}

// staticLayer is the base layer with the scenario's markers and the
// words that do not change during a game, in the language of w.
func staticLayer(w words, n int) static {
	if n < 1 || n > 6 {
		return static{c: baseLayer(), top: mapY0, bottom: imgH - 10}
	}
	c, band := canvas.Layer(wordKey{w.lang, n}, func() (*canvas.Canvas, [2]float64) {
		c := baseLayer().Clone()
		scenarioMarks(c, n)
		y := para(c, w.scenario, panelX, mapY0, panelW, small, true, cBlack)
		return c, [2]float64{y + 4, drawLegend(c, w, n)}
	})
	return static{c: c, top: band[0], bottom: band[1]}
}

// para writes s wrapped to w from (x, y) and returns the y below it.
func para(c *canvas.Canvas, s string, x, y, w, size float64, bold bool, col color.Color) float64 {
	for _, l := range canvas.Wrap(s, w, size, bold) {
		c.Text(l, x, y, size, bold, col, canvas.TopLeft)
		y += size * lead
	}
	return y
}

// paraHeight is the height para would take.
func paraHeight(s string, w, size float64, bold bool) float64 {
	return float64(len(canvas.Wrap(s, w, size, bold))) * size * lead
}

// legendItem is one line of the legend: a symbol and its words.
type legendItem struct {
	text string
	draw func(c *canvas.Canvas, p canvas.Pt) // the symbol, centred on p
	w    float64                             // the symbol's width, when wider than symW
}

const symW = 34.0 // the legend's symbol column

// drawLegend explains every symbol the map uses, upwards from the panel's
// bottom, and returns its top.
func drawLegend(c *canvas.Canvas, w words, n int) float64 {
	sc := tov.Scenarios[n]
	sr := 12.5 // legend hex radius: a row's height high
	items := []legendItem{
		{text: w.trench, draw: func(c *canvas.Canvas, p canvas.Pt) { c.Polygon(hexPoly(p, sr), cTrench) }},
		{text: w.linked, draw: func(c *canvas.Canvas, p canvas.Pt) {
			c.Polygon(hexPoly(p, sr), cTrench)
			c.Line(canvas.Pt{X: p.X - sr, Y: p.Y}, canvas.Pt{X: p.X + sr, Y: p.Y}, 6, cLink)
		}},
		{text: w.wire, draw: func(c *canvas.Canvas, p canvas.Pt) {
			c.Polygon(hexPoly(p, sr), cWire)
			c.Line(canvas.Pt{X: p.X - 7, Y: p.Y - 7}, canvas.Pt{X: p.X + 7, Y: p.Y + 7}, 1.2, cHatch)
			c.Line(canvas.Pt{X: p.X + 7, Y: p.Y - 7}, canvas.Pt{X: p.X - 7, Y: p.Y + 7}, 1.2, cHatch)
		}},
	}
	if len(sc.CutWire) > 0 {
		items = append(items, legendItem{text: w.cut, draw: func(c *canvas.Canvas, p canvas.Pt) { cutMark(c, p, sr+2) }})
	}
	items = append(items,
		legendItem{text: w.dugout, draw: func(c *canvas.Canvas, p canvas.Pt) {
			c.Polygon(hexPoly(p, sr), cOpen)
			dugoutMark(c, p, sr+2)
		}},
		legendItem{text: w.entry, draw: func(c *canvas.Canvas, p canvas.Pt) { entryMark(c, p, "A") }},
		legendItem{text: w.hidden, draw: func(c *canvas.Canvas, p canvas.Pt) { drawChipH(c, p.X-symW/2+2, p.Y, legendChip, stackChip(2)) }},
		legendItem{text: w.acted, draw: func(c *canvas.Canvas, p canvas.Pt) {
			drawChipH(c, p.X-symW/2+2, p.Y, legendChip, chip{label: "R", fill: nationCol[sc.Raider], edge: cRed, acted: true})
		}},
		legendItem{text: w.last, draw: func(c *canvas.Canvas, p canvas.Pt) {
			arrow(c, canvas.Pt{X: p.X - 14, Y: p.Y + 6}, canvas.Pt{X: p.X + 14, Y: p.Y - 6}, 4)
		}},
	)
	if len(sc.Impassable) > 0 {
		items = append(items, legendItem{text: w.impassable, draw: func(c *canvas.Canvas, p canvas.Pt) {
			c.Polygon(hexPoly(p, sr), cOpen)
			impassMark(c, p, 8)
		}})
	}
	if sc.STFFort {
		items = append(items, legendItem{text: w.fort, draw: func(c *canvas.Canvas, p canvas.Pt) {
			c.Polygon(hexPoly(p, sr), cOpen)
			c.Outline(hexPoly(p, sr-2), 3, cSTF)
		}})
	}
	if len(sc.FlagHexes) > 0 {
		items = append(items, legendItem{text: w.outpost, draw: func(c *canvas.Canvas, p canvas.Pt) { flagMark(c, canvas.Pt{X: p.X - 4, Y: p.Y + 1}) }})
	}
	for _, t := range []string{"h", "g", "r", "lmg", "mg"} {
		st := tov.Stats[t]
		s := fmt.Sprintf("%s %d-%d-%d", w.types[t], st.Attack, st.Range, st.MP)
		k := chip{label: strings.ToUpper(t), fill: cWhite, edge: cBlack}
		items = append(items, legendItem{text: s, draw: func(c *canvas.Canvas, p canvas.Pt) { drawChipH(c, p.X-symW/2+2, p.Y, legendChip, k) }, w: k.width() + 2})
	}
	textX := func(it legendItem) float64 { return math.Max(symW, it.w) + 6 }
	h := paraHeight(w.stats, panelW, small, false) + 2
	for _, it := range items {
		h += math.Max(legendH, paraHeight(it.text, panelW-textX(it), small, false))
	}
	y := float64(imgH) - 8 - h
	top := y
	for i, it := range items {
		if i == len(items)-5 { // the unit types, under their heading
			y = para(c, w.stats, panelX, y, panelW, small, false, cNum) + 2
		}
		tw := panelW - textX(it)
		ih := math.Max(legendH, paraHeight(it.text, tw, small, false))
		it.draw(c, canvas.Pt{X: panelX + symW/2, Y: y + legendH/2})
		para(c, it.text, panelX+textX(it), y+(legendH-small*lead)/2, tw, small, false, cBlack)
		y += ih
	}
	return top
}

// words are every translated string the picture draws; all image text
// comes from here (tested: none is a missing key).
type words struct {
	lang                      string
	vp                        string // "Victory points: 3 of 10"
	captured                  string // "+ captured: 2", while their worth is hidden
	game                      string // "Game 1 of 2", match only
	turn                      string // turn track label
	exits                     string // under the turn boxes where exits are open
	scenario                  string // "Scenario 6: Coming up Shortt"
	defender, raider          string // "Defender (Germans):"
	defName, raiderNme        string // seat display names
	caption                   string // the last action, "" when none
	result, reason            string // the final picture's banner
	stats                     string // legend heading of the unit lines
	trench, linked, wire      string // legend
	cut, dugout, entry        string
	hidden, acted, last       string
	impassable, fort, outpost string
	types                     map[string]string // unit type names
}

func wordsFor(ctx render.Audience, v tov.View) words {
	vp := v.Known
	over := v.Phase == tov.PhaseOver && len(v.Legs) > 0
	if over {
		vp = v.Legs[len(v.Legs)-1].Score.Total
	}
	w := words{
		lang:       ctx.L.Lang(),
		vp:         ctx.T("trenches.img.vp", "VP", vp, "Victory", v.Victory),
		turn:       ctx.T("trenches.img.turn_marker"),
		exits:      ctx.T("trenches.img.exits"),
		defender:   sideName(ctx, false),
		raider:     sideName(ctx, true),
		defName:    ctx.Name(games.Seat(v.DefenderSeat)),
		raiderNme:  ctx.Name(games.Seat(v.RaiderSeat)),
		stats:      ctx.T("trenches.img.stats"),
		trench:     ctx.T("trenches.img.trench"),
		linked:     ctx.T("trenches.img.linked"),
		wire:       ctx.T("trenches.img.wire"),
		cut:        ctx.T("trenches.img.cut"),
		dugout:     ctx.T("trenches.img.dugout"),
		entry:      ctx.T("trenches.img.entry"),
		hidden:     ctx.T("trenches.img.hidden"),
		acted:      ctx.T("trenches.img.acted"),
		last:       ctx.T("trenches.img.last"),
		impassable: ctx.T("trenches.img.impassable"),
		fort:       ctx.T("trenches.img.fort"),
		outpost:    ctx.T("trenches.img.outpost"),
		types:      map[string]string{},
	}
	for _, t := range []string{"h", "g", "r", "lmg", "mg"} {
		w.types[t] = ctx.T("trenches.type." + t)
	}

	if v.Captured > 0 && !over {
		w.captured = ctx.T("trenches.img.captured", "N", v.Captured)
	}
	if v.Match {
		w.game = ctx.T("trenches.img.game", "Leg", v.Leg)
	}
	if v.Scenario >= 1 && v.Scenario <= 6 {
		w.scenario = ctx.T("trenches.img.scenario", "N", v.Scenario, "Name", ctx.T(fmt.Sprintf("trenches.scn.%d", v.Scenario)))
	}
	if e, ok := lastAction(entries(ctx, v)); ok {
		w.caption = caption(ctx, v, e)
	}
	if over {
		w.result, w.reason = result(ctx, v)
	}
	return w
}

// result is the final banner: who won, and why, as the outcome says it.
func result(ctx render.Audience, v tov.View) (string, string) {
	if v.Match && len(v.Legs) == 2 && len(v.LegVP) == 2 {
		switch {
		case v.LegVP[0] == v.LegVP[1]:
			return ctx.T("trenches.img.drawn"), ctx.T("trenches.reason.match_drawn")
		case v.LegVP[0] > v.LegVP[1]:
			return ctx.T("trenches.img.wins", "Name", ctx.Name(0)), ctx.T("trenches.reason.match_won")
		}
		return ctx.T("trenches.img.wins", "Name", ctx.Name(1)), ctx.T("trenches.reason.match_won")
	}
	last := v.Legs[len(v.Legs)-1]
	if last.Score.RaiderWins {
		return ctx.T("trenches.img.wins", "Name", ctx.Name(games.Seat(last.RaiderSeat))), ctx.T("trenches.reason.raid_succeeded")
	}
	return ctx.T("trenches.img.wins", "Name", ctx.Name(games.Seat(1-last.RaiderSeat))), ctx.T("trenches.reason.raid_failed")
}

// translated lists the catalogue strings of w (not the seat names).
func (w words) translated() []string {
	out := []string{w.vp, w.captured, w.game, w.turn, w.exits, w.scenario, w.defender, w.raider, w.caption, w.result, w.reason,
		w.stats, w.trench, w.linked, w.wire, w.cut, w.dugout, w.entry, w.hidden, w.acted, w.last, w.impassable, w.fort, w.outpost}
	for _, t := range []string{"h", "g", "r", "lmg", "mg"} {
		out = append(out, w.types[t])
	}
	return out
}

func textW(s string, size float64, bold bool) float64 { return canvas.TextWidth(s, size, bold) }

// clipW shortens s with "…" until it fits in maxW (long seat names only).
func clipW(s string, maxW, size float64, bold bool) string {
	return canvas.ClipWidth(s, maxW, size, bold)
}

// acted is col under the shade of a counter that has acted.
func acted(col color.RGBA) color.RGBA {
	k := func(x uint8) uint8 { return uint8((uint32(x)*(255-uint32(cActed.A)) + 127) / 255) }
	return color.RGBA{k(col.R), k(col.G), k(col.B), 255}
}

// Image draws the public board. Whatever view it is given, it draws only
// public information: no stack contents, and nothing of the Defender's
// set-up while it is being built.
func (Renderer) Image(ctx render.Audience, v tov.View) ([]byte, error) {
	c := paint(ctx, v)
	return c.PNG()
}

// paint paints the board of v with the words in ctx's language.
func paint(ctx render.Audience, v tov.View) *canvas.Canvas {
	w := wordsFor(ctx, v)
	st := staticLayer(w, v.Scenario)
	c := st.c.Clone()
	building := v.Phase == tov.PhaseSetupDefender
	dugouts := v.Dugouts
	if building && v.Scenario >= 1 && v.Scenario <= 6 {
		dugouts = tov.Scenarios[v.Scenario].Dugouts
	}
	for _, h := range dugouts {
		onHex(c, h, func(t *canvas.Canvas, p canvas.Pt) { dugoutMark(t, p, hexR) })
	}
	drawLast(c, v, entries(ctx, v))
	tokens := map[int][]chip{}
	if !building {
		for _, s := range v.Stacks {
			tokens[s.Hex] = append(tokens[s.Hex], stackChip(s.Count))
		}
	}
	for _, u := range v.Units {
		if building && !u.Raider {
			continue
		}
		tokens[u.Hex] = append(tokens[u.Hex], unitChip(u))
	}
	var hexes []int
	for h := range tokens {
		hexes = append(hexes, h)
	}
	sort.Ints(hexes)
	for _, h := range hexes {
		ts := tokens[h]
		onHex(c, h, func(t *canvas.Canvas, p canvas.Pt) { drawTokens(t, p, ts, tov.Hex(h).Entry != "") })
	}
	avail := st.bottom - st.top - 8
	onTile(c, panelX, st.top, panelW, avail, func(t *canvas.Canvas) {
		if used := drawPanel(t, v, w); panelUsed != nil {
			panelUsed(used, avail)
		}
	})
	return c
}

// onTile runs f on a tile of dst from (x0, y0), w by h, with the tile's
// top left as f's origin and nothing drawn outside dst (canvas.View).
func onTile(dst *canvas.Canvas, x0, y0, w, h float64, f func(t *canvas.Canvas)) {
	x, y := int(math.Floor(x0)), int(math.Floor(y0))
	f(dst.View(image.Rect(x, y, x+int(w)+2, y+int(h)+2)))
}

// onHex runs f on a tile covering hex h; f gets the hex centre in tile coordinates.
func onHex(dst *canvas.Canvas, h int, f func(t *canvas.Canvas, p canvas.Pt)) {
	p := centre(h)
	x0, y0 := math.Floor(p.X-hexR-2), math.Floor(p.Y-hexH/2-2)
	onTile(dst, x0, y0, 2*hexR+4, hexH+4, func(t *canvas.Canvas) {
		f(t, canvas.Pt{X: p.X - x0, Y: p.Y - y0})
	})
}

// chip is a counter as drawn: a square of the nation's colour edged in
// its side's colour with its name ("G1"), or a dark face-down stack ("?3").
type chip struct {
	label      string
	fill, edge color.RGBA
	ink        color.RGBA
	acted      bool
}

func stackChip(n int) chip {
	return chip{label: fmt.Sprintf("?%d", n), fill: cBack, edge: cBlack, ink: cWhite}
}

func unitChip(u tov.UnitView) chip {
	fill, ok := nationCol[u.Nation]
	if !ok {
		fill = cWhite
	}
	edge := cBlue
	if u.Raider {
		edge = cRed
	}
	return chip{label: shortName(u.ID), fill: fill, edge: edge, acted: u.Acted}
}

// shortName is a counter's name on the map and in captions: "G1", "LMG2"
// (the text board's name without the nation, which the colour shows).
func shortName(id string) string {
	n := unitName(id)
	if i := strings.IndexByte(n, ' '); i >= 0 {
		return n[i+1:]
	}
	return n
}

func (k chip) width() float64 { return textW(k.label, small, true) + 4 }

// drawChip draws k with its left edge at x, centred on y.
func drawChip(c *canvas.Canvas, x, y float64, k chip) { drawChipH(c, x, y, chipH, k) }

// drawChipH is drawChip h high (the legend's are a little lower).
func drawChipH(c *canvas.Canvas, x, y, h float64, k chip) {
	w, top := k.width(), y-h/2
	c.Fill(x, top, w, h, k.fill)
	c.Box(x, top, w, h, 2, k.edge)
	ink := k.ink
	if ink == (color.RGBA{}) {
		ink = cBlack
	}
	c.Text(k.label, x+w/2, y, small, true, ink, canvas.Center)
	if k.acted {
		c.Fill(x, top, w, h, cActed)
	}
}

// drawTokens lays a hex's counters out in two rows under its number: the
// wide middle row, then one more under it (not in an entry hex, where the
// letter is). What does not fit is counted on a "+N" chip.
func drawTokens(c *canvas.Canvas, p canvas.Pt, ks []chip, entry bool) {
	rows := []struct{ y, w float64 }{{p.Y - 0.5, 2*hexR - 12}, {p.Y + 21.5, hexR}}
	if entry {
		rows = rows[:1]
	}
	i := 0
	for r, row := range rows {
		var line []chip
		used := 0.0
		for i < len(ks) {
			w := ks[i].width() + chipGap
			lastRow := r == len(rows)-1
			rest := len(ks) - i - 1
			need := w
			if lastRow && rest > 0 {
				need += moreChip(rest).width() + chipGap
			}
			if used+need > row.w {
				break
			}
			line = append(line, ks[i])
			used += w
			i++
		}
		if r == len(rows)-1 && i < len(ks) {
			m := moreChip(len(ks) - i)
			if used+m.width() > row.w && len(line) > 0 {
				// make room: the last chip joins the count
				used -= line[len(line)-1].width() + chipGap
				line = line[:len(line)-1]
				i--
				m = moreChip(len(ks) - i)
			}
			line = append(line, m)
			used += m.width() + chipGap
			i = len(ks)
		}
		x := p.X - (used-chipGap)/2
		for _, k := range line {
			drawChip(c, x, row.y, k)
			x += k.width() + chipGap
		}
	}
}

func moreChip(n int) chip {
	return chip{label: fmt.Sprintf("+%d", n), fill: cWhite, edge: cGrid}
}

// lastAction is the newest public action in log.
func lastAction(log []tov.Entry) (tov.Entry, bool) {
	for i := len(log) - 1; i >= 0; i-- {
		if e := log[i]; !e.Private && isAction(e.Kind) {
			return e, true
		}
	}
	return tov.Entry{}, false
}

func isAction(kind string) bool {
	switch kind {
	case "move", "exit", "attack", "clear", "reveal", "place":
		return true
	}
	return false
}

// turnActions are the public actions of the side that acted last, in its
// turn so far (or the turn it has just ended), oldest first.
func turnActions(log []tov.Entry) []tov.Entry {
	last, ok := lastAction(log)
	if !ok {
		return nil
	}
	var out []tov.Entry
	for i := len(log) - 1; i >= 0; i-- {
		e := log[i]
		if e.N > last.N {
			continue
		}
		if e.Kind == "end_turn" || e.Kind == "turn" || e.Kind == "leg" || e.Side != last.Side || e.Leg != last.Leg || e.GT != last.GT {
			break
		}
		if !e.Private && isAction(e.Kind) {
			out = append(out, e)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// drawLast marks the side's actions this turn on the map, the newest
// boldest: a move's arrow, an exit off the red edge, a shot's line and
// ring on the target hex, a ring on a cleared or revealed hex.
func drawLast(c *canvas.Canvas, v tov.View, log []tov.Entry) {
	acts := turnActions(log)
	under := map[int]bool{} // hexes whose number a mark may cover
	for _, e := range acts {
		for _, h := range []int{e.From, e.To} {
			if tov.Hex(h).ID != 0 {
				under[h] = true
			}
		}
		if e.Kind == "attack" || e.Kind == "move" {
			a, b := centre(e.From), centre(e.To)
			for t := 0.0; t <= 1; t += 0.05 {
				under[nearest(canvas.Pt{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t})] = true
			}
		}
	}
	defer func() {
		for h := range under {
			hexNumber(c, h, v.Scenario)
		}
	}()
	for i, e := range acts {
		width := 3.0
		if i == len(acts)-1 {
			width = 6
		}
		switch e.Kind {
		case "move":
			arrow(c, centre(e.From), short(centre(e.From), centre(e.To), 18), width)
		case "exit":
			p := centre(e.From)
			arrow(c, p, canvas.Pt{X: mapX0 - 2, Y: p.Y}, width)
		case "attack":
			ring(c, e.To, width)
			dashed(c, centre(e.From), centre(e.To), width*0.6)
		case "clear", "reveal", "place":
			ring(c, e.To, width)
		}
	}
}

// arrow draws a line from a to b with a head at b.
func arrow(c *canvas.Canvas, a, b canvas.Pt, width float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	head := 4 + 2.5*width
	end := canvas.Pt{X: b.X - ux*head*0.8, Y: b.Y - uy*head*0.8}
	pieces(c, a, end, width, cLast)
	c.Polygon([]canvas.Pt{b, {X: b.X - ux*head - uy*head*0.6, Y: b.Y - uy*head + ux*head*0.6},
		{X: b.X - ux*head + uy*head*0.6, Y: b.Y - uy*head - ux*head*0.6}}, cLast)
}

// dashed draws a dashed line from a to b (a line of fire).
func dashed(c *canvas.Canvas, a, b canvas.Pt, width float64) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	for s := 0.0; s < l; s += 14 {
		e := math.Min(s+8, l)
		c.Line(canvas.Pt{X: a.X + (b.X-a.X)*s/l, Y: a.Y + (b.Y-a.Y)*s/l},
			canvas.Pt{X: a.X + (b.X-a.X)*e/l, Y: a.Y + (b.Y-a.Y)*e/l}, width, cLast)
	}
}

// ring outlines hex h: one polygon, the outer hexagon and the inner one
// the other way round, which leaves the inside unpainted.
func ring(c *canvas.Canvas, h int, width float64) {
	if tov.Hex(h).ID == 0 {
		return
	}
	p := centre(h)
	out, in := hexPoly(p, hexR), hexPoly(p, hexR-width)
	pts := append(append([]canvas.Pt{}, out...), out[0], in[0])
	for i := len(in) - 1; i >= 0; i-- {
		pts = append(pts, in[i])
	}
	c.Polygon(pts, cLast)
}

// pieces strokes a long line as short overlapping pieces: the rasteriser
// works over each piece's bounding box, and a long slanting line's box is
// most of the map.
func pieces(c *canvas.Canvas, a, b canvas.Pt, width float64, col color.Color) {
	const step = 24.0
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	for s := 0.0; s < l; s += step {
		e := math.Min(s+step+1, l)
		c.Line(canvas.Pt{X: a.X + (b.X-a.X)*s/l, Y: a.Y + (b.Y-a.Y)*s/l},
			canvas.Pt{X: a.X + (b.X-a.X)*e/l, Y: a.Y + (b.Y-a.Y)*e/l}, width, col)
	}
}

// caption is the newest action in a line: who did what, where.
func caption(ctx render.Audience, v tov.View, e tov.Entry) string {
	seat := v.DefenderSeat
	if e.Side == "raider" {
		seat = v.RaiderSeat
	}
	name := clipW(ctx.Name(games.Seat(seat)), panelW/2, small, false) // a long name leaves room for the action
	u := shortName(e.Unit)
	switch e.Kind {
	case "move":
		return ctx.T("trenches.img.cap.move", "Name", name, "Unit", u, "From", tov.HexName(e.From), "To", tov.HexName(e.To))
	case "exit":
		return ctx.T("trenches.img.cap.exit", "Name", name, "Unit", u, "From", tov.HexName(e.From))
	case "attack":
		key := "trenches.img.cap.miss"
		if e.Hit {
			key = "trenches.img.cap.hit"
		}
		return ctx.T("trenches.img.cap.attack", "Name", name, "Unit", u, "Target", shortName(e.Target), "To", tov.HexName(e.To)) + " · " + ctx.T(key)
	case "clear":
		return ctx.T("trenches.img.cap.clear", "Name", name, "Unit", u, "Hex", tov.HexName(e.To))
	case "reveal":
		return ctx.T("trenches.img.cap.reveal", "Name", name, "Unit", u, "Hex", tov.HexName(e.To))
	case "place":
		return ctx.T("trenches.img.cap.place", "Name", name, "Unit", u, "Hex", tov.HexName(e.To))
	}
	return ""
}

// panelUsed, when set (tests), sees how much of the panel's free band
// the changing part took, and how much there was.
var panelUsed func(used, avail float64)

// drawPanel draws the changing part of the panel and returns its height:
// the result or the last action, the two sides, the score and the turn
// track.
func drawPanel(c *canvas.Canvas, v tov.View, w words) float64 {
	y := 0.0
	if w.result != "" {
		bh := paraHeight(w.result, panelW-16, small+4, true) + paraHeight(w.reason, panelW-16, small, false) + 14
		c.Fill(0, y, panelW, bh, cWinBG)
		yy := para(c, w.result, 8, y+6, panelW-16, small+4, true, cGold)
		para(c, w.reason, 8, yy+2, panelW-16, small, false, cWhite)
		y += bh + 8
	}
	if w.caption != "" && w.result == "" {
		ch := paraHeight(w.caption, panelW-16, small, false) + 8
		c.Fill(0, y, panelW, ch, cLastBG)
		c.Fill(0, y, 5, ch, cLast)
		para(c, w.caption, 11, y+4, panelW-16, small, false, cBlack)
		y += ch + 8
	}
	for _, s := range []struct {
		label, name, nation string
		col                 color.RGBA
		acts                bool
	}{{w.raider, w.raiderNme, v.RaiderNation, cRed, v.Phase == tov.PhaseRaider || v.Phase == tov.PhaseSetupRaider},
		{w.defender, w.defName, v.DefNation, cBlue, v.Phase == tov.PhaseDefender || v.Phase == tov.PhaseSetupDefender}} {
		y = sideRow(c, y, s.name, s.label, sideChip(s.nation, s.col), s.acts)
	}
	y = para(c, w.vp, 0, y, panelW, small, true, cBlack) + 2
	if w.captured != "" {
		y = para(c, w.captured, 0, y, panelW, small, false, cBlack) + 2
	}
	if w.game != "" {
		y = para(c, w.game, 0, y, panelW, small, false, cBlack) + 2
	}
	if w.result != "" {
		return y // the game is over: no more turns
	}
	y += 1
	// Turn track: T..0, the marker on M; red boxes where exits are open.
	y = para(c, w.turn, 0, y, panelW, small, false, cBlack)
	gap := 3.0
	box := math.Min(30, (panelW-gap*float64(v.T))/float64(v.T+1))
	for m := v.T; m >= 0; m-- {
		x := float64(v.T-m) * (box + gap)
		col := cWhite
		if m == v.M {
			col = cMarker
		}
		c.Fill(x, y, box, box, col)
		if m <= 3 {
			c.Box(x, y, box, box, 2, cRed)
		} else {
			c.Box(x, y, box, box, 1, cBlack)
		}
		c.Text(fmt.Sprint(m), x+box/2, y+box/2, small, true, cBlack, canvas.Center)
	}
	y += box + 2
	if v.T >= 3 {
		lines := canvas.Wrap(w.exits, panelW, small, false)
		for _, l := range lines {
			c.Text(l, panelW-textW(l, small, false), y, small, false, cRed, canvas.TopLeft)
			y += small * lead
		}
	}
	return y
}

// sideChip is a side's counter as the map draws it, without a name: its
// nation's colour edged in the side's colour.
func sideChip(nation string, edge color.RGBA) chip {
	fill, ok := nationCol[nation]
	if !ok {
		fill = cWhite
	}
	return chip{fill: fill, edge: edge}
}

// sideW is the width of a side's sample counter at the start of its row.
const sideW = 18.0

// sideRow is a side in the panel from y: a sample of its counters (so the
// row is the legend of whose counters are whose), the player's name and
// the side ("Ann  Raider"), the side on a line of its own when the whole
// name leaves it no room; a name is shortened only when it is wider than
// the row. It returns the y below.
func sideRow(c *canvas.Canvas, y float64, name, label string, k chip, acts bool) float64 {
	const x = sideW + 8
	y0, lw, nw := y, textW(label, small, false), textW(name, small, true)
	if acts { // the side to act, on a pale band
		c.Fill(0, y, panelW, lineH, cActive)
	}
	if x+nw+8+lw <= panelW {
		c.Text(name, x, y, small, true, cBlack, canvas.TopLeft)
		c.Text(label, x+nw+8, y, small, false, cBlack, canvas.TopLeft)
		y += lineH
	} else {
		c.Text(clipW(name, panelW-x, small, true), x, y, small, true, cBlack, canvas.TopLeft)
		y = para(c, label, x, y+lineH, panelW-x, small, false, cBlack)
	}
	c.Fill(0, y0, sideW, chipH, k.fill)
	c.Box(0, y0, sideW, chipH, 2, k.edge)
	return y + 1
}

// short is b moved d towards a: where an arrow to a hex stops, so that its
// head shows beside the counters there.
func short(a, b canvas.Pt, d float64) canvas.Pt {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l <= d {
		return b
	}
	return canvas.Pt{X: b.X + (a.X-b.X)*d/l, Y: b.Y + (a.Y-b.Y)*d/l}
}

// nearest is the hex whose centre is nearest p, among those around the
// row and column p falls in.
func nearest(p canvas.Pt) int {
	r0 := int(math.Round((p.X-mapX0-hexR)/(1.5*hexR))) + 1
	c0 := int(math.Round((p.Y-mapY0-hexH/2)/hexH)) + 1
	best, d := 0, math.Inf(1)
	for r := r0 - 1; r <= r0+1; r++ {
		for c := c0 - 1; c <= c0+1; c++ {
			h := r*100 + c
			if tov.Hex(h).ID == 0 {
				continue
			}
			q := centre(h)
			if dd := (q.X-p.X)*(q.X-p.X) + (q.Y-p.Y)*(q.Y-p.Y); dd < d {
				best, d = h, dd
			}
		}
	}
	return best
}

// groundOf is the colour of hex h in scenario scn (0: the bare map).
func groundOf(h, scn int) color.RGBA {
	if scn >= 1 && scn <= 6 {
		for _, w := range tov.Scenarios[scn].CutWire {
			if w == h {
				return cCut
			}
		}
	}
	switch tov.Hex(h).Terrain {
	case tov.Trench:
		return cTrench
	case tov.Wire:
		return cWire
	}
	return cOpen
}
