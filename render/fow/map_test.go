package fow

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// placedView plays a bot game of mission m until every objective is placed.
func placedView(t *testing.T, m fowg.Mission, units string) fowg.View {
	t.Helper()
	rng := games.NewPCG(7, 7)
	s, err := eng.Setup(games.Options{"mission": m.ID, "units": units}, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 400; i++ {
		v := eng.View(s, games.Spectator).(fowg.View)
		if v.Attacker >= 0 && v.Phase != fowg.PhObjectives && v.Phase != fowg.PhRoles && v.Phase != fowg.PhRoleChoice && v.Phase != fowg.PhRoster {
			return v
		}
		seat := eng.Active(s)[0]
		if s, _, err = games.Apply(eng, s, seat, eng.Bot(s, seat, rng), rng); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("%s: the objectives were never all placed", m.ID)
	return fowg.View{}
}

// decode draws v and returns its pixels and the strings drawn on it.
func decode(t *testing.T, v fowg.View) (*image.RGBA, []canvas.TextRun) {
	t.Helper()
	pic := picture(imageCtx, v)
	texts := pic.Texts()
	b, err := pic.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Rect, img, image.Point{}, draw.Src)
	return rgba, texts
}

func same(a color.Color, b color.RGBA) bool {
	r, g, bl, _ := a.RGBA()
	return uint8(r>>8) == b.R && uint8(g>>8) == b.G && uint8(bl>>8) == b.B
}

// is reports whether the pixel at p is exactly colour b.
func is(img *image.RGBA, p image.Point, b color.RGBA) bool {
	i := img.PixOffset(p.X, p.Y)
	return img.Pix[i] == b.R && img.Pix[i+1] == b.G && img.Pix[i+2] == b.B
}

// blobs finds the objective discs: connected areas of the placed-objective
// gold, by their centres in table inches.
func blobs(img *image.RGBA, f frame) [][2]float64 {
	seen := map[image.Point]bool{}
	var out [][2]float64
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			p := image.Pt(x, y)
			if !is(img, p, colObj) || seen[p] {
				continue
			}
			var sx, sy, n int
			stack := []image.Point{p}
			seen[p] = true
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				sx, sy, n = sx+q.X, sy+q.Y, n+1
				for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					r := q.Add(d)
					if r.In(b) && is(img, r, colObj) && !seen[r] {
						seen[r] = true
						stack = append(stack, r)
					}
				}
			}
			if n < 200 { // the legend's words are not gold; a disc is ~800 px
				continue
			}
			cx, cy := float64(sx)/float64(n), float64(sy)/float64(n)
			out = append(out, [2]float64{(cx - tableX) / f.ppi, f.l.H - (cy-f.top)/f.ppi})
		}
	}
	return out
}

// TestMissionMaps: for every mission, the picture draws each side's
// deployment area, every objective inside the area the mission gives it
// (in the half its record names), the reserve entry edges of the sides
// that have reserves, and the table's size in the table's units.
func TestMissionMaps(t *testing.T) {
	for _, m := range fowg.Missions() {
		for _, units := range []string{"in", "cm"} {
			if raceEnabled && units == "cm" {
				continue // slow under the race detector; cm changes only the words
			}
			t.Run(m.ID+"/"+units, func(t *testing.T) {
				v := placedView(t, m, units)
				l := m.Layout()
				f := newFrame(imageCtx, v)
				img, texts := decode(t, v)
				at := func(x, y float64) color.Color { p := f.px(x, y); return img.At(int(p.X), int(p.Y)) }
				// deployment areas: their colour near the west end of each
				// long edge, and not past their inner edge
				for role, col := range []color.RGBA{colAttZone, colDefZone} {
					z := l.Deploy[role]
					y := z.Y0 + 1
					if role == 1 {
						y = z.Y1 - 1
					}
					if !same(at(2, y), col) {
						t.Errorf("role %d: no deployment colour at (2, %v)", role, y)
					}
					if out := z.Y1 + 0.5; role == 0 && out < l.H/2 && same(at(2, out), col) {
						t.Errorf("attacker: deployment colour past its area at y %v", out)
					}
					if out := z.Y0 - 0.5; role == 1 && out > l.H/2 && same(at(2, out), col) {
						t.Errorf("defender: deployment colour past its area at y %v", out)
					}
				}
				// objectives: every disc lies in an area the mission gives,
				// as many in each area as objectives placed there, and each
				// in the half its record names
				want := map[fowg.Rect]int{}
				for i, o := range v.Objectives {
					z := l.Objectives[i]
					half := 0
					if o.Half != v.Attacker {
						half = 1
					}
					if z.Half != half {
						t.Errorf("obj%d: the record's half (role %d) is not the map's (%d)", i+1, half, z.Half)
					}
					if !o.Removed {
						want[z.Area]++
					}
				}
				got := map[fowg.Rect]int{}
				for _, c := range blobs(img, f) {
					found := false
					for a := range want {
						if a.Contains(c[0], c[1]) {
							got[a]++
							found = true
							break
						}
					}
					if !found {
						t.Errorf("an objective is drawn at (%.1f, %.1f), outside every objective area %v", c[0], c[1], want)
					}
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("objectives per area: drawn %v, placed %v", got, want)
				}
				// reserve entry: the own long edge is marked for own_edge and
				// scattered reserves (dashed: somewhere along it), and not for
				// a side without reserves
				for role := 0; role < 2; role++ {
					edgeY := f.px(0, 0).Y + 7
					if role == 1 {
						edgeY = f.px(0, l.H).Y - 7
					}
					marked := false
					for x := tableX + 200; x < tableX+300; x++ {
						if same(img.At(int(x), int(edgeY)), colEntry) {
							marked = true
						}
					}
					e := l.Entry[role]
					if marked != (e == "own_edge" || e == "scattered") {
						t.Errorf("role %d entry %q: long edge marked %v", role, e, marked)
					}
				}
				size := `Table 72" × 48"`
				if units == "cm" {
					size = "Table 180 × 120 cm"
				}
				var all []string
				for _, r := range texts {
					all = append(all, r.S)
				}
				if !strings.Contains(strings.Join(all, "|"), size) {
					t.Errorf("no %q among %q", size, all)
				}
			})
		}
	}
}

// TestCaptionFits: every public log sentence, with long real player names
// (a Discord name has at most 32 letters) and the longest platoon name,
// fits the caption band's four lines in every language, so the last move
// is never cut.
func TestCaptionFits(t *testing.T) {
	var tpls []fowg.Template = fowg.Templates()
	for _, l := range langs {
		ctx := langCtx(l, "Konstantynopolitańczykowianeczka", "Александр Преображенский-Оболен")
		longest := ""
		for _, tp := range tpls {
			if s := ctx.T("fow.tpl." + tp.ID); len([]rune(s)) > len([]rune(longest)) {
				longest = tp.ID
			}
		}
		v := fowg.View{Attacker: 0, Mission: fowg.Missions()[0], RolesReason: "meeting_engagement_rolloff", Units: "cm"}
		for seat := 0; seat < 2; seat++ {
			for i := 0; i < 20; i++ {
				v.Sides[seat].Platoons = append(v.Sides[seat].Platoons, fowg.PlatoonView{ID: fowg.PlatoonID(seat, i), Tpl: longest, Num: 20})
			}
		}
		for _, id := range i18n.IDs(l) {
			kind, ok := strings.CutPrefix(id, "fow.log.")
			if !ok {
				continue
			}
			for _, k := range []string{"", "_dug", "_left", "_scattered", "_guaranteed"} {
				kind = strings.TrimSuffix(kind, k)
			}
			e := fowg.Entry{Kind: kind, Seat: 1, Args: []int{19, 6, 1, 20, 6, 6, 6, 6, 6, 6, 6, 6}, Text: "scattered", Vis: -1}
			s := logLine(ctx, v, e)
			if n := len(wrap(s, imgW-2*padX, fBody, false)); n > 4 {
				t.Errorf("%s %s: %d lines: %q", l, id, n, s)
			}
		}
	}
}

// TestAspect: every mission's picture, in every language and units, is
// between 2:1 and 3:4 (width:height), so a phone's preview shows it whole.
// The tallest is before the objectives are placed (its legend explains
// them too); the height is the frame's, checked against one encoded picture.
func TestAspect(t *testing.T) {
	for i, m := range fowg.Missions() {
		for _, units := range []string{"in", "cm"} {
			s, err := eng.Setup(games.Options{"mission": m.ID, "units": units}, 2, games.NewPCG(3, 3))
			if err != nil {
				t.Fatal(err)
			}
			v := eng.View(s, games.Spectator).(fowg.View)
			for _, l := range langs {
				h := newFrame(langCtx(l), v).h
				if 2*h < imgW || 3*h > 4*imgW {
					t.Errorf("%s %s %s: %d×%d", m.ID, units, l, imgW, h)
				}
				if i == 0 {
					b, err := rr.Image(langCtx(l), v)
					if err != nil {
						t.Fatal(err)
					}
					cfg, err := png.DecodeConfig(bytes.NewReader(b))
					if err != nil || cfg.Width != imgW || cfg.Height != h {
						t.Errorf("%s: the picture is %d×%d, its frame %d×%d (%v)", l, cfg.Width, cfg.Height, imgW, h, err)
					}
				}
			}
		}
	}
}

// TestNoOverlap: no two words on the picture cover each other, in any
// language, over played games (every fifth board; every twentieth under
// the race detector).
func TestNoOverlap(t *testing.T) {
	cands := benchCandidates(t)
	step := 5
	if raceEnabled {
		step = 20
	}
	for _, l := range langs {
		for i := 0; i < len(cands); i += step {
			texts := pictureOf(rendertest.Unpack(langCtx(l), cands[i])).Texts()
			for a := range texts {
				for b := a + 1; b < len(texts); b++ {
					if texts[a].Box.Inset(1).Overlaps(texts[b].Box.Inset(1)) {
						t.Errorf("%s board %d: %q at %v covers %q at %v", l, i, texts[a].S, texts[a].Box, texts[b].S, texts[b].Box)
					}
				}
			}
		}
	}
}

// TestSecretAssignment: before both players have locked their deployment,
// the picture tells nobody how many platoons anyone holds in reserve or in
// ambush, even when drawn from the owner's own view.
func TestSecretAssignment(t *testing.T) {
	m, _ := fowg.MissionByID("hold_the_line")
	rng := games.NewPCG(9, 9)
	s, err := eng.Setup(games.Options{"mission": m.ID}, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i := 0; i < 400 && len(eng.Active(s)) > 0; i++ {
		if pub := eng.View(s, games.Spectator).(fowg.View); pub.Sides[0].Locked && pub.Sides[1].Locked {
			break
		}
		for seat := games.Seat(0); seat < 2; seat++ {
			v := eng.View(s, seat).(fowg.View)
			texts := picture(imageCtx, v).Texts()
			for _, r := range texts {
				for _, k := range []string{"fow.img.n_reserve", "fow.img.n_ambush", "fow.img.n_table"} {
					if w, _, _ := strings.Cut(word(imageCtx, k, "N", 0), ":"); strings.Contains(r.S, w) {
						t.Fatalf("seat %d's view in %s: %q", seat, v.Phase, r.S)
					}
				}
			}
			checked++
		}
		seat := eng.Active(s)[0]
		if s, _, err = games.Apply(eng, s, seat, eng.Bot(s, seat, rng), rng); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d views before both locked", checked)
	}
}
