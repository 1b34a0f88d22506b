package trenches

import (
	"strconv"
	"strings"
)

// Map data (spec 4.8), kept as the spec's machine-loadable table.
const mapCSV = `0101,1,1,wire,,
0102,1,2,wire,,
0103,1,3,wire,,
0104,1,4,wire,,
0105,1,5,wire,,
0106,1,6,wire,,
0107,1,7,wire,,
0108,1,8,wire,,
0109,1,9,wire,,
0110,1,10,wire,,
0111,1,11,wire,,
0112,1,12,wire,,
0201,2,1,open,,
0202,2,2,open,,
0203,2,3,trench,0303,
0204,2,4,wire,,
0205,2,5,open,,
0206,2,6,open,,
0207,2,7,open,,
0208,2,8,wire,,
0209,2,9,wire,,
0210,2,10,open,,
0211,2,11,wire,,
0212,2,12,trench,0312,
0301,3,1,trench,0302,A
0302,3,2,trench,0301 0303 0402,
0303,3,3,trench,0203 0302 0304,
0304,3,4,trench,0303 0305,
0305,3,5,trench,0304 0306,
0306,3,6,trench,0305 0307,
0307,3,7,trench,0306 0308 0406,
0308,3,8,trench,0307 0309,
0309,3,9,trench,0308 0310 0409,
0310,3,10,trench,0309 0311,
0311,3,11,trench,0310 0312,
0312,3,12,trench,0212 0311,
0401,4,1,open,,
0402,4,2,trench,0302 0503,
0403,4,3,open,,
0404,4,4,open,,
0405,4,5,open,,
0406,4,6,trench,0307 0506,
0407,4,7,open,,
0408,4,8,open,,
0409,4,9,trench,0309 0510,
0410,4,10,open,,
0411,4,11,open,,
0412,4,12,open,,
0501,5,1,trench,0502,B
0502,5,2,trench,0501 0503 0602,
0503,5,3,trench,0402 0502 0504,
0504,5,4,trench,0503 0505,
0505,5,5,trench,0504 0506 0605,
0506,5,6,trench,0406 0505 0507,
0507,5,7,trench,0506 0508,
0508,5,8,trench,0507 0509 0608,
0509,5,9,trench,0508 0510,
0510,5,10,trench,0409 0509 0511,
0511,5,11,trench,0510 0512 0611,
0512,5,12,trench,0511,G
0601,6,1,open,,
0602,6,2,trench,0502,C
0603,6,3,open,,
0604,6,4,open,,
0605,6,5,trench,0505,D
0606,6,6,open,,
0607,6,7,open,,
0608,6,8,trench,0508,E
0609,6,9,open,,
0610,6,10,open,,
0611,6,11,trench,0511,F
0612,6,12,open,,`

// Map size.
const (
	Rows  = 6
	Cols  = 12
	NHexs = Rows * Cols
)

// Terrain kinds.
const (
	Open   = "open"
	Trench = "trench"
	Wire   = "wire"
)

// HexData is one map hex (static).
type HexData struct {
	ID      int    // RRCC as a number, e.g. 307
	Row     int    // 1..6 from the Raider's red edge
	Col     int    // 1..12
	Terrain string // open, trench, wire
	Links   []int  // linked trench neighbours (hex ids)
	Entry   string // entry letter A..G or ""
}

var (
	// Map is the 72-hex map, indexed by hex index (see Idx).
	Map [NHexs]HexData
	// EntryHex maps an entry letter to its hex id.
	EntryHex  = map[string]int{}
	neighbors [NHexs][]int // hex ids, in direction order E, W, NE, NW, SE, SW
)

func init() {
	for _, line := range strings.Split(mapCSV, "\n") {
		f := strings.Split(line, ",")
		id, _ := strconv.Atoi(f[0])
		r, _ := strconv.Atoi(f[1])
		c, _ := strconv.Atoi(f[2])
		h := HexData{ID: id, Row: r, Col: c, Terrain: f[3], Entry: f[5]}
		for _, l := range strings.Fields(f[4]) {
			n, _ := strconv.Atoi(l)
			h.Links = append(h.Links, n)
		}
		Map[Idx(id)] = h
		if h.Entry != "" {
			EntryHex[h.Entry] = id
		}
	}
	for i := range Map {
		r, c := Map[i].Row, Map[i].Col
		even := r%2 == 0
		var cand [][2]int
		if even {
			cand = [][2]int{{r, c + 1}, {r, c - 1}, {r + 1, c + 1}, {r + 1, c}, {r - 1, c + 1}, {r - 1, c}}
		} else {
			cand = [][2]int{{r, c + 1}, {r, c - 1}, {r + 1, c}, {r + 1, c - 1}, {r - 1, c}, {r - 1, c - 1}}
		}
		for _, rc := range cand {
			if rc[0] >= 1 && rc[0] <= Rows && rc[1] >= 1 && rc[1] <= Cols {
				neighbors[i] = append(neighbors[i], rc[0]*100+rc[1])
			}
		}
	}
	initSteps()
}

// Valid reports whether id is a map hex.
func Valid(id int) bool {
	r, c := id/100, id%100
	return r >= 1 && r <= Rows && c >= 1 && c <= Cols
}

// Idx is the index of a hex id in Map, or -1.
func Idx(id int) int {
	if !Valid(id) {
		return -1
	}
	return (id/100-1)*Cols + id%100 - 1
}

// Hex returns the static data of a hex id (zero value when invalid).
func Hex(id int) HexData {
	if i := Idx(id); i >= 0 {
		return Map[i]
	}
	return HexData{}
}

// Neighbors lists the hex ids adjacent to id.
func Neighbors(id int) []int {
	if i := Idx(id); i >= 0 {
		return neighbors[i]
	}
	return nil
}

// Adjacent reports whether two hexes share a side.
func Adjacent(a, b int) bool { return Distance(a, b) == 1 }

// Linked reports whether two trench hexes are joined by a trench link.
func Linked(a, b int) bool {
	for _, l := range Hex(a).Links {
		if l == b {
			return true
		}
	}
	return false
}

// Distance is the hex distance (spec 4.3).
func Distance(a, b int) int {
	q := func(id int) (int, int) {
		r, c := id/100, id%100
		return c - (r-1)/2, r - 1
	}
	qa, sa := q(a)
	qb, sb := q(b)
	dq, ds := qb-qa, sb-sa
	return (abs(dq) + abs(ds) + abs(dq+ds)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// HexName formats a hex id as the map prints it: "0307".
func HexName(id int) string {
	s := strconv.Itoa(id)
	for len(s) < 4 {
		s = "0" + s
	}
	return s
}
