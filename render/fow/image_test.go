package fow

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

var langs = []string{"en", "pl", "ru"}

func langCtx(lang string, names ...string) render.Audience {
	if len(names) == 0 {
		names = imageCtx.Names
	}
	return render.Audience{L: i18n.For(lang), Names: names, Viewer: games.Spectator}
}

// richView is the public battle view of the playouts that scores best.
func richView(t *testing.T, score func(fowg.View) int) fowg.View {
	t.Helper()
	var best fowg.View
	top := -1
	visit(t, 2, func(s fowg.State, _ rendertest.Journal) {
		v := eng.View(s, games.Spectator).(fowg.View)
		if v.Phase != fowg.PhBattle {
			return
		}
		if sc := score(v); sc > top {
			best, top = v, sc
		}
	})
	if top < 0 {
		t.Fatal("no battle reached")
	}
	return best
}

// TestImageWords: every word of the picture is in the catalogue in every
// language, and no drawn string is a missing key or lacks template data.
func TestImageWords(t *testing.T) {
	for _, id := range imgKeys {
		if !i18n.Has(id) {
			t.Errorf("no text for %s", id)
		}
		for _, l := range langs {
			s := word(langCtx(l), id, "Name", "Ann", "Role", "x", "N", 3, "W", 72, "H", 48, "Who", "Bob")
			if s == "" || strings.HasPrefix(s, "[") || strings.Contains(s, "<no value>") {
				t.Errorf("%s %s: %q", l, id, s)
			}
		}
	}
}

// TestImageLanguages: the picture decodes in every language and the
// language shows; set FOW_IMG_DIR to write the PNGs there for a look.
func TestImageLanguages(t *testing.T) {
	views := []fowg.View{
		richView(t, func(v fowg.View) int { return 10*v.Delay + len(v.Objectives) }),
		richView(t, func(v fowg.View) int { return 10*len(zones(v)) + v.Delay }),
	}
	s, _ := eng.Setup(games.Options{"mission": "encounter"}, 2, games.NewPCG(1, 1))
	views = append(views, eng.View(s, games.Spectator).(fowg.View))
	for i, v := range views {
		out := map[string][]byte{}
		for _, l := range langs {
			b, err := rr.Image(langCtx(l, "Anna Kowalska", "Борис"), v)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil || img.Bounds().Dx() != imgW {
				t.Fatalf("%s: %v", l, err)
			}
			out[l] = b
			if dir := os.Getenv("FOW_IMG_DIR"); dir != "" {
				name := fmt.Sprintf("%s/fow-img-%s.png", dir, l)
				if i > 0 {
					name = fmt.Sprintf("%s/fow-img-%s-%d.png", dir, l, i)
				}
				if err := os.WriteFile(name, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		if bytes.Equal(out["en"], out["pl"]) || bytes.Equal(out["en"], out["ru"]) {
			t.Fatalf("view %d: the language does not show", i)
		}
	}
	// the cached base layer is per language: English again is unchanged
	b, _ := rr.Image(langCtx("en", "Anna Kowalska", "Борис"), views[2])
	c, _ := rr.Image(langCtx("pl", "Anna Kowalska", "Борис"), views[2])
	d, _ := rr.Image(langCtx("en", "Anna Kowalska", "Борис"), views[2])
	if !bytes.Equal(b, d) || bytes.Equal(b, c) {
		t.Fatal("languages mix in the cached layer")
	}
}

// TestLongNames: with long player names in every language, every word
// stays inside the picture at a readable size; only a name too long for
// its line is shortened (marked "…"), and the roles are still said.
func TestLongNames(t *testing.T) {
	v := richView(t, func(v fowg.View) int { return v.Delay + len(v.Objectives) })
	for _, l := range langs {
		ctx := langCtx(l, "Konstantynopolitańczykowianeczka", strings.Repeat("Александр Преображенский ", 2))
		for _, p := range rendertest.Problems(picture(ctx, v)) {
			if !strings.HasSuffix(p, "is cut short") {
				t.Errorf("%s: %s", l, p)
			}
		}
		texts := picture(ctx, v).Texts()
		all := ""
		for _, r := range texts {
			all += r.S + "|"
		}
		for _, k := range []string{"fow.role.attacker", "fow.role.defender"} {
			if !strings.Contains(all, "("+word(ctx, k)+")") {
				t.Errorf("%s: no %q in %q", l, word(ctx, k), all)
			}
		}
	}
}
