package trenches

import (
	"testing"

	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/rendertest"
)

// benchCandidates: every fifth board of a bot game in each scenario
// (rendertest.Shots).
func benchCandidates(tb testing.TB) []any {
	var out []any
	for scn := 1; scn <= 6; scn++ {
		rng := games.NewPCG(3, 3)
		s, err := G.Setup(games.Options{"scenario": itoa(scn)}, 2, rng)
		if err != nil {
			tb.Fatal(err)
		}
		var j rendertest.Journal
		for i := 0; i < 120 && !G.Outcome(s).Done; i++ {
			if i%5 == 0 {
				out = append(out, j.Shot(G.View(s, games.Spectator)))
			}
			seat := G.Active(s)[0]
			var ev []games.Event
			s, ev, _ = games.Apply(G, s, seat, G.Bot(s, seat, rng), rng)
			j.Add(seat, ev)
		}
	}
	return out
}

// boards is this game's busiest board, for the benchmark and the budget.
var boards = &rendertest.Boards{Name: "trenches", Draw: drawPicture, Candidates: benchCandidates, Race: raceEnabled}

func drawPicture(v any) ([]byte, error) { return rendertest.Image(Adapted, imageCtx, v) }

// BenchmarkImage draws and encodes the busiest board; KB is its size.
func BenchmarkImage(b *testing.B) { rendertest.Bench(b, drawPicture, boards.View(b)) }

// TestBoardBudget: the busiest board stays within rendertest.MaxKB.
func TestBoardBudget(t *testing.T) { boards.Budget(t) }

// BenchmarkEntries: reading the busiest board's journal tail (decoding
// its events into log entries), done for its text and its picture.
func BenchmarkEntries(b *testing.B) {
	sh := boards.View(b).(rendertest.Shot)
	ctx := imageCtx
	ctx.Journal = sh.Journal
	v := sh.View.(tov.View)
	events := 0
	for _, r := range sh.Journal {
		events += len(r.Events)
	}
	b.ResetTimer()
	for range b.N {
		entries(ctx, v)
	}
	b.ReportMetric(float64(events), "events")
}

// BenchmarkFirstSight draws boards never drawn before in the process
// (rendertest.BenchFirstSight): what a board costs with nothing to reuse
// but the static layers.
func BenchmarkFirstSight(b *testing.B) {
	rendertest.BenchFirstSight(b, rendertest.ImageIn(Adapted, imageCtx), benchCandidates(b))
}

// pictureOf draws a public view before it is encoded (rendertest.PicturesIn).
func pictureOf(ctx render.Audience, v any) *canvas.Canvas { return paint(ctx, v.(tov.View)) }
