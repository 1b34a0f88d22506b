package blindaz

import "github.com/warroom/warroom/games"

// Disguise implements games.Disguiser: the trench stack's order is
// shuffled, and the enemy tiles are dealt again between the enemy stack
// and the box (their sizes, and the tiles of both together, are public).
// Blindaż has no games.Secrets: every menu is public.
func (Game) Disguise(s State, r games.Rand) State {
	n := s.clone()
	games.Shuffle(r, n.Stack)
	if n.Result != "" {
		return n // the box is public once the game is over
	}
	pool := append(append([]int(nil), n.EStack...), n.Box...)
	games.Shuffle(r, pool)
	copy(n.EStack, pool)
	copy(n.Box, pool[len(n.EStack):])
	return n
}
