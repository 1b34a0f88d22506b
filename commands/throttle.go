package commands

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// throttle limits how often one key (a user, a channel) may make the bot
// post publicly: /play opens a lobby message, /game status reposts a
// board. A token bucket per key; idle keys are forgotten.
type throttle struct {
	every time.Duration // one more post allowed per this long
	burst int

	mu   sync.Mutex
	keys map[string]*rate.Limiter
}

func newThrottle(every time.Duration, burst int) *throttle {
	return &throttle{every: every, burst: burst, keys: map[string]*rate.Limiter{}}
}

// allow takes one post for key at now; false means slow down.
func (t *throttle) allow(key string, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	l, ok := t.keys[key]
	if !ok {
		if len(t.keys) >= maxThrottleKeys {
			t.forgetIdle(now)
		}
		l = rate.NewLimiter(rate.Every(t.every), t.burst)
		t.keys[key] = l
	}
	return l.AllowN(now, 1)
}

// maxThrottleKeys bounds the memory of a throttle: past it, keys whose
// bucket has refilled (nobody posted lately) are dropped.
const maxThrottleKeys = 10000

func (t *throttle) forgetIdle(now time.Time) {
	for k, l := range t.keys {
		if l.TokensAt(now) >= float64(t.burst) {
			delete(t.keys, k)
		}
	}
}

// Default public-post limits: a person may open or repost 5 at once and
// one more every 10 s; a channel takes 10 at once and one more every 3 s.
const (
	userPostEvery    = 10 * time.Second
	userPostBurst    = 5
	channelPostEvery = 3 * time.Second
	channelPostBurst = 10
)

// slowDown answers a request that would post publicly too often; ok is
// false then. Both the user's and the channel's buckets must allow it.
func (s *Service) slowDown(req Request) (Response, bool) {
	now := s.Now()
	if !s.userPosts.allow(req.User.ID, now) || !s.channelPosts.allow(req.ChannelID, now) {
		s.log.Warn().Str("user", req.User.ID).Str("channel", req.ChannelID).Str("command", req.Command).Msg("public posts throttled")
		return private(req, "core.err.slow_down"), false
	}
	return Response{}, true
}
