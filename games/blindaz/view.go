package blindaz

import (
	"fmt"

	"github.com/warroom/warroom/games"
)

// View is what every viewer sees. Blindaż has no private information
// (spec §9): all seats and spectators get the same view. It never holds the
// order of either stack or the boxed tiles before the game is over.
type View struct {
	Phase  string `json:"phase"`
	Round  int    `json:"round"`
	N      int    `json:"n"`
	Seats  int    `json:"seats"`
	Viewer int    `json:"viewer"`
	Diff   string `json:"difficulty"`

	Turn     int    `json:"turn"`      // soldier index to act (turn phase)
	TurnSeat int    `json:"turn_seat"` // its seat, -1 when nobody
	Moved    bool   `json:"moved"`
	Exit     bool   `json:"exit"`
	From     string `json:"from,omitempty"`
	Stranded bool   `json:"stranded"` // acting soldier is stranded

	Cells    []CellView    `json:"cells"` // 42, index = lane*7 + column
	Soldiers []SoldierView `json:"soldiers"`
	Reach    []DestView    `json:"reach,omitempty"` // acting soldier, before moving

	Market      []TileView `json:"market"`
	Stack       int        `json:"stack"`
	Discard     []string   `json:"discard"` // types, order added
	Destroyed   int        `json:"destroyed"`
	EnemyStack  int        `json:"enemy_stack"`
	OnBoard     int        `json:"on_board"`
	Unseen      []TypeN    `json:"unseen"` // stack + box together, by type
	Spent       []TypeN    `json:"spent"`  // by cause
	Penalty     int        `json:"penalty"`
	Limit       int        `json:"limit"`
	FlagsLeft   int        `json:"flags_left"`
	FlagsPlaced int        `json:"flags_placed"`

	// Suggest is the computer soldier's choice (spec §13) for the acting
	// seat; Top are the best whole-turn plans, for a Suggest button or a
	// team vote (public information only).
	Suggest string     `json:"suggest,omitempty"`
	Top     []PlanView `json:"top,omitempty"`

	Result string   `json:"result,omitempty"`
	Reason string   `json:"reason,omitempty"`
	Box    []string `json:"box,omitempty"` // revealed when over
}

// CellView is one board cell.
type CellView struct {
	Cell    string `json:"cell"`
	X       int    `json:"x"`
	Lane    int    `json:"lane"`
	Tile    string `json:"tile,omitempty"` // trench type id
	TileID  string `json:"tile_id,omitempty"`
	Shape   Shape  `json:"shape,omitempty"`
	Ori     int    `json:"ori,omitempty"`
	Symbol  string `json:"symbol,omitempty"`
	Enemy   string `json:"enemy,omitempty"` // enemy type id
	EnemyID string `json:"enemy_id,omitempty"`
	Kind    string `json:"kind,omitempty"`
	Defence int    `json:"defence,omitempty"`
	Shield  int    `json:"shield,omitempty"`
	Flag    bool   `json:"flag,omitempty"`
}

// SoldierView is one soldier.
type SoldierView struct {
	Seat     int    `json:"seat"`
	Cell     string `json:"cell,omitempty"`
	X        int    `json:"x"`
	Lane     int    `json:"lane"` // 0 before deploy
	Grenade  bool   `json:"grenade"`
	Stranded bool   `json:"stranded"`
	Fire     bool   `json:"fire"` // stands on a firing position
}

// DestView is a movement destination.
type DestView struct {
	Cell  string `json:"cell"`
	X     int    `json:"x"`
	Lane  int    `json:"lane"`
	Steps int    `json:"steps"`
	Exit  bool   `json:"exit"`
}

// TileView is a face-up trench or grenade tile.
type TileView struct {
	ID     string `json:"id"`
	Type   string `json:"type"`
	Shape  Shape  `json:"shape"`
	Symbol string `json:"symbol,omitempty"`
}

// PlanView is one whole-turn plan: destination, action, score, and the
// actions to apply in order.
type PlanView struct {
	To      string   `json:"to"`
	Steps   int      `json:"steps"`
	Act     string   `json:"act"`
	Score   float64  `json:"score"`
	Actions []string `json:"actions"`
}

// TopPlans is how many plans the view carries.
const TopPlans = 5

// TypeN is a count by name.
type TypeN struct {
	Name string `json:"name"`
	N    int    `json:"n"`
}

// TileCode is the public id of a trench tile ("t07").
func TileCode(id int) string { return fmt.Sprintf("t%02d", id) }

// EnemyCode is the public id of an enemy tile ("e17").
func EnemyCode(id int) string { return fmt.Sprintf("e%02d", id) }

// View builds the (identical) public view.
func (Game) View(s State, viewer games.Seat) any {
	v := View{Phase: s.Phase, Round: s.Round, N: s.N, Seats: s.Seats, Viewer: int(viewer), Diff: s.Diff,
		Turn: s.Turn, TurnSeat: -1, Moved: s.Moved, Exit: s.Exit,
		Stack: len(s.Stack), Destroyed: len(s.Destroyed), EnemyStack: len(s.EStack),
		OnBoard: s.enemiesOnBoard(), Penalty: s.Penalty, Limit: s.Limit, FlagsLeft: s.Flags,
		FlagsPlaced: s.flagsOnBoard(), Result: s.Result, Reason: s.Reason}
	if s.Phase == PhaseTurn {
		turnView(&v, s)
	}
	v.Cells = cellViews(s)
	v.Soldiers = soldierViews(s)
	v.Market = []TileView{}
	for _, t := range s.Market {
		tt := TrenchTile(t)
		v.Market = append(v.Market, TileView{TileCode(t), tt.ID, tt.Shape, tt.Symbol})
	}
	v.Discard = []string{}
	for _, t := range s.Discard {
		v.Discard = append(v.Discard, TrenchTile(t).ID)
	}
	v.Unseen = unseenTypes(s)
	v.Spent = spentCauses(s)
	if s.Phase == PhaseOver {
		for _, e := range s.Box {
			v.Box = append(v.Box, EnemyTile(e).ID)
		}
	}
	return v
}

// turnView fills in the acting soldier's part of v during a turn: the
// suggestion, the top plans, and where the soldier came from or can go.
func turnView(v *View, s State) {
	v.TurnSeat = s.Soldiers[s.Turn].Seat
	v.Stranded = s.stranded(s.Turn)
	normal := s // the suggestion is the §13 policy's, whatever the level
	normal.Level, normal.Levels = "", nil
	v.Suggest = Game{}.Bot(normal, games.Seat(v.TurnSeat), nil).String()
	for i, p := range Plans(s) {
		if i == TopPlans {
			break
		}
		pv := PlanView{To: CellName(p.To), Steps: p.Steps, Act: p.Act.String(), Score: p.Score}
		for _, a := range p.Actions {
			pv.Actions = append(pv.Actions, a.String())
		}
		v.Top = append(v.Top, pv)
	}
	if s.Moved {
		v.From = CellName(s.From)
	} else {
		for _, d := range s.reach(s.Turn, true) {
			x, y := XY(d.Cell)
			v.Reach = append(v.Reach, DestView{CellName(d.Cell), x, y + 1, d.Steps, d.Exit})
		}
	}
}

// cellViews is the public view of every board cell: its trench tile and
// enemy, if any.
func cellViews(s State) []CellView {
	cells := make([]CellView, Cells)
	for c, b := range s.Board {
		x, y := XY(c)
		cv := CellView{Cell: CellName(c), X: x, Lane: y + 1, Flag: b.Flag}
		if b.Tile != 0 {
			tt := TrenchTile(b.Tile)
			cv.Tile, cv.TileID, cv.Shape, cv.Ori, cv.Symbol = tt.ID, TileCode(b.Tile), tt.Shape, b.Ori, tt.Symbol
		}
		if b.Enemy != 0 {
			et := EnemyTile(b.Enemy)
			cv.Enemy, cv.EnemyID, cv.Kind, cv.Defence, cv.Shield = et.ID, EnemyCode(b.Enemy), et.Kind, et.Defence, et.Shield
		}
		cells[c] = cv
	}
	return cells
}

// soldierViews is the public view of every soldier, in seat order.
func soldierViews(s State) []SoldierView {
	var out []SoldierView
	for i, so := range s.Soldiers {
		sv := SoldierView{Seat: so.Seat, Grenade: so.Grenade != 0}
		if so.Pos >= 0 {
			x, y := XY(so.Pos)
			sv.Cell, sv.X, sv.Lane = CellName(so.Pos), x, y+1
			sv.Stranded = s.stranded(i)
			sv.Fire = s.symbolAt(so.Pos) == SymFire
		}
		out = append(out, sv)
	}
	return out
}

// unseenTypes counts the enemy tiles not yet seen (all minus board and
// spent), by type, leaving out types with none left.
func unseenTypes(s State) []TypeN {
	var out []TypeN
	seen := make([]int, len(EnemyTypes))
	for _, b := range s.Board {
		if b.Enemy != 0 {
			seen[enemyOf[b.Enemy]]++
		}
	}
	for _, sp := range s.Spent {
		seen[enemyOf[sp.ID]]++
	}
	for i, et := range EnemyTypes {
		if n := et.Count - seen[i]; n > 0 {
			out = append(out, TypeN{et.ID, n})
		}
	}
	return out
}

// spentCauses counts the spent enemy tiles by cause, every cause listed
// in a fixed order.
func spentCauses(s State) []TypeN {
	var out []TypeN
	for _, cause := range []string{"killed", "trapped", "blasted", "shelled", "blocked", "arrived", "fired"} {
		n := 0
		for _, sp := range s.Spent {
			if sp.Cause == cause {
				n++
			}
		}
		out = append(out, TypeN{cause, n})
	}
	return out
}
