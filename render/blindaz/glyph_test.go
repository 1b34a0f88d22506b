package blindaz

import (
	"image/color"
	"testing"

	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render/canvas"
)

// TestGlyphsDrawn: every orientation's glyph, which the picture's log
// lines carry ("digs a dead end ► on F6"), puts ink on the picture in the
// regular and the bold face: a rune the Go fonts lack is left out blank.
func TestGlyphsDrawn(t *testing.T) {
	white := color.RGBA{255, 255, 255, 255}
	for shape, oris := range bz.Orientations {
		for _, ori := range oris {
			g := Glyph(ori)
			for _, bold := range []bool{false, true} {
				c := canvas.New(palette, 40, 40, white)
				c.Text(g, 20, 20, 20, bold, color.Black, canvas.Center)
				if !inked(c) {
					t.Errorf("shape %d orientation %d: %q (bold %v) draws nothing", shape, ori, g, bold)
				}
			}
		}
	}
}

// inked reports whether any pixel of c differs from its corner, the
// ground it was made with (in the palette's nearest colour).
func inked(c *canvas.Canvas) bool {
	ground := c.Img.ColorIndexAt(0, 0)
	for _, px := range c.Img.Pix {
		if px != ground {
			return true
		}
	}
	return false
}
