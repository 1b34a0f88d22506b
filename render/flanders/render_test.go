package flanders

import (
	"bytes"
	"encoding/json"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

var names = []string{"Ann", "Ben", "Cat", "Dan"}

func ctxFor(lang string, viewer games.Seat) render.Audience {
	return render.Audience{L: i18n.For(lang), Names: names, Viewer: viewer}
}

// states plays a few mixed bot/random games and returns every state.
func states(t testing.TB, games_ int) []fl.State {
	var out []fl.State
	for _, sn := range played(t, games_) {
		out = append(out, sn.s)
	}
	return out
}

// snap is a state and the journal's tail the service draws its boards
// with.
type snap struct {
	s   fl.State
	log []games.Record
}

// in is ctx with the snap's journal.
func (sn snap) in(ctx render.Audience) render.Audience {
	ctx.Journal = sn.log
	return ctx
}

// played is states with their journals.
func played(t testing.TB, games_ int) []snap {
	g := games.Check[fl.State](fl.Game{})
	var out []snap
	for seed := range uint64(games_) {
		rng := games.NewPCG(seed, 42)
		pick := games.NewPCG(seed, 43)
		opts := games.Options{}
		if seed%3 == 1 {
			opts[fl.OptStrongArtillery] = "true"
		}
		if seed%4 == 2 {
			opts[fl.OptBeginner] = "1"
		}
		s, err := g.Setup(opts, 2+int(seed%3), rng)
		if err != nil {
			t.Fatal(err)
		}
		var j rendertest.Journal
		out = append(out, snap{s, nil})
		for !s.Over() {
			seat := games.Seat(s.Active)
			legal := g.Legal(s, seat)
			a := legal[pick.Intn(len(legal))]
			if pick.Intn(3) > 0 {
				a = g.Bot(s, seat, rng)
			}
			var ev []games.Event
			s, ev, err = g.Apply(s, seat, a, rng)
			if err != nil {
				t.Fatal(err)
			}
			j.Add(seat, ev)
			out = append(out, snap{s, j.Tail()})
		}
	}
	return out
}

func cardText(c render.Card) string {
	var b strings.Builder
	b.WriteString(c.Title + "\n" + c.Description + "\n" + c.Footer + "\n")
	for _, f := range c.Fields {
		b.WriteString(f.Name + "\n" + f.Value + "\n")
	}
	return b.String()
}

func checkText(t *testing.T, where, s string) {
	t.Helper()
	if strings.Contains(s, "[flanders.") || strings.Contains(s, "[core.") || strings.Contains(s, "[game.") {
		t.Fatalf("%s: missing catalogue key in %q", where, s)
	}
	if strings.Contains(s, "#") {
		t.Fatalf("%s: a physical card id leaked into text: %q", where, s)
	}
	if strings.Contains(s, "<no value>") {
		t.Fatalf("%s: template value missing in %q", where, s)
	}
}

func checkCard(t *testing.T, where string, c render.Card) {
	t.Helper()
	if utf8.RuneCountInString(c.Description) >= 3500 {
		t.Fatalf("%s: description too long (%d)", where, utf8.RuneCountInString(c.Description))
	}
	if len(c.Fields) > 20 {
		t.Fatalf("%s: %d fields", where, len(c.Fields))
	}
	for _, f := range c.Fields {
		if utf8.RuneCountInString(f.Value) >= 1000 {
			t.Fatalf("%s: field %q too long", where, f.Name)
		}
	}
	checkText(t, where, cardText(c))
}

func TestRenderPlayouts(t *testing.T) {
	n := 8
	if testing.Short() || raceEnabled {
		n = 3
	}
	g := games.Check[fl.State](fl.Game{})
	r := Adapted
	for i, sn := range played(t, n) {
		s := sn.s
		if i%2 == 1 && !s.Over() && s.Phase != fl.PhaseRolled {
			continue // every other ordinary state is enough
		}
		for _, lang := range i18n.Languages {
			pub := g.View(s, games.Spectator)
			checkCard(t, lang+" board", r.Board(sn.in(ctxFor(lang, games.Spectator)), pub))
			checkText(t, lang+" status", r.Status(ctxFor(lang, games.Spectator), pub))
			for seat := range s.Players {
				seat := games.Seat(seat)
				ctx := ctxFor(lang, seat)
				v := g.View(s, seat)
				if c, ok := r.Private(ctx, v); !ok {
					t.Fatal("no private card for a seat")
				} else {
					checkCard(t, lang+" private", c)
				}
				legal := g.Legal(s, seat)
				m := r.Menu(ctx, v, legal)
				if len(m.Choices) != len(legal) {
					t.Fatalf("%d choices for %d legal actions", len(m.Choices), len(legal))
				}
				if games.Adapt[fl.State](g).PrivateChoices(s, seat) {
					t.Fatal("menu marked private; nothing is hidden")
				}
				if len(legal) > 0 {
					checkText(t, lang+" prompt", m.Prompt)
					if m.Prompt == "" {
						t.Fatal("empty prompt")
					}
				}
				groups := map[string]int{}
				for k, c := range m.Choices {
					if !c.Action.Equal(legal[k]) {
						t.Fatalf("choice %d is %v, legal %v", k, c.Action, legal[k])
					}
					if c.Label == "" || utf8.RuneCountInString(c.Label) > 80 {
						t.Fatalf("bad label %q for %v", c.Label, c.Action)
					}
					checkText(t, lang+" label", c.Label)
					groups[c.Group]++
				}
				if len(m.Choices) > 20 {
					t.Fatalf("%d choices", len(m.Choices))
				}
			}
		}
	}
}

func TestImageDecodes(t *testing.T) {
	g := games.Check[fl.State](fl.Game{})
	all := states(t, 2)
	picks := []int{0, len(all) / 3, len(all) / 2, len(all) - 1}
	if raceEnabled {
		picks = picks[2:]
	}
	for _, i := range picks {
		b, err := Adapted.Image(imageCtx, g.View(all[i], games.Spectator))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != imgW || img.Bounds().Dy() != imgH {
			t.Fatalf("image %v", img.Bounds())
		}
		// The picture really has its shapes: the Objective row, and every
		// commander's disc in its lane colour (grey when eliminated).
		same := func(x, y float64, want color.RGBA) bool {
			r, g, b, _ := img.At(int(x), int(y)).RGBA()
			return uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(b>>8) == want.B
		}
		if !same(laneX0+5, rowY(fl.Objective)+5, cObjective) {
			t.Fatal("objective row not drawn")
		}
		pv := g.View(all[i], games.Spectator).(fl.View).Players[0]
		want := laneCols[pv.Colour]
		if pv.Eliminated {
			want = cGrey
		}
		if !same(laneX0+laneW/2-9, rowY(pv.Row)+rowH/2, want) {
			t.Fatalf("commander disc of seat 0 not drawn at row %d", pv.Row)
		}
	}
	if b, _ := Adapted.Image(imageCtx, "not a view"); b != nil {
		t.Fatal("image for a foreign view")
	}
}

// TestPublicRenderingHidesDrawPile: the public board, menus and image input
// never name or order the cards of the draw pile.
func TestPublicRenderingHidesDrawPile(t *testing.T) {
	g := games.Check[fl.State](fl.Game{})
	for _, s := range states(t, 3) {
		pub := g.View(s, games.Spectator)
		js, _ := json.Marshal(pub)
		for _, c := range s.Draw {
			if bytes.Contains(js, []byte(`"`+fl.CardID(c)+`"`)) {
				t.Fatalf("image/board input names draw-pile card %s", fl.CardID(c))
			}
		}
		if bytes.Contains(js, []byte(`"draw"`)) {
			t.Fatal("view carries the draw pile")
		}
		text := cardText(Adapted.Board(ctxFor("en", games.Spectator), pub))
		checkText(t, "board", text)
	}
}

func TestCatalogue(t *testing.T) {
	for _, p := range i18n.Problems("flanders.") {
		t.Error(p)
	}
	codes := []string{"not_your_turn", "wrong_phase", "cannot_stop_yet", "no_gas_card", "bad_gas_target",
		"not_an_option", "no_recon", "no_balloon", "fc_forced", "die_out_of_range", "balloon_gives_no_card",
		"bust_not_allowed", "not_eligible", "no_artillery", "bad_cancel_target", "sacrifice_out_of_range",
		"no_points", "game_over", "bad_action"}
	for _, c := range codes {
		if !i18n.Has("flanders.err." + c) {
			t.Errorf("missing error text %s", c)
		}
	}
	for _, r := range []string{fl.ReasonObjective, fl.ReasonAllElim, fl.ReasonTwoElim} {
		if !i18n.Has("flanders.reason." + r) {
			t.Errorf("missing reason %s", r)
		}
	}
	for _, ct := range fl.Types {
		if !i18n.Has("flanders.card." + ct.Code) {
			t.Errorf("missing card %s", ct.Code)
		}
	}
	for _, lang := range i18n.Languages {
		if n := utf8.RuneCountInString(Adapted.Rules(ctxFor(lang, games.Spectator))); n >= 3800 || n < 200 {
			t.Errorf("%s rules: %d characters", lang, n)
		}
	}
}

func TestForeignAndEmptyViews(t *testing.T) {
	r := Adapted
	ctx := ctxFor("en", 0)
	for _, v := range []any{nil, "x", fl.View{}, &fl.View{}, (*fl.View)(nil)} {
		r.Board(ctx, v)
		r.Status(ctx, v)
		r.Private(ctx, v)
		r.Menu(ctx, v, []games.Action{games.Act("roll")})
	}
}
