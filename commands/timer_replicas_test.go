package commands

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/warroom/warroom/data"
)

// Two replicas' timers firing one deadline at once play it once: each
// re-reads the table under its own lock and commits with the version
// compare-and-set, so the later one finds the deadline moved or gets
// ErrConflict. That is why the timers take no lease on due tables.
func TestTimeoutFiredByTwoReplicasPlaysOnce(t *testing.T) {
	h := newHarness(t)
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	h.svc.Now = clock
	other := NewService(h.store, zerolog.Nop(), testMods.Modules()) // a second replica: its own table locks
	other.Now = clock
	r := h.slash(ann, "play", "", map[string]string{"game": "race", "turn_timeout": "2"})
	r = h.click(bob, h.lobby, buttons(r.Reply.Message)["Join"])
	h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
	for round := range 10 {
		mu.Lock()
		now = now.Add(2*time.Hour + time.Second)
		mu.Unlock()
		ids, err := h.svc.Overdue(t.Context(), clock())
		if err != nil || len(ids) != 1 {
			t.Fatalf("round %d: overdue %v %v", round, ids, err)
		}
		before, _ := h.store.Get(t.Context(), ids[0])
		var wg sync.WaitGroup
		played := make([]bool, 2)
		for i, svc := range []*Service{h.svc, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := svc.Timeout(context.Background(), ids[0])
				if err != nil && !errors.Is(err, data.ErrConflict) {
					t.Error(err)
				}
				played[i] = ok
			}()
		}
		wg.Wait()
		after, _ := h.store.Get(t.Context(), ids[0])
		if played[0] == played[1] || after.Version != before.Version+1 {
			t.Fatalf("round %d: replicas played %v, version %d -> %d: want exactly one timeout", round, played, before.Version, after.Version)
		}
	}
}
