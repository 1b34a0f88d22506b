package frontline

import (
	"bytes"
	"encoding/json"
	"image/png"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

var eng = fl.Engine()

var raceEnabled bool

// budget scales test sizes down under -short and -race.
func budget(n int) int {
	if raceEnabled {
		n /= 3
	}
	if testing.Short() {
		n /= 2
	}
	if n < 1 {
		n = 1
	}
	return n
}

func ctxFor(lang string, viewer games.Seat) render.Audience {
	return render.Audience{L: i18n.For(lang), Names: []string{"Ala", "Borys"}, Viewer: viewer}
}

func cardText(c render.Card) string {
	var b strings.Builder
	b.WriteString(c.Title + "\n" + c.Description + "\n" + c.Footer)
	for _, f := range c.Fields {
		b.WriteString("\n" + f.Name + "\n" + f.Value)
	}
	return b.String()
}

func checkCard(t *testing.T, c render.Card) {
	t.Helper()
	if utf8.RuneCountInString(c.Description) >= 3500 {
		t.Fatalf("description too long: %d", utf8.RuneCountInString(c.Description))
	}
	if len(c.Fields) > 20 {
		t.Fatalf("%d fields", len(c.Fields))
	}
	for _, f := range c.Fields {
		if utf8.RuneCountInString(f.Value) >= 1000 || f.Value == "" || f.Name == "" {
			t.Fatalf("bad field %q: %d chars", f.Name, utf8.RuneCountInString(f.Value))
		}
	}
}

// playStates runs random playouts and calls fn on every state, with the
// journal so far.
func playStates(t *testing.T, games_, every int, fn func(s games.State, step int, j rendertest.Journal)) {
	for g := 0; g < games_; g++ {
		rng := games.NewPCG(uint64(g+1), 9)
		pick := games.NewPCG(uint64(g+50), 1)
		v := fl.Variants[g%len(fl.Variants)]
		s, err := eng.Setup(games.Options{"variant": v}, 2, rng)
		if err != nil {
			t.Fatal(err)
		}
		var j rendertest.Journal
		for step := 0; ; step++ {
			if step%every == 0 || eng.Outcome(s).Done {
				fn(s, step, j)
			}
			if eng.Outcome(s).Done {
				break
			}
			seat := eng.Active(s)[0]
			legal := eng.Legal(s, seat)
			var a games.Action
			if step%2 == 0 {
				a = eng.Bot(s, seat, rng)
			} else {
				a = legal[pick.Intn(len(legal))]
			}
			var ev []games.Event
			s, ev, err = eng.Apply(s, seat, a, rng)
			if err != nil {
				t.Fatal(err)
			}
			j.Add(seat, ev)
		}
	}
}

func TestRenderPlayouts(t *testing.T) {
	r := Adapted
	n := budget(8)
	images := 0
	playStates(t, n, 3, func(s games.State, step int, j rendertest.Journal) {
		st := s.(fl.State)
		for _, lang := range i18n.Languages {
			pubView := eng.View(s, games.Spectator)
			pctx := ctxFor(lang, games.Spectator)
			pctx.Journal = j.Tail()
			board := r.Board(pctx, pubView)
			checkCard(t, board)
			texts := []string{cardText(board), r.Status(pctx, pubView), r.Rules(pctx)}
			for _, seat := range eng.Active(s) {
				sctx := ctxFor(lang, seat)
				sctx.Journal = j.Tail(seat)
				sv := eng.View(s, seat)
				legal := eng.Legal(s, seat)
				m := r.Menu(sctx, sv, legal)
				if len(m.Choices) != len(legal) {
					t.Fatalf("menu has %d choices for %d actions", len(m.Choices), len(legal))
				}
				for i, c := range m.Choices {
					if !c.Action.Equal(legal[i]) {
						t.Fatalf("choice %d is %v, want %v", i, c.Action, legal[i])
					}
					if c.Label == "" || utf8.RuneCountInString(c.Label) > 80 {
						t.Fatalf("bad label %q for %v", c.Label, c.Action)
					}
					if (c.Action.Verb == fl.VBuy || c.Action.Verb == fl.VPlay || c.Action.Verb == fl.VDraft || c.Action.Verb == fl.VDraw) && (c.Description == "" || strings.HasPrefix(c.Description, "[")) {
						t.Fatalf("no effect under %q for %v: %q", c.Label, c.Action, c.Description)
					}
					texts = append(texts, c.Label, c.Group, c.Description)
				}
				texts = append(texts, m.Prompt)
				if p, ok := r.Private(sctx, sv); ok {
					checkCard(t, p)
					texts = append(texts, cardText(p))
				}
				// A public menu must not reveal the hand.
				if !eng.PrivateChoices(s, seat) {
					hidden := handNames(sctx, st, int(seat))
					for _, c := range m.Choices {
						for _, h := range hidden {
							if strings.Contains(c.Label, h) {
								t.Fatalf("public menu label %q reveals hand card %q", c.Label, h)
							}
						}
					}
				}
			}
			for _, x := range texts {
				if strings.Contains(x, "[frontline.") || strings.Contains(x, "<no value>") {
					t.Fatalf("%s: missing text in %q", lang, x)
				}
			}
			// The public board never names a hand card or a secret front.
			pub := cardText(board)
			pubJSON, _ := json.Marshal([]any{pubView, pctx.Journal})
			for p := 0; p < 2; p++ {
				for _, h := range handNames(pctx, st, p) {
					if inPublic(pctx, string(pubJSON), h) {
						continue
					}
					if strings.Contains(pub, h) {
						t.Fatalf("public board names hand card %q", h)
					}
				}
			}
		}
		if step%9 == 0 && images < budget(8) {
			b, err := rendertest.Image(r, imageCtx, j.Shot(eng.View(s, games.Spectator)))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				t.Fatal(err)
			}
			images++
		}
	})
	if images == 0 {
		t.Fatal("no image drawn")
	}
}

// handNames: translated names of the cards in seat p's hand.
func handNames(ctx render.Audience, s fl.State, p int) []string {
	var out []string
	for _, c := range s.P[p].Hand {
		out = append(out, cardName(ctx, fl.ActionTypeOf(c).ID))
	}
	return out
}

// inPublic: the same card type is also visible publicly (market, tables,
// the log of purchases), so its name on the board is no leak.
func inPublic(ctx render.Audience, pubJSON string, name string) bool {
	for _, t := range fl.ActionTypes {
		if cardName(ctx, t.ID) == name && strings.Contains(pubJSON, `"`+t.ID+`"`) {
			return true
		}
	}
	return false
}

// The public board, status and image input never carry a secret front.
func TestSecretDeclarationNotRendered(t *testing.T) {
	r := Adapted
	checked := 0
	playStates(t, budget(6), 2, func(s games.State, step int, j rendertest.Journal) {
		st := s.(fl.State)
		for p := 0; p < 2; p++ {
			f := st.Declared[p]
			if f == 0 || st.Revealed[p] || st.Variant == "beginner" || (st.Event >= 0 && fl.Events[st.Event] == "open_orders") {
				continue
			}
			checked++
			ctx := ctxFor("en", games.Spectator)
			ctx.Journal = j.Tail()
			pv := eng.View(s, games.Spectator).(fl.View)
			if pv.P[p].DeclFront != 0 {
				t.Fatal("public view has the secret front")
			}
			board := r.Board(ctx, pv)
			if fv := board.Fields[p].Value; !strings.Contains(fv, "front secret") || strings.Contains(fv, "declared on front") {
				t.Fatalf("board reveals the front: %s", fv)
			}
			for _, fld := range board.Fields[2:5] {
				line := strings.Split(fld.Value, "\n")[p]
				if strings.Contains(line, "⚔") {
					t.Fatalf("front field marks the secret attack: %s", line)
				}
			}
			// A seat's own view and journal drawn as an image must not
			// show its secret front either.
			if checked > budget(6) {
				continue
			}
			sv := eng.View(s, games.Seat(p)).(fl.View)
			own, pub := imageCtx, imageCtx
			own.Journal, pub.Journal = j.Tail(games.Seat(p)), j.Tail()
			a, _ := r.Image(own, sv)
			sv.P[p].DeclFront = 0
			b, _ := r.Image(pub, sv)
			if !bytes.Equal(a, b) {
				t.Fatal("image of a seat view shows the secret front")
			}
		}
	})
	if checked == 0 {
		t.Fatal("no secret declaration checked")
	}
}

func TestCatalogueComplete(t *testing.T) {
	en := map[string]bool{}
	for _, id := range i18n.IDs("en") {
		if strings.HasPrefix(id, "frontline.") {
			en[id] = true
		}
	}
	for _, p := range i18n.Problems("frontline.") {
		t.Error(p)
	}
	for _, u := range fl.UnitTypes {
		if !en["frontline.unit."+u.ID] {
			t.Errorf("no name for unit %s", u.ID)
		}
	}
	for _, c := range fl.ActionTypes {
		for _, k := range []string{"card.", "cardfx."} {
			if !en["frontline."+k+c.ID] {
				t.Errorf("no %s%s", k, c.ID)
			}
		}
	}
	for _, e := range fl.Events {
		if !en["frontline.event."+e] || !en["frontline.eventfx."+e] {
			t.Errorf("no text for event %s", e)
		}
	}
	for _, code := range []string{"game_over", "not_your_turn"} {
		if !en["frontline.err."+code] {
			t.Errorf("no err.%s", code)
		}
	}
	// The rules' length: TestRulesListCards.
}

// Every error code the engine can return is translated.
func TestErrorCodesTranslated(t *testing.T) {
	seen := map[string]bool{}
	playStates(t, 2, 1, func(s games.State, step int, j rendertest.Journal) {
		act := eng.Active(s)
		if len(act) == 0 {
			return
		}
		for _, a := range []games.Action{games.Act("buy", 9), games.Act("play", 0), games.Act("move", 0, 9, 9), games.Act("shell", 0, 1), games.Act("declare", 1), games.Act("peek"), games.Act("card", 0), games.Act("done"), games.Act("pass"), games.Act("fort", 1), games.Act("draft", 0, 0), games.Act("draw", 0, 0), games.Act("zap")} {
			for seat := 0; seat < 2; seat++ {
				if _, _, err := eng.Apply(s, games.Seat(seat), a, games.NewPCG(1, 1)); err != nil {
					seen[games.ErrorCode(err)] = true
				}
			}
		}
	})
	for code := range seen {
		if !i18n.Has("frontline.err." + code) {
			t.Errorf("error code %q has no text", code)
		}
	}
}
