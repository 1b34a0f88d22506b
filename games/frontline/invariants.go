package frontline

import "fmt"

// checkInvariants verifies spec section 14 on a state (used by tests),
// one group of rules after another, and returns the first violation.
func (s *State) checkInvariants() error {
	for _, check := range []func() error{
		s.checkUnits, s.checkActionCards, s.checkEvents, s.checkSeats, s.checkMarkers, s.checkCounters,
	} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// checkUnits is invariant 1: every unit card is in exactly one place.
func (s *State) checkUnits() error {
	// 1. unit conservation
	seen := make([]int, NumUnits)
	add := func(us ...int) {
		for _, u := range us {
			seen[u]++
		}
	}
	add(s.UnitDeck...)
	add(s.UnitRow...)
	add(s.Draft...)
	add(s.RemovedU...)
	for p := 0; p < 2; p++ {
		for f := 0; f < 3; f++ {
			for c := 0; c < 4; c++ {
				if u := s.P[p].Grid[f][c]; u >= 0 {
					add(u)
				}
			}
		}
		add(s.P[p].Rear...)
		add(s.P[p].Prison...)
	}
	for _, q := range s.Queue {
		if q.Kind == PendPlace {
			add(q.Unit)
		}
	}
	for u, n := range seen {
		if n != 1 {
			return fmt.Errorf("unit %s seen %d times", unitName[u], n)
		}
	}
	return nil
}

// checkActionCards is invariant 2: every action card is in exactly one
// place.
func (s *State) checkActionCards() error {
	// 2. action card conservation
	as := make([]int, NumActions)
	addA := func(cs ...int) {
		for _, c := range cs {
			as[c]++
		}
	}
	addA(s.ActDeck...)
	for _, pile := range s.Piles {
		addA(pile...)
	}
	addA(s.RemovedA...)
	for p := 0; p < 2; p++ {
		addA(s.P[p].Hand...)
		addA(s.P[p].Played...)
		addA(s.P[p].Perm...)
		addA(s.P[p].Equip...)
		if s.Battle != nil {
			addA(s.Battle.Cards[p]...)
		}
	}
	for c, n := range as {
		if n != 1 {
			return fmt.Errorf("action card %s seen %d times", actionName[c], n)
		}
	}
	return nil
}

// checkEvents is invariant 3: all events are in the deck or used, one
// used for each event month entered so far.
func (s *State) checkEvents() error {
	// 3. events
	if len(s.EvDeck)+len(s.EvUsed) != NumEvents {
		return fmt.Errorf("event count")
	}
	entered := 0
	for m := 2; m <= s.Month; m++ {
		if ev, _, _ := calendar(s.Variant, m); ev {
			entered++
		}
	}
	if len(s.EvUsed) != entered {
		return fmt.Errorf("used events %d, want %d", len(s.EvUsed), entered)
	}
	return nil
}

// checkSeats is invariants 4, 5 and 8 for each seat: marker and resource
// ranges, equipment slots, readiness, clean prisoners.
func (s *State) checkSeats() error {
	for p := 0; p < 2; p++ {
		pl := &s.P[p]
		// 4. prisons hold enemy cards only: trivially true by construction
		// 5. ranges
		notReady := 0
		for f := 0; f < 3; f++ {
			if pl.Fort[f] < 1 || pl.Fort[f] > 5 || pl.Morale[f] < 0 || pl.Morale[f] > 1 || pl.Mine[f] < 0 || pl.Mine[f] > 1 {
				return fmt.Errorf("seat %d front %d markers out of range", p, f+1)
			}
			if !pl.Ready[f] {
				notReady++
			}
		}
		if pl.Gold < 0 || pl.Gold > MaxGold || pl.Ammo < 0 || pl.Ammo > MaxAmmo || pl.VP < 0 {
			return fmt.Errorf("seat %d gold %d ammo %d vp %d", p, pl.Gold, pl.Ammo, pl.VP)
		}
		if len(pl.Equip) > 3 {
			return fmt.Errorf("equipment slots")
		}
		// 8. readiness
		if notReady > 1 {
			return fmt.Errorf("seat %d has %d exhausted fronts", p, notReady)
		}
		if d := s.Declared[p]; d > 0 && !pl.Ready[d-1] && s.Battle != nil && s.Battle.Att == p {
			return fmt.Errorf("declared front exhausted before cleanup")
		}
		for _, u := range pl.Prison {
			if s.Marks[u] != 0 {
				return fmt.Errorf("prisoner carries markers")
			}
		}
	}
	return nil
}

// checkMarkers is invariant 6: no markers on commanders or removed cards,
// and no more markers out than the supply.
func (s *State) checkMarkers() error {
	// 6. markers
	for u, m := range s.Marks {
		if isCommander(u) && m != 0 {
			return fmt.Errorf("commander %s carries markers", unitName[u])
		}
	}
	for _, u := range s.RemovedU {
		if s.Marks[u] != 0 {
			return fmt.Errorf("removed card carries markers")
		}
	}
	if s.markCount(MarkPlus1) > SupplyPlus1 || s.markCount(MarkPlus2) > SupplyPlus2 || s.markCount(MarkCamo) > SupplyCamo {
		return fmt.Errorf("marker supply exceeded")
	}
	return nil
}

// checkCounters is invariants 10 and 11: the turn counters and the
// month.
func (s *State) checkCounters() error {
	// 10. turn counters
	if s.Phase == PhMain && (s.ActPlayed > s.limit(s.Turn) || s.ManLeft < 0 || s.ShellLeft < 0) {
		return fmt.Errorf("turn counters: act %d man %d shell %d", s.ActPlayed, s.ManLeft, s.ShellLeft)
	}
	// 11. market
	n := len(s.ActDeck)
	for _, pile := range s.Piles {
		n += len(pile)
	}
	if s.Month < 1 || s.Month > s.Months {
		return fmt.Errorf("month %d", s.Month)
	}
	_ = n
	return nil
}
