package trenches

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"regexp"
	"strings"
	"testing"

	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// TestLegibleOnPhone: every board reads at phone width in every language.
func TestLegibleOnPhone(t *testing.T) { boards.Legible(t, rendertest.PicturesIn(imageCtx, pictureOf)) }

// TestLegibleComputerNames: the seats named as the computer players are,
// in each language ("Компьютер 1"), are drawn whole, never cut to
// "Компью…" to make room for the side's name.
func TestLegibleComputerNames(t *testing.T) {
	boards.Legible(t, func(lang string, view any) *canvas.Canvas {
		ctx := imageCtx
		ctx.L = i18n.For(lang)
		ctx.Names = []string{ctx.T("core.bot_name", "N", 1), ctx.T("core.bot_name", "N", 2)}
		return pictureOf(rendertest.Unpack(ctx, view))
	})
}

// TestHexNumbersStandOut: the hex numbers, by which the menus name every
// hex, are bold and 16 px at phone width, above the 14 px floor that
// left them faint on the trench brown (10 px high digits).
func TestHexNumbersStandOut(t *testing.T) {
	sh := imageViews(t)[3]
	pic := paint(sh.in(imageCtx), sh.v)
	texts, bounds := pic.Texts(), pic.Img.Bounds()
	scale := rendertest.PhoneWidth / float64(bounds.Dx())
	n := 0
	for _, r := range texts {
		if len(r.S) != 4 || strings.Trim(r.S, "0123456789") != "" {
			continue
		}
		n++
		if !r.Bold || r.Size*scale < 16 {
			t.Fatalf("hex number %q: %.1f px at %d px wide, bold %v", r.S, r.Size*scale, rendertest.PhoneWidth, r.Bold)
		}
	}
	if n < len(tov.Map) {
		t.Fatalf("%d hex numbers drawn, %d hexes", n, len(tov.Map))
	}
}

// TestSideCounters: each side's row in the panel starts with a counter
// drawn as the map draws that side's counters (its nation's colour edged
// in the side's colour), so the rows say whose counters are whose.
func TestSideCounters(t *testing.T) {
	sh := imageViews(t)[3]
	b, err := R.Image(sh.in(imageCtx), sh.v)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []struct {
		nation string
		edge   color.RGBA
	}{{sh.v.RaiderNation, cRed}, {sh.v.DefNation, cBlue}} {
		found := false
		for y := int(mapY0); y < imgH && !found; y++ {
			at := func(x float64) color.RGBA {
				r, g, b, _ := img.At(int(panelX+x), y).RGBA()
				return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
			}
			found = at(0.5) == side.edge && at(sideW/2) == nationCol[side.nation] && at(sideW-0.5) == side.edge
		}
		if !found {
			t.Errorf("no %s counter edged %v in the panel", side.nation, side.edge)
		}
	}
}

// TestVPWords: the picture's VP line says what the Raider has and what
// it needs ("Raider VP: 10 (needs 7)"), never "10 of 7".
func TestVPWords(t *testing.T) {
	re := regexp.MustCompile(`^\S.*: \d+ \(\D+[\s\x{a0}]\d+\)$`)
	for _, lang := range []string{"en", "pl", "ru"} {
		for _, sh := range imageViews(t)[:3] {
			w := wordsFor(sh.in(langCtx(lang)), sh.v)
			if !re.MatchString(w.vp) || !strings.Contains(w.vp, fmt.Sprint(sh.v.Victory)+")") {
				t.Errorf("%s: %q", lang, w.vp)
			}
		}
	}
}
