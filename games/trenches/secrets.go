package trenches

import "github.com/warroom/warroom/games"

// PrivateChoices implements games.Secrets from the public view: the
// Defender's set-up (every placement is secret while it is built) and any
// Defender turn in which some hidden stack may be revealed (one no raider
// stands on, under its reveal limit), since reveal choices name the
// stack's real units. Whether a reveal is legal depends on the stack's
// hidden contents (decoys cannot be revealed), so the menu is private on
// the public condition, not on the legal actions.
func (Game) PrivateChoices(public any, seat games.Seat) bool {
	v, ok := public.(View)
	if !ok {
		return true
	}
	if int(seat) != v.DefenderSeat {
		return false
	}
	switch v.Phase {
	case PhaseSetupDefender:
		return true
	case PhaseDefender:
		for _, st := range v.Stacks {
			if !st.Pinned && st.Reveals < st.Limit {
				return true
			}
		}
	}
	return false
}

// Disguise implements games.Disguiser. While the Defender builds the
// set-up (none of it is public) it takes back the Defender's choices and
// makes as many other legal ones, drawn with r. Then it deals the
// face-down counters again among the hidden stacks and the captured
// counters (each stack keeping its height, the captured their number):
// which of them are decoys, which unit lies where and in what order,
// which were captured. Set-up steps that placed a counter into a stack
// follow the counter now in its slot. Once the game is over everything is
// public.
func (g Game) Disguise(s State, r games.Rand) State {
	n := s.Clone()
	if n.Phase == PhaseOver {
		return n
	}
	if n.Phase == PhaseSetupDefender {
		n = g.resetup(n, r)
	}
	type slot struct{ stack, pos, hex int } // stack -1: captured
	var slots []slot
	var pool []int
	for i, st := range n.Stacks {
		for j, c := range st.Counters {
			slots = append(slots, slot{i, j, st.Hex})
			pool = append(pool, c)
		}
	}
	for c, x := range n.Counters {
		if x.Loc == LocCaptured {
			slots = append(slots, slot{-1, 0, x.Hex})
			pool = append(pool, c)
		}
	}
	old := append([]int(nil), pool...)
	games.Shuffle(r, pool)
	now := map[int]int{} // old counter -> counter now in its slot
	for k, sl := range slots {
		c := pool[k]
		now[old[k]] = c
		n.Counters[c].Hex = sl.hex
		if sl.stack < 0 {
			n.Counters[c].Loc = LocCaptured
			continue
		}
		n.Counters[c].Loc = LocStack
		n.Stacks[sl.stack].Counters[sl.pos] = c
	}
	for i, p := range n.Placed {
		if c, ok := now[p.Counter]; ok && p.Hidden {
			n.Placed[i].Counter = c
		}
	}
	return n
}

// resetup replaces the Defender's set-up choices so far by as many other
// legal ones (place and dugout steps; never auto, which draws from the
// table's source, nor ready).
func (g Game) resetup(s State, r games.Rand) State {
	def := s.DefenderSeat()
	k := 0
	for _, p := range s.Placed {
		if !p.Auto {
			k++
		}
	}
	t := s
	for i := 0; i < k; i++ {
		if !games.InLegal(g.Legal(t, def), games.Act(VUnplace)) {
			return s
		}
		t, _ = g.Do(t, def, games.Act(VUnplace), r)
	}
	for i := 0; i < k; i++ {
		var opts []games.Action
		for _, a := range g.Legal(t, def) {
			if a.Verb == VPlace || a.Verb == VDugout {
				opts = append(opts, a)
			}
		}
		if len(opts) == 0 {
			return s
		}
		t, _ = g.Do(t, def, opts[r.Intn(len(opts))], r)
	}
	return t
}

// Holds implements games.Holder from the public view: only the Defender
// holds anything hidden, while it builds its set-up and then while any
// face-down stack or face-down captured counter is on record (both
// public counts). The Raider's units are all face up.
func (Game) Holds(public any, seat games.Seat) bool {
	v, ok := public.(View)
	if !ok {
		return true
	}
	if int(seat) != v.DefenderSeat || v.Phase == PhaseOver {
		return false
	}
	return v.Phase == PhaseSetupDefender || len(v.Stacks) > 0 || v.Captured > 0
}
