// Package search is the computer players' hard level: flat Monte Carlo
// over a seat's legal actions, each sample on a fresh determinization of
// what the seat knows, arms picked by UCB1. The games supply the sample
// (their determinization, the action, a playout under their rollout
// policy, a score); this package only decides which arm to sample next
// and which to play, so every game's hard level searches the same way.
package search

import "math"

// Explore is UCB1's exploration constant (sqrt 2, for rewards in [0,1]).
const Explore = math.Sqrt2

// FlatUCB runs budget samples over arms arms and returns the arm to play:
// the most sampled, ties to the higher total reward, then the lower arm.
// sample(k) plays one sample of arm k and scores it in [0,1] for the
// searching seat. With sample drawing only from its own seeded source,
// the answer is a function of those numbers: verify re-chooses it.
func FlatUCB(arms, budget int, sample func(arm int) float64) int {
	if arms <= 1 {
		return 0
	}
	visits := make([]int, arms)
	wins := make([]float64, arms)
	for n := range budget {
		k := pick(visits, wins, n)
		visits[k]++
		wins[k] += sample(k)
	}
	best := 0
	for k := range visits {
		if visits[k] > visits[best] || visits[k] == visits[best] && wins[k] > wins[best] {
			best = k
		}
	}
	return best
}

// pick is UCB1: every arm once, then the highest mean plus bonus.
func pick(visits []int, wins []float64, n int) int {
	if n < len(visits) {
		return n
	}
	best, bestV := 0, math.Inf(-1)
	logN := math.Log(float64(n))
	for k, v := range visits {
		u := wins[k]/float64(v) + Explore*math.Sqrt(logN/float64(v))
		if u > bestV {
			best, bestV = k, u
		}
	}
	return best
}
