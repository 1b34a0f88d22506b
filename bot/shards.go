package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Shards says which gateway shards this process runs
// (developers/events/gateway.mdx, "Sharding"): a bot in more than 2,500
// servers must split its guilds over several gateway connections, each
// receiving the events of the guilds with (guild_id >> 22) % count == id.
type Shards struct {
	IDs   []int // the shards this process opens
	Count int   // the total; 0 or 1: no sharding
	Auto  bool  // Count (and IDs: all of them) from Get Gateway Bot
}

// ParseShards reads --shards: "" (one connection), "auto" (Discord's
// recommended count, all in this process), "N" (N shards in this
// process) or "i/n" (shard i of n; the other shards run elsewhere on
// the same database).
func ParseShards(s string) (Shards, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "" || s == "1":
		return Shards{}, nil
	case s == "auto":
		return Shards{Auto: true}, nil
	case strings.Contains(s, "/"):
		i, n, _ := strings.Cut(s, "/")
		id, err1 := strconv.Atoi(i)
		count, err2 := strconv.Atoi(n)
		if err1 != nil || err2 != nil || count < 1 || id < 0 || id >= count {
			return Shards{}, fmt.Errorf("bad --shards %q: want i/n with 0 <= i < n, e.g. 0/4", s)
		}
		return Shards{IDs: []int{id}, Count: count}, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return Shards{}, fmt.Errorf("bad --shards %q: want auto, a count such as 4, or i/n such as 0/4", s)
	}
	return Shards{IDs: seq(n), Count: n}, nil
}

// Elsewhere reports whether other processes run some of the shards
// (i/n), which then must share this process's database.
func (sh Shards) Elsewhere() bool { return sh.Count > 1 && len(sh.IDs) < sh.Count }

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// identifyWindow is the time per bucket of max_concurrency identifies
// (developers/events/gateway.mdx, session start limit object:
// "Number of identify requests allowed per 5 seconds").
const identifyWindow = 5 * time.Second

// plan resolves Auto from Get Gateway Bot and reports max_concurrency.
func (b *Bot) plan() (Shards, int, error) {
	sh := b.cfg.Shards
	if sh.Count <= 1 && !sh.Auto {
		return Shards{IDs: []int{0}, Count: 1}, 1, nil
	}
	gb, err := b.s.GatewayBot()
	if err != nil {
		return sh, 0, fmt.Errorf("get gateway bot: %w", err)
	}
	conc := 1
	if gb.SessionStartLimit.MaxConcurrency > 0 {
		conc = gb.SessionStartLimit.MaxConcurrency
	}
	if gb.SessionStartLimit.Remaining < len(sh.IDs) && !sh.Auto || gb.SessionStartLimit.Remaining == 0 {
		return sh, 0, fmt.Errorf("Discord allows no more gateway sessions today (%d left; it resets in %v)", gb.SessionStartLimit.Remaining, time.Duration(gb.SessionStartLimit.ResetAfter)*time.Millisecond)
	}
	if sh.Auto {
		n := max(gb.Shards, 1)
		sh = Shards{IDs: seq(n), Count: n}
	}
	return sh, conc, nil
}

// openShards opens the shards of the plan: b.s is the first, and the
// others are sessions of the same token and client that only receive
// events. Shards start by bucket (shard id % max_concurrency), in order,
// one bucket per identify window.
func (b *Bot) openShards(ctx context.Context) (string, error) {
	sh, conc, err := b.plan()
	if err != nil {
		return "", err
	}
	var appID string
	for start := 0; start < len(sh.IDs); start += conc {
		if start > 0 {
			select {
			case <-time.After(identifyWindow):
			case <-ctx.Done():
				return "", ctx.Err()
			}
		}
		for _, id := range sh.IDs[start:min(start+conc, len(sh.IDs))] {
			s := b.s
			if id != sh.IDs[0] {
				s = b.shardSession()
				b.more = append(b.more, s)
			}
			s.ShardID, s.ShardCount = id, sh.Count
			app, err := b.openGateway(ctx, s)
			if err != nil {
				b.closeShards()
				return "", fmt.Errorf("shard %d of %d: %w", id, sh.Count, err)
			}
			if appID == "" {
				appID = app
			}
		}
	}
	if sh.Count > 1 {
		b.log.Info().Ints("shards", sh.IDs).Int("of", sh.Count).Msg("gateway shards open")
	}
	return appID, nil
}

// shardSession is another gateway connection like b.s.
func (b *Bot) shardSession() *discordgo.Session {
	s, _ := discordgo.New(b.s.Token)
	s.Client = b.s.Client
	s.Ratelimiter = b.s.Ratelimiter // one bot token, one global limit and one set of buckets
	s.Identify.Intents = b.s.Identify.Intents
	s.ShouldRetryOnRateLimit = b.s.ShouldRetryOnRateLimit
	s.MaxRestRetries = b.s.MaxRestRetries
	s.LogLevel = b.s.LogLevel
	return s
}

// closeShards closes every gateway connection.
func (b *Bot) closeShards() error {
	var errs []error
	for _, s := range b.more {
		errs = append(errs, s.Close())
	}
	errs = append(errs, b.s.Close())
	return errors.Join(errs...)
}
