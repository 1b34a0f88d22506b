package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// TestColdStart is the load command's start-up check: a database of
// WARROOM_LOAD_STORED tables (100,000; one in a hundred live, the rest
// finished, each a real game played by the computer with its log) is
// filled through the store, then `warroom run` starts on it in a child
// process against the stand-in. It reports the time from exec to
// "warroom is running", the bot's own open time, a /metrics scrape, and
// RSS (anonymous) once idle. Not part of the test suite:
//
//	WARROOM_LOAD=1 go test -run '^TestColdStart$' -v -timeout 0 ./cmd/warroom
//
// WARROOM_LOAD_DB=path keeps (and reuses) the filled file between runs.
func TestColdStart(t *testing.T) {
	if os.Getenv("WARROOM_LOAD") == "" || os.Getenv("WARROOM_E2E_CHILD") != "" {
		t.Skip("load command: set WARROOM_LOAD=1")
	}
	n := loadKnob("WARROOM_LOAD_STORED", 100000)
	w := newWorld(t)
	if p := os.Getenv("WARROOM_LOAD_DB"); p != "" {
		w.db = p
	}
	if _, err := os.Stat(w.db); err != nil {
		start := time.Now()
		fillStore(t, w.db, n)
		st, _ := os.Stat(w.db)
		t.Logf("filled %d tables in %v: %d MB", n, time.Since(start).Round(time.Millisecond), st.Size()>>20)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	w.log = &logBuffer{running: make(chan struct{})}
	start := time.Now()
	child := w.startChildWith("--http", addr, "--timer-interval", "5s")
	cold := time.Since(start)
	scrape := func() time.Duration {
		s := time.Now()
		resp, err := http.Get("http://" + addr + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return time.Since(s)
	}
	first := scrape()
	time.Sleep(12 * time.Second) // idle, after two timer ticks (overdue turns, owed effects)
	again := scrape()
	rss, anon := procRSS(t, child.Process.Pid)
	t.Logf("%d stored tables: exec to running %v (%s); /metrics %v then %v; idle RSS %d MB (anonymous %d MB); load %s",
		n, cold.Round(time.Millisecond), openLine(w.log.String()), first.Round(time.Microsecond), again.Round(time.Microsecond), rss>>20, anon>>20, loadAvg())
}

// openLine is the bot's own start-up line (tables and open time).
func openLine(log string) string {
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, "live tables resume") {
			return l
		}
	}
	return "no start-up line"
}

// storedGame is a template: a real game of one engine, finished, with its
// log, and its state half way through (for live tables).
type storedGame struct {
	game     string
	seats    int
	opts     games.Options
	final    []byte
	mid      []byte
	midMoves int
	log      []data.LogEntry
}

// playedGames plays one game of every engine with computer seats.
func playedGames(t *testing.T) []storedGame {
	var out []storedGame
	now := time.Now().UTC()
	for _, e := range modules().Engines() {
		info := e.Info()
		opts := games.Options{}
		for _, o := range info.Options {
			if o.Default != "" {
				opts[o.Key] = o.Default
			}
		}
		s0, err := e.Setup(opts, info.MinSeats, games.NewPCG(1, 2))
		if err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		every := games.Bots{Seat: func(_ games.State, a []games.Seat) (games.Seat, bool) { return a[0], true }}
		end, moves, err := games.RunBots(e, s0, games.NewPCG(3, 4), every)
		if err != nil || !e.Outcome(end).Done {
			t.Fatalf("%s: %v (done %v)", info.ID, err, e.Outcome(end).Done)
		}
		k := 0
		half := games.Bots{Seat: func(_ games.State, a []games.Seat) (games.Seat, bool) { k++; return a[0], k <= len(moves)/2 }}
		s1, _ := e.Setup(opts, info.MinSeats, games.NewPCG(1, 2))
		mid, midMoves, err := games.RunBots(e, s1, games.NewPCG(3, 4), half)
		if err != nil {
			t.Fatal(err)
		}
		g := storedGame{game: info.ID, seats: info.MinSeats, opts: opts, midMoves: len(midMoves)}
		if g.final, err = e.Encode(end); err != nil {
			t.Fatal(err)
		}
		if g.mid, err = e.Encode(mid); err != nil {
			t.Fatal(err)
		}
		for i, m := range moves {
			g.log = append(g.log, data.LogEntry{Version: int64(i + 1), Seat: m.Seat, Action: m.Action.String(), Events: m.Events, At: now})
		}
		out = append(out, g)
	}
	return out
}

// fillStore writes n tables through the store, many writers at once so
// group commit packs them into few transactions: a table is created and
// then given its whole log in one update.
func fillStore(t *testing.T, path string, n int) {
	st, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tpl := playedGames(t)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for range 128 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := storeOne(st, tpl[i%len(tpl)], i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	if first != nil {
		t.Fatal(first)
	}
}

// storeOne stores table i of the fill: one in a hundred is in play half
// way through its game, the others finished.
func storeOne(st data.Store, g storedGame, i int) error {
	tb := &data.Table{Game: g.game, Options: g.opts, GuildID: fmt.Sprint("g", i%50), ChannelID: fmt.Sprint("c", i),
		HostID: fmt.Sprint("u", i%5000), Locale: "en", Status: data.StatusFinished}
	for s := range g.seats {
		u := fmt.Sprint("u", (i+s*7)%5000)
		tb.Seats = append(tb.Seats, data.Seat{UserID: u, Name: u})
	}
	if err := st.Create(context.Background(), tb); err != nil {
		return err
	}
	log := g.log
	tb.State, tb.RNG = g.final, games.NewPCG(uint64(i), 5)
	if i%100 == 0 {
		tb.Status, tb.State, log = data.StatusPlaying, g.mid, g.log[:g.midMoves]
		tb.Deadline, tb.TurnStart = time.Now().Add(72*time.Hour), time.Now()
	}
	tb.Version = int64(len(log))
	return st.Update(context.Background(), tb, 0, log...)
}
