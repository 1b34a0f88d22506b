package canvas

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// TestBlendAsRGBA: an antialiased shape and a string painted over a
// flat ground in the palette are, pixel for pixel, the nearest palette
// colour of the same drawn on an RGBA picture (the rasteriser's and
// draw.DrawMask's own blending), but for a few rounding ties; and their
// edges take shades between ground and ink, not only the two.
func TestBlendAsRGBA(t *testing.T) {
	ground, ink := Hex("#efe8d4"), Hex("#2e6fd8")
	p := NewPalette([]color.RGBA{ground}, []color.RGBA{ink})
	const w, h = 160, 60
	c := New(p, w, h, ground)
	ref := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(ref, ref.Rect, image.NewUniform(ground), image.Point{}, draw.Src)

	pts := RegularPolygon(Pt{30.3, 30.6}, 22.2, 7, 0.3)
	c.Polygon(pts, ink)
	r := vector.NewRasterizer(w, h)
	r.MoveTo(float32(pts[0].X), float32(pts[0].Y))
	for _, q := range pts[1:] {
		r.LineTo(float32(q.X), float32(q.Y))
	}
	r.ClosePath()
	r.Draw(ref, ref.Rect, image.NewUniform(ink), image.Point{})

	c.Text("Łódź Ёж", 60, 20, 15, false, ink, TopLeft)
	faceMu.Lock()
	f := face(false, 15)
	dot := fixed.Point26_6{X: 60 * 64, Y: fixed.Int26_6((20 + float64(f.Metrics().Ascent)/64) * 64)}
	for _, ch := range "Łódź Ёж" {
		dr, mask, mp, adv, ok := f.Glyph(dot, ch)
		if ok {
			draw.DrawMask(ref, dr, image.NewUniform(ink), image.Point{}, mask, mp, draw.Over)
		}
		dot.X += adv
	}
	faceMu.Unlock()

	differ, shades := 0, map[uint8]bool{}
	for y := range h {
		for x := range w {
			got := c.Img.ColorIndexAt(x, y)
			shades[got] = true
			if want := p.nearest(key(ref.RGBAAt(x, y))); got != want {
				differ++
			}
		}
	}
	if differ > w*h/500 {
		t.Errorf("%d of %d pixels differ from the RGBA drawing's nearest colour", differ, w*h)
	}
	if len(shades) < 4 {
		t.Errorf("%d colours: the edges are not blended", len(shades))
	}
}

// TestDrawPastes: a paletted picture in the canvas's palette is pasted
// index for index, clipped to the canvas; a picture in other colours
// takes the palette's nearest; a translucent uniform blends over.
func TestDrawPastes(t *testing.T) {
	tile := New(testPalette, 10, 10, Hex("#2b2b2b"))
	tile.Fill(0, 0, 5, 10, Hex("#c0392b"))
	c := New(testPalette, 30, 20, Hex("#efe8d4"))
	c.Draw(image.Rect(25, 5, 35, 15), tile.Img, image.Point{}, draw.Src) // hangs over the right edge
	for _, q := range []struct {
		x, y int
		want string
	}{{25, 5, "#c0392b"}, {29, 14, "#c0392b"}, {24, 5, "#efe8d4"}, {25, 15, "#efe8d4"}} {
		if got := rgbaAt(c, q.x, q.y); got != Hex(q.want) {
			t.Errorf("pasted tile at (%d,%d) = %v, want %s", q.x, q.y, got, q.want)
		}
	}
	other := image.NewRGBA(image.Rect(0, 0, 4, 4))
	draw.Draw(other, other.Rect, image.NewUniform(color.RGBA{0x2c, 0x6e, 0xd9, 0xff}), image.Point{}, draw.Src)
	c.Draw(image.Rect(0, 0, 4, 4), other, image.Point{}, draw.Src)
	if got := rgbaAt(c, 2, 2); got != Hex("#2e6fd8") {
		t.Errorf("an RGBA paste = %v, want its nearest #2e6fd8", got)
	}
	c.Draw(image.Rect(10, 0, 14, 4), image.NewUniform(color.NRGBA{0x2b, 0x2b, 0x2b, 0x80}), image.Point{}, draw.Over)
	if got := rgbaAt(c, 12, 2); got == Hex("#efe8d4") || got == Hex("#2b2b2b") {
		t.Errorf("a translucent paste = %v, not a blend", got)
	}
}

// TestViewClips: a View hanging over the canvas's edge draws the part
// inside, where its origin says, and nothing elsewhere.
func TestViewClips(t *testing.T) {
	c := New(testPalette, 40, 30, Hex("#efe8d4"))
	v := c.View(image.Rect(30, -5, 50, 15))
	v.Fill(0, 0, 20, 20, Hex("#c0392b"))
	v.Circle(Pt{10, 10}, 6, Hex("#2e6fd8"))
	for y := range 30 {
		for x := range 40 {
			inside := x >= 30 && y < 15
			if got := rgbaAt(c, x, y); inside == (got == Hex("#efe8d4")) {
				t.Fatalf("(%d,%d) = %v; inside the view: %v", x, y, got, inside)
			}
		}
	}
	if got := rgbaAt(c, 39, 5); got != Hex("#2e6fd8") {
		t.Errorf("the circle's centre at (39,5) = %v", got)
	}
	if off := c.View(image.Rect(50, 50, 60, 60)); !off.Img.Rect.Empty() {
		t.Errorf("a view off the canvas has pixels %v", off.Img.Rect)
	}
}
