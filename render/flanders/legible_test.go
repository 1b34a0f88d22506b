package flanders

import (
	"testing"

	"github.com/warroom/warroom/render/i18n"
)

// TestLegibleOnPhone: every board reads at phone width in every language.
func TestLegibleOnPhone(t *testing.T) {
	boards.Legible(t, func(lang string, v any) ([]byte, error) {
		c := imageCtx
		c.L = i18n.For(lang)
		return Adapted.Image(c, v)
	})
}
