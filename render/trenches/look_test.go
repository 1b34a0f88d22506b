package trenches

import (
	"fmt"
	"os"
	"testing"
)

// TestLook writes sample pictures to TOV_LOOK_DIR (skipped without it):
// every scenario mid-game and at the end, in every language, the seats
// named as the computer players are ("Компьютер 1").
func TestLook(t *testing.T) {
	dir := os.Getenv("TOV_LOOK_DIR")
	if dir == "" {
		t.Skip("TOV_LOOK_DIR not set")
	}
	views := imageViews(t)
	for i, sh := range views {
		for _, lang := range []string{"en", "pl", "ru"} {
			ctx := langCtx(lang)
			ctx.Names = []string{ctx.T("core.bot_name", "N", 1), ctx.T("core.bot_name", "N", 2)}
			b, err := R.Image(sh.in(ctx), sh.v)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s/s%d-%02d-%s.png", dir, sh.v.Scenario, i, lang)
			if err := os.WriteFile(name, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
