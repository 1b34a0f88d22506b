package games

import (
	"slices"
	"testing"
)

type tally struct{ N []int }

func (t tally) Clone() tally { return tally{N: slices.Clone(t.N)} }

type added struct {
	N int `json:"n"`
}

var tallyVerbs = Verbs[tally]{
	"mark": {MaxArgs: 2, Do: func(*Move[tally], Action) {}},
	"add": {Args: 1, Do: func(m *Move[tally], a Action) {
		m.S.N = append(m.S.N, a.Args[0])
		m.Log("added", m.Seat, added{a.Args[0]})
		m.LogFor("secret", m.Seat, []Seat{m.Seat}, nil)
	}},
}

// Play works on a clone, logs the verb's events, and leaves s alone.
func TestPlay(t *testing.T) {
	s := tally{N: []int{1}}
	ns, evs := Play(tallyVerbs, s, 1, Act("add", 4), Script())
	if !slices.Equal(s.N, []int{1}) || !slices.Equal(ns.N, []int{1, 4}) {
		t.Fatalf("before %v, after %v", s.N, ns.N)
	}
	var x added
	if len(evs) != 2 || evs[0].Decode(&x) != nil || x.N != 4 || evs[0].Private {
		t.Fatalf("events %+v", evs)
	}
	if !evs[1].Private || evs[1].Visible(0) || !evs[1].Visible(1) {
		t.Fatalf("a private event for its own seat: %+v", evs[1])
	}
	m := &Move[tally]{S: &ns, Quiet: true}
	Dispatch(tallyVerbs, m, Act("add", 5))
	if len(m.Events) != 0 || len(ns.N) != 3 {
		t.Fatalf("a quiet move: %+v %v", m.Events, ns.N)
	}
}

// Refuse gives the shared codes in order, then the game's own.
func TestRefuse(t *testing.T) {
	own := func() error { return Illegal("too_many") }
	cases := []struct {
		over, turn bool
		a          Action
		why        func() error
		want       string
	}{
		{true, false, Act("add", 1), own, "game_over"},
		{false, false, Act("add", 1), own, "not_your_turn"},
		{false, true, Act("fly", 1), own, "bad_action"},
		{false, true, Act("add"), own, "bad_action"},
		{false, true, Act("add", 1, 2), own, "bad_action"},
		{false, true, Act("mark"), own, "too_many"},
		{false, true, Act("mark", 1, 2), own, "too_many"},
		{false, true, Act("mark", 1, 2, 3), own, "bad_action"},
		{false, true, Act("add", 1), own, "too_many"},
		{false, true, Act("add", 1), nil, "not_legal"},
		{false, true, Act("add", 1), func() error { return nil }, "not_legal"},
	}
	for _, c := range cases {
		if got := ErrorCode(Refuse(tallyVerbs, c.over, c.turn, c.a, c.why)); got != c.want {
			t.Errorf("%+v: %s, want %s", c, got, c.want)
		}
	}
}

// Dispatch of an action the gate should have refused is an engine bug.
func TestDispatchUnknown(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	Dispatch(tallyVerbs, &Move[tally]{S: &tally{}}, Act("fly"))
}
