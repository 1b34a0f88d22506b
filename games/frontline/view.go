package frontline

import "github.com/warroom/warroom/games"

// UnitView is one unit card as seen on a board.
type UnitView struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Num   int    `json:"num"` // numeric id used in actions
	Front int    `json:"front"`
	Plus1 bool   `json:"plus1,omitempty"`
	Plus2 bool   `json:"plus2,omitempty"`
	Camo  bool   `json:"camo,omitempty"`
}

// CardView is one action card that the viewer may see.
type CardView struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Num  int    `json:"num"`
	Cat  string `json:"cat"`
	Cost int    `json:"cost"`
}

// PileView is one market pile: only the top card and the height are public.
type PileView struct {
	Top    *CardView `json:"top,omitempty"`
	Height int       `json:"height"`
}

// PlayerView is one seat's board as seen by the viewer.
type PlayerView struct {
	Grid      [3][4]*UnitView `json:"grid"`
	Rear      []UnitView      `json:"rear"`
	Prison    []UnitView      `json:"prison"`
	Fort      [3]int          `json:"fort"`
	Morale    [3]int          `json:"morale"`
	Mine      [3]int          `json:"mine"`
	Hospital  int             `json:"hospital"`
	Ready     [3]bool         `json:"ready"` // a secret declaration still shows "ready"
	Ammo      int             `json:"ammo"`
	Gold      int             `json:"gold"`
	VP        int             `json:"vp"`
	HandCount int             `json:"handCount"`
	Hand      []CardView      `json:"hand,omitempty"` // the viewer's own only
	Played    []CardView      `json:"played"`
	Perm      []CardView      `json:"perm"`
	Equip     []CardView      `json:"equip"`
	Limit     int             `json:"limit"`
	HasDecl   bool            `json:"hasDecl"`   // public: a marker lies on the Battlefield
	DeclFront int             `json:"declFront"` // 0 unless the viewer may know it
	Strength  [3]int          `json:"strength"`  // defending strength per front, no cards/dice
}

// BattleView is the battle in progress (all public).
type BattleView struct {
	Att      int         `json:"att"`
	Front    int         `json:"front"`
	Holder   int         `json:"holder"`
	In       [2]bool     `json:"in"`
	Played   int         `json:"played"` // cards in the current window
	Cards    [2][]string `json:"cards"`
	Strength [2]int      `json:"strength"` // attacker, defender (running)
}

// PendingView is the decision owed now.
type PendingView struct {
	Kind  string    `json:"kind"`
	Seat  int       `json:"seat"`
	Front int       `json:"front,omitempty"`
	Unit  *UnitView `json:"unit,omitempty"`
}

// View is what one viewer may see.
type View struct {
	Viewer     int           `json:"viewer"`
	Variant    string        `json:"variant"`
	Months     int           `json:"months"`
	Month      int           `json:"month"`
	FP         int           `json:"fp"`
	Phase      string        `json:"phase"`
	Active     int           `json:"active"` // -1 none
	Turn       int           `json:"turn"`
	Event      string        `json:"event,omitempty"` // this month's event
	UsedEvents []string      `json:"usedEvents"`
	EventsLeft int           `json:"eventsLeft"`
	EventMonth [9]bool       `json:"eventMonth"` // calendar marks (index = month)
	FPMonth    [9]bool       `json:"fpMonth"`
	LimitMonth [9]int        `json:"limitMonth"`
	P          [2]PlayerView `json:"p"`
	Draft      []UnitView    `json:"draft,omitempty"`
	UnitRow    []UnitView    `json:"unitRow"`
	UnitDeck   int           `json:"unitDeck"`
	ActDeck    int           `json:"actDeck"`
	Piles      [5]PileView   `json:"piles"`
	RemovedU   int           `json:"removedU"`
	RemovedA   int           `json:"removedA"`
	ManLeft    int           `json:"manLeft"`
	ActPlayed  int           `json:"actPlayed"`
	ShellLeft  int           `json:"shellLeft"`
	Pending    *PendingView  `json:"pending,omitempty"`
	Battle     *BattleView   `json:"battle,omitempty"`
	SpyHand    []string      `json:"spyHand,omitempty"` // types the viewer's spy saw this month
	Over       bool          `json:"over"`
	Winner     int           `json:"winner"` // -1 draw (when Over)
	Reason     string        `json:"reason,omitempty"`
}

func (s *State) unitView(u int) UnitView {
	return UnitView{ID: unitName[u], Type: utype(u), Num: u, Front: unitFront[u],
		Plus1: s.hasMark(u, MarkPlus1), Plus2: s.hasMark(u, MarkPlus2), Camo: s.hasMark(u, MarkCamo)}
}

func cardView(c int) CardView {
	return CardView{ID: actionName[c], Type: atype(c), Num: c, Cat: acat(c), Cost: acost(c)}
}

func cardViews(cs []int) []CardView {
	out := []CardView{}
	for _, c := range cs {
		out = append(out, cardView(c))
	}
	return out
}

// View filters the state for viewer (spec 9).
func (Game) View(s State, viewer games.Seat) any { return s.view(int(viewer)) }

// view is s as seat viewer (or a spectator) may see it.
func (s *State) view(viewer int) View {
	v := View{Viewer: viewer, Variant: s.Variant, Months: s.Months, Month: s.Month, FP: s.FP, Phase: s.Phase,
		Active: s.active(), Turn: s.Turn, Event: s.eventID(), EventsLeft: len(s.EvDeck),
		UnitDeck: len(s.UnitDeck), ActDeck: len(s.ActDeck), RemovedU: len(s.RemovedU), RemovedA: len(s.RemovedA),
		ManLeft: s.ManLeft, ActPlayed: s.ActPlayed, ShellLeft: s.ShellLeft, Winner: -1}
	v.UsedEvents = []string{}
	for _, e := range s.EvUsed {
		v.UsedEvents = append(v.UsedEvents, Events[e])
	}
	for m := 1; m <= s.Months; m++ {
		ev, fp, l := calendar(s.Variant, m)
		v.EventMonth[m], v.FPMonth[m], v.LimitMonth[m] = ev, fp, l
	}
	for p := 0; p < 2; p++ {
		v.P[p] = s.playerView(p, viewer)
	}
	if viewer >= 0 && viewer < 2 && s.P[viewer].SpyHand != nil {
		v.SpyHand = append([]string{}, s.P[viewer].SpyHand...)
	}
	for _, u := range s.Draft {
		v.Draft = append(v.Draft, s.unitView(u))
	}
	v.UnitRow = []UnitView{}
	for _, u := range s.UnitRow {
		v.UnitRow = append(v.UnitRow, s.unitView(u))
	}
	for i, pile := range s.Piles {
		v.Piles[i].Height = len(pile)
		if len(pile) > 0 {
			cv := cardView(pile[len(pile)-1])
			v.Piles[i].Top = &cv
		}
	}
	if len(s.Queue) > 0 {
		h := s.Queue[0]
		pv := &PendingView{Kind: h.Kind, Seat: h.Seat, Front: h.Front}
		if h.Kind == PendPlace {
			uv := s.unitView(h.Unit)
			pv.Unit = &uv
			pv.Front = unitFront[h.Unit]
		}
		v.Pending = pv
	}
	if b := s.Battle; b != nil {
		v.Battle = s.battleView(b)
	}
	if s.Phase == PhOver {
		v.Over = true
		v.Winner, v.Reason = s.winner()
	}
	return v
}

// playerView is seat p as viewer sees it: the hand only to its owner, the
// declared front only once viewer may know it (spec 9).
func (s *State) playerView(p, viewer int) PlayerView {
	pl := &s.P[p]
	pv := PlayerView{Fort: pl.Fort, Morale: pl.Morale, Mine: pl.Mine, Hospital: pl.Hospital, Ready: pl.Ready,
		Ammo: pl.Ammo, Gold: pl.Gold, VP: pl.VP, HandCount: len(pl.Hand), Limit: s.limit(p),
		Played: cardViews(pl.Played), Perm: cardViews(pl.Perm), Equip: cardViews(pl.Equip),
		Rear: []UnitView{}, Prison: []UnitView{}}
	for f := 0; f < 3; f++ {
		for c := 0; c < 4; c++ {
			if u := pl.Grid[f][c]; u >= 0 {
				uv := s.unitView(u)
				pv.Grid[f][c] = &uv
			}
		}
		pv.Strength[f] = s.strength(p, f+1, false, Effects{}, Effects{}, false)
	}
	for _, u := range pl.Rear {
		pv.Rear = append(pv.Rear, s.unitView(u))
	}
	for _, u := range pl.Prison {
		pv.Prison = append(pv.Prison, s.unitView(u))
	}
	if p == viewer {
		pv.Hand = cardViews(pl.Hand)
	}
	pv.HasDecl = s.Declared[p] > 0
	if pv.HasDecl && (p == viewer || s.Revealed[p] || s.declarationsPublic() ||
		(viewer == opp(p) && s.P[viewer].SawDecl && s.P[viewer].SawFront == s.Declared[p])) {
		pv.DeclFront = s.Declared[p]
	}
	return pv
}

// battleView is the battle in progress: both sides' played cards by type
// and their strengths.
func (s *State) battleView(b *Battle) *BattleView {
	bv := &BattleView{Att: b.Att, Front: b.Front, Holder: b.Holder, In: b.In, Played: b.PlayedNow}
	for p := 0; p < 2; p++ {
		bv.Cards[p] = []string{}
		for _, c := range b.Cards[p] {
			bv.Cards[p] = append(bv.Cards[p], atype(c))
		}
	}
	bv.Strength[0], bv.Strength[1] = s.battleStrengths(b.Att, b.Front, b)
	return bv
}
