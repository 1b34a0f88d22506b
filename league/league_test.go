package league

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// names is "1".."n": the seed order the worked examples use.
func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('1' + i))
	}
	return out
}

// TestCirclePairsWorked: the circle method's rounds written out by hand
// for 4, 5 and 6 players (first seat first; "" is the bye).
func TestCirclePairsWorked(t *testing.T) {
	cases := map[int][][][2]string{
		4: {
			{{"4", "1"}, {"2", "3"}},
			{{"2", "4"}, {"3", "1"}},
			{{"4", "3"}, {"1", "2"}},
		},
		5: {
			{{"", "1"}, {"2", "5"}, {"4", "3"}},
			{{"2", ""}, {"3", "1"}, {"5", "4"}},
			{{"", "3"}, {"4", "2"}, {"1", "5"}},
			{{"4", ""}, {"5", "3"}, {"2", "1"}},
			{{"", "5"}, {"1", "4"}, {"3", "2"}},
		},
		6: {
			{{"6", "1"}, {"2", "5"}, {"4", "3"}},
			{{"2", "6"}, {"3", "1"}, {"5", "4"}},
			{{"6", "3"}, {"4", "2"}, {"1", "5"}},
			{{"4", "6"}, {"5", "3"}, {"2", "1"}},
			{{"6", "5"}, {"1", "4"}, {"3", "2"}},
		},
	}
	for n, want := range cases {
		if got := RoundRobinRounds(n); got != len(want) {
			t.Errorf("%d players: %d rounds, want %d", n, got, len(want))
		}
		for r, w := range want {
			if got := CirclePairs(names(n), r); !reflect.DeepEqual(got, w) {
				t.Errorf("%d players, round %d: %v, want %v", n, r+1, got, w)
			}
		}
	}
}

// started is a league of the given format whose seed order is "1".."n",
// with round 1 paired.
func started(t *testing.T, format string, n, rounds int) *League {
	t.Helper()
	l := &League{Format: format, Rounds: rounds, Status: StatusRunning, Order: names(n), Players: names(n)}
	l.Rounds = min(rounds, RoundRobinRounds(n))
	if format == RoundRobin {
		l.Rounds = RoundRobinRounds(n)
	}
	if err := l.PairNext(t0); err != nil {
		t.Fatal(err)
	}
	return l
}

// play sets the current round's results: one per pairing, in order.
func play(t *testing.T, l *League, results ...Result) {
	t.Helper()
	r := l.Current()
	if len(results) != len(r.Pairings) {
		t.Fatalf("%d results for %d pairings", len(results), len(r.Pairings))
	}
	for i := range r.Pairings {
		r.Pairings[i].Result, r.Pairings[i].By = results[i], ByPlay
	}
	if err := l.PairNext(t0); err != nil {
		t.Fatal(err)
	}
}

func pairsOf(r *Round) [][2]string {
	var out [][2]string
	for _, p := range r.Pairings {
		out = append(out, [2]string{p.A, p.B})
	}
	return out
}

// TestSwissWorked4: four players over three rounds, worked by hand.
// Round 1 splits the one score group in halves (1-3, 2-4). After 1 and
// 4 win, 1 and 4 meet; 4 takes the first seat, having had the second.
// After 4 wins and 2-3 is drawn, 4 (2 points) has met 1 and 2, so meets
// 3; 1 meets 2; 4 and 3 have both had one first seat and sat first
// last, so the higher ranked (4) sits first in an even round.
func TestSwissWorked4(t *testing.T) {
	l := started(t, Swiss, 4, 3)
	want := [][2]string{{"1", "3"}, {"2", "4"}}
	if got := pairsOf(l.Current()); !reflect.DeepEqual(got, want) {
		t.Fatalf("round 1: %v, want %v", got, want)
	}
	play(t, l, WinA, WinB)
	want = [][2]string{{"4", "1"}, {"3", "2"}}
	if got := pairsOf(l.Current()); !reflect.DeepEqual(got, want) {
		t.Fatalf("round 2: %v, want %v", got, want)
	}
	play(t, l, WinA, Draw)
	want = [][2]string{{"4", "3"}, {"1", "2"}}
	if got := pairsOf(l.Current()); !reflect.DeepEqual(got, want) {
		t.Fatalf("round 3: %v, want %v", got, want)
	}
	play(t, l, Draw, WinB)
	if l.Status != StatusDone {
		t.Fatalf("status %q after the last round", l.Status)
	}
	// 4 beat 2 and 1, drew 3: 2.5, Buchholz 1.5+1+1, SB 1.5+1+0.5*1.
	// 2 lost to 4, drew 3, beat 1: 1.5, Buchholz 2.5+1+1, SB 0.5*1+1.
	// 3 lost to 1, drew 2 and 4: 1, Buchholz 1+1.5+2.5, SB 0.75+1.25.
	// 1 beat 3, lost to 4 and 2: 1, Buchholz 1+2.5+1.5, SB 1: level with
	// 3 on Buchholz, below on Sonneborn-Berger.
	st := l.Standings()
	got := []Standing{}
	for _, s := range st {
		got = append(got, Standing{Player: s.Player, Points: s.Points, Buchholz: s.Buchholz, SB: s.SB})
	}
	wantSt := []Standing{
		{Player: "4", Points: 2.5, Buchholz: 3.5, SB: 3},
		{Player: "2", Points: 1.5, Buchholz: 4.5, SB: 1.5},
		{Player: "3", Points: 1, Buchholz: 5, SB: 2},
		{Player: "1", Points: 1, Buchholz: 5, SB: 1},
	}
	if !reflect.DeepEqual(got, wantSt) {
		t.Fatalf("standings\n%+v\nwant\n%+v", got, wantSt)
	}
	if l.Winner() != "4" {
		t.Fatalf("winner %q", l.Winner())
	}
}

// TestSwissWorked5: five players: the bye goes to the lowest ranked who
// has not had one, and scores as a win; nobody has a second bye.
func TestSwissWorked5(t *testing.T) {
	l := started(t, Swiss, 5, 3)
	if r := l.Current(); r.Bye != "5" || !reflect.DeepEqual(pairsOf(r), [][2]string{{"1", "3"}, {"2", "4"}}) {
		t.Fatalf("round 1: %v bye %q", pairsOf(r), r.Bye)
	}
	play(t, l, WinA, WinA) // 1, 2 win; 5 has the bye: 1, 2, 5 on 1 point
	// Rank: 1, 2, 5 (1 point, Buchholz 0, seed order), then 3, 4. The
	// bye goes to 4 (lowest, none yet). In the group of three the top
	// half (1) meets the bottom half (2) and 5 floats down to 3.
	r := l.Current()
	if r.Bye != "4" {
		t.Fatalf("round 2 bye %q, want 4", r.Bye)
	}
	// 1 and 2 both sat first: in an odd round the lower ranked takes the
	// first seat. 3 (a second seat) has the lower balance than 5 (none).
	if want := [][2]string{{"2", "1"}, {"3", "5"}}; !reflect.DeepEqual(pairsOf(r), want) {
		t.Fatalf("round 2: %v, want %v", pairsOf(r), want)
	}
	play(t, l, WinA, WinA) // 2 and 3 win
	r = l.Current()
	byes := map[string]int{}
	for _, rd := range l.RoundList {
		byes[rd.Bye]++
	}
	if byes[r.Bye] > 1 || r.Bye == "5" || r.Bye == "4" {
		t.Fatalf("round 3 bye %q after byes %v", r.Bye, byes)
	}
}

// TestDrop: a dropout's pending game is a forfeit win for the opponent,
// the dropout is paired no more, and the standings mark them.
func TestDrop(t *testing.T) {
	l := started(t, Swiss, 4, 3)
	l.Current().Pairings[0].Table = "t1"
	tables, err := l.Drop("3")
	if err != nil || !reflect.DeepEqual(tables, []string{"t1"}) {
		t.Fatalf("Drop: %v %v", tables, err)
	}
	if p := l.Current().Pairings[0]; p.Result != WinA || p.By != ByForfeit {
		t.Fatalf("forfeit: %+v", p)
	}
	if _, err := l.Drop("3"); !errors.Is(err, ErrNotPlayer) {
		t.Fatalf("second drop: %v", err)
	}
	play1 := l.Current()
	play1.Pairings[1].Result = WinA
	if err := l.PairNext(t0); err != nil {
		t.Fatal(err)
	}
	r := l.Current()
	if r.Bye == "3" || len(r.Pairings) != 1 || r.Pairings[0].A == "3" || r.Pairings[0].B == "3" {
		t.Fatalf("a dropout paired: %+v", r)
	}
	for _, s := range l.Standings() {
		if s.Dropped != (s.Player == "3") {
			t.Fatalf("dropped marks: %+v", s)
		}
	}
}

// TestRoundRobinDrop: later games against a round-robin dropout are
// forfeits from the start, and the league ends after its last round.
func TestRoundRobinDrop(t *testing.T) {
	l := started(t, RoundRobin, 4, 0)
	if _, err := l.Drop("1"); err != nil {
		t.Fatal(err)
	}
	// Round 1: {4,1} is forfeited to 4.
	if p := l.Current().Pairings[0]; p.A != "4" || p.Result != WinA {
		t.Fatalf("round 1 forfeit: %+v", p)
	}
	play(t, l, WinA, WinB) // results of a decided game stay as they were set
	l.Current().Pairings[0].Result = Pending
	if p := l.Current().Pairings[1]; p.A != "3" || p.B != "1" || p.Result != WinA || p.By != ByForfeit {
		t.Fatalf("round 2 forfeit against the dropout: %+v", p)
	}
	play(t, l, WinA, WinA)
	play(t, l, WinA, WinA)
	if l.Status != StatusDone {
		t.Fatalf("status %q", l.Status)
	}
}

// TestRoundRobinTiebreak: players level on points are split by their
// game against each other, then by wins.
func TestRoundRobinTiebreak(t *testing.T) {
	l := started(t, RoundRobin, 4, 0)
	// {4,1} {2,3} / {2,4} {3,1} / {4,3} {1,2}
	play(t, l, WinB, Draw) // 1 beats 4; 2-3 drawn
	play(t, l, WinB, Draw) // 4 beats 2; 3-1 drawn
	play(t, l, WinA, Draw) // 4 beats 3; 1-2 drawn
	// 4: 2, 1: 2 (1 beat 4), 2: 1, 3: 1 (drawn: 2 wins 0, 3 wins 0).
	var got []string
	for _, s := range l.Standings() {
		got = append(got, s.Player)
	}
	if want := []string{"1", "4", "2", "3"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
}

// TestRecord: a result is recorded once; a replayed hook changes nothing.
func TestRecord(t *testing.T) {
	l := started(t, Swiss, 2, 1)
	l.Current().Pairings[0].Table = "t"
	if ok, err := l.Record("t", "2", ByPlay); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if ok, _ := l.Record("t", "1", ByPlay); ok || l.Current().Pairings[0].Result != WinB {
		t.Fatal("a second result was recorded")
	}
	if _, err := l.Record("x", "1", ByPlay); !errors.Is(err, ErrUnknownTable) {
		t.Fatal(err)
	}
}

// TestJoinStart: joining, leaving and starting.
func TestJoinStart(t *testing.T) {
	l := &League{Format: Swiss, Rounds: 9, Status: StatusOpen, Seed: 42}
	for _, u := range []string{"a", "b", "c"} {
		if err := l.Join(u); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Join("a"); !errors.Is(err, ErrJoined) {
		t.Fatal(err)
	}
	if err := l.Leave("c"); err != nil {
		t.Fatal(err)
	}
	if err := l.Start(t0); err != nil {
		t.Fatal(err)
	}
	if l.Rounds != 1 || len(l.Current().Pairings) != 1 {
		t.Fatalf("two players: %d rounds, %+v", l.Rounds, l.Current())
	}
	if err := l.Join("d"); !errors.Is(err, ErrNotOpen) {
		t.Fatal(err)
	}
}
