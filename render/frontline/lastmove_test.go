package frontline

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render/i18n"
)

// pictureTexts draws v in lang and returns every string on the picture.
func pictureTexts(t *testing.T, lang string, v fl.View, journal ...games.Record) []string {
	t.Helper()
	c := imageCtx
	c.L = i18n.For(lang)
	c.Journal = journal
	var out []string
	for _, r := range drawBoard(c, v).Texts() {
		out = append(out, r.S)
	}
	return out
}

// The top band words the newest public move of the last turn, with plain
// names, and a move entry marks both of its slots; a secret entry is
// never the caption.
func TestLastMoveCaption(t *testing.T) {
	v := benchState()
	var unit *fl.UnitView
	var f, c int
	for fi := 0; fi < 3 && unit == nil; fi++ {
		for ci := 0; ci < 4; ci++ {
			if u := v.P[0].Grid[fi][ci]; u != nil {
				unit, f, c = u, fi+1, ci+1
				break
			}
		}
	}
	if unit == nil {
		t.Fatal("no unit on the first seat's grid")
	}
	// The seat's own journal, its secret declaration too (a public
	// board is never drawn with it).
	journal := []games.Record{{Seq: 1, Seat: 0, Events: []games.Event{
		games.Log("turn", 0, nil),
		games.Log("move", 0, fl.Entry{Card: unit.ID, Front: 1 + f%3, A: c, B: f, C: c}),
		{Kind: "declare_own", Seat: 0, Private: true, Only: []games.Seat{0}, Data: json.RawMessage(`{"front":2}`)}}}}
	jctx := imageCtx
	jctx.Journal = journal
	moves := lastMoves(entries(jctx))
	if len(moves) != 1 || moves[0].Kind != "move" {
		t.Fatalf("last moves = %+v, want the one public move", moves)
	}
	for _, lang := range i18n.Languages {
		ctx := imageCtx
		ctx.L = i18n.For(lang)
		ctx.Journal = journal
		want := plainNames.Replace(logLine(ctx, v, moves[0]))
		got, seat := caption(ctx, v, moves)
		if seat != 0 || !strings.Contains(got, "Ann") || !strings.Contains(got, unitName(ctx, unit.ID)) {
			t.Errorf("%s: caption %q (seat %d), want Ann moving %s", lang, got, seat, unit.ID)
		}
		if strings.ContainsAny(got, "🔴🔵*") {
			t.Errorf("%s: caption %q keeps emoji or markdown", lang, got)
		}
		texts := strings.Join(pictureTexts(t, lang, v, journal...), " ") // the caption's lines
		if got != want || !strings.Contains(texts, want) {
			t.Errorf("%s: the picture does not show the caption %q", lang, want)
		}
	}
}

// A finished game's picture says who won, by how much and why.
func TestResultBanner(t *testing.T) {
	v := richView()
	v.Reason = "gold"
	for _, lang := range i18n.Languages {
		ctx := imageCtx
		ctx.L = i18n.For(lang)
		texts := pictureTexts(t, lang, v)
		joined := strings.Join(texts, "\n")
		for _, want := range []string{
			imgText(ctx, "over_win", "Name", "Bob", "A", v.P[0].VP, "B", v.P[1].VP),
			ctx.T("frontline.reason.gold"),
		} {
			if !strings.Contains(joined, want) {
				t.Errorf("%s: the final picture lacks %q", lang, want)
			}
		}
	}
}
