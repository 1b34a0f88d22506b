package render

import (
	"image"
	"image/color"
	"image/draw"
	"sync"

	"github.com/warroom/warroom/render/canvas"
)

// Stamp copies the opaque layer f onto c with its top left at at, and
// its strings: Compose without the blending. draw.Src copies rows, where
// Compose's draw.Over blends pixel by pixel, at 75 times the CPU (a
// Flanders card face: 1.5 against 111 us). A one-pixel view of f, which
// shares f's strings, carries them through Compose. Boards stamp the
// sprites they keep in canvas.Layer (card faces, unit names, tiles).
func Stamp(c, f *canvas.Canvas, at image.Point) {
	c.Draw(f.Img.Bounds().Add(at), f.Img, image.Point{}, draw.Src)
	c.Compose(f.View(image.Rect(0, 0, 1, 1)), at)
}

// Sprite is the layer under key in canvas.Layer: the part r of what
// paint draws, in the board's own coordinates, on a board-sized canvas
// of bg, drawn on a miss. Stamped at r.Min on a board whose pixels in r
// are bg, it is pixel for pixel what paint draws there: drawing at a
// whole pixel less instead rounds a fractional x differently now and then
// (a glyph moves 1/64 px).
func Sprite(key any, r image.Rectangle, bg color.Color, paint func(c *canvas.Canvas)) *canvas.Canvas {
	s, _ := canvas.Layer(key, func() (*canvas.Canvas, struct{}) {
		// One miss at a time: each holds a board-sized canvas (up to
		// 2 MB), and the first boards after a start, drawn together,
		// all miss the same sprites.
		spriteMu.Lock()
		defer spriteMu.Unlock()
		board := canvas.New(r.Max.X, r.Max.Y, bg)
		paint(board)
		s := canvas.New(r.Dx(), r.Dy(), bg)
		s.Compose(board, r.Min.Mul(-1))
		return s, struct{}{}
	})
	return s
}

var spriteMu sync.Mutex
