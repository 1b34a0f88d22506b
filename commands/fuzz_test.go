package commands

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzClick sends arbitrary custom_ids and select values, as a hostile
// client could, to a table in play: never a panic, never an internal
// error, and the table changes only through a legal move of the player
// whose turn it is.
func FuzzClick(f *testing.F) {
	for _, s := range []string{"w1:1:2:a:add.1", "w1:1:2:a:add.9", "w1:1:2:s", "w1:1:2:g", "w1:1:2:p", "w1:1:2:h", "w1:1:2:l:join", "w1:1:1:a:add.1", "w1:2:2:a:add.1"} {
		f.Add(s, "add.2", true)
	}
	h := newHarness(f)
	p := h.startRace()
	f.Fuzz(func(t *testing.T, customID, value string, asAnn bool) {
		before, err := h.store.Get(p.BoardOf)
		if err != nil {
			t.Fatal(err)
		}
		user := bob
		if asAnn {
			user = ann
		}
		var values []string
		if value != "" {
			values = []string{value}
		}
		r := h.click(user, h.board, customID, values...)
		if strings.Contains(text(r.Reply.Message), "went wrong") {
			t.Fatalf("internal error for %q %q", customID, value)
		}
		after, _ := h.store.Get(p.BoardOf)
		if after.Version == before.Version {
			if string(after.State) != string(before.State) {
				t.Fatal("state changed without a new version")
			}
			return
		}
		if r.Reply.Kind == ReplyPrivate && !strings.Contains(text(r.Reply.Message), "was saved") {
			t.Fatalf("a refused click changed the table: %q %q", customID, value)
		}
		id, err := ParseCustomID(customID)
		if err != nil || id.Version != before.Version {
			t.Fatalf("a bad or stale custom_id changed the table: %q", customID)
		}
		var st raceState
		json.Unmarshal(before.State, &st)
		if id.Kind != KindLobby && st.Turn != map[bool]int{true: 0, false: 1}[asAnn] {
			t.Fatalf("a move out of turn was applied: %q by %v", customID, asAnn)
		}
	})
}
