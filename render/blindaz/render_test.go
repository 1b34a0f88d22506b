package blindaz

import (
	"bytes"
	"encoding/json"
	"image/png"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

var eng = games.Adapt[bz.State](bz.Game{})

func ctxFor(lang string, seats int, viewer games.Seat) render.Audience {
	names := []string{"Ann", "Boris", "Cyril", "Dana"}[:seats]
	return render.Audience{L: i18n.For(lang), Names: names, Viewer: viewer}
}

type snap struct {
	s     bz.State
	seats int
	log   []games.Record // the journal's tail, as the service gives a board
}

// in is ctx with the snap's journal.
func (sn snap) in(ctx render.Audience) render.Audience {
	ctx.Journal = sn.log
	return ctx
}

// states plays games (random and computer moves) and samples states.
func states(t testing.TB, games_, every int) []snap {
	g := games.Check[bz.State](bz.Game{})
	var out []snap
	for game := range games_ {
		seats := 1 + game%4
		opts := games.Options{}
		if game%5 == 0 {
			opts[bz.OptSolo] = bz.SoloLone
		}
		r := games.NewPCG(uint64(game), 11)
		pr := rand.New(rand.NewPCG(uint64(game), 12))
		s, err := g.Setup(opts, seats, r)
		if err != nil {
			t.Fatal(err)
		}
		var j rendertest.Journal
		for k := 0; ; k++ {
			if k%every == 0 || s.Phase == bz.PhaseOver {
				out = append(out, snap{s, seats, j.Tail()})
			}
			if s.Phase == bz.PhaseOver {
				break
			}
			seat := g.Active(s)[0]
			var a games.Action
			if pr.IntN(3) == 0 {
				legal := g.Legal(s, seat)
				a = legal[pr.IntN(len(legal))]
			} else {
				a = g.Bot(s, seat, r)
			}
			var ev []games.Event
			s, ev, err = g.Apply(s, seat, a, r)
			if err != nil {
				t.Fatal(err)
			}
			j.Add(seat, ev)
		}
	}
	return out
}

func nGames() int {
	if testing.Short() {
		return 6
	}
	if raceEnabled {
		return 2
	}
	return 24
}

func TestDumpImage(t *testing.T) {
	path := os.Getenv("BLINDAZ_PNG")
	if path == "" {
		t.Skip("set BLINDAZ_PNG=/tmp/x.png to write a sample board")
	}
	ss := states(t, 3, 1)
	s := ss[len(ss)/3]
	if os.Getenv("BLINDAZ_PNG_LATE") != "" {
		for _, x := range ss {
			if x.s.Phase == bz.PhaseTurn && x.s.Penalty > 3 && x.s.Flags < 4 {
				s = x
			}
		}
	}
	v := eng.View(s.s, games.Spectator)
	b, err := Adapted.Image(s.in(imageCtx), v)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, b, 0o644)
	c := Adapted.Board(s.in(ctxFor("en", s.seats, games.Spectator)), v)
	t.Log(c.Title + "\n" + c.Description)
	for _, f := range c.Fields {
		t.Log(f.Name + "\n" + f.Value)
	}
	m := Adapted.Menu(ctxFor("en", s.seats, 0), v, eng.Legal(s.s, eng.Active(s.s)[0]))
	t.Log(m.Prompt)
	for _, ch := range m.Choices {
		t.Log(ch.Group, " | ", ch.Emoji, ch.Label)
	}
}

func TestLabelsAndCatalogue(t *testing.T) {
	r := Adapted
	for _, sn := range states(t, nGames(), 3) {
		for _, lang := range i18n.Languages {
			pub := eng.View(sn.s, games.Spectator)
			ctx := sn.in(ctxFor(lang, sn.seats, games.Spectator))
			var texts []string
			c := r.Board(ctx, pub)
			if utf8.RuneCountInString(c.Description) >= 3500 {
				t.Fatalf("description too long: %d", utf8.RuneCountInString(c.Description))
			}
			if len(c.Fields) > 20 {
				t.Fatalf("%d fields", len(c.Fields))
			}
			texts = append(texts, c.Title, c.Description, c.Footer)
			for _, f := range c.Fields {
				if utf8.RuneCountInString(f.Value) >= 1000 {
					t.Fatalf("field %q too long", f.Name)
				}
				texts = append(texts, f.Name, f.Value)
			}
			texts = append(texts, r.Status(ctx, pub))
			for _, seat := range eng.Active(sn.s) {
				sctx := ctxFor(lang, sn.seats, seat)
				legal := eng.Legal(sn.s, seat)
				m := r.Menu(sctx, eng.View(sn.s, seat), legal)
				if eng.PrivateChoices(sn.s, seat) {
					t.Fatal("menu marked private")
				}
				if len(m.Choices) != len(legal) {
					t.Fatalf("%d choices for %d actions", len(m.Choices), len(legal))
				}
				texts = append(texts, m.Prompt)
				for i, ch := range m.Choices {
					if !ch.Action.Equal(legal[i]) {
						t.Fatal("choice order")
					}
					n := utf8.RuneCountInString(ch.Label)
					if n == 0 || n > 80 {
						t.Fatalf("label %q (%d)", ch.Label, n)
					}
					texts = append(texts, ch.Label, ch.Group)
				}
				// the core can lay it out: few groups of at most 25 after splitting
				groups := map[string]int{}
				for _, ch := range m.Choices {
					groups[ch.Group]++
				}
				if len(groups) > 4 {
					t.Fatalf("%d groups", len(groups))
				}
			}
			if _, ok := r.Private(ctx, pub); ok {
				t.Fatal("Blindaż has no private view")
			}
			for _, s := range texts {
				if strings.Contains(s, "[blindaz.") || strings.Contains(s, "[game.") {
					t.Fatalf("%s: missing catalogue key in %q", lang, s)
				}
			}
		}
	}
	for _, lang := range i18n.Languages {
		ctx := ctxFor(lang, 1, games.Spectator)
		rules := r.Rules(ctx)
		if strings.Contains(rules, "[blindaz.") || utf8.RuneCountInString(rules) >= 3800 {
			t.Fatalf("%s rules: %d chars", lang, utf8.RuneCountInString(rules))
		}
		for _, code := range errorCodes {
			if s := ctx.T("blindaz.err." + code); strings.HasPrefix(s, "[") {
				t.Fatalf("%s: no text for error %s", lang, code)
			}
		}
		for _, reason := range []string{bz.ReasonHeld, bz.ReasonBreakthrough, bz.ReasonNoTrench} {
			if s := ctx.T("blindaz.reason." + reason); strings.HasPrefix(s, "[") {
				t.Fatalf("%s: no reason %s", lang, reason)
			}
		}
	}
}

var errorCodes = []string{"not_your_turn", "game_over", "unreachable", "exit_requires_build", "no_trench_tile_in_slot",
	"illegal_orientation", "no_flags_left", "not_adjacent", "no_enemy", "tile_has_soldier", "no_trench_tile",
	"no_grenade", "already_holding", "no_grenade_in_slot", "bad_direction", "market_empty", "already_deployed",
	"bad_action", "bad_phase", "already_moved", "not_moved", "not_on_open_ground", "not_in_enemy_zone"}

// TestCatalogueComplete: pl and ru have every English key, and plural
// messages carry one/few/many/other.
func TestCatalogueComplete(t *testing.T) {
	for _, p := range i18n.Problems("blindaz.") {
		t.Error(p)
	}
}

// TestImage: the PNG decodes, and the picture depends only on public data.
func TestImage(t *testing.T) {
	r := Adapted
	imgGames := 3
	if raceEnabled || testing.Short() {
		imgGames = 1
	}
	snaps := states(t, imgGames, 12)
	if raceEnabled || testing.Short() {
		snaps = []snap{snaps[0], snaps[len(snaps)/2], snaps[len(snaps)-1]}
	}
	for _, sn := range snaps {
		pub := eng.View(sn.s, games.Spectator)
		b, err := r.Image(sn.in(imageCtx), pub)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != imgW || img.Bounds().Dy() != imgH {
			t.Fatalf("size %v", img.Bounds())
		}
		// a seat's view draws the same picture (nothing private exists)
		b2, _ := r.Image(sn.in(imageCtx), eng.View(sn.s, 0))
		if !bytes.Equal(b, b2) {
			t.Fatal("seat image differs from the public image")
		}
	}
	if b, err := r.Image(imageCtx, "nonsense"); b != nil || err == nil {
		t.Fatal("foreign view")
	}
}

// TestNoHiddenInRendered: rendered board, menu and image input never name a
// tile of either stack or the box while the game runs. Hidden identities are
// the tile codes; rendered text shows types, so we check the view JSON the
// renderer is given plus the texts for the boxed-tile field.
func TestNoHiddenInRendered(t *testing.T) {
	r := Adapted
	for _, sn := range states(t, nGames(), 2) {
		pub := eng.View(sn.s, games.Spectator)
		vj, _ := json.Marshal(pub)
		for _, id := range sn.s.Stack {
			if bytes.Contains(vj, []byte(`"`+bz.TileCode(id)+`"`)) {
				t.Fatal("view leaks a stack tile")
			}
		}
		for _, id := range append(slices.Clone(sn.s.EStack), sn.s.Box...) {
			if bytes.Contains(vj, []byte(`"`+bz.EnemyCode(id)+`"`)) {
				t.Fatal("view leaks an enemy tile")
			}
		}
		ctx := sn.in(ctxFor("en", sn.seats, games.Spectator))
		c := r.Board(ctx, pub)
		all := c.Title + c.Description
		for _, f := range c.Fields {
			all += f.Name + f.Value
		}
		boxTitle := ctx.T("blindaz.field.box")
		if sn.s.Phase != bz.PhaseOver && strings.Contains(all, boxTitle) {
			t.Fatal("boxed tiles shown before the end")
		}
		if sn.s.Phase == bz.PhaseOver && !strings.Contains(all, boxTitle) {
			t.Fatal("boxed tiles not revealed at the end")
		}
	}
}

func TestTextBoard(t *testing.T) {
	g := games.Check[bz.State](bz.Game{})
	r := games.NewPCG(1, 1)
	s, _ := g.Setup(games.Options{bz.OptSolo: bz.SoloLone}, 1, r)
	s, _, _ = g.Apply(s, 0, games.Act(bz.VDeploy, 3), r)
	s, _, _ = g.Apply(s, 0, games.Act(bz.VMove, 5, 3), r)
	legal := g.Legal(s, 0)
	s, _, err := g.Apply(s, 0, legal[0], r)
	if err != nil {
		t.Fatal(err)
	}
	tb := TextBoard(eng.View(s, games.Spectator).(bz.View))
	lines := strings.Split(strings.TrimRight(tb, "\n"), "\n")
	if len(lines) != 7 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines[1:] {
		if n := utf8.RuneCountInString(l); n != 2+4*bz.Cols {
			t.Fatalf("line %q has %d runes", l, n)
		}
	}
	if !strings.Contains(lines[3], "1 █") && !strings.Contains(lines[3], "1") {
		t.Fatalf("soldier missing: %q", lines[3])
	}
}

func BenchmarkBoard(b *testing.B) {
	ss := states(b, 2, 5)
	v := eng.View(ss[len(ss)/2].s, games.Spectator)
	ctx := ctxFor("ru", ss[len(ss)/2].seats, games.Spectator)
	for b.Loop() {
		Adapted.Board(ctx, v)
	}
}

// TestPlans: the plans offered to a team vote fit a button (and a Discord
// poll) and each one is playable as listed.
func TestPlans(t *testing.T) {
	for _, sn := range states(t, nGames(), 4) {
		if sn.s.Phase != bz.PhaseTurn {
			continue
		}
		seat := eng.Active(sn.s)[0]
		for _, lang := range i18n.Languages {
			ctx := ctxFor(lang, sn.seats, games.Spectator)
			answers := Plans(ctx, eng.View(sn.s, games.Spectator), 10)
			if len(answers) == 0 || len(answers) > bz.TopPlans {
				t.Fatalf("%d answers", len(answers))
			}
			for _, a := range answers {
				if n := utf8.RuneCountInString(a.Text); n == 0 || n > PlanTextMax || strings.Contains(a.Text, "[blindaz.") {
					t.Fatalf("answer %q", a.Text)
				}
				cur := any(sn.s)
				for _, act := range a.Actions {
					next, _, err := eng.Apply(cur, seat, act, games.NewPCG(1, 2))
					if err != nil {
						t.Fatalf("plan %q: %v rejected: %v", a.Text, act, err)
					}
					cur = next
				}
			}
		}
	}
}

func TestMenuLabelsExact(t *testing.T) {
	g := games.Check[bz.State](bz.Game{})
	r := games.NewPCG(4, 4)
	s, _ := g.Setup(games.Options{bz.OptSolo: bz.SoloLone}, 1, r)
	s, _, _ = g.Apply(s, 0, games.Act(bz.VDeploy, 3), r)
	for i, id := range s.EStack {
		if bz.EnemyTile(id).ID == "infantry_3" {
			s.EStack = append(s.EStack[:i:i], s.EStack[i+1:]...)
			s.Board[bz.CellAt(5, 2)].Enemy = id
			break
		}
	}
	ctx := ctxFor("en", 1, 0)
	m := Adapted.Menu(ctx, eng.View(s, 0), eng.Legal(s, 0))
	labels := map[string]string{}
	for _, ch := range m.Choices {
		labels[ch.Action.String()] = ch.Label
	}
	want := "Attack infantry 3 on F3 — hits on 4+ (50%)"
	if got := strings.TrimSuffix(labels["attack.5.3"], " 🤖"); got != want {
		t.Fatalf("attack label %q", got)
	}
	if got := labels["move.6.2"]; !strings.HasPrefix(got, "Go to G2 · 1 step") {
		t.Fatalf("move label %q", got)
	}
	ru := ctxFor("ru", 1, 0)
	if st := Adapted.Status(ru, eng.View(s, 0)); !strings.Contains(st, "G3") || !strings.Contains(st, "0/10") {
		t.Fatalf("status %q", st)
	}
	pl := ctxFor("pl", 1, 0)
	m = Adapted.Menu(pl, eng.View(s, 0), eng.Legal(s, 0))
	for _, ch := range m.Choices {
		if ch.Action.String() == "move.6.4" && !strings.Contains(ch.Label, "1 krok") {
			t.Fatalf("pl plural %q", ch.Label)
		}
		if ch.Action.String() == "move.6.5" && !strings.Contains(ch.Label, "2 kroki") {
			t.Fatalf("pl plural %q", ch.Label)
		}
	}
}
