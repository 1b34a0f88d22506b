package flanders

import (
	"fmt"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

// ---- a small builder for worked-example positions ----

type pl struct {
	row, troops int
	kept        []string
	elim        bool
}

type pos struct {
	players       []pl
	first, active int
	board         string // "3=infantry_1 4=german_mg ..." ("A:", "|", "B:" tokens ignored)
	draw          []string
	strong        bool
}

type alloc struct{ used [NumCards]bool }

func (a *alloc) card(t *testing.T, code string) int {
	t.Helper()
	ty := TypeByCode(code)
	if ty < 0 {
		t.Fatalf("unknown card %q", code)
	}
	for id := firstOf[ty]; id < firstOf[ty]+Types[ty].Count; id++ {
		if !a.used[id] {
			a.used[id] = true
			return id
		}
	}
	t.Fatalf("no copy of %s left", code)
	return -1
}

func build(t *testing.T, p pos) State {
	t.Helper()
	var a alloc
	s := State{NSeats: len(p.players), First: p.first, Active: p.active, Round: 1, TurnNo: 1,
		Phase: PhaseReady, Pool: NumTroops, StrongArtillery: p.strong}
	for i := range s.Spaces {
		s.Spaces[i] = -1
	}
	for _, q := range p.players {
		pp := Player{Row: q.row, Troops: q.troops, Eliminated: q.elim}
		for _, k := range q.kept {
			pp.Hand = append(pp.Hand, a.card(t, k))
		}
		s.Pool -= q.troops
		s.Players = append(s.Players, pp)
	}
	for _, tok := range strings.Fields(p.board) {
		sp, c, ok := strings.Cut(tok, "=")
		if !ok {
			continue
		}
		var n int
		fmt.Sscan(sp, &n)
		s.Spaces[n] = a.card(t, c)
	}
	for _, c := range p.draw {
		s.Draw = append(s.Draw, a.card(t, c))
	}
	for id := range NumCards {
		if !a.used[id] {
			s.Draw = append(s.Draw, id)
		}
	}
	return s
}

func boardString(s State) string {
	var parts []string
	for _, sp := range Drawable {
		if s.Spaces[sp] < 0 {
			parts = append(parts, fmt.Sprintf("%d=-", sp))
		} else {
			parts = append(parts, fmt.Sprintf("%d=%s", sp, code(s.Spaces[sp])))
		}
	}
	return strings.Join(parts, " ")
}

func normBoard(b string) string {
	var parts []string
	for _, tok := range strings.Fields(b) {
		if strings.Contains(tok, "=") {
			parts = append(parts, tok)
		}
	}
	return strings.Join(parts, " ")
}

// do applies one action with scripted dice (die faces 1..6) and fails the
// test on error.
func do(t *testing.T, s State, act string, dice ...int) State {
	t.Helper()
	ns, err := try(s, act, dice...)
	if err != nil {
		t.Fatalf("%s: %v (phase %s)", act, err, s.Phase)
	}
	return ns
}

// doEv is do that returns the action's events too.
func doEv(t *testing.T, s State, act string, dice ...int) (State, []games.Event) {
	t.Helper()
	ns, ev, err := tryEv(s, act, dice...)
	if err != nil {
		t.Fatalf("%s: %v (phase %s)", act, err, s.Phase)
	}
	return ns, ev
}

func try(s State, act string, dice ...int) (State, error) {
	ns, _, err := tryEv(s, act, dice...)
	return ns, err
}

func tryEv(s State, act string, dice ...int) (State, []games.Event, error) {
	a, err := games.ParseAction(act)
	if err != nil {
		return s, nil, err
	}
	vals := make([]int, len(dice))
	for i, d := range dice {
		vals[i] = d - 1
	}
	rng := games.Script(vals...)
	ns, ev, err := games.Check[State](Game{}).Apply(s, games.Seat(s.Active), a, rng)
	if err == nil && rng.Used() != len(vals) {
		return ns, ev, fmt.Errorf("used %d of %d scripted values", rng.Used(), len(vals))
	}
	return ns, ev, err
}

func wantErr(t *testing.T, s State, act, code string, dice ...int) {
	t.Helper()
	ns, err := try(s, act, dice...)
	if games.ErrorCode(err) != code {
		t.Fatalf("%s: got error %v, want %s", act, err, code)
	}
	if mustJSON(t, ns) != mustJSON(t, s) {
		t.Fatalf("%s: rejected action changed the state", act)
	}
}

func ty(code string) string { return fmt.Sprint(TypeByCode(code)) }

func expect(t *testing.T, what string, got, want any) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}

func gained(before, after State) []string {
	return codes(after.Discard[len(before.Discard):])
}

func handCodes(s State, seat int) []string { return codes(s.Players[seat].Hand) }

// ---- the worked examples of spec §15 ----

func TestExample01Setup(t *testing.T) {
	var a alloc
	var order []int
	for _, c := range strings.Fields("german_mg german_gas barbed_wire infantry_2 mines tank german_artillery german_counter_attack infantry_3 observation_balloon reserves infantry_2_plus") {
		order = append(order, a.card(t, c))
	}
	for id := range NumCards {
		if !a.used[id] {
			order = append(order, id)
		}
	}
	script := append([]int{1}, games.ShuffleScript(order)...)
	rng := games.Script(script...)
	s, err := Game{}.Setup(games.Options{}, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "board", boardString(s), normBoard("A: 3=infantry_3 4=observation_balloon 5=reserves | B: 6=infantry_2 7=mines 8=tank | C: 10=german_artillery 11=german_counter_attack"))
	expect(t, "discard", codes(s.Discard), []string{"german_mg", "german_gas", "barbed_wire"})
	expect(t, "draw size", len(s.Draw), 43)
	expect(t, "draw top", code(s.Draw[0]), "infantry_2_plus")
	expect(t, "pool", s.Pool, 28)
	expect(t, "rows", []int{s.Players[0].Row, s.Players[1].Row}, []int{0, 0})
	expect(t, "active", s.Active, 1)
	expect(t, "phase", s.Phase, PhaseReady)
	expect(t, "rng used", rng.Used(), len(script))
	checkInvariants(t, s)
}

func TestExample02BasicTurn(t *testing.T) {
	s := build(t, pos{
		players: []pl{{0, 6, nil, false}, {0, 6, nil, false}},
		board:   "3=infantry_1 4=german_mg 5=infantry_2 6=barbed_wire 7=infantry_2_plus 8=aerial_recon 10=german_artillery 11=infantry_3",
		draw:    []string{"infantry_1", "mines", "german_gas"},
	})
	s0 := s
	wantErr(t, s, "stop", "cannot_stop_yet")
	s = do(t, s, "roll", 2, 5, 6)
	expect(t, "options", s.Options(), []int{7, 8, 11})
	s = do(t, s, "take.7")
	s = do(t, s, "roll", 1, 3, 4)
	expect(t, "options", s.Options(), []int{4, 5})
	s = do(t, s, "take.5")
	s = do(t, s, "stop")
	expect(t, "phase", s.Phase, PhaseSacrifice)
	expect(t, "I", s.I, 4)
	expect(t, "kmax", s.KMax, 1)
	wantErr(t, s, "sacrifice.2", "sacrifice_out_of_range")
	s = do(t, s, "sacrifice.1")
	expect(t, "I after", s.I, 5)
	expect(t, "troops mid", s.Players[0].Troops, 5)
	s = do(t, s, "auto_move")
	expect(t, "row", s.Players[0].Row, 5)
	expect(t, "troops", s.Players[0].Troops, 5)
	expect(t, "hand", len(s.Players[0].Hand), 0)
	expect(t, "pool", s.Pool, 29)
	expect(t, "board", boardString(s), normBoard("3=infantry_1 4=german_mg 5=infantry_1 6=barbed_wire 7=mines 8=aerial_recon 10=german_artillery 11=infantry_3"))
	expect(t, "discarded", gained(s0, s), []string{"infantry_2_plus", "infantry_2"})
	expect(t, "active", s.Active, 1)
	expect(t, "phase", s.Phase, PhaseReady)
	checkInvariants(t, s)
}

func TestExample03NineOnceAndBust(t *testing.T) {
	s := build(t, pos{
		players: []pl{{0, 5, nil, false}, {3, 6, []string{"mines"}, false}},
		first:   0, active: 1,
		board: "3=german_mg 4=infantry_1 5=german_counter_attack 6=infantry_3 7=british_artillery 8=infantry_2 10=german_gas 11=infantry_2",
		draw:  []string{"infantry_1_plus", "german_artillery", "infantry_2"},
	})
	s0 := s
	s = do(t, s, "roll", 3, 6, 6)
	expect(t, "options", s.Options(), []int{9})
	s = do(t, s, "take.9")
	expect(t, "nine", s.NineClaimed, true)
	s = do(t, s, "roll", 1, 5, 6)
	s = do(t, s, "take.6")
	s = do(t, s, "roll", 1, 1, 2)
	expect(t, "options", s.Options(), []int{3})
	wantErr(t, s, "take.4", "not_an_option")
	s = do(t, s, "take.3")
	s = do(t, s, "roll", 3, 3, 6) // automatic bust
	expect(t, "row", s.Players[1].Row, 3)
	expect(t, "troops", s.Players[1].Troops, 4)
	expect(t, "hand", len(s.Players[1].Hand), 0)
	expect(t, "pool", s.Pool, 31)
	expect(t, "discarded", gained(s0, s), []string{"mines", "infantry_3", "german_mg"})
	expect(t, "board", boardString(s), normBoard("3=infantry_1_plus 4=infantry_1 5=german_counter_attack 6=german_artillery 7=british_artillery 8=infantry_2 10=german_gas 11=infantry_2"))
	expect(t, "active", s.Active, 0)
	expect(t, "round", s.Round, 2)
	expect(t, "nine back", s.NineClaimed, false)
	checkInvariants(t, s)
}

func TestExample04Mines(t *testing.T) {
	s := build(t, pos{
		players: []pl{{8, 4, []string{"mines"}, false}, {5, 5, nil, false}},
		board:   "3=german_gas 4=infantry_1 5=barbed_wire 6=infantry_3 7=german_mg 8=infantry_2 10=reserves 11=german_mg",
		draw:    []string{"infantry_2", "observation_balloon"},
	})
	s0 := s
	s = do(t, s, "roll", 1, 5, 4)
	expect(t, "options", s.Options(), []int{5, 6, 9})
	s = do(t, s, "take.6")
	s = do(t, s, "roll", 2, 6, 3)
	s = do(t, s, "take.8")
	s = do(t, s, "stop")
	expect(t, "phase", s.Phase, PhaseMove)
	expect(t, "I,T", []int{s.I, s.T}, []int{5, 0})
	s = do(t, s, "step_infantry")
	s = do(t, s, "step_infantry")
	expect(t, "phase", s.Phase, PhaseMines)
	expect(t, "I", s.I, 3)
	halted := do(t, s, "halt")
	expect(t, "halt row", halted.Players[0].Row, 10)
	expect(t, "halt keeps mines", handCodes(halted, 0), []string{"mines"})
	s = do(t, s, "use_mines")
	s = do(t, s, "auto_move")
	expect(t, "row", s.Players[0].Row, 13)
	expect(t, "troops", s.Players[0].Troops, 4)
	expect(t, "hand", len(s.Players[0].Hand), 0)
	expect(t, "discarded", gained(s0, s), []string{"mines", "infantry_3", "infantry_2"})
	expect(t, "board", boardString(s), normBoard("3=german_gas 4=infantry_1 5=barbed_wire 6=infantry_2 7=german_mg 8=observation_balloon 10=reserves 11=german_mg"))
	checkInvariants(t, s)
}

func TestExample05TankAndWire(t *testing.T) {
	s := build(t, pos{
		players: []pl{{10, 4, nil, false}, {13, 4, nil, false}},
		first:   0, active: 1,
		board: "3=barbed_wire 4=tank 5=infantry_1 6=german_mg 7=barbed_wire 8=observation_balloon 10=infantry_2 11=german_mg",
		draw:  []string{"german_gas", "infantry_1", "mines"},
	})
	s0 := s
	s = do(t, s, "roll", 1, 3, 6)
	s = do(t, s, "take.4")
	s = do(t, s, "roll", 1, 2, 1)
	expect(t, "options", s.Options(), []int{3})
	s = do(t, s, "take.3")
	s = do(t, s, "roll", 3, 4, 1)
	expect(t, "options", s.Options(), []int{5, 7})
	s = do(t, s, "take.5")
	s = do(t, s, "stop")
	expect(t, "I,T", []int{s.I, s.T}, []int{1, 2})
	alt := do(t, s, "step_tank")
	alt = do(t, alt, "step_infantry")
	expect(t, "tank-first row", alt.Players[1].Row, 15)
	s = do(t, s, "auto_move")
	expect(t, "row", s.Players[1].Row, 16)
	expect(t, "troops", s.Players[1].Troops, 4)
	expect(t, "discarded", gained(s0, s), []string{"tank", "barbed_wire", "infantry_1"})
	expect(t, "board", boardString(s), normBoard("3=german_gas 4=infantry_1 5=mines 6=german_mg 7=barbed_wire 8=observation_balloon 10=infantry_2 11=german_mg"))
	checkInvariants(t, s)
}

func TestExample06WireAndSacrifice(t *testing.T) {
	s := build(t, pos{
		players: []pl{{1, 3, nil, false}, {0, 6, nil, false}},
		board:   "3=infantry_1_plus 4=infantry_2 5=german_mg 6=infantry_2_plus 7=barbed_wire 8=german_gas 10=mines 11=infantry_1",
		draw:    []string{"german_mg", "infantry_1", "tank"},
	})
	s = do(t, s, "roll", 1, 2, 1)
	s = do(t, s, "take.3")
	s = do(t, s, "roll", 3, 4, 4)
	expect(t, "options", s.Options(), []int{7, 8})
	s = do(t, s, "take.7")
	s = do(t, s, "roll", 3, 6, 5)
	s = do(t, s, "take.9")
	s = do(t, s, "roll", 2, 4, 5)
	expect(t, "options", s.Options(), []int{6})
	s = do(t, s, "take.6")
	s = do(t, s, "stop")
	expect(t, "I", s.I, 4)
	expect(t, "kmax", s.KMax, 2)
	for _, c := range []struct{ n, row, troops, pool int }{{1, 5, 2, 32}, {0, 4, 3, 31}, {2, 5, 1, 33}} {
		r := do(t, s, fmt.Sprintf("sacrifice.%d", c.n))
		r = do(t, r, "auto_move")
		expect(t, fmt.Sprint("sacrifice ", c.n), []int{r.Players[0].Row, r.Players[0].Troops, r.Pool}, []int{c.row, c.troops, c.pool})
		if c.n == 1 {
			expect(t, "board", boardString(r), normBoard("3=german_mg 4=infantry_2 5=german_mg 6=infantry_1 7=tank 8=german_gas 10=mines 11=infantry_1"))
			checkInvariants(t, r)
		}
	}
}

func TestExample07GasThenArtillery(t *testing.T) {
	s := build(t, pos{
		players: []pl{{3, 5, nil, false}, {6, 5, []string{"british_artillery"}, false}},
		active:  1,
		board:   "3=german_gas 4=infantry_1 5=mines 6=german_artillery 7=british_artillery 8=infantry_2 10=german_mg 11=reserves",
		draw:    []string{"infantry_2_plus", "german_mg", "tank", "infantry_1"},
	})
	s0 := s
	s = do(t, s, "roll", 1, 2, 5)
	s = do(t, s, "take.7")
	s = do(t, s, "roll", 2, 4, 4)
	s = do(t, s, "take.8")
	s = do(t, s, "roll", 1, 2, 6)
	expect(t, "options", s.Options(), []int{3})
	s = do(t, s, "take.3")
	s = do(t, s, "roll", 3, 3, 3)
	s = do(t, s, "take.6")
	expect(t, "hand", handCodes(s, 1), []string{"british_artillery", "british_artillery", "infantry_2", "german_gas", "german_artillery"})
	s = do(t, s, "stop")
	expect(t, "phase", s.Phase, PhaseGas)
	wantErr(t, s, "gas_discard."+ty("german_gas"), "not_eligible")
	alt := do(t, s, "gas_discard."+ty("infantry_2"))
	expect(t, "alt phase", alt.Phase, PhaseArtillery)
	s = do(t, s, "gas_discard."+ty("british_artillery"))
	expect(t, "phase", s.Phase, PhaseArtillery)
	wantErr(t, s, "cancel."+ty("german_mg"), "bad_cancel_target")
	s = do(t, s, "cancel."+ty("german_artillery"))
	expect(t, "phase", s.Phase, PhaseMove)
	s = do(t, s, "auto_move")
	expect(t, "row", s.Players[1].Row, 8)
	expect(t, "troops", s.Players[1].Troops, 5)
	expect(t, "hand", len(s.Players[1].Hand), 0)
	expect(t, "discarded", gained(s0, s), []string{"british_artillery", "british_artillery", "german_artillery", "infantry_2", "german_gas"})
	expect(t, "board", boardString(s), normBoard("3=infantry_2_plus 4=infantry_1 5=mines 6=german_mg 7=tank 8=infantry_1 10=german_mg 11=reserves"))
	// The alternative: discard the Infantry, cancel, stay on row 6 keeping one Artillery.
	alt = do(t, alt, "cancel."+ty("german_artillery"))
	expect(t, "alt row", alt.Players[1].Row, 6)
	expect(t, "alt kept", handCodes(alt, 1), []string{"british_artillery"})
	checkInvariants(t, s)
	checkInvariants(t, alt)
}

func TestExample08CounterAttack(t *testing.T) {
	board := "3=german_counter_attack 4=infantry_2 5=german_mg 6=infantry_1 7=german_gas 8=mines 10=tank 11=infantry_1"
	draw := []string{"infantry_3", "aerial_recon"}
	s := build(t, pos{players: []pl{{0, 6, nil, false}, {0, 6, nil, false}}, board: board, draw: draw})
	s = do(t, s, "roll", 1, 2, 1)
	s = do(t, s, "take.3")
	s = do(t, s, "stop")
	expect(t, "8a", []int{s.Players[0].Row, s.Players[0].Troops, s.Pool}, []int{0, 4, 30})
	expect(t, "8a board", code(s.Spaces[3]), "infantry_3")
	checkInvariants(t, s)

	s = build(t, pos{players: []pl{{0, 4, nil, false}, {0, 6, nil, false}}, active: 1, board: board, draw: draw})
	s = do(t, s, "roll", 1, 2, 1)
	s = do(t, s, "take.3")
	s = do(t, s, "roll", 1, 5, 2)
	expect(t, "options", s.Options(), []int{6, 7})
	s = do(t, s, "take.6")
	s = do(t, s, "stop")
	s = do(t, s, "auto_move")
	expect(t, "8b", []int{s.Players[1].Row, s.Players[1].Troops, s.Pool}, []int{0, 5, 31})
	expect(t, "8b board", []string{code(s.Spaces[3]), code(s.Spaces[6])}, []string{"infantry_3", "aerial_recon"})
	checkInvariants(t, s)
}

func TestExample09FlyingCircus(t *testing.T) {
	s := build(t, pos{
		players: []pl{{11, 4, []string{"aerial_recon", "british_artillery"}, false}, {9, 4, nil, false}},
		board:   "3=infantry_2 4=flying_circus 5=german_mg 6=observation_balloon 7=infantry_1 8=german_gas 10=infantry_2_plus 11=german_mg",
		draw:    []string{"british_gas", "infantry_2", "german_artillery"},
	})
	s0 := s
	s = do(t, s, "roll", 1, 3, 1)
	expect(t, "options", s.Options(), []int{4})
	wantErr(t, s, "recon", "fc_forced", 1, 1, 1)
	s = do(t, s, "take.4")
	expect(t, "fc", s.FCActive, true)
	expect(t, "hand", handCodes(s, 0), []string{"flying_circus"})
	s = do(t, s, "roll", 1, 5, 1)
	s = do(t, s, "take.6")
	expect(t, "hand", handCodes(s, 0), []string{"flying_circus"})
	s = do(t, s, "roll", 2, 5, 3)
	expect(t, "options", s.Options(), []int{5, 7, 8})
	s = do(t, s, "take.7")
	s = do(t, s, "stop")
	s = do(t, s, "auto_move")
	expect(t, "row", s.Players[0].Row, 12)
	expect(t, "troops", s.Players[0].Troops, 4)
	expect(t, "hand", len(s.Players[0].Hand), 0)
	expect(t, "discarded", gained(s0, s), []string{"aerial_recon", "british_artillery", "observation_balloon", "flying_circus", "infantry_1"})
	expect(t, "refill", []string{code(s.Spaces[4]), code(s.Spaces[6]), code(s.Spaces[7])}, []string{"british_gas", "infantry_2", "german_artillery"})
	checkInvariants(t, s)
}

func TestExample10BalloonRecon(t *testing.T) {
	s := build(t, pos{
		players: []pl{{2, 5, []string{"observation_balloon", "aerial_recon"}, false}, {4, 5, nil, false}},
		board:   "3=infantry_2 4=german_mg 5=infantry_1 6=tank 7=infantry_2 8=german_artillery 10=mines 11=infantry_3",
		draw:    []string{"reserves", "german_gas", "infantry_1_plus", "barbed_wire"},
	})
	s0 := s
	s = do(t, s, "roll", 2, 5, 1)
	expect(t, "options", s.Options(), []int{3, 6, 7})
	s = do(t, s, "take.6")
	s = do(t, s, "roll", 1, 2, 6)
	s = do(t, s, "take.7")
	s = do(t, s, "roll", 3, 3, 3)
	expect(t, "phase (no auto bust)", s.Phase, PhaseRolled)
	expect(t, "options", len(s.Options()), 0)
	wantErr(t, s, "balloon.1.1", "balloon_gives_no_card")
	wantErr(t, s, "take.6", "not_an_option")
	s = do(t, s, "balloon.1.-1")
	expect(t, "dice", s.Dice, []int{2, 3, 3})
	expect(t, "options", s.Options(), []int{5})
	wantErr(t, s, "accept_bust", "bust_not_allowed")
	s = do(t, s, "take.5")
	s = do(t, s, "roll", 6, 6, 6)
	expect(t, "phase", s.Phase, PhaseRolled)
	wantErr(t, s, "balloon.1.-1", "no_balloon")
	s = do(t, s, "recon", 4, 5, 1)
	expect(t, "options", s.Options(), []int{9})
	s = do(t, s, "take.9")
	s = do(t, s, "stop")
	expect(t, "I,T", []int{s.I, s.T}, []int{4, 2})
	s, ev := doEv(t, s, "auto_move")
	expect(t, "row", s.Players[0].Row, 8)
	expect(t, "troops", s.Players[0].Troops, 5)
	expect(t, "hand", len(s.Players[0].Hand), 0)
	expect(t, "discarded", gained(s0, s), []string{"observation_balloon", "aerial_recon", "tank", "infantry_2", "infantry_1"})
	expect(t, "refill", []string{code(s.Spaces[5]), code(s.Spaces[6]), code(s.Spaces[7])}, []string{"reserves", "german_gas", "infantry_1_plus"})
	var steps []string
	for _, e := range ev {
		var n Note
		if err := e.Decode(&n); err != nil {
			t.Fatal(err)
		}
		if e.Kind == "step" && e.Seat == 0 {
			steps = append(steps, fmt.Sprint(n.Nums[0], "IT"[n.Nums[1]:n.Nums[1]+1]))
		}
	}
	expect(t, "steps", steps, []string{"3I", "4I", "5T", "6I", "7I", "8T"})
	checkInvariants(t, s)
}

func TestExample11BritishGas(t *testing.T) {
	s := build(t, pos{
		players: []pl{{4, 5, nil, false}, {7, 4, []string{"british_gas"}, false}},
		active:  1,
		board:   "3=german_artillery 4=infantry_2 5=german_mg 6=infantry_1 7=german_artillery 8=mines 10=infantry_2 11=reserves",
		draw:    []string{"german_counter_attack", "infantry_3", "aerial_recon"},
	})
	s0 := s
	wantErr(t, s, "gas.4", "bad_gas_target")
	wantErr(t, s, "gas.9", "bad_gas_target")
	s = do(t, s, "gas.7")
	expect(t, "7", code(s.Spaces[7]), "german_counter_attack")
	expect(t, "phase", s.Phase, PhaseReady)
	wantErr(t, s, "gas.3", "no_gas_card")
	s = do(t, s, "roll", 3, 4, 1)
	expect(t, "options", s.Options(), []int{4, 5, 7})
	s = do(t, s, "take.4")
	s = do(t, s, "stop")
	s = do(t, s, "auto_move")
	expect(t, "row", s.Players[1].Row, 9)
	expect(t, "troops", s.Players[1].Troops, 4)
	expect(t, "hand", len(s.Players[1].Hand), 0)
	expect(t, "discarded", gained(s0, s), []string{"british_gas", "german_artillery", "infantry_2"})
	expect(t, "board", boardString(s), normBoard("A: 3=german_artillery 4=infantry_3 5=german_mg | B: 6=infantry_1 7=german_counter_attack 8=mines | C: 10=infantry_2 11=reserves"))
	checkInvariants(t, s)
}

func TestExample12Reserves(t *testing.T) {
	s := build(t, pos{
		players: []pl{{6, 9, nil, false}, {3, 10, nil, false}, {8, 10, nil, false}, {2, 10, nil, false}},
		board:   "3=reserves 4=german_mg 5=infantry_1 6=german_gas 7=reserves 8=infantry_2 10=barbed_wire 11=german_mg",
		draw:    []string{"mines", "german_artillery", "infantry_2", "tank"},
	})
	expect(t, "pool", s.Pool, 1)
	s0 := s
	s = do(t, s, "roll", 1, 2, 5)
	expect(t, "options", s.Options(), []int{3, 6, 7})
	s = do(t, s, "take.3")
	s = do(t, s, "roll", 2, 5, 2)
	s = do(t, s, "take.7")
	s = do(t, s, "roll", 1, 4, 6)
	expect(t, "options", s.Options(), []int{5, 10})
	s = do(t, s, "take.5")
	s = do(t, s, "stop")
	s = do(t, s, "auto_move")
	expect(t, "row,troops,pool", []int{s.Players[0].Row, s.Players[0].Troops, s.Pool}, []int{7, 10, 0})
	expect(t, "discarded", gained(s0, s), []string{"reserves", "reserves", "infantry_1"})
	expect(t, "refill", []string{code(s.Spaces[3]), code(s.Spaces[5]), code(s.Spaces[7])}, []string{"mines", "german_artillery", "infantry_2"})
	checkInvariants(t, s)
}

func TestExample13SharedVictory(t *testing.T) {
	s := build(t, pos{
		players: []pl{{18, 3, nil, false}, {18, 3, nil, false}, {19, 4, nil, false}},
		board:   "3=infantry_1 4=german_mg 5=infantry_2 6=infantry_3 7=german_gas 8=infantry_1_plus 10=german_artillery 11=observation_balloon",
		draw:    []string{"infantry_2", "german_counter_attack", "mines"},
	})
	s = do(t, s, "roll", 1, 2, 4)
	expect(t, "options", s.Options(), []int{3, 5, 6})
	s = do(t, s, "take.5")
	s = do(t, s, "stop")
	s = do(t, s, "auto_move")
	expect(t, "Ann reached", s.Players[0].Reached, true)
	expect(t, "Ann row", s.Players[0].Row, 20)
	expect(t, "refill 5", code(s.Spaces[5]), "infantry_2")
	expect(t, "active", s.Active, 1)
	s = do(t, s, "roll", 3, 3, 1)
	s = do(t, s, "take.6")
	s = do(t, s, "stop")
	s = do(t, s, "auto_move")
	expect(t, "Ben", []int{s.Players[1].Row, s.Players[1].Troops}, []int{20, 3})
	expect(t, "refill 6", code(s.Spaces[6]), "german_counter_attack")
	expect(t, "active", s.Active, 2)
	s = do(t, s, "roll", 1, 1, 1)
	expect(t, "Cat", []int{s.Players[2].Row, s.Players[2].Troops}, []int{19, 4})
	o := Game{}.Outcome(s)
	expect(t, "done", o.Done, true)
	expect(t, "reason", o.Reason, ReasonObjective)
	expect(t, "winners", o.Winners, []games.Seat{0, 1})
	expect(t, "legal after end", len(Game{}.Legal(s, 0)), 0)
	wantErr(t, s, "roll", "game_over", 1, 1, 1)
	checkInvariants(t, s)
}

func TestExample14Elimination(t *testing.T) {
	s := build(t, pos{
		players: []pl{{6, 4, nil, false}, {11, 1, nil, false}},
		active:  1,
		board:   "3=german_mg 4=infantry_2 5=infantry_1 6=german_gas 7=infantry_1 8=tank 10=german_artillery 11=mines",
		draw:    []string{"infantry_2", "aerial_recon"},
	})
	s = do(t, s, "roll", 1, 2, 1)
	s = do(t, s, "take.3")
	s = do(t, s, "roll", 6, 6, 6)
	o := Game{}.Outcome(s)
	expect(t, "14a", []any{o.Done, o.Reason, o.Winners, s.Pool, s.Players[1].Eliminated}, []any{true, ReasonTwoElim, []games.Seat{0}, 36, true})
	checkInvariants(t, s)

	s = build(t, pos{
		players: []pl{{7, 0, nil, true}, {12, 0, nil, true}, {9, 2, nil, false}},
		active:  2,
		board:   "3=infantry_1 4=german_mg 5=infantry_2 6=german_artillery 7=german_gas 8=infantry_1_plus 10=tank 11=infantry_1",
	})
	s = do(t, s, "roll", 3, 3, 3)
	expect(t, "options", s.Options(), []int{6})
	s = do(t, s, "take.6")
	s = do(t, s, "roll", 1, 1, 1)
	o = Game{}.Outcome(s)
	expect(t, "14b", []any{o.Done, o.Reason, o.Winners, s.Pool}, []any{true, ReasonAllElim, []games.Seat{1}, 40})
	checkInvariants(t, s)
}

func TestStrongArtillery(t *testing.T) {
	s := build(t, pos{
		players: []pl{{3, 5, []string{"british_artillery", "british_artillery"}, false}, {0, 6, nil, false}},
		board:   "3=german_mg 4=german_artillery 5=infantry_1 6=infantry_2 7=german_gas 8=mines 10=tank 11=infantry_1",
		strong:  true,
	})
	s = do(t, s, "roll", 1, 2, 2) // 3, 4
	s = do(t, s, "take.3")
	s = do(t, s, "roll", 1, 3, 3) // 4, 6
	s = do(t, s, "take.4")
	s = do(t, s, "stop")
	expect(t, "legal", Game{}.Legal(s, 0), []games.Action{games.Act("cancel", GermanMG), games.Act("keep_artillery")})
	wantErr(t, s, "cancel."+ty("german_artillery"), "bad_cancel_target")
	s = do(t, s, "cancel."+ty("german_mg"))
	expect(t, "troops", s.Players[0].Troops, 5)
	expect(t, "kept", handCodes(s, 0), []string{"british_artillery"})
	checkInvariants(t, s)
}

func TestSetupOptions(t *testing.T) {
	g := games.Check[State](Game{})
	s, err := g.Setup(games.Options{OptBeginner: "1,3", OptFirstPlayer: "3"}, 3, games.NewPCG(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "troops", []int{s.Players[0].Troops, s.Players[1].Troops, s.Players[2].Troops}, []int{8, 6, 8})
	expect(t, "pool", s.Pool, 18)
	expect(t, "first", []int{s.First, s.Active}, []int{2, 2})
	s, err = g.Setup(games.Options{OptBeginner: "all", OptStrongArtillery: "true"}, 4, games.NewPCG(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "pool all", s.Pool, 8)
	expect(t, "strong", s.StrongArtillery, true)
	for _, o := range []games.Options{{OptBeginner: "0"}, {OptBeginner: "3"}, {OptBeginner: "x"}, {OptFirstPlayer: "3"}, {OptFirstPlayer: "0"}, {OptFirstPlayer: "abc"}} {
		if _, err := g.Setup(o, 2, games.NewPCG(1, 2)); err == nil {
			t.Errorf("options %v accepted", o)
		}
	}
	for _, n := range []int{1, 5} {
		if _, err := g.Setup(nil, n, games.NewPCG(1, 2)); err == nil {
			t.Errorf("%d seats accepted", n)
		}
	}
	s, err = g.Setup(games.Options{OptFirstPlayer: "random", OptBeginner: " 2 "}, 2, games.NewPCG(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "beginner 2", []int{s.Players[0].Troops, s.Players[1].Troops}, []int{6, 8})
}
