package storetest

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
)

// oldRank is the leaderboard as the stores ranked it in memory before the
// store ranked it (kept here as the reference): by variant, rated players
// first by rating, then by wins, fewest games, user id; the first limit
// of each variant (limit <= 0: all).
func oldRank(all []data.Standing, limit int) []data.Standing {
	slices.SortFunc(all, func(a, b data.Standing) int {
		return cmp.Or(cmp.Compare(a.Variant, b.Variant),
			-cmp.Compare(min(a.Rated, 1), min(b.Rated, 1)),
			-cmp.Compare(a.Rating.R, b.Rating.R),
			-cmp.Compare(a.Wins, b.Wins),
			cmp.Compare(a.Played, b.Played),
			cmp.Compare(a.UserID, b.UserID))
	})
	if limit <= 0 {
		return all
	}
	var out []data.Standing
	n := 0
	for i, s := range all {
		if i > 0 && s.Variant != all[i-1].Variant {
			n = 0
		}
		if n < limit {
			out = append(out, s)
		}
		n++
	}
	return out
}

// testLeaderboardOrder: the store's leaderboard is the old in-memory
// ranking, ties included (players with the same rating, wins and games,
// unrated players beside rated ones), per variant, with variants whose
// names are prefixes of each other ("a", "a-b"), whatever the limit, and
// after standings move (a player's later games move their rank key).
func testLeaderboardOrder(t *testing.T, s data.Store) {
	rng := rand.New(rand.NewPCG(31, 3))
	variants := []string{"", "a", "a-b", "b"}
	users := make([]string, 24)
	for i := range users {
		users[i] = fmt.Sprintf("u%02d", i)
	}
	for i := range 70 {
		variant := variants[rng.IntN(len(variants))]
		seats := []string{users[rng.IntN(len(users))], ""} // against the computer: unrated
		if i%3 != 0 {
			perm := rng.Perm(len(users))
			seats = []string{users[perm[0]], users[perm[1]]}
			if i%5 == 0 {
				seats = append(seats, users[perm[2]])
			}
		}
		places := make([]int, len(seats))
		for j := range places {
			places[j] = 1 + rng.IntN(2) // ties for a place too
		}
		endWith(t, s, playing(t, s, "g", "duel", fmt.Sprint("c", i), seats...), variant, t0.Add(time.Duration(i/4)*time.Hour), places)
	}
	// Two pairs of fresh players playing the same game at the same time:
	// equal ratings, wins and games, ordered by user id alone.
	for i, seats := range [][]string{{"t2", "t4"}, {"t1", "t3"}} {
		endWith(t, s, playing(t, s, "g", "duel", fmt.Sprint("tie", i), seats...), "", t0, []int{1, 2})
	}
	var all []data.Standing
	for _, u := range append(users, "t1", "t2", "t3", "t4") {
		got, err := s.Standings(t.Context(), "g", u)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range got {
			if st.Game == "duel" {
				all = append(all, st)
			}
		}
	}
	for _, limit := range []int{0, 1, 3, 7, 100} {
		got, err := s.Leaderboard(t.Context(), "g", "duel", limit)
		if err != nil {
			t.Fatal(err)
		}
		want := oldRank(slices.Clone(all), limit)
		if !equalJSON(got, want) {
			t.Fatalf("limit %d:\n got %v\nwant %v", limit, boardNames(got), boardNames(want))
		}
	}
}

// endWith ends tb in variant at the time given, its seats placed so.
func endWith(t *testing.T, s data.Store, tb *data.Table, variant string, ended time.Time, places []int) {
	t.Helper()
	r := &data.Result{TableID: tb.ID, GuildID: tb.GuildID, Game: tb.Game, Variant: variant, Moves: 9, Started: ended.Add(-time.Hour), Ended: ended}
	for i, st := range tb.Seats {
		r.Seats = append(r.Seats, data.ResultSeat{UserID: st.UserID, Place: places[i], Won: places[i] == 1})
	}
	nt := *tb
	nt.Status, nt.Version, nt.Result = data.StatusFinished, tb.Version+1, r
	if err := s.Update(t.Context(), &nt, tb.Version); err != nil {
		t.Fatal(err)
	}
}

func boardNames(b []data.Standing) []string {
	var out []string
	for _, st := range b {
		out = append(out, fmt.Sprintf("%s/%s:%d/%.2f/%d/%d", st.Variant, st.UserID, st.Rated, st.Rating.R, st.Wins, st.Played))
	}
	return out
}
