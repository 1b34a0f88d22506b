package frontline

import (
	"bytes"
	"maps"
	"slices"
	"testing"

	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// TestUnitLayers: a unit card with its name stamped from its layer is,
// pixel for pixel and string for string, the card drawn on the board,
// with the same markers in the legend: every unit with every marker, in
// every language, in slots of both seats, every front and every column.
func TestUnitLayers(t *testing.T) {
	for _, lang := range i18n.Languages {
		ctx := render.Audience{L: i18n.For(lang), Viewer: imageCtx.Viewer}
		b := base(ctx)
		for n := range fl.NumUnits {
			id := fl.UnitName(n)
			for m := range 8 {
				u := fl.UnitView{ID: id, Type: fl.UnitTypeOf(n).ID, Plus1: m&1 != 0, Plus2: m&2 != 0, Camo: m&4 != 0}
				s, f := m%2, 1+n%3
				x, y := slotXY(s, f, 1+(n+m)%4)
				want, got := pic{b.Clone()}, pic{b.Clone()}
				wantUsed, gotUsed := map[icon]bool{}, map[icon]bool{}
				want.drawUnit(ctx, u, x, y, wantUsed, want.drawName)
				got.unit(ctx, u, x, y, gotUsed)
				if !bytes.Equal(got.c.Img.Pix, want.c.Img.Pix) {
					t.Errorf("%s %+v: the stamped card's pixels are not the drawn card's", lang, u)
				}
				if !slices.Equal(got.c.Texts(), want.c.Texts()) {
					t.Errorf("%s %+v: strings %v, want %v", lang, u, got.c.Texts(), want.c.Texts())
				}
				if !maps.Equal(gotUsed, wantUsed) {
					t.Errorf("%s %+v: markers %v, want %v", lang, u, gotUsed, wantUsed)
				}
			}
		}
	}
}
