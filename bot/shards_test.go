package bot

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestParseShards(t *testing.T) {
	for _, c := range []struct {
		in        string
		ids       []int
		count     int
		auto, bad bool
		elsewhere bool
	}{
		{in: "", count: 0},
		{in: "1", count: 0},
		{in: "auto", auto: true},
		{in: "3", ids: []int{0, 1, 2}, count: 3},
		{in: "1/4", ids: []int{1}, count: 4, elsewhere: true},
		{in: "0/1", ids: []int{0}, count: 1},
		{in: "4/4", bad: true},
		{in: "-1/4", bad: true},
		{in: "0/0", bad: true},
		{in: "0", bad: true},
		{in: "many", bad: true},
	} {
		sh, err := ParseShards(c.in)
		if (err != nil) != c.bad {
			t.Errorf("%q: error %v", c.in, err)
			continue
		}
		if c.bad {
			continue
		}
		if !slices.Equal(sh.IDs, c.ids) || sh.Count != c.count || sh.Auto != c.auto || sh.Elsewhere() != c.elsewhere {
			t.Errorf("%q: %+v (elsewhere %v)", c.in, sh, sh.Elsewhere())
		}
	}
}

// Every shard's session shares one rate limiter: one bot token has one
// global limit, and a route's bucket is the same whichever shard's
// interaction uses it.
func TestShardsShareTheRateLimiter(t *testing.T) {
	s, _ := discordgo.New("Bot x")
	b := &Bot{s: s}
	if got := b.shardSession(); got.Ratelimiter != s.Ratelimiter {
		t.Fatal("a shard's session has its own rate limiter")
	}
}
