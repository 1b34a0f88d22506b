package discordtest_test

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/warroom/warroom/discordtest"
)

// testAgent is a User-Agent in Discord's format (reference.mdx, "User
// Agent"), for requests the tests write by hand.
const testAgent = "DiscordBot (https://example.test/warroom, 1.0) test"

// The stand-in refuses the headers Discord refuses (developers/reference.mdx
// "Authentication", "User Agent", "Content Type"; developers/resources/audit-log.mdx
// for X-Audit-Log-Reason) and accepts the documented forms.
func TestHeadersChecked(t *testing.T) {
	srv := discordtest.New(t)
	ch := srv.NewChannel(srv.NewGuild())
	post := "/channels/" + ch + "/messages"
	for _, c := range []struct {
		name    string
		path    string
		headers map[string]string
		want    int
	}{
		{"documented", post, nil, 200},
		{"agent appended to", post, map[string]string{"User-Agent": "DiscordBot (https://x.test, 2) extra/1"}, 200},
		{"Go's default agent", post, map[string]string{"User-Agent": ""}, 403},
		{"agent without version", post, map[string]string{"User-Agent": "DiscordBot (https://x.test)"}, 403},
		{"token without type", post, map[string]string{"Authorization": srv.Token()}, 401},
		{"bearer for a bot route", post, map[string]string{"Authorization": "Bearer " + srv.Token()}, 401},
		{"plain-text body", post, map[string]string{"Content-Type": "text/plain"}, 400},
		{"audit reason encoded", "/channels/" + ch, map[string]string{"X-Audit-Log-Reason": "Gra%20sko%C5%84czona"}, 200},
		{"audit reason raw UTF-8", "/channels/" + ch, map[string]string{"X-Audit-Log-Reason": "Gra skończona"}, 400},
		{"audit reason bad escape", "/channels/" + ch, map[string]string{"X-Audit-Log-Reason": "100%"}, 400},
		{"audit reason too long", "/channels/" + ch, map[string]string{"X-Audit-Log-Reason": strings.Repeat("a", 513)}, 400},
	} {
		t.Run(c.name, func(t *testing.T) {
			method, body := "POST", `{"content":"hi"}`
			if !strings.HasSuffix(c.path, "/messages") {
				method, body = "PATCH", `{"topic":"t"}`
			}
			req, _ := http.NewRequest(method, "https://discord.com/api/v10"+c.path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bot "+srv.Token())
			req.Header.Set("User-Agent", testAgent)
			req.Header.Set("Content-Type", "application/json")
			for k, v := range c.headers {
				req.Header.Set(k, v)
			}
			resp, err := srv.HTTPClient().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("%s: %d %s, want %d", c.name, resp.StatusCode, b, c.want)
			}
			if c.want == 200 && c.path == post {
				rateHeadersShaped(t, resp.Header)
			}
			if c.want == 403 && !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
				t.Errorf("a blocked agent got %q, not Cloudflare's HTML page", resp.Header.Get("Content-Type"))
			}
		})
	}
}

// rateHeadersShaped checks a successful answer's rate-limit headers
// against developers/topics/rate-limits.mdx, "Header Format": the
// examples' shapes, and no Scope or Global outside a 429.
func rateHeadersShaped(t *testing.T, h http.Header) {
	t.Helper()
	for name, re := range map[string]string{
		"X-RateLimit-Limit":       `^\d+$`,
		"X-RateLimit-Remaining":   `^\d+$`,
		"X-RateLimit-Reset":       `^\d{10}(\.\d{1,3})?$`,
		"X-RateLimit-Reset-After": `^\d+(\.\d{1,3})?$`,
		"X-RateLimit-Bucket":      `^[0-9a-z-]+$`,
	} {
		if v := h.Get(name); !regexp.MustCompile(re).MatchString(v) {
			t.Errorf("%s: %q is not in Discord's shape %s", name, v, re)
		}
	}
	for _, name := range []string{"X-RateLimit-Scope", "X-RateLimit-Global", "Retry-After"} {
		if v := h.Get(name); v != "" {
			t.Errorf("%s: %q on an answer that is not a 429", name, v)
		}
	}
}
