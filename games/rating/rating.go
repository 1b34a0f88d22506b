// Package rating is Glicko-2 (Glickman, "Example of the Glicko-2 system",
// 2012) for warroom's players, with a documented extension to games of
// three or four players. It is pure: no clock, no store.
//
// Every finished game is one rating period for the players in it, and
// each whole Period a player went without a game before it is an empty
// period (Idle), in which only the deviation grows. A
// two-player game is the paper's update with one result. In a game of n
// players each pair of players is a game decided by their places (the
// better place wins, equal places draw), and each of a player's n-1
// pairwise results is weighted 1/(n-1) in the period's sums (the variance
// v and the improvement Δ), so one four-player game moves a rating about
// as much as one two-player game against the field, not three.
package rating

import (
	"math"
	"time"
)

// Glicko-2 constants: the scale between the Glicko and Glicko-2 scales,
// the system constant τ (how fast volatility may change; the paper
// suggests 0.3 to 1.2) and the convergence tolerance of the volatility.
const (
	scale   = 173.7178
	Tau     = 0.5
	epsilon = 0.000001
)

// Rating is a player's Glicko rating r, its deviation RD and volatility σ.
type Rating struct {
	R   float64 `json:"r"`
	RD  float64 `json:"rd"`
	Vol float64 `json:"vol"`
}

// Period is how long a player may go without a game before their
// rating's deviation grows by one empty rating period.
const Period = 30 * 24 * time.Hour

// Idle is p after the empty rating periods in a pause of d between games.
func Idle(p Rating, d time.Duration) Rating {
	for n := d / Period; n > 0 && p.RD < Default().RD; n-- {
		p = Update(p, nil)
	}
	return p
}

// Default is a new player's rating, as the paper recommends.
func Default() Rating { return Rating{R: 1500, RD: 350, Vol: 0.06} }

// Result is one game of a period against Opponent (rated as before the
// period): Score 1 a win, 0.5 a draw, 0 a loss; Weight scales the game's
// part in the period's sums (1 for a two-player game).
type Result struct {
	Opponent Rating
	Score    float64
	Weight   float64
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update is p's rating after one rating period with the given results
// (steps 1-8 of the paper). With no results only the deviation grows.
func Update(p Rating, results []Result) Rating {
	mu, phi, sigma := (p.R-1500)/scale, p.RD/scale, p.Vol
	if len(results) == 0 {
		return Rating{R: p.R, RD: math.Min(math.Sqrt(phi*phi+sigma*sigma)*scale, Default().RD), Vol: sigma}
	}
	var vinv, sum float64
	for _, r := range results {
		muj, phij := (r.Opponent.R-1500)/scale, r.Opponent.RD/scale
		gj, e := g(phij), expect(mu, muj, phij)
		vinv += r.Weight * gj * gj * e * (1 - e)
		sum += r.Weight * gj * (r.Score - e)
	}
	v := 1 / vinv
	delta := v * sum
	sigma = volatility(phi, sigma, v, delta)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	return Rating{R: mu*scale + 1500, RD: math.Min(phi*scale, Default().RD), Vol: sigma}
}

// volatility is step 5: the new σ by the Illinois algorithm.
func volatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Game rates one finished game: players' ratings before it and their
// places (1 is first; equal places are a tie), in the same order. It
// returns the ratings after it. Fewer than two players change nothing.
func Game(players []Rating, places []int) []Rating {
	out := append([]Rating(nil), players...)
	n := len(players)
	if n < 2 || len(places) != n {
		return out
	}
	w := 1 / float64(n-1)
	for i := range players {
		var rs []Result
		for j := range players {
			if i == j {
				continue
			}
			s := 0.5
			switch {
			case places[i] < places[j]:
				s = 1
			case places[i] > places[j]:
				s = 0
			}
			rs = append(rs, Result{Opponent: players[j], Score: s, Weight: w})
		}
		out[i] = Update(players[i], rs)
	}
	return out
}
