// Package rendertest holds what every game's picture tests share: finding
// a game's busiest board, benchmarking it, and holding it to the size
// budget.
package rendertest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
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
	cpu0 := cpuTime()
	for i := 0; i < bb.N; i++ {
		if pic, err = draw(view); err != nil {
			bb.Fatal(err)
		}
	}
	// CPU time over all threads: what a board costs a busy bot, which
	// wall time on a shared machine does not show.
	bb.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(bb.N), "cpu-ms/op")
	bb.ReportMetric(float64(len(pic))/1024, "KB")
}

// BenchGame draws boards one after another, as a table's moves make
// them (views or Shots in play order), round and round: what a picture
// costs in play, where each board follows the one before (Bench redraws
// one board, which any reuse of the last picture would flatter).
func BenchGame(bb *testing.B, draw func(view any) ([]byte, error), boards []any) {
	if len(boards) == 0 {
		bb.Fatal("no boards")
	}
	bb.ResetTimer()
	cpu0, size := cpuTime(), 0
	for i := 0; i < bb.N; i++ {
		pic, err := draw(boards[i%len(boards)])
		if err != nil {
			bb.Fatal(err)
		}
		size += len(pic)
	}
	bb.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(bb.N), "cpu-ms/op")
	bb.ReportMetric(float64(size)/1024/float64(bb.N), "KB")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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

// PhoneWidth is how wide a board shows on a phone, and MinTextPx the
// smallest text a player reads there (the pictures issue): every string
// on a board is at least MinTextPx tall once the picture is scaled to
// PhoneWidth.
const (
	PhoneWidth = 480
	MinTextPx  = 14
)

// Legible draws every candidate board in English, Polish and Russian and
// holds each string on it to MinTextPx at PhoneWidth, inside the picture,
// and whole (not cut short with "…"). drawIn draws a public view in a
// language (PicturesIn).
func (b *Boards) Legible(t *testing.T, drawIn func(lang string, view any) *canvas.Canvas) {
	cands := b.Candidates(t)
	if b.Race {
		cands = cands[len(cands)-1:]
	}
	for _, lang := range []string{"en", "pl", "ru"} {
		bad := 0
		for i, v := range cands {
			for _, p := range Problems(drawIn(lang, v)) {
				if bad++; bad <= 10 {
					t.Errorf("%s %s board %d: %s", b.Name, lang, i, p)
				}
			}
		}
		if bad > 10 {
			t.Errorf("%s %s: %d more", b.Name, lang, bad-10)
		}
	}
}

// Drawn is every string the picture shows, joined by spaces.
func Drawn(pic *canvas.Canvas) string {
	texts := pic.Texts()
	all := make([]string, len(texts))
	for i, r := range texts {
		all[i] = r.S
	}
	return strings.Join(all, " ")
}

// PicturesIn draws views (or Shots) of a game in a language: ctx with
// the language's catalogue, the form Legible takes. It gives the picture
// before it is encoded, with its strings (canvas.Canvas.Texts); pic is
// the game's drawing of a public view.
func PicturesIn(ctx render.Audience, pic func(ctx render.Audience, view any) *canvas.Canvas) func(lang string, view any) *canvas.Canvas {
	return func(lang string, view any) *canvas.Canvas {
		c := ctx
		c.L = i18n.For(lang)
		return pic(Unpack(c, view))
	}
}

// Shot is a board as the table service draws it: a view and the tail of
// the journal its viewer may see (render.Audience.Journal).
type Shot struct {
	View    any
	Journal []games.Record
}

// Image draws the picture of v, a view or a Shot, in ctx.
func Image(g render.Game, ctx render.Audience, v any) ([]byte, error) {
	ctx, v = Unpack(ctx, v)
	return g.Image(ctx, v)
}

// Unpack is ctx with a Shot's journal, and the Shot's view; any other v
// is given back as it is.
func Unpack(ctx render.Audience, v any) (render.Audience, any) {
	if s, ok := v.(Shot); ok {
		ctx.Journal = s.Journal
		return ctx, s.View
	}
	return ctx, v
}

// Journal keeps a playout's moves as the table service's log does, so a
// test gives a board the journal tail the service would.
type Journal []games.Record

// Add records one action's events.
func (j *Journal) Add(seat games.Seat, evs []games.Event) {
	*j = append(*j, games.Record{Seq: int64(len(*j) + 1), Seat: seat, By: "player", Verb: "move", Events: evs})
}

// Tail is the last render.JournalTail records as viewers see them (none:
// the public board).
func (j Journal) Tail(viewers ...games.Seat) []games.Record {
	return games.Since(j[max(0, len(j)-render.JournalTail):], viewers, 0)
}

// Shot is the public board of view with the public tail.
func (j Journal) Shot(view any) Shot { return Shot{View: view, Journal: j.Tail()} }

// Problems lists what a phone player could not read on the picture: text
// too small at PhoneWidth, outside the picture, or cut.
func Problems(pic *canvas.Canvas) []string {
	texts, bounds := pic.Texts(), pic.Img.Bounds()
	scale := PhoneWidth / float64(bounds.Dx())
	var out []string
	seen := map[string]bool{}
	for _, r := range texts {
		var p string
		switch {
		case strings.TrimSpace(r.S) == "":
			continue
		case r.Size*scale < MinTextPx-0.05:
			p = fmt.Sprintf("%q is %.1f px at %d px wide (%.0f px on a %d px picture), under %d", r.S, r.Size*scale, PhoneWidth, r.Size, bounds.Dx(), MinTextPx)
		case !r.Box.In(bounds):
			p = fmt.Sprintf("%q at %v runs outside the %v picture", r.S, r.Box, bounds.Size())
		case strings.HasSuffix(r.S, "…"):
			p = fmt.Sprintf("%q is cut short", r.S)
		default:
			continue
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// Langs are the languages a board is drawn in (the catalogue's).
var Langs = []string{"en", "pl", "ru"}

// ImageIn draws the picture of v, a view or a Shot, in ctx with its
// language set to lang.
func ImageIn(g render.Game, ctx render.Audience) func(lang string, v any) ([]byte, error) {
	return func(lang string, v any) ([]byte, error) {
		c := ctx
		c.L = i18n.For(lang)
		return Image(g, c, v)
	}
}

// BenchFirstSight measures, in each language of Langs, boards never drawn
// before in the process, as a table's first board after a restart or a
// board of a table no one has seen: each iteration draws the next of
// boards, taken out of play order (a stride through them), so no board
// follows the one before it. The language's static layers are drawn
// first, by a board left out of the measure. It reports CPU per board,
// mean and largest size, and the heap in use that drawing them added
// (after a collection): what drawing holds on to.
func BenchFirstSight(bb *testing.B, draw func(lang string, view any) ([]byte, error), boards []any) {
	if len(boards) < 2 {
		bb.Fatal("too few boards")
	}
	for _, lang := range Langs {
		bb.Run(lang, func(bb *testing.B) { firstSight(bb, func(v any) ([]byte, error) { return draw(lang, v) }, boards) })
	}
}

func firstSight(bb *testing.B, draw func(view any) ([]byte, error), boards []any) {
	if _, err := draw(boards[0]); err != nil { // the static layers
		bb.Fatal(err)
	}
	boards = boards[1:]
	stride := 1
	for s := 7; s < len(boards); s += 2 {
		if gcd(s, len(boards)) == 1 {
			stride = s
			break
		}
	}
	heap0 := heapInUse()
	bb.ResetTimer()
	cpu0, size, largest := cpuTime(), 0, 0
	for i := 0; i < bb.N; i++ {
		pic, err := draw(boards[i*stride%len(boards)])
		if err != nil {
			bb.Fatal(err)
		}
		size += len(pic)
		largest = max(largest, len(pic))
	}
	bb.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(bb.N), "cpu-ms/op")
	bb.StopTimer()
	bb.ReportMetric(float64(size)/1024/float64(bb.N), "KB")
	bb.ReportMetric(float64(largest)/1024, "max-KB")
	bb.ReportMetric(float64(heapInUse()-heap0)/(1<<20), "held-MB")
}

// heapInUse is the heap in use after a collection.
func heapInUse() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapInuse)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
