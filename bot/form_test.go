package bot

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
)

// slowStore reads a table only when release is closed, as a store under
// load; read tells when it has.
type slowStore struct {
	data.Store
	release, read chan struct{}
}

func (s slowStore) Get(ctx context.Context, id string) (*data.Table, error) {
	<-s.release
	defer close(s.read)
	return s.Store.Get(ctx, id)
}

// A form's button is answered within Discord's 3 seconds even when the
// table cannot be read in time: a modal cannot be deferred, so the click
// gets a private "could not open in time" instead of no answer at all.
func TestFormAnsweredInTimeWhateverTheLoad(t *testing.T) {
	store, err := data.Open(filepath.Join(t.TempDir(), "warroom.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	callbacks := make(chan string, 4)
	discord := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.HasSuffix(r.URL.Path, "/callback") {
			callbacks <- string(body)
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer discord.Close()
	base, _ := url.Parse(discord.URL)
	s, _ := discordgo.New("Bot x")
	s.Client = &http.Client{Transport: &RewriteTransport{Base: base}}
	slow := slowStore{Store: store, release: make(chan struct{}), read: make(chan struct{})}
	svc := commands.NewService(slow, zerolog.Nop(), catalog.All())
	b := &Bot{s: s, svc: svc, log: zerolog.Nop(), closing: make(chan struct{})}
	form := strings.Replace(clickBody, "w1:1:2:a:roll", "w1:1:2:t:roll", 1)
	form = strings.Replace(form, `"id":"3"`, `"id":"`+snowflakeAt(time.Now())+`"`, 1)
	i, x, err := readInteraction([]byte(form))
	if err != nil || !commands.OpensForm(mustRequest(t, i, x)) {
		t.Fatalf("not a form's button: %v", err)
	}
	start := time.Now()
	go b.onInteraction(s, i, x)
	select {
	case got := <-callbacks:
		var cb discordgo.InteractionResponse
		json.Unmarshal([]byte(got), &cb)
		took := time.Since(start)
		t.Logf("answered after %v: %s", took, got)
		if took >= 3*time.Second || cb.Type != discordgo.InteractionResponseChannelMessageWithSource || cb.Data == nil || cb.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Fatalf("after %v, callback %s: want a private answer within 3 s", took, got)
		}
	case <-time.After(3 * time.Second):
		t.Error("no answer within Discord's 3 seconds")
	}
	close(slow.release)
	<-slow.read
	b.inflight.Wait()
}

func mustRequest(t *testing.T, i *discordgo.Interaction, x interactionExtras) commands.Request {
	req, ok := requestOf(i, x)
	if !ok {
		t.Fatal("no request")
	}
	return req
}
