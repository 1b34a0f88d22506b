package main

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/bot/discordtest"
	"github.com/warroom/warroom/render/i18n"
)

// levelSelect is the lobby's computer level select, if shown.
func levelSelect(m *discordtest.Message) (discordtest.SelectMenu, bool) {
	for _, s := range m.Selects() {
		if strings.HasSuffix(s.CustomID, ":l:level") {
			return s, true
		}
	}
	return discordtest.SelectMenu{}, false
}

// TestE2ELobbyLevel: a Polish In Flanders Field lobby through the
// stand-in. The level select appears with the first computer seat; Bob's
// pick is refused privately; Ann's makes the lobby say "Poziom gracza
// komputerowego: Łatwy", which survives a restart of the bot and stays
// on the lobby's record once the game has started. Easy, not hard: the
// hard level's search (HardPlayouts per choice) under the race detector
// on a loaded CI machine outlasted the test's 30-second wait; the hard
// level plays whole games in commands' TestHardComputerPlaysToTheEnd.
func TestE2ELobbyLevel(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.hostLocale = "pl"
	w.startBot()
	pl := i18n.For("pl")
	easy := pl.T("core.lobby.level", "Level", pl.T("core.level.easy"))
	r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play flanders", map[string]any{}, "pl"))
	lobby := r.Message
	if _, ok := levelSelect(&lobby); ok {
		t.Fatal("a level select before any computer seat")
	}
	lobby = w.expect(w.srv.Click(w.bob, &lobby, mustButton(t, &lobby, ":l:join"))).Message
	lobby = w.expect(w.srv.Click(w.ann, &lobby, mustButton(t, &lobby, ":l:bot"))).Message
	sel, ok := levelSelect(&lobby)
	if !ok || len(sel.Options) != 3 || !strings.Contains(lobby.Text(), pl.T("core.lobby.level", "Level", pl.T("core.level.normal"))) {
		t.Fatalf("no level select with a computer seat: %q %+v", lobby.Text(), sel)
	}
	if r := w.expect(w.srv.Select(w.bob, &lobby, sel.CustomID, []string{"easy"})); !strings.Contains(privateText(r), "Only the host") {
		t.Fatalf("Bob's pick: %q", privateText(r))
	}
	r = w.expect(w.srv.Select(w.ann, &lobby, sel.CustomID, []string{"easy"}))
	if privateText(r) != "" || !strings.Contains(r.Message.Text(), easy) {
		t.Fatalf("Ann's pick: %q / %q", privateText(r), r.Message.Text())
	}
	lobby = r.Message
	w.stopBot()
	w.startBot()
	lobby = w.expect(w.srv.Click(w.ann, &lobby, mustButton(t, &lobby, ":l:start"))).Message
	if !strings.Contains(lobby.Text(), easy) || len(lobby.Selects()) != 0 {
		t.Fatalf("the started lobby: %q", lobby.Text())
	}
	w.board(w.ch)
	w.noProblems()
}
