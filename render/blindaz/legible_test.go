package blindaz

import (
	"testing"

	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// TestLegibleOnPhone: every board reads at phone width in every language.
func TestLegibleOnPhone(t *testing.T) { boards.Legible(t, rendertest.PicturesIn(imageCtx, pictureOf)) }

// TestLegendFits: the legend with every symbol at once stays inside the
// picture in every language.
func TestLegendFits(t *testing.T) {
	used := map[string]bool{}
	for _, k := range legendKeys {
		used[k] = true
	}
	for _, lang := range i18n.Languages {
		c := canvas.New(palette, imgW, imgH, colBG)
		pen{c: c}.legend(langCtx(lang, nil), used)
		for _, r := range c.Texts() {
			if !r.Box.In(c.Img.Bounds()) {
				t.Errorf("%s: %q at %v runs outside the %v picture", lang, r.S, r.Box, c.Img.Bounds().Size())
			}
		}
	}
}
