package main

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/discordtest"
)

// TestE2ERemindersByDM: players who chose /game reminders mode:dm are
// reminded of their turn by direct message, with a link to the board;
// one who accepts no DMs from the bot is pinged in the channel instead.
func TestE2ERemindersByDM(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images", "--timer-interval", "100ms", "--dev-timeout-unit", "3s"}
	w.startBot()
	for _, u := range []discordtest.User{w.ann, w.bob} {
		if r := w.expect(w.srv.Slash(u, w.ch, w.guild, "game reminders", map[string]any{"mode": "dm"}, "en-US")); !strings.Contains(privateText(r), "direct message") {
			t.Fatalf("reminders dm: %q", privateText(r))
		}
	}
	w.srv.CloseDMs(w.bob)
	w.lobby("flanders", map[string]any{"turn_timeout": 1}, true, 0)
	deadline := time.Now().Add(20 * time.Second)
	for {
		dms := w.srv.DMs(w.ann)
		pinged := false
		for _, m := range w.srv.Messages(w.ch) {
			pinged = pinged || strings.Contains(m.Content, "runs out") && m.Pings(w.bob)
		}
		if len(dms) > 0 && pinged {
			if !strings.Contains(dms[0].Content, "https://discord.com/channels/"+w.guild+"/"+w.ch+"/") || !strings.Contains(dms[0].Content, "<t:") {
				t.Fatalf("DM %q", dms[0].Content)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Ann's DMs %d, Bob pinged in the channel %v", len(dms), pinged)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, m := range w.srv.Messages(w.ch) {
		if strings.Contains(m.Content, "runs out") && m.Pings(w.ann) {
			t.Fatalf("Ann, reminded by DM, was pinged in the channel: %q", m.Content)
		}
	}
	if len(w.srv.DMs(w.bob)) != 0 {
		t.Fatal("a DM reached Bob, who accepts none")
	}
	w.noProblems()
}

// dmPlayer plays turns from their DMs, as a player with /game reminders
// mode:dm_play does.
type dmPlayer struct {
	w    *world
	u    discordtest.User
	seen int // DMs already looked at
}

// dmPlay turns dm_play on for the users.
func (w *world) dmPlay(users ...discordtest.User) {
	w.t.Helper()
	for _, u := range users {
		r := w.expect(w.srv.Slash(u, w.ch, w.guild, "game reminders", map[string]any{"mode": "dm_play"}, "en-US"))
		if !strings.Contains(privateText(r), "Your turns come by direct message") {
			w.t.Fatalf("reminders dm_play: %q", privateText(r))
		}
	}
}

// nextTurn waits for the player's next turn DM: a DM newer than the last
// one looked at, with choices.
func (p *dmPlayer) nextTurn() *discordtest.Message {
	p.w.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		dms := p.w.srv.DMs(p.u)
		for i := p.seen; i < len(dms); i++ {
			if len(dms[i].Buttons()) > 0 || len(dms[i].Selects()) > 0 {
				p.seen = i + 1
				m := dms[i]
				return &m
			}
		}
		if time.Now().After(deadline) {
			p.w.t.Fatalf("no turn DM for %s (%d DMs)\n%s", p.u.Username, len(dms), strings.Join(p.w.srv.Problems(), "\n"))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkTurnDM: a turn DM links the table's board and shows the board.
func (w *world) checkTurnDM(m *discordtest.Message, images bool) {
	w.t.Helper()
	if !strings.Contains(m.Content, "https://discord.com/channels/"+w.guild+"/"+w.ch+"/") || len(m.Embeds) == 0 {
		w.t.Fatalf("turn DM without the table's link or board: %q, %d embeds", m.Content, len(m.Embeds))
	}
	if images && len(m.Attachments) == 0 {
		w.t.Fatalf("turn DM without the board's picture: %q", m.Content)
	}
}

// playTurn plays one whole turn from the DM dm: a random choice at a time,
// each answered by the DM edited in place, until the DM closes (its
// choices gone). It returns the number of choices made.
func (p *dmPlayer) playTurn(rng *rand.Rand, dm *discordtest.Message) int {
	p.w.t.Helper()
	n := 0
	for msg := dm; len(msg.Buttons()) > 0 || len(msg.Selects()) > 0; n++ {
		if n > 60 {
			p.w.t.Fatalf("a turn of more than 60 choices: %q", msg.Content)
		}
		r := p.choose(rng, msg)
		if txt := privateText(r); txt != "" && !strings.Contains(txt, "Are you sure") {
			p.w.t.Fatalf("choice %d answered privately: %q", n, txt)
		}
		if sure := ephemeralWithComponents(r); sure != nil {
			// A choice that cannot be taken back is confirmed first; the
			// confirmation then carries the turn on.
			r = p.w.expect(p.w.srv.Click(p.u, sure, sure.Buttons()[0].CustomID))
			msg = p.w.srv.Message(sure.ID)
			continue
		}
		msg = p.w.srv.Message(msg.ID)
		p.w.checkTurnDM(msg, false)
	}
	return n
}

// choose makes one choice on a turn DM: an action button or a select.
func (p *dmPlayer) choose(rng *rand.Rand, msg *discordtest.Message) *discordtest.Response {
	var actions []string
	for _, b := range msg.Buttons() {
		if !b.Disabled && b.CustomID != "" {
			actions = append(actions, b.CustomID)
		}
	}
	sels := msg.Selects()
	if len(actions) > 0 && (len(sels) == 0 || rng.IntN(2) == 0) {
		return p.w.expect(p.w.srv.Click(p.u, msg, actions[rng.IntN(len(actions))]))
	}
	sel := sels[rng.IntN(len(sels))]
	val := sel.Options[rng.IntN(len(sel.Options))].Value
	return p.w.expect(p.w.srv.Select(p.u, msg, sel.CustomID, []string{val}))
}

// dmTurns plays turns turns of a two-player game from the players' DMs
// and checks that each moves the table's board on in the channel.
func (w *world) dmTurns(players map[string]*dmPlayer, turns int, images bool) {
	w.t.Helper()
	rng := rand.New(rand.NewPCG(31, 2))
	for turn := 0; turn < turns; turn++ {
		b := w.board(w.ch)
		if isResult(w.settle(w.ch)) {
			return
		}
		u, ok := w.toAct(b)
		if !ok {
			w.t.Fatalf("board names nobody to act: %q", b.Content)
		}
		p := players[u.ID]
		dm := p.nextTurn()
		w.checkTurnDM(dm, images)
		n := p.playTurn(rng, dm)
		if n == 0 {
			w.t.Fatalf("turn %d: nothing chosen", turn)
		}
		w.t.Logf("turn %d: %s made %d choices from the DM", turn, u.Username, n)
		if _, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
			return m.ID != b.ID && (isBoard(m) || isResult(m))
		}); err != nil {
			w.t.Fatalf("turn %d played from the DM, but no new board in the channel: %v", turn, err)
		}
	}
}

// TestE2EDMPlayFrontline: two players with dm_play play IF - Pierwszy
// Front's turns (hands of cards: the menu is private) from their DMs.
func TestE2EDMPlayFrontline(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	w.dmPlay(w.ann, w.bob)
	w.lobby("frontline", nil, true, 0)
	players := map[string]*dmPlayer{w.ann.ID: {w: w, u: w.ann}, w.bob.ID: {w: w, u: w.bob}}
	w.dmTurns(players, 6, true)
	w.noProblems()
}

// TestE2EDMPlayTrenches: Trenches of Valor's turns (hidden units) played
// from the DM.
func TestE2EDMPlayTrenches(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.dmPlay(w.ann, w.bob)
	w.lobby("trenches", nil, true, 0)
	players := map[string]*dmPlayer{w.ann.ID: {w: w, u: w.ann}, w.bob.ID: {w: w, u: w.bob}}
	w.dmTurns(players, 6, false)
	w.noProblems()
}

// staleDM clicks a choice on an out-of-date turn DM and checks that it is
// answered in place with the table as it stands (the board, and want's
// note) and that nothing changed at the table.
func (w *world) staleDM(p *dmPlayer, dm *discordtest.Message, want ...string) {
	w.t.Helper()
	w.idle()
	before := w.srv.Messages(w.ch)
	r := p.choose(rand.New(rand.NewPCG(5, 5)), dm)
	if txt := privateText(r); txt != "" {
		w.t.Fatalf("an out-of-date DM answered privately: %q", txt)
	}
	now := w.srv.Message(dm.ID)
	found := false
	for _, s := range want {
		found = found || strings.Contains(now.Content, s)
	}
	if !found || len(now.Embeds) == 0 && !strings.Contains(now.Content, "removed") {
		w.t.Fatalf("out-of-date DM now reads %q (%d embeds); want one of %q", now.Content, len(now.Embeds), want)
	}
	w.idle()
	if after := w.srv.Messages(w.ch); len(after) != len(before) || after[len(after)-1].ID != before[len(before)-1].ID {
		w.t.Fatalf("a click on an out-of-date DM changed the table: %d messages, then %d", len(before), len(after))
	}
}

// TestE2EDMPlayOutOfDate: a turn DM left behind by a move made in the
// channel, by a seat handed over mid-turn, and by the game's end answers
// with where the table stands and changes nothing; the member who took
// the seat gets its turn by DM and plays it there.
func TestE2EDMPlayOutOfDate(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.dmPlay(w.ann, w.bob, w.eve)
	w.lobby("frontline", nil, true, 0)
	players := map[string]*dmPlayer{w.ann.ID: {w: w, u: w.ann}, w.bob.ID: {w: w, u: w.bob}, w.eve.ID: {w: w, u: w.eve}}
	rng := rand.New(rand.NewPCG(7, 7))

	// Played from the channel instead: the DM is behind the table.
	b := w.board(w.ch)
	u, _ := w.toAct(b)
	dm := players[u.ID].nextTurn()
	w.move(rng, u, b)
	w.staleDM(players[u.ID], dm, "moved on", "out of date")

	// Handed over mid-turn: the DM of the one who left answers that they
	// no longer play; the one who took the seat plays it from their DM.
	b = w.board(w.ch)
	u, _ = w.toAct(b)
	dm = players[u.ID].nextTurn()
	w.expect(w.srv.Slash(u, w.ch, w.guild, "game handover", map[string]any{"member": w.eve}, "en-US"))
	offer, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool { return strings.Contains(m.Content, w.eve.Mention()) })
	if err != nil {
		t.Fatalf("no offer: %v", err)
	}
	w.expect(w.srv.ClickLabel(w.eve, offer, "Take the seat"))
	w.staleDM(players[u.ID], dm, "no longer play")
	eve := players[w.eve.ID]
	if n := eve.playTurn(rng, eve.nextTurn()); n == 0 {
		t.Fatal("Eve made no choice from her DM")
	}

	// The game ends: a DM still open answers that it is over.
	b = w.board(w.ch)
	u, _ = w.toAct(b)
	dm = players[u.ID].nextTurn()
	r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "game abandon", nil, "en-US"))
	sure := ephemeralWithComponents(r)
	if sure == nil && len(r.Buttons()) > 0 {
		sure = &r.Message
	}
	if sure == nil {
		t.Fatalf("abandon asked nothing: %q", privateText(r))
	}
	w.expect(w.srv.Click(w.ann, sure, sure.Buttons()[0].CustomID))
	w.staleDM(players[u.ID], dm, "game is over")
	w.noProblems()
}

// TestE2EDMPlayRefused: a dm_play player whose DMs are closed (50007) is
// pinged in the channel by the board, and told why once, privately, with
// the answer to his next interaction.
func TestE2EDMPlayRefused(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.dmPlay(w.ann, w.bob)
	w.srv.CloseDMs(w.bob)
	w.lobby("frontline", nil, true, 0)
	ann := &dmPlayer{w: w, u: w.ann}
	rng := rand.New(rand.NewPCG(9, 9))
	bobTurns := 0
	for turn := 0; turn < 8 && bobTurns < 3; turn++ {
		b := w.board(w.ch)
		u, _ := w.toAct(b)
		if u.ID == w.ann.ID {
			ann.playTurn(rng, ann.nextTurn())
		} else {
			if !b.Pings(w.bob) {
				t.Fatalf("Bob's turn did not ping him: %q", b.Content)
			}
			bobTurns++
			w.move(rng, w.bob, b)
		}
		w.settle(w.ch)
	}
	if bobTurns < 2 {
		t.Fatalf("Bob had %d turns", bobTurns)
	}
	w.idle()
	const why = "could not come by direct message"
	for _, m := range w.srv.Messages(w.ch) {
		if strings.Contains(m.Content, why) {
			t.Fatalf("the channel was told: %q", m.Content)
		}
	}
	told := 0
	for _, ix := range w.srv.Interactions() {
		r := ix.Response()
		if r == nil {
			continue
		}
		for _, f := range append([]discordtest.Message{r.Message}, r.Followups...) {
			if strings.Contains(f.Text(), why) {
				if ix.User.ID != w.bob.ID || !f.Ephemeral() {
					t.Fatalf("the note went to %s (ephemeral %v)", ix.User.Username, f.Ephemeral())
				}
				told++
			}
		}
	}
	if told != 1 {
		t.Fatalf("Bob was told %d times why his turn did not come by DM", told)
	}
	if len(w.srv.DMs(w.bob)) != 0 {
		t.Fatal("a DM reached Bob, who accepts none")
	}
	w.noProblems()
}
