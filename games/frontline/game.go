package frontline

import (
	"fmt"
	"slices"

	"github.com/warroom/warroom/games"
)

// Game is the IF - Pierwszy Front engine.
type Game struct{}

// Engine is the game as the table service plays it (catalog lists it).
func Engine() games.Engine { return games.Adapt[State](Game{}) }

// Variants (option "variant").
var Variants = []string{"standard", "beginner", "caption_limit", "short_war"}

// Info describes the game.
func (Game) Info() games.Info {
	return games.Info{
		ID: ID, Name: "IF – Pierwszy Front", MinSeats: 2, MaxSeats: 2,
		Options: []games.OptionSpec{
			{Key: "variant", Kind: games.OptionString, Choices: Variants, Default: "standard"},
			games.LevelOption(),
		},
		// Rollouts follow the heuristic player (random play hardly
		// ever declares a battle it can win), about 800 whole games a
		// second on one core: a 30-turn report at 200 per turn takes a
		// few seconds.
		ReportPlayouts: 6000,
	}
}

// Setup deals a new game (spec 5).
func (Game) Setup(opts games.Options, seats int, rng games.Rand) (State, error) {
	if seats != 2 {
		return State{}, fmt.Errorf("frontline: 2 seats, got %d", seats)
	}
	v := opts["variant"]
	if v == "" {
		v = "standard"
	}
	ok := false
	for _, x := range Variants {
		ok = ok || x == v
	}
	if !ok {
		return State{}, fmt.Errorf("frontline: unknown variant %q", v)
	}
	level, err := games.Level(opts)
	if err != nil {
		return State{}, fmt.Errorf("frontline: %w", err)
	}
	levels, err := games.SeatLevels(opts, 2)
	if err != nil {
		return State{}, fmt.Errorf("frontline: %w", err)
	}
	s := newState(v, rng)
	s.Level, s.Levels = level, levels
	return s, nil
}

// Active lists the seat that must decide now.
func (Game) Active(s State) []games.Seat {
	p := s.active()
	if p < 0 {
		return nil
	}
	return []games.Seat{games.Seat(p)}
}

func (s *State) active() int {
	switch {
	case s.Phase == PhOver:
		return -1
	case len(s.Queue) > 0:
		return s.Queue[0].Seat
	case s.Phase == PhBattle && s.Battle != nil:
		return s.Battle.Holder
	case s.Phase == PhDraft, s.Phase == PhDraw, s.Phase == PhMain:
		return s.Turn
	}
	return -1
}

// Legal lists exactly what Apply accepts from seat.
func (Game) Legal(s State, seat games.Seat) []games.Action {
	if int(seat) != s.active() {
		return nil
	}
	return s.legal(int(seat))
}

func (s *State) legal(p int) []games.Action {
	var b acts
	s.addLegal(&b, p)
	return b.list
}

// acts collects legal actions; their arguments share one backing array,
// and playouts reuse both (reset), so listing a step allocates nothing.
type acts struct {
	list []games.Action
	args []int
}

// add appends verb.args; an action without arguments has nil Args, as
// games.Act gives it.
func (b *acts) add(verb string, args ...int) {
	if len(args) == 0 {
		b.list = append(b.list, games.Action{Verb: verb})
		return
	}
	k := len(b.args)
	b.args = append(b.args, args...)
	b.list = append(b.list, games.Action{Verb: verb, Args: b.args[k:len(b.args):len(b.args)]})
}

func (b *acts) reset() { b.list, b.args = b.list[:0], b.args[:0] }

// addLegal adds p's legal actions to b.
func (s *State) addLegal(b *acts, p int) {
	if len(s.Queue) > 0 {
		h := s.Queue[0]
		switch h.Kind {
		case PendPlace:
			for _, c := range s.emptyCols(p, unitFront[h.Unit]) {
				b.add(VPlace, c)
			}
		case PendTarget:
			for _, u := range s.shellTargets(p, h.Front) {
				b.add(VTarget, u)
			}
		case PendRemove:
			for _, u := range s.frontCards(p, h.Front) {
				b.add(VRemove, u)
			}
		case PendDegrade:
			for _, u := range s.ownTrained(p, false) {
				b.add(VDegrade, u)
			}
		case PendPromote:
			for _, u := range s.promoteOptions(p) {
				b.add(VPromote, u)
			}
			b.add(VPromote)
		case PendFort:
			for f := 1; f <= 3; f++ {
				if s.P[p].Fort[f-1] < 5 {
					b.add(VFort, f)
				}
			}
		}
		return
	}
	switch s.Phase {
	case PhDraft:
		for _, u := range s.Draft {
			for _, c := range s.emptyCols(p, unitFront[u]) {
				b.add(VDraft, u, c)
			}
		}
	case PhDraw:
		for _, u := range s.UnitRow {
			s.addEntries(b, VDraw, p, u)
		}
	case PhMain:
		s.addMain(b, p)
	case PhBattle:
		s.addBattle(b, p)
		if s.Battle.PlayedNow > 0 {
			b.add(VDone)
		} else {
			b.add(VPass)
		}
	}
}

// entryActions: verb.u.col for each empty column of u's printed row, or
// verb.u.0 (Rear) when the row is full; prefix args come first.
func (s *State) entryActions(verb string, p, u int, prefix ...int) []games.Action {
	var b acts
	s.addEntries(&b, verb, p, u, prefix...)
	return b.list
}

// addEntries adds entryActions to b; prefix is at most one argument.
func (s *State) addEntries(b *acts, verb string, p, u int, prefix ...int) {
	cols := s.emptyCols(p, unitFront[u])
	if len(cols) == 0 {
		cols = append(cols, 0)
	}
	for _, c := range cols {
		if len(prefix) > 0 {
			b.add(verb, prefix[0], u, c)
		} else {
			b.add(verb, u, c)
		}
	}
}

func (s *State) ownMilitary(p int, slotsOnly bool, skip uint8) []int {
	units := s.boardUnits(p) // slots, then the Rear; a fresh slice, filtered in place
	if slotsOnly {
		units = units[:len(units)-len(s.P[p].Rear)]
	}
	out := units[:0]
	for _, u := range units {
		if !isCommander(u) && s.Marks[u]&skip == 0 {
			out = append(out, u)
		}
	}
	return out
}

func (s *State) addBuys(b *acts, p, pile int) {
	pl := &s.P[p]
	if len(s.Piles[pile-1]) == 0 {
		return
	}
	c := s.Piles[pile-1][len(s.Piles[pile-1])-1]
	if pl.Gold < acost(c) {
		return
	}
	one := func() { b.add(VBuy, pile) }
	t := atype(c)
	switch acat(c) {
	case CatActivation, CatBattle, CatPermanent:
		one()
		return
	case CatEquipment:
		if s.hasEquip(p, t) {
			return
		}
		if len(pl.Equip) < 3 {
			one()
			return
		}
		for i := range pl.Equip {
			b.add(VBuy, pile, i)
		}
		return
	}
	switch t {
	case "ammo_supply":
		if pl.Ammo < MaxAmmo {
			one()
			return
		}
	case "trench_raid":
		for f := 1; f <= 3; f++ {
			for _, u := range s.shellTargets(p, f) {
				b.add(VBuy, pile, u)
			}
		}
	case "escape":
		for _, u := range s.P[opp(p)].Prison {
			s.addEntries(b, VBuy, p, u, pile)
		}
	case "propaganda":
		one()
		return
	case "field_promotion":
		if !s.canPlace(MarkPlus1) {
			return
		}
		for _, u := range s.ownMilitary(p, false, MarkPlus1) {
			b.add(VBuy, pile, u)
		}
	case "conscription":
		if len(s.UnitRow) == 0 {
			one()
			return
		}
		for _, u := range s.UnitRow {
			s.addEntries(b, VBuy, p, u, pile)
		}
	case "extra_barrage":
		if s.eventID() != "fog" {
			one()
			return
		}
	}
}

// promoteOptions: the units a pending field promotion may also promote.
func (s *State) promoteOptions(p int) []int {
	if !s.canPlace(MarkPlus1) {
		return nil
	}
	return s.ownMilitary(p, false, MarkPlus1)
}

func (s *State) addPlays(b *acts, p, c int) {
	pl := &s.P[p]
	switch atype(c) {
	case "barracks":
		if s.canPlace(MarkPlus2) {
			for _, u := range s.ownMilitary(p, false, MarkPlus2) {
				b.add(VPlay, c, u)
			}
		}
	case "reorganization", "spy":
		b.add(VPlay, c)
	case "fortify":
		for f := 1; f <= 3; f++ {
			if pl.Fort[f-1] < 5 {
				b.add(VPlay, c, f)
			}
		}
	case "disinformation":
		for f := 1; f <= 3; f++ {
			for _, u := range s.frontMilitary(opp(p), f) {
				if s.hasMark(u, MarkPlus2) && !s.hasMark(u, MarkCamo) {
					b.add(VPlay, c, u)
				}
			}
		}
	case "camouflage":
		if s.canPlace(MarkCamo) {
			for _, u := range s.ownMilitary(p, true, MarkCamo) {
				b.add(VPlay, c, u)
			}
		}
	case "field_hospital":
		for f := 1; f <= 3; f++ {
			if pl.Hospital != f {
				b.add(VPlay, c, f)
			}
		}
	case "minefield":
		for f := 1; f <= 3; f++ {
			if pl.Mine[f-1] == 0 {
				b.add(VPlay, c, f)
			}
		}
	}
}

// addMoves adds p's maneuvers: moves to each reachable empty slot or
// to the Rear, then swaps. Each card's place is looked up once.
func (s *State) addMoves(b *acts, p int) {
	units := s.boardUnits(p)
	var at [40]loc
	locs := at[:0]
	for _, u := range units {
		locs = append(locs, s.locate(u))
	}
	for i, u := range units {
		from := locs[i]
		for f := 1; f <= 3; f++ {
			for _, c := range s.emptyCols(p, f) {
				if s.canMoveTo(p, u, from, f, c) {
					b.add(VMove, u, f, c)
				}
			}
		}
		if from.Where == "slot" {
			b.add(VMove, u, 0, 0)
		}
	}
	for i, u := range units {
		lu := locs[i]
		for k, v := range units[i+1:] {
			lv := locs[i+1+k]
			if lu.Where == "rear" && lv.Where == "rear" {
				continue
			}
			if s.canMoveTo(p, u, lu, lv.F, lv.C) && s.canMoveTo(p, v, lv, lu.F, lu.C) {
				x, y := u, v
				if x > y {
					x, y = y, x
				}
				b.add(VSwap, x, y)
			}
		}
	}
}

func (s *State) addMain(b *acts, p int) {
	pl := &s.P[p]
	for pile := 1; pile <= 5; pile++ {
		s.addBuys(b, p, pile)
	}
	if s.ActPlayed < s.limit(p) {
		var seen uint64 // action types offered (ruling 4)
		for _, c := range pl.Hand {
			if acat(c) != CatActivation || seen&(1<<actionType[c]) != 0 {
				continue
			}
			seen |= 1 << actionType[c]
			s.addPlays(b, p, c)
		}
	}
	if s.ManLeft > 0 {
		s.addMoves(b, p)
	}
	if s.ShellLeft > 0 && s.eventID() != "fog" {
		for f := 1; f <= 3; f++ {
			for _, u := range s.frontCards(p, f) {
				if contains(s.Shelled, u) {
					continue
				}
				for _, e := range s.shellFronts(p, u) {
					if s.shellX(p, e) > 0 {
						b.add(VShell, u, e)
					}
				}
			}
		}
	}
	if s.Declared[p] == 0 && pl.Ammo >= 1 && s.eventID() != "christmas_truce" {
		for f := 1; f <= 3; f++ {
			if pl.Ready[f-1] {
				b.add(VDeclare, f)
			}
		}
	}
	if !s.Peeked && s.Declared[opp(p)] > 0 {
		for _, u := range s.boardUnits(p) {
			if utype(u) == "recon_plane" && s.locate(u).Where == "slot" {
				b.add(VPeek)
				break
			}
		}
	}
	b.add(VEnd)
}

// Do performs one legal action through the verb table (verbs.go), then
// everything automatic that follows (settle).
func (Game) Do(s State, seat games.Seat, a games.Action, rng games.Rand) (State, []games.Event) {
	m := games.Begin(s, seat, rng)
	games.Dispatch(verbs, m, a)
	n := m.S
	n.settle(rng)
	for _, e := range n.evs {
		m.LogSeen(e.Kind, games.Seat(e.Seat), e.Only, e)
	}
	n.evs = nil
	return *n, m.Events
}

// isUnit reports whether u is a unit card id.
func isUnit(u int) bool { return u >= 0 && u < len(unitType) }

// whyNotBuy names what stops buying card c (the top of its pile, gold
// and fog already checked) with the extra arguments args.
func (s *State) whyNotBuy(p, c int, args []int) string {
	pl := &s.P[p]
	t := atype(c)
	arg := func(i int) int {
		if i < len(args) {
			return args[i]
		}
		return -1
	}
	if acat(c) == CatEquipment {
		switch {
		case s.hasEquip(p, t):
			return "already_equipped"
		case len(pl.Equip) >= 3 && len(args) == 0:
			return "equipment_full"
		case len(pl.Equip) >= 3:
			return "bad_equipment_slot"
		}
		return "cannot_buy"
	}
	entry := func(from []int, missing string) string {
		if len(args) != 2 {
			return "cannot_buy"
		}
		u, col := arg(0), arg(1)
		if !isUnit(u) || !contains(from, u) {
			return missing
		}
		if !slices.ContainsFunc(s.entryActions(VBuy, p, u), func(x games.Action) bool { return x.Args[1] == col }) {
			return "bad_column"
		}
		return "cannot_buy"
	}
	switch t {
	case "ammo_supply":
		if pl.Ammo >= MaxAmmo {
			return "ammo_full"
		}
	case "trench_raid":
		if len(args) != 1 {
			return "cannot_buy"
		}
		u := arg(0)
		if l := s.locate(u); !isUnit(u) || l.Where != "slot" || l.Owner != opp(p) {
			return "raid_not_enemy"
		}
		if isCommander(u) {
			return "raid_commander"
		}
		if s.hasMark(u, MarkCamo) {
			return "raid_camouflaged"
		}
	case "escape":
		return entry(s.P[opp(p)].Prison, "not_in_prison")
	case "field_promotion":
		if !s.canPlace(MarkPlus1) {
			return "no_markers"
		}
		if len(args) != 1 {
			return "cannot_buy"
		}
		u := arg(0)
		if l := s.locate(u); !isUnit(u) || (l.Where != "slot" && l.Where != "rear") || l.Owner != p || isCommander(u) {
			return "promote_not_own"
		}
		if s.hasMark(u, MarkPlus1) {
			return "already_promoted"
		}
	case "conscription":
		if len(s.UnitRow) > 0 {
			return entry(s.UnitRow, "not_in_unit_row")
		}
	}
	return "cannot_buy"
}

// whyNotMove names what stops a maneuver (move u f c, swap u v).
func (s *State) whyNotMove(p int, a games.Action) string {
	if a.Verb == VSwap {
		if len(a.Args) != 2 {
			return "bad_move"
		}
		u, v := a.Args[0], a.Args[1]
		lu, lv := s.locate(u), s.locate(v)
		if !isUnit(u) || !isUnit(v) || u == v || !s.onBoard(p, lu) || !s.onBoard(p, lv) {
			return "move_not_yours"
		}
		if lu.Where == "rear" && lv.Where == "rear" {
			return "swap_in_rear"
		}
		if why := s.whyNotReach(p, u, lu, lv.F, lv.C); why != "" {
			return why
		}
		if why := s.whyNotReach(p, v, lv, lu.F, lu.C); why != "" {
			return why
		}
		return "bad_move"
	}
	if len(a.Args) != 3 {
		return "bad_move"
	}
	u, f, c := a.Args[0], a.Args[1], a.Args[2]
	from := s.locate(u)
	if !isUnit(u) || !s.onBoard(p, from) {
		return "move_not_yours"
	}
	if f == 0 {
		if c != 0 {
			return "bad_move"
		}
		return "already_in_rear"
	}
	if f < 1 || f > 3 || c < 1 || c > 4 {
		return "bad_move"
	}
	if from.Where == "slot" && from.F == f && from.C == c {
		return "same_slot"
	}
	if s.P[p].Grid[f-1][c-1] >= 0 {
		return "slot_taken"
	}
	if why := s.whyNotReach(p, u, from, f, c); why != "" {
		return why
	}
	return "bad_move"
}

func (s *State) onBoard(p int, l loc) bool {
	return (l.Where == "slot" || l.Where == "rear") && l.Owner == p
}

// whyNotReach: "" if unit u at from may go to slot f.c (f 0: the Rear),
// else why not.
func (s *State) whyNotReach(p, u int, from loc, f, c int) string {
	if s.canMoveTo(p, u, from, f, c) {
		return ""
	}
	if f == 0 {
		return "already_in_rear"
	}
	if isCommander(u) && from.Where == "slot" && from.C != c {
		return "commander_column"
	}
	return "out_of_range"
}

// whyNotShell names what stops "shell u e".
func (s *State) whyNotShell(p int, a games.Action) string {
	if len(a.Args) != 2 {
		return "bad_shell"
	}
	u, e := a.Args[0], a.Args[1]
	if !isUnit(u) {
		return "shell_not_in_line"
	}
	if l := s.locate(u); l.Where != "slot" || l.Owner != p {
		return "shell_not_in_line"
	}
	if !UnitTypeOf(u).Shell {
		return "cannot_shell"
	}
	if !slices.Contains(s.shellFronts(p, u), e) {
		return "shell_other_front"
	}
	if s.shellX(p, e) == 0 {
		return "shell_no_target"
	}
	return "bad_shell"
}

// Outcome reports the result after month 8 (spec 8).
func (Game) Outcome(s State) games.Outcome {
	if s.Phase != PhOver {
		return games.Outcome{}
	}
	w, reason := s.winner()
	o := games.Outcome{Done: true, Scores: []int{s.P[0].VP, s.P[1].VP}, Reason: reason}
	if w >= 0 {
		o.Winners = []games.Seat{games.Seat(w)}
	}
	return o
}

// winner returns the winning seat (-1 draw) and the deciding criterion.
func (s *State) winner() (int, string) {
	cmp := func(a, b int) int {
		switch {
		case a > b:
			return 0
		case b > a:
			return 1
		}
		return -1
	}
	if w := cmp(s.P[0].VP, s.P[1].VP); w >= 0 {
		return w, "vp"
	}
	if w := cmp(s.P[0].Gold, s.P[1].Gold); w >= 0 {
		return w, "gold"
	}
	for f := 1; f <= 3; f++ {
		if w := cmp(s.militaryCount(0, f), s.militaryCount(1, f)); w >= 0 {
			return w, fmt.Sprintf("front%d", f)
		}
	}
	return -1, "draw"
}
