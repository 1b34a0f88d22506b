package fow

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

var (
	eng = fowg.Game{}
	rr  = Adapted
)

func ctxFor(lang string, viewer games.Seat) render.Audience {
	return render.Audience{L: i18n.For(lang), Names: []string{"Anna", "Bartek"}, Viewer: viewer}
}

// visit plays bot games and calls f on every state, with the journal so
// far.
func visit(t *testing.T, n int, f func(s fowg.State, j rendertest.Journal)) {
	for _, m := range fowg.Missions() {
		for seed := uint64(1); seed <= uint64(n); seed++ {
			rng := games.NewPCG(seed, 99)
			opts := games.Options{"mission": m.ID}
			if seed%2 == 0 {
				opts["dice"] = "manual"
			}
			if seed%3 == 0 {
				opts["units"] = "cm"
			}
			s, err := eng.Setup(opts, 2, rng)
			if err != nil {
				t.Fatal(err)
			}
			var j rendertest.Journal
			for step := 0; step < 3000; step++ {
				f(s, j)
				act := eng.Active(s)
				if len(act) == 0 {
					break
				}
				seat := act[rng.Intn(len(act))]
				l := eng.Legal(s, seat)
				a := eng.Bot(s, seat, rng)
				if rng.Intn(4) == 0 {
					a = l[rng.Intn(len(l))]
					if a.Verb == fowg.VConcede || a.Verb == fowg.VMoraleFailed || a.Verb == fowg.VDel {
						a = eng.Bot(s, seat, rng)
					}
				}
				ns, ev, err := games.Apply(eng, s, seat, a, rng)
				if err != nil {
					t.Fatalf("%s: %v", a, err)
				}
				j.Add(seat, ev)
				s = ns
			}
		}
	}
}

func checkText(t *testing.T, where, s string) {
	t.Helper()
	if strings.Contains(s, "[fow.") || strings.Contains(s, "[core.") {
		t.Fatalf("%s: missing catalogue key in %q", where, s)
	}
}

func checkCard(t *testing.T, where string, c render.Card) {
	t.Helper()
	checkText(t, where, c.Title+c.Description+c.Footer)
	if utf8.RuneCountInString(c.Description) >= 3500 || len(c.Fields) > 20 {
		t.Fatalf("%s: card too big (%d chars, %d fields)", where, utf8.RuneCountInString(c.Description), len(c.Fields))
	}
	for _, f := range c.Fields {
		checkText(t, where, f.Name+f.Value)
		if utf8.RuneCountInString(f.Value) >= 1000 || f.Value == "" {
			t.Fatalf("%s: field %q has %d chars", where, f.Name, utf8.RuneCountInString(f.Value))
		}
	}
}

func TestRenderPlayouts(t *testing.T) {
	n := 2
	if testing.Short() || raceOn {
		n = 1
	}
	langs := []string{"en", "pl", "ru"}
	k := 0
	visit(t, n, func(s fowg.State, j rendertest.Journal) {
		k++
		lang := langs[k%3]
		pub := eng.View(s, games.Spectator)
		ctx := ctxFor(lang, games.Spectator)
		ctx.Journal = j.Tail()
		board := rr.Board(ctx, pub)
		checkCard(t, "board", board)
		txt := render.TextOf(board)
		for _, st := range []string{fowg.StAmbush, fowg.StReserve} {
			if h := ctx.T("fow.status."+st, "Count", 1); strings.Contains(txt, strings.Split(h, " (")[0]+" (") {
				t.Fatalf("public board shows %s", st)
			}
		}
		checkText(t, "status", rr.Status(ctx, pub))
		for seat := games.Seat(0); seat < 2; seat++ {
			v := eng.View(s, seat)
			sc := ctxFor(lang, seat)
			sc.Journal = j.Tail(seat)
			if c, ok := rr.Private(sc, v); ok {
				checkCard(t, "private", c)
			}
			legal := eng.Legal(s, seat)
			if len(legal) == 0 {
				continue
			}
			m := rr.Menu(sc, v, legal)
			checkText(t, "prompt", m.Prompt)
			if len(m.Choices) != len(legal) || m.Prompt == "" {
				t.Fatalf("menu has %d choices for %d actions", len(m.Choices), len(legal))
			}
			for i, c := range m.Choices {
				checkText(t, "label", c.Label+c.Group)
				if c.Label == "" || utf8.RuneCountInString(c.Label) > 80 || !c.Action.Equal(legal[i]) {
					t.Fatalf("bad label %q for %s", c.Label, legal[i])
				}
			}
			private := eng.PrivateChoices(eng.View(s, games.Spectator), seat)
			if (s.Phase == fowg.PhRoster || s.Phase == fowg.PhAssign) && !private {
				t.Fatalf("%s menu is public", s.Phase)
			}
			if !private {
				// a public menu must not name the seat's hidden platoons
				own := v.(fowg.View).Sides[seat]
				for _, p := range own.Platoons {
					if p.Status != fowg.StAmbush && p.Status != fowg.StReserve {
						continue
					}
					for _, c := range m.Choices {
						if strings.Contains(c.Label, p.ID+" ") {
							t.Fatalf("public menu names hidden %s: %q", p.ID, c.Label)
						}
					}
				}
			}
		}
		if k%25 == 0 {
			b, err := rendertest.Image(rr, imageCtx, j.Shot(pub))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestRules(t *testing.T) {
	for _, l := range []string{"en", "pl", "ru"} {
		r := rr.Rules(ctxFor(l, games.Spectator))
		checkText(t, "rules", r)
		if utf8.RuneCountInString(r) >= 3800 {
			t.Fatalf("%s rules %d chars", l, utf8.RuneCountInString(r))
		}
	}
}

// TestCatalogue: every English key exists in Polish and Russian.
func TestCatalogue(t *testing.T) {
	for _, p := range i18n.Problems("fow.") {
		t.Error(p)
	}
	n := 0
	for _, id := range i18n.IDs("en") {
		if strings.HasPrefix(id, "fow.") {
			n++
		}
	}
	if n < 300 {
		t.Fatalf("only %d keys", n)
	}
	for _, code := range []string{"not_your_turn", "wrong_phase", "game_over", "reserve_min", "reserves_not_allowed", "armoured_limit",
		"mobile_vehicles", "ambush_not_allowed", "ambush_max", "flag_invalid", "patrol_too_small", "patrol_not_on_table", "bad_die",
		"bad_selection_count", "objective_not_eligible", "bad_action"} {
		if !i18n.Has("fow.err." + code) {
			t.Errorf("no text for error %s", code)
		}
	}
	for _, r := range []string{"either_holds", "attacker_holds", "attack_defend", "defender_clear", "turn_limit", "morale_failed", "concede", "no_platoons", "agreed"} {
		if !i18n.Has("fow.reason." + r) {
			t.Errorf("no text for reason %s", r)
		}
	}
}

func TestImageDecodes(t *testing.T) {
	for _, m := range fowg.Missions() {
		s, _ := eng.Setup(games.Options{"mission": m.ID}, 2, games.NewPCG(1, 1))
		b, err := rr.Image(imageCtx, eng.View(s, games.Spectator))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil || img.Bounds().Dx() != imgW {
			t.Fatalf("%s: %v", m.ID, err)
		}
	}
}
