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
				c := canvas.New(40, 40, white)
				c.Text(g, 20, 20, 20, bold, color.Black, canvas.Center)
				if !inked(c, white) {
					t.Errorf("shape %d orientation %d: %q (bold %v) draws nothing", shape, ori, g, bold)
				}
			}
		}
	}
}

// inked reports whether any pixel of c differs from bg.
func inked(c *canvas.Canvas, bg color.RGBA) bool {
	b := c.Img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c.Img.RGBAAt(x, y) != bg {
				return true
			}
		}
	}
	return false
}
