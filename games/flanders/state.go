package flanders

// Player is one company.
type Player struct {
	Row        int   `json:"row"`
	Troops     int   `json:"troops"`
	Hand       []int `json:"hand,omitempty"` // card ids: kept cards first, then this turn's in taking order
	Eliminated bool  `json:"eliminated,omitempty"`
	Reached    bool  `json:"reached,omitempty"`
	Turns      int   `json:"turns"`
	Beginner   bool  `json:"beginner,omitempty"`
}

// Note is one public log line (an event in compact form, as renderers
// read it back from the journal). Cards are named
// by type code only, never by physical copy, so a note never identifies a
// card that later goes back into the secret draw pile.
type Note struct {
	Turn  int      `json:"turn"`
	Seat  int      `json:"-"` // the event's Seat
	Kind  string   `json:"-"` // the event's Kind
	Nums  []int    `json:"nums,omitempty"`
	Cards []string `json:"cards,omitempty"`
}

// State is the whole game. It round-trips through JSON and holds no
// random source.
type State struct {
	NSeats          int      `json:"seats"`
	StrongArtillery bool     `json:"strong_artillery,omitempty"`
	Level           string   `json:"level,omitempty"`  // computer seats' level (option computer); "" = normal
	Levels          []string `json:"levels,omitempty"` // a computer seat's own level (games.SeatLevels); nil: all at Level
	First           int      `json:"first"`
	Players         []Player `json:"players"`
	Pool            int      `json:"pool"`
	Spaces          [12]int  `json:"spaces"` // by space number; -1 empty; 0..2 and 9 always -1
	Draw            []int    `json:"draw"`   // top = Draw[0]; SECRET order
	Discard         []int    `json:"discard"`

	Phase  string `json:"phase"`
	Active int    `json:"active"`
	Round  int    `json:"round"`
	TurnNo int    `json:"turn_no"` // turns started in the game, 1-based

	// Per-turn state (spec §6.1).
	Dice        []int `json:"dice,omitempty"`
	MayStop     bool  `json:"may_stop,omitempty"`
	NineClaimed bool  `json:"nine_claimed,omitempty"`
	FCActive    bool  `json:"fc_active,omitempty"`
	Taken       []int `json:"taken,omitempty"` // card ids taken this turn (-1 = space 9)
	GasDone     int   `json:"gas_done,omitempty"`
	I           int   `json:"i,omitempty"`
	T           int   `json:"t,omitempty"`
	KMax        int   `json:"k_max,omitempty"`

	Winners []int  `json:"winners,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// Clone is a deep copy: a move works on one (games.Play).
func (s State) Clone() State {
	c := s
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		p.Hand = append([]int(nil), p.Hand...)
		c.Players[i] = p
	}
	c.Draw = append([]int(nil), s.Draw...)
	c.Discard = append([]int(nil), s.Discard...)
	c.Dice = append([]int(nil), s.Dice...)
	c.Taken = append([]int(nil), s.Taken...)
	c.Winners = append([]int(nil), s.Winners...)
	if len(s.Dice) == 0 {
		c.Dice = nil
	}
	if len(s.Taken) == 0 {
		c.Taken = nil
	}
	if len(s.Winners) == 0 {
		c.Winners = nil
	}
	return c
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.Phase == PhaseOver }

func code(card int) string { return Types[cardTypeOf[card]].Code }

func codes(cards []int) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = code(c)
	}
	return out
}
