package data

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/warroom/warroom/league"
)

// bucketLeagues maps a league's id to its record (league.League as JSON).
// Leagues are few (a server runs a handful), so listing one server's or
// the live ones reads the bucket through.
var bucketLeagues = []byte("leagues")

// ErrLeagueNotFound: no league has that id.
var ErrLeagueNotFound = errors.New("league not found")

// leagueID is a league's id from its sequence number: "L" and base 36,
// apart from table ids, so one is never taken for the other.
func leagueID(seq uint64) string { return "L" + strconv.FormatUint(seq, 36) }

// CreateLeague implements Store.
func (b *Bolt) CreateLeague(ctx context.Context, l *league.League) error {
	now := b.now().UTC()
	return b.write(ctx, func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketLeagues)
		seq, err := bk.NextSequence()
		if err != nil {
			return err
		}
		nl := *l
		nl.ID, nl.Version, nl.Created, nl.Updated = leagueID(seq), 1, now, now
		if err := putLeague(bk, &nl); err != nil {
			return err
		}
		tx.OnCommit(func() { *l = nl })
		return nil
	})
}

// League implements Store.
func (b *Bolt) League(ctx context.Context, id string) (*league.League, error) {
	var l *league.League
	err := b.read(ctx, func(tx *bolt.Tx) error {
		raw := tx.Bucket(bucketLeagues).Get([]byte(id))
		if raw == nil {
			return ErrLeagueNotFound
		}
		var err error
		l, err = decodeLeague(id, raw)
		return err
	})
	return l, err
}

// Leagues implements Store.
func (b *Bolt) Leagues(ctx context.Context, guildID string) ([]*league.League, error) {
	var out []*league.League
	err := b.read(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketLeagues).ForEach(func(k, v []byte) error {
			l, err := decodeLeague(string(k), v)
			if err != nil {
				return err
			}
			if (guildID != "" && l.GuildID == guildID) || (guildID == "" && l.Status != league.StatusDone) {
				out = append(out, l)
			}
			return nil
		})
	})
	slices.SortFunc(out, func(x, y *league.League) int {
		return cmp.Or(cmp.Compare(len(x.ID), len(y.ID)), cmp.Compare(x.ID, y.ID))
	})
	return out, err
}

// UpdateLeague implements Store.
func (b *Bolt) UpdateLeague(ctx context.Context, l *league.League, expect int64) error {
	now := b.now().UTC()
	return b.write(ctx, func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketLeagues)
		raw := bk.Get([]byte(l.ID))
		if raw == nil {
			return ErrLeagueNotFound
		}
		old, err := decodeLeague(l.ID, raw)
		if err != nil {
			return err
		}
		if old.Version != expect {
			return ErrConflict
		}
		nl := *l
		nl.Version, nl.Updated = expect+1, now
		if err := putLeague(bk, &nl); err != nil {
			return err
		}
		tx.OnCommit(func() { l.Version, l.Updated = nl.Version, nl.Updated })
		return nil
	})
}

func putLeague(bk *bolt.Bucket, l *league.League) error {
	raw, err := json.Marshal(l)
	if err != nil {
		return err
	}
	return bk.Put([]byte(l.ID), raw)
}

func decodeLeague(id string, raw []byte) (*league.League, error) {
	var l league.League
	if err := json.Unmarshal(raw, &l); err != nil {
		return nil, fmt.Errorf("%w: league %s: %v", ErrCorrupt, id, err)
	}
	return &l, nil
}

// CreateLeague implements Store.
func (p *Postgres) CreateLeague(ctx context.Context, l *league.League) error {
	nl := *l
	err := p.write(ctx, func(ctx context.Context, tx pgx.Tx) error {
		var seq int64
		if err := tx.QueryRow(ctx, `SELECT nextval('league_ids')`).Scan(&seq); err != nil {
			return err
		}
		now := p.now().UTC()
		nl.ID, nl.Version, nl.Created, nl.Updated = leagueID(uint64(seq)), 1, now, now
		raw, err := json.Marshal(&nl)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO leagues (id, record, version, guild_id, status) VALUES ($1, $2, $3, $4, $5)`,
			nl.ID, raw, nl.Version, nl.GuildID, nl.Status)
		return err
	})
	if err == nil {
		*l = nl
	}
	return err
}

// League implements Store.
func (p *Postgres) League(ctx context.Context, id string) (*league.League, error) {
	ls, err := p.leagues(ctx, `SELECT id, record FROM leagues WHERE id = $1`, id)
	if err == nil && len(ls) == 0 {
		err = ErrLeagueNotFound
	}
	if err != nil {
		return nil, err
	}
	return ls[0], nil
}

// Leagues implements Store.
func (p *Postgres) Leagues(ctx context.Context, guildID string) ([]*league.League, error) {
	if guildID == "" {
		return p.leagues(ctx, `SELECT id, record FROM leagues WHERE status <> 'done' ORDER BY length(id), id`)
	}
	return p.leagues(ctx, `SELECT id, record FROM leagues WHERE guild_id = $1 ORDER BY length(id), id`, guildID)
}

func (p *Postgres) leagues(ctx context.Context, sql string, args ...any) ([]*league.League, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	rows, err := p.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	var out []*league.League
	for rows.Next() {
		var id string
		var raw []byte
		if err := rows.Scan(&id, &raw); err != nil {
			return nil, err
		}
		l, err := decodeLeague(id, raw)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// UpdateLeague implements Store: one statement, compare-and-set on the
// version.
func (p *Postgres) UpdateLeague(ctx context.Context, l *league.League, expect int64) error {
	nl := *l
	nl.Version, nl.Updated = expect+1, p.now().UTC()
	raw, err := json.Marshal(&nl)
	if err != nil {
		return err
	}
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	tag, err := p.pool.Exec(ctx, `UPDATE leagues SET record = $2, version = $3, status = $4 WHERE id = $1 AND version = $5`,
		nl.ID, raw, nl.Version, nl.Status, expect)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		if _, err := p.League(ctx, l.ID); err != nil {
			return err
		}
		return ErrConflict
	}
	l.Version, l.Updated = nl.Version, nl.Updated
	return nil
}
