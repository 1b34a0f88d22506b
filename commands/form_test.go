package commands

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
)

// fowRoster starts a Flames of War table of Ann and Bob, in the roster
// phase, where Ann has added one platoon (selected for editing).
func fowRoster(t testing.TB, h *harness) string {
	t.Helper()
	r := h.slash(ann, "play", "", map[string]string{"game": "fow", "mission": "encounter"})
	r = h.click(bob, h.lobby, buttons(r.Reply.Message)["Join"])
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
	if len(r.Posts) == 0 {
		t.Fatalf("start: %+v", r.Reply)
	}
	tb, _ := h.store.ByChannel(t.Context(), "c")
	add, _ := CustomID{Table: tb.ID, Version: tb.Version, Kind: KindAction, Action: games.Act("add", 0)}.Encode()
	if r := h.privateClick(ann, add); r.Reply.Kind != ReplyUpdate {
		t.Fatalf("add: %+v", r.Reply)
	}
	return tb.ID
}

// formButton is the form's button on seat's private menu, from the board's
// "Your move".
func formButton(t testing.TB, h *harness, id string, u User) string {
	t.Helper()
	tb, _ := h.store.Get(t.Context(), id)
	menu, _ := CustomID{Table: id, Version: tb.Version, Kind: KindPrivate}.Encode()
	r := h.click(u, tb.BoardMessageID, menu)
	for _, row := range r.Reply.Message.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok && strings.Contains(b.CustomID, ":t:platoon.") {
				return b.CustomID
			}
		}
	}
	t.Fatalf("no form button on %s's menu: %+v", u.Name, r.Reply.Message.Components)
	return ""
}

func submit(h *harness, u User, customID string, fields map[string]string) result {
	return h.do(Request{Kind: ModalSubmit, User: u, CustomID: customID, Fields: fields, MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
}

func annsPlatoons(t testing.TB, h *harness, id string) []fow.Platoon {
	t.Helper()
	tb, _ := h.store.Get(t.Context(), id)
	eng, _ := testMods.Engine("fow")
	st, err := eng.Decode(tb.State)
	if err != nil {
		t.Fatal(err)
	}
	return st.(fow.State).Sides[0].Platoons
}

// TestPlatoonForm: Ann's private menu has a button that opens the platoon
// modal (prefilled, Labels wrapping Text Inputs); her submit goes through
// the gate and names the platoon with exact points. A submit after the
// table moved on, a number that is not one, a name Discord would show as
// a mention, a name already used, a submit by Bob, and a modal custom_id
// that is no form's are refused with a clear message and change nothing.
func TestPlatoonForm(t *testing.T) {
	h := newHarness(t)
	var logged strings.Builder
	h.svc.log = zerolog.New(&logged).Level(zerolog.DebugLevel)
	defer func() {
		if !strings.Contains(logged.String(), `"action"`) {
			t.Errorf("no action was logged: %s", logged.String())
		}
		// The typed names are secret (the roster, until Ready): never in a log line.
		for _, name := range []string{"Panzer", "Tiger", "Zug", "everyone"} {
			if strings.Contains(logged.String(), name) {
				t.Errorf("the log has %q:\n%s", name, logged.String())
			}
		}
	}()
	id := fowRoster(t, h)
	form := formButton(t, h, id, ann)
	r := h.privateClick(ann, form)
	if r.Reply.Kind != ReplyModal || r.Reply.Modal.CustomID != form || len(r.Reply.Modal.Components) != 3 {
		t.Fatalf("open: %+v", r.Reply)
	}
	if l, ok := r.Reply.Modal.Components[1].(discordgo.Label); !ok || l.Component.(discordgo.TextInput).Value != "100" && l.Component.(discordgo.TextInput).Value == "" {
		t.Fatalf("points input: %+v", r.Reply.Modal.Components[1])
	}
	// Bob has no such form (Ann's platoon): opening it is refused.
	if r := h.privateClick(bob, form); r.Reply.Kind != ReplyPrivate {
		t.Fatalf("Bob opened Ann's form: %+v", r.Reply)
	}
	before, _ := h.store.Get(t.Context(), id)
	unchanged := func(why string, r result, says string) {
		t.Helper()
		now, _ := h.store.Get(t.Context(), id)
		if now.Version != before.Version || string(now.State) != string(before.State) {
			t.Fatalf("%s changed the table", why)
		}
		if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), says) {
			t.Fatalf("%s: %v %q", why, r.Reply.Kind, text(r.Reply.Message))
		}
	}
	unchanged("Bob's submit", submit(h, bob, form, map[string]string{"name": "Mine", "points": "5", "teams": "0"}), "")
	unchanged("points not a number", submit(h, ann, form, map[string]string{"name": "Zug", "points": "lots", "teams": "0"}), "Points must be a whole number from 0 to 2000")
	unchanged("points too high", submit(h, ann, form, map[string]string{"name": "Zug", "points": "2001", "teams": "0"}), "from 0 to 2000")
	unchanged("a mention", submit(h, ann, form, map[string]string{"name": "@everyone", "points": "5", "teams": "0"}), "plain punctuation")
	unchanged("too long", submit(h, ann, form, map[string]string{"name": strings.Repeat("ż", 41), "points": "5", "teams": "0"}), "at most 40")
	unchanged("empty", submit(h, ann, form, map[string]string{"name": " \n ", "points": "5", "teams": "0"}), "nothing was typed")
	action, _ := CustomID{Table: id, Version: before.Version, Kind: KindAction, Action: games.Act("platoon", 0)}.Encode()
	unchanged("a modal that is no form", submit(h, ann, action, map[string]string{"name": "Zug"}), "not valid")

	r = submit(h, ann, form, map[string]string{"name": "  Panzer IV\n Zug ", "points": " 350", "teams": "0"})
	if r.Reply.Kind != ReplyUpdate {
		t.Fatalf("submit: %+v", r.Reply)
	}
	if p := annsPlatoons(t, h, id)[0]; p.Name != "Panzer IV Zug" || p.Points != 350 || p.Teams != 0 {
		t.Fatalf("stored %+v", p)
	}
	// The same modal again: the table has moved on.
	before, _ = h.store.Get(t.Context(), id)
	unchanged("a stale modal", submit(h, ann, form, map[string]string{"name": "Tiger", "points": "5", "teams": "0"}), "You typed: Tiger")

	// A second platoon may not take the first one's name, in any case.
	add, _ := CustomID{Table: id, Version: before.Version, Kind: KindAction, Action: games.Act("add", 0)}.Encode()
	h.privateClick(ann, add)
	form2 := formButton(t, h, id, ann)
	if !strings.HasSuffix(form2, ":t:platoon.1") {
		t.Fatalf("second form %s", form2)
	}
	before, _ = h.store.Get(t.Context(), id)
	unchanged("a name in use", submit(h, ann, form2, map[string]string{"name": "PANZER iv zug", "points": "5", "teams": "0"}), "already has this name")
	if r := submit(h, ann, form2, map[string]string{"name": "Panzer IV Zug 2", "points": "5", "teams": "3"}); r.Reply.Kind != ReplyUpdate {
		t.Fatalf("second name: %+v", r.Reply)
	}
	// My units names the platoons as typed; Bob's board does not (the
	// roster is secret until Ready).
	tb, _ := h.store.Get(t.Context(), id)
	mine, _ := CustomID{Table: id, Version: tb.Version, Kind: KindMyView}.Encode()
	if got := h.click(ann, tb.BoardMessageID, mine); !strings.Contains(menuText(got.Reply.Message), "A1 Panzer IV Zug") {
		t.Fatalf("my units does not name the platoon: %q", menuText(got.Reply.Message))
	}
	for _, u := range []User{bob, eve} {
		if got := h.click(u, tb.BoardMessageID, mine); strings.Contains(menuText(got.Reply.Message), "Panzer") {
			t.Fatalf("%s sees Ann's roster: %q", u.Name, menuText(got.Reply.Message))
		}
	}
	if b := h.boardMessage(t, id); strings.Contains(menuText(b), "Panzer") {
		t.Fatalf("the board shows Ann's roster: %q", menuText(b))
	}
}

// menuText is a message's text with its buttons' labels and options.
func menuText(m render.Message) string {
	out := []string{text(m)}
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			switch x := c.(type) {
			case discordgo.Button:
				out = append(out, x.Label)
			case discordgo.SelectMenu:
				for _, o := range x.Options {
					out = append(out, o.Label)
				}
			}
		}
	}
	return strings.Join(out, " | ")
}

// TestFormOutlivesOpponentsMoves: both players fill in their rosters at
// once. Ann's modal, opened before Bob's edits, is applied (his moves
// cannot change what her form names); once Ann herself has moved, the old
// modal is stale and changes nothing.
func TestFormOutlivesOpponentsMoves(t *testing.T) {
	h := newHarness(t)
	id := fowRoster(t, h)
	form := formButton(t, h, id, ann)
	for i := 0; i < 2; i++ { // Bob adds platoons while Ann types
		tb, _ := h.store.Get(t.Context(), id)
		add, _ := CustomID{Table: id, Version: tb.Version, Kind: KindAction, Action: games.Act("add", 0)}.Encode()
		if r := h.privateClick(bob, add); r.Reply.Kind != ReplyUpdate {
			t.Fatalf("Bob's add: %+v", r.Reply)
		}
	}
	if r := h.privateClick(ann, form); r.Reply.Kind != ReplyModal {
		t.Fatalf("Ann's form behind Bob's moves does not open: %+v", r.Reply)
	}
	if r := submit(h, ann, form, map[string]string{"name": "Panzer IV Zug", "points": "350", "teams": "0"}); r.Reply.Kind != ReplyUpdate {
		t.Fatalf("Ann's modal after Bob's moves: %+v %q", r.Reply.Kind, text(r.Reply.Message))
	}
	if p := annsPlatoons(t, h, id)[0]; p.Name != "Panzer IV Zug" || p.Points != 350 {
		t.Fatalf("stored %+v", p)
	}
	before, _ := h.store.Get(t.Context(), id)
	if r := submit(h, ann, form, map[string]string{"name": "Tiger", "points": "5", "teams": "0"}); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "You typed: Tiger") {
		t.Fatalf("a modal behind Ann's own move: %+v", r.Reply)
	}
	if now, _ := h.store.Get(t.Context(), id); now.Version != before.Version {
		t.Fatal("a stale modal changed the table")
	}
}
