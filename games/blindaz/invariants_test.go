package blindaz

import (
	"fmt"
)

// checkInvariants verifies spec §14 invariants 1-10 on one state.
func checkInvariants(s *State) error {
	// 1. trench tile conservation
	seen := make([]int, NumTrench+1)
	count := func(ids ...int) {
		for _, id := range ids {
			if id >= 1 && id <= NumTrench {
				seen[id]++
			} else {
				seen[0]++
			}
		}
	}
	count(s.Stack...)
	count(s.Market...)
	count(s.Discard...)
	count(s.Destroyed...)
	for _, b := range s.Board {
		if b.Tile != 0 {
			count(b.Tile)
		}
	}
	for _, so := range s.Soldiers {
		if so.Grenade != 0 {
			count(so.Grenade)
			if TrenchTile(so.Grenade).Shape != NoShape {
				return fmt.Errorf("soldier holds a non-grenade tile")
			}
		}
	}
	if seen[0] != 0 {
		return fmt.Errorf("bad trench id")
	}
	for id := 1; id <= NumTrench; id++ {
		if seen[id] != 1 {
			return fmt.Errorf("trench tile t%02d counted %d times", id, seen[id])
		}
	}
	// 2. enemy conservation
	es := make([]int, NumEnemy+1)
	for _, id := range s.EStack {
		es[id]++
	}
	for _, id := range s.Box {
		es[id]++
	}
	for _, sp := range s.Spent {
		es[sp.ID]++
	}
	onBoard := 0
	for _, b := range s.Board {
		if b.Enemy != 0 {
			es[b.Enemy]++
			onBoard++
		}
	}
	if len(s.Box) != BoxSize {
		return fmt.Errorf("box holds %d", len(s.Box))
	}
	for id := 1; id <= NumEnemy; id++ {
		if es[id] != 1 {
			return fmt.Errorf("enemy e%02d counted %d times", id, es[id])
		}
	}
	// 3. cap
	if onBoard > s.N {
		return fmt.Errorf("%d enemies on the board, N=%d", onBoard, s.N)
	}
	// 4. penalty
	if s.Penalty < 0 {
		return fmt.Errorf("negative penalty")
	}
	if s.Penalty >= s.Limit && !(s.Phase == PhaseOver && s.Reason == ReasonBreakthrough) {
		return fmt.Errorf("penalty %d at limit but not over", s.Penalty)
	}
	if s.Phase == PhaseOver && s.Reason != ReasonBreakthrough && (len(s.EStack) > 0 || onBoard > 0) {
		return fmt.Errorf("over (%s) with enemies left", s.Reason)
	}
	// 5. flags
	flags := 0
	for c, b := range s.Board {
		if b.Flag {
			flags++
			if x, _ := XY(c); x != colA {
				return fmt.Errorf("flag outside column A at %s", CellName(c))
			}
		}
	}
	if flags+s.Flags != FlagCount {
		return fmt.Errorf("flags %d + %d != 4", flags, s.Flags)
	}
	// 6, 7. column contents, one of each
	for c, b := range s.Board {
		x, _ := XY(c)
		if x == colG && (b.Tile != 0 || b.Enemy != 0 || b.Flag) {
			return fmt.Errorf("something in the dugout %s", CellName(c))
		}
		if x == colA && b.Tile != 0 {
			return fmt.Errorf("trench tile in column A")
		}
		if b.Flag && b.Enemy != 0 {
			return fmt.Errorf("flag and enemy on %s", CellName(c))
		}
		if b.Enemy != 0 {
			k := EnemyTile(b.Enemy).Kind
			if k == Tank && b.Tile != 0 {
				return fmt.Errorf("tank shares %s with a trench", CellName(c))
			}
			if k == Artillery && x != colA {
				return fmt.Errorf("artillery outside A")
			}
		}
		if b.Tile != 0 {
			sh := TrenchTile(b.Tile).Shape
			ok := false
			for _, o := range Orientations[sh] {
				ok = ok || o == b.Ori
			}
			if !ok {
				return fmt.Errorf("bad orientation on %s", CellName(c))
			}
		}
	}
	// 8. fit everywhere
	for c := range Cells {
		if !s.hasTrench(c) {
			continue
		}
		for _, d := range []int{1, 2} { // E and S neighbours
			n := step(c, d)
			if n < 0 || !s.hasTrench(n) {
				continue
			}
			if (s.open(c)&dirBit[d] != 0) != (s.open(n)&dirBit[opp(d)] != 0) {
				return fmt.Errorf("%s and %s do not fit", CellName(c), CellName(n))
			}
		}
	}
	// 9. soldiers
	for i, so := range s.Soldiers {
		if so.Pos < 0 {
			if s.Phase != PhaseDeploy {
				return fmt.Errorf("soldier %d undeployed in %s", i, s.Phase)
			}
			continue
		}
		b := s.Board[so.Pos]
		if b.Enemy != 0 {
			return fmt.Errorf("soldier %d shares %s with an enemy", i, CellName(so.Pos))
		}
		x, _ := XY(so.Pos)
		if x == colA && !b.Flag && !(s.Exit && i == s.Turn) {
			return fmt.Errorf("soldier %d in A without flag", i)
		}
	}
	// 10. market
	if len(s.Market) > MarketSize {
		return fmt.Errorf("market holds %d", len(s.Market))
	}
	if len(s.Market) < MarketSize && (len(s.Stack) > 0 || len(s.Discard) > 0) && s.Phase != PhaseOver {
		return fmt.Errorf("market short with tiles to draw")
	}
	// 12. liveness
	if s.Phase == PhaseTurn && len((Game{}).Legal(*s, Game{}.Active(*s)[0])) == 0 {
		return fmt.Errorf("no legal action")
	}
	return nil
}
