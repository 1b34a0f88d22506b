package flanders

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
)

// longNames has a name too long for the company strip.
var longNames = []string{"Ann", "Maximilian von Richthofen-Hohenstein", "Дмитрий Константинович", "Zoë"}

// busyView is a 4-company view with many kept cards: the most text.
func busyView(t testing.TB) fl.View {
	g := fl.Game{}
	var best fl.View
	most := -1
	for _, s := range states(t, 3) {
		if len(s.Players) != 4 {
			continue
		}
		v := g.View(s, games.Spectator).(fl.View)
		n := 0
		for _, p := range v.Players {
			kept, _ := keptAndNew(p)
			n += len(kept)
		}
		if n > most {
			best, most = v, n
		}
	}
	return best
}

func TestImageLanguages(t *testing.T) {
	v := busyView(t)
	imgs := map[string][]byte{}
	for _, lang := range i18n.Languages {
		ctx := render.Audience{L: i18n.For(lang), Names: longNames, Viewer: games.Spectator}
		b, err := Adapted.Image(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if img.Bounds().Dx() != imgW || img.Bounds().Dy() != imgH {
			t.Fatalf("%s: image %v", lang, img.Bounds())
		}
		imgs[lang] = b
		if dir := os.Getenv("FLANDERS_IMG_DIR"); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "flanders-img-"+lang+".png"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if bytes.Equal(imgs["en"], imgs["pl"]) {
		t.Fatal("the Polish and English pictures are the same")
	}
	if bytes.Equal(imgs["en"], imgs["ru"]) {
		t.Fatal("the Russian and English pictures are the same")
	}
}

// checkDrawn fails on a drawn string that is a missing key or a bad template.
func checkDrawn(t *testing.T, lang, s string) {
	t.Helper()
	if strings.HasPrefix(s, "[") || strings.Contains(s, "[FLANDERS.") || strings.Contains(s, "[GAME.") {
		t.Errorf("%s: missing catalogue key drawn: %q", lang, s)
	}
	if strings.Contains(s, "<NO VALUE>") || strings.Contains(s, "<no value>") {
		t.Errorf("%s: template value missing: %q", lang, s)
	}
}

// TestImageText sees every string drawn, in every language, over the
// static layer, every card and every strip tag.
func TestImageText(t *testing.T) {
	lang := ""
	seen := map[string]bool{}
	check := func(texts []canvas.TextRun) {
		for _, r := range texts {
			checkDrawn(t, lang, r.S)
			seen[r.S] = true
		}
	}
	g := fl.Game{}
	all := states(t, 3)
	picks := []fl.State{all[0], all[len(all)/2], all[len(all)-1]}
	for _, lang = range i18n.Languages {
		ctx := render.Audience{L: i18n.For(lang), Names: longNames, Viewer: games.Spectator}
		base, _ := drawBase(ctx)
		check(base.Texts())
		c := canvas.New(palette, imgW, imgH, cBG)
		var hand []fl.CardView
		for _, ct := range fl.Types {
			drawFace(ctx, c, rightX, boardY, ct.Code)
			if ct.Keep {
				hand = append(hand, fl.CardView{Type: ct.Code})
			}
		}
		for _, p := range []fl.PlayerView{{Hand: hand}, {Hand: hand, Winner: true}, {Reached: true}, {Eliminated: true}} {
			checkDrawn(t, lang, companyTag(ctx, p))
			checkDrawn(t, lang, keptLine(ctx, p, rightW-24))
		}
		check(c.Texts())
		for _, s := range picks {
			check(picture(ctx, g.View(s, games.Spectator).(fl.View)).Texts())
		}
	}
	if len(seen) < 20 {
		t.Fatalf("only %d strings seen", len(seen))
	}
}
