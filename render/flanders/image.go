package flanders

import (
	"fmt"
	"image/color"
	"strings"
	"sync"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// Board geometry (spec §4.3).
const (
	imgW, imgH = 1280, 960
	laneX0     = 60.0
	laneW      = 145.0
	rowH       = 42.0
	rowTop20   = 40.0
	gridX0     = 660.0
	gridY0     = 40.0
	cellW      = 190.0
	cellH      = 205.0
	cellGap    = 10.0
	stripY     = 700.0
)

var (
	cBG        = canvas.Hex("#efe8d4")
	cInk       = canvas.Hex("#2b2b2b")
	cFaint     = canvas.Hex("#8a826c")
	cNoMans    = canvas.Hex("#c2ad84")
	cZone      = canvas.Hex("#ddd4bb")
	cLine      = canvas.Hex("#9b9b9b")
	cObjective = canvas.Hex("#6f9bd8")
	cCell      = canvas.Hex("#f8f4e8")
	cBritish   = canvas.Hex("#2e8b46")
	cGerman    = canvas.Hex("#2d5fb3")
	cOption    = canvas.Hex("#f0b400")
	cGrey      = canvas.Hex("#a0a0a0")
	cWhite     = canvas.Hex("#ffffff")
	cGold      = canvas.Hex("#d4a017")
	laneCols   = map[string]color.RGBA{
		"red": canvas.Hex("#c0392b"), "blue": canvas.Hex("#2e6fd8"),
		"green": canvas.Hex("#2e9e4f"), "yellow": canvas.Hex("#e0b020"),
	}
	laneLight = map[string]color.RGBA{
		"red": canvas.Hex("#eab3ac"), "blue": canvas.Hex("#afc7f0"),
		"green": canvas.Hex("#b0dcbc"), "yellow": canvas.Hex("#f3e0a0"),
	}
	cActive   = canvas.Hex("#fff6cc")
	cLineText = canvas.Hex("#555555")
	palette   = canvas.NewPalette(
		[]color.RGBA{cBG, cCell, cZone, cNoMans, cLine, cObjective, laneLight["red"], laneLight["blue"], laneLight["green"], laneLight["yellow"], cActive, cWhite},
		[]color.RGBA{cInk, cFaint, cBritish, cGerman, cOption, cGrey, cGold, laneCols["red"], laneCols["blue"], laneCols["green"], laneCols["yellow"], cLineText})
)

// shortKeys are the catalogue ids of the card labels on the picture: the
// card name where it is one short word, else a short image label.
var shortKeys = map[string]string{
	"infantry_1": "flanders.img.short.infantry", "infantry_1_plus": "flanders.img.short.infantry",
	"infantry_2": "flanders.img.short.infantry", "infantry_2_plus": "flanders.img.short.infantry",
	"infantry_3": "flanders.img.short.infantry", "tank": "flanders.card.tank",
	"british_artillery": "flanders.card.british_artillery", "aerial_recon": "flanders.img.short.recon",
	"observation_balloon": "flanders.img.short.balloon", "british_gas": "flanders.card.british_gas",
	"mines": "flanders.card.mines", "reserves": "flanders.card.reserves",
	"german_mg": "flanders.img.short.mg", "german_artillery": "flanders.card.british_artillery",
	"german_counter_attack": "flanders.img.short.counter", "german_gas": "flanders.card.british_gas",
	"flying_circus": "flanders.img.short.circus", "barbed_wire": "flanders.img.short.wire",
}

// keptKeys are the three-letter tags of kept cards in the company strip.
var keptKeys = map[string]string{
	"british_artillery": "flanders.img.kept.artillery", "aerial_recon": "flanders.img.kept.recon",
	"observation_balloon": "flanders.img.kept.balloon", "british_gas": "flanders.img.kept.gas",
	"mines": "flanders.img.kept.mines",
}

// word is every translated text on the picture, in capitals.
func word(ctx render.Ctx, id string, kv ...any) string { return strings.ToUpper(ctx.T(id, kv...)) }

// drawnText, when set (tests), sees every string drawn on the picture.
var drawnText func(string)

// write draws a string; all text on the picture goes through it.
func write(c *canvas.Canvas, s string, x, y, size float64, bold bool, col color.Color, at canvas.Anchor) {
	if drawnText != nil {
		drawnText(s)
	}
	c.Text(s, x, y, size, bold, col, at)
}

// fit shrinks the font size from size down to minSize until s is at most w
// pixels wide, then clips s with "…" if it still does not fit.
func fit(s string, w, size, minSize float64, bold bool) (string, float64) {
	return canvas.Fit(s, w, size, minSize, bold)
}

// writeFit draws s shrunk or clipped to at most w pixels wide.
func writeFit(c *canvas.Canvas, s string, w, x, y, size, minSize float64, bold bool, col color.Color, at canvas.Anchor) {
	s, size = fit(s, w, size, minSize, bold)
	write(c, s, x, y, size, bold, col, at)
}

func rowY(r int) float64 { return rowTop20 + float64(fl.Objective-r)*rowH }

func cellXY(sp int) (float64, float64) {
	i := sp - 3
	return gridX0 + float64(i%3)*(cellW+cellGap), gridY0 + float64(i/3)*(cellH+cellGap)
}

// baseEntry is the static layer of one language, drawn once.
type baseEntry struct {
	once sync.Once
	c    *canvas.Canvas
}

// bases caches the static layer per language (it carries words).
var bases sync.Map // lang -> *baseEntry

func baseLayer(ctx render.Ctx) *canvas.Canvas {
	lang := ctx.L.Lang()
	e, ok := bases.Load(lang)
	if !ok {
		e, _ = bases.LoadOrStore(lang, &baseEntry{})
	}
	be := e.(*baseEntry)
	be.once.Do(func() { be.c = drawBase(ctx) })
	return be.c
}

// drawBase draws the lanes, rows, line labels and the card-area frames.
func drawBase(ctx render.Ctx) *canvas.Canvas {
	c := canvas.New(imgW, imgH, cBG)
	laneEnd := laneX0 + 4*laneW
	for r := 0; r <= fl.Objective; r++ {
		y := rowY(r)
		col := cZone
		switch {
		case r == fl.Objective:
			col = cObjective
		case fl.IsLine(r):
			col = cLine
		case r >= 1 && r <= 4:
			col = cNoMans
		}
		if r > 0 {
			c.Rect(laneX0, y, laneEnd-laneX0, rowH, col)
		} else {
			for i, name := range fl.Colours {
				c.Rect(laneX0+float64(i)*laneW, y, laneW, rowH, laneLight[name])
			}
		}
		c.Line(canvas.Pt{X: laneX0, Y: y}, canvas.Pt{X: laneEnd, Y: y}, 1, cFaint)
		write(c, fmt.Sprint(r), laneX0/2, y+rowH/2, 16, fl.IsLine(r) || r == fl.Objective, cInk, canvas.Center)
	}
	c.Line(canvas.Pt{X: laneX0, Y: rowY(-1)}, canvas.Pt{X: laneEnd, Y: rowY(-1)}, 1, cFaint)
	for i := 0; i <= 4; i++ {
		x := laneX0 + float64(i)*laneW
		c.Line(canvas.Pt{X: x, Y: rowY(fl.Objective)}, canvas.Pt{X: x, Y: rowY(-1)}, 2, cInk)
	}
	// Line and Objective labels: a box across the middle lanes.
	const labelW = 2*laneW - 20
	for k, l := range fl.Lines {
		label, size := fit(word(ctx, fmt.Sprintf("flanders.zone.german_line_%d", k+1)), labelW, 14, 9, true)
		w := canvas.TextWidth(label, size, true)
		c.Rect(laneX0+2*laneW-w/2-6, rowY(l)+8, w+12, rowH-16, cLine)
		write(c, label, laneX0+2*laneW, rowY(l)+rowH/2, size, true, cLineText, canvas.Center)
	}
	obj, size := fit(word(ctx, "flanders.zone.objective"), labelW, 16, 10, true)
	w := canvas.TextWidth(obj, size, true)
	c.Rect(laneX0+2*laneW-w/2-6, rowY(fl.Objective)+8, w+12, rowH-16, cObjective)
	write(c, obj, laneX0+2*laneW, rowY(fl.Objective)+rowH/2, size, true, cWhite, canvas.Center)
	writeFit(c, word(ctx, "game.flanders"), laneEnd-laneX0, laneX0, 8, 20, 12, true, cInk, canvas.TopLeft)
	// Card area frames and sums.
	for sp := 3; sp <= 11; sp++ {
		x, y := cellXY(sp)
		c.Rect(x, y, cellW, cellH, cCell)
		c.RectOutline(x, y, cellW, cellH, 2, cFaint)
		write(c, fmt.Sprint(sp), x+12, y+8, 40, true, cInk, canvas.TopLeft)
		rc := fmt.Sprintf("%d/216", fl.RollCounts[sp])
		write(c, rc, x+cellW-10-canvas.TextWidth(rc, 13, false), y+14, 13, false, cFaint, canvas.TopLeft)
	}
	x9, y9 := cellXY(fl.NineSpace)
	writeFit(c, word(ctx, "flanders.img.advance"), cellW-28, x9+cellW/2, y9+100, 24, 12, true, cBritish, canvas.Center)
	write(c, "+1", x9+cellW/2, y9+135, 30, true, cBritish, canvas.Center)
	c.RectOutline(x9+6, y9+6, cellW-12, cellH-12, 4, cBritish)
	return c
}

func troopIcon(c *canvas.Canvas, x, y float64, col color.Color) {
	c.Circle(canvas.Pt{X: x, Y: y - 5}, 3.5, col)
	c.Polygon([]canvas.Pt{{X: x - 5, Y: y + 7}, {X: x + 5, Y: y + 7}, {X: x + 3, Y: y - 1}, {X: x - 3, Y: y - 1}}, col)
}

func drawCard(ctx render.Ctx, c *canvas.Canvas, x, y float64, code string, option bool) {
	t := fl.TypeByCode(code)
	if t < 0 {
		return
	}
	ct := fl.Types[t]
	border := cBritish
	if !ct.British {
		border = cGerman
	}
	const textW = cellW - 28
	c.RectOutline(x+6, y+6, cellW-12, cellH-12, 5, border)
	if !ct.British {
		writeFit(c, word(ctx, "flanders.img.german"), textW, x+cellW/2, y+70, 14, 10, true, cGerman, canvas.Center)
	}
	writeFit(c, word(ctx, shortKeys[code]), textW, x+cellW/2, y+98, 22, 12, true, border, canvas.Center)
	switch {
	case ct.Tank:
		writeFit(c, word(ctx, "flanders.img.tank_move", "N", ct.Move), textW, x+cellW/2, y+132, 24, 12, true, cInk, canvas.Center)
	case ct.Move > 0:
		s := fmt.Sprintf("+%d", ct.Move)
		if ct.Plus {
			s += " (+1)"
		}
		write(c, s, x+cellW/2, y+132, 28, true, cInk, canvas.Center)
	case ct.Keep:
		writeFit(c, word(ctx, "flanders.img.keep"), textW, x+cellW/2, y+132, 16, 10, false, cFaint, canvas.Center)
	}
	n := ct.Black + ct.Grey
	for i := range n {
		col := cInk
		if i >= ct.Black {
			col = cGrey
		}
		troopIcon(c, x+cellW/2-float64(n-1)*9+float64(i)*18, y+170, col)
	}
	if option {
		c.RectOutline(x, y, cellW, cellH, 6, cOption)
	}
}

func drawDie(c *canvas.Canvas, x, y float64, v int) {
	c.Rect(x, y, 40, 40, cWhite)
	c.RectOutline(x, y, 40, 40, 2, cInk)
	write(c, fmt.Sprint(v), x+20, y+20, 24, true, cInk, canvas.Center)
}

// Company strip columns, from the strip's left edge (gridX0).
const (
	stripW     = 3*cellW + 2*cellGap
	stripName  = 30.0  // seat name
	stripNameW = 112.0 // its width
	stripRow   = 148.0 // "ROW n"
	stripRowW  = 66.0
	stripTroop = 226.0 // first troop icon
	stripTag   = 410.0 // kept cards and status
	maxIcons   = 12
)

// companyTag is the strip's status text: kept cards, win, objective, out.
func companyTag(ctx render.Ctx, p fl.PlayerView) string {
	var kept []string
	for _, h := range p.Hand {
		if k, ok := keptKeys[h.Type]; ok && !h.New {
			kept = append(kept, word(ctx, k))
		}
	}
	tag := strings.Join(kept, " ")
	switch {
	case p.Winner:
		tag = strings.TrimSpace(word(ctx, "flanders.img.win") + " " + tag)
	case p.Reached:
		tag = strings.TrimSpace(word(ctx, "flanders.img.obj") + " " + tag)
	case p.Eliminated:
		tag = word(ctx, "flanders.img.out")
	}
	return tag
}

// Image draws the public board.
func (Renderer) Image(ctx render.Ctx, view any) ([]byte, error) {
	v, ok := asView(view)
	if !ok {
		return nil, nil
	}
	c := baseLayer(ctx).Clone()
	defer c.Release()
	// Cards.
	for _, s := range v.Spaces {
		x, y := cellXY(s.Space)
		if s.Space == fl.NineSpace {
			if v.NineClaimed && !v.Over && v.Active < len(v.Players) {
				col := laneCols[v.Players[v.Active].Colour]
				c.Circle(canvas.Pt{X: x + cellW - 34, Y: y + cellH - 34}, 18, cInk)
				c.Circle(canvas.Pt{X: x + cellW - 34, Y: y + cellH - 34}, 15, col)
			}
			if s.Option {
				c.RectOutline(x, y, cellW, cellH, 6, cOption)
			}
			continue
		}
		if s.Card == nil {
			write(c, "—", x+cellW/2, y+cellH/2, 30, false, cFaint, canvas.Center)
			continue
		}
		drawCard(ctx, c, x, y, s.Card.Type, s.Option)
	}
	// Commanders.
	for _, p := range v.Players {
		cx := laneX0 + float64(p.Seat)*laneW + laneW/2
		cy := rowY(p.Row) + rowH/2
		col := laneCols[p.Colour]
		if p.Active {
			c.Circle(canvas.Pt{X: cx, Y: cy}, 21, cWhite)
		}
		if p.Winner {
			c.Circle(canvas.Pt{X: cx, Y: cy}, 21, cGold)
		}
		c.Circle(canvas.Pt{X: cx, Y: cy}, 18, cInk)
		if p.Eliminated {
			c.Circle(canvas.Pt{X: cx, Y: cy}, 16, cGrey)
			c.Line(canvas.Pt{X: cx - 10, Y: cy - 10}, canvas.Pt{X: cx + 10, Y: cy + 10}, 4, cInk)
			c.Line(canvas.Pt{X: cx - 10, Y: cy + 10}, canvas.Pt{X: cx + 10, Y: cy - 10}, 4, cInk)
		} else {
			c.Circle(canvas.Pt{X: cx, Y: cy}, 16, col)
			write(c, fmt.Sprint(p.Troops), cx, cy, 18, true, cWhite, canvas.Center)
		}
	}
	// Strip: one line per company, then piles and dice.
	for i, p := range v.Players {
		y := stripY + 16 + float64(i)*38
		x := gridX0
		if p.Active {
			c.Rect(x-6, y-4, stripW+12, 34, cActive)
		}
		col := laneCols[p.Colour]
		if p.Eliminated {
			col = cGrey
		}
		c.Circle(canvas.Pt{X: x + 12, Y: y + 13}, 11, col)
		writeFit(c, ctx.Name(games.Seat(p.Seat)), stripNameW, x+stripName, y+13, 16, 16, true, cInk, canvas.Left)
		writeFit(c, word(ctx, "flanders.img.row", "Row", p.Row), stripRowW, x+stripRow, y+13, 16, 11, false, cInk, canvas.Left)
		for k := 0; k < p.Troops && k < maxIcons; k++ {
			troopIcon(c, x+stripTroop+float64(k)*13, y+14, col)
		}
		if p.Troops > maxIcons {
			write(c, fmt.Sprintf("+%d", p.Troops-maxIcons), x+stripTroop+maxIcons*13, y+13, 14, true, cInk, canvas.Left)
		}
		writeFit(c, companyTag(ctx, p), stripW-stripTag, x+stripTag, y+13, 15, 10, true, cInk, canvas.Left)
	}
	y := stripY + 16 + 4*38 + 8
	diceX := gridX0 + stripW - 3*48
	writeFit(c, word(ctx, "flanders.img.footer", "Round", v.Round, "Pool", v.Pool, "Draw", v.DrawCount, "Discard", len(v.Discard)),
		diceX-gridX0-12, gridX0, y+20, 16, 10, true, cInk, canvas.Left)
	for i, d := range v.Dice {
		drawDie(c, diceX+float64(i)*48, y, d)
	}
	return c.PNGWith(palette)
}
