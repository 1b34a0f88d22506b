package commands

import (
	"fmt"
	"testing"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// TestBackfillResults: games played to the end on one store (results
// tallied live, as today) are copied into a fresh store as finished
// tables without results, as games that ended before stats existed were
// stored. The backfill records every result, oldest first, and the
// standings, leaderboard and totals come out as the live tallies made
// them; a second run records nothing and changes nothing.
func TestBackfillResults(t *testing.T) {
	live := newHarness(t)
	pick := games.NewPCG(7, 7)
	var ids []string
	for i := range 5 {
		game, bots := "race", []string{}
		if i == 3 {
			bots = []string{"Add computer player"} // unrated: against the computer
		}
		ids = append(ids, playedTable(t, live, game, i != 3, bots, pick))
	}
	old := newHarness(t)
	for _, id := range ids {
		copyWithoutResult(t, live.store, old.store, id)
	}
	want := statsOf(t, live.store)
	if none := statsOf(t, old.store); none == want {
		t.Fatalf("the copied store already has the stats: %s", none)
	}
	got, err := old.svc.BackfillResults(t.Context())
	if err != nil || got.Recorded != len(ids) || got.Had != 0 || len(got.Unreadable) != 0 {
		t.Fatalf("first backfill: %+v %v", got, err)
	}
	if s := statsOf(t, old.store); s != want {
		t.Fatalf("after the backfill:\n%s\nwant (as tallied live):\n%s", s, want)
	}
	old.restart()
	again, err := old.svc.BackfillResults(t.Context())
	if err != nil || again.Recorded != 0 || again.Had != len(ids) {
		t.Fatalf("second backfill: %+v %v", again, err)
	}
	if s := statsOf(t, old.store); s != want {
		t.Fatalf("after the second backfill:\n%s\nwant:\n%s", s, want)
	}
}

// playedTable plays a race in channel c of h to the end (Ann and, with
// bob, Bob; buttons adds computer seats), each human move picked at
// random, and returns the table's id.
func playedTable(t *testing.T, h *harness, game string, withBob bool, buttonsToClick []string, pick *games.Source) string {
	t.Helper()
	lobby := h.slash(ann, "play", "", map[string]string{"game": game}).Reply.Message
	if withBob {
		lobby = h.click(bob, h.lobby, buttons(lobby)["Join"]).Reply.Message
	}
	for _, b := range buttonsToClick {
		lobby = h.click(ann, h.lobby, buttons(lobby)[b]).Reply.Message
	}
	h.click(ann, h.lobby, buttons(lobby)["Start"])
	tb, err := h.store.ByChannel(t.Context(), "c")
	if err != nil {
		t.Fatal(err)
	}
	h.playMoves(tb.ID, 500, func(_ *loaded, _ games.Seat, legal []games.Action) games.Action {
		return legal[pick.Intn(2)] // +1 or +2
	})
	if tb, _ = h.store.Get(t.Context(), tb.ID); tb.Status != data.StatusFinished || tb.Result == nil {
		t.Fatalf("table %s: %s, result %v", tb.ID, tb.Status, tb.Result)
	}
	return tb.ID
}

// copyWithoutResult stores table id of from, with its log, into to as a
// finished table without a result.
func copyWithoutResult(t *testing.T, from, to data.Store, id string) {
	t.Helper()
	tb, err := from.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	log, err := from.Log(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	final := *tb
	final.Result, final.Outbox, final.Logged = nil, nil, 0
	tb.Status, tb.Result, tb.Outbox, tb.Logged, tb.Version = data.StatusPlaying, nil, nil, 0, 0
	if err := to.Create(t.Context(), tb); err != nil || tb.ID != id {
		t.Fatalf("copy %s as %s: %v", id, tb.ID, err)
	}
	if err := to.Update(t.Context(), &final, 0, log...); err != nil {
		t.Fatal(err)
	}
}

// statsOf is the server's standings, leaderboard and totals as text
// (the time of a player's last game left out: the backfill reads the
// final move's log time, the live tally the clock a moment later).
func statsOf(t *testing.T, s data.Store) string {
	t.Helper()
	var out string
	for _, u := range []User{ann, bob} {
		all, err := s.Standings(t.Context(), "g", u.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range all {
			out += fmt.Sprintf("%s %s: played %d won %d rated %d rating %+v\n", st.UserID, st.Game, st.Played, st.Wins, st.Rated, st.Rating)
		}
	}
	board, err := s.Leaderboard(t.Context(), "g", "race", 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range board {
		out += fmt.Sprintf("%d. %s\n", i+1, st.UserID)
	}
	totals, err := s.GameStats(t.Context(), "g")
	if err != nil {
		t.Fatal(err)
	}
	for _, gs := range totals {
		out += fmt.Sprintf("%s: played %d won %d moves %d\n", gs.Game, gs.Played, gs.Wins, gs.Moves)
	}
	return out
}
