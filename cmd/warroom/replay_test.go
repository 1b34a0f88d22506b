package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warroom/warroom/games/frontline"
)

func replayOK(t *testing.T, f ReplayFile) ReplayResult {
	t.Helper()
	res, err := Replay(f)
	if err != nil {
		t.Fatalf("%s: %v", f.Game, err)
	}
	return res
}

// "state": null is a fresh set-up, the same as no state at all.
func TestReplayNullStateSetsUp(t *testing.T) {
	for _, game := range gameIDs() {
		a := replayOK(t, ReplayFile{Game: game, Seats: 2, Seed: []uint64{7, 8}})
		b := replayOK(t, ReplayFile{Game: game, Seats: 2, Seed: []uint64{7, 8}, State: json.RawMessage(" null ")})
		if !bytes.Equal(a.State, b.State) || len(b.Steps) != 0 {
			t.Errorf("%s: null state is not a fresh set-up", game)
		}
	}
}

// Arguments written by name give the numeric action, and the same game.
func TestReplayNamedArguments(t *testing.T) {
	trenches1 := map[string]string{"scenario": "1"}
	for _, c := range []struct {
		game     string
		opts     map[string]string
		computer []int
		seed     []uint64
		named    []string
		numeric  []string
	}{
		{game: "flanders", opts: map[string]string{"beginner": "none", "first_player": "1"}, seed: []uint64{1, 2},
			named: []string{"roll", "0:take.5", "stop", "1:roll"}, numeric: []string{"roll", "take.5", "stop", "roll"}},
		{game: "frontline", named: []string{"draft.tanks-1.1"}, numeric: []string{"draft.21.1"}},
		{game: "blindaz", named: []string{"deploy.G3", "deploy.3", "move.F3", "back", "move.F2"},
			numeric: []string{"deploy.3", "deploy.3", "move.5.3", "back", "move.5.2"}},
		{game: "trenches", opts: trenches1, computer: []int{1},
			named: []string{"move.ge-g-1.0307", "move.geG2.0207.0307", "move.GE_G_3.0306", "end"}, numeric: []string{"move.5.307", "move.6.307", "move.7.306", "end"}},
		{game: "fow", named: []string{"0:company.tank", "0:always.always_attacks", "0:always.none", "0:add.gun_heavy", "0:skill.veteran", "0:mot.fearless", "0:flag.heavy_gun", "1:add.tank"},
			numeric: []string{"company.0", "always.1", "always.0", "add.7", "skill.0", "mot.0", "flag.3", "add.0"}},
	} {
		seats := 2
		if c.game == "blindaz" {
			seats = 1
		}
		if c.seed == nil {
			c.seed = []uint64{5, 6}
		}
		f := ReplayFile{Game: c.game, Seats: seats, Options: c.opts, Seed: c.seed, Computer: c.computer, Actions: c.named}
		named := replayOK(t, f)
		var got []string
		for _, s := range named.Steps {
			if s.By != "" {
				continue
			}
			if !s.OK {
				t.Fatalf("%s: %s: %s", c.game, s.Line, s.Error)
			}
			got = append(got, s.Action)
		}
		if strings.Join(got, " ") != strings.Join(c.numeric, " ") {
			t.Errorf("%s: %v read as %v, want %v", c.game, c.named, got, c.numeric)
		}
		// The numeric lines (with the seats the named ones gave) replay the same.
		f.Actions = nil
		for _, s := range named.Steps {
			if s.By == "" {
				line := s.Action
				if seat, _, ok := strings.Cut(c.named[len(f.Actions)], ":"); ok {
					line = seat + ":" + line
				}
				f.Actions = append(f.Actions, line)
			}
		}
		if num := replayOK(t, f); !bytes.Equal(num.State, named.State) {
			t.Errorf("%s: named and numeric lines differ", c.game)
		}
	}
	// A name is read even when the action is then refused.
	res := replayOK(t, ReplayFile{Game: "flanders", Seats: 2, Seed: []uint64{1, 2}, Actions: []string{"gas_discard.german_mg", "cancel.GERMAN_GAS"}})
	if s := res.Steps[0]; s.Action != "gas_discard.12" || s.Code != "wrong_phase" {
		t.Errorf("%+v", s)
	}
	if s := res.Steps[1]; s.Action != "cancel.15" {
		t.Errorf("%+v", s)
	}
	res = replayOK(t, ReplayFile{Game: "frontline", Seats: 2, Seed: []uint64{5, 6}, Actions: []string{"draft.tanks-1.rear", "play.assault-2.1"}})
	if a, b := res.Steps[0].Action, res.Steps[1].Action; a != "draft.21.0" || b != fmt.Sprintf("play.%d.1", frontline.ActionID("assault-2")) || frontline.ActionName(27) != "assault-2" {
		t.Errorf("frontline names read as %s, %s", a, b)
	}
	res = replayOK(t, ReplayFile{Game: "blindaz", Seats: 1, Seed: []uint64{5, 6}, Actions: []string{"build.1.NE", "build.2.nesw", "throw.W", "clear.B4", "attack.a1"}})
	for i, want := range []string{"build.1.3", "build.2.15", "throw.3", "clear.1.4", "attack.0.1"} {
		if got := res.Steps[i].Action; got != want {
			t.Errorf("blindaz %s read as %s, want %s", res.Steps[i].Line, got, want)
		}
	}
	res = replayOK(t, ReplayFile{Game: "fow", Seats: 2, Seed: []uint64{5, 6}, Actions: []string{"0:lost.B.2", "1:lost.a.0"}})
	if a, b := res.Steps[0].Action, res.Steps[1].Action; a != "lost.1.2" || b != "lost.0.0" {
		t.Errorf("fow sides read as %s, %s", a, b)
	}
	// A typed text, quoted after the arguments (platoons by id), and
	// checked by the gate: a name in use is that step's error.
	res = replayOK(t, ReplayFile{Game: "fow", Seats: 2, Seed: []uint64{5, 6}, Actions: []string{
		"0:add.tank", `0:platoon.A1.350.0 "Panzer  IV Zug"`, "0:add.tank", `0:platoon A2 300 0 "panzer iv zug"`, `0:platoon.1.300.0 "Zug @everyone"`, `0:sel.A1`}})
	for i, want := range []struct{ action, code string }{{"add.0", ""}, {`platoon.0.350.0 "Panzer IV Zug"`, ""}, {"add.0", ""},
		{`platoon.1.300.0 "panzer iv zug"`, "name_taken"}, {`platoon.1.300.0 "Zug @everyone"`, "text_bad_char"}, {"sel.0", ""}} {
		if s := res.Steps[i]; s.Action != want.action || s.Code != want.code {
			t.Errorf("fow step %d %q: %+v", i, s.Line, s)
		}
	}
	if !strings.Contains(string(res.State), `"name":"Panzer IV Zug"`) {
		t.Errorf("the name is not in the state: %s", res.State)
	}
	// A word that is no name is that step's error.
	res = replayOK(t, ReplayFile{Game: "blindaz", Seats: 1, Seed: []uint64{5, 6}, Actions: []string{"deploy.A3", "move.Z9", "throw.Q", "build.1.NN", "deploy.3"}})
	for i, s := range res.Steps[:4] {
		if s.OK || s.Code != "bad_action" || s.Text == "" {
			t.Errorf("step %d %q: %+v", i, s.Line, s)
		}
	}
	if !res.Steps[4].OK {
		t.Errorf("the run stopped: %+v", res.Steps[4])
	}
}

// A Trenches move or exit may name its path: checked by the rules'
// PathCost and the unit's MP, played as the engine's destination form.
func TestReplayTrenchesPath(t *testing.T) {
	for _, c := range []struct {
		line, action, code, note string
	}{
		{line: "move.ge-g-1.0207.0307", action: "move.5.307"},
		{line: "move.ge-g-1.0107.0207.0307", action: "move.5.307"}, // the unit's own hex may lead
		{line: "move.ge-g-1.0107.0206.0306", action: "move.5.306"},
		{line: "move.ge-g-1.0207.0307.0306", action: "move.5.306", note: "the engine takes its own path: 3 MP"},
		{line: "move.ge-g-1.0208.0307", code: "path_not_adjacent"},
		{line: "move.ge-g-1.0207.0307.0407.0406", code: "path_too_long"},
		{line: "exit.ge-g-1.0107", code: "exit_not_allowed"}, // the turn marker is above 3
		{line: "move.ge-g-1.0408", code: "not_enough_mp"},    // the destination form, refused by the engine
	} {
		res := replayOK(t, ReplayFile{Game: "trenches", Seats: 2, Options: map[string]string{"scenario": "1"}, Seed: []uint64{5, 6}, Computer: []int{1}, Actions: []string{c.line}})
		s := res.Steps[0]
		if s.Code != c.code || c.code == "" && (!s.OK || s.Action != c.action) || !strings.Contains(s.Note, c.note) || c.note == "" && s.Note != "" {
			t.Errorf("%s: %+v", c.line, s)
		}
	}
}

// A named Trenches path meets the engine's own gate first, so the codes
// come in spec 6.1's order: the turn and the unit before the path, whose
// failing step names its two hexes.
func TestReplayTrenchesPathAfterGate(t *testing.T) {
	res := replayOK(t, ReplayFile{Game: "trenches", Seats: 2, Options: map[string]string{"scenario": "1"}, Seed: []uint64{5, 6}, Computer: []int{1},
		Actions: []string{
			"1:move.br-r-3.0404.0302",         // a defender unit in the Raider's turn
			"move.br-r-3.0404.0302",           // the Raider moving the defender's unit
			"move.ge-g-1.0208.0307",           // 0107 and 0208 do not touch
			"move.ge-g-1.0207.0307",           // moves
			"move.ge-g-1.0306.0105",           // again, along a broken path
			"move.ge-g-2.0207.0307.0407.0406", // over its MP
		}})
	for i, want := range []struct{ code, text string }{
		{"not_your_turn", ""}, {"not_your_unit", ""}, {"path_not_adjacent", "0107 to 0208"}, {"", ""}, {"already_acted", ""}, {"path_too_long", "the path costs"},
	} {
		s := res.Steps[i]
		if s.Code != want.code || !strings.Contains(s.Error, want.text) || want.code == "" && !s.OK {
			t.Errorf("%s: code %q error %q, want %q with %q", s.Line, s.Code, s.Error, want.code, want.text)
		}
	}
}

// A state of another shape is refused in one line naming the game, for
// every game: {} (Flanders and Frontline crashed on it, the other three
// took it for a finished game), a fragment, another game's state.
func TestReplayStateOfWrongShape(t *testing.T) {
	fresh := map[string]json.RawMessage{}
	for _, game := range gameIDs() {
		fresh[game] = replayOK(t, ReplayFile{Game: game, Seats: 2, Seed: []uint64{7, 8}}).State
	}
	for _, game := range gameIDs() {
		other := "flanders"
		if game == other {
			other = "trenches"
		}
		for _, c := range []struct{ state, want string }{
			{`{}`, "is not a whole " + game + " state: it lacks"},
			{`{"phase": "x"}`, "is not a whole " + game + " state: it lacks"},
			{`{"foo": 1}`, "no " + game + " state has \"foo\""},
			{string(fresh[other]), "is not a " + game + " state"},
			{`[1, 2]`, "is not a " + game + " state"},
		} {
			_, err := Replay(ReplayFile{Game: game, Seats: 2, Seed: []uint64{7, 8}, State: json.RawMessage(c.state)})
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s given %.40s: %v, want one line with %q", game, c.state, err, c.want)
			}
		}
		// The engine's own state reads.
		if _, err := Replay(ReplayFile{Game: game, Seats: 2, Seed: []uint64{7, 8}, State: fresh[game]}); err != nil {
			t.Errorf("%s: its own state refused: %v", game, err)
		}
	}
}

// An empty argument is refused, not skipped: take..5 is not take.5.
func TestReplayEmptyArgument(t *testing.T) {
	res := replayOK(t, ReplayFile{Game: "flanders", Seats: 2, Seed: []uint64{1, 2}, Actions: []string{"roll", "take..5", "take.5.", ".take.5", "take . 5"}})
	for _, s := range res.Steps[1:] {
		if s.OK || s.Code != "bad_action" || !strings.Contains(s.Error, "empty argument") {
			t.Errorf("%q: %+v", s.Line, s)
		}
	}
}

// A file that names no game says so, and lists the games.
func TestReplayNoGame(t *testing.T) {
	f := filepath.Join(t.TempDir(), "none.json")
	os.WriteFile(f, []byte("{}"), 0o600)
	_, errs, code := run(t, "", "replay", f)
	if code == 0 || !strings.Contains(errs, "the file names no game") || !strings.Contains(errs, "trenches") {
		t.Fatalf("code %d: %s", code, errs)
	}
}

// A malformed line is its step's error; the JSON is printed and the
// run goes on.
func TestReplayMalformedLines(t *testing.T) {
	lines := []string{"", "x:roll", "-1:roll", "2:roll", "ROLL", "roll.abc", "take.1.2.3.4.5.6.7.8.9", "roll"}
	b, _ := json.Marshal(map[string]any{"game": "flanders", "seats": 2, "seed": []int{1, 2}, "actions": lines})
	f := filepath.Join(t.TempDir(), "case.json")
	os.WriteFile(f, b, 0o600)
	out, errs, code := run(t, "", "replay", f)
	var res ReplayResult
	if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil {
		t.Fatalf("%d %v %s", code, err, errs)
	}
	if len(res.Steps) != len(lines) || res.Rejected != len(lines)-1 || !res.Steps[len(lines)-1].OK {
		t.Fatalf("%+v", res.Steps)
	}
	for _, s := range res.Steps[:len(lines)-1] {
		if s.Code != "bad_action" || s.Error == "" {
			t.Errorf("%q: %+v", s.Line, s)
		}
	}
}

// The script serves the first draws, then the seed; without a seed one
// is drawn, printed, and gives the same run again.
func TestReplayScriptThenSeed(t *testing.T) {
	setup := replayOK(t, ReplayFile{Game: "flanders", Seats: 2, Seed: []uint64{1, 2}})
	res := replayOK(t, ReplayFile{Game: "flanders", Seats: 2, State: setup.State, Script: []int{3, 0}, Seed: []uint64{9, 9}, Actions: []string{"roll"}})
	d := res.Steps[0].Draws
	if len(d) != 3 || d[0] != (Draw{6, 3, "script"}) || d[1] != (Draw{6, 0, "script"}) || d[2].From != "seed" || res.ScriptUsed != 2 {
		t.Fatalf("draws %+v, script used %d", d, res.ScriptUsed)
	}
	free := replayOK(t, ReplayFile{Game: "flanders", Seats: 2, State: setup.State, Script: []int{3}, Computer: []int{0, 1}})
	if len(free.Seed) != 2 || free.Rejected != 0 || !free.Outcome.Done {
		t.Fatalf("no seed: %v %q", free.Seed, free.Error)
	}
	again := replayOK(t, ReplayFile{Game: "flanders", Seats: 2, State: setup.State, Script: []int{3}, Seed: free.Seed, Computer: []int{0, 1}})
	if !bytes.Equal(again.State, free.State) {
		t.Fatal("the printed seed does not repeat the run")
	}
}

// Computer moves are steps of their own, marked "computer".
func TestReplayComputerSteps(t *testing.T) {
	res := replayOK(t, ReplayFile{Game: "flanders", Seats: 2, Seed: []uint64{3, 4}, Options: map[string]string{"first_player": "2"}, Computer: []int{1}, Actions: []string{"roll"}})
	if len(res.Steps) < 2 || res.Steps[0].By != "computer" || res.Steps[0].Seat != 1 || !res.Steps[0].OK {
		t.Fatalf("%+v", res.Steps)
	}
	var mine int
	for _, s := range res.Steps {
		if s.By == "" {
			mine++
			if s.Line != "roll" || s.Seat != 0 {
				t.Errorf("%+v", s)
			}
		}
	}
	if mine != 1 || res.Applied != len(res.Steps) {
		t.Errorf("%d human steps, %d applied of %d", mine, res.Applied, len(res.Steps))
	}
}

// Each step tells its events as the boards do (a private one marked with
// the seats that see it), and the run's journal holds the public lines
// only: the Defender's set-up never reaches it.
func TestReplayTellsTheJournal(t *testing.T) {
	res := replayOK(t, ReplayFile{Game: "trenches", Seats: 2, Options: map[string]string{"scenario": "1", "role": "defender"}, Seed: []uint64{5, 6},
		Actions: []string{"place.0.203.1", "auto"}})
	var public []string
	private := 0
	for _, s := range res.Steps {
		if !s.OK || len(s.Told) != len(s.Events) {
			t.Fatalf("step %+v: %d lines for %d events", s, len(s.Told), len(s.Events))
		}
		for i, e := range s.Events {
			switch {
			case e.Private:
				private++
				if !strings.HasPrefix(s.Told[i], "🔒 Player 1: ") {
					t.Fatalf("private event told as %q", s.Told[i])
				}
			case s.Told[i] != "":
				public = append(public, s.Told[i])
			}
		}
	}
	if private == 0 || len(public) == 0 || strings.Join(res.Journal, "\n") != strings.Join(public, "\n") {
		t.Fatalf("%d private events; journal %q, public lines %q", private, res.Journal, public)
	}
	for _, l := range res.Journal {
		if strings.Contains(l, "0203") || strings.Contains(l, "🔒") {
			t.Fatalf("the journal shows the Defender's set-up: %q", l)
		}
	}
}
