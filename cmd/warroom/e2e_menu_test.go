package main

import (
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/discordtest"
)

// A turn from one menu (issue #32): these tests play through the private
// menu the player opened once, and hold that every choice updates that
// same message in place until the turn passes.

// openMenu presses "Your move" on the board and returns the private menu.
func (w *world) openMenu(u discordtest.User) *discordtest.Message {
	w.t.Helper()
	b := w.board(w.ch)
	r := w.expect(w.srv.Click(u, b, mustButton(w.t, b, ":p")))
	m := ephemeralWithComponents(r)
	if m == nil {
		w.t.Fatalf("Your move gave no menu: %q", privateText(r))
	}
	return m
}

// menuPick is a random choice on a private menu, the end of the turn
// only when nothing else is there or late is set.
func menuPick(rng *rand.Rand, m *discordtest.Message, late bool) (p pick) {
	opts, _ := picks(m)
	var rest []pick
	for _, o := range opts {
		if o.kind == commands.KindGroup || o.kind == commands.KindForm {
			continue
		}
		if !late && (strings.HasSuffix(o.customID, ":a:end") || o.value == "end" || strings.HasSuffix(o.customID, ":a:ready") || o.value == "ready") {
			continue
		}
		rest = append(rest, o)
	}
	if len(rest) == 0 {
		rest = opts
	}
	return rest[rng.IntN(len(rest))]
}

// choose sends p on m as u.
func (w *world) choose(u discordtest.User, m *discordtest.Message, p pick) *discordtest.Response {
	w.t.Helper()
	if p.kind == commands.KindSelect || p.kind == commands.KindGroup {
		return w.expect(w.srv.Select(u, m, p.customID, []string{p.value}))
	}
	return w.expect(w.srv.Click(u, m, p.customID))
}

// playMenu makes choices on the private menu m until it closes, and
// checks each one answered on m itself, never with a new message (a
// confirmation question aside, whose answer continues in it). It returns
// the number of choices and the closed menu.
func (w *world) playMenu(rng *rand.Rand, u discordtest.User, m *discordtest.Message, wantAtLeast int) (int, *discordtest.Message) {
	w.t.Helper()
	n := 0
	for ; n < 200; n++ {
		r := w.choose(u, m, menuPick(rng, m, n >= wantAtLeast))
		if q := ephemeralWithComponents(r); q != nil {
			// An irreversible choice asks first, in a question of its
			// own; the answer continues there.
			m = q
			continue
		}
		if r.Message.ID != m.ID || !r.Ephemeral() {
			w.t.Fatalf("choice %d answered on message %s, not the menu %s: %q", n, r.Message.ID, m.ID, privateText(r))
		}
		got := r.Message
		if len(got.Buttons())+len(got.Selects()) == 0 {
			return n + 1, &got
		}
		m = &got
	}
	w.t.Fatal("the menu never closed")
	return 0, nil
}

// TestE2EFrontlineTurnFromOneMenu: a whole Frontline turn (moves, buys,
// plays, shelling, the end) from the one menu "Your move" opened.
func TestE2EFrontlineTurnFromOneMenu(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("frontline", nil, false, 1)
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; ; i++ {
		b := w.board(w.ch)
		if _, ok := findButton(b, ":p"); ok {
			break
		}
		if i > 20 {
			t.Fatalf("no private turn after the draft: %q", b.Content)
		}
		w.move(rng, w.ann, b)
	}
	board := w.board(w.ch)
	n, closed := w.playMenu(rng, w.ann, w.openMenu(w.ann), 4)
	if n < 4 {
		t.Fatalf("a turn of %d choices", n)
	}
	if !strings.Contains(closed.Content, "Your turn is over") {
		t.Fatalf("closed menu: %q", closed.Content)
	}
	// The board moved on: a new one, or Ann's next turn on the same.
	if b := w.board(w.ch); b.ID == board.ID && b.EmbedText() == board.EmbedText() {
		t.Fatal("the board was not redrawn")
	}
	w.noProblems()
}

// TestE2ETrenchesSetupFromOneMenu: the Defender's hidden set-up of
// scenario 6 (dugouts, then each counter) from one menu, face down first.
func TestE2ETrenchesSetupFromOneMenu(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("trenches", map[string]any{"scenario": 6, "role": "defender"}, false, 1)
	m := w.openMenu(w.ann)
	places := 0
	for range 100 {
		opts, _ := picks(m)
		// The first placement offered is face down.
		for _, o := range opts {
			if a := actionOf(o); strings.HasPrefix(a, "place.") {
				if !strings.HasSuffix(a, ".1") {
					t.Fatalf("first placement offered is %s, not face down", a)
				}
				break
			}
		}
		p := opts[0] // what a newcomer presses: the first
		if a := actionOf(p); strings.HasPrefix(a, "place.") {
			places++
		}
		r := w.choose(w.ann, m, p)
		if r.Message.ID != m.ID {
			t.Fatalf("answered on %s, not the menu %s: %q", r.Message.ID, m.ID, privateText(r))
		}
		got := r.Message
		if len(got.Buttons())+len(got.Selects()) == 0 {
			if !strings.Contains(got.Content, "Your turn is over") {
				t.Fatalf("closed menu: %q", got.Content)
			}
			if places < 10 {
				t.Fatalf("set-up closed after %d placements", places)
			}
			w.noProblems()
			return
		}
		m = &got
	}
	t.Fatal("the set-up never ended")
}

// actionOf is the action text a pick applies.
func actionOf(p pick) string {
	if p.value != "" {
		return p.value
	}
	id, err := commands.ParseCustomID(p.customID)
	if err != nil {
		return ""
	}
	return id.Action.String()
}

// TestE2EMenuAfterRestart: a choice on a private menu opened before the
// bot restarted is applied and answered in that menu; a click on a
// version of the menu the table has left is answered with the current
// menu, nothing applied; and a menu opened more than 15 minutes earlier
// (its own interaction token expired) still works, since each click
// brings its own token.
func TestE2EMenuAfterRestart(t *testing.T) {
	var skew atomic.Int64
	w := newWorld(t, discordtest.WithClock(func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }))
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("trenches", map[string]any{"scenario": 1, "role": "defender"}, false, 1)
	m := w.openMenu(w.ann)
	w.stopBot()
	w.startBot()
	opts, _ := picks(m)
	r := w.choose(w.ann, m, opts[0])
	if r.Message.ID != m.ID || !strings.Contains(r.Message.Content, "✔") || len(r.Message.Selects())+len(r.Message.Buttons()) == 0 {
		t.Fatalf("after the restart: %q on %s", r.Message.Content, r.Message.ID)
	}
	fresh := r.Message
	// The menu as it was before that choice: its buttons are for the
	// version the table has left.
	old := opts[len(opts)-1]
	if old.kind == commands.KindSelect {
		r = w.expect(w.srv.ForgeSelect(w.ann, m, old.customID, []string{old.value}))
	} else {
		r = w.expect(w.srv.ForgeClick(w.ann, m, old.customID))
	}
	if r.Message.ID != m.ID || !strings.Contains(r.Message.Content, "moved on") || len(r.Message.Selects())+len(r.Message.Buttons()) == 0 {
		t.Fatalf("stale menu answered %q", r.Message.Content)
	}
	// Twenty minutes later: the menu's token is long expired.
	skew.Store(int64(20 * time.Minute))
	opts, _ = picks(&fresh)
	r = w.choose(w.ann, &fresh, opts[0])
	if txt := privateText(r); !strings.Contains(txt, "✔") {
		t.Fatalf("a choice after 20 minutes: %q", txt)
	}
	w.noProblems()
}
