package storetest

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
)

// testArchive: Ended lists exactly the tables that are over, owe nothing
// and were last written before the cut-off; Remove deletes a listed table
// with its log only at the version given, never a live or owing one, and
// leaves results, standings and the live table as they were.
func testArchive(t *testing.T, s data.Store) {
	f := archiveTables(t, s)
	live, won, owing, lobby, cut := f.live, f.won, f.owing, f.lobby, f.cut

	refs, err := s.Ended(t.Context(), cut)
	if err != nil {
		t.Fatal(err)
	}
	want := []data.TableRef{{ID: won.ID, Version: won.Version}, {ID: lobby.ID, Version: 1}}
	if !sameRefs(refs, want) {
		t.Fatalf("Ended(cut) = %+v, want %+v", refs, want)
	}
	if refs, _ := s.Ended(t.Context(), time.Now().Add(time.Hour)); len(refs) != 3 {
		t.Fatalf("Ended(later) = %+v, want the recent table too", refs)
	}
	before := archiveStats(t, s)
	if sa := standing(t, s, "g", "ann", "flanders"); sa.Played != 2 {
		t.Fatalf("ann played %d", sa.Played)
	}

	// A stale version, a live table and an owing one are kept.
	gone, err := s.Remove(t.Context(), []data.TableRef{{ID: won.ID, Version: won.Version}, {ID: lobby.ID, Version: 0},
		{ID: live.ID, Version: live.Version}, {ID: owing.ID, Version: owing.Version}, {ID: "nope", Version: 1}})
	if err != nil || !slices.Equal(gone, []string{won.ID}) {
		t.Fatalf("Remove: %v %v, want only %s", gone, err, won.ID)
	}
	checkRemoved(t, s, won)
	checkKept(t, s, f)
	if after := archiveStats(t, s); !equalJSON(before, after) {
		t.Fatalf("stats changed by Remove:\n%v\n%v", before, after)
	}
	if refs, _ := s.Ended(t.Context(), cut); !sameRefs(refs, []data.TableRef{{ID: lobby.ID, Version: 1}}) {
		t.Fatalf("Ended after Remove: %+v", refs)
	}
	// Removing again is a no-op; the abandoned lobby goes at its version.
	if gone, err := s.Remove(t.Context(), []data.TableRef{{ID: won.ID, Version: won.Version}, {ID: lobby.ID, Version: 1}}); err != nil || !slices.Equal(gone, []string{lobby.ID}) {
		t.Fatalf("second Remove: %v %v", gone, err)
	}
	if gone, err := s.Remove(t.Context(), nil); err != nil || len(gone) != 0 {
		t.Fatalf("empty Remove: %v %v", gone, err)
	}
	// A removed id is never given out again.
	next := &data.Table{Game: "flanders", ChannelID: "c-won", Status: data.StatusLobby}
	mustCreate(t, s, next)
	if next.ID == won.ID || next.ID == lobby.ID {
		t.Fatalf("a new table reused the archived id %s", next.ID)
	}
}

// archiveFixture is the tables testArchive archives or must keep, and the
// cut-off time between the older ones and recent.
type archiveFixture struct {
	live, won, owing, lobby, recent *data.Table
	cut                             time.Time
}

// archiveTables creates one table of each kind Ended and Remove must tell
// apart: live, won and delivered, won but owing, an abandoned lobby, and
// one finished after the cut-off.
func archiveTables(t *testing.T, s data.Store) archiveFixture {
	live := playing(t, s, "g", "flanders", "c-live", "ann", "bob")
	won := playing(t, s, "g", "flanders", "c-won", "ann", "bob")
	finish(t, s, won, 12, 1, 2)
	won.Outbox, won.Version = nil, won.Version+1 // the result delivered
	if err := s.Update(t.Context(), won, won.Version-1); err != nil {
		t.Fatal(err)
	}
	owing := playing(t, s, "g", "flanders", "c-owing", "ann", "bob")
	finish(t, s, owing, 8, 2, 1) // its result not delivered yet
	lobby := &data.Table{Game: "flanders", GuildID: "g", ChannelID: "c-lobby", Status: data.StatusLobby}
	mustCreate(t, s, lobby)
	lobby.Status, lobby.Version = data.StatusAbandoned, 1
	if err := s.Update(t.Context(), lobby, 0, data.LogEntry{Version: 1, Action: "abandon"}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond)
	cut := time.Now()
	time.Sleep(5 * time.Millisecond)
	recent := playing(t, s, "g", "flanders", "c-recent", "ann", "bob")
	recent.Status, recent.Version = data.StatusFinished, 2
	if err := s.Update(t.Context(), recent, 1); err != nil {
		t.Fatal(err)
	}
	return archiveFixture{live: live, won: won, owing: owing, lobby: lobby, recent: recent, cut: cut}
}

// archiveStats is everything tallied for guild g, which Remove must not
// change.
func archiveStats(t *testing.T, s data.Store) any {
	st, _ := s.Standings(t.Context(), "g", "ann")
	gs, _ := s.GameStats(t.Context(), "g")
	lb, _ := s.Leaderboard(t.Context(), "g", "flanders", 10)
	return []any{st, gs, lb}
}

// checkRemoved checks a removed table is gone with its log and cannot be
// updated.
func checkRemoved(t *testing.T, s data.Store, won *data.Table) {
	t.Helper()
	if _, err := s.Get(t.Context(), won.ID); !errors.Is(err, data.ErrNotFound) {
		t.Fatalf("Get of a removed table: %v", err)
	}
	if log, err := s.Log(t.Context(), won.ID); err != nil || len(log) != 0 {
		t.Fatalf("log of a removed table: %v %v", log, err)
	}
	if tail, err := s.LogTail(t.Context(), won.ID, 5); err != nil || len(tail) != 0 {
		t.Fatalf("log tail of a removed table: %v %v", tail, err)
	}
	if err := s.Update(t.Context(), won, won.Version); !errors.Is(err, data.ErrNotFound) {
		t.Fatalf("Update of a removed table: %v", err)
	}
}

// checkKept checks the tables Remove refused are all still there, with
// the live count and the owing list as before.
func checkKept(t *testing.T, s data.Store, f archiveFixture) {
	t.Helper()
	for _, id := range []string{f.lobby.ID, f.live.ID, f.owing.ID, f.recent.ID} {
		if _, err := s.Get(t.Context(), id); err != nil {
			t.Fatalf("table %s after Remove: %v", id, err)
		}
	}
	if got, err := s.ByChannel(t.Context(), "c-live"); err != nil || got.ID != f.live.ID {
		t.Fatalf("live table after Remove: %+v %v", got, err)
	}
	if n, _ := s.LiveCount(t.Context()); n != 1 {
		t.Fatalf("live count %d", n)
	}
	if ids, _ := s.Owing(t.Context()); !slices.Equal(ids, []string{f.owing.ID}) {
		t.Fatalf("owing %v", ids)
	}
}

// sameRefs compares two lists of refs in any order.
func sameRefs(got, want []data.TableRef) bool {
	byID := func(a, b data.TableRef) int { return strings.Compare(a.ID, b.ID) }
	g, w := slices.Clone(got), slices.Clone(want)
	slices.SortFunc(g, byID)
	slices.SortFunc(w, byID)
	return slices.Equal(g, w)
}

// equalJSON compares two values by their JSON.
func equalJSON(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
