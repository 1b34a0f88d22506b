package canvas

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"
	"testing"
)

var testPalette = NewPalette([]color.RGBA{Hex("#efe8d4"), Hex("#f8f4e8")},
	[]color.RGBA{Hex("#2b2b2b"), Hex("#c0392b"), Hex("#2e6fd8")})

// board draws shapes and text over a static layer, as a game does.
func board(w, h int) (base, c *Canvas) {
	base = New(testPalette, w, h, Hex("#efe8d4"))
	base.Rect(20, 20, float64(w)-40, float64(h)/2, Hex("#f8f4e8"))
	base.Text("Static words", 30, 30, 14, true, Hex("#2b2b2b"), TopLeft)
	c = base.Clone()
	for i := 0; i < 12; i++ {
		c.Circle(Pt{float64(30 + i*25), float64(h) * 0.7}, 9, Hex("#c0392b"))
		c.Text("Łódź 7", float64(10+i*20), float64(i*h/12), 12, false, Hex("#2e6fd8"), TopLeft)
	}
	c.Line(Pt{0, 0}, Pt{float64(w), float64(h)}, 3, color.RGBA{10, 200, 90, 255}) // not in the palette
	return base, c
}

// TestPNGDecodes: the PNG decodes to the canvas's own pixels and
// palette, cloned from a static layer or not.
func TestPNGDecodes(t *testing.T) {
	{
		for _, size := range []image.Point{{50, 30}, {333, 700}, {400, 129}} {
			base, c := board(size.X, size.Y)
			for _, cv := range []*Canvas{base, c} {
				b, err := cv.PNG()
				if err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatalf("size %v: %v", size, err)
				}
				pi, ok := img.(*image.Paletted)
				if !ok || pi.Rect != cv.Img.Rect {
					t.Fatalf("decoded %T %v", img, img.Bounds())
				}
				if !bytes.Equal(pi.Pix, cv.Img.Pix) || fmt.Sprint(pi.Palette) != fmt.Sprint(testPalette.pal) {
					t.Fatalf("size %v: pixels or palette differ from the canvas's", size)
				}
			}
		}
	}
}

// TestPaletteExact: the game's own colours are encoded exactly, and a
// palette keeps to 256 entries.
func TestPaletteExact(t *testing.T) {
	for _, c := range []color.RGBA{Hex("#efe8d4"), Hex("#2b2b2b"), Hex("#2e6fd8")} {
		if got := testPalette.pal[testPalette.nearest(key(c))]; got != c {
			t.Fatalf("%v became %v", c, got)
		}
	}
	var many []color.RGBA
	for i := 0; i < 60; i++ {
		many = append(many, color.RGBA{uint8(i * 4), uint8(255 - i*4), uint8(i), 255})
	}
	if p := NewPalette(many[:20], many[20:]); len(p.pal) > 256 || len(p.pal) <= 60 {
		t.Fatalf("%d colours", len(p.pal))
	}
}

// BenchmarkBoard draws shapes and text on a clone of a static layer and
// encodes it, as a game's board is made.
func BenchmarkBoard(b *testing.B) {
	for b.Loop() {
		_, c := board(1280, 960)
		c.PNG()
	}
}

// TestPNGConcurrent: boards cloned from one static layer are drawn
// and encoded at once, sharing the encoder's buffer pool (run with
// -race); each decodes to its own pixels.
func TestPNGConcurrent(t *testing.T) {
	base, _ := board(300, 400)
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			var err error
			for round := 0; round < 3 && err == nil; round++ {
				c := base.Clone()
				c.Circle(Pt{float64(20 + 30*g), 300}, 12, Hex("#c0392b"))
				c.Text("Łódź", 10, float64(20*g), 13, g%2 == 0, Hex("#2e6fd8"), TopLeft)
				c.RectOutline(202.5, 342.5, 70, 30, 2, Hex("#2b2b2b"))
				c.Text("Ёж", 210, 350, 14, true, Hex("#2b2b2b"), TopLeft)
				var b []byte
				b, err = c.PNG()
				if err == nil {
					var img image.Image
					if img, err = png.Decode(bytes.NewReader(b)); err == nil && !bytes.Equal(img.(*image.Paletted).Pix, c.Img.Pix) {
						err = errors.New("pixels differ")
					}
				}
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// TestNearestSameAsEveryEntry: the search among a cell's candidates
// finds the entry a search of the whole palette finds, for colours all
// over the cube, in palettes of a few and of 256 entries.
func TestNearestSameAsEveryEntry(t *testing.T) {
	var many []color.RGBA
	for i := 0; i < 60; i++ {
		many = append(many, color.RGBA{uint8(i * 4), uint8(255 - i*4), uint8(i * 7), 255})
	}
	for _, p := range []*Palette{testPalette, NewPalette(many[:20], many[20:])} {
		for k := uint32(0); k < 1<<24; k += 997 {
			r, g, b := int(k&0xff), int(k>>8&0xff), int(k>>16&0xff)
			want, wantD := 0, 1<<62
			for i, q := range p.rgb {
				dr, dg, db := r-int(q&0xff), g-int(q>>8&0xff), b-int(q>>16&0xff)
				if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < wantD {
					want, wantD = i, d
				}
			}
			if got := p.nearest(k); int(got) != want {
				t.Fatalf("%06x: entry %d, the whole palette says %d", k, got, want)
			}
		}
	}
}

// TestEncodePNGAsImagePNG: a board's own encoding decodes, through
// image/png (which checks every CRC and the zlib checksum), to the same
// palette and indices as image/png's encoding of it, for a picture whose
// rows are longer than its width (a sub-image) too.
func TestEncodePNGAsImagePNG(t *testing.T) {
	_, c := board(333, 201)
	whole := c.Img
	for _, img := range []*image.Paletted{whole, whole.SubImage(image.Rect(7, 3, 250, 200)).(*image.Paletted)} {
		ours, err := encodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		var theirs bytes.Buffer
		if err := png.Encode(&theirs, img); err != nil {
			t.Fatal(err)
		}
		a, err := png.Decode(bytes.NewReader(ours))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := png.Decode(bytes.NewReader(theirs.Bytes()))
		pa, pb := a.(*image.Paletted), b.(*image.Paletted)
		if pa.Rect != pb.Rect || !bytes.Equal(pa.Pix, pb.Pix) || fmt.Sprint(pa.Palette) != fmt.Sprint(pb.Palette) {
			t.Fatalf("%v: decodes to %v, image/png's to %v, or their pixels or palettes differ", img.Rect, pa.Rect, pb.Rect)
		}
	}
	for _, bad := range []*image.Paletted{
		image.NewPaletted(image.Rect(0, 0, 0, 5), testPalette.pal), // PNG has no empty picture
		image.NewPaletted(image.Rect(0, 0, 5, 5), nil),             // nor an empty palette
		image.NewPaletted(image.Rect(0, 0, 5, 5), slices.Repeat(color.Palette{color.Black}, 257)),
	} {
		if _, err := encodePNG(bad); err == nil {
			t.Errorf("%v with %d colours encoded", bad.Rect, len(bad.Palette))
		}
	}
}

// BenchmarkEncode: a board-sized paletted picture encoded the board's way
// (encodePNG) and by image/png at BestSpeed, the encoder boards used
// before; KB is the file's size (this picture is flatter than a game's
// board, on which the two write files within 2% of each other).
func BenchmarkEncode(b *testing.B) {
	_, c := board(600, 800)
	img := c.Img
	std := png.Encoder{CompressionLevel: png.BestSpeed}
	for _, e := range []struct {
		name   string
		encode func() ([]byte, error)
	}{
		{"board", func() ([]byte, error) { return encodePNG(img) }},
		{"image-png", func() ([]byte, error) {
			var buf bytes.Buffer
			err := std.Encode(&buf, img)
			return buf.Bytes(), err
		}},
	} {
		b.Run(e.name, func(b *testing.B) {
			var out []byte
			for b.Loop() {
				out, _ = e.encode()
			}
			b.ReportMetric(float64(len(out))/1024, "KB")
		})
	}
}

// TestIndexSameAsNearest: the memo gives every colour its nearest entry,
// first time and remembered, while boards look colours up at once (run
// with -race), colours whose slots collide included.
func TestIndexSameAsNearest(t *testing.T) {
	p := NewPalette([]color.RGBA{Hex("#efe8d4"), Hex("#f8f4e8")}, []color.RGBA{Hex("#2b2b2b"), Hex("#c0392b"), Hex("#2e6fd8")})
	errs := make(chan error, 4)
	for g := range 4 {
		go func() {
			for k := uint32(g); k < 1<<24; k += 4093 {
				for range 2 {
					if got, want := p.index(k), p.nearest(k); got != want {
						errs <- fmt.Errorf("%06x: index %d, nearest %d", k, got, want)
						return
					}
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
