package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The damage run: random byte flips in a file of 400 tables, each seed
// checked in a child process so a crash is counted, not fatal to the
// run. WARROOM_FLIP_SEEDS sets the number of seeds (24 by default; 6
// under the race detector, whose children start slowly: ./test.sh spent
// 108 s here, and .ci/run runs the 24 without it).
const (
	flipFile = "WARROOM_FLIP_FILE" // set in the child: the damaged file
	flipWant = "WARROOM_FLIP_WANT" // the tables as stored, JSON
	flips    = 50
)

func TestRandomFlips(t *testing.T) {
	if os.Getenv(flipFile) != "" {
		t.Skip("in a damage-run child")
	}
	seeds := 24
	if raceEnabled {
		seeds = 3
	}
	if n, err := strconv.Atoi(os.Getenv("WARROOM_FLIP_SEEDS")); err == nil && n > 0 {
		seeds = n
	}
	orig, want := corpus(t, 400)
	raw, _ := os.ReadFile(orig)
	wantPath := filepath.Join(t.TempDir(), "want.json")
	js, _ := json.Marshal(want)
	os.WriteFile(wantPath, js, 0o600)
	tally := map[string]int{}
	for seed := range seeds {
		if only := os.Getenv("WARROOM_FLIP_ONLY"); only != "" && only != fmt.Sprint(seed) {
			continue
		}
		p := filepath.Join(t.TempDir(), "w.db")
		os.WriteFile(p, flipRandom(raw, uint64(seed)), 0o600)
		cmd := exec.Command(os.Args[0], "-test.run=^TestFlipChild$", "-test.count=1", "-test.v", "-test.timeout=5m")
		limitChild(cmd) // dies with this test
		cmd.Env = append(os.Environ(), flipFile+"="+p, flipWant+"="+wantPath)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Logf("seed %d: the child ended: %v", seed, err)
		}
		open, repair := verdict(string(out))
		tally[open]++
		tally[repair]++
		if open == "crashed" || open == "silently lost" || repair != "repaired with every loss named" {
			t.Errorf("seed %d: %s, %s\n%s\n...\n%s", seed, open, repair, firstLines(string(out), 8), lastLines(string(out), 12))
		}
	}
	t.Logf("%d seeds x %d flips: refused clearly %d / opened intact %d / repaired with every loss named %d / crashed %d / silently lost %d",
		seeds, flips, tally["refused clearly"], tally["opened intact"], tally["repaired with every loss named"],
		tally["crashed"], tally["silently lost"])
}

// flipRandom xors flips random bytes of raw (a copy) with random values.
func flipRandom(raw []byte, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 29))
	out := append([]byte(nil), raw...)
	for range flips {
		out[r.IntN(len(out))] ^= byte(1 + r.IntN(255))
	}
	return out
}

// verdict reads the child's two RESULT lines; none means it crashed.
func verdict(out string) (open, repair string) {
	open, repair = "crashed", "crashed"
	for _, l := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "OPEN: "); ok {
			open = v
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "REPAIR: "); ok {
			repair = v
		}
	}
	return open, repair
}

func firstLines(s string, n int) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(l[:min(n, len(l))], "\n")
}

func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(l[max(0, len(l)-n):], "\n")
}

// TestFlipChild is one seed of the damage run, in a child process: open
// the file, read every table, run the bot's /play on it, then repair it.
func TestFlipChild(t *testing.T) {
	p := os.Getenv(flipFile)
	if p == "" {
		t.Skip("only in a damage-run child")
	}
	var want map[string]*Table
	js, _ := os.ReadFile(os.Getenv(flipWant))
	if err := json.Unmarshal(js, &want); err != nil {
		t.Fatal(err)
	}
	fmt.Println("OPEN: " + flipOpen(t, p, want))
	fmt.Println("REPAIR: " + flipRepair(t, p, want))
}

// flipOpen opens the damaged file as the bot would and plays a /play.
func flipOpen(t *testing.T, p string, want map[string]*Table) string {
	b, err := Open(p)
	if err != nil {
		if errors.Is(err, ErrDamaged) && strings.Contains(err.Error(), "warroom repair") && !strings.Contains(err.Error(), "\n") {
			return "refused clearly"
		}
		t.Logf("unclear refusal: %v", err)
		return "silently lost"
	}
	defer b.Close()
	nt := &Table{Game: "g", ChannelID: "fresh", Status: StatusLobby}
	if err := b.Create(t.Context(), nt); err == nil && want[nt.ID] != nil {
		t.Logf("/play took table %s's id", nt.ID)
		return "silently lost"
	}
	for id, w := range want {
		got, err := b.Get(t.Context(), id)
		if (err == nil && (got.Version != w.Version || string(got.State) != string(w.State))) || (err != nil && !errors.Is(err, ErrCorrupt)) {
			t.Logf("table %s: %+v %v", id, got, err)
			return "silently lost"
		}
	}
	return "opened intact"
}

// flipRepair repairs the file (after the bot ran on it, if it opened)
// and checks that every table is saved whole or named.
func flipRepair(t *testing.T, p string, want map[string]*Table) string {
	out := p + ".repaired"
	rep, err := Repair(p, out)
	if err != nil {
		t.Logf("repair: %v", err)
		return "silently lost"
	}
	nb, err := Open(out)
	if err != nil {
		t.Logf("repaired file: %v", err)
		return "silently lost"
	}
	defer nb.Close()
	named := map[string]bool{}
	for _, id := range append(append(rep.Lost, rep.Unreadable...), rep.LogsLost...) {
		named[id] = true
	}
	for id, w := range want {
		if named[id] || (rep.UnknownAfter != "" && idAfter(id, rep.UnknownAfter)) {
			continue
		}
		got, err := nb.Get(t.Context(), id)
		_, loose := rep.Loose[id]
		switch {
		case err != nil:
			t.Logf("table %s neither saved nor named: %v", id, err)
			return "silently lost"
		case got.Version < w.Version && !loose && rep.Behind[id] == 0:
			t.Logf("table %s saved at v%d < v%d unnamed", id, got.Version, w.Version)
			return "silently lost"
		}
		if log, _ := nb.Log(t.Context(), id); int64(len(log)) < w.Logged {
			t.Logf("table %s: log of %d entries < %d, unnamed", id, len(log), w.Logged)
			return "silently lost"
		}
	}
	return "repaired with every loss named"
}
