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
	var setups []gamestest.Setup
	for scn := 1; scn <= 6; scn++ {
		setups = append(setups, gamestest.Setup{Seats: 2, Opts: games.Options{"scenario": itoa(scn), "solo": "true"}})
	}
	gamestest.BenchRollouts(b, games.Adapt[State](Game{}), setups...)
}
