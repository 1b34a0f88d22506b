package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/discordtest"
)

// TestE2EPlatoonModal: in a Flames of War roster, Ann adds a platoon from
// her private menu, presses its form button, and the real bot opens a
// modal (checked by the stand-in against Discord's OpenAPI document and
// docs: Labels wrapping Text Inputs); she types a name and exact points
// and submits. My units shows the name; Bob's does not. The same modal
// submitted again is refused (the table moved on), and a forged submit
// with a name too long changes nothing. On the gateway (`warroom run`) and
// over HTTP interactions (`warroom serve`).
func TestE2EPlatoonModal(t *testing.T) {
	t.Run("gateway", func(t *testing.T) { platoonModal(t, (*world).startBot) })
	t.Run("http", func(t *testing.T) { platoonModal(t, func(w *world) { w.startServe() }) })
}

func platoonModal(t *testing.T, start func(*world)) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	start(w)
	w.lobby("fow", map[string]any{"mission": "encounter"}, true, 0)

	menu := func() *discordtest.Message {
		t.Helper()
		b := w.board(w.ch)
		r := w.expect(w.srv.Click(w.ann, b, mustButton(t, b, ":p")))
		m := ephemeralWithComponents(r)
		if m == nil {
			t.Fatalf("no menu: %s", privateText(r))
		}
		return m
	}
	// Add a platoon: its button on the menu.
	m := menu()
	// A menu of many choices has them in selects (two rows of buttons
	// at most): the platoon to add is an option of one.
	added := false
	for _, sel := range m.Selects() {
		if slices.Contains(sel.Values(), "add.0") {
			w.expect(w.srv.Select(w.ann, m, sel.CustomID, []string{"add.0"}))
			added = true
			break
		}
	}
	if !added {
		w.expect(w.srv.Click(w.ann, m, mustButton(t, m, ":a:add.0")))
	}
	m = menu()
	form := mustButton(t, m, ":t:platoon.0")
	open := w.srv.Click(w.ann, m, form)
	r := w.expect(open)
	if r.Type != discordgo.InteractionResponseModal || r.Modal == nil || r.Modal.CustomID != form {
		t.Fatalf("the form's button answered %d %+v", r.Type, r.Modal)
	}
	for _, c := range r.Modal.Components {
		if _, ok := c.(*discordgo.Label); !ok {
			t.Fatalf("modal component %T, want a Label", c)
		}
	}
	if got := r.Modal.TextInputs(); strings.Join(got, ",") != "name,points,teams" {
		t.Fatalf("inputs %v", got)
	}
	done := w.expect(w.srv.SubmitModal(w.ann, open, map[string]string{"name": "Panzer IV Zug", "points": "350", "teams": "0"}))
	if txt := done.Text(); !strings.Contains(txt, "Done") {
		t.Fatalf("submit answered %q %q", txt, privateText(done))
	}
	units := func(u discordtest.User) string {
		b := w.board(w.ch)
		return privateText(w.expect(w.srv.Click(u, b, mustButton(t, b, ":h"))))
	}
	if got := units(w.ann); !strings.Contains(got, "A1 Panzer IV Zug") || !strings.Contains(got, "350") {
		t.Fatalf("Ann's units: %q", got)
	}
	if got := units(w.bob); strings.Contains(got, "Panzer") {
		t.Fatalf("Bob sees Ann's roster: %q", got)
	}
	// The same modal again: refused, with what was typed given back.
	again := w.expect(w.srv.SubmitModal(w.ann, open, map[string]string{"name": "Tiger Zug", "points": "400", "teams": "0"}))
	if txt := followups(again); !strings.Contains(txt, "moved on") || !strings.Contains(txt, "Tiger Zug") {
		t.Fatalf("stale submit: %q", txt)
	}
	// A forged submit past the input's max_length, on a fresh form.
	m = menu()
	fresh := w.srv.Click(w.ann, m, mustButton(t, m, ":t:platoon.0"))
	w.expect(fresh)
	forged := w.expect(w.srv.ForgeModalSubmit(w.ann, fresh, fresh.Response().Modal.CustomID,
		map[string]string{"name": strings.Repeat("x", 41), "points": "1", "teams": "1"}))
	if txt := followups(forged); !strings.Contains(txt, "at most 40") {
		t.Fatalf("forged submit: %q", txt)
	}
	if got := units(w.ann); !strings.Contains(got, "A1 Panzer IV Zug") {
		t.Fatalf("after the refusals: %q", got)
	}
	if strings.Contains(w.log.String(), "Panzer") || strings.Contains(w.log.String(), "Tiger") {
		t.Fatalf("a typed name reached the log:\n%s", w.log.String())
	}
	w.noProblems()
}

// followups is the text of a response's private follow-ups: the answer to
// a modal submitted from a private menu, which stays as it was.
func followups(r *discordtest.Response) string {
	var out []string
	for _, f := range r.Followups {
		if f.Ephemeral() {
			out = append(out, f.Text())
		}
	}
	return strings.Join(out, "\n")
}
