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
	"github.com/warroom/warroom/render/rendertest"
)

// shot is a public view and the journal tail the service draws it with.
type shot struct {
	v   tov.View
	log []games.Record
}

// in is ctx with the shot's journal.
func (s shot) in(ctx render.Audience) render.Audience {
	ctx.Journal = s.log
	return ctx
}

// imageViews are boards of every scenario at a few moments, matches included.
func imageViews(t testing.TB) []shot {
	var out []shot
	for scn := 1; scn <= 6; scn++ {
		for _, match := range []string{"false", "true"} {
			rng := games.NewPCG(uint64(scn), 7)
			s, err := G.Setup(games.Options{"scenario": itoa(scn), "match": match}, 2, rng)
			if err != nil {
				t.Fatal(err)
			}
			var j rendertest.Journal
			for i := 0; i < 400 && !G.Outcome(s).Done; i++ {
				if i%60 == 0 {
					out = append(out, shot{G.View(s, games.Spectator).(tov.View), j.Tail()})
				}
				seat := G.Active(s)[0]
				var ev []games.Event
				s, ev, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
				j.Add(seat, ev)
			}
			out = append(out, shot{G.View(s, games.Spectator).(tov.View), j.Tail()})
		}
	}
	return out
}

func langCtx(lang string) render.Audience {
	c := imageCtx
	c.L = i18n.For(lang)
	return c
}

// All text on the picture comes from wordsFor: no missing key in any language.
func TestImageWords(t *testing.T) {
	views := append(imageViews(t), shot{})
	for _, lang := range []string{"en", "pl", "ru"} {
		for _, sh := range views {
			ctx, v := sh.in(langCtx(lang)), sh.v
			w := wordsFor(ctx, v)
			if w.lang != lang {
				t.Fatalf("lang %q for %s", w.lang, lang)
			}
			for _, s := range w.translated() {
				if strings.HasPrefix(s, "[") || strings.Contains(s, "[trenches.") {
					t.Fatalf("%s: missing key %q", lang, s)
				}
			}
			if lang != "en" && w.vp == wordsFor(sh.in(imageCtx), v).vp {
				t.Fatalf("%s: VP not translated: %q", lang, w.vp)
			}
		}
	}
}

func TestImageLanguages(t *testing.T) {
	sh := imageViews(t)[3]
	v := sh.v
	pics := map[string][]byte{}
	for _, lang := range []string{"en", "pl", "ru"} {
		b, err := R.Image(sh.in(langCtx(lang)), v)
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
	b, _ := R.Image(sh.in(imageCtx), v)
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
	for _, sh := range imageViews(t)[:4] {
		b, err := R.Image(sh.in(ctx), sh.v)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
	}
}
