package trenches

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/warroom/warroom/render/canvas"
)

// fillRect fills an axis-aligned rectangle, snapped to whole pixels, with
// one draw.Draw instead of rasterising a polygon: the counters, boxes and
// bands of a board are many, and the rasteriser was a fifth of the time
// of a busy board. (A canvas helper would serve every game; render/canvas
// is shared and left alone here.)
func fillRect(c *canvas.Canvas, x, y, w, h float64, col color.RGBA) {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h))).Intersect(c.Img.Rect)
	op := draw.Src
	if col.A < 255 {
		op = draw.Over
	}
	draw.Draw(c.Img, r, image.NewUniform(col), image.Point{}, op)
}

// outlineRect strokes an axis-aligned rectangle inside its edges.
func outlineRect(c *canvas.Canvas, x, y, w, h, width float64, col color.RGBA) {
	fillRect(c, x, y, w, width, col)
	fillRect(c, x, y+h-width, w, width, col)
	fillRect(c, x, y, width, h, col)
	fillRect(c, x+w-width, y, width, h, col)
}
