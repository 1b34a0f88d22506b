package discordgo

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// customRateLimit holds information for defining a custom rate limit
type customRateLimit struct {
	suffix   string
	requests int
	reset    time.Duration
}

// RateLimiter holds all ratelimit buckets
type RateLimiter struct {
	sync.Mutex
	global           *int64
	buckets          map[string]*Bucket
	globalRateLimit  time.Duration
	customRateLimits []*customRateLimit

	// pace spaces the requests bound by the global rate limit (warroom
	// patch; see GlobalRequestsPerSecond).
	pace *rate.Limiter
	// groups maps a route's bucket key to the key of the bucket Discord
	// groups it in (warroom patch; see groupKey).
	groups map[string]string
	swept  time.Time // the last sweep of idle buckets (warroom patch)
}

// GlobalRequestsPerSecond is Discord's global rate limit (warroom patch):
// "All bots can make up to 50 requests per second to our API"
// (developers/topics/rate-limits.mdx, "Global Rate Limit"). The limiter
// spaces the requests bound by it evenly (a burst of one), so a burst of
// work earns no global 429 at all: each 429 counts towards the invalid
// requests that get a bot banned, and the ones already in flight when the
// first came could not be stopped. The spacing is a fifth under the limit
// (40 a second): at exactly 50, a request that travels a little slower
// than the one sent a second before it makes 51 in Discord's second; a
// fifth leaves 250 ms for that. Set it before NewRatelimiter; 0 turns the
// spacing off.
var GlobalRequestsPerSecond = 50.0

// NewRatelimiter returns a new RateLimiter
func NewRatelimiter() *RateLimiter {

	return &RateLimiter{
		buckets: make(map[string]*Bucket),
		groups:  make(map[string]string),
		global:  new(int64),
		pace:    globalPace(),
		customRateLimits: []*customRateLimit{
			{
				suffix:   "//reactions//",
				requests: 1,
				reset:    200 * time.Millisecond,
			},
		},
	}
}

// GetBucket retrieves or creates a bucket
func (r *RateLimiter) GetBucket(key string) *Bucket {
	r.Lock()
	defer r.Unlock()

	now := time.Now()
	r.sweep(now)                    // warroom patch
	if g, ok := r.groups[key]; ok { // warroom patch
		key = g
	}
	if bucket, ok := r.buckets[key]; ok {
		bucket.lastUsed = now // warroom patch
		return bucket
	}

	b := &Bucket{
		Remaining: 1,
		Key:       key,
		global:    r.global,
		exempt:    exemptFromGlobal(key), // warroom patch
		limiter:   r,                     // warroom patch
		lastUsed:  now,                   // warroom patch
	}

	// Check if there is a custom ratelimit set for this bucket ID.
	for _, rl := range r.customRateLimits {
		if strings.HasSuffix(b.Key, rl.suffix) {
			b.customRateLimit = rl
			break
		}
	}

	r.buckets[key] = b
	return b
}

// GetWaitTime returns the duration you should wait for a Bucket
func (r *RateLimiter) GetWaitTime(b *Bucket, minRemaining int) time.Duration {
	// If we ran out of calls and the reset time is still ahead of us
	// then we need to take it easy and relax a little
	if b.Remaining < minRemaining && b.reset.After(time.Now()) {
		return b.reset.Sub(time.Now())
	}

	// Check for global ratelimits, which interaction endpoints are not
	// bound to (warroom patch)
	if b.exempt {
		return 0
	}
	sleepTo := time.Unix(0, atomic.LoadInt64(r.global))
	if now := time.Now(); now.Before(sleepTo) {
		return sleepTo.Sub(now)
	}

	return 0
}

// warroom patch: interaction endpoints and the global limit.

// interactionBucketPrefix marks the bucket ids of requests on an
// interaction's token (InteractionBucketID).
const interactionBucketPrefix = "interaction:"

// InteractionBucketID is the bucket id of a request to an interaction
// webhook (/webhooks/{application.id}/{interaction.token}...): one bucket
// per token and route, as Discord counts webhook limits per webhook id and
// token (developers/topics/rate-limits.mdx, "top-level resources"), and not
// bound to the global rate limit ("Interaction endpoints are not bound to
// the bot's Global Rate Limit", same page;
// developers/interactions/receiving-and-responding.mdx, "Endpoints").
// Nothing in such a URL tells it from an ordinary webhook's, hence the
// explicit id.
func InteractionBucketID(uri string) string {
	return interactionBucketPrefix + strings.SplitN(uri, "?", 2)[0]
}

// exemptFromGlobal: the key is an interaction endpoint's, a callback
// (/interactions/{id}/{token}/callback) or an InteractionBucketID.
func exemptFromGlobal(key string) bool {
	return strings.HasPrefix(key, interactionBucketPrefix) || strings.HasPrefix(key, EndpointAPI+"interactions/")
}

// globalPace is the spacing of GlobalRequestsPerSecond, or nil for none.
func globalPace() *rate.Limiter {
	if GlobalRequestsPerSecond <= 0 {
		return nil
	}
	return rate.NewLimiter(rate.Limit(0.8*GlobalRequestsPerSecond), 1)
}

// holdGlobal stops every non-exempt request until t (never earlier than
// an earlier hold).
func holdGlobal(global *int64, t time.Time) {
	for {
		old := atomic.LoadInt64(global)
		if t.UnixNano() <= old || atomic.CompareAndSwapInt64(global, old, t.UnixNano()) {
			return
		}
	}
}

// parseSeconds reads a rate-limit duration header (seconds, maybe with a
// fraction).
func parseSeconds(v string) (time.Duration, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, err
	}
	return time.Duration(f * float64(time.Second)), nil
}

// LockBucket Locks until a request can be made
func (r *RateLimiter) LockBucket(bucketID string) *Bucket {
	return r.LockBucketObject(r.GetBucket(bucketID))
}

// LockBucketObject Locks an already resolved bucket until a request can be made
func (r *RateLimiter) LockBucketObject(b *Bucket) *Bucket {
	b.Lock()
	if g := r.groupOf(b); g != nil { // warroom patch
		b.Unlock()
		return r.LockBucketObject(g)
	}
	b.applyHint() // warroom patch

	if !b.exempt && r.pace != nil { // warroom patch
		time.Sleep(r.pace.Reserve().Delay())
	}

	// A hold announced while this one slept is waited for too (warroom
	// patch): no request goes into a window the bot has been told about.
	for wait := r.GetWaitTime(b, 1); wait > 0; wait = r.GetWaitTime(b, 1) {
		time.Sleep(wait)
	}

	b.Remaining--
	return b
}

// Bucket represents a ratelimit bucket, each bucket gets ratelimited individually (-global ratelimits)
type Bucket struct {
	sync.Mutex
	Key       string
	Remaining int
	limit     int
	reset     time.Time
	global    *int64
	exempt    bool // not bound to the global rate limit (warroom patch)

	// warroom patch: grouped buckets (RateLimiter.group).
	limiter *RateLimiter
	group   string                     // the X-RateLimit-Bucket this bucket is named by, if any
	hint    atomic.Pointer[bucketHint] // what a response on another route of the group said
	// lastUsed is when GetBucket last gave it out, guarded by the
	// limiter's lock (warroom patch; see sweep).
	lastUsed time.Time

	lastReset       time.Time
	customRateLimit *customRateLimit
	Userdata        interface{}
}

// Release unlocks the bucket and reads the headers to update the buckets ratelimit info
// and locks up the whole thing in case if there's a global ratelimit.
func (b *Bucket) Release(headers http.Header) error {
	defer b.Unlock()

	// Check if the bucket uses a custom ratelimiter
	if rl := b.customRateLimit; rl != nil {
		if time.Now().Sub(b.lastReset) >= rl.reset {
			b.Remaining = rl.requests - 1
			b.lastReset = time.Now()
		}
		if b.Remaining < 1 {
			b.reset = time.Now().Add(rl.reset)
		}
		return nil
	}

	if headers == nil {
		return nil
	}

	remaining := headers.Get("X-RateLimit-Remaining")
	reset := headers.Get("X-RateLimit-Reset")
	global := headers.Get("X-RateLimit-Global")
	resetAfter := headers.Get("X-RateLimit-Reset-After")

	// Update global and per bucket reset time if the proper headers are available
	// If global is set, then it will block all buckets until after Retry-After
	// If Retry-After without global is provided it will use that for the new reset
	// time since it's more accurate than X-RateLimit-Reset.
	// If Retry-After after is not proided, it will update the reset time from X-RateLimit-Reset
	if resetAfter != "" {
		parsedAfter, err := strconv.ParseFloat(resetAfter, 64)
		if err != nil {
			return err
		}

		whole, frac := math.Modf(parsedAfter)
		resetAt := time.Now().Add(time.Duration(whole) * time.Second).Add(time.Duration(frac*1000) * time.Millisecond)

		// Lock either this single bucket or all buckets
		if global != "" {
			holdGlobal(b.global, resetAt)
		} else {
			b.reset = resetAt
		}
	} else if reset != "" {
		// Calculate the reset time by using the date header returned from discord
		discordTime, err := http.ParseTime(headers.Get("Date"))
		if err != nil {
			return err
		}

		unix, err := strconv.ParseFloat(reset, 64)
		if err != nil {
			return err
		}

		// Calculate the time until reset and add it to the current local time
		// some extra time is added because without it i still encountered 429's.
		// The added amount is the lowest amount that gave no 429's
		// in 1k requests
		whole, frac := math.Modf(unix)
		delta := time.Unix(int64(whole), 0).Add(time.Duration(frac*1000)*time.Millisecond).Sub(discordTime) + time.Millisecond*250
		b.reset = time.Now().Add(delta)
	}

	// Udpate remaining if header is present
	if remaining != "" {
		parsedRemaining, err := strconv.ParseInt(remaining, 10, 32)
		if err != nil {
			return err
		}
		b.Remaining = int(parsedRemaining)
	}

	b.holdForRetryAfter(headers)
	if h := headers.Get("X-RateLimit-Bucket"); h != "" && b.limiter != nil && b.customRateLimit == nil {
		b.limiter.group(b, h) // warroom patch
	}
	return nil
}

// holdForRetryAfter applies a 429's Retry-After (warroom patch). Discord's
// global 429 carries X-RateLimit-Global and Retry-After but no
// X-RateLimit-Reset-After (developers/topics/rate-limits.mdx, "Example
// Exceeded Global Rate Limit Response"): it stops every non-exempt
// request until then. Any other 429 empties this bucket until then, even
// when its X-RateLimit-Remaining is not 0 (a shared resource's limit).
func (b *Bucket) holdForRetryAfter(headers http.Header) {
	retryAfter := headers.Get("Retry-After")
	if retryAfter == "" {
		return
	}
	after, err := parseSeconds(retryAfter)
	if err != nil {
		return // an HTTP date, not Discord's seconds: the body's retry_after still counts
	}
	until := time.Now().Add(after)
	if headers.Get("X-RateLimit-Global") != "" {
		holdGlobal(b.global, until)
		return
	}
	b.Remaining = 0
	if until.After(b.reset) {
		b.reset = until
	}
}

// warroom patch: grouped buckets. "In some cases, per-route limits will
// be shared across a set of similar endpoints, indicated in the
// X-RateLimit-Bucket header. It's recommended to use this header as a
// unique identifier for a rate limit", which is "non-inclusive of
// top-level resources in the path" (developers/topics/rate-limits.mdx,
// "Rate Limits" and "Header Format"). Upstream keys a bucket by its route
// only, so two routes Discord counts together each spend the shared
// remaining as their own, and the second earns a 429. Here a route, once
// a response named its bucket, is locked on the bucket named by that
// header and the route's top-level resource; the first answer of each
// route, sent before its group was known, hands its headers to the
// group's bucket as a hint.

// bucketHint is a group bucket's remaining and reset as a response on
// another of its routes gave them.
type bucketHint struct {
	remaining int
	reset     time.Time
}

// group records that the route of b (a route's own bucket) is counted in
// Discord's bucket hash. Call with b locked (Release).
func (r *RateLimiter) group(b *Bucket, hash string) {
	if b.group != "" {
		return // b is a group's bucket already
	}
	key, ok := groupKey(b.Key, hash)
	if !ok {
		return
	}
	r.Lock()
	defer r.Unlock()
	r.groups[b.Key] = key
	g, ok := r.buckets[key]
	if !ok {
		// Nobody holds it yet: it starts from this response.
		r.buckets[key] = &Bucket{Key: key, Remaining: b.Remaining, reset: b.reset, limit: b.limit,
			global: r.global, exempt: b.exempt, limiter: r, group: hash, lastUsed: time.Now()}
		return
	}
	g.hint.Store(&bucketHint{remaining: b.Remaining, reset: b.reset})
}

// groupOf is the group's bucket a route's bucket b now belongs to, if
// any: a request that waited on b before its group was known goes there.
func (r *RateLimiter) groupOf(b *Bucket) *Bucket {
	if b.limiter != r || b.group != "" {
		return nil
	}
	r.Lock()
	defer r.Unlock()
	key, ok := r.groups[b.Key]
	if !ok {
		return nil
	}
	return r.buckets[key]
}

// applyHint merges a hint left by another route of b's group: a later
// window replaces b's, the same one can only have fewer requests left.
// Call with b locked.
func (b *Bucket) applyHint() {
	h := b.hint.Swap(nil)
	if h == nil {
		return
	}
	switch {
	case h.reset.After(b.reset.Add(time.Second / 2)):
		b.Remaining, b.reset = h.remaining, h.reset
	case h.reset.After(time.Now()) && h.remaining < b.Remaining:
		b.Remaining = h.remaining
		if h.reset.After(b.reset) {
			b.reset = h.reset
		}
	}
}

// groupKey is the key of Discord's bucket hash for the top-level resource
// of route key k (channels/{id}, guilds/{id}, webhooks/{id}/{token},
// interactions/{id}/{token}); an interaction endpoint's group keeps it
// outside the global limit. ok is false for a key that is not an API URL.
func groupKey(k, hash string) (string, bool) {
	prefix := ""
	if exemptFromGlobal(k) {
		prefix = interactionBucketPrefix
	}
	path, ok := strings.CutPrefix(strings.TrimPrefix(k, interactionBucketPrefix), EndpointAPI)
	if !ok {
		return "", false
	}
	parts := strings.Split(strings.SplitN(path, "?", 2)[0], "/")
	n := 0
	switch parts[0] {
	case "channels", "guilds":
		n = 2
	case "webhooks", "interactions":
		n = 3
	}
	major := strings.Join(parts[:min(n, len(parts))], "/")
	return prefix + "bucket:" + hash + "/" + major, true
}

// warroom patch: idle buckets are dropped. Upstream keeps every bucket
// for good; with a bucket per interaction token (InteractionBucketID)
// and its group, each click added a few that were never used again
// after the token's 15 minutes (developers/interactions/receiving-and-responding.mdx),
// so a busy bot's map grew without end. A bucket nobody has asked for
// in bucketIdle, whose window is over and that nobody holds, tells
// nothing a new one would not learn from its first answer.

// bucketIdle is how long a bucket is kept unused once its window is
// over. Past its window a bucket's count is full again, so keeping it
// longer only holds memory: about 2.6 KB of buckets a click (measured
// over 3,000), so a token's life (15 minutes) at 30 clicks a second
// held about 70 MB, and a minute still 8 MB of a 35 MB heap (1,000
// tables); ten seconds hold a sixth of that. A token's bucket used again
// later (a board edited through its last click) starts afresh, as any
// first request on a route does.
var bucketIdle = 10 * time.Second

// sweep drops idle buckets, and groups whose bucket is gone, at most
// every bucketIdle/15. Call with r locked; it never waits for a bucket.
func (r *RateLimiter) sweep(now time.Time) {
	if now.Sub(r.swept) < bucketIdle/15 {
		return
	}
	r.swept = now
	for k, b := range r.buckets {
		if now.Sub(b.lastUsed) < bucketIdle || !b.TryLock() {
			continue
		}
		if !now.Before(b.reset) {
			delete(r.buckets, k)
		}
		b.Unlock()
	}
	for route, key := range r.groups {
		if _, ok := r.buckets[key]; !ok {
			delete(r.groups, route)
		}
	}
}
