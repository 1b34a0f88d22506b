package commands

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/warroom/warroom/games"
)

// FuzzClick sends arbitrary custom_ids and select values, as a hostile
// client could, to a table in play: never a panic, never an internal
// error, and the table changes only through a legal move of the player
// whose turn it is.
func FuzzClick(f *testing.F) {
	for _, s := range []string{"w1:1:2:a:add.1", "w1:1:2:t:add.1", "w1:1:2:a:add.9", "w1:1:2:s", "w1:1:2:g", "w1:1:2:p", "w1:1:2:h", "w1:1:2:l:join", "w1:1:2:l:level", "w1:1:2:v:pa", "w1:1:2:v:pg", "w1:1:2:v:7", "w1:1:1:a:add.1", "w1:2:2:a:add.1"} {
		f.Add(s, "add.2", true)
	}
	h := newHarness(f)
	p := h.startRace()
	f.Fuzz(func(t *testing.T, customID, value string, asAnn bool) {
		before, err := h.store.Get(t.Context(), p.BoardOf)
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
		after, _ := h.store.Get(t.Context(), p.BoardOf)
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

// FuzzModal submits arbitrary text to a FoW platoon form, as a hostile
// client could (any value, any length, any custom_id): never a panic or
// an internal error, and a change only when Ann submitted her own form
// with a name that is clean, at most 40 characters of NameRune, unique,
// and numbers in range.
func FuzzModal(f *testing.F) {
	for _, s := range []string{"Panzer IV Zug", "@everyone", " a\nb ", "<@200>", strings.Repeat("x", 41), "e\u0301", "\u202eevil", ""} {
		f.Add(s, "350", "0", true, false)
	}
	f.Add("Zug", "-1", "41", true, true)
	h := newHarness(f)
	id := fowRoster(f, h)
	f.Fuzz(func(t *testing.T, name, points, teams string, asAnn, forged bool) {
		before, _ := h.store.Get(t.Context(), id)
		form, _ := CustomID{Table: id, Version: before.Version, Kind: KindForm, Action: games.Act("platoon", 0)}.Encode()
		if forged {
			form = "w1:" + id + ":" + points + ":t:" + name
		}
		user := bob
		if asAnn {
			user = ann
		}
		r := submit(h, user, form, map[string]string{"name": name, "points": points, "teams": teams})
		if strings.Contains(text(r.Reply.Message), "went wrong") {
			t.Fatalf("internal error for %q %q %q", name, points, teams)
		}
		after, _ := h.store.Get(t.Context(), id)
		if after.Version == before.Version {
			if string(after.State) != string(before.State) {
				t.Fatal("state changed without a new version")
			}
			return
		}
		if !asAnn || forged {
			t.Fatalf("changed by %s (forged %v): %q", user.Name, forged, form)
		}
		p := annsPlatoons(t, h, id)[0]
		n := utf8.RuneCountInString(p.Name)
		if p.Name != games.CleanText(name) || n < 1 || n > 40 || p.Points < 0 || p.Points > 2000 || p.Teams < 0 || p.Teams > 40 {
			t.Fatalf("stored %+v from %q %q %q", p, name, points, teams)
		}
		for _, r := range p.Name {
			if !games.NameRune(r) {
				t.Fatalf("stored %q with %q", p.Name, r)
			}
		}
	})
}
