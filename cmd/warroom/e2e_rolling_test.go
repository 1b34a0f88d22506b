package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/data/storetest"
	"github.com/warroom/warroom/discordtest"
)

// dialBalancer sends each request to the next replica that passed its
// last health check (GET /readyz every healthEvery), as a load balancer
// does. A refused connection (nothing was sent) goes on to the next
// replica, as nginx, HAProxy and Envoy retry a failed connect; a request
// a replica dropped after it was sent is answered 502, as a balancer
// answers a POST it may not send twice, and its interaction id is noted.
// It opens a connection per request: a reused idle connection that a
// draining replica closes fails a POST that Go's client may not retry
// either.
type dialBalancer struct {
	addrs   []string
	healthy []atomic.Bool
	next    atomic.Int64
	client  *http.Client
	retried atomic.Int64 // refused connections sent on to another replica
	mu      sync.Mutex
	dropped map[string]bool // interaction ids a replica dropped mid-request
}

// healthEvery is the balancer's health check interval; the replicas'
// --drain-delay is several of them (docs/deploy.md).
const healthEvery = 100 * time.Millisecond

func newDialBalancer(t *testing.T, addrs []string) *dialBalancer {
	lb := &dialBalancer{addrs: addrs, healthy: make([]atomic.Bool, len(addrs)), dropped: map[string]bool{},
		client: &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}}
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		check := &http.Client{Timeout: healthEvery, Transport: &http.Transport{DisableKeepAlives: true}}
		for {
			for i, addr := range addrs {
				resp, err := check.Get("http://" + addr + "/readyz")
				lb.healthy[i].Store(err == nil && resp.StatusCode == http.StatusOK)
				if err == nil {
					resp.Body.Close()
				}
			}
			select {
			case <-done:
				return
			case <-time.After(healthEvery):
			}
		}
	}()
	return lb
}

// order is the replicas to try for one request: round robin over the
// healthy ones, then the others (when none is healthy).
func (lb *dialBalancer) order() []int {
	first := int(lb.next.Add(1))
	var good, bad []int
	for try := range lb.addrs {
		i := (first + try) % len(lb.addrs)
		if lb.healthy[i].Load() {
			good = append(good, i)
		} else {
			bad = append(bad, i)
		}
	}
	return append(good, bad...)
}

func (lb *dialBalancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	for _, i := range lb.order() {
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, "http://"+lb.addrs[i]+r.URL.Path, bytes.NewReader(body))
		req.Header = r.Header.Clone()
		resp, err := lb.client.Do(req)
		var op *net.OpError
		if errors.As(err, &op) && op.Op == "dial" {
			lb.retried.Add(1)
			continue
		}
		if err != nil {
			var ix struct{ ID string }
			json.Unmarshal(body, &ix)
			lb.mu.Lock()
			lb.dropped[ix.ID] = true
			lb.mu.Unlock()
			http.Error(w, "the replica dropped the request", http.StatusBadGateway)
			return
		}
		relay(w, resp)
		return
	}
	http.Error(w, "no replica", http.StatusBadGateway)
}

func (lb *dialBalancer) wasDropped(id string) bool {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	return lb.dropped[id]
}

// Phases of the rolling deploy, for the counts.
const (
	phaseWarm = iota // before the first replacement
	phaseTerm        // replicas replaced with SIGTERM
	phaseKill        // replicas replaced with SIGKILL
	phases
)

var phaseNames = [phases]string{"before", "SIGTERM", "SIGKILL"}

// acceptedMove is a move a player was shown applied: the table and the
// version its button or select carried.
type acceptedMove struct {
	table   string
	version int64
	phase   int32
}

// rollStats are the clickers' counts.
type rollStats struct {
	mu       sync.Mutex
	moves    int // interactions that make a move (an action button or select)
	accepted []acceptedMove
	// incomplete are when the interactions were sent that were
	// acknowledged and whose work never finished (their replica was
	// killed after the acknowledgement): the player does not know
	// whether the move was applied.
	incomplete []time.Time
	errs       []string
	last       *discordtest.Interaction // the latest accepted move, for replays
}

func (s *rollStats) add(m *acceptedMove, ix *discordtest.Interaction, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var inc incompleteError
	if errors.As(err, &inc) {
		s.incomplete = append(s.incomplete, inc.sent)
		return
	}
	if err != nil {
		s.errs = append(s.errs, err.Error())
		return
	}
	s.moves++
	if m != nil {
		s.accepted = append(s.accepted, *m)
		s.last = ix
	}
}

// TestE2ERollingDeploy: N `warroom serve` replicas on PostgreSQL behind a
// balancer, under steady clicks at several tables, are replaced one by
// one with SIGTERM and a new start, then again with SIGKILL (#29 item 8).
// Counted from the stand-in and the store: interactions that failed
// (refused, or not answered within Discord's 3 s), accepted moves lost
// (shown applied, missing from the log), moves applied twice (log
// versions that do not strictly increase, or log entries no click asked
// for), boards never delivered (a table still owing Discord at the end),
// and replays of an accepted click answered as new after each
// replacement. Under SIGTERM everything must be 0. Under SIGKILL an
// interaction may fail only when the killed replica dropped its request,
// and one may be acknowledged and never completed only when it was sent
// just before a kill (a click is acknowledged before it is applied, so
// the player cannot tell whether it was: docs/deploy.md); both are
// reported. WARROOM_ROLL_REPLICAS sets N (default 2). Run by
// .ci/run; skipped under -short and the race detector (./test.sh).
func TestE2ERollingDeploy(t *testing.T) {
	if os.Getenv("WARROOM_E2E_CHILD") != "" {
		t.Skip("child")
	}
	if testing.Short() || raceEnabled {
		t.Skip("a rolling deploy of child processes: .ci/run runs it")
	}
	n := 2
	if v, err := strconv.Atoi(os.Getenv("WARROOM_ROLL_REPLICAS")); err == nil && v >= 2 {
		n = v
	}
	r := startRolling(t, n, 4)
	var stats rollStats
	var phase atomic.Int32
	stop := make(chan struct{})
	var clickers sync.WaitGroup
	for i, ch := range r.channels {
		clickers.Add(1)
		go func() {
			defer clickers.Done()
			r.w.clickSteadily(ch, uint64(i), stop, &phase, &stats)
		}()
	}
	time.Sleep(2 * time.Second)
	seen := len(r.w.srv.Failures())
	phase.Store(phaseTerm)
	replays := r.replaceAll("SIGTERM", syscall.SIGTERM, &stats)
	time.Sleep(time.Second)
	inTerm := len(r.w.srv.Failures())
	phase.Store(phaseKill)
	replays += r.replaceAll("SIGKILL", syscall.SIGKILL, &stats)
	time.Sleep(2 * time.Second)
	close(stop)
	clickers.Wait()
	r.w.srv.WaitIdle(r.w.ctx(), 500*time.Millisecond)
	all := r.w.srv.Failures()
	var failed [phases]int // interactions, each once whatever the stand-in found wrong with it
	for i, f := range all {
		p := phaseKill
		if i < seen {
			p = phaseWarm
		} else if i < inTerm {
			p = phaseTerm
		}
		if !slices.ContainsFunc(all[:i], func(g discordtest.Failure) bool { return g.InteractionID == f.InteractionID }) {
			failed[p]++
		}
		if p != phaseKill || !r.lb.wasDropped(f.InteractionID) {
			t.Errorf("%s: %s", phaseNames[p], f)
		}
	}
	lost, doubled := r.audit(t, &stats)
	owing := waitDelivered(t, r.st, r.ids)
	t.Logf("%d replicas, %d tables, %d interactions, %d moves (%d accepted), %d refused connections retried by the balancer",
		n, len(r.ids), len(r.w.srv.Interactions()), stats.moves, len(stats.accepted), r.lb.retried.Load())
	for p := range phases {
		t.Logf("%s: failed %d, lost %d", phaseNames[p], failed[p], lost[p])
	}
	unexplained := 0
	for _, sent := range stats.incomplete {
		if !r.killedAround(sent) {
			unexplained++
		}
	}
	t.Logf("acknowledged but never completed: %d, %d of them sent within %v before a SIGKILL", len(stats.incomplete), len(stats.incomplete)-unexplained, ackWindow)
	t.Logf("doubled %d, replays accepted %d, tables owing Discord %d", doubled, replays, owing)
	if lost[phaseWarm]+lost[phaseTerm]+lost[phaseKill]+unexplained+doubled+replays+owing > 0 || len(stats.accepted) == 0 {
		t.Errorf("lost %v, incomplete without a SIGKILL %d, doubled %d, replays accepted %d, owing %d, %d accepted moves",
			lost, unexplained, doubled, replays, owing, len(stats.accepted))
	}
	if len(stats.errs) > failed[phaseKill] {
		t.Errorf("clickers' errors beyond the interactions SIGKILL dropped:\n%s", strings.Join(stats.errs, "\n"))
	}
}

// rolling is the deploy under test: replicas, their balancer, and the
// tables being played.
type rolling struct {
	t        *testing.T
	w        *world
	lb       *dialBalancer
	st       *data.Postgres
	addrs    []string
	kids     []*exec.Cmd
	flags    []string
	channels []string
	ids      []string
	logged   []int // log entries per table before the clicks
	mu       sync.Mutex
	kills    []time.Time // when each SIGKILL was sent
}

// ackWindow is how long an interaction's work may take before a SIGKILL
// for the kill to explain that it never completed: Discord's deadline.
const ackWindow = 3 * time.Second

// killedAround reports whether a SIGKILL was sent within ackWindow after
// sent.
func (r *rolling) killedAround(sent time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.ContainsFunc(r.kills, func(k time.Time) bool { return !k.Before(sent) && k.Sub(sent) <= ackWindow })
}

// startRolling starts n replicas on a fresh PostgreSQL database behind a
// dialBalancer and opens a game of Flanders in each of tables channels.
func startRolling(t *testing.T, n, tables int) *rolling {
	url, err := storetest.NewCluster(t).NewDatabase()
	if err != nil {
		t.Fatal(err)
	}
	r := &rolling{t: t, w: newWorld(t), flags: []string{"--no-images", "--timer-interval", "1s", "--log-level", "info",
		"--drain-delay", (10 * healthEvery).String()}}
	r.w.db = url
	r.w.replicas = true
	r.w.log = &logBuffer{running: make(chan struct{})}
	for range n {
		r.addrs = append(r.addrs, freeAddr(t))
		r.kids = append(r.kids, r.w.startServeChild(r.addrs[len(r.addrs)-1], r.flags...))
	}
	r.lb = newDialBalancer(t, r.addrs)
	front := httptest.NewServer(r.lb)
	t.Cleanup(front.Close)
	if err := r.w.srv.SetInteractionsEndpoint(r.w.ctx(), front.URL+"/interactions"); err != nil {
		t.Fatalf("endpoint: %v\n%s", err, r.w.log.String())
	}
	if r.st, err = data.OpenPostgres(context.Background(), url); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.st.Close() })
	for range tables {
		r.w.ch = r.w.srv.NewChannel(r.w.guild)
		r.w.lobby("flanders", nil, true, 0)
		tb, err := r.st.ByChannel(r.w.ctx(), r.w.ch)
		if err != nil {
			t.Fatal(err)
		}
		r.channels, r.ids = append(r.channels, r.w.ch), append(r.ids, tb.ID)
		r.logged = append(r.logged, len(tableLog(t, r.st, tb.ID)))
	}
	return r
}

// replaceAll replaces each replica in turn: sig, wait for it to exit,
// start its successor on the same address; then a replay of the latest
// accepted click. It returns how many replays were answered as new.
func (r *rolling) replaceAll(how string, sig os.Signal, stats *rollStats) int {
	replays := 0
	for i := range r.kids {
		began := time.Now()
		if sig == syscall.SIGKILL {
			r.mu.Lock()
			r.kills = append(r.kills, began)
			r.mu.Unlock()
		}
		r.kids[i].Process.Signal(sig)
		r.kids[i].Wait()
		down := time.Since(began)
		r.kids[i] = r.w.startServeChild(r.addrs[i], r.flags...)
		r.t.Logf("%s replica %d: exited in %v, its successor listened %v after the signal", how, i, down.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
		time.Sleep(time.Second)
		stats.mu.Lock()
		last := stats.last
		stats.mu.Unlock()
		if last == nil {
			continue
		}
		if status, err := last.Replay(r.w.ctx()); err != nil || status/100 == 2 {
			replays++
			r.t.Errorf("after %s of replica %d a replayed click was answered %d %v", how, i, status, err)
		}
	}
	return replays
}

// audit compares the accepted moves with the tables' logs: lost (per
// phase) are moves shown applied whose version has no successor in the
// log; doubled are log versions that do not strictly increase, and
// entries beyond the accepted moves and those a killed replica dropped
// or never completed.
func (r *rolling) audit(t *testing.T, stats *rollStats) (lost [phases]int, doubled int) {
	versions := map[string]map[int64]bool{}
	grew := 0
	for i, id := range r.ids {
		log := tableLog(t, r.st, id)
		versions[id] = map[int64]bool{}
		for j, e := range log {
			versions[id][e.Version] = true
			if j > 0 && e.Version <= log[j-1].Version {
				doubled++
			}
		}
		grew += len(log) - r.logged[i]
	}
	for _, m := range stats.accepted {
		if !versions[m.table][m.version+1] {
			lost[m.phase]++
		}
	}
	r.lb.mu.Lock()
	dropped := len(r.lb.dropped)
	r.lb.mu.Unlock()
	unsure := dropped + len(stats.incomplete)
	if extra := grew - len(stats.accepted) - unsure; extra > 0 {
		doubled += extra
	}
	return lost, doubled
}

// tableLog is the action log of table id.
func tableLog(t *testing.T, st data.Store, id string) []data.LogEntry {
	t.Helper()
	log, err := st.Log(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// waitDelivered waits up to a minute for every table to owe Discord
// nothing (what a killed replica left is delivered by the others' timers
// or its successor's start) and returns how many still owe.
func waitDelivered(t *testing.T, st data.Store, ids []string) int {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		owing := 0
		for _, id := range ids {
			if tb, err := st.Get(t.Context(), id); err != nil || len(tb.Outbox) > 0 {
				owing++
			}
		}
		if owing == 0 || time.Now().After(deadline) {
			return owing
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// clickSteadily plays the game in ch, one move after another as its
// players would, until stop: it runs on its own goroutine, so it counts
// failures in stats instead of ending the test.
func (w *world) clickSteadily(ch string, seed uint64, stop <-chan struct{}, phase *atomic.Int32, stats *rollStats) {
	rng := rand.New(rand.NewPCG(seed, 9))
	var moved string // the board the last accepted move was made on
	for {
		select {
		case <-stop:
			return
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		b, err := currentBoard(ctx, w.srv, ch)
		cancel()
		if err != nil || b == nil { // no board came, or the game ended
			if err != nil {
				stats.add(nil, nil, err)
			}
			return
		}
		u, ok := w.toAct(b)
		if !ok || boardKey(b) == moved { // its successor is on its way
			time.Sleep(50 * time.Millisecond)
			continue
		}
		ctx, cancel = context.WithTimeout(context.Background(), 10*time.Second)
		at := phase.Load()
		ix, customID, applied, err := w.tryMove(ctx, rng, u, b)
		cancel()
		var m *acceptedMove
		if id, perr := commands.ParseCustomID(customID); applied && perr == nil {
			m = &acceptedMove{table: id.Table, version: id.Version, phase: at}
			moved = boardKey(b)
		} else {
			time.Sleep(100 * time.Millisecond) // a stale board: look again
		}
		stats.add(m, ix, err)
	}
}

// boardKey tells one board (message and version) from another.
func boardKey(m *discordtest.Message) string {
	var ids []string
	for _, b := range m.Buttons() {
		ids = append(ids, b.CustomID)
	}
	return m.ID + " " + strings.Join(ids, ",")
}

// currentBoard is the current board of ch, or nil once the game is over.
func currentBoard(ctx context.Context, srv *discordtest.Server, ch string) (*discordtest.Message, error) {
	m, err := srv.WaitMessage(ctx, ch, func(m *discordtest.Message) bool { return isBoard(m) || isResult(m) })
	if err != nil {
		return nil, err
	}
	if isResult(m) {
		return nil, nil
	}
	msgs := srv.Messages(ch)
	for i := len(msgs) - 1; i >= 0; i-- {
		if isBoard(&msgs[i]) {
			return &msgs[i], nil
		}
	}
	return nil, fmt.Errorf("no board in %s", ch)
}

// incompleteError: the interaction sent at sent was acknowledged, then
// its answer never came.
type incompleteError struct {
	sent time.Time
	what string
}

func (e incompleteError) Error() string { return "acknowledged, then never completed: " + e.what }

// tryMove makes one legal move as move does, returning what it would
// have ended the test for: the interaction that makes the move and
// whether it was applied (answered with no private message, such as
// "this board has changed").
func (w *world) tryMove(ctx context.Context, rng *rand.Rand, user discordtest.User, b *discordtest.Message) (*discordtest.Interaction, string, bool, error) {
	msg := b
	for range 3 {
		var actions []string
		for _, btn := range msg.Buttons() {
			if !btn.Disabled && isAction(btn.CustomID) {
				actions = append(actions, btn.CustomID)
			}
		}
		sels := msg.Selects()
		var ix *discordtest.Interaction
		var customID string
		final := true
		switch {
		case len(actions) > 0 && (len(sels) == 0 || rng.IntN(2) == 0):
			customID = actions[rng.IntN(len(actions))]
			ix = w.srv.Click(user, msg, customID)
		case len(sels) > 0:
			sel := sels[rng.IntN(len(sels))]
			customID = sel.CustomID
			ix = w.srv.Select(user, msg, sel.CustomID, []string{sel.Options[rng.IntN(len(sel.Options))].Value})
			final = !strings.HasSuffix(sel.CustomID, ":g")
		default:
			your, ok := findButton(msg, ":p")
			if !ok {
				return nil, "", false, fmt.Errorf("nothing to click on %q", msg.Text())
			}
			ix, final = w.srv.Click(user, msg, your), false
		}
		sent := time.Now()
		r, err := w.waitAnswered(ctx, ix)
		if err != nil {
			actx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			if _, aerr := ix.WaitAck(actx); aerr == nil {
				err = incompleteError{sent: sent, what: ix.ID + " " + customID}
			}
			return ix, "", false, err
		}
		if final {
			return ix, customID, privateText(r) == "", nil
		}
		if msg = heldMenu(r); msg == nil {
			return ix, "", false, nil // the board moved on under the click
		}
	}
	return nil, "", false, errors.New("menus nested too deep")
}
