package main

import (
	"bytes"
	"cmp"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// ReplayFile is the state format of `warroom replay` (see docs/developers.md):
// a game, its seats and options, an optional starting state (absent or
// null: Setup runs), the randomness (scripted Intn results first, then a
// seed), and the actions to apply. An export of a stored table ({"table":
// ..., "log": ...}) is accepted too: its state is the starting state.
type ReplayFile struct {
	Game    string          `json:"game"`
	Seats   int             `json:"seats"`
	Options games.Options   `json:"options,omitempty"`
	State   json.RawMessage `json:"state,omitempty"`
	Script  []int           `json:"script,omitempty"`
	Seed    []uint64        `json:"seed,omitempty"`
	// Actions are "action" or "seat:action", e.g. "1:take.7"; arguments
	// may be written by name ("1:gas_discard.german_mg", "move.D2"); a
	// Trenches move or exit may list its path ("move.<unit>.0305.0405").
	Actions []string `json:"actions,omitempty"`
	// Computer lists the seats the computer plays: before the first
	// action and after each one, their turns are played (games.RunBots)
	// until a seat not listed must act.
	Computer []int       `json:"computer,omitempty"`
	Table    *data.Table `json:"table,omitempty"`
}

// ReplayResult is what replay prints.
type ReplayResult struct {
	Game string `json:"game"`
	// Seed is the seed the draws came from after the script: the file's,
	// or one drawn at random when the file gives none (run it again with
	// this seed to get the same result). Absent when a table export's own
	// source was used.
	Seed       []uint64      `json:"seed,omitempty"`
	ScriptUsed int           `json:"script_used"` // values of "script" consumed
	Steps      []ReplayStep  `json:"steps"`       // every action, the computer's too
	Applied    int           `json:"applied"`
	Rejected   int           `json:"rejected"`
	Error      string        `json:"error,omitempty"` // the first rejected step, if any
	Events     []games.Event `json:"events"`          // all steps' events in order
	// Journal is the public events of all steps told in English, as the
	// boards' "what happened" says them (render Tell).
	Journal []string         `json:"journal"`
	Outcome games.Outcome    `json:"outcome"`
	Active  []games.Seat     `json:"active"`
	Legal   map[int][]string `json:"legal"`
	View    any              `json:"view"`  // the public view
	Views   map[int]any      `json:"views"` // each seat's own view
	State   json.RawMessage  `json:"state"` // feed it back as "state" to continue
}

// ReplayStep is one line of the script, or one move of a computer seat.
// A rejected step leaves the state as it was and the run goes on.
type ReplayStep struct {
	Line   string        `json:"line,omitempty"` // the script's line (none for the computer)
	By     string        `json:"by,omitempty"`   // "computer" for a computer seat's move
	Seat   games.Seat    `json:"seat"`           // -1 when the line names none and nobody may act
	Action string        `json:"action,omitempty"`
	OK     bool          `json:"ok"`
	Events []games.Event `json:"events,omitempty"`
	// Told is the step's events in English as the boards tell them; a
	// private one starts with 🔒 and the seats that see it.
	Told  []string `json:"told,omitempty"`
	Draws []Draw   `json:"draws,omitempty"` // the random numbers the step drew
	// A rejection: the game's error code (catalogue key <game>.err.<code>),
	// the whole error, and the catalogue's English text when it has one.
	Code  string `json:"code,omitempty"`
	Error string `json:"error,omitempty"`
	Text  string `json:"text,omitempty"`
	Note  string `json:"note,omitempty"` // e.g. how a named path compares with the engine's
}

// Draw is one Intn(N) call: its result V and where it came from.
type Draw struct {
	N    int    `json:"n"`
	V    int    `json:"v"`
	From string `json:"from"` // "script" or "seed"
}

func cmdReplay(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	extra := fs.String("actions", "", "more actions after the file's, comma separated")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("replay needs one JSON file (- for standard input)")
	}
	raw, err := readArg(fs.Arg(0))
	if err != nil {
		return err
	}
	var f ReplayFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return fmt.Errorf("read %s: %w", fs.Arg(0), err)
	}
	if *extra != "" {
		f.Actions = append(f.Actions, strings.Split(*extra, ",")...)
	}
	res, err := Replay(f)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// Replay applies a replay file. Only a file that cannot give a state (an
// unknown game, an unreadable state, a failed set-up) is an error; every
// action's trouble is reported in its step.
func Replay(f ReplayFile) (ReplayResult, error) {
	run, err := startReplay(f)
	if err != nil {
		return ReplayResult{}, err
	}
	run.bots()
	for _, line := range run.f.Actions {
		run.step(replayLine(run.mod, &run.st, run.f.Seats, line, run.r))
		run.bots()
	}
	return run.finish()
}

// replayRun is one run of a replay file: its game, the state so far, the
// random source and the result.
type replayRun struct {
	f   ReplayFile
	mod catalog.Module
	st  games.State
	r   *chainRand
	res ReplayResult
}

// startReplay finds the file's game, its random source and the state to
// start from (the file's, or a fresh set-up).
func startReplay(f ReplayFile) (*replayRun, error) {
	var rng *games.Source
	if f.Table != nil {
		f.Game, f.Seats, f.Options, f.State = f.Table.Game, len(f.Table.Seats), f.Table.Options, f.Table.State
		rng = f.Table.RNG
	}
	mod, ok := modules().Get(f.Game)
	switch {
	case f.Game == "":
		return nil, fmt.Errorf("the file names no game: give \"game\" (%s) or a \"table\"", strings.Join(gameIDs(), ", "))
	case !ok:
		return nil, fmt.Errorf("unknown game %q (%s)", f.Game, strings.Join(gameIDs(), ", "))
	}
	run := &replayRun{f: f, mod: mod, res: ReplayResult{Game: f.Game, Steps: []ReplayStep{}, Journal: []string{}}}
	rng, seed, err := replaySource(f.Seed, rng)
	if err != nil {
		return nil, err
	}
	run.res.Seed = seed
	if f.Seats <= 0 {
		return nil, errors.New("\"seats\" is missing")
	}
	run.r = &chainRand{script: games.Script(f.Script...), seed: rng}
	if s := bytes.TrimSpace(f.State); len(s) > 0 && !bytes.Equal(s, []byte("null")) {
		run.st, err = decodeState(mod.Engine, f.State)
		return run, err
	}
	if err := guard(func() error {
		var serr error
		run.st, serr = mod.Engine.Setup(setupOptions(f), f.Seats, run.r)
		return serr
	}); err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	run.r.draws = nil
	return run, nil
}

// replaySource is the run's random source: the file's seed, else the
// table's own source, else a seed drawn now, which is returned so the
// run can be repeated.
func replaySource(seed []uint64, table *games.Source) (*games.Source, []uint64, error) {
	switch {
	case len(seed) == 2:
		return games.NewPCG(seed[0], seed[1]), seed, nil
	case len(seed) != 0:
		return nil, nil, fmt.Errorf("\"seed\" is two numbers, not %d", len(seed))
	case table != nil:
		return table, nil, nil
	}
	s1, err1 := randomSeed()
	s2, err2 := randomSeed()
	if err := errors.Join(err1, err2); err != nil {
		return nil, nil, err
	}
	return games.NewPCG(s1, s2), []uint64{s1, s2}, nil
}

// setupOptions are the file's options, with its computer seats added
// when the options do not name them.
func setupOptions(f ReplayFile) games.Options {
	if len(f.Computer) == 0 || f.Options[games.OptComputerSeats] != "" {
		return f.Options
	}
	o := maps.Clone(f.Options)
	if o == nil {
		o = games.Options{}
	}
	var cs []string
	for _, c := range f.Computer {
		cs = append(cs, strconv.Itoa(c))
	}
	o[games.OptComputerSeats] = strings.Join(cs, ",")
	return o
}

// step records one step with the draws it made, and its public lines.
func (run *replayRun) step(s ReplayStep) {
	res := &run.res
	s.Draws, run.r.draws = run.r.draws, nil
	if s.OK {
		res.Applied++
		res.Events = append(res.Events, s.Events...)
		s.Told = tell(run.mod.Engine, run.st, run.f.Seats, s.Events)
		for i, e := range s.Events {
			if !e.Private && s.Told[i] != "" {
				res.Journal = append(res.Journal, s.Told[i])
			}
		}
	} else {
		res.Rejected++
		if res.Error == "" {
			res.Error = fmt.Sprintf("step %d (%s): %s", len(res.Steps)+1, cmp.Or(s.Line, "computer"), s.Error)
		}
	}
	res.Steps = append(res.Steps, s)
}

// bots plays the computer seats one move at a time, so each move is its
// own step with its own draws.
func (run *replayRun) bots() {
	computer := games.SeatsIn(func(s games.Seat) bool { return slices.Contains(run.f.Computer, int(s)) })
	for range 5000 {
		var played bool
		var moves []games.Played
		berr := guard(func() error {
			ns, ms, e := games.RunBots(run.mod.Engine, run.st, run.r, games.Bots{Seat: func(s games.State, active []games.Seat) (games.Seat, bool) {
				if played {
					return 0, false
				}
				played = true
				return computer(s, active)
			}})
			if e == nil {
				run.st, moves = ns, ms
			}
			return e
		})
		if berr != nil {
			run.step(ReplayStep{By: "computer", Seat: -1, Error: berr.Error()})
			return
		}
		if len(moves) == 0 {
			return
		}
		m := moves[0]
		run.step(ReplayStep{By: "computer", Seat: m.Seat, Action: m.Action.Full(), OK: true, Events: m.Events})
	}
	run.step(ReplayStep{By: "computer", Seat: -1, Error: "the computer seats made 5000 moves in a row"})
}

// finish adds the end of the run to the result: outcome, who acts, the
// legal actions and views of every seat, and the state to go on from.
func (run *replayRun) finish() (ReplayResult, error) {
	eng, st, res := run.mod.Engine, run.st, &run.res
	res.ScriptUsed = run.r.script.Used()
	res.Outcome = eng.Outcome(st)
	res.Active = eng.Active(st)
	res.Legal, res.Views = map[int][]string{}, map[int]any{}
	for i := range run.f.Seats {
		for _, a := range eng.Legal(st, games.Seat(i)) {
			res.Legal[i] = append(res.Legal[i], a.String())
		}
		res.Views[i] = eng.View(st, games.Seat(i))
	}
	res.View = eng.View(st, games.Spectator)
	var err error
	res.State, err = eng.Encode(st)
	return *res, err
}

// tell is events in English as the boards tell them (render Tell), each
// with the view of st of a seat that may see it; a private event's line
// starts with 🔒 and the seats that see it. An event not worth a line is "".
func tell(eng games.Engine, st games.State, seats int, evs []games.Event) []string {
	g, ok := modules().Renderer(eng.Info().ID)
	out := make([]string, len(evs))
	if !ok {
		return out
	}
	ctx := render.Audience{L: i18n.For("en")}
	for i := range seats {
		ctx.Names = append(ctx.Names, ctx.T("core.player_name", "N", i+1))
	}
	for i, e := range evs {
		viewer, lock := games.Spectator, ""
		if e.Private {
			who := e.Only
			if len(who) == 0 {
				who = []games.Seat{e.Seat}
			}
			viewer = who[0]
			var names []string
			for _, s := range who {
				names = append(names, ctx.Name(s))
			}
			lock = "🔒 " + strings.Join(names, ", ") + ": "
		}
		ctx.Viewer = viewer
		if line := g.Tell(ctx, eng.View(st, viewer), e).Text; line != "" {
			out[i] = lock + line
		}
	}
	return out
}

// replayLine applies one line of the script to *st and reports it.
func replayLine(mod catalog.Module, st *games.State, seats int, line string, r *chainRand) (s ReplayStep) {
	eng := mod.Engine
	s = ReplayStep{Line: line, Seat: -1}
	game := eng.Info().ID
	reject := func(err error) ReplayStep {
		s.OK, s.Error, s.Code = false, err.Error(), games.ErrorCode(err)
		if errors.Is(err, games.ErrBadAction) {
			s.Code = "bad_action"
		}
		if key := render.WhyKey(game, s.Code); key != "" {
			s.Text = i18n.For("en").T(key)
		}
		return s
	}
	seat, text, err := splitSeat(line)
	if err != nil {
		return reject(err)
	}
	if int(seat) >= seats {
		return reject(fmt.Errorf("%w: seat %d of %d seats (seats count from 0)", games.ErrBadAction, seat, seats))
	}
	if seat < 0 {
		active := eng.Active(*st)
		if len(active) == 0 {
			return reject(games.Illegal("game_over", "nobody may act"))
		}
		seat = active[0]
	}
	s.Seat = seat
	a, note, err := parseReplayAction(mod, *st, seat, text)
	if err != nil {
		return reject(err)
	}
	s.Action, s.Note = a.Full(), note
	err = guard(func() error {
		ns, ev, aerr := eng.Apply(*st, seat, a, r)
		if aerr == nil {
			*st, s.Events = ns, ev
		}
		return aerr
	})
	if err != nil {
		return reject(err)
	}
	s.OK = true
	return s
}

// parseReplayAction reads an action written with numbers or with the
// names of the game's module (ReplayName); the module's ReplayForm, when
// it has one, checks it and gives the engine's own form (a Trenches move
// along a named path becomes its destination form).
func parseReplayAction(mod catalog.Module, st games.State, seat games.Seat, text string) (games.Action, string, error) {
	a, err := parseNamedAction(mod, text, st)
	if err != nil || mod.ReplayForm == nil {
		return a, "", err
	}
	return mod.ReplayForm(st, seat, a)
}

// parseNamedAction reads "verb.arg.arg" (dots or spaces) where each
// argument is a number or a name of the module's game. The numbers it
// stands for are returned as the action; a word that is no name is an
// error.
func parseNamedAction(mod catalog.Module, text string, st games.State) (games.Action, error) {
	// A typed text comes last, quoted: platoon.A1.350.0 "Panzer IV Zug".
	typed := ""
	if i := strings.IndexByte(text, '"'); i >= 0 {
		t, err := strconv.Unquote(strings.TrimSpace(text[i:]))
		if err != nil {
			return games.Action{}, fmt.Errorf("%w: bad quoted text", games.ErrBadAction)
		}
		text, typed = text[:i], games.CleanText(t)
	}
	parts, err := actionWords(text)
	if err != nil {
		return games.Action{}, err
	}
	numeric := []string{parts[0]}
	var args []int
	for _, w := range parts[1:] {
		if n, err := strconv.Atoi(w); err == nil {
			args = append(args, n)
			continue
		}
		var ns []int
		ok := false
		if mod.ReplayName != nil {
			ns, ok = mod.ReplayName(parts[0], args, w, st)
		}
		if !ok {
			return games.Action{}, fmt.Errorf("%w: %q is not a number or a %s name for %s", games.ErrBadAction, w, mod.ID(), parts[0])
		}
		args = append(args, ns...)
	}
	for _, n := range args {
		numeric = append(numeric, strconv.Itoa(n))
	}
	// ParseAction checks the verb and the limits of the text form.
	a, err := games.ParseAction(strings.Join(numeric, "."))
	a.Text = typed
	return a, err
}

// actionWords splits "verb.arg.arg" (or with spaces) into its words. An
// empty word between two dots, or a dot at either end, is refused: read
// as nothing, take..5 would be take.5, another action than the one
// written.
func actionWords(text string) ([]string, error) {
	var words []string
	for _, f := range strings.Fields(text) {
		for _, w := range strings.Split(f, ".") {
			if w == "" {
				return nil, fmt.Errorf("%w: an empty argument in %q", games.ErrBadAction, strings.TrimSpace(text))
			}
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("%w: empty", games.ErrBadAction)
	}
	return words, nil
}

// guard runs f and turns a panic into an error: a scripted value out of
// range says so; anything else is a rules bug the step reports.
func guard(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(error); ok && errors.Is(e, games.ErrScriptExhausted) || strings.HasPrefix(fmt.Sprint(p), "games: scripted") {
				err = fmt.Errorf("randomness: %v (add values to \"script\" or give a \"seed\")", p)
				return
			}
			err = fmt.Errorf("panic (a bug in the rules): %v", p)
		}
	}()
	return f()
}

func splitSeat(s string) (games.Seat, string, error) {
	s = strings.TrimSpace(s)
	if k, rest, ok := strings.Cut(s, ":"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(k))
		if err != nil || n < 0 {
			return 0, "", fmt.Errorf("%w: bad seat in %q", games.ErrBadAction, s)
		}
		return games.Seat(n), rest, nil
	}
	return -1, s, nil
}

// chainRand serves scripted values first, then the seeded source, and
// records every draw for the step that made it.
type chainRand struct {
	script *games.Scripted
	seed   *games.Source
	draws  []Draw
}

func (c *chainRand) Intn(n int) int {
	if c.script.Used() < len(c.script.Values) || c.seed == nil {
		v := c.script.Intn(n)
		c.draws = append(c.draws, Draw{N: n, V: v, From: "script"})
		return v
	}
	v := c.seed.Intn(n)
	c.draws = append(c.draws, Draw{N: n, V: v, From: "seed"})
	return v
}

func randomSeed() (uint64, error) {
	var b [8]byte
	_, err := crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) | 1, err
}

// readArg reads a file named on the command line, or standard input for "-".
func readArg(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(os.Stdin)
	}
	return os.ReadFile(name)
}
