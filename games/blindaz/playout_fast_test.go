package blindaz

import (
	"encoding/json"
	"testing"

	"github.com/warroom/warroom/games"
)

// TestQuietWalkMatchesApply: a random walk, quiet and in place, ends in
// the state Legal and Apply reach with the same random numbers (that the
// fast Playout's outcome agrees is gamestest's check).
func TestQuietWalkMatchesApply(t *testing.T) {
	e := games.Adapt[State](Game{})
	enc := func(s State) string {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for seed := uint64(1); seed <= 60; seed++ {
		s, err := Game{}.Setup(nil, 1+int(seed%4), games.NewPCG(seed, 1))
		if err != nil {
			t.Fatal(err)
		}
		end, _, err := games.RandomPlayout(e, s, games.NewPCG(seed, 2), 5000)
		if err != nil {
			t.Fatal(err)
		}
		r := games.NewPCG(seed, 2)
		ap := newApplier(s.Clone(), r, true)
		for !ap.over() {
			seat := Game{}.Active(*ap.S)[0]
			legal := Game{}.Legal(*ap.S, seat)
			ap.do(int(seat), legal[r.Intn(len(legal))])
		}
		if enc(*ap.S) != enc(end.(State)) {
			t.Fatalf("seed %d: quiet end state differs from Apply's", seed)
		}
	}
}
