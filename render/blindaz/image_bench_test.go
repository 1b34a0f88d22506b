package blindaz

import (
	"testing"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/rendertest"
)

// benchCandidates: every fifth state of a few games, one to four seats.
func benchCandidates(tb testing.TB) []any {
	var out []any
	for _, sn := range states(tb, 8, 5) {
		out = append(out, rendertest.Shot{View: eng.View(sn.s, games.Spectator), Journal: sn.log})
	}
	return out
}

// boards is this game's busiest board, for the benchmark and the budget.
var boards = &rendertest.Boards{Name: "blindaz", Draw: drawPicture, Candidates: benchCandidates, Race: raceEnabled}

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
func pictureOf(ctx render.Audience, v any) *canvas.Canvas { return picture(ctx, v.(bz.View)) }
