// Package rendertest holds what every game's picture tests share: finding
// a game's busiest board, benchmarking it, and holding it to the size
// budget.
package rendertest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// MaxKB is the largest board picture, after Discord's attachment view on
// a phone and the bot's bandwidth (the performance issue's budget).
const MaxKB = 150

// Boards picks a game's busiest board once and measures it.
type Boards struct {
	Name       string                         // the game id: WARROOM_PNG_DIR/<Name>.png
	Draw       func(view any) ([]byte, error) // the renderer's Image for a public view
	Candidates func(tb testing.TB) []any      // public views from computer games
	Race       bool                           // under the race detector: look at fewer

	once sync.Once
	view any
}

// View is the candidate with the busiest picture: the most pixels that
// differ from their left neighbour (edges, text, counters), which is what
// makes a board slow to encode and big. It is counted on the decoded
// picture, so the choice does not depend on how it is encoded.
func (b *Boards) View(tb testing.TB) any {
	b.once.Do(func() {
		cands := b.Candidates(tb)
		if b.Race { // a few, spread out: the race detector is slow
			var few []any
			for i := len(cands) / 2; i < len(cands); i += 8 {
				few = append(few, cands[i])
			}
			cands = few
		}
		most, at := -1, 0
		for i, v := range cands {
			if n := busy(tb, b.draw(tb, v)); n > most {
				b.view, most, at = v, n, i
			}
		}
		tb.Logf("%s: the busiest board is candidate %d of %d", b.Name, at, len(cands))
	})
	return b.view
}

func (b *Boards) draw(tb testing.TB, v any) []byte {
	out, err := b.Draw(v)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// busy counts the pixels that differ from their left neighbour.
func busy(tb testing.TB, pic []byte) int {
	img, err := png.Decode(bytes.NewReader(pic))
	if err != nil {
		tb.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Rect, img, img.Bounds().Min, draw.Src)
	n := 0
	for i := 4; i < len(rgba.Pix); i += 4 {
		if binary.LittleEndian.Uint32(rgba.Pix[i:]) != binary.LittleEndian.Uint32(rgba.Pix[i-4:]) {
			n++
		}
	}
	return n
}

// Bench draws and encodes view b.N times and reports its size in KB.
func Bench(bb *testing.B, draw func(view any) ([]byte, error), view any) {
	pic, err := draw(view) // warm the static layers
	if err != nil {
		bb.Fatal(err)
	}
	bb.ResetTimer()
	for i := 0; i < bb.N; i++ {
		if pic, err = draw(view); err != nil {
			bb.Fatal(err)
		}
	}
	bb.ReportMetric(float64(len(pic))/1024, "KB")
}

// Budget holds the busiest board to MaxKB; with WARROOM_PNG_DIR set it
// is also written there to look at.
func (b *Boards) Budget(t *testing.T) {
	pic := b.draw(t, b.View(t))
	if dir := os.Getenv("WARROOM_PNG_DIR"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, b.Name+".png"), pic, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(pic) > MaxKB*1024 {
		t.Errorf("the busiest %s board is %d KB, over %d", b.Name, len(pic)/1024, MaxKB)
	}
}
