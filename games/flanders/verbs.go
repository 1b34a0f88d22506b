package flanders

import (
	"slices"
	"sort"

	"github.com/warroom/warroom/games"
)

// verbs is the verb table: each verb's phase, argument count and
// function. Legal lists only actions whose phase is the state's, so a
// verb's function runs only in its phase.
var verbs = games.Verbs[State]{
	VerbGas:  {Phase: PhaseReady, Args: 1, Do: func(m *games.Move[State], a games.Action) { ctx{m}.gas(a.Args[0]) }},
	VerbRoll: {Phase: PhaseReady, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.rollDice("rolled") }},
	VerbStop: {Phase: PhaseReady, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.stop() }},

	VerbTake:       {Phase: PhaseRolled, Args: 1, Do: func(m *games.Move[State], a games.Action) { ctx{m}.take(a.Args[0]) }},
	VerbRecon:      {Phase: PhaseRolled, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.recon() }},
	VerbBalloon:    {Phase: PhaseRolled, Args: 2, Do: func(m *games.Move[State], a games.Action) { ctx{m}.balloon(a.Args[0], a.Args[1]) }},
	VerbAcceptBust: {Phase: PhaseRolled, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.bust() }},

	VerbGasDiscard: {Phase: PhaseGas, Args: 1, Do: func(m *games.Move[State], a games.Action) {
		c := ctx{m}
		c.gasDiscard(a.Args[0])
		c.resolveGas()
	}},

	VerbCancel:        {Phase: PhaseArtillery, Args: 1, Do: func(m *games.Move[State], a games.Action) { ctx{m}.cancel(a.Args[0]) }},
	VerbKeepArtillery: {Phase: PhaseArtillery, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.finishArtillery() }},

	VerbSacrifice: {Phase: PhaseSacrifice, Args: 1, Do: func(m *games.Move[State], a games.Action) { ctx{m}.finishSacrifice(a.Args[0]) }},

	VerbStepInfantry: {Phase: PhaseMove, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.step(false) }},
	VerbStepTank:     {Phase: PhaseMove, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.step(true) }},
	VerbAutoMove:     {Phase: PhaseMove, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.autoMove() }},
	VerbEndMove:      {Phase: PhaseMove, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.endMovement() }},

	VerbUseMines: {Phase: PhaseMines, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.useMines() }},
	VerbHalt:     {Phase: PhaseMines, Do: func(m *games.Move[State], _ games.Action) { ctx{m}.halt() }},
}

// ctx is one move being applied (games.Move) with the rules' steps as
// its methods; a quiet one (a playout nobody reads) logs nothing.
type ctx struct{ *games.Move[State] }

// newCtx is a move on s, which it changes in place.
func newCtx(s *State, r games.Rand, quiet bool) ctx {
	return ctx{&games.Move[State]{S: s, Seat: games.Seat(s.Active), Rand: r, Quiet: quiet}}
}

// do performs a legal action on c.S in place.
func (c ctx) do(a games.Action) { games.Dispatch(verbs, c.Move, a) }

// note emits a public note as an event (its Data: the Note's turn,
// numbers and cards): the table's journal is the log, the state keeps
// none.
func (c ctx) note(seat int, kind string, nums []int, cards ...string) {
	if !c.Quiet { // the copies keep a quiet move's numbers off the heap
		c.Log(kind, games.Seat(seat), Note{Turn: c.S.TurnNo, Nums: slices.Clone(nums), Cards: slices.Clone(cards)})
	}
}

// recon rerolls with an Aerial Recon (spec §7.5).
func (c ctx) recon() {
	c.discardFirst(AerialRecon)
	c.rollDice("recon")
}

// balloon changes one die by d with an Observation Balloon (spec §7.6).
func (c ctx) balloon(die, d int) {
	c.discardFirst(ObservationBalloon)
	from := c.S.Dice[die-1]
	c.S.Dice[die-1] += d
	c.note(c.S.Active, "balloon", []int{die, from, from + d})
	c.afterDice()
}

// ---- cards in hands and piles ----

func (c ctx) player() *Player { return &c.S.Players[c.S.Active] }

func countType(hand []int, t int) int {
	n := 0
	for _, card := range hand {
		if cardTypeOf[card] == t {
			n++
		}
	}
	return n
}

func hasType(hand []int, t int) bool { return indexType(hand, t) >= 0 }

func indexType(hand []int, t int) int {
	for i, card := range hand {
		if cardTypeOf[card] == t {
			return i
		}
	}
	return -1
}

// removeFirst removes the first card of type t from the active hand and
// discards it; it returns the card id.
func (c ctx) discardFirst(t int) int {
	p := c.player()
	i := indexType(p.Hand, t)
	if i < 0 {
		panic("flanders: discardFirst of a missing type")
	}
	card := p.Hand[i]
	p.Hand = append(p.Hand[:i], p.Hand[i+1:]...)
	c.S.Discard = append(c.S.Discard, card)
	return card
}

// draw takes the top card, reshuffling the discard pile when the draw pile
// is empty (spec §7.15). ok=false when both piles are empty.
func (c ctx) draw() (int, bool) {
	s := c.S
	if len(s.Draw) == 0 {
		if len(s.Discard) == 0 {
			return -1, false
		}
		pile := append([]int(nil), s.Discard...)
		sort.Ints(pile) // canonical order: card ids follow the table
		games.Shuffle(c.Rand, pile)
		s.Draw = pile
		s.Discard = nil
		c.note(s.Active, "reshuffled", []int{len(pile)})
	}
	card := s.Draw[0]
	s.Draw = s.Draw[1:]
	return card, true
}

// refill draws a card into every empty drawable space, then row-checks.
func (c ctx) refill() {
	for _, sp := range Drawable {
		if c.S.Spaces[sp] >= 0 {
			continue
		}
		card, ok := c.draw()
		if !ok {
			continue
		}
		c.S.Spaces[sp] = card
		c.note(c.S.Active, "refilled", []int{sp}, code(card))
	}
	c.rowCheck()
}

// rowCheck redraws an all-German row A or B (spec §7.14).
func (c ctx) rowCheck() {
	s := c.S
	for pass := 0; pass < 10; pass++ {
		changed := false
		for gr, row := range CheckRows {
			all := true
			for _, sp := range row {
				if s.Spaces[sp] < 0 || !IsGerman(cardTypeOf[s.Spaces[sp]]) {
					all = false
					break
				}
			}
			if !all {
				continue
			}
			var gone, drawn []string
			for _, sp := range row {
				gone = append(gone, code(s.Spaces[sp]))
				s.Discard = append(s.Discard, s.Spaces[sp])
				s.Spaces[sp] = -1
			}
			for _, sp := range row {
				if card, ok := c.draw(); ok {
					s.Spaces[sp] = card
					drawn = append(drawn, code(card))
				}
			}
			c.note(s.Active, "row_redrawn", []int{gr, len(gone)}, append(gone, drawn...)...)
			changed = true
		}
		if !changed {
			return
		}
	}
}

// ---- rolls ----

// optionsFor lists the spaces the dice let the active player take, ascending.
func (s *State) optionsFor(dice []int) []int {
	m := s.optionMask(dice)
	var out []int
	for sp := 3; sp <= 11; sp++ {
		if m&(1<<sp) != 0 {
			out = append(out, sp)
		}
	}
	return out
}

// optionMask is optionsFor as a bit set (bit sp), without allocating.
func (s *State) optionMask(dice []int) uint16 {
	if len(dice) != 3 {
		return 0
	}
	var m uint16
	for _, sum := range [3]int{dice[0] + dice[1], dice[0] + dice[2], dice[1] + dice[2]} {
		if sum < 3 || sum > 11 {
			continue
		}
		if sum == NineSpace {
			if !s.NineClaimed {
				m |= 1 << sum
			}
		} else if s.Spaces[sum] >= 0 {
			m |= 1 << sum
		}
	}
	return m
}

// Options are the takeable spaces of the current roll (phase rolled).
func (s *State) Options() []int {
	if s.Phase != PhaseRolled {
		return nil
	}
	return s.optionsFor(s.Dice)
}

// fcForced: every option of the roll holds a Flying Circus.
func (s *State) fcForced(opts []int) bool {
	var m uint16
	for _, sp := range opts {
		m |= 1 << sp
	}
	return s.fcForcedMask(m)
}

// fcForcedMask is fcForced of an optionMask.
func (s *State) fcForcedMask(m uint16) bool {
	if m == 0 {
		return false
	}
	for sp := 3; sp <= 11; sp++ {
		if m&(1<<sp) != 0 && (sp == NineSpace || cardTypeOf[s.Spaces[sp]] != FlyingCircus) {
			return false
		}
	}
	return true
}

func (s *State) balloonOK(die, delta int) bool {
	nd := [3]int{s.Dice[0], s.Dice[1], s.Dice[2]}
	nd[die-1] += delta
	if nd[die-1] < 1 || nd[die-1] > 6 {
		return false
	}
	return s.optionMask(nd[:]) != 0
}

// rescue reports whether Recon or any Balloon change is legal now.
func (s *State) rescue() bool {
	hand := s.Players[s.Active].Hand
	if s.fcForcedMask(s.optionMask(s.Dice)) {
		return false
	}
	if hasType(hand, AerialRecon) {
		return true
	}
	if hasType(hand, ObservationBalloon) {
		for die := 1; die <= 3; die++ {
			for _, d := range [2]int{-1, 1} {
				if s.balloonOK(die, d) {
					return true
				}
			}
		}
	}
	return false
}

func (c ctx) rollDice(kind string) {
	d := c.S.Dice
	if c.Quiet && cap(d) >= 3 { // a playout's own copy: reuse it
		d = d[:3]
		d[0], d[1], d[2] = games.Die(c.Rand, 6), games.Die(c.Rand, 6), games.Die(c.Rand, 6)
	} else {
		d = []int{games.Die(c.Rand, 6), games.Die(c.Rand, 6), games.Die(c.Rand, 6)}
	}
	c.S.Dice = d
	c.S.Phase = PhaseRolled
	if !c.Quiet {
		c.note(c.S.Active, kind, append(append([]int(nil), d...), c.S.optionsFor(d)...))
	}
	c.afterDice()
}

// afterDice busts at once when nothing can be taken or changed.
func (c ctx) afterDice() {
	if c.S.optionMask(c.S.Dice) == 0 && !c.S.rescue() {
		c.bust()
	}
}

func (c ctx) take(sp int) {
	s := c.S
	p := c.player()
	s.MayStop = true
	s.Phase = PhaseReady
	if sp == NineSpace {
		s.NineClaimed = true
		s.Taken = append(s.Taken, -1)
		c.note(s.Active, "took", []int{sp}, "advance_9")
		return
	}
	card := s.Spaces[sp]
	s.Spaces[sp] = -1
	s.Taken = append(s.Taken, card)
	t := cardTypeOf[card]
	c.note(s.Active, "took", []int{sp}, code(card))
	fcType := t == AerialRecon || t == ObservationBalloon || t == BritishArtillery
	switch {
	case t == FlyingCircus:
		var gone []int
		keep := p.Hand[:0] // in place: the state is c's own
		for _, h := range p.Hand {
			ht := cardTypeOf[h]
			if ht == AerialRecon || ht == ObservationBalloon || ht == BritishArtillery {
				gone = append(gone, h)
			} else {
				keep = append(keep, h)
			}
		}
		p.Hand = append(keep, card)
		s.Discard = append(s.Discard, gone...)
		s.FCActive = true
		c.note(s.Active, "flying_circus_discarded", nil, codes(gone)...)
	case s.FCActive && fcType:
		s.Discard = append(s.Discard, card)
		c.note(s.Active, "flying_circus_discarded", nil, code(card))
	default:
		p.Hand = append(p.Hand, card)
	}
}

// ---- bust ----

func (c ctx) lose(n int) int {
	p := c.player()
	if n > p.Troops {
		n = p.Troops
	}
	p.Troops -= n
	c.S.Pool += n
	return n
}

func (c ctx) retreat() {
	p := c.player()
	c.note(c.S.Active, "retreat", []int{p.Row, p.Row - 1})
	p.Row--
}

func (c ctx) bust() {
	s := c.S
	p := c.player()
	total := 0
	for _, card := range p.Hand {
		t := cardTypeOf[card]
		if t == GermanCounterAttack {
			if p.Row > 0 {
				c.retreat()
				total++
			} else {
				total += 2
			}
			continue
		}
		total += Types[t].Black + Types[t].Grey
	}
	lost := c.lose(total)
	gone := codes(p.Hand)
	s.Discard = append(s.Discard, p.Hand...)
	p.Hand = nil
	c.note(s.Active, "bust", []int{lost}, gone...)
	c.cleanup(false)
}

// ---- resolution after stop ----

func (c ctx) stop() {
	c.note(c.S.Active, "stopped", nil)
	c.S.GasDone = 0
	c.resolveGas()
}

// gasEligible lists the distinct eligible types for German Gas, in hand order.
func gasEligible(hand []int) []int {
	return typesIn(hand, func(t int) bool { return IsInfantry(t) || t == BritishArtillery })
}

// typesIn lists the distinct card types in hand that keep accepts, in
// hand order.
func typesIn(hand []int, keep func(t int) bool) []int {
	var out []int
	for _, card := range hand {
		if t := cardTypeOf[card]; keep(t) && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

func (c ctx) resolveGas() {
	s := c.S
	p := c.player()
	for s.GasDone < countType(p.Hand, GermanGas) {
		el := gasEligible(p.Hand)
		switch len(el) {
		case 0:
			s.GasDone++
			c.note(s.Active, "gas_no_effect", nil)
		case 1:
			c.gasDiscard(el[0])
		default:
			s.Phase = PhaseGas
			return
		}
	}
	c.enterArtillery()
}

func (c ctx) gasDiscard(t int) {
	card := c.discardFirst(t)
	c.S.GasDone++
	c.note(c.S.Active, "gas_discard", nil, code(card))
}

func cancellableIn(hand []int) []int { return typesIn(hand, Cancellable) }

func (c ctx) enterArtillery() {
	hand := c.player().Hand
	if hasType(hand, BritishArtillery) && len(cancellableIn(hand)) > 0 {
		c.S.Phase = PhaseArtillery
		return
	}
	c.finishArtillery()
}

func (c ctx) cancel(t int) {
	p := c.player()
	art := c.discardFirst(BritishArtillery)
	cards := []string{code(art)}
	if c.S.StrongArtillery {
		keep := p.Hand[:0:0]
		for _, card := range p.Hand {
			if Cancellable(cardTypeOf[card]) {
				c.S.Discard = append(c.S.Discard, card)
				cards = append(cards, code(card))
			} else {
				keep = append(keep, card)
			}
		}
		p.Hand = keep
	} else {
		cards = append(cards, code(c.discardFirst(t)))
	}
	c.note(c.S.Active, "artillery_cancel", nil, cards...)
	c.enterArtillery()
}

func (c ctx) finishArtillery() {
	s := c.S
	p := c.player()
	for range countType(p.Hand, Reserves) {
		if s.Pool > 0 {
			s.Pool--
			p.Troops++
			c.note(s.Active, "reserves", []int{1})
		} else {
			c.note(s.Active, "reserves", []int{0})
		}
	}
	c.enterSacrifice()
}

// basePoints is I and T of a hand before sacrifice and wire.
func basePoints(hand []int, nine bool) (i, t, plus int) {
	for _, card := range hand {
		ct := Types[cardTypeOf[card]]
		switch {
		case cardTypeOf[card] == Tank:
			t += ct.Move
		case IsInfantry(cardTypeOf[card]):
			i += ct.Move
			if ct.Plus {
				plus++
			}
		}
	}
	if nine {
		i++
	}
	return
}

func (c ctx) enterSacrifice() {
	s := c.S
	p := c.player()
	var plus int
	s.I, s.T, plus = basePoints(p.Hand, s.NineClaimed)
	s.KMax = min(plus, p.Troops-1)
	if s.KMax <= 0 {
		s.KMax = 0
		c.finishSacrifice(0)
		return
	}
	s.Phase = PhaseSacrifice
}

func (c ctx) finishSacrifice(n int) {
	s := c.S
	p := c.player()
	if n > 0 {
		p.Troops -= n
		s.Pool += n
		s.I += n
		c.note(s.Active, "sacrificed", []int{n})
	}
	s.KMax = 0
	if s.T == 0 {
		if w := countType(p.Hand, BarbedWire); w > 0 {
			before := s.I
			s.I = max(0, s.I-w)
			c.note(s.Active, "barbed_wire", []int{before - s.I})
		}
	}
	c.enterMove()
}

// ---- movement ----

func (c ctx) enterMove() {
	s := c.S
	s.Phase = PhaseMove
	if c.player().Row >= Objective || s.I+s.T == 0 {
		c.endMovement()
	}
}

// defaultTank is the auto_move choice: a tank step when the next row is a
// line and tank points remain, an infantry step otherwise.
func (s *State) defaultTank() bool {
	row := s.Players[s.Active].Row
	if IsLine(row+1) && s.T > 0 {
		return true
	}
	return s.I == 0
}

// step moves one row; tank says which pool pays.
func (c ctx) step(tank bool) {
	s := c.S
	p := c.player()
	kind := 0
	if tank {
		s.T--
		kind = 1
	} else {
		s.I--
	}
	p.Row++
	c.note(s.Active, "step", []int{p.Row, kind})
	if p.Row >= Objective {
		c.endMovement()
		return
	}
	if !tank && IsLine(p.Row) {
		if hasType(p.Hand, Mines) && s.I+s.T > 0 {
			s.Phase = PhaseMines
			return
		}
		c.note(s.Active, "halted_at_line", []int{p.Row})
		c.endMovement()
		return
	}
	if s.I+s.T == 0 {
		c.endMovement()
	}
}

func (c ctx) autoMove() {
	for c.S.Phase == PhaseMove {
		c.step(c.S.defaultTank())
	}
}

func (c ctx) useMines() {
	c.discardFirst(Mines)
	c.note(c.S.Active, "mines_used", []int{c.player().Row})
	c.S.Phase = PhaseMove
}

func (c ctx) halt() {
	c.note(c.S.Active, "halted_at_line", []int{c.player().Row})
	c.endMovement()
}

// endMovement applies the German losses (spec §7.13) and cleans up.
func (c ctx) endMovement() {
	s := c.S
	p := c.player()
	s.I, s.T = 0, 0
	for _, card := range p.Hand {
		t := cardTypeOf[card]
		switch t {
		case GermanMG, GermanArtillery:
			c.note(s.Active, "german_loss", []int{c.lose(Types[t].Black)}, code(card))
		case GermanCounterAttack:
			n := 2
			if p.Row > 0 {
				c.retreat()
				n = 1
			}
			c.note(s.Active, "german_loss", []int{c.lose(n)}, code(card))
		}
	}
	c.cleanup(true)
}

// ---- cleanup and end checks (spec §6.3) ----

func (c ctx) cleanup(stopped bool) {
	s := c.S
	p := c.player()
	if stopped {
		keep := p.Hand[:0] // in place: the state is c's own
		for _, card := range p.Hand {
			if Types[cardTypeOf[card]].Keep {
				keep = append(keep, card)
			} else {
				s.Discard = append(s.Discard, card)
			}
		}
		p.Hand = keep
	}
	s.NineClaimed = false
	if p.Troops == 0 {
		p.Eliminated = true
		s.Discard = append(s.Discard, p.Hand...)
		p.Hand = nil
		c.note(s.Active, "eliminated", nil)
	} else if p.Row >= Objective {
		p.Reached = true
		c.note(s.Active, "reached_objective", []int{p.Troops})
	}
	p.Turns++
	if c.Quiet { // keep a playout's arrays for the next turn
		s.Dice, s.Taken = s.Dice[:0], s.Taken[:0]
	} else {
		s.Dice, s.Taken = nil, nil
	}
	s.MayStop, s.FCActive = false, false
	s.GasDone, s.I, s.T, s.KMax = 0, 0, 0, 0
	c.refill()
	if c.ended() {
		return
	}
	next, wrap := s.nextSeat()
	if wrap && c.reachedEnd() {
		return
	}
	if wrap {
		s.Round++
	}
	s.Active = next
	s.startTurn()
	c.note(next, "turn_started", []int{s.Round})
}

// ended ends the game when every company is eliminated, or one of two
// (spec §10), and says so.
func (c ctx) ended() bool {
	s := c.S
	alive := 0
	for _, q := range s.Players {
		if !q.Eliminated {
			alive++
		}
	}
	switch {
	case alive == 0:
		best := -1
		for _, q := range s.Players {
			best = max(best, q.Row)
		}
		var w []int
		for i, q := range s.Players {
			if q.Row == best {
				w = append(w, i)
			}
		}
		c.gameOver(ReasonAllElim, w)
		return true
	case s.NSeats == 2 && alive == 1:
		for i, q := range s.Players {
			if !q.Eliminated {
				c.gameOver(ReasonTwoElim, []int{i})
				return true
			}
		}
	}
	return false
}

// reachedEnd ends the game at the end of a round in which a company
// reached the objective (spec §10): the most troops among them win.
func (c ctx) reachedEnd() bool {
	s := c.S
	reached := 0
	for _, q := range s.Players {
		if q.Reached {
			reached++
		}
	}
	if reached > 0 {
		most := -1
		for _, q := range s.Players {
			if q.Reached {
				most = max(most, q.Troops)
			}
		}
		var w []int
		for i, q := range s.Players {
			if q.Reached && q.Troops == most {
				w = append(w, i)
			}
		}
		c.gameOver(ReasonObjective, w)
		return true
	}
	return false
}

// nextSeat is the next non-eliminated seat after the active one; wrap is
// true when the active turn was the last of its round.
func (s *State) nextSeat() (int, bool) {
	n := s.NSeats
	pos := func(seat int) int { return (seat - s.First + n) % n }
	cur := pos(s.Active)
	for k := 1; k <= n; k++ {
		seat := (s.Active + k) % n
		if !s.Players[seat].Eliminated {
			return seat, pos(seat) <= cur
		}
	}
	return s.Active, true
}

// startTurn begins the active seat's turn.
func (s *State) startTurn() {
	s.Phase = PhaseReady
	s.TurnNo++
}

func (c ctx) gameOver(reason string, winners []int) {
	s := c.S
	s.Phase = PhaseOver
	s.Reason = reason
	s.Winners = winners
	c.note(s.Active, "game_over", winners, reason)
}

// ---- British Gas (spec §7.10) ----

func (c ctx) gas(sp int) {
	s := c.S
	gasCard := c.discardFirst(BritishGas)
	_ = gasCard
	removed := s.Spaces[sp]
	s.Discard = append(s.Discard, removed)
	s.Spaces[sp] = -1
	repl := ""
	if card, ok := c.draw(); ok {
		s.Spaces[sp] = card
		repl = code(card)
	}
	c.note(s.Active, "gas_played", []int{sp}, code(removed), repl)
	c.rowCheck()
}
