package main

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestE2EChildRun is not a test on its own: TestE2EKilledMidGame re-runs
// the test binary with WARROOM_E2E_CHILD set, and this runs `warroom run`
// in that child process so the parent can kill it with SIGKILL.
func TestE2EChildRun(t *testing.T) {
	args := os.Getenv("WARROOM_E2E_CHILD")
	if args == "" {
		t.Skip("only runs as the child of TestE2EKilledMidGame")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := cmdRun(ctx, strings.Split(args, "\x1f"), os.Stderr); err != nil {
		t.Fatal(err)
	}
}

// startChild runs `warroom run` in a separate process and waits until it
// is connected.
func (w *world) startChild() *exec.Cmd {
	w.t.Helper()
	args := []string{"--db", w.db, "--guild", w.guild, "--dev-discord-api", w.srv.URL(), "--log-format", "json", "--no-images"}
	cmd := exec.Command(os.Args[0], "-test.run=^TestE2EChildRun$", "-test.count=1")
	cmd.Env = append(os.Environ(), "WARROOM_E2E_CHILD="+strings.Join(args, "\x1f"))
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
