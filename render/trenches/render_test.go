package trenches

import (
	"bytes"
	"encoding/json"
	"image/png"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

var (
	G = games.Check[tov.State](tov.Game{})
	R = Adapted
)

func ctxFor(lang string, viewer games.Seat) render.Audience {
	return render.Audience{L: i18n.For(lang), Names: []string{"Alice", "Bob"}, Viewer: viewer}
}

func cardText(c render.Card) string {
	var b strings.Builder
	b.WriteString(c.Title + "\n" + c.Description + "\n" + c.Footer + "\n")
	for _, f := range c.Fields {
		b.WriteString(f.Name + "\n" + f.Value + "\n")
	}
	return b.String()
}

func checkCard(t *testing.T, c render.Card, where string) {
	t.Helper()
	if len([]rune(c.Description)) >= 3500 {
		t.Fatalf("%s: description %d chars", where, len([]rune(c.Description)))
	}
	if len(c.Fields) > 20 {
		t.Fatalf("%s: %d fields", where, len(c.Fields))
	}
	for _, f := range c.Fields {
		if len([]rune(f.Value)) >= 1000 {
			t.Fatalf("%s: field %q %d chars", where, f.Name, len([]rune(f.Value)))
		}
	}
	if s := cardText(c); strings.Contains(s, "[trenches.") || strings.Contains(s, "[core.") {
		t.Fatalf("%s: missing key in %q", where, s)
	}
}

// hiddenNames are the rendered names of counters the public must not see.
func hiddenNames(s tov.State) []string {
	if s.Phase == tov.PhaseOver {
		return nil
	}
	var out []string
	for _, c := range s.Counters {
		if c.Type == "decoy" {
			continue
		}
		if c.Loc == tov.LocStack || c.Loc == tov.LocCaptured || (s.Phase == tov.PhaseSetupDefender && !c.Raider && c.Loc != tov.LocPending) {
			out = append(out, unitName(c.ID))
		}
	}
	return out
}

func containsName(text, name string) bool {
	// "ge G1" must not match "ge G10" (there is none) but must match at word ends.
	i := strings.Index(text, name)
	for i >= 0 {
		end := i + len(name)
		if end == len(text) || !(text[end] >= '0' && text[end] <= '9') {
			return true
		}
		j := strings.Index(text[end:], name)
		if j < 0 {
			return false
		}
		i = end + j
	}
	return false
}

func TestRenderPlayouts(t *testing.T) {
	seeds := 4
	if testing.Short() || raceEnabled {
		seeds = 1
	}
	for scn := 1; scn <= 6; scn++ {
		for seed := 1; seed <= seeds; seed++ {
			opts := games.Options{"scenario": itoa(scn)}
			if seed%2 == 0 {
				opts["match"] = "true"
			}
			if seed%3 == 0 {
				opts["solo"] = "true"
			}
			playRender(t, opts, uint64(seed*10+scn))
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func playRender(t *testing.T, opts games.Options, seed uint64) {
	imgEvery := 7
	if raceEnabled {
		imgEvery = 35
	}
	r := rand.New(rand.NewPCG(seed, 1))
	rng := games.NewPCG(seed, 2)
	s, err := G.Setup(opts, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	var j rendertest.Journal
	for step := 0; step < 3000; step++ {
		hidden := hiddenNames(s)
		pub := G.View(s, games.Spectator)
		langs := []string{"en", "pl", "ru"}
		lang := langs[step%3]
		ctx := ctxFor(lang, games.Spectator)
		ctx.Journal = j.Tail()
		board := R.Board(ctx, pub)
		checkCard(t, board, "board "+lang)
		text := cardText(board) + R.Status(ctx, pub)
		for _, n := range hidden {
			if containsName(text, n) {
				t.Fatalf("public board shows hidden %s:\n%s", n, text)
			}
		}
		if st := R.Status(ctx, pub); st == "" || strings.Contains(st, "[trenches.") {
			t.Fatalf("status %q", st)
		}
		for seat := games.Seat(0); seat < 2; seat++ {
			sv := G.View(s, seat)
			sctx := ctxFor(lang, seat)
			sctx.Journal = j.Tail(seat)
			if c, ok := R.Private(sctx, sv); ok {
				checkCard(t, c, "private")
			}
			legal := G.Legal(s, seat)
			if legal == nil {
				continue
			}
			m := R.Menu(sctx, sv, legal)
			if len(m.Choices) != len(legal) {
				t.Fatalf("menu has %d choices for %d actions", len(m.Choices), len(legal))
			}
			if m.Prompt == "" || strings.Contains(m.Prompt, "[trenches.") {
				t.Fatalf("prompt %q", m.Prompt)
			}
			for i, c := range m.Choices {
				if !c.Action.Equal(legal[i]) && !inLegal(legal, c.Action) {
					t.Fatalf("choice %v not legal", c.Action)
				}
				if c.Label == "" || len([]rune(c.Label)) > 80 || strings.Contains(c.Label, "[trenches.") || strings.Contains(c.Group, "[trenches.") {
					t.Fatalf("label %q group %q", c.Label, c.Group)
				}
				if !G.PrivateChoices(G.View(s, games.Spectator), seat) {
					for _, n := range hidden {
						if containsName(c.Label, n) || containsName(c.Group, n) {
							t.Fatalf("public menu shows hidden %s: %q", n, c.Label)
						}
					}
				}
			}
			if s.Phase == tov.PhaseSetupDefender && seat == s.DefenderSeat() && !G.PrivateChoices(G.View(s, games.Spectator), seat) {
				t.Fatal("defender set-up menu must be private")
			}
		}
		// The image draws only public information: any seat's view and
		// journal (its private events too) give the same picture as the
		// public ones.
		if step%imgEvery == 0 {
			ictx := imageCtx
			ictx.Journal = j.Tail()
			img := paint(ictx, pub.(tov.View)).Img.Pix
			if step%70 == 0 {
				b, err := R.Image(ictx, pub)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Fatal(err)
				}
			}
			for seat := games.Seat(0); seat < 2; seat++ {
				octx := imageCtx
				octx.Journal = j.Tail(seat)
				other := paint(octx, G.View(s, seat).(tov.View)).Img.Pix
				if !bytes.Equal(img, other) {
					t.Fatalf("image of seat %d's view differs from the public image (phase %s)", seat, s.Phase)
				}
			}
		}
		if G.Outcome(s).Done {
			return
		}
		seat := G.Active(s)[0]
		legal := G.Legal(s, seat)
		var a games.Action
		if r.IntN(3) == 0 {
			a = G.Bot(s, seat, rng)
		} else {
			a = legal[r.IntN(len(legal))]
			if a.Verb == tov.VEnd || a.Verb == tov.VUnplace {
				a = legal[r.IntN(len(legal))]
			}
		}
		var ev []games.Event
		s, ev, err = G.Apply(s, seat, a, rng)
		if err != nil {
			t.Fatal(err)
		}
		j.Add(seat, ev)
	}
	t.Fatal("game did not end")
}

func inLegal(l []games.Action, a games.Action) bool {
	for _, x := range l {
		if x.Equal(a) {
			return true
		}
	}
	return false
}

func TestCatalogue(t *testing.T) {
	for _, p := range i18n.Problems("trenches.") {
		t.Error(p)
	}
	n := 0
	for _, id := range i18n.IDs("en") {
		if strings.HasPrefix(id, "trenches.") {
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d keys", n)
	}
	// Every error code and reason translates; plurals work in every language.
	codes := []string{"not_your_turn", "game_over", "bad_action", "not_setup", "in_setup", "wrong_order", "raider_start_hex",
		"dugout_not_empty", "bad_hex", "must_be_face_up", "must_be_hidden", "nothing_to_undo", "wrong_count", "dugout_spacing",
		"not_in_stack", "reveal_blocked_by_raider", "reveal_limit", "no_such_unit", "not_your_unit", "exit_not_allowed",
		"hidden_unit", "not_on_map", "already_acted", "immobile", "french_h_turn1", "no_path", "not_enough_mp",
		"path_blocked_wire", "path_blocked_impassable", "path_blocked_enemy", "target_not_face_up_enemy", "out_of_range", "no_dugout"}
	for _, lang := range []string{"en", "pl", "ru"} {
		ctx := ctxFor(lang, 0)
		for _, c := range codes {
			if s := ctx.T("trenches.err." + c); strings.HasPrefix(s, "[") {
				t.Errorf("%s: %s", lang, s)
			}
		}
		for _, r := range []string{"raid_succeeded", "raid_failed", "match_won", "match_drawn"} {
			if s := ctx.T("trenches.reason." + r); strings.HasPrefix(s, "[") {
				t.Errorf("%s: %s", lang, s)
			}
		}
		for _, n := range []int{0, 1, 2, 5, 11, 22} {
			if s := ctx.T("trenches.facedown", "Count", n); strings.HasPrefix(s, "[") {
				t.Errorf("%s plural %d: %s", lang, n, s)
			}
		}
		if r := R.Rules(ctx); len([]rune(r)) >= 3800 || strings.HasPrefix(r, "[") {
			t.Errorf("%s rules %d chars", lang, len([]rune(r)))
		}
	}
}

func TestImageWrites(t *testing.T) {
	rng := games.NewPCG(3, 3)
	s, _ := G.Setup(games.Options{"scenario": "6"}, 2, rng)
	for i := 0; i < 40 && !G.Outcome(s).Done; i++ {
		seat := G.Active(s)[0]
		s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
	}
	img, err := R.Image(imageCtx, G.View(s, games.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	if p := os.Getenv("TOV_PNG"); p != "" {
		os.WriteFile(p, img, 0o644)
		c := R.Board(ctxFor("en", games.Spectator), G.View(s, games.Spectator))
		os.WriteFile(p+".txt", []byte(cardText(c)), 0o644)
	}
}

func TestForeignViews(t *testing.T) {
	ctx := ctxFor("en", games.Spectator)
	for _, v := range []any{nil, 42, tov.View{}, &tov.View{}, (*tov.View)(nil)} {
		R.Board(ctx, v)
		R.Private(ctx, v)
		R.Status(ctx, v)
		R.Menu(ctx, v, []games.Action{games.Act(tov.VEnd), games.Act(tov.VMove, 3, 307), games.Act("bogus")})
		R.Image(imageCtx, v)
	}
}

func TestMenuPrivateWhenRevealing(t *testing.T) {
	rng := games.NewPCG(4, 4)
	s, _ := G.Setup(games.Options{"scenario": "2"}, 2, rng)
	for i := 0; i < 500 && !G.Outcome(s).Done; i++ {
		seat := G.Active(s)[0]
		legal := G.Legal(s, seat)
		private := G.PrivateChoices(G.View(s, games.Spectator), seat)
		reveal := false
		for _, a := range legal {
			reveal = reveal || a.Verb == tov.VReveal
		}
		if reveal && !private {
			t.Fatal("reveal choices in a public menu")
		}
		s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
	}
}

// Every literal catalogue key in the renderer's source exists in English.
func TestSourceKeysExist(t *testing.T) {
	re := regexp.MustCompile(`"(trenches\.[a-z_.0-9]+)"`)
	for _, f := range []string{"render.go", "menu.go", "image.go"} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			k := m[1]
			if strings.HasSuffix(k, ".") {
				continue // a prefix completed at run time (nation, type, scn, err)
			}
			if !i18n.Has(k) {
				t.Errorf("%s: key %s missing", f, k)
			}
		}
	}
	for _, k := range []string{"nation.ge", "nation.br", "nation.ca", "nation.fr", "type.h", "type.g", "type.r", "type.lmg", "type.mg", "type.decoy",
		"scn.1", "scn.2", "scn.3", "scn.4", "scn.5", "scn.6"} {
		if !i18n.Has("trenches." + k) {
			t.Errorf("missing trenches.%s", k)
		}
	}
}
