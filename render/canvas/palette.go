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
// maps to itself.
type Palette struct {
	pal color.Palette
	rgb []uint32 // pal as 0xBBGGRR, the order of an RGBA pixel's bytes
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

// lookup is a direct-mapped table from colour to palette index, made
// for one picture: most pixels repeat a colour seen a little before.
const lookupBits = 12

type lookup struct {
	keys [1 << lookupBits]uint32 // colour, or noKey
	idx  [1 << lookupBits]uint8
}

const noKey = 0xffffffff // no 24-bit colour has this key

// Quantize maps an RGBA image onto the palette (alpha is ignored: boards
// are opaque), into dst when it has the right size. A row the same as
// the one above (a board's flat areas) is copied; other pixels cost a
// comparison with their left neighbour or a probe of the lookup table.
func (p *Palette) Quantize(src *image.RGBA, dst *image.Paletted) *image.Paletted {
	b := src.Bounds()
	if dst == nil || dst.Rect != b {
		dst = image.NewPaletted(b, p.pal)
	}
	dst.Palette = p.pal
	t := &lookup{}
	for i := range t.keys {
		t.keys[i] = noKey
	}
	w := b.Dx()
	for y := 0; y < b.Dy(); y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+4*w]
		o := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		if y > 0 && bytes.Equal(row, src.Pix[(y-1)*src.Stride:(y-1)*src.Stride+4*w]) {
			copy(o, dst.Pix[(y-1)*dst.Stride:])
			continue
		}
		var m mapper
		m.run(p, t, row, o)
	}
	return dst
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
