package trenches

import (
	"github.com/warroom/warroom/games"
)

// Action verbs.
const (
	VDugout  = "dugout"  // dugout.<hex>             Defender set-up: place a dugout
	VPlace   = "place"   // place.<ctr>.<hex>.<hid>  set-up: place the next counter (hid 1 = face down)
	VUnplace = "unplace" // undo the last set-up step
	VAuto    = "auto"    // random/automatic set-up of everything left (spec 5.4)
	VReady   = "ready"   // confirm a complete set-up
	VMove    = "move"    // move.<unit>.<hex>
	VExit    = "exit"    // exit.<unit>: move off the red edge
	VAttack  = "attack"  // attack.<unit>.<target>
	VClear   = "clear"   // clear.<unit>
	VReveal  = "reveal"  // reveal.<hex>.<unit>
	VEnd     = "end"     // end the player turn
)

// Active lists who may act.
func (Game) Active(s State) []games.Seat {
	switch s.Phase {
	case PhaseSetupDefender, PhaseDefender:
		return []games.Seat{s.DefenderSeat()}
	case PhaseSetupRaider, PhaseRaider:
		return []games.Seat{games.Seat(s.RaiderSeat)}
	}
	return nil
}

func (s *State) active(seat games.Seat) bool {
	for _, a := range (Game{}).Active(*s) {
		if a == seat {
			return true
		}
	}
	return false
}

func (s *State) frenchHFrozen(c Counter) bool {
	return s.sc().FrenchH && c.Nation == "fr" && c.Type == "h" && s.GT() == 1
}

// unflagged lists S3 flag hexes not yet entered.
func (s *State) unflagged() []int {
	var out []int
	for _, h := range s.sc().FlagHexes {
		if !contains(s.Entered, h) {
			out = append(out, h)
		}
	}
	return out
}

// reach computes unit u's legal moves.
func (s *State) reach(u int, mp int) Reach {
	c := s.Counters[u]
	b := s.blockedFor(c.Raider)
	var flags []int
	if c.Raider {
		flags = s.unflagged()
	}
	return s.sc().search(c.Hex, mp, &b, flags)
}

// Legal lists every action Apply accepts from seat.
func (Game) Legal(s State, seat games.Seat) []games.Action {
	if !s.active(seat) {
		return nil
	}
	ms := s.appendMoves(nil)
	out := make([]games.Action, len(ms))
	for i, m := range ms {
		out[i] = m.action()
	}
	return out
}

// cmove is a legal action in compact form: playouts list the actions at
// every step and build only the one they play.
type cmove struct {
	verb string
	n    int // arguments used
	a    [3]int
}

func act(verb string, args ...int) cmove {
	m := cmove{verb: verb, n: len(args)}
	copy(m.a[:], args)
	return m
}

func (m cmove) action() games.Action {
	if m.n == 0 {
		return games.Act(m.verb)
	}
	return games.Act(m.verb, append([]int(nil), m.a[:m.n]...)...)
}

func (m cmove) is(a games.Action) bool {
	if m.verb != a.Verb || m.n != len(a.Args) || a.Text != "" {
		return false
	}
	for i := range m.n {
		if m.a[i] != a.Args[i] {
			return false
		}
	}
	return true
}

// appendMoves appends the active seat's legal actions, in Legal's order.
func (s *State) appendMoves(out []cmove) []cmove {
	switch s.Phase {
	case PhaseSetupDefender, PhaseSetupRaider:
		if s.needDugouts() {
			for _, h := range s.dugoutOptions() {
				out = append(out, act(VDugout, h))
			}
		} else if c := s.nextPending(); c >= 0 {
			for _, o := range s.placeOptions(c) {
				out = append(out, act(VPlace, c, o.Hex, b2i(o.Hidden)))
			}
		} else {
			out = append(out, act(VReady))
		}
		if s.nextPending() >= 0 || s.needDugouts() {
			out = append(out, act(VAuto))
		}
		if s.hasManual() {
			out = append(out, act(VUnplace))
		}
	case PhaseRaider, PhaseDefender:
		raider := s.Phase == PhaseRaider
		if !raider {
			for _, st := range s.Stacks {
				if s.raiderIn(st.Hex) || st.Turn >= s.revealLimit(st.Hex) {
					continue
				}
				for _, c := range st.Counters {
					if !s.Counters[c].Decoy() {
						out = append(out, act(VReveal, st.Hex, c))
					}
				}
			}
		}
		for i, c := range s.Counters {
			if c.Raider != raider || c.Loc != LocMap || c.Acted {
				continue
			}
			if raider && s.isDugout(c.Hex) {
				out = append(out, act(VClear, i))
			}
			st := Stats[c.Type]
			for j, t := range s.Counters {
				if t.Loc == LocMap && t.Raider != raider && Distance(c.Hex, t.Hex) <= st.Range {
					out = append(out, act(VAttack, i, j))
				}
			}
			if st.MP == 0 || s.frenchHFrozen(c) {
				continue
			}
			r := s.reach(i, st.MP)
			for k := 0; k < NHexs; k++ {
				if r.Cost[k] < inf {
					out = append(out, act(VMove, i, Map[k].ID))
				}
			}
			if raider && s.M <= 3 && r.ExitCost < inf {
				out = append(out, act(VExit, i))
			}
		}
		out = append(out, act(VEnd))
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Do performs one legal action; at the end of a match's first leg the
// second is dealt.
func (Game) Do(s State, seat games.Seat, a games.Action, rng games.Rand) (State, []games.Event) {
	n := s.clone()
	n.do(a, rng)
	var ev []games.Event
	// A private entry is the Defender's (set-up details), whoever acted.
	defender := s.DefenderSeat()
	for _, e := range n.evs {
		ev = append(ev, entryEvent(e, seat, defender))
	}
	n.evs = nil
	if n.Phase == PhaseOver && n.Match && n.Leg == 1 {
		n.nextLeg(rng)
		defender := n.DefenderSeat()
		for _, e := range n.evs {
			ev = append(ev, entryEvent(e, seat, defender))
		}
		n.evs = nil
	}
	return n, ev
}

// entryEvent is a log entry as a games.Event: the entry is its Data.
func entryEvent(e Entry, seat, defender games.Seat) games.Event {
	ev := games.Log(e.Kind, seat, e)
	if e.Private {
		ev.Private, ev.Only = true, []games.Seat{defender}
	}
	return ev
}

// do performs legal action a on n, a private copy.
func (n *State) do(a games.Action, rng games.Rand) {
	arg := func(i int) int { return a.Args[i] }
	switch a.Verb {
	case VDugout:
		h := arg(0)
		n.Dugouts = append(n.Dugouts, h)
		n.Placed = append(n.Placed, Place{Counter: -1, Hex: h})
		n.log(Entry{Side: "defender", Kind: "dugout", To: h, Private: true})
		n.advanceSetup()
		return
	case VPlace:
		n.place(arg(0), arg(1), arg(2) == 1, false)
		n.advanceSetup()
		return
	case VUnplace:
		n.unplace()
		return
	case VAuto:
		n.autoSetup(rng)
		n.afterTurnStart(rng)
		return
	case VReady:
		n.finishSetup()
		n.afterTurnStart(rng)
		return
	case VEnd:
		n.endTurn(rng)
		return
	case VReveal:
		n.reveal(arg(0), arg(1))
		return
	}
	// Unit actions.
	raider := n.Phase == PhaseRaider
	side := "defender"
	if raider {
		side = "raider"
	}
	u := arg(0)
	c := n.Counters[u]
	st := Stats[c.Type]
	sc := n.sc()
	switch a.Verb {
	case VExit:
		var r Reach
		if n.needPath(raider) {
			r = n.reach(u, st.MP)
		}
		n.Counters[u].Loc = LocExited
		n.Counters[u].Hex = 0
		n.Counters[u].Acted = true
		n.setFlags(r.exitMask)
		n.log(Entry{Side: "raider", Kind: "exit", Unit: c.ID, From: c.Hex, To: r.ExitHex, VP: 1, Count: r.ExitCost})
	case VMove:
		h := arg(1)
		var r Reach
		if n.needPath(raider) {
			r = n.reach(u, st.MP)
		}
		n.Counters[u].Hex = h
		n.Counters[u].Acted = true
		vp := 0
		if raider {
			vp = n.setFlags(r.mask[Idx(h)])
		}
		n.log(Entry{Side: side, Kind: "move", Unit: c.ID, From: c.Hex, To: h, Count: r.Cost[Idx(h)], VP: vp})
	case VAttack:
		t := arg(1)
		tc := n.Counters[t]
		d := games.Die(rng, 6)
		mod := sc.Modifier(c.Type, c.Hex, tc.Hex)
		hit := d+mod <= st.Attack
		n.Counters[u].Acted = true
		vp := 0
		if hit {
			if tc.Raider {
				n.Counters[t].Loc = LocCasualty
			} else {
				n.Counters[t].Loc = LocEliminated
				vp = sc.UnitVP[tc.Type]
			}
			n.Counters[t].Hex = 0
		}
		n.log(Entry{Side: side, Kind: "attack", Unit: c.ID, Target: tc.ID, From: c.Hex, To: tc.Hex,
			Die: d, Mod: mod, Need: st.Attack, Hit: hit, VP: vp})
	case VClear:
		n.Counters[u].Acted = true
		for i, d := range n.Dugouts {
			if d == c.Hex {
				n.Dugouts = append(n.Dugouts[:i:i], n.Dugouts[i+1:]...)
				break
			}
		}
		n.Cleared++
		cnt := 0
		if stk := n.stackAt(c.Hex); stk != nil {
			for _, x := range stk.Counters {
				n.Counters[x].Loc = LocCaptured
				n.Counters[x].Hex = 0
				cnt++
			}
			stk.Counters = nil
			n.dropEmptyStacks()
		}
		n.log(Entry{Side: "raider", Kind: "clear", Unit: c.ID, To: c.Hex, Count: cnt, VP: sc.DugoutVP})
	}
	n.afterAction()
}

// needPath reports whether a move must know its path: for the log, or
// for the S3 flags a Raider's path enters. A quiet playout step of a
// move that enters no flag skips the search.
func (n *State) needPath(raider bool) bool {
	return !n.quiet || (raider && len(n.sc().FlagHexes) > len(n.Entered))
}

// Explain says why a is not legal, with the spec's precise code.
func (Game) Explain(s State, seat games.Seat, a games.Action) error {
	if code := s.whyNot(seat, a); code != "" {
		return games.Illegal(code)
	}
	return games.Illegal("bad_action", a.String())
}

// whyNot is the first rule a breaks ("" when none is found).
func (s *State) whyNot(seat games.Seat, a games.Action) string {
	if s.Phase == PhaseOver {
		return "game_over"
	}
	if !s.active(seat) {
		return "not_your_turn"
	}
	arg := func(i int) int {
		if i < len(a.Args) {
			return a.Args[i]
		}
		return -1 << 30
	}
	if n, ok := nargs[a.Verb]; !ok || n != len(a.Args) {
		return "bad_action"
	}
	setup := s.Phase == PhaseSetupDefender || s.Phase == PhaseSetupRaider
	switch a.Verb {
	case VDugout, VPlace, VUnplace, VAuto, VReady:
		if !setup {
			return "not_setup"
		}
	default:
		if setup {
			return "in_setup"
		}
	}
	switch a.Verb {
	case VDugout:
		if !s.needDugouts() {
			return "wrong_order"
		}
		return s.dugoutErr(arg(0))
	case VPlace:
		c, h, hid := arg(0), arg(1), arg(2)
		if s.needDugouts() || c != s.nextPending() || c < 0 {
			return "wrong_order"
		}
		if hid != 0 && hid != 1 {
			return "bad_action"
		}
		sc := s.sc()
		if !s.setupRaider() {
			if contains(sc.RaiderStart, h) {
				return "raider_start_hex"
			}
			if sc.DugoutsEmpty && s.isDugout(h) {
				return "dugout_not_empty"
			}
		}
		if !contains(s.allocHexes(c), h) {
			return "bad_hex"
		}
		if hid == 1 && !s.canHide(c, h) {
			return "must_be_face_up"
		}
		if hid == 0 && s.Counters[c].Decoy() {
			return "must_be_hidden"
		}
		return ""
	case VUnplace:
		return "nothing_to_undo"
	case VAuto, VReady:
		return "wrong_count"
	case VReveal:
		h, u := arg(0), arg(1)
		if s.Phase != PhaseDefender {
			return "not_your_turn"
		}
		st := s.stackAt(h)
		if st == nil || u < 0 || u >= len(s.Counters) || s.Counters[u].Decoy() || !contains(st.Counters, u) {
			return "not_in_stack"
		}
		if s.raiderIn(h) {
			return "reveal_blocked_by_raider"
		}
		if st.Turn >= s.revealLimit(h) {
			return "reveal_limit"
		}
		return ""
	case VEnd:
		return ""
	}
	// Unit actions.
	raider := s.Phase == PhaseRaider
	u := arg(0)
	if u < 0 || u >= len(s.Counters) || s.Counters[u].Decoy() {
		return "no_such_unit"
	}
	c := s.Counters[u]
	if a.Verb == VClear && !raider {
		return "not_your_unit"
	}
	if a.Verb == VExit && !raider {
		return "exit_not_allowed"
	}
	if c.Raider != raider {
		if a.Verb == VExit {
			return "exit_not_allowed"
		}
		return "not_your_unit"
	}
	if c.Loc == LocStack {
		return "hidden_unit"
	}
	if c.Loc != LocMap {
		return "not_on_map"
	}
	if c.Acted {
		return "already_acted"
	}
	st := Stats[c.Type]
	sc := s.sc()
	switch a.Verb {
	case VMove, VExit:
		if st.MP == 0 {
			return "immobile"
		}
		if s.frenchHFrozen(c) {
			return "french_h_turn1"
		}
		if a.Verb == VExit {
			if s.M > 3 {
				return "exit_not_allowed"
			}
			if s.reach(u, st.MP).ExitCost >= inf {
				if s.reach(u, inf).ExitCost >= inf {
					return "no_path"
				}
				return "not_enough_mp"
			}
			return ""
		}
		h := arg(1)
		if !Valid(h) || h == c.Hex {
			return "bad_hex"
		}
		if Hex(h).Terrain == Wire && !sc.IsCutWire(h) {
			return "path_blocked_wire"
		}
		if sc.IsImpassable(h) {
			return "path_blocked_impassable"
		}
		if b := s.blockedFor(raider); b[Idx(h)] {
			return "path_blocked_enemy"
		}
		if s.reach(u, st.MP).Cost[Idx(h)] >= inf {
			if s.reach(u, inf).Cost[Idx(h)] >= inf {
				return "no_path"
			}
			return "not_enough_mp"
		}
	case VAttack:
		t := arg(1)
		if t < 0 || t >= len(s.Counters) || s.Counters[t].Loc != LocMap || s.Counters[t].Raider == raider {
			return "target_not_face_up_enemy"
		}
		if Distance(c.Hex, s.Counters[t].Hex) > st.Range {
			return "out_of_range"
		}
	case VClear:
		if !s.isDugout(c.Hex) {
			return "no_dugout"
		}
	}
	return ""
}

// nargs is each verb's number of arguments.
var nargs = map[string]int{VDugout: 1, VPlace: 3, VUnplace: 0, VAuto: 0, VReady: 0, VMove: 2, VExit: 1,
	VAttack: 2, VClear: 1, VReveal: 2, VEnd: 0}

// setFlags records S3 flag hexes entered (mask over unflagged()); returns VP gained.
func (s *State) setFlags(mask int) int {
	if mask == 0 {
		return 0
	}
	un := s.unflagged()
	vp := 0
	for k, h := range un {
		if mask&(1<<k) != 0 {
			s.Entered = append(s.Entered, h)
			vp++
		}
	}
	sortInts(s.Entered)
	return vp
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// reveal turns real unit u of the stack at h face up.
func (s *State) reveal(h, u int) {
	st := s.stackAt(h)
	st.Turn++
	st.Revealed++
	s.removeFromStack(u, h)
	s.Counters[u].Loc = LocMap
	s.Counters[u].Hex = h
	s.Counters[u].Acted = true
	s.log(Entry{Side: "defender", Kind: "reveal", Unit: s.Counters[u].ID, To: h})
	s.dropDecoysIfNoReal(h)
}

// dropDecoysIfNoReal removes a stack's decoys once its last real unit is out.
func (s *State) dropDecoysIfNoReal(h int) {
	st := s.stackAt(h)
	if st == nil || st.Revealed == 0 {
		return
	}
	for _, x := range st.Counters {
		if !s.Counters[x].Decoy() {
			return
		}
	}
	n := len(st.Counters)
	for _, x := range st.Counters {
		s.Counters[x].Loc = LocRemoved
		s.Counters[x].Hex = 0
	}
	st.Counters = nil
	s.dropEmptyStacks()
	s.log(Entry{Side: "defender", Kind: "decoys_removed", To: h, Count: n})
}

// afterAction applies the early end (spec 6.3).
func (s *State) afterAction() {
	if (s.Phase == PhaseRaider || s.Phase == PhaseDefender) && s.raidersOnMap() == 0 {
		s.gameOver()
	}
}

func (s *State) endTurn(rng games.Rand) {
	if s.Phase == PhaseRaider {
		s.log(Entry{Side: "raider", Kind: "end_turn"})
		s.Phase = PhaseDefender
		s.afterTurnStart(rng)
		return
	}
	s.log(Entry{Side: "defender", Kind: "end_turn"})
	if s.sc().Snapshot && s.M == 4 && !s.SnapTaken {
		n := 0
		for _, c := range s.Counters {
			if c.Raider && c.Loc == LocMap && c.Hex/100 == 3 {
				n++
			}
		}
		s.Snapshot, s.SnapTaken = n, true
		s.log(Entry{Kind: "snapshot", Count: n, VP: n})
	}
	s.M--
	for i := range s.Counters {
		s.Counters[i].Acted = false
	}
	for i := range s.Stacks {
		s.Stacks[i].Turn = 0
	}
	if s.M <= 0 {
		s.M = 0
		s.gameOver()
		return
	}
	s.Phase = PhaseRaider
	s.log(Entry{Kind: "turn", Count: s.M})
}

// afterTurnStart runs the solo reveal procedure at the start of a Defender turn.
func (s *State) afterTurnStart(rng games.Rand) {
	if s.Phase != PhaseDefender || !s.soloDefender() {
		return
	}
	hexes := make([]int, 0, len(s.Stacks))
	for _, st := range s.Stacks {
		hexes = append(hexes, st.Hex)
	}
	for _, h := range hexes {
		if s.raiderIn(h) {
			continue
		}
		lim := s.revealLimit(h)
		for k := 0; k < lim; k++ {
			st := s.stackAt(h)
			if st == nil {
				break
			}
			removed := 0
			for len(st.Counters) > 0 && s.Counters[st.Counters[0]].Decoy() {
				x := st.Counters[0]
				st.Counters = st.Counters[1:]
				s.Counters[x].Loc = LocRemoved
				s.Counters[x].Hex = 0
				removed++
			}
			if len(st.Counters) == 0 {
				s.dropEmptyStacks()
				if removed > 0 {
					s.log(Entry{Side: "defender", Kind: "decoys_removed", To: h, Count: removed})
				}
				break
			}
			if removed > 0 {
				s.log(Entry{Side: "defender", Kind: "decoys_removed", To: h, Count: removed})
			}
			s.reveal(h, st.Counters[0])
		}
	}
	s.afterAction()
}

// gameOver ends the leg: scores it; in a match the second leg starts.
func (s *State) gameOver() {
	b := s.score()
	var rev []string
	for _, c := range s.Counters {
		if c.Loc == LocStack || c.Loc == LocCaptured {
			rev = append(rev, c.ID)
		}
	}
	s.Legs = append(s.Legs, LegResult{Leg: s.Leg, RaiderSeat: s.RaiderSeat, Score: b, Revealed: rev})
	s.LegVP[s.RaiderSeat] = b.Total
	s.Phase = PhaseOver
	s.log(Entry{Kind: "game_over", VP: b.Total, Count: b.Victory, Hit: b.RaiderWins})
}

// nextLeg starts the second game of a match, if due.
func (s *State) nextLeg(rng games.Rand) {
	if s.Phase == PhaseOver && s.Match && s.Leg == 1 {
		s.RaiderSeat = 1 - s.RaiderSeat
		s.newLeg(2, rng)
		s.log(Entry{Kind: "leg", Count: 2})
	}
}
