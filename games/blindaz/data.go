package blindaz

// Rule data: the tile mix (spec §3), the board size (§4) and the option
// values (§11). A correction of the tile mix is a change of these tables.

// Board size (spec §4.1): columns A..G (x = 0..6), lanes 1..6 (y = 0..5).
const (
	Cols  = 7
	Lanes = 6
	Cells = Cols * Lanes

	colA = 0 // enemy zone
	colG = 6 // dugout

	MaxSteps   = 3  // movement allowance (§7.1)
	MarketSize = 3  // open tiles (§5)
	BoxSize    = 8  // enemy tiles set aside unseen (§3.2)
	FlagCount  = 4  // red flags (§3.3)
	TrackSize  = 10 // penalty tiles on the track (§3.3)
)

// Shape is the trench shape of a tile.
type Shape int

const (
	NoShape Shape = iota // grenade tile
	DeadEnd
	Straight
	Corner
	Tee
	Cross
)

// Side bits of an orientation mask (spec §4.4 letter order N, E, S, W).
const (
	SideN = 1 << iota
	SideE
	SideS
	SideW
)

// Orientations lists each shape's orientations in the canonical order of
// spec §4.4 (menus, the bot's tie-breaks and tests use this order).
var Orientations = map[Shape][]int{
	DeadEnd:  {SideE, SideS, SideW, SideN},
	Straight: {SideE | SideW, SideN | SideS},
	Corner:   {SideN | SideE, SideE | SideS, SideS | SideW, SideN | SideW},
	Tee:      {SideN | SideE | SideS, SideE | SideS | SideW, SideN | SideS | SideW, SideN | SideE | SideW},
	Cross:    {SideN | SideE | SideS | SideW},
}

// Symbols on trench tiles.
const (
	SymNone     = ""
	SymFire     = "fire"
	SymHedgehog = "hedgehog"
	SymMine     = "mine"
)

// TrenchType is one row of the trench/grenade tile table (spec §3.1).
type TrenchType struct {
	ID     string
	Shape  Shape
	Symbol string
	Count  int
}

// TrenchTypes: 34 trench tiles + 6 grenades = 40, ids t01..t40 in this order.
var TrenchTypes = []TrenchType{
	{"straight", Straight, SymNone, 6},
	{"straight_fire", Straight, SymFire, 2},
	{"straight_hedgehog", Straight, SymHedgehog, 2},
	{"straight_mine", Straight, SymMine, 2},
	{"corner", Corner, SymNone, 5},
	{"corner_fire", Corner, SymFire, 1},
	{"corner_hedgehog", Corner, SymHedgehog, 1},
	{"corner_mine", Corner, SymMine, 1},
	{"tee", Tee, SymNone, 4},
	{"tee_fire", Tee, SymFire, 2},
	{"tee_hedgehog", Tee, SymHedgehog, 1},
	{"tee_mine", Tee, SymMine, 1},
	{"cross", Cross, SymNone, 2},
	{"cross_fire", Cross, SymFire, 1},
	{"dead_end_fire", DeadEnd, SymFire, 1},
	{"dead_end_hedgehog", DeadEnd, SymHedgehog, 1},
	{"dead_end_mine", DeadEnd, SymMine, 1},
	{"grenade", NoShape, SymNone, 6},
}

// Enemy kinds.
const (
	Infantry  = "infantry"
	Tank      = "tank"
	Artillery = "artillery"
)

// EnemyType is one row of the enemy tile table (spec §3.2). Defence is also
// the shield (penalty on arrival); artillery has no shield.
type EnemyType struct {
	ID      string
	Kind    string
	Defence int
	Shield  int
	Count   int
}

// EnemyTypes: 34 tiles, ids e01..e34 in this order.
var EnemyTypes = []EnemyType{
	{"infantry_1", Infantry, 1, 1, 4},
	{"infantry_2", Infantry, 2, 2, 6},
	{"infantry_3", Infantry, 3, 3, 6},
	{"tank_3", Tank, 3, 3, 5},
	{"tank_4", Tank, 4, 4, 4},
	{"tank_5", Tank, 5, 5, 3},
	{"artillery", Artillery, 2, 0, 6},
}

// Difficulty options: penalty limit (spec §11).
var Difficulties = []struct {
	ID    string
	Limit int
}{
	{"standard", 10},
	{"recruit", 12},
	{"veteran", 8},
}

// Computer deploy lanes (spec §13), by number of soldiers; lanes 1..6.
var BotDeploy = map[int][]int{
	1: {3},
	2: {2, 5},
	3: {2, 4, 5},
	4: {1, 3, 4, 6},
}

// Bot column utility U (spec §13), by column index A..G.
var botU = [Cols]float64{0.35, 0.4, 0.5, 0.6, 0.8, 1.0, 1.0}

// Tile id tables, built once from the type tables.
var (
	trenchOf []int // tile id (1..40) -> index into TrenchTypes; [0] unused
	enemyOf  []int // enemy id (1..34) -> index into EnemyTypes; [0] unused
	// NumTrench and NumEnemy are the tile totals (40 and 34).
	NumTrench, NumEnemy int
)

func init() {
	trenchOf = []int{-1}
	for i, t := range TrenchTypes {
		for range t.Count {
			trenchOf = append(trenchOf, i)
		}
	}
	enemyOf = []int{-1}
	for i, t := range EnemyTypes {
		for range t.Count {
			enemyOf = append(enemyOf, i)
		}
	}
	NumTrench, NumEnemy = len(trenchOf)-1, len(enemyOf)-1
}

// TrenchTile returns the type of trench tile id (1-based).
func TrenchTile(id int) TrenchType { return TrenchTypes[trenchOf[id]] }

// EnemyTile returns the type of enemy tile id (1-based).
func EnemyTile(id int) EnemyType { return EnemyTypes[enemyOf[id]] }

// TrenchTypeByID finds a trench type by its type id.
func TrenchTypeByID(id string) (TrenchType, bool) {
	for _, t := range TrenchTypes {
		if t.ID == id {
			return t, true
		}
	}
	return TrenchType{}, false
}

// EnemyTypeByID finds an enemy type by its type id.
func EnemyTypeByID(id string) (EnemyType, bool) {
	for _, t := range EnemyTypes {
		if t.ID == id {
			return t, true
		}
	}
	return EnemyType{}, false
}
