package flanders

import (
	"bytes"
	"slices"
	"testing"

	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// TestCardLayers: a card drawn from the card layers is, pixel for pixel
// and string for string, the card drawn on the board: every card, in
// every space and language, with and without the option's ring.
func TestCardLayers(t *testing.T) {
	for _, lang := range i18n.Languages {
		ctx := render.Audience{L: i18n.For(lang), Viewer: imageCtx.Viewer}
		base := baseLayer(ctx).c
		for _, ct := range fl.Types {
			for _, sp := range fl.Drawable {
				for _, option := range []bool{false, true} {
					want := base.Clone()
					x, y := cellXY(sp)
					drawFace(ctx, want, x, y, ct.Code)
					if option {
						want.RectOutline(x, y, cellW, cellH, 6, cOption)
					}
					got := base.Clone()
					drawCard(ctx, got, sp, ct.Code, option)
					if !bytes.Equal(got.Img.Pix, want.Img.Pix) {
						n, first := 0, -1
						for i := range got.Img.Pix {
							if got.Img.Pix[i] != want.Img.Pix[i] {
								if n++; first < 0 {
									first = i / 4
								}
							}
						}
						t.Errorf("%s %s in space %d (option %v): %d bytes differ, the first at (%d, %d)", lang, ct.Code, sp, option, n, first%imgW, first/imgW)
					}
					if !slices.Equal(got.Texts(), want.Texts()) {
						t.Errorf("%s %s in space %d: strings %v, want %v", lang, ct.Code, sp, got.Texts()[len(base.Texts()):], want.Texts()[len(base.Texts()):])
					}
				}
			}
		}
	}
}
