package canvas

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// A polygon's coverage depends only on its corners relative to the box
// it is rasterised in, and boards draw the same shapes move after move
// (card frames, commanders, troop icons): masks keeps each shape's
// coverage, so drawing it again blends a stored mask in, and pixels
// wholly in or out cost a store or nothing. The mask is exactly what the
// rasteriser computes, blended by its own formula: the picture is the
// same with or without the cache.
var masks = newMaskCache(8 << 20)

// maxMaskPixels: larger shapes (board backgrounds, drawn once into a
// static layer) are rasterised straight onto the canvas.
const maxMaskPixels = 1 << 14

// mask is a polygon's coverage in its box, 0 to 0xffff, row by row.
type mask struct {
	w, h int
	a    []uint16
}

func newMaskCache(maxBytes int) *fifo[string, *mask] {
	return newFIFO(maxBytes, func(k string, m *mask) int { return len(k) + 2*len(m.a) })
}

// maskKey names a polygon by its box's size and its corners relative to
// the box, as the rasteriser is given them (float32).
func maskKey(buf []byte, pts []Pt, box image.Rectangle) []byte {
	buf = binary.LittleEndian.AppendUint32(buf, uint32(box.Dx()))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(box.Dy()))
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, p := range pts {
		buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(float32(p.X-ox)))
		buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(float32(p.Y-oy)))
	}
	return buf
}

// rasterMask rasterises the polygon into a mask of box's size: drawn
// opaque onto an empty Alpha16, each pixel keeps the rasteriser's
// coverage whole (its generic path; an Alpha would keep 8 bits).
func rasterMask(pts []Pt, box image.Rectangle) *mask {
	w, h := box.Dx(), box.Dy()
	a := image.NewAlpha16(image.Rect(0, 0, w, h))
	withRasterizer(pts, box, func(r *vector.Rasterizer) {
		r.Draw(a, a.Rect, image.Opaque, image.Point{})
	})
	m := &mask{w: w, h: h, a: make([]uint16, w*h)}
	for i := range m.a {
		m.a[i] = uint16(a.Pix[2*i])<<8 | uint16(a.Pix[2*i+1])
	}
	return m
}

// withRasterizer sets up a pooled rasteriser with the polygon, relative
// to box, for draw.
func withRasterizer(pts []Pt, box image.Rectangle, draw func(*vector.Rasterizer)) {
	r, _ := rasterizers.Get().(*vector.Rasterizer)
	if r == nil {
		r = vector.NewRasterizer(box.Dx(), box.Dy())
	} else {
		r.Reset(box.Dx(), box.Dy())
	}
	defer rasterizers.Put(r)
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	r.MoveTo(float32(pts[0].X-ox), float32(pts[0].Y-oy))
	for _, p := range pts[1:] {
		r.LineTo(float32(p.X-ox), float32(p.Y-oy))
	}
	r.ClosePath()
	draw(r)
}

// alphaMask is a glyph's 8-bit mask as a coverage mask: a = a8 * 0x101,
// as image/draw widens it.
func alphaMask(a *image.Alpha) *mask {
	m := &mask{w: a.Rect.Dx(), h: a.Rect.Dy(), a: make([]uint16, len(a.Pix))}
	for i, a8 := range a.Pix {
		m.a[i] = uint16(a8) * 0x101
	}
	return m
}

// over blends col into dst through the mask, its top left at at, within
// dst: the formula of the rasteriser's own uniform-colour Over onto
// RGBA, and of draw.DrawMask's for a glyph, pixel for pixel, skipping
// those it leaves as they are (no coverage) and storing the colour where
// an opaque one covers wholly.
func (m *mask) over(dst *image.RGBA, at image.Point, col color.Color) {
	r := image.Rect(at.X, at.Y, at.X+m.w, at.Y+m.h).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	sr, sg, sb, sa := col.RGBA()
	solid := [4]uint8{uint8(sr >> 8), uint8(sg >> 8), uint8(sb >> 8), uint8(sa >> 8)}
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		pix := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*w]
		row := m.a[(y-at.Y)*m.w+r.Min.X-at.X:][:w]
		for x, cov := range row {
			if cov == 0 {
				continue
			}
			p := pix[4*x : 4*x+4 : 4*x+4]
			if cov == 0xffff && sa == 0xffff {
				copy(p, solid[:])
				continue
			}
			ma := uint32(cov)
			a := 0xffff - (sa * ma / 0xffff)
			p[0] = uint8(((uint32(p[0])*0x101*a + sr*ma) / 0xffff) >> 8)
			p[1] = uint8(((uint32(p[1])*0x101*a + sg*ma) / 0xffff) >> 8)
			p[2] = uint8(((uint32(p[2])*0x101*a + sb*ma) / 0xffff) >> 8)
			p[3] = uint8(((uint32(p[3])*0x101*a + sa*ma) / 0xffff) >> 8)
		}
	}
}
