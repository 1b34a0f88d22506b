package commands

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

func TestTurnTimeoutLetsComputerPlay(t *testing.T) {
	h := newHarness(t)
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return now }
	r := h.slash(ann, "play", "", map[string]string{"game": "race", "turn_timeout": "2"})
	r = h.click(bob, h.lobby, buttons(r.Reply.Message)["Join"])
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
	board := r.Posts[0]
	if !strings.Contains(board.Message.Content, "<t:") {
		t.Fatalf("ping without deadline: %q", board.Message.Content)
	}
	if ids, _ := h.svc.Overdue(t.Context(), now.Add(59*time.Minute)); len(ids) != 0 {
		t.Fatalf("overdue too early: %v", ids)
	}
	now = now.Add(2*time.Hour + time.Second)
	ids, err := h.svc.Overdue(t.Context(), now)
	if err != nil || len(ids) != 1 {
		t.Fatalf("overdue %v %v", ids, err)
	}
	resp, ok, err := h.timeout(ids[0])
	if err != nil || !ok {
		t.Fatalf("timeout %v %v", ok, err)
	}
	if len(resp.Edits) != 1 || !resp.Edits[0].StripOnly || len(resp.Posts) != 1 {
		t.Fatalf("timeout response %+v", resp)
	}
	next := resp.Posts[0].Message
	if !strings.Contains(next.Content, "Ann ran out of time") || len(next.Mentions) != 1 || next.Mentions[0] != bob.ID {
		t.Fatalf("after timeout: %q %v", next.Content, next.Mentions)
	}
	// Bob's deadline starts now; a second timeout call is a no-op.
	if _, ok, _ := h.timeout(ids[0]); ok {
		t.Fatal("timed out twice")
	}
	// Ann's old button is stale now.
	if r := h.click(ann, h.board, buttons(board.Message)["+1"]); r.Reply.Kind != ReplyPrivate {
		t.Fatal("old button applied after the timeout")
	}
}

func TestNoTimeoutWithoutOption(t *testing.T) {
	h := newHarness(t)
	h.startRace()
	if ids, _ := h.svc.Overdue(t.Context(), time.Now().Add(24*365*time.Hour)); len(ids) != 0 {
		t.Fatalf("overdue without turn_timeout: %v", ids)
	}
}

func TestComputerSeatsPassedToSetupNotFromUsers(t *testing.T) {
	h := newHarness(t)
	if r := h.slash(ann, "play", "", map[string]string{"game": "race", "computer_seats": "1"}); r.Reply.Kind != ReplyPrivate {
		t.Fatal("a user set computer_seats")
	}
	tb := &data.Table{Seats: []data.Seat{{UserID: "1"}, {Bot: true}, {Bot: true}}, Options: games.Options{"target": "5"}}
	o := setupOptions(tb)
	if o[games.OptComputerSeats] != "1,2" || o["target"] != "5" || tb.Options[games.OptComputerSeats] != "" {
		t.Fatalf("%v (table options %v)", o, tb.Options)
	}
}

func TestUndoTakesBackOnlyUndoableMoves(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	board := p.Message
	if _, ok := buttons(board)["Undo"]; ok {
		t.Fatal("undo offered before any move")
	}
	r := h.click(ann, h.board, buttons(board)["mark"])
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "marks 1") {
		t.Fatalf("mark: %+v", r.Reply)
	}
	board = r.Reply.Message
	r = h.click(ann, h.board, buttons(board)["mark"])
	board = r.Reply.Message
	undo, ok := buttons(board)["Undo"]
	if !ok || !strings.Contains(text(board), "marks 2") {
		t.Fatalf("no undo after a mark: %v", buttons(board))
	}
	if r := h.click(bob, h.board, undo); r.Reply.Kind != ReplyPrivate {
		t.Fatal("the other player undid Ann's move")
	}
	r = h.click(ann, h.board, undo)
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "marks 1") {
		t.Fatalf("undo: %+v %s", r.Reply.Kind, text(r.Reply.Message))
	}
	if r := h.click(ann, h.board, undo); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "changed") {
		t.Fatal("a stale undo button worked twice")
	}
	board = r.Reply.Message
	r = h.click(ann, h.board, buttons(board)["Undo"])
	board = r.Reply.Message
	if !strings.Contains(text(board), "marks 0") {
		t.Fatalf("second undo: %s", text(board))
	}
	if _, ok := buttons(board)["Undo"]; ok {
		t.Fatal("undo offered with nothing left to take back")
	}
	// A move that passes the turn can never be undone.
	r = h.click(ann, h.board, buttons(board)["+1"])
	if len(r.Posts) == 0 {
		t.Fatalf("+1: %+v", r.Reply)
	}
	if _, ok := buttons(r.Posts[0].Message)["Undo"]; ok {
		t.Fatal("undo offered after the turn passed")
	}
	tb, _ := h.store.Get(t.Context(), p.BoardOf)
	if len(tb.Undo) != 0 {
		t.Fatalf("undo points kept: %d", len(tb.Undo))
	}
}

func TestRendererBugDoesNotHideASavedMove(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	board := p.Message
	for i := 0; i < 2; i++ {
		board = h.click(ann, h.board, buttons(board)["mark"]).Reply.Message
	}
	r := h.click(ann, h.board, buttons(board)["mark"])
	if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "was saved") {
		t.Fatalf("reply %+v %q", r.Reply.Kind, text(r.Reply.Message))
	}
	tb, _ := h.store.Get(t.Context(), p.BoardOf)
	var st raceState
	json.Unmarshal(tb.State, &st)
	if st.Marks != 3 {
		t.Fatalf("marks %d: the move was not kept", st.Marks)
	}
}

// A lobby nobody starts closes after LobbyTTL: the channel is free again
// and the lobby message says so, without buttons.
func TestLobbyExpires(t *testing.T) {
	h := newHarness(t)
	now := time.Now()
	h.svc.Now = func() time.Time { return now }
	h.svc.LobbyTTL = 2 * time.Hour
	r := h.slash(ann, "play", "", map[string]string{"game": "race"})
	id := r.Reply.BoardOf
	if ids, _ := h.svc.Overdue(t.Context(), now.Add(time.Hour)); len(ids) != 0 {
		t.Fatalf("a fresh lobby is overdue: %v", ids)
	}
	now = now.Add(2*time.Hour + time.Minute)
	ids, err := h.svc.Overdue(t.Context(), now)
	if err != nil || len(ids) != 1 || ids[0] != id {
		t.Fatalf("overdue after the TTL: %v %v", ids, err)
	}
	resp, ok, err := h.timeout(id)
	if err != nil || !ok || len(resp.Edits) != 1 || resp.Edits[0].MessageID != h.lobby ||
		!strings.Contains(resp.Edits[0].Message.Content, "within 2 hours") || len(resp.Edits[0].Message.Components) != 0 {
		t.Fatalf("expiry: ok %v err %v %+v", ok, err, resp)
	}
	if _, err := h.store.ByChannel(t.Context(), "c"); err == nil {
		t.Fatal("the expired lobby still holds the channel")
	}
	if r := h.slash(bob, "play", "", map[string]string{"game": "race"}); r.Reply.Kind != replyNew {
		t.Fatalf("a new table after the expiry: %q", text(r.Reply.Message))
	}
}

// clockedTable starts a game with turn_timeout hours on a service clock
// the test moves (at), Ann to act; it returns the first board.
func (h *harness) clockedTable(game, hours string, at *time.Duration) post {
	h.t.Helper()
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return start.Add(*at) }
	r := h.slash(ann, "play", "", map[string]string{"game": game, "turn_timeout": hours})
	r = h.click(bob, h.lobby, buttons(r.Reply.Message)["Join"])
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
	return r.Posts[0]
}

// tick moves the clock to at and runs the timer on the one table due
// then, if any: what it delivered, and whether it did anything.
func (h *harness) tick(clock *time.Duration, at time.Duration) (result, bool) {
	h.t.Helper()
	*clock = at
	ids, err := h.svc.Overdue(context.Background(), h.svc.Now())
	if err != nil || len(ids) > 1 {
		h.t.Fatalf("due at %v: %v %v", at, ids, err)
	}
	if len(ids) == 0 {
		return result{}, false
	}
	res, ok, err := h.timeout(ids[0])
	if err != nil {
		h.t.Fatal(err)
	}
	return res, ok
}

// TestTurnReminders: the player to act is pinged at half and at 90% of a
// turn's time, once each, without changing the board's version; a player
// who turned reminders off is not pinged.
func TestTurnReminders(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	board := h.clockedTable("race", "10", &clock)
	remind := func(at time.Duration) (result, bool) { return h.tick(&clock, at) }
	if _, ok := remind(4 * time.Hour); ok {
		t.Fatal("reminded before half time")
	}
	res, ok := remind(5 * time.Hour)
	if !ok || len(res.Posts) != 1 {
		t.Fatalf("no reminder at half time: %+v", res)
	}
	msg := res.Posts[0].Message
	if !strings.Contains(msg.Content, "<@100>") || !strings.Contains(msg.Content, "<t:") || len(msg.Mentions) != 1 || msg.Mentions[0] != ann.ID {
		t.Fatalf("reminder %q pings %v", msg.Content, msg.Mentions)
	}
	if _, ok := remind(6 * time.Hour); ok {
		t.Fatal("reminded twice at half time")
	}
	// Ann turns reminders off: the 90% reminder pings nobody.
	if r := h.slash(ann, "game", "reminders", map[string]string{"mode": "off"}); !strings.Contains(text(r.Reply.Message), "off") {
		t.Fatalf("reminders off: %s", text(r.Reply.Message))
	}
	if res, ok := remind(9 * time.Hour); ok || len(res.Posts) != 0 {
		t.Fatalf("pinged after opting out: %+v", res)
	}
	if _, ok := remind(9*time.Hour + 30*time.Minute); ok {
		t.Fatal("a third reminder")
	}
	// The board's buttons still work: the reminders changed no version.
	if r := h.click(ann, h.board, buttons(board.Message)["+1"]); r.Reply.Kind != replyStrip {
		t.Fatalf("board after reminders: %+v", r.Reply)
	}
}

// referee is the race with turns the computer must not play for a late
// player, like the FoW referee.
type referee struct{ race }

func (referee) Info() games.Info {
	i := race{}.Info()
	i.ID, i.TimeoutRemindsOnly = "referee", true
	return i
}

// TestRefereeTimeoutOnlyReminds: in a game whose turns the computer must
// not play, a passed deadline pings the player again and restarts the
// turn's clock; nothing is played for them.
func TestRefereeTimeoutOnlyReminds(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	h.clockedTable("referee", "2", &clock)
	before, _ := h.store.ByChannel(t.Context(), "c")
	res, ok := h.tick(&clock, 2*time.Hour+time.Minute)
	if !ok {
		t.Fatal("the overdue table was not handled")
	}
	if len(res.Posts) != 1 || !strings.Contains(res.Posts[0].Message.Content, "never plays a turn for you") || res.Posts[0].Message.Mentions[0] != ann.ID {
		t.Fatalf("the overdue ping: %+v", res.Posts)
	}
	after, _ := h.store.ByChannel(t.Context(), "c")
	if after.Version != before.Version {
		t.Fatal("something was played for the late player")
	}
	if !after.Deadline.Equal(h.svc.Now().Add(2 * time.Hour)) {
		t.Fatalf("the clock did not restart: %v", after.Deadline)
	}
}

// TestRemindersByDM: with /game reminders mode:dm the reminder comes as a
// direct message with a link to the board and no ping in the channel; a
// player who accepts no DMs from the bot is pinged in the channel instead.
func TestRemindersByDM(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	h.clockedTable("race", "10", &clock)
	if r := h.slash(ann, "game", "reminders", map[string]string{"mode": "dm"}); !strings.Contains(text(r.Reply.Message), "direct message") {
		t.Fatalf("reminders dm: %s", text(r.Reply.Message))
	}
	res, ok := h.tick(&clock, 5*time.Hour)
	if !ok || len(res.Posts) != 0 || len(res.DMs) != 1 || res.DMs[0].ChannelID != "dm:"+ann.ID {
		t.Fatalf("half-time reminder by DM: %+v", res)
	}
	tb, _ := h.store.ByChannel(t.Context(), "c")
	dm := res.DMs[0].Message.Content
	if !strings.Contains(dm, "https://discord.com/channels/g/c/"+tb.BoardMessageID) || !strings.Contains(dm, "<t:") || len(res.DMs[0].Message.Mentions) != 0 {
		t.Fatalf("DM %q", dm)
	}
	h.noDMs = map[string]bool{ann.ID: true}
	res, ok = h.tick(&clock, 9*time.Hour)
	if !ok || len(res.DMs) != 0 || len(res.Posts) != 1 || !strings.Contains(res.Posts[0].Message.Content, "<@100>") || len(res.Posts[0].Message.Mentions) != 1 {
		t.Fatalf("closed DMs: the reminder did not fall back to a ping: %+v", res)
	}
}

// The lobby-expired notice names the TTL in the unit and plural form it
// takes: never "within 0 hours" for a TTL under an hour.
func TestLobbyTTLText(t *testing.T) {
	for _, c := range []struct {
		lang string
		ttl  time.Duration
		want string
	}{
		{"en", 30 * time.Minute, "within 30 minutes"},
		{"en", time.Minute, "within 1 minute"},
		{"en", 10 * time.Second, "within 1 minute"},
		{"en", 90 * time.Minute, "within 90 minutes"},
		{"en", time.Hour, "within 1 hour,"},
		{"en", 24 * time.Hour, "within 24 hours"},
		{"pl", time.Minute, "w ciągu 1 minuty,"},
		{"pl", 2 * time.Minute, "w ciągu 2 minut,"},
		{"pl", 25 * time.Minute, "w ciągu 25 minut,"},
		{"pl", 2 * time.Hour, "w ciągu 2 godzin,"},
		{"ru", time.Minute, "За 1 минуту "},
		{"ru", 22 * time.Minute, "За 22 минуты "},
		{"ru", 45 * time.Minute, "За 45 минут "},
		{"ru", 21 * time.Hour, "За 21 час "},
	} {
		got := ttlText(render.Audience{L: i18n.For(c.lang)}, c.ttl)
		if !strings.Contains(got, c.want) {
			t.Errorf("%s %v: %q, want %q in it", c.lang, c.ttl, got, c.want)
		}
	}
}

// drawingEngine draws a number before every move, as a move that rolls.
type drawingEngine struct{ games.Engine }

func (d drawingEngine) Apply(s games.State, p games.Seat, a games.Action, r games.Rand) (games.State, []games.Event, error) {
	r.Intn(6)
	return d.Engine.Apply(s, p, a, r)
}

// A move that drew from the table's source cannot be taken back (its
// roll would be made again), even one the game calls undoable.
func TestUndoRefusedAfterADraw(t *testing.T) {
	for _, draws := range []bool{false, true} {
		h := newHarness(t)
		p := h.startRace()
		unlock := h.svc.lock(p.BoardOf)
		l, err := h.svc.load(t.Context(), p.BoardOf)
		if err != nil {
			t.Fatal(err)
		}
		if draws {
			l.eng = drawingEngine{l.eng}
		}
		seat := l.eng.Active(l.state)[0]
		if _, err := h.svc.act(t.Context(), l, seat, ann.ID, games.Act("mark")); err != nil {
			t.Fatal(err)
		}
		unlock()
		if got := l.canUndo(seat); got == draws {
			t.Fatalf("a mark that drew %v: may undo %v", draws, got)
		}
	}
}
