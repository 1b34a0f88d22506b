package fow

// Layout is a mission's table map (spec §4.1-4.2) in table inches, origin
// at the attacker's left corner (SW), y towards the defender (north): where
// each side deploys, where each objective may go, and how each side's
// reserves enter. The schematic picture draws it; the referee measures
// nothing on it. Roles index the arrays: 0 attacker, 1 defender.
type Layout struct {
	W, H       float64   // the table: 72"×48" (180×120 cm)
	Deploy     [2]Rect   // each role's Deployment Area
	Objectives []ObjZone // one per objective, in placement order (obj1 first)
	Entry      [2]string // each role's reserve entry: own_edge, scattered, map, or "" (no reserves)
	Corner     float64   // the depth of a scattered-reserve corner zone along each edge (§4.2)
	Known      bool      // deployment distances from the mission pages (§4.2); false: halves [assumption]
}

// Rect is an area of the table in inches: X0 ≤ x ≤ X1, Y0 ≤ y ≤ Y1.
type Rect struct{ X0, Y0, X1, Y1 float64 }

// Contains reports whether (x, y) lies in r (edges included).
func (r Rect) Contains(x, y float64) bool { return x >= r.X0 && x <= r.X1 && y >= r.Y0 && y <= r.Y1 }

// ObjZone is where one objective may be placed: by role Placer, in the
// half of role Half.
type ObjZone struct {
	Placer, Half int
	Area         Rect
}

// zoneRule is what the mission pages say in numbers (§4.2): the no man's
// land either side of the centre line, and how far objectives keep from
// the centre line, the short (side) edges and the long edges.
type zoneRule struct {
	deployGap          float64
	objCentre, objSide float64
	objLong            float64
	known              bool
}

var zoneRules = map[string]zoneRule{
	"free_for_all": {deployGap: 12, objCentre: 16, objSide: 8, known: true},
	"encounter":    {deployGap: 6, objCentre: 8, objSide: 6, objLong: 6, known: true},
}

// overTheWire: Over the Wire objectives are at least 8" from the centre line (§7.11, OTW_CENTRE).
const overTheWire = 8

// Layout is the mission's map: its deployment areas, objective areas and
// reserve entries, all from the mission table; where the rules give no
// distances, each side deploys in its own half and objectives go anywhere
// in theirs (§4.2 "other missions").
func (m Mission) Layout() Layout {
	const w, h, mid = 72.0, 48.0, 24.0
	r := zoneRules[m.ID]
	if m.OverTheWire {
		r.objCentre = max(r.objCentre, overTheWire)
	}
	l := Layout{W: w, H: h, Corner: 16, Known: r.known}
	l.Deploy[0] = Rect{0, 0, w, mid - r.deployGap}
	l.Deploy[1] = Rect{0, mid + r.deployGap, w, h}
	for _, sp := range m.objSeq() {
		a := Rect{r.objSide, r.objLong, w - r.objSide, mid - r.objCentre}
		if sp.Half == 1 {
			a = Rect{r.objSide, mid + r.objCentre, w - r.objSide, h - r.objLong}
		}
		l.Objectives = append(l.Objectives, ObjZone{Placer: sp.Placer, Half: sp.Half, Area: a})
	}
	for role := 0; role < 2; role++ {
		if m.reserves(role) != "none" {
			l.Entry[role] = m.entry(role)
		}
	}
	return l
}
