package canvas

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"runtime"
	"sync"
)

// PNGWith encodes the canvas as an 8-bit paletted PNG in the palette's
// colours (see Palette).
//
// The picture is cut into horizontal bands, one per processor (at most
// 4, and none under 128 rows), each mapped to the palette and deflated
// on its own goroutine; the bands' deflate streams end on a sync flush,
// so laid end to end they make the one zlib stream of the IDAT chunk
// (as pigz does), with the bands' Adler-32 sums combined. Rows carry no
// PNG filter, as image/png does for paletted pictures.
func (c *Canvas) PNGWith(p *Palette) ([]byte, error) {
	if fn := encoding.Load(); fn != nil {
		(*fn)(c)
	}
	src := c.Img
	var base *image.RGBA
	var baseIdx *image.Paletted
	if c.base != nil {
		base, baseIdx = c.base.Img, c.base.in(p)
	}
	w, h := src.Rect.Dx(), src.Rect.Dy()
	stride := w + 1 // a filter byte, then the row
	rawp := getRaw(stride * h)
	defer raws.Put(rawp)
	raw := *rawp
	bands := max(1, min(runtime.GOMAXPROCS(0), 4, h/128))
	type band struct {
		z     *bytes.Buffer
		adler uint32
		n     int
	}
	res := make([]band, bands)
	var wg sync.WaitGroup
	for i := range bands {
		y0, y1 := h*i/bands, h*(i+1)/bands
		last := i == bands-1
		work := func() {
			for y := y0; y < y1; y++ {
				raw[y*stride] = 0 // filter: none
			}
			p.quantizeRows(src, base, baseIdx, raw[1:], stride, y0, y1)
			data := raw[y0*stride : y1*stride]
			z := new(bytes.Buffer)
			z.Grow(len(data)/16 + 1024)
			fw := getFlate(z)
			fw.Write(data) // a bytes.Buffer does not fail
			if last {
				fw.Close()
			} else {
				fw.Flush()
			}
			flates.Put(fw)
			res[i] = band{z, adler32.Checksum(data), len(data)}
		}
		if last {
			work()
		} else {
			wg.Add(1)
			go func() { defer wg.Done(); work() }()
		}
	}
	wg.Wait()

	size := 0
	adler := uint32(1)
	for _, b := range res {
		size += b.z.Len()
		adler = adler32Combine(adler, b.adler, b.n)
	}
	out := make([]byte, 0, 8+25+12+3*len(p.pal)+12+2+size+4+12)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8-bit palette indices
	out = chunk(out, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(p.pal))
	for _, k := range p.rgb {
		plte = append(plte, byte(k), byte(k>>8), byte(k>>16))
	}
	out = chunk(out, "PLTE", plte)
	// IDAT: zlib header (deflate, 32K window, fastest), the bands, Adler-32.
	start := len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x78, 0x01)
	for _, b := range res {
		out = append(out, b.z.Bytes()...)
	}
	out = binary.BigEndian.AppendUint32(out, adler)
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	out = chunk(out, "IEND", nil)
	return out, nil
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
	flates sync.Pool // *flate.Writer at BestSpeed
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

func getFlate(w *bytes.Buffer) *flate.Writer {
	if fw, ok := flates.Get().(*flate.Writer); ok {
		fw.Reset(w)
		return fw
	}
	fw, _ := flate.NewWriter(w, flate.BestSpeed) // a valid level: no error
	return fw
}
