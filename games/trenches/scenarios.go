package trenches

import (
	"fmt"
	"sort"
	"strings"
)

// UnitStats are a unit type's printed values (spec 3.2).
type UnitStats struct {
	Attack int  // hit if modified roll <= Attack
	Range  int  // hexes
	Yellow bool // ignores the trench modifier
	MP     int  // movement points
}

// Stats by type id.
var Stats = map[string]UnitStats{
	"h":   {Attack: 5, Range: 1, MP: 4},
	"g":   {Attack: 4, Range: 2, Yellow: true, MP: 4},
	"r":   {Attack: 3, Range: 3, MP: 3},
	"lmg": {Attack: 3, Range: 4, MP: 2},
	"mg":  {Attack: 4, Range: 6, MP: 0},
}

// typeOrder sorts unit types h, g, r, lmg, mg, decoy (spec 5.4).
var typeOrder = map[string]int{"h": 0, "g": 1, "r": 2, "lmg": 3, "mg": 4, "decoy": 5}

// Hidden set-up permission of an allocation.
const (
	HidNone    = 0 // always face up
	HidAny     = 1 // hidden allowed on every entry or dugout hex of the allocation
	HidEntries = 2 // hidden allowed only on entry hexes
)

// HexRule selects the hexes an allocation may use.
type HexRule struct {
	Hexes     []int  `json:"hexes,omitempty"`   // explicit hexes
	Rows      []int  `json:"rows,omitempty"`    // every hex of these rows
	Entries   string `json:"entries,omitempty"` // entry letters
	Dugouts   bool   `json:"dugouts,omitempty"` // every hex holding a dugout
	Trench    bool   `json:"trench,omitempty"`  // every trench hex
	NotDugout bool   `json:"not_dugout,omitempty"`
	Except    []int  `json:"except,omitempty"`
}

// Alloc is one set-up allocation (spec 5.2).
type Alloc struct {
	Name      string
	Raider    bool
	Counters  []string
	Where     HexRule
	Hidden    int  // HidNone, HidAny, HidEntries
	PerDugout bool // counters in pairs, the k-th pair in the k-th dugout (ascending)
}

// Scenario is one of the six scenarios (spec 5.3), kept as data.
type Scenario struct {
	N            int
	Key          string
	Defender     string // nation prefix: ge, br, ca, fr
	Raider       string
	T            int
	Victory      int
	Dugouts      []int // fixed dugouts
	FreeDugouts  int   // dugouts the Defender places on row 03
	DugoutsEmpty bool  // S2
	CutWire      []int
	STF          []int
	STFFort      bool  // S4: +1 against units in STF hexes
	Impassable   []int // S6
	RaiderStart  []int
	Allocs       []Alloc
	DugoutVP     int
	UnitVP       map[string]int // VP per destroyed defender unit type
	FlagHexes    []int          // S3: 1 VP the first time any raider enters
	Snapshot     bool           // S5
	FrenchH      bool           // S3: French H may not move on GT 1
}

func ids(prefix string, from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, fmt.Sprintf("%s-%d", prefix, i))
	}
	return out
}

func cat(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// Scenarios are indexed 1..6 (index 0 unused).
var Scenarios = []Scenario{
	{},
	{
		N: 1, Key: "s1_pope_and_pioneer_posts", Defender: "br", Raider: "ge", T: 7, Victory: 7,
		Dugouts: []int{203, 212}, CutWire: []int{107}, RaiderStart: []int{107},
		Allocs: []Alloc{
			{Name: "D1", Counters: []string{"br-lmg-1", "br-r-1"}, Where: HexRule{Hexes: []int{203}}, Hidden: HidAny},
			{Name: "D2", Counters: []string{"br-lmg-2", "br-r-2"}, Where: HexRule{Hexes: []int{212}}, Hidden: HidAny},
			{Name: "D3", Counters: []string{"br-r-3"}, Where: HexRule{Rows: []int{5}}, Hidden: HidEntries},
			{Name: "R1", Raider: true, Counters: ids("ge-g", 1, 4), Where: HexRule{Hexes: []int{107}}},
		},
		UnitVP: map[string]int{"lmg": 3, "r": 1},
	},
	{
		N: 2, Key: "s2_railway_salient", Defender: "ge", Raider: "br", T: 6, Victory: 12,
		FreeDugouts: 3, DugoutsEmpty: true, CutWire: []int{101, 106, 112}, RaiderStart: []int{201, 212},
		Allocs: []Alloc{
			{Name: "D1", Counters: cat(ids("ge-g", 1, 4), ids("ge-r", 1, 2), ids("decoy", 1, 6)),
				Where: HexRule{Entries: "ABCDEFG", NotDugout: true}, Hidden: HidAny},
			{Name: "D2", Counters: ids("ge-r", 3, 4), Where: HexRule{Trench: true, NotDugout: true, Except: []int{212}}, Hidden: HidEntries},
			{Name: "R1", Raider: true, Counters: []string{"br-g-1", "br-g-2", "br-r-1", "br-h-1"}, Where: HexRule{Hexes: []int{201}}},
			{Name: "R2", Raider: true, Counters: []string{"br-g-3", "br-g-4", "br-r-2", "br-h-2"}, Where: HexRule{Hexes: []int{212}}},
		},
		DugoutVP: 3,
	},
	{
		N: 3, Key: "s3_pinetree_knob", Defender: "fr", Raider: "ge", T: 7, Victory: 9,
		FreeDugouts: 2, CutWire: []int{102, 107, 111}, RaiderStart: []int{306, 308},
		Allocs: []Alloc{
			{Name: "D1", Counters: []string{"fr-h-1", "decoy-1", "fr-h-2", "decoy-2"}, Where: HexRule{Dugouts: true}, Hidden: HidAny, PerDugout: true},
			{Name: "D2", Counters: []string{"fr-r-1"}, Where: HexRule{Hexes: []int{203}}},
			{Name: "D3", Counters: []string{"fr-r-2"}, Where: HexRule{Hexes: []int{212}}},
			{Name: "D4", Counters: cat(ids("fr-r", 3, 6), ids("decoy", 3, 6)), Where: HexRule{Entries: "CDE"}, Hidden: HidAny},
			{Name: "R1", Raider: true, Counters: []string{"ge-h-1", "ge-h-2", "ge-g-1", "ge-g-2"}, Where: HexRule{Hexes: []int{306, 308}}},
		},
		DugoutVP: 3, FlagHexes: []int{203, 212}, FrenchH: true,
	},
	{
		N: 4, Key: "s4_troy_and_thunder_patrol", Defender: "ge", Raider: "ca", T: 7, Victory: 10,
		CutWire: []int{103, 111}, STF: []int{409, 503}, STFFort: true, RaiderStart: []int{103, 111},
		Allocs: []Alloc{
			{Name: "D1", Counters: []string{"ge-mg-1"}, Where: HexRule{Hexes: []int{409}}},
			{Name: "D2", Counters: []string{"ge-mg-2"}, Where: HexRule{Hexes: []int{503}}},
			{Name: "D3", Counters: []string{"ge-g-1"}, Where: HexRule{Rows: []int{3}}, Hidden: HidEntries},
			{Name: "D4", Counters: cat([]string{"ge-g-2"}, ids("ge-r", 1, 2), ids("decoy", 1, 3)), Where: HexRule{Entries: "CDEFG"}, Hidden: HidAny},
			{Name: "R1", Raider: true, Counters: cat(ids("ca-g", 1, 5), ids("ca-r", 1, 2)), Where: HexRule{Hexes: []int{103, 111}}},
		},
		UnitVP: map[string]int{"mg": 5, "h": 1, "g": 1, "r": 1, "lmg": 1},
	},
	{
		N: 5, Key: "s5_loos_raid_counterattack", Defender: "ge", Raider: "br", T: 7, Victory: 9,
		CutWire: []int{112, 211}, RaiderStart: []int{307, 308, 309, 310, 311, 312},
		Allocs: []Alloc{
			{Name: "D1", Counters: ids("ge-g", 1, 3), Where: HexRule{Hexes: []int{301}}},
			{Name: "D2", Counters: cat(ids("ge-r", 1, 4), []string{"ge-g-4", "ge-h-1"}, ids("decoy", 1, 6)), Where: HexRule{Entries: "DEF"}, Hidden: HidAny},
			{Name: "R1", Raider: true, Counters: cat(ids("br-g", 1, 3), ids("br-r", 1, 2), ids("br-h", 1, 2)), Where: HexRule{Hexes: []int{307, 308, 309, 310, 311, 312}}},
		},
		Snapshot: true,
	},
	{
		N: 6, Key: "s6_coming_up_shortt", Defender: "ge", Raider: "ca", T: 8, Victory: 10,
		Dugouts: []int{303, 308, 502, 505}, CutWire: []int{105, 111}, STF: []int{311, 312}, Impassable: []int{311, 312},
		RaiderStart: []int{111, 205},
		Allocs: []Alloc{
			{Name: "D1", Counters: []string{"ge-r-1"}, Where: HexRule{Hexes: []int{305}}},
			{Name: "D2", Counters: []string{"ge-mg-1"}, Where: HexRule{Hexes: []int{311}}},
			{Name: "D3", Counters: cat(ids("ge-r", 2, 4), ids("ge-g", 1, 4), ids("ge-h", 1, 2), ids("decoy", 1, 7)),
				Where: HexRule{Dugouts: true, Entries: "ACG"}, Hidden: HidAny},
			{Name: "R1", Raider: true, Counters: []string{"ca-g-1", "ca-g-2", "ca-r-1"}, Where: HexRule{Hexes: []int{111}}},
			{Name: "R2", Raider: true, Counters: []string{"ca-g-3", "ca-g-4", "ca-r-2", "ca-r-3", "ca-h-1"}, Where: HexRule{Hexes: []int{205}}},
		},
		DugoutVP: 3,
	},
}

// step is a precomputed legal step to neighbour index To costing Cost MP.
type step struct{ To, Cost int }

// steps[scenario][hex index] lists the terrain-legal steps out of a hex.
var steps [7][NHexs][]step

// backSteps[scenario][hex index] lists the steps into a hex, To being
// the hex they come from.
var backSteps [7][NHexs][]step

// initSteps runs from board.go's init, after the neighbour table.
func initSteps() {
	for n := 1; n < len(Scenarios); n++ {
		sc := &Scenarios[n]
		for i := range Map {
			for _, b := range neighbors[i] {
				if c := sc.StepCost(Map[i].ID, b); c > 0 {
					steps[n][i] = append(steps[n][i], step{Idx(b), c})
					backSteps[n][Idx(b)] = append(backSteps[n][Idx(b)], step{i, c})
				}
			}
		}
	}
}

// DugoutCount is the number of dugouts the scenario has in all.
func (sc *Scenario) DugoutCount() int { return len(sc.Dugouts) + sc.FreeDugouts }

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// IsCutWire reports whether the scenario has a Cut Wire marker on hex.
func (sc *Scenario) IsCutWire(h int) bool { return contains(sc.CutWire, h) }

// IsImpassable reports whether hex is a scenario-impassable hex (S6).
func (sc *Scenario) IsImpassable(h int) bool { return contains(sc.Impassable, h) }

// IsSTF reports whether hex holds an STF marker with combat effect.
func (sc *Scenario) IsFort(h int) bool { return sc.STFFort && contains(sc.STF, h) }

// openType reports whether a hex counts as open ground for movement.
func (sc *Scenario) openType(h int) bool {
	t := Hex(h).Terrain
	return t == Open || (t == Wire && sc.IsCutWire(h))
}

// Enterable reports whether terrain lets a unit enter hex (ignoring units).
func (sc *Scenario) Enterable(h int) bool {
	if !Valid(h) || sc.IsImpassable(h) {
		return false
	}
	return Hex(h).Terrain != Wire || sc.IsCutWire(h)
}

// StepCost is the MP cost to step from a to adjacent b (spec 4.10), or -1.
func (sc *Scenario) StepCost(a, b int) int {
	if !sc.Enterable(b) {
		return -1
	}
	bt := Hex(b).Terrain == Trench
	at := Hex(a).Terrain == Trench
	switch {
	case !at && !bt:
		return 1
	case at && bt && Linked(a, b):
		return 1
	default:
		return 2
	}
}

// Modifier is the total die modifier for an attack by a unit of type typ
// standing on from against a unit standing on to (spec 4.10).
func (sc *Scenario) Modifier(typ string, from, to int) int {
	m := 0
	if Hex(to).Terrain == Trench && !Stats[typ].Yellow &&
		!(Hex(from).Terrain == Trench && Adjacent(from, to) && Linked(from, to)) {
		m++
	}
	if sc.IsFort(to) {
		m++
	}
	return m
}

// resolve lists the hexes a rule selects, ascending.
func (r HexRule) resolve(dugouts []int) []int {
	var out []int
	for i := range Map {
		h := Map[i]
		ok := contains(r.Hexes, h.ID) || contains(r.Rows, h.Row) ||
			(h.Entry != "" && strings.Contains(r.Entries, h.Entry)) ||
			(r.Dugouts && contains(dugouts, h.ID)) ||
			(r.Trench && h.Terrain == Trench)
		if !ok || contains(r.Except, h.ID) || (r.NotDugout && contains(dugouts, h.ID)) {
			continue
		}
		out = append(out, h.ID)
	}
	sort.Ints(out)
	return out
}

// nationOf returns the nation prefix and type of a counter id.
func parseID(id string) (nation, typ string, num int) {
	p := strings.Split(id, "-")
	if len(p) == 2 {
		fmt.Sscan(p[1], &num)
		return "", p[0], num
	}
	fmt.Sscan(p[2], &num)
	return p[0], p[1], num
}
