package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/warroom/warroom/discordtest"
)

var hex64 = regexp.MustCompile(`[0-9a-f]{64}`)

// TestVerifyEndToEnd: through the real bot, the lobby message shows the
// commitment once the game starts; a live table's export has no seed and
// verify says so; the result's Game record reveals the seed, and `warroom verify` with
// the commitment from the lobby accepts the finished export, and refuses
// it with one die changed or with another commitment (exit code 1).
// (The whole game is played with text boards: no picture is checked,
// and drawing one per move was four fifths of the test's time under the
// race detector.)
func TestVerifyEndToEnd(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("flanders", nil, true, 0)
	w.board(w.ch)
	var commit string
	for _, m := range w.srv.Messages(w.ch) {
		if txt := m.Text(); strings.Contains(txt, "SHA-256") {
			commit = hex64.FindString(txt)
			t.Logf("lobby message at the start:\n%s", txt)
		}
	}
	if commit == "" {
		t.Fatal("no commitment shown at the start")
	}
	w.stopBot()
	logs := w.log.String()
	dir := t.TempDir()
	live, errs, code := run(t, "", "export", "--db", w.db, "--table", "1")
	if code != 0 {
		t.Fatalf("export: %s", errs)
	}
	if strings.Contains(live, `"seed"`) || strings.Contains(live, `"rng"`) || !strings.Contains(live, commit) {
		t.Fatalf("a live table's export:\n%s", live)
	}
	os.WriteFile(filepath.Join(dir, "live.json"), []byte(live), 0o600)
	if out, _, code := run(t, "", "verify", filepath.Join(dir, "live.json")); code != 1 || !strings.HasPrefix(out, "no seed") || !strings.Contains(out, "still running") {
		t.Fatalf("verify of a live export: %d %s", code, out)
	}

	w.startBot()
	end := w.playToEnd(3, w.ch, 4000)
	// The result says in one line where the seed is: in the Game record.
	if txt := end.Text(); !strings.Contains(txt, "the seed is in the Game record") || len(hex64.FindAllString(txt, -1)) != 0 {
		t.Fatalf("the result's fair dice line: %s", txt)
	}
	t.Logf("result:\n%s", end.Text())
	// Any member takes the record from the final board, privately.
	r := w.expect(w.srv.ClickLabel(w.eve, end, "Game record"))
	var rec *discordtest.Message
	answers := append([]discordtest.Message{r.Message}, r.Followups...)
	for i := range answers {
		if answers[i].Ephemeral() {
			rec = &answers[i]
		}
	}
	if rec == nil || len(rec.Attachments) != 1 || !strings.Contains(rec.Text(), "warroom verify "+rec.Attachments[0].Filename) {
		t.Fatalf("Game record: %q", privateText(r))
	}
	var record struct {
		Table struct {
			Seed string `json:"seed"`
		} `json:"table"`
	}
	if err := json.Unmarshal(rec.Attachments[0].Data, &record); err != nil || !hex64.MatchString(record.Table.Seed) || record.Table.Seed == commit {
		t.Fatalf("the Game record does not reveal the seed: %v %q", err, record.Table.Seed)
	}
	seed := record.Table.Seed
	w.noProblems()
	// No log line held the seed, at debug level, before or after the end.
	if logs += w.log.String(); strings.Contains(logs, seed) {
		t.Fatal("the seed reached the log")
	}
	w.stopBot()
	out, errs, code := run(t, "", "export", "--db", w.db, "--table", "1")
	if code != 0 || !strings.Contains(out, seed) {
		t.Fatalf("export of the finished table: %d %s", code, errs)
	}
	f := filepath.Join(dir, "export.json")
	os.WriteFile(f, []byte(out), 0o600)
	got, errs, code := run(t, "", "verify", "--commit", commit, f)
	if code != 0 || !strings.HasPrefix(got, "ok: flanders table 1") {
		t.Fatalf("verify: %d %s %s", code, got, errs)
	}
	fromButton := filepath.Join(dir, rec.Attachments[0].Filename)
	os.WriteFile(fromButton, rec.Attachments[0].Data, 0o600)
	if got, errs, code := run(t, "", "verify", "--commit", commit, fromButton); code != 0 || !strings.HasPrefix(got, "ok: flanders table 1") {
		t.Fatalf("verify of the Game record button's file: %d %s %s", code, got, errs)
	}
	t.Logf("warroom verify --commit %s export.json\n%s", commit, got)
	if got, _, code := run(t, "", "verify", "--commit", strings.Repeat("0", 64), f); code != 1 || !strings.Contains(got, "not the one given") {
		t.Fatalf("verify with another commitment: %d %s", code, got)
	}

	// One die of one roll changed.
	var doc map[string]any
	json.Unmarshal([]byte(out), &doc)
	changed := false
	for _, e := range doc["log"].([]any) {
		evs, _ := e.(map[string]any)["events"].([]any)
		for _, ev := range evs {
			ev := ev.(map[string]any)
			if ev["kind"] == "rolled" && !changed {
				nums := ev["data"].(map[string]any)["nums"].([]any)
				nums[1] = float64(int(nums[1].(float64))%6 + 1)
				changed = true
			}
		}
	}
	if !changed {
		t.Fatal("no roll in the log")
	}
	b, _ := json.Marshal(doc)
	os.WriteFile(f, b, 0o600)
	got, _, code = run(t, "", "verify", "--commit", commit, f)
	if code != 1 || !strings.HasPrefix(got, "FAILED: flanders table 1") || !strings.Contains(got, "recorded events differ") {
		t.Fatalf("verify of a changed roll: %d %s", code, got)
	}
	t.Logf("with one die changed:\n%s", got)
}
