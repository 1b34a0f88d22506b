package data

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// BenchmarkOpen measures an open of a file of 10,000 tables of about
// 11 KB each (the size measured in play), consistency check included
// (WARROOM_OPEN_TABLES=100000 for the large case; the file is in the page
// cache, so this is a warm open).
func BenchmarkOpen(b *testing.B) {
	n := 10000
	if v, err := strconv.Atoi(os.Getenv("WARROOM_OPEN_TABLES")); err == nil && v > 0 {
		n = v
	}
	p := filepath.Join(b.TempDir(), "w.db")
	db, err := Open(p)
	if err != nil {
		b.Fatal(err)
	}
	pad := strings.Repeat("x", 11000)
	err = db.update(func(tx *bolt.Tx) error {
		for i := 1; i <= n; i++ {
			t := &Table{ID: strconv.FormatInt(int64(i), 36), Game: "g", ChannelID: "c" + strconv.Itoa(i), Status: StatusFinished,
				State: json.RawMessage(fmt.Sprintf(`{"pad":%q}`, pad)), Created: time.Now(), Updated: time.Now()}
			if err := putTable(tx, nil, t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	db.Close()
	// What a start costs: Open (bbolt's full check up to FullCheckMax,
	// the walk above it) and counting the live tables.
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			db, err := Open(p)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := db.LiveCount(context.Background()); err != nil {
				b.Fatal(err)
			}
			db.Close()
		}
	})
	// The walk a file over FullCheckMax gets at open instead.
	b.Run("walk", func(b *testing.B) {
		db, err := Open(p)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		for b.Loop() {
			if err := walkCheck(db.db); err != nil {
				b.Fatal(err)
			}
		}
	})
	// bbolt alone: what the consistency check adds is the difference.
	b.Run("bbolt-only", func(b *testing.B) {
		for b.Loop() {
			db, err := bolt.Open(p, 0o600, nil)
			if err != nil {
				b.Fatal(err)
			}
			db.Close()
		}
	})
}

// BenchmarkDurableMoves: moves on different tables from many writers at
// once, each one Update (CAS, state, log entry) acknowledged only after
// its fsync. "grouped" is the store's own path (group commit); "naive"
// is one bbolt transaction per move, the limit group commit must beat.
// Report moves/s with -benchtime and compare the two in the same run.
func BenchmarkDurableMoves(b *testing.B) {
	for _, mode := range []string{"naive", "grouped"} {
		for _, writers := range []int{1, 16, 64} {
			b.Run(fmt.Sprintf("%s/writers=%d", mode, writers), func(b *testing.B) {
				st, _ := open(b)
				par := max(1, writers/runtime.GOMAXPROCS(0))
				b.SetParallelism(par)
				tables := make([]*Table, par*runtime.GOMAXPROCS(0)) // one per goroutine
				for i := range tables {
					tables[i] = &Table{Game: "g", ChannelID: "c" + strconv.Itoa(i), Status: StatusPlaying,
						State: json.RawMessage(fmt.Sprintf(`{"pad":%q}`, strings.Repeat("x", 3000)))}
					if err := st.Create(context.Background(), tables[i]); err != nil {
						b.Fatal(err)
					}
				}
				if mode == "naive" {
					st.writes.close()
					st.writes = nil
				}
				var next atomic.Int64
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					tb := *tables[int(next.Add(1)-1)]
					for pb.Next() {
						tb.Version++
						e := LogEntry{Version: tb.Version, Action: "x"}
						var err error
						if mode == "naive" {
							err = st.db.Update(func(tx *bolt.Tx) error { _, err := updateTx(tx, &tb, tb.Version-1, time.Now(), e); return err })
						} else {
							err = st.Update(context.Background(), &tb, tb.Version-1, e)
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				})
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
			})
		}
	}
}

// BenchmarkDue: the timer's question over 100,000 tables in play, 10 of
// them overdue; it reads the due index only.
func BenchmarkDue(b *testing.B) {
	st, _ := open(b)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	err := st.update(func(tx *bolt.Tx) error {
		for i := 1; i <= 100000; i++ {
			t := &Table{ID: strconv.FormatInt(int64(i), 36), Game: "g", ChannelID: "c" + strconv.Itoa(i), Status: StatusPlaying,
				Deadline: t0.Add(time.Duration(i-10) * time.Minute)}
			if err := putTable(tx, nil, t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		ids, err := st.Due(context.Background(), t0, time.Time{})
		if err != nil || len(ids) != 10 {
			b.Fatalf("%d due, %v", len(ids), err)
		}
	}
}
