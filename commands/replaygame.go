package commands

import (
	"fmt"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// replayedMove is one move of a table's log played again.
type replayedMove struct {
	Entry  data.LogEntry
	Action games.Action
	After  games.State
	Events []games.Event // as the replay made them
}

// replayed is a table's game dealt again and its log played again.
type replayed struct {
	Start, End games.State
	Moves      []replayedMove // the moves standing at the end (undone ones dropped)
	ByBots     int            // moves chosen again for the computer
	Undos      int
	Draws      int // random numbers drawn, the set-up's included
}

// replayGame deals a table's game again from rng (its source as dealt:
// provably fair dice) and plays its log again, for Verify and "How it
// went". A player's move is applied as logged; a computer's (its own
// seat's, or a timed-out player's) is chosen again first, since that
// choice drew from the source too, and must be the logged one; an undo
// returns to before its seat's last move, which drew no random number.
// The table's own entries (lobby, handover, abandon, resign) change no
// game state. visit (optional) sees every move played, taken back later
// or not; an error from it, or any difference, ends the replay with an
// error naming the log entry.
func replayGame(eng games.Engine, opts games.Options, seats int, rng games.Rand, log []data.LogEntry, visit func(replayedMove) error) (replayed, error) {
	cr := &countingRand{src: rng}
	var r replayed
	if err := guarded(func() (err error) { r.Start, err = eng.Setup(opts, seats, cr); return err }); err != nil {
		return r, fmt.Errorf("set-up: %w", err)
	}
	st := r.Start
	type undoPoint struct {
		seat  games.Seat
		moves int
		state games.State
	}
	var undo []undoPoint
	for _, e := range log {
		step := fmt.Sprintf("version %d, seat %d, %s", e.Version, e.Seat, e.Action)
		switch {
		case strings.HasPrefix(e.Action, "lobby."), e.Action == "handover", e.Action == "abandon", e.Action == games.VerbResign:
			continue // the table's business, not the game's
		case e.Action == games.VerbUndo:
			n := len(undo)
			if n == 0 || undo[n-1].seat != e.Seat {
				return r, fmt.Errorf("%s: nothing to take back (an undo may not cross a random draw)", step)
			}
			st, r.Moves, undo = undo[n-1].state, r.Moves[:undo[n-1].moves], undo[:n-1]
			r.Undos++
			continue
		}
		a, err := games.ParseAction(e.Action)
		if err != nil {
			return r, fmt.Errorf("%s: %w", step, err)
		}
		drawn := cr.n
		m := replayedMove{Entry: e, Action: a}
		err = guarded(func() error {
			if e.UserID == "" {
				if b := eng.Bot(st, e.Seat, cr); !b.Equal(a) {
					return fmt.Errorf("the computer chooses %s from the seed, the log says %s", b, a)
				}
				r.ByBots++
			}
			var aerr error
			m.After, m.Events, aerr = eng.Apply(st, e.Seat, a, cr)
			return aerr
		})
		if err == nil && visit != nil {
			err = visit(m)
		}
		if err != nil {
			return r, fmt.Errorf("%s: %w", step, err)
		}
		if e.UserID != "" && cr.n == drawn {
			undo = append(undo, undoPoint{e.Seat, len(r.Moves), st})
		} else {
			undo = nil
		}
		r.Moves = append(r.Moves, m)
		st = m.After
	}
	r.End, r.Draws = st, cr.n
	return r, nil
}

// countingRand counts the numbers drawn from src.
type countingRand struct {
	src games.Rand
	n   int
}

func (c *countingRand) Intn(n int) int { c.n++; return c.src.Intn(n) }
