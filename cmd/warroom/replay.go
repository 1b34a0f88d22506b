package main

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// ReplayFile is the state format of `warroom replay` (see README):
// a game, its seats and options, an optional starting state (else Setup
// runs), the randomness (scripted Intn results first, then a seed), and
// the actions to apply. An export of a stored table ({"table":..., "log":
// ...}) is accepted too: its state is the starting state.
type ReplayFile struct {
	Game    string          `json:"game"`
	Seats   int             `json:"seats"`
	Options games.Options   `json:"options,omitempty"`
	State   json.RawMessage `json:"state,omitempty"`
	Script  []int           `json:"script,omitempty"`
	Seed    []uint64        `json:"seed,omitempty"`
	Actions []string        `json:"actions,omitempty"` // "action" or "seat:action", e.g. "1:take.7"
	// Computer lists the seats the computer plays: before the first
	// action and after each one, their turns are played (games.RunBots)
	// until a seat not listed must act.
	Computer []int       `json:"computer,omitempty"`
	Table    *data.Table `json:"table,omitempty"`
}

// ReplayResult is what replay prints.
type ReplayResult struct {
	Game    string           `json:"game"`
	Applied int              `json:"applied"`
	Error   string           `json:"error,omitempty"` // the first rejected action, if any
	Events  []games.Event    `json:"events"`
	Outcome games.Outcome    `json:"outcome"`
	Active  []games.Seat     `json:"active"`
	Legal   map[int][]string `json:"legal"`
	View    any              `json:"view"`  // the public view
	Views   map[int]any      `json:"views"` // each seat's own view
	State   json.RawMessage  `json:"state"` // feed it back as "state" to continue
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
	var raw []byte
	var err error
	if fs.Arg(0) == "-" {
		raw, err = io.ReadAll(os.Stdin)
	} else {
		raw, err = os.ReadFile(fs.Arg(0))
	}
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

// Replay applies a replay file.
func Replay(f ReplayFile) (res ReplayResult, err error) {
	var rng *games.PCG
	if f.Table != nil {
		f.Game, f.Seats, f.Options, f.State = f.Table.Game, len(f.Table.Seats), f.Table.Options, f.Table.State
		rng = f.Table.RNG
	}
	eng, ok := games.Lookup(f.Game)
	if !ok {
		return res, fmt.Errorf("unknown game %q", f.Game)
	}
	if len(f.Seed) == 2 {
		rng = games.NewPCG(f.Seed[0], f.Seed[1])
	}
	r := &chainRand{script: games.Script(f.Script...), seed: rng}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("randomness: %v (add values to \"script\" or give a \"seed\")", p)
		}
	}()
	var st games.State
	if len(f.State) > 0 {
		if st, err = eng.Decode(f.State); err != nil {
			return res, err
		}
	} else {
		if st, err = eng.Setup(f.Options, f.Seats, r); err != nil {
			return res, fmt.Errorf("setup: %w", err)
		}
	}
	res.Game = f.Game
	computer := games.SeatsIn(func(s games.Seat) bool { return slices.Contains(f.Computer, int(s)) })
	bots := func() bool {
		ns, moves, berr := games.RunBots(eng, st, r, games.Bots{Seat: computer})
		if berr != nil {
			res.Error = berr.Error()
			return false
		}
		st = ns
		res.Applied += len(moves)
		for _, m := range moves {
			res.Events = append(res.Events, m.Events...)
		}
		return true
	}
	going := bots()
	for _, line := range f.Actions {
		if !going {
			break
		}
		seat, a, perr := parseSeatAction(line)
		if perr != nil {
			return res, perr
		}
		if seat < 0 {
			active := eng.Active(st)
			if len(active) == 0 {
				res.Error = fmt.Sprintf("%s: nobody may act", line)
				break
			}
			seat = active[0]
		}
		ns, ev, aerr := eng.Apply(st, seat, a, r)
		if aerr != nil {
			res.Error = fmt.Sprintf("%s (seat %d): %v", line, seat, aerr)
			break
		}
		st = ns
		res.Applied++
		res.Events = append(res.Events, ev...)
		going = bots()
	}
	res.Outcome = eng.Outcome(st)
	res.Active = eng.Active(st)
	res.Legal, res.Views = map[int][]string{}, map[int]any{}
	for i := range f.Seats {
		for _, a := range eng.Legal(st, games.Seat(i)) {
			res.Legal[i] = append(res.Legal[i], a.String())
		}
		res.Views[i] = eng.View(st, games.Seat(i))
	}
	res.View = eng.View(st, games.Spectator)
	res.State, err = eng.Encode(st)
	return res, err
}

func parseSeatAction(s string) (games.Seat, games.Action, error) {
	seat := games.Seat(-1)
	if k, rest, ok := strings.Cut(strings.TrimSpace(s), ":"); ok {
		n, err := strconv.Atoi(k)
		if err != nil || n < 0 {
			return 0, games.Action{}, fmt.Errorf("bad seat in %q", s)
		}
		seat, s = games.Seat(n), rest
	}
	a, err := games.ParseAction(s)
	return seat, a, err
}

// chainRand serves scripted values first, then the seeded source.
type chainRand struct {
	script *games.Scripted
	seed   *games.PCG
}

func (c *chainRand) Intn(n int) int {
	if c.script.Used() < len(c.script.Values) || c.seed == nil {
		return c.script.Intn(n)
	}
	return c.seed.Intn(n)
}

func randomSeed() (uint64, error) {
	var b [8]byte
	_, err := crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) | 1, err
}
