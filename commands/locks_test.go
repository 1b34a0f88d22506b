package commands

import (
	"strconv"
	"sync"
	"testing"
)

// TestTableLocksSerialiseAndAreReleased: one holder per table at a time,
// and no entry left once nobody holds or waits.
func TestTableLocksSerialiseAndAreReleased(t *testing.T) {
	var l tableLocks
	var wg sync.WaitGroup
	inside := make([]int, 10)
	var mu sync.Mutex
	for i := range 400 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := strconv.Itoa(i % 10)
			unlock := l.lock(id)
			mu.Lock()
			inside[i%10]++
			if inside[i%10] != 1 {
				t.Errorf("table %s held twice", id)
			}
			mu.Unlock()
			mu.Lock()
			inside[i%10]--
			mu.Unlock()
			unlock()
		}()
	}
	wg.Wait()
	if n := l.held(); n != 0 {
		t.Fatalf("%d lock entries left", n)
	}
}
