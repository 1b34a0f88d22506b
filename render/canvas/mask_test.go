package canvas

import (
	"bytes"
	"image/color"
	"testing"
)

// TestMaskSameAsRasterised: a shape drawn through the mask cache, on its
// first draw and from the cache after, at fractional and whole corners,
// opaque or translucent, over other shapes and clipped at the edge, has
// exactly the pixels of the rasteriser drawing it straight.
func TestMaskSameAsRasterised(t *testing.T) {
	saved := masks
	defer func() { masks = saved }()
	masks = newMaskCache(1 << 20)
	cols := []color.Color{Hex("#c0392b"), color.RGBA{0x20, 0x40, 0x10, 0x80}, color.NRGBA{0x2e, 0x6f, 0xd8, 0x99}, color.Black, color.White}
	draw := func(c *Canvas, col color.Color) {
		c.Rect(3.3, 4.7, 40.2, 20.5, Hex("#f8f4e8"))
		c.RectOutline(5.333, 6, 50.667, 30, 4, col)
		c.RectOutline(2.5, 2.5, 20, 20, 1, col)
		c.Circle(Pt{30, 20}, 15, col)
		c.Circle(Pt{30.25, 20.5}, 8.5, Hex("#2b2b2b"))
		c.Line(Pt{-3, 40}, Pt{50, -2}, 3, col) // clipped
		c.Arrow(Pt{10, 45}, Pt{60, 30}, 4, 8, col)
		c.Polygon([]Pt{{58.5, 40}, {70, 47.2}, {52, 47.9}}, col) // runs off the edge
	}
	for _, col := range cols {
		want := New(64, 48, Hex("#efe8d4"))
		restore := Uncached()
		draw(want, col)
		restore()
		for pass := range 2 { // the masks made, then from the cache
			got := New(64, 48, Hex("#efe8d4"))
			draw(got, col)
			if !bytes.Equal(got.Img.Pix, want.Img.Pix) {
				t.Fatalf("%v, pass %d: pixels differ from the rasteriser's", col, pass)
			}
		}
	}
	if len(masks.m) == 0 {
		t.Fatal("no mask kept")
	}

	small := newMaskCache(3 * (2*100 + 8))
	for i := range 4 {
		small.put(string([]byte{byte(i), 0, 0, 0, 0, 0, 0, 0}), &mask{w: 10, h: 10, a: make([]uint16, 100)})
	}
	if m, _ := getBytes(small, []byte{0, 0, 0, 0, 0, 0, 0, 0}); m != nil || len(small.m) != 3 || small.used > small.max {
		t.Errorf("the oldest mask stayed, or the cache holds %d masks, %d bytes", len(small.m), small.used)
	}
}

// BenchmarkOutline: card frames off whole pixels, through the mask cache.
func BenchmarkOutline(b *testing.B) {
	c := New(600, 800, Hex("#efe8d4"))
	for i := 0; i < b.N; i++ {
		for j := range 9 {
			x, y := 222+float64(j%3)*125.333, 62+float64(j/3)*118
			c.RectOutline(x+5, y+5, 109.333, 102, 4, Hex("#2e8b46"))
			c.Circle(Pt{x + 20, y + 90}, 11, Hex("#2b2b2b"))
		}
	}
}
