package frontline

import "github.com/warroom/warroom/games"

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
// front.
func (Game) Disguise(s State, r games.Rand) State {
	n := s.clone()
	pool := append(append(append([]int(nil), n.P[0].Hand...), n.P[1].Hand...), n.ActDeck...)
	games.Shuffle(r, pool)
	k := 0
	for _, part := range [][]int{n.P[0].Hand, n.P[1].Hand, n.ActDeck} {
		k += copy(part, pool[k:])
	}
	games.Shuffle(r, n.UnitDeck)
	games.Shuffle(r, n.EvDeck)
	for i := range n.Piles {
		if len(n.Piles[i]) > 1 {
			games.Shuffle(r, n.Piles[i][:len(n.Piles[i])-1])
		}
	}
	for p := range n.Declared {
		if n.Declared[p] > 0 && !n.Revealed[p] && !n.declarationsPublic() {
			n.Declared[p] = 1 + r.Intn(3)
		}
	}
	return n
}
