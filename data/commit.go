package data

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
)

// maxGroup bounds how many writes share one transaction, so one commit
// never holds a long queue behind a huge write set.
const maxGroup = 256

// committer is group commit: every write goes through one goroutine, and
// each bbolt transaction carries all the writes that queued while the
// previous one was syncing. One fsync then makes many moves durable, and
// a lone write waits for nothing (there is no batching delay). A caller
// hears back only after its transaction is on disk.
type committer struct {
	db    *bolt.DB
	mu    sync.RWMutex // guards closed against sends on a closed queue
	shut  bool
	calls chan *call
	done  chan struct{}
	// observe, when set, hears of every commit: writes carried, time taken.
	observe atomic.Pointer[func(writes int, took time.Duration)]
}

type call struct {
	fn  func(*bolt.Tx) error
	err chan error
}

func newCommitter(db *bolt.DB) *committer {
	c := &committer{db: db, calls: make(chan *call, maxGroup), done: make(chan struct{})}
	go c.run()
	return c
}

// do runs fn in a write transaction, shared with other writers, and
// returns once it is committed (or failed).
func (c *committer) do(fn func(*bolt.Tx) error) error {
	x := &call{fn: fn, err: make(chan error, 1)}
	c.mu.RLock()
	if c.shut {
		c.mu.RUnlock()
		return bolt.ErrDatabaseNotOpen
	}
	c.calls <- x
	c.mu.RUnlock()
	return <-x.err
}

// close lets the queued writes finish and stops the goroutine.
func (c *committer) close() {
	c.mu.Lock()
	if !c.shut {
		c.shut = true
		close(c.calls)
	}
	c.mu.Unlock()
	<-c.done
}

func (c *committer) run() {
	defer close(c.done)
	// A damaged page may fault inside a write: make that a panic that
	// safely turns into the one caller's error.
	debug.SetPanicOnFault(true)
	for first := range c.calls {
		group := []*call{first}
	drain:
		for len(group) < maxGroup {
			select {
			case x, ok := <-c.calls:
				if !ok {
					break drain
				}
				group = append(group, x)
			default:
				break drain
			}
		}
		start := time.Now()
		c.commit(group)
		if f := c.observe.Load(); f != nil {
			(*f)(len(group), time.Since(start))
		}
	}
}

// commit runs a group in one transaction. A write that fails (a version
// conflict, a busy channel) would roll back the others, so it leaves the
// group, the rest is tried again, and the failed ones then run alone and
// get their own answer.
func (c *committer) commit(group []*call) {
	var alone []*call
	for len(group) > 0 {
		failed := -1
		// The commit itself may read a damaged page (spilling a node
		// onto it): bbolt rolls back, and the group gets the error.
		err := safely(func(*bolt.Tx) error {
			return c.db.Update(func(tx *bolt.Tx) error {
				for i, x := range group {
					if err := safely(x.fn, tx); err != nil {
						failed = i
						return err
					}
				}
				return nil
			})
		}, nil)
		if failed < 0 {
			for _, x := range group {
				x.err <- err
			}
			break
		}
		alone = append(alone, group[failed])
		group = append(group[:failed:failed], group[failed+1:]...)
	}
	for _, x := range alone {
		x.err <- c.db.Update(func(tx *bolt.Tx) error { return safely(x.fn, tx) })
	}
}

// safely runs one write, turning a panic (a damaged page) into its error.
func safely(fn func(*bolt.Tx) error, tx *bolt.Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: a page of the database file could not be written", ErrCorrupt)
		}
	}()
	return fn(tx)
}
