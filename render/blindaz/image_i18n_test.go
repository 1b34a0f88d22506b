package blindaz

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
)

// longNames stress the clipping of the soldiers' legend.
var longNames = []string{"Konstantin Konstantinopolski", "Ann", "Владимир Владимирович", "Zbigniew Brzęczyszczykiewicz"}

func langCtx(lang string, names []string) render.Audience {
	return render.Audience{L: i18n.For(lang), Names: names, Viewer: games.Spectator}
}

// imageSnaps: a running game, a deployment and a finished game.
func imageSnaps(t testing.TB) []snap {
	ss := states(t, 4, 7)
	out := []snap{ss[0]}
	for _, s := range ss {
		if s.s.Phase == bz.PhaseTurn && s.seats == 4 {
			out = append(out, s)
			break
		}
	}
	for _, s := range ss {
		if s.s.Phase == bz.PhaseOver {
			out = append(out, s)
			break
		}
	}
	return out
}

// TestImageKeys: every key the picture uses exists in every language.
func TestImageKeys(t *testing.T) {
	for _, k := range imgKeys {
		if !i18n.Has(k) {
			t.Errorf("missing %s", k)
		}
		for _, lang := range i18n.Languages {
			if s := i18n.For(lang).T(k, "Round", 3, "N", 2, "Limit", 10, "Result", "R", "Reason", "why"); s == "" || strings.HasPrefix(s, "[") {
				t.Errorf("%s in %s: %q", k, lang, s)
			}
		}
	}
}

// TestImageWords: every string drawn (static layer and board) is a
// translation, never a missing key, and the players' names are drawn.
func TestImageWords(t *testing.T) {
	for _, sn := range imageSnaps(t) {
		v := eng.View(sn.s, games.Spectator).(bz.View)
		for _, lang := range i18n.Languages {
			ctx := sn.in(langCtx(lang, longNames[:sn.seats]))
			c := drawStatic(ctx)
			drawBoard(pen{c}, ctx, v)
			var drawn []string
			for _, r := range c.Texts() {
				drawn = append(drawn, r.S)
			}
			all := strings.Join(drawn, "|")
			for _, s := range drawn {
				if strings.HasPrefix(s, "[") {
					t.Errorf("%s: missing key drawn: %q", lang, s)
				}
			}
			for _, s := range []string{ctx.T(kOpenTiles), ctx.T(kPenalty, "N", v.Penalty, "Limit", v.Limit),
				ctx.T(kFlagsLeft, "N", v.FlagsLeft), ctx.T(kLegend + "enemy_zone")} {
				if !strings.Contains(all, s) {
					t.Errorf("%s: %q not drawn", lang, s)
				}
			}
			if v.Phase != bz.PhaseOver && !strings.Contains(all, ctx.T(kRound, "Round", v.Round)) {
				t.Errorf("%s: round not drawn", lang)
			}
			// Each soldier's name is on the picture: whole, or its start
			// cut short with "…" where a long name meets the legend.
			for _, so := range v.Soldiers {
				name, found := ctx.Name(games.Seat(so.Seat)), false
				for _, d := range drawn {
					cut := strings.TrimSuffix(d, "…")
					found = found || d == name || cut != d && utf8.RuneCountInString(cut) >= 3 && strings.HasPrefix(name, strings.TrimSpace(cut))
				}
				if !found {
					t.Errorf("%s: name of seat %d not drawn", lang, so.Seat)
				}
			}
		}
	}
}

// TestFit: long words and names shrink and then clip to their box.
func TestFit(t *testing.T) {
	for _, s := range append(longNames, "Pozostałe czerwone flagi", "Осталось красных флагов") {
		for _, maxW := range []float64{20, 60, 120} {
			out, size, w := fit(s, 15, maxW, true)
			if w > maxW || canvas.TextWidth(out, size, true) > maxW {
				t.Errorf("%q in %v: %q is %v wide", s, maxW, out, w)
			}
			if out != s && !strings.HasSuffix(out, "…") && out != "" {
				t.Errorf("%q clipped without …: %q", s, out)
			}
		}
	}
	if out, size, _ := fit("Ann", 15, 100, false); out != "Ann" || size != 15 {
		t.Errorf("short name changed: %q %v", out, size)
	}
}

// TestImageLanguages: the picture decodes in every language, and the
// Polish and English pictures of the same view differ.
func TestImageLanguages(t *testing.T) {
	r := Adapted
	for _, sn := range imageSnaps(t) {
		v := eng.View(sn.s, games.Spectator)
		imgs := map[string][]byte{}
		for _, lang := range i18n.Languages {
			b, err := r.Image(sn.in(langCtx(lang, longNames[:sn.seats])), v)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s: %v", lang, err)
			}
			if img.Bounds().Dx() != imgW || img.Bounds().Dy() != imgH {
				t.Fatalf("%s: size %v", lang, img.Bounds())
			}
			imgs[lang] = b
		}
		if bytes.Equal(imgs["en"], imgs["pl"]) || bytes.Equal(imgs["en"], imgs["ru"]) {
			t.Fatal("the language does not change the picture")
		}
		// the cached layers stay per language: English again is unchanged
		b, _ := r.Image(sn.in(langCtx("en", longNames[:sn.seats])), v)
		if !bytes.Equal(b, imgs["en"]) {
			t.Fatal("English picture changed after drawing other languages")
		}
	}
}

// TestDumpImageLangs writes /dir/blindaz-img-<lang>.png (and -over) for a look.
func TestDumpImageLangs(t *testing.T) {
	dir := os.Getenv("BLINDAZ_PNG_DIR")
	if dir == "" {
		t.Skip("set BLINDAZ_PNG_DIR=/tmp to write the boards")
	}
	snaps := imageSnaps(t)
	for i, suffix := range []string{"-deploy", "", "-over"} {
		if i >= len(snaps) {
			break
		}
		sn := snaps[i]
		for _, lang := range i18n.Languages {
			b, err := Adapted.Image(sn.in(langCtx(lang, longNames[:sn.seats])), eng.View(sn.s, games.Spectator))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "blindaz-img-"+lang+suffix+".png"), b, 0o644)
		}
	}
}
