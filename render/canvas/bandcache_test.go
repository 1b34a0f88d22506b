package canvas

import (
	"bytes"
	"image/color"
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
	bandCache = newZCache(64)
	fresh := draw()
	if len(bandCache.m) == 0 {
		t.Fatal("no band kept")
	}
	if again := draw(); !bytes.Equal(again, fresh) {
		t.Fatal("a board from cached bands differs from the one drawn afresh")
	}
	bandCache = newZCache(64)
	if cold := draw(); !bytes.Equal(cold, fresh) {
		t.Fatal("the same board differs with an empty cache")
	}

	small := newZCache(2)
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
