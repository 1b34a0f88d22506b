package canvas

import (
	"encoding/binary"
	"hash/crc32"
	"hash/maphash"
)

// bandCache keeps the deflated streams of the last bands boards drew: a
// table's next board repeats most of its last one (57% of the bands a
// Flanders board draws were the same as the board before), and such a
// band then costs a hash instead of a deflate. A clone's band is kept
// by its layer, the palette and what was drawn on it: the ops (opsKey),
// or their pixels after an op without a description (drawnKey), so a
// hit skips the palette mapping too; other bands by their raw bytes
// (bandKeyOf). Every game shares it. Bounded: the oldest band leaves
// first.
var bandCache = newBandCache(1 << 13)

// newBandCache keeps up to n bands: a band's bytes are kept exactly as
// long as they are (see PNGWith), some kilobytes.
func newBandCache(n int) *fifo[bandKey, zband] {
	return newFIFO(n, func(bandKey, zband) int { return 1 })
}

// bandKey names a band's raw bytes: two independent 64-bit hashes, so a
// collision (a wrong band in a picture) is out of reach.
type bandKey [2]uint64

var bandSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func bandKeyOf(b []byte) bandKey {
	return bandKey{maphash.Bytes(bandSeeds[0], b), maphash.Bytes(bandSeeds[1], b)}
}

// drawnKey names band i of a clone, rows y0 to y1, in palette p: outside
// the columns drawn its pixels are its layer's, which never changes once
// cloned, so the layer, the band, the columns drawn in each row and
// their pixels fix what the band is in p. (The same pixels drawn over
// other columns make another key: a miss, never a wrong band.) The
// pixels are four times the band's raw bytes, so the key's second half
// is a CRC-32C (in hardware, two and a half times maphash's speed)
// rather than a second maphash: 96 bits.
func (c *Canvas) drawnKey(p *Palette, i, y0, y1 int) bandKey {
	head := c.bandHead(drawnBand, p, i)
	var h maphash.Hash
	h.SetSeed(bandSeeds[0])
	h.Write(head[:])
	crc := crc32.Update(0, castagnoli, head[:])
	for y := y0; y < y1; y++ {
		s := c.drawn.rows[y]
		if s.x0 >= s.x1 {
			s = span{}
		}
		var xs [8]byte
		binary.LittleEndian.PutUint32(xs[0:], uint32(s.x0))
		binary.LittleEndian.PutUint32(xs[4:], uint32(s.x1))
		px := c.Img.Pix[y*c.Img.Stride+4*int(s.x0) : y*c.Img.Stride+4*int(s.x1)]
		h.Write(xs[:])
		h.Write(px)
		crc = crc32.Update(crc32.Update(crc, castagnoli, xs[:]), castagnoli, px)
	}
	return bandKey{h.Sum64(), uint64(crc)}
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// The kinds of a clone's band key, told apart from each other and from a
// raw band's (bandKeyOf, which hashes no such head).
const (
	drawnBand = 1 + iota // by its drawn pixels (drawnKey)
	opsBand              // by the ops that drew on it (opsKey)
)

// bandHead is what both kinds of a clone's band key start with: the
// kind, the layer, the palette and the band.
func (c *Canvas) bandHead(kind uint64, p *Palette, i int) [4 * 8]byte {
	var b [4 * 8]byte
	binary.LittleEndian.PutUint64(b[0:], kind)
	binary.LittleEndian.PutUint64(b[8:], c.base.id)
	binary.LittleEndian.PutUint64(b[16:], p.id)
	binary.LittleEndian.PutUint64(b[24:], uint64(i))
	return b
}

// cloneBandKey names band i of a clone, rows y0 to y1, in palette p: by the ops
// that drew on it, or by its pixels after an op without a description.
func (c *Canvas) cloneBandKey(p *Palette, i, y0, y1 int) bandKey {
	if ops := c.drawn.bands[i]; !ops.pixels {
		return c.opsKey(p, i, ops)
	}
	return c.drawnKey(p, i, y0, y1)
}
