package rating

import (
	"math"
	"testing"
	"time"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestGlickmanExample is the worked example of the Glicko-2 paper.
func TestGlickmanExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Vol: 0.06}
	got := Update(p, []Result{
		{Opponent: Rating{R: 1400, RD: 30, Vol: 0.06}, Score: 1, Weight: 1},
		{Opponent: Rating{R: 1550, RD: 100, Vol: 0.06}, Score: 0, Weight: 1},
		{Opponent: Rating{R: 1700, RD: 300, Vol: 0.06}, Score: 0, Weight: 1},
	})
	if !near(got.R, 1464.06, 0.01) || !near(got.RD, 151.52, 0.01) || !near(got.Vol, 0.05999, 0.00001) {
		t.Fatalf("got %+v, want r=1464.06 RD=151.52 σ=0.05999", got)
	}
}

func TestGame(t *testing.T) {
	d := Default()
	tests := []struct {
		name   string
		places []int
		check  func(t *testing.T, out []Rating)
	}{
		{"two players: the winner gains what the loser loses", []int{1, 2}, func(t *testing.T, out []Rating) {
			if !(out[0].R > 1500 && out[1].R < 1500) || !near(out[0].R-1500, 1500-out[1].R, 1e-9) {
				t.Fatalf("%+v", out)
			}
			if out[0].RD >= d.RD || out[1].RD >= d.RD {
				t.Fatalf("a game did not narrow the deviation: %+v", out)
			}
		}},
		{"a draw between equals changes no rating", []int{1, 1}, func(t *testing.T, out []Rating) {
			if !near(out[0].R, 1500, 1e-9) || !near(out[1].R, 1500, 1e-9) {
				t.Fatalf("%+v", out)
			}
		}},
		{"four players are ordered by place", []int{2, 1, 4, 3}, func(t *testing.T, out []Rating) {
			if !(out[1].R > out[0].R && out[0].R > out[3].R && out[3].R > out[2].R) {
				t.Fatalf("%+v", out)
			}
		}},
		{"one player changes nothing", []int{1}, func(t *testing.T, out []Rating) {
			if out[0] != d {
				t.Fatalf("%+v", out)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := make([]Rating, len(tc.places))
			for i := range in {
				in[i] = d
			}
			tc.check(t, Game(in, tc.places))
		})
	}
}

// TestMultiplayerScaled: winning a four-player game against equals moves
// a rating no further than winning a two-player game (the 1/(n-1) weight),
// where three unweighted wins would move it much further.
func TestMultiplayerScaled(t *testing.T) {
	d := Default()
	two := Game([]Rating{d, d}, []int{1, 2})[0].R - 1500
	four := Game([]Rating{d, d, d, d}, []int{1, 2, 3, 4})[0].R - 1500
	three := Update(d, []Result{{d, 1, 1}, {d, 1, 1}, {d, 1, 1}}).R - 1500
	if !(four > 0 && four <= two+1e-9 && three > four*1.5) {
		t.Fatalf("gain two-player %.2f, four-player %.2f, three unweighted wins %.2f", two, four, three)
	}
}

func TestNoGamesWidensDeviation(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Vol: 0.06}
	got := Update(p, nil)
	if got.R != 1500 || !near(got.RD, math.Sqrt(200*200/scale/scale+0.06*0.06)*scale, 1e-9) {
		t.Fatalf("%+v", got)
	}
}

func TestIdle(t *testing.T) {
	p := Rating{R: 1600, RD: 60, Vol: 0.06}
	if got := Idle(p, Period-time.Second); got != p {
		t.Fatalf("less than a period changed %+v to %+v", p, got)
	}
	two := Idle(p, 2*Period+time.Hour)
	if want := Update(Update(p, nil), nil); two != want || two.R != 1600 || two.RD <= 60 {
		t.Fatalf("two periods: %+v, want %+v", two, want)
	}
	if got := Idle(p, 3000*Period); got.RD != Default().RD {
		t.Fatalf("a long absence: %+v", got)
	}
}
