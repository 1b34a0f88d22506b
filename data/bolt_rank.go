package data

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"

	bolt "go.etcd.io/bbolt"
)

// bucketStandRank is the leaderboard's index: one key per standing, laid
// out so that a cursor walk over guild/game yields each variant's players
// in rank order (rankLess), and a leaderboard reads only the rows it
// shows, however many players a server has. It is kept in the transaction
// that writes the standing (putStanding); the value is empty, the
// standing itself stays in bucketStandings.
var bucketStandRank = []byte("standrank")

// rankPrefix is the index's prefix for one game on one server. The parts
// are joined by 0, which sorts below every other byte, so variants come in
// the order of Go's string comparison.
func rankPrefix(guild, game string) []byte {
	return []byte(guild + "\x00" + game + "\x00")
}

// rankKey is st's index key: rankPrefix, the variant and a 0, then fixed
// width fields that sort as rank orders (rated players first, higher
// rating, more wins, fewer games), then the user id, which ends the key.
func rankKey(st Standing) []byte {
	k := append(rankPrefix(st.GuildID, st.Game), st.Variant...)
	k = append(k, 0)
	unrated := byte(0)
	if st.Rated == 0 {
		unrated = 1
	}
	k = append(k, unrated)
	k = binary.BigEndian.AppendUint64(k, ^sortableFloat(st.Rating.R))
	k = binary.BigEndian.AppendUint64(k, ^uint64(st.Wins))
	k = binary.BigEndian.AppendUint64(k, uint64(st.Played))
	return append(k, st.UserID...)
}

// rankTail is the length of the fixed-width fields between a rank key's
// variant and its user id.
const rankTail = 1 + 3*8

// sortableFloat maps f to an integer of the same order (IEEE 754 bits
// with the sign bit flipped, all bits flipped for negatives).
func sortableFloat(f float64) uint64 {
	if f == 0 {
		f = 0 // -0 sorts with 0, as cmp.Compare has it
	}
	u := math.Float64bits(f)
	if u>>63 == 1 {
		return ^u
	}
	return u | 1<<63
}

// putStanding writes st and moves its rank key from was's (nil: a new
// standing).
func putStanding(tx *bolt.Tx, st Standing, was *Standing) error {
	raw, err := json.Marshal(st)
	if err != nil {
		return err
	}
	if err := tx.Bucket(bucketStandings).Put(standingKey(st.GuildID, st.Game, st.Variant, st.UserID), raw); err != nil {
		return err
	}
	ix := tx.Bucket(bucketStandRank)
	if was != nil {
		if err := ix.Delete(rankKey(*was)); err != nil {
			return err
		}
	}
	return ix.Put(rankKey(st), nil)
}

// buildRankIndex fills the rank index from every standing: the migration
// that brings a file from before the index (schema 4) to 5.
func buildRankIndex(tx *bolt.Tx) error {
	ix := tx.Bucket(bucketStandRank)
	return tx.Bucket(bucketStandings).ForEach(func(k, v []byte) error {
		var st Standing
		if err := json.Unmarshal(v, &st); err != nil {
			return fmt.Errorf("%w: standing %s: %v", ErrCorrupt, k, err)
		}
		return ix.Put(rankKey(st), nil)
	})
}

// Leaderboard implements Store: for each variant, it walks the rank
// index from the variant's first key and reads the first limit standings
// (limit <= 0: all), then seeks past the variant's other keys.
func (b *Bolt) Leaderboard(ctx context.Context, guildID, game string, limit int) ([]Standing, error) {
	var out []Standing
	prefix := rankPrefix(guildID, game)
	err := b.read(ctx, func(tx *bolt.Tx) error {
		sb := tx.Bucket(bucketStandings)
		c := tx.Bucket(bucketStandRank).Cursor()
		k, _ := c.Seek(prefix)
		for k != nil && bytes.HasPrefix(k, prefix) {
			end := bytes.IndexByte(k[len(prefix):], 0)
			if end < 0 || len(k) < len(prefix)+end+1+rankTail {
				return fmt.Errorf("%w: rank key %q", ErrCorrupt, k)
			}
			variant := string(k[len(prefix) : len(prefix)+end])
			head := k[:len(prefix)+end+1]
			n := 0
			for ; k != nil && bytes.HasPrefix(k, head) && (limit <= 0 || n < limit); k, _ = c.Next() {
				user := string(k[len(head)+rankTail:])
				v := sb.Get(standingKey(guildID, game, variant, user))
				if v == nil {
					return fmt.Errorf("%w: rank key %q without its standing", ErrCorrupt, k)
				}
				var st Standing
				if err := json.Unmarshal(v, &st); err != nil {
					return fmt.Errorf("%w: standing %s: %v", ErrCorrupt, k, err)
				}
				out = append(out, st)
				n++
			}
			// The next variant: the first key above every key of this one.
			next := append(bytes.Clone(head[:len(head)-1]), 1)
			k, _ = c.Seek(next)
		}
		return nil
	})
	return out, err
}
