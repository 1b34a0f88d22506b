package flanders

import "github.com/warroom/warroom/games"

// check is nil when seat may take a now, else the refusal Explain
// gives; the computer's policy asks it. Its last part, judgeMove, is also
// the filter Legal draws its list with, without building an error.
func (s *State) check(seat int, a games.Action) error {
	if s.Over() || seat != s.Active || verbs.Known(a) != nil {
		return games.Refuse(verbs, s.Over(), seat == s.Active, a, nil)
	}
	return s.why(a)
}

// why is the spec's reason against a verb the table knows, taken by the
// seat to act: wrong_phase, or judgeMove's code with its numbers.
func (s *State) why(a games.Action) error {
	if p := verbs[a.Verb].Phase; p != s.Phase {
		return games.Illegal("wrong_phase", a.Verb, "in", s.Phase)
	}
	if code, d := s.judgeMove(a); code != "" {
		d := d.v[:d.n]
		args := make([]any, len(d))
		for i, x := range d {
			args[i] = x
		}
		return games.Illegal(code, args...)
	}
	return nil
}

// detail is a refusal's numbers, kept off the heap until reported.
type detail struct {
	v [2]int
	n int
}

// judgeMove is judge of an action of the phase and seat, with its
// arguments.
func (s *State) judgeMove(a games.Action) (string, detail) {
	hand := s.Players[s.Active].Hand
	arg := func(i int) int { return a.Args[i] }
	switch a.Verb {
	case VerbGas:
		if !hasType(hand, BritishGas) {
			return "no_gas_card", detail{}
		}
		sp := arg(0)
		if sp < 3 || sp > 11 || sp == NineSpace || s.Spaces[sp] < 0 {
			return "bad_gas_target", detail{[2]int{sp}, 1}
		}
		if t := cardTypeOf[s.Spaces[sp]]; t != GermanArtillery && t != GermanMG {
			return "bad_gas_target", detail{[2]int{sp}, 1}
		}
	case VerbStop:
		if !s.MayStop {
			return "cannot_stop_yet", detail{}
		}
	case VerbTake, VerbRecon, VerbBalloon, VerbAcceptBust:
		return s.judgeRoll(a, hand)
	case VerbGasDiscard, VerbCancel:
		return s.judgeResolve(a, hand)
	case VerbSacrifice:
		if arg(0) < 0 || arg(0) > s.KMax {
			return "sacrifice_out_of_range", detail{[2]int{arg(0)}, 1}
		}
	case VerbStepInfantry:
		if s.I <= 0 {
			return "no_points", detail{}
		}
	case VerbStepTank:
		if s.T <= 0 {
			return "no_points", detail{}
		}
	}
	return "", detail{}
}

// Explain implements games.Explainer the shared way (games.Refuse):
// game_over, not_your_turn, bad_action, then why.
func (Game) Explain(s State, seat games.Seat, a games.Action) error {
	return games.Refuse(verbs, s.Over(), int(seat) == s.Active, a, func() error { return s.why(a) })
}

// judgeRoll judges the verbs of a roll's choice (phase rolled).
func (s *State) judgeRoll(a games.Action, hand []int) (string, detail) {
	arg := func(i int) int { return a.Args[i] }
	switch a.Verb {
	case VerbTake:
		if sp := arg(0); sp < 3 || sp > 11 || s.optionMask(s.Dice)&(1<<sp) == 0 {
			return "not_an_option", detail{[2]int{sp}, 1}
		}
	case VerbRecon:
		if !hasType(hand, AerialRecon) {
			return "no_recon", detail{}
		}
		if s.fcForcedMask(s.optionMask(s.Dice)) {
			return "fc_forced", detail{}
		}
	case VerbBalloon:
		if !hasType(hand, ObservationBalloon) {
			return "no_balloon", detail{}
		}
		if s.fcForcedMask(s.optionMask(s.Dice)) {
			return "fc_forced", detail{}
		}
		die, d := arg(0), arg(1)
		if die < 1 || die > 3 || (d != 1 && d != -1) || s.Dice[die-1]+d < 1 || s.Dice[die-1]+d > 6 {
			return "die_out_of_range", detail{[2]int{die, d}, 2}
		}
		if !s.balloonOK(die, d) {
			return "balloon_gives_no_card", detail{}
		}
	case VerbAcceptBust:
		if s.optionMask(s.Dice) != 0 {
			return "bust_not_allowed", detail{}
		}
	}
	return "", detail{}
}

// judgeResolve judges the choices of German Gas and British Artillery.
func (s *State) judgeResolve(a games.Action, hand []int) (string, detail) {
	arg := func(i int) int { return a.Args[i] }
	switch a.Verb {
	case VerbGasDiscard:
		for _, t := range gasEligible(hand) {
			if t == arg(0) {
				return "", detail{}
			}
		}
		return "not_eligible", detail{[2]int{arg(0)}, 1}
	case VerbCancel:
		if !hasType(hand, BritishArtillery) {
			return "no_artillery", detail{}
		}
		el := cancellableIn(hand)
		if s.StrongArtillery && len(el) > 0 {
			el = el[:1] // one cancel removes them all: offer it once
		}
		for _, t := range el {
			if t == arg(0) {
				return "", detail{}
			}
		}
		return "bad_cancel_target", detail{[2]int{arg(0)}, 1}
	}
	return "", detail{}
}
