package canvas

import (
	"container/list"
	"sync"
)

// DefaultLayerBytes bounds the static layers kept by default: the layers
// of several games in a few languages (0.4-0.7 MB each, a byte a pixel),
// not every game's layer in every language and scenario (about 18 MB)
// and FoW's in every mission.
const DefaultLayerBytes = 12 << 20

// layers is the one store of static layers every game draws its boards
// on: least recently used first out once it holds more than its budget.
var layers = &layerStore{budget: DefaultLayerBytes, byKey: map[any]*list.Element{}}

// layerStore is an LRU of layers, bounded by bytes.
type layerStore struct {
	mu     sync.Mutex
	budget int                   // bytes
	used   int                   // bytes of the layers held
	order  list.List             // of *layerEntry, most recently used first
	byKey  map[any]*list.Element // by the game's key
}

type layerEntry struct {
	key   any
	c     *Canvas
	extra any // what the game drew with the layer (a frame, the legend's top)
	bytes int
}

// SetLayerBytes sets the static layers' budget in bytes (the one knob),
// dropping the least recently used until the kept ones fit.
func SetLayerBytes(n int) {
	layers.mu.Lock()
	defer layers.mu.Unlock()
	layers.budget = n
	layers.trim()
}

// LayerBytes is the bytes the kept static layers hold.
func LayerBytes() int {
	layers.mu.Lock()
	defer layers.mu.Unlock()
	return layers.used
}

// Layer returns the static layer under key, and what draw returned with
// it, drawing it on a miss: a board is a Clone of it. key must be
// comparable and of a type of the game's own, so games never share a
// key. A layer must not be drawn on once returned.
func Layer[T any](key any, draw func() (*Canvas, T)) (*Canvas, T) {
	if c, extra, ok := layers.get(key); ok {
		t, _ := extra.(T)
		return c, t
	}
	// drawn outside the lock: two boards missing the same layer at once
	// may both draw it, and the first stored is kept.
	c, extra := draw()
	c, kept := layers.put(key, c, extra)
	t, _ := kept.(T)
	return c, t
}

func (s *layerStore) get(key any) (*Canvas, any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.byKey[key]
	if !ok {
		return nil, nil, false
	}
	s.order.MoveToFront(e)
	le := e.Value.(*layerEntry)
	return le.c, le.extra, true
}

// put keeps c under key unless a layer is already there, and returns the
// one kept.
func (s *layerStore) put(key any, c *Canvas, extra any) (*Canvas, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.byKey[key]; ok {
		s.order.MoveToFront(e)
		le := e.Value.(*layerEntry)
		return le.c, le.extra
	}
	le := &layerEntry{key: key, c: c, extra: extra, bytes: len(c.Img.Pix)}
	s.byKey[key] = s.order.PushFront(le)
	s.used += le.bytes
	s.trim()
	return c, extra
}

// trim drops the least recently used layers past the budget, always
// keeping the newest (a board needs its layer even past the budget).
func (s *layerStore) trim() {
	for s.used > s.budget && s.order.Len() > 1 {
		le := s.order.Remove(s.order.Back()).(*layerEntry)
		delete(s.byKey, le.key)
		s.used -= le.bytes
	}
}
