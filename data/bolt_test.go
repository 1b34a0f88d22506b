package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func open(t testing.TB) (*Bolt, string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "w.db")
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, p
}

// The store's contract (create, update, log, indexes, errors) is
// data/storetest, run on bbolt in contract_test.go; this file keeps what
// is bbolt's own: the file, its schema, its clock.

// A new database file is readable by warroom's user only.
func TestNewFileIsPrivate(t *testing.T) {
	b, p := open(t)
	if err := b.Create(t.Context(), &Table{Game: "g", ChannelID: "c", Status: StatusLobby}); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(p)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v %v", st.Mode(), err)
	}
}

func TestReopenKeepsData(t *testing.T) {
	p := filepath.Join(t.TempDir(), "w.db")
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	tb := &Table{Game: "g", ChannelID: "c", Status: StatusPlaying, State: []byte(`{"x":1}`)}
	if err := b.Create(t.Context(), tb); err != nil {
		t.Fatal(err)
	}
	b.Close()
	b, err = Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got, err := b.Get(t.Context(), tb.ID)
	if err != nil || string(got.State) != `{"x":1}` {
		t.Fatalf("%+v %v", got, err)
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open("/nonexistent-dir/x/w.db"); err == nil {
		t.Fatal("opened in a missing folder")
	}
	if os.Geteuid() != 0 { // root writes anywhere
		dir := t.TempDir()
		os.Chmod(dir, 0o500)
		defer os.Chmod(dir, 0o700)
		if _, err := Open(filepath.Join(dir, "w.db")); err == nil {
			t.Fatal("opened in a read-only folder")
		}
	}
	_, p := open(t)
	if _, err := Open(p); err == nil {
		t.Fatal("opened a file another store holds")
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	p := filepath.Join(t.TempDir(), "w.db")
	db, err := bolt.Open(p, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error {
		m, _ := tx.CreateBucketIfNotExists(bucketMeta)
		return m.Put(keySchema, []byte("99"))
	})
	db.Close()
	if _, err := Open(p); err == nil {
		t.Fatal("opened a newer schema")
	}
}

func TestCorruptRecord(t *testing.T) {
	b, _ := open(t)
	b.db.Update(func(tx *bolt.Tx) error {
		tx.Bucket(bucketChannels).Put([]byte("c"), []byte("bad"))
		return tx.Bucket(bucketTables).Put([]byte("bad"), []byte("{not json"))
	})
	if _, err := b.ByChannel(t.Context(), "c"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("got %v", err)
	}
}

func TestBackup(t *testing.T) {
	b, _ := open(t)
	b.Create(t.Context(), &Table{Game: "g", ChannelID: "c", Status: StatusLobby})
	var buf bytes.Buffer
	n, err := b.Backup(&buf)
	if err != nil || n == 0 || int64(buf.Len()) != n {
		t.Fatalf("%d %v", n, err)
	}
	p := filepath.Join(t.TempDir(), "copy.db")
	os.WriteFile(p, buf.Bytes(), 0o600)
	c, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.ByChannel(t.Context(), "c"); err != nil {
		t.Fatal(err)
	}
}

func TestGuildSettings(t *testing.T) {
	b, p := open(t)
	gs, err := b.GuildSettings(t.Context(), "g1")
	if err != nil || gs != (GuildSettings{}) {
		t.Fatalf("unset guild: %+v %v", gs, err)
	}
	if err := b.SetGuildSettings(t.Context(), "g1", GuildSettings{Locale: "pl"}); err != nil {
		t.Fatal(err)
	}
	if err := b.SetGuildSettings(t.Context(), "g2", GuildSettings{Locale: "ru"}); err != nil {
		t.Fatal(err)
	}
	if err := b.SetGuildSettings(t.Context(), "", GuildSettings{Locale: "ru"}); err == nil {
		t.Fatal("stored settings without a guild id")
	}
	b.Close()
	b, err = Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for g, want := range map[string]string{"g1": "pl", "g2": "ru", "g3": ""} {
		if gs, err := b.GuildSettings(t.Context(), g); err != nil || gs.Locale != want {
			t.Fatalf("%s after reopen: %+v %v, want %q", g, gs, err, want)
		}
	}
	// Back to automatic: the record goes.
	if err := b.SetGuildSettings(t.Context(), "g1", GuildSettings{}); err != nil {
		t.Fatal(err)
	}
	b.db.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketGuilds).Get([]byte("g1")) != nil {
			t.Error("zero settings still stored")
		}
		return nil
	})
	if gs, err := b.GuildSettings(t.Context(), "g2"); err != nil || gs.Locale != "ru" {
		t.Fatalf("other guild changed: %+v %v", gs, err)
	}
	b.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketGuilds).Put([]byte("bad"), []byte("{")) })
	if _, err := b.GuildSettings(t.Context(), "bad"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("corrupt settings: %v", err)
	}
}

// A file written before the guilds bucket existed gains it on open.
func TestOpenAddsGuildsBucket(t *testing.T) {
	p := filepath.Join(t.TempDir(), "w.db")
	db, err := bolt.Open(p, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error {
		for _, n := range [][]byte{bucketMeta, bucketTables, bucketChannels, bucketLogs} {
			tx.CreateBucketIfNotExists(n)
		}
		return tx.Bucket(bucketMeta).Put(keySchema, []byte("1"))
	})
	db.Close()
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.SetGuildSettings(t.Context(), "g", GuildSettings{Locale: "pl"}); err != nil {
		t.Fatal(err)
	}
	if gs, _ := b.GuildSettings(t.Context(), "g"); gs.Locale != "pl" {
		t.Fatalf("got %+v", gs)
	}
}

// A database file readable by others (made by an older warroom or by
// hand) is tightened to 0600 when opened, and Open says so.
func TestOpenTightensALooseFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if b.Loosened != 0 {
		t.Fatalf("a new file reported as loosened: %v", b.Loosened)
	}
	b.Close()
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 || b.Loosened != 0o644 {
		t.Fatalf("after Open: mode %v, reported %v", st.Mode().Perm(), b.Loosened)
	}
}

// TestDueIndex: the timer's index, on the store's own clock: a lobby is
// due from the instant it was created (storetest's DueIndex, on the real
// clock, covers reminders too).
func TestDueIndex(t *testing.T) {
	b, _ := open(t)
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	b.now = func() time.Time { return t0 }
	lobby := &Table{Game: "g", ChannelID: "c1", Status: StatusLobby}
	play := &Table{Game: "g", ChannelID: "c2", Status: StatusLobby}
	for _, tb := range []*Table{lobby, play} {
		if err := b.Create(t.Context(), tb); err != nil {
			t.Fatal(err)
		}
	}
	play.Status, play.Version, play.Deadline = StatusPlaying, 1, t0.Add(time.Hour)
	if err := b.Update(t.Context(), play, 0); err != nil {
		t.Fatal(err)
	}
	due := func(now, lobbies time.Time) string {
		ids, err := b.Due(t.Context(), now, lobbies)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(ids, ",")
	}
	if got := due(t0.Add(59*time.Minute), time.Time{}); got != "" {
		t.Fatalf("due before the deadline: %q", got)
	}
	if got := due(t0.Add(time.Hour), time.Time{}); got != play.ID {
		t.Fatalf("at the deadline: %q", got)
	}
	if got := due(t0, t0); got != lobby.ID {
		t.Fatalf("expired lobbies: %q", got)
	}
	// A new deadline replaces the old entry; finishing removes it.
	play.Version, play.Deadline = 2, t0.Add(3*time.Hour)
	b.Update(t.Context(), play, 1)
	if got := due(t0.Add(2*time.Hour), time.Time{}); got != "" {
		t.Fatalf("old deadline still indexed: %q", got)
	}
	play.Version, play.Status = 3, StatusFinished
	b.Update(t.Context(), play, 2)
	lobby.Version, lobby.Status = 1, StatusAbandoned
	b.Update(t.Context(), lobby, 0)
	if got := due(t0.Add(100*time.Hour), t0.Add(100*time.Hour)); got != "" {
		t.Fatalf("finished tables still due: %q", got)
	}
}

// TestMigrationBuildsIndexes: a schema 1 file (no owing, lobby or due
// index) gets all three from its tables at open.
func TestMigrationBuildsIndexes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "w.db")
	db, err := bolt.Open(p, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	dl := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	recs := []*Table{
		{ID: "1", Game: "g", ChannelID: "c1", GuildID: "g", HostID: "h", Status: StatusLobby, Created: dl},
		{ID: "2", Game: "g", ChannelID: "c2", Status: StatusPlaying, Deadline: dl, Outbox: []Effect{{Seq: 1, Kind: EffectBoard}}},
		{ID: "3", Game: "g", ChannelID: "c3", Status: StatusFinished},
	}
	db.Update(func(tx *bolt.Tx) error {
		m, _ := tx.CreateBucket(bucketMeta)
		m.Put(keySchema, []byte("1"))
		tb, _ := tx.CreateBucket(bucketTables)
		ch, _ := tx.CreateBucket(bucketChannels)
		tx.CreateBucket(bucketLogs)
		for _, r := range recs {
			raw, _ := json.Marshal(r)
			tb.Put([]byte(r.ID), raw)
			if r.Live() {
				ch.Put([]byte(r.ChannelID), []byte(r.ID))
			}
		}
		return nil
	})
	db.Close()
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if n, _ := b.OpenLobbies(t.Context(), "g", "h"); n != 1 {
		t.Fatalf("lobbies %d", n)
	}
	if ids, _ := b.Owing(t.Context()); strings.Join(ids, ",") != "2" {
		t.Fatalf("owing %v", ids)
	}
	if ids, _ := b.Due(t.Context(), dl, dl); strings.Join(ids, ",") != "2,1" {
		t.Fatalf("due %v", ids)
	}
	if n, _ := b.LiveCount(t.Context()); n != 2 {
		t.Fatalf("live %d", n)
	}
}

// TestMigrationBuildsRankIndex: a schema 4 file (standings without the
// rank index) gets the index from its standings at open, and its
// leaderboard is the one the tallies left.
func TestMigrationBuildsRankIndex(t *testing.T) {
	p := filepath.Join(t.TempDir(), "w.db")
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	end := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for i, seats := range [][]string{{"a", "b"}, {"c", "a"}, {"b", ""}, {"d", "e"}} {
		r := &Result{TableID: strconv.Itoa(i), GuildID: "g", Game: "duel", Started: end, Ended: end,
			Seats: []ResultSeat{{UserID: seats[0], Place: 1, Won: true}, {UserID: seats[1], Place: 2}}}
		if err := b.db.Update(func(tx *bolt.Tx) error { return tallyResult(tx, r) }); err != nil {
			t.Fatal(err)
		}
	}
	want, err := b.Leaderboard(t.Context(), "g", "duel", 0)
	if err != nil || len(want) != 5 {
		t.Fatalf("%v %v", want, err)
	}
	b.db.Update(func(tx *bolt.Tx) error {
		tx.Bucket(bucketMeta).Put(keySchema, []byte("4"))
		return tx.DeleteBucket(bucketStandRank)
	})
	b.Close()
	if b, err = Open(p); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got, err := b.Leaderboard(t.Context(), "g", "duel", 0)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("after the migration %v %v, want %v", got, err, want)
	}
}
