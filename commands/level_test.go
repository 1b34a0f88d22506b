package commands

import (
	"testing"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// TestHardComputerPlaysToTheEnd: /play flanders computer:hard stores the
// level in the table options; Ann (random legal moves) plays against the hard computer seat to
// the end through the service, and the finished table verifies (verify
// re-chooses every computer move from the revealed seed).
func TestHardComputerPlaysToTheEnd(t *testing.T) {
	h := newHarness(t)
	r := h.slash(ann, "play", "", map[string]string{"game": "flanders", "computer": "hard"})
	lobby := r.Reply.Message
	lobby = h.click(ann, h.lobby, buttons(lobby)["Add computer player"]).Reply.Message
	h.click(ann, h.lobby, buttons(lobby)["Start"])
	tb, err := h.store.ByChannel("c")
	if err != nil || tb.Status != data.StatusPlaying {
		t.Fatalf("flanders did not start: %v %+v", err, tb)
	}
	if tb.Options["computer"] != "hard" {
		t.Fatalf("table options %v lack computer=hard", tb.Options)
	}
	id := tb.ID
	pick := games.NewPCG(5, 5)
	for range 2000 {
		unlock := h.svc.lock(id)
		l, err := h.svc.load(id)
		if err != nil || l.t.Status != data.StatusPlaying {
			unlock()
			break
		}
		seat, ok := humanToAct(l.t, l.eng.Active(l.state))
		if !ok {
			unlock()
			t.Fatalf("nobody human to act in a running game")
		}
		legal := l.eng.Legal(l.state, seat)
		_, err = h.svc.act(l, seat, ann.ID, legal[pick.Intn(len(legal))])
		unlock()
		if err != nil {
			t.Fatalf("Ann's move: %v", err)
		}
	}
	if tb, _ := h.store.Get(id); tb.Status != data.StatusFinished {
		t.Fatalf("the game did not finish: %s", tb.Status)
	}
	out, err := h.svc.Export(id, false)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Verify(out)
	if err != nil || !v.OK() || v.ByBots == 0 {
		t.Fatalf("verify: %v %+v", err, v)
	}
}
