package league

import (
	"cmp"
	"slices"
)

// Standing is one player's line in the standings. Points count a win
// and a bye 1, a draw 1/2; the sums are exact in float64 (halves and
// quarters).
type Standing struct {
	Player string
	Points float64
	// Swiss tiebreaks: Buchholz is the sum of the opponents' points,
	// Sonneborn-Berger the points of the opponents beaten plus half
	// of those drawn with. A bye adds nothing to either.
	Buchholz float64
	SB       float64
	// Round-robin tiebreaks: HeadToHead is the points scored in the
	// games between the players level on points; Wins counts wins.
	HeadToHead float64
	Wins       int
	Played     int // games with a result, forfeits included; byes not
	Byes       int
	Dropped    bool
}

// game is one decided game from one player's side.
type game struct {
	opp    string
	points float64
}

// scores reads every decided game of the league into each player's
// games and bye count.
func (l *League) scores() (map[string][]game, map[string]int) {
	games := map[string][]game{}
	byes := map[string]int{}
	for _, r := range l.RoundList {
		if r.Bye != "" {
			byes[r.Bye]++
		}
		for _, p := range r.Pairings {
			a, b, ok := p.points()
			if !ok {
				continue
			}
			games[p.A] = append(games[p.A], game{p.B, a})
			games[p.B] = append(games[p.B], game{p.A, b})
		}
	}
	return games, byes
}

// points is what each side scored; false while the game is pending or
// when neither played.
func (p Pairing) points() (a, b float64, ok bool) {
	switch p.Result {
	case WinA:
		return 1, 0, true
	case WinB:
		return 0, 1, true
	case Draw:
		return 0.5, 0.5, true
	}
	return 0, 0, false
}

// Standings ranks the league's players: by points, then Buchholz and
// Sonneborn-Berger (Swiss) or head-to-head and wins (round robin), then
// seed order. Before Start the seed order is the join order.
func (l *League) Standings() []Standing {
	order := l.Order
	if len(order) == 0 {
		order = l.Players
	}
	games, byes := l.scores()
	by := make(map[string]*Standing, len(order))
	out := make([]Standing, len(order))
	for i, u := range order {
		s := &out[i]
		*s = Standing{Player: u, Byes: byes[u], Points: float64(byes[u]), Dropped: l.IsDropped(u)}
		for _, g := range games[u] {
			s.Points += g.points
			s.Played++
			if g.points == 1 {
				s.Wins++
			}
		}
		by[u] = s
	}
	for i := range out {
		s := &out[i]
		for _, g := range games[s.Player] {
			opp := by[g.opp].Points
			s.Buchholz += opp
			s.SB += g.points * opp
		}
	}
	headToHead(out, games)
	seed := func(u string) int { return slices.Index(order, u) }
	slices.SortStableFunc(out, func(x, y Standing) int {
		if c := cmp.Compare(y.Points, x.Points); c != 0 {
			return c
		}
		if l.Format == Swiss {
			if c := cmp.Compare(y.Buchholz, x.Buchholz); c != 0 {
				return c
			}
			if c := cmp.Compare(y.SB, x.SB); c != 0 {
				return c
			}
		} else {
			if c := cmp.Compare(y.HeadToHead, x.HeadToHead); c != 0 {
				return c
			}
			if c := cmp.Compare(y.Wins, x.Wins); c != 0 {
				return c
			}
		}
		return cmp.Compare(seed(x.Player), seed(y.Player))
	})
	return out
}

// headToHead sets each player's points against the others level with
// them on points.
func headToHead(out []Standing, games map[string][]game) {
	level := map[float64]map[string]bool{}
	for _, s := range out {
		if level[s.Points] == nil {
			level[s.Points] = map[string]bool{}
		}
		level[s.Points][s.Player] = true
	}
	for i := range out {
		s := &out[i]
		for _, g := range games[s.Player] {
			if level[s.Points][g.opp] {
				s.HeadToHead += g.points
			}
		}
	}
}

// Winner is the top of the standings of a finished league ("" before).
func (l *League) Winner() string {
	if l.Status != StatusDone {
		return ""
	}
	st := l.Standings()
	if len(st) == 0 {
		return ""
	}
	return st[0].Player
}
