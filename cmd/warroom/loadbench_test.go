package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/warroom/warroom/discordtest"
)

// TestLoadBench is the load command: N tables of In Flanders Field played
// through the real bot (`warroom run` in a child process) against the
// Discord stand-in, open loop at a given click rate or closed loop, and a
// report of click-to-reply and click-to-board percentiles, moves/s, the
// bot's CPU per move (and the stand-in's with the clients', which share
// the machine) and RSS, and the naive one-fsync-per-move limit of
// this disk measured in the same run. Not part of the test suite:
//
//	WARROOM_LOAD=1 go test -run '^TestLoadBench$' -v -timeout 0 ./cmd/warroom
//
// Knobs: WARROOM_LOAD_TABLES (200), WARROOM_LOAD_RATE (clicks/s over all
// tables, 50; 0 = closed loop: every table clicks as soon as its board
// arrives), WARROOM_LOAD_SECONDS (30), WARROOM_LOAD_IMAGES (1 = PNG boards).
// The stand-in is as slow and strict as Discord by default:
// WARROOM_LOAD_RTT_MS (80, each request's round trip),
// WARROOM_LOAD_UPLOAD_MS (300, each image's upload) and
// WARROOM_LOAD_LIMITS=discord (discordtest.DiscordRateLimits; "free" lifts
// them, to measure the bot alone, with WARROOM_LOAD_RTT_MS=0
// WARROOM_LOAD_UPLOAD_MS=0). It checks one request body in schemaSample
// against Discord's OpenAPI document (the tests check them all).
func TestLoadBench(t *testing.T) {
	if os.Getenv("WARROOM_LOAD") == "" || os.Getenv("WARROOM_E2E_CHILD") != "" {
		t.Skip("load command: set WARROOM_LOAD=1")
	}
	knob := loadKnob
	tables, rate, seconds, images := knob("WARROOM_LOAD_TABLES", 200), knob("WARROOM_LOAD_RATE", 50), knob("WARROOM_LOAD_SECONDS", 30), knob("WARROOM_LOAD_IMAGES", 0) == 1
	// The stand-in and the clients are the instrument, on the same two
	// cores as the bot they measure: their collector runs a quarter as
	// often. The bot, a child process, keeps Go's default.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	w := newWorld(t, append(discordAsItIs(t), discordtest.WithWaitTimeout(60*time.Second), discordtest.WithSchemaSample(schemaSample))...)
	w.log = &logBuffer{running: make(chan struct{})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	flags := []string{"--log-level", "info", "--http", addr}
	if !images {
		flags = append(flags, "--no-images")
	}
	child := w.startChildWith(flags...)
	pid := child.Process.Pid

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	players := make([]*benchTable, tables)
	var setup sync.WaitGroup
	for i := range players {
		players[i] = &benchTable{loadTable: loadTable{w: w, ctx: ctx, ch: w.srv.NewChannel(w.guild),
			host: w.srv.User(fmt.Sprint("host", i)), rng: rand.New(rand.NewPCG(uint64(i), 7))}}
		setup.Add(1)
		go func() {
			defer setup.Done()
			players[i].err = players[i].ready()
		}()
	}
	setup.Wait()
	for _, p := range players {
		if p.err != nil {
			t.Fatalf("set-up: %v", p.err)
		}
	}

	calls0, commits0, limited0 := len(w.srv.Requests()), storeCommits(t, addr), w.srv.RateLimitStats()
	cpu0, self0, start := procCPU(t, pid), procCPU(t, os.Getpid()), time.Now()
	until := start.Add(time.Duration(seconds) * time.Second)
	var interval time.Duration // per table, open loop
	if rate > 0 {
		interval = time.Duration(float64(time.Second) * float64(tables) / float64(rate))
	}
	var run sync.WaitGroup
	for _, p := range players {
		p.acks0 = len(p.acks)
		run.Add(1)
		go func() {
			defer run.Done()
			p.err = p.loop(until, interval)
		}()
	}
	run.Wait()
	took := time.Since(start)
	cpu, self := procCPU(t, pid)-cpu0, procCPU(t, os.Getpid())-self0
	rss, anon := procRSS(t, pid)
	commits := storeCommits(t, addr)
	routes := map[string]int{}
	calls := w.srv.Requests()[calls0:]
	for _, r := range calls {
		routes[r.Method+" "+r.Route]++
	}

	var replies, boards []time.Duration
	moves, clicks, errs := 0, 0, 0
	for _, p := range players {
		replies, boards = append(replies, p.replies...), append(boards, p.toBoard...)
		moves += len(p.toBoard)
		clicks += len(p.acks) - p.acks0
		if p.err != nil {
			if errs++; errs <= 5 {
				t.Errorf("table %s: %v", p.ch, p.err)
			}
		}
	}
	slices.Sort(replies)
	slices.Sort(boards)
	naive := naiveFsyncLimit(t, 2*time.Second)
	mode := fmt.Sprintf("open loop %d clicks/s", rate)
	if rate == 0 {
		mode = "closed loop"
	}
	t.Logf("%d tables, %s, images=%v, %v: %d moves (%.0f/s; %.0f interactions/s with the lobbies of new games); click-to-ack p50 %v p90 %v p99 %v; click-to-board p50 %v p90 %v p99 %v; bot CPU %.1f ms/move (stand-in and clients %.1f); RSS %d MB (anonymous %d MB); naive fsync limit %.0f moves/s; load %s",
		tables, mode, images, took.Round(time.Millisecond), moves, float64(moves)/took.Seconds(), float64(clicks)/took.Seconds(),
		pct(replies, 50), pct(replies, 90), pct(replies, 99), pct(boards, 50), pct(boards, 90), pct(boards, 99),
		float64(cpu.Milliseconds())/float64(max(moves, 1)), float64(self.Milliseconds())/float64(max(moves, 1)), rss>>20, anon>>20, naive, loadAvg())
	t.Logf("REST calls per move %.2f: %v", float64(len(calls))/float64(max(moves, 1)), routes)
	logLimits(t, calls, moves, limited0, w.srv.RateLimitStats())
	logTarget(t, players, images)
	n, writes := float64(commits.GetSampleCount()-commits0.GetSampleCount()), commits.GetSampleSum()-commits0.GetSampleSum()
	t.Logf("store: %.0f commits/s carrying %.2f writes each, %.2f writes per move", n/took.Seconds(), writes/max(n, 1), writes/float64(max(moves, 1)))
	if p := w.srv.Problems(); len(p) > 0 {
		t.Errorf("Discord refused or flagged %d requests, first: %s", len(p), p[0])
	}
}

// discordAsItIs configures the stand-in from the load command's knobs,
// as slow and strict as Discord by default, and says so.
func discordAsItIs(t *testing.T) []discordtest.Option {
	rtt := time.Duration(loadKnob("WARROOM_LOAD_RTT_MS", 80)) * time.Millisecond
	upload := time.Duration(loadKnob("WARROOM_LOAD_UPLOAD_MS", 300)) * time.Millisecond
	limits, which := discordtest.DiscordRateLimits(), "Discord's rate limits (discordtest.DiscordRateLimits)"
	if os.Getenv("WARROOM_LOAD_LIMITS") == "free" {
		free := discordtest.RateLimit{Requests: 1 << 30, Per: time.Second}
		limits = discordtest.RateLimits{Global: free, Default: free, Routes: map[string]discordtest.RateLimit{}}
		which = "no rate limits"
	}
	t.Logf("Discord stand-in: %v round trip per request, %v per image upload, %s", rtt, upload, which)
	return []discordtest.Option{discordtest.WithLatency(rtt), discordtest.WithUpload(upload, 0), discordtest.WithRateLimits(limits)}
}

// logLimits reports the run's REST calls per move split into
// interaction-token calls (exempt from the global limit) and
// global-limited ones, the 429s received (per route, global), the
// requests sent into a window a 429 had announced, and the invalid
// requests (401, 403, 429).
func logLimits(t *testing.T, calls []discordtest.Request, moves int, before, after discordtest.RateLimitStats) {
	exempt := 0
	for _, r := range calls {
		if strings.HasPrefix(r.Path, "/interactions/") || strings.HasPrefix(r.Path, "/webhooks/") {
			exempt++
		}
	}
	per := func(n int) float64 { return float64(n) / float64(max(moves, 1)) }
	global := after.Global - before.Global
	route := after.Served - before.Served - global - (after.Injected - before.Injected)
	t.Logf("REST calls per move: %.2f interaction-token (exempt), %.2f global-limited; 429s received: %d per-route, %d global; requests sent into a known 429 window: %d; invalid requests: %d; banned: %d",
		per(exempt), per(len(calls)-exempt), route, global, after.IntoWindow-before.IntoWindow, after.Invalid-before.Invalid, after.Banned-before.Banned)
}

// logTarget reports click-to-board for the moves that kept the turn and
// those that passed it against issue 27's target, p99 <= (REST calls on
// the critical path x RTT) + upload + 50 ms. The critical path: the
// click's callback (type 6) then the board's edit through its token, or
// the callback then the new board posted (2 calls either way; the old
// board's strip follows the post: commands.boardAnew). One upload either
// way.
func logTarget(t *testing.T, players []*benchTable, images bool) {
	rtt := time.Duration(loadKnob("WARROOM_LOAD_RTT_MS", 80)) * time.Millisecond
	upload := time.Duration(0)
	if images {
		upload = time.Duration(loadKnob("WARROOM_LOAD_UPLOAD_MS", 300)) * time.Millisecond
	}
	for _, passed := range []bool{false, true} {
		var d []time.Duration
		for _, p := range players {
			for i, x := range p.toBoard {
				if p.passed[i] == passed {
					d = append(d, x)
				}
			}
		}
		slices.Sort(d)
		calls, kind := 2, "kept the turn"
		if passed {
			kind = "passed the turn"
		}
		target := time.Duration(calls)*rtt + upload + 50*time.Millisecond
		verdict := "met"
		if pct(d, 99) > target {
			verdict = "MISSED"
		}
		t.Logf("moves that %s: %d, click-to-board p50 %v p99 %v; target p99 <= %d x %v + %v + 50ms = %v: %s",
			kind, len(d), pct(d, 50), pct(d, 99), calls, rtt, upload, target, verdict)
	}
}

// schemaSample: the load command's stand-in checks every 10th request
// body against the OpenAPI document, not every one, whose cost on the
// shared 2 cores was a fifth of the stand-in's.
const schemaSample = 10

// storeCommits is the bot's group-commit histogram from its /metrics
// (bot.Metrics.Commit): commits, and the writes they carried in all.
func storeCommits(t *testing.T, addr string) *dto.Histogram {
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	f := fams["warroom_store_commit_writes"]
	if f == nil || len(f.GetMetric()) != 1 {
		t.Fatal("/metrics has no warroom_store_commit_writes")
	}
	return f.GetMetric()[0].GetHistogram()
}

// loadKnob is a load command's setting from the environment.
func loadKnob(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n >= 0 {
		return n
	}
	return def
}

// benchTable is one table of the load command.
type benchTable struct {
	loadTable
	version string
	since   string          // the current game's lobby message: older messages belong to earlier games
	replies []time.Duration // the clicking interaction's time to reply
	passed  []bool          // per move (toBoard): the turn passed, the board was posted anew
	acks0   int             // interactions answered before the measured run
	err     error
}

// start opens the table's (next) game.
func (b *benchTable) start() error {
	lobby, err := b.open()
	if err != nil {
		return err
	}
	b.version, b.since = "", lobby.ID
	return nil
}

// ready opens the table's first game and waits for its first board, so
// the measured run starts with no set-up work queued in the bot: a
// thousand tables' first boards are a thousand posts under the global
// limit (25 s at the bot's 40 a second), and a move that passed the turn
// in the first seconds waited behind them, enough of them to decide the
// p99 of a run of 1,000 tables, and few enough to make it swing between
// tens of milliseconds and seconds from run to run.
func (b *benchTable) ready() error {
	if err := b.start(); err != nil {
		return err
	}
	wait, cancel := context.WithTimeout(b.ctx, boardWait)
	defer cancel()
	if _, err := b.w.srv.WaitMessageSince(wait, b.since, b.ch, b.next); err != nil {
		return fmt.Errorf("no first board: %w", err)
	}
	return nil
}

// loop plays moves until the deadline: open loop (a click every interval
// from a random phase, at once when the board came late) or closed
// (interval 0). A finished game is replaced by a new one.
func (b *benchTable) loop(until time.Time, interval time.Duration) error {
	srv := b.w.srv
	next := time.Now()
	if interval > 0 {
		next = next.Add(time.Duration(b.rng.Int64N(int64(interval))))
	}
	for time.Now().Before(until) {
		wait, cancel := context.WithTimeout(b.ctx, boardWait)
		board, err := srv.WaitMessageSince(wait, b.since, b.ch, b.next)
		cancel()
		if err != nil {
			return fmt.Errorf("no board after v%s: %w", b.version, err)
		}
		if isResult(board) {
			if err := b.start(); err != nil {
				return err
			}
			continue
		}
		b.version = boardVersion(board)
		if d := time.Until(next); d > 0 {
			time.Sleep(d)
		}
		if !time.Now().Before(until) {
			return nil
		}
		u, ok := b.toAct(board)
		if !ok {
			return fmt.Errorf("nobody to act on %q", board.Content)
		}
		nb, took, err := b.clickToBoard(u, board)
		if err != nil {
			return err
		}
		b.toBoard = append(b.toBoard, took)
		// The same message redrawn: the turn was kept; a new one: passed.
		b.passed = append(b.passed, nb.ID != board.ID)
		next = next.Add(interval)
	}
	return nil
}

// clickToBoard makes one move on board and returns the next board and
// how long after the click it appeared. The board is watched from the
// click on, beside the click's own answer: a click is complete once its
// message is edited (discordtest's Interaction.Wait), which for a move
// that passes the turn is the old board's strip, after the new board.
func (b *benchTable) clickToBoard(u discordtest.User, board *discordtest.Message) (*discordtest.Message, time.Duration, error) {
	type seen struct {
		m    *discordtest.Message
		took time.Duration
		err  error
	}
	wait, cancel := context.WithTimeout(b.ctx, boardWait)
	defer cancel()
	clicked := time.Now()
	next := make(chan seen, 1)
	go func() {
		m, err := b.w.srv.WaitMessageSince(wait, b.since, b.ch, b.next)
		next <- seen{m, time.Since(clicked), err}
	}()
	n := len(b.acks)
	if err := b.move(b.ctx, u, board); err != nil {
		return nil, 0, err
	}
	b.replies = append(b.replies, b.acks[n:]...)
	r := <-next
	if r.err != nil {
		return nil, 0, fmt.Errorf("the board after v%s never came: %w", b.version, r.err)
	}
	return r.m, r.took, nil
}

// next is the table's board after the one it has seen, or its result:
// among the messages since its game's lobby (the wait's cursor).
func (b *benchTable) next(m *discordtest.Message) bool {
	return (isBoard(m) && newer(boardVersion(m), b.version)) || isResult(m)
}

// boardWait bounds the wait for a table's next board: one that never
// comes is an error of the run (owed boards are redelivered within a
// minute), not a load command that hangs.
const boardWait = 90 * time.Second

// procCPU is a process's user+system CPU time from /proc.
func procCPU(t *testing.T, pid int) time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// Fields after the command name (which may hold spaces) in ")".
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ is 100 on Linux
}

// procRSS is a process's resident and anonymous resident memory in bytes.
func procRSS(t *testing.T, pid int) (rss, anon int64) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			switch f[0] {
			case "VmRSS:":
				rss = n << 10
			case "RssAnon:":
				anon = n << 10
			}
		}
	}
	return rss, anon
}

// naiveFsyncLimit is one bbolt transaction (and fsync) per move, one
// writer: the limit a store without group commit cannot pass on this disk.
func naiveFsyncLimit(t *testing.T, d time.Duration) float64 {
	db, err := bolt.Open(filepath.Join(t.TempDir(), "naive.db"), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rec := []byte(strings.Repeat("x", 3000))
	n, start := 0, time.Now()
	for time.Since(start) < d {
		err := db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucketIfNotExists([]byte("t"))
			if err != nil {
				return err
			}
			return b.Put([]byte(strconv.Itoa(n%200)), rec)
		})
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	return float64(n) / time.Since(start).Seconds()
}

func loadAvg() string {
	raw, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(raw))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
