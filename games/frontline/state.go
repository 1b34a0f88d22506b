package frontline

import "github.com/warroom/warroom/games"

// Unit marker bits stored in State.Marks.
const (
	MarkPlus1 = 1
	MarkPlus2 = 2
	MarkCamo  = 4
)

// Phases.
const (
	PhDraft  = "draft"
	PhDraw   = "draw"
	PhMain   = "main"
	PhBattle = "battle"
	PhEvent  = "event"
	PhOver   = "over"
)

// Pending decision kinds.
const (
	PendPlace   = "place"   // place Unit on its printed row: place.col
	PendTarget  = "target"  // shelling hit on enemy Front: target.u
	PendRemove  = "remove"  // remove a card from own Front: remove.u
	PendDegrade = "degrade" // epidemic: degrade.u
	PendFort    = "fort"    // fortification works: fort.f
	PendPromote = "promote" // field promotion, second unit: promote.u, or promote (none)
)

// State is the whole game. It round-trips through JSON.
type State struct {
	Variant   string    `json:"variant"`
	Level     string    `json:"level,omitempty"`  // computer seats' level (option computer); "" = normal
	Levels    []string  `json:"levels,omitempty"` // a computer seat's own level (games.SeatLevels); nil: all at Level
	Months    int       `json:"months"`
	Phase     string    `json:"phase"`
	Month     int       `json:"month"`
	FP        int       `json:"fp"`
	Turn      int       `json:"turn"`      // seat whose draft pick / turn it is
	Second    bool      `json:"second"`    // the second player's turn of the month
	DraftStep int       `json:"draftStep"` // 0..5
	Draft     []int     `json:"draft"`     // draft pool
	UnitDeck  []int     `json:"unitDeck"`  // top first
	UnitRow   []int     `json:"unitRow"`
	ActDeck   []int     `json:"actDeck"` // top first
	Piles     [5][]int  `json:"piles"`   // bottom .. top
	EvDeck    []int     `json:"evDeck"`  // top first
	EvUsed    []int     `json:"evUsed"`
	Event     int       `json:"event"` // this month's event, -1 none
	P         [2]Player `json:"p"`
	Marks     []uint8   `json:"marks"` // per unit
	RemovedU  []int     `json:"removedU"`
	RemovedA  []int     `json:"removedA"`
	Declared  [2]int    `json:"declared"` // 0 none, else front
	Revealed  [2]bool   `json:"revealed"`
	BattleNo  int       `json:"battleNo"` // 0: FP's battle next, 1: SP's, 2: done

	ManLeft   int   `json:"manLeft"`
	ActPlayed int   `json:"actPlayed"`
	ShellLeft int   `json:"shellLeft"`
	Shelled   []int `json:"shelled"`
	Peeked    bool  `json:"peeked"`

	Queue  []Pending `json:"queue"`
	Battle *Battle   `json:"battle,omitempty"`

	evs   []Entry // the entries of the action being done, Do's events; never stored
	quiet bool    // playouts and search: no log entries; never stored
	// scratch is a rollout's reusable state for the policy's look-ahead
	// (botManeuver); never stored, never shared by copies.
	scratch *State
	// move is a quiet copy's one games.Move, reused by every step of a
	// playout (exec) so that stepping allocates nothing; never cloned.
	move *games.Move[State]
}

// Player is one seat's board. Seat 0 = A (red), seat 1 = B (blue).
type Player struct {
	Grid     [3][4]int `json:"grid"` // unit id or -1
	Rear     []int     `json:"rear"`
	Prison   []int     `json:"prison"` // enemy units captured by this player
	Fort     [3]int    `json:"fort"`
	Morale   [3]int    `json:"morale"`
	Mine     [3]int    `json:"mine"`
	Hospital int       `json:"hospital"` // 0 none, else front
	Ready    [3]bool   `json:"ready"`
	Ammo     int       `json:"ammo"`
	Gold     int       `json:"gold"`
	VP       int       `json:"vp"`
	Hand     []int     `json:"hand"`
	Played   []int     `json:"played"`
	Perm     []int     `json:"perm"`
	Equip    []int     `json:"equip"`
	// Intelligence gathered this month (peek / spy), private to this seat.
	SawDecl  bool     `json:"sawDecl"`
	SawFront int      `json:"sawFront"`
	SpyHand  []string `json:"spyHand,omitempty"` // types seen by a successful spy
}

// Pending is a decision owed by one seat.
type Pending struct {
	Kind  string `json:"kind"`
	Seat  int    `json:"seat"`
	Unit  int    `json:"unit"`  // PendPlace: the unit being placed
	Front int    `json:"front"` // PendTarget / PendRemove: the front
	Award int    `json:"award"` // PendRemove: 1 + seat that gains 1 VP when it resolves, 0 none
}

// Effects are the running battle-card effects of one side.
type Effects struct {
	Assault    int  `json:"assault"`
	Sabotage   int  `json:"sabotage"`
	Barrage    int  `json:"barrage"`
	GasHit     int  `json:"gasHit"`
	GasMiss    int  `json:"gasMiss"`
	DigIn      int  `json:"digIn"`
	Initiative bool `json:"initiative"`
	Retreat    bool `json:"retreat"`
}

// Battle is the battle being resolved.
type Battle struct {
	Att         int        `json:"att"`
	Front       int        `json:"front"`
	Holder      int        `json:"holder"`
	In          [2]bool    `json:"in"`
	PlayedNow   int        `json:"playedNow"`
	Window      int        `json:"window"`
	Cards       [2][]int   `json:"cards"`
	Eff         [2]Effects `json:"eff"`
	MineAtStart bool       `json:"mineAtStart"`
	Rolled      bool       `json:"rolled"`
	Dice        [2][]int   `json:"dice,omitempty"`
	Totals      [2]int     `json:"totals"`
	Winner      int        `json:"winner"` // -1 tie (after the roll)
}

// Entry is one line of the game log, given out as an event. Only = -1 for public lines, else the
// only seat that may see it. Action cards appear by type only (Card), so a
// hand's instance ids never travel through the log.
type Entry struct {
	Kind  string `json:"-"` // the event's Kind
	Seat  int    `json:"-"` // the event's Seat
	Only  int    `json:"-"` // the one seat a private event is for, else -1
	Card  string `json:"card,omitempty"`
	Card2 string `json:"card2,omitempty"`
	Front int    `json:"front,omitempty"`
	A     int    `json:"a,omitempty"`
	B     int    `json:"b,omitempty"`
	C     int    `json:"c,omitempty"`
}

func cloneInts(a []int) []int {
	if a == nil {
		return nil
	}
	return append([]int(nil), a...)
}

// Clone is a deep copy: a move works on one (games.Begin).
func (s State) Clone() State {
	n := s
	n.Draft = cloneInts(s.Draft)
	n.UnitDeck = cloneInts(s.UnitDeck)
	n.UnitRow = cloneInts(s.UnitRow)
	n.ActDeck = cloneInts(s.ActDeck)
	for i := range s.Piles {
		n.Piles[i] = cloneInts(s.Piles[i])
	}
	n.EvDeck = cloneInts(s.EvDeck)
	n.EvUsed = cloneInts(s.EvUsed)
	for i := range s.P {
		p := s.P[i]
		p.Rear = cloneInts(p.Rear)
		p.Prison = cloneInts(p.Prison)
		p.Hand = cloneInts(p.Hand)
		p.Played = cloneInts(p.Played)
		p.Perm = cloneInts(p.Perm)
		p.Equip = cloneInts(p.Equip)
		if p.SpyHand != nil {
			p.SpyHand = append([]string(nil), p.SpyHand...)
		}
		n.P[i] = p
	}
	n.Marks = append([]uint8(nil), s.Marks...)
	n.RemovedU = cloneInts(s.RemovedU)
	n.RemovedA = cloneInts(s.RemovedA)
	n.Shelled = cloneInts(s.Shelled)
	if s.Queue != nil {
		n.Queue = append([]Pending(nil), s.Queue...)
	}
	if s.Battle != nil {
		b := *s.Battle
		b.Cards[0] = cloneInts(b.Cards[0])
		b.Cards[1] = cloneInts(b.Cards[1])
		n.Battle = &b
	}
	n.evs, n.scratch, n.move = nil, nil, nil
	return n
}

// copyInto makes d a copy of s like clone, reusing d's slices: the search
// and rollouts copy states many thousands of times a second.
func (s *State) copyInto(d *State) {
	old := *d
	*d = *s
	d.evs, d.scratch, d.move = nil, nil, old.move
	d.Draft = append(old.Draft[:0], s.Draft...)
	d.UnitDeck = append(old.UnitDeck[:0], s.UnitDeck...)
	d.UnitRow = append(old.UnitRow[:0], s.UnitRow...)
	d.ActDeck = append(old.ActDeck[:0], s.ActDeck...)
	for i := range s.Piles {
		d.Piles[i] = append(old.Piles[i][:0], s.Piles[i]...)
	}
	d.EvDeck = append(old.EvDeck[:0], s.EvDeck...)
	d.EvUsed = append(old.EvUsed[:0], s.EvUsed...)
	for i := range s.P {
		p, o := &d.P[i], &old.P[i]
		p.Rear = append(o.Rear[:0], p.Rear...)
		p.Prison = append(o.Prison[:0], p.Prison...)
		p.Hand = append(o.Hand[:0], p.Hand...)
		p.Played = append(o.Played[:0], p.Played...)
		p.Perm = append(o.Perm[:0], p.Perm...)
		p.Equip = append(o.Equip[:0], p.Equip...)
		// SpyHand is shared: it is only ever replaced, never changed.
	}
	d.Marks = append(old.Marks[:0], s.Marks...)
	d.RemovedU = append(old.RemovedU[:0], s.RemovedU...)
	d.RemovedA = append(old.RemovedA[:0], s.RemovedA...)
	d.Shelled = append(old.Shelled[:0], s.Shelled...)
	d.Queue = append(old.Queue[:0], s.Queue...)
	d.Battle = nil
	if s.Battle != nil {
		b := old.Battle
		if b == nil {
			b = new(Battle)
		}
		c0, c1 := b.Cards[0], b.Cards[1]
		*b = *s.Battle
		b.Cards[0] = append(c0[:0], s.Battle.Cards[0]...)
		b.Cards[1] = append(c1[:0], s.Battle.Cards[1]...)
		d.Battle = b
	}
}
