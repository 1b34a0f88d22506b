package data_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
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
