package frontline

import "sort"

func opp(p int) int { return 1 - p }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func imax(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func imin(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func contains(a []int, x int) bool {
	for _, v := range a {
		if v == x {
			return true
		}
	}
	return false
}

func without(a []int, x int) []int {
	out := make([]int, 0, len(a))
	done := false
	for _, v := range a {
		if v == x && !done {
			done = true
			continue
		}
		out = append(out, v)
	}
	return out
}

func sortedAdd(a []int, x int) []int {
	a = append(a, x)
	sort.Ints(a)
	return a
}

// Location of a unit.
type loc struct {
	Where string // "slot", "rear", "prison", "row", "deck", "draft", "removed", "pending"
	Owner int    // board owner (slot/rear) or prison holder
	F, C  int    // 1-based slot
}

// unitOwner: units have no fixed owner; the owner is whoever holds them on
// their board. For prisons, the owner is the opponent of the holder.
func (s *State) locate(u int) loc {
	for p := 0; p < 2; p++ {
		for f := 0; f < 3; f++ {
			for c := 0; c < 4; c++ {
				if s.P[p].Grid[f][c] == u {
					return loc{"slot", p, f + 1, c + 1}
				}
			}
		}
		if contains(s.P[p].Rear, u) {
			return loc{"rear", p, 0, 0}
		}
		if contains(s.P[p].Prison, u) {
			return loc{"prison", p, 0, 0}
		}
	}
	return loc{Where: "other"}
}

func (s *State) hasMark(u int, m uint8) bool { return s.Marks[u]&m != 0 }

func (s *State) markCount(m uint8) int {
	n := 0
	for _, v := range s.Marks {
		if v&m != 0 {
			n++
		}
	}
	return n
}

func (s *State) canPlace(m uint8) bool {
	switch m {
	case MarkPlus1:
		return s.markCount(m) < SupplyPlus1
	case MarkPlus2:
		return s.markCount(m) < SupplyPlus2
	default:
		return s.markCount(m) < SupplyCamo
	}
}

// frontCards lists player p's cards in row f (1-based), by column.
func (s *State) frontCards(p, f int) []int {
	out := make([]int, 0, 4) // on the caller's stack once inlined
	for _, u := range s.P[p].Grid[f-1] {
		if u >= 0 {
			out = append(out, u)
		}
	}
	return out
}

func (s *State) frontMilitary(p, f int) []int {
	out := make([]int, 0, 4)
	for _, u := range s.P[p].Grid[f-1] {
		if u >= 0 && !isCommander(u) {
			out = append(out, u)
		}
	}
	return out
}

// boardUnits: p's cards in slots (row-major) then the Rear.
func (s *State) boardUnits(p int) []int {
	out := make([]int, 0, 24)
	for f := range s.P[p].Grid {
		for _, u := range s.P[p].Grid[f] {
			if u >= 0 {
				out = append(out, u)
			}
		}
	}
	return append(out, s.P[p].Rear...)
}

func (s *State) emptyCols(p, f int) []int {
	out := make([]int, 0, 4)
	for c, u := range s.P[p].Grid[f-1] {
		if u < 0 {
			out = append(out, c+1)
		}
	}
	return out
}

func (s *State) hasEquip(p int, t string) bool {
	for _, c := range s.P[p].Equip {
		if atype(c) == t {
			return true
		}
	}
	return false
}

func (s *State) countPerm(p int, t string) int {
	n := 0
	for _, c := range s.P[p].Perm {
		if atype(c) == t {
			n++
		}
	}
	return n
}

func (s *State) limit(p int) int {
	_, _, l := calendar(s.Variant, s.Month)
	return l + s.countPerm(p, "convoy")
}

func (s *State) unitRange(p, u int) int {
	r := UnitTypeOf(u).Range
	if s.hasEquip(p, "motor_transport") {
		r++
	}
	return r
}

// canMoveTo: may p's card u go from its place to (f, c) (c = 0: Rear),
// treating the destination as empty.
func (s *State) canMoveTo(p, u int, from loc, f, c int) bool {
	if f == 0 { // to Rear
		return from.Where == "slot"
	}
	if from.Where == "rear" {
		return true
	}
	if from.Where != "slot" || (from.F == f && from.C == c) {
		return false
	}
	r := s.unitRange(p, u)
	if isCommander(u) {
		return from.C == c && abs(from.F-f) <= r
	}
	return imax(abs(from.F-f), abs(from.C-c)) <= r
}

func (s *State) eventID() string {
	if s.Event < 0 {
		return ""
	}
	return Events[s.Event]
}

func (s *State) declarationsPublic() bool {
	return s.Variant == "beginner" || s.eventID() == "open_orders"
}

// shellX counts enemy military units without camouflage on enemy row e.
func (s *State) shellX(p, e int) int {
	n := 0
	for _, u := range s.frontMilitary(opp(p), e) {
		if !s.hasMark(u, MarkCamo) {
			n++
		}
	}
	return n
}

func (s *State) shellFronts(p, u int) []int {
	l := s.locate(u)
	if l.Where != "slot" || l.Owner != p || !UnitTypeOf(u).Shell {
		return nil
	}
	out := make([]int, 0, 3) // on the caller's stack once inlined
	if utype(u) == "bombers" {
		return append(out, 1, 2, 3)
	}
	return append(out, l.F)
}

// ---- battle strength (spec 7.1) ----

// Unit type indices the strength formula looks for.
var (
	utRecon    = typeIndex("recon")
	utSappers  = typeIndex("sappers")
	utTanks    = typeIndex("tanks")
	utFighters = typeIndex("fighters")
	utStorm    = typeIndex("storm_troops")
)

func typeIndex(id string) int {
	for i, t := range UnitTypes {
		if t.ID == id {
			return i
		}
	}
	panic("frontline: no unit type " + id)
}

// frontInfo is what the strength formula asks about one side of a front,
// gathered in one pass over its four slots.
type frontInfo struct {
	recon, sappers, tanks, air bool
	fighters                   int
}

func (s *State) frontInfo(p, f int) frontInfo {
	var fi frontInfo
	for _, u := range s.P[p].Grid[f-1] {
		if u < 0 {
			continue
		}
		switch unitType[u] {
		case utRecon:
			fi.recon = true
		case utSappers:
			fi.sappers = true
		case utTanks:
			fi.tanks = true
		case utFighters:
			fi.fighters++
		}
		if UnitTypes[unitType[u]].Kind == KindAir {
			fi.air = true
		}
	}
	return fi
}

// unitStrength is U(u) for p's unit u on front f.
func (s *State) unitStrength(p, f, u int, attacker bool) int {
	return s.unitStrengthIn(p, u, attacker, s.frontInfo(p, f), s.frontInfo(opp(p), f))
}

// unitStrengthIn is U(u) with the front's own and enemy side summaries.
func (s *State) unitStrengthIn(p, u int, attacker bool, own, enemy frontInfo) int {
	t := &UnitTypes[unitType[u]]
	if unitType[u] == utFighters && !enemy.air {
		return 0
	}
	v := t.Str
	if s.hasMark(u, MarkPlus1) {
		v++
	}
	if s.hasMark(u, MarkPlus2) {
		v += 2
	}
	if (t.Colour == "green" || t.Colour == "yellow") && own.recon {
		v++
	}
	if t.Kind == KindAir {
		others := own.fighters
		if unitType[u] == utFighters {
			others--
		}
		if others > 0 {
			v++
		}
	}
	if t.Kind == KindArtillery && s.hasEquip(p, "howitzers") {
		v++
	}
	if t.Kind == KindAir && s.hasEquip(p, "aero_engines") {
		v++
	}
	if t.Kind == KindArmour && s.hasEquip(p, "armour_plating") {
		v++
	}
	if unitType[u] == utStorm && attacker {
		v += 2
	}
	return v
}

// Strength is S(P) for seat p on front f, with p attacking or defending and
// the battle-card effects eff (own) and oeff (opponent's). mine says whether
// the defender's minefield was in place when the battle began.
func (s *State) strength(p, f int, attacker bool, eff, oeff Effects, mine bool) int {
	o := opp(p)
	sum := 0
	mil := 0
	cmdStr, cmdFort := 0, 0
	own, enemy := s.frontInfo(p, f), s.frontInfo(o, f)
	for _, u := range s.P[p].Grid[f-1] {
		if u < 0 {
			continue
		}
		t := &UnitTypes[unitType[u]]
		if t.Kind == KindCommander {
			cmdStr += t.Str
			cmdFort += t.Fort
			continue
		}
		mil++
		sum += s.unitStrengthIn(p, u, attacker, own, enemy)
	}
	if mil > 0 {
		sum += cmdStr
	}
	sappers := own.sappers
	e := s.P[p].Fort[f-1] + cmdFort
	if sappers {
		e++
	}
	if !attacker && s.hasEquip(p, "barbed_wire") {
		e++
	}
	e += 2 * eff.DigIn
	if !attacker && enemy.tanks {
		e--
	}
	sum += imax(0, e)
	if !attacker && s.hasEquip(p, "machine_guns") {
		g := 0
		for _, u := range s.frontMilitary(p, f) {
			if UnitTypeOf(u).Colour == "green" {
				g++
			}
		}
		sum += imin(3, g)
	}
	if !attacker && s.hasEquip(p, "gas_masks") {
		sum++
	}
	if attacker && mine && !sappers {
		sum -= 2
	}
	sum += 2 * eff.Assault
	sum -= 2 * oeff.Sabotage
	if eff.Barrage > 0 {
		art := 0
		for _, u := range s.frontMilitary(p, f) {
			if ukind(u) == KindArtillery {
				art++
			}
		}
		sum += eff.Barrage * imin(3, art)
	}
	if !s.hasEquip(p, "gas_masks") {
		sum -= 3 * oeff.GasHit
	}
	sum -= eff.GasMiss
	return imax(0, sum)
}

// BattleStrengths returns the running strengths (attacker, defender) of the
// battle in progress, or of a hypothetical battle of att on front f.
func (s *State) battleStrengths(att, f int, b *Battle) (int, int) {
	var ea, ed Effects
	mine := s.P[opp(att)].Mine[f-1] == 1
	if b != nil {
		ea, ed = b.Eff[att], b.Eff[opp(att)]
		mine = b.MineAtStart
	}
	return s.strength(att, f, true, ea, ed, mine), s.strength(opp(att), f, false, ed, ea, mine)
}

func (s *State) militaryCount(p, f int) int { return len(s.frontMilitary(p, f)) }
