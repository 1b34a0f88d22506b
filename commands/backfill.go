package commands

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/warroom/warroom/data"
)

// Backfilled is what BackfillResults did: the results it recorded, the
// finished tables that had one already, and those it could not read
// (their ids, with why).
type Backfilled struct {
	Recorded, Had int
	Unreadable    []string
}

// BackfillResults records the result of every finished table that has
// none: games that ended before results and standings existed. Each
// result is worked out from the final state and the whole log as the
// move that ends a game does it today (resultFromLog), ended at the
// log's last entry, and written on the table at its version (a table
// changed meanwhile is read again); the store tallies it in that write,
// oldest game first (so ratings come out as if they had been counted
// then). Running it again, or on two replicas at once, counts nothing
// twice: a table with a result is skipped, and the store tallies a
// table's result once (its results entry is keyed by table id).
// Tables already archived (warroom archive) are no longer in the store.
func (s *Service) BackfillResults(ctx context.Context) (Backfilled, error) {
	var out Backfilled
	refs, err := s.store.Ended(ctx, time.Now().Add(24*time.Hour))
	if err != nil {
		return out, err
	}
	var todo []*data.Table
	for _, ref := range refs {
		t, err := s.withResult(ctx, ref.ID)
		switch {
		case errors.Is(err, data.ErrNotFound):
		case err != nil:
			out.Unreadable = append(out.Unreadable, fmt.Sprintf("%s: %v", ref.ID, err))
		case t == nil:
		case t.Result == nil:
			out.Had++
		default:
			todo = append(todo, t)
		}
	}
	slices.SortFunc(todo, func(a, b *data.Table) int {
		return cmp.Or(a.Result.Ended.Compare(b.Result.Ended), cmp.Compare(a.ID, b.ID))
	})
	for _, t := range todo {
		done, err := s.recordResult(ctx, t)
		if err != nil {
			return out, fmt.Errorf("table %s: %w", t.ID, err)
		}
		if done {
			out.Recorded++
		} else {
			out.Had++
		}
	}
	return out, nil
}

// withResult reads table id and, when it is a finished game without a
// result, returns it with the result worked out (not stored); a finished
// table that has one comes back with Result nil; nil for any other table.
func (s *Service) withResult(ctx context.Context, id string) (*data.Table, error) {
	t, err := s.store.Get(ctx, id)
	if err != nil || t.Status != data.StatusFinished {
		return nil, err
	}
	if t.Result != nil {
		return &data.Table{ID: t.ID}, nil
	}
	l, err := s.decode(t)
	if err != nil {
		return nil, err
	}
	o := l.eng.Outcome(l.state)
	if !o.Done {
		return nil, fmt.Errorf("finished, but its game is not over")
	}
	log, err := s.store.Log(ctx, id)
	if err != nil {
		return nil, err
	}
	ended := t.Updated
	if len(log) > 0 {
		ended = log[len(log)-1].At
	}
	t.Result = resultFromLog(t, l.eng.Info(), o, log, ended)
	return t, nil
}

// recordResult writes t, carrying its new result, at the version it was
// read at; if the table changed since, it is read again once: false when
// it has a result by then (another run recorded it).
func (s *Service) recordResult(ctx context.Context, t *data.Table) (bool, error) {
	for range 2 {
		err := s.store.Update(ctx, t, t.Version)
		if !errors.Is(err, data.ErrConflict) {
			return err == nil, err
		}
		r := t.Result
		if t, err = s.store.Get(ctx, t.ID); err != nil {
			return false, err
		}
		if t.Result != nil {
			return false, nil
		}
		t.Result = r
	}
	return false, fmt.Errorf("%w: it kept changing", data.ErrConflict)
}
