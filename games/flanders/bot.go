package flanders

import "github.com/warroom/warroom/games"

// Bot plays at the seat's computer level (games.SeatLevel): normal is
// the deterministic policy of spec §13 (it draws no randomness), easy a
// random legal action, hard the Monte Carlo search of hardChoice.
func (g Game) Bot(s State, seat games.Seat, r games.Rand) games.Action {
	legal := g.Legal(s, seat)
	if len(legal) == 0 {
		return games.Action{}
	}
	level := games.SeatLevel(s.Level, s.Levels, seat)
	switch {
	case len(legal) == 1:
		return legal[0]
	case level == games.LevelEasy:
		return legal[r.Intn(len(legal))]
	case level == games.LevelHard:
		return g.hardChoice(s, seat, legal, r)
	}
	a := s.botChoice()
	for _, l := range legal {
		if l.Equal(a) {
			return a
		}
	}
	return legal[0]
}

func (s *State) botChoice() games.Action {
	p := &s.Players[s.Active]
	switch s.Phase {
	case PhaseReady:
		if !s.MayStop && s.Dice == nil {
			if a, ok := s.botGas(); ok {
				return a
			}
			return games.Act(VerbRoll)
		}
		if s.botShouldStop() {
			return games.Act(VerbStop)
		}
		return games.Act(VerbRoll)
	case PhaseRolled:
		return s.botRolled()
	case PhaseGas:
		return games.Act(VerbGasDiscard, s.botGasDiscard())
	case PhaseArtillery:
		el := cancellableIn(p.Hand)
		for _, t := range []int{GermanArtillery, GermanCounterAttack, GermanMG} {
			for _, e := range el {
				if e == t && s.check(s.Active, games.Act(VerbCancel, t)) == nil {
					return games.Act(VerbCancel, t)
				}
			}
		}
		return games.Act(VerbKeepArtillery)
	case PhaseSacrifice:
		wire := 0
		if s.T == 0 {
			wire = countType(p.Hand, BarbedWire)
		}
		mines := countType(p.Hand, Mines)
		best, bestN := -1, 0
		for n := 0; n <= s.KMax; n++ {
			d := simulateMove(p.Row, max(0, s.I+n-wire), s.T, mines)
			left := p.Troops - n - lossesAt(p.Hand, d, false, false)
			need := 2
			if d == Objective {
				need = 1
			}
			if left >= need && d > best {
				best, bestN = d, n
			}
		}
		return games.Act(VerbSacrifice, bestN)
	case PhaseMove:
		return games.Act(VerbAutoMove)
	case PhaseMines:
		with := simulateMove(p.Row, s.I, s.T, countType(p.Hand, Mines)-1)
		if with-p.Row >= 2 || with == Objective {
			return games.Act(VerbUseMines)
		}
		return games.Act(VerbHalt)
	}
	return games.Action{}
}

// botGas is rule 1: gas German Artillery, or MG with 2+ Gas cards.
func (s *State) botGas() (games.Action, bool) {
	hand := s.Players[s.Active].Hand
	gas := countType(hand, BritishGas)
	if gas == 0 {
		return games.Action{}, false
	}
	pick := func(t, minCount int) (int, bool) {
		best, bestSp := -1, 0
		for _, sp := range Drawable {
			if s.Spaces[sp] >= 0 && cardTypeOf[s.Spaces[sp]] == t && RollCounts[sp] >= minCount && RollCounts[sp] > best {
				best, bestSp = RollCounts[sp], sp
			}
		}
		return bestSp, best >= 0
	}
	if sp, ok := pick(GermanArtillery, 0); ok {
		return games.Act(VerbGas, sp), true
	}
	if gas >= 2 {
		if sp, ok := pick(GermanMG, 60); ok {
			return games.Act(VerbGas, sp), true
		}
	}
	return games.Action{}, false
}

// baseValue is v of a card type ignoring the hand (spec §13).
var baseValue = [NumTypes]float64{
	Infantry1: 1.0, Infantry1Plus: 1.2, Infantry2: 2.0, Infantry2Plus: 2.2, Infantry3: 2.7, Tank: 2.5,
	BritishArtillery: 1.2, AerialRecon: 1.0, ObservationBalloon: 0.8, BritishGas: 0.6, Mines: 0.9,
	Reserves: 1.0, GermanMG: -1.5, GermanArtillery: -2.5, GermanCounterAttack: -2.0, GermanGas: -0.8,
	FlyingCircus: -0.5, BarbedWire: -1.0,
}

// value is v(s) of a takeable space for the active player.
func (s *State) value(sp int) float64 {
	if sp == NineSpace {
		return 1.0
	}
	p := &s.Players[s.Active]
	t := cardTypeOf[s.Spaces[sp]]
	v := baseValue[t]
	switch t {
	case Tank:
		if nl := NextLine(p.Row); nl != 0 && nl-p.Row <= 4 {
			v = 3.0
		}
	case Reserves:
		if s.Pool == 0 {
			v = 0
		}
	case GermanMG, GermanArtillery, GermanCounterAttack:
		if countType(p.Hand, BritishArtillery) > len(germansIn(p.Hand)) {
			v = -0.3
		}
	case FlyingCircus:
		for _, c := range p.Hand {
			if ct := cardTypeOf[c]; ct == AerialRecon || ct == ObservationBalloon || ct == BritishArtillery {
				v -= baseValue[ct]
			}
		}
	case BarbedWire:
		if hasType(p.Hand, Tank) {
			v = 0
		}
	}
	return v
}

func germansIn(hand []int) []int {
	var out []int
	for _, c := range hand {
		if Cancellable(cardTypeOf[c]) {
			out = append(out, cardTypeOf[c])
		}
	}
	return out
}

func (s *State) maxValue(opts []int) float64 {
	best := -1e9
	for _, sp := range opts {
		best = max(best, s.value(sp))
	}
	return best
}

func (s *State) botRolled() games.Action {
	opts := s.optionsFor(s.Dice)
	reconOK := s.check(s.Active, games.Act(VerbRecon)) == nil
	// bestBalloon finds the legal change with the best max v, optionally
	// requiring an option worth at least minV.
	bestBalloon := func(minV float64) (games.Action, bool) {
		var best games.Action
		bestV, found := -1e9, false
		for die := 1; die <= 3; die++ {
			for _, d := range [2]int{-1, 1} {
				a := games.Act(VerbBalloon, die, d)
				if s.check(s.Active, a) != nil {
					continue
				}
				nd := append([]int(nil), s.Dice...)
				nd[die-1] += d
				mv := s.maxValue(s.optionsFor(nd))
				if mv >= minV && mv > bestV {
					best, bestV, found = a, mv, true
				}
			}
		}
		return best, found
	}
	if len(opts) == 0 {
		if a, ok := bestBalloon(-1e9); ok {
			return a
		}
		if reconOK {
			return games.Act(VerbRecon)
		}
		return games.Act(VerbAcceptBust)
	}
	if s.maxValue(opts) <= -2.0 && !s.fcForced(opts) {
		if reconOK {
			return games.Act(VerbRecon)
		}
		if a, ok := bestBalloon(0); ok {
			return a
		}
	}
	bestSp, bestV := opts[0], -1e9
	for _, sp := range opts {
		if v := s.value(sp); v > bestV {
			bestSp, bestV = sp, v
		}
	}
	return games.Act(VerbTake, bestSp)
}

// simulateMove is where auto_move would end with the policy's Mines rule.
func simulateMove(row, i, t, mines int) int {
	for row < Objective && i+t > 0 {
		tank := (IsLine(row+1) && t > 0) || i == 0
		if tank {
			t--
		} else {
			i--
		}
		row++
		if row >= Objective {
			return Objective
		}
		if !tank && IsLine(row) {
			if mines > 0 && i+t > 0 {
				with := simulateMove(row, i, t, mines-1)
				if with-row >= 2 || with == Objective {
					return with
				}
			}
			return row
		}
	}
	return row
}

// lossesAt is the German loss at the end of a turn ending on row (after
// cancels when cancel is set); bust adds the grey symbols and uses the row
// as it is.
func lossesAt(hand []int, row int, cancel, strong bool) int {
	arts := 0
	if cancel {
		arts = countType(hand, BritishArtillery)
	}
	if strong && arts > 0 {
		return 0
	}
	loss := 0
	// Cancel in the policy's order: Artillery, Counter-Attack, MG.
	for _, t := range []int{GermanArtillery, GermanCounterAttack, GermanMG} {
		for range countType(hand, t) {
			if arts > 0 {
				arts--
				continue
			}
			switch t {
			case GermanArtillery:
				loss += 2
			case GermanMG:
				loss++
			case GermanCounterAttack:
				if row > 0 {
					loss++
				} else {
					loss += 2
				}
			}
		}
	}
	return loss
}

func bustLoss(hand []int, row, troops int) int {
	l := lossesAt(hand, row, false, false)
	for _, c := range hand {
		l += Types[cardTypeOf[c]].Grey
	}
	return min(l, troops)
}

// dest is the row the bot would reach stopping now with n sacrifices.
func (s *State) dest(hand []int, n int) int {
	p := &s.Players[s.Active]
	i, t, _ := basePoints(hand, s.NineClaimed)
	i += n
	if t == 0 {
		i = max(0, i-countType(hand, BarbedWire))
	}
	return simulateMove(p.Row, i, t, countType(hand, Mines))
}

// nStar is the sacrifice rule 6 would choose when stopping now.
func (s *State) nStar(hand []int) (n, d, lstop int) {
	p := &s.Players[s.Active]
	_, _, plus := basePoints(hand, false)
	kmax := max(0, min(plus, p.Troops-1))
	best := -1
	n, d = 0, s.dest(hand, 0)
	lstop = lossesAt(hand, d, true, s.StrongArtillery)
	for k := 0; k <= kmax; k++ {
		dk := s.dest(hand, k)
		lk := lossesAt(hand, dk, true, s.StrongArtillery)
		need := 2
		if dk == Objective {
			need = 1
		}
		if p.Troops-k-lk >= need && dk > best {
			best, n, d, lstop = dk, k, dk, lk
		}
	}
	return
}

func (s *State) botShouldStop() bool {
	p := &s.Players[s.Active]
	pb := float64(s.bustRolls()) / 216
	if hasType(p.Hand, AerialRecon) {
		pb *= pb
	}
	n, d, lstop := s.nStar(p.Hand)
	left := p.Troops - n - lstop
	if left <= 0 {
		for _, sp := range Drawable {
			if s.Spaces[sp] >= 0 && cardTypeOf[s.Spaces[sp]] == BritishArtillery {
				return false
			}
		}
	}
	lbust := bustLoss(p.Hand, p.Row, p.Troops)
	nl := NextLine(p.Row)
	switch {
	case d == Objective && left >= 1:
		return true
	case p.Troops-lbust <= 0 && pb >= 0.05:
		return true
	case pb >= 0.30:
		return true
	case pb >= 0.15 && d-p.Row >= 4:
		return true
	case nl != 0 && d == nl && !hasType(p.Hand, Mines) && !hasType(p.Hand, Tank):
		return true
	}
	return false
}

// botGasDiscard is rule 4: the eligible type with the lowest keep value.
func (s *State) botGasDiscard() int {
	p := &s.Players[s.Active]
	el := gasEligible(p.Hand)
	base := s.dest(p.Hand, 0)
	best, bestT := 1e9, el[0]
	for _, t := range el {
		var v float64
		switch t {
		case BritishArtillery:
			v = 0.9
			if len(germansIn(p.Hand)) > 0 {
				v = 2.5
			}
		default:
			v = [...]float64{1.0, 1.1, 2.0, 2.1, 3.0}[t]
			i := indexType(p.Hand, t)
			rest := append(append([]int(nil), p.Hand[:i]...), p.Hand[i+1:]...)
			if s.dest(rest, 0) == base {
				v *= 0.1
			}
		}
		if v < best {
			best, bestT = v, t
		}
	}
	return bestT
}
