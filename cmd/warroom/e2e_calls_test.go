package main

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/discordtest"
)

// interactionCall: the request goes to an interaction endpoint, which is
// not bound to the global rate limit (developers/topics/rate-limits.mdx,
// "Global Rate Limit"; developers/interactions/receiving-and-responding.mdx,
// "Endpoints"): a callback, or a webhook on the application's id with an
// interaction token.
func interactionCall(r discordtest.Request, appID string) bool {
	return strings.HasPrefix(r.Path, "/interactions/") || strings.HasPrefix(r.Path, "/webhooks/"+appID+"/")
}

// callsSince splits the requests after seq into interaction-token calls
// and global-limited ones, and lists the latter.
func callsSince(srv *discordtest.Server, seq int) (ix, global int, which []string) {
	for _, r := range srv.Requests() {
		if r.Seq <= seq {
			continue
		}
		if interactionCall(r, srv.AppID()) {
			ix++
		} else {
			global++
			which = append(which, r.Method+" "+r.Route)
		}
	}
	return
}

func lastSeq(srv *discordtest.Server) int {
	reqs := srv.Requests()
	if len(reqs) == 0 {
		return 0
	}
	return reqs[len(reqs)-1].Seq
}

// REST calls per move, split into interaction-token calls and
// global-limited ones (issue 27): a move that keeps the turn makes no
// global-limited call; one that passes it makes one, the new turn's ping.
// Blindaż's team vote message, edited after each move, is a follow-up of
// the click that brought it, so it is edited through that click's token.
// The games play side by side, each with its own bot and stand-in: most
// of a game's time is the quiet windows around each move.
func TestE2ECallsPerMove(t *testing.T) {
	for _, game := range []string{"flanders", "trenches", "frontline", "fow", "blindaz"} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			callsPerMove(t, game)
		})
	}
}

func callsPerMove(t *testing.T, game string) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	ch := w.ch
	if game == "blindaz" { // co-op: Ann and Bob against the game, in their team thread
		w.lobby(game, nil, true, 1)
		ch = w.teamThread()
	} else {
		w.lobby(game, nil, true, 0)
	}
	rng := rand.New(rand.NewPCG(3, 1))
	moves := map[bool][3]int{} // turn passed -> moves, interaction calls, global calls
	// 40 moves: enough for several turns of every game.
	for range 40 {
		if m := w.settle(ch); isResult(m) {
			break
		}
		if err := w.srv.WaitIdle(w.ctx(), 50*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		b := w.board(ch)
		user, ok := w.toAct(b)
		if !ok {
			t.Fatalf("board names nobody to act: %q", b.Content)
		}
		seq := lastSeq(w.srv)
		w.move(rng, user, b)
		if err := w.srv.WaitIdle(w.ctx(), 50*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		ix, global, which := callsSince(w.srv, seq)
		next := w.settle(ch)
		// The turn passes when the players to act (the board's pings) change.
		passed := isResult(next) || !slices.Equal(w.board(ch).Mentions(), b.Mentions())
		if isResult(next) && ch != w.ch {
			// A co-op game's last move also puts the result on the
			// channel's link and archives the team thread (owedAfter):
			// two more calls, once a game, that no click's token reaches.
			global -= 2
		}
		c := moves[passed]
		moves[passed] = [3]int{c[0] + 1, c[1] + ix, c[2] + global}
		if global > 0 && !passed || global > 1 {
			t.Errorf("a move (turn passed %v) made %d interaction calls and %d global-limited ones: %v", passed, ix, global, which)
		}
	}
	for passed, c := range moves {
		t.Logf("%s: turn passed %v: %d moves (a menu's clicks count as one move), %.2f interaction calls and %.2f global-limited calls per move", game, passed, c[0], float64(c[1])/float64(c[0]), float64(c[2])/float64(c[0]))
	}
	w.noProblems()
}
