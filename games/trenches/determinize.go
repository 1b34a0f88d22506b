package trenches

import (
	"slices"

	"github.com/warroom/warroom/games"
)

// Determinize implements games.Determinizer: a twin of s that keeps what
// viewer sees and draws what viewer cannot, from viewer's view alone.
//
//   - The Defender sees everything (the stacks' contents, the captured
//     counters); its twin is s, with the one field no view shows (a
//     stack's reveals before this turn, which no rule reads again) put
//     to a value of its own.
//   - The Raider, while the Defender builds the set-up, sees none of it:
//     the twin is the set-up's start (the forced placements made), which
//     the rollouts complete at random as the computer does (spec 5.4).
//   - The Raider afterwards sees each stack's hex and height and the
//     number of captured counters: the twin deals the Defender's unseen
//     counters again among those places (redeal).
//   - A spectator sees what the Raider sees of the Defender's counters,
//     and gets the Raider's kind of twin (a Disguise drawn from the public
//     view alone, as "How it went" needs; Disguise itself deals even
//     impossible twins for the secrecy test).
//   - Nothing is hidden once the game is over.
func (g Game) Determinize(s State, viewer games.Seat, r games.Rand) State {
	switch {
	case s.Phase == PhaseOver:
		return s.Clone()
	case viewer == s.DefenderSeat():
		n := s.Clone()
		n.forgetReveals()
		return n
	case s.Phase == PhaseSetupDefender:
		return s.setupStart()
	}
	n := s.Clone()
	n.forgetReveals()
	n.redeal(r)
	return n
}

// forgetReveals sets each stack's count of past reveals to this turn's:
// the count is read only right after a reveal has raised it (to drop a
// stack's decoys once its last real unit is out), and no view shows it.
func (s *State) forgetReveals() {
	for i := range s.Stacks {
		s.Stacks[i].Revealed = s.Stacks[i].Turn
	}
}

// setupStart is the Defender's set-up as it starts: every Defender
// counter pending, the scenario's dugouts, the forced placements made.
func (s *State) setupStart() State {
	n := s.Clone()
	for i, c := range n.Counters {
		if !c.Raider {
			n.Counters[i].Loc, n.Counters[i].Hex, n.Counters[i].Acted = LocPending, 0, false
		}
	}
	n.Stacks, n.Placed = nil, nil
	n.Dugouts = append([]int(nil), n.sc().Dugouts...)
	n.advanceSetup()
	n.evs = nil
	return n
}

// redeal deals the Defender counters the Raider cannot see (in stacks,
// captured, or decoys removed from play) again: every real unit into a
// stack slot or a captured slot, the slots left to decoys, the decoys
// left removed. A stack slot takes only a counter its allocation may hide
// on that hex (spec 5.2), as the Raider knows; the counters are listed by
// index before shuffling, so the twin depends on the view alone. After
// redealTries failed deals (none seen in practice) the allocations are
// ignored: the twin still has the same view.
func (s *State) redeal(r games.Rand) {
	reals, decoys := s.unseenCounters()
	slots := s.redealSlots()
	where := map[int][]int{} // counter -> hexes it may hide on
	for _, c := range append(slices.Clone(reals), decoys...) {
		where[c] = s.hideHexes(c)
	}
	d := redealer{reals: reals, decoys: decoys, slots: slots, where: where,
		deal: make([]int, len(slots)), free: make([]int, 0, len(slots))}
	ok := false
	for range redealTries {
		if ok = d.try(r, true); ok {
			break
		}
	}
	if !ok {
		d.try(r, false)
	}
	for _, c := range d.decoys {
		s.Counters[c].Loc, s.Counters[c].Hex, s.Counters[c].Acted = LocRemoved, 0, false
	}
	for k, sl := range d.slots {
		c := d.deal[k]
		s.Counters[c].Hex, s.Counters[c].Acted = sl.hex, false
		if sl.stack < 0 {
			s.Counters[c].Loc, s.Counters[c].Hex = LocCaptured, 0
			continue
		}
		s.Counters[c].Loc = LocStack
		s.Stacks[sl.stack].Counters[sl.pos] = c
	}
}

const redealTries = 20

// unseenCounters lists, by index, the Defender counters the Raider cannot
// see (in stacks, captured, or removed): the real units and the decoys.
func (s *State) unseenCounters() (reals, decoys []int) {
	for i, c := range s.Counters {
		if c.Raider || (c.Loc != LocStack && c.Loc != LocCaptured && c.Loc != LocRemoved) {
			continue
		}
		if c.Decoy() {
			decoys = append(decoys, i)
		} else {
			reals = append(reals, i)
		}
	}
	return reals, decoys
}

// redealSlot is a place redeal deals a counter to: a position in a
// stack on hex, or (stack -1) a captured counter.
type redealSlot struct{ stack, pos, hex int }

// redealSlots lists the places the Raider sees a hidden counter in: every
// stack position in stack order, then one per captured counter.
func (s *State) redealSlots() []redealSlot {
	var slots []redealSlot
	for i, st := range s.Stacks {
		for j := range st.Counters {
			slots = append(slots, redealSlot{i, j, st.Hex})
		}
	}
	for _, c := range s.Counters {
		if c.Loc == LocCaptured {
			slots = append(slots, redealSlot{-1, 0, 0})
		}
	}
	return slots
}

// redealer is one redeal in progress: the counters to deal, the slots,
// where each counter may hide, and the deal being tried. (The random
// source is passed to its methods, not kept here: that keeps these
// slices off the heap.)
type redealer struct {
	reals, decoys []int
	slots         []redealSlot
	where         map[int][]int
	deal          []int // counter per slot, -1 while empty
	free          []int // pick's scratch: room for every slot
}

// try makes one random deal with r: every real unit into a slot, then
// decoys into the rest. strict keeps stack slots to counters that may hide on
// their hex; try reports whether every slot was filled.
func (d *redealer) try(r games.Rand, strict bool) bool {
	for k := range d.deal {
		d.deal[k] = -1
	}
	rs := slices.Clone(d.reals)
	games.Shuffle(r, rs)
	for _, c := range rs {
		if !d.pick(r, c, strict) {
			return false
		}
	}
	ds := slices.Clone(d.decoys)
	games.Shuffle(r, ds)
	used := 0
	for _, c := range ds {
		if used == len(d.slots)-len(d.reals) {
			break
		}
		if d.pick(r, c, strict) {
			used++
		}
	}
	return used == len(d.slots)-len(d.reals)
}

// pick deals counter c to a random empty slot it fits, reporting false
// if there is none.
func (d *redealer) pick(r games.Rand, c int, strict bool) bool {
	free := d.free[:0]
	for k, sl := range d.slots {
		if d.deal[k] < 0 && (!strict || d.fits(c, sl)) {
			free = append(free, k)
		}
	}
	if len(free) == 0 {
		return false
	}
	d.deal[free[r.Intn(len(free))]] = c
	return true
}

// fits reports whether counter c may be dealt to slot sl: a captured slot
// takes any, a stack slot only a counter that may hide on its hex.
func (d *redealer) fits(c int, sl redealSlot) bool {
	return sl.stack < 0 || contains(d.where[c], sl.hex)
}

// hideHexes lists the hexes Defender counter c may lie hidden on by its
// allocation (spec 5.2), as far as the Raider can tell from the board: a
// per-dugout pair may be in any dugout (S3's pairs are alike, an H and a
// decoy each, and a cleared dugout shifts the pairs' order).
func (s *State) hideHexes(c int) []int {
	hs := s.allocHexes(c)
	if s.sc().Allocs[s.Counters[c].Alloc].PerDugout {
		hs = s.Dugouts
	}
	var out []int
	for _, h := range hs {
		if s.canHide(c, h) {
			out = append(out, h)
		}
	}
	return out
}
