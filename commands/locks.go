package commands

import "sync"

// tableLocks serialises the work on each table. An entry lives only while
// someone holds or waits for it, so the map stays as small as the number
// of tables busy right now, however many tables the bot has ever seen.
type tableLocks struct {
	mu sync.Mutex
	m  map[string]*tableLock
}

type tableLock struct {
	sync.Mutex
	users int // holders and waiters; guarded by tableLocks.mu
}

// lock waits for table id and returns its unlock.
func (l *tableLocks) lock(id string) func() {
	l.mu.Lock()
	if l.m == nil {
		l.m = map[string]*tableLock{}
	}
	e := l.m[id]
	if e == nil {
		e = &tableLock{}
		l.m[id] = e
	}
	e.users++
	l.mu.Unlock()
	e.Lock()
	return func() {
		e.Unlock()
		l.mu.Lock()
		if e.users--; e.users == 0 {
			delete(l.m, id)
		}
		l.mu.Unlock()
	}
}

// held is how many tables have a lock entry (for tests).
func (l *tableLocks) held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.m)
}
