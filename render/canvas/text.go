package canvas

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

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
	faces[k] = fc
	return fc
}

// TextWidth measures a string in pixels.
func TextWidth(s string, size float64, bold bool) float64 {
	faceMu.Lock()
	defer faceMu.Unlock()
	return float64(font.MeasureString(face(bold, size), s)) / 64
}

// Text draws a string at (x, y) with the given pixel size.
func (c *Canvas) Text(s string, x, y, size float64, bold bool, col color.Color, at Anchor) {
	box := c.text(s, x, y, size, bold, col, at)
	*c.texts = append(*c.texts, TextRun{S: s, Size: size, Bold: bold, Box: box.Add(c.off)})
}

// text draws s with the font lock held and returns the text's box.
func (c *Canvas) text(s string, x, y, size float64, bold bool, col color.Color, at Anchor) image.Rectangle {
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
	drawString(c, f, c.inkOf(col), fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}, s)
	return image.Rect(int(math.Floor(x)), int(math.Floor(top)), int(math.Ceil(x+w)), int(math.Ceil(top+h)))
}

// drawString draws s from dot as font.Drawer does, but leaves out the
// runes the font has no glyph for (Glyph's ok is false) instead of
// drawing the font's empty box for them, as boards always have.
func drawString(c *Canvas, f font.Face, in ink, dot fixed.Point26_6, s string) {
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += f.Kern(prev, r)
		}
		dr, mask, maskp, advance, ok := f.Glyph(dot, r)
		if ok && !dr.Empty() {
			c.paintGlyph(dr, mask, maskp, in)
		}
		dot.X += advance
		prev = r
	}
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
