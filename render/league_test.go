package render_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/league"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// sampleLeague is a five-player Swiss league of trenches after two
// rounds, one player gone, round 3 in play.
func sampleLeague(t *testing.T) *league.League {
	t.Helper()
	l := &league.League{ID: "L7", Game: "trenches", Format: league.Swiss, Rounds: 3, Status: league.StatusOpen,
		Deadline: league.LossToMover, RoundDays: 7, RoundTime: 7 * 24 * time.Hour, TurnTimeout: 24 * time.Hour, CreatorID: "1"}
	for i := 1; i <= 5; i++ {
		if err := l.Join(fmt.Sprint(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Start(time.Now()); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		for i := range l.Current().Pairings {
			l.Current().Pairings[i].Result = []league.Result{league.WinA, league.Draw}[i%2]
		}
		if err := l.PairNext(time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	l.Current().Pairings[0].Thread = "900"
	if _, err := l.Drop(l.Current().Pairings[1].A); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestLeagueMessage: the league message in each language: the standings
// with points, games and tiebreaks, the dropout marked, the round with
// its thread link, a walkover, the bye; no template left unfilled, and
// each line short enough for a phone (the longest standings line).
func TestLeagueMessage(t *testing.T) {
	l := sampleLeague(t)
	want := map[string][]string{
		"en": {"**1 pt**", "**1.5 pts**", "Standings", "Round 3 of 3", "Buchholz", "walkover", "left the league", "<#900>", "Bye: <@", "1 game", "2 games", "Swiss system · 3 rounds · each round lasts 7 days", "24 hours"},
		"pl": {"Tabela", "Runda 3 z 3", "Buchholz", "walkower", "poza ligą", "<#900>", "Wolny los: <@", "1 gra", "2 gry", "System szwajcarski · 3 rundy · runda trwa: 7 dni", "24 godziny", ",5"},
		"ru": {"Таблица", "Раунд 3 из 3", "Бухгольц", "неявка", "вне лиги", "<#900>", "Без пары: <@", "1 партия", "2 партии", "Швейцарская система · 3 раунда · раунд длится: 7 дней", "24 часа", ",5"},
	}
	for lang, words := range want {
		rc := render.Audience{L: i18n.For(lang)}
		msg := render.League(rc, l, render.LeagueButtons{Leave: "wl:L7:leave"})
		e := msg.Embeds[0]
		all := e.Title + "\n" + e.Description
		for _, f := range e.Fields {
			all += "\n## " + f.Name + "\n" + f.Value
		}
		t.Logf("%s:\n%s", lang, all)
		for _, w := range words {
			if !strings.Contains(all, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, all)
			}
		}
		if strings.Contains(all, "{{") || strings.Contains(all, "league.") {
			t.Errorf("%s: a template or key left:\n%s", lang, all)
		}
		if len(msg.Components) != 1 {
			t.Errorf("%s: buttons %+v", lang, msg.Components)
		}
	}
}

// TestLeaguePlurals: every count a league shows takes its language's
// form (1 runda, 2 rundy, 5 rund, 22 rundy; 1 раунд, 2 раунда, 5 раундов,
// 21 раунд).
func TestLeaguePlurals(t *testing.T) {
	cases := map[string]map[int]string{
		"pl": {1: "1 runda", 2: "2 rundy", 5: "5 rund", 12: "12 rund", 22: "22 rundy", 25: "25 rund"},
		"ru": {1: "1 раунд", 2: "2 раунда", 5: "5 раундов", 11: "11 раундов", 21: "21 раунд", 24: "24 раунда"},
		"en": {1: "1 round", 2: "2 rounds", 21: "21 rounds"},
	}
	for lang, byCount := range cases {
		rc := render.Audience{L: i18n.For(lang)}
		for n, w := range byCount {
			if got := rc.T("league.rounds", "Count", n); got != w {
				t.Errorf("%s %d: %q, want %q", lang, n, got, w)
			}
		}
		for _, key := range []string{"league.days", "league.hours", "league.games", "league.wins"} {
			for n := range 30 {
				if got := rc.T(key, "Count", n); !strings.HasPrefix(got, fmt.Sprint(n)+" ") {
					t.Errorf("%s %s %d: %q", lang, key, n, got)
				}
			}
		}
	}
}
