package canvas

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"slices"
	"sync"
)

// Palette is a game's fixed set of at most 256 colours: the colours it
// paints with, exactly, and ramps of blends between each ground colour and
// the colours drawn on it, which keep antialiased edges and text smooth.
// Boards are encoded as 8-bit paletted PNGs through it: a quarter of the
// bytes of RGBA to compress, and files about half the size.
//
// Every pixel maps to its nearest palette colour; a colour painted exactly
// maps to itself.
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

// lookup is a direct-mapped table from colour to palette index, made
// for one picture: most pixels repeat a colour seen a little before.
const lookupBits = 12

type lookup struct {
	keys [1 << lookupBits]uint32 // colour, or noKey
	idx  [1 << lookupBits]uint8
}

const noKey = 0xffffffff // no 24-bit colour has this key

// Quantize maps an RGBA image onto the palette (alpha is ignored: boards
// are opaque), into dst when it has the right size.
func (p *Palette) Quantize(src *image.RGBA, dst *image.Paletted) *image.Paletted {
	return p.quantize(src, nil, nil, dst)
}

// quantize is Quantize that takes base's indices, baseIdx, where src's
// pixels are base's (a board's static layer), in runs of 16 pixels: it
// starts from a copy of baseIdx (into a new dst), and maps only the runs
// that differ from base. A run the same as the run above it (a board's
// flat areas) takes what that run became; other pixels cost a comparison
// with their left neighbour or a probe of the lookup table.
func (p *Palette) quantize(src, base *image.RGBA, baseIdx, dst *image.Paletted) *image.Paletted {
	b := src.Bounds()
	if base != nil && (base.Rect != b || baseIdx.Rect != b) {
		base = nil
	}
	switch {
	case base != nil: // a copy, not a zeroed image the layer's indices are then copied into
		dst = &image.Paletted{Pix: slices.Clone(baseIdx.Pix), Stride: baseIdx.Stride, Rect: b}
	case dst == nil || dst.Rect != b:
		dst = image.NewPaletted(b, p.pal)
	}
	dst.Palette = p.pal
	t := &lookup{}
	for i := range t.keys {
		t.keys[i] = noKey
	}
	const run = 16
	w := b.Dx()
	for y := 0; y < b.Dy(); y++ {
		row, o := src.Pix[y*src.Stride:][:4*w], dst.Pix[y*dst.Stride:][:w]
		var up, upOut, brow []byte
		if y > 0 {
			up, upOut = src.Pix[(y-1)*src.Stride:][:4*w], dst.Pix[(y-1)*dst.Stride:][:w]
		}
		if base != nil {
			brow = base.Pix[y*base.Stride:][:4*w]
			if bytes.Equal(row, brow) { // most rows of a board: dst has the layer's
				continue
			}
		}
		var m mapper
		for x0 := 0; x0 < w; x0 += run {
			x1 := min(x0+run, w)
			px := row[4*x0 : 4*x1]
			switch {
			case brow != nil && bytes.Equal(px, brow[4*x0:4*x1]):
				// the layer's indices, there already
			case up != nil && bytes.Equal(px, up[4*x0:4*x1]):
				copy(o[x0:x1], upOut[x0:x1])
			default:
				m.run(p, t, px, o[x0:x1])
			}
		}
	}
	return dst
}

// paletted is c in palette p: c's static layer's indices where c still
// has the layer's pixels. A layer keeps its own, made once (1 byte a
// pixel, a quarter of its RGBA); the layers it was cloned from keep none.
func (c *Canvas) paletted(p *Palette) *image.Paletted {
	if c.layer == nil {
		return p.Quantize(c.Img, nil)
	}
	l := c.layer
	l.inPalette.Lock()
	if l.inPalette.p != p {
		l.inPalette.p, l.inPalette.img = p, p.Quantize(l.Img, nil)
	}
	idx := l.inPalette.img
	l.inPalette.Unlock()
	return p.quantize(c.Img, l.Img, idx, nil)
}

// mapper maps pixels to palette indices, remembering the last pixel's
// (most pixels repeat their left neighbour).
type mapper struct {
	last uint32 // the last RGBA pixel
	idx  uint8  // its index
	ok   bool   // last is set
}

// run maps the RGBA pixels px into out.
func (m *mapper) run(p *Palette, t *lookup, px, out []byte) {
	last, idx, ok := m.last, m.idx, m.ok
	px = px[:4*len(out)]
	for i := range out {
		v := binary.LittleEndian.Uint32(px[4*i:])
		if v != last || !ok {
			k := v & 0xffffff
			h := (k * 0x9E3779B1) >> (32 - lookupBits)
			if t.keys[h] == k {
				idx = t.idx[h]
			} else {
				idx = p.nearest(k)
				t.keys[h], t.idx[h] = k, idx
			}
			last, ok = v, true
		}
		out[i] = idx
	}
	m.last, m.idx, m.ok = last, idx, ok
}
