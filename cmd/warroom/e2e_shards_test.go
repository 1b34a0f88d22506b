package main

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestE2EShards: with --shards auto the bot opens the shard count Get
// Gateway Bot recommends, starting them one max_concurrency bucket per 5
// seconds, and answers interactions of guilds on either shard.
func TestE2EShards(t *testing.T) {
	if testing.Short() {
		t.Skip("waits Discord's 5 s identify window")
	}
	w := newWorld(t)
	w.srv.SetGatewayShards(2, 1)
	w.extraFlags = []string{"--no-images", "--shards", "auto", "--guild", ""} // global commands: both guilds
	w.startBot()
	shard := func(g string) uint64 { id, _ := strconv.ParseUint(g, 10, 64); return (id >> 22) % 2 }
	other := w.srv.NewGuild()
	for shard(other) == shard(w.guild) {
		time.Sleep(time.Millisecond)
		other = w.srv.NewGuild()
	}
	ch2 := w.srv.NewChannel(other)
	if got := w.srv.GatewayShards(); len(got) != 2 || !slices.Contains(got, [2]int{0, 2}) || !slices.Contains(got, [2]int{1, 2}) {
		t.Fatalf("gateway sessions %v, want shards 0 and 1 of 2", got)
	}
	for _, c := range []struct{ guild, ch string }{{w.guild, w.ch}, {other, ch2}} {
		r := w.expect(w.srv.Slash(w.ann, c.ch, c.guild, "help", nil, "en-US"))
		if !strings.Contains(privateText(r), "/play") {
			t.Fatalf("guild %s (shard %d): %q", c.guild, shard(c.guild), privateText(r))
		}
	}
	w.noProblems()
}

// Shards in other processes need a shared database: a bbolt file is
// refused at start, before anything connects.
func TestShardsElsewhereNeedPostgres(t *testing.T) {
	var out strings.Builder
	t.Setenv("DISCORD_TOKEN", "x")
	err := cmdRun(t.Context(), []string{"--db", t.TempDir() + "/w.db", "--shards", "1/2"}, &out)
	if err == nil || !strings.Contains(err.Error(), "postgres") {
		t.Fatalf("--shards 1/2 on bbolt: %v", err)
	}
}
