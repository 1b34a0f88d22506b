package blindaz

import (
	"slices"

	"github.com/warroom/warroom/games"
)

// Disguise implements games.Disguiser: the trench stack's order is
// shuffled, and the enemy tiles are dealt again between the enemy stack
// and the box (their sizes, and the tiles of both together, are public).
// Both are sorted first, so the twin depends on the public facts and r
// alone, never on the hidden order: the turning-point estimate samples
// with it. Blindaż has no games.Secrets: every menu is public.
func (Game) Disguise(s State, r games.Rand) State {
	n := s.Clone()
	slices.Sort(n.Stack)
	games.Shuffle(r, n.Stack)
	if n.Result != "" {
		return n // the box is public once the game is over
	}
	pool := append(append([]int(nil), n.EStack...), n.Box...)
	slices.Sort(pool)
	games.Shuffle(r, pool)
	copy(n.EStack, pool)
	copy(n.Box, pool[len(n.EStack):])
	return n
}
