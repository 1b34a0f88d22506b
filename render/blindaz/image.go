package blindaz

import (
	"fmt"
	"github.com/warroom/warroom/render"
	"image/color"
	"sync"

	bz "github.com/warroom/warroom/games/blindaz"
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
)

var (
	baseOnce sync.Once
	base     *canvas.Canvas
)

func cellXY(x, lane int) (float64, float64) {
	return marginL + float64(x)*cellPx, marginT + float64(lane-1)*cellPx
}

// staticBoard draws the parts that never change.
func staticBoard() *canvas.Canvas {
	baseOnce.Do(func() {
		c := canvas.New(imgW, imgH, colBG)
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
		for i := 0; i < bz.MarketSize; i++ {
			x := sideX + 12 + float64(i)*78
			c.Text(fmt.Sprint(i+1), x+34, marginT+12, 14, true, colLabel, canvas.Center)
			c.RectOutline(x, marginT+22, 68, 68, 2, colDim)
		}
		base = c
	})
	return base
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
// with the open tiles, the penalty track, flags, stacks and grenades.
func (Renderer) Image(ctx render.Ctx, view any) ([]byte, error) {
	v, ok := asView(view)
	if !ok || len(v.Cells) != bz.Cells {
		return nil, nil
	}
	c := staticBoard().Clone()
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
				col = canvas.Hex("#ffd54f")
			}
			c.Circle(canvas.Pt{X: px + cellPx - 12, Y: py + 12}, 5, col)
		}
	}
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
		x, y := sideX+12+float64(i)*78, marginT+22
		c.Rect(x, y, 68, 68, colGround)
		if t.Shape == bz.NoShape {
			drawGrenade(c, x+34, y+40, 16)
		} else {
			drawTrench(c, x, y, 68, bz.Orientations[t.Shape][0])
			drawSymbol(c, x-4, y-4, t.Symbol)
		}
	}
	// penalty track: one tile per point up to the limit, flag side up until flipped
	ty := marginT + 112.0
	for i := 0; i < v.Limit; i++ {
		x := sideX + 12 + float64(i%6)*38
		y := ty + float64(i/6)*40
		if i < v.Penalty {
			c.Rect(x, y, 32, 32, colDim)
			c.RectOutline(x, y, 32, 32, 1, black)
		} else {
			c.Rect(x, y, 32, 32, colShield)
			drawFlag(c, x, y, 32)
		}
	}
	rows := float64((v.Limit + 5) / 6)
	c.Text(fmt.Sprintf("%d/%d", v.Penalty, v.Limit), sideX+sideW-14, ty+rows*40+8, 18, true, colLabel, canvas.Center)
	// flags left
	fy := ty + rows*40 + 24
	for i := 0; i < v.FlagsLeft; i++ {
		drawFlag(c, sideX+8+float64(i)*40, fy, 40)
	}
	// stacks: trench stack, discard, enemy stack, round
	sy := fy + 56
	c.Rect(sideX+14, sy, 26, 26, colTrench)
	c.Rect(sideX+18, sy-4, 26, 26, colTrench)
	c.RectOutline(sideX+18, sy-4, 26, 26, 1, black)
	c.Text(fmt.Sprint(v.Stack), sideX+52, sy+10, 16, true, colLabel, canvas.Left)
	c.Rect(sideX+94, sy-4, 26, 26, colDim)
	c.Text(fmt.Sprint(len(v.Discard)), sideX+128, sy+10, 16, true, colLabel, canvas.Left)
	c.Rect(sideX+166, sy, 26, 26, colTank)
	c.Rect(sideX+170, sy-4, 26, 26, colTank)
	c.RectOutline(sideX+170, sy-4, 26, 26, 1, colGun)
	c.Text(fmt.Sprint(v.EnemyStack), sideX+204, sy+10, 16, true, colLabel, canvas.Left)
	// soldiers and their grenades
	py := sy + 50
	for i, so := range v.Soldiers {
		y := py + float64(i)*40
		drawSoldier(c, sideX+28, y+14, i, v.Phase == bz.PhaseTurn && i == v.Turn)
		c.Text(so.Cell, sideX+52, y+14, 16, true, colLabel, canvas.Left)
		if so.Grenade {
			drawGrenade(c, sideX+110, y+18, 10)
		}
	}
	// round number
	c.Text(fmt.Sprintf("R%d", v.Round), sideX+sideW-14, marginT+gridH-18, 18, true, colLabel, canvas.Center)
	if v.Phase == bz.PhaseOver {
		col := colRed
		mark := "✗"
		if v.Result == bz.Victory {
			col, mark = canvas.Hex("#2e8b57"), "✓"
		}
		c.Circle(canvas.Pt{X: sideX + sideW - 40, Y: py + 20}, 22, col)
		c.Text(mark, sideX+sideW-40, py+20, 26, true, white, canvas.Center)
	}
	return c.PNG()
}
