package canvas

import (
	"bytes"
	"image/png"
	"sync"
)

// encoder is the one PNG encoder of every board: the standard library's
// at BestSpeed (boards are flat colours, so the files stay small and a
// move stays cheap), with a pool of its buffers, which hold a deflate
// compressor of about a megabyte that each picture would otherwise make
// anew.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}}

// bufferPool is a png.EncoderBufferPool over a sync.Pool.
type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

func (b *bufferPool) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// PNGWith encodes the canvas as an 8-bit paletted PNG in the palette's
// colours (see Palette): a quarter of the bytes of RGBA to compress, and
// smaller files. A clone of a static layer is mapped to the palette only
// where it differs from the layer (Canvas.paletted).
func (c *Canvas) PNGWith(p *Palette) ([]byte, error) {
	var buf bytes.Buffer
	if err := encoder.Encode(&buf, c.paletted(p)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
