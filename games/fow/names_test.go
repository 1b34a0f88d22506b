package fow

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// TestTypedPlatoonNames: the platoon form names a platoon and sets its
// exact points and teams; a name in use in the seat (ignoring case) is
// refused with name_taken and nothing changed, and is free again once
// its platoon is deleted; the names stay secret until Ready.
func TestTypedPlatoonNames(t *testing.T) {
	rng := games.NewPCG(1, 1)
	s, err := G.Setup(games.Options{"mission": "encounter"}, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	for s.Phase != PhRoster {
		seat := G.Active(s)[0]
		s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
	}
	do := func(code string, verb string, text string, args ...int) {
		t.Helper()
		ns, _, err := G.Apply(s, 0, games.Action{Verb: verb, Args: args, Text: text}, rng)
		if games.ErrorCode(err) != code {
			t.Fatalf("%s %v %q: %v, want %q", verb, args, text, err, code)
		}
		if err == nil {
			s = ns
		} else if js(ns) != js(s) {
			t.Fatalf("refused %s changed the state", verb)
		}
	}
	do("", "add", "", 0)
	do("", "platoon", "Panzer IV Zug", 0, 350, 5)
	if p := s.Sides[0].Platoons[0]; p.Name != "Panzer IV Zug" || p.Points != 350 || p.Teams != 5 {
		t.Fatalf("platoon %+v", p)
	}
	do("", "add", "", 0)
	do("name_taken", "platoon", "PANZER iv zug", 1, 100, 0)
	do("text_missing", "platoon", "", 1)
	do("number_range", "platoon", "Tiger", 1, 2001, 0)
	do("text_bad_char", "platoon", "Tiger @here", 1, 100, 0)
	do("text_bad_char", "platoon", "Tiger\ufe0f", 1, 100, 0) // invisible: a variation selector
	do("text_bad_char", "platoon", "Ti\u034fger", 1, 100, 0) // invisible: combining grapheme joiner
	do("text_no_letter", "platoon", "\u0301\u0301", 1, 100, 0)
	do("name_taken", "platoon", "Panzer IV Zug", 1, 100, 0)
	do("name_taken", "platoon", "Pаnzer IV Zug", 1, 100, 0) // a Cyrillic "а": looks the same
	do("bad_action", "platoon", "Tiger", 0, 100, 0)         // only the selected platoon's form is listed
	do("", "platoon", "Tiger", 1, 100, 0)
	do("", "platoon", "Tiger", 1, 150, 0) // its own name again
	do("", "sel", "", 0)
	do("", "del", "")
	do("", "platoon", "Panzer IV Zug", 0, 100, 0) // the deleted platoon's name is free
	if v := G.View(s, 1).(View); len(v.Sides[0].Platoons) != 0 {
		t.Fatalf("Bob sees Ann's roster before Ready: %+v", v.Sides[0].Platoons)
	}
	if v := G.View(s, 0).(View); v.Sides[0].Platoons[0].Name != "Panzer IV Zug" {
		t.Fatalf("Ann's own view: %+v", v.Sides[0].Platoons)
	}
	do("", "ready", "")
	if v := G.View(s, games.Spectator).(View); v.Sides[0].Platoons[0].Name != "Panzer IV Zug" {
		t.Fatalf("the roster is public after Ready: %+v", v.Sides[0].Platoons)
	}
	do("not_your_turn", "platoon", "Late", 0, 1, 1)
}
