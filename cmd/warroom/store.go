package main

import (
	"context"
	"net/url"
	"os"
	"time"

	"github.com/warroom/warroom/data"
)

// openedStore is the store `warroom run` uses: bbolt or PostgreSQL.
type openedStore struct {
	data.Store
	// Loosened is a bbolt file's mode when Open found it readable by
	// others and tightened it (zero otherwise, and for PostgreSQL).
	Loosened os.FileMode
	// Resequenced is a bbolt file's table id sequence as found and as set
	// when damage had left it below ids in use (data.Bolt.Resequenced).
	Resequenced [2]uint64
}

// ObserveCommits passes the commit observer to the store (both have one).
func (s openedStore) ObserveCommits(f func(writes int, took time.Duration)) {
	if o, ok := s.Store.(interface {
		ObserveCommits(func(int, time.Duration))
	}); ok {
		o.ObserveCommits(f)
	}
}

// openStore opens --db: a postgres:// (or postgresql://) URL is a
// PostgreSQL database shared by any number of replicas, anything else a
// bbolt file only this process may hold.
func openStore(ctx context.Context, db string) (openedStore, error) {
	if data.IsPostgresURL(db) {
		p, err := data.OpenPostgres(ctx, db)
		if err != nil {
			return openedStore{}, err
		}
		return openedStore{Store: p}, nil
	}
	b, err := data.Open(db)
	if err != nil {
		return openedStore{}, err
	}
	return openedStore{Store: b, Loosened: b.Loosened, Resequenced: b.Resequenced}, nil
}

// dbName is --db fit for a log line: a URL's password masked.
func dbName(db string) string {
	if !data.IsPostgresURL(db) {
		return db
	}
	u, err := url.Parse(db)
	if err != nil {
		return "postgres://(a URL that does not parse)"
	}
	return u.Redacted()
}

// openToRead opens --db for a command that only reads tables (export):
// a PostgreSQL URL, or a bbolt file that must already exist.
func openToRead(db string) (data.Store, error) {
	if data.IsPostgresURL(db) {
		return data.OpenPostgres(context.Background(), db)
	}
	return openExisting(db)
}
