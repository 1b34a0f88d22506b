package flanders

import (
	"image"
	"image/color"
	"math"

	"github.com/warroom/warroom/render/canvas"
)

// pen draws through canvas on a sub-image around each shape. canvas's
// Polygon rasterizes over the whole image bounds, which costs milliseconds
// per shape on a 1280x960 board; clipping to the shape's bounding box makes
// the same drawing about a hundred times faster with identical pixels.
type pen struct{ c *canvas.Canvas }

// local returns a canvas on the sub-image covering the box and its origin.
func (p pen) local(x0, y0, x1, y1 float64) (*canvas.Canvas, float64, float64, bool) {
	r := image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+2, int(math.Ceil(y1))+2).Intersect(p.c.Img.Bounds())
	if r.Empty() {
		return nil, 0, 0, false
	}
	return &canvas.Canvas{Img: p.c.Img.SubImage(r).(*image.RGBA)}, float64(r.Min.X), float64(r.Min.Y), true
}

func (p pen) Polygon(pts []canvas.Pt, col color.Color) {
	if len(pts) < 3 {
		return
	}
	x0, y0, x1, y1 := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, q := range pts[1:] {
		x0, y0, x1, y1 = math.Min(x0, q.X), math.Min(y0, q.Y), math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	s, ox, oy, ok := p.local(x0, y0, x1, y1)
	if !ok {
		return
	}
	moved := make([]canvas.Pt, len(pts))
	for i, q := range pts {
		moved[i] = canvas.Pt{X: q.X - ox, Y: q.Y - oy}
	}
	s.Polygon(moved, col)
}

func (p pen) Rect(x, y, w, h float64, col color.Color) {
	p.Polygon([]canvas.Pt{{X: x, Y: y}, {X: x + w, Y: y}, {X: x + w, Y: y + h}, {X: x, Y: y + h}}, col)
}

func (p pen) Line(a, b canvas.Pt, width float64, col color.Color) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	p.Polygon([]canvas.Pt{{X: a.X + nx, Y: a.Y + ny}, {X: b.X + nx, Y: b.Y + ny}, {X: b.X - nx, Y: b.Y - ny}, {X: a.X - nx, Y: a.Y - ny}}, col)
}

func (p pen) RectOutline(x, y, w, h, width float64, col color.Color) {
	pts := []canvas.Pt{{X: x, Y: y}, {X: x + w, Y: y}, {X: x + w, Y: y + h}, {X: x, Y: y + h}}
	for i := range pts {
		p.Line(pts[i], pts[(i+1)%len(pts)], width, col)
	}
}

func (p pen) Circle(center canvas.Pt, r float64, col color.Color) {
	p.Polygon(canvas.RegularPolygon(center, r, 32, 0), col)
}

func (p pen) Text(s string, x, y, size float64, bold bool, col color.Color, at canvas.Anchor) {
	p.c.Text(s, x, y, size, bold, col, at)
}
