package bot

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
)

// callbackCounter is a Discord that takes every request and counts the
// interaction callbacks among them.
func callbackCounter(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/callback") {
			n.Add(1)
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// A captured request replayed after a restart is refused: the accepted
// ids are kept in the store, not in the process's memory (#29 item 4).
func TestEndpointReplayAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	discord, callbacks := callbackCounter(t)
	run := func() int { // one process: open the store, take one request, stop
		store, err := data.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		b := httpBot(store, discord.URL)
		e := testEndpoint()
		e.Attach(b)
		w := httptest.NewRecorder()
		e.ServeHTTP(w, signed(clickBody, testNow))
		b.inflight.Wait()
		return w.Code
	}
	if code := run(); code != http.StatusAccepted {
		t.Fatalf("the genuine request: %d", code)
	}
	if code := run(); code != http.StatusUnauthorized {
		t.Fatalf("the replay after a restart: %d, want 401", code)
	}
	if n := callbacks.Load(); n != 1 {
		t.Fatalf("%d callbacks, want 1: the replay was acted on", n)
	}
}

// An INTERACTION_CREATE dispatched twice (a resumed gateway session) is
// acted on once.
func TestGatewayInteractionOnce(t *testing.T) {
	store, err := data.Open(filepath.Join(t.TempDir(), "w.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	discord, callbacks := callbackCounter(t)
	b := httpBot(store, discord.URL)
	for range 2 {
		b.onEvent(b.s, &discordgo.Event{Type: "INTERACTION_CREATE", RawData: []byte(clickBody)})
	}
	b.inflight.Wait()
	if n := callbacks.Load(); n != 1 {
		t.Fatalf("%d callbacks for one interaction dispatched twice, want 1", n)
	}
}

// On a store this process alone writes (bbolt), a gateway interaction
// dispatched twice is still acted on once, and its id costs no write of
// the store: only this process's own resumed session can send it again.
func TestGatewayInteractionOnceInMemory(t *testing.T) {
	store, err := data.Open(filepath.Join(t.TempDir(), "w.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	discord, callbacks := callbackCounter(t)
	b := httpBot(store, discord.URL)
	b.svc.SoleWriter = true
	for range 2 {
		b.onEvent(b.s, &discordgo.Event{Type: "INTERACTION_CREATE", RawData: []byte(clickBody)})
	}
	b.inflight.Wait()
	if n := callbacks.Load(); n != 1 {
		t.Fatalf("%d callbacks for one interaction dispatched twice, want 1", n)
	}
	i, _, err := readInteraction([]byte(clickBody))
	if err != nil {
		t.Fatal(err)
	}
	if first, err := store.FirstInteraction(t.Context(), i.ID, time.Now().Add(time.Minute)); err != nil || !first {
		t.Fatalf("the store recorded the gateway interaction's id (first %v, %v): a write a click does not need", first, err)
	}
	b.gateway.forget(time.Now().Add(SignatureWindow + time.Second))
	if len(b.gateway.ids) != 0 {
		t.Fatalf("expired ids kept: %v", b.gateway.ids)
	}
}
