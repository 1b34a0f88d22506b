package render_test

import (
	"bytes"
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// testPalette is the palette the tests below draw in.
var testPalette = canvas.NewPalette(
	[]color.RGBA{canvas.Hex("#f8f4e8"), canvas.Hex("#efe8d4")},
	[]color.RGBA{canvas.Hex("#2b2b2b"), canvas.Hex("#2d5fb3"), canvas.Hex("#2e8b46")})

// TestStamp: a stamped sprite's pixels are the sprite's, at its place
// and nowhere else, and its strings come along, moved there.
func TestStamp(t *testing.T) {
	f := canvas.New(testPalette, 60, 30, canvas.Hex("#f8f4e8"))
	f.Text("Łódź", 4, 4, 18, true, canvas.Hex("#2b2b2b"), canvas.TopLeft)
	f.Line(canvas.Pt{X: 2.5, Y: 25}, canvas.Pt{X: 57.3, Y: 27}, 3, canvas.Hex("#2d5fb3"))
	bg := canvas.New(testPalette, 200, 100, canvas.Hex("#efe8d4"))
	bg.Text("under", 100, 40, 18, false, canvas.Hex("#2b2b2b"), canvas.TopLeft)
	got := bg.Clone()
	at := image.Pt(97, 33)
	got.Stamp(f, at)
	place := f.Img.Bounds().Add(at)
	for y := range 100 {
		for x := range 200 {
			want := bg.Img.ColorIndexAt(x, y)
			if image.Pt(x, y).In(place) {
				want = f.Img.ColorIndexAt(x-at.X, y-at.Y)
			}
			if got.Img.ColorIndexAt(x, y) != want {
				t.Fatalf("pixel %d,%d: %d, want %d", x, y, got.Img.ColorIndexAt(x, y), want)
			}
		}
	}
	if len(got.Texts()) != 2 {
		t.Fatalf("strings %v", got.Texts())
	}
	if s := got.Texts()[1]; s.S != "Łódź" || s.Box != f.Texts()[0].Box.Add(at) {
		t.Errorf("the stamped string is %q at %v, want Łódź at %v", s.S, s.Box, f.Texts()[0].Box.Add(at))
	}
}

// spriteKey names TestSprite's layers.
type spriteKey struct{ at float64 }

// TestSprite: a sprite stamped where it was drawn is the drawing, pixels
// and strings, at fractions of a pixel too (drawing at a whole pixel less
// would move the glyphs there 1/64 px now and then).
func TestSprite(t *testing.T) {
	bg := canvas.Hex("#f8f4e8")
	board := canvas.New(testPalette, 600, 200, bg)
	for i, x := range []float64{222, 347.3333333333333, 472.66666666666663, 13.1, 90.75} {
		paint := func(c *canvas.Canvas) {
			c.Text("Kontratak", x+119.33333333333333/2, 80, 18, true, canvas.Hex("#2d5fb3"), canvas.TopCenter)
			c.RectOutline(x+5, 70, 109.3, 40, 4, canvas.Hex("#2e8b46"))
		}
		r := image.Rect(int(x), 66, int(x)+120, 114)
		want, got := board.Clone(), board.Clone()
		paint(want)
		got.Stamp(render.Sprite(spriteKey{x}, testPalette, r, bg, paint), r.Min)
		if !bytes.Equal(got.Img.Pix, want.Img.Pix) {
			t.Errorf("sprite %d at x %v: the pixels are not the drawing's", i, x)
		}
		if !slices.Equal(got.Texts(), want.Texts()) {
			t.Errorf("sprite %d at x %v: strings %v, want %v", i, x, got.Texts(), want.Texts())
		}
	}
}
