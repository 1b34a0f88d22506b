package data

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// tailCache keeps, per table, the last entries of its log that LogTail
// read, decoded: a board reads its table's last 60 entries at every move,
// and decoding them again was a tenth of the bot's work without pictures.
// A log only grows, by keys (versions) that only go up, so what was read
// stays true; the next read decodes only the entries after the newest one
// kept. Bounded by entries; Remove forgets the tables it takes out.
type tailCache struct {
	mu      sync.Mutex
	tables  map[string]*keptTail
	entries int // kept in all tables
}

// keptTail is the end of one table's log: entries oldest first, the
// newest one's key, and whether they begin at the log's first entry.
// Never changed once kept: LogTail replaces it.
type keptTail struct {
	last    []byte
	entries []LogEntry
	all     bool
}

// tailEntries bounds the entries kept, all tables together: a Flanders
// entry takes about 1 KB decoded, so some 16 MB, the last 60 entries of
// 270 tables.
const tailEntries = 1 << 14

func (c *tailCache) get(id string) *keptTail {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tables[id]
}

func (c *tailCache) put(id string, k *keptTail) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tables == nil {
		c.tables = map[string]*keptTail{}
	}
	c.drop(id)
	for other := range c.tables { // any others: tables not played for a while, most likely
		if c.entries+len(k.entries) <= tailEntries {
			break
		}
		c.drop(other)
	}
	c.tables[id] = k
	c.entries += len(k.entries)
}

// drop forgets a table; call with c.mu held.
func (c *tailCache) drop(id string) {
	if k, ok := c.tables[id]; ok {
		c.entries -= len(k.entries)
		delete(c.tables, id)
	}
}

func (c *tailCache) forget(ids []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, id := range ids {
		c.drop(id)
	}
}

// LogTail implements Store: a cursor from the last key backwards, so the
// cost is n entries whatever the log's length, and only those after the
// newest entry kept (tailCache) are decoded.
func (b *Bolt) LogTail(ctx context.Context, id string, n int) ([]LogEntry, error) {
	if n <= 0 {
		return nil, nil
	}
	return b.logTail(ctx, id, n, b.tails.get(id))
}

// logTail reads id's last n entries, decoding them back to kept's newest
// one (kept nil: all n), and keeps what it read.
func (b *Bolt) logTail(ctx context.Context, id string, n int, kept *keptTail) ([]LogEntry, error) {
	var fresh []LogEntry // newest first
	var newest []byte
	hit, start := false, false
	err := b.read(ctx, func(tx *bolt.Tx) error {
		lb := tx.Bucket(bucketLogs).Bucket([]byte(id))
		if lb == nil {
			return nil
		}
		c := lb.Cursor()
		k, v := c.Last()
		newest = bytes.Clone(k)
		for ; k != nil && len(fresh) < n; k, v = c.Prev() {
			if kept != nil && bytes.Equal(k, kept.last) {
				hit = true
				return nil
			}
			e, err := decodeEntry(id, v)
			if err != nil {
				return err
			}
			fresh = append(fresh, e)
		}
		start = k == nil
		return nil
	})
	if err != nil || newest == nil {
		return nil, err
	}
	slices.Reverse(fresh)
	out, all := fresh, start
	if hit {
		older, need := kept.entries, n-len(fresh)
		if len(older) < need && !kept.all {
			return b.logTail(ctx, id, n, nil) // asked for more than is kept
		}
		older = older[max(len(older)-need, 0):]
		out = append(slices.Clip(older), fresh...)
		all = kept.all && len(older) == len(kept.entries)
	}
	b.tails.put(id, &keptTail{last: newest, entries: out, all: all})
	return slices.Clone(out), nil
}

// decodeEntry decodes one entry of id's log.
func decodeEntry(id string, v []byte) (LogEntry, error) {
	var e LogEntry
	js, err := unseal(v)
	if err == nil {
		err = json.Unmarshal(js, &e)
	}
	if err != nil {
		return e, fmt.Errorf("%w: log of table %s: %v", ErrCorrupt, id, err)
	}
	return e, nil
}
