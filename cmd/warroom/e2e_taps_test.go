package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/discordtest"
)

// tapStats counts one game's taps as issue #32 ("Measure it") defines
// them: a decision is one action the engine accepted for the human seat;
// a tap is one interaction the player sent, except the one per turn that
// opens a private menu (counted as an open); a return is a tap on the
// public board while the same player was still acting.
type tapStats struct {
	game                                   string
	decisions, taps, opens, returns, turns int
}

func (s tapStats) String() string {
	per := 0.0
	if s.decisions > 0 {
		per = float64(s.taps) / float64(s.decisions)
	}
	return fmt.Sprintf("TAPS game=%s decisions=%d taps=%d per_decision=%.2f opens=%d returns=%d",
		s.game, s.decisions, s.taps, per, s.opens, s.returns)
}

// tapper is one human (Ann) playing against the computer as a player
// would: from what the messages show, a uniformly random legal choice.
type tapper struct {
	w    *world
	rng  *rand.Rand
	ch   string
	st   tapStats
	menu *discordtest.Message // the private menu Ann holds, while it has choices
	// acted: Ann made a decision in this turn from a private menu (a
	// tap on the board after it is a return); opened: she opened a
	// private menu in it. A turn ends when another seat moves.
	acted, opened bool
	seen          int // the bot's log lines already read
}

// debugTaps logs every message Ann clicks on.
const debugTaps = false

// assertTaps holds every game to the targets.
const assertTaps = true

// tapGames are the games the measure plays: every game, every Trenches
// scenario (the even ones as the Defender, whose hidden set-up is a
// private menu of one counter at a time).
var tapGames = []struct {
	name, game string
	opts       map[string]any
}{
	{"flanders", "flanders", nil},
	{"trenches-1", "trenches", map[string]any{"scenario": 1}},
	{"trenches-2", "trenches", map[string]any{"scenario": 2, "role": "defender"}},
	{"trenches-3", "trenches", map[string]any{"scenario": 3}},
	{"trenches-4", "trenches", map[string]any{"scenario": 4, "role": "defender"}},
	{"trenches-5", "trenches", map[string]any{"scenario": 5}},
	{"trenches-6", "trenches", map[string]any{"scenario": 6, "role": "defender"}},
	{"frontline", "frontline", nil},
	{"fow", "fow", map[string]any{"mission": "dust_up"}},
	{"blindaz", "blindaz", nil},
}

// TestE2ETapsPerDecision plays one game of every game (and every Trenches
// scenario) through the real bot and the stand-in, one human against the
// computer, up to 300 decisions, and prints one TAPS line per game.
// Under the race detector it plays the three games with the longest
// private turns only (Frontline, Trenches 6, Flames of War).
func TestE2ETapsPerDecision(t *testing.T) {
	for _, g := range tapGames {
		if raceEnabled && g.name != "frontline" && g.name != "trenches-6" && g.name != "fow" {
			continue
		}
		t.Run(g.name, func(t *testing.T) {
			w := newWorld(t)
			w.extraFlags = []string{"--no-images"}
			w.startBot()
			w.lobby(g.game, g.opts, false, 1)
			ch := w.ch
			if g.game == "blindaz" {
				ch = w.soloThread()
			}
			p := &tapper{w: w, rng: rand.New(rand.NewPCG(32, 1)), ch: ch, st: tapStats{game: g.name}}
			p.play(300)
			fmt.Println(p.st) // one line per game, with or without -v
			if assertTaps {
				p.check()
			}
			w.noProblems()
		})
	}
}

// check holds the measure to the targets.
func (p *tapper) check() {
	t := p.w.t
	t.Helper()
	if p.st.decisions == 0 {
		t.Fatal("no decision made")
	}
	if per := float64(p.st.taps) / float64(p.st.decisions); per > 1.3 {
		t.Errorf("%.2f taps per decision, want at most 1.3", per)
	}
	if p.st.opens > p.st.turns {
		t.Errorf("%d opens in %d turns", p.st.opens, p.st.turns)
	}
	if p.st.returns != 0 {
		t.Errorf("%d returns to the board", p.st.returns)
	}
}

// soloThread is the team thread of a co-op table Ann plays with the
// computer.
func (w *world) soloThread() string {
	w.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, th := range w.srv.Threads() {
			if th.ParentID == w.ch && th.HasMember(w.ann) {
				w.settle(th.ID)
				return th.ID
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	w.t.Fatalf("no team thread: %+v", w.srv.Threads())
	return ""
}

// play makes Ann's decisions until the game ends or max are made.
func (p *tapper) play(max int) {
	w := p.w
	for p.st.decisions < max {
		if m := w.settle(p.ch); isResult(m) {
			return
		}
		b := w.board(p.ch)
		if u, ok := w.toAct(b); !ok || u.ID != w.ann.ID {
			w.t.Fatalf("the board names nobody or the computer to act: %q", b.Content)
		}
		if !p.acted && !p.opened && p.menu == nil {
			p.st.turns++
		}
		p.decide(b)
	}
}

// pick is one thing to click: a button, or a select's option.
type pick struct {
	kind, customID, value string
}

// picks are what a message offers towards a decision: every action
// (button, form button, select option, confirmation) and every group of
// a group select, each once; "Your move" only when nothing else is there.
func picks(m *discordtest.Message) (out []pick, your string) {
	for _, b := range m.Buttons() {
		id, err := commands.ParseCustomID(b.CustomID)
		if err != nil || b.Disabled {
			continue
		}
		switch id.Kind {
		case commands.KindAction, commands.KindSure, commands.KindForm:
			out = append(out, pick{id.Kind, b.CustomID, ""})
		case commands.KindPrivate:
			your = b.CustomID
		}
	}
	for _, s := range m.Selects() {
		id, err := commands.ParseCustomID(s.CustomID)
		if err != nil || s.Disabled || id.Kind != commands.KindSelect && id.Kind != commands.KindGroup {
			continue
		}
		for _, o := range s.Options {
			out = append(out, pick{id.Kind, s.CustomID, o.Value})
		}
	}
	return out, your
}

// decide clicks through what Ann sees to one decision (or until a click
// leaves her with no menu, e.g. the table moved on under it).
func (p *tapper) decide(board *discordtest.Message) {
	w := p.w
	msg, onBoard := p.menu, false
	if msg == nil {
		msg, onBoard = board, true
	}
	for depth := 0; depth < 6; depth++ {
		if debugTaps {
			w.t.Logf("depth %d on board %v: %q %v %d selects", depth, onBoard, clipText(msg.Text()), msg.ButtonLabels(), len(msg.Selects()))
		}
		opts, your := picks(msg)
		var ix *discordtest.Interaction
		switch {
		case len(opts) > 0:
			c := opts[p.rng.IntN(len(opts))]
			if c.kind == commands.KindSelect || c.kind == commands.KindGroup {
				ix = w.srv.Select(w.ann, msg, c.customID, []string{c.value})
			} else {
				ix = w.srv.Click(w.ann, msg, c.customID)
			}
		case your != "" && onBoard:
			ix = w.srv.Click(w.ann, msg, your)
		default:
			w.t.Fatalf("nothing to click on %q: %v", msg.Text(), msg.ButtonLabels())
		}
		r := w.expect(ix)
		if r.Type == discordgo.InteractionResponseModal {
			p.count(onBoard, false, false)
			ix = w.srv.SubmitModal(w.ann, ix, p.fill(r.Modal))
			r = w.expect(ix)
			onBoard = false
		}
		next := heldMenu(r)
		n, botMoved := p.decided()
		p.count(onBoard, n > 0, next != nil)
		if n > 0 {
			p.st.decisions += n
			p.acted = p.acted || !onBoard
			if botMoved {
				p.acted, p.opened = false, false
			}
			p.menu = next
			return
		}
		if next == nil {
			p.menu = nil
			return
		}
		msg, onBoard = next, false
	}
	w.t.Fatal("menus nested too deep")
}

func clipText(s string) string { return s[:min(len(s), 120)] }

// count classes one interaction Ann sent: the first per turn on the
// board that opened a private menu without deciding is an open; every
// other is a tap, and a return when on the board after she decided from
// a private menu in this turn.
func (p *tapper) count(onBoard, decided, opened bool) {
	if onBoard && !decided && opened && !p.opened {
		p.st.opens++
		p.opened = true
		return
	}
	p.st.taps++
	if onBoard && p.acted {
		p.st.returns++
	}
}

// heldMenu is the private message with choices Ann sees after r: a new
// private reply, else the private menu she clicked, updated.
func heldMenu(r *discordtest.Response) *discordtest.Message {
	if m := ephemeralWithComponents(r); m != nil {
		return m
	}
	if r.Ephemeral() && (len(r.Buttons()) > 0 || len(r.Selects()) > 0) {
		m := r.Message
		return &m
	}
	return nil
}

// decided reads the bot's log for the actions it accepted since the last
// look: each is a decision, and one followed by the computer's moves ends
// Ann's turn.
func (p *tapper) decided() (n int, botMoved bool) {
	lines := strings.Split(p.w.log.String(), "\n")
	for _, ln := range lines[min(p.seen, len(lines)):] {
		var e struct {
			Message  string `json:"message"`
			BotMoves int    `json:"bot_moves"`
		}
		if json.Unmarshal([]byte(ln), &e) != nil || e.Message != "action" {
			continue
		}
		n++
		botMoved = botMoved || e.BotMoves > 0
	}
	p.seen = max(len(lines)-1, 0)
	return n, botMoved
}

// fill types into a modal what a player would: the value shown, else a
// name or a small number.
func (p *tapper) fill(m *discordtest.Modal) map[string]string {
	out := map[string]string{}
	for _, c := range m.Components {
		var ti *discordgo.TextInput
		switch l := c.(type) {
		case *discordgo.Label:
			switch x := l.Component.(type) {
			case *discordgo.TextInput:
				ti = x
			case discordgo.TextInput:
				ti = &x
			}
		}
		switch {
		case ti == nil:
		case ti.Value != "":
			out[ti.CustomID] = ti.Value
		case ti.MaxLength > 4:
			out[ti.CustomID] = fmt.Sprintf("Zug %d", p.rng.IntN(100000))
		default:
			out[ti.CustomID] = fmt.Sprint(p.rng.IntN(10))
		}
	}
	return out
}
