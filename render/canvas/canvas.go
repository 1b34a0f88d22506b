// Package canvas is the small drawing kit every board renderer shares:
// antialiased filled and stroked polygons (golang.org/x/image/vector), the
// embedded Go fonts (which cover Polish and Cyrillic letters) and PNG
// encoding. Static layers are drawn once and copied with Clone.
package canvas

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Canvas is an RGBA image with drawing helpers.
type Canvas struct {
	Img *image.RGBA

	// base is the canvas this one was cloned from. Encoding compares the
	// pixels with it and reuses its paletted pixels where they are equal,
	// so a canvas must not change once it has been cloned (static layers
	// are shared by concurrent boards anyway).
	base  *Canvas
	quant *quantCache // this canvas in each palette, once it is a base
	id    uint64      // names it as a base in bandCache's keys

	// drawn records what every drawing op touched on a clone (a View
	// shares its parent's): encoding quantises and deflates only those
	// rows, and Release puts back only those pixels. Code that writes
	// Img itself must say so with Touch (or draw through Draw).
	drawn *touches

	// texts records every string drawn, for Texts; a View shares its
	// parent's, with off its origin in the parent.
	texts *[]TextRun
	off   image.Point
}

// TextRun is one string drawn on a canvas: what, at which pixel size,
// and the box it covers. Tests hold every board's text to a size a phone
// can read and to the picture's edges (Texts).
type TextRun struct {
	S    string
	Size float64
	Bold bool
	Box  image.Rectangle
}

type quantCache struct {
	mu sync.Mutex
	m  map[*Palette]*image.Paletted
	z  map[*Palette][]zband // m deflated by bands, for PNGWith

	// spares holds released clones of this canvas, their pixels put back
	// to this canvas's (*spare): Clone takes one with nothing to copy.
	spares sync.Pool
}

// spare is a released clone's pixels and row records, for reuse.
type spare struct {
	img   *image.RGBA
	drawn *touches
}

// touches is, for each row of a clone, the columns drawn on since it was
// cloned, from x0 to x1 (none when x0 >= x1).
type touches struct {
	rows  []span
	bands []bandOps // what drew on each band (ops.go)

	// capture, while Cached draws, gathers every op's box in it.
	capture *image.Rectangle
}

type span struct{ x0, x1 int32 }

// add records r, which lies inside the picture.
func (t *touches) add(r image.Rectangle) {
	if t.capture != nil {
		*t.capture = t.capture.Union(r)
	}
	x0, x1 := int32(r.Min.X), int32(r.Max.X)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := &t.rows[y]
		if s.x0 >= s.x1 {
			*s = span{x0, x1}
			continue
		}
		s.x0, s.x1 = min(s.x0, x0), max(s.x1, x1)
	}
}

// anyIn reports whether rows y0 to y1 were drawn on.
func (t *touches) anyIn(y0, y1 int) bool {
	for _, s := range t.rows[y0:y1] {
		if s.x0 < s.x1 {
			return true
		}
	}
	return false
}

// ids numbers canvases and palettes, never twice in a process.
var ids atomic.Uint64

// New makes a canvas filled with bg.
func New(w, h int, bg color.Color) *Canvas {
	c := &Canvas{Img: image.NewRGBA(image.Rect(0, 0, w, h)), quant: &quantCache{}, texts: new([]TextRun), id: ids.Add(1)}
	draw.Draw(c.Img, c.Img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	return c
}

// View is a canvas that draws straight onto the part r of c, with r.Min
// as its origin and r as its edges; nil when r is not all inside c.
func (c *Canvas) View(r image.Rectangle) *Canvas {
	if !r.In(c.Img.Rect) || r.Empty() {
		return nil
	}
	img := &image.RGBA{Pix: c.Img.Pix[c.Img.PixOffset(r.Min.X, r.Min.Y):], Stride: c.Img.Stride, Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	return &Canvas{Img: img, quant: &quantCache{}, texts: c.texts, off: c.off.Add(r.Min), drawn: c.drawn, id: ids.Add(1)}
}

// Clone copies the canvas, e.g. a cached static board before drawing
// counters. A released clone of c is reused when there is one: its
// pixels are already c's, so nothing is copied.
func (c *Canvas) Clone() *Canvas {
	sp, _ := c.quant.spares.Get().(*spare)
	if sp == nil {
		img := image.NewRGBA(c.Img.Bounds())
		copyRows(img, c.Img, img.Rect, nil)
		sp = &spare{img, &touches{rows: make([]span, img.Rect.Dy()), bands: make([]bandOps, (img.Rect.Dy()+bandRows-1)/bandRows)}}
	}
	return &Canvas{Img: sp.img, base: c, quant: &quantCache{}, texts: new([]TextRun), drawn: sp.drawn, id: ids.Add(1)}
}

// copyRows copies src's pixels in r to dst (both from the origin), only
// the recorded columns of each row when drawn is not nil.
func copyRows(dst, src *image.RGBA, r image.Rectangle, drawn *touches) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		x0, x1 := r.Min.X, r.Max.X
		if drawn != nil {
			s := drawn.rows[y]
			if s.x0 >= s.x1 {
				continue
			}
			x0, x1 = int(s.x0), int(s.x1)
		}
		copy(dst.Pix[dst.PixOffset(x0, y):dst.PixOffset(x1, y)], src.Pix[src.PixOffset(x0, y):src.PixOffset(x1, y)])
	}
}

// Touch records that r (in c's coordinates) was drawn on by code that
// writes Img itself, so that encoding and Release see it.
func (c *Canvas) Touch(r image.Rectangle) { c.record(r, nil) }

// Draw is draw.Draw onto the canvas in r: for pasting cached tiles.
func (c *Canvas) Draw(r image.Rectangle, src image.Image, sp image.Point, op draw.Op) {
	draw.Draw(c.Img, r, src, sp, op)
	var d []byte
	if u, ok := src.(*image.Uniform); ok {
		var buf [64]byte
		if d = c.op(buf[:], 'D', u.C); d != nil {
			d = append(appendRect(d, r), byte(op))
		}
	}
	c.record(r, d)
}

// CheckTouches reports pixels of a clone that differ from the canvas it
// was cloned from where no drawing was recorded (tests: a write to Img
// without Touch would leave them out of the picture).
func (c *Canvas) CheckTouches() error {
	if c.base == nil || c.drawn == nil {
		return nil
	}
	a, b := c.Img, c.base.Img
	if a.Rect != b.Rect {
		return nil
	}
	for y := 0; y < a.Rect.Dy(); y++ {
		s := c.drawn.rows[y]
		x0, x1 := int(s.x0), int(s.x1)
		if x0 >= x1 {
			x0, x1 = 0, 0
		}
		for _, r := range [][2]int{{0, x0}, {x1, a.Rect.Dx()}} {
			pa, pb := a.Pix[y*a.Stride+4*r[0]:y*a.Stride+4*r[1]], b.Pix[y*b.Stride+4*r[0]:y*b.Stride+4*r[1]]
			if !bytes.Equal(pa, pb) {
				return fmt.Errorf("canvas: row %d changed outside what was recorded drawn (%d to %d)", y, s.x0, s.x1)
			}
		}
	}
	return nil
}

// Texts lists the strings drawn on the picture, those of the layer it
// was cloned from first, in the picture's own coordinates.
func (c *Canvas) Texts() []TextRun {
	var out []TextRun
	if c.base != nil {
		out = c.base.Texts()
	}
	if c.texts != nil {
		out = append(out, *c.texts...)
	}
	return out
}

// Release gives a clone's pixels back, put back to those of the canvas
// it was cloned from, for a later Clone of that canvas; c must not be
// used afterwards (its Img is nil). Boards call it once encoded.
func (c *Canvas) Release() {
	if c.Img == nil {
		return
	}
	if c.base != nil && c.drawn != nil && c.base.Img.Rect == c.Img.Rect {
		copyRows(c.Img, c.base.Img, c.Img.Rect, c.drawn)
		clear(c.drawn.rows)
		clear(c.drawn.bands)
		c.base.quant.spares.Put(&spare{c.Img, c.drawn})
	}
	c.Img, c.drawn = nil, nil
}

// rasterizers are reused: a rasterizer keeps its coverage buffer.
var rasterizers sync.Pool // *vector.Rasterizer

// Pt is a point in pixels.
type Pt struct{ X, Y float64 }

// Polygon fills a closed polygon. Only the polygon's bounding box is
// rasterised, so small shapes on a large board stay cheap.
func (c *Canvas) Polygon(pts []Pt, col color.Color) {
	if len(pts) < 3 {
		return
	}
	minX, minY, maxX, maxY := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts[1:] {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	var buf [64 + 16*33]byte
	d := c.op(buf[:], 'P', col)
	if d != nil {
		for _, p := range pts {
			d = appendFloat(appendFloat(d, p.X), p.Y)
		}
	}
	if pixelRect(pts) {
		// Every pixel is wholly in or out: the rasteriser would blend
		// in col at full coverage, which draw.Over does for far less.
		r := image.Rect(int(minX), int(minY), int(maxX), int(maxY)).Intersect(c.Img.Bounds())
		draw.Draw(c.Img, r, image.NewUniform(col), image.Point{}, draw.Over)
		c.record(r, d)
		return
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(c.Img.Bounds())
	if box.Empty() {
		return
	}
	k := c.resultKey(d)
	if _, ok := c.reuse(k); ok {
		c.record(box, d)
		return
	}
	keep := c.keepable(k, box)
	c.rasterize(pts, box, col)
	if keep {
		c.keep(k, box)
	}
	c.record(box, d)
}

// pixelRect reports whether pts are the corners of an axis-aligned
// rectangle on whole pixels, in order (as Rect, and Line along an axis
// with an even width, make them).
func pixelRect(pts []Pt) bool {
	if len(pts) != 4 {
		return false
	}
	for _, p := range pts {
		if p.X != math.Trunc(p.X) || p.Y != math.Trunc(p.Y) || math.Abs(p.X) > 1<<20 || math.Abs(p.Y) > 1<<20 {
			return false
		}
	}
	a, b, d, e := pts[0], pts[1], pts[2], pts[3]
	return a.Y == b.Y && b.X == d.X && d.Y == e.Y && e.X == a.X || // first edge across
		a.X == b.X && b.Y == d.Y && d.X == e.X && e.Y == a.Y // first edge down
}

// rasterize fills the polygon with antialiased edges within box, through
// a cached mask when the shape is small (see masks); the caller records
// the box drawn.
func (c *Canvas) rasterize(pts []Pt, box image.Rectangle, col color.Color) {
	if box.Dx()*box.Dy() > maxMaskPixels || uncached.Load() {
		withRasterizer(pts, box, func(r *vector.Rasterizer) {
			r.Draw(c.Img, box, image.NewUniform(col), image.Point{})
		})
		return
	}
	var buf [8 + 8*40]byte
	k := maskKey(buf[:0], pts, box)
	m, _ := getBytes(masks, k)
	if m == nil {
		m = rasterMask(pts, box)
		masks.put(string(k), m)
	}
	m.over(c.Img, box.Min, col)
}

// Line strokes a segment of the given width.
func (c *Canvas) Line(a, b Pt, width float64, col color.Color) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	c.Polygon([]Pt{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}, col)
}

// Outline strokes a closed polygon's edges.
func (c *Canvas) Outline(pts []Pt, width float64, col color.Color) {
	for i := range pts {
		c.Line(pts[i], pts[(i+1)%len(pts)], width, col)
	}
}

// Rect fills an axis-aligned rectangle.
func (c *Canvas) Rect(x, y, w, h float64, col color.Color) {
	c.Polygon([]Pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, col)
}

// RectOutline strokes an axis-aligned rectangle.
func (c *Canvas) RectOutline(x, y, w, h, width float64, col color.Color) {
	c.Outline([]Pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, width, col)
}

// Circle fills a circle.
func (c *Canvas) Circle(center Pt, r float64, col color.Color) {
	c.Polygon(RegularPolygon(center, r, 32, 0), col)
}

// RegularPolygon returns the corners of a regular polygon; rot is the
// angle of the first corner in radians (0 = pointing right). A hexagon
// with rot 0 is flat-topped, with rot pi/6 pointy-topped.
func RegularPolygon(center Pt, r float64, n int, rot float64) []Pt {
	pts := make([]Pt, n)
	for i := range pts {
		a := rot + 2*math.Pi*float64(i)/float64(n)
		pts[i] = Pt{center.X + r*math.Cos(a), center.Y + r*math.Sin(a)}
	}
	return pts
}

// Anchor says which point of the text box (x, y) refers to.
type Anchor int

const (
	TopLeft Anchor = iota
	Center
	TopCenter
	Left // vertically centred, left aligned
)

var (
	faceMu sync.Mutex
	faces  = map[faceKey]font.Face{}
	fonts  = map[bool]*opentype.Font{}
)

type faceKey struct {
	bold bool
	size float64
}

// face returns a cached font face; faceMu must be held, because opentype
// faces keep scratch buffers and are not safe for concurrent use.
func face(bold bool, size float64) font.Face {
	k := faceKey{bold, size}
	if f, ok := faces[k]; ok {
		return f
	}
	f, ok := fonts[bold]
	if !ok {
		src := goregular.TTF
		if bold {
			src = gobold.TTF
		}
		var err error
		f, err = opentype.Parse(src)
		if err != nil {
			panic("canvas: embedded font: " + err.Error())
		}
		fonts[bold] = f
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("canvas: font face: " + err.Error())
	}
	cf := &cachedFace{Face: fc, glyphs: map[glyphKey]glyph{}, kerns: map[[2]rune]fixed.Int26_6{}, advances: map[rune]advance{}}
	faces[k] = cf
	return cf
}

// cachedFace keeps every glyph mask it has rasterised, by rune and by the
// fraction of a pixel the pen stood at: the same glyph at the same
// sub-pixel offset is the same mask, moved by whole pixels, so boards
// draw exactly as before without rasterising each letter again.
// Like the face under it, it is used only with faceMu held.
type cachedFace struct {
	font.Face
	glyphs map[glyphKey]glyph

	// Kerning and advances, which measuring and laying out text ask
	// for letter by letter: the face looks each up in the font.
	kerns    map[[2]rune]fixed.Int26_6
	advances map[rune]advance

	placed []glyph // layout's result, its room reused from text to text
}

type advance struct {
	a  fixed.Int26_6
	ok bool
}

func (f *cachedFace) Kern(r0, r1 rune) fixed.Int26_6 {
	k, ok := f.kerns[[2]rune{r0, r1}]
	if !ok {
		k = f.Face.Kern(r0, r1)
		if len(f.kerns) < maxGlyphs {
			f.kerns[[2]rune{r0, r1}] = k
		}
	}
	return k
}

func (f *cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	a, ok := f.advances[r]
	if !ok {
		a.a, a.ok = f.Face.GlyphAdvance(r)
		if len(f.advances) < maxGlyphs {
			f.advances[r] = a
		}
	}
	return a.a, a.ok
}

type glyphKey struct {
	r      rune
	fx, fy fixed.Int26_6 // the pen position's fraction of a pixel
}

type glyph struct {
	dr      image.Rectangle // where the mask goes, for a pen at (fx, fy)
	mask    *mask           // dr's size
	advance fixed.Int26_6
	ok      bool
}

// maxGlyphs bounds each face's cache; past it glyphs are rasterised as
// they come (a cache this full means text at odd offsets, not a leak).
const maxGlyphs = 1 << 12

// glyph is r's glyph with the pen at dot, dr where it goes.
func (f *cachedFace) glyph(dot fixed.Point26_6, r rune) glyph {
	k := glyphKey{r, dot.X & 63, dot.Y & 63}
	g, ok := f.glyphs[k]
	if !ok {
		dr, mask, maskp, adv, gok := f.Face.Glyph(fixed.Point26_6{X: k.fx, Y: k.fy}, r)
		m := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		if gok && mask != nil {
			draw.Draw(m, m.Rect, mask, maskp, draw.Src)
		}
		g = glyph{dr, alphaMask(m), adv, gok}
		if len(f.glyphs) < maxGlyphs {
			f.glyphs[k] = g
		}
	}
	g.dr = g.dr.Add(image.Pt(dot.X.Floor(), dot.Y.Floor()))
	return g
}

// layout lays s out from dot as font.Drawer's DrawString does, with the
// cached glyphs: each glyph that marks the picture, in place (valid
// until the next layout), and the box they cover.
func (f *cachedFace) layout(s string, dot fixed.Point26_6) ([]glyph, image.Rectangle) {
	gs := f.placed[:0]
	var box image.Rectangle
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += f.Kern(prev, r)
		}
		g := f.glyph(dot, r)
		if !g.dr.Empty() {
			gs = append(gs, g)
			box = box.Union(g.dr)
		}
		dot.X += g.advance
		prev = r
	}
	f.placed = gs
	return gs, box
}

// TextWidth measures a string in pixels.
func TextWidth(s string, size float64, bold bool) float64 {
	faceMu.Lock()
	defer faceMu.Unlock()
	return float64(font.MeasureString(face(bold, size), s)) / 64
}

// Text draws a string at (x, y) with the given pixel size.
func (c *Canvas) Text(s string, x, y, size float64, bold bool, col color.Color, at Anchor) {
	var buf [128]byte
	d, drawn, box := c.text(buf[:], s, x, y, size, bold, col, at)
	c.record(drawn, d)
	if c.texts != nil {
		*c.texts = append(*c.texts, TextRun{S: s, Size: size, Bold: bold, Box: box.Add(c.off)})
	}
}

// text draws s with the font lock held and returns the op's description,
// the glyphs' boxes and the text's box.
func (c *Canvas) text(buf []byte, s string, x, y, size float64, bold bool, col color.Color, at Anchor) (d []byte, drawn, box image.Rectangle) {
	faceMu.Lock()
	defer faceMu.Unlock()
	f := face(bold, size)
	w := float64(font.MeasureString(f, s)) / 64
	m := f.Metrics()
	asc := float64(m.Ascent) / 64
	h := float64(m.Ascent+m.Descent) / 64
	switch at {
	case Center:
		x -= w / 2
		y = y - h/2 + asc
	case TopCenter:
		x -= w / 2
		y += asc
	case Left:
		y = y - h/2 + asc
	default:
		y += asc
	}
	top := y - asc
	box = image.Rect(int(math.Floor(x)), int(math.Floor(top)), int(math.Ceil(x+w)), int(math.Ceil(top+h)))
	dot := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	d = c.op(buf, 'T', col)
	if d != nil {
		d = binary.LittleEndian.AppendUint32(d, uint32(dot.X))
		d = binary.LittleEndian.AppendUint32(d, uint32(dot.Y))
		d = appendFloat(d, size)
		if bold {
			d = append(d, 1)
		} else {
			d = append(d, 0)
		}
		d = append(d, s...)
	}
	k := c.resultKey(d)
	if drawn, ok := c.reuse(k); ok {
		return d, drawn, box
	}
	gs, drawn := f.(*cachedFace).layout(s, dot)
	keep := c.keepable(k, drawn)
	for _, g := range gs {
		g.mask.over(c.Img, g.dr.Min, col)
	}
	if keep {
		c.keep(k, drawn)
	}
	return d, drawn, box
}

// Compose draws src over c with src's top left at at, and its text too.
func (c *Canvas) Compose(src *Canvas, at image.Point) {
	c.Draw(src.Img.Bounds().Add(at), src.Img, image.Point{}, draw.Over)
	if c.texts != nil {
		for _, t := range src.Texts() {
			t.Box = t.Box.Add(at).Add(c.off)
			*c.texts = append(*c.texts, t)
		}
	}
}

// uncached, when set, makes drawing and encoding use none of their caches
// of drawn things (masks, results, areas, bandCache).
var uncached atomic.Bool

// Uncached draws and encodes without the caches of drawn things until
// restore is called: tests hold that a cache never changes a picture.
// Not for concurrent tests.
func Uncached() (restore func()) {
	uncached.Store(true)
	return func() { uncached.Store(false) }
}

// encoding, when set, sees every canvas just before PNGWith encodes it:
// how a test reaches the text of a picture a renderer returns as bytes.
var encoding atomic.Pointer[func(*Canvas)]

// OnEncode makes PNGWith pass every canvas to fn before encoding it,
// until stop is called. Tests only; fn must not keep the canvas.
func OnEncode(fn func(*Canvas)) (stop func()) {
	encoding.Store(&fn)
	return func() { encoding.Store(nil) }
}

// PNG encodes the canvas. BestSpeed keeps per-move drawing fast; boards
// are flat colours, so the files stay small anyway.
func (c *Canvas) PNG() ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, c.Img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Hex parses "#rrggbb" into a colour; it panics on bad input (constants only).
func Hex(s string) color.RGBA {
	var r, g, b uint8
	if len(s) != 7 || s[0] != '#' {
		panic("canvas: bad colour " + s)
	}
	v := func(i int) uint8 {
		x := s[i]
		switch {
		case x >= '0' && x <= '9':
			return x - '0'
		case x >= 'a' && x <= 'f':
			return x - 'a' + 10
		case x >= 'A' && x <= 'F':
			return x - 'A' + 10
		}
		panic("canvas: bad colour " + s)
	}
	r, g, b = v(1)<<4|v(2), v(3)<<4|v(4), v(5)<<4|v(6)
	return color.RGBA{r, g, b, 255}
}

// ClipWidth shortens s, marking the cut with "…", until it is at most
// maxW pixels wide at the given size; "" when not even "…" fits.
func ClipWidth(s string, maxW, size float64, bold bool) string {
	if TextWidth(s, size, bold) <= maxW {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		if t := strings.TrimRight(string(r), " ") + "…"; TextWidth(t, size, bold) <= maxW {
			return t
		}
	}
	return ""
}

// Fit returns s at the largest whole size from size down to minSize at
// which it is at most maxW pixels wide, clipped with "…" at minSize when
// even that is too wide. Board labels use it so that longer Polish and
// Russian words and long player names never overflow their boxes.
func Fit(s string, maxW, size, minSize float64, bold bool) (string, float64) {
	for ; size > minSize; size-- {
		if TextWidth(s, size, bold) <= maxW {
			return s, size
		}
	}
	return ClipWidth(s, maxW, minSize, bold), minSize
}

// Fill fills an axis-aligned rectangle, snapped to whole pixels, with one
// draw.Draw instead of rasterising a polygon: boards have many square
// counters, boxes and bands, and need no antialiasing for them.
func (c *Canvas) Fill(x, y, w, h float64, col color.Color) {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h))).Intersect(c.Img.Rect)
	op := draw.Src
	if _, _, _, a := col.RGBA(); a < 0xffff {
		op = draw.Over
	}
	draw.Draw(c.Img, r, image.NewUniform(col), image.Point{}, op)
	var buf [64]byte
	d := c.op(buf[:], 'F', col)
	if d != nil {
		d = appendRect(d, r)
	}
	c.record(r, d)
}

// Box strokes an axis-aligned rectangle inside its edges (see Fill).
func (c *Canvas) Box(x, y, w, h, width float64, col color.Color) {
	width = max(width, 1)
	c.Fill(x, y, w, width, col)
	c.Fill(x, y+h-width, w, width, col)
	c.Fill(x, y, width, h, col)
	c.Fill(x+w-width, y, width, h, col)
}

// Arrow draws a line from a to b of the given width with a head of
// length head at b (a move on a board).
func (c *Canvas) Arrow(a, b Pt, width, head float64, col color.Color) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l < 1 {
		return
	}
	ux, uy := dx/l, dy/l
	tip := Pt{X: b.X - ux*head, Y: b.Y - uy*head}
	c.Line(a, tip, width, col)
	half := head * 0.85
	c.Polygon([]Pt{b, {X: tip.X - uy*half, Y: tip.Y + ux*half}, {X: tip.X + uy*half, Y: tip.Y - ux*half}}, col)
}

// Wrap breaks s into lines at most maxW pixels wide at size: at spaces
// (never at a no-break space, which holds a number to its word), and
// after the hyphens of a word too wide for a line ("Counter-" "Attack").
// A word that is still too wide keeps a line of its own: a caller that
// must not overflow checks Fits.
func Wrap(s string, maxW, size float64, bold bool) []string {
	var words []string
	for _, w := range strings.Split(s, " ") {
		if w == "" {
			continue
		}
		if TextWidth(w, size, bold) > maxW && strings.Contains(w, "-") {
			words = append(words, strings.SplitAfter(w, "-")...)
			continue
		}
		words = append(words, w)
	}
	return WrapWords(words, maxW, size, bold)
}

// WrapWords fills lines at most maxW wide with words, in order: a word
// ending in a hyphen joins the next without a space.
func WrapWords(words []string, maxW, size float64, bold bool) []string {
	var lines []string
	cur := ""
	for _, w := range words {
		if w == "" {
			continue
		}
		try := w
		if cur != "" {
			if strings.HasSuffix(cur, "-") {
				try = cur + w
			} else {
				try = cur + " " + w
			}
		}
		if cur != "" && TextWidth(try, size, bold) > maxW {
			lines = append(lines, cur)
			try = w
		}
		cur = try
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// Fits reports whether lines are at most n and each at most maxW wide.
func Fits(lines []string, n int, maxW, size float64, bold bool) bool {
	if len(lines) > n {
		return false
	}
	for _, l := range lines {
		if TextWidth(l, size, bold) > maxW {
			return false
		}
	}
	return true
}
