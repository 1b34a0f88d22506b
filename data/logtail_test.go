package data

import (
	"fmt"
	"testing"
)

// The kept log ends stay within tailEntries, counted exactly, whatever
// is put, replaced or forgotten.
func TestTailCacheBound(t *testing.T) {
	var c tailCache
	tail := func(n int) *keptTail { return &keptTail{entries: make([]LogEntry, n)} }
	for i := range 1000 {
		c.put(fmt.Sprint(i%400), tail(1+i%60))
		if i%7 == 0 {
			c.forget([]string{fmt.Sprint(i % 13)})
		}
		n := 0
		for _, k := range c.tables {
			n += len(k.entries)
		}
		if n != c.entries || n > tailEntries {
			t.Fatalf("after %d puts: %d entries kept, counted %d (bound %d)", i+1, n, c.entries, tailEntries)
		}
	}
	c.put("big", tail(tailEntries))
	if len(c.tables) != 1 || c.entries != tailEntries {
		t.Fatalf("a table of %d entries leaves %d tables, %d entries", tailEntries, len(c.tables), c.entries)
	}
}
