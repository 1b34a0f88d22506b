package trenches

import "github.com/warroom/warroom/games"

// Explain implements games.Explainer the shared way (games.Refuse):
// game_over, not_your_turn, bad_action for a verb outside the table or
// with the wrong arguments, then the spec's precise code (whyNot).
func (Game) Explain(s State, seat games.Seat, a games.Action) error {
	return games.Refuse(verbs, s.Phase == PhaseOver, s.active(seat), a, func() error {
		if code := s.whyNot(a); code != "" {
			return games.Illegal(code)
		}
		return games.Illegal("bad_action", a.String())
	})
}

// whyNot is the first rule a, a verb of the table taken by a seat to
// act, breaks ("" when none is found).
func (s *State) whyNot(a games.Action) string {
	setup := s.Phase == PhaseSetupDefender || s.Phase == PhaseSetupRaider
	switch a.Verb {
	case VDugout, VPlace, VUnplace, VAuto, VReady:
		if !setup {
			return "not_setup"
		}
	default:
		if setup {
			return "in_setup"
		}
	}
	switch a.Verb {
	case VDugout:
		if !s.needDugouts() {
			return "wrong_order"
		}
		return s.dugoutErr(a.Args[0])
	case VPlace:
		return s.whyNotPlace(a.Args[0], a.Args[1], a.Args[2])
	case VUnplace:
		return "nothing_to_undo"
	case VAuto, VReady:
		return "wrong_count"
	case VReveal:
		return s.whyNotReveal(a.Args[0], a.Args[1])
	case VEnd:
		return ""
	}
	return s.whyNotUnit(a)
}

// whyNotPlace is why counter c may not be set up at h (hid 1: face down).
func (s *State) whyNotPlace(c, h, hid int) string {
	if s.needDugouts() || c != s.nextPending() || c < 0 {
		return "wrong_order"
	}
	if hid != 0 && hid != 1 {
		return "bad_action"
	}
	sc := s.sc()
	if !s.setupRaider() {
		if contains(sc.RaiderStart, h) {
			return "raider_start_hex"
		}
		if sc.DugoutsEmpty && s.isDugout(h) {
			return "dugout_not_empty"
		}
	}
	if !contains(s.allocHexes(c), h) {
		return "bad_hex"
	}
	if hid == 1 && !s.canHide(c, h) {
		return "must_be_face_up"
	}
	if hid == 0 && s.Counters[c].Decoy() {
		return "must_be_hidden"
	}
	return ""
}

// whyNotReveal is why unit u of the stack at h may not be revealed.
func (s *State) whyNotReveal(h, u int) string {
	if s.Phase != PhaseDefender {
		return "not_your_turn"
	}
	st := s.stackAt(h)
	if st == nil || u < 0 || u >= len(s.Counters) || s.Counters[u].Decoy() || !contains(st.Counters, u) {
		return "not_in_stack"
	}
	if s.raiderIn(h) {
		return "reveal_blocked_by_raider"
	}
	if st.Turn >= s.revealLimit(h) {
		return "reveal_limit"
	}
	return ""
}

// whyNotUnit is why the unit action a (its unit first) is refused.
func (s *State) whyNotUnit(a games.Action) string {
	arg := func(i int) int { return a.Args[i] }
	// Unit actions.
	raider := s.Phase == PhaseRaider
	u := arg(0)
	if u < 0 || u >= len(s.Counters) || s.Counters[u].Decoy() {
		return "no_such_unit"
	}
	c := s.Counters[u]
	if a.Verb == VClear && !raider {
		return "not_your_unit"
	}
	if a.Verb == VExit && !raider {
		return "exit_not_allowed"
	}
	if c.Raider != raider {
		if a.Verb == VExit {
			return "exit_not_allowed"
		}
		return "not_your_unit"
	}
	if c.Loc == LocStack {
		return "hidden_unit"
	}
	if c.Loc != LocMap {
		return "not_on_map"
	}
	if c.Acted {
		return "already_acted"
	}
	st := Stats[c.Type]
	switch a.Verb {
	case VMove, VExit:
		return s.whyNotMove(a, u, c, raider)
	case VAttack:
		t := arg(1)
		if t < 0 || t >= len(s.Counters) || s.Counters[t].Loc != LocMap || s.Counters[t].Raider == raider {
			return "target_not_face_up_enemy"
		}
		if Distance(c.Hex, s.Counters[t].Hex) > st.Range {
			return "out_of_range"
		}
	case VClear:
		if !s.isDugout(c.Hex) {
			return "no_dugout"
		}
	}
	return ""
}

// whyNotMove is why unit u (c) may not move (or exit) as a says.
func (s *State) whyNotMove(a games.Action, u int, c Counter, raider bool) string {
	st := Stats[c.Type]
	sc := s.sc()
	if st.MP == 0 {
		return "immobile"
	}
	if s.frenchHFrozen(c) {
		return "french_h_turn1"
	}
	if a.Verb == VExit {
		if s.M > 3 {
			return "exit_not_allowed"
		}
		if s.reach(u, st.MP).ExitCost >= inf {
			if s.reach(u, inf).ExitCost >= inf {
				return "no_path"
			}
			return "not_enough_mp"
		}
		return ""
	}
	h := a.Args[1]
	if !Valid(h) || h == c.Hex {
		return "bad_hex"
	}
	if Hex(h).Terrain == Wire && !sc.IsCutWire(h) {
		return "path_blocked_wire"
	}
	if sc.IsImpassable(h) {
		return "path_blocked_impassable"
	}
	if b := s.blockedFor(raider); b[Idx(h)] {
		return "path_blocked_enemy"
	}
	if s.reach(u, st.MP).Cost[Idx(h)] >= inf {
		if s.reach(u, inf).Cost[Idx(h)] >= inf {
			return "no_path"
		}
		return "not_enough_mp"
	}
	return ""
}
