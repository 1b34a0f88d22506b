package commands

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// fowBattle starts a Flames of War table of Ann and Bob and brings it, by
// computer moves, to a battle turn where the active seat may concede and
// the other has a platoon on the table: the table, the active seat.
func fowBattle(t *testing.T, h *harness) (*data.Table, games.Seat) {
	t.Helper()
	r := h.slash(ann, "play", "", map[string]string{"game": "fow", "mission": "dust_up"})
	r = h.click(bob, h.lobby, buttons(r.Reply.Message)["Join"])
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
	if len(r.Posts) == 0 {
		t.Fatalf("start: %+v", r.Reply)
	}
	eng, _ := testMods.Engine("fow")
	tb, _ := h.store.ByChannel(t.Context(), "c")
	st, err := eng.Decode(tb.State)
	if err != nil {
		t.Fatal(err)
	}
	rng := games.NewPCG(5, 5)
	var seat games.Seat
	for i := 0; ; i++ {
		if i == 3000 || eng.Outcome(st).Done {
			t.Fatal("no battle reached")
		}
		seat = eng.Active(st)[0]
		other := 1 - seat
		if len(eng.Active(st)) == 1 && isLegal(eng.Legal(st, seat), games.Act("concede")) && len(eng.Legal(st, other)) > 1 {
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
	if err := h.store.Update(t.Context(), &nt, tb.Version); err != nil {
		t.Fatal(err)
	}
	return &nt, seat
}

// TestIrreversibleChoiceAsksFirst: conceding a Flames of War battle asks
// "are you sure?" privately and changes nothing until the player presses
// the question's own button, which then ends the game.
func TestIrreversibleChoiceAsksFirst(t *testing.T) {
	h := newHarness(t)
	nt, seat := fowBattle(t, h)
	player := []User{ann, bob}[seat]
	id, _ := CustomID{Table: nt.ID, Version: nt.Version, Kind: KindAction, Action: games.Act("concede")}.Encode()
	r := h.click(player, nt.BoardMessageID, id)
	sure := ""
	for label, id := range buttons(r.Reply.Message) {
		if strings.HasPrefix(label, "Yes") {
			sure = id
		}
	}
	if r.Reply.Kind != ReplyPrivate || sure == "" || !strings.Contains(text(r.Reply.Message), "cannot be undone") {
		t.Fatalf("concede did not ask first: %+v", r.Reply)
	}
	if now, _ := h.store.Get(t.Context(), nt.ID); now.Version != nt.Version || now.Status != "playing" {
		t.Fatal("the question alone conceded")
	}
	// Someone without a seat cannot press it. (The opponent pressing a
	// copy would concede their own side: an action is always the
	// clicker's, and conceding is theirs to do at any time.)
	if r := h.do(Request{Kind: Component, User: eve, CustomID: sure, MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"}); r.Reply.Kind != ReplyPrivate {
		t.Fatalf("a stranger confirmed: %+v", r.Reply)
	}
	r = h.do(Request{Kind: Component, User: player, CustomID: sure, MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	now, _ := h.store.Get(t.Context(), nt.ID)
	eng, _ := testMods.Engine("fow")
	st, _ := eng.Decode(now.State)
	if o := eng.Outcome(st); now.Status != "finished" || len(o.Winners) != 1 || o.Winners[0] == seat {
		t.Fatalf("confirmed concede: status %s outcome %+v (%+v)", now.Status, o, r.Reply)
	}
}

// TestLossReportedOutOfTurn: during the opponent's turn a FoW player opens
// "my units" and reports one of their own platoons destroyed; the board
// is redrawn and the turn stays with the opponent, who is not pinged
// again. The opponent's own buttons cannot report it.
func TestLossReportedOutOfTurn(t *testing.T) {
	h := newHarness(t)
	nt, active := fowBattle(t, h)
	owner := []User{ann, bob}[1-active]
	mine, _ := CustomID{Table: nt.ID, Version: nt.Version, Kind: KindMyView}.Encode()
	r := h.click(owner, nt.BoardMessageID, mine)
	report := ""
	for label, id := range buttons(r.Reply.Message) {
		if strings.Contains(id, ":lost.") {
			report = id
			t.Logf("out-of-turn choice %q", label)
		}
	}
	if r.Reply.Kind != ReplyPrivate || report == "" {
		t.Fatalf("no out-of-turn choices in my units: %+v", r.Reply)
	}
	// The active player pressing the owner's button is refused.
	if r := h.do(Request{Kind: Component, User: []User{ann, bob}[active], CustomID: report, MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"}); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "owner") {
		t.Fatalf("the opponent reported the loss: %+v", r.Reply)
	}
	r = h.do(Request{Kind: Component, User: owner, CustomID: report, MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	if r.Reply.Kind != ReplyUpdate {
		t.Fatalf("reporting: %+v", r)
	}
	now, _ := h.store.Get(t.Context(), nt.ID)
	eng, _ := testMods.Engine("fow")
	st, _ := eng.Decode(now.State)
	if now.Version != nt.Version+1 || eng.Active(st)[0] != active {
		t.Fatalf("after the report: version %d (was %d), active %v", now.Version, nt.Version, eng.Active(st))
	}
	if len(r.Posts) != 0 {
		t.Fatalf("a report out of turn posted a new board (a ping): %+v", r.Posts)
	}
}
