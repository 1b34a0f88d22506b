// Package storetest is the data.Store contract as one test suite, run
// against every store (bbolt and PostgreSQL), and a throwaway PostgreSQL
// server for the tests that need one.
package storetest

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
	"time"

	"github.com/warroom/warroom/data"
)

// Run runs the contract against stores made by open, a fresh empty store
// per subtest (open closes it when the test ends).
func Run(t *testing.T, open func(t *testing.T) data.Store) {
	tests := []struct {
		name string
		fn   func(*testing.T, data.Store)
	}{
		{"CreateGetUpdateLog", testCreateGetUpdateLog},
		{"LogTail", testLogTail},
		{"Errors", testErrors},
		{"ThreadIndexed", testThreadIndexed},
		{"BusyThreadRollsBack", testBusyThreadRollsBack},
		{"StateBytesKept", testStateBytesKept},
		{"ConcurrentUpdatesOneWins", testConcurrentUpdatesOneWins},
		{"ConcurrentAnswers", testConcurrentAnswers},
		{"Settings", testSettings},
		{"LobbyAndOwingIndexes", testLobbyAndOwingIndexes},
		{"LobbyCapConcurrent", testLobbyCapConcurrent},
		{"DueIndex", testDueIndex},
		{"TablesOf", testTablesOf},
		{"SetAsideReadable", testSetAsideReadable},
		{"ResultTalliedOnce", testResultTalliedOnce},
		{"ResultKinds", testResultKinds},
		{"ConcurrentResults", testConcurrentResults},
		{"LeaderboardOrder", testLeaderboardOrder},
		{"BackfilledResult", testBackfilledResult},
		{"Archive", testArchive},
		{"CancelledContext", testCancelledContext},
		{"InteractionsOnce", testInteractionsOnce},
		{"Leagues", testLeagues},
		{"LeagueOnePairing", testLeagueOnePairing},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)) })
	}
}

// testCancelledContext: a request whose ctx is done (the interaction timed
// out) reads and writes nothing: PostgreSQL runs its queries under the
// ctx, bbolt checks it before starting a transaction.
func testCancelledContext(t *testing.T, s data.Store) {
	tb := &data.Table{Game: "g", ChannelID: "c", Status: data.StatusLobby}
	mustCreate(t, s, tb)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := s.Get(ctx, tb.ID); !errors.Is(err, context.Canceled) {
		t.Fatalf("Get under a cancelled ctx: %v", err)
	}
	if err := s.Create(ctx, &data.Table{Game: "g", ChannelID: "c2", Status: data.StatusLobby}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Create under a cancelled ctx: %v", err)
	}
	next := *tb
	next.Status, next.Version = data.StatusPlaying, 1
	if err := s.Update(ctx, &next, 0, data.LogEntry{Version: 1, Action: "start"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Update under a cancelled ctx: %v", err)
	}
	if got, err := s.Get(t.Context(), tb.ID); err != nil || got.Version != 0 || got.Status != data.StatusLobby {
		t.Fatalf("a cancelled Update wrote: %+v %v", got, err)
	}
	if _, err := s.ByChannel(t.Context(), "c2"); !errors.Is(err, data.ErrNotFound) {
		t.Fatalf("a cancelled Create claimed its channel: %v", err)
	}
}

func mustCreate(t *testing.T, s data.Store, tb *data.Table) {
	t.Helper()
	if err := s.Create(t.Context(), tb); err != nil {
		t.Fatal(err)
	}
}

func testCreateGetUpdateLog(t *testing.T, s data.Store) {
	tb := &data.Table{Game: "flanders", ChannelID: "c1", Status: data.StatusLobby, Seats: []data.Seat{{UserID: "u1", Name: "Ann"}}}
	mustCreate(t, s, tb)
	if tb.ID == "" || tb.Created.IsZero() || tb.Updated.IsZero() {
		t.Fatalf("create did not fill id and times: %+v", tb)
	}
	if err := s.Create(t.Context(), &data.Table{Game: "flanders", ChannelID: "c1", Status: data.StatusLobby}); !errors.Is(err, data.ErrChannelBusy) {
		t.Fatalf("second table in channel: %v", err)
	}
	got, err := s.ByChannel(t.Context(), "c1")
	if err != nil || got.ID != tb.ID || got.Seats[0].Name != "Ann" {
		t.Fatalf("ByChannel: %+v %v", got, err)
	}
	tb.Status, tb.Version = data.StatusPlaying, 1
	if err := s.Update(t.Context(), tb, 0, data.LogEntry{Version: 1, Action: "start"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(t.Context(), tb, 0); !errors.Is(err, data.ErrConflict) {
		t.Fatalf("stale update: %v", err)
	}
	tb.Version = 2
	if err := s.Update(t.Context(), tb, 1, data.LogEntry{Version: 2, Action: "roll", Seat: 1, UserID: "u1"}); err != nil {
		t.Fatal(err)
	}
	log, err := s.Log(t.Context(), tb.ID)
	if err != nil || len(log) != 2 || log[0].Action != "start" || log[1].Action != "roll" || log[1].UserID != "u1" {
		t.Fatalf("log %+v %v", log, err)
	}
	if got, err := s.Get(t.Context(), tb.ID); err != nil || got.Version != 2 || got.Status != data.StatusPlaying {
		t.Fatalf("Get: %+v %v", got, err)
	}
	if live, _ := s.LiveCount(t.Context()); live != 1 {
		t.Fatalf("live %d", live)
	}
	// Finishing frees the channel for a new table.
	tb.Status, tb.Version = data.StatusFinished, 3
	if err := s.Update(t.Context(), tb, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ByChannel(t.Context(), "c1"); !errors.Is(err, data.ErrNotFound) {
		t.Fatalf("finished table still indexed: %v", err)
	}
	if live, _ := s.LiveCount(t.Context()); live != 0 {
		t.Fatalf("live %d", live)
	}
	next := &data.Table{Game: "flanders", ChannelID: "c1", Status: data.StatusLobby}
	mustCreate(t, s, next)
	if next.ID == tb.ID {
		t.Fatal("a new table reused an id")
	}
	if got, err := s.Get(t.Context(), tb.ID); err != nil || got.Status != data.StatusFinished {
		t.Fatalf("finished table: %+v %v", got, err)
	}
}

// testLogTail: the last n entries in order, past the 255th (a key
// ordered as text would put version 256 before 9), and none for a
// missing table or n <= 0.
func testLogTail(t *testing.T, s data.Store) {
	tb := &data.Table{Game: "g", ChannelID: "c", Status: data.StatusPlaying}
	mustCreate(t, s, tb)
	for v := int64(1); v <= 300; v++ {
		tb.Version = v
		if err := s.Update(t.Context(), tb, v-1, data.LogEntry{Version: v, Action: fmt.Sprint("a", v)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []int{1, 3, 300, 500} {
		tail, err := s.LogTail(t.Context(), tb.ID, n)
		want := min(n, 300)
		if err != nil || len(tail) != want {
			t.Fatalf("LogTail(%d): %d entries, %v", n, len(tail), err)
		}
		for i, e := range tail {
			if v := int64(300 - want + 1 + i); e.Version != v || e.Action != fmt.Sprint("a", v) {
				t.Fatalf("LogTail(%d)[%d] = %+v, want version %d", n, i, e, v)
			}
		}
	}
	if tail, err := s.LogTail(t.Context(), tb.ID, 0); err != nil || len(tail) != 0 {
		t.Errorf("LogTail(0): %v %v", tail, err)
	}
	// Read between appends, as boards do (a store may keep what it read):
	// every read is the log's end, whatever was read before.
	tb2 := &data.Table{Game: "g", ChannelID: "c2", Status: data.StatusPlaying}
	mustCreate(t, s, tb2)
	rng := rand.New(rand.NewPCG(3, 3))
	for v := int64(1); v <= 120; v++ {
		tb2.Version = v
		if err := s.Update(t.Context(), tb2, v-1, data.LogEntry{Version: v, Action: fmt.Sprint("b", v)}); err != nil {
			t.Fatal(err)
		}
		for range rng.IntN(3) {
			n := 1 + rng.IntN(12)
			if rng.IntN(10) == 0 {
				n = 200 // more than was ever asked for
			}
			tail, err := s.LogTail(t.Context(), tb2.ID, n)
			if err != nil || len(tail) != min(n, int(v)) {
				t.Fatalf("after %d: LogTail(%d): %d entries, %v", v, n, len(tail), err)
			}
			for i, e := range tail {
				if w := v - int64(len(tail)) + 1 + int64(i); e.Version != w || e.Action != fmt.Sprint("b", w) {
					t.Fatalf("after %d: LogTail(%d)[%d] = %+v, want version %d", v, n, i, e, w)
				}
			}
			tail[0].Action = "changed by the caller" // must not reach the next read
		}
	}
	if tail, err := s.LogTail(t.Context(), "nope", 5); err != nil || len(tail) != 0 {
		t.Errorf("LogTail of a missing table: %v %v", tail, err)
	}
}

// testErrors: every error a caller branches on, for each way to get it.
func testErrors(t *testing.T, s data.Store) {
	if _, err := s.Get(t.Context(), "nope"); !errors.Is(err, data.ErrNotFound) {
		t.Errorf("Get missing: %v", err)
	}
	if _, err := s.ByChannel(t.Context(), "nope"); !errors.Is(err, data.ErrNotFound) {
		t.Errorf("ByChannel missing: %v", err)
	}
	if err := s.Update(t.Context(), &data.Table{ID: "nope", Status: data.StatusPlaying, ChannelID: "x"}, 0); !errors.Is(err, data.ErrNotFound) {
		t.Errorf("Update missing: %v", err)
	}
	if _, err := s.Raw(t.Context(), "nope"); !errors.Is(err, data.ErrNotFound) {
		t.Errorf("Raw missing: %v", err)
	}
	if _, err := s.SetAside(t.Context(), "nope"); !errors.Is(err, data.ErrNotFound) {
		t.Errorf("SetAside of a free channel: %v", err)
	}
	if log, err := s.Log(t.Context(), "nope"); err != nil || len(log) != 0 {
		t.Errorf("Log of a missing table: %v %v", log, err)
	}
	tb := &data.Table{Game: "g", ChannelID: "c", Status: data.StatusPlaying}
	mustCreate(t, s, tb)
	stale := *tb
	stale.Version = 6
	if err := s.Update(t.Context(), &stale, 5, data.LogEntry{Version: 6}); !errors.Is(err, data.ErrConflict) {
		t.Errorf("Update at a wrong version: %v", err)
	}
	if log, _ := s.Log(t.Context(), tb.ID); len(log) != 0 {
		t.Errorf("a refused update logged %v", log)
	}
	if raw, err := s.Raw(t.Context(), tb.ID); err != nil || !json.Valid(raw) || !strings.Contains(string(raw), `"channel_id":"c"`) {
		t.Errorf("Raw: %s %v", raw, err)
	}
}

func testThreadIndexed(t *testing.T, s data.Store) {
	tb := &data.Table{Game: "blindaz", ChannelID: "c", Status: data.StatusLobby}
	mustCreate(t, s, tb)
	tb.ThreadID, tb.Status, tb.Version = "th", data.StatusPlaying, 1
	if err := s.Update(t.Context(), tb, 0); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"c", "th"} {
		if got, err := s.ByChannel(t.Context(), c); err != nil || got.ID != tb.ID {
			t.Fatalf("%s: %v", c, err)
		}
	}
	if err := s.Create(t.Context(), &data.Table{Game: "g", ChannelID: "th", Status: data.StatusLobby}); !errors.Is(err, data.ErrChannelBusy) {
		t.Fatalf("a table in another table's thread: %v", err)
	}
	if live, _ := s.LiveCount(t.Context()); live != 1 {
		t.Fatalf("a table with a thread counted %d times", live)
	}
	tb.Status, tb.Version = data.StatusFinished, 2
	if err := s.Update(t.Context(), tb, 1); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"c", "th"} {
		if _, err := s.ByChannel(t.Context(), c); !errors.Is(err, data.ErrNotFound) {
			t.Fatalf("%s after the end: %v", c, err)
		}
	}
}

// testBusyThreadRollsBack: an update that would take a channel another
// live table holds fails as a whole: no state, version or log written.
func testBusyThreadRollsBack(t *testing.T, s data.Store) {
	a := &data.Table{Game: "g", ChannelID: "a", Status: data.StatusPlaying}
	b := &data.Table{Game: "g", ChannelID: "b", Status: data.StatusPlaying}
	mustCreate(t, s, a)
	mustCreate(t, s, b)
	nb := *b
	nb.ThreadID, nb.Version = "a", 1
	if err := s.Update(t.Context(), &nb, 0, data.LogEntry{Version: 1, Action: "thread"}); !errors.Is(err, data.ErrChannelBusy) {
		t.Fatalf("thread in a busy channel: %v", err)
	}
	if got, _ := s.Get(t.Context(), b.ID); got.Version != 0 || got.ThreadID != "" {
		t.Fatalf("refused update was written: %+v", got)
	}
	if log, _ := s.Log(t.Context(), b.ID); len(log) != 0 {
		t.Fatalf("refused update logged %v", log)
	}
	if got, err := s.ByChannel(t.Context(), "a"); err != nil || got.ID != a.ID {
		t.Fatalf("channel a: %+v %v", got, err)
	}
}

// testStateBytesKept: a state comes back byte for byte, including text
// JSON can carry but some databases refuse (a NUL character).
func testStateBytesKept(t *testing.T, s data.Store) {
	state := `{"x":1,"b":"a\u0000b","a":[1e3, 2]}`
	tb := &data.Table{Game: "g", ChannelID: "c", Status: data.StatusPlaying, State: json.RawMessage(state),
		Seats: []data.Seat{{Name: "Zoë \u0000 ünï"}}}
	mustCreate(t, s, tb)
	got, err := s.Get(t.Context(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	// json.Marshal compacts a RawMessage; nothing else may change it.
	if string(got.State) != `{"x":1,"b":"a\u0000b","a":[1e3,2]}` || got.Seats[0].Name != "Zoë \u0000 ünï" {
		t.Fatalf("state %s, seat %q", got.State, got.Seats[0].Name)
	}
}

func testConcurrentUpdatesOneWins(t *testing.T, s data.Store) {
	tb := &data.Table{Game: "g", ChannelID: "c", Status: data.StatusPlaying}
	mustCreate(t, s, tb)
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cp := *tb
			cp.Version = 1
			if s.Update(t.Context(), &cp, 0, data.LogEntry{Version: 1, Action: fmt.Sprint(i)}) == nil {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("%d updates won the same version", wins)
	}
	if log, _ := s.Log(t.Context(), tb.ID); len(log) != 1 {
		t.Fatalf("log %+v", log)
	}
}

// testConcurrentAnswers: writes at the same time each get their own
// answer: a conflict or a busy channel fails only its own write.
func testConcurrentAnswers(t *testing.T, s data.Store) {
	const n = 40
	tables := make([]*data.Table, n)
	for i := range tables {
		tables[i] = &data.Table{Game: "g", ChannelID: fmt.Sprintf("c%d", i), Status: data.StatusPlaying}
		mustCreate(t, s, tables[i])
	}
	var wg sync.WaitGroup
	errs := make([]error, 2*n)
	for i := range 2 * n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i < n { // a valid move on its own table
				cp := *tables[i]
				cp.Version = 1
				errs[i] = s.Update(t.Context(), &cp, 0, data.LogEntry{Version: 1})
				return
			}
			if i%2 == 0 { // a stale move
				cp := *tables[i-n]
				cp.Version = 8
				errs[i] = s.Update(t.Context(), &cp, 7)
				return
			}
			errs[i] = s.Create(t.Context(), &data.Table{Game: "g", ChannelID: "c0", Status: data.StatusLobby}) // busy
		}()
	}
	wg.Wait()
	for i, err := range errs {
		switch {
		case i < n && err != nil:
			t.Errorf("valid move %d failed: %v", i, err)
		case i >= n && i%2 == 0 && !errors.Is(err, data.ErrConflict):
			t.Errorf("stale move %d: %v", i, err)
		case i >= n && i%2 == 1 && !errors.Is(err, data.ErrChannelBusy):
			t.Errorf("create in a busy channel %d: %v", i, err)
		}
	}
	for _, tb := range tables {
		if got, _ := s.Get(t.Context(), tb.ID); got.Version != 1 {
			t.Errorf("table %s at version %d", tb.ID, got.Version)
		}
	}
}

func testSettings(t *testing.T, s data.Store) {
	gs, err := s.GuildSettings(t.Context(), "g1")
	if err != nil || gs != (data.GuildSettings{}) {
		t.Fatalf("unset guild: %+v %v", gs, err)
	}
	for g, l := range map[string]string{"g1": "pl", "g2": "ru"} {
		if err := s.SetGuildSettings(t.Context(), g, data.GuildSettings{Locale: l}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetGuildSettings(t.Context(), "", data.GuildSettings{Locale: "ru"}); err == nil {
		t.Fatal("stored settings without a guild id")
	}
	if err := s.SetGuildSettings(t.Context(), "g1", data.GuildSettings{Locale: "en"}); err != nil {
		t.Fatal(err)
	}
	for g, want := range map[string]string{"g1": "en", "g2": "ru", "g3": ""} {
		if gs, err := s.GuildSettings(t.Context(), g); err != nil || gs.Locale != want {
			t.Fatalf("%s: %+v %v, want %q", g, gs, err, want)
		}
	}
	if err := s.SetGuildSettings(t.Context(), "g1", data.GuildSettings{}); err != nil {
		t.Fatal(err)
	}
	if gs, err := s.GuildSettings(t.Context(), "g1"); err != nil || gs != (data.GuildSettings{}) {
		t.Fatalf("reset guild: %+v %v", gs, err)
	}
	away := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if err := s.SetUserSettings(t.Context(), "u", data.UserSettings{NoReminders: true, AwayUntil: away}); err != nil {
		t.Fatal(err)
	}
	if us, err := s.UserSettings(t.Context(), "u"); err != nil || !us.NoReminders || !us.AwayUntil.Equal(away) {
		t.Fatalf("user: %+v %v", us, err)
	}
	if us, err := s.UserSettings(t.Context(), "other"); err != nil || us != (data.UserSettings{}) {
		t.Fatalf("unset user: %+v %v", us, err)
	}
	if err := s.SetUserSettings(t.Context(), "u", data.UserSettings{}); err != nil {
		t.Fatal(err)
	}
	if us, err := s.UserSettings(t.Context(), "u"); err != nil || us != (data.UserSettings{}) {
		t.Fatalf("reset user: %+v %v", us, err)
	}
	// Any one field set keeps the record (only the zero value removes it).
	if err := s.SetUserSettings(t.Context(), "u", data.UserSettings{DMReminders: true}); err != nil {
		t.Fatal(err)
	}
	if us, err := s.UserSettings(t.Context(), "u"); err != nil || !us.DMReminders {
		t.Fatalf("DM reminders alone: %+v %v", us, err)
	}
	if err := s.SetUserSettings(t.Context(), "", data.UserSettings{NoReminders: true}); err == nil {
		t.Fatal("stored settings without a user id")
	}
}

// testLobbyCapConcurrent: 30 lobbies created at once by one host, in
// 30 channels, against a cap of 3 open exactly 3; the rest are refused
// with ErrTooManyLobbies. Another host and another server are not held
// back, and no cap (0) holds none.
func testLobbyCapConcurrent(t *testing.T, s data.Store) {
	const tries, limit = 30, 3
	var wg sync.WaitGroup
	errs := make(chan error, tries)
	for i := range tries {
		wg.Go(func() {
			tb := &data.Table{Game: "race", GuildID: "g", ChannelID: fmt.Sprintf("cap%d", i), HostID: "ann", Status: data.StatusLobby}
			errs <- s.CreateLobby(t.Context(), tb, limit)
		})
	}
	wg.Wait()
	close(errs)
	ok := 0
	for err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, data.ErrTooManyLobbies):
			t.Fatal(err)
		}
	}
	if n, err := s.OpenLobbies(t.Context(), "g", "ann"); ok != limit || n != limit || err != nil {
		t.Fatalf("%d creates succeeded and %d lobbies are open (%v); the cap is %d", ok, n, err, limit)
	}
	for i, tb := range []*data.Table{
		{Game: "race", GuildID: "g", ChannelID: "bob", HostID: "bob", Status: data.StatusLobby},
		{Game: "race", GuildID: "h", ChannelID: "other", HostID: "ann", Status: data.StatusLobby},
	} {
		if err := s.CreateLobby(t.Context(), tb, limit); err != nil {
			t.Fatalf("lobby %d held back by ann's cap: %v", i, err)
		}
	}
	if err := s.CreateLobby(t.Context(), &data.Table{Game: "race", GuildID: "g", ChannelID: "nocap", HostID: "ann", Status: data.StatusLobby}, 0); err != nil {
		t.Fatalf("no cap: %v", err)
	}
}

// testLobbyAndOwingIndexes: the lobby index follows a lobby's host and
// status, and the owing index its outbox.
func testLobbyAndOwingIndexes(t *testing.T, s data.Store) {
	count := func(host string) int {
		n, err := s.OpenLobbies(t.Context(), "g", host)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	tb := &data.Table{Game: "race", GuildID: "g", ChannelID: "c", HostID: "ann", Status: data.StatusLobby}
	tb.Owe(time.Now(), data.Effect{Kind: data.EffectBoard})
	mustCreate(t, s, tb)
	other := &data.Table{Game: "race", GuildID: "h", ChannelID: "d", HostID: "ann", Status: data.StatusLobby}
	mustCreate(t, s, other)
	if count("ann") != 1 || count("bob") != 0 {
		t.Fatalf("after create: ann %d bob %d", count("ann"), count("bob"))
	}
	if ids, _ := s.Owing(t.Context()); len(ids) != 1 || ids[0] != tb.ID {
		t.Fatalf("owing after create: %v", ids)
	}
	tb.HostID, tb.Outbox = "bob", nil
	if err := s.Update(t.Context(), tb, tb.Version); err != nil {
		t.Fatal(err)
	}
	if count("ann") != 0 || count("bob") != 1 {
		t.Fatalf("after handover: ann %d bob %d", count("ann"), count("bob"))
	}
	if ids, _ := s.Owing(t.Context()); len(ids) != 0 {
		t.Fatalf("owing after delivery: %v", ids)
	}
	tb.Status = data.StatusPlaying
	if err := s.Update(t.Context(), tb, tb.Version); err != nil {
		t.Fatal(err)
	}
	if count("bob") != 0 {
		t.Fatal("a started game still counts as an open lobby")
	}
}

// testDueIndex: the timer's index follows deadlines, reminders and
// lobbies through every update.
func testDueIndex(t *testing.T, s data.Store) {
	before := time.Now().Add(-time.Second)
	lobby := &data.Table{Game: "g", ChannelID: "c1", Status: data.StatusLobby}
	play := &data.Table{Game: "g", ChannelID: "c2", Status: data.StatusLobby}
	mustCreate(t, s, lobby)
	mustCreate(t, s, play)
	after := time.Now().Add(time.Second)
	t0 := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	play.Status, play.Version, play.Deadline = data.StatusPlaying, 1, t0.Add(time.Hour)
	if err := s.Update(t.Context(), play, 0); err != nil {
		t.Fatal(err)
	}
	due := func(now, lobbies time.Time) string {
		ids, err := s.Due(t.Context(), now, lobbies)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(ids)
		return strings.Join(ids, ",")
	}
	if got := due(t0.Add(59*time.Minute), time.Time{}); got != "" {
		t.Fatalf("due before the deadline: %q", got)
	}
	if got := due(t0.Add(time.Hour), time.Time{}); got != play.ID {
		t.Fatalf("at the deadline: %q", got)
	}
	if got := due(time.Now(), after); got != lobby.ID {
		t.Fatalf("expired lobbies: %q", got)
	}
	if got := due(time.Now(), before); got != "" {
		t.Fatalf("lobbies created after the cut-off: %q", got)
	}
	// A reminder is due before the deadline, and only once.
	play.Version, play.TurnStart, play.Deadline = 2, t0, t0.Add(2*time.Hour)
	if err := s.Update(t.Context(), play, 1); err != nil {
		t.Fatal(err)
	}
	if got := due(t0.Add(59*time.Minute), time.Time{}); got != "" {
		t.Fatalf("due before the first reminder: %q", got)
	}
	if got := due(t0.Add(time.Hour), time.Time{}); got != play.ID {
		t.Fatalf("at the first reminder: %q", got)
	}
	play.Version, play.Reminded = 3, 2
	if err := s.Update(t.Context(), play, 2); err != nil {
		t.Fatal(err)
	}
	if got := due(t0.Add(119*time.Minute), time.Time{}); got != "" {
		t.Fatalf("reminded table still due before its deadline: %q", got)
	}
	// A new deadline replaces the old one; finishing removes it.
	play.Version, play.Deadline = 4, t0.Add(3*time.Hour)
	if err := s.Update(t.Context(), play, 3); err != nil {
		t.Fatal(err)
	}
	if got := due(t0.Add(2*time.Hour), time.Time{}); got != "" {
		t.Fatalf("old deadline still indexed: %q", got)
	}
	play.Version, play.Status = 5, data.StatusFinished
	lobby.Version, lobby.Status = 1, data.StatusAbandoned
	if s.Update(t.Context(), play, 4) != nil || s.Update(t.Context(), lobby, 0) != nil {
		t.Fatal("finishing failed")
	}
	if got := due(t0.Add(100*time.Hour), t0.Add(100*time.Hour)); got != "" {
		t.Fatalf("finished tables still due: %q", got)
	}
}

// testTablesOf: a player's live tables in one server, following joins,
// finishing and other servers.
func testTablesOf(t *testing.T, s data.Store) {
	mk := func(guild, ch string, users ...string) *data.Table {
		tb := &data.Table{Game: "g", GuildID: guild, ChannelID: ch, Status: data.StatusLobby}
		for _, u := range users {
			tb.Seats = append(tb.Seats, data.Seat{UserID: u})
		}
		tb.Seats = append(tb.Seats, data.Seat{Name: "cpu", Bot: true})
		mustCreate(t, s, tb)
		return tb
	}
	ids := func(guild, user string) string {
		ts, err := s.TablesOf(t.Context(), guild, user)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, x := range ts {
			out = append(out, x.ID)
		}
		slices.Sort(out)
		return strings.Join(out, ",")
	}
	a := mk("g1", "c1", "ann", "ann")
	b := mk("g1", "c2", "bob")
	mk("g2", "c3", "ann")
	ab := strings.Join(slices.Sorted(slices.Values([]string{a.ID, b.ID})), ",")
	if got := ids("g1", "ann"); got != a.ID {
		t.Fatalf("ann in g1: %q", got)
	}
	if got := ids("g1", ""); got != ab {
		t.Fatalf("all of g1: %q", got)
	}
	a.Seats = append(a.Seats, data.Seat{UserID: "bob"})
	a.Version = 1
	if err := s.Update(t.Context(), a, 0); err != nil {
		t.Fatal(err)
	}
	if got := ids("g1", "bob"); got != ab {
		t.Fatalf("bob after joining: %q", got)
	}
	a.Status, a.Version = data.StatusFinished, 2
	if err := s.Update(t.Context(), a, 1); err != nil {
		t.Fatal(err)
	}
	if got := ids("g1", "bob") + "|" + ids("g1", "ann") + "|" + ids("g1", ""); got != b.ID+"||"+b.ID {
		t.Fatalf("after the game ended: %q", got)
	}
}

// testSetAsideReadable: a readable table is never set aside.
func testSetAsideReadable(t *testing.T, s data.Store) {
	tb := &data.Table{Game: "g", ChannelID: "c", Status: data.StatusPlaying}
	mustCreate(t, s, tb)
	if _, err := s.SetAside(t.Context(), "c"); !errors.Is(err, data.ErrReadable) {
		t.Fatalf("set aside a readable table: %v", err)
	}
	if got, err := s.ByChannel(t.Context(), "c"); err != nil || got.ID != tb.ID {
		t.Fatalf("after a refused set-aside: %+v %v", got, err)
	}
}
