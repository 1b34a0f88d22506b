package data_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
)

// TestResultSurvivesRestartOnce: the final move's write is on disk with
// its tally or not at all; after a restart the finished table's owed
// effects are delivered (a write carrying the result again) and the game
// still counts once.
func TestResultSurvivesRestartOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	b, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tb := &data.Table{Game: "duel", GuildID: "g", ChannelID: "c", Status: data.StatusPlaying,
		Seats: []data.Seat{{UserID: "u1"}, {UserID: "u2"}}}
	if err := b.Create(t.Context(), tb); err != nil {
		t.Fatal(err)
	}
	end := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tb.Status, tb.Version = data.StatusFinished, 1
	tb.Outbox = []data.Effect{{Seq: 1, Kind: data.EffectBoard}}
	tb.Result = &data.Result{TableID: tb.ID, GuildID: "g", Game: "duel", Moves: 9, Started: end.Add(-time.Hour), Ended: end,
		Seats: []data.ResultSeat{{UserID: "u1", Place: 2}, {UserID: "u2", Place: 1, Won: true}}}
	if err := b.Update(t.Context(), tb, 0); err != nil {
		t.Fatal(err)
	}
	b.Close() // the process stops before the result is posted

	b, err = data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got, err := b.Get(t.Context(), tb.ID)
	if err != nil || got.Result == nil || len(got.Outbox) != 1 {
		t.Fatalf("after restart: %+v %v", got, err)
	}
	got.Outbox, got.Version = nil, 2 // delivered
	if err := b.Update(t.Context(), got, 1); err != nil {
		t.Fatal(err)
	}
	st, err := b.Standings(t.Context(), "g", "u2")
	if err != nil || len(st) != 1 || st[0].Played != 1 || st[0].Wins != 1 {
		t.Fatalf("standings %+v %v", st, err)
	}
	if gs, _ := b.GameStats(t.Context(), "g"); len(gs) != 1 || gs[0].Played != 1 || gs[0].Seconds != 3600 {
		t.Fatalf("game stats %+v", gs)
	}
}
