package main

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/render/i18n"
)

// Every game played to its end on a Polish and on a Russian Community
// server (guild_locale pl / ru), with an English-speaking host: the table
// speaks the server's language in every public message, and Discord
// accepts every request (the stand-in validates each against Discord's
// OpenAPI document and documented limits). Under the race detector
// (./test.sh) each game plays in one of the two languages, Polish and
// Russian in turn; .ci/run plays all ten games without it.
func TestE2EEveryGameInPolishAndRussianServers(t *testing.T) {
	games := []struct {
		game string
		opts map[string]any
		bots int
	}{
		{"flanders", nil, 0},
		{"trenches", map[string]any{"scenario": 1}, 0},
		{"frontline", nil, 0},
		{"fow", map[string]any{"mission": "dust_up"}, 0},
		{"blindaz", nil, 1},
	}
	for i, lang := range []string{"pl", "ru"} {
		for j, g := range games {
			if raceEnabled && (i+j)%2 == 1 {
				continue
			}
			t.Run(lang+"/"+g.game, func(t *testing.T) {
				w := newWorld(t)
				w.guild = w.srv.NewGuildWithLocale(lang)
				w.ch = w.srv.NewChannel(w.guild)
				w.hostLocale = "en-GB"
				w.extraFlags = []string{"--no-images"}
				w.startBot()
				w.lobby(g.game, g.opts, true, g.bots)
				ch := w.ch
				if g.game == "blindaz" {
					ch = w.teamThread()
				}
				end := w.playToEnd(11, ch, 4000)
				if !isResult(end) {
					t.Fatalf("end: %s", end.Text())
				}
				w.publicIn(lang, w.ch)
				if ch != w.ch {
					w.publicIn(lang, ch)
				}
				w.noProblems()
			})
		}
	}
}

// An ordinary (non-Community) server sends guild_locale en-US whatever
// its members speak; a Polish host's table there speaks Polish, to the
// end of the game.
func TestE2EPolishHostOnAnEnglishServerPlaysToTheEnd(t *testing.T) {
	w := newWorld(t)
	w.hostLocale = "pl"
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("trenches", map[string]any{"scenario": 3}, true, 0)
	if end := w.playToEnd(5, w.ch, 4000); !isResult(end) {
		t.Fatalf("end: %s", end.Text())
	}
	w.publicIn("pl", w.ch)
	w.noProblems()
}

// publicIn checks that every message the bot posted in ch for everyone
// speaks lang: its footer names the table in lang, turn pings use lang's
// words, and no English catalogue sentence slipped in.
func (w *world) publicIn(lang, ch string) {
	w.t.Helper()
	l, en := i18n.For(lang), i18n.For("en")
	table := strings.Split(l.T("core.table.footer", "ID", "\x00"), "\x00")[0]
	enTable := strings.Split(en.T("core.table.footer", "ID", "\x00"), "\x00")[0]
	enPing := strings.Split(en.T("core.turn.ping", "Count", 1, "Who", "\x00", "Game", "\x00"), "\x00")[1]
	footers := 0
	for _, m := range w.srv.Messages(ch) {
		if m.Ephemeral() {
			continue
		}
		txt := m.Text()
		if strings.Contains(txt, enPing) || strings.Contains(m.EmbedText(), enTable) {
			w.t.Fatalf("English in a %s table's public message: %q", lang, txt)
		}
		if strings.Contains(m.EmbedText(), table) {
			footers++
		}
	}
	if footers == 0 && ch == w.ch {
		w.t.Fatalf("no public message of the %s table names it in %s (%q)", lang, lang, table)
	}
}
