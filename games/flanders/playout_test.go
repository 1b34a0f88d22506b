package flanders

import (
	"testing"

	"github.com/warroom/warroom/games"
)

func TestSmoke(t *testing.T) {
	g := Game{}
	for seed := uint64(0); seed < 200; seed++ {
		rng := games.NewPCG(seed, 1)
		n := 2 + int(seed%3)
		s, err := g.Setup(games.Options{}, n, rng)
		if err != nil {
			t.Fatal(err)
		}
		steps := 0
		for !s.Over() {
			a := g.Bot(s, games.Seat(s.Active), rng)
			ns, _, err := g.Apply(s, games.Seat(s.Active), a, rng)
			if err != nil {
				t.Fatalf("seed %d: %v %v", seed, a, err)
			}
			s = ns
			steps++
			if steps > 3000 {
				t.Fatalf("seed %d long", seed)
			}
		}
		if seed < 5 {
			t.Logf("seed %d n %d steps %d rounds %d reason %s winners %v", seed, n, steps, s.Round, s.Reason, s.Winners)
		}
	}
}
