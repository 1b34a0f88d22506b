package canvas

import (
	"bytes"
	"encoding/binary"
	"image"
)

// An op drawn on a clone where the clone still holds its layer's pixels
// leaves pixels that depend only on the layer and the op (its
// description, ops.go): the same label, card frame or counter at the
// same place on the next board of the table is the same rectangle of
// pixels. results keeps them, by layer and description, so drawing it
// again is a check that the layer is still there and a copy. Bounded
// by bytes, oldest out first.
var results = newFIFO(16<<20, func(r *result) int { return len(r.pix) })

// maxResultPixels: larger ops are drawn as they come.
const maxResultPixels = 1 << 14

// result is what an op left in box: its rows, 4 bytes a pixel.
type result struct {
	box image.Rectangle
	pix []byte
}

// resultKey is the op's description d with its room (see chain) holding
// c's layer; nil when c is not a clone that records its ops.
func (c *Canvas) resultKey(d []byte) []byte {
	if d == nil || c.base == nil || c.base.Img.Rect != c.Img.Rect || uncached.Load() {
		return nil
	}
	binary.LittleEndian.PutUint64(d, c.base.id)
	return d
}

// reuse draws the kept result of the op keyed k when c still has its
// layer's pixels where it goes; it returns the box drawn.
func (c *Canvas) reuse(k []byte) (image.Rectangle, bool) {
	if k == nil {
		return image.Rectangle{}, false
	}
	r, ok := results.get(k)
	if !ok || !c.pristine(r.box) {
		return image.Rectangle{}, false
	}
	w := 4 * r.box.Dx()
	for y := r.box.Min.Y; y < r.box.Max.Y; y++ {
		i := c.Img.PixOffset(r.box.Min.X, y)
		copy(c.Img.Pix[i:i+w], r.pix[(y-r.box.Min.Y)*w:])
	}
	return r.box, true
}

// keepable reports whether what the op keyed k draws in box can be kept:
// c has its layer's pixels there before the op.
func (c *Canvas) keepable(k []byte, box image.Rectangle) bool {
	return k != nil && !box.Empty() && box.Dx()*box.Dy() <= maxResultPixels && c.pristine(box)
}

// keep keeps what the op keyed k drew in box.
func (c *Canvas) keep(k []byte, box image.Rectangle) {
	w := 4 * box.Dx()
	r := &result{box: box, pix: make([]byte, 0, w*box.Dy())}
	for y := box.Min.Y; y < box.Max.Y; y++ {
		i := c.Img.PixOffset(box.Min.X, y)
		r.pix = append(r.pix, c.Img.Pix[i:i+w]...)
	}
	results.put(k, r)
}

// pristine reports whether c holds its layer's pixels in r (inside the
// picture): where no op drew, or drew them back.
func (c *Canvas) pristine(r image.Rectangle) bool {
	if !r.In(c.Img.Rect) {
		return false
	}
	a, b := c.Img, c.base.Img
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := c.drawn.rows[y]
		x0, x1 := max(r.Min.X, int(s.x0)), min(r.Max.X, int(s.x1))
		if x0 >= x1 {
			continue
		}
		if !bytes.Equal(a.Pix[a.PixOffset(x0, y):a.PixOffset(x1, y)], b.Pix[b.PixOffset(x0, y):b.PixOffset(x1, y)]) {
			return false
		}
	}
	return true
}
