package main

import (
	"bufio"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/discordtest"
)

// TestE2EChildRun is not a test on its own: TestE2EKilledMidGame re-runs
// the test binary with WARROOM_E2E_CHILD set, and this runs `warroom run`
// in that child process so the parent can kill it with SIGKILL.
func TestE2EChildRun(t *testing.T) {
	args := os.Getenv("WARROOM_E2E_CHILD")
	if args == "" {
		t.Skip("only runs as the child of TestE2EKilledMidGame")
	}
	// SIGTERM stops it as it stops `warroom run` and `serve` (main.go):
	// the rolling deploy's drain.
	ctx, cancel := signal.NotifyContext(t.Context(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	// The load command's profiles of the bot: WARROOM_CPUPROFILE=file for
	// WARROOM_CPUPROFILE_SECONDS (30) from the start.
	if path := os.Getenv("WARROOM_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		pprof.StartCPUProfile(f)
		time.AfterFunc(time.Duration(loadKnob("WARROOM_CPUPROFILE_SECONDS", 30))*time.Second, func() { pprof.StopCPUProfile(); f.Close() })
	}
	// And WARROOM_MEMPROFILE=file: what was allocated by then (go tool
	// pprof -sample_index=alloc_space).
	if path := os.Getenv("WARROOM_MEMPROFILE"); path != "" {
		time.AfterFunc(time.Duration(loadKnob("WARROOM_CPUPROFILE_SECONDS", 30))*time.Second, func() {
			if f, err := os.Create(path); err == nil {
				pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
		})
	}
	start := cmdRun
	if os.Getenv("WARROOM_E2E_CHILD_MODE") == "serve" {
		start = cmdServe
	}
	if err := start(ctx, strings.Split(args, "\x1f"), os.Stderr); err != nil {
		t.Fatal(err)
	}
}

// startChild runs `warroom run` in a separate process and waits until it
// is connected.
func (w *world) startChild() *exec.Cmd {
	w.t.Helper()
	return w.startChildWith("--no-images")
}

// startChildWith starts `warroom run` in a child process with extra flags.
func (w *world) startChildWith(extra ...string) *exec.Cmd {
	w.t.Helper()
	return w.startChildMode("run", extra...)
}

// startChildMode starts `warroom <mode>` (run or serve) in a child
// process on the world's database and stand-in, and waits until it runs.
func (w *world) startChildMode(mode string, extra ...string) *exec.Cmd {
	w.t.Helper()
	args := append([]string{"--db", w.db, "--guild", w.guild, "--dev-discord-api", w.srv.URL(), "--log-format", "json"}, extra...)
	cmd := exec.Command(os.Args[0], "-test.run=^TestE2EChildRun$", "-test.count=1")
	cmd.Env = append(os.Environ(), "WARROOM_E2E_CHILD="+strings.Join(args, "\x1f"), "WARROOM_E2E_CHILD_MODE="+mode)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		w.t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		w.t.Fatal(err)
	}
	w.t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	running := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		once := false
		for sc.Scan() {
			if w.log != nil {
				w.log.Write(append(sc.Bytes(), '\n'))
			}
			if !once && strings.Contains(sc.Text(), "warroom is running") {
				once = true
				close(running)
			}
		}
	}()
	select {
	case <-running:
	case <-time.After(30 * time.Second):
		w.t.Fatal("child warroom did not start")
	}
	return cmd
}

// Scenario 3, the hard way: the process is killed with SIGKILL (no
// shutdown, database not closed) mid-game; a new process on the same file
// continues from the last acknowledged click.
func TestE2EKilledMidGame(t *testing.T) {
	if os.Getenv("WARROOM_E2E_CHILD") != "" {
		t.Skip("child")
	}
	w := newWorld(t)
	w.log = &logBuffer{running: make(chan struct{})}
	child := w.startChild()
	w.lobby("flanders", nil, true, 0)
	rng := rand.New(rand.NewPCG(11, 11))
	for range 6 {
		b := w.board(w.ch)
		if isResult(b) {
			break
		}
		u, _ := w.toAct(b)
		w.move(rng, u, b)
	}
	if err := w.srv.WaitIdle(w.ctx(), 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	acknowledged := w.board(w.ch)
	child.Process.Signal(syscall.SIGKILL)
	child.Wait()

	w.startChild()
	// The board the players saw last is the game's current state: its
	// buttons still work and /game status shows the same position.
	st := w.expect(w.srv.Slash(w.bob, w.ch, w.guild, "game", map[string]any{"status": map[string]any{}}, "en-US"))
	if got, want := boardCore(st.EmbedText()), boardCore(acknowledged.EmbedText()); got != want || !strings.Contains(want, "Round") {
		t.Fatalf("after SIGKILL the board differs:\n got %q\nwant %q", got, want)
	}
	b := w.board(w.ch)
	u, ok := w.toAct(b)
	if !ok {
		t.Fatal("nobody to act after restart")
	}
	r := w.move(rng, u, b)
	if txt := privateText(r); strings.Contains(txt, "wrong") || strings.Contains(txt, "damaged") {
		t.Fatalf("move after SIGKILL: %s", txt)
	}
	w.noProblems()
}

// boardCore is a board's text without its footer (which names the table).
func boardCore(s string) string {
	if i := strings.LastIndex(s, "Table "); i > 0 {
		return s[:i]
	}
	return s
}

// TestE2EKillCycles kills `warroom run` with SIGKILL at random moments
// while the players click as fast as they can, restarts it on the same
// file, and checks what the channel shows against what the file holds:
// exactly one message carries the table's buttons and it is the current
// board (or, once the game is over, the result is the last message). A
// board the players can still click at an older version is stale; no
// current board (or no result) is missing. WARROOM_KILL_CYCLES sets the
// number of kills (default 6, 3 under the race detector, whose every
// restart is a slow start of an instrumented process; the reliability
// note's figure is from 100).
func TestE2EKillCycles(t *testing.T) {
	if os.Getenv("WARROOM_E2E_CHILD") != "" {
		t.Skip("child")
	}
	cycles := 6
	if raceEnabled {
		cycles = 3
	}
	if n, err := strconv.Atoi(os.Getenv("WARROOM_KILL_CYCLES")); err == nil && n > 0 {
		cycles = n
	}
	w := newWorld(t, discordtest.WithLatency(60*time.Millisecond))
	w.log = &logBuffer{running: make(chan struct{})}
	rng := rand.New(rand.NewPCG(5, 5))
	child := w.startChild()
	w.lobby("flanders", nil, true, 0)
	table := tableOf(t, w.board(w.ch))
	var stale, missing, games, kills, clicks int
	for range cycles {
		stop := make(chan struct{})
		clicked := make(chan int)
		clicker := rand.New(rand.NewPCG(rng.Uint64(), 1))
		go func() { clicked <- w.clickUntil(stop, clicker) }()
		time.Sleep(time.Duration(50+rng.IntN(400)) * time.Millisecond)
		child.Process.Signal(syscall.SIGKILL)
		child.Wait()
		close(stop)
		clicks += <-clicked
		kills++

		// The truth, read while no process holds the file.
		store, err := data.Open(w.db)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := store.Get(t.Context(), table)
		store.Close()
		if err != nil {
			t.Fatal(err)
		}
		child = w.startChild()
		if err := w.srv.WaitIdle(w.ctx(), 700*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		s, m := w.audit(tb, w.ch)
		stale, missing = stale+s, missing+m
		if s+m > 0 {
			t.Logf("after kill %d: %d stale, %d missing (table at version %d, %s)", kills, s, m, tb.Version, tb.Status)
		}
		if tb.Status == data.StatusFinished {
			games++
			w.lobby("flanders", nil, true, 0)
			table = tableOf(t, w.board(w.ch))
		}
	}
	t.Logf("%d kills, %d clicks sent, %d games finished: %d stale, %d missing", kills, clicks, games, stale, missing)
	if stale+missing > 0 {
		t.Fatalf("after %d kills: %d stale and %d missing boards", kills, stale, missing)
	}
	for _, f := range w.srv.Failures() {
		if f.Kind == "invalid-body" || f.Kind == "too-large" || f.Kind == "empty-message" {
			t.Errorf("Discord would refuse: %v", f)
		}
	}
}

// tableOf is the table whose buttons a board carries.
func tableOf(t *testing.T, m *discordtest.Message) string {
	for _, b := range m.Buttons() {
		if id, err := commands.ParseCustomID(b.CustomID); err == nil {
			return id.Table
		}
	}
	t.Fatalf("no table buttons on %q", m.Text())
	return ""
}

// clickUntil plays moves on whatever board the channel shows, without
// waiting for answers, until stop; it returns the clicks sent.
func (w *world) clickUntil(stop <-chan struct{}, rng *rand.Rand) int {
	n := 0
	for {
		select {
		case <-stop:
			return n
		case <-time.After(time.Duration(rng.IntN(40)) * time.Millisecond):
		}
		msgs := w.srv.Messages(w.ch)
		for i := len(msgs) - 1; i >= 0; i-- {
			b := msgs[i]
			if !isBoard(&b) {
				continue
			}
			u, ok := w.toAct(&b)
			var actions []string
			for _, btn := range b.Buttons() {
				if !btn.Disabled && isAction(btn.CustomID) {
					actions = append(actions, btn.CustomID)
				}
			}
			if ok && len(actions) > 0 {
				if _, err := w.srv.TryClick(u, &b, actions[rng.IntN(len(actions))]); err == nil {
					n++
				}
			}
			break
		}
	}
}

// audit counts stale and missing boards of table tb in its channel.
func (w *world) audit(tb *data.Table, channel string) (stale, missing int) {
	current := 0
	msgs := w.srv.Messages(channel)
	for _, m := range msgs {
		versions := map[int64]bool{}
		for _, b := range m.Buttons() {
			// A result's Rematch and What happened buttons are no board
			// controls.
			if id, err := commands.ParseCustomID(b.CustomID); err == nil && id.Table == tb.ID && !b.Disabled && id.Kind != commands.KindRematch && id.Kind != commands.KindJournal {
				versions[id.Version] = true
			}
		}
		switch {
		case len(versions) == 0:
		case len(versions) == 1 && versions[tb.Version] && tb.Status == data.StatusPlaying:
			current++
		default:
			stale++
		}
	}
	if tb.Status == data.StatusFinished {
		if len(msgs) == 0 || !isResult(&msgs[len(msgs)-1]) {
			missing++
		}
		return stale, missing
	}
	if current == 0 {
		missing++
	}
	return stale + max(current-1, 0), missing
}

// A stop writes what the bot delivered but only marked (a board redrawn
// in place, commands.Service.SoleWriter): afterwards the file owes
// Discord nothing, so the next start redraws no board.
func TestE2EStopRecordsDeliveries(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	w.lobby("flanders", nil, true, 0)
	rng := rand.New(rand.NewPCG(5, 5))
	inPlace := false
	for range 30 {
		b := w.board(w.ch)
		if isResult(b) {
			break
		}
		u, ok := w.toAct(b)
		if !ok {
			t.Fatal("nobody to act")
		}
		w.move(rng, u, b)
		if inPlace = w.board(w.ch).ID == b.ID; inPlace {
			break
		}
	}
	if !inPlace {
		t.Fatal("no move redrew the board in place")
	}
	w.stopBot()
	st, err := data.Open(w.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if ids, err := st.Owing(t.Context()); err != nil || len(ids) != 0 {
		t.Fatalf("after a stop the file owes Discord effects of tables %v (%v)", ids, err)
	}
	w.noProblems()
}
