package fow

import (
	"fmt"
	"github.com/warroom/warroom/render"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	fowg "github.com/warroom/warroom/games/fow"
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
)

// px converts table inches (origin SW, y north) to pixels.
func px(x, y float64) canvas.Pt { return canvas.Pt{X: margin + x*ppi, Y: margin + (th-y)*ppi} }

var (
	baseMu sync.Mutex
	bases  = map[string]*canvas.Canvas{}
)

// base draws the static layer once per mission: halves, deployment bands,
// the dashed centre line, 6" ticks and compass letters.
func base(m fowg.Mission) *canvas.Canvas {
	baseMu.Lock()
	defer baseMu.Unlock()
	if c, ok := bases[m.ID]; ok {
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
	o := px(0, 0)
	c.Text("N", o.X+tw*ppi/2, margin/2, 16, true, colText, canvas.Center)
	c.Text("S", o.X+tw*ppi/2, float64(imgH)-margin/2, 16, true, colText, canvas.Center)
	c.Text("W", margin/2, margin+th*ppi/2, 16, true, colText, canvas.Center)
	c.Text("E", float64(imgW)-margin/2, margin+th*ppi/2, 16, true, colText, canvas.Center)
	bases[m.ID] = c
	return c
}

// Image draws the public schematic: objectives by half, the turn, the
// delay counters and this turn's reserve entry areas.
func (Renderer) Image(ctx render.Ctx, view any) ([]byte, error) {
	v, ok := asView(view)
	if !ok {
		return nil, nil
	}
	c := base(v.Mission).Clone()
	if v.Attacker >= 0 {
		c.Text(string(rune('A'+v.Attacker)), margin+14, float64(imgH)-margin/2, 16, true, colText, canvas.Center)
		c.Text(string(rune('A'+1-v.Attacker)), margin+14, margin/2, 16, true, colText, canvas.Center)
	}
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
	if v.Phase == fowg.PhBattle {
		c.Text(fmt.Sprint(v.Turn), float64(imgW)-margin/2, margin/2, 16, true, colObj, canvas.Center)
		for i := 0; i < v.Delay; i++ {
			x := imgW - int(margin) - 20 - i*16
			draw.Draw(c.Img, image.Rect(x, int(margin/2)-6, x+12, int(margin/2)+6), image.NewUniform(colDefBand), image.Point{}, draw.Src)
		}
		edge := "S"
		if v.Active != v.Attacker {
			edge = "N"
		}
		for _, a := range v.Arrivals {
			switch a.Entry {
			case "L", "R", "E":
				drawZone(c, fowg.ScatterZone(a.Entry, edge))
			case "own_edge":
				drawZone(c, edge)
			}
		}
	}
	return c.PNG()
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
