package canvas

import (
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/vector"
)

// scratch is what a canvas rasterises with, reused from shape to shape.
type scratch struct {
	ras  *vector.Rasterizer
	mask image.Alpha // a shape's coverage, 0-255 a pixel
}

// maskOf is the scratch coverage mask, size big, at the origin.
func (s *scratch) maskOf(size image.Point) *image.Alpha {
	n := size.X * size.Y
	if cap(s.mask.Pix) < n {
		s.mask.Pix = make([]byte, n)
	}
	s.mask.Pix, s.mask.Stride, s.mask.Rect = s.mask.Pix[:n], size.X, image.Rectangle{Max: size}
	return &s.mask
}

// ink is a colour to paint with: its premultiplied 16-bit channels, as
// color.Color gives them, and its palette index when it is opaque.
type ink struct {
	r, g, b, a uint32
	idx        uint8
}

// inkOf is col to paint with.
func (c *Canvas) inkOf(col color.Color) ink {
	r, g, b, a := col.RGBA()
	in := ink{r: r, g: g, b: b, a: a}
	if a == 0xffff {
		in.idx = c.pal.index(r>>8 | g>>8<<8 | b>>8<<16)
	}
	return in
}

// solid is col as draw.Src leaves it on an opaque picture, as 0xBBGGRR:
// its premultiplied channels, its alpha dropped.
func solid(col color.Color) uint32 {
	r, g, b, _ := col.RGBA()
	return r>>8 | g>>8<<8 | b>>8<<16
}

// blend is the palette index of in painted with coverage m (0-255) over
// palette colour d, by draw.Over's sums.
func (c *Canvas) blend(d uint8, m uint32, in *ink) uint8 {
	q := c.pal.rgb[d]
	mm := m * 0x101
	a := 0xffff - in.a*mm/0xffff
	r := (q&0xff*0x101*a/0xffff + in.r*mm/0xffff) >> 8
	g := (q>>8&0xff*0x101*a/0xffff + in.g*mm/0xffff) >> 8
	b := (q>>16&0xff*0x101*a/0xffff + in.b*mm/0xffff) >> 8
	return c.pal.index(r | g<<8 | b<<16)
}

// paintMask paints in over r (inside the canvas) with the coverage in
// mask, whose rows are stride apart and start at r.Min. A wholly covered
// pixel of an opaque ink is a plain index write; others blend with the
// colour under them, remembered from the pixel to their left.
func (c *Canvas) paintMask(r image.Rectangle, mask []byte, stride int, in ink) {
	w := r.Dx()
	for y := range r.Dy() {
		row := c.Img.Pix[c.Img.PixOffset(r.Min.X, r.Min.Y+y):][:w]
		lastD, lastM, out := -1, byte(0), uint8(0)
		for x, m := range mask[y*stride:][:w] {
			switch {
			case m == 0:
			case m == 0xff && in.a == 0xffff:
				row[x] = in.idx
			default:
				if d := row[x]; int(d) != lastD || m != lastM {
					lastD, lastM, out = int(d), m, c.blend(d, uint32(m), &in)
				}
				row[x] = out
			}
		}
	}
}

// paintRect paints in over the part of r inside the canvas, wholly.
func (c *Canvas) paintRect(r image.Rectangle, in ink) {
	r = r.Intersect(c.Img.Rect)
	if r.Empty() || in.a == 0 {
		return
	}
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.Img.Pix[c.Img.PixOffset(r.Min.X, y):][:w]
		if in.a == 0xffff {
			fill(row, in.idx)
			continue
		}
		lastD, out := -1, uint8(0)
		for x, d := range row {
			if int(d) != lastD {
				lastD, out = int(d), c.blend(d, 0xff, &in)
			}
			row[x] = out
		}
	}
}

// fill sets every byte of b to v.
func fill(b []byte, v uint8) {
	for i := range b {
		b[i] = v
	}
}

// Draw is draw.Draw onto the canvas in r: for pasting a picture. A
// paletted picture in the canvas's palette is copied index by index,
// and a uniform colour painted as Fill paints; anything else is drawn
// on the colours of r and mapped back to the palette.
func (c *Canvas) Draw(r image.Rectangle, src image.Image, sp image.Point, op draw.Op) {
	r, sp = clip(c.Img.Rect, r, src.Bounds(), sp)
	if r.Empty() {
		return
	}
	switch s := src.(type) {
	case *image.Uniform:
		in := c.inkOf(s.C)
		if op == draw.Src {
			in = ink{a: 0xffff, idx: c.pal.index(solid(s.C))}
		}
		c.paintRect(r, in)
		return
	case *image.Paletted:
		if op == draw.Src && samePalette(s.Palette, c.Img.Palette) {
			for y := range r.Dy() {
				copy(c.Img.Pix[c.Img.PixOffset(r.Min.X, r.Min.Y+y):][:r.Dx()], s.Pix[s.PixOffset(sp.X, sp.Y+y):])
			}
			return
		}
	}
	rgba := image.NewRGBA(r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			rgba.Set(x, y, c.Img.Palette[c.Img.ColorIndexAt(x, y)])
		}
	}
	draw.Draw(rgba, r, src, sp, op)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c.Img.SetColorIndex(x, y, c.pal.index(solid(rgba.RGBAAt(x, y))))
		}
	}
}

// clip is r cut to dst and to src's bounds placed with sp at r.Min, and
// the point of src at its new top left, as draw.Draw clips.
func clip(dst, r, src image.Rectangle, sp image.Point) (image.Rectangle, image.Point) {
	orig := r.Min
	r = r.Intersect(dst).Intersect(src.Add(orig.Sub(sp)))
	return r, sp.Add(r.Min.Sub(orig))
}

// samePalette reports whether a and b are the one palette.
func samePalette(a, b color.Palette) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// paintGlyph paints in through a glyph's mask, drawn at dr with the
// mask's point mp at dr.Min (font.Face.Glyph).
func (c *Canvas) paintGlyph(dr image.Rectangle, mask image.Image, mp image.Point, in ink) {
	a, ok := mask.(*image.Alpha)
	if !ok {
		a = image.NewAlpha(mask.Bounds())
		draw.Draw(a, a.Rect, mask, a.Rect.Min, draw.Src)
	}
	r, mp := clip(c.Img.Rect, dr, a.Rect, mp)
	if !r.Empty() {
		c.paintMask(r, a.Pix[a.PixOffset(mp.X, mp.Y):], a.Stride, in)
	}
}
