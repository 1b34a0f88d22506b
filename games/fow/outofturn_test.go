package fow

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// battleState plays computer moves from a fresh Dust Up until the battle
// is on and the active seat has a platoon on the table.
func battleState(t *testing.T) State {
	t.Helper()
	rng := games.NewPCG(9, 9)
	s, err := G.Setup(games.Options{"mission": "dust_up"}, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3000; i++ {
		if s.Phase == PhBattle && s.Await == nil && s.count(1-s.Active, StTable) > 0 {
			return s
		}
		seat := G.Active(s)[0]
		if s, _, err = G.Apply(s, seat, G.Bot(s, seat, rng), rng); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no battle")
	return s
}

// TestLossesOutOfTurn: in battle a player reports the loss of their own
// platoon and may concede during the opponent's turn (spec §8, "Actions
// available at any time"); nobody reports the opponent's losses. Turn
// order is unchanged by a report.
func TestLossesOutOfTurn(t *testing.T) {
	s := battleState(t)
	owner := 1 - s.Active
	i := -1
	for k, p := range s.Sides[owner].Platoons {
		if p.Status == StTable {
			i = k
			break
		}
	}
	own := act("lost", owner, i)
	legal := G.Legal(s, games.Seat(owner))
	if !games.InLegal(legal, own) || !games.InLegal(legal, act("concede")) {
		t.Fatalf("out of turn, seat %d may do %v", owner, legal)
	}
	if games.InLegal(legal, act("end_turn")) || games.InLegal(legal, act("next")) {
		t.Fatalf("the turn's own steps out of turn: %v", legal)
	}
	// The active seat cannot report the opponent's platoon.
	if _, _, err := G.Apply(s, games.Seat(s.Active), own, games.NewPCG(1, 1)); games.ErrorCode(err) != "not_owner" {
		t.Fatalf("the opponent reported the loss: %v", err)
	}
	n, _, err := G.Apply(s, games.Seat(owner), own, games.NewPCG(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if n.Sides[owner].Platoons[i].Status != StDestroyed || n.Active != s.Active || n.Sub != s.Sub {
		t.Fatalf("after the report: status %v, active %d (was %d), sub %v", n.Sides[owner].Platoons[i].Status, n.Active, s.Active, n.Sub)
	}
	// A non-active seat's other choices are refused as out of turn.
	if _, _, err := G.Apply(s, games.Seat(owner), act("end_turn"), games.NewPCG(1, 1)); games.ErrorCode(err) != "not_your_turn" {
		t.Fatalf("end_turn out of turn: %v", err)
	}
	// Conceding out of turn ends the game for the opponent.
	ns, _, err := G.Apply(s, games.Seat(owner), act("concede"), games.NewPCG(1, 1))
	if o := G.Outcome(ns); err != nil || !o.Done || len(o.Winners) != 1 || int(o.Winners[0]) != s.Active {
		t.Fatalf("concede out of turn: %v %+v", err, o)
	}
}
