package data

import (
	"context"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// bucketDamaged keeps table records that are not valid JSON, moved out of
// the way so they no longer hold their channel, but kept for export.
var bucketDamaged = []byte("damaged")

// ErrReadable is SetAside refusing a record that can still be read: such a
// table is abandoned the normal way.
var ErrReadable = errors.New("table record is readable")

// SetAside implements Store: the live table of channelID whose record
// cannot be decoded moves to the damaged bucket, and every index entry
// naming it goes, so the channel is free again.
func (b *Bolt) SetAside(ctx context.Context, channelID string) (string, error) {
	var id string
	err := b.write(ctx, func(tx *bolt.Tx) error {
		ch := tx.Bucket(bucketChannels)
		raw := ch.Get([]byte(channelID))
		if raw == nil {
			return ErrNotFound
		}
		id = string(raw)
		tables := tx.Bucket(bucketTables)
		rec := tables.Get(raw)
		if rec != nil {
			if _, err := getTable(tables, id); err == nil {
				return ErrReadable
			}
			dmg, err := tx.CreateBucketIfNotExists(bucketDamaged)
			if err != nil {
				return err
			}
			if err := dmg.Put(raw, append([]byte(nil), rec...)); err != nil {
				return err
			}
			if err := tables.Delete(raw); err != nil {
				return err
			}
		}
		// A record gone missing leaves a dangling index entry: drop it too.
		var stale [][]byte
		if err := ch.ForEach(func(k, v []byte) error {
			if string(v) == id {
				stale = append(stale, append([]byte(nil), k...))
			}
			return nil
		}); err != nil {
			return err
		}
		for _, k := range stale {
			if err := ch.Delete(k); err != nil {
				return err
			}
		}
		if len(stale) > 0 {
			tx.OnCommit(func() { b.live.Add(-1) })
		}
		return tx.Bucket(bucketOwing).Delete(raw)
	})
	return id, err
}

// Raw implements Store: a table's stored bytes, whether its record is
// readable or was set aside as damaged.
func (b *Bolt) Raw(ctx context.Context, id string) ([]byte, error) {
	var out []byte
	err := b.read(ctx, func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketTables).Get([]byte(id))
		if v == nil {
			if dmg := tx.Bucket(bucketDamaged); dmg != nil {
				v = dmg.Get([]byte(id))
			}
		}
		if v == nil {
			return fmt.Errorf("%w: %s", ErrNotFound, id)
		}
		if js, err := unseal(v); err == nil {
			v = js // sealed and sound: the JSON alone
		}
		out = append([]byte(nil), v...)
		return nil
	})
	return out, err
}
