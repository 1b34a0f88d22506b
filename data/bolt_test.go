package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

func TestCreateGetUpdateLog(t *testing.T) {
	b, p := open(t)
	tb := &Table{Game: "flanders", ChannelID: "c1", Status: StatusLobby, Seats: []Seat{{UserID: "u1", Name: "Ann"}}}
	if err := b.Create(tb); err != nil {
		t.Fatal(err)
	}
	if tb.ID == "" {
		t.Fatal("no id")
	}
	if err := b.Create(&Table{Game: "flanders", ChannelID: "c1", Status: StatusLobby}); !errors.Is(err, ErrChannelBusy) {
		t.Fatalf("second table in channel: %v", err)
	}
	got, err := b.ByChannel("c1")
	if err != nil || got.ID != tb.ID || got.Seats[0].Name != "Ann" {
		t.Fatalf("ByChannel: %+v %v", got, err)
	}
	tb.Status = StatusPlaying
	tb.Version = 1
	if err := b.Update(tb, 0, LogEntry{Version: 1, Action: "start"}); err != nil {
		t.Fatal(err)
	}
	if err := b.Update(tb, 0); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale update: %v", err)
	}
	tb.Version = 2
	if err := b.Update(tb, 1, LogEntry{Version: 2, Action: "roll"}); err != nil {
		t.Fatal(err)
	}
	log, err := b.Log(tb.ID)
	if err != nil || len(log) != 2 || log[1].Action != "roll" {
		t.Fatalf("log %+v %v", log, err)
	}
	// Finishing frees the channel.
	tb.Status = StatusFinished
	tb.Version = 3
	if err := b.Update(tb, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := b.ByChannel("c1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("finished table still indexed: %v", err)
	}
	if live, _ := b.LiveCount(); live != 0 {
		t.Fatalf("live %d", live)
	}
	st, err := os.Stat(p)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v %v", st.Mode(), err)
	}
}

func TestThreadIndexed(t *testing.T) {
	b, _ := open(t)
	tb := &Table{Game: "blindaz", ChannelID: "c", Status: StatusLobby}
	if err := b.Create(tb); err != nil {
		t.Fatal(err)
	}
	tb.ThreadID, tb.Status, tb.Version = "th", StatusPlaying, 1
	if err := b.Update(tb, 0); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"c", "th"} {
		if got, err := b.ByChannel(c); err != nil || got.ID != tb.ID {
			t.Fatalf("%s: %v", c, err)
		}
	}
}

func TestReopenKeepsData(t *testing.T) {
	p := filepath.Join(t.TempDir(), "w.db")
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	tb := &Table{Game: "g", ChannelID: "c", Status: StatusPlaying, State: []byte(`{"x":1}`)}
	if err := b.Create(tb); err != nil {
		t.Fatal(err)
	}
	b.Close()
	b, err = Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got, err := b.Get(tb.ID)
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
	if _, err := b.ByChannel("c"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("got %v", err)
	}
}

func TestConcurrentUpdatesOneWins(t *testing.T) {
	b, _ := open(t)
	tb := &Table{Game: "g", ChannelID: "c", Status: StatusPlaying}
	if err := b.Create(tb); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cp := *tb
			cp.Version = 1
			if b.Update(&cp, 0, LogEntry{Version: 1}) == nil {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("%d updates won the same version", wins)
	}
}

func TestBackup(t *testing.T) {
	b, _ := open(t)
	b.Create(&Table{Game: "g", ChannelID: "c", Status: StatusLobby})
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
	if _, err := c.ByChannel("c"); err != nil {
		t.Fatal(err)
	}
}

func TestGuildSettings(t *testing.T) {
	b, p := open(t)
	gs, err := b.GuildSettings("g1")
	if err != nil || gs != (GuildSettings{}) {
		t.Fatalf("unset guild: %+v %v", gs, err)
	}
	if err := b.SetGuildSettings("g1", GuildSettings{Locale: "pl"}); err != nil {
		t.Fatal(err)
	}
	if err := b.SetGuildSettings("g2", GuildSettings{Locale: "ru"}); err != nil {
		t.Fatal(err)
	}
	if err := b.SetGuildSettings("", GuildSettings{Locale: "ru"}); err == nil {
		t.Fatal("stored settings without a guild id")
	}
	b.Close()
	b, err = Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for g, want := range map[string]string{"g1": "pl", "g2": "ru", "g3": ""} {
		if gs, err := b.GuildSettings(g); err != nil || gs.Locale != want {
			t.Fatalf("%s after reopen: %+v %v, want %q", g, gs, err, want)
		}
	}
	// Back to automatic: the record goes.
	if err := b.SetGuildSettings("g1", GuildSettings{}); err != nil {
		t.Fatal(err)
	}
	b.db.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketGuilds).Get([]byte("g1")) != nil {
			t.Error("zero settings still stored")
		}
		return nil
	})
	if gs, err := b.GuildSettings("g2"); err != nil || gs.Locale != "ru" {
		t.Fatalf("other guild changed: %+v %v", gs, err)
	}
	b.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketGuilds).Put([]byte("bad"), []byte("{")) })
	if _, err := b.GuildSettings("bad"); !errors.Is(err, ErrCorrupt) {
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
	if err := b.SetGuildSettings("g", GuildSettings{Locale: "pl"}); err != nil {
		t.Fatal(err)
	}
	if gs, _ := b.GuildSettings("g"); gs.Locale != "pl" {
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

// The lobby index follows a lobby's host and status, and the owing index
// its outbox.
func TestLobbyAndOwingIndexes(t *testing.T) {
	b, err := Open(filepath.Join(t.TempDir(), "w.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	count := func(host string) int {
		n, err := b.OpenLobbies("g", host)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	tb := &Table{Game: "race", GuildID: "g", ChannelID: "c", HostID: "ann", Status: StatusLobby}
	tb.Owe(time.Now(), Effect{Kind: EffectBoard})
	if err := b.Create(tb); err != nil {
		t.Fatal(err)
	}
	if count("ann") != 1 || count("bob") != 0 {
		t.Fatalf("after create: ann %d bob %d", count("ann"), count("bob"))
	}
	if ids, _ := b.Owing(); len(ids) != 1 || ids[0] != tb.ID {
		t.Fatalf("owing after create: %v", ids)
	}
	tb.HostID, tb.Outbox = "bob", nil
	if err := b.Update(tb, tb.Version); err != nil {
		t.Fatal(err)
	}
	if count("ann") != 0 || count("bob") != 1 {
		t.Fatalf("after handover: ann %d bob %d", count("ann"), count("bob"))
	}
	if ids, _ := b.Owing(); len(ids) != 0 {
		t.Fatalf("owing after delivery: %v", ids)
	}
	tb.Status = StatusPlaying
	if err := b.Update(tb, tb.Version); err != nil {
		t.Fatal(err)
	}
	if count("bob") != 0 {
		t.Fatal("a started game still counts as an open lobby")
	}
}

// TestGroupCommitKeepsEachAnswer: writes that share a transaction still
// get their own answers: a conflict or a busy channel fails only its own
// write, and every other write of the group is committed.
func TestGroupCommitKeepsEachAnswer(t *testing.T) {
	b, _ := open(t)
	const n = 40
	tables := make([]*Table, n)
	for i := range tables {
		tables[i] = &Table{Game: "g", ChannelID: fmt.Sprintf("c%d", i), Status: StatusPlaying}
		if err := b.Create(tables[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, 2*n)
	for i := range 2 * n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i < n { // a valid move on its own table
				cp := *tables[i]
				cp.Version = 1
				errs[i] = b.Update(&cp, 0, LogEntry{Version: 1})
				return
			}
			if i%2 == 0 { // a stale move
				cp := *tables[i-n]
				cp.Version = 8
				errs[i] = b.Update(&cp, 7)
				return
			}
			errs[i] = b.Create(&Table{Game: "g", ChannelID: "c0", Status: StatusLobby}) // busy
		}()
	}
	wg.Wait()
	for i, err := range errs {
		switch {
		case i < n && err != nil:
			t.Errorf("valid move %d failed: %v", i, err)
		case i >= n && i%2 == 0 && !errors.Is(err, ErrConflict):
			t.Errorf("stale move %d: %v", i, err)
		case i >= n && i%2 == 1 && !errors.Is(err, ErrChannelBusy):
			t.Errorf("create in a busy channel %d: %v", i, err)
		}
	}
	for _, tb := range tables {
		if got, _ := b.Get(tb.ID); got.Version != 1 {
			t.Errorf("table %s at version %d", tb.ID, got.Version)
		}
	}
}

// TestDueIndex: the timer's index follows deadlines and lobbies through
// every update, and reads only what is due.
func TestDueIndex(t *testing.T) {
	b, _ := open(t)
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	b.now = func() time.Time { return t0 }
	lobby := &Table{Game: "g", ChannelID: "c1", Status: StatusLobby}
	play := &Table{Game: "g", ChannelID: "c2", Status: StatusLobby}
	for _, tb := range []*Table{lobby, play} {
		if err := b.Create(tb); err != nil {
			t.Fatal(err)
		}
	}
	play.Status, play.Version, play.Deadline = StatusPlaying, 1, t0.Add(time.Hour)
	if err := b.Update(play, 0); err != nil {
		t.Fatal(err)
	}
	due := func(now, lobbies time.Time) string {
		ids, err := b.Due(now, lobbies)
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
	b.Update(play, 1)
	if got := due(t0.Add(2*time.Hour), time.Time{}); got != "" {
		t.Fatalf("old deadline still indexed: %q", got)
	}
	play.Version, play.Status = 3, StatusFinished
	b.Update(play, 2)
	lobby.Version, lobby.Status = 1, StatusAbandoned
	b.Update(lobby, 0)
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
	if n, _ := b.OpenLobbies("g", "h"); n != 1 {
		t.Fatalf("lobbies %d", n)
	}
	if ids, _ := b.Owing(); strings.Join(ids, ",") != "2" {
		t.Fatalf("owing %v", ids)
	}
	if ids, _ := b.Due(dl, dl); strings.Join(ids, ",") != "2,1" {
		t.Fatalf("due %v", ids)
	}
	if n, _ := b.LiveCount(); n != 2 {
		t.Fatalf("live %d", n)
	}
}

// TestTablesOf: a player's live tables in one server, from the members
// index, following joins, finishing and other servers.
func TestTablesOf(t *testing.T) {
	b, _ := open(t)
	mk := func(guild, ch string, users ...string) *Table {
		tb := &Table{Game: "g", GuildID: guild, ChannelID: ch, Status: StatusLobby}
		for _, u := range users {
			tb.Seats = append(tb.Seats, Seat{UserID: u})
		}
		tb.Seats = append(tb.Seats, Seat{Name: "cpu", Bot: true})
		if err := b.Create(tb); err != nil {
			t.Fatal(err)
		}
		return tb
	}
	ids := func(guild, user string) string {
		ts, err := b.TablesOf(guild, user)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, x := range ts {
			out = append(out, x.ID)
		}
		return strings.Join(out, ",")
	}
	a := mk("g1", "c1", "ann")
	mk("g1", "c2", "bob")
	mk("g2", "c3", "ann")
	if got := ids("g1", "ann"); got != a.ID {
		t.Fatalf("ann in g1: %q", got)
	}
	if got := ids("g1", ""); got != "1,2" {
		t.Fatalf("all of g1: %q", got)
	}
	// Bob joins Ann's table; then it finishes.
	a.Seats = append(a.Seats, Seat{UserID: "bob"})
	a.Version = 1
	b.Update(a, 0)
	if got := ids("g1", "bob"); got != "1,2" {
		t.Fatalf("bob after joining: %q", got)
	}
	a.Status, a.Version = StatusFinished, 2
	b.Update(a, 1)
	if got := ids("g1", "bob") + "|" + ids("g1", "ann") + "|" + ids("g1", ""); got != "2||2" {
		t.Fatalf("after the game ended: %q", got)
	}
}
