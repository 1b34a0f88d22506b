package flanders

import "github.com/warroom/warroom/games"

// Disguise implements games.Disguiser: the draw pile's order is the only
// secret (spec §9), so it is shuffled. Flanders has no games.Secrets:
// every menu is public.
func (Game) Disguise(s State, r games.Rand) State {
	n := s.clone()
	games.Shuffle(r, n.Draw)
	return n
}
