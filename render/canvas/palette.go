package canvas

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
)

// Palette is a game's fixed set of at most 256 colours: the colours it
// paints with, exactly, and ramps of blends between each ground colour and
// the colours drawn on it, which keep antialiased edges and text smooth.
// Boards are encoded as 8-bit paletted PNGs through it: a quarter of the
// bytes of RGBA to compress, and files about half the size.
//
// Every pixel maps to its nearest palette colour; a colour painted exactly
// maps to itself. The mapping of each colour seen is remembered in small
// per-goroutine lookup tables, so after the first boards almost every
// pixel costs a comparison with its left neighbour or one table probe.
type Palette struct {
	pal    color.Palette
	rgb    []uint32     // pal as 0xBBGGRR, the order of an RGBA pixel's bytes
	tables chan *lookup // idle lookup tables, kept across garbage collections
	id     uint64       // names it in bandCache's keys
	plte   []byte       // its PNG chunk
}

// NewPalette builds a palette from the ground colours (backgrounds, zones,
// cells: what things are drawn on, most covered first) and the ink colours
// (what is drawn on them). The rest of the 256 entries are blends between
// each ground and every other colour: first the half-way shade of every
// pair, then quarter and three-quarter shades, grounds in order, while
// there is room. It panics when the exact colours are more than 256.
func NewPalette(grounds, inks []color.RGBA) *Palette {
	p := &Palette{tables: make(chan *lookup, 4), id: ids.Add(1)}
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
	plte := make([]byte, 0, 3*len(p.rgb))
	for _, k := range p.rgb {
		plte = append(plte, byte(k), byte(k>>8), byte(k>>16))
	}
	p.plte = chunk(nil, "PLTE", plte)
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
// by squared distance weighted towards green as the eye is.
func (p *Palette) nearest(k uint32) uint8 {
	r, g, b := int(k&0xff), int(k>>8&0xff), int(k>>16&0xff)
	best, bestD := 0, 1<<62
	for i, q := range p.rgb {
		dr, dg, db := r-int(q&0xff), g-int(q>>8&0xff), b-int(q>>16&0xff)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
			best, bestD = i, d
			if d == 0 {
				break
			}
		}
	}
	return uint8(best)
}

// lookup is a direct-mapped cache from colour to palette index.
const lookupBits = 16

type lookup struct {
	keys [1 << lookupBits]uint32 // colour, or noKey
	idx  [1 << lookupBits]uint8
}

const noKey = 0xffffffff // no 24-bit colour has this key

func (p *Palette) table() *lookup {
	select {
	case t := <-p.tables:
		return t
	default:
	}
	t := &lookup{}
	for i := range t.keys {
		t.keys[i] = noKey
	}
	return t
}

func (p *Palette) putTable(t *lookup) {
	select {
	case p.tables <- t:
	default:
	}
}

// Quantize maps an RGBA image onto the palette (alpha is ignored: boards
// are opaque), into dst when it has the right size.
func (p *Palette) Quantize(src *image.RGBA, dst *image.Paletted) *image.Paletted {
	return p.quantize(src, nil, nil, nil, dst)
}

// quantize maps src onto the palette; where src has the same pixels as
// base, it copies baseIdx, base in this palette (see quantizeRows).
func (p *Palette) quantize(src, base *image.RGBA, baseIdx *image.Paletted, drawn *touches, dst *image.Paletted) *image.Paletted {
	b := src.Bounds()
	if dst == nil || dst.Rect != b {
		dst = image.NewPaletted(b, p.pal)
	}
	dst.Palette = p.pal
	p.quantizeRows(src, base, baseIdx, drawn, dst.Pix, dst.Stride, 0, b.Dy())
	return dst
}

// quantizeRows maps rows y0 to y1 (from the top of src) into out, row y
// at out[y*stride:]. With a base, src's pixels outside what drawn
// records are base's, and take baseIdx (base in this palette); without
// drawn every row is compared with base's. Where a row, or a span of 16
// pixels, equals base's, it copies baseIdx too, and where a span equals
// the one above it, what that became.
func (p *Palette) quantizeRows(src, base *image.RGBA, baseIdx *image.Paletted, drawn *touches, out []byte, stride, y0, y1 int) {
	b := src.Bounds()
	if base != nil && (base.Rect != b || baseIdx.Rect != b) {
		base = nil
	}
	if base == nil {
		drawn = nil
	}
	t := p.table()
	defer p.putTable(t)
	w := b.Dx()
	const span = 16
	for y := y0; y < y1; y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+4*w]
		o := out[y*stride : y*stride+w]
		var brow, bout []byte
		lo, hi := 0, w // the columns to look at
		if base != nil {
			brow = base.Pix[y*base.Stride : y*base.Stride+4*w]
			bout = baseIdx.Pix[y*baseIdx.Stride : y*baseIdx.Stride+w]
			if drawn != nil {
				s := drawn.rows[y]
				if s.x0 >= s.x1 {
					copy(o, bout)
					continue
				}
				lo, hi = int(s.x0), int(s.x1)
				if bytes.Equal(row[4*lo:4*hi], brow[4*lo:4*hi]) {
					copy(o, bout) // drawn over in the base's colours
					continue
				}
				copy(o[:lo], bout[:lo])
				copy(o[hi:], bout[hi:])
			} else if bytes.Equal(row, brow) {
				copy(o, bout)
				continue
			}
		}
		var up, upOut []byte // the row above, when in the same band
		if y > y0 {
			up = src.Pix[(y-1)*src.Stride : (y-1)*src.Stride+4*w]
			upOut = out[(y-1)*stride : (y-1)*stride+w]
		}
		var m mapper
		for x0 := lo; x0 < hi; x0 += span {
			x1 := min(x0+span, hi)
			if brow != nil && bytes.Equal(row[4*x0:4*x1], brow[4*x0:4*x1]) {
				copy(o[x0:x1], bout[x0:x1])
				continue
			}
			if up != nil && bytes.Equal(row[4*x0:4*x1], up[4*x0:4*x1]) {
				copy(o[x0:x1], upOut[x0:x1])
				continue
			}
			m.run(p, t, row[4*x0:4*x1], o[x0:x1])
		}
	}
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

// in is the canvas in palette p, computed once for a canvas other
// canvases were cloned from.
func (c *Canvas) in(p *Palette) *image.Paletted {
	q := c.quant
	q.mu.Lock()
	defer q.mu.Unlock()
	if img, ok := q.m[p]; ok {
		return img
	}
	if q.m == nil {
		q.m = map[*Palette]*image.Paletted{}
	}
	var base *image.RGBA
	var baseIdx *image.Paletted
	if c.base != nil {
		base, baseIdx = c.base.Img, c.base.in(p)
	}
	img := p.quantize(c.Img, base, baseIdx, c.drawn, nil)
	q.m[p] = img
	return img
}
