package games

import "testing"

// wrongBot is secretGame whose computer answers "stay", never legal, and
// which explains a refused "jump".
type wrongBot struct{ secretGame }

func (wrongBot) Legal(_ secretState, seat Seat) []Action {
	if seat != 0 {
		return nil
	}
	return []Action{Act("go")}
}
func (wrongBot) Bot(secretState, Seat, Rand) Action { return Act("stay") }
func (wrongBot) Explain(_ secretState, _ Seat, a Action) error {
	if a.Verb == "jump" {
		return Illegal("too_high")
	}
	return nil
}

// The adapter is the gate: only Legal's actions reach Do, the others get
// the game's explanation or a generic code and leave the state alone.
func TestAdapterGate(t *testing.T) {
	var asked any
	e := Adapt[secretState](wrongBot{secretGame{asked: &asked}})
	s := State(secretState{Hidden: 7})
	ns, _, err := e.Apply(s, 0, Act("go"), NewPCG(1, 1))
	if err != nil || ns.(secretState).Hidden != 8 {
		t.Fatalf("legal go: %v %v", ns, err)
	}
	for _, c := range []struct {
		seat Seat
		a    Action
		code string
	}{
		{0, Act("jump"), "too_high"},
		{0, Act("go", 1), "not_legal"},
		{0, Act("fly"), "not_legal"},
		{1, Act("go"), "not_your_turn"},
	} {
		ns, ev, err := e.Apply(s, c.seat, c.a, NewPCG(1, 1))
		if ErrorCode(err) != c.code || ns.(secretState).Hidden != 7 || ev != nil {
			t.Errorf("%d %v: %v %v %v, want %s and no change", c.seat, c.a, ns, ev, err, c.code)
		}
	}
	var mistakes []string
	old := SetBotMistake(func(game string, seat Seat, a Action) { mistakes = append(mistakes, game+" "+a.String()) })
	defer SetBotMistake(old)
	if a := e.Bot(s, 0, NewPCG(1, 1)); a.String() != "go" || len(mistakes) != 1 || mistakes[0] != "secret stay" {
		t.Fatalf("bot played %v, reported %v", a, mistakes)
	}
}

// RunBots plays while its picker finds a computer seat, stops for a
// human, and calls an endless run a bug, leaving the state as it was.
func TestRunBots(t *testing.T) {
	var asked any
	e := Adapt[secretState](secretGame{asked: &asked})
	s := State(secretState{Hidden: 7})
	n := 0
	st, moves, err := RunBots(e, s, NewPCG(1, 1), Bots{Seat: func(_ State, active []Seat) (Seat, bool) {
		n++
		return active[0], n <= 3
	}})
	if err != nil || len(moves) != 3 || st.(secretState).Hidden != 10 || moves[0].Action.String() != "go" {
		t.Fatalf("%v %v %v", st, moves, err)
	}
	if st, moves, err := RunBots(e, s, NewPCG(1, 1), Bots{Seat: SeatsIn(func(x Seat) bool { return x == 1 })}); err != nil || len(moves) != 0 || st.(secretState).Hidden != 7 {
		t.Fatalf("a human's turn: %v %v %v", st, moves, err)
	}
	if st, moves, err := RunBots(e, s, NewPCG(1, 1), Bots{Max: 10, Seat: SeatsIn(func(Seat) bool { return true })}); err == nil || moves != nil || st.(secretState).Hidden != 7 {
		t.Fatalf("endless: %v %v %v", st, moves, err)
	}
}
