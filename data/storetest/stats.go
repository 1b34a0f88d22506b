package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
)

var t0 = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

// playing creates a table in play in guild g for game with the given
// seats ("" is a computer seat) and returns it at version 1.
func playing(t *testing.T, s data.Store, guild, game, channel string, users ...string) *data.Table {
	t.Helper()
	tb := &data.Table{Game: game, GuildID: guild, ChannelID: channel, Status: data.StatusLobby}
	for _, u := range users {
		tb.Seats = append(tb.Seats, data.Seat{UserID: u, Bot: u == ""})
	}
	mustCreate(t, s, tb)
	tb.Status, tb.Version = data.StatusPlaying, 1
	if err := s.Update(t.Context(), tb, 0); err != nil {
		t.Fatal(err)
	}
	return tb
}

// finish ends tb with a result placing its seats as given (1 = first)
// and returns that result; it fails the test unless the write succeeds.
func finish(t *testing.T, s data.Store, tb *data.Table, moves int, places ...int) *data.Result {
	t.Helper()
	if err := finishErr(s, tb, moves, places...); err != nil {
		t.Fatal(err)
	}
	return tb.Result
}

func finishErr(s data.Store, tb *data.Table, moves int, places ...int) error {
	r := &data.Result{TableID: tb.ID, GuildID: tb.GuildID, Game: tb.Game, Moves: moves, Started: t0, Ended: t0.Add(90 * time.Minute)}
	for i, st := range tb.Seats {
		r.Seats = append(r.Seats, data.ResultSeat{UserID: st.UserID, Place: places[i], Won: places[i] == 1})
	}
	nt := *tb
	nt.Status, nt.Version, nt.Result = data.StatusFinished, tb.Version+1, r
	nt.Outbox = []data.Effect{{Seq: 1, Kind: data.EffectBoard}}
	if err := s.Update(context.Background(), &nt, tb.Version, data.LogEntry{Version: nt.Version, Action: "end"}); err != nil {
		return err
	}
	*tb = nt
	return nil
}

func standing(t *testing.T, s data.Store, guild, user, game string) data.Standing {
	t.Helper()
	all, err := s.Standings(t.Context(), guild, user)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range all {
		if st.Game == game {
			return st
		}
	}
	return data.Standing{}
}

func gameStat(t *testing.T, s data.Store, guild, game, variant string) data.GameStat {
	t.Helper()
	all, err := s.GameStats(t.Context(), guild)
	if err != nil {
		t.Fatal(err)
	}
	for _, gs := range all {
		if gs.Game == game && gs.Variant == variant {
			return gs
		}
	}
	return data.GameStat{}
}

// testResultTalliedOnce: the final write tallies the result with it; a
// doubled final move (same expected version) is refused and changes
// nothing; later writes of the finished table (its outbox delivered, the
// same final write replayed after a restart) carry the result again and
// are not counted again.
func testResultTalliedOnce(t *testing.T, s data.Store) {
	tb := playing(t, s, "g", "duel", "c1", "u1", "u2")
	stale := *tb
	finish(t, s, tb, 31, 1, 2)
	if err := finishErr(s, &stale, 31, 1, 2); !errors.Is(err, data.ErrConflict) {
		t.Fatalf("doubled final move: %v", err)
	}
	for range 2 {
		tb.Outbox = nil
		tb.Version++
		if err := s.Update(t.Context(), tb, tb.Version-1); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Get(t.Context(), tb.ID)
	if err != nil || got.Result == nil || got.Result.Moves != 31 || len(got.Result.Seats) != 2 {
		t.Fatalf("the result did not ride on the record: %+v %v", got, err)
	}
	a, b := standing(t, s, "g", "u1", "duel"), standing(t, s, "g", "u2", "duel")
	if a.Played != 1 || a.Wins != 1 || a.Rated != 1 || b.Played != 1 || b.Wins != 0 || b.Rated != 1 {
		t.Fatalf("counted wrong: %+v %+v", a, b)
	}
	if !(a.Rating.R > 1500 && b.Rating.R < 1500 && a.Rating.RD < 350) {
		t.Fatalf("ratings: %+v %+v", a.Rating, b.Rating)
	}
	if !a.Updated.Equal(t0.Add(90 * time.Minute)) {
		t.Fatalf("updated %v", a.Updated)
	}
	if gs := gameStat(t, s, "g", "duel", ""); gs.Played != 1 || gs.Wins != 1 || gs.Moves != 31 || gs.Seconds != 5400 {
		t.Fatalf("game stats %+v", gs)
	}
	// The results entry keeps each player's rating before and after,
	// from the tally in the final write, not from later writes.
	res, err := s.Result(t.Context(), tb.ID)
	if err != nil || len(res.Seats) != 2 || res.Seats[0].Rating == nil || res.Seats[1].Rating == nil {
		t.Fatalf("result as tallied: %+v %v", res, err)
	}
	if ra, rb := res.Seats[0].Rating, res.Seats[1].Rating; ra.Before.R != 1500 || ra.After != a.Rating || rb.Before.R != 1500 || rb.After != b.Rating {
		t.Fatalf("rating changes %+v %+v, standings %+v %+v", ra, rb, a.Rating, b.Rating)
	}
	if _, err := s.Result(t.Context(), "no-such-table"); !errors.Is(err, data.ErrNotFound) {
		t.Fatalf("the result of an untallied table: %v", err)
	}
}

// testResultKinds: co-op results count per variant without ratings; a
// game against the computer counts but is not rated; a 4-player game
// rates every pair; servers are apart; the leaderboard ranks and cuts.
func testResultKinds(t *testing.T, s data.Store) {
	co := playing(t, s, "g", "coop", "c1", "u1", "u3", "")
	r := &data.Result{TableID: co.ID, GuildID: "g", Game: "coop", Variant: "hard", Coop: true, Moves: 12, Started: t0, Ended: t0.Add(time.Hour),
		Seats: []data.ResultSeat{{UserID: "u1", Place: 1, Won: true}, {UserID: "u3", Place: 1, Won: true}, {Place: 1, Won: true}}}
	nt := *co
	nt.Status, nt.Version, nt.Result = data.StatusFinished, 2, r
	if err := s.Update(t.Context(), &nt, 1); err != nil {
		t.Fatal(err)
	}
	if st := standing(t, s, "g", "u1", "coop"); st.Variant != "hard" || st.Played != 1 || st.Wins != 1 || st.Rated != 0 {
		t.Fatalf("co-op standing %+v", st)
	}
	if gs := gameStat(t, s, "g", "coop", "hard"); gs.Played != 1 || gs.Wins != 1 || gs.Seconds != 3600 {
		t.Fatalf("co-op stats %+v", gs)
	}

	bot := playing(t, s, "g", "duel", "c2", "u1", "")
	finish(t, s, bot, 10, 1, 2)
	if st := standing(t, s, "g", "u1", "duel"); st.Played != 1 || st.Wins != 1 || st.Rated != 0 || st.Rating.R != 1500 {
		t.Fatalf("a game against the computer was rated: %+v", st)
	}
	for _, id := range []string{co.ID, bot.ID} { // unrated games carry no rating change
		if res, err := s.Result(t.Context(), id); err != nil || res.Seats[0].Rating != nil {
			t.Fatalf("unrated result %s: %+v %v", id, res, err)
		}
	}

	four := playing(t, s, "g", "duel", "c3", "u1", "u2", "u3", "u4")
	finish(t, s, four, 40, 2, 1, 4, 3)
	board, err := s.Leaderboard(t.Context(), "g", "duel", 0)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, st := range board {
		order = append(order, st.UserID)
	}
	if fmt.Sprint(order) != "[u2 u1 u4 u3]" {
		t.Fatalf("leaderboard %v", board)
	}
	if top, _ := s.Leaderboard(t.Context(), "g", "duel", 2); len(top) != 2 || top[0].UserID != "u2" {
		t.Fatalf("top 2: %+v", top)
	}
	if gs := gameStat(t, s, "g", "duel", ""); gs.Played != 2 || gs.Moves != 50 {
		t.Fatalf("duel stats %+v", gs)
	}

	other := playing(t, s, "g2", "duel", "c4", "u1", "u2")
	finish(t, s, other, 5, 2, 1)
	if st := standing(t, s, "g", "u1", "duel"); st.Played != 2 {
		t.Fatalf("another server's game counted here: %+v", st)
	}
	if st := standing(t, s, "g2", "u1", "duel"); st.Played != 1 || st.Wins != 0 {
		t.Fatalf("g2: %+v", st)
	}
	if all, _ := s.Standings(t.Context(), "g", "u1"); len(all) != 2 || all[0].Game != "coop" || all[1].Game != "duel" {
		t.Fatalf("u1's standings %+v", all)
	}
	if all, _ := s.Standings(t.Context(), "g", "nobody"); len(all) != 0 {
		t.Fatalf("a member without games: %+v", all)
	}
	if b, _ := s.Leaderboard(t.Context(), "g", "chess", 10); len(b) != 0 {
		t.Fatalf("a game never played: %+v", b)
	}
}

// testConcurrentResults: games of one player ending at once are all
// counted, each rating update seeing the one before; two players whose
// games end at once in both seat orders wait for each other without
// deadlock.
func testConcurrentResults(t *testing.T, s data.Store) {
	const n = 8
	tables := make([]*data.Table, n)
	for i := range tables {
		tables[i] = playing(t, s, "g", "duel", fmt.Sprint("c", i), "u0", fmt.Sprint("v", i))
	}
	crossed := make([]*data.Table, n)
	for i := range crossed {
		p, q := "p", "q"
		if i%2 == 1 {
			p, q = q, p
		}
		crossed[i] = playing(t, s, "g", "duel", fmt.Sprint("x", i), p, q)
	}
	tables = append(tables, crossed...)
	var wg sync.WaitGroup
	errs := make([]error, len(tables))
	for i, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = finishErr(s, tb, 3, 1, 2)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	st := standing(t, s, "g", "u0", "duel")
	if st.Played != n || st.Wins != n || st.Rated != n {
		t.Fatalf("%+v", st)
	}
	one := standing(t, s, "g", "v0", "duel")
	if !(st.Rating.R > one.Rating.R+200) {
		t.Fatalf("eight wins rated as if one: %+v vs %+v", st.Rating, one.Rating)
	}
	if p, q := standing(t, s, "g", "p", "duel"), standing(t, s, "g", "q", "duel"); p.Played != n || q.Played != n || p.Wins+q.Wins != n {
		t.Fatalf("crossed games: %+v %+v", p, q)
	}
	if gs := gameStat(t, s, "g", "duel", ""); gs.Played != 2*n {
		t.Fatalf("%+v", gs)
	}
}

// testBackfilledResult: a finished table stored without a result (a game
// that ended before stats existed) gets one written at its version, as
// the backfill does it: tallied once, however often it is written, by
// two writers at once too; a game that ended before the player's last
// one leaves the time of the last as their standing's.
func testBackfilledResult(t *testing.T, s data.Store) {
	later := playing(t, s, "g", "duel", "c0", "u1", "u2")
	finish(t, s, later, 7, 1, 2) // ends at t0+90m
	tb := playing(t, s, "g", "duel", "c1", "u1", "u2")
	tb.Status, tb.Version = data.StatusFinished, tb.Version+1
	if err := s.Update(t.Context(), tb, tb.Version-1, data.LogEntry{Version: tb.Version, Action: "end"}); err != nil {
		t.Fatal(err)
	}
	r := &data.Result{TableID: tb.ID, GuildID: "g", Game: "duel", Moves: 9, Started: t0.Add(-time.Hour), Ended: t0,
		Seats: []data.ResultSeat{{UserID: "u1", Place: 2}, {UserID: "u2", Place: 1, Won: true}}}
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			nt := *tb
			nt.Result = r
			errs[i] = s.Update(context.Background(), &nt, tb.Version)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	a, b := standing(t, s, "g", "u1", "duel"), standing(t, s, "g", "u2", "duel")
	if a.Played != 2 || a.Wins != 1 || b.Played != 2 || b.Wins != 1 || a.Rated != 2 {
		t.Fatalf("counted wrong: %+v %+v", a, b)
	}
	if !a.Updated.Equal(t0.Add(90 * time.Minute)) {
		t.Fatalf("an older game moved the last game's time back: %v", a.Updated)
	}
	if gs := gameStat(t, s, "g", "duel", ""); gs.Played != 2 || gs.Moves != 16 {
		t.Fatalf("game stats %+v", gs)
	}
	if got, err := s.Get(t.Context(), tb.ID); err != nil || got.Result == nil || got.Version != tb.Version {
		t.Fatalf("the record: %+v %v", got, err)
	}
}
