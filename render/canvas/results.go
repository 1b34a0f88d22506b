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
var results = newFIFO(16<<20, resultSize)

// maxResultPixels: larger ops are drawn as they come.
const maxResultPixels = 1 << 14

// result is what an op left in box over the layer: the runs of pixels
// it changed (the rest of box is the layer's), and the strings it wrote
// (Cached). A card or a company's line changes a fraction of its box.
type result struct {
	box   image.Rectangle
	runs  []pixRun
	pix   []byte // the runs' pixels, 4 bytes each, one run after another
	texts []TextRun
}

// pixRun is the pixels x0 to x1 of row y.
type pixRun struct{ y, x0, x1 int32 }

// runGap: changed pixels closer than this join one run.
const runGap = 4

// resultKey is the op's description d with its room (see chain) holding
// c's layer; nil when c is not a clone that records its ops. The key is
// d itself: look it up and keep the result before recording the op,
// whose chain writes the room over.
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
	r, ok := getBytes(results, k)
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
func (c *Canvas) keep(k []byte, box image.Rectangle) { results.put(string(k), c.result(box)) }

// result is what c has in box where it differs from its layer, which
// it had there before the op.
func (c *Canvas) result(box image.Rectangle) *result {
	r := &result{box: box}
	a, b := c.Img, c.base.Img
	for y := box.Min.Y; y < box.Max.Y; y++ {
		pa := a.Pix[a.PixOffset(box.Min.X, y):a.PixOffset(box.Max.X, y)]
		pb := b.Pix[b.PixOffset(box.Min.X, y):b.PixOffset(box.Max.X, y)]
		start, last := -1, -1 // the open run, and its last changed pixel
		for x := 0; x < box.Dx(); x++ {
			if binary.LittleEndian.Uint32(pa[4*x:]) == binary.LittleEndian.Uint32(pb[4*x:]) {
				continue
			}
			if start >= 0 && x-last > runGap {
				r.add(y, box.Min.X, start, last+1, pa)
				start = -1
			}
			if start < 0 {
				start = x
			}
			last = x
		}
		if start >= 0 {
			r.add(y, box.Min.X, start, last+1, pa)
		}
	}
	r.pix = slices.Clip(r.pix)
	r.runs = slices.Clip(r.runs)
	return r
}

// add adds the pixels x0 to x1 of row (from x at ox), pa.
func (r *result) add(y, ox, x0, x1 int, pa []byte) {
	r.runs = append(r.runs, pixRun{int32(y), int32(ox + x0), int32(ox + x1)})
	r.pix = append(r.pix, pa[4*x0:4*x1]...)
}

// areas keeps what Cached drew, as results does for single ops.
var areas = newFIFO(16<<20, resultSize)

// resultSize is what a result and its key hold, in bytes, near enough.
func resultSize(k string, r *result) int {
	return len(k) + len(r.pix) + 12*len(r.runs) + 64*len(r.texts)
}

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
	if r, ok := getBytes(areas, k); ok {
		c.paste(r)
		c.record(area, d)
		*c.texts = append(*c.texts, r.texts...)
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
		areas.put(string(k), r)
	}
}

// paste copies a result in.
func (c *Canvas) paste(r *result) {
	pix := r.pix
	for _, run := range r.runs {
		i := c.Img.PixOffset(int(run.x0), int(run.y))
		n := copy(c.Img.Pix[i:i+4*int(run.x1-run.x0)], pix)
		pix = pix[n:]
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
