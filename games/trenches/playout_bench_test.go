package trenches

import (
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// BenchmarkPlayouts: all-random playouts per second (games.Playout).
func BenchmarkPlayouts(b *testing.B) {
	gamestest.BenchPlayouts(b, games.Adapt[State](Game{}), gamestest.Setup{Seats: 2})
}

// BenchmarkRollouts: rollouts per second under the rollout policy, from
// the start of every scenario (the Defender's set-up dealt).
func BenchmarkRollouts(b *testing.B) {
	var starts []State
	for scn := 1; scn <= 6; scn++ {
		s, err := Game{}.Setup(games.Options{"scenario": itoa(scn), "solo": "true"}, 2, games.NewPCG(1, 1))
		if err != nil {
			b.Fatal(err)
		}
		starts = append(starts, s)
	}
	r := games.NewPCG(2, 3)
	n := 0
	for b.Loop() {
		if _, err := (Game{}).Rollout(starts[n%len(starts)], r, 3000); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "rollouts/s")
}
