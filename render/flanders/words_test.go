package flanders

import (
	"slices"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
)

// TestDigestRefillsOneLine: the spaces refilled at the end of a turn are
// one "New cards" line in "What happened", as on the board, not a line
// (a bullet) each.
func TestDigestRefillsOneLine(t *testing.T) {
	var evs []games.Event
	for i, c := range []string{"mines", "tank", "reserves", "german_mg"} {
		evs = append(evs, games.Log("refilled", 0, fl.Note{Turn: 1, Nums: []int{3 + i}, Cards: []string{c}}))
	}
	recs := []games.Record{{Seq: 2, Seat: 0, By: "100", Verb: fl.VerbStop, Events: evs}}
	for _, lang := range []string{"en", "pl", "ru"} {
		ctx := ctxFor(lang, 1)
		m := render.Digest(ctx, render.DigestRequest{Game: Adapted, View: fl.View{}, Records: recs})
		d := m.Embeds[0].Description
		head := strings.Split(ctx.T("flanders.ev.refilled", "Cards", "\x00"), "\x00")[0]
		if strings.Count(d, head) != 1 || strings.Count(d, "•") != 1 || !strings.Contains(d, "6 "+cardName(ctx, "german_mg")) {
			t.Errorf("%s: %q", lang, d)
		}
	}
}

// TestSacrificeLabel: the sacrifice buttons count troops in words that
// agree with every count, and say what the infantry points become.
func TestSacrificeLabel(t *testing.T) {
	troop := map[string]map[int]string{
		"en": {0: "troops", 1: "troop", 2: "troops", 5: "troops", 21: "troops", 22: "troops", 25: "troops"},
		"pl": {0: "oddziałów", 1: "oddział", 2: "oddziały", 5: "oddziałów", 21: "oddziałów", 22: "oddziały", 25: "oddziałów"},
		"ru": {0: "бойцами", 1: "бойцом", 2: "бойцами", 5: "бойцами", 21: "бойцом", 22: "бойцами", 25: "бойцами"},
	}
	for lang, forms := range troop {
		ctx := ctxFor(lang, 0)
		for n, word := range forms {
			s := ctx.T("flanders.m.sacrifice", "Count", n, "I", 4)
			if !strings.Contains(s, " "+word+" (") || !strings.Contains(s, "4)") || strings.Contains(s, "becomes") {
				t.Errorf("%s %d: %q, want %q", lang, n, s, word)
			}
		}
	}
}

// TestKeepNote: one note goes under every kept card's name, plural
// (Miny, Мины) or singular (Artyleria), so it is no verb that agrees with
// one of them ("Miny zostaje", "Мины остаётся").
func TestKeepNote(t *testing.T) {
	agreeing := map[string][]string{"pl": {"zostaje", "pozostaje", "jest"}, "ru": {"остаётся", "остается", "сохраняется", "хранится"}}
	for lang, verbs := range agreeing {
		s := ctxFor(lang, 0).T("flanders.img.keep")
		for _, w := range strings.Fields(s) {
			if slices.Contains(verbs, w) {
				t.Errorf("%s keep note %q agrees with one card only", lang, s)
			}
		}
	}
}
