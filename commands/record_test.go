package commands

import (
	"strings"
	"testing"
)

// TestGameRecord: anyone may take a finished game's record from its final
// board, privately, as a file that `warroom verify` accepts; the button of
// a game still running gives nothing.
func TestGameRecord(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	live := buttons(p.Message)
	record := strings.Replace(live["+2"], ":a:", ":e:", 1)
	record = record[:strings.LastIndex(record, ":")]
	if r := h.click(eve, p.MessageID, record); r.Reply.Kind != ReplyPrivate || len(r.Reply.Message.Files) != 0 || !strings.Contains(text(r.Reply.Message), "when the game ends") {
		t.Fatalf("a running game's record: %+v", r.Reply)
	}

	final := playRace(t, h, p)
	id, ok := buttons(final.Message)["Game record"]
	if !ok {
		t.Fatalf("no Game record button on the final board: %v", buttons(final.Message))
	}
	r := h.click(eve, final.MessageID, id)
	if r.Reply.Kind != ReplyPrivate || len(r.Reply.Message.Files) != 1 || len(r.Posts) != 0 {
		t.Fatalf("record reply: %+v", r.Reply)
	}
	f := r.Reply.Message.Files[0]
	if !strings.HasPrefix(f.Name, "warroom-race-") || !strings.Contains(text(r.Reply.Message), "warroom verify "+f.Name) {
		t.Fatalf("record %q with %q", f.Name, text(r.Reply.Message))
	}
	v, err := Verify(testMods, f.Data)
	if err != nil || v.Problem != "" || v.Seed == "" {
		t.Fatalf("the record does not verify: %+v %v", v, err)
	}
}
