package flanders

import (
	"fmt"
	"github.com/warroom/warroom/render"
	"image/color"
	"strings"
	"sync"

	fl "github.com/warroom/warroom/games/flanders"
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
)

// shortNames are the card labels on the picture (short, language-neutral).
var shortNames = map[string]string{
	"infantry_1": "INFANTRY", "infantry_1_plus": "INFANTRY", "infantry_2": "INFANTRY",
	"infantry_2_plus": "INFANTRY", "infantry_3": "INFANTRY", "tank": "TANKS",
	"british_artillery": "ARTILLERY", "aerial_recon": "RECON", "observation_balloon": "BALLOON",
	"british_gas": "GAS", "mines": "MINES", "reserves": "RESERVES",
	"german_mg": "MG", "german_artillery": "ARTILLERY", "german_counter_attack": "COUNTER",
	"german_gas": "GAS", "flying_circus": "CIRCUS", "barbed_wire": "WIRE",
}

var keptShort = map[string]string{
	"british_artillery": "ART", "aerial_recon": "RCN", "observation_balloon": "BLN",
	"british_gas": "GAS", "mines": "MIN",
}

func rowY(r int) float64 { return rowTop20 + float64(fl.Objective-r)*rowH }

func cellXY(sp int) (float64, float64) {
	i := sp - 3
	return gridX0 + float64(i%3)*(cellW+cellGap), gridY0 + float64(i/3)*(cellH+cellGap)
}

var (
	baseOnce sync.Once
	base     *canvas.Canvas
)

func baseLayer() *canvas.Canvas {
	baseOnce.Do(func() {
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
			c.Text(fmt.Sprint(r), laneX0/2, y+rowH/2, 16, fl.IsLine(r) || r == fl.Objective, cInk, canvas.Center)
		}
		c.Line(canvas.Pt{X: laneX0, Y: rowY(-1)}, canvas.Pt{X: laneEnd, Y: rowY(-1)}, 1, cFaint)
		for i := 0; i <= 4; i++ {
			x := laneX0 + float64(i)*laneW
			c.Line(canvas.Pt{X: x, Y: rowY(fl.Objective)}, canvas.Pt{X: x, Y: rowY(-1)}, 2, cInk)
		}
		for k, l := range fl.Lines {
			label := fmt.Sprintf("GERMAN LINE %d", k+1)
			w := canvas.TextWidth(label, 14, true)
			c.Rect(laneX0+2*laneW-w/2-6, rowY(l)+8, w+12, rowH-16, cLine)
			c.Text(label, laneX0+2*laneW, rowY(l)+rowH/2, 14, true, canvas.Hex("#555555"), canvas.Center)
		}
		w := canvas.TextWidth("OBJECTIVE", 16, true)
		c.Rect(laneX0+2*laneW-w/2-6, rowY(fl.Objective)+8, w+12, rowH-16, cObjective)
		c.Text("OBJECTIVE", laneX0+2*laneW, rowY(fl.Objective)+rowH/2, 16, true, cWhite, canvas.Center)
		c.Text("IN FLANDERS FIELD", laneX0, 8, 20, true, cInk, canvas.TopLeft)
		// Card area frames and sums.
		for sp := 3; sp <= 11; sp++ {
			x, y := cellXY(sp)
			c.Rect(x, y, cellW, cellH, cCell)
			c.RectOutline(x, y, cellW, cellH, 2, cFaint)
			c.Text(fmt.Sprint(sp), x+12, y+8, 40, true, cInk, canvas.TopLeft)
			rc := fmt.Sprintf("%d/216", fl.RollCounts[sp])
			c.Text(rc, x+cellW-10-canvas.TextWidth(rc, 13, false), y+14, 13, false, cFaint, canvas.TopLeft)
		}
		x9, y9 := cellXY(fl.NineSpace)
		c.Text("ADVANCE", x9+cellW/2, y9+100, 24, true, cBritish, canvas.Center)
		c.Text("+1", x9+cellW/2, y9+135, 30, true, cBritish, canvas.Center)
		c.RectOutline(x9+6, y9+6, cellW-12, cellH-12, 4, cBritish)
		base = c
	})
	return base
}

func troopIcon(c *canvas.Canvas, x, y float64, col color.Color) {
	c.Circle(canvas.Pt{X: x, Y: y - 5}, 3.5, col)
	c.Polygon([]canvas.Pt{{X: x - 5, Y: y + 7}, {X: x + 5, Y: y + 7}, {X: x + 3, Y: y - 1}, {X: x - 3, Y: y - 1}}, col)
}

func drawCard(c *canvas.Canvas, x, y float64, code string, option bool) {
	t := fl.TypeByCode(code)
	if t < 0 {
		return
	}
	ct := fl.Types[t]
	border := cBritish
	if !ct.British {
		border = cGerman
	}
	c.RectOutline(x+6, y+6, cellW-12, cellH-12, 5, border)
	if !ct.British {
		c.Text("GERMAN", x+cellW/2, y+70, 14, true, cGerman, canvas.Center)
	}
	c.Text(shortNames[code], x+cellW/2, y+98, 22, true, border, canvas.Center)
	switch {
	case ct.Tank:
		c.Text(fmt.Sprintf("+%d TANK", ct.Move), x+cellW/2, y+132, 24, true, cInk, canvas.Center)
	case ct.Move > 0:
		s := fmt.Sprintf("+%d", ct.Move)
		if ct.Plus {
			s += " (+1)"
		}
		c.Text(s, x+cellW/2, y+132, 28, true, cInk, canvas.Center)
	case ct.Keep:
		c.Text("KEEP", x+cellW/2, y+132, 16, false, cFaint, canvas.Center)
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
	c.Text(fmt.Sprint(v), x+20, y+20, 24, true, cInk, canvas.Center)
}

// Image draws the public board.
func (Renderer) Image(ctx render.Ctx, view any) ([]byte, error) {
	v, ok := asView(view)
	if !ok {
		return nil, nil
	}
	c := baseLayer().Clone()
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
			c.Text("—", x+cellW/2, y+cellH/2, 30, false, cFaint, canvas.Center)
			continue
		}
		drawCard(c, x, y, s.Card.Type, s.Option)
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
			c.Text(fmt.Sprint(p.Troops), cx, cy, 18, true, cWhite, canvas.Center)
		}
	}
	// Strip: one line per company, then piles and dice.
	for i, p := range v.Players {
		y := stripY + 16 + float64(i)*38
		x := gridX0
		if p.Active {
			c.Rect(x-6, y-4, 3*cellW+2*cellGap+12, 34, canvas.Hex("#fff6cc"))
		}
		col := laneCols[p.Colour]
		if p.Eliminated {
			col = cGrey
		}
		c.Circle(canvas.Pt{X: x + 12, Y: y + 13}, 11, col)
		c.Text(fmt.Sprintf("P%d", p.Seat+1), x+30, y+13, 16, true, cInk, canvas.Left)
		c.Text(fmt.Sprintf("ROW %d", p.Row), x+66, y+13, 16, false, cInk, canvas.Left)
		for k := 0; k < p.Troops && k < 12; k++ {
			troopIcon(c, x+150+float64(k)*13, y+14, col)
		}
		if p.Troops > 12 {
			c.Text(fmt.Sprintf("+%d", p.Troops-12), x+150+12*13, y+13, 14, true, cInk, canvas.Left)
		}
		var kept []string
		for _, h := range p.Hand {
			if s, ok := keptShort[h.Type]; ok && !h.New {
				kept = append(kept, s)
			}
		}
		tag := strings.Join(kept, " ")
		switch {
		case p.Winner:
			tag = "WIN " + tag
		case p.Reached:
			tag = "OBJ " + tag
		case p.Eliminated:
			tag = "OUT"
		}
		c.Text(tag, x+340, y+13, 15, true, cInk, canvas.Left)
	}
	y := stripY + 16 + 4*38 + 8
	c.Text(fmt.Sprintf("ROUND %d   POOL %d   DRAW %d   DISCARD %d", v.Round, v.Pool, v.DrawCount, len(v.Discard)),
		gridX0, y+20, 16, true, cInk, canvas.Left)
	for i, d := range v.Dice {
		drawDie(c, gridX0+3*cellW+2*cellGap-3*48+float64(i)*48, y, d)
	}
	return c.PNG()
}
