package canvas

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"sync"

	"github.com/klauspost/compress/flate"
)

// bandRows is the height of the bands a picture is deflated in: each
// band is its own deflate stream ending on a sync flush, so a band whose
// pixels equal the static layer's reuses that layer's compressed bytes.
const bandRows = 16

// zband is one band of rows, deflated: a stream ending on a sync flush,
// the Adler-32 of its raw rows and their length.
type zband struct {
	z     []byte
	adler uint32
	n     int
}

// PNGWith encodes the canvas as an 8-bit paletted PNG in the palette's
// colours (see Palette).
//
// The picture is cut into bands of bandRows rows. A band with the same
// pixels as the canvas it was cloned from (its static layer) takes that
// layer's compressed band, made once. The others are taken from
// bandCache when a board had the same band before, or mapped to the
// palette and each deflated as a stream of its own (klauspost/compress
// at BestSpeed, two to three times compress/flate's speed); the bytes
// are the same either way. Laid end to end and closed by an empty final
// block, the bands make the one zlib stream of the IDAT chunk (as pigz
// does), with their Adler-32 sums combined. Rows carry no PNG filter, as
// image/png does for paletted pictures.
func (c *Canvas) PNGWith(p *Palette) ([]byte, error) {
	if fn := encoding.Load(); fn != nil {
		(*fn)(c)
	}
	src := c.Img
	var base *image.RGBA
	var baseIdx *image.Paletted
	var baseZ []zband
	if c.base != nil && c.base.Img.Rect == src.Rect {
		base, baseIdx, baseZ = c.base.Img, c.base.in(p), c.base.bandsIn(p)
	}
	w, h := src.Rect.Dx(), src.Rect.Dy()
	stride := w + 1 // a filter byte, then the row
	rawp := getRaw(stride * h)
	defer raws.Put(rawp)
	raw := *rawp
	n := (h + bandRows - 1) / bandRows
	res := make([]zband, n)
	// Changed bands are taken from bandCache when a picture had the same
	// band before (most of a table's next board is its last one); the
	// others are mapped to the palette run by run and each deflated as
	// its own stream. A clone's band is named by what was drawn on it
	// (keyed), so a cached band is found before any palette mapping.
	cached := !uncached.Load()
	keyed := cached && base != nil && c.drawn != nil && len(c.drawn.bands) == n
	var keys []bandKey
	if keyed {
		keys = make([]bandKey, n)
	}
	var runs [][2]int // first band, end
	for i := 0; i < n; i++ {
		y0, y1 := i*bandRows, min(h, (i+1)*bandRows)
		if base != nil && c.unchanged(base, y0, y1) {
			res[i] = baseZ[i]
			continue
		}
		if keyed {
			keys[i] = c.cloneBandKey(p, i, y0, y1)
			if z, ok := bandCache.get(keys[i]); ok {
				res[i] = z
				continue
			}
		}
		if k := len(runs) - 1; k >= 0 && runs[k][1] == i {
			runs[k][1]++
		} else {
			runs = append(runs, [2]int{i, i + 1})
		}
	}
	// One goroutine: deflating in parallel cost 15-25% more CPU per
	// board (measured with the other core busy, as under load) for no
	// gain in wall time there; a busy bot needs the CPU.
	var fw *flate.Writer
	for _, r := range runs {
		y0, y1 := r[0]*bandRows, min(h, r[1]*bandRows)
		p.quantizeRows(src, base, baseIdx, c.drawn, raw[1:], stride, y0, y1)
		for y := y0; y < y1; y++ {
			raw[y*stride] = 0 // filter: none
		}
		for i := r[0]; i < r[1]; i++ {
			band := raw[i*bandRows*stride : min(h, (i+1)*bandRows)*stride]
			var k bandKey
			if keyed {
				k = keys[i]
			} else if cached {
				k = bandKeyOf(band)
				if z, ok := bandCache.get(k); ok {
					res[i] = z
					continue
				}
			}
			if fw == nil {
				fw = getFlate()
				defer flates.Put(fw)
			}
			res[i] = deflateBand(fw, band)
			if cached {
				// Its bytes exactly as long as they are: a deflate
				// buffer has room to spare, which 8,192 of would multiply.
				z := res[i]
				z.z = bytes.Clone(z.z)
				bandCache.put(k, z)
			}
		}
	}

	size := 0
	adler := uint32(1)
	for _, b := range res {
		size += len(b.z)
		adler = adler32Combine(adler, b.adler, b.n)
	}
	out := make([]byte, 0, 8+25+len(p.plte)+12+2+size+2+4+12)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8-bit palette indices
	out = chunk(out, "IHDR", ihdr[:])
	out = append(out, p.plte...)
	// IDAT: zlib header (deflate, 32K window, fastest), the bands, an
	// empty final block (fixed Huffman codes: BFINAL, BTYPE 01, end of
	// block), Adler-32.
	start := len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x78, 0x01)
	for _, b := range res {
		out = append(out, b.z...)
	}
	out = append(out, 0x03, 0x00)
	out = binary.BigEndian.AppendUint32(out, adler)
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	out = chunk(out, "IEND", nil)
	return out, nil
}

// unchanged reports whether rows y0 to y1 of c hold base's pixels: none
// of them drawn on, or, when c does not record that, the same bytes.
func (c *Canvas) unchanged(base *image.RGBA, y0, y1 int) bool {
	if c.drawn != nil {
		return !c.drawn.anyIn(y0, y1)
	}
	return sameRows(c.Img, base, y0, y1)
}

// sameRows reports whether rows y0 to y1 of a and b hold the same pixels.
func sameRows(a, b *image.RGBA, y0, y1 int) bool {
	w := 4 * a.Rect.Dx()
	for y := y0; y < y1; y++ {
		if !bytes.Equal(a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]) {
			return false
		}
	}
	return true
}

// deflateBand deflates raw rows into a stream of their own that ends on
// a sync flush.
func deflateBand(fw *flate.Writer, data []byte) zband {
	z := bytes.NewBuffer(make([]byte, 0, len(data)/8+64))
	fw.Reset(z)
	fw.Write(data) // a bytes.Buffer does not fail
	fw.Flush()
	return zband{z.Bytes(), adler32Sum(data), len(data)}
}

// bandsIn is the canvas in palette p deflated band by band, computed
// once for a canvas other canvases were cloned from.
func (c *Canvas) bandsIn(p *Palette) []zband {
	idx := c.in(p)
	q := c.quant
	q.mu.Lock()
	defer q.mu.Unlock()
	if z, ok := q.z[p]; ok {
		return z
	}
	if q.z == nil {
		q.z = map[*Palette][]zband{}
	}
	w, h := idx.Rect.Dx(), idx.Rect.Dy()
	fw := getFlate()
	defer flates.Put(fw)
	var z []zband
	for y0 := 0; y0 < h; y0 += bandRows {
		var data []byte
		for y := y0; y < min(h, y0+bandRows); y++ {
			data = append(data, 0) // filter: none
			data = append(data, idx.Pix[y*idx.Stride:y*idx.Stride+w]...)
		}
		z = append(z, deflateBand(fw, data))
	}
	q.z[p] = z
	return z
}

// chunk appends a PNG chunk: length, type, data, CRC of type and data.
func chunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// adler32Combine is the Adler-32 of A followed by B from those of A and
// B and B's length (zlib's adler32_combine).
func adler32Combine(a, b uint32, lenB int) uint32 {
	const base = 65521
	rem := uint32(lenB % base)
	sum1 := a & 0xffff
	sum2 := (rem * sum1) % base
	sum1 += (b & 0xffff) + base - 1
	sum2 += (a >> 16) + (b >> 16) + base - rem
	if sum1 >= base {
		sum1 -= base
	}
	if sum1 >= base {
		sum1 -= base
	}
	if sum2 >= base<<1 {
		sum2 -= base << 1
	}
	if sum2 >= base {
		sum2 -= base
	}
	return sum1 | sum2<<16
}

var (
	raws   sync.Pool // *[]byte: filtered rows of a picture
	flates sync.Pool // *flate.Writer (klauspost/compress) at BestSpeed
)

func getRaw(n int) *[]byte {
	b, _ := raws.Get().(*[]byte)
	if b == nil || cap(*b) < n {
		s := make([]byte, n)
		return &s
	}
	*b = (*b)[:n]
	return b
}

func getFlate() *flate.Writer {
	if fw, ok := flates.Get().(*flate.Writer); ok {
		return fw
	}
	fw, _ := flate.NewWriter(nil, flate.BestSpeed) // a valid level: no error
	return fw
}
