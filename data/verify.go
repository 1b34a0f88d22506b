package data

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"runtime/debug"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// ErrDamaged is a database file that fails its consistency check: it is
// refused at open rather than half-read, so no table silently vanishes
// and no click turns into a panic.
var ErrDamaged = errors.New("database file is damaged")

// damaged is the one-line error an admin sees, naming both ways back.
func damaged(path string, cause error) error {
	return fmt.Errorf("%w: %s: %v; restore a copy made with `warroom backup`, or run `warroom repair --db %s --out NEW.db` to salvage the readable tables into a new file",
		ErrDamaged, path, cause, path)
}

// boltMagic marks a bbolt meta page.
const boltMagic = 0xED0CDAED

// meta is the part of a bbolt meta page the checks below need.
type meta struct {
	pageSize uint32
	pgid     uint64 // pages in use: the file must hold at least this many
	txid     uint64
}

// readMeta decodes and validates the meta page at page offset off of f.
func readMeta(f io.ReaderAt, off int64) (meta, bool) {
	buf := make([]byte, 80)
	if _, err := f.ReadAt(buf, off); err != nil {
		return meta{}, false
	}
	le := binary.LittleEndian
	if le.Uint32(buf[16:]) != boltMagic {
		return meta{}, false
	}
	h := fnv.New64a()
	h.Write(buf[16:72])
	if h.Sum64() != le.Uint64(buf[72:]) {
		return meta{}, false
	}
	return meta{pageSize: le.Uint32(buf[24:]), pgid: le.Uint64(buf[56:]), txid: le.Uint64(buf[64:])}, true
}

// precheck reads the file's meta pages before bbolt maps it: a file
// shorter than its own meta says (truncated) would make bbolt read past
// the end of the mapping, which is a fault, not a recoverable panic.
// A file that does not exist or is empty is new and passes.
func precheck(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return err
	}
	m0, ok0 := readMeta(f, 0)
	var m meta
	ok := false
	if ok0 {
		m, ok = m0, true
	}
	if ok0 && m0.pageSize >= 512 && m0.pageSize <= 1<<16 {
		if m1, ok1 := readMeta(f, int64(m0.pageSize)); ok1 && m1.txid > m0.txid {
			m = m1
		}
	} else {
		// meta 0 is gone: bbolt falls back to meta 1 at the OS page size.
		if m1, ok1 := readMeta(f, int64(os.Getpagesize())); ok1 {
			m, ok = m1, true
		}
	}
	if !ok {
		return errors.New("neither meta page is valid")
	}
	if need := int64(m.pgid) * int64(m.pageSize); st.Size() < need {
		return fmt.Errorf("the file is %d bytes but its pages need %d (truncated)", st.Size(), need)
	}
	return nil
}

// openChecked checks the file, then opens it with bbolt. A file up to
// FullCheckMax gets bbolt's consistency check (every reachable page, the
// free list, key order) in a child process (checkFile); a larger one is
// walked once open (walkCheck). Every failure, a panic included, is the
// one-line ErrDamaged advice.
func openChecked(path string, opts *bolt.Options) (db *bolt.DB, err error) {
	if err := precheck(path); err != nil {
		return nil, damaged(path, err)
	}
	full := exists(path) && !large(path)
	if full {
		if err := checkFile(path); errors.Is(err, bolt.ErrTimeout) {
			return nil, err
		} else if err != nil {
			return nil, damaged(path, err)
		}
	}
	err = protect(func() error {
		db, err = bolt.Open(path, 0o600, opts)
		return err
	})
	switch {
	case err == nil:
	case errors.Is(err, ErrCorrupt), errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum), errors.Is(err, berrors.ErrVersionMismatch):
		return nil, damaged(path, err)
	default:
		return nil, err
	}
	if !full {
		if err := walkCheck(db); err != nil {
			db.Close()
			return nil, damaged(path, err)
		}
	}
	return db, nil
}

// exists reports a file with something in it (a new file needs no check).
func exists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Size() > 0
}

// FullCheckMax is the largest file that gets bbolt's full consistency
// check at open (about 20,000 tables: ~85 ms per 10,000 tables, since it
// reads every page and the free list). A larger file gets walkCheck,
// whose cost does not grow with the tables ever stored, so a big server
// still starts in well under a second.
var FullCheckMax int64 = 256 << 20

func large(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Size() > FullCheckMax
}

// perTable are the buckets that hold something for every table ever
// stored (its record, its log). Walking them at open read a page per
// table or two - 1.1 s at 100,000 tables of 11 KB, page faults on the
// mapped file - so a large file's open reads only their root and first
// leaf. A damaged page under them is found when it is read: the read is
// ErrCorrupt (and a live table can be set aside), and a record missing
// from under its id is ErrCorrupt too, never silently gone (getTable).
var perTable = [][]byte{bucketTables, bucketLogs}

// walkCheck walks every bucket and key in order, in a read transaction:
// bbolt checks each branch and leaf page's header as it reads it, so a
// zeroed, shifted or foreign page is found, and keys must be in order.
// It does not read the free list, values spilled onto overflow pages, or
// the pages under the perTable buckets beyond their first leaf.
func walkCheck(db *bolt.DB) error {
	return protect(func() error {
		return db.View(func(tx *bolt.Tx) error {
			var prev []byte
			return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
				if prev != nil && string(name) <= string(prev) {
					return fmt.Errorf("buckets out of order after %q", prev)
				}
				prev = append(prev[:0], name...)
				for _, p := range perTable {
					if string(name) == string(p) {
						b.Cursor().First() // its root and first leaf
						return nil
					}
				}
				return walk(b.Cursor(), 1)
			})
		})
	})
}

// walk visits every key of a bucket and of the buckets inside it, and
// checks that keys come in order.
func walk(c *bolt.Cursor, depth int) error {
	var prev []byte
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if prev != nil && string(k) <= string(prev) {
			return fmt.Errorf("keys out of order after %q", prev)
		}
		prev = append(prev[:0], k...)
		if v == nil && depth < 8 { // a nested bucket
			if nb := c.Bucket().Bucket(k); nb != nil {
				if err := walk(nb.Cursor(), depth+1); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// fullCheck runs bbolt's Tx.Check and summarises its findings in one line.
func fullCheck(db *bolt.DB) error {
	var first error
	n := 0
	err := db.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			if first == nil {
				first = err
				if fmt.Sprintf("%T", err) == "bbolt.panicked" { // its text names bbolt's internals
					first = errors.New("a page of it could not be read")
				}
			}
			n++
		}
		return nil
	})
	if err != nil {
		return err
	}
	if n == 1 {
		return first
	}
	if n > 1 {
		return fmt.Errorf("%v (and %d more problems)", first, n-1)
	}
	return nil
}

// view runs a read transaction under protect: a panic or memory fault on
// a damaged page becomes an ErrCorrupt error for this one request.
func (b *Bolt) view(fn func(*bolt.Tx) error) error {
	return protect(func() error { return b.db.View(fn) })
}

// read is view for a Store method: a request whose ctx is done (the
// interaction timed out, the bot is stopping) starts no transaction.
// bbolt cannot cancel one that has started; they are short.
func (b *Bolt) read(ctx context.Context, fn func(*bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return b.view(fn)
}

// write is update for a Store method, refusing a done ctx as read does.
func (b *Bolt) write(ctx context.Context, fn func(*bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return b.update(fn)
}

// update runs fn in a write transaction through the group committer,
// which recovers a panic in fn itself.
func (b *Bolt) update(fn func(*bolt.Tx) error) error { return b.writes.do(fn) }

// protect runs fn, turning a panic or memory fault (reading a damaged
// page of the mapped file) into an ErrCorrupt error.
func protect(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			// bbolt's panic text names its internals, not what to do.
			err = fmt.Errorf("%w: a page of the database file could not be read", ErrCorrupt)
		}
	}()
	return fn()
}
