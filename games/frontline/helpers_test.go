package frontline

import (
	"strconv"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

const A, B = 0, 1

func u(name string) int {
	id := UnitID(name)
	if id < 0 {
		panic("unknown unit " + name)
	}
	return id
}

func c(name string) int {
	id := ActionID(name)
	if id < 0 {
		panic("unknown card " + name)
	}
	return id
}

// blank is an empty board in MAIN of seat turn; everything unmentioned is
// empty or zero (fort 2, all ready).
func blank(month, fp, turn int) State {
	s := State{Variant: "standard", Months: 8, Month: month, FP: fp, Turn: turn, Second: turn != fp,
		Event: -1, Phase: PhMain, Marks: make([]uint8, NumUnits), ManLeft: 2, ShellLeft: 1}
	for p := 0; p < 2; p++ {
		for f := 0; f < 3; f++ {
			for c := 0; c < 4; c++ {
				s.P[p].Grid[f][c] = -1
			}
			s.P[p].Fort[f] = 2
			s.P[p].Ready[f] = true
		}
	}
	return s
}

// put places a unit at "f.c" (or "R" for the Rear) with markers "+1", "+2", "camo".
func (s *State) put(p int, slot, name string, marks ...string) {
	id := u(name)
	if slot == "R" {
		s.P[p].Rear = sortedAdd(s.P[p].Rear, id)
	} else {
		f, _ := strconv.Atoi(slot[:1])
		c, _ := strconv.Atoi(slot[2:])
		s.P[p].Grid[f-1][c-1] = id
	}
	for _, m := range marks {
		switch m {
		case "+1":
			s.Marks[id] |= MarkPlus1
		case "+2":
			s.Marks[id] |= MarkPlus2
		case "camo":
			s.Marks[id] |= MarkCamo
		}
	}
}

func (s *State) hand(p int, names ...string) {
	for _, n := range names {
		s.P[p].Hand = sortedAdd(s.P[p].Hand, c(n))
	}
}

func (s *State) equip(p int, names ...string) {
	for _, n := range names {
		s.P[p].Equip = append(s.P[p].Equip, c(n))
	}
}

// slotOf returns "f.c", "R", "P" or "" for a unit.
func (s *State) slotOf(name string) string {
	l := s.locate(u(name))
	switch l.Where {
	case "slot":
		return strconv.Itoa(l.F) + "." + strconv.Itoa(l.C)
	case "rear":
		return "R"
	case "prison":
		return "P"
	}
	return ""
}

// act parses "verb arg..." where args may be unit/card names or numbers.
func act(text string) games.Action {
	parts := strings.Fields(text)
	a := games.Action{Verb: parts[0]}
	for _, x := range parts[1:] {
		if n, err := strconv.Atoi(x); err == nil {
			a.Args = append(a.Args, n)
		} else if id := UnitID(x); id >= 0 && !strings.HasSuffix(x, "-sa") {
			if ActionID(x) >= 0 {
				panic("ambiguous " + x)
			}
			a.Args = append(a.Args, id)
		} else {
			a.Args = append(a.Args, c(x))
		}
	}
	return a
}

// apply applies an action that must succeed, with scripted dice.
func apply(t *testing.T, s *State, seat int, text string, dice ...int) {
	t.Helper()
	r := games.Script(dice...)
	ns, _, err := G.Apply(*s, games.Seat(seat), act(text), r)
	if err != nil {
		t.Fatalf("%s by %d: %v", text, seat, err)
	}
	if r.Used() != len(dice) {
		t.Fatalf("%s: used %d of %d dice", text, r.Used(), len(dice))
	}
	*s = ns
}

// reject applies an action that must be rejected with code.
func reject(t *testing.T, s *State, seat int, text, code string) {
	t.Helper()
	before := mustJSON(t, *s)
	ns, _, err := G.Apply(*s, games.Seat(seat), act(text), games.Script())
	if err == nil {
		t.Fatalf("%s accepted", text)
	}
	if code != "" && games.ErrorCode(err) != code {
		t.Fatalf("%s: code %q, want %q", text, games.ErrorCode(err), code)
	}
	if mustJSON(t, ns) != before {
		t.Fatalf("rejected %s changed the state", text)
	}
}

// d converts die faces to Intn results.
func d(faces ...int) []int {
	out := make([]int, len(faces))
	for i, f := range faces {
		out[i] = f - 1
	}
	return out
}

func eq[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Fatalf("%s = %v, want %v", what, got, want)
	}
}

var raceEnabled bool

// scale reduces playout counts under -short and -race.
func scale(n int) int {
	if raceEnabled {
		n /= 4
	}
	if testing.Short() {
		n /= 3
	}
	if n < 2 {
		n = 2
	}
	return n
}
