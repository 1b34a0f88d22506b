package render_test

import (
	"bytes"
	"image"
	"slices"
	"testing"

	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
)

// TestStamp: stamping an opaque layer makes the pixels and strings that
// composing it does, at its place.
func TestStamp(t *testing.T) {
	f := canvas.New(60, 30, canvas.Hex("#f8f4e8"))
	f.Text("Łódź", 4, 4, 18, true, canvas.Hex("#2b2b2b"), canvas.TopLeft)
	f.Line(canvas.Pt{X: 2.5, Y: 25}, canvas.Pt{X: 57.3, Y: 27}, 3, canvas.Hex("#2d5fb3"))
	bg := canvas.New(200, 100, canvas.Hex("#efe8d4"))
	bg.Text("under", 100, 40, 18, false, canvas.Hex("#2b2b2b"), canvas.TopLeft)
	want, got := bg.Clone(), bg.Clone()
	at := image.Pt(97, 33)
	want.Compose(f, at)
	render.Stamp(got, f, at)
	if !bytes.Equal(got.Img.Pix, want.Img.Pix) {
		t.Error("the stamped pixels are not the composed ones")
	}
	if !slices.Equal(got.Texts(), want.Texts()) || len(got.Texts()) != 2 {
		t.Errorf("strings %v, want %v", got.Texts(), want.Texts())
	}
	if s := got.Texts()[1]; s.S != "Łódź" || !s.Box.In(f.Img.Bounds().Add(at)) {
		t.Errorf("the stamped string is %q at %v, want Łódź in %v", s.S, s.Box, f.Img.Bounds().Add(at))
	}
}
