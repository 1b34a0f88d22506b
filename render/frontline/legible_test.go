package frontline

import (
	"testing"

	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// TestLegibleOnPhone: every board reads at phone width in every language.
func TestLegibleOnPhone(t *testing.T) { boards.Legible(t, rendertest.PicturesIn(imageCtx, pictureOf)) }

// TestLegibleRich: the board with every marker, the battle and a long
// legend reads on a phone too, in every language, in play and at the end.
func TestLegibleRich(t *testing.T) {
	inPlay := richView()
	inPlay.Over, inPlay.Active = false, 0
	for _, v := range []any{inPlay, richView()} {
		for _, lang := range i18n.Languages {
			c := imageCtx
			c.L = i18n.For(lang)
			for _, p := range rendertest.Problems(pictureOf(c, v)) {
				t.Errorf("%s: %s", lang, p)
			}
		}
	}
}
