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

// BenchmarkRollouts: rollouts per second from fresh set-ups of two
// seats (games.Rollout).
func BenchmarkRollouts(b *testing.B) {
	gamestest.BenchRollouts(b, games.Adapt[State](Game{}), gamestest.Setup{Seats: 2})
}
