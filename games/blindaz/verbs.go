package blindaz

import (
	"slices"
	"strings"

	"github.com/warroom/warroom/games"
)

// applier is one move being applied (games.Move) with the rules' steps
// as its methods; a quiet one (a playout nobody reads) logs nothing.
type applier struct{ *games.Move[State] }

// newApplier is a move on s, a private copy.
func newApplier(s State, r games.Rand, quiet bool) applier {
	return applier{&games.Move[State]{S: &s, Rand: r, Quiet: quiet}}
}

// do performs seat's legal action a in place: playouts step with it.
func (ap applier) do(seat int, a games.Action) {
	ap.Seat = games.Seat(seat)
	games.Dispatch(verbs, ap.Move, a)
}

func (ap applier) over() bool { return ap.S.Phase == PhaseOver }

// note emits a public note as an event: the table's journal is the log,
// the state keeps none.
func (ap applier) note(n Note) {
	if ap.Quiet {
		return
	}
	n.Round = ap.S.Round
	ap.Events = append(ap.Events, noteEvent(ap.S, n))
}

func noteEvent(s *State, n Note) games.Event {
	seat := games.Seat(-1)
	if n.Soldier >= 0 && n.Soldier < len(s.Soldiers) {
		seat = games.Seat(s.Soldiers[n.Soldier].Seat)
	}
	return games.Log(n.Kind, seat, n)
}

// verbs is the verb table: each verb's argument count and function.
// A soldier's turn action (soldierVerb) ends the soldier's turn; deploy,
// move and back do not.
var verbs = games.Verbs[State]{
	VDeploy:  {Args: 1, Do: deploy},
	VMove:    {Args: 2, Do: move},
	VBack:    {Do: back},
	VBuild:   {Args: 2, Do: soldierVerb(build)},
	VFlag:    {Do: soldierVerb(flag)},
	VClear:   {Args: 2, Do: soldierVerb(clearTile)},
	VAttack:  {Args: 2, Do: soldierVerb(attack)},
	VTake:    {Args: 1, Do: soldierVerb(take)},
	VThrow:   {Args: 1, Do: soldierVerb(func(ap applier, si int, a games.Action) { ap.throw(si, a.Args[0]) })},
	VReplace: {Do: soldierVerb(replace)},
	VPass:    {Do: soldierVerb(pass)},
}

func deploy(m *games.Move[State], a games.Action) {
	ap, s := applier{m}, m.S
	for i := range s.Soldiers {
		if s.Soldiers[i].Seat == int(m.Seat) && s.Soldiers[i].Pos < 0 {
			s.Soldiers[i].Pos = CellAt(colG, a.Args[0]-1)
			ap.note(Note{Kind: "Deployed", Soldier: i, Cell: CellName(s.Soldiers[i].Pos)})
			break
		}
	}
	for _, so := range s.Soldiers {
		if so.Pos < 0 {
			return
		}
	}
	s.Phase = PhaseTurn
	s.Turn = 0
	s.From = s.Soldiers[0].Pos
}

func move(m *games.Move[State], a games.Action) {
	s := m.S
	si := s.Turn
	so := &s.Soldiers[si]
	to := CellAt(a.Args[0], a.Args[1]-1)
	steps, exit := 0, false
	var buf [Cells]Dest
	for _, d := range s.appendReach(buf[:0], si, true) {
		if d.Cell == to {
			steps, exit = d.Steps, d.Exit
		}
	}
	s.From = so.Pos
	so.Pos = to
	s.Moved, s.Exit = true, exit
	applier{m}.note(Note{Kind: "Moved", Soldier: si, Cell: CellName(s.From), To: CellName(to), N: steps})
}

func back(m *games.Move[State], _ games.Action) {
	s := m.S
	si := s.Turn
	so := &s.Soldiers[si]
	applier{m}.note(Note{Kind: "MoveCancelled", Soldier: si, Cell: CellName(so.Pos), To: CellName(s.From)})
	so.Pos = s.From
	s.Moved, s.Exit = false, false
}

// soldierVerb is an action that ends the acting soldier's turn: f for
// soldier si, then the end of the turn.
func soldierVerb(f func(ap applier, si int, a games.Action)) func(m *games.Move[State], a games.Action) {
	return func(m *games.Move[State], a games.Action) {
		ap := applier{m}
		f(ap, m.S.Turn, a)
		ap.endTurn()
	}
}

func build(ap applier, si int, a games.Action) {
	s, so := ap.S, &ap.S.Soldiers[si]
	slot := a.Args[0] - 1
	t := s.Market[slot]
	s.Market = slices.Delete(s.Market, slot, slot+1)
	s.Board[so.Pos].Tile, s.Board[so.Pos].Ori = t, a.Args[1]
	ap.note(Note{Kind: "Built", Soldier: si, Cell: CellName(so.Pos), What: TrenchTile(t).ID, N: a.Args[1]})
}

func flag(ap applier, si int, _ games.Action) {
	s, so := ap.S, &ap.S.Soldiers[si]
	s.Board[so.Pos].Flag = true
	s.Flags--
	ap.note(Note{Kind: "FlagPlanted", Soldier: si, Cell: CellName(so.Pos), N: s.Flags})
}

func clearTile(ap applier, si int, a games.Action) {
	s := ap.S
	c := CellAt(a.Args[0], a.Args[1]-1)
	t := s.Board[c].Tile
	s.Board[c].Tile, s.Board[c].Ori = 0, 0
	s.Discard = append(s.Discard, t)
	ap.note(Note{Kind: "Cleared", Soldier: si, Cell: CellName(c), What: TrenchTile(t).ID})
}

func attack(ap applier, si int, a games.Action) {
	s, so := ap.S, &ap.S.Soldiers[si]
	c := CellAt(a.Args[0], a.Args[1]-1)
	e := s.Board[c].Enemy
	die := games.Die(ap.Rand, 6)
	fire := 0
	if s.symbolAt(so.Pos) == SymFire {
		fire = 1
	}
	def := EnemyTile(e).Defence
	total := die - 1 + fire
	hit := total >= def
	ap.note(Note{Kind: "AttackRolled", Soldier: si, Cell: CellName(c), What: EnemyTile(e).ID, Die: die, N: fire, Total: total, Hit: hit})
	if hit {
		ap.removeEnemy(c, "killed")
	}
}

func take(ap applier, si int, a games.Action) {
	s, so := ap.S, &ap.S.Soldiers[si]
	slot := a.Args[0] - 1
	so.Grenade = s.Market[slot]
	s.Market = slices.Delete(s.Market, slot, slot+1)
	ap.note(Note{Kind: "GrenadeTaken", Soldier: si, Cell: CellName(so.Pos)})
}

func replace(ap applier, si int, _ games.Action) {
	s := ap.S
	s.Discard = append(s.Discard, s.Market...)
	s.Market = []int{}
	ap.note(Note{Kind: "MarketReplaced", Soldier: si})
}

func pass(ap applier, si int, _ games.Action) {
	ap.note(Note{Kind: "Passed", Soldier: si, Cell: CellName(ap.S.Soldiers[si].Pos)})
}

// endTurn ends the acting soldier's turn (spec §6.4): the market and the
// enemy are refilled, the next soldier acts, after the last the enemy.
func (ap applier) endTurn() {
	s := ap.S
	if ap.over() {
		return
	}
	ap.refill()
	ap.reinforce()
	if ap.endCheck() {
		return
	}
	s.Moved, s.Exit = false, false
	s.Turn++
	if s.Turn == s.N {
		ap.enemyPhase()
		if ap.over() || ap.endCheck() {
			return
		}
		s.Round++
		s.Turn = 0
	}
	s.From = s.Soldiers[s.Turn].Pos
}

func (ap applier) throw(si, d int) {
	s := ap.S
	so := &s.Soldiers[si]
	s.Destroyed = append(s.Destroyed, so.Grenade)
	so.Grenade = 0
	die := games.Die(ap.Rand, 6)
	x, y := XY(so.Pos)
	cx, cy := x+dirDX[d]*die, y+dirDY[d]*die
	centre := ""
	if cx >= 0 && cx < Cols && cy >= 0 && cy < Lanes {
		centre = CellName(CellAt(cx, cy))
	}
	ap.note(Note{Kind: "GrenadeThrown", Soldier: si, Cell: CellName(so.Pos), What: DirName[d], Die: die, To: centre})
	pts := [][2]int{{cx, cy}, {cx, cy - 1}, {cx + 1, cy}, {cx, cy + 1}, {cx - 1, cy}}
	for _, p := range pts {
		if p[0] < 0 || p[0] >= colG || p[1] < 0 || p[1] >= Lanes {
			continue
		}
		c := CellAt(p[0], p[1])
		if s.Board[c].Tile != 0 {
			ap.destroyTile(c, "blasted")
		}
		if s.Board[c].Enemy != 0 {
			ap.removeEnemy(c, "blasted")
		}
		if ap.hitSoldiers(c, "grenade") {
			return
		}
	}
}

// destroyTile removes the trench tile on c from the game.
func (ap applier) destroyTile(c int, cause string) {
	s := ap.S
	t := s.Board[c].Tile
	s.Board[c].Tile, s.Board[c].Ori = 0, 0
	s.Destroyed = append(s.Destroyed, t)
	ap.note(Note{Kind: "Destroyed", Soldier: -1, Cell: CellName(c), What: TrenchTile(t).ID, Cause: cause})
}

// removeEnemy takes the enemy on c out of play.
func (ap applier) removeEnemy(c int, cause string) {
	s := ap.S
	e := s.Board[c].Enemy
	s.Board[c].Enemy = 0
	s.Spent = append(s.Spent, Spent{e, cause})
	if cause != "killed" && cause != "arrived" && cause != "fired" {
		ap.note(Note{Kind: "EnemyRemoved", Soldier: -1, Cell: CellName(c), What: EnemyTile(e).ID, Cause: cause})
	}
}

// hitSoldiers sends every soldier on c (never in G) back to the dugout of
// that lane, 1 penalty each. It reports whether the game ended.
func (ap applier) hitSoldiers(c int, cause string) bool {
	s := ap.S
	x, y := XY(c)
	if x == colG {
		return false
	}
	for i := range s.Soldiers {
		if s.Soldiers[i].Pos != c {
			continue
		}
		s.Soldiers[i].Pos = CellAt(colG, y)
		ap.note(Note{Kind: "SoldierHit", Soldier: i, Cell: CellName(c), To: CellName(s.Soldiers[i].Pos), Cause: cause})
		if ap.penalty(1, "hit") {
			return true
		}
	}
	return false
}

// penalty adds points and ends the game at the limit (§8, ruling 22).
func (ap applier) penalty(n int, cause string) bool {
	s := ap.S
	s.Penalty += n
	ap.note(Note{Kind: "Penalty", Soldier: -1, N: n, Total: s.Penalty, Cause: cause})
	if s.Penalty >= s.Limit {
		ap.finish(Defeat, ReasonBreakthrough)
		return true
	}
	return false
}

func (ap applier) finish(result, reason string) {
	s := ap.S
	s.Phase, s.Result, s.Reason = PhaseOver, result, reason
	s.Moved, s.Exit = false, false
	ap.note(Note{Kind: "GameOver", Soldier: -1, What: result, Cause: reason, Total: s.Penalty})
}

// endCheck: stack empty and board clear ends the game (§8).
func (ap applier) endCheck() bool {
	s := ap.S
	if len(s.EStack) > 0 || s.enemiesOnBoard() > 0 {
		return false
	}
	if s.flagsOnBoard() > 0 {
		ap.finish(Victory, ReasonHeld)
	} else {
		ap.finish(Defeat, ReasonNoTrench)
	}
	return true
}

// refill tops the market up to 3, reshuffling the discard when needed (§7.9).
func (ap applier) refill() {
	s := ap.S
	var drawn []string
	for len(s.Market) < MarketSize {
		if len(s.Stack) == 0 {
			if len(s.Discard) == 0 {
				break
			}
			if len(drawn) > 0 {
				ap.note(Note{Kind: "MarketRefilled", Soldier: -1, What: strings.Join(drawn, ",")})
				drawn = nil
			}
			s.Stack = slices.Clone(s.Discard)
			s.Discard = []int{}
			games.Shuffle(ap.Rand, s.Stack)
			ap.note(Note{Kind: "Reshuffled", Soldier: -1, N: len(s.Stack)})
		}
		t := s.Stack[0]
		s.Stack = s.Stack[1:] // the state's own copy (Do clones)
		s.Market = append(s.Market, t)
		if !ap.Quiet {
			drawn = append(drawn, TrenchTile(t).ID)
		}
	}
	if len(drawn) > 0 {
		ap.note(Note{Kind: "MarketRefilled", Soldier: -1, What: strings.Join(drawn, ",")})
	}
}

// reinforce draws at most one enemy when fewer than N are on the board (§7.10).
func (ap applier) reinforce() {
	s := ap.S
	if s.enemiesOnBoard() >= s.N || len(s.EStack) == 0 {
		return
	}
	e := s.EStack[0]
	s.EStack = s.EStack[1:] // the state's own copy (Do clones)
	et := EnemyTile(e)
	ap.note(Note{Kind: "EnemyDrawn", Soldier: -1, What: et.ID})
	for {
		die := games.Die(ap.Rand, 6)
		c := CellAt(colA, die-1)
		switch {
		case s.Board[c].Enemy != 0:
			ap.note(Note{Kind: "LaneRolled", Soldier: -1, Die: die, Cell: CellName(c), Cause: "occupied"})
			continue
		case s.Board[c].Flag:
			ap.note(Note{Kind: "LaneRolled", Soldier: -1, Die: die, Cell: CellName(c), Cause: "flag"})
			s.Spent = append(s.Spent, Spent{e, "blocked"})
			ap.note(Note{Kind: "EnemyBlocked", Soldier: -1, Cell: CellName(c), What: et.ID})
		default:
			s.Board[c].Enemy = e
			ap.note(Note{Kind: "EnemyPlaced", Soldier: -1, Die: die, Cell: CellName(c), What: et.ID})
		}
		return
	}
}

// enemyPhase: movement front first, then artillery lanes 1..6 (§7.11-7.13).
func (ap applier) enemyPhase() {
	s := ap.S
	ap.note(Note{Kind: "EnemyPhase", Soldier: -1})
	for x := colG - 1; x >= colA; x-- {
		for y := range Lanes {
			c := CellAt(x, y)
			e := s.Board[c].Enemy
			if e == 0 || EnemyTile(e).Kind == Artillery {
				continue
			}
			et := EnemyTile(e)
			to := c + 1
			if x+1 == colG {
				s.Board[c].Enemy = 0
				s.Spent = append(s.Spent, Spent{e, "arrived"})
				ap.note(Note{Kind: "EnemyArrived", Soldier: -1, Cell: CellName(c), To: CellName(to), What: et.ID, N: et.Shield})
				if ap.penalty(et.Shield, "arrived") {
					return
				}
				continue
			}
			sym := s.symbolAt(to)
			if (sym == SymHedgehog && et.Kind == Tank) || (sym == SymMine && et.Kind == Infantry) {
				s.Board[c].Enemy = 0
				s.Spent = append(s.Spent, Spent{e, "trapped"})
				ap.note(Note{Kind: "TrapTriggered", Soldier: -1, Cell: CellName(c), To: CellName(to), What: et.ID, Cause: sym})
				ap.destroyTile(to, "trap")
				continue
			}
			s.Board[c].Enemy = 0
			ap.note(Note{Kind: "EnemyMoved", Soldier: -1, Cell: CellName(c), To: CellName(to), What: et.ID})
			if ap.hitSoldiers(to, et.Kind) {
				// the game ended on this hit: the mover never completes
				// its step
				s.Board[c].Enemy = e
				return
			}
			if et.Kind == Tank && s.Board[to].Tile != 0 {
				ap.destroyTile(to, "crushed")
			}
			s.Board[to].Enemy = e
		}
	}
	for y := range Lanes {
		c := CellAt(colA, y)
		e := s.Board[c].Enemy
		if e == 0 || EnemyTile(e).Kind != Artillery {
			continue
		}
		die := games.Die(ap.Rand, 6)
		tx := Cols - die
		t := CellAt(tx, y)
		ap.note(Note{Kind: "ArtilleryFired", Soldier: -1, Cell: CellName(c), Die: die, To: CellName(t)})
		s.Board[c].Enemy = 0
		s.Spent = append(s.Spent, Spent{e, "fired"})
		if tx == colG {
			ap.note(Note{Kind: "DugoutShelled", Soldier: -1, Cell: CellName(t)})
			if ap.penalty(1, "shelled") {
				return
			}
			continue
		}
		if s.Board[t].Tile != 0 {
			ap.destroyTile(t, "shelled")
		}
		if s.Board[t].Enemy != 0 {
			ap.removeEnemy(t, "shelled")
		}
		if ap.hitSoldiers(t, "artillery") {
			return
		}
	}
}
