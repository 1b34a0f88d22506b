package data_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/data/storetest"
)

// benchStores are the stores compared in one run: bbolt (a file in the
// temp folder) and PostgreSQL (the test cluster, fsync on, same disk).
// url is PostgreSQL's, "" for bbolt.
var benchStores = []struct {
	name string
	open func(b *testing.B) (s data.Store, url string)
}{
	{"bbolt", func(b *testing.B) (data.Store, string) {
		s, err := data.Open(filepath.Join(b.TempDir(), "w.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		return s, ""
	}},
	{"postgres", func(b *testing.B) (data.Store, string) {
		url := storetest.NewDatabase(b)
		return openPG(b, url), url
	}},
}

// BenchmarkStoreUpdates: durable accepted moves (Update: CAS, a 3 KB
// state, one log entry, acknowledged after commit) with 1, 20 and 200
// tables played at once, one writer per table, bbolt against PostgreSQL
// in the same run. Reports moves/s and the p50/p99 latency of one Update.
func BenchmarkStoreUpdates(b *testing.B) {
	pad := json.RawMessage(fmt.Sprintf(`{"pad":%q}`, strings.Repeat("x", 3000)))
	for _, st := range benchStores {
		for _, n := range []int{1, 20, 200} {
			b.Run(fmt.Sprintf("%s/tables=%d", st.name, n), func(b *testing.B) {
				s, _ := st.open(b)
				tables := make([]*data.Table, n)
				for i := range tables {
					tables[i] = &data.Table{Game: "g", ChannelID: "c" + strconv.Itoa(i), Status: data.StatusPlaying, State: pad}
					if err := s.Create(context.Background(), tables[i]); err != nil {
						b.Fatal(err)
					}
				}
				// Warm up: every writer once, so the pool's connections
				// are open before the clock starts.
				var warm sync.WaitGroup
				for _, tb := range tables {
					warm.Add(1)
					go func() {
						defer warm.Done()
						if _, err := s.Get(context.Background(), tb.ID); err != nil {
							b.Error(err)
						}
					}()
				}
				warm.Wait()
				var left atomic.Int64
				left.Store(int64(b.N))
				lat := make([][]time.Duration, n)
				var wg sync.WaitGroup
				b.ResetTimer()
				for i, tb := range tables {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for left.Add(-1) >= 0 {
							tb.Version++
							start := time.Now()
							if err := s.Update(context.Background(), tb, tb.Version-1, data.LogEntry{Version: tb.Version, Action: "x"}); err != nil {
								b.Error(err)
								return
							}
							lat[i] = append(lat[i], time.Since(start))
						}
					}()
				}
				wg.Wait()
				b.StopTimer()
				all := slices.Concat(lat...)
				slices.Sort(all)
				if len(all) > 0 {
					b.ReportMetric(float64(len(all))/b.Elapsed().Seconds(), "moves/s")
					b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "p50_ms")
					b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99_ms")
				}
			})
		}
	}
}

// fill stores n tables in play, deadlines a minute apart with the first
// 10 past t0, from 32 writers at once.
func fill(b *testing.B, s data.Store, n int, t0 time.Time) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1); i <= int64(n); i = next.Add(1) {
				tb := &data.Table{Game: "g", ChannelID: "c" + strconv.FormatInt(i, 10), Status: data.StatusPlaying,
					State: json.RawMessage(`{"n":0}`), Deadline: t0.Add(time.Duration(i-10) * time.Minute)}
				if err := s.Create(context.Background(), tb); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkStoreDue: the timer's question (Due) over 10,000 and 100,000
// tables in play, 10 of them overdue, bbolt against PostgreSQL.
// "postgres-noindex" asks PostgreSQL the same with its indexes turned off:
// the cost of reading every table, which the due indexes avoid.
func BenchmarkStoreDue(b *testing.B) {
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	sizes := []int{10000, 100000}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, n := range sizes {
		for _, st := range benchStores {
			b.Run(fmt.Sprintf("%s/tables=%d", st.name, n), func(b *testing.B) {
				s, url := st.open(b)
				fill(b, s, n, t0)
				if url != "" {
					sql(b, url, "ANALYZE") // what autovacuum does after a bulk change
				}
				b.ResetTimer()
				for b.Loop() {
					if ids, err := s.Due(context.Background(), t0, time.Time{}); err != nil || len(ids) != 10 {
						b.Fatalf("%d due, %v", len(ids), err)
					}
				}
			})
		}
		b.Run(fmt.Sprintf("postgres-noindex/tables=%d", n), func(b *testing.B) {
			url := storetest.NewDatabase(b)
			fill(b, openPG(b, url), n, t0)
			sql(b, url, "ANALYZE")
			ctx := context.Background()
			conn, err := pgx.Connect(ctx, url)
			if err != nil {
				b.Fatal(err)
			}
			defer conn.Close(ctx)
			if _, err := conn.Exec(ctx, `SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off`); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				rows, _ := conn.Query(ctx, `SELECT id FROM tables WHERE deadline <= $1 OR remind_at <= $1 OR lobby_at <= $2`, t0, nil)
				ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
				if err != nil || len(ids) != 10 {
					b.Fatalf("%d due, %v", len(ids), err)
				}
			}
		})
	}
}
