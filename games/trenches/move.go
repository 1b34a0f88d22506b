package trenches

const inf = 1 << 20

// Reach is the result of a movement search from one hex.
type Reach struct {
	Cost  [NHexs]int // cheapest cost to end on the hex with Flags flags, inf if unreachable
	Flags [NHexs]int // most S3 flag hexes newly entered on the way
	mask  [NHexs]int
	// Exit: best way to leave across the red edge (cost includes the 1 MP).
	ExitCost  int
	ExitFlags int
	ExitHex   int // the Cut Wire hex the exit leaves from
	exitMask  int
}

// search explores moves from `from` with at most mp MP (inf for unlimited).
// blocked marks hexes holding face-up enemies. flagHexes are up to two S3
// objective hexes not yet entered; paths that enter more of them are
// preferred, then cheaper ones.
func (sc *Scenario) search(from, mp int, blocked *[NHexs]bool, flagHexes []int) Reach {
	nm := 1 << len(flagHexes)
	// Dijkstra by sweeps: step costs are 1 or 2, so the states at distance
	// d are final when the sweep for d runs. A fixed array keeps the search
	// free of allocations (it runs for every unit at every step of a
	// playout).
	var dist [NHexs * 4]int
	for i := range dist[:NHexs*nm] {
		dist[i] = inf
	}
	var flagIdx [2]int
	for f, fh := range flagHexes {
		flagIdx[f] = Idx(fh)
	}
	dist[Idx(from)*nm] = 0
	far := 0 // the largest finite distance found so far
	for d := 0; d <= far; d++ {
		for st := 0; st < NHexs*nm; st++ {
			if dist[st] != d {
				continue
			}
			i, m := st/nm, st%nm
			for _, stp := range steps[sc.N][i] {
				bi, c := stp.To, stp.Cost
				if blocked[bi] || d+c > mp {
					continue
				}
				nmk := m
				for f := range flagHexes {
					if flagIdx[f] == bi {
						nmk |= 1 << f
					}
				}
				if ns := bi*nm + nmk; d+c < dist[ns] {
					dist[ns] = d + c
					far = max(far, d+c)
				}
			}
		}
	}
	var r Reach
	r.ExitCost = inf
	for i := 0; i < NHexs; i++ {
		r.Cost[i] = inf
		for m := 0; m < nm; m++ {
			d := dist[i*nm+m]
			if d >= inf {
				continue
			}
			f := popcount(m)
			if r.Cost[i] >= inf || f > r.Flags[i] || (f == r.Flags[i] && d < r.Cost[i]) {
				r.Cost[i], r.Flags[i], r.mask[i] = d, f, m
			}
		}
		h := Map[i]
		if h.Row == 1 && sc.IsCutWire(h.ID) && r.Cost[i] < inf && r.Cost[i]+1 <= mp {
			for m := 0; m < nm; m++ {
				d := dist[i*nm+m]
				if d >= inf || d+1 > mp {
					continue
				}
				f := popcount(m)
				if r.ExitCost >= inf || f > r.ExitFlags || (f == r.ExitFlags && d+1 < r.ExitCost) {
					r.ExitCost, r.ExitFlags, r.exitMask, r.ExitHex = d+1, f, m, h.ID
				}
			}
		}
	}
	r.Cost[Idx(from)] = inf // a move must go somewhere
	return r
}

func popcount(m int) int {
	n := 0
	for ; m > 0; m >>= 1 {
		n += m & 1
	}
	return n
}

// PathCost is the cost of an explicit path (hex ids, optionally ending in
// 0 for EXIT) for a unit of the given side, or -1 with an error code. It
// mirrors the spec's path form of `move` and is used for worked examples.
func (s *State) PathCost(raider bool, path []int) (int, string) {
	sc := s.sc()
	blocked := s.blockedFor(raider)
	cost := 0
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		if b == 0 {
			if i != len(path)-1 || !raider || s.M > 3 || Hex(a).Row != 1 || !sc.IsCutWire(a) {
				return -1, "exit_not_allowed"
			}
			cost++
			continue
		}
		if !Valid(b) || !Adjacent(a, b) {
			return -1, "path_not_adjacent"
		}
		if Hex(b).Terrain == Wire && !sc.IsCutWire(b) {
			return -1, "path_blocked_wire"
		}
		if sc.IsImpassable(b) {
			return -1, "path_blocked_impassable"
		}
		if blocked[Idx(b)] {
			return -1, "path_blocked_enemy"
		}
		cost += sc.StepCost(a, b)
	}
	return cost, ""
}
