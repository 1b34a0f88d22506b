package canvas

import (
	"image/color"
	"sync"
	"sync/atomic"
)

// Palette is a game's fixed set of at most 256 colours: the colours it
// paints with, exactly, and ramps of blends between each ground colour and
// the colours drawn on it, which keep antialiased edges and text smooth.
// A board is drawn in it (one byte a pixel) and encoded as an 8-bit
// paletted PNG: a quarter of the bytes of RGBA to copy and compress, and
// files about half the size.
//
// Every colour painted takes its nearest palette colour; a colour painted
// exactly is itself.
type Palette struct {
	pal color.Palette
	rgb []uint32 // pal as 0xBBGGRR, the order of an RGBA pixel's bytes

	// The colour cube cut into cells of 16 levels a side, and for each
	// cell the only palette entries that can be nearest to a colour in
	// it, in palette order: entries cellIdx[cellStart[c]:cellStart[c+1]].
	// Worked out once, on first use; a search then looks at a few
	// entries instead of every one.
	cellsOnce sync.Once
	cellStart []uint32
	cellIdx   []uint8

	memo [1 << memoBits]atomic.Uint64 // see index
}

// NewPalette builds a palette from the ground colours (backgrounds, zones,
// cells: what things are drawn on, most covered first) and the ink colours
// (what is drawn on them). The rest of the 256 entries are blends between
// each ground and every other colour: first the half-way shade of every
// pair, then quarter and three-quarter shades, grounds in order, while
// there is room. It panics when the exact colours are more than 256.
func NewPalette(grounds, inks []color.RGBA) *Palette {
	p := &Palette{}
	seen := map[uint32]bool{}
	var exact []color.RGBA
	for _, c := range append(append([]color.RGBA{}, grounds...), inks...) {
		if !seen[key(c)] {
			seen[key(c)] = true
			exact = append(exact, c)
		}
	}
	if len(exact) > 256 {
		panic("canvas: more than 256 exact colours")
	}
	clear(seen)
	add := func(c color.RGBA) {
		if k := key(c); !seen[k] && len(p.rgb) < 256 {
			seen[k] = true
			p.rgb = append(p.rgb, k)
			p.pal = append(p.pal, color.RGBA{c.R, c.G, c.B, 255})
		}
	}
	for _, c := range exact {
		add(c)
	}
	ramps := func(ts ...float64) {
		for i, g := range grounds {
			for j, c := range exact {
				if j <= i && j < len(grounds) || key(c) == key(g) {
					continue // a pair of grounds once
				}
				for _, t := range ts {
					add(mix(g, c, t))
				}
			}
		}
	}
	ramps(0.5)
	ramps(0.25, 0.75)
	return p
}

// Colors is the palette as written to the PNG.
func (p *Palette) Colors() color.Palette { return p.pal }

func key(c color.RGBA) uint32 { return uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 }

func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

// nearest is the index of the palette colour closest to k (0xBBGGRR),
// by squared distance weighted towards green as the eye is: the first
// such colour in palette order, looked for among its cell's candidates.
func (p *Palette) nearest(k uint32) uint8 {
	p.cellsOnce.Do(p.buildCells)
	r, g, b := int(k&0xff), int(k>>8&0xff), int(k>>16&0xff)
	c := r>>4<<8 | g>>4<<4 | b>>4
	best, bestD := uint8(0), 1<<62
	for _, i := range p.cellIdx[p.cellStart[c]:p.cellStart[c+1]] {
		q := p.rgb[i]
		dr, dg, db := r-int(q&0xff), g-int(q>>8&0xff), b-int(q>>16&0xff)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
			best, bestD = i, d
			if d == 0 {
				break
			}
		}
	}
	return best
}

// buildCells lists each cell's candidates: the entries whose distance to
// the nearest point of the cell is at most the smallest distance any
// entry has to the farthest point of the cell. The nearest entry to a
// colour in the cell is no farther than that, so it is among them.
func (p *Palette) buildCells() {
	p.cellStart = make([]uint32, 1, 4096+1)
	minD, maxD := make([]int, len(p.rgb)), make([]int, len(p.rgb))
	for c := range 4096 {
		lo := [3]int{c >> 8 << 4, c >> 4 & 15 << 4, c & 15 << 4}
		bound := 1 << 62
		for i, q := range p.rgb {
			v := [3]int{int(q & 0xff), int(q >> 8 & 0xff), int(q >> 16 & 0xff)}
			minD[i], maxD[i] = 0, 0
			for ch, w := range [3]int{3, 4, 2} {
				near, far := span(v[ch], lo[ch], lo[ch]+15)
				minD[i] += w * near * near
				maxD[i] += w * far * far
			}
			bound = min(bound, maxD[i])
		}
		for i := range p.rgb {
			if minD[i] <= bound {
				p.cellIdx = append(p.cellIdx, uint8(i))
			}
		}
		p.cellStart = append(p.cellStart, uint32(len(p.cellIdx)))
	}
}

// span is how far v lies from the nearest and the farthest of lo..hi.
func span(v, lo, hi int) (near, far int) {
	switch {
	case v < lo:
		near = lo - v
	case v > hi:
		near = v - hi
	}
	return near, max(v-lo, hi-v)
}

// index is the palette index of colour k (0xBBGGRR): its nearest,
// remembered in memo, shared by every board drawn in the palette (the
// colours painted, and the blends of their edges, repeat from board to
// board). A slot holds (k|inUse)<<8 | index; boards drawn at once may
// overwrite each other's slots, never with a wrong index.
func (p *Palette) index(k uint32) uint8 {
	slot := &p.memo[(k*0x9E3779B1)>>(32-memoBits)]
	if e := slot.Load(); e>>8 == uint64(k|inUse) {
		return uint8(e)
	}
	i := p.nearest(k)
	slot.Store(uint64(k|inUse)<<8 | uint64(i))
	return i
}

// memoBits sizes Palette.memo: 4096 slots, 32 KB a palette.
const memoBits = 12

// inUse marks a memo slot as set, so that a zero slot is empty.
const inUse = 1 << 24
