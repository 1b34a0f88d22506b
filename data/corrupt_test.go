package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// corpus writes a database of n tables, each updated a few times (so
// freed pages hold older copies), and returns its path and the tables.
// The file is built once per size and copied to each caller: its ~1,200
// commits, each with its fsync, took 3 s a test under -race.
func corpus(t *testing.T, n int) (string, map[string]*Table) {
	t.Helper()
	corpora.Lock()
	c, ok := corpora.m[n]
	if !ok {
		c.raw, c.want = buildCorpus(t, n)
		corpora.m[n] = c
	}
	corpora.Unlock()
	p := filepath.Join(t.TempDir(), "w.db")
	if err := os.WriteFile(p, c.raw, 0o600); err != nil {
		t.Fatal(err)
	}
	want := make(map[string]*Table, len(c.want))
	for id, tb := range c.want {
		cp := *tb
		want[id] = &cp
	}
	return p, want
}

// builtCorpus is a file corpus built: its bytes and its tables.
type builtCorpus struct {
	raw  []byte
	want map[string]*Table
}

// corpora are the files corpus built, by number of tables.
var corpora = struct {
	sync.Mutex
	m map[int]builtCorpus
}{m: map[int]builtCorpus{}}

// buildCorpus writes corpus's file and returns its bytes and tables.
func buildCorpus(t *testing.T, n int) ([]byte, map[string]*Table) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "w.db")
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	b.now = func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) } // the same bytes every run
	want := map[string]*Table{}
	for i := range n {
		tb := &Table{Game: "g", ChannelID: "c" + strconv.Itoa(i), GuildID: "g1", HostID: "h" + strconv.Itoa(i%7), Status: StatusLobby}
		if err := b.Create(t.Context(), tb); err != nil {
			t.Fatal(err)
		}
		for v := range 1 + i%3 {
			tb.Version++
			tb.Status = StatusPlaying
			if i%5 == 0 && v == i%3 {
				tb.Status = StatusFinished
			}
			tb.State = json.RawMessage(fmt.Sprintf(`{"n":%d,"pad":%q}`, v, strings.Repeat("x", 200+(i*37)%900)))
			if err := b.Update(t.Context(), tb, tb.Version-1, LogEntry{Version: tb.Version, Action: "a." + strconv.Itoa(v)}); err != nil {
				t.Fatal(err)
			}
		}
		cp := *tb
		want[tb.ID] = &cp
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return raw, want
}

// damage is one way a file gets hurt.
type damage struct {
	name string
	do   func(t *testing.T, path string)
}

func zeroPage(n int) func(*testing.T, string) {
	return func(t *testing.T, path string) {
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		ps := int64(os.Getpagesize())
		st, _ := f.Stat()
		at := int64(n) * ps
		if n < 0 { // from the end
			at = st.Size() + int64(n)*ps
		}
		f.WriteAt(make([]byte, ps), at)
	}
}

func truncateTo(frac float64) func(*testing.T, string) {
	return func(t *testing.T, path string) {
		st, _ := os.Stat(path)
		ps := int64(os.Getpagesize())
		size := int64(float64(st.Size()) * frac)
		if frac == 1 { // one page short
			size = st.Size() - ps
		}
		if err := os.Truncate(path, size); err != nil {
			t.Fatal(err)
		}
	}
}

func flipBytes(frac float64, n int) func(*testing.T, string) {
	return func(t *testing.T, path string) {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		at := int(float64(len(raw)) * frac)
		for i := at; i < at+n && i < len(raw); i++ {
			raw[i] ^= 0xA5
		}
		os.WriteFile(path, raw, 0o600)
	}
}

var damages = []damage{
	{"meta 0 zeroed", zeroPage(0)},
	{"both metas zeroed", func(t *testing.T, p string) { zeroPage(0)(t, p); zeroPage(1)(t, p) }},
	{"page 2 zeroed", zeroPage(2)},
	{"page 3 zeroed", zeroPage(3)},
	{"middle page zeroed", zeroPage(40)},
	{"last page zeroed", zeroPage(-1)},
	{"truncated to 25%", truncateTo(0.25)},
	{"truncated to 50%", truncateTo(0.5)},
	{"truncated to 90%", truncateTo(0.9)},
	{"one page short", truncateTo(1)},
	{"flipped header bytes at 30%", flipBytes(0.3, 24)},
	{"flipped bytes at 55%", flipBytes(0.55, 64)},
	{"flipped bytes at 80%", flipBytes(0.8, 512)},
}

// TestDamagedFiles: every damage is either refused at open with the
// one-line error naming backup and repair, or opens with every table
// intact or reported corrupt, never missing; and repair saves every table
// it can read and names the rest. Under the race detector every other
// damage (.ci/run: all).
func TestDamagedFiles(t *testing.T) {
	orig, want := corpus(t, 400)
	raw, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("corpus: %d tables, %d KB, %d pages", len(want), len(raw)/1024, len(raw)/os.Getpagesize())
	for i, d := range damages {
		if raceEnabled && i%2 == 1 {
			continue
		}
		t.Run(d.name, func(t *testing.T) {
			t.Parallel() // each opens its own copy; the check children overlap
			p := filepath.Join(t.TempDir(), "w.db")
			if err := os.WriteFile(p, raw, 0o600); err != nil {
				t.Fatal(err)
			}
			d.do(t, p)
			b, openErr := Open(p)
			err := openErr
			switch {
			case err != nil:
				if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "warroom repair") || !strings.Contains(err.Error(), "warroom backup") || strings.Contains(err.Error(), "\n") {
					t.Fatalf("open refused without the one-line recovery advice: %v", err)
				}
			default:
				readsIntactOrCorrupt(t, b, want)
				b.Close()
			}

			out := filepath.Join(t.TempDir(), "new.db")
			rep, err := Repair(p, out)
			if err != nil {
				t.Fatalf("repair: %v", err)
			}
			nb, err := Open(out)
			if err != nil {
				t.Fatalf("repaired file does not open: %v", err)
			}
			defer nb.Close()
			saved, lost := 0, map[string]bool{}
			for _, id := range append(rep.Lost, rep.Unreadable...) {
				lost[id] = true
			}
			for id, w := range want {
				got, err := nb.Get(t.Context(), id)
				switch {
				case err == nil:
					saved++
					if got.Version > w.Version {
						t.Errorf("table %s: repaired version %d is newer than the real %d", id, got.Version, w.Version)
					}
					_, loose := rep.Loose[id]
					if got.Version < w.Version && !loose && rep.Behind[id] == 0 {
						t.Errorf("table %s: repaired at version %d < %d without saying so", id, got.Version, w.Version)
					}
				case lost[id]:
				case rep.UnknownAfter != "" && idAfter(id, rep.UnknownAfter):
				default:
					t.Errorf("table %s neither saved nor reported lost: %v", id, err)
				}
			}
			t.Logf("open: %v", openErr)
			t.Logf("repair saved %d/%d (loose %d, behind %d, lost %d, unreadable %d, logs lost %d)",
				saved, len(want), len(rep.Loose), len(rep.Behind), len(rep.Lost), len(rep.Unreadable), len(rep.LogsLost))
			// The repaired file takes new tables without reusing an id.
			tb := &Table{Game: "g", ChannelID: "fresh", Status: StatusLobby}
			if err := nb.Create(t.Context(), tb); err != nil {
				t.Fatal(err)
			}
			if _, ok := want[tb.ID]; ok {
				t.Fatalf("new table reused id %s", tb.ID)
			}
		})
	}
}

// TestUnreadableRecordSetAside: a record that is not JSON no longer holds
// its channel once set aside, and its bytes stay readable for export.
func TestUnreadableRecordSetAside(t *testing.T) {
	b, _ := open(t)
	good := &Table{Game: "g", ChannelID: "c", Status: StatusPlaying}
	if err := b.Create(t.Context(), good); err != nil {
		t.Fatal(err)
	}
	if _, err := b.SetAside(t.Context(), "c"); !errors.Is(err, ErrReadable) {
		t.Fatalf("set aside a readable table: %v", err)
	}
	b.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketTables).Put([]byte(good.ID), []byte("{not json"))
	})
	if _, err := b.ByChannel(t.Context(), "c"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("got %v", err)
	}
	if err := b.Create(t.Context(), &Table{Game: "g", ChannelID: "c", Status: StatusLobby}); !errors.Is(err, ErrChannelBusy) {
		t.Fatalf("create: %v", err)
	}
	id, err := b.SetAside(t.Context(), "c")
	if err != nil || id != good.ID {
		t.Fatalf("set aside: %q %v", id, err)
	}
	if raw, err := b.Raw(t.Context(), id); err != nil || string(raw) != "{not json" {
		t.Fatalf("raw: %q %v", raw, err)
	}
	if err := b.Create(t.Context(), &Table{Game: "g", ChannelID: "c", Status: StatusLobby}); err != nil {
		t.Fatalf("channel still blocked: %v", err)
	}
}

func idAfter(id, after string) bool {
	a, _ := parseID(id)
	b, _ := parseID(after)
	return a > b
}

// TestLooseFileTightened: a database others could read is made 0600 at
// open, and the old mode is reported for the start-up warning.
func TestLooseFileTightened(t *testing.T) {
	b, p := open(t)
	b.Close()
	os.Chmod(p, 0o644)
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o600 || b.Loosened != 0o644 {
		t.Fatalf("mode %v, reported %v", st.Mode().Perm(), b.Loosened)
	}
}

// TestLargeDamagedFilesRefused: a file over FullCheckMax (here: every
// file) gets the walk at open instead of bbolt's full check; each damage
// is still refused, or every table reads intact.
func TestLargeDamagedFilesRefused(t *testing.T) {
	v := FullCheckMax
	t.Cleanup(func() { FullCheckMax = v }) // after the parallel subtests
	FullCheckMax = 0
	orig, want := corpus(t, 400)
	raw, _ := os.ReadFile(orig)
	for _, d := range damages {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel() // each opens its own copy; the check children overlap
			p := filepath.Join(t.TempDir(), "w.db")
			os.WriteFile(p, raw, 0o600)
			d.do(t, p)
			b, err := Open(p)
			if err != nil {
				if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "warroom repair") {
					t.Fatalf("open: %v", err)
				}
				return
			}
			defer b.Close()
			readsIntactOrCorrupt(t, b, want)
		})
	}
}

// readsIntactOrCorrupt: every table of want reads back at its version or
// is reported corrupt; none is silently missing.
func readsIntactOrCorrupt(t *testing.T, b *Bolt, want map[string]*Table) {
	t.Helper()
	for id, w := range want {
		got, err := b.Get(t.Context(), id)
		if err == nil && got.Version != w.Version {
			t.Errorf("table %s: version %d, want %d", id, got.Version, w.Version)
		}
		if err != nil && !errors.Is(err, ErrCorrupt) {
			t.Errorf("table %s silently gone: %v", id, err)
		}
	}
}
