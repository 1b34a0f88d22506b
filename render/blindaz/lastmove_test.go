package blindaz

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// pictureText draws v in ctx and returns the strings on the picture,
// joined by spaces (so a caption's lines read as one).
func pictureText(t *testing.T, ctx render.Audience, v bz.View) string {
	t.Helper()
	return rendertest.Drawn(picture(ctx, v))
}

// The top band words the last soldier's action (its move when it did
// nothing else) without emoji, names the soldier's player, and is on the
// picture; a finished game's band says the result and why.
func TestLastMoveAndResult(t *testing.T) {
	captions, overs := 0, 0
	for _, sn := range states(t, 6, 9) {
		v := eng.View(sn.s, games.Spectator).(bz.View)
		for _, lang := range i18n.Languages {
			ctx := sn.in(langCtx(lang, []string{"Ann", "Bob", "Cid", "Dee"}))
			text := pictureText(t, ctx, v)
			if v.Phase == bz.PhaseOver {
				word := ctx.T(kDefeat)
				if v.Result == bz.Victory {
					word = ctx.T(kVictory)
				}
				want := ctx.T(kResult, "Result", capFirst(word), "Reason", ctx.T(kReasonPref+v.Reason))
				if !strings.Contains(text, want) {
					t.Errorf("%s: the final picture lacks %q", lang, want)
				}
				overs++
				continue
			}
			got, s := caption(ctx, v, lastMoves(logNotes(ctx)))
			if got == "" {
				continue
			}
			captions++
			if strings.ContainsAny(got, "🔴🔵🟢🟡💥🚩*") {
				t.Errorf("%s: caption %q keeps emoji or markdown", lang, got)
			}
			if name := ctx.Name(games.Seat(v.Soldiers[s].Seat)); !strings.Contains(got, name) {
				t.Errorf("%s: caption %q does not name %s", lang, got, name)
			}
			if !strings.Contains(text, got) {
				t.Errorf("%s: the picture does not show the caption %q", lang, got)
			}
		}
	}
	if captions == 0 || overs == 0 {
		t.Fatalf("checked %d captions and %d final pictures; want some of each", captions, overs)
	}
}

// lastMoves stops at the previous soldier: only one soldier's turn and
// what followed it.
func TestLastMovesOneSoldier(t *testing.T) {
	got := lastMoves([]bz.Note{
		{Kind: "Moved", Soldier: 0, Cell: "G1", To: "F1"},
		{Kind: "Built", Soldier: 0, Cell: "F1"},
		{Kind: "Moved", Soldier: 1, Cell: "G2", To: "F2"},
		{Kind: "Passed", Soldier: 1},
		{Kind: "EnemyPhase", Soldier: -1},
		{Kind: "EnemyMoved", Soldier: -1, Cell: "A3", To: "B3"},
	})
	if len(got) != 4 || got[0].Soldier != 1 || got[3].Kind != "EnemyMoved" {
		t.Fatalf("lastMoves = %+v", got)
	}
}
