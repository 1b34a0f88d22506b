package flanders

import (
	"testing"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/rendertest"
)

// benchCandidates: every sixth board of three games (rendertest.Shots).
func benchCandidates(tb testing.TB) []any {
	g := fl.Game{}
	var out []any
	for i, sn := range played(tb, 3) {
		if i%6 == 0 {
			out = append(out, rendertest.Shot{View: g.View(sn.s, games.Spectator), Journal: sn.log})
		}
	}
	return out
}

// boards is this game's busiest board, for the benchmark and the budget.
var boards = &rendertest.Boards{Name: "flanders", Draw: drawPicture, Candidates: benchCandidates, Race: raceEnabled}

func drawPicture(v any) ([]byte, error) { return rendertest.Image(Adapted, imageCtx, v) }

// BenchmarkImage draws and encodes the busiest board; KB is its size.
func BenchmarkImage(b *testing.B) { rendertest.Bench(b, drawPicture, boards.View(b)) }

// BenchmarkGame draws the boards of three games in play order.
func BenchmarkGame(b *testing.B) {
	g := fl.Game{}
	var all []any
	for _, sn := range played(b, 3) {
		all = append(all, rendertest.Shot{View: g.View(sn.s, games.Spectator), Journal: sn.log})
	}
	rendertest.BenchGame(b, drawPicture, all)
}

// TestBoardBudget: the busiest board stays within rendertest.MaxKB.
func TestBoardBudget(t *testing.T) { boards.Budget(t) }

// BenchmarkFirstSight draws boards never drawn before in the process
// (rendertest.BenchFirstSight): what a board costs with nothing to reuse
// but the static layers.
func BenchmarkFirstSight(b *testing.B) {
	rendertest.BenchFirstSight(b, rendertest.ImageIn(Adapted, imageCtx), benchCandidates(b))
}

// pictureOf draws a public view before it is encoded (rendertest.PicturesIn).
func pictureOf(ctx render.Audience, v any) *canvas.Canvas { return picture(ctx, v.(fl.View)) }
