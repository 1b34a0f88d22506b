package data

import (
	"context"
	"encoding/binary"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Accepted interaction ids. Discord signs each HTTP interaction, but a
// captured request stays valid for as long as its timestamp is accepted,
// and the table service is not idempotent per interaction (a second
// /play opens a second lobby). So the id of every interaction acted on
// is kept in the store until its request can no longer be accepted:
// across a restart (bbolt) and across replicas (PostgreSQL), the first
// to record an id is the only one to act on it.

// bucketInteractions maps an accepted interaction's id to when it may be
// forgotten (Unix nanoseconds, 8 bytes big-endian). A bucket an older
// warroom ignores (see SchemaVersion).
var bucketInteractions = []byte("interactions")

// FirstInteraction implements Store.
func (b *Bolt) FirstInteraction(ctx context.Context, id string, expires time.Time) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	first := false
	err := b.update(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketInteractions)
		if bk.Get([]byte(id)) != nil {
			return nil
		}
		first = true
		return bk.Put([]byte(id), binary.BigEndian.AppendUint64(nil, uint64(expires.UnixNano())))
	})
	return first && err == nil, err
}

// ForgetInteractions implements Store: one pass over the bucket, which
// holds only the interactions of the last minutes.
func (b *Bolt) ForgetInteractions(ctx context.Context, before time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return b.update(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketInteractions)
		var old [][]byte
		bk.ForEach(func(k, v []byte) error {
			if len(v) != 8 || int64(binary.BigEndian.Uint64(v)) < before.UnixNano() {
				old = append(old, k)
			}
			return nil
		})
		for _, k := range old { // not while iterating: a delete moves the cursor
			if err := bk.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
}

// FirstInteraction implements Store: the primary key decides, so of two
// replicas recording one id at once exactly one inserts it.
func (p *Postgres) FirstInteraction(ctx context.Context, id string, expires time.Time) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	tag, err := p.pool.Exec(ctx, `INSERT INTO interactions (id, expires) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, id, expires)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// ForgetInteractions implements Store.
func (p *Postgres) ForgetInteractions(ctx context.Context, before time.Time) error {
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	_, err := p.pool.Exec(ctx, `DELETE FROM interactions WHERE expires < $1`, before)
	return err
}
