package flanders

import (
	"testing"

	"github.com/warroom/warroom/render/rendertest"
)

// TestLegibleOnPhone: every board reads at phone width in every language.
func TestLegibleOnPhone(t *testing.T) { boards.Legible(t, rendertest.PicturesIn(imageCtx, pictureOf)) }
