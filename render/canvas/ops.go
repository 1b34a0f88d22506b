package canvas

import (
	"encoding/binary"
	"hash/maphash"
	"image"
	"image/color"
	"math"
)

// A clone's band holds its layer's pixels and then what the ops that
// touched it drew, in order; every op here sets each pixel from that
// pixel and its own arguments alone. So the ops, described, name the
// band's pixels as well as the pixels themselves, at the cost of a few
// small hashes per op instead of hashing every drawn pixel at encoding
// (bandOps, opsKey). An op that cannot be described (Touch after
// writing Img, Draw of an image) makes the band fall back to its pixels
// (drawnKey).

// bandOps is what drew on one band of a clone: the ops' descriptions
// chained through two independent hashes, or pixels when an op without
// a description did.
type bandOps struct {
	h      [2]uint64
	pixels bool
}

var opSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// chain adds an op drawn over r (rows in the picture) to the bands r
// crosses; d is the op's description after 8 bytes of room, nil for an
// op without one.
func (t *touches) chain(r image.Rectangle, d []byte) {
	for b := r.Min.Y / bandRows; b <= (r.Max.Y-1)/bandRows && b < len(t.bands); b++ {
		s := &t.bands[b]
		if d == nil {
			s.pixels = true
			continue
		}
		if s.pixels {
			continue
		}
		for j := range s.h {
			binary.LittleEndian.PutUint64(d, s.h[j])
			s.h[j] = maphash.Bytes(opSeeds[j], d)
		}
	}
}

// opsKey names band i of a clone in palette p by its layer and the ops
// that drew on it.
func (c *Canvas) opsKey(p *Palette, i int, ops bandOps) bandKey {
	var b [6 * 8]byte
	head := c.bandHead(opsBand, p, i)
	copy(b[:], head[:])
	binary.LittleEndian.PutUint64(b[32:], ops.h[0])
	binary.LittleEndian.PutUint64(b[40:], ops.h[1])
	return bandKey{maphash.Bytes(bandSeeds[0], b[:]), maphash.Bytes(bandSeeds[1], b[:])}
}

// op starts the description of an op of the given kind and colour on c:
// 8 bytes of room for chain, then where c lies in the picture and its
// size (a View clips to it), then the colour as drawing sees it. nil
// when c records no drawing.
func (c *Canvas) op(buf []byte, kind byte, col color.Color) []byte {
	if c.drawn == nil {
		return nil
	}
	buf = append(buf[:0], 0, 0, 0, 0, 0, 0, 0, 0, kind)
	for _, v := range []int{c.off.X, c.off.Y, c.Img.Rect.Dx(), c.Img.Rect.Dy()} {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
	}
	r, g, b, a := col.RGBA()
	for _, v := range []uint32{r, g, b, a} {
		buf = binary.LittleEndian.AppendUint32(buf, v)
	}
	return buf
}

func appendRect(d []byte, r image.Rectangle) []byte {
	for _, v := range []int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y} {
		d = binary.LittleEndian.AppendUint32(d, uint32(v))
	}
	return d
}

func appendFloat(d []byte, f float64) []byte {
	return binary.LittleEndian.AppendUint64(d, math.Float64bits(f))
}

// record notes that an op described by d (nil: none) drew within r, in
// c's coordinates.
func (c *Canvas) record(r image.Rectangle, d []byte) {
	if c.drawn == nil {
		return
	}
	if r = r.Intersect(c.Img.Rect); !r.Empty() {
		r = r.Add(c.off)
		c.drawn.add(r)
		c.drawn.chain(r, d)
	}
}
