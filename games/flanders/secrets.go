package flanders

import (
	"slices"

	"github.com/warroom/warroom/games"
)

// Disguise implements games.Disguiser: the draw pile's order is the only
// secret (spec §9), so it is shuffled. It is sorted first, so the twin
// depends on the public facts and r alone, never on the hidden order: the
// turning-point estimate samples with it. Flanders has no games.Secrets:
// every menu is public.
func (Game) Disguise(s State, r games.Rand) State {
	n := s.Clone()
	slices.Sort(n.Draw)
	games.Shuffle(r, n.Draw)
	return n
}
