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

	if bucket, ok := r.buckets[key]; ok {
		return bucket
	}

	b := &Bucket{
		Remaining: 1,
		Key:       key,
		global:    r.global,
		exempt:    exemptFromGlobal(key), // warroom patch
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
