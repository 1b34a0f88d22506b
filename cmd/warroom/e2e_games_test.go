package main

import (
	"github.com/warroom/warroom/discordtest"
	"strings"
	"testing"
	"time"
)

// Every game, played to its end on Discord by two people clicking the
// buttons and menus the bot sent them (random legal choices), through the
// real `warroom run`. Under the race detector only Blindaż, whose end
// also shows on the channel's link: the locale test plays every game to
// its end there too, and .ci/run plays this one whole.
func TestE2EEveryGameToTheEnd(t *testing.T) {
	cases := []struct {
		game string
		opts map[string]any
		bots int
	}{
		{"trenches", map[string]any{"scenario": 2}, 0},
		{"frontline", nil, 0},
		{"fow", map[string]any{"mission": "dust_up"}, 0},
		{"blindaz", nil, 1},
	}
	for _, c := range cases {
		if raceEnabled && c.game != "blindaz" {
			continue
		}
		t.Run(c.game, func(t *testing.T) {
			w := newWorld(t)
			w.extraFlags = []string{"--no-images"}
			w.startBot()
			w.lobby(c.game, c.opts, true, c.bots)
			ch := w.ch
			if c.game == "blindaz" {
				ch = w.teamThread()
			}
			end := w.playToEnd(7, ch, 4000)
			if !isResult(end) {
				t.Fatalf("end: %s", end.Text())
			}
			if c.game == "blindaz" {
				// The channel's link to the thread now shows the result.
				_, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
					return strings.Contains(m.Content, "<#"+ch+">") && isResult(m)
				})
				if err != nil {
					t.Fatalf("no result in the channel: %v", err)
				}
				if err := w.srv.WaitIdle(w.ctx(), 200*time.Millisecond); err != nil {
					t.Fatal(err)
				}
				if th := w.srv.Thread(ch); th == nil || !th.Archived {
					t.Fatal("the finished team thread was not archived")
				}
				if len(w.srv.Messages(w.ch)) != 2 {
					t.Fatalf("the channel should keep the lobby and the link only, has %d messages", len(w.srv.Messages(w.ch)))
				}
			}
			w.noProblems()
		})
	}
}

// teamThread checks the co-op game moved into a private thread with the
// players in it and a link in the channel, and returns the thread id.
func (w *world) teamThread() string {
	w.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, th := range w.srv.Threads() {
			if th.ParentID != w.ch {
				continue
			}
			if !th.Private() {
				w.t.Fatalf("thread %+v is not private", th)
			}
			// The bot adds the players right after opening the thread.
			if !th.HasMember(w.ann) || !th.HasMember(w.bob) {
				continue
			}
			if _, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "<#"+th.ID+">") }); err != nil {
				w.t.Fatalf("no link to the thread: %v", err)
			}
			w.settle(th.ID)
			return th.ID
		}
		time.Sleep(20 * time.Millisecond)
	}
	w.t.Fatalf("no team thread with both players in it: %+v", w.srv.Threads())
	return ""
}

// A player who does not move before turn_timeout runs out: the computer
// plays that turn and the next player is pinged, by the bot's own timer.
func TestE2ETurnTimeout(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images", "--timer-interval", "100ms", "--dev-timeout-unit", "500ms"}
	w.startBot()
	w.lobby("flanders", map[string]any{"turn_timeout": 1}, true, 0)
	first := w.board(w.ch)
	late, _ := w.toAct(first)
	if !strings.Contains(first.Content, "<t:") {
		t.Fatalf("no deadline in the ping: %q", first.Content)
	}
	m, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, "ran out of time") && isBoard(m)
	})
	if err != nil {
		t.Fatalf("no timeout: %v", err)
	}
	next, ok := w.toAct(m)
	if !ok || next.ID == late.ID || !m.Pings(next) {
		t.Fatalf("after the timeout %q pings %v", m.Content, m.Mentions())
	}
	if strings.Contains(m.Content, late.Mention()) && m.Pings(late) {
		t.Fatal("the late player was pinged again")
	}
	w.noProblems()
}

// /game status in the parent channel of a co-op table points to the team
// thread privately; the board in the thread keeps its buttons and no
// board appears in the parent channel.
func TestE2EStatusInParentOfCoopTable(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	w.lobby("blindaz", nil, true, 1)
	th := w.teamThread()
	before := w.board(th)
	parentBefore := len(w.srv.Messages(w.ch))
	r := w.expect(w.srv.Slash(w.bob, w.ch, w.guild, "game status", nil, "en-US"))
	if txt := privateText(r); !strings.Contains(txt, "<#"+th+">") {
		t.Fatalf("status in the parent channel: private %q, public %q", txt, r.Text())
	}
	if err := w.srv.WaitIdle(w.ctx(), 200*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if n := len(w.srv.Messages(w.ch)); n != parentBefore {
		t.Fatalf("the parent channel went from %d to %d messages", parentBefore, n)
	}
	if now := w.srv.Message(before.ID); now == nil || !isBoard(now) {
		t.Fatal("the team thread's board lost its buttons")
	}
	// In the thread, status still posts the board there.
	r = w.expect(w.srv.Slash(w.bob, th, w.guild, "game status", nil, "en-US"))
	if !isBoard(&r.Message) {
		t.Fatalf("status in the thread: %q", r.Text())
	}
	w.noProblems()
}

// Options the game's own set-up refuses are refused when /play is used,
// naming the option, instead of failing at Start; an option that fits only
// more players than sat down is named at Start, and nothing changes.
func TestE2EGameOptionsCheckedAtPlay(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play flanders", map[string]any{"beginner": "xyz"}, "en-US"))
	if txt := privateText(r); !strings.Contains(txt, "Option beginner") {
		t.Fatalf("/play beginner:xyz: private %q, public %q", txt, r.Text())
	}
	if n := len(w.srv.Messages(w.ch)); n != 0 {
		t.Fatalf("a refused /play left %d messages", n)
	}
	lobby := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play flanders", map[string]any{"beginner": "1,3"}, "en-US")).Message
	lobby = w.expect(w.srv.Click(w.bob, &lobby, mustButton(t, &lobby, ":l:join"))).Message
	r = w.expect(w.srv.Click(w.ann, &lobby, mustButton(t, &lobby, ":l:start")))
	if txt := privateText(r); !strings.Contains(txt, "Option beginner") {
		t.Fatalf("start with beginner seat 3 of 2: private %q", txt)
	}
	// The lobby is still open: a third player makes seat 3 real.
	lobby = w.expect(w.srv.Click(w.eve, &lobby, mustButton(t, &lobby, ":l:join"))).Message
	w.expect(w.srv.Click(w.ann, &lobby, mustButton(t, &lobby, ":l:start")))
	w.board(w.ch)
	w.noProblems()
}
