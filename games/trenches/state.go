package trenches

import (
	"sort"

	"github.com/warroom/warroom/games"
)

// Counter locations.
const (
	LocPending    = "pending"    // not yet set up
	LocMap        = "map"        // face up on the map
	LocStack      = "stack"      // face down in a hidden stack
	LocExited     = "exited"     // raider left across the red edge (VP box)
	LocEliminated = "eliminated" // defender unit eliminated by attack (VP box)
	LocCaptured   = "captured"   // captured in a cleared dugout (VP box, face down)
	LocCasualty   = "casualty"   // raider unit eliminated
	LocRemoved    = "removed"    // decoy removed from play
)

// Counter is one unit or decoy.
type Counter struct {
	ID     string `json:"id"`
	Nation string `json:"nation,omitempty"`
	Type   string `json:"type"` // h g r lmg mg decoy
	Raider bool   `json:"raider,omitempty"`
	Alloc  int    `json:"alloc"`
	Loc    string `json:"loc"`
	Hex    int    `json:"hex,omitempty"`
	Acted  bool   `json:"acted,omitempty"`
}

// Decoy reports whether the counter is a decoy.
func (c Counter) Decoy() bool { return c.Type == "decoy" }

// Stack is a hex's face-down counters, top first.
type Stack struct {
	Hex      int   `json:"hex"`
	Counters []int `json:"counters"`
	Turn     int   `json:"turn,omitempty"`     // reveals made this defender turn
	Revealed int   `json:"revealed,omitempty"` // reveals made ever
}

// Place is one set-up step, for undo.
type Place struct {
	Counter int  `json:"counter"` // -1 for a dugout
	Hex     int  `json:"hex"`
	Hidden  bool `json:"hidden,omitempty"`
	Auto    bool `json:"auto,omitempty"`
}

// Entry is one line of the game log, given out as an event's Data.
type Entry struct {
	N       int    `json:"-"` // its place in a board's log (the renderer numbers them)
	Leg     int    `json:"leg"`
	GT      int    `json:"gt"`
	Side    string `json:"side,omitempty"` // raider, defender
	Kind    string `json:"-"`              // the event's Kind
	Unit    string `json:"unit,omitempty"`
	Target  string `json:"target,omitempty"`
	From    int    `json:"from,omitempty"`
	To      int    `json:"to,omitempty"`
	Die     int    `json:"die,omitempty"`
	Mod     int    `json:"mod,omitempty"`
	Need    int    `json:"need,omitempty"`
	Hit     bool   `json:"hit,omitempty"`
	VP      int    `json:"vp,omitempty"`
	Count   int    `json:"count,omitempty"`
	Private bool   `json:"-"` // Defender only (set-up details): the event's Private
}

// LegResult is the public result of a finished game (one leg of a match).
type LegResult struct {
	Leg        int       `json:"leg"`
	RaiderSeat int       `json:"raider_seat"`
	Score      Breakdown `json:"score"`
	Revealed   []string  `json:"revealed,omitempty"` // counters still hidden at the end
}

// State is the whole game state.
type State struct {
	Scenario   int         `json:"scenario"`
	RaiderSeat int         `json:"raider_seat"`
	Solo       bool        `json:"solo,omitempty"`
	Match      bool        `json:"match,omitempty"`
	Leg        int         `json:"leg"`
	LegVP      []int       `json:"leg_vp"` // per seat: Raider VP scored as Raider, -1 = not yet
	Legs       []LegResult `json:"legs,omitempty"`
	Phase      string      `json:"phase"`
	M          int         `json:"m"` // turn marker box
	Counters   []Counter   `json:"counters"`
	Stacks     []Stack     `json:"stacks,omitempty"`
	Dugouts    []int       `json:"dugouts,omitempty"`
	Cleared    int         `json:"cleared,omitempty"`
	Placed     []Place     `json:"placed,omitempty"`
	Entered    []int       `json:"entered,omitempty"` // S3 flag hexes entered
	Snapshot   int         `json:"snapshot,omitempty"`
	SnapTaken  bool        `json:"snap_taken,omitempty"`
	Level      string      `json:"level,omitempty"`  // computer seats' level (option computer); "" = normal
	Levels     []string    `json:"levels,omitempty"` // a computer seat's own level (games.SeatLevels); nil: all at Level

	// evs are the entries of the action being done, returned by Do as
	// its events: the table's journal is the log, the state keeps none.
	evs []Entry
	// quiet: a private playout copy, which keeps no log entries.
	quiet bool
	// move is a quiet copy's one games.Move, reused by every step of a
	// playout (do) so that stepping allocates nothing; never cloned.
	move *games.Move[State]
	// args holds a playout step's arguments (step), off the stack the
	// verb table's functions cannot see into; never cloned.
	args []int
}

func (s *State) sc() *Scenario { return &Scenarios[s.Scenario] }

// DefenderSeat is the seat playing the Defender.
func (s *State) DefenderSeat() games.Seat { return games.Seat(1 - s.RaiderSeat) }

// GT is the game turn number.
func (s *State) GT() int { return s.sc().T - s.M + 1 }

// soloDefender: the Defender's hidden counters follow the solo procedure.
func (s *State) soloDefender() bool { return s.Solo && s.DefenderSeat() == 1 }

// Clone is a deep copy: a move works on one (games.Begin).
func (s State) Clone() State {
	n := s
	n.LegVP = append([]int(nil), s.LegVP...)
	n.Legs = append([]LegResult(nil), s.Legs...)
	n.Counters = append([]Counter(nil), s.Counters...)
	n.Stacks = make([]Stack, len(s.Stacks))
	for i, st := range s.Stacks {
		st.Counters = append([]int(nil), st.Counters...)
		n.Stacks[i] = st
	}
	if s.Stacks == nil {
		n.Stacks = nil
	}
	n.Dugouts = append([]int(nil), s.Dugouts...)
	n.Placed = append([]Place(nil), s.Placed...)
	n.Entered = append([]int(nil), s.Entered...)
	n.evs = nil
	n.quiet = false
	n.move, n.args = nil, nil
	return n
}

func (s *State) log(e Entry) {
	if s.quiet {
		return
	}
	e.Leg = s.Leg
	if s.Phase == PhaseRaider || s.Phase == PhaseDefender {
		e.GT = s.GT()
	}
	s.evs = append(s.evs, e)
}

func (s *State) stackAt(h int) *Stack {
	for i := range s.Stacks {
		if s.Stacks[i].Hex == h {
			return &s.Stacks[i]
		}
	}
	return nil
}

func (s *State) pushHidden(c, h int) {
	st := s.stackAt(h)
	if st == nil {
		s.Stacks = append(s.Stacks, Stack{Hex: h})
		sort.Slice(s.Stacks, func(i, j int) bool { return s.Stacks[i].Hex < s.Stacks[j].Hex })
		st = s.stackAt(h)
	}
	st.Counters = append(st.Counters, c)
	s.Counters[c].Loc = LocStack
	s.Counters[c].Hex = h
}

// removeFromStack takes counter c out of the stack at h, dropping empty stacks.
func (s *State) removeFromStack(c, h int) {
	st := s.stackAt(h)
	if st == nil {
		return
	}
	for i, x := range st.Counters {
		if x == c {
			st.Counters = append(st.Counters[:i:i], st.Counters[i+1:]...)
			break
		}
	}
	s.dropEmptyStacks()
}

func (s *State) dropEmptyStacks() {
	out := s.Stacks[:0]
	for _, st := range s.Stacks {
		if len(st.Counters) > 0 {
			out = append(out, st)
		}
	}
	s.Stacks = out
	if len(s.Stacks) == 0 {
		s.Stacks = nil
	}
}

func (s *State) isDugout(h int) bool { return contains(s.Dugouts, h) }

// revealLimit is 2 in an entry hex holding a dugout, else 1.
func (s *State) revealLimit(h int) int {
	if Hex(h).Entry != "" && s.isDugout(h) {
		return 2
	}
	return 1
}

// faceUpSide returns 1 if face-up raider units are in h, 2 for defender units, 0 none.
func (s *State) raiderIn(h int) bool {
	for _, c := range s.Counters {
		if c.Loc == LocMap && c.Hex == h && c.Raider {
			return true
		}
	}
	return false
}

// blockedFor reports the hexes holding face-up enemies of the given side.
func (s *State) blockedFor(raider bool) [NHexs]bool {
	var b [NHexs]bool
	for _, c := range s.Counters {
		if c.Loc == LocMap && c.Raider != raider {
			b[Idx(c.Hex)] = true
		}
	}
	return b
}

func (s *State) raidersOnMap() int {
	n := 0
	for _, c := range s.Counters {
		if c.Raider && c.Loc == LocMap {
			n++
		}
	}
	return n
}

// Breakdown is the Raider's VP, itemised.
type Breakdown struct {
	Exits      int  `json:"exits"`
	Eliminated int  `json:"eliminated_vp"`
	Dugouts    int  `json:"dugouts"` // cleared
	DugoutVP   int  `json:"dugout_vp"`
	Flags      int  `json:"flags"`
	Snapshot   int  `json:"snapshot"`
	Captured   int  `json:"captured"` // counters captured
	CapturedVP int  `json:"captured_vp"`
	Known      int  `json:"known"`
	Total      int  `json:"total"`
	Victory    int  `json:"victory"`
	RaiderWins bool `json:"raider_wins"`
}

func (s *State) score() Breakdown {
	sc := s.sc()
	var b Breakdown
	for _, c := range s.Counters {
		switch c.Loc {
		case LocExited:
			b.Exits++
		case LocEliminated:
			b.Eliminated += sc.UnitVP[c.Type]
		case LocCaptured:
			b.Captured++
			if !c.Decoy() {
				b.CapturedVP += sc.UnitVP[c.Type]
			}
		}
	}
	b.Dugouts = s.Cleared
	b.DugoutVP = s.Cleared * sc.DugoutVP
	b.Flags = len(s.Entered)
	b.Snapshot = s.Snapshot
	b.Known = b.Exits + b.Eliminated + b.DugoutVP + b.Flags + b.Snapshot
	b.Total = b.Known + b.CapturedVP
	b.Victory = sc.Victory
	b.RaiderWins = b.Total >= sc.Victory
	return b
}
