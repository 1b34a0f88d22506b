package league

import (
	"fmt"
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

// randomLeague plays a whole league with results and dropouts drawn by
// rapid, and returns it.
func randomLeague(t *rapid.T, format string) *League {
	n := rapid.IntRange(2, 14).Draw(t, "players")
	l := &League{Format: format, Status: StatusOpen, Seed: rapid.Uint64().Draw(t, "seed"),
		Rounds: rapid.IntRange(1, n).Draw(t, "rounds")}
	for i := range n {
		if err := l.Join(fmt.Sprint("u", i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Start(t0); err != nil {
		t.Fatal(err)
	}
	for step := 0; l.Status == StatusRunning; step++ {
		if rapid.IntRange(0, 9).Draw(t, fmt.Sprint("drop?", step)) == 0 {
			u := rapid.SampledFrom(l.Order).Draw(t, fmt.Sprint("dropout", step))
			if !l.IsDropped(u) {
				if _, err := l.Drop(u); err != nil {
					t.Fatal(err)
				}
			}
		}
		r := l.Current()
		for i := range r.Pairings {
			if r.Pairings[i].Result == Pending {
				r.Pairings[i].Result = rapid.SampledFrom([]Result{WinA, WinB, Draw}).Draw(t, "result")
			}
		}
		if err := l.PairNext(t0); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// replay pairs a league again from its seed and results alone: the
// same rounds must come out (pairings are deterministic from the seed).
func replay(t *rapid.T, done *League) {
	l := &League{Format: done.Format, Status: StatusOpen, Seed: done.Seed, Rounds: done.Rounds, Players: done.Players}
	if err := l.Start(t0); err != nil {
		t.Fatal(err)
	}
	for i, want := range done.RoundList {
		got := l.Current()
		if len(got.Pairings) != len(want.Pairings) || got.Bye != want.Bye {
			t.Fatalf("round %d: %+v, first time %+v", i+1, got, want)
		}
		for j := range got.Pairings {
			if got.Pairings[j].A != want.Pairings[j].A || got.Pairings[j].B != want.Pairings[j].B {
				t.Fatalf("round %d: %+v, first time %+v", i+1, got, want)
			}
			got.Pairings[j].Result = want.Pairings[j].Result
		}
		for _, d := range done.Dropped {
			if d.Round == i+1 {
				l.Dropped = append(l.Dropped, d)
			}
		}
		if err := l.PairNext(t0); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(l.Standings(), done.Standings()) {
		t.Fatalf("standings differ:\n%+v\n%+v", l.Standings(), done.Standings())
	}
}

// checkCommon: no rematch and at most one bye per player, no dropout
// with a game or a bye after leaving unless it is a forfeit.
func checkCommon(t *rapid.T, l *League) {
	met := map[[2]string]int{}
	byes := map[string]int{}
	for _, r := range l.RoundList {
		if r.Bye != "" {
			byes[r.Bye]++
		}
		for _, p := range r.Pairings {
			if p.A == p.B {
				t.Fatalf("a player meets themself: %+v", p)
			}
			met[[2]string{min(p.A, p.B), max(p.A, p.B)}]++
		}
	}
	for k, c := range met {
		if c > 1 {
			t.Fatalf("%v met %d times", k, c)
		}
	}
	for u, c := range byes {
		if c > 1 && l.Format == Swiss {
			t.Fatalf("%s had %d byes", u, c)
		}
	}
}

// TestSwissProperties: random Swiss leagues never pair a rematch, give
// nobody two byes, and pair the same from the same seed and results.
func TestSwissProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := randomLeague(t, Swiss)
		checkCommon(t, l)
		replay(t, l)
	})
}

// TestRoundRobinProperties: a round robin without dropouts meets
// everyone exactly once, gives each player one bye at most (one each
// for an odd count), and balances seats: each player's first and second
// seats differ by at most one, and alternate from game to game except
// once (never, for an odd count).
func TestRoundRobinProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 20).Draw(t, "players")
		order := names(n)
		seats := map[string]int{}
		lastSeat, repeats := map[string]int{}, map[string]int{}
		sit := func(u string, seat int) {
			seats[u] += seat
			if lastSeat[u] == seat {
				repeats[u]++
			}
			lastSeat[u] = seat
		}
		met := map[[2]string]int{}
		byes := map[string]int{}
		for r := range RoundRobinRounds(n) {
			for _, p := range CirclePairs(order, r) {
				if p[0] == "" || p[1] == "" {
					byes[p[0]+p[1]]++
					continue
				}
				sit(p[0], 1)
				sit(p[1], -1)
				met[[2]string{min(p[0], p[1]), max(p[0], p[1])}]++
			}
		}
		if len(met) != n*(n-1)/2 {
			t.Fatalf("%d pairs met, want %d", len(met), n*(n-1)/2)
		}
		for k, c := range met {
			if c != 1 {
				t.Fatalf("%v met %d times", k, c)
			}
		}
		for _, u := range order {
			if d := seats[u]; d < -1 || d > 1 {
				t.Fatalf("%s: first minus second seats %d", u, d)
			}
			if want := 1 - n%2; repeats[u] > want { // sides alternate but once
				t.Fatalf("%s: the same seat twice running %d times", u, repeats[u])
			}
			if want := n % 2; byes[u] != want {
				t.Fatalf("%s: %d byes, want %d", u, byes[u], want)
			}
		}
		l := randomLeague(t, RoundRobin)
		checkCommon(t, l)
		replay(t, l)
	})
}

// TestSwissSeats: without dropouts and with no more rounds than half the
// players (a Swiss league's usual length; longer ones may need the seat
// rule relaxed to pair at all), every player's first and second seats
// stay within two.
func TestSwissSeats(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 12).Draw(t, "players")
		l := &League{Format: Swiss, Status: StatusOpen, Rounds: max(1, n/2), Seed: rapid.Uint64().Draw(t, "seed")}
		for i := range n {
			_ = l.Join(fmt.Sprint("u", i))
		}
		if err := l.Start(t0); err != nil {
			t.Fatal(err)
		}
		for l.Status == StatusRunning {
			r := l.Current()
			for i := range r.Pairings {
				r.Pairings[i].Result = rapid.SampledFrom([]Result{WinA, WinB, Draw}).Draw(t, "result")
			}
			if err := l.PairNext(t0); err != nil {
				t.Fatal(err)
			}
		}
		bal, _ := l.seatHistory()
		for u, d := range bal {
			if d < -2 || d > 2 {
				t.Fatalf("%s: first minus second seats %d", u, d)
			}
		}
	})
}
