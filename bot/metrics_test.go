package bot

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/warroom/warroom/data"
)

func TestRouteLabelHidesIdsAndTokens(t *testing.T) {
	for in, want := range map[string]string{
		"/api/v10/channels/123456789012345678/messages":                    "/channels/:id/messages",
		"/api/v10/interactions/1234/aW50ZXJhY3Rpb246MTIzNDU2/callback":     "/interactions/:id/:token/callback",
		"/api/v10/webhooks/99/aW50ZXJhY3Rpb246MTIzNDU2/messages/@original": "/webhooks/:id/:token/messages/@original",
		"/api/v10/guilds/5/threads/active":                                 "/guilds/:id/threads/active",
		"/users/@me":                                                       "/users/@me",
	} {
		if got := route(in); got != want {
			t.Errorf("route(%q) = %q, want %q", in, got, want)
		}
	}
}

// Interaction endpoints count apart from the global rate limit.
func TestLimitOf(t *testing.T) {
	for in, want := range map[string]string{
		"/api/v9/interactions/1234/tok/callback":     "interaction",
		"/api/v9/webhooks/99/tok/messages/@original": "interaction",
		"/api/v9/webhooks/99/tok":                    "interaction",
		"/api/v9/channels/1/messages":                "global",
		"/api/v9/channels/1/messages/2":              "global",
		"/api/v9/users/@me/channels":                 "global",
		"/api/v9/applications/99/guilds/5/commands":  "global",
	} {
		if got := limitOf(in); got != want {
			t.Errorf("limitOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// A stopping replica fails /readyz at once, so a load balancer takes it
// out while it still serves (the drain of a rolling deploy).
func TestReadyzFailsWhileDraining(t *testing.T) {
	store, err := data.Open(filepath.Join(t.TempDir(), "w.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	m := NewMetrics(store)
	m.ready.Store(true)
	ready := func() int {
		w := httptest.NewRecorder()
		m.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/readyz", nil))
		return w.Code
	}
	if code := ready(); code != http.StatusOK {
		t.Fatalf("ready: %d", code)
	}
	m.Draining()
	if code := ready(); code != http.StatusServiceUnavailable {
		t.Fatalf("draining: %d, want 503", code)
	}
}
