package data

import bolt "go.etcd.io/bbolt"

// SeedStandings writes standings straight into b in one transaction, with
// their indexes, as tallies would have left them: for benchmarks that
// need more players than finishing games one by one could make.
func SeedStandings(b *Bolt, sts []Standing) error {
	return b.db.Update(func(tx *bolt.Tx) error {
		for _, st := range sts {
			if err := putStanding(tx, st, nil); err != nil {
				return err
			}
			if err := tx.Bucket(bucketStandUser).Put([]byte(st.GuildID+"/"+st.UserID+"/"+st.Game+"/"+st.Variant), nil); err != nil {
				return err
			}
		}
		return nil
	})
}
