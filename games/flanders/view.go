package flanders

import "github.com/warroom/warroom/games"

// CardView is a public card: its unique id and its type code.
type CardView struct {
	ID   string `json:"id"`   // e.g. "infantry_2#4"
	Type string `json:"type"` // e.g. "infantry_2"
	New  bool   `json:"new,omitempty"`
}

// SpaceView is one of the nine card spaces.
type SpaceView struct {
	Space     int       `json:"space"`
	Card      *CardView `json:"card,omitempty"` // nil: empty (space 9 never holds a card)
	RollCount int       `json:"roll_count"`     // rolls of 216 offering this sum
	Option    bool      `json:"option,omitempty"`
}

// PlayerView is one company.
type PlayerView struct {
	Seat       int        `json:"seat"`
	Colour     string     `json:"colour"`
	Row        int        `json:"row"`
	Zone       string     `json:"zone"`
	Troops     int        `json:"troops"`
	Hand       []CardView `json:"hand,omitempty"`
	Eliminated bool       `json:"eliminated,omitempty"`
	Reached    bool       `json:"reached,omitempty"`
	Beginner   bool       `json:"beginner,omitempty"`
	Turns      int        `json:"turns"`
	Active     bool       `json:"active,omitempty"`
	Winner     bool       `json:"winner,omitempty"`
}

// View is everything a viewer may see. All of the game is public except
// the order of the draw pile (spec §9), so every viewer gets the same view
// apart from Viewer.
type View struct {
	Viewer          int          `json:"viewer"`
	Phase           string       `json:"phase"`
	Active          int          `json:"active"`
	First           int          `json:"first"`
	Round           int          `json:"round"`
	StrongArtillery bool         `json:"strong_artillery,omitempty"`
	Players         []PlayerView `json:"players"`
	Spaces          []SpaceView  `json:"spaces"` // 3..11 in order
	Pool            int          `json:"pool"`
	DrawCount       int          `json:"draw_count"`
	Discard         []CardView   `json:"discard,omitempty"` // oldest first

	Dice        []int `json:"dice,omitempty"`    // current (rolled) or last dice this turn
	Options     []int `json:"options,omitempty"` // takeable spaces (rolled)
	FCForced    bool  `json:"fc_forced,omitempty"`
	MayStop     bool  `json:"may_stop,omitempty"`
	NineClaimed bool  `json:"nine_claimed,omitempty"`
	FCActive    bool  `json:"fc_active,omitempty"`
	BustChance  int   `json:"bust_chance"` // percent chance that a new roll gives no card
	I           int   `json:"i,omitempty"` // infantry points left (move, mines_prompt, resolve_sacrifice)
	T           int   `json:"t,omitempty"` // tank points left
	KMax        int   `json:"k_max,omitempty"`
	Wire        int   `json:"wire,omitempty"`         // barbed wire that will cut I (resolve_sacrifice)
	GasEligible []int `json:"gas_eligible,omitempty"` // card types German Gas may take (resolve_gas)
	Cancellable []int `json:"cancellable,omitempty"`  // German card types Artillery may cancel

	Over    bool   `json:"over,omitempty"`
	Winners []int  `json:"winners,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

func cardView(card int, isNew bool) CardView {
	return CardView{ID: CardID(card), Type: code(card), New: isNew}
}

// View builds the viewer's view (all viewers see the same public data).
func (Game) View(s State, viewer games.Seat) any { return s.View(viewer) }

// View is the typed form of Game.View.
func (s *State) View(viewer games.Seat) View {
	v := View{
		Viewer:          int(viewer),
		Phase:           s.Phase,
		Active:          s.Active,
		First:           s.First,
		Round:           s.Round,
		StrongArtillery: s.StrongArtillery,
		Pool:            s.Pool,
		DrawCount:       len(s.Draw),
		Dice:            append([]int(nil), s.Dice...),
		MayStop:         s.MayStop,
		NineClaimed:     s.NineClaimed,
		FCActive:        s.FCActive,
		I:               s.I,
		T:               s.T,
		KMax:            s.KMax,
		Over:            s.Over(),
		Winners:         append([]int(nil), s.Winners...),
		Reason:          s.Reason,
	}
	if len(v.Dice) == 0 {
		v.Dice = nil
	}
	if len(v.Winners) == 0 {
		v.Winners = nil
	}
	taken := map[int]bool{}
	for _, c := range s.Taken {
		taken[c] = true
	}
	for i, p := range s.Players {
		pv := PlayerView{Seat: i, Colour: Colours[i], Row: p.Row, Zone: Zone(p.Row), Troops: p.Troops,
			Eliminated: p.Eliminated, Reached: p.Reached, Beginner: p.Beginner, Turns: p.Turns,
			Active: !s.Over() && i == s.Active}
		for _, c := range p.Hand {
			pv.Hand = append(pv.Hand, cardView(c, i == s.Active && taken[c]))
		}
		for _, w := range s.Winners {
			pv.Winner = pv.Winner || w == i
		}
		v.Players = append(v.Players, pv)
	}
	opts := s.Options()
	v.Options = opts
	v.FCForced = s.fcForced(opts)
	for sp := 3; sp <= 11; sp++ {
		sv := SpaceView{Space: sp, RollCount: RollCounts[sp]}
		if sp != NineSpace && s.Spaces[sp] >= 0 {
			cv := cardView(s.Spaces[sp], false)
			sv.Card = &cv
		}
		for _, o := range opts {
			sv.Option = sv.Option || o == sp
		}
		v.Spaces = append(v.Spaces, sv)
	}
	for _, c := range s.Discard {
		v.Discard = append(v.Discard, cardView(c, false))
	}
	if !s.Over() {
		v.BustChance = (s.bustRolls()*100 + 108) / 216
		hand := s.Players[s.Active].Hand
		switch s.Phase {
		case PhaseGas:
			v.GasEligible = gasEligible(hand)
		case PhaseArtillery:
			v.Cancellable = cancellableIn(hand)
			if s.StrongArtillery && len(v.Cancellable) > 0 {
				v.Cancellable = v.Cancellable[:1]
			}
		case PhaseSacrifice:
			if s.T == 0 {
				v.Wire = countType(hand, BarbedWire)
			}
		}
	}
	return v
}

// bustRolls counts the 216 ordered rolls that would offer no card now.
func (s *State) bustRolls() int {
	var avail [13]bool
	for sp := 3; sp <= 11; sp++ {
		if sp == NineSpace {
			avail[sp] = !s.NineClaimed
		} else {
			avail[sp] = s.Spaces[sp] >= 0
		}
	}
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				if !avail[a+b] && !avail[a+c] && !avail[b+c] {
					n++
				}
			}
		}
	}
	return n
}
