package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/warroom/warroom/discordtest"
	"github.com/warroom/warroom/render/i18n"
)

// levelSelect is the lobby's level select of its k-th computer seat
// ("1", "2"...), if shown.
func levelSelect(m *discordtest.Message, k string) (discordtest.SelectMenu, bool) {
	for _, s := range m.Selects() {
		if strings.HasSuffix(s.CustomID, ":l:level"+k) {
			return s, true
		}
	}
	return discordtest.SelectMenu{}, false
}

// TestE2ELobbyLevel: a Polish In Flanders Field lobby through the
// stand-in. The level select appears with the first computer seat; Bob's
// pick is refused privately; Ann's makes the seat say "Komputer 1 ·
// poziom: Łatwy", which survives a restart of the bot and stays on the
// lobby's record once the game has started. Easy, not hard: the hard
// level's search (HardPlayouts per choice) under the race detector on a
// loaded CI machine outlasted the test's 30-second wait; the hard level
// plays whole games in commands' TestHardComputerPlaysToTheEnd.
func TestE2ELobbyLevel(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.hostLocale = "pl"
	w.startBot()
	pl := i18n.For("pl")
	seat := func(lv string) string {
		return pl.T("core.seat.bot_level", "Name", pl.T("core.bot_name", "N", 1), "Level", pl.T("core.level."+lv))
	}
	r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play flanders", map[string]any{}, "pl"))
	lobby := r.Message
	if _, ok := levelSelect(&lobby, "1"); ok {
		t.Fatal("a level select before any computer seat")
	}
	lobby = w.expect(w.srv.Click(w.bob, &lobby, mustButton(t, &lobby, ":l:join"))).Message
	lobby = w.expect(w.srv.Click(w.ann, &lobby, mustButton(t, &lobby, ":l:bot"))).Message
	sel, ok := levelSelect(&lobby, "1")
	if !ok || len(sel.Options) != 3 || !strings.Contains(lobby.Text(), seat("normal")) {
		t.Fatalf("no level select with a computer seat: %q %+v", lobby.Text(), sel)
	}
	if r := w.expect(w.srv.Select(w.bob, &lobby, sel.CustomID, []string{"easy"})); !strings.Contains(privateText(r), "Only the host") {
		t.Fatalf("Bob's pick: %q", privateText(r))
	}
	r = w.expect(w.srv.Select(w.ann, &lobby, sel.CustomID, []string{"easy"}))
	if privateText(r) != "" || !strings.Contains(r.Message.Text(), seat("easy")) {
		t.Fatalf("Ann's pick: %q / %q", privateText(r), r.Message.Text())
	}
	lobby = r.Message
	w.stopBot()
	w.startBot()
	lobby = w.expect(w.srv.Click(w.ann, &lobby, mustButton(t, &lobby, ":l:start"))).Message
	if !strings.Contains(lobby.Text(), seat("easy")) || len(lobby.Selects()) != 0 {
		t.Fatalf("the started lobby: %q", lobby.Text())
	}
	w.board(w.ch)
	w.noProblems()
}

// TestE2ESeatLevels: a Russian In Flanders Field table of Ann and two
// computers at different levels (the first easy, the second normal, both
// picked),
// through the stand-in: each seat's select and line name its level, the
// game is played to the end, and the Game record of the finished board
// keeps each computer seat's level (its seats, the options the game was
// dealt with, and the lobby's log lines).
func TestE2ESeatLevels(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.hostLocale = "ru"
	w.startBot()
	ru := i18n.For("ru")
	seat := func(n int, lv string) string {
		return ru.T("core.seat.bot_level", "Name", ru.T("core.bot_name", "N", n), "Level", ru.T("core.level."+lv))
	}
	lobby := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play flanders", map[string]any{}, "ru")).Message
	lobby = w.expect(w.srv.Click(w.ann, &lobby, mustButton(t, &lobby, ":l:bot"))).Message
	lobby = w.expect(w.srv.Click(w.ann, &lobby, mustButton(t, &lobby, ":l:bot"))).Message
	for i, lv := range []string{"easy", "normal"} {
		k := strconv.Itoa(i + 1)
		sel, ok := levelSelect(&lobby, k)
		if !ok {
			t.Fatalf("no select for computer %s: %+v", k, lobby.Selects())
		}
		lobby = w.expect(w.srv.Select(w.ann, &lobby, sel.CustomID, []string{lv})).Message
	}
	if txt := lobby.Text(); !strings.Contains(txt, seat(1, "easy")) || !strings.Contains(txt, seat(2, "normal")) {
		t.Fatalf("the lobby's seats: %q", txt)
	}
	if s, _ := levelSelect(&lobby, "1"); s.Options[0].Label != ru.T("core.lobby.seat_level", "Name", ru.T("core.bot_name", "N", 1), "Level", ru.T("core.level.easy")) {
		t.Fatalf("the first computer's select: %+v", s.Options)
	}
	w.expect(w.srv.Click(w.ann, &lobby, mustButton(t, &lobby, ":l:start")))
	end := w.playToEnd(7, w.ch, 3000)
	r := w.expect(w.srv.Click(w.ann, end, mustButton(t, end, ":e")))
	var rec *discordtest.Message
	for _, m := range append([]discordtest.Message{r.Message}, r.Followups...) {
		if m.Ephemeral() && len(m.Attachments) == 1 {
			rec = &m
		}
	}
	if rec == nil {
		t.Fatalf("no Game record: %q", privateText(r))
	}
	var record struct {
		Table struct {
			Seats []struct {
				Bot   bool   `json:"bot"`
				Level string `json:"level"`
			} `json:"seats"`
			SetupOptions map[string]string `json:"setup_options"`
			Status       string            `json:"status"`
		} `json:"table"`
		Log []struct {
			Action string `json:"action"`
		} `json:"log"`
	}
	if err := json.Unmarshal(rec.Attachments[0].Data, &record); err != nil {
		t.Fatal(err)
	}
	tb := record.Table
	if tb.Status != "finished" || len(tb.Seats) != 3 || tb.Seats[1].Level != "easy" || tb.Seats[2].Level != "normal" ||
		tb.SetupOptions["computer_levels"] != "1:easy,2:normal" || tb.SetupOptions["computer_seats"] != "1,2" {
		t.Fatalf("the record's table: %+v", tb)
	}
	var said []string
	for _, e := range record.Log {
		if strings.HasPrefix(e.Action, "lobby.level") {
			said = append(said, e.Action)
		}
	}
	if strings.Join(said, " ") != "lobby.level1.easy lobby.level2.normal" {
		t.Fatalf("the record's log: %v", said)
	}
	w.noProblems()
}
