package commands

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/warroom/warroom/data"
)

// TestOldRecordsDraw: tables stored while the game states still kept
// their own logs (testdata/oldrecords: a computer game of each, 24 moves
// in, written by the code of c30d6b3: the state with its "log", and the
// table's action log) still load and draw, picture included: with the
// events their log entries carry, which the board tells, and with none
// (tables older than the journal kept no events), drawn without a "what
// happened". Encoding such a state again drops its log.
func TestOldRecordsDraw(t *testing.T) {
	seen := 0
	for _, eng := range testMods.Engines() {
		id := eng.Info().ID
		if !isSecretGame(id) {
			continue
		}
		seen++
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
		if !bytes.Contains(doc.State, []byte(`"log":[`)) || len(doc.Log) == 0 {
			t.Fatalf("%s: not an old record with a state log", id)
		}
		st, err := eng.Decode(doc.State)
		if err != nil {
			t.Fatalf("%s: an old record does not load: %v", id, err)
		}
		if b, _ := eng.Encode(st); bytes.Contains(b, []byte(`"log"`)) || len(b) >= len(doc.State) {
			t.Errorf("%s: the state log is kept (%d B, was %d B)", id, len(b), len(doc.State))
		}
		var sizes [2]int
		for k, withEvents := range []bool{true, false} {
			log := make([]data.LogEntry, len(doc.Log))
			for i, e := range doc.Log {
				if !withEvents {
					e.Events = nil
				}
				log[i] = e
			}
			svc := &Service{store: &logOnly{entries: log}, mods: testMods, Images: true}
			tb := &data.Table{ID: "old", Game: id, Status: data.StatusPlaying, Version: int64(len(log)), HostID: "100"}
			for i := 0; i < 2; i++ {
				tb.Seats = append(tb.Seats, data.Seat{Name: fmt.Sprintf("Player %d", i+1), UserID: fmt.Sprint(100 + i)})
			}
			msg, err := svc.board(t.Context(), &loaded{t: tb, eng: eng, mod: modOf(eng), state: st}, "en", true, true)
			if err != nil || len(msg.Embeds) == 0 || len(msg.Files) == 0 {
				t.Fatalf("%s (events %v): the board of an old record: %v, %d embeds, %d files", id, withEvents, err, len(msg.Embeds), len(msg.Files))
			}
			text, _ := json.Marshal(msg.Embeds)
			sizes[k] = len(text)
		}
		if sizes[0] <= sizes[1] {
			t.Errorf("%s: the events of an old log add nothing to the board (%d B with, %d B without)", id, sizes[0], sizes[1])
		}
	}
	if seen < 5 {
		t.Fatalf("%d games checked", seen)
	}
}
