package blindaz

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/warroom/warroom/games"
)

func eq[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: got %v, want %v", what, got, want)
	}
}

// Example 1 - setup and a first round (one soldier).
func TestExample1SetupFirstRound(t *testing.T) {
	tOrder := []int{0, 17, 34, 20, 10}
	for i := 0; i < NumTrench; i++ {
		if !slices.Contains(tOrder, i) {
			tOrder = append(tOrder, i)
		}
	}
	// enemy ids - 1: tank_5 e26 e27, infantry_3 e11, infantry_2 e05,
	// artillery e29, tank_4 e22, infantry_1 e01, tank_3 e17 | infantry_2 e06, tank_4 e23, artillery e30
	eOrder := []int{25, 26, 10, 4, 28, 21, 0, 16, 5, 22, 29}
	for i := 0; i < NumEnemy; i++ {
		if !slices.Contains(eOrder, i) {
			eOrder = append(eOrder, i)
		}
	}
	script := append(games.ShuffleScript(tOrder), games.ShuffleScript(eOrder)...)
	script = append(script, dice(4)...)
	r := games.Script(script...)
	g := games.Check[State](Game{})
	s, err := g.Setup(games.Options{OptSolo: SoloLone}, 1, r)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "market", marketTypes(s), []string{"straight", "corner_fire", "grenade"})
	eq(t, "stack", len(s.Stack), 37)
	eq(t, "stack top", TrenchTile(s.Stack[0]).ID, "tee")
	eq(t, "box", len(s.Box), 8)
	eq(t, "box first", EnemyTile(s.Box[0]).ID, "tank_5")
	eq(t, "enemy stack", len(s.EStack), 26)
	eq(t, "enemy top", EnemyTile(s.EStack[0]).ID, "infantry_2")
	eq(t, "active", g.Active(s), []games.Seat{0})
	s, _ = apply(t, s, 0, "deploy.3", r)
	eq(t, "phase", s.Phase, PhaseTurn)
	eq(t, "Ann", posOf(s, 0), "G3")

	got := map[string]Dest{}
	for _, d := range s.reach(0, true) {
		got[CellName(d.Cell)] = d
	}
	want := map[string]Dest{
		"F3": {cellOf("F3"), 1, true}, "G2": {cellOf("G2"), 1, false}, "G4": {cellOf("G4"), 1, false},
		"F2": {cellOf("F2"), 2, true}, "F4": {cellOf("F4"), 2, true}, "G1": {cellOf("G1"), 2, false}, "G5": {cellOf("G5"), 2, false},
		"F1": {cellOf("F1"), 3, true}, "F5": {cellOf("F5"), 3, true}, "G6": {cellOf("G6"), 3, false},
	}
	eq(t, "destinations", got, want)

	s, _ = apply(t, s, 0, "move.5.3", r)
	eq(t, "builds at F3", legalStrings(s, 0), []string{"build.1.10", "build.2.3", "build.2.6", "back"})
	s, _ = apply(t, s, 0, "build.1.10", r)
	eq(t, "F3", tileAt(s, "F3"), "straight")
	eq(t, "F3 ori", s.Board[cellOf("F3")].Ori, SideE|SideW)
	eq(t, "Ann", posOf(s, 0), "F3")
	eq(t, "market", marketTypes(s), []string{"corner_fire", "grenade", "tee"})
	eq(t, "stack top", TrenchTile(s.Stack[0]).ID, "straight_mine")
	eq(t, "stack", len(s.Stack), 36)
	eq(t, "enemies", boardEnemies(s), map[string]string{"B4": "infantry_2"})
	eq(t, "enemy stack", len(s.EStack), 25)
	eq(t, "penalty", s.Penalty, 0)
	eq(t, "round", s.Round, 2)
	eq(t, "turn", s.Turn, 0)
	eq(t, "dice used", r.Used(), len(script))
}

// Example 2 - the fit rule.
func TestExample2Fit(t *testing.T) {
	f := fixture(t, 1).put("F3", "straight", "EW").put("E3", "corner", "ES").put("F4", "straight", "EW").
		at(0, "F4").market("straight", "tee_hedgehog", "dead_end_mine").es("infantry_1")
	s := f.check()
	if !slices.Contains(legalStrings(s, 0), "move.4.4") {
		t.Fatal("E4 not offered")
	}
	for _, d := range s.reach(0, true) {
		if CellName(d.Cell) == "E4" && (!d.Exit || d.Steps != 1) {
			t.Fatalf("E4: %+v", d)
		}
	}
	r := games.Script(dice(1)...)
	s, _ = apply(t, s, 0, "move.4.4", r)
	eq(t, "builds at E4", legalStrings(s, 0), []string{"build.2.7", "build.2.11", "back"})
	s, _ = apply(t, s, 0, "build.2.11", r)
	eq(t, "E4", tileAt(s, "E4"), "tee_hedgehog")
	eq(t, "market", marketTypes(s)[:2], []string{"straight", "dead_end_mine"})
	eq(t, "market size", len(s.Market), 3)

	// Variation: no tile fits E4.
	v := fixture(t, 1).put("F3", "straight", "EW").put("E3", "corner", "ES").put("F4", "straight", "EW").
		at(0, "F4").market("straight", "straight", "dead_end_mine").check()
	if slices.Contains(legalStrings(v, 0), "move.4.4") {
		t.Fatal("E4 offered without a fitting tile")
	}
	reject(t, v, 0, "move.4.4", "exit_requires_build")
}

// Example 3 - reachable destinations.
func TestExample3Reach(t *testing.T) {
	build := func(market ...string) State {
		return fixture(t, 2).put("F2", "straight", "EW").put("E2", "tee", "ESW").put("D2", "straight", "EW").
			put("E3", "corner", "NE").enemy("E3", "infantry_1").at(0, "G2").at(1, "G5").market(market...).check()
	}
	names := func(s State) map[string][2]int {
		m := map[string][2]int{}
		for _, d := range s.reach(0, true) {
			e := 0
			if d.Exit {
				e = 1
			}
			m[CellName(d.Cell)] = [2]int{d.Steps, e}
		}
		return m
	}
	s := build("corner", "straight", "grenade")
	eq(t, "destinations", names(s), map[string][2]int{
		"G1": {1, 0}, "G3": {1, 0}, "F2": {1, 0},
		"E2": {2, 0}, "G4": {2, 0}, "F1": {2, 1}, "F3": {2, 1},
		"D2": {3, 0}, "G5": {3, 0}, "F4": {3, 1},
	})
	bs := func(cell string) []Build { return s.buildsAt(cellOf(cell)) }
	eq(t, "F1", bs("F1"), []Build{{1, SideN | SideE}, {2, SideE | SideW}})
	eq(t, "F3", bs("F3"), []Build{{2, SideE | SideW}})
	eq(t, "F4", bs("F4"), []Build{{1, SideN | SideE}, {1, SideE | SideS}, {2, SideE | SideW}})
	reject(t, s, 0, "move.4.3", "unreachable") // enemy on E3
	reject(t, s, 0, "move.2.2", "unreachable") // 4th step
	reject(t, s, 0, "move.4.1", "unreachable") // E2's N is closed

	v := build("cross", "grenade", "grenade")
	eq(t, "variation", names(v), map[string][2]int{
		"G1": {1, 0}, "G3": {1, 0}, "F2": {1, 0},
		"E2": {2, 0}, "G4": {2, 0},
		"D2": {3, 0}, "G5": {3, 0}, "F4": {3, 1},
	})
	// From E2 Ann could attack E3.
	s2, _ := apply(t, s, 0, "move.4.2", games.Script())
	if !slices.Contains(legalStrings(s2, 0), "attack.4.3") {
		t.Fatal("attack E3 from E2 not offered")
	}
}

// Example 4 - attacks, firing position, artillery hits a soldier, victory.
func TestExample4AttacksVictory(t *testing.T) {
	f := fixture(t, 3).put("D3", "straight", "EW").at(0, "D3").enemy("C3", "infantry_3").
		put("F5", "tee_fire", "NEW").at(1, "F5").enemy("E5", "tank_5").
		put("B1", "straight", "EW").at(2, "B1").enemy("A1", "artillery").
		flag("A4").put("B4", "straight", "EW").penalty(5).turn(0)
	f.at(0, "D3")
	s := f.esEmpty().check()
	r := games.Script(dice(4, 5, 2, 6)...)
	s, ev := apply(t, s, 0, "attack.2.3", r)
	note := func(e games.Event) Note {
		n, err := NewNote(e)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := note(ev[0]); ev[0].Kind != "AttackRolled" || n.Total != 3 || !n.Hit {
		t.Fatalf("Ann's attack: %+v", ev[0])
	}
	s, ev = apply(t, s, 1, "attack.4.5", r)
	if n := note(ev[0]); n.Total != 5 || !n.Hit {
		t.Fatalf("Boris's attack: %+v", ev[0])
	}
	s, ev = apply(t, s, 2, "attack.0.1", r)
	if n := note(ev[0]); n.Total != 1 || n.Hit {
		t.Fatalf("Cyril's attack: %+v", ev[0])
	}
	eq(t, "B1", tileAt(s, "B1"), "")
	eq(t, "Cyril", posOf(s, 2), "G1")
	eq(t, "penalty", s.Penalty, 6)
	eq(t, "result", s.Result, Victory)
	eq(t, "reason", s.Reason, ReasonHeld)
	eq(t, "dice", r.Used(), 4)
	o := Game{}.Outcome(s)
	eq(t, "winners", o.Winners, []games.Seat{0, 1, 2})
}

// Example 5 - taking and throwing a grenade.
func TestExample5Grenade(t *testing.T) {
	a := fixture(t, 1).market("grenade", "corner", "tee").ts("cross").es("infantry_1").check()
	r := games.Script(dice(1)...)
	a, _ = apply(t, a, 0, "take.1", r)
	eq(t, "market", marketTypes(a), []string{"corner", "tee", "cross"})
	if a.Soldiers[0].Grenade == 0 {
		t.Fatal("no grenade held")
	}
	reject(t, a, 0, "take.1", "already_holding")

	b := fixture(t, 2).put("E3", "straight", "EW").at(0, "E3").grenade(0).put("D3", "straight", "EW").
		enemy("C3", "infantry_2").enemy("C4", "tank_3").put("C2", "corner", "ES").at(1, "C2").
		penalty(3).es("tank_4").turn(0).check()
	r = games.Script(dice(2, 6)...)
	b, _ = apply(t, b, 0, "throw.3", r)
	eq(t, "enemies", boardEnemies(b), map[string]string{"A6": "tank_4"})
	eq(t, "D3", tileAt(b, "D3"), "")
	eq(t, "C2", tileAt(b, "C2"), "")
	eq(t, "E3", tileAt(b, "E3"), "straight")
	eq(t, "Boris", posOf(b, 1), "G2")
	eq(t, "Ann", posOf(b, 0), "E3")
	eq(t, "grenade", b.Soldiers[0].Grenade, 0)
	eq(t, "penalty", b.Penalty, 4)
	eq(t, "turn", b.Turn, 1)
	eq(t, "dice", r.Used(), 2)
}

// Example 6 - grenade roll of 1; artillery on empty ground.
func TestExample6GrenadeOne(t *testing.T) {
	s := fixture(t, 1).put("D4", "corner", "NE").at(0, "D4").grenade(0).enemy("E4", "infantry_3").
		penalty(2).es("artillery").check()
	r := games.Script(dice(1, 4, 5)...)
	s, _ = apply(t, s, 0, "throw.1", r)
	eq(t, "enemies", boardEnemies(s), map[string]string{})
	eq(t, "D4", tileAt(s, "D4"), "")
	eq(t, "Ann", posOf(s, 0), "G4")
	eq(t, "penalty", s.Penalty, 3)
	eq(t, "dice", r.Used(), 3)
	eq(t, "round", s.Round, 2)
	if s.Spent[len(s.Spent)-1].Cause != "fired" {
		t.Fatal("artillery not spent")
	}
}

// Example 7 - enemy movement: overrun, crush, hedgehog, mine, arrival.
func TestExample7EnemyMovement(t *testing.T) {
	s := fixture(t, 4).enemy("D1", "tank_4").put("E1", "straight", "EW").at(0, "E1").
		enemy("B2", "infantry_2").put("C2", "straight_mine", "EW").enemy("C3", "tank_5").
		put("D3", "corner_hedgehog", "ES").enemy("F4", "infantry_3").at(1, "G2").at(2, "G3").at(3, "G6").
		penalty(2).turn(3).check()
	s, _ = apply(t, s, 3, "pass", games.Script())
	eq(t, "penalty", s.Penalty, 6)
	eq(t, "enemies", boardEnemies(s), map[string]string{"E1": "tank_4"})
	eq(t, "Ann", posOf(s, 0), "G1")
	eq(t, "E1", tileAt(s, "E1"), "")
	eq(t, "C2", tileAt(s, "C2"), "")
	eq(t, "D3", tileAt(s, "D3"), "")
	eq(t, "round", s.Round, 2)
}

// Example 8 - infantry ignores hedgehogs, tanks crush mines.
func TestExample8Traps(t *testing.T) {
	s := fixture(t, 2).enemy("D5", "infantry_1").put("E5", "tee_hedgehog", "NES").enemy("E6", "tank_3").
		put("F6", "straight_mine", "EW").at(0, "G1").at(1, "G2").turn(1).check()
	s, _ = apply(t, s, 1, "pass", games.Script())
	eq(t, "enemies", boardEnemies(s), map[string]string{"F6": "tank_3", "E5": "infantry_1"})
	eq(t, "F6", tileAt(s, "F6"), "")
	eq(t, "E5", tileAt(s, "E5"), "tee_hedgehog")
	s, _ = apply(t, s, 0, "pass", games.Script())
	s, _ = apply(t, s, 1, "pass", games.Script())
	eq(t, "penalty", s.Penalty, 3)
	eq(t, "enemies", boardEnemies(s), map[string]string{"F5": "infantry_1"})
	eq(t, "E5", tileAt(s, "E5"), "tee_hedgehog")
}

// Example 9 - artillery.
func TestExample9Artillery(t *testing.T) {
	s := fixture(t, 4).enemy("A2", "artillery").enemy("A5", "artillery").enemy("A6", "artillery").
		enemy("C2", "infantry_2").put("D2", "straight", "EW").put("E5", "tee", "NEW").at(2, "E5").
		at(3, "G6").at(0, "G1").at(1, "G2").penalty(4).turn(3).check()
	r := games.Script(dice(4, 3, 1)...)
	s, _ = apply(t, s, 3, "pass", r)
	eq(t, "enemies", boardEnemies(s), map[string]string{})
	eq(t, "penalty", s.Penalty, 6)
	eq(t, "D2", tileAt(s, "D2"), "")
	eq(t, "E5", tileAt(s, "E5"), "")
	eq(t, "Cyril", posOf(s, 2), "G5")
	eq(t, "Dana", posOf(s, 3), "G6")
	eq(t, "dice", r.Used(), 3)
}

// Example 10 - reinforcement: reroll, flag block, cap.
func TestExample10Reinforcement(t *testing.T) {
	f := fixture(t, 2).flag("A3").put("B3", "straight", "EW").enemy("A5", "tank_3").es("infantry_1", "artillery").turn(1)
	f.s.Round = 5
	s := f.check()
	es := len(s.EStack)
	r := games.Script(dice(5, 3, 5)...)
	s, ev := apply(t, s, 1, "pass", r)
	blocked := false
	for _, e := range ev {
		blocked = blocked || e.Kind == "EnemyBlocked"
	}
	if !blocked {
		t.Fatal("infantry_1 not blocked")
	}
	eq(t, "enemies", boardEnemies(s), map[string]string{"B5": "tank_3"})
	eq(t, "round", s.Round, 6)
	s, _ = apply(t, s, 0, "pass", r)
	eq(t, "enemies", boardEnemies(s), map[string]string{"B5": "tank_3", "A5": "artillery"})
	eq(t, "dice", r.Used(), 3)
	eq(t, "enemy stack", len(s.EStack), es-2)
	// Boris: 2 enemies = N, no draw; the enemy phase then fires the gun.
	r2 := games.Script(dice(6)...)
	_, ev = apply(t, s, 1, "pass", r2)
	for _, e := range ev {
		if e.Kind == "EnemyDrawn" {
			t.Fatal("drew with 2 enemies on board")
		}
	}
	eq(t, "dice", r2.Used(), 1)
}

// Example 11 - planting the flag, then winning; and losing by winning early.
func TestExample11Flag(t *testing.T) {
	build := func() State {
		return fixture(t, 1).put("B3", "straight", "EW").put("C3", "straight", "EW").put("D3", "straight", "EW").
			put("E3", "straight", "EW").put("F3", "straight", "EW").at(0, "C3").enemy("B4", "infantry_1").
			esEmpty().penalty(7).market("corner", "straight", "grenade").check()
	}
	s := build()
	found := false
	for _, d := range s.reach(0, true) {
		if CellName(d.Cell) == "A3" && d.Exit && d.Steps == 2 {
			found = true
		}
	}
	if !found {
		t.Fatal("A3 not an exit destination")
	}
	r := games.Script(dice(2)...)
	s, _ = apply(t, s, 0, "move.0.3", r)
	eq(t, "exit legal", legalStrings(s, 0), []string{"flag", "back"})
	s, _ = apply(t, s, 0, "flag", r)
	eq(t, "flags", s.Flags, 3)
	eq(t, "enemies", boardEnemies(s), map[string]string{"C4": "infantry_1"})
	eq(t, "phase", s.Phase, PhaseTurn)
	s, _ = apply(t, s, 0, "move.2.3", r)
	s, _ = apply(t, s, 0, "attack.2.4", r)
	eq(t, "result", s.Result, Victory)
	eq(t, "penalty", s.Penalty, 7)

	c := build()
	r = games.Script(dice(2)...)
	c, _ = apply(t, c, 0, "move.1.3", r)
	c, _ = apply(t, c, 0, "attack.1.4", r)
	eq(t, "result", c.Result, Defeat)
	eq(t, "reason", c.Reason, ReasonNoTrench)
}

// Example 12 - breakthrough in the middle of an enemy phase.
func TestExample12Breakthrough(t *testing.T) {
	s := fixture(t, 3).enemy("F1", "tank_4").enemy("E2", "infantry_2").put("F2", "straight", "EW").
		at(1, "F2").enemy("A3", "artillery").penalty(7).turn(2).check()
	s, _ = apply(t, s, 2, "pass", games.Script())
	eq(t, "result", s.Result, Defeat)
	eq(t, "reason", s.Reason, ReasonBreakthrough)
	eq(t, "penalty", s.Penalty, 11)
	eq(t, "enemies", boardEnemies(s), map[string]string{"E2": "infantry_2", "A3": "artillery"})
	eq(t, "Boris", posOf(s, 1), "F2")
	o := Game{}.Outcome(s)
	if !o.Done || len(o.Winners) != 0 || o.Reason != ReasonBreakthrough {
		t.Fatalf("outcome %+v", o)
	}
	if (Game{}).Active(s) != nil {
		t.Fatal("someone active after the end")
	}
	reject(t, s, 0, "pass", "game_over")
}

// Example 13 - clear, replace and reshuffle.
func TestExample13ClearReplace(t *testing.T) {
	a := fixture(t, 2).put("F3", "straight", "EW").at(0, "F3").put("E4", "corner", "NE").at(1, "G5").
		es("infantry_1").turn(1).check()
	reject(t, a, 1, "clear.5.3", "tile_has_soldier")
	reject(t, a, 1, "clear.3.3", "no_trench_tile")
	r := games.Script(dice(1)...)
	a, _ = apply(t, a, 1, "clear.4.4", r)
	eq(t, "discard", len(a.Discard), 1)
	eq(t, "discard top", TrenchTile(a.Discard[0]).ID, "corner")
	eq(t, "E4", tileAt(a, "E4"), "")

	b := fixture(t, 1).market("dead_end_mine", "corner_hedgehog", "grenade").discard("straight", "tee_mine").
		tsOnly("cross").es("infantry_1").check()
	script := append(games.ShuffleScript([]int{1, 4, 0, 3, 2}), dice(1)...)
	r = games.Script(script...)
	b, ev := apply(t, b, 0, "replace", r)
	eq(t, "market", marketTypes(b), []string{"cross", "tee_mine", "grenade"})
	var ts []string
	for _, id := range b.Stack {
		ts = append(ts, TrenchTile(id).ID)
	}
	eq(t, "stack", ts, []string{"straight", "corner_hedgehog", "dead_end_mine"})
	eq(t, "discard", len(b.Discard), 0)
	reshuffled, drew := -1, -1
	for i, e := range ev {
		if e.Kind == "Reshuffled" {
			reshuffled = i
		}
		if e.Kind == "EnemyDrawn" {
			drew = i
		}
	}
	if reshuffled < 0 || drew < reshuffled {
		t.Fatal("reshuffle must come before the lane die")
	}
	eq(t, "script used", r.Used(), len(script))
}

// Example 14 - the computer soldier takes a grenade.
func TestExample14BotTakesGrenade(t *testing.T) {
	s := fixture(t, 1).at(0, "G3").put("F3", "straight", "EW").enemy("D3", "infantry_2").
		market("straight", "corner", "grenade").check()
	plans := Plans(s)
	top := plans[0]
	eq(t, "best plan", []string{CellName(top.To), top.Act.String()}, []string{"F3", "take.3"})
	if math.Abs(top.Score-0.96) > 1e-9 {
		t.Fatalf("score %v, want 0.96", top.Score)
	}
	score := func(to, act string) float64 {
		for _, p := range plans {
			if CellName(p.To) == to && p.Act.String() == act {
				return p.Score
			}
		}
		t.Fatalf("no plan %s %s", to, act)
		return 0
	}
	near := func(what string, got, want float64) {
		if math.Abs(got-want) > 0.001 {
			t.Fatalf("%s: %v, want %v", what, got, want)
		}
	}
	near("G3 take", score("G3", "take.3"), 0.9067)
	near("G2 take", score("G2", "take.3"), 0.8533)
	near("G1 take", score("G1", "take.3"), 0.8)
	near("F2 build", score("F2", "build.1.10"), 0.6)
	near("E3 build", score("E3", "build.1.10"), -0.25)
	for _, p := range plans {
		if p.Act.Verb == VAttack {
			t.Fatal("an attack is reachable")
		}
	}
	g := games.Check[State](Game{})
	a := g.Bot(s, 0, nil)
	eq(t, "bot move", a.String(), "move.5.3")
	s, _ = apply(t, s, 0, a.String(), games.Script())
	a = g.Bot(s, 0, nil)
	eq(t, "bot act", a.String(), "take.3")
	s, ev := apply(t, s, 0, a.String(), games.Script())
	eq(t, "market", marketTypes(s)[:2], []string{"straight", "corner"})
	for _, e := range ev {
		if e.Kind == "EnemyDrawn" {
			t.Fatal("drew with 1 enemy = N")
		}
	}
}
