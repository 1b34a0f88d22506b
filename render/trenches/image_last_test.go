package trenches

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/rendertest"
)

// drawn is every string the picture of v shows in ctx's language.
func drawn(t *testing.T, ctx render.Audience, v tov.View) string {
	t.Helper()
	return rendertest.Drawn(paint(ctx, v))
}

// hasWords: every word of s is drawn (captions and banners wrap).
func hasWords(t *testing.T, got, s, what string) {
	t.Helper()
	if s == "" {
		t.Fatalf("no %s", what)
	}
	for _, w := range strings.Fields(s) {
		if !strings.Contains(got, w) {
			t.Fatalf("%s %q: %q is not on the picture", what, s, w)
		}
	}
}

// The picture says the newest public action in a caption, and the final
// picture who won and why, in every language.
func TestImageCaptionAndResult(t *testing.T) {
	views := imageViews(t)
	for _, lang := range []string{"en", "pl", "ru"} {
		captions, results := 0, 0
		for _, sh := range views {
			ctx, v := sh.in(langCtx(lang)), sh.v
			got := drawn(t, ctx, v)
			if v.Phase == tov.PhaseOver {
				results++
				w, why := result(ctx, v)
				hasWords(t, got, w, "result")
				hasWords(t, got, why, "reason")
				continue
			}
			if e, ok := lastAction(entries(ctx, v)); ok {
				captions++
				s := caption(ctx, v, e)
				hasWords(t, got, s, "caption")
				if !strings.Contains(s, shortName(e.Unit)) || !strings.Contains(s, ctx.Name(games.Seat(v.RaiderSeat))) && !strings.Contains(s, ctx.Name(games.Seat(v.DefenderSeat))) {
					t.Fatalf("caption %q names neither the unit %s nor its player", s, e.Unit)
				}
			}
		}
		if captions == 0 || results == 0 {
			t.Fatalf("%s: %d captions, %d results seen", lang, captions, results)
		}
	}
}

// The Defender's secret set-up never reaches the picture's caption or marks.
func TestImageLastActionIsPublic(t *testing.T) {
	v := tov.View{Scenario: 1, Phase: tov.PhaseSetupDefender, T: 7, M: 7, Leg: 1}
	// The Defender's own journal (his board would never be drawn with it:
	// the picture is drawn with the public one).
	ctx := imageCtx
	ctx.Journal = []games.Record{{Seq: 1, Seat: 1, Events: []games.Event{{Kind: "place", Seat: 1, Private: true, Only: []games.Seat{1},
		Data: js(`{"side":"defender", "unit":"ge-g-1", "to":602, "leg":1}`)}}}}
	if e, ok := lastAction(entries(ctx, v)); ok {
		t.Fatalf("private entry %+v chosen as the last action", e)
	}
	if acts := turnActions(entries(ctx, v)); len(acts) != 0 {
		t.Fatalf("private entries marked: %+v", acts)
	}
	ctx.Journal = append(ctx.Journal, games.Record{Seq: 2, Events: []games.Event{{Kind: "move",
		Data: js(`{"side":"raider", "unit":"ca-r-2", "from":105, "to":205, "leg":1}`)}}})
	if e, ok := lastAction(entries(ctx, v)); !ok || e.N != 2 || e.Unit != "ca-r-2" {
		t.Fatalf("last action %+v, %v; want the raider's move", e, ok)
	}
	if got := drawn(t, ctx, v); strings.Contains(got, "G1") {
		t.Fatalf("the hidden G1 is on the picture: %s", got)
	}
}

// The panel's changing part (caption or result, sides, score, turn track)
// never runs into the legend, in any language, for long captions too.
// Under the race detector each view is drawn in one language, in turn
// (.ci/run draws them all).
func TestPanelFits(t *testing.T) {
	worst := 0.0
	panelUsed = func(used, avail float64) { worst = max(worst, used-avail) }
	defer func() { panelUsed = nil }()
	views := imageViews(t)
	for _, x := range benchCandidates(t) {
		sh := x.(rendertest.Shot)
		views = append(views, shot{sh.View.(tov.View), sh.Journal})
	}
	for li, lang := range []string{"en", "pl", "ru"} {
		ctx := langCtx(lang)
		ctx.Names = []string{"Wolfeschlegelsteinhausenbergerdorff", "Дмитрий Константинович"}
		for i, sh := range views {
			if raceEnabled && i%3 != li {
				continue
			}
			v := sh.v
			worst = -1e9
			if _, err := R.Image(sh.in(ctx), v); err != nil {
				t.Fatal(err)
			}
			if worst > 0 {
				t.Errorf("%s: the panel runs %.0f px into the legend (scenario %d, phase %s)", lang, worst, v.Scenario, v.Phase)
			}
		}
	}
}

func js(s string) json.RawMessage { return json.RawMessage(s) }
