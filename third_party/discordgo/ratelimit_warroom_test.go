package discordgo

// warroom patch: tests of the rate limiter against a Discord-shaped
// server with real latency (developers/topics/rate-limits.mdx).

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// slowDiscord answers every request after rtt with Discord's per-route
// headers (5 a second), unless answer takes it over.
type slowDiscord struct {
	rtt      time.Duration
	answer   func(w http.ResponseWriter, r *http.Request) bool // true: answered
	inFlight atomic.Int32
	maxIn    atomic.Int32
	mu       sync.Mutex
	arrived  map[string]time.Time // first arrival by path
}

func (d *slowDiscord) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	if _, ok := d.arrived[r.URL.Path]; !ok {
		d.arrived[r.URL.Path] = time.Now()
	}
	d.mu.Unlock()
	n := d.inFlight.Add(1)
	defer d.inFlight.Add(-1)
	for m := d.maxIn.Load(); n > m && !d.maxIn.CompareAndSwap(m, n); m = d.maxIn.Load() {
	}
	time.Sleep(d.rtt)
	if d.answer != nil && d.answer(w, r) {
		return
	}
	w.Header().Set("X-RateLimit-Limit", "5")
	w.Header().Set("X-RateLimit-Remaining", "4")
	w.Header().Set("X-RateLimit-Reset", strconv.FormatInt(time.Now().Add(time.Second).Unix(), 10))
	w.Header().Set("X-RateLimit-Reset-After", "1")
	w.Header().Set("X-RateLimit-Bucket", "abcd1234")
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{"id":"1","channel_id":"2"}`))
}

// arrival is when the first request to endpoint (a URL) arrived.
func (d *slowDiscord) arrival(endpoint string) time.Time {
	u, _ := url.Parse(endpoint)
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.arrived[u.Path]
}

// rewrite sends every request to the test server.
type rewrite struct{ to *url.URL }

func (t rewrite) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.URL.Scheme, r.URL.Host = t.to.Scheme, t.to.Host
	return http.DefaultTransport.RoundTrip(r)
}

func slowSession(t *testing.T, d *slowDiscord) *Session {
	d.arrived = map[string]time.Time{}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	s, _ := New("Bot x")
	s.Client = &http.Client{Transport: rewrite{u}}
	return s
}

// Edits of different interactions' @original are not queued behind each
// other: each token is its own bucket (upstream #1384), so at 100 ms round
// trip 10 edits of 10 interactions take one round trip, not ten.
func TestInteractionEditsOfDifferentTokensRunTogether(t *testing.T) {
	d := &slowDiscord{rtt: 100 * time.Millisecond}
	s := slowSession(t, d)
	start := time.Now()
	var wg sync.WaitGroup
	for k := 0; k < 10; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			content := "board"
			i := &Interaction{AppID: "99", Token: "token" + strconv.Itoa(k)}
			if _, err := s.InteractionResponseEdit(i, &WebhookEdit{Content: &content}); err != nil {
				t.Error(err)
			}
		}(k)
	}
	wg.Wait()
	t.Logf("10 edits of 10 interactions at %v round trip: %v, at most %d in flight", d.rtt, time.Since(start), d.maxIn.Load())
	if d.maxIn.Load() < 10 {
		t.Errorf("at most %d of 10 edits of different interactions were in flight together", d.maxIn.Load())
	}
}

// globalLimited is Discord's documented global 429
// (developers/topics/rate-limits.mdx, "Example Exceeded Global Rate Limit
// Response"): no X-RateLimit-Reset-After.
func globalLimited(w http.ResponseWriter, headers bool) {
	if headers {
		w.Header().Set("Retry-After", "1")
		w.Header().Set("X-RateLimit-Global", "true")
		w.Header().Set("X-RateLimit-Scope", "global")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusTooManyRequests)
	w.Write([]byte(`{"message": "You are being rate limited.", "retry_after": 1.0, "global": true}`))
}

// After a global 429, another route's first request waits out the
// retry_after, while an interaction callback (not bound to the global
// limit) goes at once; with the documented headers, and with the body
// alone.
func TestGlobal429StopsOtherRoutes(t *testing.T) {
	for _, headers := range []bool{true, false} {
		t.Run("headers="+strconv.FormatBool(headers), func(t *testing.T) {
			var limitedAt atomic.Int64
			d := &slowDiscord{rtt: 50 * time.Millisecond, answer: func(w http.ResponseWriter, r *http.Request) bool {
				if strings.HasSuffix(r.URL.Path, "/channels/1/messages") {
					limitedAt.Store(time.Now().UnixNano())
					globalLimited(w, headers)
					return true
				}
				return false
			}}
			s := slowSession(t, d)
			s.ShouldRetryOnRateLimit = false
			var rle *RateLimitError
			if _, err := s.ChannelMessageSend("1", "hi"); !errors.As(err, &rle) {
				t.Fatalf("want a rate limit error, got %v", err)
			}
			limited := time.Unix(0, limitedAt.Load())
			callback := make(chan error, 1)
			go func() {
				callback <- s.InteractionRespond(&Interaction{ID: "5", Token: "tok"}, &InteractionResponse{Type: InteractionResponseDeferredMessageUpdate})
			}()
			if _, err := s.ChannelMessageSend("2", "hi"); err != nil {
				t.Fatal(err)
			}
			if err := <-callback; err != nil {
				t.Fatal(err)
			}
			other := d.arrival(EndpointChannelMessages("2")).Sub(limited)
			ix := d.arrival(EndpointInteractionResponse("5", "tok")).Sub(limited)
			t.Logf("after a 1 s global 429: another route sent %v later, an interaction callback %v later", other, ix)
			if other < time.Second {
				t.Errorf("another route was sent %v into a 1 s global window", other)
			}
			if ix >= time.Second {
				t.Errorf("an interaction callback waited %v for the global window it is exempt from", ix)
			}
		})
	}
}

// A route's 429 holds that route for its Retry-After even when its
// X-RateLimit-Remaining is not 0 (a shared resource's limit).
func TestRoute429HoldsItsBucket(t *testing.T) {
	var limitedAt, again atomic.Int64
	d := &slowDiscord{rtt: 20 * time.Millisecond, answer: func(w http.ResponseWriter, r *http.Request) bool {
		if limitedAt.Load() != 0 {
			again.CompareAndSwap(0, time.Now().UnixNano())
			return false
		}
		limitedAt.Store(time.Now().UnixNano())
		w.Header().Set("Retry-After", "1")
		w.Header().Set("X-RateLimit-Limit", "10")
		w.Header().Set("X-RateLimit-Remaining", "9")
		w.Header().Set("X-RateLimit-Reset-After", "0.2")
		w.Header().Set("X-RateLimit-Scope", "shared")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		w.Write([]byte(`{"message": "The resource is being rate limited.", "retry_after": 1.0, "global": false}`))
		return true
	}}
	s := slowSession(t, d)
	s.ShouldRetryOnRateLimit = false
	if _, err := s.ChannelMessageSend("1", "hi"); err == nil {
		t.Fatal("want a rate limit error")
	}
	if _, err := s.ChannelMessageSend("1", "hi"); err != nil {
		t.Fatal(err)
	}
	if gap := time.Duration(again.Load() - limitedAt.Load()); gap < time.Second {
		t.Errorf("the route was sent again %v into its 1 s window", gap)
	}
}

// A burst of requests bound by the global limit is spaced under Discord's
// 50 a second (developers/topics/rate-limits.mdx, "Global Rate Limit"), so
// it earns no global 429; interaction endpoints are not held back by it.
// Without the spacing, 120 posts to 120 channels go out at once.
func TestBurstKeepsUnderTheGlobalLimit(t *testing.T) {
	var mu sync.Mutex
	var posts, callbacks []time.Time
	d := &slowDiscord{rtt: 20 * time.Millisecond, answer: func(w http.ResponseWriter, r *http.Request) bool {
		mu.Lock()
		defer mu.Unlock()
		if strings.Contains(r.URL.Path, "/interactions/") {
			callbacks = append(callbacks, time.Now())
		} else {
			posts = append(posts, time.Now())
		}
		return false
	}}
	s := slowSession(t, d)
	start := time.Now()
	var wg sync.WaitGroup
	for k := 0; k < 120; k++ {
		wg.Add(2)
		go func(k int) {
			defer wg.Done()
			if _, err := s.ChannelMessageSend(strconv.Itoa(1000+k), "board"); err != nil {
				t.Error(err)
			}
		}(k)
		go func(k int) {
			defer wg.Done()
			i := &Interaction{ID: strconv.Itoa(k), Token: "t" + strconv.Itoa(k)}
			if err := s.InteractionRespond(i, &InteractionResponse{Type: InteractionResponseDeferredMessageUpdate}); err != nil {
				t.Error(err)
			}
		}(k)
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if most := mostInOneSecond(posts); most > 50 {
		t.Errorf("%d requests bound by the global limit arrived within one second (limit 50)", most)
	}
	for _, c := range callbacks {
		if c.Sub(start) > time.Second {
			t.Errorf("an interaction callback waited %v behind the global spacing", c.Sub(start))
			break
		}
	}
	t.Logf("120 posts in %v, at most %d in one second", time.Since(start), mostInOneSecond(posts))
}

// mostInOneSecond is the largest number of times within one second.
func mostInOneSecond(ts []time.Time) int {
	slices.SortFunc(ts, func(a, b time.Time) int { return a.Compare(b) })
	most := 0
	for i, first := 0, 0; i < len(ts); i++ {
		for ts[i].Sub(ts[first]) >= time.Second {
			first++
		}
		most = max(most, i-first+1)
	}
	return most
}

// groupedDiscord counts message posts and edits in one bucket per channel,
// as Discord may group routes (X-RateLimit-Bucket "msgs"): limit requests
// per second, then 429.
type groupedDiscord struct {
	mu       sync.Mutex
	limit    int
	windows  map[string]time.Time // channel -> end of its window
	used     map[string]int
	limited  int
	accepted int
}

func (g *groupedDiscord) answer(w http.ResponseWriter, r *http.Request) bool {
	ch := strings.Split(strings.TrimPrefix(r.URL.Path, "/api/v"+APIVersion+"/channels/"), "/")[0]
	g.mu.Lock()
	defer g.mu.Unlock()
	now := time.Now()
	if !now.Before(g.windows[ch]) {
		g.windows[ch], g.used[ch] = now.Add(time.Second), 0
	}
	after := g.windows[ch].Sub(now).Seconds()
	w.Header().Set("X-RateLimit-Limit", strconv.Itoa(g.limit))
	w.Header().Set("X-RateLimit-Reset-After", strconv.FormatFloat(after, 'f', 3, 64))
	w.Header().Set("X-RateLimit-Bucket", "msgs")
	w.Header().Set("Content-Type", "application/json")
	if g.used[ch] >= g.limit {
		g.limited++
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("Retry-After", strconv.Itoa(int(after)+1))
		w.Header().Set("X-RateLimit-Scope", "user")
		w.WriteHeader(http.StatusTooManyRequests)
		w.Write([]byte(`{"message": "You are being rate limited.", "retry_after": ` + strconv.FormatFloat(after, 'f', 3, 64) + `, "global": false}`))
		return true
	}
	g.used[ch]++
	g.accepted++
	w.Header().Set("X-RateLimit-Remaining", strconv.Itoa(g.limit-g.used[ch]))
	w.Write([]byte(`{"id":"1","channel_id":"` + ch + `"}`))
	return true
}

// Routes Discord groups in one X-RateLimit-Bucket share one bucket per
// top-level resource (developers/topics/rate-limits.mdx): posts and edits
// in a channel that share 3 a second are sent at most 3 a second and earn
// no 429, while another channel's post does not wait for that bucket. At
// HEAD each route spends the shared remaining as its own and the second
// edit gets a 429.
func TestGroupedRoutesShareABucket(t *testing.T) {
	g := &groupedDiscord{limit: 3, windows: map[string]time.Time{}, used: map[string]int{}}
	d := &slowDiscord{rtt: 30 * time.Millisecond, answer: g.answer}
	s := slowSession(t, d)
	for k := 0; k < 3; k++ {
		if _, err := s.ChannelMessageSend("1", "board"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ChannelMessageEdit("1", "9", "vote"); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	if _, err := s.ChannelMessageSend("2", "board"); err != nil {
		t.Fatal(err)
	}
	other := time.Since(start)
	g.mu.Lock()
	defer g.mu.Unlock()
	t.Logf("6 requests in one grouped bucket of 3/s: %d accepted, %d 429s; another channel's post took %v", g.accepted-1, g.limited, other)
	if g.limited > 0 {
		t.Errorf("%d requests earned a 429 in a bucket two routes share", g.limited)
	}
	if other > 500*time.Millisecond {
		t.Errorf("a post in another channel waited %v for the first channel's bucket", other)
	}
}

// groupKey keeps the top-level resource and an interaction endpoint's
// exemption from the global limit.
func TestGroupKey(t *testing.T) {
	for _, c := range []struct{ key, want string }{
		{EndpointChannelMessages("1"), "bucket:h/channels/1"},
		{EndpointChannelMessage("1", ""), "bucket:h/channels/1"},
		{EndpointGuildMembers("7"), "bucket:h/guilds/7"},
		{InteractionBucketID(EndpointWebhookMessage("99", "tok", "@original")), "interaction:bucket:h/webhooks/99/tok"},
		{EndpointInteractionResponse("5", "tok") + "?with_response=true", "interaction:bucket:h/interactions/5/tok"},
		{EndpointUserChannels("@me"), "bucket:h/"}, // no top-level resource
	} {
		got, ok := groupKey(c.key, "h")
		if !ok || got != c.want {
			t.Errorf("groupKey(%q) = %q, %v; want %q", c.key, got, ok, c.want)
		}
	}
	if _, ok := groupKey("custom", "h"); ok {
		t.Error("a key that is not an API URL was grouped")
	}
}

// Buckets nobody has used for bucketIdle (an interaction token's life)
// are dropped, with their groups: a bucket per interaction token must not
// make the limiter's maps grow with every click. At HEAD every bucket is
// kept for good.
func TestIdleBucketsDropped(t *testing.T) {
	defer func(d time.Duration) { bucketIdle = d }(bucketIdle)
	bucketIdle = 150 * time.Millisecond
	d := &slowDiscord{rtt: 5 * time.Millisecond}
	s := slowSession(t, d)
	edit := func(k int) {
		content := "board"
		i := &Interaction{AppID: "99", Token: "token" + strconv.Itoa(k)}
		if _, err := s.InteractionResponseEdit(i, &WebhookEdit{Content: &content}); err != nil {
			t.Fatal(err)
		}
	}
	for k := 0; k < 50; k++ {
		edit(k)
	}
	count := func() (int, int) {
		r := s.Ratelimiter
		r.Lock()
		defer r.Unlock()
		return len(r.buckets), len(r.groups)
	}
	if b, _ := count(); b < 50 {
		t.Fatalf("%d buckets for 50 tokens", b)
	}
	// Past bucketIdle and past the windows slowDiscord announces (1 s).
	time.Sleep(time.Second + 200*time.Millisecond)
	edit(1000)
	if b, g := count(); b > 3 || g > 1 {
		t.Errorf("after the tokens' life: %d buckets and %d groups kept", b, g)
	}
}
