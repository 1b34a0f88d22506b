package storetest

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/league"
)

// testLeagues: a league is created at version 1 with an id, read back
// as written (rounds, results, dropouts), listed by its server and,
// while not done, among the live ones; an update at a stale version is
// refused and changes nothing.
func testLeagues(t *testing.T, s data.Store) {
	ctx := context.Background()
	if _, err := s.League(ctx, "L404"); !errors.Is(err, data.ErrLeagueNotFound) {
		t.Fatalf("missing league: %v", err)
	}
	a := &league.League{GuildID: "g1", ChannelID: "c1", Game: "trenches", Format: league.Swiss, Rounds: 3,
		Status: league.StatusOpen, Seed: 7, Players: []string{"u1", "u2", "u3"}, TurnTimeout: time.Hour,
		Options: map[string]string{"scenario": "1"}}
	b := &league.League{GuildID: "g2", ChannelID: "c2", Game: "frontline", Format: league.RoundRobin, Status: league.StatusOpen}
	for _, l := range []*league.League{a, b} {
		if err := s.CreateLeague(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	if a.ID == "" || a.ID == b.ID || a.Version != 1 || a.Created.IsZero() {
		t.Fatalf("created: %q %q version %d", a.ID, b.ID, a.Version)
	}
	if err := a.Start(time.Now()); err != nil {
		t.Fatal(err)
	}
	a.Current().Pairings[0].Table, a.Current().Pairings[0].Thread = "t1", "th1"
	if _, err := a.Drop("u1"); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateLeague(ctx, a, 1); err != nil || a.Version != 2 {
		t.Fatalf("update: %v, version %d", err, a.Version)
	}
	got, err := s.League(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	got.Updated, got.Created, a.Updated, a.Created = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	if !reflect.DeepEqual(got, a) {
		t.Fatalf("read back\n%+v\nwant\n%+v", got, a)
	}
	stale := *got
	stale.Status = league.StatusDone
	if err := s.UpdateLeague(ctx, &stale, 1); !errors.Is(err, data.ErrConflict) {
		t.Fatalf("stale update: %v", err)
	}
	if err := s.UpdateLeague(ctx, &league.League{ID: "L404"}, 1); !errors.Is(err, data.ErrLeagueNotFound) {
		t.Fatalf("update of a missing league: %v", err)
	}
	listed := func(guild string) (ids []string) {
		ls, err := s.Leagues(ctx, guild)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			ids = append(ids, l.ID)
		}
		return ids
	}
	if g1 := listed("g1"); !reflect.DeepEqual(g1, []string{a.ID}) {
		t.Fatalf("g1 lists %v", g1)
	}
	if live := listed(""); !reflect.DeepEqual(live, []string{a.ID, b.ID}) {
		t.Fatalf("live leagues %v", live)
	}
	b.Status = league.StatusDone
	if err := s.UpdateLeague(ctx, b, 1); err != nil {
		t.Fatal(err)
	}
	if live := listed(""); !reflect.DeepEqual(live, []string{a.ID}) {
		t.Fatalf("live leagues once b is done: %v", live)
	}
}

// testLeagueOnePairing: replicas that all read a league and pair its
// next round at once: exactly one write wins, and the stored league has
// the round once.
func testLeagueOnePairing(t *testing.T, s data.Store) {
	ctx := context.Background()
	l := &league.League{GuildID: "g", Format: league.Swiss, Rounds: 2, Status: league.StatusOpen,
		Players: []string{"a", "b", "c", "d"}}
	if err := s.CreateLeague(ctx, l); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var wins, conflicts atomic.Int64
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine, err := s.League(ctx, l.ID)
			if err != nil {
				t.Error(err)
				return
			}
			if err := mine.Start(time.Now()); err != nil {
				return // another replica's start was read: nothing to do
			}
			switch err := s.UpdateLeague(ctx, mine, mine.Version); {
			case err == nil:
				wins.Add(1)
			case errors.Is(err, data.ErrConflict):
				conflicts.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got, err := s.League(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if wins.Load() != 1 || len(got.RoundList) != 1 || got.Version != 2 {
		t.Fatalf("%d wins, %d conflicts; stored %d rounds at version %d", wins.Load(), conflicts.Load(), len(got.RoundList), got.Version)
	}
}
