package canvas

import (
	"bytes"
	"fmt"
	"image"
	"reflect"
	"testing"
)

// TestCachedArea: what Cached draws is the same file, with the same
// strings, drawn afresh, kept, or copied from the cache; it is not kept
// when the area was drawn on before or draw spills out of it.
func TestCachedArea(t *testing.T) {
	saved, savedResults := areas, results
	defer func() { areas, results = saved, savedResults }()
	base := New(200, 120, testPalette.Colors()[0])
	base.Rect(10, 10, 80, 50, Hex("#f8f4e8"))
	draw := func(label string, under, spill bool) ([]byte, []TextRun) {
		c := base.Clone()
		defer c.Release()
		if under {
			c.Rect(20, 20, 10, 10, Hex("#c0392b"))
		}
		c.Cached("card "+label, image.Rect(10, 10, 90, 60), func() {
			c.RectOutline(12.5, 12.5, 70, 40, 3, Hex("#2e6fd8"))
			c.Text(label, 20, 25, 14, true, Hex("#2b2b2b"), TopLeft)
			if spill {
				c.Circle(Pt{95, 30}, 8, Hex("#c0392b"))
			}
		})
		png, err := c.PNGWith(testPalette)
		if err != nil {
			t.Fatal(err)
		}
		return png, c.Texts()
	}
	savedAreas, savedResults := areas, results
	defer func() { areas, results = savedAreas, savedResults }()
	for _, under := range []bool{false, true} {
		for _, spill := range []bool{false, true} {
			areas = newFIFO(1<<20, resultSize)
			results = newFIFO(1<<20, resultSize)
			for _, label := range []string{"Gas", "Tank 2"} {
				restore := Uncached()
				want, wantTexts := draw(label, under, spill)
				restore()
				for round := range 2 {
					got, texts := draw(label, under, spill)
					if !bytes.Equal(got, want) || !reflect.DeepEqual(texts, wantTexts) {
						t.Fatalf("%s under %v spill %v round %d: differs from the area drawn afresh", label, under, spill, round)
					}
				}
			}
			if kept := len(areas.m); kept != map[bool]int{true: 0, false: 2}[under || spill] {
				t.Errorf("under %v spill %v: %d areas kept", under, spill, kept)
			}
		}
	}
	if fmt.Sprint(draw("Gas", false, false)) == fmt.Sprint(draw("Tank 2", false, false)) {
		t.Fatal("the two cards draw the same: the test tells nothing")
	}
}
