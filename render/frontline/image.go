package frontline

import (
	"fmt"
	"github.com/warroom/warroom/render"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	fl "github.com/warroom/warroom/games/frontline"
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
	bgCol     = canvas.Hex("#e9e1cc")
	inkCol    = canvas.Hex("#2b2620")
	slotCol   = canvas.Hex("#d6ccb2")
	lineCol   = canvas.Hex("#9c8f72")
	creamCol  = canvas.Hex("#fbf7ec")
	redSide   = canvas.Hex("#b03a2e")
	blueSide  = canvas.Hex("#2c5f9e")
	whiteCol  = color.RGBA{255, 255, 255, 255}
	dimCol    = canvas.Hex("#7d7464")
	goldCol   = canvas.Hex("#c9a227")
	kindCols  = map[string]color.RGBA{"red": canvas.Hex("#c0392b"), "green": canvas.Hex("#2e8b57"), "brown": canvas.Hex("#8b5a2b"), "yellow": canvas.Hex("#d4a017"), "grey": canvas.Hex("#7f8c8d"), "blue": canvas.Hex("#2c6fbb")}
	catCols   = map[string]color.RGBA{fl.CatActivation: canvas.Hex("#2e8b57"), fl.CatPermanent: canvas.Hex("#7b4fa0"), fl.CatBattle: canvas.Hex("#c0392b"), fl.CatInstant: canvas.Hex("#d4a017"), fl.CatEquipment: canvas.Hex("#7f8c8d")}
	baseOnce  sync.Once
	baseLayer *canvas.Canvas
)

// Short, language-neutral labels for the picture.
var unitAbbr = map[string]string{
	"general": "GEN", "colonel": "COL", "captain": "CPT", "ensign": "ENS",
	"rifle_infantry": "LINE", "riflemen": "RIFL", "grenadiers": "GREN", "mountain_infantry": "MTN",
	"recon": "RECON", "storm_troops": "STORM", "sappers": "SAPP",
	"light_artillery": "L.ART", "heavy_artillery": "H.ART", "mortars": "MORT",
	"armoured_cars": "A.CAR", "tanks": "TANK", "fighters": "FIGHT", "bombers": "BOMB", "recon_plane": "R.PLN",
}

var cardAbbr = map[string]string{
	"barracks": "BARR", "reorganization": "REORG", "fortify": "FORT", "disinformation": "DISINF", "camouflage": "CAMO",
	"field_hospital": "HOSP", "minefield": "MINES", "spy": "SPY", "treasury_expansion": "TREAS", "convoy": "CONVOY",
	"sabotage": "SABOT", "assault": "ASSLT", "barrage": "BARRG", "gas_attack": "GAS", "reserves": "RESRV",
	"dig_in": "DIG IN", "initiative": "INIT", "orderly_retreat": "RETRT", "ammo_supply": "AMMO", "trench_raid": "RAID",
	"escape": "ESCAPE", "propaganda": "PROPG", "field_promotion": "PROMO", "conscription": "CONSC", "extra_barrage": "X.BARR",
	"howitzers": "HOWITZ", "machine_guns": "MG", "barbed_wire": "WIRE", "gas_masks": "MASKS", "aero_engines": "AERO",
	"armour_plating": "PLATE", "field_telephones": "PHONE", "motor_transport": "MOTOR", "ammo_dump": "DUMP",
}

var eventAbbr = map[string]string{
	"harsh_winter": "WINTER", "epidemic": "EPIDEM", "war_loan": "LOAN", "ammo_shortage": "NO AMMO", "reinforcements": "REINF",
	"mutiny": "MUTINY", "prisoner_exchange": "POW EX", "rail_transport": "RAIL", "fog": "FOG",
	"fortification_works": "WORKS", "open_orders": "ORDERS", "christmas_truce": "TRUCE",
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

func base() *canvas.Canvas {
	baseOnce.Do(func() {
		c := canvas.New(imgW, imgH, bgCol)
		fill(c, 0, 0, imgW, 56, inkCol)
		c.Text("IF - PIERWSZY FRONT", imgW/2, 28, 26, true, creamCol, canvas.Center)
		fill(c, 40, 60, 590, 16, redSide)
		fill(c, 920, 60, 590, 16, blueSide)
		c.Text("A", 335, 68, 13, true, whiteCol, canvas.Center)
		c.Text("B", 1215, 68, 13, true, whiteCol, canvas.Center)
		for p := 0; p < 2; p++ {
			for f := 1; f <= 3; f++ {
				for col := 1; col <= 4; col++ {
					x, y := slotXY(p, f, col)
					fill(c, x, y, colW, rowH, slotCol)
					outline(c, x, y, colW, rowH, 1, lineCol)
					c.Text(fmt.Sprintf("%d.%d", f, col), x+colW/2, y+rowH/2, 14, false, lineCol, canvas.Center)
				}
			}
		}
		for f := 1; f <= 3; f++ {
			y := float64(rowY0 + (f-1)*(rowH+rowGap))
			fill(c, 640, y, 260, rowH, canvas.Hex("#d9cfb5"))
			outline(c, 640, y, 260, rowH, 1, lineCol)
			c.Text(roman[f], 770, y+22, 26, true, inkCol, canvas.Center)
		}
		// Boxes under the grids.
		for p := 0; p < 2; p++ {
			x := 40.0
			if p == 1 {
				x = 920
			}
			outline(c, x, 470, 590, 62, 1, lineCol)
			c.Text("REAR", x+6, 472, 11, true, dimCol, canvas.TopLeft)
			outline(c, x, 538, 290, 62, 1, lineCol)
			c.Text("PRISON", x+6, 540, 11, true, dimCol, canvas.TopLeft)
			outline(c, x+300, 538, 290, 62, 1, lineCol)
			c.Text("EQUIP / PERM", x+306, 540, 11, true, dimCol, canvas.TopLeft)
		}
		fill(c, 0, 612, imgW, 2, lineCol)
		c.Text("UNITS", 40, 622, 12, true, dimCol, canvas.TopLeft)
		c.Text("MARKET", 420, 622, 12, true, dimCol, canvas.TopLeft)
		c.Text("CALENDAR", 1060, 622, 12, true, dimCol, canvas.TopLeft)
		baseLayer = c
	})
	return baseLayer
}

func drawUnit(c *canvas.Canvas, u fl.UnitView, x, y, w, h float64) {
	t, _ := fl.UnitTypeByID(u.Type)
	fill(c, x, y, w, h, creamCol)
	outline(c, x, y, w, h, 1.5, inkCol)
	fill(c, x, y, w, 22, kindCols[t.Colour])
	_, n := split(u.ID)
	c.Text(unitAbbr[u.Type]+" "+n, x+w/2, y+11, 13, true, whiteCol, canvas.Center)
	str := fmt.Sprint(t.Str)
	if t.Kind == fl.KindCommander {
		str = fmt.Sprintf("+%d/+%d", t.Str, t.Fort)
	}
	c.Text(str, x+w/2, y+h/2+6, 30, true, inkCol, canvas.Center)
	c.Text(fmt.Sprintf("R%d", t.Range), x+6, y+h-6, 12, false, dimCol, canvas.Left)
	c.Text(roman[u.Front], x+w-6-canvas.TextWidth(roman[u.Front], 12, true), y+h-10, 12, true, dimCol, canvas.Left)
	chipX := x + w - 4
	chip := func(s string, col color.RGBA) {
		cw := canvas.TextWidth(s, 11, true) + 8
		chipX -= cw + 2
		fill(c, chipX, y+25, cw, 16, col)
		c.Text(s, chipX+cw/2, y+33, 11, true, whiteCol, canvas.Center)
	}
	if u.Plus2 {
		chip("+2", canvas.Hex("#1f7a3a"))
	}
	if u.Plus1 {
		chip("+1", canvas.Hex("#3c8d5a"))
	}
	if u.Camo {
		chip("camo", canvas.Hex("#5b6b3a"))
	}
}

func drawChip(c *canvas.Canvas, label string, col color.RGBA, x, y float64) float64 {
	w := canvas.TextWidth(label, 11, true) + 10
	fill(c, x, y, w, 18, col)
	c.Text(label, x+w/2, y+9, 11, true, whiteCol, canvas.Center)
	return x + w + 4
}

func badge(c *canvas.Canvas, label string, col color.RGBA, x, y float64) {
	w := canvas.TextWidth(label, 12, true) + 10
	fill(c, x-w/2, y, w, 18, col)
	c.Text(label, x, y+9, 12, true, whiteCol, canvas.Center)
}

// Image draws the public board (only public fields of the view are used).
func (Renderer) Image(ctx render.Ctx, view any) ([]byte, error) {
	v, ok := asView(view)
	if !ok {
		return nil, nil
	}
	c := base().Clone()
	for p := 0; p < 2; p++ {
		pv := v.P[p]
		side := []color.RGBA{redSide, blueSide}[p]
		for f := 1; f <= 3; f++ {
			for col := 1; col <= 4; col++ {
				if u := pv.Grid[f-1][col-1]; u != nil {
					x, y := slotXY(p, f, col)
					drawUnit(c, *u, x, y, colW, rowH)
				}
			}
			// Centre strip: fortification shield and markers per side.
			y := float64(rowY0 + (f-1)*(rowH+rowGap))
			sx := 668.0
			if p == 1 {
				sx = 872
			}
			fill(c, sx-18, y+40, 36, 24, side) // shield: a block narrowing to a point
			for i := 0; i < 12; i++ {
				fill(c, sx-18+float64(i)*1.5, y+64+float64(i), 36-float64(i)*3, 1, side)
			}
			c.Text(fmt.Sprint(pv.Fort[f-1]), sx, y+56, 18, true, whiteCol, canvas.Center)
			var marks []string
			if pv.Morale[f-1] > 0 {
				marks = append(marks, "MOR")
			}
			if pv.Mine[f-1] > 0 {
				marks = append(marks, "MINE")
			}
			if pv.Hospital == f {
				marks = append(marks, "+H")
			}
			if !pv.Ready[f-1] {
				marks = append(marks, "ZZ")
			}
			if pv.DeclFront == f && v.Viewer < 0 { // a seat view may hold a secret front
				marks = append(marks, "ATK")
			}
			for i, m := range marks {
				bx := sx + 30 + float64(i%2)*44
				if p == 1 {
					bx = sx - 30 - float64(i%2)*44
				}
				badge(c, m, inkCol, bx, y+6+float64(i/2)*22)
			}
		}
		// Rear, prison, equipment.
		bx := 40.0
		if p == 1 {
			bx = 920
		}
		x := bx + 6
		for _, u := range pv.Rear {
			_, n := split(u.ID)
			t, _ := fl.UnitTypeByID(u.Type)
			if x > bx+540 {
				drawChip(c, "...", inkCol, x, 506)
				break
			}
			x = drawChip(c, unitAbbr[u.Type]+n+marks(u), kindCols[t.Colour], x, 506)
		}
		x = bx + 6
		for _, u := range pv.Prison {
			_, n := split(u.ID)
			t, _ := fl.UnitTypeByID(u.Type)
			if x > bx+240 {
				drawChip(c, "...", inkCol, x, 574)
				break
			}
			x = drawChip(c, unitAbbr[u.Type]+n, kindCols[t.Colour], x, 574)
		}
		x = bx + 306
		for _, e := range pv.Equip {
			x = drawChip(c, cardAbbr[e.Type], catCols[e.Cat], x, 556)
		}
		x = bx + 306
		for _, e := range pv.Perm {
			if x > bx+560 {
				break
			}
			x = drawChip(c, cardAbbr[e.Type], catCols[e.Cat], x, 578)
		}
		// Stats line under the side banner.
		stats := fmt.Sprintf("VP %d   GOLD %d   AMMO %d   HAND %d", pv.VP, pv.Gold, pv.Ammo, pv.HandCount)
		if pv.HasDecl {
			stats += "   BATTLE!"
		}
		c.Text(stats, bx+295, 445+4, 15, true, side, canvas.Center)
	}
	// Unit row (or draft pool).
	row := v.UnitRow
	if len(v.Draft) > 0 {
		row = v.Draft
	}
	for i, u := range row {
		x := 40 + float64(i%3)*118
		y := 642.0 + float64(i/3)*124
		drawUnit(c, u, x, y, 110, 110)
	}
	c.Text(fmt.Sprintf("deck %d", v.UnitDeck), 40, 882, 12, false, dimCol, canvas.Left)
	// Market piles.
	for i, pile := range v.Piles {
		x := 420 + float64(i)*124
		y := 642.0
		fill(c, x, y, 116, 150, creamCol)
		outline(c, x, y, 116, 150, 1.5, inkCol)
		if pile.Top != nil {
			fill(c, x, y, 116, 22, catCols[pile.Top.Cat])
			c.Text(cardAbbr[pile.Top.Type], x+58, y+11, 13, true, whiteCol, canvas.Center)
			fill(c, x+34, y+51, 48, 48, goldCol)
			c.Text(fmt.Sprint(pile.Top.Cost), x+58, y+75, 24, true, inkCol, canvas.Center)
		}
		c.Text(fmt.Sprintf("%d  x%d", i+1, pile.Height), x+58, y+136, 13, true, dimCol, canvas.Center)
	}
	c.Text(fmt.Sprintf("deck %d", v.ActDeck), 420, 810, 12, false, dimCol, canvas.Left)
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
		c.Text(fmt.Sprintf("L%d", v.LimitMonth[m]), x+28, y+46, 11, false, dimCol, canvas.Center)
		if v.EventMonth[m] {
			badge(c, "EV", canvas.Hex("#7b4fa0"), x+28, y+60)
		}
		if v.FPMonth[m] {
			badge(c, "FP", inkCol, x+28, y+82)
		}
	}
	y := 760.0
	c.Text(fmt.Sprintf("FIRST PLAYER: %s", []string{"A", "B"}[v.FP&1]), 1060, y, 15, true, []color.RGBA{redSide, blueSide}[v.FP&1], canvas.Left)
	if v.Event != "" {
		c.Text("EVENT: "+eventAbbr[v.Event], 1060, y+24, 15, true, canvas.Hex("#7b4fa0"), canvas.Left)
	}
	if b := v.Battle; b != nil {
		c.Text(fmt.Sprintf("BATTLE %s: %s %d : %d %s", roman[b.Front], []string{"A", "B"}[b.Att], b.Strength[0], b.Strength[1], []string{"A", "B"}[1-b.Att]), 1060, y+48, 15, true, inkCol, canvas.Left)
	}
	if v.Over {
		res := "DRAW"
		if v.Winner >= 0 {
			res = []string{"A", "B"}[v.Winner] + " WINS"
		}
		c.Text(fmt.Sprintf("GAME OVER: %s  (%d : %d)", res, v.P[0].VP, v.P[1].VP), 1060, y+72, 15, true, inkCol, canvas.Left)
	}
	return c.PNG()
}
