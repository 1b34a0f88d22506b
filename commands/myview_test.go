package commands

import (
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/trenches"
)

// TestMyViewOnlyWhereHidden: the board offers "My hand / units" only
// where a player's seat may hold something hidden (or may act out of
// turn through it): never in Blindaż or In Flanders Field, where
// everything is on the table; always in Frontline (a hand) and Flames of
// War (a secret roster, then reserves and ambushes); in Trenches while
// the human is the Defender with face-down counters. The secrecy test
// holds the button to public facts (games.Holder).
func TestMyViewOnlyWhereHidden(t *testing.T) {
	for _, c := range []struct {
		game string
		opts map[string]string
		want func(h *harness, id string) bool
	}{
		{"blindaz", nil, nil},
		{"flanders", nil, nil},
		{"frontline", nil, func(*harness, string) bool { return true }},
		{"fow", nil, func(*harness, string) bool { return true }},
		{"trenches", map[string]string{"scenario": "1"}, func(h *harness, id string) bool {
			l, err := h.svc.load(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			v := l.eng.View(l.state, games.Spectator).(trenches.View)
			return v.DefenderSeat == 0 && v.Phase != trenches.PhaseOver
		}},
	} {
		h := newHarness(t)
		opts := map[string]string{"game": c.game}
		for k, v := range c.opts {
			opts[k] = v
		}
		r := h.slash(ann, "play", "", opts)
		eng, _ := testMods.Engine(c.game)
		for range max(eng.Info().MinSeats-1, 1) {
			r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Add computer player"])
		}
		r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
		id := r.Reply.BoardOf
		want := c.want != nil && c.want(h, id)
		_, got := buttons(h.boardMessage(t, id))["My hand / units"]
		if got != want {
			t.Errorf("%s: My hand / units shown %v, want %v (buttons %v)", c.game, got, want, buttons(h.boardMessage(t, id)))
		}
	}
}
