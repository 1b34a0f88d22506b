package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
)

// archiveBatch is how many tables one removal transaction takes.
const archiveBatch = 100

// beforeRemove runs after a batch is written and synced, before it is
// removed from the store: tests stop there to act out a crash.
var beforeRemove = func() error { return nil }

// cmdArchive moves finished and abandoned tables last written before a
// cut-off out of the store into a JSON-lines file, one `warroom export`
// document per line (the seed included: the games are over). Each batch
// is written and synced before it is removed, so a crash in between
// leaves tables in both places, never in neither; a re-run appends no
// line twice for a table at the same version.
func cmdArchive(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("archive", flag.ContinueOnError)
	dbPath := dbFlag(fs, "database file or postgres:// URL", false)
	beforeArg := fs.String("before", "", "archive tables last written before this: an age (90d, 2160h) or a date (2026-08-01, RFC 3339)")
	outPath := fs.String("out", "", "the archive file (JSON lines); appended to if it exists")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *beforeArg == "" || *outPath == "" {
		return errors.New("archive needs --before AGE|DATE and --out FILE.jsonl")
	}
	before, err := parseBefore(*beforeArg, time.Now())
	if err != nil {
		return err
	}
	store, err := openToRead(*dbPath)
	if errors.Is(err, data.ErrInUse) {
		return fmt.Errorf("%w; a bbolt file is archived with the bot stopped (a PostgreSQL database can be archived while it runs)", err)
	}
	if err != nil {
		return err
	}
	defer store.Close()
	have, err := archivedLines(*outPath)
	if err != nil {
		return err
	}
	f, err := openArchive(*outPath)
	if err != nil {
		return err
	}
	defer f.Close()
	refs, err := store.Ended(ctx, before)
	if err != nil {
		return err
	}
	svc := commands.NewService(store, zerolog.Nop(), modules().Modules())
	var n archiveCounts
	for start := 0; start < len(refs); start += archiveBatch {
		batch, lines, err := exportBatch(ctx, svc, refs[start:min(start+archiveBatch, len(refs))], have, &n)
		if err != nil {
			return err
		}
		if err := moveBatch(ctx, store, f, *outPath, batch, lines, &n); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "archived %d tables last written before %s into %s (%d lines written, %d already there)\n",
		n.removed, before.UTC().Format(time.RFC3339), *outPath, n.written, n.already)
	if kept := len(refs) - n.removed; kept > 0 {
		fmt.Fprintf(stdout, "%d tables changed while being archived and stay in the store (the file's last line for a table is the one that counts)\n", kept)
	}
	if !data.IsPostgresURL(*dbPath) && n.removed > 0 {
		fmt.Fprintf(stdout, "the file does not shrink by itself: `warroom compact --db %s --out NEW.db`, then run the bot on NEW.db\n", *dbPath)
	}
	return nil
}

// archiveCounts is what an archive run has done so far, for its summary.
type archiveCounts struct {
	written, already, removed int
}

// exportBatch exports one batch of listed tables: the lines the archive
// does not have yet at that version, and the refs to remove (tables
// removed since they were listed are skipped).
func exportBatch(ctx context.Context, svc *commands.Service, refs []data.TableRef, have map[string]int64, n *archiveCounts) ([]data.TableRef, []byte, error) {
	var batch []data.TableRef
	var buf bytes.Buffer
	for _, r := range refs {
		doc, ref, err := exportLine(ctx, svc, r.ID)
		if errors.Is(err, data.ErrNotFound) {
			continue // removed since it was listed (PostgreSQL, another archive run)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("table %s: %w", r.ID, err)
		}
		if v, ok := have[ref.ID]; ok && v == ref.Version {
			n.already++
		} else {
			buf.Write(doc)
			buf.WriteByte('\n')
			have[ref.ID] = ref.Version
			n.written++
		}
		batch = append(batch, ref)
	}
	return batch, buf.Bytes(), nil
}

// moveBatch appends a batch's lines to the archive and syncs it, and only
// then removes the batch from the store.
func moveBatch(ctx context.Context, store data.Store, f *os.File, outPath string, batch []data.TableRef, lines []byte, n *archiveCounts) error {
	if _, err := f.Write(lines); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := beforeRemove(); err != nil {
		return err
	}
	gone, err := store.Remove(ctx, batch)
	if err != nil {
		return fmt.Errorf("removing archived tables (they are in %s; run again to finish): %w", outPath, err)
	}
	n.removed += len(gone)
	return nil
}

// exportLine is a table's `warroom export` document on one line, and the
// version it was exported at.
func exportLine(ctx context.Context, svc *commands.Service, id string) ([]byte, data.TableRef, error) {
	out, err := svc.Export(ctx, id, false)
	if err != nil {
		return nil, data.TableRef{}, err
	}
	var doc struct {
		Table *data.Table `json:"table"`
	}
	if err := json.Unmarshal(out, &doc); err != nil || doc.Table == nil || doc.Table.Live() {
		return nil, data.TableRef{}, fmt.Errorf("not an ended table's export (%v)", err)
	}
	var line bytes.Buffer
	if err := json.Compact(&line, out); err != nil {
		return nil, data.TableRef{}, err
	}
	return line.Bytes(), data.TableRef{ID: doc.Table.ID, Version: doc.Table.Version}, nil
}

// archivedLines reads the table ids and versions already in an archive
// file (none when it does not exist yet).
func archivedLines(path string) (map[string]int64, error) {
	have := map[string]int64{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return have, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	err = eachLine(f, func(n int, line []byte) error {
		ref, err := lineRef(line)
		if err != nil {
			return fmt.Errorf("%s line %d: %w", path, n, err)
		}
		have[ref.ID] = ref.Version
		return nil
	})
	return have, err
}

// lineRef is the table id and version of one archive line.
func lineRef(line []byte) (data.TableRef, error) {
	var doc struct {
		Table *data.TableRef `json:"table"`
	}
	if err := json.Unmarshal(line, &doc); err != nil || doc.Table == nil || doc.Table.ID == "" {
		return data.TableRef{}, fmt.Errorf("not a table export (%v)", err)
	}
	return *doc.Table, nil
}

// eachLine calls fn with each complete line of r (numbered from 1); a
// last line without its newline is an unfinished write and is skipped.
func eachLine(r io.Reader, fn func(n int, line []byte) error) error {
	br := bufio.NewReaderSize(r, 1<<20)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if err := fn(n, line); err != nil {
			return err
		}
	}
}

// openArchive opens the archive file to append, creating it (0600: the
// records hold the players' ids) and syncing its folder so the file
// itself survives a crash. An unfinished last line, from a run that
// crashed while writing (its tables were not removed), is cut off.
func openArchive(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && st.Size() > 0 {
		err = cutUnfinished(f, st.Size())
	}
	if err == nil {
		_, err = f.Seek(0, io.SeekEnd)
	}
	if err == nil {
		err = syncDir(filepath.Dir(path))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// cutUnfinished truncates f after its last newline.
func cutUnfinished(f *os.File, size int64) error {
	buf := make([]byte, 64<<10)
	for end := size; end > 0; {
		start := max(end-int64(len(buf)), 0)
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && err != io.EOF {
			return err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			if keep := start + int64(i) + 1; keep < size {
				return f.Truncate(keep)
			}
			return nil
		}
		end = start
	}
	return f.Truncate(0)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// parseBefore reads --before: an age back from now (90d, 36h) or a
// date (2006-01-02, UTC) or an RFC 3339 time.
func parseBefore(s string, now time.Time) (time.Time, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.Atoi(days); err == nil && n >= 0 {
			return now.AddDate(0, 0, -n), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("--before %q: an age (90d, 2160h) or a date (2026-08-01, 2026-08-01T12:00:00Z)", s)
}

// cmdCompact writes a compacted copy of a bbolt file: archiving frees
// pages inside the file, compacting gives them back.
func cmdCompact(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("compact", flag.ContinueOnError)
	dbPath := dbFlag(fs, "database file", true)
	out := fs.String("out", "", "the compacted copy to write (must not exist)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("compact needs --out FILE (a new file)")
	}
	if data.IsPostgresURL(*dbPath) {
		return errors.New("compact is for a bbolt file; PostgreSQL reclaims space with VACUUM")
	}
	before, after, err := data.Compact(*dbPath, *out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "compacted %s (%s) into %s (%s)\n", *dbPath, mb(before), *out, mb(after))
	fmt.Fprintf(stdout, "with the bot stopped, replace the old file with the new one (keep the old until you are satisfied)\n")
	return nil
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }
