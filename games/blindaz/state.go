package blindaz

import (
	"fmt"
	"slices"

	"github.com/warroom/warroom/games"
)

// Phases (spec §6). The enemy phase is automatic and never rests.
const (
	PhaseDeploy = "deploy"
	PhaseTurn   = "turn"
	PhaseOver   = "over"
)

// Results and reasons (spec §8).
const (
	Victory = "victory"
	Defeat  = "defeat"

	ReasonHeld         = "held"
	ReasonBreakthrough = "breakthrough"
	ReasonNoTrench     = "no_trench"
)

// Cell is one board square. Tile and Enemy are tile ids (0 = none).
type Cell struct {
	Tile  int  `json:"t,omitempty"` // trench tile id 1..40
	Ori   int  `json:"o,omitempty"` // open sides of Tile (SideN|SideE|...)
	Enemy int  `json:"e,omitempty"` // enemy tile id 1..34
	Flag  bool `json:"f,omitempty"` // red flag (column A only)
}

// Soldier is one pawn. Pos is a cell index, -1 before deploy.
type Soldier struct {
	Seat    int `json:"seat"`
	Pos     int `json:"pos"`
	Grenade int `json:"grenade,omitempty"` // held grenade tile id
}

// Spent is an enemy tile out of play and why (killed, blasted, shelled,
// trapped, arrived, blocked, fired).
type Spent struct {
	ID    int    `json:"id"`
	Cause string `json:"cause"`
}

// Note is one public log entry, an event's Data. An event stored before
// notes were marshalled whole has no "soldier" for none: read a note
// from a Note{Soldier: -1} (NewNote).
type Note struct {
	Round   int    `json:"round"`
	Kind    string `json:"-"`       // the event's Kind
	Soldier int    `json:"soldier"` // soldier index, -1 for none
	Cell    string `json:"cell,omitempty"`
	To      string `json:"to,omitempty"`
	What    string `json:"what,omitempty"`
	Cause   string `json:"cause,omitempty"`
	Die     int    `json:"die,omitempty"`
	N       int    `json:"n,omitempty"`
	Total   int    `json:"total,omitempty"`
	Hit     bool   `json:"hit,omitempty"`
}

// NewNote is the note an event carries, read with its one typed decode.
func NewNote(e games.Event) (Note, error) {
	n := Note{Kind: e.Kind, Soldier: -1}
	err := e.Decode(&n)
	return n, err
}

// State is the whole game. It round-trips through JSON and never holds the
// random source.
type State struct {
	N      int      `json:"n"`     // soldiers in play
	Seats  int      `json:"seats"` // seats at the table
	Limit  int      `json:"limit"` // penalty limit
	Diff   string   `json:"difficulty"`
	Level  string   `json:"level,omitempty"`  // computer soldiers' level (option computer); "" = normal
	Levels []string `json:"levels,omitempty"` // a computer seat's own level (games.SeatLevels); nil: all at Level
	Phase  string   `json:"phase"`
	Round  int      `json:"round"`
	Turn   int      `json:"turn"`  // soldier index to act
	Moved  bool     `json:"moved"` // the acting soldier has moved this turn
	Exit   bool     `json:"exit"`  // ... and stands on an exit cell (must build)
	From   int      `json:"from"`  // cell the acting soldier started the turn on

	Board    [Cells]Cell `json:"board"`
	Soldiers []Soldier   `json:"soldiers"`

	Market    []int `json:"market"`    // trench tile ids, slot order
	Stack     []int `json:"stack"`     // top first (hidden)
	Discard   []int `json:"discard"`   // in order added (public)
	Destroyed []int `json:"destroyed"` // out of the game (public)

	EStack []int   `json:"estack"` // enemy stack, top first (hidden)
	Box    []int   `json:"box"`    // boxed enemy tiles (hidden until over)
	Spent  []Spent `json:"spent"`

	Penalty int `json:"penalty"`
	Flags   int `json:"flags"` // flags available

	Result string `json:"result,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Cell geometry: index c = y*Cols + x.

// CellAt returns the index of column x (0..6), lane y (0..5).
func CellAt(x, y int) int { return y*Cols + x }

// XY splits a cell index.
func XY(c int) (x, y int) { return c % Cols, c / Cols }

// CellName is "A1".."G6".
func CellName(c int) string {
	if c < 0 || c >= Cells {
		return "?"
	}
	return cellNames[c]
}

// cellNames are the cells' names, built once: notes name cells on every
// step of a game.
var cellNames = func() (t [Cells]string) {
	for c := range t {
		x, y := XY(c)
		t[c] = fmt.Sprintf("%c%d", 'A'+x, y+1)
	}
	return
}()

// Directions N, E, S, W (index 0..3) and their side bits.
var (
	dirDX   = [4]int{0, 1, 0, -1}
	dirDY   = [4]int{-1, 0, 1, 0}
	dirBit  = [4]int{SideN, SideE, SideS, SideW}
	DirName = [4]string{"N", "E", "S", "W"}
)

func opp(d int) int { return (d + 2) % 4 }

// step returns the neighbour of c in direction d, or -1 off the board.
func step(c, d int) int {
	x, y := XY(c)
	x, y = x+dirDX[d], y+dirDY[d]
	if x < 0 || x >= Cols || y < 0 || y >= Lanes {
		return -1
	}
	return CellAt(x, y)
}

func dist(a, b int) int {
	ax, ay := XY(a)
	bx, by := XY(b)
	return abs(ax-bx) + abs(ay-by)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// clone deep-copies the state.
// Clone is a deep copy: a move works on one (games.Begin).
func (s State) Clone() State {
	n := s
	n.Soldiers = slices.Clone(s.Soldiers)
	n.Market = slices.Clone(s.Market)
	n.Stack = slices.Clone(s.Stack)
	n.Discard = slices.Clone(s.Discard)
	n.Destroyed = slices.Clone(s.Destroyed)
	n.EStack = slices.Clone(s.EStack)
	n.Box = slices.Clone(s.Box)
	n.Spent = slices.Clone(s.Spent)
	return n
}

// hasTrench: a trench tile, a G cell, or a flag (spec §4.3).
func (s *State) hasTrench(c int) bool {
	x, _ := XY(c)
	return x == colG || s.Board[c].Tile != 0 || s.Board[c].Flag
}

// open returns the open-side mask of a trench cell (0 for no trench).
func (s *State) open(c int) int {
	x, _ := XY(c)
	switch {
	case x == colG:
		return SideN | SideS | SideW
	case s.Board[c].Flag:
		return SideE
	case s.Board[c].Tile != 0:
		return s.Board[c].Ori
	}
	return 0
}

// linked: both are trench cells with both facing sides open.
func (s *State) linked(a, d int) bool {
	b := step(a, d)
	if b < 0 || !s.hasTrench(a) || !s.hasTrench(b) {
		return false
	}
	return s.open(a)&dirBit[d] != 0 && s.open(b)&dirBit[opp(d)] != 0
}

// empty: no tile, no flag, no enemy, not column G (exit target, §7.1).
func (s *State) empty(c int) bool {
	x, _ := XY(c)
	b := s.Board[c]
	return x != colG && b.Tile == 0 && !b.Flag && b.Enemy == 0
}

// fits reports whether a tile with mask ori on c matches every adjacent
// trench (spec §7.2).
func (s *State) fits(c, ori int) bool {
	for d := range 4 {
		n := step(c, d)
		if n < 0 || !s.hasTrench(n) {
			continue
		}
		mine := ori&dirBit[d] != 0
		theirs := s.open(n)&dirBit[opp(d)] != 0
		if mine != theirs {
			return false
		}
	}
	return true
}

// stranded: a soldier in B-F on a cell without a trench tile (§7.12).
func (s *State) stranded(si int) bool {
	p := s.Soldiers[si].Pos
	if p < 0 {
		return false
	}
	x, _ := XY(p)
	return x > colA && x < colG && s.Board[p].Tile == 0
}

func (s *State) soldierAt(c int) bool {
	for _, so := range s.Soldiers {
		if so.Pos == c {
			return true
		}
	}
	return false
}

func (s *State) enemiesOnBoard() int {
	n := 0
	for _, b := range s.Board {
		if b.Enemy != 0 {
			n++
		}
	}
	return n
}

func (s *State) flagsOnBoard() int {
	n := 0
	for _, b := range s.Board {
		if b.Flag {
			n++
		}
	}
	return n
}

// symbolAt is the symbol of the trench tile on c ("" for none).
func (s *State) symbolAt(c int) string {
	if t := s.Board[c].Tile; t != 0 {
		return TrenchTile(t).Symbol
	}
	return SymNone
}

// Dest is a movement destination of the acting soldier (spec §7.1).
type Dest struct {
	Cell  int  `json:"cell"`
	Steps int  `json:"steps"`
	Exit  bool `json:"exit"`
}

// Build is one legal placement of a market tile (slot 1..3, ori mask).
type Build struct {
	Slot int
	Ori  int
}

// buildsAt lists the legal builds of market tiles on c (B..F), in slot
// then orientation order.
func (s *State) buildsAt(c int) []Build {
	var out []Build
	for i, t := range s.Market {
		sh := TrenchTile(t).Shape
		if sh == NoShape {
			continue
		}
		for _, o := range Orientations[sh] {
			if s.fits(c, o) {
				out = append(out, Build{i + 1, o})
			}
		}
	}
	return out
}

// exitOK: a build or a flag is possible on the empty cell c.
func (s *State) exitOK(c int) bool {
	x, _ := XY(c)
	if x == colA {
		return s.Flags > 0
	}
	for _, t := range s.Market {
		for _, o := range Orientations[TrenchTile(t).Shape] {
			if s.fits(c, o) {
				return true
			}
		}
	}
	return false
}

// reach lists the destinations of soldier si other than staying, sorted by
// steps, column, lane. With needBuild=false exit cells are listed even when
// nothing can be built there (the bot's replace test).
func (s *State) reach(si int, needBuild bool) []Dest {
	return s.appendReach(nil, si, needBuild)
}

// appendReach appends reach's destinations to out.
func (s *State) appendReach(out []Dest, si int, needBuild bool) []Dest {
	out, _ = s.appendReachP(out, si, needBuild)
	return out
}

// appendReachP is appendReach that also reports whether an exit into
// B..F is in reach whether or not a tile could be built there (the bot's
// replace test): exits never lead on, so one search finds both.
func (s *State) appendReachP(out []Dest, si int, needBuild bool) ([]Dest, bool) {
	start := s.Soldiers[si].Pos
	if start < 0 {
		return out, false
	}
	potential := false
	var steps [Cells]int8
	var exit [Cells]bool
	for i := range steps {
		steps[i] = -1
	}
	steps[start] = 0
	strand := s.stranded(si)
	var bufA, bufB [Cells]int // the frontiers, off the heap
	frontier, spare := append(bufA[:0], start), bufB[:0]
	for k := int8(1); k <= MaxSteps && len(frontier) > 0; k++ {
		next := spare[:0]
		for _, c := range frontier {
			for d := range 4 {
				n := step(c, d)
				if n < 0 || steps[n] >= 0 || s.Board[n].Enemy != 0 {
					continue
				}
				if c == start && strand {
					// climb-in: first step only
					if s.hasTrench(n) && s.open(n)&dirBit[opp(d)] != 0 {
						steps[n] = k
						next = append(next, n)
					}
					continue
				}
				if s.linked(c, d) {
					steps[n] = k
					next = append(next, n)
					continue
				}
				if s.open(c)&dirBit[d] != 0 && s.empty(n) && !exit[n] {
					if x, _ := XY(n); x > colA {
						potential = true
					}
					if !needBuild || s.exitOK(n) {
						exit[n] = true
						steps[n] = k
					}
				}
			}
		}
		frontier, spare = next, frontier
	}
	// by steps, column, lane
	for k := int8(1); k <= MaxSteps; k++ {
		for x := range Cols {
			for y := range Lanes {
				if c := CellAt(x, y); c != start && steps[c] == k {
					out = append(out, Dest{c, int(k), exit[c]})
				}
			}
		}
	}
	return out, potential
}
