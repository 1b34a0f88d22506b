package fow

import (
	"fmt"
	"os"
	"testing"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render/rendertest"
)

// TestLook writes sample pictures to FOW_LOOK_DIR (skipped without it).
func TestLook(t *testing.T) {
	dir := os.Getenv("FOW_LOOK_DIR")
	if dir == "" {
		t.Skip("FOW_LOOK_DIR not set")
	}
	for _, m := range fowg.Missions() {
		rng := games.NewPCG(5, 5)
		s, _ := eng.Setup(games.Options{"mission": m.ID}, 2, rng)
		var mid, end, arrive, obj any
		setup := eng.View(s, games.Spectator)
		var j rendertest.Journal
		for i := 0; i < 600 && len(eng.Active(s)) > 0; i++ {
			v := eng.View(s, games.Spectator).(fowg.View)
			if v.Phase == fowg.PhBattle && v.Turn == 3 && mid == nil {
				mid = j.Shot(v)
			}
			if len(zones(v)) > 0 && arrive == nil {
				arrive = j.Shot(v)
			}
			ctx := imageCtx
			ctx.Journal = j.Tail()
			if e := lastMove(entries(ctx)); e != nil && e.Kind == "obj_placed" && len(v.Objectives) > 2 {
				obj = j.Shot(v)
			}
			seat := eng.Active(s)[0]
			var ev []games.Event
			s, ev, _ = games.Apply(eng, s, seat, eng.Bot(s, seat, rng), rng)
			j.Add(seat, ev)
		}
		end = j.Shot(eng.View(s, games.Spectator))
		for k, v := range map[string]any{"setup": setup, "mid": mid, "end": end, "arrive": arrive, "obj": obj} {
			if v == nil {
				continue
			}
			for _, l := range []string{"en", "pl", "ru"} {
				b, err := rendertest.Image(rr, langCtx(l), v)
				if err != nil {
					t.Fatal(err)
				}
				os.WriteFile(fmt.Sprintf("%s/%s-%s-%s.png", dir, m.ID, k, l), b, 0o644)
			}
		}
	}
}
