package data

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestMissingRecordIsCorrupt: a large file's open does not read every
// table, so a record lost to damage is found when it is read: ErrCorrupt
// (and its channel can be freed), never "no such table". An id never
// given out, or a table set aside, is still ErrNotFound.
func TestMissingRecordIsCorrupt(t *testing.T) {
	b, _ := open(t)
	lost := &Table{Game: "g", ChannelID: "c", Status: StatusPlaying}
	if err := b.Create(t.Context(), lost); err != nil {
		t.Fatal(err)
	}
	if err := b.Create(t.Context(), &Table{Game: "g", ChannelID: "d", Status: StatusPlaying}); err != nil {
		t.Fatal(err)
	}
	b.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketTables).Delete([]byte(lost.ID)) })
	if _, err := b.Get(t.Context(), lost.ID); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("lost record: %v", err)
	}
	if _, err := b.ByChannel(t.Context(), "c"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("lost record by channel: %v", err)
	}
	for _, id := range []string{"zz", "0" + lost.ID, "", "x/y"} {
		if _, err := b.Get(t.Context(), id); !errors.Is(err, ErrNotFound) {
			t.Fatalf("id %q never given out: %v", id, err)
		}
	}
	// The dangling channel entry is dropped, and the channel is free.
	if id, err := b.SetAside(t.Context(), "c"); err != nil || id != lost.ID {
		t.Fatalf("set aside: %q %v", id, err)
	}
	if err := b.Create(t.Context(), &Table{Game: "g", ChannelID: "c", Status: StatusLobby}); err != nil {
		t.Fatalf("channel still blocked: %v", err)
	}
	// A record set aside as damaged is not "missing".
	b.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketTables).Put([]byte("2"), []byte("{not json"))
	})
	if _, err := b.SetAside(t.Context(), "d"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Get(t.Context(), "2"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("set-aside table: %v", err)
	}
}

// TestLargeOpenSkipsTables: a large file's open does not read the
// tables' pages (its cost would grow with every table ever stored), so a
// zeroed page of finished tables opens; its tables then read ErrCorrupt
// and every other table intact.
func TestLargeOpenSkipsTables(t *testing.T) {
	defer func(v int64) { FullCheckMax = v }(FullCheckMax)
	FullCheckMax = 0
	b, p := open(t)
	var ids []string
	for i := range 300 {
		tb := &Table{Game: "g", ChannelID: fmt.Sprint("c", i), Status: StatusFinished}
		if err := b.Create(t.Context(), tb); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, tb.ID)
	}
	b.Close()
	raw, _ := os.ReadFile(p)
	at := bytes.LastIndex(raw, []byte(`"channel_id":"c299"`))
	if at < 0 {
		t.Fatal("last table not found in the file")
	}
	ps := os.Getpagesize()
	page := at / ps
	if page < 4 {
		t.Fatalf("the last table is on page %d", page)
	}
	clear(raw[page*ps : (page+1)*ps])
	os.WriteFile(p, raw, 0o600)
	b, err := Open(p)
	if err != nil {
		t.Fatalf("open read the tables: %v", err)
	}
	defer b.Close()
	if _, err := b.Get(t.Context(), ids[len(ids)-1]); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("a table on the zeroed page: %v", err)
	}
	if got, err := b.Get(t.Context(), ids[0]); err != nil || got.ChannelID != "c0" {
		t.Fatalf("a table elsewhere: %v %v", got, err)
	}
}

// TestLiveCountKept: the live count kept by the writes equals a count of
// the channel index after creates into busy channels (which fail in their
// group and run again alone), conflicting updates, finishes, a team
// thread, a table set aside, and a new open.
func TestLiveCountKept(t *testing.T) {
	b, p := open(t)
	check := func(when string) {
		t.Helper()
		got, err := b.LiveCount(t.Context())
		want, _ := b.liveScan()
		if err != nil || got != want {
			t.Fatalf("%s: live count %d, index holds %d (%v)", when, got, want, err)
		}
	}
	var wg sync.WaitGroup
	tables := make([]*Table, 60)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tb := &Table{Game: "g", ChannelID: fmt.Sprint("c", i%20), Status: StatusLobby}
			if b.Create(t.Context(), tb) == nil {
				tables[i] = tb
			}
		}()
	}
	wg.Wait()
	check("after creates into busy channels")
	if n, _ := b.LiveCount(t.Context()); n != 20 {
		t.Fatalf("%d live tables, want 20", n)
	}
	for i, tb := range tables {
		if tb == nil {
			continue
		}
		wg.Add(2)
		for _, expect := range []int64{tb.Version, tb.Version + 5} { // the second conflicts
			go func() {
				defer wg.Done()
				cp := *tb
				cp.Version = expect + 1
				cp.Status = StatusFinished
				if i%3 == 0 {
					cp.Status, cp.ThreadID = StatusPlaying, fmt.Sprint("t", i)
				}
				b.Update(t.Context(), &cp, expect)
			}()
		}
	}
	wg.Wait()
	check("after finishes, threads and conflicts")
	b.db.Update(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketChannels).Cursor()
		_, id := c.First()
		return tx.Bucket(bucketTables).Put(id, []byte("{not json"))
	})
	ch, _ := tx0(b)
	if _, err := b.SetAside(t.Context(), ch); err != nil {
		t.Fatal(err)
	}
	check("after a table set aside")
	n, _ := b.LiveCount(t.Context())
	b.Close()
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if m, _ := b.LiveCount(t.Context()); m != n {
		t.Fatalf("reopened: %d live, was %d", m, n)
	}
}

// tx0 is the first channel of the channel index.
func tx0(b *Bolt) (string, error) {
	var ch string
	err := b.view(func(tx *bolt.Tx) error {
		k, _ := tx.Bucket(bucketChannels).Cursor().First()
		ch = string(k)
		return nil
	})
	return ch, err
}

// BenchmarkLiveCount: the metrics gauge's question with 100,000 live
// tables; "scan" is the count from the channel index it used to build at
// every scrape.
func BenchmarkLiveCount(b *testing.B) {
	st, _ := open(b)
	err := st.update(func(tx *bolt.Tx) error {
		ch := tx.Bucket(bucketChannels)
		for i := 1; i <= 100000; i++ {
			t := &Table{ID: strconv.FormatInt(int64(i), 36), Game: "g", ChannelID: "c" + strconv.Itoa(i), Status: StatusPlaying}
			if err := putTable(tx, nil, t); err != nil {
				return err
			}
			if err := index(ch, t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	n, _ := st.liveScan() // as Open counts (the fill wrote past Create)
	st.live.Store(int64(n))
	b.Run("kept", func(b *testing.B) {
		for b.Loop() {
			st.LiveCount(context.Background())
		}
	})
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			st.liveScan()
		}
	})
}
