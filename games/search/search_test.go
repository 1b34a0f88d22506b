package search

import (
	"math/rand/v2"
	"testing"
)

// The best arm of a bandit is found, and sampled most.
func TestFlatUCBFindsTheBestArm(t *testing.T) {
	means := []float64{0.2, 0.5, 0.45, 0.1, 0.7, 0.3}
	r := rand.New(rand.NewPCG(1, 2))
	counts := make([]int, len(means))
	got := FlatUCB(len(means), 3000, func(k int) float64 {
		counts[k]++
		if r.Float64() < means[k] {
			return 1
		}
		return 0
	})
	if got != 4 {
		t.Fatalf("FlatUCB chose arm %d (samples %v), want 4", got, counts)
	}
	for k, c := range counts {
		if c == 0 {
			t.Fatalf("arm %d never sampled: %v", k, counts)
		}
		if k != 4 && c >= counts[4] {
			t.Fatalf("arm %d sampled %d times, the best only %d", k, c, counts[4])
		}
	}
}

// One arm needs no sample; ties go to the lower arm.
func TestFlatUCBEdges(t *testing.T) {
	if got := FlatUCB(1, 100, func(int) float64 { t.Fatal("sampled a lone arm"); return 0 }); got != 0 {
		t.Fatalf("lone arm: %d", got)
	}
	if got := FlatUCB(3, 30, func(int) float64 { return 0.5 }); got != 0 {
		t.Fatalf("equal arms: chose %d, want 0", got)
	}
}
