package canvas

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"slices"
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

// result is what an op left in box: its rows, 4 bytes a pixel, and the
// strings it wrote (Cached).
type result struct {
	box   image.Rectangle
	pix   []byte
	texts []TextRun
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
	c.paste(r)
	return r.box, true
}

// keepable reports whether what the op keyed k draws in box can be kept:
// c has its layer's pixels there before the op.
func (c *Canvas) keepable(k []byte, box image.Rectangle) bool {
	return k != nil && !box.Empty() && box.Dx()*box.Dy() <= maxResultPixels && c.pristine(box)
}

// keep keeps what the op keyed k drew in box.
func (c *Canvas) keep(k []byte, box image.Rectangle) { results.put(k, c.result(box)) }

func (c *Canvas) result(box image.Rectangle) *result {
	w := 4 * box.Dx()
	r := &result{box: box, pix: make([]byte, 0, w*box.Dy())}
	for y := box.Min.Y; y < box.Max.Y; y++ {
		i := c.Img.PixOffset(box.Min.X, y)
		r.pix = append(r.pix, c.Img.Pix[i:i+w]...)
	}
	return r
}

// areas keeps what Cached drew, as results does for single ops.
var areas = newFIFO(16<<20, func(r *result) int { return len(r.pix) })

// maxAreaPixels bounds a Cached area (a Flanders card is 13,400).
const maxAreaPixels = 1 << 15

// Cached draws what draw draws in area, all inside it, over this
// canvas's layer: something a board draws again and again, such as a
// card. Drawn on a clone where area still holds the layer's pixels, it
// is kept by the layer, area and key; the next time it is copied, texts
// and all. key must name everything draw depends on (what it shows,
// in which language): the same key must draw the same pixels. Anywhere
// else draw just draws.
func (c *Canvas) Cached(key string, area image.Rectangle, draw func()) {
	var buf [128]byte
	d := c.op(buf[:], 'G', color.Transparent)
	if d != nil {
		d = append(appendRect(d, area), key...)
	}
	k := c.resultKey(d)
	if k == nil || c.texts == nil || area.Dx()*area.Dy() > maxAreaPixels || c.drawn.capture != nil || !c.pristine(area) {
		draw()
		return
	}
	if r, ok := areas.get(k); ok {
		c.paste(r)
		c.record(area, d)
		if c.texts != nil {
			*c.texts = append(*c.texts, r.texts...)
		}
		return
	}
	var got image.Rectangle
	c.drawn.capture = &got
	n := len(*c.texts)
	draw()
	c.drawn.capture = nil
	if got.In(area) {
		r := c.result(area)
		r.texts = slices.Clone((*c.texts)[n:])
		areas.put(k, r)
	}
}

// paste copies a result in.
func (c *Canvas) paste(r *result) {
	w := 4 * r.box.Dx()
	for y := r.box.Min.Y; y < r.box.Max.Y; y++ {
		i := c.Img.PixOffset(r.box.Min.X, y)
		copy(c.Img.Pix[i:i+w], r.pix[(y-r.box.Min.Y)*w:])
	}
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
