package fow

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// TestMoraleLineCountsPlatoonsInAction: the morale display counts the
// platoons on the table or in ambush, never those in reserve (spec §10
// R35), in every state of computer games with reserves.
func TestMoraleLineCountsPlatoonsInAction(t *testing.T) {
	seen := 0
	for _, mission := range []string{"hold_the_line", "no_retreat", "breakthrough", "counterattack"} {
		for seed := uint64(1); seed <= 4; seed++ {
			playout(t, mission, false, seed, false, func(_, next State, _ int, _ games.Action, _ []games.Event) {
				v := G.View(next, games.Spectator).(View)
				for seat, sd := range v.Sides {
					if sd.Reserves <= 0 {
						continue
					}
					seen++
					if want := next.count(seat, StTable, StAmbush); sd.InAction != want || sd.InAction == sd.OnTable+sd.OffTable {
						t.Fatalf("%s seed %d: in action %d (table %d, off table %d, reserves %d), want %d",
							mission, seed, sd.InAction, sd.OnTable, sd.OffTable, sd.Reserves, want)
					}
				}
			})
		}
	}
	if seen == 0 {
		t.Fatal("no state with reserves was reached")
	}
}

// TestPlatoonNamesStayUnique: deleting a platoon and adding another of the
// same kind never gives two platoons the same name in a seat.
func TestPlatoonNamesStayUnique(t *testing.T) {
	rng := games.NewPCG(1, 1)
	s, err := G.Setup(games.Options{"mission": "encounter"}, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	do := func(verb string, args ...int) {
		t.Helper()
		var err error
		if s, _, err = G.Apply(s, 0, games.Act(verb, args...), rng); err != nil {
			t.Fatalf("%s %v: %v", verb, args, err)
		}
	}
	for s.Phase != PhRoster {
		seat := G.Active(s)[0]
		s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
	}
	do("add", 0)
	do("add", 0)
	do("sel", 0)
	do("del")
	do("add", 0)
	names := map[int]bool{}
	for _, p := range s.Sides[0].Platoons {
		if names[p.Num] {
			t.Fatalf("two platoons named %s %d: %+v", p.Tpl, p.Num, s.Sides[0].Platoons)
		}
		names[p.Num] = true
	}
}
