package blindaz

import (
	"fmt"
	"image/color"
	"math"
	"sync"
	"unicode"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// Board picture geometry.
const (
	cellPx  = 96.0
	marginL = 30.0
	marginT = 30.0
	gridW   = cellPx * bz.Cols
	gridH   = cellPx * bz.Lanes
	sideX   = marginL + gridW + 18
	sideW   = 250.0
	imgW    = int(sideX + sideW + 12)
	imgH    = int(marginT + gridH + 16)
)

var (
	colBG       = canvas.Hex("#26261f")
	colEnemyZ   = canvas.Hex("#8a8d8f")
	colArrow    = canvas.Hex("#a9acae")
	colGround   = canvas.Hex("#6b7a3a")
	colGroundLn = canvas.Hex("#5e6b33")
	colDugout   = canvas.Hex("#4a3322")
	colSandbag  = canvas.Hex("#c2ad7e")
	colTrench   = canvas.Hex("#8b5a2b")
	colTrenchDk = canvas.Hex("#5a3a1a")
	colLabel    = canvas.Hex("#e8e4d0")
	colPanel    = canvas.Hex("#35352c")
	colInfantry = canvas.Hex("#9a9a90")
	colTank     = canvas.Hex("#1e1e1e")
	colGun      = canvas.Hex("#6f7275")
	colShield   = canvas.Hex("#f2f0e6")
	colRed      = canvas.Hex("#c62828")
	colFire     = canvas.Hex("#e07b00")
	colGrenade  = canvas.Hex("#3e5a2a")
	colDim      = canvas.Hex("#55554a")
	black       = canvas.Hex("#000000")
	white       = canvas.Hex("#ffffff")
	seatCols    = []color.RGBA{canvas.Hex("#d32f2f"), canvas.Hex("#1e63c8"), canvas.Hex("#2e9d3a"), canvas.Hex("#e3b800")}
	colHighlite = canvas.Hex("#ffd54f")
	colDone     = canvas.Hex("#2e8b57")
	palette     = canvas.NewPalette(
		[]color.RGBA{colBG, colPanel, colGround, colEnemyZ, colTrench, colDugout, colShield, colSandbag, white},
		[]color.RGBA{colArrow, colGroundLn, colTrenchDk, colLabel, colInfantry, colTank, colGun, colRed, colFire, colGrenade, colDim, black,
			seatCols[0], seatCols[1], seatCols[2], seatCols[3], colHighlite, colDone})
)

// bases caches the static layer per language (lang -> *canvas.Canvas):
// its headings and captions are words, so languages never share a layer.
var bases sync.Map

// Sidebar layout (y of each row; the sidebar spans marginT..marginT+gridH).
const (
	hdrOpenY     = marginT + 12  // "Open tiles"
	slotNumY     = marginT + 30  // slot numbers 1..3
	marketY      = marginT + 40  // open tiles, 68 px
	hdrPenaltyY  = marginT + 124 // "Penalty" and n/limit
	penaltyY     = marginT + 138 // penalty track, two rows of 40 px
	hdrFlagsY    = marginT + 228 // "Flags left" and the count
	flagsY       = marginT + 236 // flags left, 40 px
	stacksY      = marginT + 296 // stack icons
	stackCapY    = marginT + 336 // their captions
	hdrSoldiersY = marginT + 362 // "Soldiers"
	soldiersY    = marginT + 376 // soldier rows, 36 px each
	soldierRowH  = 36.0
	bottomY      = marginT + gridH - 20 // result and round
	headSize     = 14.0
	minText      = 9.0
)

// Keys of every word drawn on the picture (the test checks them all in
// every language).
const (
	kOpenTiles = "blindaz.img.open_tiles"
	kPenalty   = "blindaz.img.penalty"
	kFlagsLeft = "blindaz.img.flags_left"
	kTrenches  = "blindaz.img.stack_trench"
	kDiscard   = "blindaz.img.stack_discard"
	kEnemies   = "blindaz.img.stack_enemy"
	kRound     = "blindaz.img.round" // {{.Round}}
	kSoldiers  = "blindaz.field.soldiers"
	kVictory   = "blindaz.result.victory"
	kDefeat    = "blindaz.result.defeat"
)

var imgKeys = []string{kOpenTiles, kPenalty, kFlagsLeft, kTrenches, kDiscard, kEnemies, kRound, kSoldiers, kVictory, kDefeat}

// stack groups: icon x offsets are drawn by hand; captions centre here.
var stackCapX = [3]float64{sideX + 44, sideX + 120, sideX + 196}

type align int

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// pen draws every string of the picture, so a test can see them all.
type pen struct {
	c    *canvas.Canvas
	seen func(string) // nil outside tests
}

// fit shrinks the font from size down to three quarters of it (at least
// minText) until s is at most maxW wide, then clips s with "…".
func fit(s string, size, maxW float64, bold bool) (string, float64, float64) {
	s, size = canvas.Fit(s, maxW, size, math.Max(minText, math.Round(size*0.75)), bold)
	return s, size, canvas.TextWidth(s, size, bold)
}

// text draws s vertically centred on y, anchored at x as al says, within
// maxW pixels; it returns the width drawn.
func (p pen) text(s string, x, y, size, maxW float64, bold bool, col color.Color, al align) float64 {
	if p.seen != nil {
		p.seen(s)
	}
	s, size, w := fit(s, size, maxW, bold)
	switch al {
	case alignCenter:
		x -= w / 2
	case alignRight:
		x -= w
	}
	p.c.Text(s, x, y, size, bold, col, canvas.Left)
	return w
}

// heading draws a sidebar section title, leaving reserve pixels on the
// right for a value.
func (p pen) heading(s string, y, reserve float64) {
	p.text(s, sideX+12, y, headSize, sideW-24-reserve, true, colLabel, alignLeft)
}

func capFirst(s string) string {
	r := []rune(s)
	if len(r) > 0 {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

func cellXY(x, lane int) (float64, float64) {
	return marginL + float64(x)*cellPx, marginT + float64(lane-1)*cellPx
}

// staticBoard is the cached static layer of ctx's language.
func staticBoard(ctx render.Ctx) *canvas.Canvas {
	lang := ctx.L.Lang()
	if b, ok := bases.Load(lang); ok {
		return b.(*canvas.Canvas)
	}
	b, _ := bases.LoadOrStore(lang, drawStatic(ctx, nil))
	return b.(*canvas.Canvas)
}

// drawStatic draws the parts that never change: the grid, the dugout, the
// sidebar frames and its headings in ctx's language.
func drawStatic(ctx render.Ctx, seen func(string)) *canvas.Canvas {
	c := canvas.New(imgW, imgH, colBG)
	p := pen{c, seen}
	for x := 0; x < bz.Cols; x++ {
		px, _ := cellXY(x, 1)
		c.Text(string(rune('A'+x)), px+cellPx/2, marginT/2, 18, true, colLabel, canvas.Center)
	}
	for l := 1; l <= bz.Lanes; l++ {
		_, py := cellXY(0, l)
		c.Text(fmt.Sprint(l), marginL/2, py+cellPx/2, 18, true, colLabel, canvas.Center)
		for x := 0; x < bz.Cols; x++ {
			px, py := cellXY(x, l)
			switch x {
			case 0:
				c.Rect(px, py, cellPx, cellPx, colEnemyZ)
				cx, cy := px+cellPx/2, py+cellPx/2
				c.Polygon([]canvas.Pt{pt(cx-26, cy-8), pt(cx+6, cy-8), pt(cx+6, cy-20), pt(cx+28, cy), pt(cx+6, cy+20), pt(cx+6, cy+8), pt(cx-26, cy+8)}, colArrow)
			case bz.Cols - 1:
				c.Rect(px, py, cellPx, cellPx, colDugout)
				// the dug trench runs the full width, open to the west
				c.Rect(px+cellPx/2-16, py, 32, cellPx, colTrench)
				c.Rect(px, py+cellPx/2-16, cellPx/2, 32, colTrench)
				for i := 0; i < 4; i++ {
					c.Rect(px+cellPx-14, py+4+float64(i)*23, 10, 19, colSandbag)
				}
			default:
				c.Rect(px, py, cellPx, cellPx, colGround)
			}
			c.RectOutline(px, py, cellPx, cellPx, 1, colGroundLn)
		}
	}
	// sidebar panels: market, penalty track, flags, stacks, soldiers
	c.Rect(sideX, marginT, sideW, gridH, colPanel)
	p.heading(ctx.T(kOpenTiles), hdrOpenY, 0)
	for i := 0; i < bz.MarketSize; i++ {
		x := sideX + 12 + float64(i)*78
		c.Text(fmt.Sprint(i+1), x+34, slotNumY, 13, true, colLabel, canvas.Center)
		c.RectOutline(x, marketY, 68, 68, 2, colDim)
	}
	p.heading(ctx.T(kPenalty), hdrPenaltyY, 56)
	p.heading(ctx.T(kFlagsLeft), hdrFlagsY, 30)
	// stacks: trench stack, discard, enemy stack
	sy := float64(stacksY)
	c.Rect(sideX+14, sy, 26, 26, colTrench)
	c.Rect(sideX+18, sy-4, 26, 26, colTrench)
	c.RectOutline(sideX+18, sy-4, 26, 26, 1, black)
	c.Rect(sideX+94, sy-4, 26, 26, colDim)
	c.Rect(sideX+166, sy, 26, 26, colTank)
	c.Rect(sideX+170, sy-4, 26, 26, colTank)
	c.RectOutline(sideX+170, sy-4, 26, 26, 1, colGun)
	for i, k := range []string{kTrenches, kDiscard, kEnemies} {
		p.text(ctx.T(k), stackCapX[i], stackCapY, 12, 72, false, colLabel, alignCenter)
	}
	p.heading(ctx.T(kSoldiers), hdrSoldiersY, 0)
	return c
}

func pt(x, y float64) canvas.Pt { return canvas.Pt{X: x, Y: y} }

// drawTrench draws a trench channel with the given open sides in a box.
func drawTrench(c *canvas.Canvas, px, py, size float64, ori int) {
	cx, cy := px+size/2, py+size/2
	w := size * 0.34
	ends := [4]canvas.Pt{pt(cx, py), pt(px+size, cy), pt(cx, py+size), pt(px, cy)}
	bits := [4]int{bz.SideN, bz.SideE, bz.SideS, bz.SideW}
	for pass := 0; pass < 2; pass++ {
		col, ww := colTrenchDk, w+6
		if pass == 1 {
			col, ww = colTrench, w
		}
		c.Rect(cx-ww/2, cy-ww/2, ww, ww, col)
		for d := 0; d < 4; d++ {
			if ori&bits[d] != 0 {
				c.Line(canvas.Pt{X: cx, Y: cy}, ends[d], ww, col)
			}
		}
	}
}

func drawSymbol(c *canvas.Canvas, px, py float64, sym string) {
	cx, cy := px+16, py+16
	switch sym {
	case bz.SymFire:
		c.Circle(canvas.Pt{X: cx, Y: cy}, 13, colFire)
		c.Text("+1", cx, cy, 13, true, white, canvas.Center)
	case bz.SymHedgehog:
		c.Circle(canvas.Pt{X: cx, Y: cy}, 13, colShield)
		c.Line(canvas.Pt{X: cx - 8, Y: cy - 8}, canvas.Pt{X: cx + 8, Y: cy + 8}, 3, black)
		c.Line(canvas.Pt{X: cx + 8, Y: cy - 8}, canvas.Pt{X: cx - 8, Y: cy + 8}, 3, black)
		c.Line(canvas.Pt{X: cx, Y: cy - 9}, canvas.Pt{X: cx, Y: cy + 9}, 3, black)
	case bz.SymMine:
		c.Circle(canvas.Pt{X: cx, Y: cy}, 13, colShield)
		c.Circle(canvas.Pt{X: cx, Y: cy}, 9, colRed)
		c.Circle(canvas.Pt{X: cx, Y: cy}, 5, colShield)
	}
}

func drawFlag(c *canvas.Canvas, px, py, s float64) {
	c.Line(canvas.Pt{X: px + s*0.3, Y: py + s*0.15}, canvas.Pt{X: px + s*0.3, Y: py + s*0.88}, s*0.05, colTrenchDk)
	c.Polygon([]canvas.Pt{pt(px+s*0.32, py+s*0.15), pt(px+s*0.8, py+s*0.3), pt(px+s*0.32, py+s*0.47)}, colRed)
}

func shieldPts(cx, cy, r float64) []canvas.Pt {
	return []canvas.Pt{pt(cx-r, cy-r), pt(cx+r, cy-r), pt(cx+r, cy+r*0.2), pt(cx, cy+r*1.2), pt(cx-r, cy+r*0.2)}
}

// drawEnemy draws an enemy counter in the upper part of a cell.
func drawEnemy(c *canvas.Canvas, px, py float64, cv bz.CellView) {
	x, y, s := px+14, py+10, 68.0
	switch cv.Kind {
	case bz.Infantry:
		c.Rect(x, y, s, s, colInfantry)
		for i := 0; i < cv.Defence; i++ {
			hx := x + 14 + float64(i)*16
			c.Circle(canvas.Pt{X: hx, Y: y + 26}, 7, colTank)
			c.Rect(hx-5, y+33, 10, 16, colTank)
		}
	case bz.Tank:
		c.Rect(x, y, s, s, colTank)
		c.Rect(x+8, y+30, 44, 22, colGun)
		c.Circle(canvas.Pt{X: x + 30, Y: y + 30}, 11, colGun)
		c.Line(canvas.Pt{X: x + 30, Y: y + 30}, canvas.Pt{X: x + s - 4, Y: y + 30}, 5, colGun)
	case bz.Artillery:
		c.Rect(x, y, s, s, colGun)
		c.Circle(canvas.Pt{X: x + 24, Y: y + 46}, 12, colTank)
		c.Line(canvas.Pt{X: x + 24, Y: y + 46}, canvas.Pt{X: x + s - 6, Y: y + 20}, 6, colTank)
	}
	c.RectOutline(x, y, s, s, 2, black)
	sx, sy := x+s-4, y+s-10
	if cv.Kind == bz.Artillery {
		c.Circle(canvas.Pt{X: sx, Y: sy}, 12, colShield)
	} else {
		c.Polygon(shieldPts(sx, sy, 12), colShield)
		c.Outline(shieldPts(sx, sy, 12), 1.5, black)
	}
	c.Text(fmt.Sprint(cv.Defence), sx, sy, 15, true, black, canvas.Center)
}

func drawSoldier(c *canvas.Canvas, cx, cy float64, i int, active bool) {
	if active {
		c.Circle(canvas.Pt{X: cx, Y: cy}, 17, white)
	}
	c.Circle(canvas.Pt{X: cx, Y: cy}, 14, seatCols[i%len(seatCols)])
	c.Text(fmt.Sprint(i+1), cx, cy, 15, true, white, canvas.Center)
}

func drawGrenade(c *canvas.Canvas, cx, cy, r float64) {
	c.Circle(canvas.Pt{X: cx, Y: cy}, r, colGrenade)
	c.Rect(cx-r*0.3, cy-r*1.35, r*0.6, r*0.5, colDim)
	c.Line(canvas.Pt{X: cx + r*0.2, Y: cy - r*1.2}, canvas.Pt{X: cx + r*0.9, Y: cy - r*0.4}, 2, colDim)
}

// Image draws the public board: trenches with symbols, flags, enemies with
// their shields, soldiers, the acting soldier's destinations, and a sidebar
// with the open tiles, the penalty track, flags, stacks, and the soldiers
// with their players' names and grenades. Words come from ctx's language.
func (Renderer) Image(ctx render.Ctx, view any) ([]byte, error) {
	v, ok := asView(view)
	if !ok || len(v.Cells) != bz.Cells {
		return nil, nil
	}
	c := staticBoard(ctx).Clone()
	defer c.Release()
	drawBoard(pen{c: c}, ctx, v)
	return c.PNGWith(palette)
}

// drawBoard draws everything that depends on the view onto the static layer.
func drawBoard(p pen, ctx render.Ctx, v bz.View) {
	c := p.c
	for _, cv := range v.Cells {
		px, py := cellXY(cv.X, cv.Lane)
		if cv.Tile != "" {
			drawTrench(c, px, py, cellPx, cv.Ori)
			drawSymbol(c, px, py, cv.Symbol)
		}
		if cv.Flag {
			c.Rect(px+1, py+1, cellPx-2, cellPx-2, colEnemyZ) // the flag tile covers the arrow
			drawFlag(c, px, py, cellPx)
		}
		if cv.Enemy != "" {
			drawEnemy(c, px, py, cv)
		}
	}
	if v.Phase == bz.PhaseTurn && !v.Moved {
		for _, d := range v.Reach {
			px, py := cellXY(d.X, d.Lane)
			col := white
			if d.Exit {
				col = colHighlite
			}
			c.Circle(canvas.Pt{X: px + cellPx - 12, Y: py + 12}, 5, col)
		}
	}
	// soldiers on the board: coloured numbered pawns; the sidebar is their
	// legend with the players' names (a cell has no room for names)
	byCell := map[string][]int{}
	for i, so := range v.Soldiers {
		if so.Cell != "" {
			byCell[so.Cell] = append(byCell[so.Cell], i)
		}
	}
	offs := []canvas.Pt{pt(-22, 0), pt(22, 0), pt(-22, -30), pt(22, -30)}
	for i, so := range v.Soldiers {
		if so.Cell == "" {
			continue
		}
		px, py := cellXY(so.X, so.Lane)
		k := 0
		for j, o := range byCell[so.Cell] {
			if o == i {
				k = j
			}
		}
		o := offs[k%len(offs)]
		cx, cy := px+cellPx/2+o.X, py+cellPx-20+o.Y
		if len(byCell[so.Cell]) == 1 {
			cx = px + cellPx/2
		}
		drawSoldier(c, cx, cy, i, v.Phase == bz.PhaseTurn && i == v.Turn)
	}

	// sidebar: open tiles
	for i, t := range v.Market {
		x, y := sideX+12+float64(i)*78, float64(marketY)
		c.Rect(x, y, 68, 68, colGround)
		if t.Shape == bz.NoShape {
			drawGrenade(c, x+34, y+40, 16)
		} else {
			drawTrench(c, x, y, 68, bz.Orientations[t.Shape][0])
			drawSymbol(c, x-4, y-4, t.Symbol)
		}
	}
	// penalty track: one tile per point up to the limit, flag side up until
	// flipped; two rows (the limit is 8, 10 or 12)
	perRow := max(6, (v.Limit+1)/2)
	step := min(38.0, (sideW-24)/float64(perRow))
	for i := 0; i < v.Limit; i++ {
		x := sideX + 12 + float64(i%perRow)*step
		y := penaltyY + float64(i/perRow)*40
		sz := step - 6
		if i < v.Penalty {
			c.Rect(x, y, sz, sz, colDim)
			c.RectOutline(x, y, sz, sz, 1, black)
		} else {
			c.Rect(x, y, sz, sz, colShield)
			drawFlag(c, x, y, sz)
		}
	}
	right := sideX + sideW - 12
	p.text(fmt.Sprintf("%d/%d", v.Penalty, v.Limit), right, hdrPenaltyY, 18, 54, true, colLabel, alignRight)
	// flags left
	p.text(fmt.Sprint(v.FlagsLeft), right, hdrFlagsY, 18, 28, true, colLabel, alignRight)
	for i := 0; i < v.FlagsLeft; i++ {
		drawFlag(c, sideX+8+float64(i)*40, flagsY, 40)
	}
	// stacks: trench stack, discard, enemy stack
	sy := float64(stacksY)
	p.text(fmt.Sprint(v.Stack), sideX+52, sy+10, 16, 36, true, colLabel, alignLeft)
	p.text(fmt.Sprint(len(v.Discard)), sideX+128, sy+10, 16, 36, true, colLabel, alignLeft)
	p.text(fmt.Sprint(v.EnemyStack), sideX+204, sy+10, 16, 36, true, colLabel, alignLeft)
	// soldiers: pawn, cell, player's name, grenade
	for i, so := range v.Soldiers {
		y := soldiersY + float64(i)*soldierRowH + 16
		drawSoldier(c, sideX+28, y, i, v.Phase == bz.PhaseTurn && i == v.Turn)
		p.text(so.Cell, sideX+52, y, 16, 30, true, colLabel, alignLeft)
		p.text(ctx.Name(games.Seat(so.Seat)), sideX+86, y, 15, sideW-86-42, false, colLabel, alignLeft)
		if so.Grenade {
			drawGrenade(c, sideX+sideW-26, y+4, 10)
		}
	}
	// bottom line: result (when over) and round
	rw := p.text(ctx.T(kRound, "Round", v.Round), right, bottomY, 18, 110, true, colLabel, alignRight)
	if v.Phase == bz.PhaseOver {
		cx, cy := sideX+32.0, float64(bottomY)
		if v.Result == bz.Victory {
			c.Circle(canvas.Pt{X: cx, Y: cy}, 18, colDone)
			c.Line(pt(cx-9, cy+1), pt(cx-3, cy+8), 4, white)
			c.Line(pt(cx-3, cy+8), pt(cx+9, cy-7), 4, white)
		} else {
			c.Circle(canvas.Pt{X: cx, Y: cy}, 18, colRed)
			c.Line(pt(cx-8, cy-8), pt(cx+8, cy+8), 4, white)
			c.Line(pt(cx+8, cy-8), pt(cx-8, cy+8), 4, white)
		}
		word := ctx.T(kDefeat)
		if v.Result == bz.Victory {
			word = ctx.T(kVictory)
		}
		p.text(capFirst(word), sideX+56, bottomY, 18, right-rw-10-(sideX+56), true, colLabel, alignLeft)
	}
}
