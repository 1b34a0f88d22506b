package frontline

import (
	"slices"

	"github.com/warroom/warroom/games"
)

// PrivateChoices implements games.Secrets from the public view: the
// acting seat's main phase and battle windows (no pending decision) list
// the cards in its hand (play, battle cards) and its secret declaration.
// Drafts, draws and pending decisions name only public cards.
func (Game) PrivateChoices(public any, seat games.Seat) bool {
	v, ok := public.(View)
	if !ok {
		return true
	}
	return int(seat) == v.Active && v.Pending == nil && (v.Phase == PhMain || v.Phase == PhBattle)
}

// Disguise implements games.Disguiser: the action cards in both hands and
// the action deck are dealt again (each hand keeps its size), the unit and
// event decks are shuffled, the cards under each market pile's top are
// shuffled, and a secret declaration (not yet revealed) names another
// front. Every hidden pile is sorted before it is shuffled, so the twin
// depends on the public facts and r alone.
func (Game) Disguise(s State, r games.Rand) State {
	n := s.Clone()
	pool := append(append(append([]int(nil), n.P[0].Hand...), n.P[1].Hand...), n.ActDeck...)
	slices.Sort(pool)
	games.Shuffle(r, pool)
	k := 0
	for _, part := range [][]int{n.P[0].Hand, n.P[1].Hand, n.ActDeck} {
		k += copy(part, pool[k:])
	}
	slices.Sort(n.P[0].Hand) // hands are kept sorted
	slices.Sort(n.P[1].Hand)
	n.shuffleUnits(r)
	slices.Sort(n.EvDeck)
	games.Shuffle(r, n.EvDeck)
	for i := range n.Piles {
		if len(n.Piles[i]) > 1 {
			under := n.Piles[i][:len(n.Piles[i])-1]
			slices.Sort(under)
			games.Shuffle(r, under)
		}
	}
	for p := range n.Declared {
		if n.Declared[p] > 0 && !n.Revealed[p] && !n.declarationsPublic() {
			n.Declared[p] = 1 + r.Intn(3)
		}
	}
	return n
}

// shuffleUnits shuffles the unit deck together with the reinforcements
// drawn from it that wait unseen in the queue behind the first placement.
func (s *State) shuffleUnits(r games.Rand) {
	var hidden []int
	if s.eventID() == "reinforcements" {
		for i := 1; i < len(s.Queue); i++ {
			if s.Queue[i].Kind == PendPlace {
				hidden = append(hidden, i)
			}
		}
	}
	units := append(make([]int, 0, len(s.UnitDeck)+len(hidden)), s.UnitDeck...)
	for _, i := range hidden {
		units = append(units, s.Queue[i].Unit)
	}
	slices.Sort(units)
	games.Shuffle(r, units)
	for j, i := range hidden {
		s.Queue[i].Unit = units[j]
	}
	copy(s.UnitDeck, units[len(hidden):])
}

// Determinize implements games.Determinizer: a twin of s as seat viewer
// may picture it, drawing every fact hidden from viewer with r from what
// viewer knows. The opponent's hand (its size kept) and the action deck
// are dealt again from the cards viewer has not seen (the two of them
// together, sorted first, so their hidden split and order are never
// read); the unit deck (with a reinforcement drawn for the opponent but
// not yet shown) and the event deck are shuffled; an opponent's
// declaration viewer has not seen names one of its ready fronts. The
// market piles are kept whole: every card under a top was a top once, in
// view of both players. For Spectator it is Disguise.
func (g Game) Determinize(s State, viewer games.Seat, r games.Rand) State {
	v := int(viewer)
	if v != 0 && v != 1 {
		return g.Disguise(s, r)
	}
	n := s.Clone()
	n.determinize(v, r)
	return n
}

// determinize redraws, in place, what seat v cannot see (Determinize).
func (s *State) determinize(v int, r games.Rand) {
	o := opp(v)
	hand := s.P[o].Hand
	pool := append(append(make([]int, 0, len(hand)+len(s.ActDeck)), hand...), s.ActDeck...)
	slices.Sort(pool)
	games.Shuffle(r, pool)
	k := copy(hand, pool)
	copy(s.ActDeck, pool[k:])
	slices.Sort(hand) // hands are kept sorted

	s.shuffleUnits(r)

	slices.Sort(s.EvDeck)
	games.Shuffle(r, s.EvDeck)

	seen := s.P[v].SawDecl && s.P[v].SawFront == s.Declared[o]
	if s.Declared[o] > 0 && !s.Revealed[o] && !s.declarationsPublic() && !seen {
		var ready []int
		for f := 1; f <= 3; f++ {
			if s.P[o].Ready[f-1] {
				ready = append(ready, f)
			}
		}
		s.Declared[o] = ready[r.Intn(len(ready))]
	}
}

// Holds implements games.Holder: each player holds a hand of action
// cards (and a secret declaration) for the whole game.
func (Game) Holds(public any, seat games.Seat) bool {
	v, ok := public.(View)
	if !ok {
		return true
	}
	return (seat == 0 || seat == 1) && !v.Over
}
