package main

// End-to-end tests: the real `warroom run` code path (flags, bbolt file,
// discordgo session, handlers) against the local Discord stand-in of
// discordtest, over real HTTP and WebSocket on 127.0.0.1.

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/discordtest"
	"github.com/warroom/warroom/render/i18n"
)

// logBuffer collects the bot's log and tells when it is running.
type logBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	running chan struct{}
	once    sync.Once
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if bytes.Contains(p, []byte("warroom is running")) {
		l.once.Do(func() { close(l.running) })
	}
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// actionWithArgs matches an action's custom_id with its arguments
// (w1:<table>:<version>:a:<action>), which must never be logged.
var actionWithArgs = regexp.MustCompile(`w1:[0-9a-z]+:[0-9]+:a:`)

// isAction: the custom_id of a game action button.
func isAction(customID string) bool {
	id, err := commands.ParseCustomID(customID)
	return err == nil && id.Kind == commands.KindAction
}

// world is one Discord guild with a channel, three people and the bot.
type world struct {
	t          *testing.T
	srv        *discordtest.Server
	guild, ch  string
	ann, bob   discordtest.User
	eve        discordtest.User
	db         string
	stop       context.CancelFunc
	done       chan error
	log        *logBuffer
	extraFlags []string
	hostLocale string // Ann's Discord language for /play (default en-US)
	// replicas: more than one bot process answers (waitAnswered).
	replicas bool
}

func newWorld(t *testing.T, opts ...discordtest.Option) *world {
	srv := discordtest.New(t, append([]discordtest.Option{discordtest.WithToken(e2eToken)}, opts...)...)
	w := &world{t: t, srv: srv, db: filepath.Join(t.TempDir(), "warroom.db")}
	w.guild = srv.NewGuild()
	w.ch = srv.NewChannel(w.guild)
	w.ann, w.bob, w.eve = srv.User("ann"), srv.User("bob"), srv.User("eve")
	t.Cleanup(func() {
		w.stopBot()
		if tok := srv.Token(); w.log != nil && strings.Contains(w.log.String(), tok) {
			t.Error("the bot token appeared in the log")
		}
		// Action arguments can be secret (a hidden placement): the log
		// names the component kind only.
		if w.log != nil && actionWithArgs.MatchString(w.log.String()) {
			t.Error("an action's arguments reached the log")
		}
	})
	return w
}

// startBot runs `warroom run` until stopBot.
func (w *world) startBot() {
	w.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w.stop, w.done = cancel, make(chan error, 1)
	w.log = &logBuffer{running: make(chan struct{})}
	args := append([]string{"--db", w.db, "--guild", w.guild, "--dev-discord-api", w.srv.URL(),
		"--log-format", "json", "--log-level", "debug"}, w.extraFlags...)
	go func() { w.done <- cmdRun(ctx, args, w.log) }()
	select {
	case <-w.log.running:
	case err := <-w.done:
		w.t.Fatalf("warroom run ended: %v\n%s", err, w.log.String())
	case <-time.After(15 * time.Second):
		w.t.Fatalf("warroom run did not start:\n%s", w.log.String())
	}
}

// stopBot stops the bot as SIGTERM would, and waits for it.
func (w *world) stopBot() {
	if w.stop == nil {
		return
	}
	w.stop()
	select {
	case err := <-w.done:
		if err != nil {
			w.t.Errorf("warroom run: %v", err)
		}
	case <-time.After(15 * time.Second):
		w.t.Error("warroom run did not stop")
	}
	w.stop = nil
}

// ctx bounds one wait; generous, because CI runs packages side by side
// on two cores (Discord's 3-second deadline is checked separately).
// idle waits until the bot has answered everything and sent nothing for
// 50 ms (discordtest WaitIdle): before the stand-in's clock jumps, so
// that no request of the last move meets the new time.
func (w *world) idle() {
	w.t.Helper()
	if err := w.srv.WaitIdle(w.ctx(), 50*time.Millisecond); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	w.t.Cleanup(cancel)
	return ctx
}

// expect waits for an interaction's answer and checks Discord's deadline.
func (w *world) expect(ix *discordtest.Interaction) *discordtest.Response {
	w.t.Helper()
	r, err := w.waitAnswered(w.ctx(), ix)
	if err != nil {
		w.t.Fatalf("no answer: %v\n%s\n%s", err, strings.Join(w.srv.Problems(), "\n"), w.log.String())
	}
	if r.Latency > 3*time.Second {
		w.t.Fatalf("answered after %v", r.Latency)
	}
	return r
}

// waitAnswered waits for ix's answer. With replicas, a click acknowledged
// as a deferred update (type 6) is also answered once its table's board
// shows a newer version than the clicked one: the replica that did not
// take the click may deliver the move's board first (its outbox timer),
// leaving the clicked one nothing to edit, and Discord needs nothing
// after a type 6 (developers/interactions/receiving-and-responding.mdx:
// "edit the original message later", not must).
func (w *world) waitAnswered(ctx context.Context, ix *discordtest.Interaction) (*discordtest.Response, error) {
	if !w.replicas {
		return ix.Wait(ctx)
	}
	for {
		step, cancel := context.WithTimeout(ctx, 250*time.Millisecond)
		r, err := ix.Wait(step)
		cancel()
		if err == nil || ctx.Err() != nil {
			return r, err
		}
		if r := ix.Response(); r != nil && r.Type == discordgo.InteractionResponseDeferredMessageUpdate && w.movedPast(ix) {
			w.t.Logf("%s: the other replica delivered the board", ix.CustomID())
			return r, nil
		}
	}
}

// movedPast: the latest board or result in the click's channel is of a
// later version than the click was drawn for (custom_id
// w1:<table>:<version>:...).
func (w *world) movedPast(ix *discordtest.Interaction) bool {
	parts := strings.Split(ix.CustomID(), ":")
	if len(parts) < 3 {
		return false
	}
	clicked, err := strconv.Atoi(parts[2])
	if err != nil {
		return false
	}
	msgs := w.srv.Messages(ix.ChannelID)
	for i := len(msgs) - 1; i >= 0; i-- {
		if isResult(&msgs[i]) {
			return true
		}
		if isBoard(&msgs[i]) {
			v, err := strconv.Atoi(boardVersion(&msgs[i]))
			return err == nil && v > clicked
		}
	}
	return false
}

// privateText is the text of the ephemeral answer (the response itself
// or the first ephemeral follow-up), or "".
func privateText(r *discordtest.Response) string {
	if r.Ephemeral() {
		return r.Text()
	}
	for _, f := range r.Followups {
		if f.Ephemeral() {
			return f.Text()
		}
	}
	return ""
}

// isBoard: a message with the table's "What happened" button and no
// "Rematch" is the current board in play (older boards lose their
// buttons; a finished one offers a rematch). "My hand / units" is no
// mark: it shows only where a seat holds something hidden.
func isBoard(m *discordtest.Message) bool {
	journal, rematch := false, false
	for _, b := range m.Buttons() {
		journal = journal || strings.HasSuffix(b.CustomID, ":j")
		rematch = rematch || strings.HasSuffix(b.CustomID, ":r")
	}
	return journal && !rematch
}

// isResult: the message announces the end of a game, in any of the
// catalogue's languages.
func isResult(m *discordtest.Message) bool {
	if strings.Contains(m.Content, "🏆") {
		return true
	}
	for _, lang := range []string{"en", "pl", "ru"} {
		l := i18n.For(lang)
		if strings.Contains(m.Content, l.T("core.outcome.team_lost")) || strings.Contains(m.Content, l.T("core.outcome.nobody")) {
			return true
		}
	}
	return false
}

// settle waits until the channel shows a current board or a result: after
// a click the new board is posted just after the click is answered.
func (w *world) settle(ch string) *discordtest.Message {
	w.t.Helper()
	m, err := w.srv.WaitMessage(w.ctx(), ch, func(m *discordtest.Message) bool { return isBoard(m) || isResult(m) })
	if err != nil {
		all := w.srv.AllMessages(ch)
		for _, m := range all[max(0, len(all)-4):] {
			w.t.Logf("last messages: %q ephemeral=%v buttons=%v", m.Text(), m.Ephemeral(), m.ButtonLabels())
		}
		w.t.Fatalf("no board or result in %s: %v\n%s\n%s", ch, err, strings.Join(w.srv.Problems(), "\n"), w.log.String())
	}
	return m
}

// board is the current board of ch.
func (w *world) board(ch string) *discordtest.Message {
	w.t.Helper()
	w.settle(ch)
	msgs := w.srv.Messages(ch)
	for i := len(msgs) - 1; i >= 0; i-- {
		if isBoard(&msgs[i]) {
			m := msgs[i]
			return &m
		}
	}
	for _, m := range msgs {
		w.t.Logf("message %s: %q buttons %v", m.ID, m.Text(), m.ButtonLabels())
	}
	w.t.Fatalf("no board in %s\n%s\n%s", ch, strings.Join(w.srv.Problems(), "\n"), w.log.String())
	return nil
}

// lobby opens a table of game with Ann as host; bob joins and each of
// bots computer players is added, then Ann starts.
func (w *world) lobby(game string, opts map[string]any, bob bool, bots int) {
	w.t.Helper()
	o := map[string]any{}
	for k, v := range opts {
		o[k] = v
	}
	locale := w.hostLocale
	if locale == "" {
		locale = "en-US"
	}
	r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play "+game, o, locale))
	lobby := r.Message
	if _, ok := findButton(&lobby, ":l:join"); !ok {
		// Under load the table's timer may deliver the lobby before the
		// command's own delivery does: the lobby is then a channel
		// message, and the command is answered that it is done.
		m, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
			_, ok := findButton(m, ":l:join")
			return ok
		})
		if err != nil {
			w.t.Fatalf("lobby: %s (%v)", r.Text(), err)
		}
		lobby = *m
	}
	if bob {
		lobby = w.expect(w.srv.Click(w.bob, &lobby, mustButton(w.t, &lobby, ":l:join"))).Message
	}
	for range bots {
		lobby = w.expect(w.srv.Click(w.ann, &lobby, mustButton(w.t, &lobby, ":l:bot"))).Message
	}
	w.expect(w.srv.Click(w.ann, &lobby, mustButton(w.t, &lobby, ":l:start")))
}

// findButton is the custom_id of m's button whose id ends with suffix:
// tests find buttons by what they do, whatever the table's language.
func findButton(m *discordtest.Message, suffix string) (string, bool) {
	for _, b := range m.Buttons() {
		if strings.HasSuffix(b.CustomID, suffix) {
			return b.CustomID, true
		}
	}
	return "", false
}

func mustButton(t *testing.T, m *discordtest.Message, suffix string) string {
	t.Helper()
	id, ok := findButton(m, suffix)
	if !ok {
		t.Fatalf("no button %s on %q: %v", suffix, m.Text(), m.ButtonLabels())
	}
	return id
}

// userByID maps a mention back to a person.
func (w *world) userByID(id string) (discordtest.User, bool) {
	for _, u := range []discordtest.User{w.ann, w.bob, w.eve} {
		if u.ID == id {
			return u, true
		}
	}
	return discordtest.User{}, false
}

// toAct is the person the board's content names as the one to act.
func (w *world) toAct(b *discordtest.Message) (discordtest.User, bool) {
	for _, u := range []discordtest.User{w.ann, w.bob, w.eve} {
		if strings.Contains(b.Content, u.Mention()) && yourTurn(b.Content) {
			return u, true
		}
	}
	return discordtest.User{}, false
}

// yourTurn: the content is a turn ping, in any of the catalogue's languages.
func yourTurn(content string) bool {
	for _, lang := range []string{"en", "pl", "ru"} {
		for _, n := range []int{1, 2} { // one player pinged, or several
			// The words of the ping between the player and the game's name.
			words := i18n.For(lang).T("core.turn.ping", "Count", n, "Who", "\x00", "Game", "\x00")
			if strings.Contains(content, strings.Split(words, "\x00")[1]) {
				return true
			}
		}
	}
	return false
}

// move makes one legal move for user on the board, as a player would: a
// game button, a select option, or "Your move" and then the private menu.
// It returns the answer to the click that applied the move.
func (w *world) move(rng *rand.Rand, user discordtest.User, b *discordtest.Message) *discordtest.Response {
	w.t.Helper()
	msg := b
	for depth := 0; depth < 3; depth++ {
		var actions []string
		for _, btn := range msg.Buttons() {
			if !btn.Disabled && isAction(btn.CustomID) {
				actions = append(actions, btn.CustomID)
			}
		}
		sels := msg.Selects()
		if len(actions) > 0 && (len(sels) == 0 || rng.IntN(2) == 0) {
			return w.expect(w.srv.Click(user, msg, actions[rng.IntN(len(actions))]))
		}
		if len(sels) > 0 {
			sel := sels[rng.IntN(len(sels))]
			val := sel.Options[rng.IntN(len(sel.Options))].Value
			r := w.expect(w.srv.Select(user, msg, sel.CustomID, []string{val}))
			if !strings.HasSuffix(sel.CustomID, ":g") {
				return r
			}
			// A group chosen on a private menu opens in it; one chosen
			// on the board, in a new private reply.
			next := heldMenu(r)
			if next == nil && isStale(privateText(r)) {
				return r // the board moved on under the click: as a player, look again
			}
			if next == nil {
				w.t.Fatalf("group select gave no menu: %s", privateText(r))
			}
			msg = next
			continue
		}
		your, ok := findButton(msg, ":p")
		if !ok {
			w.t.Fatalf("nothing to click on %q: %v", msg.Text(), msg.ButtonLabels())
		}
		r := w.expect(w.srv.Click(user, msg, your))
		msg = ephemeralWithComponents(r)
		if msg == nil && isStale(privateText(r)) {
			return r // the board moved on under the click: as a player, look again
		}
		if msg == nil {
			w.t.Fatalf("Your move gave no menu: %s", privateText(r))
		}
	}
	w.t.Fatal("menus nested too deep")
	return nil
}

// isStale: the bot's private "this board has changed" answer, in any of
// the catalogue's languages. A test clicking as fast as the bot posts can
// hold a board that was replaced a moment ago, as a player can.
func isStale(text string) bool {
	for _, lang := range []string{"en", "pl", "ru"} {
		if strings.Contains(text, i18n.For(lang).T("core.err.stale")) {
			return true
		}
	}
	return false
}

func ephemeralWithComponents(r *discordtest.Response) *discordtest.Message {
	for i := range r.Followups {
		if f := r.Followups[i]; f.Ephemeral() && (len(f.Buttons()) > 0 || len(f.Selects()) > 0) {
			return &f
		}
	}
	return nil
}

// playToEnd clicks legal moves until the game announces its result.
func (w *world) playToEnd(seed uint64, ch string, maxClicks int) *discordtest.Message {
	w.t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < maxClicks; i++ {
		if m := w.settle(ch); isResult(m) {
			w.t.Logf("result after %d clicks: %q", i, m.Content)
			return m
		}
		b := w.board(ch)
		user, ok := w.toAct(b)
		if !ok {
			w.t.Fatalf("board names nobody to act: %q", b.Content)
		}
		r := w.move(rng, user, b)
		if txt := privateText(r); strings.Contains(txt, "not allowed") || strings.Contains(txt, "went wrong") {
			w.t.Fatalf("click %d refused: %s", i, txt)
		}
	}
	w.t.Fatalf("no result after %d clicks", maxClicks)
	return nil
}

func (w *world) noProblems() {
	w.t.Helper()
	if p := w.srv.Problems(); len(p) > 0 {
		w.t.Fatalf("Discord would refuse or flag:\n%s", strings.Join(p, "\n"))
	}
}

// Scenario 1: start-up registers every command, matching the handlers.
func TestE2ECommandsRegistered(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	got := w.srv.Commands(w.guild)
	want := commands.Tree(modules().Engines())
	if len(got) != len(want) {
		t.Fatalf("registered %d commands, want %d", len(got), len(want))
	}
	byName := map[string]*discordgo.ApplicationCommand{}
	for _, c := range got {
		byName[c.Name] = c
	}
	for _, c := range want {
		g, ok := byName[c.Name]
		if !ok || len(g.Options) != len(c.Options) {
			t.Fatalf("command %s: registered %+v", c.Name, g)
		}
		// Servers only, by the documented fields, not the deprecated
		// dm_permission (developers/interactions/application-commands.mdx).
		if g.Contexts == nil || !slices.Equal(*g.Contexts, []discordgo.InteractionContextType{discordgo.InteractionContextGuild}) ||
			g.IntegrationTypes == nil || !slices.Equal(*g.IntegrationTypes, []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}) ||
			g.DMPermission != nil {
			t.Fatalf("command %s: contexts %v, integration_types %v, dm_permission %v", c.Name, g.Contexts, g.IntegrationTypes, g.DMPermission)
		}
	}
	play := byName["play"]
	var games []string
	for _, sub := range play.Options {
		games = append(games, sub.Name)
	}
	if strings.Join(games, ",") != strings.Join(gameIDs(), ",") {
		t.Fatalf("/play subcommands %v, engines %v", games, gameIDs())
	}
	// Unknown command: a clear private reply.
	r := w.expect(w.srv.Dispatch(&discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, GuildID: w.guild, ChannelID: w.ch,
		Member: &discordgo.Member{User: &discordgo.User{ID: w.eve.ID, Username: "eve"}}, Data: discordgo.ApplicationCommandInteractionData{Name: "dance"}}))
	if txt := privateText(r); !strings.Contains(txt, "Unknown command") {
		t.Fatalf("unknown command answered %q / %q", txt, r.Text())
	}
	w.noProblems()
}

// Scenario 2: two people and a computer play In Flanders Field to the end
// by clicking the buttons the bot sent.
// (Pictures are checked in the other scenarios; this long one runs with
// text boards to stay fast under the race detector.)
func TestE2EFlandersFullGame(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("flanders", nil, true, 1)
	first := w.board(w.ch)
	if len(first.Mentions()) != 1 {
		t.Fatalf("the first board should ping exactly one player: %v", first.Mentions())
	}
	end := w.playToEnd(1, w.ch, 3000)
	if !strings.Contains(end.Text(), "Winner") {
		t.Fatalf("end: %s", end.Text())
	}
	// Every board has lost its buttons; the result offers only a rematch.
	boards := 0
	for _, m := range w.srv.Messages(w.ch) {
		if len(m.Buttons()) > 0 && m.ID != end.ID {
			boards++
		}
	}
	if boards > 0 {
		t.Fatalf("%d messages still have buttons after the game ended", boards)
	}
	rematch, ok := findButton(end, ":r")
	what, ok2 := findButton(end, ":j")
	_, ok4 := findButton(end, ":e")
	how, ok3 := findButton(end, ":w")
	if !ok || !ok2 || !ok3 || !ok4 || len(end.Buttons()) != 4 {
		t.Fatalf("the result's buttons: %v", end.ButtonLabels())
	}
	// How it went: privately, the chart as an image and the turning points.
	hr := w.expect(w.srv.Click(w.ann, end, how))
	if got := privateText(hr); !strings.Contains(got, "How it went") || !strings.Contains(got, "Turning points") {
		t.Fatalf("How it went: %q", got)
	}
	charts := 0
	for _, f := range hr.Followups {
		if imgs, err := f.Images(); err == nil && f.Ephemeral() {
			charts += len(imgs)
		}
	}
	if charts != 1 {
		t.Fatalf("How it went: %d private charts", charts)
	}
	// What happened: privately, in Discord's limits (the stand-in checks
	// them), the moves since Ann's last one (or her own last ones), to the end.
	if got := privateText(w.expect(w.srv.Click(w.ann, end, what))); !strings.Contains(got, "Game over") {
		t.Fatalf("What happened on the result: %q", got)
	}
	// Pings: each turn message pinged exactly one seated human; the
	// result pinged both, once.
	pings := 0
	for _, m := range w.srv.Messages(w.ch) {
		for _, id := range m.Mentions() {
			if id != w.ann.ID && id != w.bob.ID {
				t.Fatalf("pinged %s", id)
			}
			pings++
		}
		if n := len(m.Mentions()); n > 1 && (m.ID != end.ID || n != 2) {
			t.Fatalf("one message pinged %v", m.Mentions())
		}
	}
	if pings < 2 {
		t.Fatalf("only %d pings", pings)
	}
	// Rematch: Bob opens a new lobby with the same game; Ann is invited.
	// (a deferred update: Discord needs nothing more; the lobby is the answer)
	if _, err := w.srv.Click(w.bob, end, rematch).WaitAck(w.ctx()); err != nil {
		t.Fatal(err)
	}
	lobby, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
		_, ok := findButton(m, ":l:join")
		return ok
	})
	if err != nil || !strings.Contains(lobby.Text(), w.bob.Mention()) {
		t.Fatalf("no rematch lobby: %v", err)
	}
	if _, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
		return slices.Contains(m.Mentions(), w.ann.ID) && strings.Contains(m.Content, "rematch")
	}); err != nil {
		t.Fatalf("Ann was not invited: %v", err)
	}
	w.noProblems()
}

// Scenario 3: the bot stops mid-game; a new one on the same file goes on
// from the last acknowledged click, and old buttons are handled.
func TestE2ERestartMidGame(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	w.lobby("flanders", nil, true, 0)
	rng := rand.New(rand.NewPCG(3, 3))
	for range 4 {
		b := w.board(w.ch)
		u, _ := w.toAct(b)
		w.move(rng, u, b)
	}
	before := w.board(w.ch)
	beforeText := before.EmbedText()
	if imgs, err := before.Images(); err != nil || len(imgs) != 1 || imgs[0].Bounds().Dx() < 100 {
		t.Fatalf("board picture: %d images, %v", len(imgs), err)
	}
	w.stopBot()
	w.startBot()
	// The board the players see is still current: its buttons work.
	u, ok := w.toAct(before)
	if !ok {
		t.Fatal("nobody to act")
	}
	r := w.move(rng, u, before)
	if txt := privateText(r); strings.Contains(txt, "changed") || strings.Contains(txt, "wrong") {
		t.Fatalf("current button refused after restart: %s", txt)
	}
	// /game status shows a board that continues the same game.
	st := w.expect(w.srv.Slash(w.bob, w.ch, w.guild, "game", map[string]any{"status": map[string]any{}}, "en-US"))
	if st.EmbedText() == "" || !strings.Contains(st.EmbedText(), "Table") {
		t.Fatalf("status after restart: %s", st.Text())
	}
	if beforeText == "" {
		t.Fatal("empty board before restart")
	}
	// /game status removed the buttons of the board it replaced.
	if err := w.srv.WaitIdle(w.ctx(), 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if m := w.srv.Message(before.ID); m == nil || len(m.Buttons()) != 0 {
		t.Fatal("the replaced board kept its buttons")
	}
	// The old (pre-click) buttons are stale now and never applied twice.
	var stale string
	for _, btn := range before.Buttons() {
		if isAction(btn.CustomID) {
			stale = btn.CustomID
		}
	}
	if stale != "" {
		r := w.expect(w.srv.ForgeClick(u, before, stale))
		if txt := privateText(r); !strings.Contains(txt, "changed") {
			t.Fatalf("stale click %s answered %q (type %d, %q, %d follow-ups)\n%s", stale, txt, r.Type, r.Text(), len(r.Followups), w.log.String())
		}
	}
	w.noProblems()
}

// Scenario 4: clicks by strangers, stale and forged buttons, double
// clicks: each gets a private answer and changes nothing.
func TestE2EHostileInput(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	w.lobby("flanders", nil, true, 0)
	b := w.board(w.ch)
	u, _ := w.toAct(b)
	other := w.bob
	if u.ID == w.bob.ID {
		other = w.ann
	}
	var act string
	for _, btn := range b.Buttons() {
		if isAction(btn.CustomID) {
			act = btn.CustomID
			break
		}
	}
	if act == "" {
		t.Fatalf("no action button: %v", b.ButtonLabels())
	}
	check := func(name string, r *discordtest.Response, want string) {
		t.Helper()
		if txt := privateText(r); !strings.Contains(txt, want) {
			t.Fatalf("%s: private answer %q, want %q", name, txt, want)
		}
	}
	check("stranger", w.expect(w.srv.Click(w.eve, b, act)), "not playing")
	check("not your turn", w.expect(w.srv.Click(other, b, act)), "not your turn")
	check("never issued", w.expect(w.srv.ForgeClick(u, b, "w1:zzz:1:a:roll")), "not valid")
	check("garbage", w.expect(w.srv.ForgeClick(u, b, "💥")), "not valid")
	unchanged := w.board(w.ch).EmbedText()
	if unchanged != b.EmbedText() {
		t.Fatal("a refused click changed the board")
	}
	// The same click twice at once: applied once, the other is stale.
	ix1, err1 := w.srv.TryClick(u, b, act)
	ix2, err2 := w.srv.TryClick(u, b, act)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	r1, r2 := w.expect(ix1), w.expect(ix2)
	stale := 0
	for _, r := range []*discordtest.Response{r1, r2} {
		if strings.Contains(privateText(r), "changed") {
			stale++
		}
	}
	if stale != 1 {
		t.Fatalf("double click: %d stale answers (%q, %q)", stale, privateText(r1), privateText(r2))
	}
	w.noProblems()
}

// Scenario 5: the gateway drops mid-game; the bot resumes and the next
// click works.
func TestE2EGatewayDrop(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	w.lobby("flanders", nil, true, 0)
	w.srv.DropGateway()
	if err := w.srv.WaitReconnected(w.ctx()); err != nil {
		t.Fatal(err)
	}
	// The bot resumed its session where Discord said (READY's
	// resume_gateway_url, developers/events/gateway.mdx "Resuming"), not
	// on the first gateway URL, and did not identify again.
	if st := w.srv.GatewayStats(); st.Resumes == 0 || st.ResumesOnWrongURL > 0 || st.IdentifiesOnResumeURL > 0 {
		t.Fatalf("resume on the wrong URL: %+v", st)
	}
	b := w.board(w.ch)
	u, _ := w.toAct(b)
	r := w.move(rand.New(rand.NewPCG(5, 5)), u, b)
	if txt := privateText(r); txt != "" && !strings.Contains(txt, "Done") {
		t.Fatalf("click after reconnect: %q", txt)
	}
	w.noProblems()
}

// Scenario 6: Discord answers 429; the bot waits and the message arrives.
func TestE2ERateLimited(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	w.lobby("flanders", nil, true, 0)
	b := w.board(w.ch)
	u, _ := w.toAct(b)
	w.srv.FailNext("POST", "/channels/*/messages", 300*time.Millisecond)
	w.srv.FailNext("PATCH", "/webhooks/*", 300*time.Millisecond)
	rng := rand.New(rand.NewPCG(9, 9))
	before := len(w.srv.Messages(w.ch))
	for i := 0; i < 40 && len(w.srv.Messages(w.ch)) == before; i++ {
		b = w.board(w.ch)
		u, _ = w.toAct(b)
		w.move(rng, u, b)
	}
	if _, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool { return len(m.Mentions()) > 0 && m.ID != b.ID }); err != nil {
		t.Fatalf("the next board never arrived after a 429: %v", err)
	}
	w.noProblems()
}

// A bad token is a clear, one-line error.
func TestE2EBadToken(t *testing.T) {
	w := newWorld(t)
	t.Setenv("DISCORD_TOKEN", "not-the-token")
	log := &logBuffer{running: make(chan struct{})}
	err := cmdRun(context.Background(), []string{"--db", w.db, "--dev-discord-api", w.srv.URL()}, log)
	if err == nil || !strings.Contains(err.Error(), "rejected the bot token") {
		t.Fatalf("bad token: %v", err)
	}
	if strings.Contains(log.String(), "not-the-token") {
		t.Fatal("token in the log")
	}
}

// /play fow offers the mission table as choices named in each language,
// and the lobby names the chosen mission in the table's language.
func TestE2EMissionChoices(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	var fow *discordgo.ApplicationCommandOption
	for _, c := range w.srv.Commands(w.guild) {
		for _, sub := range c.Options {
			if c.Name == "play" && sub.Name == "fow" {
				fow = sub
			}
		}
	}
	if fow == nil {
		t.Fatal("no /play fow")
	}
	var mission *discordgo.ApplicationCommandOption
	for _, o := range fow.Options {
		if o.Name == "mission" {
			mission = o
		}
	}
	if mission == nil || len(mission.Choices) < 10 || mission.Choices[0].NameLocalizations[discordgo.Polish] == "" {
		t.Fatalf("mission choices: %+v", mission)
	}
	r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play fow", map[string]any{"mission": "breakthrough"}, "pl"))
	if !strings.Contains(r.Text(), "Przełamanie") {
		t.Fatalf("the lobby does not name the mission in Polish: %s", r.Text())
	}
	w.noProblems()
}

// An operator's view: --http serves /healthz, /readyz once the commands
// are registered, and /metrics with the interactions, Discord calls,
// store commits and live tables of a game being played.
func TestE2EMetricsAndHealth(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	w := newWorld(t)
	w.extraFlags = []string{"--no-images", "--http", addr}
	w.startBot()
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, p := range []string{"/healthz", "/readyz"} {
		if code, body := get(p); code != 200 {
			t.Fatalf("%s: %d %s", p, code, body)
		}
	}
	w.lobby("flanders", nil, true, 0)
	b := w.board(w.ch)
	u, _ := w.toAct(b)
	w.move(rand.New(rand.NewPCG(1, 1)), u, b)
	w.board(w.ch)
	_, m := get("/metrics")
	for _, want := range []string{
		`warroom_interaction_seconds_count{kind="command",result="changed"} 1`,
		`warroom_interaction_seconds_count{kind="component",result="changed"}`,
		`warroom_live_tables 1`,
		`warroom_store_commit_seconds_count`,
		`warroom_discord_request_seconds_count{method="POST",route="/interactions/:id/:token/callback",status="2xx"}`,
		`warroom_discord_requests_total{limit="interaction"}`,
		`warroom_discord_requests_total{limit="global"}`,
	} {
		if !strings.Contains(m, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if strings.Contains(m, w.srv.Token()) {
		t.Error("the token reached /metrics")
	}
}
