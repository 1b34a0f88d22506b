package games

import "testing"

// secretGame has one hidden number; its view shows it only to seat 0.
type secretGame struct{ asked *any }

type secretState struct{ Hidden int }

func (secretGame) Info() Info                                    { return Info{ID: "secret", MinSeats: 2, MaxSeats: 2} }
func (secretGame) Setup(Options, int, Rand) (secretState, error) { return secretState{Hidden: 7}, nil }
func (secretGame) Active(secretState) []Seat                     { return []Seat{0} }
func (secretGame) Legal(secretState, Seat) []Action              { return []Action{Act("go")} }
func (secretGame) Do(s secretState, _ Seat, _ Action, _ Rand) (secretState, []Event) {
	s.Hidden++
	return s, nil
}
func (secretGame) View(s secretState, viewer Seat) any {
	if viewer == 0 {
		return s.Hidden
	}
	return -1
}
func (secretGame) Outcome(secretState) Outcome                 { return Outcome{} }
func (secretGame) Bot(secretState, Seat, Rand) Action          { return Act("go") }
func (g secretGame) PrivateChoices(public any, seat Seat) bool { *g.asked = public; return seat == 0 }
func (secretGame) Disguise(s secretState, r Rand) secretState  { s.Hidden = r.Intn(100); return s }

// The engine gives a game's PrivateChoices the spectator view, never the
// state or a seat's view, and answers false for games without Secrets.
func TestPrivateChoicesSeesThePublicViewOnly(t *testing.T) {
	var asked any
	e := Adapt[secretState](secretGame{asked: &asked})
	if !e.PrivateChoices(secretState{Hidden: 7}, 0) || asked != -1 {
		t.Fatalf("PrivateChoices was given %v, want the spectator view -1", asked)
	}
	if e.PrivateChoices(secretState{Hidden: 7}, 1) {
		t.Fatal("seat 1")
	}
	if tw, ok := e.Disguise(secretState{Hidden: 7}, NewPCG(1, 2)); !ok || e.View(tw, Spectator) != -1 {
		t.Fatalf("Disguise: %v %v", tw, ok)
	}
	plain := Adapt[secretState](plainGame{secretGame{asked: &asked}})
	if plain.PrivateChoices(secretState{}, 0) {
		t.Fatal("a game without Secrets has a private menu")
	}
	if _, ok := plain.Disguise(secretState{}, NewPCG(1, 2)); ok {
		t.Fatal("a game without Disguiser disguises")
	}
}

// plainGame is secretGame without Secrets or Disguiser.
type plainGame struct{ g secretGame }

func (p plainGame) Info() Info                                          { return p.g.Info() }
func (p plainGame) Setup(o Options, n int, r Rand) (secretState, error) { return p.g.Setup(o, n, r) }
func (p plainGame) Active(s secretState) []Seat                         { return p.g.Active(s) }
func (p plainGame) Legal(s secretState, x Seat) []Action                { return p.g.Legal(s, x) }
func (p plainGame) Do(s secretState, x Seat, a Action, r Rand) (secretState, []Event) {
	return p.g.Do(s, x, a, r)
}
func (p plainGame) View(s secretState, v Seat) any           { return p.g.View(s, v) }
func (p plainGame) Outcome(s secretState) Outcome            { return p.g.Outcome(s) }
func (p plainGame) Bot(s secretState, x Seat, r Rand) Action { return p.g.Bot(s, x, r) }
