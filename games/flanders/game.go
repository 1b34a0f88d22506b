package flanders

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/warroom/warroom/games"
)

// ID is the engine id.
const ID = "flanders"

// Option keys (spec §11).
const (
	OptBeginner        = "beginner"
	OptFirstPlayer     = "first_player"
	OptStrongArtillery = "strong_artillery"
)

// Game is the In Flanders Field engine.
type Game struct{}

// Engine is the game as the table service plays it (catalog lists it).
func Engine() games.Engine { return games.Adapt[State](Game{}) }

// Info describes the game and its options.
func (Game) Info() games.Info {
	return games.Info{
		ID:       ID,
		Name:     "In Flanders Field",
		MinSeats: 2,
		MaxSeats: 4,
		Options: []games.OptionSpec{
			// Seats that start with 8 troops: "none" (the default),
			// "all", or a comma-separated list of seat numbers as the
			// lobby shows them (1-based), e.g. "1,3".
			{Key: OptBeginner, Kind: games.OptionString, Default: "none", Seats: true},
			// "random" or a seat number as the lobby shows it (1-based).
			{Key: OptFirstPlayer, Kind: games.OptionString, Choices: []string{"random", "1", "2", "3", "4"}, Default: "random", Seats: true},
			{Key: OptStrongArtillery, Kind: games.OptionBool, Default: "false"},
			// How the computer seats play: easy, normal or hard.
			games.LevelOption(),
		},
	}
}

// ParseBeginner reads the beginner option: "", "none", "all", or a
// comma-separated list of 1-based seat numbers (as the lobby lists them).
// The result is indexed by 0-based seat.
func ParseBeginner(v string, seats int) ([]bool, error) {
	out := make([]bool, seats)
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "", "none", "off", "false", "no":
		return out, nil
	case "all", "on", "true", "yes":
		for i := range out {
			out[i] = true
		}
		return out, nil
	}
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		n, err := strconv.Atoi(part)
		if err != nil || n < 1 || n > seats {
			return nil, fmt.Errorf("flanders: beginner: %q is not a seat 1..%d", part, seats)
		}
		out[n-1] = true
	}
	return out, nil
}

// Setup deals a new game (spec §5).
func (Game) Setup(o games.Options, seats int, rng games.Rand) (State, error) {
	if seats < 2 || seats > 4 {
		return State{}, fmt.Errorf("flanders: %d seats, need 2-4", seats)
	}
	beg, err := ParseBeginner(o[OptBeginner], seats)
	if err != nil {
		return State{}, err
	}
	first := -1
	if v := strings.TrimSpace(strings.ToLower(o[OptFirstPlayer])); v != "" && v != "random" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > seats {
			return State{}, fmt.Errorf("flanders: first_player %q is not random or a seat 1..%d", v, seats)
		}
		first = n - 1
	}
	level, err := games.Level(o)
	if err != nil {
		return State{}, fmt.Errorf("flanders: %w", err)
	}
	s := State{
		NSeats:          seats,
		StrongArtillery: o.Bool(OptStrongArtillery, false),
		Level:           level,
		Players:         make([]Player, seats),
		Pool:            NumTroops,
		Round:           1,
	}
	for i := range s.Players {
		s.Players[i].Troops = 6
		if beg[i] {
			s.Players[i].Troops = 8
			s.Players[i].Beginner = true
		}
		s.Pool -= s.Players[i].Troops
	}
	if first < 0 {
		first = rng.Intn(seats)
	}
	s.First, s.Active = first, first
	deck := make([]int, NumCards)
	for i := range deck {
		deck[i] = i
	}
	games.Shuffle(rng, deck)
	s.Draw = deck
	for i := range s.Spaces {
		s.Spaces[i] = -1
	}
	c := &ctx{s: &s, rng: rng}
	c.refill()
	s.startTurn()
	c.note(s.Active, "turn_started", []int{s.Round})
	return s, nil
}

// Active lists the seat to act, or nothing when the game is over.
func (Game) Active(s State) []games.Seat {
	if s.Over() {
		return nil
	}
	return []games.Seat{games.Seat(s.Active)}
}

// candidates lists every action that could be legal in the phase; Legal
// filters them through check, so Legal and Apply can never disagree. The
// lists are shared: callers must not change them.
func (s *State) candidates() []games.Action {
	switch s.Phase {
	case PhaseReady:
		return byPhase[0]
	case PhaseRolled:
		return byPhase[1]
	case PhaseGas:
		return byPhase[2]
	case PhaseArtillery:
		return byPhase[3]
	case PhaseSacrifice:
		return sacrifices[:s.KMax+1]
	case PhaseMove:
		return byPhase[4]
	case PhaseMines:
		return byPhase[5]
	}
	return nil
}

// byPhase and sacrifices are the candidates, built once.
var (
	byPhase    [6][]games.Action // ready, rolled, gas, artillery, move, mines
	sacrifices []games.Action
)

func init() {
	var ready, rolled []games.Action
	for _, sp := range Drawable {
		ready = append(ready, games.Act("gas", sp))
	}
	byPhase[0] = append(ready, games.Act("roll"), games.Act("stop"))
	for sp := 3; sp <= 11; sp++ {
		rolled = append(rolled, games.Act("take", sp))
	}
	rolled = append(rolled, games.Act("recon"))
	for die := 1; die <= 3; die++ {
		rolled = append(rolled, games.Act("balloon", die, -1), games.Act("balloon", die, 1))
	}
	byPhase[1] = append(rolled, games.Act("accept_bust"))
	for t := range NumTypes {
		byPhase[2] = append(byPhase[2], games.Act("gas_discard", t))
	}
	for _, t := range []int{GermanMG, GermanArtillery, GermanCounterAttack} {
		byPhase[3] = append(byPhase[3], games.Act("cancel", t))
	}
	byPhase[3] = append(byPhase[3], games.Act("keep_artillery"))
	for n := 0; n <= NumTroops; n++ {
		sacrifices = append(sacrifices, games.Act("sacrifice", n))
	}
	byPhase[4] = []games.Action{games.Act("step_infantry"), games.Act("step_tank"), games.Act("auto_move"), games.Act("end_move")}
	byPhase[5] = []games.Action{games.Act("use_mines"), games.Act("halt")}
}

// Legal lists every action Apply accepts from seat now.
func (Game) Legal(s State, seat games.Seat) []games.Action {
	out := s.appendLegal(nil, int(seat))
	for i := range out {
		out[i].Args = slices.Clone(out[i].Args) // the caller's to keep
	}
	return out
}

// appendLegal appends seat's legal actions to out.
func (s *State) appendLegal(out []games.Action, seat int) []games.Action {
	if s.Over() || seat != s.Active {
		return out
	}
	for _, a := range s.candidates() {
		if code, _ := s.judgeMove(a); code == "" { // a candidate is of the phase
			out = append(out, a)
		}
	}
	return out
}

// verbs maps each verb to its phase and argument count.
var verbs = map[string]struct {
	phase string
	args  int
}{
	"gas": {PhaseReady, 1}, "roll": {PhaseReady, 0}, "stop": {PhaseReady, 0},
	"take": {PhaseRolled, 1}, "recon": {PhaseRolled, 0}, "balloon": {PhaseRolled, 2}, "accept_bust": {PhaseRolled, 0},
	"gas_discard": {PhaseGas, 1},
	"cancel":      {PhaseArtillery, 1}, "keep_artillery": {PhaseArtillery, 0},
	"sacrifice":     {PhaseSacrifice, 1},
	"step_infantry": {PhaseMove, 0}, "step_tank": {PhaseMove, 0}, "auto_move": {PhaseMove, 0}, "end_move": {PhaseMove, 0},
	"use_mines": {PhaseMines, 0}, "halt": {PhaseMines, 0},
}

// check validates an action without changing anything: the explanation
// of a refusal. Its last part, judgeMove, is also the filter Legal draws
// its list with, without building an error.
func (s *State) check(seat int, a games.Action) error {
	if s.Over() {
		return games.Illegal("game_over")
	}
	if seat != s.Active {
		return games.Illegal("not_your_turn")
	}
	v, ok := verbs[a.Verb]
	if !ok || len(a.Args) != v.args {
		return games.Illegal("bad_action", a.String())
	}
	if v.phase != s.Phase {
		return games.Illegal("wrong_phase", a.Verb, "in", s.Phase)
	}
	if code, d := s.judgeMove(a); code != "" {
		d := d.v[:d.n]
		args := make([]any, len(d))
		for i, x := range d {
			args[i] = x
		}
		return games.Illegal(code, args...)
	}
	return nil
}

// detail is a refusal's numbers, kept off the heap until reported.
type detail struct {
	v [2]int
	n int
}

// judgeMove is judge of an action of the phase and seat, with its
// arguments.
func (s *State) judgeMove(a games.Action) (string, detail) {
	hand := s.Players[s.Active].Hand
	arg := func(i int) int { return a.Args[i] }
	switch a.Verb {
	case "gas":
		if !hasType(hand, BritishGas) {
			return "no_gas_card", detail{}
		}
		sp := arg(0)
		if sp < 3 || sp > 11 || sp == NineSpace || s.Spaces[sp] < 0 {
			return "bad_gas_target", detail{[2]int{sp}, 1}
		}
		if t := cardTypeOf[s.Spaces[sp]]; t != GermanArtillery && t != GermanMG {
			return "bad_gas_target", detail{[2]int{sp}, 1}
		}
	case "stop":
		if !s.MayStop {
			return "cannot_stop_yet", detail{}
		}
	case "take":
		if sp := arg(0); sp < 3 || sp > 11 || s.optionMask(s.Dice)&(1<<sp) == 0 {
			return "not_an_option", detail{[2]int{sp}, 1}
		}
	case "recon":
		if !hasType(hand, AerialRecon) {
			return "no_recon", detail{}
		}
		if s.fcForcedMask(s.optionMask(s.Dice)) {
			return "fc_forced", detail{}
		}
	case "balloon":
		if !hasType(hand, ObservationBalloon) {
			return "no_balloon", detail{}
		}
		if s.fcForcedMask(s.optionMask(s.Dice)) {
			return "fc_forced", detail{}
		}
		die, d := arg(0), arg(1)
		if die < 1 || die > 3 || (d != 1 && d != -1) || s.Dice[die-1]+d < 1 || s.Dice[die-1]+d > 6 {
			return "die_out_of_range", detail{[2]int{die, d}, 2}
		}
		if !s.balloonOK(die, d) {
			return "balloon_gives_no_card", detail{}
		}
	case "accept_bust":
		if s.optionMask(s.Dice) != 0 {
			return "bust_not_allowed", detail{}
		}
	case "gas_discard":
		for _, t := range gasEligible(hand) {
			if t == arg(0) {
				return "", detail{}
			}
		}
		return "not_eligible", detail{[2]int{arg(0)}, 1}
	case "cancel":
		if !hasType(hand, BritishArtillery) {
			return "no_artillery", detail{}
		}
		el := cancellableIn(hand)
		if s.StrongArtillery && len(el) > 0 {
			el = el[:1] // one cancel removes them all: offer it once
		}
		for _, t := range el {
			if t == arg(0) {
				return "", detail{}
			}
		}
		return "bad_cancel_target", detail{[2]int{arg(0)}, 1}
	case "sacrifice":
		if arg(0) < 0 || arg(0) > s.KMax {
			return "sacrifice_out_of_range", detail{[2]int{arg(0)}, 1}
		}
	case "step_infantry":
		if s.I <= 0 {
			return "no_points", detail{}
		}
	case "step_tank":
		if s.T <= 0 {
			return "no_points", detail{}
		}
	}
	return "", detail{}
}

// Explain says why a is not legal: the code check gives.
func (Game) Explain(s State, seat games.Seat, a games.Action) error {
	return s.check(int(seat), a)
}

// Do performs one legal action.
func (Game) Do(s State, seat games.Seat, a games.Action, rng games.Rand) (State, []games.Event) {
	ns := s.clone()
	c := &ctx{s: &ns, rng: rng}
	c.do(a)
	return ns, c.ev
}

// do performs a legal action on c.s in place.
func (c *ctx) do(a games.Action) {
	ns := c.s
	switch a.Verb {
	case "gas":
		c.gas(a.Args[0])
	case "roll":
		c.rollDice("rolled")
	case "stop":
		c.stop()
	case "take":
		c.take(a.Args[0])
	case "recon":
		c.discardFirst(AerialRecon)
		c.rollDice("recon")
	case "balloon":
		c.discardFirst(ObservationBalloon)
		die, d := a.Args[0], a.Args[1]
		from := ns.Dice[die-1]
		ns.Dice[die-1] += d
		c.note(ns.Active, "balloon", []int{die, from, from + d})
		c.afterDice()
	case "accept_bust":
		c.bust()
	case "gas_discard":
		c.gasDiscard(a.Args[0])
		c.resolveGas()
	case "cancel":
		c.cancel(a.Args[0])
	case "keep_artillery":
		c.finishArtillery()
	case "sacrifice":
		c.finishSacrifice(a.Args[0])
	case "step_infantry":
		c.step(false)
	case "step_tank":
		c.step(true)
	case "auto_move":
		c.autoMove()
	case "end_move":
		c.endMovement()
	case "use_mines":
		c.useMines()
	case "halt":
		c.halt()
	}
}

// Outcome reports the result; Scores are the troops left per seat.
func (Game) Outcome(s State) games.Outcome {
	if !s.Over() {
		return games.Outcome{}
	}
	o := games.Outcome{Done: true, Reason: s.Reason}
	for _, w := range s.Winners {
		o.Winners = append(o.Winners, games.Seat(w))
	}
	for _, p := range s.Players {
		o.Scores = append(o.Scores, p.Troops)
	}
	return o
}
