package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/turning"
	"github.com/warroom/warroom/render/i18n"
)

// TestHowItWent: a finished In Flanders Field game (Ann against three
// computers, her turns played by the clock, so computer draws and a
// player's moves mix in the log) has a "How it went" button; a click
// answers privately with the chart and the turning points, the same for
// a player and a spectator. A running game's report is refused.
func TestHowItWent(t *testing.T) {
	T := i18n.For("en").T
	h := newHarness(t)
	h.svc.reportBudget = testReportBudget()
	var clock time.Duration
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return start.Add(clock) }
	r := h.slash(ann, "play", "", map[string]string{"game": "flanders", "turn_timeout": "1"})
	for range 3 {
		r = h.click(ann, h.lobby, buttons(r.Reply.Message)[T("core.lobby.bot")])
	}
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)[T("core.lobby.start")])
	id := r.Reply.BoardOf
	// Ann moves once herself, then the clock plays her turns.
	for _, b := range buttons(h.boardMessage(t, id)) {
		if strings.Contains(b, ":a:") {
			h.click(ann, h.board, b)
			break
		}
	}
	early, _ := CustomID{Table: id, Version: 1, Kind: KindTurning}.Encode()
	if r := h.click(ann, h.board, early); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), T("turning.not_over")) {
		t.Fatalf("report of a running game: %+v", r.Reply)
	}
	// The seed the report deals from is as secret as the source while
	// the game runs: a public export of a live table holds neither.
	if out, err := h.svc.Export(t.Context(), id, false); err != nil || bytes.Contains(out, []byte(`"seed"`)) || bytes.Contains(out, []byte(`"rng"`)) {
		t.Fatalf("live export: %v\n%s", err, out)
	}
	for i := 1; i <= 400; i++ {
		if _, ok := h.tick(&clock, time.Duration(i)*2*time.Hour); !ok {
			break
		}
	}
	tb, err := h.store.Get(t.Context(), id)
	if err != nil || tb.Status != data.StatusFinished {
		t.Fatalf("the game did not finish: %v %v", tb.Status, err)
	}
	board := h.boardMessage(t, id)
	btn := buttons(board)[T("turning.button")]
	if btn == "" {
		t.Fatalf("no %q button on the final board: %v", T("turning.button"), buttons(board))
	}
	var first string
	for _, u := range []User{ann, eve} {
		r := h.click(u, h.board, btn)
		m := r.Reply.Message
		if r.Reply.Kind != ReplyPrivate || len(m.Files) != 1 || len(r.Posts) != 0 {
			t.Fatalf("%s: reply %v with %d files, %d posts: %s", u.Name, r.Reply.Kind, len(m.Files), len(r.Posts), text(m))
		}
		img, err := png.Decode(bytes.NewReader(m.Files[0].Data))
		if err != nil || img.Bounds().Dx() < 480 {
			t.Fatalf("%s: chart %v %v", u.Name, err, img)
		}
		if dir := os.Getenv("WARROOM_PNG_DIR"); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "how-it-went.png"), m.Files[0].Data, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Log(text(m))
		}
		got := text(m)
		// Each turning point says what happened then, in the journal's words.
		if !strings.Contains(got, T("turning.swings")) || !strings.Contains(got, "Turn ") || !strings.Contains(got, "%: ") || strings.Contains(got, "[turning.") {
			t.Fatalf("%s: text %s", u.Name, got)
		}
		// In turn order, and none without its story.
		last := 0
		for _, line := range strings.Split(got, "\n") {
			if !strings.HasPrefix(line, "• Turn ") {
				continue
			}
			var turn int
			fmt.Sscanf(line, "• Turn %d,", &turn)
			if turn <= last || !strings.Contains(line, "%: ") || strings.HasSuffix(line, ": ") {
				t.Fatalf("%s: a turning point out of order or untold: %q in\n%s", u.Name, line, got)
			}
			last = turn
		}
		// A player's report is from their own knowledge, a spectator's
		// from public information; in this game they are the same, so
		// only the heading differs.
		head := map[string]string{ann.Name: T("turning.head"), eve.Name: T("turning.head_public")}[u.Name]
		rest, ok := strings.CutPrefix(got, head)
		if !ok {
			t.Fatalf("%s: the report does not start with %q: %s", u.Name, head, got)
		}
		if first == "" {
			first = rest
		} else if rest != first {
			t.Fatalf("a spectator's report differs from a player's:\n%s\n%s", first, rest)
		}
	}
	// A report is built once per viewer: another click reads it again,
	// the same chart and words, without seconds of playouts.
	built := h.svc.reports.builds
	if built != 2 {
		t.Fatalf("%d reports built for a player and a spectator", built)
	}
	again := h.click(ann, h.board, btn).Reply.Message
	if h.svc.reports.builds != built || len(again.Files) != 1 || !strings.HasPrefix(text(again), T("turning.head")) {
		t.Fatalf("a second click built %d more reports: %s", h.svc.reports.builds-built, text(again))
	}
}

// testReportBudget is the playouts of a test's report: the service's
// default, and a tenth of it under the race detector (./test.sh), where
// the playouts of the two reports tests were half the package's time
// (the workers still run side by side; .ci/run builds them in full).
func testReportBudget() int {
	if raceEnabled {
		return turning.DefaultBudget / 10
	}
	return 0
}

// TestKindTurning: the report's kind letter is no other component's, and
// its custom_id round-trips without a payload.
func TestKindTurning(t *testing.T) {
	seen := map[string]string{}
	for name, k := range map[string]string{"action": KindAction, "select": KindSelect, "group": KindGroup,
		"private": KindPrivate, "myview": KindMyView, "lobby": KindLobby, "undo": KindUndo, "rematch": KindRematch,
		"resign": KindResign, "journal": KindJournal, "sure": KindSure, "offer": KindOffer, "pause": KindPause,
		"abandon": KindAbandon, "turning": KindTurning} {
		if other, dup := seen[k]; dup {
			t.Errorf("kind %q is both %s and %s", k, name, other)
		}
		seen[k] = name
	}
	s, err := CustomID{Table: "t1", Version: 9, Kind: KindTurning}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if c, err := ParseCustomID(s); err != nil || c.Kind != KindTurning {
		t.Fatalf("%s: %+v %v", s, c, err)
	}
	if _, err := ParseCustomID(s + ":x"); err == nil {
		t.Fatal("a payload on the report's button was accepted")
	}
}

// TestReplayLogUndo: the report's replay drops taken-back moves and ends
// in the game's real final state.
func TestReplayLogUndo(t *testing.T) {
	eng, _ := testMods.Engine("flanders")
	seed := games.Seed{5, 6}
	tb := &data.Table{Game: "flanders", Seats: []data.Seat{{Name: "A", UserID: "1"}, {Name: "B", UserID: "2"}}, Seed: &seed, SeedNonce: "77"}
	rng := seed.Source(tb.SeedNonce)
	st, err := eng.Setup(setupOptions(tb), 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	var log []data.LogEntry
	pick := games.NewPCG(9, 9)
	undone, applied := 0, 0
	for v := int64(1); !eng.Outcome(st).Done; v++ {
		seat := eng.Active(st)[0]
		legal := eng.Legal(st, seat)
		a := legal[pick.Intn(len(legal))]
		before, _ := json.Marshal(rng)
		ns, _, err := eng.Apply(st, seat, a, rng)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, data.LogEntry{Version: v, Seat: seat, UserID: "u", Action: a.String()})
		after, _ := json.Marshal(rng)
		if undone < 8 && string(before) == string(after) && eng.Undoable(st, ns, seat, a) {
			v++
			log = append(log, data.LogEntry{Version: v, Seat: seat, UserID: "u", Action: "undo"})
			undone++
			continue // st stays: the move was taken back
		}
		st = ns
		applied++
	}
	if undone == 0 {
		t.Fatal("no move was taken back: the test tests nothing")
	}
	_, moves, evs, err := replayLog(eng, tb, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != applied || len(evs) != applied {
		t.Fatalf("%d moves replayed, %d played", len(moves), applied)
	}
	got, _ := eng.Encode(moves[len(moves)-1].After)
	want, _ := eng.Encode(st)
	if string(got) != string(want) {
		t.Fatal("the replay ends in another state")
	}
}

// TestHowItWentCoop: in a co-op game every seat has the team's chance, so
// the chart draws one curve, the team's, not one per soldier drawn over
// each other (a second seat colour would mean a second curve).
func TestHowItWentCoop(t *testing.T) {
	T := i18n.For("en").T
	h := newHarness(t)
	h.svc.reportBudget = testReportBudget()
	var clock time.Duration
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return start.Add(clock) }
	r := h.slash(ann, "play", "", map[string]string{"game": "blindaz", "turn_timeout": "1"})
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)[T("core.lobby.bot")])
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)[T("core.lobby.start")])
	id := r.Reply.BoardOf
	for i := 1; i <= 2000; i++ {
		if _, ok := h.tick(&clock, time.Duration(i)*2*time.Hour); !ok {
			break
		}
	}
	if tb, err := h.store.Get(t.Context(), id); err != nil || tb.Status != data.StatusFinished {
		t.Fatalf("the game did not finish: %v", err)
	}
	btn := buttons(h.boardMessage(t, id))[T("turning.button")]
	if btn == "" {
		t.Fatalf("no %q button on the final board", T("turning.button"))
	}
	r = h.click(ann, h.board, btn)
	if r.Reply.Kind != ReplyPrivate || len(r.Reply.Message.Files) != 1 {
		t.Fatalf("reply %v: %s", r.Reply.Kind, text(r.Reply.Message))
	}
	if got := text(r.Reply.Message); strings.Contains(got, ".;") {
		t.Fatalf("a turning point's lines run a full stop into the join: %s", got)
	}
	img, err := png.Decode(bytes.NewReader(r.Reply.Message.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 8, g >> 8, b >> 8}] = true
		}
	}
	first, second := [3]uint32{0xc0, 0x39, 0x2b}, [3]uint32{0x2e, 0x6f, 0xd8}
	if !seen[first] || seen[second] {
		t.Fatalf("co-op chart: the team's colour drawn %v, a second seat's %v", seen[first], seen[second])
	}
}

// The report cache keeps at most keptReports, drops the oldest first, and
// never keeps a failed build.
func TestReportCache(t *testing.T) {
	var c reportCache
	fail := errors.New("no log")
	if _, err := c.get(reportKey{"x", 0}, func() (builtReport, error) { return builtReport{}, fail }); err != fail {
		t.Fatalf("a failed build: %v", err)
	}
	for i := range keptReports + 1 {
		c.get(reportKey{fmt.Sprint(i), games.Spectator}, func() (builtReport, error) { return builtReport{}, nil })
	}
	if c.builds != keptReports+1 || len(c.byKey) != keptReports {
		t.Fatalf("%d built, %d kept", c.builds, len(c.byKey))
	}
	if _, ok := c.byKey[reportKey{"0", games.Spectator}]; ok {
		t.Fatal("the oldest report is still kept")
	}
	c.get(reportKey{"x", 0}, func() (builtReport, error) { return builtReport{}, nil })
	if c.builds != keptReports+2 {
		t.Fatal("the failed build was kept")
	}
}
