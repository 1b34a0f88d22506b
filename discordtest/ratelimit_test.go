package discordtest_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/discordtest"
)

// A request sent while a 429 still holds its bucket, or the global limit
// for a route bound by it, is counted; an exempt interaction endpoint is
// not.
func TestRequestsIntoAnnouncedWindows(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t, discordtest.WithRateLimits(discordtest.RateLimits{
		Global: discordtest.RateLimit{Requests: 3, Per: time.Minute},
		Routes: map[string]discordtest.RateLimit{"POST /channels/{ch}/messages": {Requests: 1, Per: time.Minute}},
	}))
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	plainDo(t, srv, "POST", "/channels/"+ch+"/messages", `{"content":"1"}`)
	if resp, _ := plainDo(t, srv, "POST", "/channels/"+ch+"/messages", `{"content":"2"}`); resp.StatusCode != 429 {
		t.Fatalf("second post: %d", resp.StatusCode)
	}
	if st := srv.RateLimitStats(); st.IntoWindow != 0 {
		t.Fatalf("the first 429 was sent into no window: %+v", st)
	}
	plainDo(t, srv, "POST", "/channels/"+ch+"/messages", `{"content":"3"}`) // into the bucket's window; the 3rd global request
	if resp, _ := plainDo(t, srv, "GET", "/users/@me", ""); resp.StatusCode != 429 || resp.Header.Get("X-RateLimit-Global") != "true" {
		t.Fatalf("global: %d", resp.StatusCode)
	}
	plainDo(t, srv, "GET", "/users/@me", "") // into the global window
	ix := srv.ForgeSlash(srv.User("alice"), ch, guild, "play", nil, "")
	plainDo(t, srv, "POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback", `{"type":4,"data":{"content":"hi"}}`)
	if st := srv.RateLimitStats(); st.IntoWindow != 2 || st.Global < 1 {
		t.Fatalf("into windows: %+v", st)
	}
}

// Answers 401, 403 and 429 count as invalid requests; past the limit the
// stand-in refuses everything, as Cloudflare's ban does, and says so in
// Problems.
func TestInvalidRequestBan(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t, discordtest.WithRateLimits(discordtest.RateLimits{
		Routes:  map[string]discordtest.RateLimit{"POST /channels/{ch}/messages": {Requests: 1, Per: time.Minute}},
		Invalid: discordtest.RateLimit{Requests: 3, Per: time.Minute},
		Ban:     time.Minute,
	}))
	ch := srv.NewChannel(srv.NewGuild())
	plainDo(t, srv, "POST", "/channels/"+ch+"/messages", `{"content":"1"}`)
	plainDo(t, srv, "POST", "/channels/"+ch+"/messages", `{"content":"2"}`) // 429
	unauth := func() int {
		req, _ := http.NewRequest("GET", "https://discord.com/api/v10/users/@me", nil)
		req.Header.Set("User-Agent", testAgent)
		resp, err := srv.HTTPClient().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if unauth() != 401 || unauth() != 401 {
		t.Fatal("no token: want 401")
	}
	if st := srv.RateLimitStats(); st.Invalid != 3 || st.Banned != 0 {
		t.Fatalf("three invalid requests, no ban yet: %+v", st)
	}
	unauth() // the fourth in a minute: banned
	resp, body := plainDo(t, srv, "GET", "/users/@me", "")
	if resp.StatusCode != 429 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || body != nil ||
		resp.Header.Get("X-RateLimit-Bucket") != "" {
		t.Fatalf("banned: %d %v %v", resp.StatusCode, resp.Header, body)
	}
	if st := srv.RateLimitStats(); st.Banned != 1 || !strings.Contains(strings.Join(srv.Problems(), "\n"), "banned") {
		t.Fatalf("ban not reported: %+v %v", st, srv.Problems())
	}
}

// An image takes its upload time on top of the request's latency.
func TestUploadTime(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t, discordtest.WithUpload(60*time.Millisecond, 0))
	ch := srv.NewChannel(srv.NewGuild())
	png := boardPNG(t, 4, 4)
	start := time.Now()
	res := r.do("POST", "/channels/"+ch+"/messages", multipartOf(t, map[string]any{"content": "x"},
		map[string][]byte{"a.png": png, "b.png": png}, "a.png", "b.png"))
	if res.Status != 200 || time.Since(start) < 120*time.Millisecond {
		t.Fatalf("two files: %d in %v", res.Status, time.Since(start))
	}
}
