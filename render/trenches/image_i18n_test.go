package trenches

import (
	"bytes"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// imageViews are boards of every scenario at a few moments, matches included.
func imageViews(t testing.TB) []tov.View {
	var out []tov.View
	for scn := 1; scn <= 6; scn++ {
		for _, match := range []string{"false", "true"} {
			rng := games.NewPCG(uint64(scn), 7)
			s, err := G.Setup(games.Options{"scenario": itoa(scn), "match": match}, 2, rng)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 400 && !G.Outcome(s).Done; i++ {
				if i%60 == 0 {
					out = append(out, G.View(s, games.Spectator).(tov.View))
				}
				seat := G.Active(s)[0]
				s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
			}
			out = append(out, G.View(s, games.Spectator).(tov.View))
		}
	}
	return out
}

func langCtx(lang string) render.Ctx {
	c := imageCtx
	c.L = i18n.For(lang)
	return c
}

// All text on the picture comes from wordsFor: no missing key in any language.
func TestImageWords(t *testing.T) {
	views := append(imageViews(t), tov.View{})
	for _, lang := range []string{"en", "pl", "ru"} {
		ctx := langCtx(lang)
		for _, v := range views {
			w := wordsFor(ctx, v)
			if w.lang != lang {
				t.Fatalf("lang %q for %s", w.lang, lang)
			}
			for _, s := range w.translated() {
				if strings.HasPrefix(s, "[") || strings.Contains(s, "[trenches.") {
					t.Fatalf("%s: missing key %q", lang, s)
				}
			}
			if lang != "en" && w.vp == wordsFor(imageCtx, v).vp {
				t.Fatalf("%s: VP not translated: %q", lang, w.vp)
			}
		}
	}
}

func TestImageLanguages(t *testing.T) {
	v := imageViews(t)[3]
	pics := map[string][]byte{}
	for _, lang := range []string{"en", "pl", "ru"} {
		b, err := R.Image(langCtx(lang), v)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(b)); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		pics[lang] = b
		if dir := os.Getenv("TOV_PNG_DIR"); dir != "" {
			os.WriteFile(dir+"/trenches-img-"+lang+".png", b, 0o644)
		}
	}
	if bytes.Equal(pics["en"], pics["pl"]) || bytes.Equal(pics["en"], pics["ru"]) {
		t.Fatal("the language does not change the picture")
	}
	// The cached layers never mix languages: English again is as before.
	b, _ := R.Image(imageCtx, v)
	if !bytes.Equal(b, pics["en"]) {
		t.Fatal("English picture changed after drawing other languages")
	}
}

// Long seat names are clipped to their band, never drawn over its end.
func TestImageLongNames(t *testing.T) {
	long := strings.Repeat("Wolfeschlegelsteinhausenbergerdorff ", 6)
	if w := clipW(long, 200, 13, false); textW(w, 13, false) > 200 || !strings.HasSuffix(w, "…") {
		t.Fatalf("clip %q", w)
	}
	ctx := langCtx("ru")
	ctx.Names = []string{long, long}
	for _, v := range imageViews(t)[:4] {
		b, err := R.Image(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
	}
}
