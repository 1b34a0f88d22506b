package trenches

import (
	"fmt"
	"sort"

	"github.com/warroom/warroom/games"
)

// Game implements games.Game[State].
type Game struct{}

// Engine is the game as the table service plays it (catalog lists it).
func Engine() games.Engine { return games.Adapt[State](Game{}) }

// Info describes the game and its options.
func (Game) Info() games.Info {
	return games.Info{
		ID: ID, Name: "Trenches of Valor", MinSeats: 2, MaxSeats: 2,
		Options: []games.OptionSpec{
			{Key: "scenario", Kind: games.OptionInt, Default: "1", Min: 1, Max: 6},
			{Key: "role", Kind: games.OptionString, Choices: []string{"raider", "defender"}, Default: "raider"},
			{Key: "solo", Kind: games.OptionBool, Default: "false"},
			{Key: "match", Kind: games.OptionBool, Default: "false"},
			games.LevelOption(),
		},
	}
}

// Setup starts a game. Options: scenario 1-6, role (seat 0's side:
// raider/attacker or defender), solo (seat 1 is a computer: when it
// defends its hidden counters follow the solo procedure; implied when the
// table service lists seat 1 in games.OptComputerSeats), match (play the
// scenario twice with sides swapped; compare Raider VP), computer (the
// computer seats' level, games.LevelOption).
func (Game) Setup(opts games.Options, seats int, rng games.Rand) (State, error) {
	if seats != 2 {
		return State{}, fmt.Errorf("trenches: needs 2 seats, got %d", seats)
	}
	n := opts.Int("scenario", 1)
	if n < 1 || n > 6 {
		return State{}, fmt.Errorf("trenches: scenario must be 1-6, got %d", n)
	}
	// Solo: asked for, or seat 1 is a computer player (the table service
	// says so through games.OptComputerSeats).
	solo := opts.Bool("solo", false) || opts.IsComputer(1)
	level, err := games.Level(opts)
	if err != nil {
		return State{}, fmt.Errorf("trenches: %w", err)
	}
	levels, err := games.SeatLevels(opts, 2)
	if err != nil {
		return State{}, fmt.Errorf("trenches: %w", err)
	}
	s := State{Scenario: n, Solo: solo, Match: opts.Bool("match", false), LegVP: []int{-1, -1}, Level: level, Levels: levels}
	switch opts["role"] {
	case "", "raider", "attacker":
	case "defender":
		s.RaiderSeat = 1
	default:
		return State{}, fmt.Errorf("trenches: role must be raider or defender, got %q", opts["role"])
	}
	s.newLeg(1, rng)
	return s, nil
}

// newLeg lays out a fresh board for leg (1 or 2).
func (s *State) newLeg(leg int, rng games.Rand) {
	sc := s.sc()
	s.Leg = leg
	s.M = sc.T
	s.Counters = nil
	s.Stacks = nil
	s.Dugouts = append([]int(nil), sc.Dugouts...)
	s.Cleared = 0
	s.Placed = nil
	s.Entered = nil
	s.Snapshot, s.SnapTaken = 0, false
	for ai, a := range sc.Allocs {
		for _, id := range a.Counters {
			nat, typ, _ := parseID(id)
			s.Counters = append(s.Counters, Counter{ID: id, Nation: nat, Type: typ, Raider: a.Raider, Alloc: ai, Loc: LocPending})
		}
	}
	s.Phase = PhaseSetupDefender
	s.advanceSetup()
	if s.soloDefender() {
		s.autoSetup(rng)
	}
}

// setupRaider reports whether the current set-up phase is the Raider's.
func (s *State) setupRaider() bool { return s.Phase == PhaseSetupRaider }

// placeOpt is one legal set-up placement for a counter.
type placeOpt struct {
	Hex    int
	Hidden bool
}

// allocHexes lists the hexes counter c may be set up on (before facing).
func (s *State) allocHexes(c int) []int {
	sc := s.sc()
	ctr := s.Counters[c]
	a := sc.Allocs[ctr.Alloc]
	if a.PerDugout {
		k := 0
		for i := 0; i < c; i++ {
			if s.Counters[i].Alloc == ctr.Alloc {
				k++
			}
		}
		d := append([]int(nil), s.Dugouts...)
		sort.Ints(d)
		if k/2 < len(d) {
			return []int{d[k/2]}
		}
		return nil
	}
	hs := a.Where.resolve(s.Dugouts)
	fixed := len(a.Where.Hexes) > 0 && len(a.Where.Rows) == 0 && a.Where.Entries == "" && !a.Where.Dugouts && !a.Where.Trench
	var out []int
	for _, h := range hs {
		if !fixed && !sc.Enterable(h) {
			continue
		}
		if !a.Raider {
			if contains(sc.RaiderStart, h) || (sc.DugoutsEmpty && s.isDugout(h)) {
				continue
			}
		}
		out = append(out, h)
	}
	return out
}

// canHide reports whether counter c may be hidden on hex h.
func (s *State) canHide(c, h int) bool {
	ctr := s.Counters[c]
	a := s.sc().Allocs[ctr.Alloc]
	if a.Raider || a.Hidden == HidNone {
		return false
	}
	entry := Hex(h).Entry != ""
	if a.Hidden == HidEntries {
		return entry
	}
	return entry || s.isDugout(h)
}

func (s *State) placeOptions(c int) []placeOpt {
	var out []placeOpt
	dec := s.Counters[c].Decoy()
	for _, h := range s.allocHexes(c) {
		if !dec {
			out = append(out, placeOpt{Hex: h})
		}
		if s.canHide(c, h) {
			out = append(out, placeOpt{Hex: h, Hidden: true})
		}
	}
	return out
}

// nextPending is the first counter of the setting-up side still to place, or -1.
func (s *State) nextPending() int {
	raider := s.setupRaider()
	for i, c := range s.Counters {
		if c.Loc == LocPending && c.Raider == raider {
			return i
		}
	}
	return -1
}

// dugoutOptions lists the legal hexes for the next Defender-placed dugout.
func (s *State) dugoutOptions() []int {
	sc := s.sc()
	var out []int
	for col := 1; col <= Cols; col++ {
		h := 300 + col
		if s.dugoutErr(h) == "" {
			out = append(out, h)
		}
	}
	_ = sc
	return out
}

func (s *State) dugoutErr(h int) string {
	sc := s.sc()
	if !Valid(h) || h/100 != 3 {
		return "bad_hex"
	}
	if contains(sc.RaiderStart, h) {
		return "raider_start_hex"
	}
	for _, d := range s.Dugouts {
		if Distance(d, h) < 2 {
			return "dugout_spacing"
		}
	}
	return ""
}

func (s *State) needDugouts() bool {
	return s.Phase == PhaseSetupDefender && len(s.Dugouts) < s.sc().DugoutCount()
}

func (s *State) place(c, h int, hidden, auto bool) {
	if hidden {
		s.pushHidden(c, h)
	} else {
		s.Counters[c].Loc = LocMap
		s.Counters[c].Hex = h
	}
	s.Placed = append(s.Placed, Place{Counter: c, Hex: h, Hidden: hidden, Auto: auto})
	side := "defender"
	if s.Counters[c].Raider {
		side = "raider"
	}
	s.log(Entry{Side: side, Kind: "place", Unit: s.Counters[c].ID, To: h, Hit: hidden, Private: !s.Counters[c].Raider})
}

// advanceSetup places every counter whose placement is forced; when the
// Raider has nothing to choose the game starts.
func (s *State) advanceSetup() {
	for {
		if s.needDugouts() {
			return
		}
		c := s.nextPending()
		if c < 0 {
			if s.Phase == PhaseSetupRaider && !s.hasManual() {
				s.startTurns()
			}
			return
		}
		opts := s.placeOptions(c)
		if len(opts) != 1 {
			return
		}
		s.place(c, opts[0].Hex, opts[0].Hidden, true)
	}
}

func (s *State) hasManual() bool {
	for _, p := range s.Placed {
		if !p.Auto {
			return true
		}
	}
	return false
}

// finishSetup ends the current side's set-up.
func (s *State) finishSetup() {
	s.Placed = nil
	if s.Phase == PhaseSetupDefender {
		s.log(Entry{Side: "defender", Kind: "setup_done"})
		s.Phase = PhaseSetupRaider
		s.advanceSetup()
		return
	}
	s.log(Entry{Side: "raider", Kind: "setup_done"})
	s.startTurns()
}

func (s *State) startTurns() {
	s.Placed = nil
	s.Phase = PhaseRaider
	s.M = s.sc().T
	s.log(Entry{Kind: "turn", Count: s.M})
}

// unplace undoes the last manual set-up step (and the forced ones after it).
func (s *State) unplace() {
	for len(s.Placed) > 0 {
		p := s.Placed[len(s.Placed)-1]
		s.Placed = s.Placed[:len(s.Placed)-1]
		if p.Counter < 0 {
			for i, d := range s.Dugouts {
				if d == p.Hex {
					s.Dugouts = append(s.Dugouts[:i:i], s.Dugouts[i+1:]...)
					break
				}
			}
		} else {
			if p.Hidden {
				s.removeFromStack(p.Counter, p.Hex)
			}
			s.Counters[p.Counter].Loc = LocPending
			s.Counters[p.Counter].Hex = 0
		}
		if !p.Auto {
			return
		}
	}
}

// sortedByType orders counter indices h, g, r, lmg, mg, then decoys; by number within.
func (s *State) sortedByType(cs []int) []int {
	out := append([]int(nil), cs...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := s.Counters[out[i]], s.Counters[out[j]]
		if typeOrder[a.Type] != typeOrder[b.Type] {
			return typeOrder[a.Type] < typeOrder[b.Type]
		}
		_, _, na := parseID(a.ID)
		_, _, nb := parseID(b.ID)
		return na < nb
	})
	return out
}

// dealOrder orders hexes: dugout hexes ascending, then entry hexes A..G.
func (s *State) dealOrder(hs []int) []int {
	var dug, ent []int
	for _, h := range hs {
		if s.isDugout(h) {
			dug = append(dug, h)
		} else {
			ent = append(ent, h)
		}
	}
	sort.Ints(dug)
	sort.Slice(ent, func(i, j int) bool { return Hex(ent[i]).Entry < Hex(ent[j]).Entry })
	return append(dug, ent...)
}

// autoSetup completes the current side's set-up (spec 5.4 / 13.1) and ends it.
func (s *State) autoSetup(rng games.Rand) {
	sc := s.sc()
	if s.Phase == PhaseSetupRaider {
		s.autoRaiderSetup()
		s.finishSetup()
		return
	}
	// 1. Dugouts.
	for s.needDugouts() {
		o := s.dugoutOptions()
		h := o[rng.Intn(len(o))]
		s.Dugouts = append(s.Dugouts, h)
		s.Placed = append(s.Placed, Place{Counter: -1, Hex: h, Auto: true})
		s.log(Entry{Side: "defender", Kind: "dugout", To: h, Private: true})
	}
	// 2. Single placements of allocations that are not wholly hideable.
	for i := range s.Counters {
		c := s.Counters[i]
		if c.Raider || c.Loc != LocPending || sc.Allocs[c.Alloc].Hidden == HidAny {
			continue
		}
		hs := s.allocHexes(i)
		h := hs[0]
		if len(hs) > 1 {
			h = hs[rng.Intn(len(hs))]
		}
		s.place(i, h, s.canHide(i, h), true)
	}
	// 3. Hideable allocations: shuffle and deal round-robin.
	for ai, a := range sc.Allocs {
		if a.Raider || a.Hidden != HidAny {
			continue
		}
		for _, g := range s.allocGroups(ai, a.PerDugout) {
			s.dealHidden(rng, g)
		}
	}
	s.finishSetup()
}

// autoRaiderSetup places the Raider's pending counters: in id order (h,
// g, r then number), round-robin over each one's allowed hexes.
func (s *State) autoRaiderSetup() {
	var cs []int
	for i, c := range s.Counters {
		if c.Raider && c.Loc == LocPending {
			cs = append(cs, i)
		}
	}
	cs = s.sortedByType(cs)
	for k, c := range cs {
		hs := s.allocHexes(c)
		s.place(c, hs[k%len(hs)], false, true)
	}
}

// allocGroups splits allocation ai's pending counters into the groups
// dealt together: one per dugout hex, ascending, for a per-dugout
// allocation, else one group of them all (none if empty).
func (s *State) allocGroups(ai int, perDugout bool) [][]int {
	var groups [][]int
	if perDugout {
		byHex := map[int][]int{}
		var hexes []int
		for i, c := range s.Counters {
			if c.Alloc == ai && c.Loc == LocPending {
				h := s.allocHexes(i)[0]
				if _, ok := byHex[h]; !ok {
					hexes = append(hexes, h)
				}
				byHex[h] = append(byHex[h], i)
			}
		}
		sort.Ints(hexes)
		for _, h := range hexes {
			groups = append(groups, byHex[h])
		}
		return groups
	}
	var g []int
	for i, c := range s.Counters {
		if c.Alloc == ai && c.Loc == LocPending {
			g = append(g, i)
		}
	}
	if len(g) > 0 {
		groups = append(groups, g)
	}
	return groups
}

// dealHidden shuffles group g and deals it hidden, round-robin, over the
// hexes its first counter may hide on (in dealOrder).
func (s *State) dealHidden(rng games.Rand, g []int) {
	g = s.sortedByType(g)
	games.Shuffle(rng, g)
	var hs []int
	for _, h := range s.allocHexes(g[0]) {
		if s.canHide(g[0], h) {
			hs = append(hs, h)
		}
	}
	hs = s.dealOrder(hs)
	for k, c := range g {
		s.place(c, hs[k%len(hs)], true, true)
	}
}
