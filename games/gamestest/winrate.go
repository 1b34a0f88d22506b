package gamestest

import (
	"fmt"
	"math"
	"os"
	"testing"
)

// WinRateSeeds are the seeds [from, from+n) of a game's hard-level
// win-rate command, a long run kept out of the test suite: it skips t
// unless WARROOM_WINRATE=1. WARROOM_WINRATE_SEEDS is n (default 200),
// WARROOM_WINRATE_FROM the first seed, to split a run over processes.
func WinRateSeeds(t *testing.T) (from, n int) {
	t.Helper()
	if os.Getenv("WARROOM_WINRATE") != "1" {
		t.Skip("set WARROOM_WINRATE=1 to measure the hard level's win rate")
	}
	n = 200
	for _, v := range []struct {
		env string
		to  *int
	}{{"WARROOM_WINRATE_SEEDS", &n}, {"WARROOM_WINRATE_FROM", &from}} {
		if s := os.Getenv(v.env); s != "" {
			if _, err := fmt.Sscan(s, v.to); err != nil {
				t.Fatalf("%s=%q: not a number", v.env, s)
			}
		}
	}
	return from, n
}

// Rate is wins out of games with the share and its 95% confidence
// interval (normal approximation): "129.5 = 64.8% ± 6.6%".
func Rate(wins float64, games int) string {
	if games <= 0 {
		return fmt.Sprintf("%g of 0", wins)
	}
	p := wins / float64(games)
	return fmt.Sprintf("%g = %.1f%% ± %.1f%%", wins, 100*p, 196*math.Sqrt(p*(1-p)/float64(games)))
}
