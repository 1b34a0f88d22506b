package frontline

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// order builds a full permutation of n whose first elements are top.
func order(n int, top []int) []int {
	out := append([]int(nil), top...)
	used := map[int]bool{}
	for _, x := range top {
		used[x] = true
	}
	for i := 0; i < n; i++ {
		if !used[i] {
			out = append(out, i)
		}
	}
	return out
}

func ids(f func(string) int, names ...string) []int {
	var out []int
	for _, n := range names {
		out = append(out, f(n))
	}
	return out
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// Example 1 - setup, draft, first turn, Convoy.
func TestExample1SetupDraft(t *testing.T) {
	units := order(NumUnits, ids(u, "general-1", "tanks-1", "heavy_artillery-2", "light_artillery-1", "fighters-2", "riflemen-1", "mortars-2", "recon-1", "rifle_infantry-2"))
	acts := order(NumDeck, ids(c, "assault-1", "fortify-1", "sabotage-1", "convoy-1", "howitzers-1", "ammo_supply-1", "spy-1"))
	var script []int
	script = append(script, games.ShuffleScript(units)...)
	script = append(script, games.ShuffleScript(acts)...)
	script = append(script, games.ShuffleScript(identity(NumEvents))...)
	script = append(script, 1) // first player B
	r := games.Script(script...)
	s, err := G.Setup(games.Options{}, 2, r)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "script used", r.Used(), len(script))
	eq(t, "FP", s.FP, B)
	eq(t, "active", s.active(), B)
	apply(t, &s, B, "draft general-1 2")
	reject(t, &s, B, "draft tanks-1 1", "not_your_turn")
	apply(t, &s, A, "draft tanks-1 1")
	apply(t, &s, A, "draft heavy_artillery-2 1")
	apply(t, &s, B, "draft light_artillery-1 1")
	apply(t, &s, B, "draft fighters-2 4")
	apply(t, &s, A, "draft riflemen-1 2")
	eq(t, "B general", s.slotOf("general-1"), "2.2")
	eq(t, "A tanks", s.slotOf("tanks-1"), "2.1")
	eq(t, "A heavy", s.slotOf("heavy_artillery-2"), "3.1")
	eq(t, "B light", s.slotOf("light_artillery-1"), "1.1")
	eq(t, "B fighters", s.slotOf("fighters-2"), "3.4")
	eq(t, "A riflemen", s.slotOf("riflemen-1"), "1.2")
	for i, n := range []string{"assault-1", "fortify-1", "sabotage-1", "convoy-1", "howitzers-1"} {
		eq(t, "pile", s.Piles[i][0], c(n))
	}
	eq(t, "row", len(s.UnitRow), 3)
	eq(t, "row0", s.UnitRow[0], u("mortars-2"))
	eq(t, "phase", s.Phase, PhDraw)
	eq(t, "turn", s.Turn, B)
	apply(t, &s, B, "draw mortars-2 1")
	eq(t, "row left", len(s.UnitRow), 2)
	apply(t, &s, B, "buy 4")
	eq(t, "gold", s.P[B].Gold, 5)
	eq(t, "pile 4 top", s.Piles[3][len(s.Piles[3])-1], c("ammo_supply-1"))
	eq(t, "limit", s.limit(B), 3)
	apply(t, &s, B, "play barracks-sb light_artillery-1")
	apply(t, &s, B, "play reorganization-sb")
	eq(t, "maneuvers", s.ManLeft, 4)
	eq(t, "+2", s.hasMark(u("light_artillery-1"), MarkPlus2), true)
	apply(t, &s, B, "move general-1 1 2")
	eq(t, "maneuvers", s.ManLeft, 3)
	apply(t, &s, B, "end")
	eq(t, "turn", s.Turn, A)
	reject(t, &s, A, "draw recon-1 2", "bad_draw")
	apply(t, &s, A, "draw recon-1 1")
	eq(t, "row", len(s.UnitRow), 1)
	eq(t, "A limit", s.limit(A), 2)
}

// Example 2 - the seed's battle with the defender's fortification.
func TestExample2SeedBattle(t *testing.T) {
	s := blank(3, B, A)
	s.put(A, "2.1", "rifle_infantry-2")
	s.put(A, "2.2", "riflemen-2")
	s.put(A, "2.3", "light_artillery-2", "+1")
	s.put(A, "2.4", "colonel-1")
	s.P[A].Fort = [3]int{2, 3, 2}
	s.equip(A, "howitzers-1")
	s.hand(A, "sabotage-2")
	s.P[A].Ammo, s.P[A].VP = 3, 5
	s.put(B, "2.1", "light_artillery-1")
	s.put(B, "2.2", "ensign-2")
	s.P[B].Fort = [3]int{2, 1, 2}
	s.P[B].VP = 4
	apply(t, &s, A, "declare 2")
	apply(t, &s, A, "end")
	eq(t, "battle att", s.Battle.Att, A)
	sa, sb := s.battleStrengths(A, 2, s.Battle)
	eq(t, "S(A)", sa, 12)
	eq(t, "S(B)", sb, 4)
	w := s
	w.hand(A, "assault-1") // a second card keeps the window open
	apply(t, &w, A, "card sabotage-2")
	_, sb = w.battleStrengths(A, 2, w.Battle)
	eq(t, "S(B) after sabotage", sb, 2)
	reject(t, &w, A, "pass", "pass_after_card")
	// With no other card, Done, B's Pass and A's Pass are automatic (ruling 3): roll.
	apply(t, &s, A, "card sabotage-2", d(1, 4)...)
	eq(t, "A VP", s.P[A].VP, 12)
	eq(t, "B fort II stays 1", s.P[B].Fort[1], 1)
	eq(t, "pending", s.Queue[0].Kind, PendRemove)
	eq(t, "active", s.active(), B)
	apply(t, &s, B, "remove ensign-2")
	eq(t, "A VP", s.P[A].VP, 13)
	eq(t, "ensign removed", contains(s.RemovedU, u("ensign-2")), true)
	eq(t, "A ammo", s.P[A].Ammo, 2)
	eq(t, "A ready II", s.P[A].Ready[1], false)
	eq(t, "sabotage removed", contains(s.RemovedA, c("sabotage-2")), true)
	eq(t, "B fort II", s.P[B].Fort[1], 1)
}

// Example 3 - windows, Gas attack, Dig in, Initiative, Barbed wire, morale.
func TestExample3Windows(t *testing.T) {
	s := blank(5, A, B)
	s.put(A, "3.1", "grenadiers-2")
	s.put(A, "3.2", "mortars-2")
	s.P[A].Ammo, s.P[A].VP = 2, 10
	s.P[A].Ready[1] = false
	s.hand(A, "gas_attack-1", "assault-1", "initiative-1")
	s.put(B, "3.1", "riflemen-3", "+2")
	s.put(B, "3.2", "rifle_infantry-3")
	s.put(B, "3.3", "colonel-2")
	s.equip(B, "barbed_wire-1")
	s.hand(B, "dig_in-1")
	s.P[B].VP = 8
	s.Declared[A] = 3
	apply(t, &s, B, "end")
	sa, sb := s.battleStrengths(A, 3, s.Battle)
	eq(t, "S(A)", sa, 6)
	eq(t, "S(B)", sb, 10)
	apply(t, &s, A, "card gas_attack-1", d(2)...)
	apply(t, &s, A, "card assault-1")
	sa, sb = s.battleStrengths(A, 3, s.Battle)
	eq(t, "S(A)", sa, 8)
	eq(t, "S(B)", sb, 7)
	apply(t, &s, A, "done")
	eq(t, "holder", s.Battle.Holder, B)
	apply(t, &s, B, "card dig_in-1") // B has no more cards: Done is automatic
	reject(t, &s, A, "card gas_attack-1", "cannot_play")
	apply(t, &s, A, "card initiative-1", d(1, 3, 4)...)
	eq(t, "B VP", s.P[B].VP, 10)
	eq(t, "A fort III", s.P[A].Fort[2], 1)
	eq(t, "A morale III", s.P[A].Morale[2], 1)
	eq(t, "A ammo", s.P[A].Ammo, 1)
	eq(t, "A ready", s.P[A].Ready, [3]bool{true, true, false})
	eq(t, "removed cards", len(s.RemovedA), 4)
}

// Example 4 - collapse and second morale, field hospital, recon support.
func TestExample4CollapseMorale(t *testing.T) {
	s := blank(6, A, B)
	s.put(A, "1.1", "rifle_infantry-1", "+1")
	s.put(A, "1.2", "mortars-1")
	s.put(A, "1.3", "ensign-1")
	s.P[A].Fort[0], s.P[A].Morale[0], s.P[A].Hospital = 1, 1, 1
	s.P[A].Ammo, s.P[A].VP = 1, 9
	s.P[A].Ready[2] = false
	s.put(B, "1.1", "armoured_cars-1")
	s.put(B, "1.2", "riflemen-1")
	s.put(B, "1.3", "recon-1")
	s.P[B].VP = 12
	s.Declared[A] = 1
	sa, sb := s.battleStrengths(A, 1, nil)
	eq(t, "S(A)", sa, 5)
	eq(t, "S(B)", sb, 8)
	apply(t, &s, B, "end", d(2, 1)...)
	eq(t, "B VP", s.P[B].VP, 14)
	apply(t, &s, A, "remove rifle_infantry-1")
	eq(t, "B VP", s.P[B].VP, 15)
	eq(t, "to rear", s.slotOf("rifle_infantry-1"), "R")
	eq(t, "no +1", s.Marks[u("rifle_infantry-1")], uint8(0))
	eq(t, "hospital", s.P[A].Hospital, 0)
	apply(t, &s, A, "remove ensign-1")
	eq(t, "ensign removed", contains(s.RemovedU, u("ensign-1")), true)
	eq(t, "B VP", s.P[B].VP, 16)
	eq(t, "morale", s.P[A].Morale[0], 0)
	eq(t, "A ammo", s.P[A].Ammo, 0)
	eq(t, "A ready", s.P[A].Ready, [3]bool{false, true, true})
	eq(t, "front I", len(s.frontCards(A, 1)), 1)
}

// Example 5 - shelling, camouflage, Box barrage.
func TestExample5Shelling(t *testing.T) {
	s := blank(2, A, A)
	s.put(A, "1.1", "bombers-1")
	s.put(A, "2.3", "heavy_artillery-1", "camo")
	s.P[A].Gold = 6
	s.Piles[1] = []int{c("extra_barrage-1")}
	s.put(B, "2.1", "riflemen-2", "+2")
	s.put(B, "2.2", "tanks-1", "camo")
	s.put(B, "2.3", "storm_troops-1")
	s.put(B, "2.4", "captain-1")
	s.put(B, "3.1", "heavy_artillery-2")
	s.put(B, "3.2", "rifle_infantry-3")
	s.put(B, "3.3", "mortars-2")
	v := s
	eq(t, "X", s.shellX(A, 2), 2)
	apply(t, &s, A, "shell heavy_artillery-1 2", d(2)...)
	eq(t, "camo lost", s.hasMark(u("heavy_artillery-1"), MarkCamo), false)
	reject(t, &s, A, "target tanks-1", "")
	apply(t, &s, A, "target riflemen-2")
	eq(t, "degraded", s.hasMark(u("riflemen-2"), MarkPlus2), false)
	eq(t, "still on 2.1", s.slotOf("riflemen-2"), "2.1")
	reject(t, &s, A, "shell bombers-1 3", "no_shelling")
	apply(t, &s, A, "buy 2")
	eq(t, "gold", s.P[A].Gold, 4)
	eq(t, "shellings", s.ShellLeft, 1)
	eq(t, "X III", s.shellX(A, 3), 3)
	apply(t, &s, A, "shell bombers-1 3", d(6)...)
	eq(t, "no pending", len(s.Queue), 0)
	reject(t, &s, A, "shell heavy_artillery-1 2", "no_shelling")
	// Variant: d8 = 1, storm troops suppressed.
	apply(t, &v, A, "shell heavy_artillery-1 2", d(1)...)
	apply(t, &v, A, "target storm_troops-1")
	eq(t, "suppressed", v.slotOf("storm_troops-1"), "R")
	eq(t, "B 2.3 empty", v.P[B].Grid[1][2], -1)
}

// Example 6 - maneuvers, swaps, Rear, Field telephones, Motor transport.
func TestExample6Maneuvers(t *testing.T) {
	s := blank(2, A, A)
	s.Phase = PhDraw
	s.UnitRow = []int{u("fighters-1")}
	s.equip(A, "field_telephones-1")
	s.hand(A, "reorganization-sa")
	s.put(A, "1.2", "colonel-1")
	s.put(A, "1.4", "mountain_infantry-1")
	s.put(A, "2.1", "rifle_infantry-2")
	s.put(A, "3.1", "tanks-2")
	s.put(A, "3.3", "general-1")
	s.put(A, "R", "riflemen-3")
	apply(t, &s, A, "draw fighters-1 1")
	eq(t, "maneuvers", s.ManLeft, 3)
	s.takeOff(u("fighters-1")) // keep the example's board
	apply(t, &s, A, "play reorganization-sa")
	eq(t, "maneuvers", s.ManLeft, 5)
	v := s
	apply(t, &s, A, "move rifle_infantry-2 3 2")
	reject(t, &s, A, "move general-1 1 3", "out_of_range")
	reject(t, &s, A, "move colonel-1 2 3", "commander_column")
	apply(t, &s, A, "move colonel-1 2 2")
	reject(t, &s, A, "swap mountain_infantry-1 tanks-2", "out_of_range")
	apply(t, &s, A, "swap rifle_infantry-2 tanks-2")
	eq(t, "3.1", s.slotOf("rifle_infantry-2"), "3.1")
	eq(t, "3.2", s.slotOf("tanks-2"), "3.2")
	reject(t, &s, A, "swap colonel-1 rifle_infantry-2", "commander_column")
	apply(t, &s, A, "move riflemen-3 1 1")
	apply(t, &s, A, "move general-1 0 0")
	eq(t, "left", s.ManLeft, 0)
	reject(t, &s, A, "move mountain_infantry-1 3 4", "no_maneuvers")
	for n, want := range map[string]string{"riflemen-3": "1.1", "mountain_infantry-1": "1.4", "colonel-1": "2.2", "rifle_infantry-2": "3.1", "tanks-2": "3.2", "general-1": "R"} {
		eq(t, n, s.slotOf(n), want)
	}
	// Variant: with motor transport the general may go 3.3 -> 1.3.
	v.equip(A, "motor_transport-1")
	apply(t, &v, A, "move general-1 1 3")
}

// Example 7 - entering month 5: renewal, Treasury expansion, Convoy, Ammunition dump.
func TestExample7Renewal(t *testing.T) {
	s := blank(4, B, A)
	s.P[A].Gold = 1
	s.P[A].Perm = []int{c("treasury_expansion-1")}
	s.equip(A, "ammo_dump-1")
	s.P[A].Ammo = 1
	s.P[A].Played = []int{c("barracks-sa"), c("fortify-2")}
	s.hand(A, "reorganization-sa", "sabotage-1")
	s.P[B].Gold = 4
	s.P[B].Perm = ids(c, "convoy-1", "convoy-2", "treasury_expansion-2")
	s.P[B].Played = []int{c("camouflage-1")}
	s.hand(B, "assault-2")
	s.P[B].Ammo = 3
	s.Piles = [5][]int{ids(c, "sabotage-3", "assault-4"), ids(c, "fortify-3"), ids(c, "spy-1", "howitzers-2"), ids(c, "minefield-1"), ids(c, "dig_in-1")}
	s.ActDeck = ids(c, "initiative-2", "barracks-3", "escape-1", "minefield-2", "gas_masks-1", "reserves-1", "propaganda-1")
	s.UnitRow = ids(u, "bombers-2")
	s.UnitDeck = ids(u, "recon-2", "grenadiers-1", "captain-1", "armoured_cars-2")
	s.put(A, "1.1", "riflemen-1")
	s.put(A, "1.2", "mortars-1")
	s.put(A, "1.4", "tanks-1")
	apply(t, &s, A, "end")
	eq(t, "month", s.Month, 5)
	eq(t, "P1 top", s.Piles[0][2], c("initiative-2"))
	eq(t, "P5", len(s.Piles[4]), 2)
	eq(t, "deck top", s.ActDeck[0], c("reserves-1"))
	eq(t, "bombers removed", contains(s.RemovedU, u("bombers-2")), true)
	eq(t, "row", len(s.UnitRow), 3)
	eq(t, "A gold", s.P[A].Gold, 13)
	eq(t, "B gold", s.P[B].Gold, 13)
	eq(t, "A hand", len(s.P[A].Hand), 4)
	eq(t, "B hand", len(s.P[B].Hand), 2)
	eq(t, "A ammo", s.P[A].Ammo, 2)
	eq(t, "FP", s.FP, A)
	eq(t, "A limit", s.limit(A), 3)
	eq(t, "B limit", s.limit(B), 5)
	apply(t, &s, A, "draw grenadiers-1 3")
	apply(t, &s, A, "buy 2")
	eq(t, "A gold", s.P[A].Gold, 10)
	eq(t, "P2", mustJSON(t, s.Piles[1]), mustJSON(t, ids(c, "fortify-3", "reserves-1")))
}

// Example 8 - Tanks, Fighters, Aero engines, minefield.
func TestExample8Fighters(t *testing.T) {
	s := blank(7, A, B)
	s.put(A, "3.1", "tanks-2")
	s.put(A, "3.2", "fighters-2")
	s.put(A, "3.3", "recon-2")
	s.put(A, "3.4", "bombers-1")
	s.equip(A, "aero_engines-1")
	s.P[A].Ammo = 2
	s.P[A].Ready[0] = false
	s.put(B, "3.1", "heavy_artillery-2")
	s.put(B, "3.2", "grenadiers-2")
	s.P[B].Fort[2] = 3
	s.P[B].Mine[2] = 1
	s.Declared[A] = 3
	v := s
	sa, sb := s.battleStrengths(A, 3, nil)
	eq(t, "S(A)", sa, 8)
	eq(t, "S(B)", sb, 8)
	apply(t, &s, B, "end", d(1, 2)...)
	eq(t, "B VP", s.P[B].VP, 1)
	eq(t, "A fort III", s.P[A].Fort[2], 1)
	eq(t, "A morale", s.P[A].Morale[2], 1)
	eq(t, "A ammo", s.P[A].Ammo, 1)
	eq(t, "A ready", s.P[A].Ready, [3]bool{true, true, false})
	eq(t, "B mine", s.P[B].Mine[2], 0)
	v.put(B, "3.3", "bombers-2")
	sa, sb = v.battleStrengths(A, 3, nil)
	eq(t, "variant S(A)", sa, 12)
	eq(t, "variant S(B)", sb, 10)
}

// Example 9 - two battles in one month.
func TestExample9TwoBattles(t *testing.T) {
	s := blank(6, A, B)
	s.put(A, "1.1", "riflemen-1")
	s.put(A, "1.2", "light_artillery-1")
	s.put(A, "2.1", "riflemen-2")
	s.put(A, "2.2", "general-1")
	s.P[A].Fort = [3]int{2, 1, 2}
	s.P[A].Ammo, s.P[A].VP = 2, 20
	s.P[A].Ready[2] = false
	s.put(B, "1.1", "rifle_infantry-1")
	s.put(B, "2.1", "tanks-1")
	s.put(B, "2.2", "storm_troops-1")
	s.put(B, "2.3", "captain-1")
	s.P[B].Ammo, s.P[B].VP = 1, 18
	s.Declared = [2]int{1, 2}
	sa, sb := s.battleStrengths(A, 1, nil)
	eq(t, "S(A) I", sa, 6)
	eq(t, "S(B) I", sb, 3)
	apply(t, &s, B, "end", d(3, 3, 2, 4)...)
	eq(t, "A VP", s.P[A].VP, 23)
	eq(t, "B fort I", s.P[B].Fort[0], 1)
	eq(t, "B morale", s.P[B].Morale, [3]int{})
	eq(t, "pending", s.Queue[0].Seat, A)
	apply(t, &s, A, "remove riflemen-2")
	eq(t, "B VP", s.P[B].VP, 21)
	eq(t, "A ammo", s.P[A].Ammo, 1)
	eq(t, "B ammo", s.P[B].Ammo, 0)
	eq(t, "A ready", s.P[A].Ready, [3]bool{false, true, true})
	eq(t, "B ready", s.P[B].Ready, [3]bool{true, false, true})
	// general alone: no +3 strength, but +2 fortification (and B's tanks break through).
	eq(t, "general alone", s.strength(A, 2, false, Effects{}, Effects{}, false), 1+2-1)
}

// Example 10 - Trench raid, Prison, Escape, Minefield.
func TestExample10Raid(t *testing.T) {
	s := blank(5, A, A)
	s.P[A].Gold = 9
	s.Piles[2] = ids(c, "trench_raid-1")
	s.ActDeck = ids(c, "fortify-3")
	s.put(B, "1.1", "grenadiers-1", "+2")
	s.put(B, "1.2", "mountain_infantry-1", "camo")
	s.put(B, "1.3", "colonel-1")
	s.put(B, "1.4", "light_artillery-1")
	reject(t, &s, A, "buy 3 mountain_infantry-1", "raid_camouflaged")
	reject(t, &s, A, "buy 3 colonel-1", "raid_commander")
	apply(t, &s, A, "buy 3 grenadiers-1", d(3)...)
	eq(t, "gold", s.P[A].Gold, 5)
	eq(t, "prison", s.slotOf("grenadiers-1"), "P")
	eq(t, "no markers", s.Marks[u("grenadiers-1")], uint8(0))
	eq(t, "pile 3", mustJSON(t, s.Piles[2]), mustJSON(t, ids(c, "fortify-3")))
	apply(t, &s, A, "end")
	s.UnitRow = ids(u, "armoured_cars-1")
	s.Phase = PhDraw
	s.Piles[0] = ids(c, "escape-1")
	s.P[B].Gold = 10
	s.hand(B, "minefield-1")
	s.Month = 5
	apply(t, &s, B, "draw armoured_cars-1 1")
	apply(t, &s, B, "buy 1 grenadiers-1 0")
	eq(t, "rear", s.slotOf("grenadiers-1"), "R")
	eq(t, "gold", s.P[B].Gold, 8)
	apply(t, &s, B, "move grenadiers-1 2 4")
	apply(t, &s, B, "play minefield-1 1")
	eq(t, "mine", s.P[B].Mine[0], 1)
}

// Example 11 - end of game and tie-breaks.
func TestExample11TieBreaks(t *testing.T) {
	s := blank(8, A, A)
	s.Phase = PhOver
	s.P[A].VP, s.P[B].VP = 31, 31
	s.P[A].Gold, s.P[B].Gold = 2, 2
	s.put(A, "1.1", "riflemen-1")
	s.put(A, "1.2", "light_artillery-1")
	s.put(A, "1.3", "colonel-1")
	s.put(B, "1.1", "rifle_infantry-1")
	s.put(B, "1.2", "armoured_cars-1")
	s.put(B, "1.3", "ensign-1")
	s.put(A, "2.1", "riflemen-2")
	s.put(A, "R", "grenadiers-1")
	s.put(A, "R", "tanks-2")
	v := s
	s.put(B, "2.1", "tanks-1")
	s.put(B, "2.2", "storm_troops-1")
	s.put(B, "2.3", "sappers-1")
	o := G.Outcome(s)
	eq(t, "done", o.Done, true)
	eq(t, "winner", o.Winners[0], games.Seat(B))
	eq(t, "reason", o.Reason, "front2")
	v.put(B, "2.1", "tanks-1")
	v.put(A, "3.1", "rifle_infantry-3")
	v.put(A, "3.2", "riflemen-3")
	v.put(B, "3.1", "grenadiers-2")
	v.put(B, "3.2", "mortars-2")
	o = G.Outcome(v)
	eq(t, "draw", len(o.Winners), 0)
	eq(t, "reason", o.Reason, "draw")
}

// Example 12 - instants, equipment replacement and the activation limit.
func TestExample12Instants(t *testing.T) {
	s := blank(6, B, A)
	s.P[A].Gold = 16
	s.P[A].Perm = ids(c, "treasury_expansion-1", "treasury_expansion-2")
	s.P[A].Ammo = 1
	s.P[A].Morale[2] = 1
	s.P[A].Fort = [3]int{2, 2, 1}
	s.equip(A, "howitzers-1", "barbed_wire-2", "machine_guns-1")
	s.hand(A, "barracks-sa", "fortify-1", "camouflage-2", "field_hospital-1", "minefield-1")
	s.put(A, "1.1", "tanks-1")
	s.put(A, "1.2", "riflemen-1", "+1")
	s.put(A, "2.1", "heavy_artillery-2")
	s.put(A, "2.2", "riflemen-2")
	s.put(A, "3.1", "rifle_infantry-1")
	s.put(A, "3.2", "mortars-1")
	s.put(A, "3.3", "ensign-1")
	s.UnitRow = ids(u, "rifle_infantry-3")
	s.Piles = [5][]int{ids(c, "ammo_supply-2"), ids(c, "field_promotion-1"), ids(c, "conscription-1"), ids(c, "propaganda-1"), ids(c, "armour_plating-1")}
	s.ActDeck = ids(c, "dig_in-2", "minefield-2", "assault-3", "spy-2", "barrage-2")
	apply(t, &s, A, "buy 4")
	eq(t, "gold", s.P[A].Gold, 16)
	eq(t, "morale", s.P[A].Morale[2], 0)
	apply(t, &s, A, "buy 1")
	eq(t, "gold", s.P[A].Gold, 13)
	eq(t, "ammo", s.P[A].Ammo, 2)
	reject(t, &s, A, "buy 5", "equipment_full") // slots full: must name one
	apply(t, &s, A, "buy 5 1")
	eq(t, "gold", s.P[A].Gold, 10)
	eq(t, "equip", s.P[A].Equip[1], c("armour_plating-1"))
	eq(t, "barbed removed", contains(s.RemovedA, c("barbed_wire-2")), true)
	reject(t, &s, A, "buy 2 riflemen-1", "already_promoted")
	apply(t, &s, A, "buy 2 tanks-1")
	eq(t, "gold", s.P[A].Gold, 7)
	reject(t, &s, A, "buy 3 rifle_infantry-3 4", "decision_pending")
	reject(t, &s, A, "promote riflemen-1", "bad_choice")
	apply(t, &s, A, "promote heavy_artillery-2")
	eq(t, "+1", s.hasMark(u("heavy_artillery-2"), MarkPlus1), true)
	apply(t, &s, A, "buy 3 rifle_infantry-3 4")
	eq(t, "gold", s.P[A].Gold, 2)
	eq(t, "3.4", s.slotOf("rifle_infantry-3"), "3.4")
	apply(t, &s, A, "play barracks-sa tanks-1")
	apply(t, &s, A, "play fortify-1 3")
	apply(t, &s, A, "play camouflage-2 heavy_artillery-2")
	reject(t, &s, A, "play minefield-1 1", "limit_reached")
	reject(t, &s, A, "buy 3", "not_enough_gold")
	eq(t, "tanks", s.unitStrength(A, 1, u("tanks-1"), false), 7)
	eq(t, "heavy", s.unitStrength(A, 2, u("heavy_artillery-2"), false), 5)
}

// Example 13 - Reserves, Barrage, Gas attack vs gas masks, Orderly retreat.
func TestExample13Reserves(t *testing.T) {
	s := blank(7, A, B)
	s.put(B, "2.1", "storm_troops-2")
	s.put(B, "2.2", "sappers-1")
	s.put(B, "2.3", "heavy_artillery-1")
	s.put(B, "R", "light_artillery-2")
	s.P[B].Ready[2] = false
	s.P[B].Ammo = 2
	s.hand(B, "reserves-1", "barrage-1", "gas_attack-2")
	s.put(A, "2.1", "rifle_infantry-2")
	s.put(A, "2.2", "riflemen-2")
	s.put(A, "2.3", "mountain_infantry-1")
	s.P[A].Mine[1] = 1
	s.equip(A, "machine_guns-2", "gas_masks-1")
	s.hand(A, "orderly_retreat-1")
	s.Declared[B] = 2
	apply(t, &s, B, "end")
	sb, sa := s.battleStrengths(B, 2, s.Battle)
	eq(t, "S(B)", sb, 11)
	eq(t, "S(A)", sa, 11)
	apply(t, &s, B, "card reserves-1 light_artillery-2 4")
	apply(t, &s, B, "card barrage-1")
	apply(t, &s, B, "card gas_attack-2", d(1)...)
	sb, sa = s.battleStrengths(B, 2, s.Battle)
	eq(t, "S(B)", sb, 15)
	eq(t, "S(A)", sa, 11)
	eq(t, "holder", s.Battle.Holder, A)
	apply(t, &s, A, "card orderly_retreat-1", d(4, 1)...)
	eq(t, "B VP", s.P[B].VP, 3)
	eq(t, "A fort", s.P[A].Fort[1], 2)
	eq(t, "B ammo", s.P[B].Ammo, 1)
	eq(t, "B ready", s.P[B].Ready, [3]bool{true, false, true})
	eq(t, "A mine", s.P[A].Mine[1], 0)
	eq(t, "cards removed", len(s.RemovedA), 4)
}

// Example 14 - hidden information: recon plane, Spy, Disinformation, Field hospital.
func TestExample14Intel(t *testing.T) {
	s := blank(3, A, B)
	s.Declared[A] = 3
	s.hand(A, "assault-1", "sabotage-2", "initiative-1")
	s.put(A, "1.2", "riflemen-1", "+2", "camo")
	s.put(A, "2.1", "tanks-1", "+2")
	s.put(B, "2.2", "recon_plane-1")
	s.P[B].Perm = ids(c, "convoy-1")
	s.hand(B, "spy-1", "disinformation-1", "field_hospital-2")
	pub := s.view(-1)
	eq(t, "public decl", pub.P[A].DeclFront, 0)
	eq(t, "public has", pub.P[A].HasDecl, true)
	eq(t, "B before", s.view(B).P[A].DeclFront, 0)
	apply(t, &s, B, "peek")
	eq(t, "B sees", s.view(B).P[A].DeclFront, 3)
	eq(t, "public still", s.view(-1).P[A].DeclFront, 0)
	v := s
	apply(t, &s, B, "play spy-1", d(5)...)
	eq(t, "no hand seen", s.view(B).SpyHand == nil, true)
	reject(t, &s, B, "play disinformation-1 riflemen-1", "no_target")
	apply(t, &s, B, "play disinformation-1 tanks-1")
	eq(t, "degraded", s.hasMark(u("tanks-1"), MarkPlus2), false)
	apply(t, &s, B, "play field_hospital-2 3")
	eq(t, "hospital", s.P[B].Hospital, 3)
	reject(t, &s, B, "peek", "cannot_peek")
	apply(t, &v, B, "play spy-1", d(4)...)
	eq(t, "hand seen", len(v.view(B).SpyHand), 3)
	eq(t, "not public", v.view(-1).SpyHand == nil, true)
}

// Example 15 - events.
func TestExample15Events(t *testing.T) {
	enter := func(s *State, ev string) {
		s.EvDeck = []int{evByName[ev]}
		apply(t, s, s.sp(), "end")
	}
	t.Run("harsh_winter", func(t *testing.T) {
		s := blank(3, A, B)
		s.equip(A, "field_telephones-1")
		enter(&s, "harsh_winter")
		eq(t, "A man", s.ManLeft, 2)
		apply(t, &s, A, "end")
		eq(t, "B man", s.ManLeft, 1)
	})
	t.Run("epidemic", func(t *testing.T) {
		s := blank(1, A, B)
		s.put(A, "1.2", "riflemen-1", "+2")
		s.put(A, "R", "tanks-1", "+2")
		enter(&s, "epidemic")
		eq(t, "active", s.active(), A)
		apply(t, &s, A, "degrade tanks-1")
		eq(t, "tanks", s.Marks[u("tanks-1")], uint8(0))
		eq(t, "phase", s.Phase, PhMain)
	})
	t.Run("war_loan", func(t *testing.T) {
		s := blank(1, A, B)
		s.P[A].Perm = ids(c, "treasury_expansion-1")
		enter(&s, "war_loan")
		eq(t, "A", s.P[A].Gold, 16)
		eq(t, "B", s.P[B].Gold, 13)
	})
	t.Run("ammo_shortage", func(t *testing.T) {
		s := blank(1, A, B)
		s.P[A].Ammo, s.P[B].Ammo = 2, 1
		enter(&s, "ammo_shortage")
		eq(t, "A", s.P[A].Ammo, 1)
		eq(t, "B", s.P[B].Ammo, 1)
	})
	t.Run("reinforcements", func(t *testing.T) {
		s := blank(3, A, A) // entering 4: FP stays... use FP B
		s.FP, s.Turn, s.Second = B, A, true
		s.UnitDeck = ids(u, "fighters-1", "fighters-1")[:0]
		for _, n := range []string{"x", "y", "z"} {
			_ = n
		}
		// renewal draws 3 into the row first: put 3 fillers above.
		s.UnitDeck = ids(u, "mortars-2", "recon-2", "tanks-2", "captain-1", "fighters-1")
		s.put(B, "2.1", "rifle_infantry-2")
		s.put(B, "2.2", "riflemen-2")
		s.put(B, "2.3", "storm_troops-1")
		s.put(B, "2.4", "sappers-1")
		s.put(A, "1.1", "rifle_infantry-1")
		s.put(A, "1.2", "riflemen-1")
		s.put(A, "1.3", "grenadiers-1")
		s.EvDeck = []int{evByName["reinforcements"]}
		apply(t, &s, A, "end")
		eq(t, "captain", s.slotOf("captain-1"), "R")
		eq(t, "active", s.active(), A)
		apply(t, &s, A, "place 4")
		eq(t, "fighters", s.slotOf("fighters-1"), "1.4")
	})
	t.Run("mutiny", func(t *testing.T) {
		s := blank(1, A, B)
		s.P[A].Morale = [3]int{1, 0, 1}
		s.P[A].Fort = [3]int{1, 2, 3}
		s.put(A, "1.1", "rifle_infantry-1", "+1")
		s.put(A, "1.2", "mortars-1")
		s.P[A].Hospital = 1
		s.P[B].Morale[1] = 1
		enter(&s, "mutiny")
		apply(t, &s, A, "remove rifle_infantry-1")
		eq(t, "B VP", s.P[B].VP, 1)
		eq(t, "rear", s.slotOf("rifle_infantry-1"), "R")
		eq(t, "hospital", s.P[A].Hospital, 0)
		eq(t, "A fort", s.P[A].Fort, [3]int{1, 2, 2})
		eq(t, "A morale", s.P[A].Morale, [3]int{})
		eq(t, "B fort", s.P[B].Fort[1], 1)
		eq(t, "B morale", s.P[B].Morale[1], 0)
	})
	t.Run("prisoner_exchange", func(t *testing.T) {
		s := blank(1, A, B)
		s.P[A].Prison = ids(u, "grenadiers-1")
		s.P[B].Prison = ids(u, "tanks-2")
		s.put(A, "3.1", "rifle_infantry-3")
		s.put(B, "1.1", "rifle_infantry-1")
		s.put(B, "1.2", "riflemen-1")
		s.put(B, "1.3", "mortars-1")
		s.put(B, "1.4", "recon-1")
		enter(&s, "prisoner_exchange")
		apply(t, &s, A, "place 2")
		eq(t, "tanks", s.slotOf("tanks-2"), "3.2")
		eq(t, "grenadiers", s.slotOf("grenadiers-1"), "R")
	})
	t.Run("rail_transport", func(t *testing.T) {
		s := blank(1, A, B)
		s.equip(A, "field_telephones-1")
		enter(&s, "rail_transport")
		eq(t, "A man", s.ManLeft, 5)
		apply(t, &s, A, "end")
		eq(t, "B man", s.ManLeft, 4)
	})
	t.Run("fog", func(t *testing.T) {
		s := blank(1, A, B)
		s.put(A, "2.1", "heavy_artillery-1")
		s.put(B, "2.1", "riflemen-2")
		s.ActDeck = ids(c, "extra_barrage-2")
		s.P[A].Perm = ids(c, "treasury_expansion-1")
		enter(&s, "fog")
		reject(t, &s, A, "shell heavy_artillery-1 2", "fog")
		reject(t, &s, A, "buy 1", "fog")
	})
	t.Run("fortification_works", func(t *testing.T) {
		s := blank(2, B, A) // entering 3 flips FP to B? no: entering 3 flips; start FP A
		s.FP, s.Turn, s.Second = A, B, true
		s.P[B].Fort = [3]int{2, 5, 1}
		s.P[A].Fort = [3]int{5, 5, 5}
		s.EvDeck = []int{evByName["fortification_works"]}
		s.Month = 1 // entering 2 (an event month, no FP change); make B the FP
		s.FP, s.Turn = B, A
		apply(t, &s, A, "end")
		eq(t, "active", s.active(), B)
		reject(t, &s, B, "fort 2", "bad_choice")
		apply(t, &s, B, "fort 3")
		eq(t, "B fort", s.P[B].Fort, [3]int{2, 5, 2})
		eq(t, "phase", s.Phase, PhMain)
	})
	t.Run("open_orders", func(t *testing.T) {
		s := blank(1, A, B)
		s.P[A].Ammo = 1
		enter(&s, "open_orders")
		apply(t, &s, A, "declare 2")
		eq(t, "public", s.view(-1).P[A].DeclFront, 2)
	})
	t.Run("christmas_truce", func(t *testing.T) {
		s := blank(1, A, B)
		s.P[A].Ammo = 3
		enter(&s, "christmas_truce")
		reject(t, &s, A, "declare 1", "truce")
	})
}

// Example 16 - a tied battle.
func TestExample16Tie(t *testing.T) {
	s := blank(2, A, B)
	s.put(B, "1.1", "riflemen-1")
	s.P[B].Ammo = 4
	s.hand(B, "assault-1")
	s.put(A, "1.1", "grenadiers-1")
	s.Declared[B] = 1
	apply(t, &s, B, "end")
	apply(t, &s, B, "card assault-1", d(2, 3)...)
	eq(t, "VP", s.P[A].VP+s.P[B].VP, 0)
	eq(t, "forts", s.P[A].Fort[0], 2)
	eq(t, "B ammo", s.P[B].Ammo, 3)
	eq(t, "B ready", s.P[B].Ready[0], false)
	eq(t, "assault removed", contains(s.RemovedA, c("assault-1")), true)
}

// The causes bad_shell used to cover, each with its own code (spec 6.4:
// artillery on its own front, bombers on any; X counts uncamouflaged
// enemy military units).
func TestShellRefusalsNameTheCause(t *testing.T) {
	s := blank(2, A, A)
	s.put(A, "1.1", "bombers-1")
	s.put(A, "2.3", "heavy_artillery-1")
	s.put(A, "2.1", "riflemen-1")
	s.put(A, "R", "mortars-1")
	s.put(B, "2.1", "riflemen-2")
	s.put(B, "3.2", "tanks-1", "camo")
	s.put(B, "3.4", "captain-1")
	reject(t, &s, A, "shell heavy_artillery-1 3", "shell_other_front")
	reject(t, &s, A, "shell riflemen-1 2", "cannot_shell")
	reject(t, &s, A, "shell mortars-1 2", "shell_not_in_line")
	reject(t, &s, A, "shell riflemen-2 2", "shell_not_in_line")
	reject(t, &s, A, "shell bombers-1 3", "shell_no_target")
	reject(t, &s, A, "shell bombers-1 1", "shell_no_target")
	apply(t, &s, A, "shell bombers-1 2", d(8)...)
}
