package commands

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// TestHardComputerPlaysToTheEnd: in every game with computer levels,
// /play <game> computer:hard stores the level in the table options; Ann
// (random legal moves) plays against the hard computer seat to the end
// through the service, and the finished table verifies (verify re-chooses
// every computer move, the hard searches included, from the revealed
// seed). It is the slowest test of the package (about two minutes on
// one core without the race detector, most of it Flanders and
// Frontline), so with -short or the race detector (./test.sh) only
// Trenches, the quickest, plays; .ci/run plays all four without -race.
func TestHardComputerPlaysToTheEnd(t *testing.T) {
	for _, e := range testMods.Engines() {
		if !e.Info().HasLevels() {
			continue
		}
		if (testing.Short() || raceEnabled) && e.Info().ID != "trenches" {
			continue
		}
		t.Run(e.Info().ID, func(t *testing.T) { playHard(t, e.Info().ID) })
	}
}

func playHard(t *testing.T, game string) {
	h := newHarness(t)
	r := h.slash(ann, "play", "", map[string]string{"game": game, "computer": "hard"})
	lobby := r.Reply.Message
	lobby = h.click(ann, h.lobby, buttons(lobby)["Add computer player"]).Reply.Message
	h.click(ann, h.lobby, buttons(lobby)["Start"])
	tb, err := h.store.ByChannel(t.Context(), "c")
	if err != nil || tb.Status != data.StatusPlaying {
		t.Fatalf("%s did not start: %v %+v", game, err, tb)
	}
	if tb.Options["computer"] != "hard" {
		t.Fatalf("table options %v lack computer=hard", tb.Options)
	}
	id := tb.ID
	pick := games.NewPCG(5, 5)
	for range 3000 {
		unlock := h.svc.lock(id)
		l, err := h.svc.load(t.Context(), id)
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
		_, err = h.svc.act(t.Context(), l, seat, ann.ID, games.Fill(l.eng, legal[pick.Intn(len(legal))], pick))
		unlock()
		if err != nil {
			t.Fatalf("Ann's move: %v", err)
		}
	}
	if tb, _ := h.store.Get(t.Context(), id); tb.Status != data.StatusFinished {
		t.Fatalf("the game did not finish: %s", tb.Status)
	}
	out, err := h.svc.Export(t.Context(), id, false)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Verify(testMods, out)
	if err != nil || !v.OK() || v.ByBots == 0 {
		t.Fatalf("verify: %v %+v", err, v)
	}
}

// selectOf is the custom_id and options of m's select whose custom_id
// ends with suffix.
func selectOf(m render.Message, suffix string) (discordgo.SelectMenu, bool) {
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if s, ok := c.(discordgo.SelectMenu); ok && strings.HasSuffix(s.CustomID, suffix) {
				return s, true
			}
		}
	}
	return discordgo.SelectMenu{}, false
}

// TestLobbyLevelPicker: the lobby of a game with computer levels offers
// its host a level select once a computer seat is there. Only the host
// may change it, forged levels change nothing, the level is stored and
// survives a restart, reaches the game's state at the start, and is
// refused once the game has started.
func TestLobbyLevelPicker(t *testing.T) {
	// A game without levels never shows the picker.
	h := newHarness(t)
	lobby := h.slash(ann, "play", "", map[string]string{"game": "race"}).Reply.Message
	lobby = h.click(ann, h.lobby, buttons(lobby)["Add computer player"]).Reply.Message
	if _, ok := selectOf(lobby, ":l:level"); ok || strings.Contains(text(lobby), "Computer level") || !strings.Contains(text(lobby), "🤖 Computer 1") {
		t.Fatalf("a level picker for a game without levels: %s", text(lobby))
	}

	h = newHarness(t)
	lobby = h.slash(ann, "play", "", map[string]string{"game": "flanders"}).Reply.Message
	if _, ok := selectOf(lobby, ":l:level"); ok || strings.Contains(text(lobby), "Computer level") {
		t.Fatalf("a level picker before any computer seat: %s", text(lobby))
	}
	lobby = h.click(bob, h.lobby, buttons(lobby)["Join"]).Reply.Message
	lobby = h.click(ann, h.lobby, buttons(lobby)["Add computer player"]).Reply.Message
	sel, ok := selectOf(lobby, ":l:level")
	if !ok || len(sel.Options) != 3 || !strings.Contains(text(lobby), "Computer level: Normal") {
		t.Fatalf("no level picker with a computer seat: %s %+v", text(lobby), sel)
	}
	for _, o := range sel.Options {
		if o.Default != (o.Value == games.LevelNormal) || o.Description == "" {
			t.Fatalf("option %+v", o)
		}
	}
	tb, _ := h.store.ByChannel(t.Context(), "c")
	before := tb.Version
	// Bob is not the host: told privately, nothing changes.
	if r := h.click(bob, h.lobby, sel.CustomID, games.LevelHard); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "Only the host") {
		t.Fatalf("Bob picked a level: %+v", r.Reply)
	}
	// A value the select never offered, or none, changes nothing.
	for _, v := range [][]string{{"brutal"}, nil, {games.LevelHard, games.LevelEasy}} {
		if r := h.click(ann, h.lobby, sel.CustomID, v...); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not valid") {
			t.Fatalf("forged level %v: %+v", v, r.Reply)
		}
	}
	if tb, _ := h.store.ByChannel(t.Context(), "c"); tb.Version != before || tb.Options[games.OptComputer] != "" {
		t.Fatalf("refused picks changed the table: v%d %v", tb.Version, tb.Options)
	}
	r := h.click(ann, h.lobby, sel.CustomID, games.LevelHard)
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "Computer level: Hard") || strings.Contains(text(r.Reply.Message), "computer:") {
		t.Fatalf("host's pick: %+v", r.Reply)
	}
	if s, _ := selectOf(r.Reply.Message, ":l:level"); len(s.Options) != 3 || !s.Options[2].Default {
		t.Fatalf("the redrawn picker does not show hard: %+v", s)
	}
	h.restart()
	tb, _ = h.store.ByChannel(t.Context(), "c")
	if tb.Options[games.OptComputer] != games.LevelHard {
		t.Fatalf("after restart: %v", tb.Options)
	}
	l, _ := h.svc.load(t.Context(), tb.ID)
	lobby, _ = h.svc.board(t.Context(), l, "en", false, false)
	if !strings.Contains(text(lobby), "Computer level: Hard") {
		t.Fatalf("lobby after restart: %s", text(lobby))
	}
	sel, _ = selectOf(lobby, ":l:level")
	h.click(ann, h.lobby, buttons(lobby)["Start"])
	tb, _ = h.store.Get(t.Context(), tb.ID)
	var st struct {
		Level string `json:"level"`
	}
	if err := json.Unmarshal(tb.State, &st); err != nil || tb.Status != data.StatusPlaying || st.Level != games.LevelHard || tb.SetupOptions[games.OptComputer] != games.LevelHard {
		t.Fatalf("started %s with state level %q (%v), setup %v", tb.Status, st.Level, err, tb.SetupOptions)
	}
	// After the start the lobby is a record without buttons: a pick from
	// a client that still shows the old one is refused privately and
	// changes nothing.
	before = tb.Version
	if r := h.click(ann, h.lobby, sel.CustomID, games.LevelEasy); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "Nothing was changed") {
		t.Fatalf("pick after the start: %+v", r.Reply)
	}
	if tb, _ := h.store.Get(t.Context(), tb.ID); tb.Version != before || tb.Options[games.OptComputer] != games.LevelHard {
		t.Fatalf("a pick after the start changed the table: v%d %v", tb.Version, tb.Options)
	}
}
