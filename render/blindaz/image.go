package blindaz

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"unicode"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// The picture is phone-first: 640 px wide, so that text of minText reads
// at 14 px when a phone shows it 480 px wide. From the top: the last move
// (or the result), the board, then the open tiles and the penalty track,
// flags and round, the soldiers with their players, and a legend of the
// symbols on the board.
const (
	imgW     = 640
	minText  = 19.0 // 14 px at 480 px wide
	capH     = 52.0 // the last move or the result: two lines
	cellPx   = 74.0
	marginL  = 58.0
	lettersY = capH + 4
	marginT  = capH + 28 // the grid's top
	gridW    = cellPx * bz.Cols
	gridH    = cellPx * bz.Lanes

	panelY    = marginT + gridH + 8
	tileY     = panelY + 26 // open tiles, tilePx
	tilePx    = 60.0
	trackX    = 300.0 // the penalty block
	row2Y     = panelY + 110
	soldiersY = row2Y + 34 // two rows of two
	soldierH  = 30.0
	legendY   = soldiersY + 2*soldierH + 16
	imgH      = int(legendY + 3*24 + 22) // four lines
	headSize  = 20.0
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
		[]color.RGBA{colBG, colPanel, colGround, colEnemyZ, colTrench, colDugout, colShield, colSandbag, white, colDone, colRed},
		[]color.RGBA{colArrow, colGroundLn, colTrenchDk, colLabel, colInfantry, colTank, colGun, colFire, colGrenade, colDim, black,
			seatCols[0], seatCols[1], seatCols[2], seatCols[3], colHighlite})
)

// layerKey names the static layer of a language in canvas.Layer: its
// headings are words, so languages never share a layer.
type layerKey struct{ lang string }

// Keys of every word drawn on the picture (the test checks them all in
// every language).
const (
	kOpenTiles  = "blindaz.img.open_tiles"
	kPenalty    = "blindaz.img.penalty"    // {{.N}} {{.Limit}}
	kFlagsLeft  = "blindaz.img.flags_left" // {{.N}}
	kEnemies    = "blindaz.img.enemies_left"
	kRound      = "blindaz.img.round" // {{.Round}}
	kResult     = "blindaz.img.result"
	kLegend     = "blindaz.img.legend."
	kVictory    = "blindaz.result.victory"
	kDefeat     = "blindaz.result.defeat"
	kReasonPref = "blindaz.reason."
)

// legend items, in the order drawn; the first is always shown, the rest
// when the board shows them.
var legendKeys = []string{"enemy_zone", "defence", "fire", "hedgehog", "mine", "turn", "reach", "dig", "grenade", "last", "enemy_last"}

var imgKeys = func() []string {
	ks := []string{kOpenTiles, kPenalty, kFlagsLeft, kEnemies, kRound, kResult, kVictory, kDefeat}
	for _, k := range legendKeys {
		ks = append(ks, kLegend+k)
	}
	return ks
}()

type align int

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// pen draws the picture's text (fitted, wrapped) on its canvas.
type pen struct {
	c *canvas.Canvas
}

// fit shrinks the font from size down to minText (or size, if smaller)
// until s is at most maxW wide, then clips s with "…".
func fit(s string, size, maxW float64, bold bool) (string, float64, float64) {
	s, size = canvas.Fit(s, maxW, size, math.Min(size, minText), bold)
	return s, size, canvas.TextWidth(s, size, bold)
}

// text draws s vertically centred on y, anchored at x as al says, within
// maxW pixels; it returns the width drawn.
func (p pen) text(s string, x, y, size, maxW float64, bold bool, col color.Color, al align) float64 {
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

// wrap breaks s at spaces into lines of at most w pixels at size; ok is
// false when they are more than n or a word alone is too wide.
func wrap(s string, size float64, bold bool, w float64, n int) (lines []string, ok bool) {
	lines = canvas.Wrap(s, w, size, bold)
	return lines, canvas.Fits(lines, n, w, size, bold)
}

// para draws s in at most n lines of lineH from the top y, at size or
// else minText; what still does not fit is cut on the last line.
func (p pen) para(s string, x, y, size, lineH, w float64, n int, bold bool, col color.Color) {
	lines, ok := wrap(s, size, bold, w, n)
	if !ok && size > minText {
		size = minText
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

// cellCentre is the centre of a cell named like "C3"; ok is false for
// anything else (an empty name, off the board).
func cellCentre(name string) (canvas.Pt, bool) {
	if len(name) != 2 || name[0] < 'A' || name[0] >= 'A'+bz.Cols || name[1] < '1' || name[1] > '0'+bz.Lanes {
		return canvas.Pt{}, false
	}
	px, py := cellXY(int(name[0]-'A'), int(name[1]-'0'))
	return canvas.Pt{X: px + cellPx/2, Y: py + cellPx/2}, true
}

// staticBoard is the static layer of ctx's language.
func staticBoard(ctx render.Audience) *canvas.Canvas {
	c, _ := canvas.Layer(layerKey{ctx.L.Lang()}, func() (*canvas.Canvas, struct{}) { return drawStatic(ctx), struct{}{} })
	return c
}

// drawStatic draws the parts that never change: the grid, the dugout, the
// panel and its heading in ctx's language.
func drawStatic(ctx render.Audience) *canvas.Canvas {
	c := canvas.New(palette, imgW, imgH, colBG)
	p := pen{c}
	for x := 0; x < bz.Cols; x++ {
		px, _ := cellXY(x, 1)
		c.Text(string(rune('A'+x)), px+cellPx/2, lettersY+12, minText+1, true, colLabel, canvas.Center)
	}
	for l := 1; l <= bz.Lanes; l++ {
		_, py := cellXY(0, l)
		c.Text(fmt.Sprint(l), marginL/2, py+cellPx/2, minText+1, true, colLabel, canvas.Center)
		for x := 0; x < bz.Cols; x++ {
			px, py := cellXY(x, l)
			switch x {
			case 0:
				c.Rect(px, py, cellPx, cellPx, colEnemyZ)
				drawEntryArrow(c, px+cellPx/2, py+cellPx/2, 1)
			case bz.Cols - 1:
				c.Rect(px, py, cellPx, cellPx, colDugout)
				// the dug trench runs the full width, open to the west
				c.Rect(px+cellPx/2-14, py, 28, cellPx, colTrench)
				c.Rect(px, py+cellPx/2-14, cellPx/2, 28, colTrench)
				for i := 0; i < 4; i++ {
					c.Rect(px+cellPx-12, py+4+float64(i)*19, 9, 16, colSandbag)
				}
			default:
				c.Rect(px, py, cellPx, cellPx, colGround)
			}
			c.RectOutline(px, py, cellPx, cellPx, 1, colGroundLn)
		}
	}
	c.Rect(0, panelY-4, imgW, float64(imgH)-panelY+4, colPanel)
	p.text(ctx.T(kOpenTiles), marginL, panelY+10, headSize, trackX-marginL-12, true, colLabel, alignLeft)
	return c
}

// drawEntryArrow is the enemy zone's arrow (enemies enter there and
// advance east), scale 1 in a board cell.
func drawEntryArrow(c *canvas.Canvas, cx, cy, k float64) {
	c.Polygon([]canvas.Pt{pt(cx-22*k, cy-7*k), pt(cx+5*k, cy-7*k), pt(cx+5*k, cy-17*k), pt(cx+24*k, cy), pt(cx+5*k, cy+17*k), pt(cx+5*k, cy+7*k), pt(cx-22*k, cy+7*k)}, colArrow)
}

func pt(x, y float64) canvas.Pt { return canvas.Pt{X: x, Y: y} }

// tileKey names a trench tile on open ground in canvas.Layer, per size
// and orientation; a board cell's edge is part of it.
type tileKey struct{ size, ori int }

// pasteTrench stamps a kept trench tile with its ground at (px, py),
// whole pixels: the tiles are most of a busy board's shapes.
func pasteTrench(c *canvas.Canvas, px, py, size float64, ori int) {
	t, _ := canvas.Layer(tileKey{int(size), ori}, func() (*canvas.Canvas, struct{}) {
		tc := canvas.New(palette, int(size), int(size), colGround)
		if size == cellPx {
			tc.RectOutline(0, 0, size, size, 1, colGroundLn)
		}
		drawTrench(tc, 0, 0, size, ori)
		return tc, struct{}{}
	})
	c.Stamp(t, image.Pt(int(px), int(py)))
}

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

// drawSymbol draws a trench's symbol centred at (cx, cy).
func (p pen) drawSymbol(cx, cy float64, sym string) {
	c := p.c
	switch sym {
	case bz.SymFire:
		c.Circle(canvas.Pt{X: cx, Y: cy}, 15, colFire)
		p.text("+1", cx, cy, minText, 40, true, white, alignCenter)
	case bz.SymHedgehog:
		c.Circle(canvas.Pt{X: cx, Y: cy}, 14, colShield)
		c.Line(canvas.Pt{X: cx - 8, Y: cy - 8}, canvas.Pt{X: cx + 8, Y: cy + 8}, 3, black)
		c.Line(canvas.Pt{X: cx + 8, Y: cy - 8}, canvas.Pt{X: cx - 8, Y: cy + 8}, 3, black)
		c.Line(canvas.Pt{X: cx, Y: cy - 9}, canvas.Pt{X: cx, Y: cy + 9}, 3, black)
	case bz.SymMine:
		c.Circle(canvas.Pt{X: cx, Y: cy}, 14, colShield)
		c.Circle(canvas.Pt{X: cx, Y: cy}, 10, colRed)
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

// drawShield is an enemy's defence: a shield, or a disc for artillery.
func (p pen) drawShield(cx, cy float64, def int, disc bool) {
	if disc {
		p.c.Circle(canvas.Pt{X: cx, Y: cy}, 14, colShield)
	} else {
		p.c.Polygon(shieldPts(cx, cy, 14), colShield)
		p.c.Outline(shieldPts(cx, cy, 14), 1.5, black)
	}
	p.text(fmt.Sprint(def), cx, cy, minText+1, 30, true, black, alignCenter)
}

// drawEnemy draws an enemy counter in the upper part of a cell.
func (p pen) drawEnemy(px, py float64, cv bz.CellView) {
	c := p.c
	x, y, s := px+6, py+6, 54.0
	switch cv.Kind {
	case bz.Infantry:
		c.Fill(x, y, s, s, colInfantry)
		for i := 0; i < cv.Defence; i++ {
			hx := x + 12 + float64(i)*14
			c.Circle(canvas.Pt{X: hx, Y: y + 22}, 6, colTank)
			c.Fill(hx-4, y+28, 8, 14, colTank)
		}
	case bz.Tank:
		c.Fill(x, y, s, s, colTank)
		c.Fill(x+6, y+26, 38, 19, colGun)
		c.Circle(canvas.Pt{X: x + 25, Y: y + 26}, 9, colGun)
		c.Line(canvas.Pt{X: x + 25, Y: y + 26}, canvas.Pt{X: x + s - 4, Y: y + 26}, 5, colGun)
	case bz.Artillery:
		c.Fill(x, y, s, s, colGun)
		c.Circle(canvas.Pt{X: x + 20, Y: y + 40}, 10, colTank)
		c.Line(canvas.Pt{X: x + 20, Y: y + 40}, canvas.Pt{X: x + s - 6, Y: y + 17}, 5, colTank)
	}
	c.Box(x, y, s, s, 2, black)
	p.drawShield(x+s-2, y+s-8, cv.Defence, cv.Kind == bz.Artillery)
}

func (p pen) drawSoldier(cx, cy float64, i int, active bool) {
	if active {
		p.c.Circle(canvas.Pt{X: cx, Y: cy}, 18, white)
	}
	p.c.Circle(canvas.Pt{X: cx, Y: cy}, 15, seatCols[i%len(seatCols)])
	p.text(fmt.Sprint(i+1), cx, cy, minText+1, 28, true, white, alignCenter)
}

func drawGrenade(c *canvas.Canvas, cx, cy, r float64) {
	c.Circle(canvas.Pt{X: cx, Y: cy}, r, colGrenade)
	c.Rect(cx-r*0.3, cy-r*1.35, r*0.6, r*0.5, colDim)
	c.Line(canvas.Pt{X: cx + r*0.2, Y: cy - r*1.2}, canvas.Pt{X: cx + r*0.9, Y: cy - r*0.4}, 2, colDim)
}

// drawReach marks a destination of the acting soldier: a white ring, or
// a yellow one where it may step out of the trench to dig.
func drawReach(c *canvas.Canvas, cx, cy float64, exit bool) {
	col := white
	if exit {
		col = colHighlite
	}
	c.Circle(canvas.Pt{X: cx, Y: cy}, 9, black)
	c.Circle(canvas.Pt{X: cx, Y: cy}, 7, col)
}

// Image draws the public board: trenches with symbols, flags, enemies with
// their defence, soldiers, the acting soldier's destinations, the last
// move, and below the board the open tiles, the penalty track, flags, the
// soldiers with their players' names and grenades, and a legend. Words
// come from ctx's language.
func (Renderer) Image(ctx render.Audience, v bz.View) ([]byte, error) {
	if len(v.Cells) != bz.Cells {
		return nil, nil
	}
	return picture(ctx, v).PNG()
}

// picture draws the public board on a copy of its static layer.
func picture(ctx render.Audience, v bz.View) *canvas.Canvas {
	c := staticBoard(ctx).Clone()
	drawBoard(pen{c: c}, ctx, v)
	return c
}

// drawBoard draws everything that depends on the view onto the static layer.
func drawBoard(p pen, ctx render.Audience, v bz.View) {
	c := p.c
	used := map[string]bool{}
	for _, cv := range v.Cells {
		px, py := cellXY(cv.X, cv.Lane)
		if cv.Tile != "" {
			if cv.X > 0 && cv.X < bz.Cols-1 {
				pasteTrench(c, px, py, cellPx, cv.Ori)
			} else {
				drawTrench(c, px, py, cellPx, cv.Ori)
			}
			if cv.Symbol != "" {
				p.drawSymbol(px+17, py+17, cv.Symbol)
				used[cv.Symbol] = true
			}
		}
		if cv.Flag {
			c.Fill(px+1, py+1, cellPx-2, cellPx-2, colEnemyZ) // the flag tile covers the arrow
			drawFlag(c, px, py, cellPx)
		}
		if cv.Enemy != "" {
			p.drawEnemy(px, py, cv)
			used["defence"] = true
		}
	}
	if v.Phase == bz.PhaseTurn && !v.Moved {
		for _, d := range v.Reach {
			px, py := cellXY(d.X, d.Lane)
			drawReach(c, px+cellPx-13, py+13, d.Exit)
			used["reach"] = true
			if d.Exit {
				used["dig"] = true
			}
		}
	}
	p.lastMove(ctx, v, used)
	// soldiers on the board: coloured numbered pawns; the panel is their
	// legend with the players' names (a cell has no room for names)
	byCell := map[string][]int{}
	for i, so := range v.Soldiers {
		if so.Cell != "" {
			byCell[so.Cell] = append(byCell[so.Cell], i)
		}
	}
	offs := []canvas.Pt{pt(-20, 0), pt(20, 0), pt(-20, -30), pt(20, -30)}
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
		cx, cy := px+cellPx/2+o.X, py+cellPx-19+o.Y
		if len(byCell[so.Cell]) == 1 {
			cx = px + cellPx/2
		}
		p.drawSoldier(cx, cy, i, v.Phase == bz.PhaseTurn && i == v.Turn)
	}
	if v.Phase == bz.PhaseTurn {
		used["turn"] = true
	}
	p.panel(ctx, v, used)
	p.legend(ctx, used)
}

// panel draws the open tiles, the penalty track, the flags left, the round
// and the soldiers' legend.
func (p pen) panel(ctx render.Audience, v bz.View, used map[string]bool) {
	c := p.c
	for i, t := range v.Market {
		x, y := marginL+float64(i)*(tilePx+12), float64(tileY)
		c.Fill(x, y, tilePx, tilePx, colGround)
		if t.Shape == bz.NoShape {
			drawGrenade(c, x+tilePx/2, y+tilePx/2+6, 15)
			used["grenade"] = true
		} else {
			pasteTrench(c, x, y, tilePx, bz.Orientations[t.Shape][0])
			if t.Symbol != "" {
				p.drawSymbol(x+15, y+15, t.Symbol)
				used[t.Symbol] = true
			}
		}
		// the slot's number, as the dig buttons name it
		c.Fill(x+tilePx-22, y+tilePx-24, 22, 24, colPanel)
		p.text(fmt.Sprint(i+1), x+tilePx-11, y+tilePx-12, minText, 20, true, colLabel, alignCenter)
	}
	// penalty track: one square per point up to the limit, flag side up
	// until flipped
	right := float64(imgW - 16)
	p.text(ctx.T(kPenalty, "N", v.Penalty, "Limit", v.Limit), trackX, panelY+10, headSize, right-trackX, true, colLabel, alignLeft)
	step := math.Min(30, (right-trackX)/float64(max(v.Limit, 1)))
	for i := 0; i < v.Limit; i++ {
		x, y, sz := trackX+float64(i)*step, float64(tileY), step-4
		if i < v.Penalty {
			c.Fill(x, y, sz, sz, colRed)
		} else {
			c.Fill(x, y, sz, sz, colShield)
			drawFlag(c, x, y, sz)
		}
	}
	p.text(ctx.T(kEnemies, "N", v.EnemyStack), trackX, tileY+52, minText, right-trackX, false, colLabel, alignLeft)
	// flags left and the round
	fw := p.text(ctx.T(kFlagsLeft, "N", v.FlagsLeft), marginL, row2Y, headSize, trackX-marginL+60, true, colLabel, alignLeft)
	for i := 0; i < v.FlagsLeft && marginL+fw+10+float64(i+1)*26 < right-100; i++ {
		drawFlag(c, marginL+fw+8+float64(i)*26, row2Y-16, 32)
	}
	if v.Phase != bz.PhaseOver {
		p.text(ctx.T(kRound, "Round", v.Round), right, row2Y, headSize, 120, true, colLabel, alignRight)
	}
	// soldiers: pawn, player's name, grenade
	colW := (right - marginL) / 2
	for i, so := range v.Soldiers {
		x := marginL + float64(i%2)*colW
		y := soldiersY + float64(i/2)*soldierH + soldierH/2
		p.drawSoldier(x+14, y, i, v.Phase == bz.PhaseTurn && i == v.Turn)
		nameW := colW - 40 - 30
		w := p.text(ctx.Name(games.Seat(so.Seat)), x+38, y, headSize, nameW, false, colLabel, alignLeft)
		if so.Grenade {
			drawGrenade(c, x+38+w+16, y+3, 9)
			used["grenade"] = true
		}
	}
}

// legend explains the symbols on the board: the enemy zone always, the
// rest when shown.
func (p pen) legend(ctx render.Audience, used map[string]bool) {
	c := p.c
	x, y := marginL-26, float64(legendY)
	for i, k := range legendKeys {
		if i > 0 && !used[k] {
			continue
		}
		label := ctx.T(kLegend + k)
		w := 30 + 6 + canvas.TextWidth(label, minText, false) + 18
		if x+w > imgW-8 && x > marginL-26 {
			x, y = marginL-26, y+24
		}
		cx := x + 15
		switch k {
		case "enemy_zone":
			c.Fill(x, y-14, 30, 28, colEnemyZ)
			drawEntryArrow(c, cx, y, 0.55)
		case "defence":
			p.c.Polygon(shieldPts(cx, y-1, 11), colShield)
		case "fire", "hedgehog", "mine":
			p.drawSymbol(cx, y, map[string]string{"fire": bz.SymFire, "hedgehog": bz.SymHedgehog, "mine": bz.SymMine}[k])
		case "turn":
			c.Circle(canvas.Pt{X: cx, Y: y}, 13, white)
			c.Circle(canvas.Pt{X: cx, Y: y}, 10, seatCols[0])
		case "reach", "dig":
			drawReach(c, cx, y, k == "dig")
		case "grenade":
			drawGrenade(c, cx, y+3, 10)
		case "last", "enemy_last":
			col := colHighlite
			if k == "enemy_last" {
				col = colRed
			}
			c.Box(cx-12, y-11, 24, 22, 4, col)
		}
		p.text(label, x+36, y, minText, imgW-8-x-36, false, colLabel, alignLeft)
		x += w
	}
}
