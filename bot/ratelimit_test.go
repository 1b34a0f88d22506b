package bot

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/render"
)

// slowDiscord answers each request after rtt with Discord's per-route
// rate-limit headers, and counts the requests in flight at once.
type slowDiscord struct {
	rtt       time.Duration
	in, maxIn atomic.Int32
	requests  atomic.Int32
}

func (d *slowDiscord) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.requests.Add(1)
	n := d.in.Add(1)
	defer d.in.Add(-1)
	for m := d.maxIn.Load(); n > m && !d.maxIn.CompareAndSwap(m, n); m = d.maxIn.Load() {
	}
	time.Sleep(d.rtt)
	w.Header().Set("X-RateLimit-Limit", "5")
	w.Header().Set("X-RateLimit-Remaining", "4")
	w.Header().Set("X-RateLimit-Reset-After", "1")
	w.Header().Set("X-RateLimit-Bucket", "abcd1234")
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{"id":"1","channel_id":"2"}`))
}

// slowBot is a Bot whose REST calls go to d.
func slowBot(t testing.TB, d *slowDiscord) *Bot {
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	base, _ := url.Parse(srv.URL)
	s, _ := discordgo.New("Bot x")
	s.Client = &http.Client{Transport: &RewriteTransport{Base: base, Next: restTransport()}}
	return &Bot{s: s, log: zerolog.Nop()}
}

// editAll edits the @original of n different interactions at once, JSON
// edits or with a picture.
func editAll(t testing.TB, b *Bot, n int, picture bool) {
	var wg sync.WaitGroup
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			msg := renderMessage("board " + strconv.Itoa(k))
			if picture {
				msg.Files = append(msg.Files, render.File{Name: "board.png", Data: []byte("\x89PNG\r\n\x1a\n")})
			}
			i := &discordgo.Interaction{ID: strconv.Itoa(k), AppID: "99", Token: "token" + strconv.Itoa(k)}
			if err := b.editOriginal(i, webhookEdit(msg)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// Edits of different interactions' @original go out together: each
// interaction token is its own bucket, JSON or multipart. With one bucket
// for every interaction (discordgo's EndpointWebhookToken("", "")), 10
// edits at 100 ms round trip took 1.0 s, one after another.
func TestEditsOfDifferentInteractionsRunTogether(t *testing.T) {
	for _, picture := range []bool{false, true} {
		d := &slowDiscord{rtt: 100 * time.Millisecond}
		b := slowBot(t, d)
		start := time.Now()
		editAll(t, b, 10, picture)
		t.Logf("picture %v: 10 edits of 10 interactions at %v round trip: %v, at most %d in flight", picture, d.rtt, time.Since(start), d.maxIn.Load())
		if d.maxIn.Load() != 10 {
			t.Errorf("picture %v: at most %d of 10 edits of different interactions were in flight together", picture, d.maxIn.Load())
		}
	}
}

// BenchmarkEditsOfDifferentInteractions: 10 concurrent @original edits of
// 10 interactions at 100 ms round trip, per op.
func BenchmarkEditsOfDifferentInteractions(b *testing.B) {
	d := &slowDiscord{rtt: 100 * time.Millisecond}
	bot := slowBot(b, d)
	for b.Loop() {
		editAll(b, bot, 10, false)
	}
}

// A post in a channel is drawn only once its turn has come under the
// rate limits: while another request holds the channel's bucket (or the
// global limit holds it back), the board waits undrawn, so a thousand
// boards queued behind the global limit hold no pictures.
func TestPostDrawnWhenItsTurnComes(t *testing.T) {
	d := &slowDiscord{rtt: time.Millisecond}
	b := slowBot(t, d)
	held := b.s.Ratelimiter.LockBucket(discordgo.EndpointChannelMessages("c1"))
	var drawn atomic.Bool
	posted := make(chan error, 1)
	go func() {
		c := &ixCourier{b: b}
		_, err := c.PostDraft(t.Context(), "c1", func() (render.Message, error) {
			drawn.Store(true)
			msg := renderMessage("board")
			msg.Files = []render.File{{Name: "board.png", Data: []byte("\x89PNG\r\n\x1a\n")}}
			return msg, nil
		}, "nonce")
		posted <- err
	}()
	time.Sleep(100 * time.Millisecond)
	if drawn.Load() {
		t.Fatal("the board was drawn while its post waited for the channel's bucket")
	}
	held.Release(nil)
	if err := <-posted; err != nil {
		t.Fatal(err)
	}
	if !drawn.Load() || d.requests.Load() != 1 {
		t.Fatalf("drawn %v, %d requests: want the board drawn and posted once", drawn.Load(), d.requests.Load())
	}
}

// A board that cannot be drawn is not posted, its error comes back as it
// is, and the channel's bucket is free again.
func TestPostDrawnFailureFreesTheBucket(t *testing.T) {
	d := &slowDiscord{rtt: time.Millisecond}
	b := slowBot(t, d)
	c := &ixCourier{b: b}
	bad := errors.New("no picture")
	if _, err := c.PostDraft(t.Context(), "c1", func() (render.Message, error) { return render.Message{}, bad }, "n"); !errors.Is(err, bad) {
		t.Fatalf("draw's error came back as %v", err)
	}
	next := make(chan error, 1)
	go func() { _, err := c.Post(t.Context(), "c1", renderMessage("next"), "n2"); next <- err }()
	select {
	case err := <-next:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the channel's bucket is still held after a board that could not be drawn")
	}
	if d.requests.Load() != 1 {
		t.Fatalf("%d requests, want only the second post", d.requests.Load())
	}
}
