package fow

import (
	"slices"
	"strings"

	"github.com/warroom/warroom/games"
)

// Explain implements games.Explainer the shared way (games.Refuse):
// game_over, not_your_turn for a seat with nothing to do, bad_action for
// a verb outside the table or with the wrong arguments, then why.
func (Game) Explain(s State, seat games.Seat, a games.Action) error {
	l := legal(&s, int(seat))
	return games.Refuse(verbs, s.Phase == PhOver, len(l) > 0, a, func() error { return why(&s, int(seat), a, l) })
}

// why is the most precise error for a, a verb of the table that is not
// in legal (l, not empty: the seat has something to do).
func why(s *State, seat int, a games.Action, l []games.Action) error {
	if !slices.Contains(activeSeats(s), seat) && a.Verb != VLost {
		return games.Illegal("not_your_turn")
	}
	if err := whyVerb(s, seat, a); err != nil {
		return err
	}
	inPhase := false
	for _, x := range l {
		if x.Verb == a.Verb {
			inPhase = true
		}
	}
	if !inPhase {
		if s.Phase == PhBattle && seat != s.Active {
			return games.Illegal("not_your_turn", a.String())
		}
		return games.Illegal("wrong_phase", a.String())
	}
	return games.Illegal("bad_action", a.String())
}

// whyVerb is the spec's code for a refused verb, when it has one.
func whyVerb(s *State, seat int, a games.Action) error {
	arg := func(i int) int {
		if i < len(a.Args) {
			return a.Args[i]
		}
		return -1
	}
	sd := s.Sides[seat]
	plat := func(i int) (Platoon, bool) {
		if i >= 0 && i < len(sd.Platoons) {
			return sd.Platoons[i], true
		}
		return Platoon{}, false
	}
	switch a.Verb {
	case VLost:
		if s.Phase == PhBattle && arg(0) != seat {
			return games.Illegal("not_owner")
		}
	case VDie:
		if s.Await != nil {
			return games.Illegal("bad_die", a.String())
		}
	case VLock:
		if s.Phase == PhAssign && !sd.Locked {
			errs := deployErrors(s, seat)
			if len(errs) > 0 {
				return games.Illegal(errs[0], strings.Join(errs, ","))
			}
		}
	case VAssign:
		if s.Phase == PhAssign && !sd.Locked {
			m := s.m()
			switch arg(1) {
			case 1:
				if m.reserves(s.role(seat)) == "none" {
					return games.Illegal("reserves_not_allowed")
				}
			case 2:
				if s.role(seat) != 1 || m.Ambush == "none" {
					return games.Illegal("ambush_not_allowed")
				}
				if s.count(seat, StAmbush) >= m.AmbushMax {
					return games.Illegal("ambush_max")
				}
			}
		}
	case VFlag:
		if s.Phase == PhRoster {
			return games.Illegal("flag_invalid")
		}
	case VPatrol:
		if s.Phase == PhPatrol && !sd.Patrol {
			p, ok := plat(arg(0))
			if ok && p.Status != StTable {
				return games.Illegal("patrol_not_on_table")
			}
			if ok && p.Teams < 5 {
				return games.Illegal("patrol_too_small")
			}
		}
	case VArrive:
		if s.Phase == PhBattle && s.T.PicksLeft > 0 && seat == s.Active {
			return games.Illegal("bad_selection_count")
		}
	case VHold:
		if s.Phase == PhBattle && s.Sub == SubVictory && seat == s.Active {
			return games.Illegal("objective_not_eligible")
		}
	}
	return nil
}
