package data_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// BenchmarkLogTail: what a board reads of a long game's log on every
// click (the last 60 entries) against the whole log, 2,000 moves of
// about 300 bytes each, on bbolt and PostgreSQL.
func BenchmarkLogTail(b *testing.B) {
	const moves = 2000
	for _, st := range benchStores {
		s, _ := st.open(b)
		tb := &data.Table{Game: "g", ChannelID: "c", Status: data.StatusPlaying}
		if err := s.Create(context.Background(), tb); err != nil {
			b.Fatal(err)
		}
		for v := int64(1); v <= moves; v++ {
			tb.Version = v
			ev := games.Log("move", 0, moveEntry{Side: "raider", Unit: "ge-g-1", From: 107, To: 307, Count: 3, Leg: 1, GT: 2})
			e := data.LogEntry{Version: v, UserID: "123456789012345678", Action: fmt.Sprint("move.5.", v), Events: []games.Event{ev, ev}}
			if err := s.Update(context.Background(), tb, v-1, e); err != nil {
				b.Fatal(err)
			}
		}
		// As a board reads it: one more move between reads (bbolt keeps
		// what it decoded and decodes only the new entry).
		b.Run(st.name+"/tail=60 after a move", func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				tb.Version++
				e := data.LogEntry{Version: tb.Version, UserID: "123456789012345678", Action: "move.5.1",
					Events: []games.Event{games.Log("move", 0, moveEntry{Side: "raider", Unit: "ge-g-1", From: 107, To: 307})}}
				if err := s.Update(context.Background(), tb, tb.Version-1, e); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := s.LogTail(context.Background(), tb.ID, 60); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, n := range []int{60, 0} {
			name := fmt.Sprintf("%s/tail=%d", st.name, n)
			if n == 0 {
				name = st.name + "/whole"
			}
			b.Run(name, func(b *testing.B) {
				for range b.N {
					var err error
					if n > 0 {
						_, err = s.LogTail(context.Background(), tb.ID, n)
					} else {
						_, err = s.Log(context.Background(), tb.ID)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// moveEntry is a journal entry the size of a Trenches move's.
type moveEntry struct {
	Side  string `json:"side"`
	Unit  string `json:"unit"`
	From  int    `json:"from"`
	To    int    `json:"to"`
	Count int    `json:"count,omitempty"`
	Leg   int    `json:"leg"`
	GT    int    `json:"gt,omitempty"`
}
