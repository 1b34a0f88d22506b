package data

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
)

// SchemaVersion is the layout of the buckets and records below. Open
// migrates older files forward and refuses newer ones. A new bucket that
// older code can ignore (guilds) is created on open without a new
// version, so an older warroom can still run on the file. Version 4
// seals records and log entries (seal.go): a warroom of version 3 would
// take every sealed record for damage, so it refuses the file instead.
// Version 5 adds the leaderboard's rank index (bolt_rank.go), which a
// warroom of version 4 would not keep as it writes standings.
const SchemaVersion = 5

var (
	bucketMeta     = []byte("meta")
	bucketTables   = []byte("tables")
	bucketChannels = []byte("channels")
	bucketLogs     = []byte("logs")
	bucketGuilds   = []byte("guilds")  // guild id -> GuildSettings
	bucketOwing    = []byte("owing")   // table id -> "" while its outbox is not empty
	bucketLobbies  = []byte("lobbies") // guild/host/table -> "" while the table is a lobby
	bucketDue      = []byte("due")     // d|deadline|table while playing on the clock, l|created|table while a lobby
	bucketMembers  = []byte("members") // guild/user/table for each human seat of a live table, guild//table for the table
	bucketUsers    = []byte("users")   // user id -> UserSettings
	keySchema      = []byte("schema")
)

// allBuckets is the layout Open creates.
var allBuckets = [][]byte{bucketMeta, bucketTables, bucketChannels, bucketLogs, bucketGuilds, bucketOwing, bucketLobbies, bucketDue, bucketMembers, bucketUsers,
	bucketResults, bucketStandings, bucketStandUser, bucketStandRank, bucketGameStats, bucketArchived, bucketInteractions, bucketLeagues}

// Bolt is the embedded bbolt Store.
type Bolt struct {
	db         *bolt.DB
	unverified bool       // opened without the consistency check (a large file)
	writes     *committer // every write goes through it: group commit
	now        func() time.Time
	// live is how many tables are in a lobby or in play: counted from the
	// channel index at open, then moved by each committed write that
	// changes it (tx.OnCommit), so a metrics scrape reads no index.
	live atomic.Int64
	// tails keeps the ends of the logs LogTail read (logtail.go).
	tails tailCache
	// Loosened is the file's mode when Open found it readable by others
	// and tightened it to 0600 (zero otherwise), for a warning at start.
	Loosened os.FileMode
	// Resequenced is the tables bucket's sequence as Open found it and
	// as it set it, when damage had left it below ids in use (zero
	// otherwise), for a warning at start.
	Resequenced [2]uint64
}

// Open opens (or creates, mode 0600) the database file. It fails with a
// clear error when the directory is not writable, another process holds
// the file, the file has a newer schema, or it fails its consistency
// check (ErrDamaged, naming warroom backup and warroom repair).
func Open(path string) (*Bolt, error) {
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("database folder %s: %w", dir, err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("database folder %s is not a folder", dir)
	}
	db, err := openChecked(path, &bolt.Options{Timeout: 2 * time.Second})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("database %s is %w", path, ErrInUse)
	}
	if errors.Is(err, ErrDamaged) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	b := &Bolt{db: db, writes: newCommitter(db), now: time.Now}
	// The file holds hidden information and the tables' random seeds:
	// only warroom's user may read it. bbolt applies the mode only when
	// it creates the file, so an older, looser file is tightened here.
	if st, err := os.Stat(path); err == nil && st.Mode().Perm()&0o077 != 0 {
		b.Loosened = st.Mode().Perm()
		if err := os.Chmod(path, 0o600); err != nil {
			b.Close()
			return nil, fmt.Errorf("database %s is readable by others (%v) and cannot be made private: %w", path, b.Loosened, err)
		}
	}
	if err := b.migrate(); err != nil {
		b.Close()
		if errors.Is(err, ErrCorrupt) {
			return nil, damaged(path, err)
		}
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	if err := b.checkSequence(); err != nil {
		b.Close()
		return nil, damaged(path, err)
	}
	n, err := b.liveScan()
	if err != nil {
		b.Close()
		return nil, damaged(path, err)
	}
	b.live.Store(int64(n))
	return b, nil
}

func (b *Bolt) migrate() error {
	if b.current() {
		return nil // nothing to do: an open writes nothing
	}
	return b.update(func(tx *bolt.Tx) error {
		for _, name := range allBuckets {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		meta := tx.Bucket(bucketMeta)
		v := 0
		if raw := meta.Get(keySchema); raw != nil {
			n, err := strconv.Atoi(string(raw))
			if err != nil {
				return fmt.Errorf("%w: schema version %q", ErrCorrupt, raw)
			}
			v = n
		}
		if v > SchemaVersion {
			return fmt.Errorf("schema version %d is newer than this warroom (%d): upgrade warroom", v, SchemaVersion)
		}
		// Version 0 -> 1: the empty file; the buckets above are the layout.
		// 1 -> 2: the owing, lobby and due indexes, built from the tables
		// once, so nothing after this reads every table. 2 -> 3: the
		// members index (rebuilt the same way, with the others). 3 -> 4:
		// nothing to rewrite, unsealed records read as they are. 4 -> 5:
		// the rank index, built from the standings.
		if v == 1 || v == 2 {
			if err := reindex(tx); err != nil {
				return err
			}
		}
		if v >= 1 && v < 5 {
			if err := buildRankIndex(tx); err != nil {
				return err
			}
		}
		return meta.Put(keySchema, []byte(strconv.Itoa(SchemaVersion)))
	})
}

// ObserveCommits calls f after every write transaction with the number of
// writes it carried and the time it took, fsync included (for metrics).
func (b *Bolt) ObserveCommits(f func(writes int, took time.Duration)) {
	b.writes.observe.Store(&f)
}

// current reports that every bucket exists and the schema is this one.
func (b *Bolt) current() bool {
	ok := false
	b.view(func(tx *bolt.Tx) error {
		for _, name := range allBuckets {
			if tx.Bucket(name) == nil {
				return nil
			}
		}
		ok = string(tx.Bucket(bucketMeta).Get(keySchema)) == strconv.Itoa(SchemaVersion)
		return nil
	})
	return ok
}

// Close lets queued writes finish and closes the file.
func (b *Bolt) Close() error {
	if b.writes != nil {
		b.writes.close()
	}
	return b.db.Close()
}

// Backup writes a consistent copy of the whole database to w while the
// bot keeps running.
func (b *Bolt) Backup(w io.Writer) (int64, error) {
	var n int64
	err := b.view(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// Create implements Store.
func (b *Bolt) Create(ctx context.Context, t *Table) error { return b.create(ctx, t, 0) }

// CreateLobby implements Store: the host's lobbies are counted in the
// transaction that creates, so concurrent /play cannot pass the cap.
func (b *Bolt) CreateLobby(ctx context.Context, t *Table, max int) error {
	return b.create(ctx, t, max)
}

func (b *Bolt) create(ctx context.Context, t *Table, max int) error {
	return b.write(ctx, func(tx *bolt.Tx) error {
		ch := tx.Bucket(bucketChannels)
		if ch.Get([]byte(t.ChannelID)) != nil {
			return ErrChannelBusy
		}
		if max > 0 && countPrefix(tx.Bucket(bucketLobbies), lobbyPrefix(t.GuildID, t.HostID)) >= max {
			return ErrTooManyLobbies
		}
		id, err := freeID(tx)
		if err != nil {
			return err
		}
		t.ID = id
		now := b.now().UTC()
		t.Created, t.Updated = now, now
		if err := putTable(tx, nil, t); err != nil {
			return err
		}
		if err := index(ch, t); err != nil {
			return err
		}
		b.countLive(tx, nil, t)
		return nil
	})
}

// freeID takes the next id from the tables bucket's sequence. When that
// id is in use (a sequence lowered by damage, which bbolt's check does
// not see), the sequence first moves past the largest id in use: a new
// table never writes over a record or inherits another table's log.
func freeID(tx *bolt.Tx) (string, error) {
	tables := tx.Bucket(bucketTables)
	seq, err := tables.NextSequence()
	if err != nil {
		return "", err
	}
	if id := strconv.FormatUint(seq, 36); !idUsed(tx, id) {
		return id, nil
	}
	if err := tables.SetSequence(largestID(tx)); err != nil {
		return "", err
	}
	seq, err = tables.NextSequence()
	return strconv.FormatUint(seq, 36), err
}

// idUsed reports that id holds a record, a log, a set-aside record or an
// archive mark.
func idUsed(tx *bolt.Tx, id string) bool {
	k := []byte(id)
	if tx.Bucket(bucketTables).Get(k) != nil || tx.Bucket(bucketLogs).Bucket(k) != nil {
		return true
	}
	for _, name := range [][]byte{bucketArchived, bucketDamaged} {
		if bk := tx.Bucket(name); bk != nil && bk.Get(k) != nil {
			return true
		}
	}
	return false
}

// largestID is the largest table id held by any bucket idUsed reads.
func largestID(tx *bolt.Tx) uint64 {
	var top uint64
	for _, name := range [][]byte{bucketTables, bucketLogs, bucketArchived, bucketDamaged} {
		bk := tx.Bucket(name)
		if bk == nil {
			continue
		}
		bk.ForEach(func(k, _ []byte) error {
			if n, err := parseID(string(k)); err == nil && n > top {
				top = n
			}
			return nil
		})
	}
	return top
}

// checkSequence raises the tables bucket's sequence when the id after it
// is in use. Ids are handed out in order and leave only when archived
// (which marks them), so the id after a sound sequence is always free.
func (b *Bolt) checkSequence() error {
	behind := false
	err := b.view(func(tx *bolt.Tx) error {
		behind = idUsed(tx, strconv.FormatUint(tx.Bucket(bucketTables).Sequence()+1, 36))
		return nil
	})
	if err != nil || !behind {
		return nil // a damaged page under the probe is found when read, as walkCheck leaves it
	}
	return b.update(func(tx *bolt.Tx) error {
		tables := tx.Bucket(bucketTables)
		b.Resequenced = [2]uint64{tables.Sequence(), largestID(tx)}
		return tables.SetSequence(b.Resequenced[1])
	})
}

// Get implements Store.
func (b *Bolt) Get(ctx context.Context, id string) (*Table, error) {
	var t *Table
	err := b.read(ctx, func(tx *bolt.Tx) error {
		var err error
		t, err = getTable(tx.Bucket(bucketTables), id)
		return err
	})
	return t, err
}

// ByChannel implements Store.
func (b *Bolt) ByChannel(ctx context.Context, channelID string) (*Table, error) {
	var t *Table
	err := b.read(ctx, func(tx *bolt.Tx) error {
		id := tx.Bucket(bucketChannels).Get([]byte(channelID))
		if id == nil {
			return ErrNotFound
		}
		var err error
		t, err = getTable(tx.Bucket(bucketTables), string(id))
		return err
	})
	return t, err
}

// Update implements Store.
func (b *Bolt) Update(ctx context.Context, t *Table, expect int64, log ...LogEntry) error {
	now := b.now().UTC()
	return b.write(ctx, func(tx *bolt.Tx) error {
		old, err := updateTx(tx, t, expect, now, log...)
		if err == nil {
			b.countLive(tx, old, t)
		}
		return err
	})
}

// updateTx is Update inside a write transaction; it returns the record
// it replaced.
func updateTx(tx *bolt.Tx, t *Table, expect int64, now time.Time, log ...LogEntry) (*Table, error) {
	tables := tx.Bucket(bucketTables)
	old, err := getTable(tables, t.ID)
	if err != nil {
		return nil, err
	}
	if old.Version != expect {
		return nil, ErrConflict
	}
	t.Updated = now
	t.Logged = old.Logged + int64(len(log))
	if err := putTable(tx, old, t); err != nil {
		return nil, err
	}
	if err := appendLog(tx, t.ID, log); err != nil {
		return nil, err
	}
	if err := tallyResult(tx, t.Result); err != nil {
		return nil, err
	}
	ch := tx.Bucket(bucketChannels)
	for _, c := range []string{old.ChannelID, old.ThreadID} {
		if c != "" && !(t.Live() && (c == t.ChannelID || c == t.ThreadID)) && string(ch.Get([]byte(c))) == t.ID {
			if err := ch.Delete([]byte(c)); err != nil {
				return nil, err
			}
		}
	}
	return old, index(ch, t)
}

// countLive moves the live count by the change from old (nil: a new
// table) to t, once tx is committed: a write that fails or leaves its
// group's transaction (which is then run again) counts nothing.
func (b *Bolt) countLive(tx *bolt.Tx, old, t *Table) {
	d := 0
	if old != nil && old.Live() {
		d--
	}
	if t.Live() {
		d++
	}
	if d != 0 {
		tx.OnCommit(func() { b.live.Add(int64(d)) })
	}
}

// appendLog writes log entries to a table's log, keyed by version.
func appendLog(tx *bolt.Tx, id string, log []LogEntry) error {
	if len(log) == 0 {
		return nil
	}
	lb, err := tx.Bucket(bucketLogs).CreateBucketIfNotExists([]byte(id))
	if err != nil {
		return err
	}
	for _, e := range log {
		raw, err := json.Marshal(e)
		if err != nil {
			return err
		}
		if err := lb.Put(versionKey(e.Version), seal(raw)); err != nil {
			return err
		}
	}
	return nil
}

// Log implements Store.
func (b *Bolt) Log(ctx context.Context, id string) ([]LogEntry, error) {
	var out []LogEntry
	err := b.read(ctx, func(tx *bolt.Tx) error {
		lb := tx.Bucket(bucketLogs).Bucket([]byte(id))
		if lb == nil {
			return nil
		}
		return lb.ForEach(func(k, v []byte) error {
			e, err := decodeEntry(id, v)
			if err != nil {
				return err
			}
			out = append(out, e)
			return nil
		})
	})
	return out, err
}

// GuildSettings implements Store.
func (b *Bolt) GuildSettings(ctx context.Context, guildID string) (GuildSettings, error) {
	var gs GuildSettings
	return gs, b.getSettings(ctx, bucketGuilds, "guild", guildID, &gs)
}

// SetGuildSettings implements Store.
func (b *Bolt) SetGuildSettings(ctx context.Context, guildID string, gs GuildSettings) error {
	return b.putSettings(ctx, bucketGuilds, "guild", guildID, gs, gs == GuildSettings{})
}

// UserSettings implements Store.
func (b *Bolt) UserSettings(ctx context.Context, userID string) (UserSettings, error) {
	var us UserSettings
	return us, b.getSettings(ctx, bucketUsers, "user", userID, &us)
}

// SetUserSettings implements Store.
func (b *Bolt) SetUserSettings(ctx context.Context, userID string, us UserSettings) error {
	return b.putSettings(ctx, bucketUsers, "user", userID, us, us == UserSettings{})
}

// getSettings decodes the settings record of a guild or user into v,
// leaving v as it is when there is none.
func (b *Bolt) getSettings(ctx context.Context, bucket []byte, what, id string, v any) error {
	return b.read(ctx, func(tx *bolt.Tx) error {
		raw := tx.Bucket(bucket).Get([]byte(id))
		if raw == nil {
			return nil
		}
		if err := json.Unmarshal(raw, v); err != nil {
			return fmt.Errorf("%w: settings of %s %s: %v", ErrCorrupt, what, id, err)
		}
		return nil
	})
}

// putSettings stores a settings record; zero (the defaults) removes it.
func (b *Bolt) putSettings(ctx context.Context, bucket []byte, what, id string, v any, zero bool) error {
	if id == "" {
		return fmt.Errorf("%s settings without a %s id", what, what)
	}
	return b.write(ctx, func(tx *bolt.Tx) error {
		if zero {
			return tx.Bucket(bucket).Delete([]byte(id))
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		return tx.Bucket(bucket).Put([]byte(id), raw)
	})
}

func index(ch *bolt.Bucket, t *Table) error {
	if !t.Live() {
		return nil
	}
	for _, c := range []string{t.ChannelID, t.ThreadID} {
		if c == "" {
			continue
		}
		cur := ch.Get([]byte(c))
		if cur != nil && string(cur) != t.ID {
			return ErrChannelBusy
		}
		if cur != nil {
			continue // already there: a write would dirty the index's page at every move
		}
		if err := ch.Put([]byte(c), []byte(t.ID)); err != nil {
			return err
		}
	}
	return nil
}

// putTable writes the record (old is the stored one, nil for a new table)
// and keeps the owing and lobby indexes in step with it.
func putTable(tx *bolt.Tx, old, t *Table) error {
	raw, err := json.Marshal(t)
	if err != nil {
		return err
	}
	if err := tx.Bucket(bucketTables).Put([]byte(t.ID), seal(raw)); err != nil {
		return err
	}
	return indexTable(tx, old, t)
}

// indexTable moves t's owing, lobby and due entries from where old had
// them (nil: none) to where t needs them.
func indexTable(tx *bolt.Tx, old, t *Table) error {
	for _, ix := range indexes {
		var was [][]byte
		if old != nil {
			was = ix.keys(old)
		}
		if err := moveKeys(tx.Bucket(ix.bucket), was, ix.keys(t)); err != nil {
			return err
		}
	}
	return nil
}

// indexes are the secondary indexes kept in each record's transaction:
// the keys a table holds in each bucket.
var indexes = []struct {
	bucket []byte
	keys   func(*Table) [][]byte
}{
	{bucketLobbies, func(t *Table) [][]byte {
		if t.Status == StatusLobby {
			return [][]byte{lobbyKey(t)}
		}
		return nil
	}},
	{bucketMembers, memberKeys},
	{bucketDue, dueKeys},
	{bucketOwing, func(t *Table) [][]byte {
		if len(t.Outbox) > 0 {
			return [][]byte{[]byte(t.ID)}
		}
		return nil
	}},
}

// moveKeys deletes the keys only was has and puts those only now has, so
// a move that changes no index entry (most moves) dirties no index page.
func moveKeys(b *bolt.Bucket, was, now [][]byte) error {
	in := func(k []byte, set [][]byte) bool {
		for _, x := range set {
			if bytes.Equal(k, x) {
				return true
			}
		}
		return false
	}
	for _, k := range was {
		if !in(k, now) {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
	}
	for _, k := range now {
		if !in(k, was) {
			if err := b.Put(k, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// memberKeys index a live table by its server and each human player
// (guild/user/table), and by its server alone (guild//table), for
// /game list.
func memberKeys(t *Table) [][]byte {
	if !t.Live() {
		return nil
	}
	keys := [][]byte{[]byte(t.GuildID + "//" + t.ID)}
	for _, u := range t.Players() {
		keys = append(keys, []byte(t.GuildID+"/"+u+"/"+t.ID))
	}
	return keys
}

// TablesOf implements Store.
func (b *Bolt) TablesOf(ctx context.Context, guildID, userID string) ([]*Table, error) {
	var out []*Table
	prefix := []byte(guildID + "/" + userID + "/")
	err := b.read(ctx, func(tx *bolt.Tx) error {
		tables := tx.Bucket(bucketTables)
		c := tx.Bucket(bucketMembers).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			t, err := getTable(tables, string(k[len(prefix):]))
			if err != nil {
				continue // a damaged or set-aside record: not listed
			}
			out = append(out, t)
		}
		return nil
	})
	return out, err
}

// dueKeys index a table by when the timer may need it: a table in play
// by its turn deadline and its next reminder, a lobby by its creation (it
// expires after the service's lobby TTL). Keys sort by time within each
// kind.
func dueKeys(t *Table) [][]byte {
	switch {
	case t.Status == StatusPlaying && !t.Deadline.IsZero():
		keys := [][]byte{timeKey('d', t.Deadline, t.ID)}
		if r := t.NextReminder(); !r.IsZero() {
			keys = append(keys, timeKey('r', r, t.ID))
		}
		return keys
	case t.Status == StatusLobby:
		return [][]byte{timeKey('l', t.Created, t.ID)}
	}
	return nil
}

func timeKey(kind byte, at time.Time, id string) []byte {
	k := make([]byte, 9, 9+len(id))
	k[0] = kind
	binary.BigEndian.PutUint64(k[1:], uint64(at.UnixNano()))
	return append(k, id...)
}

// Due implements Store.
func (b *Bolt) Due(ctx context.Context, now, lobbiesBefore time.Time) ([]string, error) {
	var out []string
	err := b.read(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketDue).Cursor()
		seen := map[string]bool{}
		scan := func(kind byte, until time.Time) {
			end := timeKey(kind, until, "\xff")
			for k, _ := c.Seek([]byte{kind}); k != nil && k[0] == kind && bytes.Compare(k, end) <= 0; k, _ = c.Next() {
				if id := string(k[9:]); !seen[id] {
					seen[id] = true
					out = append(out, id)
				}
			}
		}
		scan('d', now)
		scan('r', now)
		if !lobbiesBefore.IsZero() {
			scan('l', lobbiesBefore)
		}
		return nil
	})
	return out, err
}

// reindex rebuilds the owing, lobby and due indexes from every table.
func reindex(tx *bolt.Tx) error {
	return tx.Bucket(bucketTables).ForEach(func(k, v []byte) error {
		var t Table
		if raw, err := unseal(v); err != nil || json.Unmarshal(raw, &t) != nil {
			return nil // a damaged record: nothing to index
		}
		return indexTable(tx, nil, &t)
	})
}

// LiveCount is how many tables are in a lobby or in play: the count kept
// by the writes (metrics read it at every scrape). A read transaction
// still checks that the store answers (/readyz).
func (b *Bolt) LiveCount(ctx context.Context) (int, error) {
	err := b.read(ctx, func(*bolt.Tx) error { return nil })
	return int(b.live.Load()), err
}

// liveScan counts the live tables from the channel index (a table with a
// team thread counts once): at open, and in tests against the count.
func (b *Bolt) liveScan() (int, error) {
	ids := map[string]bool{}
	err := b.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketChannels).ForEach(func(_, v []byte) error {
			ids[string(v)] = true
			return nil
		})
	})
	return len(ids), err
}

// lobbyKey indexes an open lobby by its server and host, so counting a
// host's lobbies reads only theirs.
func lobbyKey(t *Table) []byte { return append(lobbyPrefix(t.GuildID, t.HostID), t.ID...) }

func lobbyPrefix(guildID, hostID string) []byte { return []byte(guildID + "/" + hostID + "/") }

// OpenLobbies implements Store.
func (b *Bolt) OpenLobbies(ctx context.Context, guildID, hostID string) (int, error) {
	n := 0
	err := b.read(ctx, func(tx *bolt.Tx) error {
		n = countPrefix(tx.Bucket(bucketLobbies), lobbyPrefix(guildID, hostID))
		return nil
	})
	return n, err
}

// countPrefix counts the keys of bk that start with prefix.
func countPrefix(bk *bolt.Bucket, prefix []byte) int {
	n := 0
	c := bk.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		n++
	}
	return n
}

// Owing implements Store.
func (b *Bolt) Owing(ctx context.Context) ([]string, error) {
	var out []string
	err := b.read(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketOwing).ForEach(func(k, _ []byte) error {
			out = append(out, string(k))
			return nil
		})
	})
	return out, err
}

func getTable(b *bolt.Bucket, id string) (*Table, error) {
	raw := b.Get([]byte(id))
	if raw == nil {
		if archived(b.Tx(), id) {
			return nil, fmt.Errorf("%w: %s", ErrArchived, id)
		}
		if missing(b, id) {
			return nil, fmt.Errorf("%w: table %s is missing from the file", ErrCorrupt, id)
		}
		return nil, ErrNotFound
	}
	var t Table
	js, err := unseal(raw)
	if err == nil {
		err = json.Unmarshal(js, &t)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: table %s: %v", ErrCorrupt, id, err)
	}
	return &t, nil
}

// missing reports that id was given out (tables take their ids from the
// bucket's sequence and leave only when archived, which marks them) and
// was not set aside, so its record is gone by damage: the read is ErrCorrupt, not a table that
// never was. Open does not read every table of a large file (walkCheck).
func missing(tables *bolt.Bucket, id string) bool {
	n, err := parseID(id)
	if err != nil || n == 0 || n > tables.Sequence() || strconv.FormatUint(n, 36) != id {
		return false
	}
	dmg := tables.Tx().Bucket(bucketDamaged)
	return dmg == nil || dmg.Get([]byte(id)) == nil
}

func versionKey(v int64) []byte {
	k := make([]byte, 8)
	binary.BigEndian.PutUint64(k, uint64(v))
	return k
}
