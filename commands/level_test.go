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
	playRandom(t, h, id)
	out, err := h.svc.Export(t.Context(), id, false)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Verify(testMods, out)
	if err != nil || !v.OK() || v.ByBots == 0 {
		t.Fatalf("verify: %v %+v", err, v)
	}
}

// playRandom plays Ann's seats with random legal moves until the game
// on table id ends (the computer seats answer through the service).
func playRandom(t *testing.T, h *harness, id string) {
	t.Helper()
	pick := games.NewPCG(5, 5)
	h.playMoves(id, 3000, func(l *loaded, _ games.Seat, legal []games.Action) games.Action {
		return games.Fill(l.eng, legal[pick.Intn(len(legal))], pick)
	})
	if tb, _ := h.store.Get(t.Context(), id); tb.Status != data.StatusFinished {
		t.Fatalf("the game did not finish: %s", tb.Status)
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
// its host a level select per computer seat once one is there. Only the
// host may change it, forged levels change nothing, the level is stored
// on the seat and survives a restart, reaches the game's state at the
// start, and is refused once the game has started.
func TestLobbyLevelPicker(t *testing.T) {
	// A game without levels never shows the picker.
	h := newHarness(t)
	lobby := h.slash(ann, "play", "", map[string]string{"game": "race"}).Reply.Message
	lobby = h.click(ann, h.lobby, buttons(lobby)["Add computer player"]).Reply.Message
	if _, ok := selectOf(lobby, ":l:level1"); ok || strings.Contains(text(lobby), "level") || !strings.Contains(text(lobby), "🤖 Computer 1") {
		t.Fatalf("a level picker for a game without levels: %s", text(lobby))
	}

	h = newHarness(t)
	lobby = h.slash(ann, "play", "", map[string]string{"game": "flanders"}).Reply.Message
	if _, ok := selectOf(lobby, ":l:level1"); ok || strings.Contains(text(lobby), "level") {
		t.Fatalf("a level picker before any computer seat: %s", text(lobby))
	}
	lobby = h.click(bob, h.lobby, buttons(lobby)["Join"]).Reply.Message
	lobby = h.click(ann, h.lobby, buttons(lobby)["Add computer player"]).Reply.Message
	sel, ok := selectOf(lobby, ":l:level1")
	if !ok || len(sel.Options) != 3 || !strings.Contains(text(lobby), "🤖 Computer 1 · level: Normal") || sel.Options[2].Label != "Computer 1: Hard" {
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
	// A value the select never offered, or none, or a seat that is not
	// there, changes nothing.
	for _, v := range [][]string{{"brutal"}, nil, {games.LevelHard, games.LevelEasy}} {
		if r := h.click(ann, h.lobby, sel.CustomID, v...); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not valid") {
			t.Fatalf("forged level %v: %+v", v, r.Reply)
		}
	}
	if r := h.click(ann, h.lobby, strings.Replace(sel.CustomID, "level1", "level2", 1), games.LevelHard); r.Reply.Kind != ReplyPrivate {
		t.Fatalf("a pick for a second computer seat that is not there: %+v", r.Reply)
	}
	if tb, _ := h.store.ByChannel(t.Context(), "c"); tb.Version != before || tb.Options[games.OptComputer] != "" || tb.Seats[2].Level != "" {
		t.Fatalf("refused picks changed the table: v%d %v %+v", tb.Version, tb.Options, tb.Seats)
	}
	r := h.click(ann, h.lobby, sel.CustomID, games.LevelHard)
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "Computer 1 · level: Hard") || strings.Contains(text(r.Reply.Message), "computer:") {
		t.Fatalf("host's pick: %+v", r.Reply)
	}
	if s, _ := selectOf(r.Reply.Message, ":l:level1"); len(s.Options) != 3 || !s.Options[2].Default {
		t.Fatalf("the redrawn picker does not show hard: %+v", s)
	}
	h.restart()
	tb, _ = h.store.ByChannel(t.Context(), "c")
	if tb.Seats[2].Level != games.LevelHard {
		t.Fatalf("after restart: %+v", tb.Seats)
	}
	l, _ := h.svc.load(t.Context(), tb.ID)
	lobby, _ = h.svc.board(t.Context(), l, "en", false, false)
	if !strings.Contains(text(lobby), "Computer 1 · level: Hard") {
		t.Fatalf("lobby after restart: %s", text(lobby))
	}
	sel, _ = selectOf(lobby, ":l:level1")
	h.click(ann, h.lobby, buttons(lobby)["Start"])
	tb, _ = h.store.Get(t.Context(), tb.ID)
	var st struct {
		Levels []string `json:"levels"`
	}
	if err := json.Unmarshal(tb.State, &st); err != nil || tb.Status != data.StatusPlaying || len(st.Levels) != 3 || st.Levels[2] != games.LevelHard ||
		tb.SetupOptions[games.OptComputerLevels] != "2:hard" {
		t.Fatalf("started %s with state levels %q (%v), setup %v", tb.Status, st.Levels, err, tb.SetupOptions)
	}
	// After the start the lobby is a record without buttons: a pick from
	// a client that still shows the old one is refused privately and
	// changes nothing.
	before = tb.Version
	if r := h.click(ann, h.lobby, sel.CustomID, games.LevelEasy); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "Nothing was changed") {
		t.Fatalf("pick after the start: %+v", r.Reply)
	}
	if tb, _ := h.store.Get(t.Context(), tb.ID); tb.Version != before || tb.Seats[2].Level != games.LevelHard {
		t.Fatalf("a pick after the start changed the table: v%d %+v", tb.Version, tb.Seats)
	}
}

// TestSeatLevels: a Flanders table of Ann and two computers at different
// levels (the second easy, the first normal from /play). Each select
// names its own seat; Ann leaving and rejoining moves the seats'
// indexes but a select keeps its computer; the log tells each pick; the
// game starts with each seat's level in its state, and the computer
// seats play to the end at them, the record keeping them. The one select
// of a lobby message from before (payload "level") still sets every
// computer seat's level.
func TestSeatLevels(t *testing.T) {
	h := newHarness(t)
	lobby := h.slash(ann, "play", "", map[string]string{"game": "flanders", "computer": "normal"}).Reply.Message
	lobby = h.click(bob, h.lobby, buttons(lobby)["Join"]).Reply.Message
	lobby = h.click(ann, h.lobby, buttons(lobby)["Add computer player"]).Reply.Message
	lobby = h.click(ann, h.lobby, buttons(lobby)["Add computer player"]).Reply.Message
	if _, ok := selectOf(lobby, ":l:level2"); !ok {
		t.Fatalf("no select for the second computer: %+v", lobby.Components)
	}
	// Seats: Ann, Bob, Computer 1, Computer 2. The old single select
	// sets both computers at once.
	old := strings.Replace(mustSelect(t, lobby, ":l:level1").CustomID, ":l:level1", ":l:level", 1)
	if r := h.click(ann, h.lobby, old, games.LevelHard); r.Reply.Kind != ReplyUpdate || strings.Count(text(r.Reply.Message), "level: Hard") != 2 {
		t.Fatalf("the old select: %+v", r.Reply)
	}
	lobby = h.click(ann, h.lobby, mustSelect(t, lobby, ":l:level1").CustomID, games.LevelNormal).Reply.Message
	// Bob leaves: the computers move up a seat, the selects follow them.
	h.click(bob, h.lobby, buttons(lobby)["Leave"])
	lobby = h.click(ann, h.lobby, mustSelect(t, lobby, ":l:level2").CustomID, games.LevelEasy).Reply.Message
	if !strings.Contains(text(lobby), "🤖 Computer 1 · level: Normal") || !strings.Contains(text(lobby), "🤖 Computer 2 · level: Easy") {
		t.Fatalf("lobby: %s", text(lobby))
	}
	if s := mustSelect(t, lobby, ":l:level2"); s.Options[0].Label != "Computer 2: Easy" || !s.Options[0].Default {
		t.Fatalf("second computer's select %+v", s)
	}
	tb, _ := h.store.ByChannel(t.Context(), "c")
	if len(tb.Seats) != 3 || tb.Seats[1].Level != games.LevelNormal || tb.Seats[2].Level != games.LevelEasy {
		t.Fatalf("seats %+v", tb.Seats)
	}
	log, _ := h.store.Log(t.Context(), tb.ID)
	var said []string
	for _, e := range log {
		if strings.HasPrefix(e.Action, "lobby.level") {
			said = append(said, e.Action)
		}
	}
	if strings.Join(said, " ") != "lobby.level.hard lobby.level1.normal lobby.level2.easy" {
		t.Fatalf("log %v", said)
	}
	h.click(ann, h.lobby, buttons(lobby)["Start"])
	tb, _ = h.store.Get(t.Context(), tb.ID)
	var st struct {
		Level  string   `json:"level"`
		Levels []string `json:"levels"`
	}
	if err := json.Unmarshal(tb.State, &st); err != nil || st.Level != games.LevelHard || strings.Join(st.Levels, ",") != ",normal,easy" {
		t.Fatalf("state levels %q %q %v", st.Level, st.Levels, err)
	}
	playRandom(t, h, tb.ID)
	tb, _ = h.store.Get(t.Context(), tb.ID)
	if tb.Status != data.StatusFinished || tb.SetupOptions[games.OptComputerLevels] != "1:normal,2:easy" || tb.Seats[2].Level != games.LevelEasy {
		t.Fatalf("finished %s, setup %v, seats %+v", tb.Status, tb.SetupOptions, tb.Seats)
	}
	out, err := h.svc.Export(t.Context(), tb.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := Verify(testMods, out); err != nil || !v.OK() || v.ByBots == 0 {
		t.Fatalf("verify: %v %+v", err, v)
	}
}

func mustSelect(t *testing.T, m render.Message, suffix string) discordgo.SelectMenu {
	t.Helper()
	s, ok := selectOf(m, suffix)
	if !ok {
		t.Fatalf("no select %s", suffix)
	}
	return s
}

// TestOldTableOneLevel: a table stored before per-seat levels (one level
// for all in its options, seats without one: what /play computer:easy
// and "Add computer player" store, the seat's level omitted) shows that
// level on its computer seat, starts with the table's level in the state
// and no per-seat levels, and plays to the end at it.
func TestOldTableOneLevel(t *testing.T) {
	h := newHarness(t)
	lobby := h.slash(ann, "play", "", map[string]string{"game": "trenches", "computer": "easy"}).Reply.Message
	h.click(ann, h.lobby, buttons(lobby)["Add computer player"])
	tb, _ := h.store.ByChannel(t.Context(), "c")
	if raw, _ := json.Marshal(tb.Seats); strings.Contains(string(raw), `"level"`) {
		t.Fatalf("a seat without a level of its own stored one: %s", raw)
	}
	h.restart()
	l, _ := h.svc.load(t.Context(), tb.ID)
	lobby, _ = h.svc.board(t.Context(), l, "en", false, false)
	if s, ok := selectOf(lobby, ":l:level1"); !ok || !strings.Contains(text(lobby), "🤖 Computer 1 · level: Easy") || !s.Options[0].Default {
		t.Fatalf("old lobby: %s %+v", text(lobby), s)
	}
	h.click(ann, h.lobby, buttons(lobby)["Start"])
	tb, _ = h.store.Get(t.Context(), tb.ID)
	if !strings.Contains(string(tb.State), `"level":"easy"`) || strings.Contains(string(tb.State), `"levels"`) || tb.SetupOptions[games.OptComputerLevels] != "" {
		t.Fatalf("state %s, setup %v", tb.State, tb.SetupOptions)
	}
	playRandom(t, h, tb.ID)
	out, err := h.svc.Export(t.Context(), tb.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := Verify(testMods, out); err != nil || !v.OK() || v.ByBots == 0 {
		t.Fatalf("verify: %v %+v", err, v)
	}
}
