package canvas

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// TestBandCacheSameBytes: a board whose bands come from the cache is the
// very file drawing them afresh gives (what is sent never depends on what
// other boards were drawn before), and the cache keeps no more than its
// size, oldest out first.
func TestBandCacheSameBytes(t *testing.T) {
	base := New(200, 120, testPalette.Colors()[0])
	base.Rect(10, 10, 50, 30, Hex("#2e8b46"))
	draw := func() []byte {
		c := base.Clone()
		defer c.Release()
		c.Text("Bob took 3", 20, 60, 18, true, color.Black, TopLeft)
		c.Circle(Pt{150, 40}, 12, Hex("#c0392b"))
		png, err := c.PNGWith(testPalette)
		if err != nil {
			t.Fatal(err)
		}
		return png
	}
	saved := bandCache
	defer func() { bandCache = saved }()
	bandCache = newBandCache(64)
	fresh := draw()
	if len(bandCache.m) == 0 {
		t.Fatal("no band kept")
	}
	if again := draw(); !bytes.Equal(again, fresh) {
		t.Fatal("a board from cached bands differs from the one drawn afresh")
	}
	bandCache = newBandCache(64)
	if cold := draw(); !bytes.Equal(cold, fresh) {
		t.Fatal("the same board differs with an empty cache")
	}

	small := newBandCache(2)
	for i := range 3 {
		small.put(bandKey{uint64(i)}, zband{n: i + 1})
	}
	if _, ok := small.get(bandKey{0}); ok || len(small.m) != 2 {
		t.Errorf("the oldest band stayed, or the cache grew to %d", len(small.m))
	}
	if z, ok := small.get(bandKey{2}); !ok || z.n != 3 {
		t.Errorf("the newest band is gone: %v %v", z, ok)
	}
}

// TestBandKeysTellBoardsApart: boards that differ by a little in any op
// (a colour's alpha, a fraction of a pixel, a letter, a View's place, a
// pasted tile, what lies under the same op, a pixel written by hand)
// each encode, from the caches (bands, results) after the others, to the
// file drawn without them.
func TestBandKeysTellBoardsApart(t *testing.T) {
	saved := bandCache
	defer func() { bandCache = saved }()
	bandCache = newBandCache(1 << 10)
	base := New(120, 80, testPalette.Colors()[0])
	base.Rect(10, 10, 50, 30, Hex("#f8f4e8"))
	tile := New(10, 10, Hex("#c0392b"))
	variants := []func(c *Canvas, v int){
		func(c *Canvas, v int) { c.Rect(20.5+0.25*float64(v), 12, 30, 9, Hex("#2e6fd8")) },
		func(c *Canvas, v int) { c.Circle(Pt{60, 40}, 9, color.RGBA{0x40, 0x10, 0x10, uint8(0x60 + 0x30*v)}) },
		func(c *Canvas, v int) {
			c.Text("Bob "+string(rune('1'+v)), 5, 50, 14, v%2 == 0, Hex("#2b2b2b"), TopLeft)
		},
		func(c *Canvas, v int) { c.Fill(float64(v), 70, 40, 6, Hex("#2e8b46")) },
		func(c *Canvas, v int) { c.Box(70, 5, 30+float64(v), 20, 2, Hex("#2b2b2b")) },
		func(c *Canvas, v int) {
			c.Draw(image.Rect(90, 50, 96+v, 60), image.NewUniform(color.RGBA{0x10, 0x20, 0x40, 0x80}), image.Point{}, draw.Op(v%2))
		},
		func(c *Canvas, v int) {
			c.View(image.Rect(80+v, 30, 110, 45)).Text("Ёж", 0, 0, 12, false, Hex("#c0392b"), TopLeft)
		},
		func(c *Canvas, v int) { c.Compose(tile, image.Pt(v, 62)) },
		func(c *Canvas, v int) { // the same ops over what differs (results must not be reused)
			if v > 0 { // on the first, kept over the layer
				c.Rect(4.5, 29.5, 40, 16, color.RGBA{uint8(60 * v), 0x40, 0x80, 0xff})
			}
			c.Text("Ann", 6, 30, 12, false, Hex("#2b2b2b"), TopLeft)
			c.Circle(Pt{20, 38}, 5, Hex("#c0392b"))
		},
		func(c *Canvas, v int) {
			c.Img.Pix[c.Img.PixOffset(100+v, 70)] = 0x12
			c.Touch(image.Rect(100, 70, 104, 71))
		},
	}
	draw := func(op func(*Canvas, int), v int) []byte {
		c := base.Clone()
		defer c.Release()
		c.Text("Round 3", 5, 2, 12, true, Hex("#2b2b2b"), TopLeft)
		op(c, v)
		png, err := c.PNGWith(testPalette)
		if err != nil {
			t.Fatal(err)
		}
		return png
	}
	for n, op := range variants {
		var fresh [][]byte
		restore := Uncached()
		for v := range 4 {
			fresh = append(fresh, draw(op, v))
		}
		restore()
		for round := range 2 { // the bands kept, then from the cache
			for v := range 4 {
				if got := draw(op, v); !bytes.Equal(got, fresh[v]) {
					t.Fatalf("op %d variant %d, round %d: the board differs from the one drawn without the caches", n, v, round)
				}
			}
		}
		for v := 1; v < 4; v++ {
			if bytes.Equal(fresh[v], fresh[0]) {
				t.Fatalf("op %d: variant %d draws the same board as variant 0: the test tells nothing", n, v)
			}
		}
	}
}
