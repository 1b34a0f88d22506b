package blindaz

import (
	"math"
	"slices"

	"github.com/warroom/warroom/games"
)

// Plan is one whole turn the computer soldier considers (spec §13): a
// destination and an action there, with its score. Actions is what the
// table service applies, in order, to carry the plan out (a move first
// when the plan moves). Plans are what the team votes on in its
// thread (commands/vote.go): the best few are sensible, distinct choices.
type Plan struct {
	To      int            `json:"to"`
	Steps   int            `json:"steps"`
	Act     games.Action   `json:"act"`
	Score   float64        `json:"score"`
	Actions []games.Action `json:"actions"`
	key     [7]int
}

// botKind is the kind order for ties (spec §13).
func botKind(verb string) int {
	switch verb {
	case VAttack:
		return 0
	case VThrow:
		return 1
	case VFlag:
		return 2
	case VBuild:
		return 3
	case VTake:
		return 4
	case VReplace:
		return 5
	}
	return 6 // pass
}

// Bot plays at the seat's computer level (games.SeatLevel): normal is
// the §13 choice (in deploy the table lane, in a turn the first action of
// the best plan; it draws no randomness), easy a random legal action, hard
// the Monte Carlo search of hardChoice.
func (g Game) Bot(s State, seat games.Seat, r games.Rand) games.Action {
	legal := g.Legal(s, seat)
	if len(legal) == 0 {
		return games.Action{}
	}
	switch games.SeatLevel(s.Level, s.Levels, seat) {
	case games.LevelEasy:
		return legal[r.Intn(len(legal))]
	case games.LevelHard:
		if a, ok := g.hardChoice(s, seat, legal, r); ok {
			return a
		}
	}
	if s.Phase == PhaseDeploy {
		for i, so := range s.Soldiers {
			if so.Seat == int(seat) && so.Pos < 0 {
				if lanes, ok := BotDeploy[s.N]; ok && i < len(lanes) {
					return games.Act(VDeploy, lanes[i])
				}
				return legal[0]
			}
		}
		return legal[0]
	}
	plans := Plans(s)
	if len(plans) == 0 {
		return games.Act(VPass)
	}
	a := plans[0].Actions[0]
	if !slices.ContainsFunc(legal, a.Equal) {
		return legal[len(legal)-1]
	}
	return a
}

// Plans lists the acting soldier's turn plans scored by the §13 policy,
// best first (public information only). After a move, only plans from the
// current cell are listed (their Actions need no move).
func Plans(s State) []Plan {
	start := -1
	if s.Phase == PhaseTurn {
		start = s.Soldiers[s.Turn].Pos
	}
	var out []Plan
	s.eachPlan(nil, func(c cand) {
		p := Plan{To: c.to, Steps: c.steps, Act: games.Action{Verb: c.act.Verb, Args: slices.Clone(c.act.Args)}, Score: c.score, key: c.key}
		if c.to != start {
			p.Actions = []games.Action{actCell(VMove, c.to), p.Act}
		} else {
			p.Actions = []games.Action{p.Act}
		}
		out = append(out, p)
	})
	slices.SortStableFunc(out, func(a, b Plan) int { return planOrder(a.Score, b.Score, &a.key, &b.key) })
	return out
}

// cand is one plan as eachPlan hands it out: act's Args may be shared
// tables (no allocation in a rollout); Plans copies them.
type cand struct {
	to, steps int
	act       games.Action
	score     float64
	key       [7]int
}

// planOrder is the §13 order of plans: higher score first, then the key
// (kind, steps, column, lane, slot, orientation, direction).
func planOrder(as, bs float64, ak, bk *[7]int) int {
	if math.Abs(as-bs) > 1e-9 {
		if as > bs {
			return -1
		}
		return 1
	}
	for i := range ak {
		if ak[i] != bk[i] {
			return ak[i] - bk[i]
		}
	}
	return 0
}

// eachPlan hands every plan of the acting soldier to f, unsorted. buf is
// scratch space for the destinations.
func (s *State) eachPlan(buf []Dest, f func(c cand)) []Dest {
	if s.Phase != PhaseTurn {
		return buf
	}
	si := s.Turn
	start := s.Soldiers[si].Pos
	// dests[0] is staying (canBuild when stranded), or the cell reached
	// after a move.
	dests := append(buf[:0], Dest{start, 0, s.Moved && s.Exit})
	canBuild0 := !s.Moved && s.stranded(si)
	potential := false
	if !s.Moved {
		dests, potential = s.appendReachP(dests, si, true)
	}
	flagOn := s.flagsOnBoard() > 0
	lastguard := !flagOn && len(s.EStack) == 0 && s.enemiesOnBoard() == 1
	replaceOK := s.replaceCondition(si, dests, potential)
	pc := s.planCtx(si)
	e := planEnv{f: f, pc: &pc, si: si, flagOn: flagOn, lastguard: lastguard, replaceOK: replaceOK}
	for i, d := range dests {
		x, _ := XY(d.Cell)
		if d.Exit && x == colA {
			if s.Flags > 0 {
				sc := 5.0
				if flagOn {
					sc = 2.0
				}
				e.add(d, games.Action{Verb: VFlag}, sc, 0, 0, 0)
			}
			continue
		}
		if d.Exit || (i == 0 && canBuild0) {
			s.buildPlans(&e, d)
			if d.Exit {
				continue
			}
		}
		s.cellPlans(&e, d)
	}
	return dests
}

// planEnv is what eachPlan works out once per turn and hands to its
// per-destination helpers, so they score plans the same way.
type planEnv struct {
	f         func(c cand)
	pc        *planCtx
	si        int  // the acting soldier
	flagOn    bool // a flag is on the board
	lastguard bool // one enemy left on the board, none to come, no flag out
	replaceOK bool // the §13 replace condition holds
}

// add hands one plan from destination d to eachPlan's f, with its §13
// order key.
func (e *planEnv) add(d Dest, a games.Action, score float64, slot, oriIdx, dirIdx int) {
	x, y := XY(d.Cell)
	e.f(cand{to: d.Cell, steps: d.Steps, act: a, score: score,
		key: [7]int{botKind(a.Verb), d.Steps, x, y, slot, oriIdx, dirIdx}})
}

// replaceCondition is the §13 test of whether replacing the market is
// worth a plan: dests and potential are eachPlan's reach from the acting
// soldier si.
func (s *State) replaceCondition(si int, dests []Dest, potential bool) bool {
	for _, t := range s.Market {
		if TrenchTile(t).Shape != NoShape {
			return s.replaceWithTrench(si, dests, potential)
		}
	}
	return true
}

// replaceWithTrench is replaceCondition when the market holds a trench
// tile.
func (s *State) replaceWithTrench(si int, dests []Dest, potential bool) bool {
	if s.Moved {
		// judged from where the turn began, so the choice after a move
		// is the same as before it
		t := *s
		t.Soldiers = slices.Clone(s.Soldiers)
		t.Soldiers[si].Pos = s.From
		return t.potentialExit(si)
	}
	// an exit into B..F, none buildable with this market
	replaceOK := potential
	for _, d := range dests[1:] {
		if x, _ := XY(d.Cell); d.Exit && x > colA && x < colG {
			replaceOK = false
		}
	}
	return replaceOK
}

// buildPlans hands out every build of a market trench tile at
// destination d, with its §13 score.
func (s *State) buildPlans(e *planEnv, d Dest) {
	x, _ := XY(d.Cell)
	for slot, t := range s.Market {
		tt := TrenchTile(t)
		if tt.Shape == NoShape {
			continue
		}
		for oi, o := range Orientations[tt.Shape] {
			if !s.fits(d.Cell, o) {
				continue
			}
			sc := 0.3 + 0.15*float64(5-x)
			if o&SideW != 0 {
				sc += 0.3
			}
			if e.flagOn {
				sc *= 0.5
			}
			if tt.Symbol == SymHedgehog && s.kindWest(d.Cell, Tank) {
				sc += 1.0
			}
			if tt.Symbol == SymMine && s.kindWest(d.Cell, Infantry) {
				sc += 0.8
			}
			if tt.Symbol == SymFire {
				sc += 0.2
			}
			sc -= s.danger(d.Cell, tt.Symbol)
			e.add(d, games.Action{Verb: VBuild, Args: buildArgTab[slot][o]}, sc, slot+1, oi, 0)
		}
	}
}

// cellPlans hands out the plans of standing on destination d: attacks,
// a throw or a take, replace and pass.
func (s *State) cellPlans(e *planEnv, d Dest) {
	sym := s.symbolAt(d.Cell)
	dg := s.danger(d.Cell, sym)
	ps := e.pc.pos(d.Cell)
	s.attackPlans(e, d, sym, dg)
	if s.Soldiers[e.si].Grenade != 0 {
		if !e.lastguard {
			for dir := range 4 {
				if step(d.Cell, dir) < 0 {
					continue
				}
				ev := s.throwEV(e.pc, d.Cell, dir)
				if ev >= 0.5 {
					e.add(d, games.Action{Verb: VThrow, Args: smallArgTab[dir]}, ev-dg, 0, 0, dir)
				}
			}
		}
	} else {
		for i, t := range s.Market {
			if TrenchTile(t).Shape == NoShape {
				e.add(d, games.Action{Verb: VTake, Args: smallArgTab[i+1]}, 0.8-dg+ps, i+1, 0, 0)
				break
			}
		}
	}
	if e.replaceOK && len(s.Market) > 0 {
		e.add(d, games.Action{Verb: VReplace}, 0.3-dg+ps, 0, 0, 0)
	}
	e.add(d, games.Action{Verb: VPass}, -dg+ps, 0, 0, 0)
}

// attackPlans hands out an attack on each enemy next to destination d,
// whose symbol is sym and danger dg.
func (s *State) attackPlans(e *planEnv, d Dest, sym string, dg float64) {
	fire := 0
	if sym == SymFire {
		fire = 1
	}
	for dir := range 4 {
		n := step(d.Cell, dir)
		if n < 0 || s.Board[n].Enemy == 0 {
			continue
		}
		en := s.Board[n].Enemy
		p := hitProb(EnemyTile(en).Defence, fire)
		sc := p*s.value(n) - dg
		if dir == 3 {
			sc += p * dg
		}
		if e.lastguard {
			sc -= 10
		}
		e.add(d, sharedCell(VAttack, n), sc, 0, 0, dir)
	}
}

// potentialExit is the §13 replace test from soldier si's cell: an exit
// into B..F exists if any tile could be built, and none can be with this
// market.
func (s *State) potentialExit(si int) bool {
	var bufA, bufB [Cells]Dest
	potential, anyExit := false, false
	for _, d := range s.appendReach(bufA[:0], si, false) {
		if x, _ := XY(d.Cell); d.Exit && x > colA && x < colG {
			potential = true
		}
	}
	for _, d := range s.appendReach(bufB[:0], si, true) {
		if x, _ := XY(d.Cell); d.Exit && x > colA && x < colG {
			anyExit = true
		}
	}
	return potential && !anyExit
}

// Shared argument lists of plan actions (never modified): small numbers
// (take.S, throw.D) and builds by slot index and orientation mask.
var (
	smallArgTab = [4][]int{{0}, {1}, {2}, {3}}
	buildArgTab = func() (t [MarketSize][16][]int) {
		for s := range t {
			for o := range t[s] {
				t[s][o] = []int{s + 1, o}
			}
		}
		return
	}()
)

// hitProb is the chance that die-1+fire >= def.
func hitProb(def, fire int) float64 {
	need := def + 1 - fire
	if need < 1 {
		need = 1
	}
	if need > 6 {
		return 0
	}
	return float64(7-need) / 6
}

// value V(e) of the enemy on c.
func (s *State) value(c int) float64 {
	et := EnemyTile(s.Board[c].Enemy)
	if et.Kind == Artillery {
		return 0.6
	}
	x, _ := XY(c)
	return float64(et.Defence) * botU[x]
}

// kindWest: a tile of kind stands west of c in its lane.
func (s *State) kindWest(c int, kind string) bool {
	x, y := XY(c)
	for i := colA; i < x; i++ {
		if e := s.Board[CellAt(i, y)].Enemy; e != 0 && EnemyTile(e).Kind == kind {
			return true
		}
	}
	return false
}

// danger(x, sym) of spec §13.
func (s *State) danger(c int, sym string) float64 {
	x, _ := XY(c)
	if x <= colA || x >= colG {
		return 0
	}
	e := s.Board[c-1].Enemy
	if e == 0 {
		return 0
	}
	switch EnemyTile(e).Kind {
	case Tank:
		if sym == SymHedgehog {
			return 0
		}
		return 1
	case Infantry:
		if sym == SymMine {
			return 0
		}
		return 1
	}
	return 0
}

// planCtx is what the scores of one turn's plans read, computed once.
type planCtx struct {
	enemyV [Cells]float64 // V(e)/6 of the enemy on a cell
	others [Cells]int8    // soldiers on a cell, the acting one left out
	// threats: the cell ahead of each tank or infantry tile not yet at
	// the dugout, and 0.1*defence*U there (pos)
	ahead  [Cells]int
	weight [Cells]float64
	n      int
}

func (s *State) planCtx(si int) planCtx {
	var pc planCtx
	for c, b := range s.Board {
		if b.Enemy == 0 {
			continue
		}
		pc.enemyV[c] = s.value(c) / 6
		if x, y := XY(c); EnemyTile(b.Enemy).Kind != Artillery && x+1 < Cols {
			pc.ahead[pc.n] = CellAt(x+1, y)
			pc.weight[pc.n] = 0.1 * float64(EnemyTile(b.Enemy).Defence) * botU[x+1]
			pc.n++
		}
	}
	for i, so := range s.Soldiers {
		if i != si && so.Pos >= 0 {
			pc.others[so.Pos]++
		}
	}
	return pc
}

// pos(x) of spec §13.
func (pc *planCtx) pos(c int) float64 {
	best := 0.0
	for i := range pc.n {
		dd := dist(pc.ahead[i], c)
		if dd > 3 {
			continue
		}
		v := pc.weight[i] * float64(4-dd) / 3
		if v > best {
			best = v
		}
	}
	return best
}

// throwEV: expected value of a throw from c in dir (spec §13), the
// acting soldier standing on c.
func (s *State) throwEV(pc *planCtx, c, dir int) float64 {
	x, y := XY(c)
	sum := 0.0
	for k := 1; k <= 6; k++ {
		cx, cy := x+dirDX[dir]*k, y+dirDY[dir]*k
		pts := [5][2]int{{cx, cy}, {cx, cy - 1}, {cx + 1, cy}, {cx, cy + 1}, {cx - 1, cy}}
		for _, p := range pts {
			if p[0] < 0 || p[0] >= colG || p[1] < 0 || p[1] >= Lanes {
				continue
			}
			b := CellAt(p[0], p[1])
			if s.Board[b].Enemy != 0 {
				sum += pc.enemyV[b]
			}
			if s.Board[b].Tile != 0 {
				sum -= 0.3 / 6
			}
			n := pc.others[b]
			if b == c {
				n++
			}
			for range n {
				sum -= 1.0 / 6
			}
		}
	}
	return sum
}
