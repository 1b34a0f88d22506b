package data

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the Store on a PostgreSQL database, for several warroom
// replicas sharing one database. A table's record is stored as the bytes
// json.Marshal wrote (BYTEA, not JSONB: Raw and export give back exactly
// what was written, and JSONB would refuse any record holding a "\u0000"
// string and reorder keys); nothing in SQL knows a game. The columns next
// to the record are copies of what the indexes need, written in the same
// transaction.
//
// Across replicas the in-process table lock does not hold; the version
// compare-and-set does: Update locks the row (FOR UPDATE) and writes only
// if the stored version is still the one expected, so of two replicas
// applying the same move exactly one commits and the other gets
// ErrConflict, as with bbolt.
type Postgres struct {
	pool    *pgxpool.Pool
	now     func() time.Time
	timeout time.Duration // bounds each call: the Store methods take no context
	// observe, when set, hears of every write transaction (for metrics).
	observe atomic.Pointer[func(writes int, took time.Duration)]
}

// IsPostgresURL reports whether a --db value names a PostgreSQL database
// rather than a bbolt file.
func IsPostgresURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// pgDefaultConns is the pool size unless the URL sets pool_max_conns:
// concurrent commits share WAL flushes, so a pool of a few connections
// per core would cap durable moves/s well below what the server gives.
const pgDefaultConns = 20

// OpenPostgres connects to the database at url (postgres://...), applies
// the schema migrations it lacks and returns the store.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database URL: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = pgDefaultConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database %s:%d/%s: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database, err)
	}
	if err := migratePG(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database schema: %w", err)
	}
	return &Postgres{pool: pool, now: time.Now, timeout: 30 * time.Second}, nil
}

//go:embed pgschema/*.sql
var pgSchema embed.FS

// migrationLock is the advisory lock key under which migrations run, so
// replicas starting together apply each migration once.
const migrationLock = int64(0x7761_7272_6f6f_6d00) // "warroom\0"

type migration struct {
	version int
	name    string
	sql     string
}

// pgMigrations are the embedded pgschema/NNNN_name.sql files, in order.
func pgMigrations() ([]migration, error) {
	names, err := fs.Glob(pgSchema, "pgschema/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, p := range names {
		name := strings.TrimPrefix(p, "pgschema/")
		num, _, _ := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: the name must start with its version (0001_...)", name)
		}
		raw, err := pgSchema.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: name, sql: string(raw)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i := range out {
		if out[i].version != i+1 {
			return nil, fmt.Errorf("migration %s: versions must run 1, 2, 3... without gaps", out[i].name)
		}
	}
	return out, nil
}

// PGSchemaVersion is the newest migration this warroom knows.
func PGSchemaVersion() int {
	ms, _ := pgMigrations()
	return len(ms)
}

// migratePG applies the missing migrations in one transaction that holds
// an advisory lock: a second replica waits, then finds them applied. A
// database newer than this warroom is refused, as bbolt refuses a newer
// file.
func migratePG(ctx context.Context, pool *pgxpool.Pool) error {
	ms, err := pgMigrations()
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())`); err != nil {
			return err
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
			return err
		}
		if have > len(ms) {
			return fmt.Errorf("schema version %d is newer than this warroom (%d): upgrade warroom", have, len(ms))
		}
		for _, m := range ms[have:] {
			if _, err := tx.Exec(ctx, m.sql); err != nil { // no arguments: the simple protocol runs every statement
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
				return err
			}
		}
		return nil
	})
}

// ObserveCommits calls f after every write transaction with the number of
// writes it carried (always 1: PostgreSQL groups commits itself) and the
// time it took.
func (p *Postgres) ObserveCommits(f func(writes int, took time.Duration)) {
	p.observe.Store(&f)
}

// Close closes the pool.
func (p *Postgres) Close() error {
	p.pool.Close()
	return nil
}

// ctx bounds one query by the store's timeout under the caller's ctx, so
// a request that is cancelled or times out cancels its queries too.
func (p *Postgres) ctx(parent context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, p.timeout)
}

// write runs fn in one transaction under ctx (see Postgres.ctx); an error
// from fn rolls it back.
func (p *Postgres) write(ctx context.Context, fn func(ctx context.Context, tx pgx.Tx) error) error {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	start := time.Now()
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error { return fn(ctx, tx) })
	if f := p.observe.Load(); f != nil && err == nil {
		(*f)(1, time.Since(start))
	}
	return err
}

// pgCols are the index columns of a table: what the record says, copied
// where SQL can see it.
type pgCols struct {
	status, guild, host string
	players             []string
	owing               bool
	deadline, remind    *time.Time
	lobby               *time.Time
}

func colsOf(t *Table) pgCols {
	c := pgCols{status: t.Status, guild: t.GuildID, host: t.HostID, owing: len(t.Outbox) > 0, players: append([]string{}, t.Players()...)}
	switch {
	case t.Status == StatusPlaying && !t.Deadline.IsZero():
		d := t.Deadline
		c.deadline = &d
		if r := t.NextReminder(); !r.IsZero() {
			c.remind = &r
		}
	case t.Status == StatusLobby:
		l := t.Created
		c.lobby = &l
	}
	return c
}

// liveChannels are the channel index rows a table needs: its channel and
// thread while it is live, none after; never nil (updateOne compares it
// in SQL, where NULL would match nothing).
func liveChannels(t *Table) []string {
	if !t.Live() {
		return []string{}
	}
	out := []string{}
	for _, c := range []string{t.ChannelID, t.ThreadID} {
		if c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	sort.Strings(out) // one order for every writer: no lock-order deadlock
	return out
}

// claimChannels writes a table's channel index rows. A channel another
// live table holds (committed, or committed while we waited on its
// insert) is not taken: ErrChannelBusy, and the transaction rolls back.
func claimChannels(ctx context.Context, tx pgx.Tx, id string, chans []string) error {
	if len(chans) == 0 {
		return nil
	}
	tag, err := tx.Exec(ctx, `INSERT INTO channels (channel_id, table_id)
		SELECT c, $2 FROM unnest($1::text[]) AS c ON CONFLICT (channel_id) DO NOTHING`, chans, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() != int64(len(chans)) {
		return ErrChannelBusy
	}
	return nil
}

// Create implements Store.
func (p *Postgres) Create(ctx context.Context, t *Table) error { return p.create(ctx, t, 0) }

// CreateLobby implements Store: a transaction-scoped advisory lock on the
// host makes concurrent creates by one host count one after another, so
// the count and the insert cannot interleave (READ COMMITTED alone would
// let two see the same count).
func (p *Postgres) CreateLobby(ctx context.Context, t *Table, max int) error {
	return p.create(ctx, t, max)
}

func (p *Postgres) create(ctx context.Context, t *Table, max int) error {
	nt := *t
	err := p.write(ctx, func(ctx context.Context, tx pgx.Tx) error {
		var busy bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM channels WHERE channel_id = $1)`, t.ChannelID).Scan(&busy); err != nil {
			return err
		}
		if busy {
			return ErrChannelBusy
		}
		if max > 0 {
			if err := underCap(ctx, tx, t.GuildID, t.HostID, max); err != nil {
				return err
			}
		}
		var seq int64
		if err := tx.QueryRow(ctx, `SELECT nextval('table_ids')`).Scan(&seq); err != nil {
			return err
		}
		nt.ID = strconv.FormatInt(seq, 36)
		now := p.now().UTC()
		nt.Created, nt.Updated = now, now
		raw, err := json.Marshal(&nt)
		if err != nil {
			return err
		}
		c := colsOf(&nt)
		if _, err := tx.Exec(ctx, `INSERT INTO tables (id, record, version, status, guild_id, host_id, players, owing, deadline, remind_at, lobby_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			nt.ID, raw, nt.Version, c.status, c.guild, c.host, c.players, c.owing, c.deadline, c.remind, c.lobby); err != nil {
			return err
		}
		return claimChannels(ctx, tx, nt.ID, liveChannels(&nt))
	})
	if err == nil {
		*t = nt
	}
	return err
}

// underCap takes the host's lock for the rest of tx and fails with
// ErrTooManyLobbies when they hold max open lobbies.
func underCap(ctx context.Context, tx pgx.Tx, guildID, hostID string, max int) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('lobby/' || $1 || '/' || $2, 0))`, guildID, hostID); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM tables WHERE status = 'lobby' AND guild_id = $1 AND host_id = $2`,
		guildID, hostID).Scan(&n); err != nil {
		return err
	}
	if n >= max {
		return ErrTooManyLobbies
	}
	return nil
}

// updateOne is Update as one statement, so one round trip and one
// transaction: lock the row, and only if the version is the one expected
// and the live channels stay as they are, write the record and its
// columns and append the log. It returns the stored version and channels.
const updateOne = `WITH old AS (
	SELECT t.id, t.version,
		coalesce((SELECT array_agg(channel_id ORDER BY channel_id COLLATE "C") FROM channels c WHERE c.table_id = t.id), '{}') AS chans
	FROM tables t WHERE t.id = $1 FOR UPDATE OF t
), upd AS (
	UPDATE tables t SET record = $3, version = $4, status = $5, guild_id = $6, host_id = $7, players = $8,
		owing = $9, deadline = $10, remind_at = $11, lobby_at = $12
	FROM old WHERE t.id = old.id AND old.version = $2 AND old.chans = $13::text[]
	RETURNING t.id
), logged AS (
	INSERT INTO logs (table_id, version, entry) SELECT upd.id, x.v, x.e FROM upd, unnest($14::bigint[], $15::bytea[]) AS x(v, e)
	ON CONFLICT (table_id, version) DO UPDATE SET entry = excluded.entry
)
SELECT version, chans FROM old`

// Update implements Store. A move that keeps the table's live channels
// (nearly all) is one statement (updateOne); one that changes them (the
// game starts a thread, ends, is abandoned) or writes a finished game's
// result is a transaction that also moves the channel index rows and
// tallies the result (updateChannels). A version logged twice
// keeps the last entry, as bbolt's Put does.
func (p *Postgres) Update(ctx context.Context, t *Table, expect int64, log ...LogEntry) error {
	nt := *t
	nt.Updated = p.now().UTC()
	nt.Logged += int64(len(log)) // t is the record at version expect
	raw, err := json.Marshal(&nt)
	if err != nil {
		return err
	}
	versions := make([]int64, len(log))
	entries := make([][]byte, len(log))
	for i, e := range log {
		if entries[i], err = json.Marshal(e); err != nil {
			return err
		}
		versions[i] = e.Version
	}
	c := colsOf(&nt)
	want := liveChannels(&nt)
	if nt.Result != nil {
		// A finished game's writes tally its result (once) in their
		// transaction: the path that takes one.
		err := p.updateChannels(ctx, &nt, expect, raw, c, want, versions, entries)
		if err == nil {
			*t = nt
		}
		return err
	}
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	start := time.Now()
	var version int64
	var had []string
	err = p.pool.QueryRow(ctx, updateOne, nt.ID, expect, raw, nt.Version, c.status, c.guild, c.host, c.players,
		c.owing, c.deadline, c.remind, c.lobby, want, versions, entries).Scan(&version, &had)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return ErrNotFound
	case err != nil:
		return err
	case version != expect:
		return ErrConflict
	case !slices.Equal(had, want):
		err = p.updateChannels(ctx, &nt, expect, raw, c, want, versions, entries)
	default:
		if f := p.observe.Load(); f != nil {
			(*f)(1, time.Since(start))
		}
	}
	if err == nil {
		*t = nt
	}
	return err
}

// updateChannels is Update for a move that changes the table's live
// channels: the checks of updateOne again, under the row lock, then the
// record, the log and the channel index rows in one transaction.
func (p *Postgres) updateChannels(ctx context.Context, nt *Table, expect int64, raw []byte, c pgCols, want []string, versions []int64, entries [][]byte) error {
	return p.write(ctx, func(ctx context.Context, tx pgx.Tx) error {
		var version int64
		err := tx.QueryRow(ctx, `SELECT version FROM tables WHERE id = $1 FOR UPDATE`, nt.ID).Scan(&version)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if version != expect {
			return ErrConflict
		}
		batch := &pgx.Batch{}
		batch.Queue(`UPDATE tables SET record = $2, version = $3, status = $4, guild_id = $5, host_id = $6, players = $7,
			owing = $8, deadline = $9, remind_at = $10, lobby_at = $11 WHERE id = $1`,
			nt.ID, raw, nt.Version, c.status, c.guild, c.host, c.players, c.owing, c.deadline, c.remind, c.lobby)
		batch.Queue(`INSERT INTO logs (table_id, version, entry) SELECT $1, v, e FROM unnest($2::bigint[], $3::bytea[]) AS x(v, e)
			ON CONFLICT (table_id, version) DO UPDATE SET entry = excluded.entry`, nt.ID, versions, entries)
		batch.Queue(`DELETE FROM channels WHERE table_id = $1`, nt.ID)
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return err
		}
		if err := tallyResultPG(ctx, tx, nt.Result); err != nil {
			return err
		}
		return claimChannels(ctx, tx, nt.ID, want)
	})
}

// decodeTable reads a record; a record that does not decode is ErrCorrupt.
func decodeTable(id string, raw []byte) (*Table, error) {
	var t Table
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, fmt.Errorf("%w: table %s: %v", ErrCorrupt, id, err)
	}
	return &t, nil
}

// Get implements Store.
func (p *Postgres) Get(ctx context.Context, id string) (*Table, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	var raw []byte
	err := p.pool.QueryRow(ctx, `SELECT record FROM tables WHERE id = $1`, id).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return decodeTable(id, raw)
}

// ByChannel implements Store.
func (p *Postgres) ByChannel(ctx context.Context, channelID string) (*Table, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	var id string
	var raw []byte
	err := p.pool.QueryRow(ctx, `SELECT t.id, t.record FROM channels c JOIN tables t ON t.id = c.table_id
		WHERE c.channel_id = $1`, channelID).Scan(&id, &raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return decodeTable(id, raw)
}

// Log implements Store.
func (p *Postgres) Log(ctx context.Context, id string) ([]LogEntry, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	rows, err := p.pool.Query(ctx, `SELECT entry FROM logs WHERE table_id = $1 ORDER BY version`, id)
	if err != nil {
		return nil, err
	}
	return logRows(rows, id)
}

// LogTail implements Store: the primary key (table_id, version) read
// backwards, so only n rows are touched.
func (p *Postgres) LogTail(ctx context.Context, id string, n int) ([]LogEntry, error) {
	if n <= 0 {
		return nil, nil
	}
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	rows, err := p.pool.Query(ctx, `SELECT entry FROM (SELECT version, entry FROM logs WHERE table_id = $1 ORDER BY version DESC LIMIT $2) t ORDER BY version`, id, n)
	if err != nil {
		return nil, err
	}
	return logRows(rows, id)
}

// logRows decodes rows of log entries.
func logRows(rows pgx.Rows, id string) ([]LogEntry, error) {
	var out []LogEntry
	raws, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		return nil, err
	}
	for _, raw := range raws {
		var e LogEntry
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, fmt.Errorf("%w: log of table %s: %v", ErrCorrupt, id, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// ids runs a query of table ids.
func (p *Postgres) ids(ctx context.Context, sql string, args ...any) ([]string, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	rows, err := p.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// dueWhere is what makes a table due: its deadline or next reminder has
// come, or it is a lobby created before the cut-off ($2 NULL: none). Each
// arm is served by its partial index.
const dueWhere = `(deadline <= $1 OR remind_at <= $1 OR lobby_at <= $2)`

// timeArg is a nullable timestamp argument: nil for the zero time.
func timeArg(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// Due implements Store, earliest first. Times are stored to the
// microsecond, so a table may be listed up to 1µs early; the caller
// re-checks each.
func (p *Postgres) Due(ctx context.Context, now, lobbiesBefore time.Time) ([]string, error) {
	return p.ids(ctx, `SELECT id FROM tables WHERE `+dueWhere+` ORDER BY least(deadline, remind_at, lobby_at), id COLLATE "C"`,
		now, timeArg(lobbiesBefore))
}

// TablesOf implements Store; ids sort as bytes (COLLATE "C"), as in bbolt,
// whatever the database's collation.
func (p *Postgres) TablesOf(ctx context.Context, guildID, userID string) ([]*Table, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	rows, err := p.pool.Query(ctx, `SELECT id, record FROM tables
		WHERE status IN ('lobby', 'playing') AND guild_id = $1 AND ($2 = '' OR $2 = ANY (players)) ORDER BY id COLLATE "C"`, guildID, userID)
	if err != nil {
		return nil, err
	}
	var out []*Table
	var id string
	var raw []byte
	_, err = pgx.ForEachRow(rows, []any{&id, &raw}, func() error {
		if t, err := decodeTable(id, raw); err == nil { // a damaged record: not listed
			out = append(out, t)
		}
		return nil
	})
	return out, err
}

// LiveCount implements Store, from the channel index as bbolt does.
func (p *Postgres) LiveCount(ctx context.Context) (int, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	var n int
	err := p.pool.QueryRow(ctx, `SELECT count(DISTINCT table_id) FROM channels`).Scan(&n)
	return n, err
}

// Owing implements Store.
func (p *Postgres) Owing(ctx context.Context) ([]string, error) {
	return p.ids(ctx, `SELECT id FROM tables WHERE owing ORDER BY id COLLATE "C"`)
}

// OpenLobbies implements Store.
func (p *Postgres) OpenLobbies(ctx context.Context, guildID, hostID string) (int, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	var n int
	err := p.pool.QueryRow(ctx, `SELECT count(*) FROM tables WHERE status = 'lobby' AND guild_id = $1 AND host_id = $2`,
		guildID, hostID).Scan(&n)
	return n, err
}

// SetAside implements Store.
func (p *Postgres) SetAside(ctx context.Context, channelID string) (string, error) {
	var id string
	err := p.write(ctx, func(ctx context.Context, tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT table_id FROM channels WHERE channel_id = $1`, channelID).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		var raw []byte
		if err := tx.QueryRow(ctx, `SELECT record FROM tables WHERE id = $1 FOR UPDATE`, id).Scan(&raw); err != nil {
			return err
		}
		if _, err := decodeTable(id, raw); err == nil {
			return ErrReadable
		}
		if _, err := tx.Exec(ctx, `INSERT INTO damaged (id, record) VALUES ($1, $2)
			ON CONFLICT (id) DO UPDATE SET record = excluded.record`, id, raw); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM tables WHERE id = $1`, id) // its channel rows go with it
		return err
	})
	return id, err
}

// Raw implements Store.
func (p *Postgres) Raw(ctx context.Context, id string) ([]byte, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	var raw []byte
	err := p.pool.QueryRow(ctx, `SELECT record FROM tables WHERE id = $1
		UNION ALL SELECT record FROM damaged WHERE id = $1 LIMIT 1`, id).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return raw, err
}

// GuildSettings implements Store.
func (p *Postgres) GuildSettings(ctx context.Context, guildID string) (GuildSettings, error) {
	var gs GuildSettings
	return gs, p.getSettings(ctx, `SELECT record FROM guild_settings WHERE guild_id = $1`, "guild", guildID, &gs)
}

// SetGuildSettings implements Store.
func (p *Postgres) SetGuildSettings(ctx context.Context, guildID string, gs GuildSettings) error {
	return p.putSettings(ctx, "guild_settings", "guild_id", "guild", guildID, gs, gs == GuildSettings{})
}

// UserSettings implements Store.
func (p *Postgres) UserSettings(ctx context.Context, userID string) (UserSettings, error) {
	var us UserSettings
	return us, p.getSettings(ctx, `SELECT record FROM user_settings WHERE user_id = $1`, "user", userID, &us)
}

// SetUserSettings implements Store.
func (p *Postgres) SetUserSettings(ctx context.Context, userID string, us UserSettings) error {
	return p.putSettings(ctx, "user_settings", "user_id", "user", userID, us, us == UserSettings{})
}

// getSettings decodes a settings record into v, leaving v as it is when
// there is none.
func (p *Postgres) getSettings(ctx context.Context, sql, what, id string, v any) error {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	var raw []byte
	err := p.pool.QueryRow(ctx, sql, id).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%w: settings of %s %s: %v", ErrCorrupt, what, id, err)
	}
	return nil
}

// putSettings stores a settings record; zero (the defaults) removes it.
// table and key are constants of this file, never input.
func (p *Postgres) putSettings(ctx context.Context, table, key, what, id string, v any, zero bool) error {
	if id == "" {
		return fmt.Errorf("%s settings without a %s id", what, what)
	}
	return p.write(ctx, func(ctx context.Context, tx pgx.Tx) error {
		if zero {
			_, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE `+key+` = $1`, id)
			return err
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO `+table+` (`+key+`, record) VALUES ($1, $2)
			ON CONFLICT (`+key+`) DO UPDATE SET record = excluded.record`, id, raw)
		return err
	})
}
