package league

import (
	"slices"
)

// pairBudget bounds the backtracking of one Swiss pairing: past it the
// round counts as unpairable (ErrNoPairing) rather than hang the bot.
const pairBudget = 200_000

// swiss pairs the next Swiss round. The players still in are ranked as
// in the standings (points, Buchholz, Sonneborn-Berger, seed order);
// with an odd count the bye goes to the lowest ranked who has not had
// one and without whom the rest can be paired. Pairs are found top-down
// (swissPairs), and seats given by each pair's history (seatsFor).
func (l *League) swiss() (Round, error) {
	var rank []string
	points := map[string]float64{}
	for _, s := range l.Standings() {
		if !s.Dropped {
			rank = append(rank, s.Player)
			points[s.Player] = s.Points
		}
	}
	met, hadBye := l.history()
	bal, last := l.seatHistory()
	// First with the seat rule (two players who both must sit first, or
	// both second, do not meet), then, if that leaves no pairing, without.
	var r Round
	var pairs [][2]string
	ok := false
	for _, seats := range []map[string]int{bal, nil} {
		budget := pairBudget
		if pairs, r.Bye, ok = pairWithBye(rank, points, met, hadBye, seats, &budget); ok {
			break
		}
	}
	if !ok {
		return Round{}, ErrNoPairing
	}
	for _, p := range pairs {
		a, b := seatsFor(p[0], p[1], bal, last, len(l.RoundList))
		r.Pairings = append(r.Pairings, Pairing{A: a, B: b})
	}
	return r, nil
}

// pairWithBye pairs rank, first choosing the bye for an odd count: the
// lowest ranked without one for whom the rest can be paired.
func pairWithBye(rank []string, points map[string]float64, met map[[2]string]bool, hadBye map[string]bool, seats map[string]int, budget *int) ([][2]string, string, bool) {
	if len(rank)%2 == 0 {
		pairs, ok := swissPairs(rank, points, met, seats, budget)
		return pairs, "", ok
	}
	for i := len(rank) - 1; i >= 0; i-- {
		if hadBye[rank[i]] {
			continue
		}
		rest := slices.Delete(slices.Clone(rank), i, i+1)
		if pairs, ok := swissPairs(rest, points, met, seats, budget); ok {
			return pairs, rank[i], true
		}
	}
	return nil, "", false
}

// history is who has met whom (any pairing, forfeits included) and who
// has had a bye.
func (l *League) history() (map[[2]string]bool, map[string]bool) {
	met := map[[2]string]bool{}
	bye := map[string]bool{}
	for _, r := range l.RoundList {
		if r.Bye != "" {
			bye[r.Bye] = true
		}
		for _, p := range r.Pairings {
			met[[2]string{p.A, p.B}] = true
			met[[2]string{p.B, p.A}] = true
		}
	}
	return met, bye
}

// swissPairs pairs players (in rank order) top-down without a rematch,
// backtracking when a choice leaves the rest unpairable. The top player
// is offered partners in the order of the Dutch system: within their
// score group (the players level with them), the one half the group
// below them first, then the next lower ones, then the higher ones; then
// the lower groups in rank order (the top player floats down).
//
// seats, when not nil, is each player's first seats minus second seats:
// two players both two or more ahead on the same seat do not meet, so
// nobody's seats drift more than two apart (FIDE's absolute colour
// preference).
func swissPairs(players []string, points map[string]float64, met map[[2]string]bool, seats map[string]int, budget *int) ([][2]string, bool) {
	if len(players) == 0 {
		return nil, true
	}
	p, rest := players[0], players[1:]
	for _, j := range partnerOrder(rest, points, points[p]) {
		q := rest[j]
		if met[[2]string{p, q}] || seats[p]*seats[q] >= 4 {
			continue
		}
		if *budget--; *budget < 0 {
			return nil, false
		}
		others := slices.Delete(slices.Clone(rest), j, j+1)
		if sub, ok := swissPairs(others, points, met, seats, budget); ok {
			return append([][2]string{{p, q}}, sub...), true
		}
	}
	return nil, false
}

// partnerOrder lists the indexes of rest (ranked) in the order the
// player above them, with score top, tries them as partners.
func partnerOrder(rest []string, points map[string]float64, top float64) []int {
	g := 0 // the top player's group in rest: same points, at its front
	for g < len(rest) && points[rest[g]] == top {
		g++
	}
	half := (g + 1) / 2 // the partner's place in the group counting the top player
	order := make([]int, 0, len(rest))
	for j := max(half-1, 0); j < g; j++ {
		order = append(order, j)
	}
	for j := half - 2; j >= 0; j-- {
		order = append(order, j)
	}
	for j := g; j < len(rest); j++ {
		order = append(order, j)
	}
	return order
}

// seatHistory is each player's first seats minus second seats, and the
// seat of their last game (+1 first, -1 second).
func (l *League) seatHistory() (map[string]int, map[string]int) {
	bal, last := map[string]int{}, map[string]int{}
	for _, r := range l.RoundList {
		for _, p := range r.Pairings {
			bal[p.A]++
			bal[p.B]--
			last[p.A], last[p.B] = 1, -1
		}
	}
	return bal, last
}

// seatsFor orders a Swiss pair {higher ranked, lower}: the first seat
// goes to whoever has had it less, then to whoever sat second last
// time (so Trenches' sides alternate), then to the higher ranked in
// even rounds and the lower in odd ones.
func seatsFor(hi, lo string, bal, last map[string]int, round int) (string, string) {
	switch {
	case bal[hi] != bal[lo]:
		if bal[hi] < bal[lo] {
			return hi, lo
		}
		return lo, hi
	case last[hi] != last[lo]:
		if last[hi] < last[lo] {
			return hi, lo
		}
		return lo, hi
	case round%2 == 0:
		return hi, lo
	}
	return lo, hi
}
