package blindaz

import (
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/gamestest"
)

// BenchmarkPlayouts: all-random playouts per second (games.Playout).
func BenchmarkPlayouts(b *testing.B) {
	gamestest.BenchPlayouts(b, games.Adapt[State](Game{}), gamestest.Setup{Seats: 2})
}

// BenchmarkRollouts: rollouts (the §13 policy with noise, games.Rollout)
// per second from fresh set-ups of two seats.
func BenchmarkRollouts(b *testing.B) {
	r := games.NewPCG(1, 2)
	var starts []State
	for range 16 {
		s, err := Game{}.Setup(nil, 2, r)
		if err != nil {
			b.Fatal(err)
		}
		starts = append(starts, s)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := (Game{}).Rollout(starts[i%len(starts)], r, 5000); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rollouts/s")
}
