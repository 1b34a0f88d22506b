package fow

import (
	"testing"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/rendertest"
)

// benchCandidates: every fifteenth board of one bot game per mission
// (rendertest.Shots).
func benchCandidates(tb testing.TB) []any {
	var out []any
	for _, m := range fowg.Missions() {
		rng := games.NewPCG(5, 5)
		s, err := eng.Setup(games.Options{"mission": m.ID}, 2, rng)
		if err != nil {
			tb.Fatal(err)
		}
		var j rendertest.Journal
		for i := 0; i < 600 && len(eng.Active(s)) > 0; i++ {
			if i%15 == 0 {
				out = append(out, j.Shot(eng.View(s, games.Spectator)))
			}
			seat := eng.Active(s)[0]
			var ev []games.Event
			s, ev, _ = games.Apply(eng, s, seat, eng.Bot(s, seat, rng), rng)
			j.Add(seat, ev)
		}
	}
	return out
}

// boards is this game's busiest board, for the benchmark and the budget.
var boards = &rendertest.Boards{Name: "fow", Draw: drawPicture, Candidates: benchCandidates, Race: raceEnabled}

func drawPicture(v any) ([]byte, error) { return rendertest.Image(Adapted, imageCtx, v) }

// BenchmarkImage draws and encodes the busiest board; KB is its size.
func BenchmarkImage(b *testing.B) { rendertest.Bench(b, drawPicture, boards.View(b)) }

// TestBoardBudget: the busiest board stays within rendertest.MaxKB.
func TestBoardBudget(t *testing.T) { boards.Budget(t) }

// BenchmarkFirstSight draws boards never drawn before in the process
// (rendertest.BenchFirstSight): what a board costs with nothing to reuse
// but the static layers.
func BenchmarkFirstSight(b *testing.B) {
	rendertest.BenchFirstSight(b, rendertest.ImageIn(Adapted, imageCtx), benchCandidates(b))
}

// pictureOf draws a public view before it is encoded (rendertest.PicturesIn).
func pictureOf(ctx render.Audience, v any) *canvas.Canvas { return picture(ctx, v.(fowg.View)) }
