package flanders

import (
	"bytes"
	"slices"
	"testing"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// TestCachesNeverChangeBoard: every board of the test games, in every
// language, is the same file drawn with the canvas caches (shapes, ops'
// results, cards, bands) in play order, in reverse order, and without them: a cache
// never returns another drawing, and what a board looks like never
// depends on the boards drawn before it.
func TestCachesNeverChangeBoard(t *testing.T) {
	g := fl.Game{}
	var shots []any
	for _, sn := range played(t, 2) {
		shots = append(shots, rendertest.Shot{View: g.View(sn.s, games.Spectator), Journal: sn.log})
	}
	if raceEnabled {
		shots = shots[:len(shots)/4]
	}
	for _, lang := range i18n.Languages {
		draw := rendertest.InLanguages(Adapted, imageCtx)
		all := func(order []int) [][]byte {
			out := make([][]byte, len(shots))
			for _, i := range order {
				pic, err := draw(lang, shots[i])
				if err != nil {
					t.Fatal(err)
				}
				out[i] = pic
			}
			return out
		}
		order := make([]int, len(shots))
		for i := range order {
			order[i] = i
		}
		cached := all(order)
		restore := canvas.Uncached()
		fresh := all(order)
		restore()
		slices.Reverse(order)
		backwards := all(order)
		for i := range shots {
			if !bytes.Equal(cached[i], fresh[i]) || !bytes.Equal(backwards[i], fresh[i]) {
				t.Fatalf("%s board %d of %d: drawn with the caches, it differs from the board drawn without", lang, i, len(shots))
			}
		}
	}
}
