package main

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/data/storetest"
	"github.com/warroom/warroom/discordtest"
)

// The real `warroom run` on a PostgreSQL database (--db postgres://...):
// a game played to its end, a co-op game in its team thread (the thread
// in the channel index) and a turn played by the timer after its
// deadline (the due index). The game played to its end is Frontline, the
// largest state; under the race detector (./test.sh) it is Trenches,
// a quarter of the time, and .ci/run plays Frontline without it.
func TestE2EPostgres(t *testing.T) {
	cluster := storetest.NewCluster(t)
	newPGWorld := func(t *testing.T, flags ...string) *world {
		url, err := cluster.NewDatabase()
		if err != nil {
			t.Fatal(err)
		}
		w := newWorld(t)
		w.db = url
		w.extraFlags = append([]string{"--no-images"}, flags...)
		w.startBot()
		return w
	}
	type game struct {
		game string
		opts map[string]any
		bots int
	}
	played := []game{{"frontline", nil, 0}, {"blindaz", nil, 1}}
	if raceEnabled {
		played[0] = game{"trenches", map[string]any{"scenario": 2}, 0}
	}
	for _, c := range played {
		t.Run(c.game, func(t *testing.T) {
			w := newPGWorld(t)
			w.lobby(c.game, c.opts, true, c.bots)
			ch := w.ch
			if c.game == "blindaz" {
				ch = w.teamThread()
			}
			if end := w.playToEnd(7, ch, 4000); !isResult(end) {
				t.Fatalf("end: %s", end.Text())
			}
			w.noProblems()
			// The finished table exports from the database like from a file.
			out, errs, code := run(t, "", "export", "--db", w.db, "--table", "1")
			if code != 0 || !strings.Contains(out, `"game": "`+c.game+`"`) {
				t.Fatalf("export: %d %s %.300s", code, errs, out)
			}
		})
	}
	t.Run("timeout", func(t *testing.T) {
		w := newPGWorld(t, "--timer-interval", "100ms", "--dev-timeout-unit", "500ms")
		w.lobby("flanders", map[string]any{"turn_timeout": 1}, true, 0)
		late, _ := w.toAct(w.board(w.ch))
		m, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
			return strings.Contains(m.Content, "ran out of time") && isBoard(m)
		})
		if err != nil {
			t.Fatalf("no timeout: %v", err)
		}
		if next, ok := w.toAct(m); !ok || next.ID == late.ID {
			t.Fatalf("after the timeout %q", m.Content)
		}
		w.noProblems()
	})
}

// The log line naming the database never shows a URL's password.
func TestDBNameHidesPassword(t *testing.T) {
	for in, want := range map[string]string{
		"warroom.db": "warroom.db",
		"postgres://bot:s3cret@db.example:5432/warroom?sslmode=require": "postgres://bot:xxxxx@db.example:5432/warroom?sslmode=require",
		"postgresql://bot@/warroom?host=/run/postgresql":                "postgresql://bot@/warroom?host=/run/postgresql",
	} {
		if got := dbName(in); got != want || strings.Contains(got, "s3cret") {
			t.Errorf("dbName(%q) = %q, want %q", in, got, want)
		}
	}
}
