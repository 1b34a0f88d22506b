package commands

import (
	"testing"
	"time"
)

// BenchmarkAcceptedAction measures one accepted click end to end in the
// table service: decode the custom_id, lock, load, apply, commit to bbolt
// (fsync included), and render the next board. Each new game starts a
// minute later on the service's clock, as a host would: the channel's
// limit on public posts refuses a burst of new tables.
func BenchmarkAcceptedAction(b *testing.B) {
	h := newHarness(b)
	start, clock := time.Now(), time.Duration(0)
	h.svc.Now = func() time.Time { return start.Add(clock) }
	b.ReportAllocs()
	var board = h.startRaceQuiet(b)
	msgID := board.MessageID
	players := map[string]User{"100": ann, "200": bob}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		who := players[board.Message.Mentions[0]]
		r := h.click(who, msgID, buttons(board.Message)["+1"])
		if len(r.Posts) == 0 {
			b.Fatalf("click %d not applied: %+v", i, r.Reply)
		}
		b.StopTimer()
		board = r.Posts[0]
		if len(board.Message.Mentions) == 0 { // the game ended: start another
			h.slash(ann, "game", "abandon", nil)
			clock += time.Minute
			board = h.startRaceQuiet(b)
		}
		msgID = board.MessageID
		b.StartTimer()
	}
}

func (h *harness) startRaceQuiet(b *testing.B) post {
	r := h.slash(ann, "play", "", map[string]string{"game": "race"})
	r = h.click(bob, h.lobby, buttons(r.Reply.Message)["Join"])
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
	if len(r.Posts) == 0 {
		b.Fatalf("start: %+v", r.Reply)
	}
	return r.Posts[0]
}
