package storetest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
)

// testInteractionsOnce: an id is first once, whoever records it and
// however often; others are not affected; forgetting removes only the
// expired ones.
func testInteractionsOnce(t *testing.T, s data.Store) {
	ctx := context.Background()
	now := time.Now()
	first := func(id string, expires time.Time) bool {
		t.Helper()
		ok, err := s.FirstInteraction(ctx, id, expires)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !first("100", now.Add(time.Minute)) || !first("200", now.Add(time.Hour)) {
		t.Fatal("a new id was not first")
	}
	if first("100", now.Add(time.Minute)) || first("200", now.Add(2*time.Hour)) {
		t.Fatal("a recorded id was first again")
	}
	// 50 at once for one id: exactly one is first.
	var wg sync.WaitGroup
	var firsts atomic.Int64
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ok, err := s.FirstInteraction(ctx, "300", now.Add(time.Minute)); err == nil && ok {
				firsts.Add(1)
			}
		}()
	}
	wg.Wait()
	if firsts.Load() != 1 {
		t.Fatalf("50 concurrent records of one id: %d were first", firsts.Load())
	}
	if err := s.ForgetInteractions(ctx, now.Add(30*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if !first("100", now.Add(time.Minute)) || !first("300", now.Add(time.Minute)) {
		t.Fatal("an expired id was not forgotten")
	}
	if first("200", now.Add(time.Hour)) {
		t.Fatal("an id forgotten before it expired")
	}
	for i := range 200 { // forgetting many at once
		first(fmt.Sprint(1000+i), now)
	}
	if err := s.ForgetInteractions(ctx, now.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if !first("1000", now) || !first("1199", now) {
		t.Fatal("expired ids kept")
	}
}
