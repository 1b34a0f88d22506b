package fow

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

// invariants checks spec §14 between two consecutive states.
func invariants(t testing.TB, prev, next State, seat int, a games.Action, ev []games.Event) {
	m := next.m()
	fail := func(f string, args ...any) {
		t.Helper()
		t.Fatalf("after %s by %d: "+f, append([]any{a, seat}, args...)...)
	}
	battleBefore := prev.Phase == PhBattle || prev.Phase == PhOver
	locked := prev.Sides[0].Locked && prev.Sides[1].Locked
	for sd := 0; sd < 2; sd++ {
		for i, np := range next.Sides[sd].Platoons {
			if !locked || i >= len(prev.Sides[sd].Platoons) {
				continue
			}
			pp := prev.Sides[sd].Platoons[i]
			if pp.Status != np.Status {
				ok := false
				switch pp.Status + ">" + np.Status {
				case StReserve + ">" + StTable:
					// Reserves arrive in a battle turn, including the first
					// one, whose reserve roll (reserves: dice(1) = 1) runs as
					// the game enters the battle phase.
					ok = (prev.Phase == PhBattle || next.Phase == PhBattle) && (sd == prev.Active || sd == next.Active)
				case StAmbush + ">" + StTable:
					ok = true
				case StTable + ">" + StWithdrawn, StAmbush + ">" + StWithdrawn:
					ok = m.StrategicW && sd == next.defender()
				case StTable + ">" + StDestroyed, StAmbush + ">" + StDestroyed:
					ok = battleBefore
				}
				if !ok {
					fail("platoon %s: %s -> %s", PlatoonID(sd, i), pp.Status, np.Status)
				}
			}
			if (pp.LeftBehind && !np.LeftBehind) || (pp.Patrol && !np.Patrol) {
				fail("left_behind/patrol reset")
			}
		}
	}
	if next.Delay < 0 || next.Delay > 5 || (!m.StrategicW && next.Delay != 0) {
		fail("delay counters %d", next.Delay)
	}
	if next.Phase == PhBattle && next.Turn < 3 && next.Delay != 0 {
		fail("delay before turn 3")
	}
	np, pp := 0, 0
	for _, o := range next.Objectives {
		if !o.Removed {
			np++
		}
	}
	for _, o := range prev.Objectives {
		if !o.Removed {
			pp++
		}
	}
	if prev.Phase != PhObjectives && np > pp {
		fail("objectives increased")
	}
	if np < pp && !(m.GradualW && prev.Active == prev.defender() && (prev.Turn == 6 || prev.Turn == 7) && pp-np == 1) {
		fail("objective removed illegally")
	}
	if next.Phase == PhTable && prev.Phase == PhAssign {
		for sd := 0; sd < 2; sd++ {
			if e := deployErrors(&next, sd); len(e) > 0 {
				fail("locked deployment invalid: %v", e)
			}
		}
	}
	if next.MERestricted && !(m.Meeting && next.Turn == 1 && next.Active == next.First) {
		fail("me_restricted outside first turn")
	}
	if next.Turn < prev.Turn {
		fail("turn decreased")
	}
	if m.TurnLimit > 0 && next.Turn > m.TurnLimit {
		fail("turn %d beyond limit", next.Turn)
	}
	if prev.Phase == PhBattle && next.Phase == PhBattle && a.Verb == "end_turn" && next.Active == prev.Active {
		fail("active did not alternate")
	}
	if next.Phase == PhOver {
		w, l := next.VP[0], next.VP[1]
		if next.Winner >= 0 {
			w, l = next.VP[next.Winner], next.VP[1-next.Winner]
			if w+l != 7 || w < 4 || w > 6 {
				fail("VP %v", next.VP)
			}
		} else if w < 0 || w > 3 || l < 0 || l > 3 {
			fail("VP %v", next.VP)
		}
	}
	// reserve rolls: dice count and arrivals
	for _, e := range entries(t, ev) {
		if e.Kind == "reserve_roll" {
			d := e.Args[4:]
			if len(d) != next.reserveDice(e.Seat, e.Args[0]) || e.Args[3] > len(d) {
				fail("reserve roll %v", e.Args)
			}
			if len(d) >= 3 && e.Args[3] < 1 {
				fail("no guaranteed arrival %v", e.Args)
			}
		}
	}
}

func (Game) isActive(s State, seat games.Seat) bool {
	for _, a := range G.Active(s) {
		if a == seat {
			return true
		}
	}
	return false
}

// TestHiddenInformation: the identity of reserves and ambushers, a draft
// deployment and an unready roster never reach another seat's or the
// spectator's view.
func TestHiddenInformation(t *testing.T) {
	n := 6
	if testing.Short() || raceOn {
		n = 2
	}
	for _, m := range Missions() {
		for seed := uint64(1); seed <= uint64(n); seed++ {
			playout(t, m.ID, seed%2 == 0, seed+77, seed%3 == 0, func(prev, s State, seat int, a games.Action, ev []games.Event) {
				for owner := 0; owner < 2; owner++ {
					for _, viewer := range []int{-1, 1 - owner} {
						v := view(&s, viewer)
						j := js(v.Sides[owner])
						if strings.Contains(j, StReserve) || strings.Contains(j, StAmbush) {
							t.Fatalf("%s: seat %d's hidden status visible to %d: %s", m.ID, owner, viewer, j)
						}
						if !s.Sides[owner].Ready && (len(v.Sides[owner].Platoons) > 0 || v.Sides[owner].Company != "") {
							t.Fatalf("unready roster visible")
						}
						// A failed ambush check names the platoon in
						// ambush: only its owner's journal holds it.
						for _, e := range ev {
							if e.Kind == "ambush_failed" && e.Visible(games.Seat(viewer)) && int(e.Seat) != viewer {
								t.Fatalf("seat %d's failed ambush check is visible to %d", e.Seat, viewer)
							}
						}
						if v.Check != nil && s.Check.Seat != viewer {
							t.Fatalf("checklist visible to %d", viewer)
						}
						if !(s.Sides[0].Locked && s.Sides[1].Locked) && s.Phase != PhOver {
							for _, p := range v.Sides[owner].Platoons {
								if p.Status != "" {
									t.Fatalf("draft deployment visible")
								}
							}
						}
					}
				}
			})
		}
	}
}

func BenchmarkApply(b *testing.B) {
	rng := games.NewPCG(1, 2)
	var states []State
	var seats []games.Seat
	var acts []games.Action
	s, _ := G.Setup(games.Options{"mission": "hasty_attack"}, 2, rng)
	for len(G.Active(s)) > 0 {
		seat := G.Active(s)[0]
		a := G.Bot(s, seat, rng)
		states, seats, acts = append(states, s), append(seats, seat), append(acts, a)
		s, _, _ = G.Apply(s, seat, a, rng)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		G.Apply(states[k], seats[k], acts[k], rng)
	}
}

func BenchmarkPlayout(b *testing.B) {
	for i := 0; i < b.N; i++ {
		rng := games.NewPCG(uint64(i), 3)
		s, _ := G.Setup(games.Options{"mission": "hasty_attack"}, 2, rng)
		for len(G.Active(s)) > 0 {
			seat := G.Active(s)[0]
			s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
		}
	}
}
