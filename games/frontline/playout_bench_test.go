package frontline

import (
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// BenchmarkPlayouts: all-random playouts per second (games.Playout).
func BenchmarkPlayouts(b *testing.B) {
	gamestest.BenchPlayouts(b, games.Adapt[State](Game{}), gamestest.Setup{Seats: 2})
}

// BenchmarkRollouts: playouts per second under the rollout policy
// (games.Rollout), what "How it went" and the hard level run.
func BenchmarkRollouts(b *testing.B) {
	e := games.Adapt[State](Game{})
	r := games.NewPCG(1, 2)
	var starts []games.State
	for range 16 {
		s, err := e.Setup(nil, 2, r)
		if err != nil {
			b.Fatal(err)
		}
		starts = append(starts, s)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := games.Rollout(e, starts[i%len(starts)], r, 5000); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rollouts/s")
}
