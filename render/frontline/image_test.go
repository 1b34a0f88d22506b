package frontline

import (
	"bytes"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// benchState is the board after 60 bot moves (a BenchmarkImage candidate).
func benchState() fl.View {
	rng := games.NewPCG(3, 3)
	s, _ := eng.Setup(games.Options{}, 2, rng)
	for i := 0; i < 60 && !eng.Outcome(s).Done; i++ {
		seat := eng.Active(s)[0]
		s, _, _ = eng.Apply(s, seat, eng.Bot(s, seat, rng), rng)
	}
	return eng.View(s, games.Spectator).(fl.View)
}

// richView adds to benchView every kind of thing the picture can show:
// full rear and prison, equipment and permanent cards, markers, an event,
// a battle and the end of the game.
func richView() fl.View {
	v := benchState()
	var units []fl.UnitView
	for i, t := range fl.UnitTypes {
		units = append(units, fl.UnitView{ID: t.ID + "-1", Type: t.ID, Front: 1 + i%3, Plus1: i%3 == 0, Plus2: i%4 == 0, Camo: i%5 == 0})
	}
	for i := 0; i < 2; i++ {
		p := &v.P[i]
		p.Rear = append([]fl.UnitView(nil), units...)
		p.Prison = append([]fl.UnitView(nil), units[5:]...)
		p.Equip, p.Perm = nil, nil
		for j, a := range fl.ActionTypes {
			cv := fl.CardView{ID: a.ID + "-1", Type: a.ID, Cat: a.Cat}
			if a.Cat == fl.CatEquipment && len(p.Equip) < 3 {
				p.Equip = append(p.Equip, cv)
			} else if a.Cat == fl.CatPermanent || j%4 == 0 {
				p.Perm = append(p.Perm, cv)
			}
		}
		p.Morale, p.Mine, p.Hospital = [3]int{1, 0, 1}, [3]int{1, 1, 0}, 2
		p.Ready = [3]bool{false, true, false}
		p.HasDecl, p.VP, p.Gold, p.Ammo = true, 123, 45, 67
		p.DeclFront = 3
		for f := 0; f < 3; f++ {
			for c := 0; c < 4; c++ {
				u := units[(i*12+f*4+c)%len(units)]
				p.Grid[f][c] = &u
			}
		}
	}
	v.Event = "christmas_truce"
	v.Battle = &fl.BattleView{Att: 1, Front: 2, Strength: [2]int{14, 15}}
	v.Over, v.Winner = true, 1
	return v
}

var longNames = []string{"Konstantin Konstantinopolski-Wielkopolski", "Александра Владимировна Преображенская"}

func TestImageLanguages(t *testing.T) {
	r := Adapted
	views := map[string]fl.View{"bench": benchState(), "rich": richView()}
	for name, v := range views {
		imgs := map[string][]byte{}
		for _, lang := range i18n.Languages {
			for _, names := range [][]string{{"Ala", "Borys"}, longNames} {
				ctx := render.Audience{L: i18n.For(lang), Names: names, Viewer: games.Spectator}
				b, err := r.Image(ctx, v)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Fatalf("%s %s: %v", name, lang, err)
				}
				imgs[lang] = b
				if dir := os.Getenv("FRONTLINE_IMG_DIR"); dir != "" && name == "rich" {
					n := "short"
					if names[0] == longNames[0] {
						n = "long"
					}
					os.WriteFile(dir+"/frontline-img-"+lang+"-"+n+".png", b, 0o644)
				}
			}
		}
		if bytes.Equal(imgs["en"], imgs["pl"]) || bytes.Equal(imgs["en"], imgs["ru"]) {
			t.Fatalf("%s: the language does not change the picture", name)
		}
	}
}

// Every string drawn comes from the catalogue (no "[frontline..." id of a
// missing key), in every language, and the seats are named by name.
func TestImageTextTranslated(t *testing.T) {
	check := func(lang string, v fl.View, journal ...games.Record) map[string]bool {
		ctx := ctxFor(lang, games.Spectator)
		ctx.Journal = journal
		seen := map[string]bool{}
		for _, r := range drawBoard(ctx, v).Texts() {
			s := r.S
			seen[s] = true
			if strings.Contains(s, "[") || strings.Contains(s, "<no value>") || strings.TrimSpace(s) == "" {
				t.Errorf("%s: bad text drawn %q", lang, s)
			}
		}
		return seen
	}
	for _, lang := range i18n.Languages {
		seen := check(lang, richView())
		for _, n := range []string{"Ala", "Borys"} {
			if !seen[n] {
				t.Errorf("%s: seat name %s not drawn", lang, n)
			}
		}
	}
	playStates(t, budget(4), 7, func(s games.State, step int, j rendertest.Journal) {
		for _, lang := range i18n.Languages {
			check(lang, eng.View(s, games.Spectator).(fl.View), j.Tail()...)
		}
	})
}

// fit never lets a string overflow its box.
func TestFit(t *testing.T) {
	for _, s := range append([]string{"A", "ИГРА ОКОНЧЕНА: ПОБЕЖДАЕТ"}, longNames...) {
		for _, w := range []float64{10, 40, 120, 600} {
			got, sz := fit(s, 15, true, w)
			if tw := canvasWidth(got, sz); tw > w && got != "…" {
				t.Errorf("fit(%q, %v) = %q at %v: %v px", s, w, got, sz, tw)
			}
			if got != s && !strings.HasSuffix(got, "…") {
				t.Errorf("fit(%q) clipped without …: %q", s, got)
			}
		}
	}
}

func canvasWidth(s string, size float64) float64 { return canvas.TextWidth(s, size, true) }
