package blindaz

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warroom/warroom/games"
)

// ID is the game id.
const ID = "blindaz"

// Option keys and values (spec §11). The table-service options of the spec
// (bots, takeover_after, bot_after, board) are not rules options.
const (
	OptDifficulty = "difficulty"
	OptSolo       = "solo"
	SoloTwo       = "two_soldiers"
	SoloLone      = "lone_soldier"
)

// Verbs of the actions (text form verb.arg.arg). Cells are given as column
// index 0..6 (A..G) and lane 1..6.
const (
	VDeploy  = "deploy"  // deploy.lane
	VMove    = "move"    // move.col.lane
	VBack    = "back"    // back (undo the move; nothing random happened)
	VBuild   = "build"   // build.slot.ori (ori = side mask N1 E2 S4 W8)
	VFlag    = "flag"    // flag
	VClear   = "clear"   // clear.col.lane
	VAttack  = "attack"  // attack.col.lane
	VTake    = "take"    // take.slot
	VThrow   = "throw"   // throw.dir (0 N, 1 E, 2 S, 3 W)
	VReplace = "replace" // replace
	VPass    = "pass"    // pass
)

// Game implements games.Game[State].
type Game struct{}

// Engine is the game as the table service plays it (catalog lists it).
func Engine() games.Engine { return games.Adapt[State](Game{}) }

// Info describes the game.
func (Game) Info() games.Info {
	diffs := make([]string, len(Difficulties))
	for i, d := range Difficulties {
		diffs[i] = d.ID
	}
	return games.Info{
		ID: ID, Name: "Blindaż", MinSeats: 1, MaxSeats: 4, Coop: true,
		Options: []games.OptionSpec{
			{Key: OptDifficulty, Kind: games.OptionString, Choices: diffs, Default: "standard"},
			{Key: OptSolo, Kind: games.OptionString, Choices: []string{SoloTwo, SoloLone}, Default: SoloTwo},
			// How the computer soldiers play: easy, normal or hard.
			games.LevelOption(),
		},
	}
}

// Setup deals a new game (spec §5): shuffle #1 the trench stack, draw the
// market; shuffle #2 the enemy stack, box the top 8.
func (Game) Setup(opts games.Options, seats int, rng games.Rand) (State, error) {
	if seats < 1 || seats > 4 {
		return State{}, fmt.Errorf("blindaz: %d seats, want 1-4", seats)
	}
	diff := opts[OptDifficulty]
	if diff == "" {
		diff = "standard"
	}
	limit := 0
	for _, d := range Difficulties {
		if d.ID == diff {
			limit = d.Limit
		}
	}
	if limit == 0 {
		return State{}, fmt.Errorf("blindaz: unknown difficulty %q", diff)
	}
	solo := opts[OptSolo]
	if solo == "" {
		solo = SoloTwo
	}
	if solo != SoloTwo && solo != SoloLone {
		return State{}, fmt.Errorf("blindaz: unknown solo mode %q", solo)
	}
	level, err := games.Level(opts)
	if err != nil {
		return State{}, fmt.Errorf("blindaz: %w", err)
	}
	n := seats
	if seats == 1 && solo == SoloTwo {
		n = 2
	}
	s := State{N: n, Seats: seats, Limit: limit, Diff: diff, Level: level, Phase: PhaseDeploy, Round: 1, Flags: FlagCount, From: -1}
	for i := range n {
		seat := i
		if seats == 1 {
			seat = 0
		}
		s.Soldiers = append(s.Soldiers, Soldier{Seat: seat, Pos: -1})
	}
	s.Stack = make([]int, NumTrench)
	for i := range s.Stack {
		s.Stack[i] = i + 1
	}
	games.Shuffle(rng, s.Stack)
	s.Market = slices.Clone(s.Stack[:MarketSize])
	s.Stack = slices.Clone(s.Stack[MarketSize:])
	es := make([]int, NumEnemy)
	for i := range es {
		es[i] = i + 1
	}
	games.Shuffle(rng, es)
	s.Box = slices.Clone(es[:BoxSize])
	s.EStack = slices.Clone(es[BoxSize:])
	s.Discard, s.Destroyed, s.Spent = []int{}, []int{}, []Spent{}
	return s, nil
}

// Active lists who may act: in deploy every seat with an undeployed
// soldier; in a turn the owner of the acting soldier; none when over.
func (Game) Active(s State) []games.Seat {
	switch s.Phase {
	case PhaseDeploy:
		var out []games.Seat
		for _, so := range s.Soldiers {
			if so.Pos < 0 && !slices.Contains(out, games.Seat(so.Seat)) {
				out = append(out, games.Seat(so.Seat))
			}
		}
		return out
	case PhaseTurn:
		return []games.Seat{games.Seat(s.Soldiers[s.Turn].Seat)}
	}
	return nil
}

// Legal lists exactly the actions Apply accepts from seat.
func (g Game) Legal(s State, seat games.Seat) []games.Action {
	out := s.appendLegal(nil, seat)
	for i := range out {
		out[i].Args = slices.Clone(out[i].Args) // the caller's to keep
	}
	return out
}

// appendLegal appends seat's legal actions to out. Their Args may be
// shared (cellArgTab): a playout reads them, Legal copies them.
func (s *State) appendLegal(out []games.Action, seat games.Seat) []games.Action {
	switch s.Phase {
	case PhaseDeploy:
		if !slices.ContainsFunc(s.Soldiers, func(so Soldier) bool { return so.Seat == int(seat) && so.Pos < 0 }) {
			return out
		}
		for l := 1; l <= Lanes; l++ {
			out = append(out, games.Action{Verb: VDeploy, Args: smallLaneTab[l]})
		}
		return out
	case PhaseTurn:
		if games.Seat(s.Soldiers[s.Turn].Seat) != seat {
			return out
		}
		return s.turnLegal(out)
	}
	return out
}

func cellArgs(c int) []int {
	x, y := XY(c)
	return []int{x, y + 1}
}

func actCell(verb string, c int) games.Action {
	return games.Action{Verb: verb, Args: cellArgs(c)}
}

// cellArgTab holds every cell's arguments once, for legal lists.
var cellArgTab = func() (t [Cells][]int) {
	for c := range t {
		t[c] = cellArgs(c)
	}
	return
}()

func sharedCell(verb string, c int) games.Action {
	return games.Action{Verb: verb, Args: cellArgTab[c]}
}

// turnLegal appends the acting soldier's legal actions in the current
// sub-step to out.
func (s *State) turnLegal(out []games.Action) []games.Action {
	si := s.Turn
	if !s.Moved {
		var buf [Cells]Dest
		for _, d := range s.appendReach(buf[:0], si, true) {
			out = append(out, sharedCell(VMove, d.Cell))
		}
		return s.actsAt(out, si, false, s.stranded(si))
	}
	out = s.actsAt(out, si, s.Exit, false)
	return append(out, games.Act(VBack))
}

// actsAt appends the step-2 actions of soldier si where he stands.
func (s *State) actsAt(out []games.Action, si int, exit, canBuild bool) []games.Action {
	pos := s.Soldiers[si].Pos
	x, _ := XY(pos)
	if exit {
		if x == colA {
			if s.Flags > 0 {
				out = append(out, games.Act(VFlag))
			}
			return out
		}
		return s.appendBuilds(out, pos)
	}
	for d := range 4 {
		if n := step(pos, d); n >= 0 && s.Board[n].Enemy != 0 {
			out = append(out, sharedCell(VAttack, n))
		}
	}
	if s.Soldiers[si].Grenade != 0 {
		for d := range 4 {
			if step(pos, d) >= 0 {
				out = append(out, games.Action{Verb: VThrow, Args: smallArgTab[d]})
			}
		}
	} else {
		for i, t := range s.Market {
			if TrenchTile(t).Shape == NoShape {
				out = append(out, games.Action{Verb: VTake, Args: smallArgTab[i+1]})
			}
		}
	}
	if canBuild {
		out = s.appendBuilds(out, pos)
	}
	for x := colA; x <= colG; x++ {
		for y := range Lanes {
			c := CellAt(x, y)
			if s.Board[c].Tile != 0 && !s.soldierAt(c) {
				out = append(out, sharedCell(VClear, c))
			}
		}
	}
	if len(s.Market) > 0 {
		out = append(out, games.Act(VReplace))
	}
	return append(out, games.Act(VPass))
}

// appendBuilds appends the legal builds on c, in buildsAt's order.
func (s *State) appendBuilds(out []games.Action, c int) []games.Action {
	for slot, t := range s.Market {
		for _, o := range Orientations[TrenchTile(t).Shape] {
			if s.fits(c, o) {
				out = append(out, games.Action{Verb: VBuild, Args: buildArgTab[slot][o]})
			}
		}
	}
	return out
}

// Outcome: one shared result.
func (Game) Outcome(s State) games.Outcome {
	if s.Phase != PhaseOver {
		return games.Outcome{}
	}
	o := games.Outcome{Done: true, Reason: s.Reason}
	if s.Result == Victory {
		for i := range s.Seats {
			o.Winners = append(o.Winners, games.Seat(i))
		}
	}
	return o
}

// Do performs one legal action.
func (g Game) Do(s State, seat games.Seat, a games.Action, rng games.Rand) (State, []games.Event) {
	ap := &applier{s: s.clone(), r: rng}
	ap.do(int(seat), a)
	return ap.s, ap.ev
}

// Explain says why a is not legal (spec §6.3 codes).
func (g Game) Explain(s State, seat games.Seat, a games.Action) error {
	if s.Phase == PhaseOver {
		return games.Illegal("game_over")
	}
	if !slices.Contains(g.Active(s), seat) {
		return games.Illegal("not_your_turn")
	}
	return s.diagnose(seat, a)
}

// diagnose explains why an action is not legal (spec §6.3 codes).
func (s *State) diagnose(seat games.Seat, a games.Action) error {
	bad := games.Illegal("bad_action", a.String())
	argc := map[string]int{VDeploy: 1, VMove: 2, VBack: 0, VBuild: 2, VFlag: 0, VClear: 2, VAttack: 2,
		VTake: 1, VThrow: 1, VReplace: 0, VPass: 0}
	want, ok := argc[a.Verb]
	if !ok || len(a.Args) != want {
		return bad
	}
	cellArg := func() int {
		x, l := a.Args[0], a.Args[1]
		if x < 0 || x >= Cols || l < 1 || l > Lanes {
			return -1
		}
		return CellAt(x, l-1)
	}
	if s.Phase == PhaseDeploy {
		if a.Verb != VDeploy {
			return games.Illegal("bad_phase", a.Verb)
		}
		return bad
	}
	if a.Verb == VDeploy {
		return games.Illegal("already_deployed")
	}
	si := s.Turn
	so := s.Soldiers[si]
	if a.Verb == VMove {
		if s.Moved {
			return games.Illegal("already_moved")
		}
		c := cellArg()
		if c < 0 {
			return bad
		}
		for _, d := range s.reach(si, false) {
			if d.Cell == c && d.Exit {
				return games.Illegal("exit_requires_build", CellName(c))
			}
		}
		return games.Illegal("unreachable", CellName(c))
	}
	if a.Verb == VBack {
		return games.Illegal("not_moved")
	}
	if s.Exit && a.Verb != VBuild && a.Verb != VFlag {
		return games.Illegal("exit_requires_build")
	}
	switch a.Verb {
	case VBuild:
		slot := a.Args[0]
		if slot < 1 || slot > len(s.Market) || TrenchTile(s.Market[slot-1]).Shape == NoShape {
			return games.Illegal("no_trench_tile_in_slot")
		}
		if !s.Exit && !(s.stranded(si) && !s.Moved) {
			return games.Illegal("not_on_open_ground")
		}
		return games.Illegal("illegal_orientation")
	case VFlag:
		if x, _ := XY(so.Pos); !s.Exit || x != colA {
			return games.Illegal("not_in_enemy_zone")
		}
		return games.Illegal("no_flags_left")
	case VClear:
		c := cellArg()
		if c < 0 {
			return bad
		}
		if s.Board[c].Tile == 0 {
			return games.Illegal("no_trench_tile", CellName(c))
		}
		return games.Illegal("tile_has_soldier", CellName(c))
	case VAttack:
		c := cellArg()
		if c < 0 {
			return bad
		}
		if dist(c, so.Pos) != 1 {
			return games.Illegal("not_adjacent", CellName(c))
		}
		return games.Illegal("no_enemy", CellName(c))
	case VTake:
		if so.Grenade != 0 {
			return games.Illegal("already_holding")
		}
		return games.Illegal("no_grenade_in_slot")
	case VThrow:
		if so.Grenade == 0 {
			return games.Illegal("no_grenade")
		}
		return games.Illegal("bad_direction")
	case VReplace:
		return games.Illegal("market_empty")
	}
	return bad
}

// applier carries one Apply: the new state, its events and the dice.
type applier struct {
	s  State
	r  games.Rand
	ev []games.Event
	// quiet skips notes and events: a playout nobody reads.
	quiet bool
}

func (ap *applier) over() bool { return ap.s.Phase == PhaseOver }

// note emits a public note as an event: the table's journal is the log,
// the state keeps none.
func (ap *applier) note(n Note) {
	if ap.quiet {
		return
	}
	n.Round = ap.s.Round
	ap.ev = append(ap.ev, noteEvent(&ap.s, n))
}

func noteEvent(s *State, n Note) games.Event {
	seat := games.Seat(-1)
	if n.Soldier >= 0 && n.Soldier < len(s.Soldiers) {
		seat = games.Seat(s.Soldiers[n.Soldier].Seat)
	}
	kv := []any{"round", n.Round}
	if n.Soldier >= 0 {
		kv = append(kv, "soldier", n.Soldier)
	}
	add := func(k string, v any, ok bool) {
		if ok {
			kv = append(kv, k, v)
		}
	}
	add("cell", n.Cell, n.Cell != "")
	add("to", n.To, n.To != "")
	add("what", n.What, n.What != "")
	add("cause", n.Cause, n.Cause != "")
	add("die", n.Die, n.Die != 0)
	add("n", n.N, n.N != 0)
	add("total", n.Total, n.Total != 0)
	add("hit", n.Hit, n.Hit)
	return games.Ev(n.Kind, seat, kv...)
}

func (ap *applier) do(seat int, a games.Action) {
	s := &ap.s
	if a.Verb == VDeploy {
		for i := range s.Soldiers {
			if s.Soldiers[i].Seat == seat && s.Soldiers[i].Pos < 0 {
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
		return
	}
	si := s.Turn
	so := &s.Soldiers[si]
	switch a.Verb {
	case VMove:
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
		ap.note(Note{Kind: "Moved", Soldier: si, Cell: CellName(s.From), To: CellName(to), N: steps})
		return
	case VBack:
		ap.note(Note{Kind: "MoveCancelled", Soldier: si, Cell: CellName(so.Pos), To: CellName(s.From)})
		so.Pos = s.From
		s.Moved, s.Exit = false, false
		return
	case VBuild:
		slot := a.Args[0] - 1
		t := s.Market[slot]
		s.Market = slices.Delete(s.Market, slot, slot+1)
		s.Board[so.Pos].Tile, s.Board[so.Pos].Ori = t, a.Args[1]
		ap.note(Note{Kind: "Built", Soldier: si, Cell: CellName(so.Pos), What: TrenchTile(t).ID, N: a.Args[1]})
	case VFlag:
		s.Board[so.Pos].Flag = true
		s.Flags--
		ap.note(Note{Kind: "FlagPlanted", Soldier: si, Cell: CellName(so.Pos), N: s.Flags})
	case VClear:
		c := CellAt(a.Args[0], a.Args[1]-1)
		t := s.Board[c].Tile
		s.Board[c].Tile, s.Board[c].Ori = 0, 0
		s.Discard = append(s.Discard, t)
		ap.note(Note{Kind: "Cleared", Soldier: si, Cell: CellName(c), What: TrenchTile(t).ID})
	case VAttack:
		c := CellAt(a.Args[0], a.Args[1]-1)
		e := s.Board[c].Enemy
		die := games.Die(ap.r, 6)
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
	case VTake:
		slot := a.Args[0] - 1
		so.Grenade = s.Market[slot]
		s.Market = slices.Delete(s.Market, slot, slot+1)
		ap.note(Note{Kind: "GrenadeTaken", Soldier: si, Cell: CellName(so.Pos)})
	case VThrow:
		ap.throw(si, a.Args[0])
	case VReplace:
		s.Discard = append(s.Discard, s.Market...)
		s.Market = []int{}
		ap.note(Note{Kind: "MarketReplaced", Soldier: si})
	case VPass:
		ap.note(Note{Kind: "Passed", Soldier: si, Cell: CellName(so.Pos)})
	}
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

func (ap *applier) throw(si, d int) {
	s := &ap.s
	so := &s.Soldiers[si]
	s.Destroyed = append(s.Destroyed, so.Grenade)
	so.Grenade = 0
	die := games.Die(ap.r, 6)
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
func (ap *applier) destroyTile(c int, cause string) {
	s := &ap.s
	t := s.Board[c].Tile
	s.Board[c].Tile, s.Board[c].Ori = 0, 0
	s.Destroyed = append(s.Destroyed, t)
	ap.note(Note{Kind: "Destroyed", Soldier: -1, Cell: CellName(c), What: TrenchTile(t).ID, Cause: cause})
}

// removeEnemy takes the enemy on c out of play.
func (ap *applier) removeEnemy(c int, cause string) {
	s := &ap.s
	e := s.Board[c].Enemy
	s.Board[c].Enemy = 0
	s.Spent = append(s.Spent, Spent{e, cause})
	if cause != "killed" && cause != "arrived" && cause != "fired" {
		ap.note(Note{Kind: "EnemyRemoved", Soldier: -1, Cell: CellName(c), What: EnemyTile(e).ID, Cause: cause})
	}
}

// hitSoldiers sends every soldier on c (never in G) back to the dugout of
// that lane, 1 penalty each. It reports whether the game ended.
func (ap *applier) hitSoldiers(c int, cause string) bool {
	s := &ap.s
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
func (ap *applier) penalty(n int, cause string) bool {
	s := &ap.s
	s.Penalty += n
	ap.note(Note{Kind: "Penalty", Soldier: -1, N: n, Total: s.Penalty, Cause: cause})
	if s.Penalty >= s.Limit {
		ap.finish(Defeat, ReasonBreakthrough)
		return true
	}
	return false
}

func (ap *applier) finish(result, reason string) {
	s := &ap.s
	s.Phase, s.Result, s.Reason = PhaseOver, result, reason
	s.Moved, s.Exit = false, false
	ap.note(Note{Kind: "GameOver", Soldier: -1, What: result, Cause: reason, Total: s.Penalty})
}

// endCheck: stack empty and board clear ends the game (§8).
func (ap *applier) endCheck() bool {
	s := &ap.s
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
func (ap *applier) refill() {
	s := &ap.s
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
			games.Shuffle(ap.r, s.Stack)
			ap.note(Note{Kind: "Reshuffled", Soldier: -1, N: len(s.Stack)})
		}
		t := s.Stack[0]
		s.Stack = s.Stack[1:] // the state's own copy (Do clones)
		s.Market = append(s.Market, t)
		if !ap.quiet {
			drawn = append(drawn, TrenchTile(t).ID)
		}
	}
	if len(drawn) > 0 {
		ap.note(Note{Kind: "MarketRefilled", Soldier: -1, What: strings.Join(drawn, ",")})
	}
}

// reinforce draws at most one enemy when fewer than N are on the board (§7.10).
func (ap *applier) reinforce() {
	s := &ap.s
	if s.enemiesOnBoard() >= s.N || len(s.EStack) == 0 {
		return
	}
	e := s.EStack[0]
	s.EStack = s.EStack[1:] // the state's own copy (Do clones)
	et := EnemyTile(e)
	ap.note(Note{Kind: "EnemyDrawn", Soldier: -1, What: et.ID})
	for {
		die := games.Die(ap.r, 6)
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
func (ap *applier) enemyPhase() {
	s := &ap.s
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
		die := games.Die(ap.r, 6)
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
