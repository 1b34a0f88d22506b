package blindaz

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"testing"

	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/rendertest"
)

// TestDrawnRecorded: on every candidate board in every language, each
// pixel that differs from the static layer lies where a drawing op
// recorded it drew (canvas.CheckTouches): encoding looks only there and
// Release puts back only those pixels, one board after another. And the
// picture decodes to the palette's colours of every pixel drawn, as
// quantising the whole canvas gives them.
func TestDrawnRecorded(t *testing.T) {
	var drawn *image.RGBA
	var errs []error
	stop := canvas.OnEncode(func(c *canvas.Canvas) {
		if err := c.CheckTouches(); err != nil {
			errs = append(errs, err)
		}
		drawn = image.NewRGBA(c.Img.Rect)
		draw.Draw(drawn, drawn.Rect, c.Img, c.Img.Rect.Min, draw.Src)
	})
	defer stop()
	cands := benchCandidates(t)
	if raceEnabled {
		cands = cands[len(cands)-1:]
	}
	in := rendertest.InLanguages(Adapted, imageCtx)
	n := 0
	for _, lang := range []string{"en", "pl", "ru"} {
		for i, v := range cands {
			pic, err := in(lang, v)
			if err != nil {
				t.Fatal(err)
			}
			if len(errs) > 0 {
				t.Fatalf("%s board %d: %v", lang, i, errs[0])
			}
			img, err := png.Decode(bytes.NewReader(pic))
			if err != nil {
				t.Fatal(err)
			}
			if want := palette.Quantize(drawn, nil); !bytes.Equal(img.(*image.Paletted).Pix, want.Pix) {
				t.Fatalf("%s board %d: the picture differs from the whole canvas quantised", lang, i)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no board drawn")
	}
}
