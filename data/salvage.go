package data

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
)

// RepairReport is what Repair saved and what it could not.
type RepairReport struct {
	Tables int // table records written to the new file
	Live   int // of which in a lobby or in play
	// Loose are tables found only by scanning the file's pages: their
	// record in the table tree was unreadable, so the copy kept may be
	// older than the last move (id and version).
	Loose map[string]int64
	// Behind are tables whose kept record is older than their log's last
	// entry: moves after that version are lost (id -> log's last version).
	Behind map[string]int64
	// Unreadable are table records that are not valid JSON; their bytes
	// are kept in the new file's damaged bucket for export.
	Unreadable []string
	// Lost are table ids the file had handed out (ids are sequential and
	// tables leave only when archived) of which no copy was found anywhere.
	Lost []string
	// UnknownAfter is set when the file's count of tables could not be
	// read (its end is gone): tables after this id may be lost without a
	// trace. New ids then skip far ahead so none is ever reused.
	UnknownAfter string
	// LogsLost are tables whose action log could not be read in full.
	LogsLost []string
	// TreeError is why the file's own index could not be walked, if it
	// could not; then only the page scan saved tables.
	TreeError string
}

// Repair salvages every readable table of the damaged file src into a new
// file dst (which must not exist): it walks bbolt's tree where it can and
// scans every page of the file for table records where it cannot,
// keeping the newest copy of each table. The channel, lobby and owing
// indexes are rebuilt from the saved tables.
func Repair(src, dst string) (RepairReport, error) {
	rep := RepairReport{Loose: map[string]int64{}, Behind: map[string]int64{}}
	if _, err := os.Stat(dst); err == nil {
		return rep, fmt.Errorf("%s exists: repair writes a new file", dst)
	}
	tree, err := readTree(src)
	if err != nil {
		rep.TreeError = err.Error()
	}
	pages, err := scanPages(src)
	if err != nil {
		return rep, fmt.Errorf("scan %s: %w", src, err)
	}
	tables := mergeCopies(tree, pages, &rep)
	reportUnreadable(tree, tables, &rep)
	top := reportLost(tree, tables, &rep)
	reportLogsLost(tree, tables, &rep)

	out, err := Open(dst)
	if err != nil {
		return rep, err
	}
	defer out.Close()
	err = out.update(func(tx *bolt.Tx) error {
		return out.writeSalvage(tx, tree, tables, top, &rep)
	})
	return rep, err
}

// mergeCopies keeps the newest copy of each table, from the tree or the
// page scan, and notes in rep the tables only the scan found.
func mergeCopies(tree tree, pages map[string]*Table, rep *RepairReport) map[string]*Table {
	tables := map[string]*Table{}
	for id, t := range tree.tables {
		tables[id] = t
	}
	for id, t := range pages {
		if tree.archived[id] {
			continue // its old copy on a freed page: the table was archived
		}
		if cur, ok := tables[id]; !ok || cur.Version < t.Version {
			tables[id] = t
			if !ok {
				rep.Loose[id] = t.Version
			}
		}
	}
	return tables
}

// reportUnreadable lists, sorted, the unreadable records of which no
// readable copy was found elsewhere.
func reportUnreadable(tree tree, tables map[string]*Table, rep *RepairReport) {
	for id := range tree.unreadable {
		if _, ok := tables[id]; !ok {
			rep.Unreadable = append(rep.Unreadable, id)
		}
	}
	sort.Strings(rep.Unreadable)
}

// reportLost lists the ids handed out of which nothing was found, and
// returns the sequence new ids must start after: pushed far ahead when
// the file's own count could not be read.
func reportLost(tree tree, tables map[string]*Table, rep *RepairReport) uint64 {
	top := tree.seq
	for id := range tables {
		if n, err := parseID(id); err == nil && n > top {
			top = n
		}
	}
	for id := range tree.logs {
		if n, err := parseID(id); err == nil && n > top {
			top = n
		}
	}
	for n := uint64(1); n <= top; n++ {
		id := strconv.FormatUint(n, 36)
		if _, ok := tables[id]; !ok && tree.unreadable[id] == nil && !tree.archived[id] {
			rep.Lost = append(rep.Lost, id)
		}
	}
	if !tree.seqKnown {
		rep.UnknownAfter = strconv.FormatUint(top, 36)
		top += max(1000, top)
	}
	return top
}

// reportLogsLost lists, sorted, the tables whose log could not be read in
// full or is shorter than their record says.
func reportLogsLost(tree tree, tables map[string]*Table, rep *RepairReport) {
	for id, t := range tables {
		if logShort(tree, id, t) {
			tree.logsLost[id] = true
		}
	}
	for id := range tree.logsLost {
		rep.LogsLost = append(rep.LogsLost, id)
	}
	sort.Strings(rep.LogsLost)
}

// writeSalvage writes everything saved into the new file in one
// transaction: tables with their logs, the id sequence, the damaged
// records, the archive marks, the tallies and the guild settings.
func (b *Bolt) writeSalvage(tx *bolt.Tx, tree tree, tables map[string]*Table, top uint64, rep *RepairReport) error {
	maxSeq, err := b.writeTables(tx, tree, tables, rep)
	if err != nil {
		return err
	}
	// New tables must not reuse a salvaged id.
	if err := tx.Bucket(bucketTables).SetSequence(max(maxSeq, top)); err != nil {
		return err
	}
	if err := writeDamaged(tx, tree); err != nil {
		return err
	}
	archivedResults, err := writeArchived(tx, tree, tables)
	if err != nil {
		return err
	}
	if err := retally(tx, tables, archivedResults); err != nil {
		return err
	}
	guilds := tx.Bucket(bucketGuilds)
	for id, raw := range tree.guilds {
		if err := guilds.Put([]byte(id), raw); err != nil {
			return err
		}
	}
	return nil
}

// writeTables writes the saved tables, newest first, with their indexes
// and logs, and returns the highest table id written.
func (b *Bolt) writeTables(tx *bolt.Tx, tree tree, tables map[string]*Table, rep *RepairReport) (uint64, error) {
	ch := tx.Bucket(bucketChannels)
	ids := make([]string, 0, len(tables))
	for id := range tables {
		ids = append(ids, id)
	}
	// Newest first, so when two live tables claim one channel the
	// one played last keeps it.
	sort.Slice(ids, func(i, j int) bool { return tables[ids[i]].Updated.After(tables[ids[j]].Updated) })
	var maxSeq uint64
	for _, id := range ids {
		t := tables[id]
		if t.Live() && channelTaken(ch, t) {
			t.Status = StatusAbandoned // an older table of a channel: kept, but over
		}
		if err := putTable(tx, nil, t); err != nil {
			return maxSeq, err
		}
		if err := index(ch, t); err != nil {
			return maxSeq, err
		}
		b.countLive(tx, nil, t)
		if n, err := parseID(id); err == nil && n > maxSeq {
			maxSeq = n
		}
		rep.Tables++
		if t.Live() {
			rep.Live++
		}
		if entries := tree.logs[id]; len(entries) > 0 {
			if err := appendLog(tx, id, entries); err != nil {
				return maxSeq, err
			}
			if last := entries[len(entries)-1].Version; last > t.Version {
				rep.Behind[id] = last
			}
		}
	}
	return maxSeq, nil
}

// writeDamaged keeps the bytes of unreadable records in the damaged
// bucket, for export.
func writeDamaged(tx *bolt.Tx, tree tree) error {
	if len(tree.unreadable) == 0 {
		return nil
	}
	dmg, err := tx.CreateBucketIfNotExists(bucketDamaged)
	if err != nil {
		return err
	}
	for id, raw := range tree.unreadable {
		if err := dmg.Put([]byte(id), raw); err != nil {
			return err
		}
	}
	return nil
}

// writeArchived keeps the archive mark of archived tables not saved
// otherwise, and returns their tallied results.
func writeArchived(tx *bolt.Tx, tree tree, tables map[string]*Table) ([]*Result, error) {
	// Archived tables keep their mark and their results.
	var archivedResults []*Result
	for id := range tree.archived {
		if _, ok := tables[id]; ok {
			continue
		}
		if err := tx.Bucket(bucketArchived).Put([]byte(id), nil); err != nil {
			return archivedResults, err
		}
		if r := tree.results[id]; r != nil {
			archivedResults = append(archivedResults, r)
		}
	}
	return archivedResults, nil
}

// logShort reports a saved table whose log was found shorter than the
// entries it was given (Logged), or, for a record from before Logged,
// with no log at all when the list of logs could not be read in full.
func logShort(tr tree, id string, t *Table) bool {
	n := int64(len(tr.logs[id]))
	if n < t.Logged {
		return true
	}
	return t.Logged == 0 && n == 0 && t.Version > 0 && tr.logListLost
}

// channelTaken reports whether another table already holds t's channel
// or thread in the index.
func channelTaken(ch *bolt.Bucket, t *Table) bool {
	for _, c := range []string{t.ChannelID, t.ThreadID} {
		if cur := ch.Get([]byte(c)); c != "" && cur != nil && string(cur) != t.ID {
			return true
		}
	}
	return false
}

func parseID(id string) (uint64, error) {
	var n uint64
	for _, c := range id {
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'z':
			d = uint64(c-'a') + 10
		default:
			return 0, errors.New("not a table id")
		}
		n = n*36 + d
	}
	return n, nil
}

// isID reports a key that is a table id as Create writes them: base 36,
// no leading zero, at most 13 digits (a uint64).
func isID(k []byte) bool {
	n, err := parseID(string(k))
	return err == nil && len(k) <= 13 && strconv.FormatUint(n, 36) == string(k)
}

// tree is what could be read of a file through bbolt itself.
type tree struct {
	tables     map[string]*Table
	unreadable map[string][]byte // table id -> bytes that are not a table
	logs       map[string][]LogEntry
	logsLost   map[string]bool
	guilds     map[string][]byte
	archived   map[string]bool    // ids removed by warroom archive
	results    map[string]*Result // the tallied results, by table id
	seq        uint64
	seqKnown   bool // the tables bucket's sequence was read
	// logListLost: the list of logs could not be read in full.
	logListLost bool
}

// readTree reads the file read-only through bbolt, each part under its own
// recover, so a damaged page loses what lies under it and nothing else.
func readTree(path string) (tree, error) {
	t := tree{tables: map[string]*Table{}, unreadable: map[string][]byte{}, logs: map[string][]LogEntry{},
		logsLost: map[string]bool{}, guilds: map[string][]byte{}, archived: map[string]bool{}, results: map[string]*Result{}}
	// No precheck here: every read below runs under protect, where even a
	// read past the end of a truncated file is a recovered fault.
	var db *bolt.DB
	err := protect(func() error {
		var err error
		db, err = bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 2 * time.Second})
		return err
	})
	if err != nil {
		return t, err
	}
	defer db.Close()
	view := func(fn func(tx *bolt.Tx) error) error {
		return protect(func() error { return db.View(fn) })
	}
	var firstErr error
	note := func(err error) {
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	note(view(t.readTables))
	note(view(t.readDamaged))
	note(view(t.readGuilds))
	note(view(t.readArchived))
	note(view(t.readResults))
	listErr := t.readLogs(view)
	t.logListLost = listErr != nil
	note(listErr)
	return t, firstErr
}

// readTables reads the table records and the id sequence; records that
// do not decode are kept as bytes in unreadable.
func (t *tree) readTables(tx *bolt.Tx) error {
	b := tx.Bucket(bucketTables)
	if b == nil {
		return errors.New("no tables bucket")
	}
	t.seq, t.seqKnown = b.Sequence(), true
	return b.ForEach(func(k, v []byte) error {
		if !isID(k) {
			return nil // a damaged key: its table is named lost by the sequence
		}
		var tb Table
		if js, err := unseal(v); err != nil || json.Unmarshal(js, &tb) != nil || tb.ID != string(k) {
			t.unreadable[string(k)] = append([]byte(nil), v...)
			return nil
		}
		t.tables[string(k)] = &tb
		return nil
	})
}

// readDamaged reads the records an earlier repair already found
// unreadable, so they are carried over again.
func (t *tree) readDamaged(tx *bolt.Tx) error {
	if b := tx.Bucket(bucketDamaged); b != nil {
		return b.ForEach(func(k, v []byte) error {
			if !isID(k) {
				return nil
			}
			t.unreadable[string(k)] = append([]byte(nil), v...)
			return nil
		})
	}
	return nil
}

// readGuilds reads the guild settings as raw bytes.
func (t *tree) readGuilds(tx *bolt.Tx) error {
	if b := tx.Bucket(bucketGuilds); b != nil {
		return b.ForEach(func(k, v []byte) error {
			if len(k) > 64 {
				return nil // no guild id is this long: a damaged key
			}
			t.guilds[string(k)] = append([]byte(nil), v...)
			return nil
		})
	}
	return nil
}

// readArchived reads the marks of tables removed by warroom archive.
func (t *tree) readArchived(tx *bolt.Tx) error {
	if b := tx.Bucket(bucketArchived); b != nil {
		return b.ForEach(func(k, _ []byte) error {
			if !isID(k) {
				return nil
			}
			t.archived[string(k)] = true
			return nil
		})
	}
	return nil
}

// readResults reads the tallied results that still decode.
func (t *tree) readResults(tx *bolt.Tx) error {
	if b := tx.Bucket(bucketResults); b != nil {
		return b.ForEach(func(k, v []byte) error {
			var r Result
			if json.Unmarshal(v, &r) == nil {
				t.results[string(k)] = &r
			}
			return nil
		})
	}
	return nil
}

// readLogs reads the list of logs, then each log in its own view so a
// damaged one loses only itself (marked in logsLost, its readable start
// kept); it returns why the list could not be read in full.
func (t *tree) readLogs(view func(fn func(tx *bolt.Tx) error) error) error {
	var logIDs []string
	listErr := view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketLogs)
		if b == nil {
			return errors.New("no logs bucket")
		}
		return b.ForEachBucket(func(k []byte) error {
			if !isID(k) {
				return nil
			}
			logIDs = append(logIDs, string(k))
			return nil
		})
	})
	for _, id := range logIDs {
		var entries []LogEntry
		err := view(func(tx *bolt.Tx) error {
			return tx.Bucket(bucketLogs).Bucket([]byte(id)).ForEach(func(_, v []byte) error {
				e, err := decodeEntry(id, v)
				if err != nil {
					return err
				}
				entries = append(entries, e)
				return nil
			})
		})
		if err != nil {
			t.logsLost[id] = true
		}
		t.logs[id] = entries
	}
	return listErr
}

// scanPages reads the file page by page, bbolt's layout decoded by hand
// with every offset bounds-checked, and returns the newest copy of every
// table record on a leaf page, wherever it lies: in the tree, on a page
// the tree no longer reaches, or on a freed page.
func scanPages(path string) (map[string]*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pageSize := os.Getpagesize()
	if m, ok := readMeta(f, 0); ok && m.pageSize >= 512 && m.pageSize <= 1<<16 {
		pageSize = int(m.pageSize)
	}
	found := map[string]*Table{}
	r := bufio.NewReaderSize(f, 1<<20)
	page := make([]byte, pageSize)
	for {
		if _, err := io.ReadFull(r, page); err != nil {
			break // the end, or a partial last page
		}
		flags := binary.LittleEndian.Uint16(page[8:])
		overflow := binary.LittleEndian.Uint32(page[12:])
		buf := page
		if flags == leafPage && overflow > 0 && overflow < 1<<16 {
			buf = make([]byte, pageSize*(int(overflow)+1))
			copy(buf, page)
			n, _ := io.ReadFull(r, buf[pageSize:])
			buf = buf[:pageSize+n]
		}
		if flags == leafPage {
			leafTables(buf, found, 0)
		}
	}
	return found, nil
}

const (
	leafPage       = 0x02
	bucketLeafFlag = 0x01
	pageHeader     = 16
	leafElement    = 16
)

// leafTables collects the table records of one leaf page (and of the
// inline buckets in it) into found, keeping the highest version.
func leafTables(p []byte, found map[string]*Table, depth int) {
	if len(p) < pageHeader || depth > 4 {
		return
	}
	le := binary.LittleEndian
	count := int(le.Uint16(p[10:]))
	for i := range count {
		at := pageHeader + i*leafElement
		if at+leafElement > len(p) {
			return
		}
		flags := le.Uint32(p[at:])
		pos, ksize, vsize := int(le.Uint32(p[at+4:])), int(le.Uint32(p[at+8:])), int(le.Uint32(p[at+12:]))
		kstart := at + pos
		if pos < 0 || ksize < 0 || vsize < 0 || kstart+ksize+vsize > len(p) || kstart+ksize+vsize < kstart {
			continue
		}
		key, val := p[kstart:kstart+ksize], p[kstart+ksize:kstart+ksize+vsize]
		if flags&bucketLeafFlag != 0 {
			// An inline bucket: 16 bytes of header (root page 0) and its page.
			if len(val) > 16 && le.Uint64(val) == 0 {
				leafTables(val[16:], found, depth+1)
			}
			continue
		}
		if len(val) == 0 || val[0] != '{' {
			continue
		}
		var t Table
		if js, err := unseal(val); err != nil || json.Unmarshal(js, &t) != nil || t.ID != string(key) || t.Game == "" || t.ChannelID == "" || t.Status == "" {
			continue
		}
		if cur, ok := found[t.ID]; !ok || cur.Version < t.Version {
			found[t.ID] = &t
		}
	}
}
