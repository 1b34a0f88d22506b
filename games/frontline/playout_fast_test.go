package frontline

import (
	"reflect"
	"testing"

	"github.com/warroom/warroom/games"
)

// TestQuietStepMatchesDo: step by step along random games, the in-place
// quiet step gives Do's state and Legal's list.
func TestQuietStepMatchesDo(t *testing.T) {
	n := uint64(12)
	if raceEnabled {
		n = 2
	}
	for seed := uint64(1); seed <= n; seed++ {
		pick := games.NewPCG(seed, 3)
		v := Variants[seed%uint64(len(Variants))]
		s, err := Game{}.Setup(games.Options{"variant": v}, 2, games.NewPCG(seed, 4))
		if err != nil {
			t.Fatal(err)
		}
		quiet := s.Clone()
		quiet.quiet = true
		for k := 0; !G.Outcome(s).Done; k++ {
			seat := G.Active(s)[0]
			legal := Game{}.Legal(s, seat)
			if fast := quiet.legal(quiet.active()); !reflect.DeepEqual(fast, legal) {
				t.Fatalf("seed %d step %d: fast legal %v, Legal %v", seed, k, fast, legal)
			}
			a := legal[pick.Intn(len(legal))]
			r1, r2 := games.NewPCG(seed, uint64(k)), games.NewPCG(seed, uint64(k))
			s, _ = Game{}.Do(s, seat, a, r1)
			quiet.step(int(seat), a, r2)
			if a, b := mustJSON(t, s.Clone()), mustJSON(t, quiet.Clone()); a != b {
				t.Fatalf("seed %d step %d %s:\nDo    %s\nquiet %s", seed, k, legal, a, b)
			}
		}
	}
}
