package data

import (
	"errors"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"
)

// TestRepairRetallies: a repaired file's standings and totals are rebuilt
// from the results on its tables and those of archived tables, in the
// order the games ended, so they come out as they were (ratings
// included). Archived tables stay archived: not lost, and not brought
// back from the copies their freed pages still hold.
func TestRepairRetallies(t *testing.T) {
	p := filepath.Join(t.TempDir(), "w.db")
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	end := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	var refs []TableRef
	for i, winner := range []int{0, 0, 1, 0, 1, 1, 0} {
		tb := &Table{Game: "duel", GuildID: "g", ChannelID: "c" + strconv.Itoa(i), Status: StatusPlaying,
			Seats: []Seat{{UserID: "a"}, {UserID: "b" + strconv.Itoa(i%2)}}}
		if err := b.Create(t.Context(), tb); err != nil {
			t.Fatal(err)
		}
		r := &Result{TableID: tb.ID, GuildID: "g", Game: "duel", Moves: 10 + i, Started: end, Ended: end.Add(time.Duration(i) * time.Hour),
			Seats: []ResultSeat{{UserID: "a", Place: 1 + winner}, {UserID: tb.Seats[1].UserID, Place: 2 - winner}}}
		r.Seats[winner].Won = true
		tb.Status, tb.Version, tb.Result = StatusFinished, 1, r
		if err := b.Update(t.Context(), tb, 0); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			refs = append(refs, TableRef{ID: tb.ID, Version: 1})
		}
	}
	if gone, err := b.Remove(t.Context(), refs); err != nil || len(gone) != 4 {
		t.Fatalf("archiving: %v %v", gone, err)
	}
	want := map[string][]Standing{}
	for _, u := range []string{"a", "b0", "b1"} {
		want[u], _ = b.Standings(t.Context(), "g", u)
	}
	wantStats, _ := b.GameStats(t.Context(), "g")
	b.Close()

	out := filepath.Join(t.TempDir(), "new.db")
	rep, err := Repair(p, out)
	if err != nil || len(rep.Lost) != 0 || len(rep.Loose) != 0 || rep.Tables != 3 {
		t.Fatalf("repair: %+v %v", rep, err)
	}
	nb, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer nb.Close()
	for _, r := range refs {
		if _, err := nb.Get(t.Context(), r.ID); !errors.Is(err, ErrArchived) {
			t.Errorf("archived table %s after repair: %v", r.ID, err)
		}
	}
	for u, w := range want {
		got, err := nb.Standings(t.Context(), "g", u)
		if err != nil || !reflect.DeepEqual(got, w) || len(got) != 1 {
			t.Errorf("%s after repair: %+v %v, want %+v", u, got, err, w)
		}
	}
	if got, _ := nb.GameStats(t.Context(), "g"); !reflect.DeepEqual(got, wantStats) || got[0].Played != 7 {
		t.Errorf("totals after repair: %+v, want %+v", got, wantStats)
	}
}

// TestTallyIdlePlayers: after months without a game a rating is less
// certain, so the next game moves it further (Glicko-2's empty periods).
func TestTallyIdlePlayers(t *testing.T) {
	end := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	game := func(at time.Time, winner int) *Result {
		r := &Result{TableID: "t", GuildID: "g", Game: "duel", Ended: at,
			Seats: []ResultSeat{{UserID: "a", Place: 1 + winner}, {UserID: "b", Place: 2 - winner}}}
		r.Seats[winner].Won = true
		return r
	}
	after := func(gap time.Duration) Standing {
		first, _, _ := tally(game(end, 0), nil)
		old := map[string]Standing{"a": first[0], "b": first[1]}
		next, _, _ := tally(game(end.Add(gap), 1), old)
		return next[0]
	}
	soon, late := after(time.Hour), after(90*24*time.Hour)
	if !(late.Rating.R < soon.Rating.R && late.Rating.RD > soon.Rating.RD) || soon.Played != 2 || soon.Wins != 1 {
		t.Fatalf("a loss after an hour: %+v; after 90 days: %+v", soon, late)
	}
}
