package trenches

import (
	"encoding/json"
	"testing"

	"github.com/warroom/warroom/games"
)

var G = games.Check[State](Game{})

// build makes a position: counters named in up are face up on their hex;
// stacks lists hidden stacks (top first); every other raider unit is a
// casualty and every other defender counter removed.
func build(t *testing.T, scn int, phase string, m int, up map[string]int, stacks map[int][]string, dugouts ...int) State {
	t.Helper()
	s, err := G.Setup(games.Options{"scenario": itoa(scn)}, 2, games.Script())
	if err != nil {
		t.Fatal(err)
	}
	s.Placed = nil
	s.Stacks = nil
	if dugouts != nil {
		s.Dugouts = dugouts
	}
	for i := range s.Counters {
		c := &s.Counters[i]
		c.Hex = 0
		if c.Raider {
			c.Loc = LocCasualty
		} else {
			c.Loc = LocRemoved
		}
		if h, ok := up[c.ID]; ok {
			c.Loc, c.Hex = LocMap, h
		}
	}
	for _, h := range sortedKeys(stacks) {
		for _, id := range stacks[h] {
			s.pushHidden(idx(t, s, id), h)
		}
	}
	s.Phase, s.M = phase, m
	return s
}

func sortedKeys(m map[int][]string) []int {
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	sortInts(ks)
	return ks
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func idx(t *testing.T, s State, id string) int {
	t.Helper()
	for i, c := range s.Counters {
		if c.ID == id {
			return i
		}
	}
	t.Fatalf("no counter %s", id)
	return -1
}

func seatOf(s State) games.Seat { return G.Active(s)[0] }

// do applies an action by the active seat and fails on error.
func do(t *testing.T, s State, a games.Action, dice ...int) State {
	t.Helper()
	n, _, err := G.Apply(s, seatOf(s), a, games.Script(dice...))
	if err != nil {
		t.Fatalf("%v: %v", a, err)
	}
	return n
}

// doLast applies an action with dice and returns the new state and its
// last event as a log entry.
func doLast(t *testing.T, s State, a games.Action, dice ...int) (State, Entry) {
	t.Helper()
	n, ev, err := G.Apply(s, seatOf(s), a, games.Script(dice...))
	if err != nil || len(ev) == 0 {
		t.Fatalf("%v: %v, %d events", a, err, len(ev))
	}
	var e Entry
	if err := ev[len(ev)-1].Decode(&e); err != nil {
		t.Fatal(err)
	}
	e.Kind = ev[len(ev)-1].Kind
	return n, e
}

// reject applies an action and expects the error code and no change.
func reject(t *testing.T, s State, a games.Action, code string) {
	t.Helper()
	before, _ := json.Marshal(s)
	n, _, err := G.Apply(s, seatOf(s), a, games.Script())
	if games.ErrorCode(err) != code {
		t.Fatalf("%v: got %v, want %s", a, err, code)
	}
	after, _ := json.Marshal(n)
	orig, _ := json.Marshal(s)
	if string(before) != string(after) || string(before) != string(orig) {
		t.Fatalf("%v: state changed on rejection", a)
	}
}

func loc(t *testing.T, s State, id string) (string, int) {
	c := s.Counters[idx(t, s, id)]
	return c.Loc, c.Hex
}

func mv(t *testing.T, s State, id string, h int) games.Action {
	return games.Act(VMove, idx(t, s, id), h)
}
func at(t *testing.T, s State, id, tg string) games.Action {
	return games.Act(VAttack, idx(t, s, id), idx(t, s, tg))
}
