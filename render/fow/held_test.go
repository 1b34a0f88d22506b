package fow

import (
	"fmt"
	"os"
	"strings"
	"testing"

	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render/rendertest"
)

// TestHeldObjective: a game won by holding an objective ends on a
// picture that marks that objective: a ring in the banner's green round
// it and a tag naming who held it, in every language and for every
// objective of every mission, over no other word and inside the picture.
func TestHeldObjective(t *testing.T) {
	for _, m := range fowg.Missions() {
		v := placedView(t, m, "in")
		v.Over, v.Phase, v.Winner, v.Reason = true, fowg.PhOver, 1, m.EndCheck
		for i := range v.Objectives {
			v.ReasonArg = i
			for _, l := range langs {
				ctx := langCtx(l, "Anna Kowalska", "Дмитрий Константинович")
				pic := picture(ctx, v)
				texts := pic.Texts()
				b, err := pic.PNG()
				if err != nil {
					t.Fatal(err)
				}
				if dir := os.Getenv("FOW_LOOK_DIR"); dir != "" && i == len(v.Objectives)-1 {
					os.WriteFile(fmt.Sprintf("%s/held-%s-%s.png", dir, m.ID, l), b, 0o644)
				}
				tag := word(ctx, "fow.img.held", "Who", "Дмитрий Константинович")
				found := false
				for a := range texts {
					found = found || texts[a].S == tag
					for b := a + 1; b < len(texts); b++ {
						if texts[a].Box.Inset(1).Overlaps(texts[b].Box.Inset(1)) {
							t.Errorf("%s %s objective %d: %q covers %q", m.ID, l, i+1, texts[a].S, texts[b].S)
						}
					}
				}
				if !found {
					t.Errorf("%s %s objective %d: no %q on the picture", m.ID, l, i+1, tag)
				}
				for _, p := range rendertest.Problems(pic) {
					if strings.Contains(p, tag) {
						t.Errorf("%s %s: %s", m.ID, l, p)
					}
				}
			}
		}
	}
}
