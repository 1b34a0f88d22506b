package trenches

import (
	"github.com/warroom/warroom/games"
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

// Do performs one legal action through the verb table (verbs.go); at
// the end of a match's first leg the second is dealt.
func (Game) Do(s State, seat games.Seat, a games.Action, rng games.Rand) (State, []games.Event) {
	m := games.Begin(s, seat, rng)
	games.Dispatch(verbs, m, a)
	n := m.S
	n.journal(m, s.DefenderSeat())
	if n.Phase == PhaseOver && n.Match && n.Leg == 1 {
		n.nextLeg(rng)
		n.journal(m, n.DefenderSeat())
	}
	return *n, m.Events
}

// journal logs the entries n (m.S) logged as m's events, by the seat
// that acted, and empties n's log; a private entry is the Defender's
// (set-up details), whoever acted.
func (n *State) journal(m *games.Move[State], defender games.Seat) {
	for _, e := range n.evs {
		if e.Private {
			m.LogFor(e.Kind, m.Seat, []games.Seat{defender}, e)
		} else {
			m.Log(e.Kind, m.Seat, e)
		}
	}
	n.evs = nil
}
