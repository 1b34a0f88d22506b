package canvas

import (
	"bytes"
	"hash/maphash"
	"sync"
)

// bandCache keeps the deflated streams of the last bands boards drew,
// by their raw bytes: a table's next board repeats most of its last one
// (57% of the bands a Flanders board draws were the same as the board
// before), and such a band then costs a hash instead of a deflate. The
// stream of given bytes is the same whatever the palette, so every game
// shares it. Bounded: the oldest band leaves first.
var bandCache = newZCache(1 << 13)

// bandKey names a band's raw bytes: two independent 64-bit hashes, so a
// collision (a wrong band in a picture) is out of reach.
type bandKey [2]uint64

var bandSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func bandKeyOf(b []byte) bandKey {
	return bandKey{maphash.Bytes(bandSeeds[0], b), maphash.Bytes(bandSeeds[1], b)}
}

// zCache is a fixed-size map of deflated bands, first in first out.
type zCache struct {
	mu   sync.Mutex
	m    map[bandKey]zband
	ring []bandKey // insertion order; the next to go at next
	next int
}

func newZCache(n int) *zCache {
	return &zCache{m: make(map[bandKey]zband, n), ring: make([]bandKey, 0, n)}
}

func (c *zCache) get(k bandKey) (zband, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	z, ok := c.m[k]
	return z, ok
}

// put keeps a copy of z under k, its bytes exactly as long as they are
// (a deflate buffer has room to spare, which 8,192 of would multiply).
func (c *zCache) put(k bandKey, z zband) {
	z.z = bytes.Clone(z.z)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return
	}
	if len(c.ring) < cap(c.ring) {
		c.ring = append(c.ring, k)
	} else {
		delete(c.m, c.ring[c.next])
		c.ring[c.next] = k
		c.next = (c.next + 1) % len(c.ring)
	}
	c.m[k] = z
}
