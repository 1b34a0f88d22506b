package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/data/storetest"
)

// tableMaker plays tables through the table service on a store, as the
// bot does (each in its own channel), with images off.
type tableMaker struct {
	t     *testing.T
	store data.Store
	c     *benchCourier
	n     int
}

func newTableMaker(t *testing.T, store data.Store) *tableMaker {
	return &tableMaker{t: t, store: store, c: &benchCourier{}}
}

var ann = commands.User{ID: "100", Name: "ann"}

// table opens a lobby of game in a new channel; with start, Ann and a
// computer player start it. It returns the table id and a request helper.
func (m *tableMaker) table(game string, start bool) (string, func(commands.Request) commands.Response) {
	m.n++
	ch, table := fmt.Sprint("c", m.n), ""
	// A service per table: one host's new tables are throttled.
	svc := commands.NewService(m.store, zerolog.Nop(), modules().Modules())
	svc.Images = false
	do := func(r commands.Request) commands.Response {
		r.GuildID, r.ChannelID, r.Locale, r.User = "g", ch, "en-US", ann
		if t, err := m.store.Get(context.Background(), table); err == nil && r.MessageID == "" {
			r.MessageID = t.BoardMessageID
		}
		resp := svc.Handle(context.Background(), r)
		if resp.Table != "" {
			table = resp.Table
			if err := svc.Deliver(context.Background(), table, m.c); err != nil {
				m.t.Fatal(err)
			}
		}
		return resp
	}
	if r := do(commands.Request{Kind: commands.SlashCommand, Command: "play", Options: map[string]string{"game": game}}); table == "" {
		m.t.Fatalf("/play %s: %q", game, r.Reply.Message.Content)
	}
	if start {
		r := do(commands.Request{Kind: commands.Component, CustomID: firstID(m.c.last, ":l:bot")})
		lobby := m.c.last
		if len(r.Reply.Message.Components) > 0 { // the lobby updated in place
			lobby = r.Reply.Message
		}
		r = do(commands.Request{Kind: commands.Component, CustomID: firstID(lobby, ":l:start")})
		if tb, err := m.store.Get(context.Background(), table); err != nil || tb.Status != data.StatusPlaying {
			m.t.Fatalf("%s table %s did not start: %v %q %q", game, table, err, r.Reply.Message.Content, firstID(lobby, ":l:start"))
		}
	}
	return table, do
}

// confirm runs a /game subcommand that asks first and presses its button.
func confirm(do func(commands.Request) commands.Response, sub string) {
	r := do(commands.Request{Kind: commands.SlashCommand, Command: "game", Subcommand: sub})
	if len(r.Reply.Message.Components) == 0 {
		panic(fmt.Sprintf("/game %s: %q", sub, r.Reply.Message.Content))
	}
	row := r.Reply.Message.Components[0].(discordgo.ActionsRow)
	do(commands.Request{Kind: commands.Component, CustomID: row.Components[0].(discordgo.Button).CustomID, OnPrivateMessage: true, MessageID: "ephemeral"})
}

// finished plays a table to its end: Ann resigns, the computer plays on.
func (m *tableMaker) finished(game string) string {
	id, do := m.table(game, true)
	confirm(do, "resign")
	if tb, err := m.store.Get(context.Background(), id); err != nil || tb.Status != data.StatusFinished || len(tb.Outbox) > 0 {
		m.t.Fatalf("%s table %s did not finish: %+v %v", game, id, tb, err)
	}
	return id
}

// TestArchiveAndCompact: finished and abandoned tables written before the
// cut-off leave the store for the archive file, one export per line that
// `warroom verify --table` accepts; the live table, the newer finished
// one, the results and standings stay. A crash between writing and
// removing is finished by running again, without a second line. Compact
// then shrinks the file, and both commands refuse a file the bot holds.
func TestArchiveAndCompact(t *testing.T) {
	dir := t.TempDir()
	db, out := filepath.Join(dir, "w.db"), filepath.Join(dir, "archive.jsonl")
	store, err := data.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	m := newTableMaker(t, store)
	games := []string{"flanders", "flanders", "flanders", "flanders", "flanders", "flanders"}
	var old []string
	for _, g := range games {
		old = append(old, m.finished(g))
	}
	abandoned, do := m.table("flanders", false)
	confirm(do, "abandon")
	live, _ := m.table("flanders", true)
	time.Sleep(5 * time.Millisecond)
	cut := time.Now()
	time.Sleep(5 * time.Millisecond)
	recent := m.finished("flanders")
	liveBefore, _ := store.Get(t.Context(), live)
	stats := func(s data.Store) string {
		st, _ := s.Standings(t.Context(), "g", ann.ID)
		gs, _ := s.GameStats(t.Context(), "g")
		b, _ := json.Marshal([]any{st, gs})
		return string(b)
	}
	statsBefore := stats(store)
	if !strings.Contains(statsBefore, `"played"`) {
		t.Fatalf("no standings to keep: %s", statsBefore)
	}

	// The bot holds the file: both commands say so.
	if _, errs, code := run(t, "", "archive", "--db", db, "--before", "1d", "--out", out); code != 1 || !strings.Contains(errs, "in use") || !strings.Contains(errs, "bot stopped") {
		t.Fatalf("archive of a file in use: %d %s", code, errs)
	}
	if _, errs, code := run(t, "", "compact", "--db", db, "--out", filepath.Join(dir, "c.db")); code != 1 || !strings.Contains(errs, "stop the bot") {
		t.Fatalf("compact of a file in use: %d %s", code, errs)
	}
	store.Close()
	full := fileSize(t, db)

	// A crash after the first batch is written and synced.
	beforeRemove = func() error { return errors.New("crash") }
	_, errs, code := run(t, "", "archive", "--db", db, "--before", cut.Format(time.RFC3339Nano), "--out", out)
	beforeRemove = func() error { return nil }
	if code != 1 || !strings.Contains(errs, "crash") {
		t.Fatalf("crashed archive: %d %s", code, errs)
	}
	if n := len(archiveIDs(t, out)); n != len(old)+1 {
		t.Fatalf("%d lines after the crash, want %d", n, len(old)+1)
	}
	// An unfinished line from a crash while writing is cut off too.
	f, _ := os.OpenFile(out, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"table":{"id":"half`)
	f.Close()
	got, errs, code := run(t, "", "archive", "--db", db, "--before", cut.Format(time.RFC3339Nano), "--out", out)
	if code != 0 || !strings.Contains(got, fmt.Sprintf("archived %d tables", len(old)+1)) || !strings.Contains(got, "0 lines written") {
		t.Fatalf("archive after the crash: %d %s %s", code, got, errs)
	}
	t.Logf("warroom archive:\n%s", got)
	ids := archiveIDs(t, out)
	if len(ids) != len(old)+1 {
		t.Fatalf("archive lines %v, want each of %v and %s once", ids, old, abandoned)
	}
	if raw, _ := os.ReadFile(out); !bytes.HasSuffix(raw, []byte("}\n")) || strings.Contains(string(raw), "half") {
		t.Fatalf("the unfinished line stayed:\n%s", raw[max(len(raw)-200, 0):])
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != 0o600 {
		t.Fatalf("archive file mode %v", st.Mode().Perm())
	}
	// Running again finds nothing more to do.
	if got, _, code := run(t, "", "archive", "--db", db, "--before", cut.Format(time.RFC3339Nano), "--out", out); code != 0 || !strings.HasPrefix(got, "archived 0 tables") {
		t.Fatalf("archive again: %d %s", code, got)
	}
	archived := fileSize(t, db)

	// Each finished game verifies from its line.
	for _, id := range old {
		got, errs, code := run(t, "", "verify", "--table", id, out)
		if code != 0 || !strings.HasPrefix(got, "ok: ") {
			t.Fatalf("verify --table %s: %d %s %s", id, code, got, errs)
		}
	}
	if _, errs, code := run(t, "", "verify", "--table", live, out); code != 1 || !strings.Contains(errs, "not in the archive") {
		t.Fatalf("verify of a table not archived: %d %s", code, errs)
	}

	// Compact, then the store: archived tables gone, the rest as it was.
	compacted := filepath.Join(dir, "compacted.db")
	got, errs, code = run(t, "", "compact", "--db", db, "--out", compacted)
	if code != 0 || !strings.Contains(got, "compacted") {
		t.Fatalf("compact: %d %s %s", code, got, errs)
	}
	small := fileSize(t, compacted)
	t.Logf("%d ended tables, 1 newer, 1 live: %d KB; after archiving the %d: %d KB; compacted %d KB", len(old)+1, full>>10, len(old)+1, archived>>10, small>>10)
	if small >= full {
		t.Fatalf("compacting did not shrink the file: %d -> %d bytes", full, small)
	}
	if _, errs, code := run(t, "", "compact", "--db", db, "--out", compacted); code != 1 || !strings.Contains(errs, "exists") {
		t.Fatalf("compact over an existing file: %d %s", code, errs)
	}
	for _, path := range []string{db, compacted} {
		s, err := data.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range append(old, abandoned) {
			if _, err := s.Get(t.Context(), id); !errors.Is(err, data.ErrArchived) {
				t.Fatalf("%s: archived table %s: %v", path, id, err)
			}
			if log, _ := s.Log(t.Context(), id); len(log) != 0 {
				t.Fatalf("%s: archived table %s kept its log", path, id)
			}
		}
		if tb, err := s.Get(t.Context(), live); err != nil || tb.Version != liveBefore.Version || tb.Status != data.StatusPlaying {
			t.Fatalf("%s: live table: %+v %v", path, tb, err)
		}
		if tb, err := s.ByChannel(t.Context(), liveBefore.ChannelID); err != nil || tb.ID != live {
			t.Fatalf("%s: live table's channel: %v", path, err)
		}
		if tb, err := s.Get(t.Context(), recent); err != nil || tb.Status != data.StatusFinished {
			t.Fatalf("%s: the newer finished table: %v", path, err)
		}
		if got := stats(s); got != statsBefore {
			t.Fatalf("%s: stats changed:\n%s\n%s", path, statsBefore, got)
		}
		// The Game record button left on an archived game's final board
		// is answered privately as an old button.
		svc := commands.NewService(s, zerolog.Nop(), modules().Modules())
		rec, _ := commands.CustomID{Table: old[0], Kind: commands.KindRecord}.Encode()
		r := svc.Handle(t.Context(), commands.Request{Kind: commands.Component, User: ann, GuildID: "g", ChannelID: "c1", CustomID: rec, Locale: "en-US"})
		if r.Reply.Kind != commands.ReplyPrivate || !strings.Contains(r.Reply.Message.Content, "not valid") {
			t.Fatalf("%s: Game record of an archived table: %+v", path, r.Reply)
		}
		// A new table takes a new id.
		next, _ := newTableMaker(t, s).table("flanders", false)
		for _, id := range old {
			if next == id {
				t.Fatalf("%s: a new table reused the archived id %s", path, id)
			}
		}
		s.Close()
	}
}

func TestParseBefore(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Time{
		"90d":                  now.AddDate(0, 0, -90),
		"36h":                  now.Add(-36 * time.Hour),
		"2026-08-01":           time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC),
		"2026-08-01T10:00:00Z": time.Date(2026, 8, 1, 10, 0, 0, 0, time.UTC),
	} {
		if got, err := parseBefore(in, now); err != nil || !got.Equal(want) {
			t.Errorf("%s: %v %v, want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "d", "-3d", "soon", "2026-13-01"} {
		if _, err := parseBefore(in, now); err == nil {
			t.Errorf("%q parsed", in)
		}
	}
}

// archiveIDs are the table ids of an archive's lines, in order.
func archiveIDs(t *testing.T, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ids []string
	eachLine(f, func(_ int, line []byte) error {
		ref, err := lineRef(line)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ref.ID)
		return nil
	})
	return ids
}

func fileSize(t *testing.T, path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// TestArchiveSizes is the load command's archive figure: a file of
// WARROOM_LOAD_STORED tables (default 2,000; one in a hundred live, the
// rest finished real games with their logs, as TestColdStart fills it),
// its size, then archived and compacted, with the time each took. Not
// part of the test suite:
//
//	WARROOM_LOAD=1 go test -run '^TestArchiveSizes$' -v -timeout 0 ./cmd/warroom
func TestArchiveSizes(t *testing.T) {
	if os.Getenv("WARROOM_LOAD") == "" {
		t.Skip("load command: set WARROOM_LOAD=1")
	}
	n := loadKnob("WARROOM_LOAD_STORED", 2000)
	dir := t.TempDir()
	db, out, small := filepath.Join(dir, "w.db"), filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "small.db")
	fillStore(t, db, n)
	full := fileSize(t, db)
	start := time.Now()
	if got, errs, code := run(t, "", "archive", "--db", db, "--before", "0s", "--out", out); code != 0 {
		t.Fatalf("archive: %s %s", got, errs)
	}
	took := time.Since(start)
	start = time.Now()
	if got, errs, code := run(t, "", "compact", "--db", db, "--out", small); code != 0 {
		t.Fatalf("compact: %s %s", got, errs)
	}
	t.Logf("%d tables (%d live): %.1f MB; archive %v -> %.1f MB file (%d lines), store still %.1f MB; compact %v -> %.1f MB; load %s",
		n, (n+99)/100, mbf(full), took.Round(time.Millisecond), mbf(fileSize(t, out)), len(archiveIDs(t, out)), mbf(fileSize(t, db)),
		time.Since(start).Round(time.Millisecond), mbf(fileSize(t, small)), loadAvg())
}

func mbf(n int64) float64 { return float64(n) / (1 << 20) }

// TestArchivePostgres: on PostgreSQL the archive runs while the store is
// open (the bot running): the ended tables go to the file and out of the
// database, the live one stays, a line verifies.
func TestArchivePostgres(t *testing.T) {
	url, err := storetest.NewCluster(t).NewDatabase() // stopped when the test ends
	if err != nil {
		t.Fatal(err)
	}
	store, err := data.OpenPostgres(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	m := newTableMaker(t, store)
	done := []string{m.finished("flanders"), m.finished("flanders")}
	live, _ := m.table("flanders", true)
	out := filepath.Join(t.TempDir(), "a.jsonl")
	got, errs, code := run(t, "", "archive", "--db", url, "--before", "0s", "--out", out)
	if code != 0 || !strings.HasPrefix(got, "archived 2 tables") || strings.Contains(got, "compact") {
		t.Fatalf("archive: %d %s %s", code, got, errs)
	}
	for _, id := range done {
		if _, err := store.Get(t.Context(), id); !errors.Is(err, data.ErrNotFound) {
			t.Fatalf("archived table %s: %v", id, err)
		}
		if got, errs, code := run(t, "", "verify", "--table", id, out); code != 0 {
			t.Fatalf("verify %s: %s %s", id, got, errs)
		}
	}
	if tb, err := store.Get(t.Context(), live); err != nil || tb.Status != data.StatusPlaying {
		t.Fatalf("live table: %+v %v", tb, err)
	}
}
