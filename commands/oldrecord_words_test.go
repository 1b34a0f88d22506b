package commands

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// TestOldRecordsWords: the events of stored tables (testdata/oldrecords)
// are told on the board, in every language, in the very words the code
// of 5d2f350 told them (testdata/oldrecords/<game>.words.json, written by
// that code with WARROOM_WRITE_WORDS=1; since then only Blindaż's dead-end
// glyphs changed, ╶ ╷ ╴ ╵ to ► ▼ ◄ ▲, its ruling 16): a change to how
// events are stored or decoded must keep reading the journals already
// stored.
func TestOldRecordsWords(t *testing.T) {
	for _, eng := range testMods.Engines() {
		id := eng.Info().ID
		if !isSecretGame(id) {
			continue
		}
		raw, err := os.ReadFile(filepath.Join("testdata", "oldrecords", id+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			State json.RawMessage `json:"state"`
			Log   []data.LogEntry `json:"log"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		st, err := eng.Decode(doc.State)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]json.RawMessage{}
		for _, lang := range []string{"en", "pl", "ru"} {
			svc := &Service{store: &logOnly{entries: doc.Log}, mods: testMods}
			tb := &data.Table{ID: "old", Game: id, Status: data.StatusPlaying, Version: int64(len(doc.Log)), HostID: "100"}
			for i := 0; i < 2; i++ {
				tb.Seats = append(tb.Seats, data.Seat{Name: fmt.Sprintf("Player %d", i+1), UserID: fmt.Sprint(100 + i)})
			}
			msg, err := svc.board(t.Context(), &loaded{t: tb, eng: eng, mod: modOf(eng), state: st}, lang, true, false)
			if err != nil {
				t.Fatal(err)
			}
			got[lang], _ = json.Marshal(msg.Embeds)
			got[lang+" told"], _ = json.Marshal(told(t, &loaded{t: tb, eng: eng, mod: modOf(eng), state: st}, lang, doc.Log))
		}
		for lang, lines := range playedWords(t, eng) {
			got["played "+lang], _ = json.Marshal(lines)
		}
		b, _ := json.MarshalIndent(got, "", " ")
		file := filepath.Join("testdata", "oldrecords", id+".words.json")
		if os.Getenv("WARROOM_WRITE_WORDS") == "1" {
			if err := os.WriteFile(file, b, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, want) {
			t.Errorf("%s: the board of an old record reads otherwise than it did (%s)", id, file)
		}
	}
}

// told is every event of log as its audience's Tell says it.
func told(t *testing.T, l *loaded, lang string, log []data.LogEntry) []string {
	g, ok := testMods.Renderer(l.t.Game)
	if !ok {
		t.Fatalf("%s: no renderer", l.t.Game)
	}
	var out []string
	for _, e := range log {
		for _, ev := range e.Events {
			viewer := ev.For()
			line := g.Tell(ctxFor(l, lang, viewer), l.eng.View(l.state, viewer), ev)
			out = append(out, fmt.Sprintf("%s %q key=%v group=%q part=%q", ev.Kind, line.Text, line.Key, line.Group, line.Part))
		}
	}
	return out
}

// playedWords plays a seeded game of computer moves with today's engine
// and tells each move's events in every language: the events an engine
// makes now must tell what the same moves told before.
func playedWords(t *testing.T, eng games.Engine) map[string][]string {
	rng := games.NewPCG(7, 28)
	st, err := eng.Setup(games.Options{}, eng.Info().MinSeats, rng)
	if err != nil {
		t.Fatal(err)
	}
	tb := &data.Table{ID: "new", Game: eng.Info().ID, Status: data.StatusPlaying, HostID: "100"}
	for i := 0; i < eng.Info().MinSeats; i++ {
		tb.Seats = append(tb.Seats, data.Seat{Name: fmt.Sprintf("Player %d", i+1), UserID: fmt.Sprint(100 + i)})
	}
	var log []data.LogEntry
	for i := 0; i < 60 && !eng.Outcome(st).Done; i++ {
		act := eng.Active(st)
		if len(act) == 0 {
			break
		}
		a := eng.Bot(st, act[0], rng)
		next, evs, err := eng.Apply(st, act[0], a, rng)
		if err != nil {
			t.Fatalf("%s: %s refused: %v", tb.Game, a, err)
		}
		st = next
		log = append(log, data.LogEntry{Version: int64(i + 1), Seat: act[0], Action: a.String(), Events: evs})
	}
	out := map[string][]string{}
	for _, lang := range []string{"en", "pl", "ru"} {
		out[lang] = told(t, &loaded{t: tb, eng: eng, mod: modOf(eng), state: st}, lang, log)
	}
	return out
}
