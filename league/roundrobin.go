package league

// CirclePairs is round r (from 0) of a round robin of the players in
// seed order, by the circle method: the last player (or, for an odd
// count, the bye, written "") stays put and the others turn one place a
// round, so over RoundRobinRounds(n) rounds everyone meets everyone
// once. Each pair is {first seat, second seat}.
//
// Seats: a turning player takes the first seat at the odd places of the
// circle and the second at the even ones, so from one round to the next
// they alternate, except once, when they pass place 0, which faces the
// fixed player; the fixed player alternates round by round. Over the
// whole league each player's first-seat and second-seat counts differ
// by at most one (exactly equal for an odd count, where place 0 is the
// bye).
func CirclePairs(order []string, r int) [][2]string {
	ring := order
	if len(ring)%2 == 1 {
		ring = append(ring[:len(ring):len(ring)], "")
	}
	m := len(ring)
	fixed := ring[m-1]
	turning := ring[:m-1]
	at := func(place int) string { return turning[(place+r)%(m-1)] }
	pairs := make([][2]string, 0, m/2)
	if r%2 == 0 {
		pairs = append(pairs, [2]string{fixed, at(0)})
	} else {
		pairs = append(pairs, [2]string{at(0), fixed})
	}
	for k := 1; k < m/2; k++ {
		a, b := at(k), at(m-1-k)
		if k%2 == 0 {
			a, b = b, a
		}
		pairs = append(pairs, [2]string{a, b})
	}
	return pairs
}

// roundRobin is round r of the league's round robin: the bye (if any) is
// the player facing the empty place, and a game against a player who
// has dropped out is a forfeit from the start.
func (l *League) roundRobin(r int) Round {
	var out Round
	for _, p := range CirclePairs(l.Order, r) {
		switch {
		case p[0] == "":
			out.Bye = p[1]
			continue
		case p[1] == "":
			out.Bye = p[0]
			continue
		}
		pr := Pairing{A: p[0], B: p[1]}
		forfeit(&pr, l.IsDropped)
		out.Pairings = append(out.Pairings, pr)
	}
	if l.IsDropped(out.Bye) {
		out.Bye = ""
	}
	return out
}
