package trenches

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

	"github.com/warroom/warroom/games"
)

// benchCandidates: every fifth state of a bot game in each scenario.
func benchCandidates(tb testing.TB) []any {
	var out []any
	for scn := 1; scn <= 6; scn++ {
		rng := games.NewPCG(3, 3)
		s, err := G.Setup(games.Options{"scenario": itoa(scn)}, 2, rng)
		if err != nil {
			tb.Fatal(err)
		}
		for i := 0; i < 120 && !G.Outcome(s).Done; i++ {
			if i%5 == 0 {
				out = append(out, G.View(s, games.Spectator))
			}
			seat := G.Active(s)[0]
			s, _, _ = games.Apply(G, s, seat, G.Bot(s, seat, rng), rng)
		}
	}
	return out
}

// densest returns the candidate with the busiest picture: the most pixels
// that differ from their left neighbour (edges, text, counters), which is
// what makes a board slow to encode and big. It is counted on the decoded
// picture so that the choice does not depend on how it is encoded.
func densest(tb testing.TB, cands []any) any {
	var best any
	most := -1
	bi := 0
	for ci, v := range cands {
		b, err := R.Image(imageCtx, v)
		if err != nil {
			tb.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
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
		if n > most {
			best, most = v, n
			bi = ci
		}
	}
	tb.Logf("densest board: candidate %d of %d", bi, len(cands))
	return best
}

var (
	benchOnce sync.Once
	benchV    any
)

// benchView is the densest board of benchCandidates, found once (of
// some of them under the race detector).
func benchView(tb testing.TB) any {
	benchOnce.Do(func() {
		cands := benchCandidates(tb)
		if raceEnabled { // a few, spread out: the race detector is slow
			var few []any
			for i := len(cands) / 2; i < len(cands); i += 8 {
				few = append(few, cands[i])
			}
			cands = few
		}
		benchV = densest(tb, cands)
	})
	return benchV
}

// BenchmarkImage draws and encodes the densest board; KB is its size.
func BenchmarkImage(b *testing.B) {
	v := benchView(b)
	png, err := R.Image(imageCtx, v) // warm the static layers
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if png, err = R.Image(imageCtx, v); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(png))/1024, "KB")
}

// TestBoardBudget: the densest board stays within 150 KB. With
// WARROOM_PNG_DIR set it is also written there as trenches.png to look at.
func TestBoardBudget(t *testing.T) {
	b, err := R.Image(imageCtx, benchView(t))
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("WARROOM_PNG_DIR"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "trenches.png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(b) > 150*1024 {
		t.Errorf("densest board is %d KB, over 150", len(b)/1024)
	}
}
