package data_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/data/storetest"
)

// An accepted interaction id outlives a restart on bbolt.
func TestBoltInteractionsAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	ctx := context.Background()
	b, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := b.FirstInteraction(ctx, "42", time.Now().Add(time.Minute)); !ok || err != nil {
		t.Fatalf("first: %v %v", ok, err)
	}
	b.Close()
	if b, err = data.Open(path); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if ok, err := b.FirstInteraction(ctx, "42", time.Now().Add(time.Minute)); ok || err != nil {
		t.Fatalf("after a restart the id was first again: %v %v", ok, err)
	}
}

// Two replicas on one PostgreSQL database share the accepted ids.
func TestPostgresInteractionsShared(t *testing.T) {
	url := storetest.NewDatabase(t)
	a, b := openPG(t, url), openPG(t, url)
	ctx := context.Background()
	if ok, err := a.FirstInteraction(ctx, "42", time.Now().Add(time.Minute)); !ok || err != nil {
		t.Fatalf("first: %v %v", ok, err)
	}
	if ok, err := b.FirstInteraction(ctx, "42", time.Now().Add(time.Minute)); ok || err != nil {
		t.Fatalf("the other replica took the id for new: %v %v", ok, err)
	}
}

// BenchmarkFirstInteraction: the write every interaction now makes before
// it is acted on (its id recorded), from 1 and 20 goroutines per
// GOMAXPROCS at once, on bbolt (group commit) and PostgreSQL; ns/op is
// per interaction.
func BenchmarkFirstInteraction(b *testing.B) {
	for _, st := range benchStores {
		for _, conc := range []int{1, 20} {
			b.Run(fmt.Sprintf("%s/parallelism=%d", st.name, conc), func(b *testing.B) {
				s, _ := st.open(b)
				ctx := context.Background()
				expires := time.Now().Add(time.Minute)
				if _, err := s.FirstInteraction(ctx, "warm-up", expires); err != nil { // the pool's first connection
					b.Fatal(err)
				}
				var next atomic.Int64
				b.SetParallelism(conc)
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						if ok, err := s.FirstInteraction(ctx, strconv.FormatInt(next.Add(1), 10), expires); !ok || err != nil {
							b.Error(ok, err)
							return
						}
					}
				})
			})
		}
	}
}
