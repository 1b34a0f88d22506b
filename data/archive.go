package data

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	bolt "go.etcd.io/bbolt"
)

// Archiving takes finished and abandoned tables out of the store once
// they are written elsewhere (warroom archive): Ended lists them, the
// caller writes each table and its log down and syncs, then Remove
// deletes what was written. Results and standings stay: they are the
// server's history, tallied when the game ended.

// TableRef names a table at one version: what was archived, so Remove
// deletes only a table that has not changed since.
type TableRef struct {
	ID      string `json:"id"`
	Version int64  `json:"version"`
}

// bucketArchived marks the ids of removed tables (id -> ""), so reading
// one is "archived", not a record lost to damage (see missing). A new
// bucket an older warroom ignores (see SchemaVersion).
var bucketArchived = []byte("archived")

// ErrArchived is reading a table that was archived; it is ErrNotFound too.
var ErrArchived = fmt.Errorf("%w: the table was archived", ErrNotFound)

// ended reports whether a table is over and owes Discord nothing, so
// nothing will write it again: the only kind Remove deletes.
func (t *Table) ended() bool { return !t.Live() && len(t.Outbox) == 0 }

// Ended implements Store: one pass over the table records. After the
// first archive run the store holds only the recent finished tables, so
// the pass costs the live ones and the window kept, not every table ever
// played; it is an admin command's cost, never the bot's.
func (b *Bolt) Ended(ctx context.Context, before time.Time) ([]TableRef, error) {
	var out []TableRef
	err := b.read(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketTables).ForEach(func(k, v []byte) error {
			if ref, ok := endedBefore(v, before); ok && ref.ID == string(k) {
				out = append(out, ref)
			}
			return nil
		})
	})
	return out, err
}

// endedBefore decodes what Ended needs of a record: a record that does
// not decode is never listed (it cannot be archived faithfully).
func endedBefore(raw []byte, before time.Time) (TableRef, bool) {
	var t Table
	if js, err := unseal(raw); err != nil || json.Unmarshal(js, &t) != nil || !t.ended() || !t.Updated.Before(before) {
		return TableRef{}, false
	}
	return TableRef{ID: t.ID, Version: t.Version}, true
}

// Remove implements Store: the batch is one transaction.
func (b *Bolt) Remove(ctx context.Context, refs []TableRef) ([]string, error) {
	var gone []string
	err := b.write(ctx, func(tx *bolt.Tx) error {
		gone = gone[:0] // the committer may run this again
		tables := tx.Bucket(bucketTables)
		for _, r := range refs {
			t, err := getTable(tables, r.ID)
			if errors.Is(err, ErrNotFound) {
				continue
			}
			if err != nil {
				return err
			}
			if !t.ended() || t.Version != r.Version {
				continue
			}
			if err := removeTx(tx, t); err != nil {
				return err
			}
			gone = append(gone, r.ID)
		}
		return nil
	})
	b.tails.forget(gone)
	return gone, err
}

// removeTx deletes an ended table's record, its log and every index
// entry that could name it (an ended table holds none: the deletes are
// there so a stale entry cannot outlive it), and marks its id archived.
func removeTx(tx *bolt.Tx, t *Table) error {
	id := []byte(t.ID)
	for _, ix := range indexes {
		if err := moveKeys(tx.Bucket(ix.bucket), ix.keys(t), nil); err != nil {
			return err
		}
	}
	ch := tx.Bucket(bucketChannels)
	for _, c := range []string{t.ChannelID, t.ThreadID} {
		if c != "" && string(ch.Get([]byte(c))) == t.ID {
			if err := ch.Delete([]byte(c)); err != nil {
				return err
			}
		}
	}
	if err := tx.Bucket(bucketOwing).Delete(id); err != nil {
		return err
	}
	if logs := tx.Bucket(bucketLogs); logs.Bucket(id) != nil {
		if err := logs.DeleteBucket(id); err != nil {
			return err
		}
	}
	if err := tx.Bucket(bucketTables).Delete(id); err != nil {
		return err
	}
	return tx.Bucket(bucketArchived).Put(id, nil)
}

// archived reports whether Remove took the table id out.
func archived(tx *bolt.Tx, id string) bool {
	b := tx.Bucket(bucketArchived)
	return b != nil && b.Get([]byte(id)) != nil
}

// Ended implements Store. Records are read in Go (the updated time lives
// only in the record); see Bolt.Ended for why one pass is acceptable.
func (p *Postgres) Ended(ctx context.Context, before time.Time) ([]TableRef, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*p.timeout)
	defer cancel()
	rows, err := p.pool.Query(ctx, `SELECT record FROM tables WHERE status IN ('finished', 'abandoned') AND NOT owing ORDER BY id COLLATE "C"`)
	if err != nil {
		return nil, err
	}
	var out []TableRef
	var raw []byte
	_, err = pgx.ForEachRow(rows, []any{&raw}, func() error {
		if ref, ok := endedBefore(raw, before); ok {
			out = append(out, ref)
		}
		return nil
	})
	return out, err
}

// Remove implements Store: one transaction per batch, which can run
// while the bot does. The row is deleted only if it is still ended, owes
// nothing and is at the archived version, checked under the row lock a
// concurrent Update takes too; its channel rows go with it (cascade).
func (p *Postgres) Remove(ctx context.Context, refs []TableRef) ([]string, error) {
	ids := make([]string, len(refs))
	versions := make([]int64, len(refs))
	for i, r := range refs {
		ids[i], versions[i] = r.ID, r.Version
	}
	var gone []string
	err := p.write(ctx, func(ctx context.Context, tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `DELETE FROM tables t USING unnest($1::text[], $2::bigint[]) AS x(id, v)
			WHERE t.id = x.id AND t.version = x.v AND t.status IN ('finished', 'abandoned') AND NOT t.owing
			RETURNING t.id`, ids, versions)
		if err != nil {
			return err
		}
		if gone, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM logs WHERE table_id = ANY ($1::text[])`, gone)
		return err
	})
	if err != nil {
		return nil, err
	}
	return gone, nil
}

// ErrInUse is a bbolt file another process (the running bot) holds.
var ErrInUse = errors.New("in use by another warroom process")

// Compact writes a compacted copy of the bbolt file src to dst, which
// must not exist: deleted tables leave free pages that bbolt reuses but
// never gives back to the file system. src is only read (and must not be
// in use: bbolt locks it). It returns both files' sizes.
func Compact(src, dst string) (before, after int64, err error) {
	if _, err := os.Stat(src); err != nil {
		return 0, 0, fmt.Errorf("database %s: %w", src, err)
	}
	in, err := openChecked(src, &bolt.Options{ReadOnly: true, Timeout: 2 * time.Second})
	if errors.Is(err, bolt.ErrTimeout) {
		return 0, 0, fmt.Errorf("database %s is %w: stop the bot first", src, ErrInUse)
	}
	if err != nil {
		return 0, 0, err
	}
	defer in.Close()
	f, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return 0, 0, err // refuse to overwrite
	}
	f.Close()
	out, err := bolt.Open(dst, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if err == nil {
		err = bolt.Compact(out, in, 8<<20)
		if err == nil {
			err = fullCheck(out)
		}
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		os.Remove(dst)
		return 0, 0, fmt.Errorf("compact %s into %s: %w", src, dst, err)
	}
	si, _ := os.Stat(src)
	so, _ := os.Stat(dst)
	return si.Size(), so.Size(), nil
}
