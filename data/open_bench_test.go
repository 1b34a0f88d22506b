package data

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// BenchmarkOpen measures a cold open of a file of 10,000 tables of about
// 11 KB each (the size measured in play), consistency check included.
func BenchmarkOpen(b *testing.B) {
	p := filepath.Join(b.TempDir(), "w.db")
	db, err := Open(p)
	if err != nil {
		b.Fatal(err)
	}
	pad := strings.Repeat("x", 11000)
	err = db.update(func(tx *bolt.Tx) error {
		for i := 1; i <= 10000; i++ {
			t := &Table{ID: strconv.FormatInt(int64(i), 36), Game: "g", ChannelID: "c" + strconv.Itoa(i), Status: StatusFinished,
				State: json.RawMessage(fmt.Sprintf(`{"pad":%q}`, pad)), Created: time.Now(), Updated: time.Now()}
			if err := putTable(tx, nil, t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	db.Close()
	b.Run("checked", func(b *testing.B) {
		for b.Loop() {
			db, err := Open(p)
			if err != nil {
				b.Fatal(err)
			}
			db.Close()
		}
	})
	// bbolt alone: what the consistency check adds is the difference.
	b.Run("bbolt-only", func(b *testing.B) {
		for b.Loop() {
			db, err := bolt.Open(p, 0o600, nil)
			if err != nil {
				b.Fatal(err)
			}
			db.Close()
		}
	})
}
