package games

import (
	"encoding/json"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func TestActionTextRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := Action{Verb: rapid.StringMatching(`[a-z_][a-z_0-9]{0,15}`).Draw(t, "verb")}
		a.Args = rapid.SliceOfN(rapid.IntRange(-1000, 1000), 0, MaxArgs).Draw(t, "args")
		if len(a.Args) == 0 {
			a.Args = nil
		}
		b, err := ParseAction(a.String())
		if err != nil {
			t.Fatalf("parse %q: %v", a.String(), err)
		}
		if !a.Equal(b) {
			t.Fatalf("%v != %v", a, b)
		}
	})
}

func TestParseActionRejects(t *testing.T) {
	for _, s := range []string{"", "Take.1", "take.x", "take.1.2.3.4.5.6.7.8.9", "a;b", "take.99999999999"} {
		if _, err := ParseAction(s); err == nil {
			t.Errorf("ParseAction(%q) accepted", s)
		}
	}
	if a, err := ParseAction("balloon 2 -1"); err != nil || a.String() != "balloon.2.-1" {
		t.Errorf("space form: %v %v", a, err)
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"take.7", "roll", "balloon.2.-1", "", "..", "x.1.2.3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			return
		}
		// Full round-trips the whole action, typed text included;
		// String (log lines, custom_ids) never carries the text.
		b, err := ParseAction(a.Full())
		if err != nil || !a.Equal(b) {
			t.Fatalf("%q -> %q -> %q %v", s, a.Full(), b.Full(), err)
		}
		c, err := ParseAction(a.String())
		if err != nil || c.Text != "" || c.Verb != a.Verb || !slices.Equal(c.Args, a.Args) {
			t.Fatalf("%q -> %q -> %q %v", s, a.String(), c.Full(), err)
		}
	})
}

func TestPCGResumesAfterJSON(t *testing.T) {
	a := NewPCG(1, 2)
	for range 10 {
		a.Intn(6)
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var b Source
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		if x, y := a.Intn(1000), b.Intn(1000); x != y {
			t.Fatalf("draw %d: %d != %d", i, x, y)
		}
	}
}

func TestPCGRange(t *testing.T) {
	r := NewPCG(7, 7)
	seen := map[int]int{}
	for range 6000 {
		v := Die(r, 6)
		if v < 1 || v > 6 {
			t.Fatalf("die %d", v)
		}
		seen[v]++
	}
	for v := 1; v <= 6; v++ {
		if seen[v] < 800 || seen[v] > 1200 {
			t.Fatalf("face %d came up %d times in 6000", v, seen[v])
		}
	}
}

func TestShuffleScriptProducesOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 60).Draw(t, "n")
		order := rapid.Permutation(seq(n)).Draw(t, "order")
		deck := seq(n)
		Shuffle(Script(ShuffleScript(order)...), deck)
		for i := range deck {
			if deck[i] != order[i] {
				t.Fatalf("position %d: got %d want %d", i, deck[i], order[i])
			}
		}
	})
}

func TestScriptedPanicsOutOfRange(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	Script(6).Intn(6)
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
