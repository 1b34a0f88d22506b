package commands

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

// TestIrreversibleChoiceAsksFirst: conceding a Flames of War battle asks
// "are you sure?" privately and changes nothing until the player presses
// the question's own button, which then ends the game.
func TestIrreversibleChoiceAsksFirst(t *testing.T) {
	h := newHarness(t)
	r := h.slash(ann, "play", "", map[string]string{"game": "fow", "mission": "dust_up"})
	r = h.click(bob, h.lobby, buttons(r.Reply.Message)["Join"])
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
	if len(r.Posts) == 0 {
		t.Fatalf("start: %+v", r.Reply)
	}
	// Bring the battle to where conceding is legal, by computer moves.
	eng, _ := games.Lookup("fow")
	tb, _ := h.store.ByChannel("c")
	st, err := eng.Decode(tb.State)
	if err != nil {
		t.Fatal(err)
	}
	concede := games.Act("concede")
	rng := games.NewPCG(5, 5)
	var seat games.Seat
	for i := 0; ; i++ {
		if i == 3000 || eng.Outcome(st).Done {
			t.Fatal("no battle reached")
		}
		seat = eng.Active(st)[0]
		if isLegal(eng.Legal(st, seat), concede) {
			break
		}
		if st, _, err = eng.Apply(st, seat, eng.Bot(st, seat, rng), rng); err != nil {
			t.Fatal(err)
		}
	}
	nt := *tb
	if nt.State, err = eng.Encode(st); err != nil {
		t.Fatal(err)
	}
	nt.Version++
	if err := h.store.Update(&nt, tb.Version); err != nil {
		t.Fatal(err)
	}
	player := []User{ann, bob}[seat]
	id, _ := CustomID{Table: nt.ID, Version: nt.Version, Kind: KindAction, Action: concede}.Encode()
	r = h.click(player, nt.BoardMessageID, id)
	sure := ""
	for label, id := range buttons(r.Reply.Message) {
		if strings.HasPrefix(label, "Yes") {
			sure = id
		}
	}
	if r.Reply.Kind != ReplyPrivate || sure == "" || !strings.Contains(text(r.Reply.Message), "cannot be undone") {
		t.Fatalf("concede did not ask first: %+v", r.Reply)
	}
	if now, _ := h.store.Get(nt.ID); now.Version != nt.Version || now.Status != "playing" {
		t.Fatal("the question alone conceded")
	}
	// The other player cannot press it.
	if r := h.do(Request{Kind: Component, User: []User{bob, ann}[seat], CustomID: sure, MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"}); r.Reply.Kind != ReplyPrivate {
		t.Fatalf("the opponent confirmed: %+v", r.Reply)
	}
	r = h.do(Request{Kind: Component, User: player, CustomID: sure, MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	if now, _ := h.store.Get(nt.ID); now.Status != "finished" {
		t.Fatalf("confirmed concede did not end the game: %+v", r.Reply)
	}
}
