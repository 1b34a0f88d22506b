package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/warroom/warroom/games"
)

// decodeState reads the "state" of a replay file and refuses, in one
// line, one of another shape: not a JSON object, a field no state of the
// game has (another game's state, a table), or most of the fields every
// state of the game has missing (the engine's Encode always writes them;
// a table saved before a field was added lacks only that one, and reads).
// The engine's own Decode is lenient, as stored tables need it to be:
// given {} it made a zero state, on which Flanders and Frontline crashed
// and the other three saw a finished game. A state that still breaks the
// engine is refused with the panic's line.
func decodeState(eng games.Engine, raw []byte) (games.State, error) {
	id := eng.Info().ID
	st, err := eng.Decode(raw)
	if err != nil {
		if inner := errors.Unwrap(err); inner != nil {
			err = inner // Decode's own prefix names the game again
		}
		return nil, fmt.Errorf("\"state\" is not a %s state: %v", id, err)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		return nil, fmt.Errorf("\"state\" is not a %s state: %v", id, err)
	}
	known, required := stateFields(reflect.TypeOf(st))
	var unknown, missing []string
	for k := range keys {
		if !known[strings.ToLower(k)] {
			unknown = append(unknown, k)
		}
	}
	for _, k := range required {
		if _, ok := keys[k]; !ok {
			missing = append(missing, k)
		}
	}
	slices.Sort(unknown)
	switch {
	case len(unknown) > 0:
		return nil, fmt.Errorf("\"state\" is not a %s state: no %s state has %s", id, id, quoteList(unknown))
	case 2*len(missing) > len(required):
		return nil, fmt.Errorf("\"state\" is not a whole %s state: it lacks %s of the %d fields every %s state has", id, quoteList(missing), len(required), id)
	}
	err = guard(func() error {
		eng.Outcome(st)
		eng.Active(st)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("\"state\" is not a whole %s state: %v", id, firstLine(err.Error()))
	}
	return st, nil
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// stateFields are the JSON names of a state type's fields (lower case,
// as encoding/json matches them) and, in order, those it always writes
// (no omitempty, omitzero).
func stateFields(t reflect.Type) (known map[string]bool, required []string) {
	known = map[string]bool{}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return known, nil
	}
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous && f.Tag.Get("json") == "" {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" && opts == "" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		known[strings.ToLower(name)] = true
		if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") && len(f.Index) == 1 {
			required = append(required, name)
		}
	}
	return known, required
}

// quoteList is names quoted and joined, the first three and a count of
// the rest, for one line.
func quoteList(names []string) string {
	var q []string
	for i, n := range names {
		if i == 3 {
			return strings.Join(q, ", ") + fmt.Sprintf(" and %d more", len(names)-3)
		}
		q = append(q, fmt.Sprintf("%q", n))
	}
	return strings.Join(q, ", ")
}
