package data_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/data/storetest"
)

// sql runs a statement on the database behind the store, as an operator
// (or a damaged disk) would.
func sql(t testing.TB, url, stmt string, args ...any) {
	t.Helper()
	ctx := t.Context()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, stmt, args...); err != nil {
		t.Fatal(err)
	}
}

// TestPostgresMigrations: replicas starting together on an empty
// database apply the schema once; a database migrated by a newer warroom
// is refused.
func TestPostgresMigrations(t *testing.T) {
	url := storetest.NewDatabase(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := data.OpenPostgres(t.Context(), url)
			if err == nil {
				p.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("replica %d: %v", i, err)
		}
	}
	p := openPG(t, url)
	if err := p.Create(t.Context(), &data.Table{Game: "g", ChannelID: "c", Status: data.StatusLobby}); err != nil {
		t.Fatal(err)
	}
	sql(t, url, `INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')`, data.PGSchemaVersion()+1)
	if _, err := data.OpenPostgres(t.Context(), url); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("opened a newer schema: %v", err)
	}
}

// TestPostgresUnreadableRecordSetAside: a record that no longer decodes
// frees its channel once set aside, and its bytes stay readable.
func TestPostgresUnreadableRecordSetAside(t *testing.T) {
	url := storetest.NewDatabase(t)
	p := openPG(t, url)
	good := &data.Table{Game: "g", ChannelID: "c", ThreadID: "th", Status: data.StatusPlaying, Outbox: []data.Effect{{Kind: data.EffectBoard}}}
	if err := p.Create(t.Context(), good); err != nil {
		t.Fatal(err)
	}
	sql(t, url, `UPDATE tables SET record = $2 WHERE id = $1`, good.ID, []byte("{not json"))
	if _, err := p.ByChannel(t.Context(), "c"); !errors.Is(err, data.ErrCorrupt) {
		t.Fatalf("got %v", err)
	}
	if err := p.Create(t.Context(), &data.Table{Game: "g", ChannelID: "c", Status: data.StatusLobby}); !errors.Is(err, data.ErrChannelBusy) {
		t.Fatalf("create: %v", err)
	}
	id, err := p.SetAside(t.Context(), "th")
	if err != nil || id != good.ID {
		t.Fatalf("set aside: %q %v", id, err)
	}
	if raw, err := p.Raw(t.Context(), id); err != nil || string(raw) != "{not json" {
		t.Fatalf("raw: %q %v", raw, err)
	}
	if ids, _ := p.Owing(t.Context()); len(ids) != 0 {
		t.Fatalf("a set-aside table still owing: %v", ids)
	}
	for _, ch := range []string{"c", "th"} {
		if err := p.Create(t.Context(), &data.Table{Game: "g", ChannelID: ch, Status: data.StatusLobby}); err != nil {
			t.Fatalf("channel %s still blocked: %v", ch, err)
		}
	}
}

// counter is the state the replica tests move: n counts applied moves.
type counter struct {
	N int `json:"n"`
}

// move applies one increment to table id through store s the way the
// service does: read, change, write expecting the version read, and on
// ErrConflict read again and retry. It returns how many conflicts it met.
// thread: the move also opens or closes the table's thread, so it moves
// the table's channel index rows too.
func move(s data.Store, id, action string, thread bool) (int, error) {
	for conflicts := 0; ; conflicts++ {
		tb, err := s.Get(context.Background(), id)
		if err != nil {
			return conflicts, err
		}
		var c counter
		if err := json.Unmarshal(tb.State, &c); err != nil {
			return conflicts, err
		}
		c.N++
		tb.State, _ = json.Marshal(c)
		if thread && tb.ThreadID == "" {
			tb.ThreadID = "th-" + id
		} else if thread {
			tb.ThreadID = ""
		}
		expect := tb.Version
		tb.Version++
		err = s.Update(context.Background(), tb, expect, data.LogEntry{Version: tb.Version, Action: action})
		if errors.Is(err, data.ErrConflict) {
			continue
		}
		return conflicts, err
	}
}

// TestPostgresTwoReplicas: two stores (two pools, as two warroom
// processes) on one database, many writers each doing CAS updates with
// retry, on one table and on many: every move applied exactly once (the
// counter, the version and the log agree, and every move's action is in
// the log once), and a channel claimed from both at once is won by one.
func TestPostgresTwoReplicas(t *testing.T) {
	url := storetest.NewDatabase(t)
	replicas := []*data.Postgres{openPG(t, url), openPG(t, url)}
	for _, tc := range []struct {
		name           string
		tables, movers int
		moves          int  // per mover
		thread         bool // each move opens or closes a thread
	}{
		{"one table", 1, 16, 25, false},
		{"many tables", 40, 24, 40, false},
		{"channel moves", 4, 12, 20, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ids := make([]string, tc.tables)
			for i := range ids {
				tb := &data.Table{Game: "g", ChannelID: fmt.Sprintf("%s-%d", tc.name, i), Status: data.StatusPlaying, State: json.RawMessage(`{"n":0}`)}
				if err := replicas[i%2].Create(t.Context(), tb); err != nil {
					t.Fatal(err)
				}
				ids[i] = tb.ID
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			sent := map[string][]string{} // table id -> actions acknowledged
			conflicts := 0
			for m := range tc.movers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					rng := rand.New(rand.NewPCG(uint64(m), 1))
					for k := range tc.moves {
						s := replicas[(m+k)%2] // alternate replicas, as a load balancer would
						id := ids[rng.IntN(len(ids))]
						action := fmt.Sprintf("m%d.%d", m, k)
						c, err := move(s, id, action, tc.thread)
						mu.Lock()
						conflicts += c
						if err == nil {
							sent[id] = append(sent[id], action)
						}
						mu.Unlock()
						if err != nil {
							t.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
			total := 0
			for _, id := range ids {
				tb, err := replicas[1].Get(t.Context(), id)
				if err != nil {
					t.Fatal(err)
				}
				var c counter
				json.Unmarshal(tb.State, &c)
				log, err := replicas[0].Log(t.Context(), id)
				if err != nil {
					t.Fatal(err)
				}
				var logged []string
				for i, e := range log {
					if e.Version != int64(i+1) {
						t.Fatalf("table %s: log entry %d has version %d", id, i, e.Version)
					}
					logged = append(logged, e.Action)
				}
				want := sent[id]
				slices.Sort(logged)
				slices.Sort(want)
				if c.N != len(want) || tb.Version != int64(len(want)) || !slices.Equal(logged, want) {
					t.Fatalf("table %s: counter %d, version %d, %d logged, %d acknowledged (lost or doubled moves)",
						id, c.N, tb.Version, len(logged), len(want))
				}
				total += c.N
				if tc.thread {
					got, err := replicas[0].ByChannel(t.Context(), "th-"+id)
					if open := c.N%2 == 1; (err == nil) != open || (open && got.ID != id) {
						t.Fatalf("table %s after %d moves: thread indexed %v", id, c.N, err)
					}
				}
			}
			if total != tc.movers*tc.moves {
				t.Fatalf("%d moves applied of %d", total, tc.movers*tc.moves)
			}
			t.Logf("%d moves, %d conflicts retried", total, conflicts)
		})
	}
	t.Run("create race", func(t *testing.T) {
		for round := range 30 {
			ch := fmt.Sprintf("race-%d", round)
			var wg sync.WaitGroup
			errs := make([]error, 6)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = replicas[i%2].Create(t.Context(), &data.Table{Game: "g", ChannelID: ch, Status: data.StatusLobby})
				}()
			}
			wg.Wait()
			wins := 0
			for _, err := range errs {
				switch {
				case err == nil:
					wins++
				case !errors.Is(err, data.ErrChannelBusy):
					t.Fatalf("round %d: %v", round, err)
				}
			}
			if wins != 1 {
				t.Fatalf("round %d: %d tables won channel %s", round, wins, ch)
			}
		}
	})
}
