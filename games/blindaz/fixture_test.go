package blindaz

import (
	"slices"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

// fix builds exact positions for the worked examples while keeping every
// tile accounted for (invariants 1 and 2 hold in fixtures too).
type fix struct {
	t *testing.T
	s State
}

func fixture(t *testing.T, n int) *fix {
	s := State{N: n, Seats: n, Limit: 10, Diff: "standard", Phase: PhaseTurn, Round: 1, Flags: FlagCount}
	for i := range n {
		s.Soldiers = append(s.Soldiers, Soldier{Seat: i, Pos: CellAt(colG, i)})
	}
	for id := 1; id <= NumTrench; id++ {
		s.Stack = append(s.Stack, id)
	}
	s.Box = []int{1, 5, 6, 11, 17, 22, 29, 30}
	for id := 1; id <= NumEnemy; id++ {
		if !slices.Contains(s.Box, id) {
			s.EStack = append(s.EStack, id)
		}
	}
	s.Discard, s.Destroyed, s.Spent = []int{}, []int{}, []Spent{}
	f := &fix{t: t, s: s}
	f.s.Market = []int{f.trench("straight"), f.trench("corner"), f.trench("tee")}
	f.s.From = f.s.Soldiers[0].Pos
	return f
}

func cellOf(name string) int {
	return CellAt(int(name[0]-'A'), int(name[1]-'1'))
}

func oriOf(s string) int {
	m := 0
	for _, r := range s {
		m |= dirBit[strings.IndexRune("NESW", r)]
	}
	return m
}

// trench removes the first tile of type typ from the trench stack.
func (f *fix) trench(typ string) int {
	for i, id := range f.s.Stack {
		if TrenchTile(id).ID == typ {
			f.s.Stack = slices.Delete(f.s.Stack, i, i+1)
			return id
		}
	}
	f.t.Fatalf("no %s left in the stack", typ)
	return 0
}

func (f *fix) enemyID(typ string) int {
	for i, id := range f.s.EStack {
		if EnemyTile(id).ID == typ {
			f.s.EStack = slices.Delete(f.s.EStack, i, i+1)
			return id
		}
	}
	f.t.Fatalf("no %s left in the enemy stack", typ)
	return 0
}

func (f *fix) put(cell, typ, ori string) *fix {
	c := cellOf(cell)
	f.s.Board[c].Tile, f.s.Board[c].Ori = f.trench(typ), oriOf(ori)
	return f
}

func (f *fix) enemy(cell, typ string) *fix {
	f.s.Board[cellOf(cell)].Enemy = f.enemyID(typ)
	return f
}

func (f *fix) flag(cell string) *fix {
	f.s.Board[cellOf(cell)].Flag = true
	f.s.Flags--
	return f
}

func (f *fix) at(i int, cell string) *fix {
	f.s.Soldiers[i].Pos = cellOf(cell)
	if i == f.s.Turn {
		f.s.From = f.s.Soldiers[i].Pos
	}
	return f
}

func (f *fix) grenade(i int) *fix {
	f.s.Soldiers[i].Grenade = f.trench("grenade")
	return f
}

func (f *fix) market(types ...string) *fix {
	f.s.Stack = append(f.s.Stack, f.s.Market...)
	f.s.Market = []int{}
	for _, t := range types {
		f.s.Market = append(f.s.Market, f.trench(t))
	}
	return f
}

// ts puts tiles of these types on top of the trench stack, in order.
func (f *fix) ts(types ...string) *fix {
	var top []int
	for _, t := range types {
		top = append(top, f.trench(t))
	}
	f.s.Stack = append(top, f.s.Stack...)
	return f
}

// tsOnly makes the stack exactly these types; every other free tile is
// destroyed (out of the game).
func (f *fix) tsOnly(types ...string) *fix {
	var top []int
	for _, t := range types {
		top = append(top, f.trench(t))
	}
	f.s.Destroyed = append(f.s.Destroyed, f.s.Stack...)
	f.s.Stack = top
	return f
}

func (f *fix) discard(types ...string) *fix {
	for _, t := range types {
		f.s.Discard = append(f.s.Discard, f.trench(t))
	}
	return f
}

// es puts enemies of these types on top of the enemy stack, in order.
func (f *fix) es(types ...string) *fix {
	var top []int
	for _, t := range types {
		top = append(top, f.enemyID(t))
	}
	f.s.EStack = append(top, f.s.EStack...)
	return f
}

// esEmpty spends the rest of the enemy stack.
func (f *fix) esEmpty() *fix {
	for _, id := range f.s.EStack {
		f.s.Spent = append(f.s.Spent, Spent{id, "killed"})
	}
	f.s.EStack = []int{}
	return f
}

func (f *fix) turn(i int) *fix {
	f.s.Turn = i
	f.s.From = f.s.Soldiers[i].Pos
	return f
}

func (f *fix) penalty(p int) *fix { f.s.Penalty = p; return f }

func (f *fix) check() State {
	f.t.Helper()
	if err := checkInvariants(&f.s); err != nil {
		f.t.Fatalf("fixture breaks an invariant: %v", err)
	}
	return f.s
}

// dice turns die faces into raw Intn values.
func dice(faces ...int) []int {
	out := make([]int, len(faces))
	for i, d := range faces {
		out[i] = d - 1
	}
	return out
}

// apply applies one action (text form) and fails the test on an error.
func apply(t *testing.T, s State, seat int, act string, r games.Rand) (State, []games.Event) {
	t.Helper()
	a, err := games.ParseAction(act)
	if err != nil {
		t.Fatal(err)
	}
	ns, ev, err := games.Check[State](Game{}).Apply(s, games.Seat(seat), a, r)
	if err != nil {
		t.Fatalf("%s rejected: %v", act, err)
	}
	if err := checkInvariants(&ns); err != nil {
		t.Fatalf("after %s: %v", act, err)
	}
	return ns, ev
}

func reject(t *testing.T, s State, seat int, act, code string) {
	t.Helper()
	a, err := games.ParseAction(act)
	if err != nil {
		t.Fatal(err)
	}
	before := mustJSON(t, s)
	ns, _, err := games.Check[State](Game{}).Apply(s, games.Seat(seat), a, games.Script())
	if games.ErrorCode(err) != code {
		t.Fatalf("%s: got error %v, want %s", act, err, code)
	}
	if mustJSON(t, ns) != before || mustJSON(t, s) != before {
		t.Fatalf("%s: state changed by a rejected action", act)
	}
	if slices.ContainsFunc(Game{}.Legal(s, games.Seat(seat)), a.Equal) {
		t.Fatalf("%s is rejected but listed as legal", act)
	}
}

func legalStrings(s State, seat int) []string {
	var out []string
	for _, a := range (Game{}).Legal(s, games.Seat(seat)) {
		out = append(out, a.String())
	}
	return out
}

func boardEnemies(s State) map[string]string {
	m := map[string]string{}
	for c, b := range s.Board {
		if b.Enemy != 0 {
			m[CellName(c)] = EnemyTile(b.Enemy).ID
		}
	}
	return m
}

func marketTypes(s State) []string {
	var out []string
	for _, t := range s.Market {
		out = append(out, TrenchTile(t).ID)
	}
	return out
}

func tileAt(s State, cell string) string {
	b := s.Board[cellOf(cell)]
	if b.Tile == 0 {
		return ""
	}
	return TrenchTile(b.Tile).ID
}

func posOf(s State, i int) string { return CellName(s.Soldiers[i].Pos) }
