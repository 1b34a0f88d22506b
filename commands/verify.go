package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/warroom/warroom/catalog"
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
// a difference is reported in Verification.Problem. mods are the games
// it knows.
func Verify(mods catalog.Set, export []byte) (Verification, error) {
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
	eng, ok := mods.Engine(t.Game)
	if !ok {
		return v, fmt.Errorf("unknown game %q", t.Game)
	}
	opts := dealtOptions(t)
	src := t.Seed.Source(t.SeedNonce)
	r, err := replayGame(eng, opts, len(t.Seats), src, doc.Log, func(m replayedMove) error {
		if got, want := canonicalEvents(m.Events), canonicalEvents(m.Entry.Events); !bytes.Equal(got, want) {
			return fmt.Errorf("the recorded events differ from the replay's\n  recorded: %s\n  replayed: %s", want, got)
		}
		v.Moves++
		return nil
	})
	v.ByBots, v.Undos, v.Draws = r.ByBots, r.Undos, r.Draws
	if err != nil {
		v.Problem = err.Error()
		return v, nil
	}
	st := r.End
	raw, err := eng.Encode(st)
	if err != nil {
		return v, err
	}
	if !bytes.Equal(canonical(json.RawMessage(raw)), canonical(t.State)) {
		v.Problem = "the final state differs from the replay's"
		return v, nil
	}
	if got, want := canonical(src), canonical(t.RNG); !bytes.Equal(got, want) {
		v.Problem = fmt.Sprintf("the table's random source is not where the replay's is after %d draws: numbers were drawn that the log does not show", r.Draws)
	}
	return v, nil
}

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
