package frontline

import "github.com/warroom/warroom/games"

// Explain implements games.Explainer the shared way (games.Refuse):
// game_over, not_your_turn, bad_action for a verb outside the table or
// with the wrong arguments, then the spec's precise code (diagnose).
func (Game) Explain(s State, seat games.Seat, a games.Action) error {
	return games.Refuse(verbs, s.Phase == PhOver, int(seat) == s.active(), a, func() error {
		return games.Illegal(s.diagnose(int(seat), a), a.String())
	})
}

func (s *State) diagnose(p int, a games.Action) string {
	if len(s.Queue) > 0 {
		switch a.Verb {
		case VPlace, VTarget, VRemove, VDegrade, VFort, VPromote:
			return "bad_choice"
		}
		return "decision_pending"
	}
	switch a.Verb {
	case VDraft:
		if s.Phase != PhDraft {
			return "wrong_phase"
		}
		return "bad_draft"
	case VDraw:
		if s.Phase != PhDraw {
			return "wrong_phase"
		}
		return "bad_draw"
	case VBuy, VPlay, VMove, VSwap, VShell, VDeclare, VPeek, VEnd:
		if s.Phase != PhMain {
			return "wrong_phase"
		}
	case VCard, VDone, VPass:
		if s.Phase != PhBattle {
			return "wrong_phase"
		}
		if a.Verb == VDone {
			return "done_needs_card"
		}
		if a.Verb == VPass {
			return "pass_after_card"
		}
		return "cannot_play"
	case VPlace, VTarget, VRemove, VDegrade, VFort, VPromote:
		return "no_decision"
	default:
		return "bad_action"
	}
	return s.diagnoseMain(p, a)
}

// diagnoseMain explains a main-phase action refused (the phase is right).
func (s *State) diagnoseMain(p int, a games.Action) string {
	arg := func(i int) int { return argOr(a, i) }
	switch a.Verb {
	case VBuy:
		if len(a.Args) == 0 {
			return "bad_action"
		}
		pile := arg(0)
		if pile < 1 || pile > 5 || len(s.Piles[pile-1]) == 0 {
			return "empty_pile"
		}
		c := s.Piles[pile-1][len(s.Piles[pile-1])-1]
		if s.P[p].Gold < acost(c) {
			return "not_enough_gold"
		}
		if atype(c) == "extra_barrage" && s.eventID() == "fog" {
			return "fog"
		}
		return s.whyNotBuy(p, c, a.Args[1:])
	case VPlay:
		c := arg(0)
		if !contains(s.P[p].Hand, c) {
			return "not_in_hand"
		}
		if s.ActPlayed >= s.limit(p) {
			return "limit_reached"
		}
		return "no_target"
	case VMove, VSwap:
		if s.ManLeft < 1 {
			return "no_maneuvers"
		}
		return s.whyNotMove(p, a)
	case VShell:
		if s.eventID() == "fog" {
			return "fog"
		}
		if s.ShellLeft < 1 || contains(s.Shelled, arg(0)) {
			return "no_shelling"
		}
		return s.whyNotShell(p, a)
	case VDeclare:
		if s.eventID() == "christmas_truce" {
			return "truce"
		}
		if s.Declared[p] > 0 {
			return "already_declared"
		}
		if s.P[p].Ammo < 1 {
			return "no_ammo"
		}
		return "not_ready"
	case VPeek:
		return "cannot_peek"
	}
	return "bad_action"
}
