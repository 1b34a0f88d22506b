package data

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// The stats buckets are new buckets an older warroom ignores, created on
// open without a new schema version (see SchemaVersion).
var (
	bucketResults   = []byte("results")    // table id -> Result, once tallied
	bucketStandings = []byte("standings")  // guild/game/variant/user -> Standing
	bucketStandUser = []byte("standusers") // guild/user/game/variant -> "" (a member's standings)
	bucketGameStats = []byte("gamestats")  // guild/game/variant -> GameStat
)

func standingKey(guild, game, variant, user string) []byte {
	return []byte(guild + "/" + game + "/" + variant + "/" + user)
}

// tallyResult records r and what it changes, inside the write that
// carries it, unless r's table was tallied already: the results bucket,
// keyed by table id, makes the tally happen once however often the
// finished table is written.
func tallyResult(tx *bolt.Tx, r *Result) error {
	if r == nil {
		return nil
	}
	results := tx.Bucket(bucketResults)
	if results.Get([]byte(r.TableID)) != nil {
		return nil
	}
	sb := tx.Bucket(bucketStandings)
	old := map[string]Standing{}
	for _, u := range r.Users() {
		if v := sb.Get(standingKey(r.GuildID, r.Game, r.Variant, u)); v != nil {
			var st Standing
			if err := json.Unmarshal(v, &st); err != nil {
				return fmt.Errorf("%w: standing %s/%s: %v", ErrCorrupt, r.Game, u, err)
			}
			old[u] = st
		}
	}
	standings, gs, kept := tally(r, old)
	raw, err := json.Marshal(kept)
	if err != nil {
		return err
	}
	if err := results.Put([]byte(r.TableID), raw); err != nil {
		return err
	}
	for _, st := range standings {
		var was *Standing
		if o, ok := old[st.UserID]; ok {
			was = &o
		}
		if err := putStanding(tx, st, was); err != nil {
			return err
		}
		if err := tx.Bucket(bucketStandUser).Put([]byte(st.GuildID+"/"+st.UserID+"/"+st.Game+"/"+st.Variant), nil); err != nil {
			return err
		}
	}
	gb := tx.Bucket(bucketGameStats)
	key := []byte(r.GuildID + "/" + r.Game + "/" + r.Variant)
	if v := gb.Get(key); v != nil {
		var was GameStat
		if err := json.Unmarshal(v, &was); err != nil {
			return fmt.Errorf("%w: game stats %s: %v", ErrCorrupt, key, err)
		}
		gs.Played, gs.Wins, gs.Moves, gs.Seconds = gs.Played+was.Played, gs.Wins+was.Wins, gs.Moves+was.Moves, gs.Seconds+was.Seconds
	}
	if raw, err = json.Marshal(gs); err != nil {
		return err
	}
	return gb.Put(key, raw)
}

// Result implements Store.
func (b *Bolt) Result(ctx context.Context, tableID string) (*Result, error) {
	var r *Result
	err := b.read(ctx, func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketResults).Get([]byte(tableID))
		if v == nil {
			return ErrNotFound
		}
		r = new(Result)
		if err := json.Unmarshal(v, r); err != nil {
			return fmt.Errorf("%w: result %s: %v", ErrCorrupt, tableID, err)
		}
		return nil
	})
	return r, err
}

// scanJSON decodes every value under prefix in bucket into a T.
func scanJSON[T any](b *Bolt, bucket []byte, prefix string) ([]T, error) {
	var out []T
	err := b.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucket).Cursor()
		p := []byte(prefix)
		for k, v := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, v = c.Next() {
			var x T
			if err := json.Unmarshal(v, &x); err != nil {
				return fmt.Errorf("%w: %s %s: %v", ErrCorrupt, bucket, k, err)
			}
			out = append(out, x)
		}
		return nil
	})
	return out, err
}

// Standings implements Store.
func (b *Bolt) Standings(ctx context.Context, guildID, userID string) ([]Standing, error) {
	var out []Standing
	prefix := []byte(guildID + "/" + userID + "/")
	err := b.read(ctx, func(tx *bolt.Tx) error {
		sb := tx.Bucket(bucketStandings)
		c := tx.Bucket(bucketStandUser).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			v := sb.Get([]byte(guildID + "/" + string(k[len(prefix):]) + "/" + userID))
			if v == nil {
				continue
			}
			var st Standing
			if err := json.Unmarshal(v, &st); err != nil {
				return fmt.Errorf("%w: standing %s: %v", ErrCorrupt, k, err)
			}
			out = append(out, st)
		}
		return nil
	})
	return out, err
}

// GameStats implements Store.
func (b *Bolt) GameStats(ctx context.Context, guildID string) ([]GameStat, error) {
	return scanJSON[GameStat](b, bucketGameStats, guildID+"/")
}

// retally rebuilds the stats buckets of a repaired file from the results
// that ride on its tables and those of archived tables (archived, read
// from the old file's results), oldest game first (the order they were
// tallied in, so the ratings come out as they were).
func retally(tx *bolt.Tx, tables map[string]*Table, archived []*Result) error {
	rs := append([]*Result(nil), archived...)
	for _, t := range tables {
		if t.Result != nil {
			rs = append(rs, t.Result)
		}
	}
	slices.SortFunc(rs, func(a, b *Result) int {
		return cmp.Or(a.Ended.Compare(b.Ended), cmp.Compare(a.TableID, b.TableID))
	})
	for _, r := range rs {
		if err := tallyResult(tx, r); err != nil {
			return err
		}
	}
	return nil
}
