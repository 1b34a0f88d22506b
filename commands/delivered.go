package commands

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/warroom/warroom/data"
)

// deliveredStore is the service's view of its store: the store, with the
// deliveries it has not written yet taken off the tables' outboxes.
//
// Recording a delivery was a second write per move, as dear as the move's
// own. For a store this process alone writes (Service.SoleWriter) and an
// effect whose delivery can be repeated without changing anything (a
// board redrawn in place: the same edit again), Deliver only marks it
// here. The table's next write then leaves it out (every write starts from
// a table read through this view), and RecordDelivered writes the marks of
// tables that stay idle. A crash forgets the marks: at start the bot
// delivers those effects again, the same edits of the same messages.
type deliveredStore struct {
	data.Store
	mu    sync.Mutex
	marks map[string]deliveredMark
}

// deliveredMark: a table's effects up to seq are delivered, unrecorded
// since the time given.
type deliveredMark struct {
	seq   int64
	since time.Time
}

func newDeliveredStore(s data.Store) *deliveredStore {
	return &deliveredStore{Store: s, marks: map[string]deliveredMark{}}
}

// repeatable reports whether delivering e again changes nothing Discord
// shows: an edit of a message the table already has.
func repeatable(e data.Effect) bool {
	switch e.Kind {
	case data.EffectRedraw, data.EffectLobby, data.EffectStrip, data.EffectRetire, data.EffectText:
		return true
	}
	return false
}

// mark records that id's effects up to seq are delivered.
func (d *deliveredStore) mark(id string, seq int64, now time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	m, ok := d.marks[id]
	if !ok {
		m.since = now
	}
	m.seq = max(m.seq, seq)
	d.marks[id] = m
}

// delivered is how far id's effects are delivered, by the marks.
func (d *deliveredStore) delivered(id string) (int64, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	m, ok := d.marks[id]
	return m.seq, ok
}

// trim takes the marked effects off t's outbox; it reports whether any were.
func (d *deliveredStore) trim(t *data.Table) bool {
	seq, ok := d.delivered(t.ID)
	return ok && t.Delivered(seq)
}

// Get loads a table as if its delivered effects were recorded.
func (d *deliveredStore) Get(ctx context.Context, id string) (*data.Table, error) {
	t, err := d.Store.Get(ctx, id)
	if err == nil {
		d.trim(t)
	}
	return t, err
}

// ByChannel loads a channel's table as Get does.
func (d *deliveredStore) ByChannel(ctx context.Context, channelID string) (*data.Table, error) {
	t, err := d.Store.ByChannel(ctx, channelID)
	if err == nil {
		d.trim(t)
	}
	return t, err
}

// TablesOf lists tables as Get loads them.
func (d *deliveredStore) TablesOf(ctx context.Context, guildID, userID string) ([]*data.Table, error) {
	ts, err := d.Store.TablesOf(ctx, guildID, userID)
	for _, t := range ts {
		d.trim(t)
	}
	return ts, err
}

// Update writes t; a mark that t's outbox no longer holds is then recorded.
func (d *deliveredStore) Update(ctx context.Context, t *data.Table, expect int64, log ...data.LogEntry) error {
	if err := d.Store.Update(ctx, t, expect, log...); err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if m, ok := d.marks[t.ID]; ok && (len(t.Outbox) == 0 || t.Outbox[0].Seq > m.seq) {
		delete(d.marks, t.ID)
	}
	return nil
}

// Owing lists the tables that owe Discord effects not yet delivered.
func (d *deliveredStore) Owing(ctx context.Context) ([]string, error) {
	ids, err := d.Store.Owing(ctx)
	if err != nil {
		return nil, err
	}
	out := ids[:0]
	for _, id := range ids {
		if _, ok := d.delivered(id); ok {
			if t, err := d.Get(ctx, id); err == nil && len(t.Outbox) == 0 {
				continue
			}
		}
		out = append(out, id)
	}
	return out, nil
}

// idle lists the marked tables whose first unrecorded delivery is older
// than age at now.
func (d *deliveredStore) idle(now time.Time, age time.Duration) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []string
	for id, m := range d.marks {
		if now.Sub(m.since) >= age {
			out = append(out, id)
		}
	}
	return out
}

// forget drops id's mark (the table is gone).
func (d *deliveredStore) forget(id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.marks, id)
}

// Store is the service's store, as the service sees it: deliveries it
// has not written yet count as written (for the metrics' owing tables).
func (s *Service) Store() data.Store { return s.store }

// RecordDelivered writes the deliveries Deliver only marked (SoleWriter)
// on tables no write has carried them for age or longer; age 0 writes
// them all (before stopping).
func (s *Service) RecordDelivered(ctx context.Context, age time.Duration) error {
	var errs []error
	for _, id := range s.delivered.idle(s.Now(), age) {
		errs = append(errs, s.recordMarked(ctx, id))
	}
	return errors.Join(errs...)
}

func (s *Service) recordMarked(ctx context.Context, id string) error {
	unlock := s.lock(id)
	defer unlock()
	t, err := s.delivered.Store.Get(ctx, id)
	if isNotFound(err) {
		s.delivered.forget(id)
		return nil
	}
	if err != nil {
		return err
	}
	err = s.mutate(ctx, t, func(nt *data.Table) ([]data.LogEntry, error) {
		if !s.delivered.trim(nt) {
			return nil, errNoChange
		}
		return nil, nil
	})
	if errors.Is(err, errNoChange) {
		s.delivered.forget(id) // nothing of it stored any more
		return nil
	}
	return err
}
