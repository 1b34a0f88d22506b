package bot

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
)

// An HTTP interaction is answered 202 only when Discord took its
// callback (developers/interactions/receiving-and-responding.mdx,
// "Interaction Callback": 202 when "you send this request"); one Discord
// refused acknowledged nothing and is answered 500. 40060 (already
// acknowledged) is an answered interaction.
func TestEndpointAnswers202OnlyForATakenCallback(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		body   string
		want   int
	}{
		{"taken", http.StatusNoContent, "", http.StatusAccepted},
		{"refused", http.StatusBadRequest, `{"code": 50035, "message": "Invalid Form Body"}`, http.StatusInternalServerError},
		{"unknown interaction", http.StatusNotFound, `{"code": 10062, "message": "Unknown interaction"}`, http.StatusInternalServerError},
		{"already acknowledged", http.StatusBadRequest, `{"code": 40060, "message": "Interaction has already been acknowledged."}`, http.StatusAccepted},
	} {
		store, err := data.Open(filepath.Join(t.TempDir(), c.name+".db"))
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		t.Run(c.name, func(t *testing.T) {
			discord := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if c.body != "" {
					w.Header().Set("Content-Type", "application/json")
				}
				w.WriteHeader(c.status)
				w.Write([]byte(c.body))
			}))
			defer discord.Close()
			b := httpBot(store, discord.URL)
			e := testEndpoint()
			e.Attach(b)
			w := httptest.NewRecorder()
			e.ServeHTTP(w, signed(clickBody, testNow))
			b.inflight.Wait()
			if w.Code != c.want {
				t.Fatalf("callback answered %d: endpoint answered %d, want %d", c.status, w.Code, c.want)
			}
		})
	}
}

// httpBot is a Bot in HTTP mode on store, whose Discord is at discordURL,
// without registering commands or running timers.
func httpBot(store data.Store, discordURL string) *Bot {
	base, _ := url.Parse(discordURL)
	s, _ := discordgo.New("Bot x")
	b := &Bot{s: s, svc: commands.NewService(store, zerolog.Nop(), catalog.All()), log: zerolog.Nop(), closing: make(chan struct{}), acks: map[string]chan callbackOutcome{}}
	s.Client = &http.Client{Transport: callbackTransport{next: &RewriteTransport{Base: base}, sent: b.callbackSent}}
	return b
}
