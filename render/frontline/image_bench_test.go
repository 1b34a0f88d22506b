package frontline

import (
	"testing"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/rendertest"
)

// benchCandidates: every tenth state of bot games in each variant.
// richView, which shows every kind of thing at once, is no real state: it
// has its own benchmark.
func benchCandidates(tb testing.TB) []any {
	var out []any
	for g, variant := range fl.Variants {
		rng := games.NewPCG(uint64(g+1), 9)
		s, err := eng.Setup(games.Options{"variant": variant}, 2, rng)
		if err != nil {
			tb.Fatal(err)
		}
		var j rendertest.Journal
		for step := 0; step < 400 && !eng.Outcome(s).Done; step++ {
			if step%10 == 0 {
				out = append(out, j.Shot(eng.View(s, games.Spectator)))
			}
			seat := eng.Active(s)[0]
			var ev []games.Event
			s, ev, _ = eng.Apply(s, seat, eng.Bot(s, seat, rng), rng)
			j.Add(seat, ev)
		}
	}
	return out
}

// boards is this game's busiest board, for the benchmark and the budget.
var boards = &rendertest.Boards{Name: "frontline", Draw: drawPicture, Candidates: benchCandidates, Race: raceEnabled}

func drawPicture(v any) ([]byte, error) { return rendertest.Image(Adapted, imageCtx, v) }

// BenchmarkImage draws and encodes the busiest board; KB is its size.
func BenchmarkImage(b *testing.B) { rendertest.Bench(b, drawPicture, boards.View(b)) }

// BenchmarkImageRich draws and encodes richView, every kind of thing at once.
func BenchmarkImageRich(b *testing.B) { rendertest.Bench(b, drawPicture, richView()) }

// TestBoardBudget: the busiest board stays within rendertest.MaxKB.
func TestBoardBudget(t *testing.T) { boards.Budget(t) }

// BenchmarkFirstSight draws boards never drawn before in the process
// (rendertest.BenchFirstSight): what a board costs with nothing to reuse
// but the static layers.
func BenchmarkFirstSight(b *testing.B) {
	rendertest.BenchFirstSight(b, rendertest.ImageIn(Adapted, imageCtx), benchCandidates(b))
}

// pictureOf draws a public view before it is encoded (rendertest.PicturesIn).
func pictureOf(ctx render.Audience, v any) *canvas.Canvas { return drawBoard(ctx, v.(fl.View)) }
