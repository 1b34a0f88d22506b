package discordtest

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Rate limits, from developers/topics/rate-limits.mdx: per-route buckets
// keyed by the route and its top-level resource (channel_id, guild_id,
// webhook_id + token), the X-RateLimit-* headers on every response, 429
// with Retry-After and {message, retry_after, global} when a bucket or the
// global limit (50 requests/s per bot) is exhausted. The interaction
// endpoints (callback, follow-ups, @original) "are not bound to the
// application's Global Rate Limit" (developers/interactions/
// receiving-and-responding.mdx "Endpoints"). Buckets count on the wall
// clock, which discordgo also uses to wait.

// RateLimit is a fixed window: Requests per Per. Requests 0 means no limit.
type RateLimit struct {
	Requests int
	Per      time.Duration
}

// RateLimits configures the stand-in's buckets.
type RateLimits struct {
	// Global applies to every request except the interaction endpoints.
	Global RateLimit
	// Routes overrides the limit per route, keyed "METHOD /pattern" with
	// the stand-in's patterns, e.g. "POST /channels/{ch}/messages". A
	// route's bucket counts per top-level resource: per channel, and per
	// webhook token for /webhooks/{app}/{token}/... (so per interaction).
	Routes map[string]RateLimit
	// Default is the limit of every other route.
	Default RateLimit
	// Invalid is the invalid-request limit: answers 401, 403 and 429
	// (but not a 429 of scope shared) counted in any span of Per. Past
	// it every request is refused for Ban (rate-limits.mdx "Invalid
	// Request Limit aka Cloudflare bans": 10,000 per 10 minutes, then
	// "temporarily restricted"). Requests 0: no limit.
	Invalid RateLimit
	// Ban is how long the restriction lasts; the docs give no figure.
	Ban time.Duration
}

// DefaultRateLimits are the limits a New server uses: Discord's global 50
// requests per second (counted in any one-second span), 20 channel message
// posts per second per channel and 50 requests per second on every other
// route and top-level resource, and the invalid-request limit scaled down
// tenfold (1,000 in any minute, the same rate; banned for 10 s). Discord's own message
// bucket is about 5 per 5 s (DiscordRateLimits); these are looser so that
// the e2e suite, which plays at machine speed, is slowed by about a second
// in total (measured: 20.2 s -> 21.6 s), while a bot that ignores the
// headers or bursts past 50/s still gets 429s. At 5 per 5 s, the three
// e2e tests that play every game (TestE2EEveryGameToTheEnd, ...InPolish...,
// TestE2EHandoverInTeamThread: 45 s) had not ended after 13 minutes.
func DefaultRateLimits() RateLimits {
	return RateLimits{
		Global: RateLimit{Requests: 50, Per: time.Second},
		Routes: map[string]RateLimit{
			"POST /channels/{ch}/messages": {Requests: 20, Per: time.Second},
		},
		Default: RateLimit{Requests: 50, Per: time.Second},
		Invalid: RateLimit{Requests: 1000, Per: time.Minute},
		Ban:     10 * time.Second,
	}
}

// DiscordRateLimits are Discord's limits as far as the docs give them,
// and the stand-in's assumptions where they do not (rate-limits.mdx: "Per-
// route rate limits exist for many individual endpoints" with no figures;
// apps must read the headers). Documented: the global 50 requests per
// second, interaction endpoints exempt; 10,000 invalid requests in 10
// minutes. Assumed, from the headers Discord sends: 5 message posts per
// 5 s per channel, 5 requests per 2 s per webhook token (an interaction's
// follow-ups and edits of @original), 5 message edits per 5 s per
// channel, 50 per second on every other route; a ban of one hour.
func DiscordRateLimits() RateLimits {
	return RateLimits{
		Global: RateLimit{Requests: 50, Per: time.Second},
		Routes: map[string]RateLimit{
			"POST /channels/{ch}/messages":                  {Requests: 5, Per: 5 * time.Second},
			"PATCH /channels/{ch}/messages/{msg}":           {Requests: 5, Per: 5 * time.Second},
			"POST /webhooks/{app}/{token}":                  {Requests: 5, Per: 2 * time.Second},
			"PATCH /webhooks/{app}/{token}/messages/{msg}":  {Requests: 5, Per: 2 * time.Second},
			"GET /webhooks/{app}/{token}/messages/{msg}":    {Requests: 5, Per: 2 * time.Second},
			"DELETE /webhooks/{app}/{token}/messages/{msg}": {Requests: 5, Per: 2 * time.Second},
		},
		Default: RateLimit{Requests: 50, Per: time.Second},
		Invalid: RateLimit{Requests: 10000, Per: 10 * time.Minute},
		Ban:     time.Hour,
	}
}

// WithRateLimits replaces DefaultRateLimits.
func WithRateLimits(l RateLimits) Option { return func(c *config) { c.limits = &l } }

// RateLimitStats counts the 429s the stand-in served, the requests sent
// into a window a 429 had announced, and the invalid requests.
type RateLimitStats struct {
	Served   int            // every 429, injected (FailNext) ones included
	Global   int            // 429s of the global limit
	Injected int            // 429s from FailNext
	ByBucket map[string]int // bucket id (X-RateLimit-Bucket) -> 429s
	// IntoWindow counts requests that arrived while a 429 the bot had been
	// sent still held their bucket, or the global limit for a route bound
	// by it: a bot that keeps Discord's headers sends none.
	IntoWindow int
	Invalid    int // answers 401, 403 and 429 (not of scope shared)
	Banned     int // requests refused because the invalid-request limit was passed
}

// RateLimitStats reports the 429s served so far.
func (s *Server) RateLimitStats() RateLimitStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.w.rl.stats
	st.ByBucket = map[string]int{}
	for k, v := range s.w.rl.stats.ByBucket {
		st.ByBucket[k] = v
	}
	return st
}

type rateState struct {
	buckets map[string]*bucket // bucket id + "/" + major resource
	global  slidingWindow
	stats   RateLimitStats

	windows      map[string]time.Time // bucket key -> end of the window a 429 announced
	globalWindow time.Time            // end of the window a global 429 announced
	invalid      slidingWindow
	bannedUntil  time.Time
}

func (r *rateState) init() {
	r.buckets = map[string]*bucket{}
	r.windows = map[string]time.Time{}
	r.stats.ByBucket = map[string]int{}
}

// intoWindow counts a request that arrives inside an announced window
// (bucket key, and the global one unless exempt). Call with s.mu held.
func (r *rateState) intoWindow(key string, exempt bool, now time.Time) {
	if now.Before(r.windows[key]) || !exempt && now.Before(r.globalWindow) {
		r.stats.IntoWindow++
	}
}

// countInvalid counts an answer towards the invalid-request limit and
// starts the ban when it is passed. Call with s.mu held.
func (r *rateState) countInvalid(l RateLimits, status int, scope string, now time.Time) {
	if status != http.StatusUnauthorized && status != http.StatusForbidden && status != http.StatusTooManyRequests || scope == "shared" {
		return
	}
	r.stats.Invalid++
	if l.Invalid.Requests <= 0 {
		return
	}
	if ok, _ := r.invalid.take(l.Invalid, now); !ok {
		r.bannedUntil = now.Add(l.Ban)
	}
}

// banned answers a request while the invalid-request ban lasts, the way
// Cloudflare answers a banned client: 429 with an HTML page and none of
// Discord's headers or JSON (an assumption: the docs do not show it).
// It reports whether it did.
func (s *Server) banned(c *call) bool {
	s.mu.Lock()
	now := time.Now()
	on := now.Before(s.w.rl.bannedUntil)
	if on {
		s.w.rl.stats.Banned++
		s.failures = append(s.failures, Failure{Kind: "banned", Status: 429,
			Message: "blocked: more invalid requests than the invalid-request limit (rate-limits.mdx)", Request: c.rec})
	}
	until := s.w.rl.bannedUntil
	s.mu.Unlock()
	if !on {
		return false
	}
	c.w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(time.Until(until).Seconds()))))
	c.w.Header().Set("Content-Type", "text/html")
	c.replyRaw(http.StatusTooManyRequests, []byte("<html><body>error code: 1015</body></html>"))
	return true
}

type bucket struct {
	count int
	reset time.Time
}

// take counts one request in a fixed window; it returns whether the
// request may go, the requests left and the time until the reset.
func (b *bucket) take(l RateLimit, now time.Time) (ok bool, remaining int, resetAfter time.Duration) {
	if !now.Before(b.reset) {
		b.count = 0
		b.reset = now.Add(l.Per)
	}
	if b.count >= l.Requests {
		return false, 0, b.reset.Sub(now)
	}
	b.count++
	return true, l.Requests - b.count, b.reset.Sub(now)
}

// slidingWindow is the global limit: at most Requests in any span of Per,
// so a bot that goes over waits only until the oldest request leaves the
// span (Discord sends no headers for the global limit before a 429).
type slidingWindow struct{ times []time.Time }

func (w *slidingWindow) take(l RateLimit, now time.Time) (ok bool, retryAfter time.Duration) {
	for len(w.times) > 0 && now.Sub(w.times[0]) >= l.Per {
		w.times = w.times[1:]
	}
	if len(w.times) >= l.Requests {
		return false, w.times[0].Add(l.Per).Sub(now)
	}
	w.times = append(w.times, now)
	return true, 0
}

// interactionRoute reports the endpoints exempt from the global limit.
func interactionRoute(pattern string) bool {
	return strings.HasPrefix(pattern, "/interactions/") || strings.HasPrefix(pattern, "/webhooks/")
}

// bucketID names a route's bucket; like Discord's X-RateLimit-Bucket it
// does not include the top-level resource.
func bucketID(method, pattern string) string {
	return strings.ToLower(method) + bucketNamer.Replace(pattern)
}

// bucketNamer turns a route's pattern into its bucket's name (built once:
// a Replacer is safe for concurrent use, and dear to build per request).
var bucketNamer = strings.NewReplacer("/", "-", "{", "", "}", "", "@", "")

// majorResource is the top-level resource of the path: rate-limits.mdx
// "Top-level resources are currently limited to channels (channel_id),
// guilds (guild_id), and webhooks (webhook_id or webhook_id +
// webhook_token)".
func majorResource(pattern string, params map[string]string) string {
	switch {
	case strings.HasPrefix(pattern, "/channels/"):
		return params["ch"]
	case strings.Contains(pattern, "/guilds/"):
		return params["guild"]
	case strings.HasPrefix(pattern, "/webhooks/"):
		return params["app"] + "/" + params["token"]
	case strings.HasPrefix(pattern, "/interactions/"):
		return params["id"]
	}
	return ""
}

// rateLimit applies the buckets to a matched request: it sets the
// X-RateLimit-* headers and, when a limit is exhausted, answers 429 and
// returns false. Interaction callbacks get no bucket (one per interaction
// anyway) but count nowhere.
func (s *Server) rateLimit(c *call, rt *route) bool {
	limits := s.cfg.limits
	now := time.Now()
	id := bucketID(rt.method, rt.pattern)
	l, ok := limits.Routes[rt.method+" "+rt.pattern]
	if !ok {
		l = limits.Default
	}
	h := c.w.Header()
	key := id + "/" + majorResource(rt.pattern, c.params)
	exempt := interactionRoute(rt.pattern)
	s.mu.Lock()
	s.w.rl.intoWindow(key, exempt, now)
	if !exempt && limits.Global.Requests > 0 {
		if ok, after := s.w.rl.global.take(limits.Global, now); !ok {
			s.w.rl.stats.Served++
			s.w.rl.stats.Global++
			s.w.rl.globalWindow = now.Add(after)
			c.rec.RateLimited = true
			s.mu.Unlock()
			h.Set("X-RateLimit-Global", "true")
			h.Set("X-RateLimit-Scope", "global")
			s.reply429(c, after, true)
			return false
		}
	}
	if l.Requests <= 0 {
		s.mu.Unlock()
		return true
	}
	b := s.w.rl.buckets[key]
	if b == nil {
		b = &bucket{}
		s.w.rl.buckets[key] = b
	}
	ok, remaining, after := b.take(l, now)
	if !ok {
		s.w.rl.stats.Served++
		s.w.rl.stats.ByBucket[id]++
		s.w.rl.windows[key] = now.Add(after)
		c.rec.RateLimited = true
	}
	s.mu.Unlock()
	setRateHeaders(h, l.Requests, remaining, now, after, id)
	if !ok {
		h.Set("X-RateLimit-Scope", "user")
		s.reply429(c, after, false)
	}
	return ok
}

func setRateHeaders(h http.Header, limit, remaining int, now time.Time, after time.Duration, id string) {
	h.Set("X-RateLimit-Limit", strconv.Itoa(limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(now.Add(after).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(after.Seconds(), 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", id)
}

// reply429 sends Discord's rate limit response (rate-limits.mdx "Rate
// Limit Response Structure"). A 429 is not a failure of the bot: discordgo
// waits retry_after and retries.
func (s *Server) reply429(c *call, after time.Duration, global bool) {
	secs := math.Max(after.Seconds(), 0.001)
	c.w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	s.logf("429 %s %s retry after %.3fs (global %v)", c.r.Method, c.rec.Path, secs, global)
	c.reply(http.StatusTooManyRequests, map[string]any{
		"message": "You are being rate limited.", "retry_after": secs, "global": global,
	})
}
