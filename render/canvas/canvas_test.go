package canvas

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"runtime"
	"strings"
	"testing"
)

// rgbaAt is the colour of the canvas's pixel (x, y).
func rgbaAt(c *Canvas, x, y int) color.RGBA {
	return c.Img.Palette[c.Img.ColorIndexAt(x, y)].(color.RGBA)
}

var white = Hex("#ffffff")

func TestDrawAndEncode(t *testing.T) {
	p := NewPalette([]color.RGBA{white}, []color.RGBA{Hex("#ff0000"), Hex("#00ff00"), Hex("#000000")})
	c := New(p, 120, 80, color.White)
	c.Rect(10, 10, 20, 20, Hex("#ff0000"))
	c.Polygon(RegularPolygon(Pt{80, 40}, 20, 6, 0), Hex("#00ff00"))
	c.Text("Łódź Ёж", 60, 70, 12, true, color.Black, Center)
	if got := rgbaAt(c, 20, 20); got != Hex("#ff0000") {
		t.Fatalf("rect pixel = %v", got)
	}
	if got := rgbaAt(c, 80, 40); got != Hex("#00ff00") {
		t.Fatalf("hex centre pixel = %v", got)
	}
	b, err := c.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() != 120 {
		t.Fatalf("decode: %v %v", err, img)
	}
	if w := TextWidth("Łódź", 12, false); w <= 0 {
		t.Fatalf("width %v", w)
	}
}

func TestPolygonClippedToBoard(t *testing.T) {
	c := New(NewPalette([]color.RGBA{white}, []color.RGBA{Hex("#000000")}), 50, 50, color.White)
	c.Polygon([]Pt{{-10, -10}, {20, -10}, {20, 20}, {-10, 20}}, Hex("#000000"))
	c.Polygon([]Pt{{100, 100}, {120, 100}, {120, 120}}, Hex("#000000")) // off the board
	if got := rgbaAt(c, 5, 5); got != Hex("#000000") {
		t.Fatalf("inside %v", got)
	}
	if got := rgbaAt(c, 30, 30); got != Hex("#ffffff") {
		t.Fatalf("outside %v", got)
	}
}

func BenchmarkSmallShapesOnLargeBoard(b *testing.B) {
	c := New(testPalette, 1600, 1000, color.White)
	for i := 0; i < b.N; i++ {
		c.Circle(Pt{float64(i % 1600), 500}, 8, Hex("#123456"))
	}
}

func TestFitShrinksThenClips(t *testing.T) {
	s, size := Fit("Artyleria", 1000, 20, 10, false)
	if s != "Artyleria" || size != 20 {
		t.Fatalf("roomy: %q %v", s, size)
	}
	w := TextWidth("Artyleria", 14, false)
	s, size = Fit("Artyleria", w, 20, 10, false)
	if s != "Artyleria" || size > 14 || size < 10 {
		t.Fatalf("shrink: %q %v", s, size)
	}
	s, size = Fit("Константин Константинопольский", 60, 20, 10, true)
	if size != 10 || !strings.HasSuffix(s, "…") || TextWidth(s, 10, true) > 60 {
		t.Fatalf("clip: %q %v", s, size)
	}
	if got := ClipWidth("abc", 1, 12, false); got != "" {
		t.Fatalf("nothing fits: %q", got)
	}
}

// Texts reports every string where it lies on the picture: drawn
// directly, through a View (one hanging over the edge too), or in the
// layer a canvas was cloned from.
func TestTextsWhereDrawn(t *testing.T) {
	base := New(testPalette, 200, 100, color.White)
	base.Text("base", 10, 10, 12, false, color.Black, TopLeft)
	c := base.Clone()
	c.View(image.Rect(50, 20, 150, 80)).Text("view", 5, 5, 14, true, color.Black, TopLeft)
	c.View(image.Rect(100, 60, 240, 130)).Text("tile", 0, 0, 10, false, color.Black, TopLeft)
	got := c.Texts()
	want := []struct {
		s    string
		size float64
		at   image.Point
	}{{"base", 12, image.Pt(10, 10)}, {"view", 14, image.Pt(55, 25)}, {"tile", 10, image.Pt(100, 60)}}
	if len(got) != len(want) {
		t.Fatalf("texts %+v, want %d", got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.S != w.s || g.Size != w.size || g.Box.Min.X != w.at.X || g.Box.Min.Y < w.at.Y-1 || g.Box.Min.Y > w.at.Y+1 || g.Box.Dx() < 10 {
			t.Errorf("text %d = %+v, want %q size %v at %v", i, g, w.s, w.size, w.at)
		}
	}
	if n := len(base.Texts()); n != 1 {
		t.Errorf("the cloned layer gained texts: %d", n)
	}
}

// Fill, Box and Arrow paint where they say and nowhere else; a Fill
// with a translucent colour blends over what is there.
func TestFillBoxArrow(t *testing.T) {
	red, blue := color.RGBA{200, 0, 0, 255}, color.RGBA{0, 0, 200, 255}
	c := New(NewPalette([]color.RGBA{white, red}, []color.RGBA{blue}), 100, 100, color.White)
	c.Fill(10, 10, 20, 20, red)
	c.Box(50, 50, 40, 40, 3, blue)
	c.Arrow(Pt{X: 5, Y: 80}, Pt{X: 45, Y: 80}, 4, 10, red)
	at := func(x, y int) color.RGBA { return rgbaAt(c, x, y) }
	for _, p := range []struct {
		x, y int
		want color.RGBA
	}{
		{15, 15, red}, {9, 15, color.RGBA{255, 255, 255, 255}}, {30, 15, color.RGBA{255, 255, 255, 255}},
		{51, 70, blue}, {70, 88, blue}, {70, 70, color.RGBA{255, 255, 255, 255}},
		{20, 80, red}, {38, 80, red}, {20, 90, color.RGBA{255, 255, 255, 255}},
	} {
		if got := at(p.x, p.y); got != p.want {
			t.Errorf("(%d,%d) = %v, want %v", p.x, p.y, got, p.want)
		}
	}
	c.Fill(10, 10, 5, 5, color.RGBA{0, 0, 100, 128}) // premultiplied half blue
	if got := at(12, 12); got.R == 200 || got.B == 0 {
		t.Errorf("a translucent fill did not blend: %v", got)
	}
}

// Wrap breaks at spaces, never at a no-break space, and after the hyphen
// of a word too wide for a line; a word still too wide keeps its own line
// and Fits says so.
func TestWrap(t *testing.T) {
	const size = 18
	w := TextWidth("Counter-", size, false) + 2
	if got := Wrap("Counter-Attack", w, size, false); len(got) != 2 || got[0] != "Counter-" || got[1] != "Attack" {
		t.Errorf("hyphen: %q", got)
	}
	if got := Wrap("Riflemen\u00a01 and more", TextWidth("Riflemen\u00a01", size, false)+2, size, false); got[0] != "Riflemen\u00a01" {
		t.Errorf("no-break space: %q", got)
	}
	wide := Wrap("a Supercalifragilistic b", 40, size, false)
	if len(wide) != 3 || wide[1] != "Supercalifragilistic" || Fits(wide, 3, 40, size, false) || !Fits([]string{"a", "b"}, 2, 40, size, false) {
		t.Errorf("too wide: %q", wide)
	}
	if got := WrapWords([]string{"Storm-", "troops", "2"}, 1000, size, false); len(got) != 1 || got[0] != "Storm-troops 2" {
		t.Errorf("words: %q", got)
	}
}

var rectPalette = NewPalette([]color.RGBA{Hex("#efe8d4"), Hex("#2e9e4f")}, []color.RGBA{Hex("#c0392b"), Hex("#2e6fd8"), Hex("#000000")})

// TestPixelRectSameAsRasterised: a rectangle on whole pixels, filled by
// paintRect, has exactly the pixels the antialiasing rasteriser gives it,
// opaque or translucent, corners in either order, clipped or not; a
// rectangle off whole pixels still goes to the rasteriser.
func TestPixelRectSameAsRasterised(t *testing.T) {
	cols := []color.Color{Hex("#c0392b"), color.RGBA{0x20, 0x40, 0x10, 0x80}, color.NRGBA{0x2e, 0x6f, 0xd8, 0x99}, color.Black}
	rects := [][4]float64{{10, 10, 20, 20}, {0, 0, 64, 48}, {-5, 30, 20, 40}, {50, 40, 30, 30}, {7, 3, 1, 1}, {12, 9, 0, 5}}
	fast, ref := 0, 0
	for _, col := range cols {
		for _, r := range rects {
			x, y, w, h := r[0], r[1], r[2], r[3]
			for _, pts := range [][]Pt{
				{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}},
				{{x, y}, {x, y + h}, {x + w, y + h}, {x + w, y}},
			} {
				a, b := New(rectPalette, 64, 48, Hex("#efe8d4")), New(rectPalette, 64, 48, Hex("#efe8d4"))
				a.Circle(Pt{30, 20}, 15, Hex("#2e9e4f")) // something under it
				b.Circle(Pt{30, 20}, 15, Hex("#2e9e4f"))
				a.Polygon(pts, col)
				b.rasterise(pts, image.Rect(int(x), int(y), int(x+w)+1, int(y+h)+1), col)
				if !pixelRect(pts) {
					t.Fatalf("%v not taken for a pixel rectangle", pts)
				}
				if !bytes.Equal(a.Img.Pix, b.Img.Pix) {
					t.Fatalf("rect %v in %v: pixels differ from the rasteriser's", r, col)
				}
				fast++
			}
		}
	}
	for _, pts := range [][]Pt{
		{{10.5, 10}, {20, 10}, {20, 20}, {10.5, 20}},
		{{10, 10}, {20, 12}, {20, 20}, {10, 20}},
		{{10, 10}, {20, 10}, {20, 20}},
	} {
		if pixelRect(pts) {
			t.Fatalf("%v taken for a pixel rectangle", pts)
		}
		ref++
	}
	if fast == 0 || ref == 0 {
		t.Fatal("no case ran")
	}
}

// A clone is a copy: drawing on it leaves its layer as it was, and the
// next clone of the layer starts from the layer's pixels and strings.
func TestCloneLeavesLayer(t *testing.T) {
	base := New(testPalette, 120, 90, Hex("#efe8d4"))
	base.Rect(10, 10, 50, 30, Hex("#f8f4e8"))
	base.Text("base", 2, 2, 12, false, Hex("#2b2b2b"), TopLeft)
	pix := bytes.Clone(base.Img.Pix)
	c := base.Clone()
	c.Circle(Pt{30, 30}, 8, Hex("#c0392b"))
	c.Text("Łódź", 60, 5, 12, true, Hex("#2b2b2b"), TopLeft)
	c.View(image.Rect(70, 50, 110, 80)).Line(Pt{0, 0}, Pt{39, 29}, 2, Hex("#2b2b2b"))
	c.Draw(image.Rect(0, 0, 4, 4), image.NewUniform(Hex("#2b2b2b")), image.Point{}, draw.Src)
	if !bytes.Equal(base.Img.Pix, pix) || len(base.Texts()) != 1 {
		t.Fatal("drawing on a clone changed its layer")
	}
	if bytes.Equal(c.Img.Pix, pix) || len(c.Texts()) != 2 {
		t.Fatal("the clone did not draw")
	}
	if d := base.Clone(); !bytes.Equal(d.Img.Pix, pix) || len(d.Texts()) != 1 {
		t.Fatal("a second clone is not the layer")
	}
}

// TestDrawingKeepsNothing: drawing and encoding boards never seen before
// leaves nothing behind in the heap past the font faces: no cache of
// shapes, strings, bands or buffers grows with the boards a process has
// drawn.
func TestDrawingKeepsNothing(t *testing.T) {
	base, _ := board(400, 300)
	draw := func(i int) {
		c := base.Clone()
		for j := 0; j < 20; j++ {
			x, y := float64((i*37+j*53)%380)+0.25*float64(j%4), float64((i*11+j*29)%280)
			c.Circle(Pt{x, y}, 6+float64(j%5), Hex("#c0392b"))
			c.Text(fmt.Sprintf("%d Łódź", i*20+j), x, y, 12, j%2 == 0, Hex("#2e6fd8"), TopLeft)
		}
		if _, err := c.PNG(); err != nil {
			t.Fatal(err)
		}
	}
	draw(0) // the font faces and the encoder's first buffers
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapInuse
	}
	before := heap()
	for i := 1; i <= 600; i++ {
		draw(i)
	}
	if grew := int64(heap()) - int64(before); grew > 4<<20 {
		t.Fatalf("600 boards left %d KB more in the heap", grew>>10)
	}
}

// A rune the fonts have no glyph for is left out, not drawn as the
// font's empty box (a Blindaż log line has a box-drawing tile).
func TestMissingGlyphLeftOut(t *testing.T) {
	c := New(testPalette, 60, 30, color.White)
	bg := c.Img.Pix[0]
	c.Text("\u2576", 10, 5, 14, false, color.Black, TopLeft)
	for i, v := range c.Img.Pix {
		if v != bg {
			t.Fatalf("byte %d is %#x: the missing glyph was drawn", i, v)
		}
	}
}
