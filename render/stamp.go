package render

import (
	"image"
	"image/color"
	"sync"

	"github.com/warroom/warroom/render/canvas"
)

// Sprite is the layer under key in canvas.Layer: the part r of what
// paint draws, in the board's own coordinates, on a board-sized canvas
// of bg, drawn on a miss. Stamped at r.Min on a board whose pixels in r
// are bg, it is pixel for pixel what paint draws there: drawing at a
// whole pixel less instead rounds a fractional x differently now and then
// (a glyph moves 1/64 px).
func Sprite(key any, p *canvas.Palette, r image.Rectangle, bg color.Color, paint func(c *canvas.Canvas)) *canvas.Canvas {
	s, _ := canvas.Layer(key, func() (*canvas.Canvas, struct{}) {
		// One miss at a time: each holds a board-sized canvas (up to
		// 2 MB), and the first boards after a start, drawn together,
		// all miss the same sprites.
		spriteMu.Lock()
		defer spriteMu.Unlock()
		board := canvas.New(p, r.Max.X, r.Max.Y, bg)
		paint(board)
		s := canvas.New(p, r.Dx(), r.Dy(), bg)
		s.Stamp(board, r.Min.Mul(-1))
		return s, struct{}{}
	})
	return s
}

var spriteMu sync.Mutex
