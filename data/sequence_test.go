package data

import (
	"encoding/json"
	"strconv"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// lowerSequence sets the tables bucket's sequence, as damage to one
// number in the bucket's header would: bbolt's Tx.Check does not see it.
func lowerSequence(t *testing.T, db *bolt.DB, to uint64) {
	t.Helper()
	if err := db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketTables).SetSequence(to) }); err != nil {
		t.Fatal(err)
	}
}

// threeTables stores tables 1-3, table 2 in play at version 8 with a
// log of 8 entries.
func threeTables(t *testing.T, b *Bolt) *Table {
	t.Helper()
	var live *Table
	for i := range 3 {
		tb := &Table{Game: "g", ChannelID: "c" + strconv.Itoa(i), Status: StatusLobby}
		if err := b.Create(t.Context(), tb); err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			live = tb
		}
	}
	for v := int64(1); v <= 8; v++ {
		live.Version, live.Status = v, StatusPlaying
		live.State = json.RawMessage(`{"move":` + strconv.FormatInt(v, 10) + `}`)
		if err := b.Update(t.Context(), live, v-1, LogEntry{Version: v, Action: "move"}); err != nil {
			t.Fatal(err)
		}
	}
	return live
}

// intactTable2 checks that table 2 is the game in play, log and all.
func intactTable2(t *testing.T, b *Bolt) {
	t.Helper()
	got, err := b.Get(t.Context(), "2")
	if err != nil || got.Version != 8 || got.ChannelID != "c1" {
		t.Fatalf("table 2 after /play on a lowered sequence: %+v %v", got, err)
	}
	if log, err := b.Log(t.Context(), "2"); err != nil || len(log) != 8 {
		t.Fatalf("table 2's log: %d entries, %v", len(log), err)
	}
}

// A lowered sequence while the bot runs: the next /play takes an id no
// record, log or mark holds, and table 2 stays as it was.
func TestCreateNeverOverwrites(t *testing.T) {
	b, _ := open(t)
	threeTables(t, b)
	lowerSequence(t, b.db, 1)
	for i, want := range []string{"4", "5"} {
		tb := &Table{Game: "g", ChannelID: "new" + strconv.Itoa(i), Status: StatusLobby}
		if err := b.Create(t.Context(), tb); err != nil {
			t.Fatal(err)
		}
		if tb.ID != want {
			t.Fatalf("new table %d took id %s, want %s", i, tb.ID, want)
		}
	}
	intactTable2(t, b)
	if log, _ := b.Log(t.Context(), "4"); len(log) != 0 {
		t.Fatalf("the new table inherited a log: %v", log)
	}
}

// A file whose sequence was lowered is set right at open, and says so.
func TestOpenRaisesLoweredSequence(t *testing.T) {
	b, p := open(t)
	threeTables(t, b)
	lowerSequence(t, b.db, 1)
	b.Close()
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Resequenced != [2]uint64{1, 3} {
		t.Fatalf("resequenced %v, want [1 3]", b.Resequenced)
	}
	tb := &Table{Game: "g", ChannelID: "new", Status: StatusLobby}
	if err := b.Create(t.Context(), tb); err != nil || tb.ID != "4" {
		t.Fatalf("new table %q %v", tb.ID, err)
	}
	intactTable2(t, b)
}

// A table whose log lost entries (here: all of it, and in a second file
// the last three) is named by repair, never restored silently without
// the moves "What happened", replay and verify read.
func TestRepairNamesShortLog(t *testing.T) {
	for _, keep := range []int{0, 5} {
		b, p := open(t)
		threeTables(t, b)
		if err := b.db.Update(func(tx *bolt.Tx) error {
			logs := tx.Bucket(bucketLogs)
			if keep == 0 {
				return logs.DeleteBucket([]byte("2"))
			}
			lb := logs.Bucket([]byte("2"))
			for v := int64(keep + 1); v <= 8; v++ {
				if err := lb.Delete(versionKey(v)); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		b.Close()
		rep, err := Repair(p, p+".new")
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.LogsLost) != 1 || rep.LogsLost[0] != "2" {
			t.Errorf("log cut to %d of 8 entries: logs named lost %v, want [2]", keep, rep.LogsLost)
		}
	}
}
