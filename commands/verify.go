package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// ErrNoSeed: the export holds no seed to verify with (a table started
// before provably fair dice, or a game still running: Export leaves the
// seed out until the end).
var ErrNoSeed = errors.New("no seed")

// Verification is what Verify found. Problem is the first difference
// between the export and the replay from its seed; empty when every die,
// draw, shuffle and computer choice came from the seed.
type Verification struct {
	Game    string
	Table   string
	Seed    string
	Commit  string
	Nonce   string // the lobby message's id, mixed into the key
	Moves   int    // log entries replayed as moves
	ByBots  int    // of them, computer choices (re-chosen from the seed too)
	Undos   int
	Draws   int // random numbers drawn, the set-up's included
	Problem string
}

// OK reports that the export verified.
func (v Verification) OK() bool { return v.Problem == "" }

// Verify checks an export of an ended table (Service.Export): the seed
// hashes to the commitment shown at the start, and replaying the log from
// the seed - the set-up, each player's move, each computer move chosen
// again - gives exactly the recorded events of every move, the final
// state and the final position of the random source. An error means the
// export cannot be checked at all (ErrNoSeed, an unreadable file);
// a difference is reported in Verification.Problem.
func Verify(export []byte) (Verification, error) {
	var doc struct {
		Table *data.Table     `json:"table"`
		Log   []data.LogEntry `json:"log"`
	}
	if err := json.Unmarshal(export, &doc); err != nil {
		return Verification{}, fmt.Errorf("not a table export: %w", err)
	}
	t := doc.Table
	if t == nil {
		return Verification{}, errors.New(`not a table export: no "table"`)
	}
	v := Verification{Game: t.Game, Table: t.ID, Commit: t.Commit, Nonce: t.SeedNonce}
	if t.Seed == nil {
		if t.Commit != "" && t.Live() {
			return v, fmt.Errorf("%w: the game is still running; its seed is revealed when it ends", ErrNoSeed)
		}
		return v, fmt.Errorf("%w: this table was started before provably fair dice", ErrNoSeed)
	}
	v.Seed = t.Seed.String()
	if got := t.Seed.Commitment(); got != t.Commit {
		v.Problem = fmt.Sprintf("the seed's SHA-256 is %s, not the commitment %s", got, t.Commit)
		return v, nil
	}
	if len(t.State) == 0 {
		return v, errors.New("this table never started: it has no game to verify")
	}
	eng, ok := games.Lookup(t.Game)
	if !ok {
		return v, fmt.Errorf("unknown game %q", t.Game)
	}
	opts := t.SetupOptions
	if opts == nil {
		opts = t.Options
	}
	rng := &countingRand{src: t.Seed.Source(t.SeedNonce)}
	var st games.State
	if err := guarded(func() (err error) { st, err = eng.Setup(opts, len(t.Seats), rng); return err }); err != nil {
		v.Problem = "set-up: " + err.Error()
		return v, nil
	}
	type undoPoint struct {
		seat  games.Seat
		state games.State
	}
	var undo []undoPoint
	for _, e := range doc.Log {
		step := fmt.Sprintf("version %d, seat %d, %s", e.Version, e.Seat, e.Action)
		switch {
		case strings.HasPrefix(e.Action, "lobby."), e.Action == "handover", e.Action == "abandon", e.Action == games.VerbResign:
			continue // the table's business, not the game's
		case e.Action == "undo":
			n := len(undo)
			if n == 0 || undo[n-1].seat != e.Seat {
				v.Problem = step + ": nothing to take back (an undo may not cross a random draw)"
				return v, nil
			}
			st, undo = undo[n-1].state, undo[:n-1]
			v.Undos++
			continue
		}
		a, err := games.ParseAction(e.Action)
		if err != nil {
			v.Problem = step + ": " + err.Error()
			return v, nil
		}
		drawn := rng.n
		var ns games.State
		var ev []games.Event
		err = guarded(func() error {
			if e.UserID == "" { // a computer move (or a stand-in for a late player)
				if b := eng.Bot(st, e.Seat, rng); !b.Equal(a) {
					return fmt.Errorf("the computer chooses %s from the seed, the log says %s", b, a)
				}
				v.ByBots++
			}
			var aerr error
			ns, ev, aerr = eng.Apply(st, e.Seat, a, rng)
			return aerr
		})
		if err != nil {
			v.Problem = step + ": " + err.Error()
			return v, nil
		}
		if got, want := canonicalEvents(ev), canonicalEvents(e.Events); !bytes.Equal(got, want) {
			v.Problem = fmt.Sprintf("%s: the recorded events differ from the replay's\n  recorded: %s\n  replayed: %s", step, want, got)
			return v, nil
		}
		if e.UserID != "" && rng.n == drawn {
			undo = append(undo, undoPoint{e.Seat, st})
		} else {
			undo = nil
		}
		st = ns
		v.Moves++
	}
	v.Draws = rng.n
	raw, err := eng.Encode(st)
	if err != nil {
		return v, err
	}
	if !bytes.Equal(canonical(json.RawMessage(raw)), canonical(t.State)) {
		v.Problem = "the final state differs from the replay's"
		return v, nil
	}
	if got, want := canonical(rng.src), canonical(t.RNG); !bytes.Equal(got, want) {
		v.Problem = fmt.Sprintf("the table's random source is not where the replay's is after %d draws: numbers were drawn that the log does not show", rng.n)
	}
	return v, nil
}

// countingRand counts the numbers drawn from src.
type countingRand struct {
	src *games.PCG
	n   int
}

func (c *countingRand) Intn(n int) int { c.n++; return c.src.Intn(n) }

// canonical is x as JSON with its maps' keys sorted and numbers as JSON
// reads them back, so a recorded value and a fresh one compare.
func canonical(x any) []byte {
	b, err := json.Marshal(x)
	if err != nil {
		return []byte("unencodable: " + err.Error())
	}
	var back any
	if err := json.Unmarshal(b, &back); err != nil {
		return b
	}
	out, _ := json.Marshal(back)
	return out
}

// canonicalEvents: no events is no events, whether stored or fresh.
func canonicalEvents(ev []games.Event) []byte {
	if len(ev) == 0 {
		return []byte("[]")
	}
	return canonical(ev)
}

// guarded turns an engine's panic into an error.
func guarded(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the engine panicked: %v", p)
		}
	}()
	return f()
}
