package flanders

// CardType describes one of the 18 card types (spec §3.1). The table is the
// canonical order used before every shuffle.
type CardType struct {
	Code    string `json:"code"`
	British bool   `json:"british"`
	Count   int    `json:"count"`
	Move    int    `json:"move"`  // infantry points (tank: tank points)
	Tank    bool   `json:"tank"`  // move is tank points
	Plus    bool   `json:"plus"`  // allows one sacrifice
	Grey    int    `json:"grey"`  // troops lost on a bust
	Black   int    `json:"black"` // troops lost at the end of the turn (German)
	Keep    bool   `json:"keep"`  // kept between turns when unused
}

// Card type indexes, in canonical order.
const (
	Infantry1 = iota
	Infantry1Plus
	Infantry2
	Infantry2Plus
	Infantry3
	Tank
	BritishArtillery
	AerialRecon
	ObservationBalloon
	BritishGas
	Mines
	Reserves
	GermanMG
	GermanArtillery
	GermanCounterAttack
	GermanGas
	FlyingCircus
	BarbedWire
	NumTypes
)

// Types is the card table (spec §3.1). Values marked [assumption] in the
// spec live here only, so a correction is a data change.
var Types = [NumTypes]CardType{
	{Code: "infantry_1", British: true, Count: 6, Move: 1},
	{Code: "infantry_1_plus", British: true, Count: 4, Move: 1, Plus: true},
	{Code: "infantry_2", British: true, Count: 6, Move: 2},
	{Code: "infantry_2_plus", British: true, Count: 4, Move: 2, Plus: true},
	{Code: "infantry_3", British: true, Count: 4, Move: 3, Grey: 1},
	{Code: "tank", British: true, Count: 2, Move: 2, Tank: true, Grey: 1},
	{Code: "british_artillery", British: true, Count: 3, Keep: true},
	{Code: "aerial_recon", British: true, Count: 2, Keep: true},
	{Code: "observation_balloon", British: true, Count: 2, Keep: true},
	{Code: "british_gas", British: true, Count: 2, Keep: true},
	{Code: "mines", British: true, Count: 2, Keep: true},
	{Code: "reserves", British: true, Count: 2},
	{Code: "german_mg", Count: 4, Black: 1},
	{Code: "german_artillery", Count: 2, Black: 2},
	{Code: "german_counter_attack", Count: 2, Black: 1},
	{Code: "german_gas", Count: 2},
	{Code: "flying_circus", Count: 2},
	{Code: "barbed_wire", Count: 3},
}

// Board and deck geometry (spec §4).
const (
	NumCards  = 54
	Objective = 20
	NumTroops = 40
	NineSpace = 9
)

// Lines are the German defence line rows.
var Lines = [3]int{5, 10, 15}

// Drawable lists the spaces that hold deck cards, in refill order.
var Drawable = [8]int{3, 4, 5, 6, 7, 8, 10, 11}

// CheckRows are the card-area rows subject to the row check (A and B).
var CheckRows = [2][3]int{{3, 4, 5}, {6, 7, 8}}

// Colours of the lanes, by seat.
var Colours = [4]string{"red", "blue", "green", "yellow"}

// RollCounts[s] is how many of the 216 ordered rolls of three dice offer
// the sum s on some pair (spec §4.2).
var RollCounts [13]int

var (
	cardTypeOf [NumCards]int // card id -> type
	cardNumOf  [NumCards]int // card id -> n (1-based copy number)
	firstOf    [NumTypes]int // type -> first card id
)

func init() {
	id := 0
	for t, ct := range Types {
		firstOf[t] = id
		for n := 1; n <= ct.Count; n++ {
			cardTypeOf[id] = t
			cardNumOf[id] = n
			id++
		}
	}
	if id != NumCards {
		panic("flanders: card table does not hold 54 cards")
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				seen := [13]bool{}
				for _, s := range [3]int{a + b, a + c, b + c} {
					if !seen[s] {
						seen[s] = true
						RollCounts[s]++
					}
				}
			}
		}
	}
}

// TypeOf is the type index of a card id.
func TypeOf(card int) int { return cardTypeOf[card] }

// CardID is the unique text id of a card, e.g. "infantry_2#4".
func CardID(card int) string {
	return Types[cardTypeOf[card]].Code + "#" + itoa(cardNumOf[card])
}

// TypeByCode finds a type index by its code, or -1.
func TypeByCode(code string) int {
	for t, ct := range Types {
		if ct.Code == code {
			return t
		}
	}
	return -1
}

// IsInfantry reports whether a type is one of the five infantry cards.
func IsInfantry(t int) bool { return t >= Infantry1 && t <= Infantry3 }

// IsGerman reports whether a type is German.
func IsGerman(t int) bool { return !Types[t].British }

// Cancellable reports whether British Artillery can cancel the type.
func Cancellable(t int) bool {
	return t == GermanMG || t == GermanArtillery || t == GermanCounterAttack
}

// IsLine reports whether a row is a German defence line.
func IsLine(row int) bool { return row == 5 || row == 10 || row == 15 }

// NextLine is the smallest line row above row, or 0 when there is none.
func NextLine(row int) int {
	for _, l := range Lines {
		if l > row {
			return l
		}
	}
	return 0
}

// Zone names the zone of a row (spec §4.1).
func Zone(row int) string {
	switch {
	case row <= 0:
		return "start"
	case row < 5:
		return "no_mans_land"
	case row == 5:
		return "german_line_1"
	case row < 10:
		return "german_zone_1"
	case row == 10:
		return "german_line_2"
	case row < 15:
		return "german_zone_2"
	case row == 15:
		return "german_line_3"
	case row < 20:
		return "german_zone_3"
	}
	return "objective"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
