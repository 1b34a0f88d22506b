package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

type harness struct {
	mu     sync.Mutex // concurrent clicks share the fake Discord below
	t      testing.TB
	path   string
	store  *data.Bolt
	svc    *Service
	ids    int               // message ids the fake courier gave out
	nonces map[string]string // nonce -> message id, like enforce_nonce
	lobby  string            // the last /play's lobby message
	board  string            // the last table's board message
	noDMs  map[string]bool   // users who accept no direct messages
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	h := &harness{t: t, path: filepath.Join(t.TempDir(), "w.db")}
	h.open()
	t.Cleanup(func() { h.store.Close() })
	return h
}

func (h *harness) open() {
	st, err := data.Open(h.path)
	if err != nil {
		h.t.Fatal(err)
	}
	h.store = st
	h.svc = NewService(st, zerolog.Nop(), testMods.Modules())
	h.svc.Seed = func() games.Seed { return games.Seed{1, 2} }
	// Text boards: no test here checks a board's picture (render/<game>
	// draws every board; the e2e tests attach them), and drawing and
	// encoding one after every move was most of this package's CPU.
	h.svc.Images = false
}

func (h *harness) restart() {
	h.store.Close()
	h.open()
}

var (
	ann = User{ID: "100", Name: "Ann"}
	bob = User{ID: "200", Name: "Bob"}
	eve = User{ID: "300", Name: "Eve"}
)

func (h *harness) slash(u User, cmd, sub string, opts map[string]string) result {
	return h.do(Request{Kind: SlashCommand, User: u, GuildID: "g", ChannelID: "c", Command: cmd, Subcommand: sub, Options: opts, Locale: "en-US"})
}

func (h *harness) click(u User, msgID, customID string, values ...string) result {
	return h.do(Request{Kind: Component, User: u, GuildID: "g", ChannelID: "c", CustomID: customID, Values: values, MessageID: msgID, Locale: "en-US"})
}

// privateClick is a click on a private (ephemeral) menu message.
func (h *harness) privateClick(u User, customID string, values ...string) result {
	return h.do(Request{Kind: Component, User: u, GuildID: "g", ChannelID: "c", CustomID: customID, Values: values, MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
}

// do handles a request and delivers what it owes through a courier that
// records what Discord would have seen, as the bot does.
func (h *harness) do(req Request) result {
	if req.GuildID == "" {
		req.GuildID = "g"
	}
	if req.ChannelID == "" {
		req.ChannelID = "c"
	}
	return h.handle(req)
}

// handle is do for a request taken as it is (one from a DM has no guild).
func (h *harness) handle(req Request) result {
	resp := h.svc.Handle(context.Background(), req)
	c := &fakeCourier{h: h, req: req}
	c.res.Reply.Kind, c.res.Reply.Message, c.res.Reply.Modal = resp.Reply.Kind, resp.Reply.Message, resp.Reply.Modal
	c.res.Note = resp.Note
	if resp.Table != "" {
		c.table = resp.Table
		if err := h.deliver(c); err != nil {
			// as the bot does: tell the player privately
			msg, ok := h.svc.DeliveryNotice(req, err)
			if !ok {
				h.t.Fatalf("deliver: %v", err)
			}
			c.res.Reply = reply{Kind: ReplyPrivate, Message: msg}
		}
	}
	if req.Command == "play" && c.res.Reply.Kind == replyNew {
		h.mu.Lock()
		h.lobby = c.res.Reply.MessageID
		h.mu.Unlock()
	}
	return c.res
}

// deliver carries a table's owed effects and remembers its board message.
func (h *harness) deliver(c *fakeCourier) error {
	err := h.svc.Deliver(context.Background(), c.table, c)
	if t, err := h.store.Get(context.Background(), c.table); err == nil {
		h.mu.Lock()
		h.board = t.BoardMessageID
		h.mu.Unlock()
	}
	return err
}

// timeout runs the turn timer on a table and delivers what it owes.
func (h *harness) timeout(id string) (result, bool, error) {
	ok, err := h.svc.Timeout(context.Background(), id)
	c := &fakeCourier{h: h, table: id}
	if ok && err == nil {
		err = h.deliver(c)
	}
	return c.res, ok, err
}

// playMoves makes up to n moves on table id, each by the user of the
// human seat to act, through the service (the computer seats answer
// there), and stops early when the game is over; choose picks the move
// from the seat's legal actions. A running game without a human to act
// fails the test.
func (h *harness) playMoves(id string, n int, choose func(l *loaded, seat games.Seat, legal []games.Action) games.Action) {
	h.t.Helper()
	for range n {
		if !h.playMove(id, choose) {
			return
		}
	}
}

// playMove makes one move of playMoves under the table's lock; false when
// the game is not running.
func (h *harness) playMove(id string, choose func(l *loaded, seat games.Seat, legal []games.Action) games.Action) bool {
	h.t.Helper()
	defer h.svc.lock(id)()
	l, err := h.svc.load(h.t.Context(), id)
	if err != nil || l.t.Status != data.StatusPlaying {
		return false
	}
	seat, ok := humanToAct(l.t, l.eng.Active(l.state))
	if !ok {
		h.t.Fatalf("table %s: nobody human to act in a running game", id)
	}
	if _, err := h.svc.act(h.t.Context(), l, seat, l.t.Seats[seat].UserID, choose(l, seat, l.eng.Legal(l.state, seat))); err != nil {
		h.t.Fatalf("table %s: seat %d's move: %v", id, seat, err)
	}
	return true
}

// The test's view of what one interaction did in Discord.
type (
	reply struct {
		Kind      ReplyKind
		Message   render.Message
		Modal     render.Modal // ReplyModal
		BoardOf   string       // the table, when the reply is its board or lobby
		MessageID string       // a command's public answer
	}
	post struct {
		ChannelID, MessageID string
		Message              render.Message
		BoardOf              string
	}
	edit struct {
		ChannelID, MessageID string
		Message              render.Message
		StripOnly            bool
	}
	result struct {
		Reply    reply
		Posts    []post
		Edits    []edit
		Threads  []string
		Archived []string
		Joined   []string       // thread:user added to a team thread
		DMs      []post         // direct messages, ChannelID "dm:<user>"
		Note     render.Message // a private note besides the reply
	}
)

// How a courier answers through the interaction: a command's first post
// in its channel is its public answer; the clicked message is edited or
// stripped in place.
const (
	replyNew   ReplyKind = 100
	replyStrip ReplyKind = 101
)

type fakeCourier struct {
	h     *harness
	req   Request
	table string
	res   result
}

func (c *fakeCourier) newID() string {
	c.h.mu.Lock()
	defer c.h.mu.Unlock()
	c.h.ids++
	return fmt.Sprintf("m%d", c.h.ids)
}

func (c *fakeCourier) Post(_ context.Context, ch string, msg render.Message, nonce string) (string, error) {
	c.h.mu.Lock()
	if c.h.nonces == nil {
		c.h.nonces = map[string]string{}
	}
	id, ok := c.h.nonces[nonce]
	c.h.mu.Unlock()
	if ok {
		return id, nil
	}
	id = c.newID()
	c.h.mu.Lock()
	c.h.nonces[nonce] = id
	c.h.mu.Unlock()
	if c.req.Kind == SlashCommand && ch == c.req.ChannelID && c.res.Reply.Kind == ReplyNone {
		c.res.Reply = reply{Kind: replyNew, Message: msg, BoardOf: c.table, MessageID: id}
		return id, nil
	}
	c.res.Posts = append(c.res.Posts, post{ChannelID: ch, MessageID: id, Message: msg, BoardOf: c.table})
	return id, nil
}

func (c *fakeCourier) Edit(_ context.Context, ch, id string, msg render.Message) error {
	if c.req.Kind == Component && id == c.req.MessageID {
		c.res.Reply = reply{Kind: ReplyUpdate, Message: msg, BoardOf: c.table}
		return nil
	}
	c.res.Edits = append(c.res.Edits, edit{ChannelID: ch, MessageID: id, Message: msg})
	return nil
}

func (c *fakeCourier) Strip(_ context.Context, ch, id string) error {
	if c.req.Kind == Component && id == c.req.MessageID {
		c.res.Reply = reply{Kind: replyStrip, BoardOf: c.table}
		return nil
	}
	c.res.Edits = append(c.res.Edits, edit{ChannelID: ch, MessageID: id, StripOnly: true})
	return nil
}

func (c *fakeCourier) OpenThread(_ context.Context, _, ch, name string, members []string) (string, error) {
	id := c.newID()
	c.res.Threads = append(c.res.Threads, id)
	return id, nil
}

func (c *fakeCourier) DM(_ context.Context, user string, msg render.Message, nonce string) error {
	if c.h.noDMs[user] {
		return ErrNoDM
	}
	c.res.DMs = append(c.res.DMs, post{ChannelID: "dm:" + user, Message: msg})
	return nil
}

func (c *fakeCourier) AddMember(_ context.Context, thread, user string) error {
	c.res.Joined = append(c.res.Joined, thread+":"+user)
	return nil
}

func (c *fakeCourier) Archive(_ context.Context, thread string) error {
	c.res.Archived = append(c.res.Archived, thread)
	return nil
}

// buttons lists a message's enabled buttons by label.
func buttons(m render.Message) map[string]string {
	out := map[string]string{}
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok && !b.Disabled {
				out[b.Label] = b.CustomID
			}
		}
	}
	return out
}

func text(m render.Message) string {
	var b strings.Builder
	b.WriteString(m.Content)
	for _, e := range m.Embeds {
		b.WriteString(" " + e.Title + " " + e.Description)
		for _, f := range e.Fields {
			b.WriteString(" " + f.Name + " " + f.Value)
		}
		if e.Footer != nil {
			b.WriteString(" " + e.Footer.Text)
		}
	}
	return b.String()
}

// startRace opens a race between Ann (host) and Bob and returns the
// first board post.
func (h *harness) startRace() post {
	h.t.Helper()
	r := h.startRaceResult()
	if len(r.Posts) != 1 {
		h.t.Fatalf("start posted %d messages", len(r.Posts))
	}
	return r.Posts[0]
}

// startRaceResult is startRace's start click: the first board and all
// else its delivery did.
func (h *harness) startRaceResult() result {
	h.t.Helper()
	r := h.slash(ann, "play", "", map[string]string{"game": "race"})
	if r.Reply.Kind != replyNew || r.Reply.BoardOf == "" {
		h.t.Fatalf("play reply %+v", r.Reply)
	}
	lobby := r.Reply.Message
	r = h.click(bob, h.lobby, buttons(lobby)["Join"])
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "<@200>") {
		t := text(r.Reply.Message)
		h.t.Fatalf("join: %v %s", r.Reply.Kind, t)
	}
	if r := h.click(bob, h.lobby, buttons(r.Reply.Message)["Start"]); r.Reply.Kind != ReplyPrivate {
		h.t.Fatalf("non-host start accepted: %+v", r.Reply)
	}
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
	if r.Reply.Kind != ReplyUpdate || len(r.Reply.Message.Components) != 0 || !strings.Contains(text(r.Reply.Message), "game on") || len(r.Posts) == 0 {
		h.t.Fatalf("start: %+v", r)
	}
	return r
}

func TestLobbyAndFullGame(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	if len(p.Message.Mentions) != 1 || p.Message.Mentions[0] != "100" {
		t.Fatalf("first ping should mention only Ann: %v", p.Message.Mentions)
	}
	if r := h.slash(bob, "play", "", map[string]string{"game": "race"}); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "already has an active game") {
		t.Fatalf("second table in channel: %+v", r.Reply)
	}
	board, msgID := p.Message, p.MessageID
	players := map[string]User{"100": ann, "200": bob}
	for turn := 0; turn < 20; turn++ {
		if len(board.Mentions) != 1 {
			t.Fatalf("turn %d: ping %v", turn, board.Mentions)
		}
		who := players[board.Mentions[0]]
		other := bob
		if who == bob {
			other = ann
		}
		// The other player cannot move.
		if r := h.click(other, msgID, buttons(board)["+2"]); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not your turn") {
			t.Fatalf("other player's click: %+v", r.Reply)
		}
		r := h.click(who, msgID, buttons(board)["+2"])
		if r.Reply.Kind != replyStrip || len(r.Posts) == 0 {
			t.Fatalf("turn %d: %+v", turn, r.Reply)
		}
		board = r.Posts[0].Message
		msgID = r.Posts[0].MessageID
		if strings.Contains(text(board), "Winner") {
			if b := buttons(board); !strings.Contains(text(board), "Ann") || len(b) != 3 || b["Rematch"] == "" || b["What happened"] == "" || b["Game record"] == "" {
				t.Fatalf("end board: %s %v", text(board), b)
			}
			if _, err := h.store.ByChannel(t.Context(), "c"); err == nil {
				t.Fatal("finished table still holds the channel")
			}
			log, _ := h.store.Log(t.Context(), p.BoardOf)
			if len(log) < 5 {
				t.Fatalf("log has %d entries", len(log))
			}
			return
		}
	}
	t.Fatal("game did not end")
}

func TestBadClicksChangeNothing(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	id := p.BoardOf
	before, _ := h.store.Get(t.Context(), id)
	plus1 := buttons(p.Message)["+1"]
	cases := map[string]result{
		"not seated":  h.click(eve, h.board, plus1),
		"forged id":   h.click(ann, h.board, strings.Replace(plus1, "add.1", "add.7", 1)),
		"garbage":     h.click(ann, h.board, "hello"),
		"other table": h.click(ann, h.board, strings.Replace(plus1, "w1:"+id+":", "w1:zz:", 1)),
		"stale":       h.click(ann, h.board, strings.Replace(plus1, ":2:", ":1:", 1)),
		"bad select":  h.click(ann, h.board, "w1:"+id+":2:s", "add.x"),
	}
	for name, r := range cases {
		if r.Reply.Kind != ReplyPrivate || len(r.Posts) != 0 || len(r.Edits) != 0 {
			t.Errorf("%s: %+v", name, r)
		}
	}
	if !strings.Contains(text(cases["forged id"].Reply.Message), "not allowed") {
		t.Errorf("forged action reply: %s", text(cases["forged id"].Reply.Message))
	}
	if !strings.Contains(text(cases["stale"].Reply.Message), "changed") {
		t.Errorf("stale reply: %s", text(cases["stale"].Reply.Message))
	}
	after, _ := h.store.Get(t.Context(), id)
	if after.Version != before.Version || string(after.State) != string(before.State) {
		t.Fatal("a rejected click changed the table")
	}
}

func TestDoubleClickAppliedOnce(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	plus1 := buttons(p.Message)["+1"]
	var wg sync.WaitGroup
	results := make([]result, 8)
	board := h.board
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = h.click(ann, board, plus1)
		}()
	}
	wg.Wait()
	applied := 0
	for _, r := range results {
		if r.Reply.Kind == replyStrip {
			applied++
		}
	}
	if applied != 1 {
		t.Fatalf("%d clicks applied", applied)
	}
	tb, _ := h.store.Get(t.Context(), p.BoardOf)
	var st raceState
	json.Unmarshal(tb.State, &st)
	if st.Total != 1 {
		t.Fatalf("total %d", st.Total)
	}
}

func TestRestartKeepsGameAndButtons(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	plus2 := buttons(p.Message)["+2"]
	h.restart()
	r := h.click(ann, h.board, plus2)
	if r.Reply.Kind != replyStrip {
		t.Fatalf("button after restart: %+v", r.Reply)
	}
	h.restart()
	if r := h.click(ann, h.board, plus2); r.Reply.Kind != ReplyPrivate {
		t.Fatal("old button applied twice after restart")
	}
	tb, _ := h.store.Get(t.Context(), p.BoardOf)
	var st raceState
	json.Unmarshal(tb.State, &st)
	if st.Total != 2 || st.Turn != 1 {
		t.Fatalf("state after restart %+v", st)
	}
}

func TestComputerPlayerMovesAndSecretsStayPrivate(t *testing.T) {
	h := newHarness(t)
	r := h.slash(ann, "play", "", map[string]string{"game": "race", "target": "10"})
	lobby := r.Reply.Message
	if r := h.click(bob, h.lobby, buttons(lobby)["Add computer player"]); r.Reply.Kind != ReplyPrivate {
		t.Fatal("non-host added a computer player")
	}
	r = h.click(ann, h.lobby, buttons(lobby)["Add computer player"])
	r = h.click(ann, h.lobby, buttons(r.Reply.Message)["Start"])
	board := r.Posts[0].Message
	r = h.click(ann, h.board, buttons(board)["+1"])
	// Ann moved, the computer answered: Ann is to act again, so the board
	// is edited in place (same seats to act).
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "total 2") {
		t.Fatalf("after computer move: %+v %s", r.Reply.Kind, text(r.Reply.Message))
	}
	tb, _ := h.store.Get(t.Context(), r.Reply.BoardOf)
	var st raceState
	json.Unmarshal(tb.State, &st)
	mine := h.click(ann, h.board, buttons(r.Reply.Message)["My hand / units"])
	if mine.Reply.Kind != ReplyPrivate || !strings.Contains(text(mine.Reply.Message), "secret") {
		t.Fatalf("my view: %+v", mine.Reply)
	}
	if strings.Contains(text(r.Reply.Message), jsonInt(st.Secrets[0])) || strings.Contains(text(mine.Reply.Message), jsonInt(st.Secrets[1])) {
		t.Fatal("a secret reached a public board or another seat")
	}
}

func TestStatusRulesAbandon(t *testing.T) {
	h := newHarness(t)
	if r := h.slash(ann, "game", "status", nil); !strings.Contains(text(r.Reply.Message), "no active game") {
		t.Fatalf("status without table: %s", text(r.Reply.Message))
	}
	h.startRace()
	r := h.slash(bob, "game", "status", nil)
	if r.Reply.Kind != replyNew || len(r.Edits) != 1 || !r.Edits[0].StripOnly {
		t.Fatalf("status: %+v", r)
	}
	if r := h.slash(bob, "game", "rules", nil); r.Reply.Kind != ReplyPrivate {
		t.Fatal("rules not private")
	}
	if r := h.slash(bob, "game", "abandon", nil); r.Reply.Kind != ReplyPrivate {
		t.Fatal("a non-host abandoned")
	}
	r = h.slash(ann, "game", "abandon", nil)
	sure := buttons(r.Reply.Message)["Abandon the game"]
	if r.Reply.Kind != ReplyPrivate || sure == "" {
		t.Fatalf("abandon does not ask first: %+v", r.Reply)
	}
	if _, err := h.store.ByChannel(t.Context(), "c"); err != nil {
		t.Fatal("the question alone abandoned the table")
	}
	confirm := func(u User) result {
		return h.do(Request{Kind: Component, User: u, CustomID: sure, MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	}
	if r := confirm(bob); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "host") {
		t.Fatalf("Bob pressing the host's button: %+v", r.Reply)
	}
	r = confirm(ann)
	if r.Reply.Kind != ReplyUpdate || len(r.Posts) == 0 || !strings.Contains(r.Posts[0].Message.Content, "abandoned") {
		t.Fatalf("abandon: %+v", r)
	}
	if _, err := h.store.ByChannel(t.Context(), "c"); err == nil {
		t.Fatal("abandoned table still holds the channel")
	}
}

func TestBadOptionsAndDM(t *testing.T) {
	h := newHarness(t)
	for _, opts := range []map[string]string{
		{"game": "race", "target": "99"},
		{"game": "race", "scenario": "2"},
		{"game": "nope"},
	} {
		if r := h.slash(ann, "play", "", opts); r.Reply.Kind != ReplyPrivate {
			t.Errorf("%v accepted", opts)
		}
	}
	r := h.svc.Handle(t.Context(), Request{Kind: SlashCommand, User: ann, Command: "play", Options: map[string]string{"game": "race"}})
	if r.Reply.Kind != ReplyPrivate {
		t.Fatal("DM accepted")
	}
}

func TestCorruptRecordIsReported(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	tb, _ := h.store.Get(t.Context(), p.BoardOf)
	tb.State = json.RawMessage(`{"total":"x"}`)
	h.store.Update(t.Context(), tb, tb.Version)
	r := h.click(ann, h.board, buttons(p.Message)["+1"])
	if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "damaged") {
		t.Fatalf("corrupt: %+v", r.Reply)
	}
	if r := h.slash(ann, "game", "abandon", nil); r.Reply.Kind != replyNew {
		t.Fatalf("cannot abandon a corrupt table: %s", text(r.Reply.Message))
	}
}

func TestExportHidesSeedOfLiveTable(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	h.click(ann, h.board, buttons(p.Message)["+2"])
	tb, _ := h.store.Get(t.Context(), p.BoardOf)
	var st raceState
	json.Unmarshal(tb.State, &st)
	secret := jsonInt(st.Secrets[0])
	out, err := h.svc.Export(t.Context(), p.BoardOf, false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), `"rng"`) || strings.Contains(string(out), secret) || strings.Contains(string(out), "add.2") || !strings.Contains(string(out), `"view"`) {
		t.Fatalf("live export shows hidden things:\n%s", out)
	}
	out, _ = h.svc.Export(t.Context(), p.BoardOf, true)
	if strings.Contains(string(out), `"rng"`) || !strings.Contains(string(out), secret) {
		t.Fatalf("export with hidden information:\n%s", out)
	}
}

func TestCommandTree(t *testing.T) {
	cmds := Tree(testMods.Engines())
	if len(cmds) != 7 || cmds[0].Name != "play" || cmds[1].Name != "game" || cmds[2].Name != "settings" || cmds[3].Name != "help" ||
		cmds[4].Name != "stats" || cmds[5].Name != "leaderboard" || cmds[6].Name != "league" {
		t.Fatalf("%v", cmds)
	}
	var hasTarget bool
	for _, sub := range cmds[0].Options {
		for _, o := range sub.Options {
			if sub.Name == "race" && o.Name == "target" && o.Type == discordgo.ApplicationCommandOptionInteger {
				hasTarget = true
			}
			if len(o.Description) == 0 || len(o.Description) > 100 {
				t.Errorf("/play %s option %s description %q", sub.Name, o.Name, o.Description)
			}
		}
	}
	if !hasTarget {
		t.Fatal("game option missing from /play")
	}
}

func jsonInt(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestLobbyLeaveFullAndCancel(t *testing.T) {
	h := newHarness(t)
	lobby := h.slash(ann, "play", "", map[string]string{"game": "race"}).Reply.Message
	check := func(name string, r result, kind ReplyKind, want string) render.Message {
		t.Helper()
		if r.Reply.Kind != kind || !strings.Contains(text(r.Reply.Message), want) {
			t.Fatalf("%s: %v %q", name, r.Reply.Kind, text(r.Reply.Message))
		}
		return r.Reply.Message
	}
	lobby = check("bob joins", h.click(bob, h.lobby, buttons(lobby)["Join"]), ReplyUpdate, "<@200>")
	check("bob joins twice", h.click(bob, h.lobby, buttons(lobby)["Join"]), ReplyPrivate, "already have a seat")
	lobby = check("eve joins", h.click(eve, h.lobby, buttons(lobby)["Join"]), ReplyUpdate, "3 seats taken")
	if _, ok := buttons(lobby)["Join"]; ok {
		t.Fatal("Join enabled on a full table")
	}
	lobby = check("bob leaves", h.click(bob, h.lobby, buttons(lobby)["Leave"]), ReplyUpdate, "2 seats taken")
	if strings.Contains(text(lobby), "<@200>") {
		t.Fatal("bob still seated")
	}
	check("stranger leaves", h.click(bob, h.lobby, buttons(lobby)["Leave"]), ReplyPrivate, "no seat")
	check("guest cancels", h.click(eve, h.lobby, buttons(lobby)["Cancel"]), ReplyPrivate, "Only the host")
	check("host cancels", h.click(ann, h.lobby, buttons(lobby)["Cancel"]), ReplyUpdate, "cancelled")
	if _, err := h.store.ByChannel(t.Context(), "c"); err == nil {
		t.Fatal("a cancelled lobby still holds the channel")
	}
	check("join after cancel", h.click(bob, h.lobby, buttons(lobby)["Join"]), ReplyPrivate, "no longer taking players")
}

// A host who leaves the lobby hands it to the next player, who may start
// it; when the last person leaves, the lobby closes and frees the channel.
func TestLobbyHostLeaves(t *testing.T) {
	h := newHarness(t)
	lobby := h.slash(ann, "play", "", map[string]string{"game": "race"}).Reply.Message
	lobby = h.click(bob, h.lobby, buttons(lobby)["Join"]).Reply.Message
	r := h.click(ann, h.lobby, buttons(lobby)["Leave"])
	if r.Reply.Kind != ReplyUpdate || strings.Contains(text(r.Reply.Message), "<@100>") || !strings.Contains(text(r.Reply.Message), "Host: <@200>") {
		t.Fatalf("after the host left: %v %q", r.Reply.Kind, text(r.Reply.Message))
	}
	lobby = r.Reply.Message
	lobby = h.click(eve, h.lobby, buttons(lobby)["Join"]).Reply.Message
	if r := h.click(bob, h.lobby, buttons(lobby)["Start"]); r.Reply.Kind != ReplyUpdate || len(r.Posts) != 1 {
		t.Fatalf("the new host could not start: %+v", r.Reply)
	}

	h2 := newHarness(t)
	lobby = h2.slash(ann, "play", "", map[string]string{"game": "race"}).Reply.Message
	if r := h2.click(ann, h2.lobby, buttons(lobby)["Leave"]); r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "cancelled") {
		t.Fatalf("the last person left: %v %q", r.Reply.Kind, text(r.Reply.Message))
	}
	if _, err := h2.store.ByChannel(t.Context(), "c"); err == nil {
		t.Fatal("an empty lobby still holds the channel")
	}
}

// A table's buttons count only on the table's own board message or a
// private menu: the same custom_id on another message (an old board, a
// copy) changes nothing and shows the current board privately. A click in
// a private menu is answered in that menu, and the public board is
// redrawn apart: never replaced by a private "Done".
func TestButtonsCountOnlyOnTheTablesMessage(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	who := map[string]User{"100": ann, "200": bob}[p.Message.Mentions[0]]
	before, _ := h.store.Get(t.Context(), p.BoardOf)
	r := h.click(who, "some-other-message", buttons(p.Message)["+2"])
	if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "changed") || len(r.Posts)+len(r.Edits) != 0 {
		t.Fatalf("a click on another message: %+v", r)
	}
	if after, _ := h.store.Get(t.Context(), p.BoardOf); after.Version != before.Version {
		t.Fatal("a click on another message changed the table")
	}
	r = h.click(who, h.board, buttons(p.Message)["+2"])
	if r.Reply.Kind != replyStrip || len(r.Posts) != 1 {
		t.Fatalf("a click on the board: %+v", r.Reply)
	}
	board := r.Posts[0].Message
	who = map[string]User{"100": ann, "200": bob}[board.Mentions[0]]
	r = h.privateClick(who, buttons(board)["+2"])
	if r.Reply.Kind != ReplyUpdate || !strings.Contains(text(r.Reply.Message), "turn is over") || len(r.Posts) != 1 || len(r.Edits) != 1 || !r.Edits[0].StripOnly || r.Edits[0].MessageID != r.Posts[0].MessageID && r.Edits[0].MessageID == h.board {
		t.Fatalf("click in a private menu: %+v", r)
	}
}

// A table's buttons work only where the table plays: a custom_id forged
// into another channel of the same server is refused and changes nothing.
func TestButtonFromAnotherChannelIsRefused(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	who := map[string]User{"100": ann, "200": bob}[p.Message.Mentions[0]]
	before, _ := h.store.Get(t.Context(), p.BoardOf)
	for _, ch := range []string{"other", ""} {
		r := h.svc.Handle(t.Context(), Request{Kind: Component, User: who, GuildID: "g", ChannelID: ch,
			CustomID: buttons(p.Message)["+2"], MessageID: "board1", Locale: "en-US"})
		if r.Reply.Kind != ReplyPrivate || r.Table != "" {
			t.Fatalf("a button from channel %q: %+v", ch, r)
		}
	}
	if after, _ := h.store.Get(t.Context(), p.BoardOf); after.Version != before.Version {
		t.Fatalf("the forged click changed the table: version %d -> %d", before.Version, after.Version)
	}
	// From its own channel the same button plays.
	if r := h.click(who, h.board, buttons(p.Message)["+2"]); r.Reply.Kind != replyStrip {
		t.Fatalf("the button in its own channel: %+v", r.Reply)
	}
}

func TestLogSafeBoundsForgedIDs(t *testing.T) {
	huge := "w1:" + strings.Repeat("x", 1<<20) + ":1:a:take.7"
	if got := LogSafe(huge); len(got) > maxLogged+len("…") {
		t.Fatalf("LogSafe kept %d bytes of a forged custom_id", len(got))
	}
	if got := LogSafe("w1:3:7:a:take.7"); got != "w1:3:7:a" {
		t.Fatalf("LogSafe(w1:3:7:a:take.7) = %q", got)
	}
}

// /game status reposts the board publicly for a player; anyone else sees
// it privately, so a stranger cannot flood the channel with boards.
func TestStatusForStrangersIsPrivate(t *testing.T) {
	h := newHarness(t)
	h.startRace()
	r := h.slash(eve, "game", "status", nil)
	if r.Reply.Kind != ReplyPrivate || len(r.Edits)+len(r.Posts) != 0 || !strings.Contains(text(r.Reply.Message), "not playing") {
		t.Fatalf("status for a stranger: %v %q, %d edits", r.Reply.Kind, text(r.Reply.Message), len(r.Edits))
	}
	if len(buttons(r.Reply.Message)) != 0 {
		t.Fatal("a stranger's private board has buttons")
	}
	if r := h.slash(bob, "game", "status", nil); r.Reply.Kind != replyNew || r.Reply.BoardOf == "" {
		t.Fatalf("status for a player: %+v", r.Reply)
	}
}

// One person cannot flood a server with lobbies, nor players a channel
// with reposted boards: past the burst they are told privately to slow
// down and nothing is posted; after a while they may post again.
func TestPublicPostsAreThrottled(t *testing.T) {
	h := newHarness(t)
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return now }
	h.svc.MaxLobbies = 0 // this test is about the rate
	play := func(u User, ch string) result {
		return h.do(Request{Kind: SlashCommand, User: u, GuildID: "g", ChannelID: ch,
			Command: "play", Options: map[string]string{"game": "race"}, Locale: "en-US"})
	}
	for i := 0; i < userPostBurst; i++ {
		if r := play(eve, fmt.Sprint("ch", i)); r.Reply.Kind != replyNew {
			t.Fatalf("lobby %d refused: %q", i, text(r.Reply.Message))
		}
	}
	r := play(eve, "ch-next")
	if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "Slow down") {
		t.Fatalf("lobby past the burst: %v %q", r.Reply.Kind, text(r.Reply.Message))
	}
	if _, err := h.store.ByChannel(t.Context(), "ch-next"); err == nil {
		t.Fatal("a throttled /play opened a table")
	}
	if r := play(ann, "ch-ann"); r.Reply.Kind != replyNew {
		t.Fatalf("another person is not throttled: %q", text(r.Reply.Message))
	}
	now = now.Add(userPostEvery)
	if r := play(eve, "ch-next"); r.Reply.Kind != replyNew {
		t.Fatalf("after %v: %q", userPostEvery, text(r.Reply.Message))
	}

	// A channel: players reposting the board in turn, each within their
	// own limit, run out the channel's (made small here: 3).
	h2 := newHarness(t)
	h2.svc.channelPosts = newThrottle(time.Hour, 3)
	h2.startRace() // the lobby is the channel's first post
	for i, u := range []User{ann, bob} {
		if r := h2.slash(u, "game", "status", nil); r.Reply.Kind != replyNew {
			t.Fatalf("status %d refused: %q", i, text(r.Reply.Message))
		}
	}
	if r := h2.slash(ann, "game", "status", nil); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "Slow down") || len(r.Edits) != 0 {
		t.Fatalf("a fourth post in the channel: %v %q", r.Reply.Kind, text(r.Reply.Message))
	}
}

// One person hosts at most MaxLobbies open lobbies in a server: the next
// /play is refused privately and changes nothing; a lobby started,
// cancelled or in another server frees nothing it should not.
func TestOpenLobbiesPerHostAreCapped(t *testing.T) {
	h := newHarness(t)
	h.svc.MaxLobbies = 2
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return now }
	play := func(u User, guild, ch string, admin bool) result {
		return h.do(Request{Kind: SlashCommand, User: u, GuildID: guild, ChannelID: ch, Command: "play",
			Options: map[string]string{"game": "race"}, Locale: "en-US", CanManageGuild: admin})
	}
	first := play(eve, "g", "c1", false)
	lobby1 := h.lobby
	play(eve, "g", "c2", false)
	r := play(eve, "g", "c3", false)
	if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "2 open tables") {
		t.Fatalf("a third lobby: %v %q", r.Reply.Kind, text(r.Reply.Message))
	}
	if _, err := h.store.ByChannel(t.Context(), "c3"); err == nil {
		t.Fatal("the refused /play opened a table")
	}
	if r := play(eve, "g2", "c4", false); r.Reply.Kind != replyNew {
		t.Fatalf("a lobby in another server: %q", text(r.Reply.Message))
	}
	if r := play(ann, "g", "c5", false); r.Reply.Kind != replyNew {
		t.Fatalf("another host: %q", text(r.Reply.Message))
	}
	// Cancelling a lobby frees a place.
	cancel := h.do(Request{Kind: Component, User: eve, GuildID: "g", ChannelID: "c1", MessageID: lobby1,
		CustomID: buttons(first.Reply.Message)["Cancel"], Locale: "en-US"})
	if cancel.Reply.Kind != ReplyUpdate {
		t.Fatalf("cancel: %+v", cancel.Reply)
	}
	now = now.Add(time.Minute) // past the rate limit on posts
	if r := play(eve, "g", "c3", false); r.Reply.Kind != replyNew {
		t.Fatalf("a lobby after cancelling one: %q", text(r.Reply.Message))
	}
	// A member with Manage Server is not limited.
	if r := play(eve, "g", "c6", true); r.Reply.Kind != replyNew {
		t.Fatalf("an admin: %q", text(r.Reply.Message))
	}
}
