package canvas

import "sync"

// fifo is a map for the drawing caches (masks, results, areas,
// bandCache), bounded by the total size of what it keeps: when full,
// the oldest entry leaves first.
type fifo[K comparable, V any] struct {
	mu        sync.Mutex
	m         map[K]V
	order     []K // insertion order
	size      func(K, V) int
	used, max int
}

func newFIFO[K comparable, V any](max int, size func(K, V) int) *fifo[K, V] {
	return &fifo[K, V]{m: map[K]V{}, max: max, size: size}
}

func (c *fifo[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *fifo[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return
	}
	c.m[k] = v
	c.order = append(c.order, k)
	c.used += c.size(k, v)
	for c.used > c.max && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.used -= c.size(old, c.m[old])
		delete(c.m, old)
	}
}

// getBytes is get for a key held as bytes, without making a string of
// them (a lookup by string(k) makes none).
func getBytes[V any](c *fifo[string, V], k []byte) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[string(k)]
	return v, ok
}
