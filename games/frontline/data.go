package frontline

import "fmt"

// Unit kinds and card colours (spec 3.1).
const (
	KindCommander = "commander"
	KindInfantry  = "infantry"
	KindArtillery = "artillery"
	KindArmour    = "armour"
	KindAir       = "air"
)

// UnitType is one row of the unit table (spec 3.1).
type UnitType struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Colour string `json:"colour"` // red, green, brown, yellow, grey, blue
	Str    int    `json:"str"`    // strength (commanders: strength bonus)
	Fort   int    `json:"fort"`   // commanders: fortification bonus
	Range  int    `json:"range"`
	Shell  bool   `json:"shell"` // carries the X/8 shelling symbol
}

// UnitTypes is the unit table (spec 3.1).
var UnitTypes = []UnitType{
	{"general", KindCommander, "red", 3, 2, 1, false},
	{"colonel", KindCommander, "red", 2, 0, 1, false},
	{"captain", KindCommander, "red", 1, 1, 2, false},
	{"ensign", KindCommander, "red", 1, 0, 2, false},
	{"rifle_infantry", KindInfantry, "green", 1, 0, 1, false},
	{"riflemen", KindInfantry, "green", 2, 0, 1, false},
	{"grenadiers", KindInfantry, "green", 3, 0, 1, false},
	{"mountain_infantry", KindInfantry, "green", 2, 0, 2, false},
	{"recon", KindInfantry, "brown", 1, 0, 2, false},
	{"storm_troops", KindInfantry, "brown", 2, 0, 2, false},
	{"sappers", KindInfantry, "brown", 1, 0, 1, false},
	{"light_artillery", KindArtillery, "yellow", 2, 0, 2, true},
	{"heavy_artillery", KindArtillery, "yellow", 3, 0, 1, true},
	{"mortars", KindArtillery, "yellow", 1, 0, 1, true},
	{"armoured_cars", KindArmour, "grey", 2, 0, 3, false},
	{"tanks", KindArmour, "grey", 3, 0, 1, false},
	{"fighters", KindAir, "blue", 3, 0, 3, false},
	{"bombers", KindAir, "blue", 2, 0, 3, true},
	{"recon_plane", KindAir, "blue", 1, 0, 3, false},
}

// unitInstances lists the 36 unit cards by printed front (spec 3.1); the
// index in the concatenation I, II, III is the unit's numeric id.
var unitInstances = [3][]string{
	{"colonel-1", "ensign-1", "rifle_infantry-1", "riflemen-1", "grenadiers-1", "mountain_infantry-1", "recon-1", "light_artillery-1", "mortars-1", "armoured_cars-1", "fighters-1", "bombers-1"},
	{"general-1", "captain-1", "rifle_infantry-2", "riflemen-2", "storm_troops-1", "storm_troops-2", "sappers-1", "light_artillery-2", "heavy_artillery-1", "tanks-1", "bombers-2", "recon_plane-1"},
	{"colonel-2", "ensign-2", "rifle_infantry-3", "riflemen-3", "grenadiers-2", "mountain_infantry-2", "recon-2", "heavy_artillery-2", "mortars-2", "armoured_cars-2", "tanks-2", "fighters-2"},
}

// Action card categories (spec 3.2).
const (
	CatActivation = "activation"
	CatPermanent  = "permanent"
	CatBattle     = "battle"
	CatInstant    = "instant"
	CatEquipment  = "equipment"
)

// ActionType is one row of the action-deck table (spec 3.2).
type ActionType struct {
	ID     string `json:"id"`
	Cat    string `json:"cat"`
	Cost   int    `json:"cost"`
	Copies int    `json:"copies"`
}

// ActionTypes is the action-deck table (spec 3.2), in deck order.
var ActionTypes = []ActionType{
	{"barracks", CatActivation, 3, 3},
	{"reorganization", CatActivation, 2, 2},
	{"fortify", CatActivation, 3, 3},
	{"disinformation", CatActivation, 3, 2},
	{"camouflage", CatActivation, 2, 3},
	{"field_hospital", CatActivation, 3, 2},
	{"minefield", CatActivation, 2, 2},
	{"spy", CatActivation, 2, 2},
	{"treasury_expansion", CatPermanent, 4, 2},
	{"convoy", CatPermanent, 5, 2},
	{"sabotage", CatBattle, 2, 3},
	{"assault", CatBattle, 2, 4},
	{"barrage", CatBattle, 3, 2},
	{"gas_attack", CatBattle, 3, 2},
	{"reserves", CatBattle, 3, 2},
	{"dig_in", CatBattle, 1, 2},
	{"initiative", CatBattle, 3, 2},
	{"orderly_retreat", CatBattle, 2, 1},
	{"ammo_supply", CatInstant, 3, 4},
	{"trench_raid", CatInstant, 4, 2},
	{"escape", CatInstant, 2, 2},
	{"propaganda", CatInstant, 2, 2},
	{"field_promotion", CatInstant, 3, 3},
	{"conscription", CatInstant, 5, 2},
	{"extra_barrage", CatInstant, 2, 2},
	{"howitzers", CatEquipment, 4, 2},
	{"machine_guns", CatEquipment, 4, 2},
	{"barbed_wire", CatEquipment, 3, 2},
	{"gas_masks", CatEquipment, 2, 1},
	{"aero_engines", CatEquipment, 3, 1},
	{"armour_plating", CatEquipment, 3, 1},
	{"field_telephones", CatEquipment, 4, 1},
	{"motor_transport", CatEquipment, 3, 1},
	{"ammo_dump", CatEquipment, 5, 1},
}

// Events is the event deck (spec 3.3), one card of each.
var Events = []string{
	"harsh_winter", "epidemic", "war_loan", "ammo_shortage", "reinforcements", "mutiny",
	"prisoner_exchange", "rail_transport", "fog", "fortification_works", "open_orders", "christmas_truce",
}

// Counts of the physical components.
const (
	NumUnits   = 36
	NumDeck    = 70 // action deck
	NumActions = 74 // action deck + 4 starting cards
	NumEvents  = 12
	// Marker supplies (spec 3.5).
	SupplyPlus1 = 12
	SupplyPlus2 = 12
	SupplyCamo  = 8
	MaxAmmo     = 6
	MaxGold     = 20
)

// Derived lookup tables, built once at init; read-only afterwards.
var (
	unitName   [NumUnits]string
	unitType   [NumUnits]int // index into UnitTypes
	unitFront  [NumUnits]int // 1..3
	actionName [NumActions]string
	actionType [NumActions]int // index into ActionTypes
	unitByName = map[string]int{}
	actByName  = map[string]int{}
	utByName   = map[string]int{}
	atByName   = map[string]int{}
	evByName   = map[string]int{}
)

func init() {
	for i, t := range UnitTypes {
		utByName[t.ID] = i
	}
	for i, t := range ActionTypes {
		atByName[t.ID] = i
	}
	for i, e := range Events {
		evByName[e] = i
	}
	n := 0
	for f, list := range unitInstances {
		for _, name := range list {
			unitName[n] = name
			unitFront[n] = f + 1
			t := name[:len(name)-2]
			ti, ok := utByName[t]
			if !ok {
				panic("frontline: unknown unit type " + name)
			}
			unitType[n] = ti
			unitByName[name] = n
			n++
		}
	}
	if n != NumUnits {
		panic("frontline: unit count")
	}
	n = 0
	for ti, t := range ActionTypes {
		for c := 1; c <= t.Copies; c++ {
			actionName[n] = fmt.Sprintf("%s-%d", t.ID, c)
			actionType[n] = ti
			n++
		}
	}
	if n != NumDeck {
		panic("frontline: action deck count")
	}
	for _, st := range []string{"barracks-sa", "reorganization-sa", "barracks-sb", "reorganization-sb"} {
		actionName[n] = st
		actionType[n] = atByName[st[:len(st)-3]]
		n++
	}
	for i, name := range actionName {
		actByName[name] = i
	}
}

// UnitName is the stable instance id of unit u ("tanks-1"), "" if out of range.
func UnitName(u int) string {
	if u < 0 || u >= NumUnits {
		return ""
	}
	return unitName[u]
}

// UnitTypeOf is the unit type of unit u.
func UnitTypeOf(u int) UnitType { return UnitTypes[unitType[u]] }

// UnitFront is the printed front (1..3) of unit u.
func UnitFront(u int) int { return unitFront[u] }

// UnitID finds a unit by instance id; -1 when unknown.
func UnitID(name string) int {
	if u, ok := unitByName[name]; ok {
		return u
	}
	return -1
}

// ActionName is the stable instance id of action card c ("assault-2", "barracks-sa").
func ActionName(c int) string {
	if c < 0 || c >= NumActions {
		return ""
	}
	return actionName[c]
}

// ActionTypeOf is the action type of card c.
func ActionTypeOf(c int) ActionType { return ActionTypes[actionType[c]] }

// ActionID finds an action card by instance id; -1 when unknown.
func ActionID(name string) int {
	if c, ok := actByName[name]; ok {
		return c
	}
	return -1
}

// ActionTypeByID returns the action type with that type id.
func ActionTypeByID(id string) (ActionType, bool) {
	i, ok := atByName[id]
	if !ok {
		return ActionType{}, false
	}
	return ActionTypes[i], true
}

// UnitTypeByID returns the unit type with that type id.
func UnitTypeByID(id string) (UnitType, bool) {
	i, ok := utByName[id]
	if !ok {
		return UnitType{}, false
	}
	return UnitTypes[i], true
}

func isCommander(u int) bool { return UnitTypes[unitType[u]].Kind == KindCommander }
func utype(u int) string     { return UnitTypes[unitType[u]].ID }
func ukind(u int) string     { return UnitTypes[unitType[u]].Kind }
func atype(c int) string     { return ActionTypes[actionType[c]].ID }
func acat(c int) string      { return ActionTypes[actionType[c]].Cat }
func acost(c int) int        { return ActionTypes[actionType[c]].Cost }

// calendar returns, for a variant, whether entering month m has an event,
// a first-player change, and the base activation limit in month m.
func calendar(variant string, m int) (event, fpChange bool, limit int) {
	switch variant {
	case "short_war":
		event = m == 2 || m == 4 || m == 6
		fpChange = m == 3 || m == 5
		limit = 2
		if m >= 4 {
			limit = 3
		}
	default:
		event = m == 2 || m == 4 || m == 6 || m == 8
		fpChange = m == 3 || m == 5 || m == 7
		limit = 2
		if variant == "caption_limit" {
			if m >= 7 {
				limit = 3
			}
		} else if m >= 5 {
			limit = 3
		}
	}
	if variant == "beginner" {
		event = false
	}
	return
}
