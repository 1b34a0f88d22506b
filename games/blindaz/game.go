package blindaz

import (
	"fmt"
	"slices"

	"github.com/warroom/warroom/games"
)

// Game implements games.Game[State].
type Game struct{}

// Engine is the game as the table service plays it (catalog lists it).
func Engine() games.Engine { return games.Adapt[State](Game{}) }

// Info describes the game.
func (Game) Info() games.Info {
	diffs := make([]string, len(Difficulties))
	for i, d := range Difficulties {
		diffs[i] = d.ID
	}
	return games.Info{
		ID: ID, Name: "Blindaż", MinSeats: 1, MaxSeats: 4, Coop: true,
		Options: []games.OptionSpec{
			{Key: OptDifficulty, Kind: games.OptionString, Choices: diffs, Default: "standard"},
			{Key: OptSolo, Kind: games.OptionString, Choices: []string{SoloTwo, SoloLone}, Default: SoloTwo},
			// How the computer soldiers play: easy, normal or hard.
			games.LevelOption(),
		},
	}
}

// Setup deals a new game (spec §5): shuffle #1 the trench stack, draw the
// market; shuffle #2 the enemy stack, box the top 8.
func (Game) Setup(opts games.Options, seats int, rng games.Rand) (State, error) {
	if seats < 1 || seats > 4 {
		return State{}, fmt.Errorf("blindaz: %d seats, want 1-4", seats)
	}
	diff := opts[OptDifficulty]
	if diff == "" {
		diff = "standard"
	}
	limit := 0
	for _, d := range Difficulties {
		if d.ID == diff {
			limit = d.Limit
		}
	}
	if limit == 0 {
		return State{}, fmt.Errorf("blindaz: unknown difficulty %q", diff)
	}
	solo := opts[OptSolo]
	if solo == "" {
		solo = SoloTwo
	}
	if solo != SoloTwo && solo != SoloLone {
		return State{}, fmt.Errorf("blindaz: unknown solo mode %q", solo)
	}
	level, err := games.Level(opts)
	if err != nil {
		return State{}, fmt.Errorf("blindaz: %w", err)
	}
	levels, err := games.SeatLevels(opts, seats)
	if err != nil {
		return State{}, fmt.Errorf("blindaz: %w", err)
	}
	n := seats
	if seats == 1 && solo == SoloTwo {
		n = 2
	}
	s := State{N: n, Seats: seats, Limit: limit, Diff: diff, Level: level, Levels: levels, Phase: PhaseDeploy, Round: 1, Flags: FlagCount, From: -1}
	for i := range n {
		seat := i
		if seats == 1 {
			seat = 0
		}
		s.Soldiers = append(s.Soldiers, Soldier{Seat: seat, Pos: -1})
	}
	s.Stack = make([]int, NumTrench)
	for i := range s.Stack {
		s.Stack[i] = i + 1
	}
	games.Shuffle(rng, s.Stack)
	s.Market = slices.Clone(s.Stack[:MarketSize])
	s.Stack = slices.Clone(s.Stack[MarketSize:])
	es := make([]int, NumEnemy)
	for i := range es {
		es[i] = i + 1
	}
	games.Shuffle(rng, es)
	s.Box = slices.Clone(es[:BoxSize])
	s.EStack = slices.Clone(es[BoxSize:])
	s.Discard, s.Destroyed, s.Spent = []int{}, []int{}, []Spent{}
	return s, nil
}

// Active lists who may act: in deploy every seat with an undeployed
// soldier; in a turn the owner of the acting soldier; none when over.
func (Game) Active(s State) []games.Seat {
	switch s.Phase {
	case PhaseDeploy:
		var out []games.Seat
		for _, so := range s.Soldiers {
			if so.Pos < 0 && !slices.Contains(out, games.Seat(so.Seat)) {
				out = append(out, games.Seat(so.Seat))
			}
		}
		return out
	case PhaseTurn:
		return []games.Seat{games.Seat(s.Soldiers[s.Turn].Seat)}
	}
	return nil
}

// Legal lists exactly the actions Apply accepts from seat.
func (g Game) Legal(s State, seat games.Seat) []games.Action {
	out := s.appendLegal(nil, seat)
	for i := range out {
		out[i].Args = slices.Clone(out[i].Args) // the caller's to keep
	}
	return out
}

// appendLegal appends seat's legal actions to out. Their Args may be
// shared (cellArgTab): a playout reads them, Legal copies them.
func (s *State) appendLegal(out []games.Action, seat games.Seat) []games.Action {
	switch s.Phase {
	case PhaseDeploy:
		if !slices.ContainsFunc(s.Soldiers, func(so Soldier) bool { return so.Seat == int(seat) && so.Pos < 0 }) {
			return out
		}
		for l := 1; l <= Lanes; l++ {
			out = append(out, games.Action{Verb: VDeploy, Args: smallLaneTab[l]})
		}
		return out
	case PhaseTurn:
		if games.Seat(s.Soldiers[s.Turn].Seat) != seat {
			return out
		}
		return s.turnLegal(out)
	}
	return out
}

func cellArgs(c int) []int {
	x, y := XY(c)
	return []int{x, y + 1}
}

func actCell(verb string, c int) games.Action {
	return games.Action{Verb: verb, Args: cellArgs(c)}
}

// cellArgTab holds every cell's arguments once, for legal lists.
var cellArgTab = func() (t [Cells][]int) {
	for c := range t {
		t[c] = cellArgs(c)
	}
	return
}()

func sharedCell(verb string, c int) games.Action {
	return games.Action{Verb: verb, Args: cellArgTab[c]}
}

// turnLegal appends the acting soldier's legal actions in the current
// sub-step to out.
func (s *State) turnLegal(out []games.Action) []games.Action {
	si := s.Turn
	if !s.Moved {
		var buf [Cells]Dest
		for _, d := range s.appendReach(buf[:0], si, true) {
			out = append(out, sharedCell(VMove, d.Cell))
		}
		return s.actsAt(out, si, false, s.stranded(si))
	}
	out = s.actsAt(out, si, s.Exit, false)
	return append(out, games.Act(VBack))
}

// actsAt appends the step-2 actions of soldier si where he stands.
func (s *State) actsAt(out []games.Action, si int, exit, canBuild bool) []games.Action {
	pos := s.Soldiers[si].Pos
	x, _ := XY(pos)
	if exit {
		if x == colA {
			if s.Flags > 0 {
				out = append(out, games.Act(VFlag))
			}
			return out
		}
		return s.appendBuilds(out, pos)
	}
	for d := range 4 {
		if n := step(pos, d); n >= 0 && s.Board[n].Enemy != 0 {
			out = append(out, sharedCell(VAttack, n))
		}
	}
	if s.Soldiers[si].Grenade != 0 {
		for d := range 4 {
			if step(pos, d) >= 0 {
				out = append(out, games.Action{Verb: VThrow, Args: smallArgTab[d]})
			}
		}
	} else {
		for i, t := range s.Market {
			if TrenchTile(t).Shape == NoShape {
				out = append(out, games.Action{Verb: VTake, Args: smallArgTab[i+1]})
			}
		}
	}
	if canBuild {
		out = s.appendBuilds(out, pos)
	}
	for x := colA; x <= colG; x++ {
		for y := range Lanes {
			c := CellAt(x, y)
			if s.Board[c].Tile != 0 && !s.soldierAt(c) {
				out = append(out, sharedCell(VClear, c))
			}
		}
	}
	if len(s.Market) > 0 {
		out = append(out, games.Act(VReplace))
	}
	return append(out, games.Act(VPass))
}

// appendBuilds appends the legal builds on c, in buildsAt's order.
func (s *State) appendBuilds(out []games.Action, c int) []games.Action {
	for slot, t := range s.Market {
		for _, o := range Orientations[TrenchTile(t).Shape] {
			if s.fits(c, o) {
				out = append(out, games.Action{Verb: VBuild, Args: buildArgTab[slot][o]})
			}
		}
	}
	return out
}

// Outcome: one shared result.
func (Game) Outcome(s State) games.Outcome {
	if s.Phase != PhaseOver {
		return games.Outcome{}
	}
	o := games.Outcome{Done: true, Reason: s.Reason}
	if s.Result == Victory {
		for i := range s.Seats {
			o.Winners = append(o.Winners, games.Seat(i))
		}
	}
	return o
}

// Do performs one legal action through the verb table (verbs.go).
func (g Game) Do(s State, seat games.Seat, a games.Action, rng games.Rand) (State, []games.Event) {
	return games.Play(verbs, s, seat, a, rng)
}
