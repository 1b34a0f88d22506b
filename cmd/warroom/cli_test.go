package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runMain(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// TestPlayAllComputerGameEnds: every game played by two computers on the
// terminal ends, with a picture of the board after every turn. Under the
// race detector (./test.sh) only the first game draws them: the terminal
// game is one goroutine, and drawing was most of the test's time;
// .ci/run draws every game's.
func TestPlayAllComputerGameEnds(t *testing.T) {
	dir := t.TempDir()
	for i, g := range gameIDs() {
		args := []string{"play", g, "--bots", "2", "--seed", "3", "--quiet"}
		draw := !raceEnabled || i == 0
		if draw {
			args = append(args, "--images", dir)
		}
		out, errs, code := run(t, "", args...)
		if code != 0 || !strings.Contains(out, "Game over after") {
			t.Fatalf("%s: code %d\n%s\n%s", g, code, out, errs)
		}
		if _, err := os.Stat(filepath.Join(dir, g+"-final.png")); draw && err != nil {
			t.Errorf("%s: no final picture: %v", g, err)
		}
	}
}

func TestPlayInteractiveReadsChoices(t *testing.T) {
	out, errs, code := run(t, "1\n!!\nnonsense\n1\nq\n", "play", "flanders", "--seed", "3")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	// The board after the roll tells it from the journal, as on Discord.
	for _, want := range []string{"Roll", "? not a choice", "! Unknown action.", "bye", "choice (number", "# Last moves\nPlayer 1 rolled"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Contains(out, "**") {
		t.Error("Markdown shown on the terminal")
	}
}

func TestPlayGameOptionsAsFlags(t *testing.T) {
	out, errs, code := run(t, "", "play", "trenches", "--scenario", "4", "--bots", "2", "--seed", "1", "--quiet")
	if code != 0 || !strings.Contains(out, "Game over") {
		t.Fatalf("%d %s", code, errs)
	}
	out, _, _ = run(t, "", "play", "fow", "--mission", "breakthrough", "--bots", "2", "--seed", "1")
	if !strings.Contains(out, "Breakthrough") {
		t.Fatalf("mission not used:\n%s", out[:min(len(out), 400)])
	}
	if _, _, code := run(t, "", "play", "trenches", "--scenario", "9", "--bots", "2"); code == 0 {
		t.Fatal("scenario 9 accepted")
	}
}

func TestPlayBadInput(t *testing.T) {
	for _, args := range [][]string{{"play"}, {"play", "chess"}, {"play", "flanders", "--seats", "9"}, {"play", "flanders", "--bots", "5", "--seats", "2"}, {"nope"}} {
		if _, _, code := run(t, "", args...); code == 0 {
			t.Errorf("%v accepted", args)
		}
	}
}

// A rules case as a file: set up from a seed, then roll scripted dice.
func TestReplayScriptedDice(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, v any) string {
		b, _ := json.Marshal(v)
		p := filepath.Join(dir, name)
		os.WriteFile(p, b, 0o600)
		return p
	}
	out, errs, code := run(t, "", "replay", write("setup.json", map[string]any{"game": "flanders", "seats": 2, "seed": []int{1, 2}}))
	if code != 0 {
		t.Fatalf("setup: %s", errs)
	}
	var setup ReplayResult
	if err := json.Unmarshal([]byte(out), &setup); err != nil {
		t.Fatal(err)
	}
	// Dice 4, 1, 6 are the Intn(6) results 3, 0, 5.
	out, errs, code = run(t, "", "replay", write("roll.json", map[string]any{"game": "flanders", "seats": 2, "state": setup.State, "script": []int{3, 0, 5}, "actions": []string{"roll"}}))
	if code != 0 {
		t.Fatalf("roll: %s", errs)
	}
	var res ReplayResult
	json.Unmarshal([]byte(out), &res)
	view, _ := json.Marshal(res.View)
	if res.Applied != 1 || !strings.Contains(string(view), `"dice":[4,1,6]`) {
		t.Fatalf("applied %d, view %s", res.Applied, view)
	}
	// A scripted value out of range is that step's error, not a panic.
	out, errs, code = run(t, "", "replay", write("badscript.json", map[string]any{"game": "flanders", "seats": 2, "state": setup.State, "script": []int{9}, "actions": []string{"roll"}}))
	res = ReplayResult{}
	json.Unmarshal([]byte(out), &res)
	if code != 0 || len(res.Steps) != 1 || res.Steps[0].OK || !strings.Contains(res.Steps[0].Error, "script") {
		t.Fatalf("bad script: %d %s %+v", code, errs, res.Steps)
	}
	// An illegal action is reported in its step and the run goes on.
	out, _, _ = run(t, "", "replay", write("bad.json", map[string]any{"game": "flanders", "seats": 2, "state": setup.State, "script": []int{3, 0, 5}, "actions": []string{"stop", "roll"}}))
	res = ReplayResult{}
	json.Unmarshal([]byte(out), &res)
	if res.Error == "" || res.Applied != 1 || res.Rejected != 1 || res.Steps[0].Code != "cannot_stop_yet" || res.Steps[0].Text == "" || !res.Steps[1].OK {
		t.Fatalf("illegal stop: %q %+v", res.Error, res.Steps)
	}
}

func TestExportAndBackup(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	w.lobby("flanders", nil, true, 0)
	w.board(w.ch)
	w.stopBot()
	out, errs, code := run(t, "", "export", "--db", w.db, "--channel", w.ch)
	if code != 0 || !strings.Contains(out, `"game": "flanders"`) || strings.Contains(out, `"rng"`) {
		t.Fatalf("export: %d %s\n%s", code, errs, out)
	}
	if strings.Contains(out, `"state"`) {
		t.Fatal("a live table's state exported without --include-hidden")
	}
	// With its hidden information the export replays.
	out, _, _ = run(t, "", "export", "--db", w.db, "--channel", w.ch, "--include-hidden")
	f := filepath.Join(t.TempDir(), "export.json")
	os.WriteFile(f, []byte(out), 0o600)
	if _, errs, code := run(t, "", "replay", f); code != 0 {
		t.Fatalf("replay of export: %s", errs)
	}
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	if out, errs, code := run(t, "", "backup", "--db", w.db, "--out", copyPath); code != 0 || !strings.Contains(out, "wrote") {
		t.Fatalf("backup: %s %s", out, errs)
	}
	if _, _, code := run(t, "", "export", "--db", copyPath, "--table", "1"); code != 0 {
		t.Fatal("the backup does not hold the table")
	}
	if _, errs, code := run(t, "", "export", "--db", filepath.Join(t.TempDir(), "missing.db"), "--table", "1"); code == 0 || !strings.Contains(errs, "missing.db") {
		t.Fatalf("missing database: %s", errs)
	}
}

// TestDamagedDatabase: a damaged file is refused by run and export with
// one line naming backup and repair (no panic), repair salvages the table
// into a new file, and the table exports and replays from there.
func TestDamagedDatabase(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	w.lobby("flanders", nil, true, 0)
	w.board(w.ch)
	w.stopBot()
	raw, err := os.ReadFile(w.db)
	if err != nil {
		t.Fatal(err)
	}
	// Break the page that holds the table: its page id no longer
	// matches, which bbolt's check catches, but the record is intact.
	at := bytes.Index(raw, []byte(`"game":"flanders"`))
	if at < 0 {
		t.Fatal("table record not found in the file")
	}
	ps := os.Getpagesize()
	page := at / ps * ps
	copy(raw[page:page+8], make([]byte, 8))
	bad := filepath.Join(t.TempDir(), "bad.db")
	os.WriteFile(bad, raw, 0o600)

	for _, args := range [][]string{
		{"export", "--db", bad, "--table", "1"},
		{"run", "--db", bad, "--dev-discord-api", "http://127.0.0.1:1"},
	} {
		_, errs, code := run(t, "", args...)
		if code == 0 || !strings.Contains(errs, "warroom repair") || !strings.Contains(errs, "warroom backup") || strings.Contains(errs, "goroutine ") {
			t.Fatalf("%s on a damaged file: %d %s", args[0], code, errs)
		}
	}
	fixed := filepath.Join(t.TempDir(), "fixed.db")
	out, errs, code := run(t, "", "repair", "--db", bad, "--out", fixed)
	if code != 0 || !strings.Contains(out, "saved 1 tables") {
		t.Fatalf("repair: %d %s %s", code, out, errs)
	}
	out, errs, code = run(t, "", "export", "--db", fixed, "--table", "1", "--include-hidden")
	if code != 0 {
		t.Fatalf("export after repair: %s", errs)
	}
	f := filepath.Join(t.TempDir(), "export.json")
	os.WriteFile(f, []byte(out), 0o600)
	if _, errs, code := run(t, "", "replay", f); code != 0 {
		t.Fatalf("replay after repair: %s", errs)
	}
	if _, errs, code := run(t, "", "repair", "--db", bad, "--out", fixed); code == 0 || !strings.Contains(errs, "exists") {
		t.Fatalf("repair overwrote a file: %s", errs)
	}
}

func TestRunRefusesABadHTTPAddress(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "x")
	_, errs, code := run(t, "", "run", "--db", filepath.Join(t.TempDir(), "w.db"), "--http", "no-such-host.invalid:http", "--dev-discord-api", "http://127.0.0.1:1")
	if code == 0 || !strings.Contains(errs, "--http") {
		t.Fatalf("run with a bad --http: %d %s", code, errs)
	}
}

// Seats marked "computer" are played by games.RunBots: all of them
// play a game to its end; with one human seat the run stops at its turn.
func TestReplayComputerSeats(t *testing.T) {
	for _, game := range []string{"flanders", "frontline"} {
		res, err := Replay(ReplayFile{Game: game, Seats: 2, Seed: []uint64{3, 4}, Computer: []int{0, 1}})
		if err != nil || res.Error != "" || !res.Outcome.Done || res.Applied == 0 || len(res.Active) != 0 {
			t.Fatalf("%s: %v %q done %v after %d", game, err, res.Error, res.Outcome.Done, res.Applied)
		}
		res, err = Replay(ReplayFile{Game: game, Seats: 2, Seed: []uint64{3, 4}, Computer: []int{1}})
		if err != nil || res.Error != "" || res.Outcome.Done || len(res.Active) != 1 || res.Active[0] != 0 {
			t.Fatalf("%s with a human: %v %q active %v", game, err, res.Error, res.Active)
		}
	}
}

// A Flames of War roster on the terminal: a platoon's name and exact
// points typed in the text form, or asked field by field after choosing
// its form by number, as the Discord modal asks them.
func TestPlayTypedPlatoon(t *testing.T) {
	out, errs, code := run(t, "add.0\nplatoon.0.350.0 \"Panzer   IV Zug\"\nq\n", "play", "fow", "--seed", "3", "--mission", "encounter")
	if code != 0 || !strings.Contains(out, "A1 Panzer IV Zug") {
		t.Fatalf("text form: code %d %s\n%s", code, errs, out)
	}
	out, _, _ = run(t, "add.0\nq\n", "play", "fow", "--seed", "3", "--mission", "encounter")
	n := ""
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "Name, points and teams of A1") {
			n = strings.TrimSpace(strings.SplitN(line, ".", 2)[0])
		}
	}
	if n == "" {
		t.Fatalf("no form choice:\n%s", out)
	}
	out, errs, code = run(t, "add.0\n"+n+"\nTiger Zug\n400\n2\nq\n", "play", "fow", "--seed", "3", "--mission", "encounter")
	if code != 0 || !strings.Contains(out, "A1 Tiger Zug") || !strings.Contains(out, "Points (A whole number from 0 to 2000.)") {
		t.Fatalf("fields: code %d %s\n%s", code, errs, out)
	}
	out, _, _ = run(t, "add.0\n"+n+"\n@everyone\n400\n2\nq\n", "play", "fow", "--seed", "3", "--mission", "encounter")
	if !strings.Contains(out, "plain punctuation") || strings.Contains(out, "A1 @everyone") {
		t.Fatalf("a bad name:\n%s", out)
	}
}

// TestPlayComputerLevel: --computer picks the computer seats' level
// (the game's option computer): each level plays a whole game, easy and
// normal play differently from one seed, and an unknown level is refused.
// The game is Flanders; under the race detector (./test.sh) it is
// Trenches, whose hard computer plays a game in a tenth of the time
// (Flanders' hard game, one goroutine of search, is .ci/run's).
func TestPlayComputerLevel(t *testing.T) {
	game := "flanders"
	if raceEnabled {
		game = "trenches"
	}
	outs := map[string]string{}
	for _, level := range []string{"easy", "normal", "hard"} {
		out, errs, code := run(t, "", "play", game, "--computer", level, "--bots", "2", "--seed", "3", "--quiet")
		if code != 0 || !strings.Contains(out, "Game over after") {
			t.Fatalf("%s: code %d\n%s\n%s", level, code, out, errs)
		}
		outs[level] = out
	}
	if outs["easy"] == outs["normal"] {
		t.Fatalf("easy and normal played the same game:\n%s", outs["easy"])
	}
	if _, _, code := run(t, "", "play", game, "--computer", "expert", "--bots", "2"); code == 0 {
		t.Fatal("computer expert accepted")
	}
}
