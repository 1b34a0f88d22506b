// Package canvas is the small drawing kit every board renderer shares:
// antialiased filled and stroked polygons (golang.org/x/image/vector), the
// embedded Go fonts (which cover Polish and Cyrillic letters) and PNG
// encoding. A canvas's pixels are indices into the game's Palette (one
// byte a pixel), so a board is encoded as it is drawn, with no mapping
// pass. Static layers are drawn once and copied with Clone.
package canvas

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	"golang.org/x/image/vector"
)

// Canvas is a paletted image in a game's Palette, with drawing helpers.
// Antialiased edges and text are blended with the colours under them
// and take the palette's nearest colour (paint.go).
type Canvas struct {
	Img *image.Paletted
	pal *Palette

	// texts records every string drawn, for Texts; a View shares its
	// parent's, with off its origin in the parent.
	texts *[]TextRun
	off   image.Point

	// scratch is what shapes are painted with, kept with the canvas
	// (and shared by its Views) so that it is reused from shape to
	// shape of one board.
	scratch *scratch
}

// TextRun is one string drawn on a canvas: what, at which pixel size,
// and the box it covers. Tests hold every board's text to a size a phone
// can read and to the picture's edges (Texts).
type TextRun struct {
	S    string
	Size float64
	Bold bool
	Box  image.Rectangle
}

// New makes a canvas in palette p filled with bg.
func New(p *Palette, w, h int, bg color.Color) *Canvas {
	c := &Canvas{Img: image.NewPaletted(image.Rect(0, 0, w, h), p.pal), pal: p, texts: new([]TextRun), scratch: new(scratch)}
	if i := c.pal.index(solid(bg)); i != 0 {
		fill(c.Img.Pix, i)
	}
	return c
}

// View is a canvas that draws straight onto the part r of c, with r.Min
// as its origin: what it draws outside c is left out (its Img is only
// the part of r inside c, and may start at negative coordinates).
func (c *Canvas) View(r image.Rectangle) *Canvas {
	img := c.Img.SubImage(r).(*image.Paletted)
	img.Rect = img.Rect.Sub(r.Min)
	return &Canvas{Img: img, pal: c.pal, texts: c.texts, off: c.off.Add(r.Min), scratch: c.scratch}
}

// Clone copies the canvas and the strings drawn on it: a static layer,
// drawn once per game, language and size, before a board's pieces. A
// layer is shared by concurrent boards, so it must not be drawn on once
// cloned.
func (c *Canvas) Clone() *Canvas {
	img := &image.Paletted{Pix: slices.Clone(c.Img.Pix), Stride: c.Img.Stride, Rect: c.Img.Rect, Palette: c.Img.Palette}
	texts := slices.Clone(*c.texts)
	return &Canvas{Img: img, pal: c.pal, texts: &texts, scratch: new(scratch)}
}

// Stamp copies f, an opaque sprite of the same palette kept in Layer (a
// card face, a unit's name, a tile), onto c with its top left at at, a
// row at a time, and records its strings there: a board stamps what it
// would otherwise draw again every move.
func (c *Canvas) Stamp(f *Canvas, at image.Point) {
	c.Draw(f.Img.Bounds().Add(at), f.Img, image.Point{}, draw.Src)
	for _, t := range *f.texts {
		t.Box = t.Box.Add(at).Add(c.off)
		*c.texts = append(*c.texts, t)
	}
}

// Texts lists the strings drawn on the picture, in its own coordinates.
func (c *Canvas) Texts() []TextRun {
	return slices.Clone(*c.texts)
}

// Pt is a point in pixels.
type Pt struct{ X, Y float64 }

// Polygon fills a closed polygon. Only the polygon's bounding box is
// rasterised, so small shapes on a large board stay cheap.
func (c *Canvas) Polygon(pts []Pt, col color.Color) {
	if len(pts) < 3 {
		return
	}
	minX, minY, maxX, maxY := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts[1:] {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	if pixelRect(pts) {
		// Every pixel is wholly in or out: the rasteriser's coverage
		// would be full inside, which paintRect paints for far less.
		c.paintRect(image.Rect(int(minX), int(minY), int(maxX), int(maxY)), c.inkOf(col))
		return
	}
	c.rasterise(pts, image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1), col)
}

// rasterise fills the polygon pts, which lies in box, antialiased: its
// coverage of each pixel of box goes into the scratch mask, and the
// mask is painted with col.
func (c *Canvas) rasterise(pts []Pt, box image.Rectangle, col color.Color) {
	box = box.Intersect(c.Img.Rect)
	if box.Empty() {
		return
	}
	s := c.scratch
	if s.ras == nil {
		s.ras = vector.NewRasterizer(box.Dx(), box.Dy())
	} else {
		s.ras.Reset(box.Dx(), box.Dy())
	}
	s.ras.DrawOp = draw.Src // the mask is overwritten, not added to
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	s.ras.MoveTo(float32(pts[0].X-ox), float32(pts[0].Y-oy))
	for _, p := range pts[1:] {
		s.ras.LineTo(float32(p.X-ox), float32(p.Y-oy))
	}
	s.ras.ClosePath()
	mask := s.maskOf(box.Size())
	s.ras.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	c.paintMask(box, mask.Pix, mask.Stride, c.inkOf(col))
}

// pixelRect reports whether pts are the corners of an axis-aligned
// rectangle on whole pixels, in order (as Rect, and Line along an axis
// with an even width, make them).
func pixelRect(pts []Pt) bool {
	if len(pts) != 4 {
		return false
	}
	for _, p := range pts {
		if p.X != math.Trunc(p.X) || p.Y != math.Trunc(p.Y) || math.Abs(p.X) > 1<<20 || math.Abs(p.Y) > 1<<20 {
			return false
		}
	}
	a, b, d, e := pts[0], pts[1], pts[2], pts[3]
	return a.Y == b.Y && b.X == d.X && d.Y == e.Y && e.X == a.X || // first edge across
		a.X == b.X && b.Y == d.Y && d.X == e.X && e.Y == a.Y // first edge down
}

// Line strokes a segment of the given width.
func (c *Canvas) Line(a, b Pt, width float64, col color.Color) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	c.Polygon([]Pt{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}, col)
}

// Outline strokes a closed polygon's edges.
func (c *Canvas) Outline(pts []Pt, width float64, col color.Color) {
	for i := range pts {
		c.Line(pts[i], pts[(i+1)%len(pts)], width, col)
	}
}

// Rect fills an axis-aligned rectangle.
func (c *Canvas) Rect(x, y, w, h float64, col color.Color) {
	c.Polygon([]Pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, col)
}

// RectOutline strokes an axis-aligned rectangle.
func (c *Canvas) RectOutline(x, y, w, h, width float64, col color.Color) {
	c.Outline([]Pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, width, col)
}

// Circle fills a circle.
func (c *Canvas) Circle(center Pt, r float64, col color.Color) {
	c.Polygon(RegularPolygon(center, r, 32, 0), col)
}

// RegularPolygon returns the corners of a regular polygon; rot is the
// angle of the first corner in radians (0 = pointing right). A hexagon
// with rot 0 is flat-topped, with rot pi/6 pointy-topped.
func RegularPolygon(center Pt, r float64, n int, rot float64) []Pt {
	pts := make([]Pt, n)
	for i := range pts {
		a := rot + 2*math.Pi*float64(i)/float64(n)
		pts[i] = Pt{center.X + r*math.Cos(a), center.Y + r*math.Sin(a)}
	}
	return pts
}

// Hex parses "#rrggbb" into a colour; it panics on bad input (constants only).
func Hex(s string) color.RGBA {
	var r, g, b uint8
	if len(s) != 7 || s[0] != '#' {
		panic("canvas: bad colour " + s)
	}
	v := func(i int) uint8 {
		x := s[i]
		switch {
		case x >= '0' && x <= '9':
			return x - '0'
		case x >= 'a' && x <= 'f':
			return x - 'a' + 10
		case x >= 'A' && x <= 'F':
			return x - 'A' + 10
		}
		panic("canvas: bad colour " + s)
	}
	r, g, b = v(1)<<4|v(2), v(3)<<4|v(4), v(5)<<4|v(6)
	return color.RGBA{r, g, b, 255}
}

// Fill fills an axis-aligned rectangle, snapped to whole pixels, without
// rasterising a polygon: boards have many square counters, boxes and
// bands, and need no antialiasing for them.
func (c *Canvas) Fill(x, y, w, h float64, col color.Color) {
	c.paintRect(image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h))), c.inkOf(col))
}

// Box strokes an axis-aligned rectangle inside its edges (see Fill).
func (c *Canvas) Box(x, y, w, h, width float64, col color.Color) {
	width = max(width, 1)
	c.Fill(x, y, w, width, col)
	c.Fill(x, y+h-width, w, width, col)
	c.Fill(x, y, width, h, col)
	c.Fill(x+w-width, y, width, h, col)
}

// Arrow draws a line from a to b of the given width with a head of
// length head at b (a move on a board).
func (c *Canvas) Arrow(a, b Pt, width, head float64, col color.Color) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l < 1 {
		return
	}
	ux, uy := dx/l, dy/l
	tip := Pt{X: b.X - ux*head, Y: b.Y - uy*head}
	c.Line(a, tip, width, col)
	half := head * 0.85
	c.Polygon([]Pt{b, {X: tip.X - uy*half, Y: tip.Y + ux*half}, {X: tip.X + uy*half, Y: tip.Y - ux*half}}, col)
}
