package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/data/storetest"
	"github.com/warroom/warroom/discordtest"
)

// roundRobin is the load balancer in front of the replicas: each request
// goes to the next replica, and to the other one when a replica does not
// answer (it was killed).
type roundRobin struct {
	addrs  []string
	next   atomic.Int64
	served []atomic.Int64
	client *http.Client
}

func (rr *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	first := int(rr.next.Add(1))
	for try := range rr.addrs {
		i := (first + try) % len(rr.addrs)
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, "http://"+rr.addrs[i]+r.URL.Path, bytes.NewReader(body))
		req.Header = r.Header.Clone()
		resp, err := rr.client.Do(req)
		if err != nil {
			continue // this replica is down: the next one
		}
		rr.served[i].Add(1)
		relay(w, resp)
		return
	}
	http.Error(w, "no replica", http.StatusBadGateway)
}

// relay copies a replica's answer to the balancer's client.
func relay(w http.ResponseWriter, resp *http.Response) {
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
	resp.Body.Close()
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startServeChild runs `warroom serve` on addr in a child process.
func (w *world) startServeChild(addr string, extra ...string) *exec.Cmd {
	w.t.Helper()
	return w.startChildMode("serve", append([]string{"--http", addr, "--public-key", w.srv.PublicKey()}, extra...)...)
}

// twoReplicas starts two `warroom serve` processes on a fresh PostgreSQL
// database behind a round-robin balancer, saved as the application's
// Interactions Endpoint URL.
func twoReplicas(t *testing.T, extra ...string) (*world, *roundRobin, []*exec.Cmd) {
	t.Helper()
	url, err := storetest.NewCluster(t).NewDatabase()
	if err != nil {
		t.Fatal(err)
	}
	w := newWorld(t)
	w.db = url
	w.replicas = true
	w.log = &logBuffer{running: make(chan struct{})}
	rr := &roundRobin{served: make([]atomic.Int64, 2), client: &http.Client{Timeout: 10 * time.Second}}
	var kids []*exec.Cmd
	for range 2 {
		addr := freeAddr(t)
		rr.addrs = append(rr.addrs, addr)
		kids = append(kids, w.startServeChild(addr, extra...))
	}
	lb := httptest.NewServer(rr)
	t.Cleanup(lb.Close)
	if err := w.srv.SetInteractionsEndpoint(w.ctx(), lb.URL+"/interactions"); err != nil {
		t.Fatalf("endpoint: %v\n%s", err, w.log.String())
	}
	return w, rr, kids
}

// TestE2ETwoReplicas: two `warroom serve` processes on one PostgreSQL
// behind a round-robin balancer, Discord delivering signed HTTP
// interactions. Clicks alternate between the replicas; 100 clicks at
// once on one button apply exactly one move; turn deadlines run out
// while both replicas run their timers, and each is played once; one
// replica is SIGKILLed mid-game and the other carries the game to its
// end. The table's log has one entry per version: nothing applied twice.
func TestE2ETwoReplicas(t *testing.T) {
	if os.Getenv("WARROOM_E2E_CHILD") != "" {
		t.Skip("child")
	}
	w, rr, kids := twoReplicas(t, "--no-images", "--timer-interval", "100ms", "--dev-timeout-unit", "1s")
	url := w.db
	w.lobby("flanders", map[string]any{"turn_timeout": 4}, true, 0)
	rng := rand.New(rand.NewPCG(5, 5))
	for range 4 {
		b := w.board(w.ch)
		u, ok := w.toAct(b)
		if !ok {
			t.Fatalf("nobody to act: %q", b.Content)
		}
		w.move(rng, u, b)
	}
	st, err := data.OpenPostgres(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	table, err := st.ByChannel(t.Context(), w.ch)
	if err != nil {
		t.Fatal(err)
	}

	// 100 clicks at once on one button of the current board.
	b, before := w.currentBoard(st, table.ID)
	u, _ := w.toAct(b)
	var button string
	for _, btn := range b.Buttons() {
		if !btn.Disabled && isAction(btn.CustomID) {
			button = btn.CustomID
			break
		}
	}
	if button == "" {
		t.Fatalf("no action button on %q", b.Content)
	}
	var wg sync.WaitGroup
	var answered atomic.Int64
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := w.srv.Click(u, b, button).Wait(w.ctx()); err == nil {
				answered.Add(1)
			}
		}()
	}
	wg.Wait()
	after, _ := st.Get(t.Context(), table.ID)
	if answered.Load() != 100 || after.Version != before.Version+1 {
		t.Fatalf("100 clicks: %d answered, version %d -> %d (want exactly one move)", answered.Load(), before.Version, after.Version)
	}

	// Deadlines pass with both replicas' timers running.
	w.srv.WaitIdle(w.ctx(), 200*time.Millisecond)
	deadline := time.Now().Add(30 * time.Second)
	for timeouts(t, st, table.ID) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("no two timeouts played\n%s", w.log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}

	// One replica dies mid-game; the other plays on to the end.
	kids[0].Process.Kill()
	kids[0].Wait()
	if end := w.playToEnd(7, w.ch, 4000); !isResult(end) {
		t.Fatalf("end: %s", end.Text())
	}
	if rr.served[0].Load() == 0 || rr.served[1].Load() == 0 {
		t.Fatalf("requests served per replica: %d, %d", rr.served[0].Load(), rr.served[1].Load())
	}
	log, err := st.Log(t.Context(), table.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(log); i++ {
		if log[i].Version <= log[i-1].Version {
			t.Fatalf("log entries %d and %d share or reverse versions %d, %d: a move applied twice", i-1, i, log[i-1].Version, log[i].Version)
		}
	}
	t.Logf("replicas served %d and %d requests; %d log entries", rr.served[0].Load(), rr.served[1].Load(), len(log))
	w.noProblems()
}

// currentBoard is the channel's latest board once it is of the table's
// stored version, and the table: under load the replica that did not take
// the last click may still be delivering its board, and a click on the
// one before is refused as stale (version 5 -> 5 at load 12-15).
func (w *world) currentBoard(st data.Store, id string) (*discordtest.Message, *data.Table) {
	w.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		t, err := st.Get(w.t.Context(), id)
		if err != nil {
			w.t.Fatal(err)
		}
		b := w.board(w.ch)
		if boardVersion(b) == strconv.FormatInt(t.Version, 10) {
			return b, t
		}
		if time.Now().After(deadline) {
			w.t.Fatalf("the board stays at version %s, the table is at %d", boardVersion(b), t.Version)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// timeouts counts the turns the timer played for a late player.
func timeouts(t *testing.T, st data.Store, id string) int {
	log, err := st.Log(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range log {
		if e.UserID == "" && e.Seat >= 0 && !strings.HasPrefix(e.Action, "lobby") {
			n++
		}
	}
	return n
}

// TestE2ETwoReplicasEveryGame: every other game played to its end through
// the two replicas (each click to the next one), each in its own channel;
// the co-op game opens its team thread from whichever replica delivers.
// Under the race detector (./test.sh) Frontline, the longest game (half
// the test's time) and no different for the replicas, is left to
// .ci/run, which plays all four without it.
func TestE2ETwoReplicasEveryGame(t *testing.T) {
	if os.Getenv("WARROOM_E2E_CHILD") != "" {
		t.Skip("child")
	}
	w, rr, _ := twoReplicas(t, "--no-images")
	for _, c := range []struct {
		game string
		opts map[string]any
		bots int
	}{
		{"trenches", map[string]any{"scenario": 2}, 0},
		{"frontline", nil, 0},
		{"fow", map[string]any{"mission": "dust_up"}, 0},
		{"blindaz", nil, 1},
	} {
		if raceEnabled && c.game == "frontline" {
			continue
		}
		w.ch = w.srv.NewChannel(w.guild)
		w.lobby(c.game, c.opts, true, c.bots)
		ch := w.ch
		if c.game == "blindaz" {
			ch = w.teamThread()
		}
		if end := w.playToEnd(7, ch, 4000); !isResult(end) {
			t.Fatalf("%s end: %s", c.game, end.Text())
		}
	}
	if rr.served[0].Load() == 0 || rr.served[1].Load() == 0 {
		t.Fatalf("requests served per replica: %d, %d", rr.served[0].Load(), rr.served[1].Load())
	}
	t.Logf("replicas served %d and %d requests", rr.served[0].Load(), rr.served[1].Load())
	w.noProblems()
}
