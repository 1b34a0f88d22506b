package flanders

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// drawn is every string the picture of v shows in ctx's language.
func drawn(t *testing.T, ctx render.Audience, v fl.View) string {
	t.Helper()
	return rendertest.Drawn(picture(ctx, v))
}

// The picture says the newest event in a caption (a card taken names its
// space and card), and the final picture who won and why.
func TestImageCaptionAndResult(t *testing.T) {
	g := fl.Game{}
	all := played(t, 3)
	for _, lang := range i18n.Languages {
		took, over := 0, 0
		for i, sn := range all {
			ctx := sn.in(render.Audience{L: i18n.For(lang), Names: []string{"Ann", "Bob", "Cid", "Dee"}, Viewer: games.Spectator})
			v := g.View(sn.s, games.Spectator).(fl.View)
			if !v.Over && i%5 != 0 {
				continue
			}
			got := drawn(t, ctx, v)
			if v.Over {
				over++
				for _, w := range v.Winners {
					if !strings.Contains(got, ctx.Name(games.Seat(w))) {
						t.Fatalf("%s: winner %s not on the final picture: %s", lang, ctx.Name(games.Seat(w)), got)
					}
				}
				if why := ctx.T("flanders.reason." + v.Reason); !strings.Contains(got, why) {
					t.Fatalf("%s: reason %q not on the final picture", lang, why)
				}
				continue
			}
			notes := recent(ctx)
			if n := len(notes); n > 0 && notes[n-1].Kind == "took" && notes[n-1].Cards[0] != "advance_9" {
				took++
				last := notes[n-1]
				c := lastCaption(ctx, notes)
				if !strings.Contains(c, ctx.Name(games.Seat(last.Seat))) || !strings.Contains(c, cardName(ctx, last.Cards[0])) {
					t.Fatalf("%s: caption %q does not say who took %s", lang, c, last.Cards[0])
				}
				if !strings.Contains(got, c) {
					t.Fatalf("%s: caption %q not on the picture", lang, c)
				}
				if !strings.Contains(got, ctx.T("flanders.img.taken")) {
					t.Fatalf("%s: the space taken is not marked", lang)
				}
			}
		}
		if took == 0 || over == 0 {
			t.Fatalf("%s: %d captions of a card taken, %d final pictures", lang, took, over)
		}
	}
}

// lastTurn finds the advance of the turn just played, or of the one
// before when a new turn has only begun.
func TestLastTurnAdvance(t *testing.T) {
	notes := []fl.Note{
		{Turn: 4, Seat: 1, Kind: "turn_started"},
		{Turn: 4, Seat: 1, Kind: "step", Nums: []int{6, 0}},
		{Turn: 4, Seat: 1, Kind: "step", Nums: []int{7, 0}},
		{Turn: 5, Seat: 2, Kind: "turn_started"},
	}
	if m := lastTurn(notes); m.seat != 1 || m.from != 5 || m.to != 7 {
		t.Fatalf("got seat %d rows %d→%d, want seat 1 rows 5→7", m.seat, m.from, m.to)
	}
	notes = append(notes, fl.Note{Turn: 5, Seat: 2, Kind: "retreat", Nums: []int{3, 2}})
	if m := lastTurn(notes); m.seat != 2 || m.from != 3 || m.to != 2 {
		t.Fatalf("got seat %d rows %d→%d, want seat 2 rows 3→2", m.seat, m.from, m.to)
	}
}

// The companies and the dice never run into the legend under them, in
// any language, with long names and many kept cards. Under the race
// detector (./test.sh, where it took 82 s) every eighth state and each
// game's last, where the most cards are kept; .ci/run draws them all
// without it.
func TestCompaniesFit(t *testing.T) {
	over := 0.0
	companiesEnd = func(end, top float64) { over = max(over, end-top) }
	defer func() { companiesEnd = nil }()
	g := fl.Game{}
	all := states(t, 4)
	for _, lang := range i18n.Languages {
		ctx := render.Audience{L: i18n.For(lang), Names: longNames, Viewer: games.Spectator}
		for i, s := range all {
			last := i == len(all)-1 || all[i+1].Round < s.Round
			if raceEnabled && i%8 != 0 && !last {
				continue
			}
			over = -1e9
			if _, err := Adapted.Image(ctx, g.View(s, games.Spectator)); err != nil {
				t.Fatal(err)
			}
			if over > 0 {
				t.Fatalf("%s: the companies run %.0f px into the legend", lang, over)
			}
		}
	}
}

// The board's recent notes are the previous and the current turn of the
// journal's tail; notes stored before events carried their turn (turn 0)
// are all kept.
func TestRecentFromJournal(t *testing.T) {
	ev := func(turn int, kind string) games.Event { return games.Log(kind, 1, fl.Note{Turn: turn}) }
	ctx := imageCtx
	ctx.Journal = []games.Record{
		{Seq: 1, Events: []games.Event{ev(3, "turn_started"), ev(3, "stopped")}},
		{Seq: 2, Events: []games.Event{ev(4, "turn_started"), ev(4, "stopped")}},
		{Seq: 3, Events: []games.Event{ev(5, "turn_started")}},
	}
	got := recent(ctx)
	if len(got) != 3 || got[0].Turn != 4 || got[2].Kind != "turn_started" || got[2].Seat != 1 {
		t.Fatalf("recent = %+v, want turns 4 and 5", got)
	}
	ctx.Journal = []games.Record{{Seq: 1, Events: []games.Event{games.Log("stopped", 0, nil), games.Log("turn_started", 1, fl.Note{Nums: []int{2}})}}}
	if got := recent(ctx); len(got) != 2 || got[1].Nums[0] != 2 {
		t.Fatalf("old notes: %+v", got)
	}
}
