package games

import (
	"encoding/json"
	"slices"
)

// For is the first seat a private event is for (its Only's first, else
// its Seat), and Spectator for a public one: the one-seat visibility the
// games' own log entries keep.
func (e Event) For() Seat {
	switch {
	case !e.Private:
		return Spectator
	case len(e.Only) > 0:
		return e.Only[0]
	}
	return e.Seat
}

// Visible reports whether viewer may see e: everybody sees a public
// event; a Private one is seen by the seats in Only, or by Seat alone
// when Only is empty. A spectator sees public events only.
func (e Event) Visible(viewer Seat) bool {
	if !e.Private {
		return true
	}
	if viewer < 0 {
		return false
	}
	if len(e.Only) > 0 {
		return slices.Contains(e.Only, viewer)
	}
	return viewer == e.Seat
}

// Decode fills v (a pointer to the engine's journal struct) from e.Data,
// the one typed decode of an event; an event without data leaves v as
// it is.
func (e Event) Decode(v any) error {
	if len(e.Data) == 0 {
		return nil
	}
	return json.Unmarshal(e.Data, v)
}

// Record is one entry of a table's journal: an action and the events it
// caused, numbered by the table version it made. The table service keeps
// them in its durable, uncapped action log.
type Record struct {
	Seq    int64   // the table version this action made
	Seat   Seat    // who acted
	By     string  // the user who acted; "" for the computer (or a stand-in)
	Verb   string  // the action's verb; "undo" takes back By's last record
	Events []Event // in the order they happened
}

// The table service's own records: a move taken back, and a player who
// resigned (the computer plays the seat from then on).
const (
	VerbUndo   = "undo"
	VerbResign = "resign"
)

// Since is the journal after seq as viewers see it: the records made
// after seq, each with only the events one of viewers may see (none
// given: the public events), without the moves taken back by an undo
// (and without the undo records themselves). Records that are left with
// no visible event stay, so a caller can still count moves.
func Since(records []Record, viewers []Seat, seq int64) []Record {
	var undone map[int]bool // made for the first undo: most journals have none
	for i, r := range records {
		if r.Verb != VerbUndo {
			continue
		}
		if undone == nil {
			undone = map[int]bool{}
		}
		undone[i] = true
		// An undo takes back the latest move of the same seat still
		// standing: undo points are kept per seat, newest last.
		for j := i - 1; j >= 0; j-- {
			if !undone[j] && records[j].Seat == r.Seat && records[j].By != "" && records[j].Verb != VerbUndo {
				undone[j] = true
				break
			}
		}
	}
	var out []Record
	for i, r := range records {
		if r.Seq <= seq || undone[i] {
			continue
		}
		r.Events = visibleTo(r.Events, viewers)
		out = append(out, r)
	}
	return out
}

// visibleTo is evs without the events none of viewers may see. When they
// may see them all (a board's public journal, most moves) it is evs
// itself, clipped so an append copies: a board reads its last 60 records
// at every move, and copying each one's events was a tenth of the bytes
// a move allocated.
func visibleTo(evs []Event, viewers []Seat) []Event {
	hidden := func(e Event) bool { return e.Private && !slices.ContainsFunc(viewers, e.Visible) }
	if !slices.ContainsFunc(evs, hidden) {
		return slices.Clip(evs)
	}
	var out []Event
	for _, e := range evs {
		if !e.Private {
			out = append(out, e)
			continue
		}
		if slices.ContainsFunc(viewers, e.Visible) {
			out = append(out, e)
		}
	}
	return out
}

// LastBy is the sequence number of user's last record, or 0 when the user
// has not acted: the start of "since your last move".
func LastBy(records []Record, user string) int64 {
	if user == "" {
		return 0
	}
	for i := len(records) - 1; i >= 0; i-- {
		if records[i].By == user {
			return records[i].Seq
		}
	}
	return 0
}
