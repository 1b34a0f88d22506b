package data_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games/rating"
)

// BenchmarkFinishGame: the final move of a two-player game, with its
// result tallied (result row, two standings, the server's totals) in
// its commit, against the same write without a result, on each store,
// one writer. The difference is what stats add to the end of a game.
func BenchmarkFinishGame(b *testing.B) {
	for _, st := range benchStores {
		for _, withResult := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/result=%v", st.name, withResult), func(b *testing.B) {
				s, _ := st.open(b)
				tables := make([]*data.Table, b.N)
				for i := range tables {
					tables[i] = &data.Table{Game: "duel", GuildID: "g", ChannelID: "c" + strconv.Itoa(i), Status: data.StatusPlaying,
						Seats: []data.Seat{{UserID: "u" + strconv.Itoa(i%50)}, {UserID: "v" + strconv.Itoa(i%37)}}}
					if err := s.Create(context.Background(), tables[i]); err != nil {
						b.Fatal(err)
					}
				}
				end := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
				b.ResetTimer()
				for i, tb := range tables {
					tb.Status, tb.Version = data.StatusFinished, 1
					if withResult {
						tb.Result = &data.Result{TableID: tb.ID, GuildID: "g", Game: "duel", Moves: 20, Started: end, Ended: end.Add(time.Duration(i) * time.Minute),
							Seats: []data.ResultSeat{{UserID: tb.Seats[0].UserID, Place: 1, Won: true}, {UserID: tb.Seats[1].UserID, Place: 2}}}
					}
					if err := s.Update(context.Background(), tb, 0, data.LogEntry{Version: 1, Action: "end"}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkLeaderboard: the top 10 of one game on a server of 100k
// players (60% rated, ratings with ties), on each store. The standings
// are written straight into the store (bbolt: SeedStandings; PostgreSQL:
// one INSERT), as 50k finished games would have left them. Measured on 2
// shared cores at load 13 (-benchtime 300x): ranked in memory (before
// the rank index) bbolt 1.91 s, 111 MB, 900,042 allocs and PostgreSQL
// 1.11 s, 102 MB, 400,057 allocs a call; from the index bbolt 79 µs,
// 11 KB, 137 allocs and PostgreSQL 406 µs, 9.7 KB, 67 allocs.
func BenchmarkLeaderboard(b *testing.B) {
	const players = 100_000
	for _, st := range benchStores {
		b.Run(st.name, func(b *testing.B) {
			s, url := st.open(b)
			all := benchStandings(players)
			if url == "" {
				if err := data.SeedStandings(s.(*data.Bolt), all); err != nil {
					b.Fatal(err)
				}
			} else {
				seedStandingsPG(b, url, all)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				top, err := s.Leaderboard(context.Background(), "g", "duel", 10)
				if err != nil || len(top) != 10 {
					b.Fatal(len(top), err)
				}
			}
		})
	}
}

// benchStandings are n players' standings in one game, drawn from a
// fixed seed.
func benchStandings(n int) []data.Standing {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]data.Standing, n)
	for i := range out {
		played := 1 + rng.IntN(200)
		st := data.Standing{GuildID: "g", Game: "duel", UserID: fmt.Sprintf("%018d", rng.Int64N(1e18)), Played: played,
			Wins: rng.IntN(played + 1), Rating: rating.Default(), Updated: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)}
		if rng.IntN(10) < 6 {
			st.Rated = 1 + rng.IntN(played)
			st.Rating.R = 800 + float64(rng.IntN(2800))/2 // steps of 0.5: many ties
		}
		out[i] = st
	}
	slices.SortFunc(out, func(a, b data.Standing) int { return strings.Compare(a.UserID, b.UserID) }) // quicker to write
	return out
}

// seedStandingsPG inserts sts and their game's totals row in one
// statement each.
func seedStandingsPG(b *testing.B, url string, sts []data.Standing) {
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(context.Background())
	rows := make([][]any, len(sts))
	for i, st := range sts {
		rows[i] = []any{st.GuildID, st.Game, st.Variant, st.UserID, st.Played, st.Wins, st.Rated, st.Rating.R, st.Rating.RD, st.Rating.Vol, st.Updated}
	}
	if _, err := conn.CopyFrom(context.Background(), pgx.Identifier{"standings"},
		[]string{"guild_id", "game", "variant", "user_id", "played", "wins", "rated", "rating", "rd", "vol", "updated"}, pgx.CopyFromRows(rows)); err != nil {
		b.Fatal(err)
	}
	if _, err := conn.Exec(context.Background(), `INSERT INTO game_stats VALUES ('g', 'duel', '', $1, 0, 0, 0)`, len(sts)); err != nil {
		b.Fatal(err)
	}
	if _, err := conn.Exec(context.Background(), `ANALYZE standings`); err != nil {
		b.Fatal(err)
	}
}
