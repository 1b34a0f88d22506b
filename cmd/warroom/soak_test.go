package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/discordtest"
)

// TestSoak plays many tables at once for a while against the stand-in,
// with Discord's latency, while the bot is killed (SIGKILL), its gateway
// dropped, Discord answers 429, and the disk fills up (no file may grow),
// at random. It is not part of the default test run:
//
//	WARROOM_SOAK=15m go test -run '^TestSoak$' -timeout 0 -v ./cmd/warroom
//
// (WARROOM_SOAK_TABLES sets the number of tables, 12 by default.) At the
// end, with the bot running again, it reports:
//   - lost: a table's board showed a version its file does not hold;
//   - duplicated: a message posted twice (two messages with one nonce);
//   - stale / missing: as TestE2EKillCycles audits each table;
//   - leaked: the bot token or a secret action argument in the bot's log.
//
// Any of them above zero fails the test.
func TestSoak(t *testing.T) {
	if os.Getenv("WARROOM_E2E_CHILD") != "" {
		t.Skip("child")
	}
	length, err := time.ParseDuration(os.Getenv("WARROOM_SOAK"))
	if err != nil {
		t.Skip("a soak runs only when asked: WARROOM_SOAK=15m go test -run '^TestSoak$' -timeout 0 -v ./cmd/warroom")
	}
	tables := 12
	if n, err := strconv.Atoi(os.Getenv("WARROOM_SOAK_TABLES")); err == nil && n > 0 {
		tables = n
	}
	w := newWorld(t, discordtest.WithLatency(30*time.Millisecond))
	w.log = &logBuffer{running: make(chan struct{})}
	rng := rand.New(rand.NewPCG(2026, 11))
	child := w.startChild()

	sk := &soak{w: w, seen: map[string]int64{}}
	for i := range tables {
		sk.open(i)
	}
	var kills, drops, limited, fulls, clicks, finished int
	end := time.Now().Add(length)
	for time.Now().Before(end) {
		// Players click for a while on every table ...
		stop := make(chan struct{})
		done := make(chan int)
		player := rand.New(rand.NewPCG(rng.Uint64(), 2))
		go func() { done <- sk.play(stop, player) }()
		time.Sleep(time.Duration(2+rng.IntN(6)) * time.Second)
		// ... and something goes wrong.
		switch rng.IntN(4) {
		case 0:
			child.Process.Signal(syscall.SIGKILL)
			child.Wait()
			kills++
			child = w.startChild()
		case 1:
			w.srv.DropGateway()
			drops++
		case 2:
			for range 1 + rng.IntN(5) {
				w.srv.FailNext("", "", time.Duration(100+rng.IntN(900))*time.Millisecond)
			}
			limited++
		case 3:
			// The disk is full for a few seconds: writes to the file's
			// upper half fail, as writes to blocks a full disk cannot
			// give do; then space is freed again.
			st, err := os.Stat(w.db)
			if err != nil {
				t.Fatal(err)
			}
			setFileLimit(t, child.Process.Pid, uint64(st.Size()/2))
			time.Sleep(time.Duration(2+rng.IntN(4)) * time.Second)
			setFileLimit(t, child.Process.Pid, unix.RLIM_INFINITY)
			fulls++
		}
		close(stop)
		clicks += <-done
		if err := w.srv.WaitIdle(w.ctx(), time.Second); err != nil {
			t.Fatal(err)
		}
		finished += sk.replaceFinished()
	}
	// Everything settles with the bot running; then the audit.
	time.Sleep(2 * time.Second)
	if err := w.srv.WaitIdle(w.ctx(), 2*time.Second); err != nil {
		t.Fatal(err)
	}
	child.Process.Signal(syscall.SIGKILL) // read the file without a writer
	child.Wait()
	store, err := data.Open(w.db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var lost, stale, missing int
	for _, tb := range sk.all {
		cur, err := store.Get(t.Context(), tb.id)
		if err != nil {
			t.Fatal(err)
		}
		if sk.seen[tb.id] > cur.Version {
			lost++
		}
		s, m := w.audit(cur, tb.channel)
		stale, missing = stale+s, missing+m
	}
	dup := duplicates(w, sk.channels())
	leaked := 0
	log := w.log.String()
	if strings.Contains(log, w.srv.Token()) {
		leaked++
	}
	leaked += len(actionWithArgs.FindAllString(log, -1))
	t.Logf("soak %v, %d tables at once: %d clicks sent, %d games finished, %d kills, %d gateway drops, %d 429 bursts, %d full disks",
		length, tables, clicks, finished, kills, drops, limited, fulls)
	t.Logf("writes refused by the full disk: %d", strings.Count(log, "file too large"))
	t.Logf("lost %d, duplicated %d, stale %d, missing %d, leaked %d", lost, dup, stale, missing, leaked)
	if lost+dup+stale+missing+leaked > 0 {
		t.Fail()
	}
}

// soak is the tables of a soak run: one channel and two players each.
type soak struct {
	w    *world
	all  []*soakTable
	seen map[string]int64 // table -> highest version a board showed
}

type soakTable struct {
	id, channel string
	players     [2]discordtest.User
	finished    bool
}

// open starts table i in a new channel between two new players.
func (sk *soak) open(i int) {
	w := sk.w
	tb := &soakTable{channel: w.srv.NewChannel(w.guild)}
	for p := range tb.players {
		tb.players[p] = w.srv.User(fmt.Sprintf("p%d-%d-%d", i, len(sk.all), p))
	}
	r := w.expect(w.srv.Slash(tb.players[0], tb.channel, w.guild, "play flanders", nil, "en-US"))
	lobby := r.Message
	lobby = w.expect(w.srv.Click(tb.players[1], &lobby, mustButton(w.t, &lobby, ":l:join"))).Message
	w.expect(w.srv.Click(tb.players[0], &lobby, mustButton(w.t, &lobby, ":l:start")))
	tb.id = tableOf(w.t, w.board(tb.channel))
	sk.all = append(sk.all, tb)
}

// play clicks moves on every table's board, without waiting for answers,
// until stop, noting the versions the boards show.
func (sk *soak) play(stop <-chan struct{}, rng *rand.Rand) int {
	n := 0
	for {
		for _, tb := range sk.all {
			if tb.finished {
				continue
			}
			select {
			case <-stop:
				return n
			case <-time.After(time.Duration(rng.IntN(30)) * time.Millisecond):
			}
			msgs := sk.w.srv.Messages(tb.channel)
			for i := len(msgs) - 1; i >= 0; i-- {
				b := msgs[i]
				if !isBoard(&b) {
					continue
				}
				var actions []string
				for _, btn := range b.Buttons() {
					if id, err := commands.ParseCustomID(btn.CustomID); err == nil && id.Table == tb.id && id.Version > sk.seen[tb.id] {
						sk.seen[tb.id] = id.Version
					}
					if !btn.Disabled && isAction(btn.CustomID) {
						actions = append(actions, btn.CustomID)
					}
				}
				for _, u := range tb.players {
					if strings.Contains(b.Content, u.Mention()) && yourTurn(b.Content) && len(actions) > 0 {
						if _, err := sk.w.srv.TryClick(u, &b, actions[rng.IntN(len(actions))]); err == nil {
							n++
						}
					}
				}
				break
			}
		}
	}
}

// replaceFinished opens a new table for each finished one (the old one is
// still audited at the end) and reports how many finished.
func (sk *soak) replaceFinished() int {
	n := 0
	for _, tb := range sk.all {
		msgs := sk.w.srv.Messages(tb.channel)
		if !tb.finished && len(msgs) > 0 && isResult(&msgs[len(msgs)-1]) {
			tb.finished = true
			n++
			sk.open(len(sk.all))
		}
	}
	return n
}

func (sk *soak) channels() []string {
	var out []string
	for _, tb := range sk.all {
		out = append(out, tb.channel)
	}
	return out
}

// duplicates counts messages posted twice: a second message with the
// nonce of an earlier one.
func duplicates(w *world, channels []string) int {
	n := 0
	for _, ch := range channels {
		seen := map[string]bool{}
		for _, m := range w.srv.Messages(ch) {
			if m.Nonce == "" {
				continue
			}
			if seen[m.Nonce] {
				n++
			}
			seen[m.Nonce] = true
		}
	}
	return n
}

// setFileLimit sets a running process's largest file size (RLIMIT_FSIZE):
// Go ignores SIGXFSZ, so a write past it fails with EFBIG.
func setFileLimit(t *testing.T, pid int, n uint64) {
	if err := unix.Prlimit(pid, unix.RLIMIT_FSIZE, &unix.Rlimit{Cur: n, Max: unix.RLIM_INFINITY}, nil); err != nil {
		t.Fatal(err)
	}
}
