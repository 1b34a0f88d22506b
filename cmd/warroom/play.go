package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// optionFlags collects repeated --option key=value flags.
type optionFlags games.Options

func (o optionFlags) String() string { return fmt.Sprint(map[string]string(o)) }
func (o optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("want key=value, got %q", v)
	}
	o[k] = val
	return nil
}

// plain drops the Markdown that Discord renders (bold, code) for the
// terminal.
func plain(s string) string { return strings.NewReplacer("**", "", "`", "", "__", "").Replace(s) }

// maxLocalActions stops a runaway local game.
const maxLocalActions = 200000

// cmdPlay is the local terminal table: the same engines and renderers as
// on Discord, with hot-seat humans and computer players.
func cmdPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 && isHelp(args[0]) {
		playUsage(stdout)
		return errHelp
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return fmt.Errorf("play needs a game: one of %s (warroom help play)", strings.Join(gameIDs(), ", "))
	}
	eng, ok := modules().Engine(args[0])
	if !ok {
		return fmt.Errorf("unknown game %q: one of %s", args[0], strings.Join(gameIDs(), ", "))
	}
	info := eng.Info()
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: warroom play %s [flags]\n\n%s, %s. Flags:\n", info.ID, info.Name, seatRange(info))
		fs.PrintDefaults()
	}
	seatsHelp := fmt.Sprintf("number of seats (%d-%d); default: the minimum, and at least 2 when there are humans", info.MinSeats, info.MaxSeats)
	if info.MinSeats == info.MaxSeats {
		seatsHelp = fmt.Sprintf("number of seats (always %d)", info.MinSeats)
	}
	seats := fs.Int("seats", 0, seatsHelp)
	bots := fs.Int("bots", -1, "computer seats (the last ones); all seats computer = a whole game without input")
	seed := fs.Uint64("seed", 0, "random seed (0 = a random one)")
	imgDir := fs.String("images", "", "write a PNG of the board after every turn into this folder")
	lang := fs.String("lang", env("WARROOM_LANG", "en"), "language: en, pl or ru")
	quiet := fs.Bool("quiet", false, "all-computer games: print only the result")
	opts := optionFlags{}
	fs.Var(opts, "option", "game option key=value (repeatable), e.g. --option scenario=3")
	// Each of the game's options is also a flag of its own: --scenario 3.
	for _, o := range info.Options {
		if fs.Lookup(o.Key) != nil {
			continue
		}
		fs.Func(o.Key, optionUsage(info.ID, o), func(v string) error { opts[o.Key] = v; return nil })
	}
	if err := parse(fs, args[1:]); err != nil {
		return err
	}
	n := *seats
	if _, solo := opts["solo"]; n == 0 && solo && info.MinSeats == 1 {
		n = 1 // a solo set-up is one player (Blindaż: one player leads both soldiers)
	}
	if n == 0 {
		n = max(info.MinSeats, *bots)
		if *bots < 0 || *bots < n {
			n = max(n, min(2, info.MaxSeats))
		}
	}
	if n < info.MinSeats || n > info.MaxSeats {
		return fmt.Errorf("%s takes %d-%d seats, not %d", info.Name, info.MinSeats, info.MaxSeats, n)
	}
	nb := *bots
	if nb < 0 {
		nb = n - 1
	}
	if nb > n {
		return fmt.Errorf("--bots %d is more than the %d seats", nb, n)
	}
	s1 := *seed
	if s1 == 0 {
		s1, _ = randomSeed()
	}
	g, ok := modules().Renderer(info.ID)
	if !ok {
		return fmt.Errorf("%s has no renderer", info.ID)
	}
	rng := games.NewPCG(s1, 0)
	var computers []string
	for i := n - nb; i < n; i++ {
		computers = append(computers, strconv.Itoa(i))
	}
	if len(computers) > 0 {
		opts[games.OptComputerSeats] = strings.Join(computers, ",")
	}
	st, err := eng.Setup(games.Options(opts), n, rng)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	t := &localTable{eng: eng, g: g, state: st, rng: rng, out: stdout, imgDir: *imgDir,
		ctx: render.Ctx{L: i18n.For(*lang)}, bots: make([]bool, n)}
	for i := range n {
		t.bots[i] = i >= n-nb
		if t.bots[i] {
			t.ctx.Names = append(t.ctx.Names, t.ctx.T("core.bot_name", "N", i+1))
		} else {
			t.ctx.Names = append(t.ctx.Names, t.ctx.T("core.player_name", "N", i+1))
		}
	}
	if t.imgDir != "" {
		if err := os.MkdirAll(t.imgDir, 0o755); err != nil {
			return err
		}
	}
	fmt.Fprintln(stdout, t.ctx.T("cli.header", "Game", render.GameName(t.ctx, info.ID), "Seed", s1,
		"Seats", t.ctx.T("cli.seats", "Count", n), "Computers", t.ctx.T("cli.computers", "Count", nb)))
	if nb == n {
		return t.autoplay(*quiet)
	}
	return t.interactive(bufio.NewScanner(stdin))
}

// optionUsage is a game option's flag help: what it does (from the game's
// catalogue), its values and its default.
func optionUsage(game string, o games.OptionSpec) string {
	usage := render.OptionHelp(render.Ctx{L: i18n.For("en")}, game, o.Key)
	if usage == "" {
		usage = "game option"
	}
	switch {
	case len(o.Choices) > 0:
		usage += " (values: " + strings.Join(o.Choices, ", ") + ")"
	case o.Kind == games.OptionInt && o.Max > o.Min:
		usage += fmt.Sprintf(" (values: %d-%d)", o.Min, o.Max)
	case o.Kind == games.OptionBool:
		usage += " (values: true, false)"
	}
	if o.Default != "" {
		usage += " (default " + o.Default + ")"
	}
	return usage
}

func seatRange(info games.Info) string {
	if info.MinSeats == info.MaxSeats {
		return fmt.Sprintf("%d players", info.MinSeats)
	}
	return fmt.Sprintf("%d-%d players", info.MinSeats, info.MaxSeats)
}

func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" || a == "help" }

// playUsage is `warroom help play`: the games and how to see their flags.
func playUsage(w io.Writer) {
	fmt.Fprintln(w, "Usage: warroom play <game> [flags]")
	fmt.Fprintln(w, "\nPlays a game in the terminal, with the same rules and texts as on Discord. Games:")
	for _, e := range modules().Engines() {
		info := e.Info()
		fmt.Fprintf(w, "  %-10s %s, %s\n", info.ID, info.Name, seatRange(info))
	}
	fmt.Fprintln(w, "\nEvery game takes --seats, --bots (computer seats; all computer = a whole game without")
	fmt.Fprintln(w, "input), --seed, --images DIR (a PNG of the board after every turn), --lang en|pl|ru and")
	fmt.Fprintln(w, "--quiet, plus its own options. `warroom help play <game>` lists a game's flags.")
}

type localTable struct {
	eng     games.Engine
	g       render.Game
	state   games.State
	rng     games.Rand
	ctx     render.Ctx
	bots    []bool
	out     io.Writer
	imgDir  string
	actions int
	journal []games.Record // every move's events, as the table service's log keeps them
}

// record adds a move to the journal.
func (t *localTable) record(seat games.Seat, a games.Action, ev []games.Event) {
	t.journal = append(t.journal, games.Record{Seq: int64(len(t.journal) + 1), Seat: seat, Verb: a.Verb, Events: ev})
}

// ctxFor is the table's context for viewer, with the journal's tail as
// that viewer may see it (a spectator: the public events), as the table
// service gives a board.
func (t *localTable) ctxFor(viewer games.Seat) render.Ctx {
	ctx := t.ctx
	ctx.Viewer = viewer
	var seats []games.Seat
	if viewer >= 0 {
		seats = []games.Seat{viewer}
	}
	ctx.Journal = games.Since(t.journal[max(0, len(t.journal)-render.JournalTail):], seats, 0)
	return ctx
}

func (t *localTable) apply(seat games.Seat, a games.Action) error {
	ns, ev, err := t.eng.Apply(t.state, seat, a, t.rng)
	if err != nil {
		return err
	}
	t.record(seat, a, ev)
	t.state = ns
	t.actions++
	if t.actions > maxLocalActions {
		return fmt.Errorf("no end after %d actions", maxLocalActions)
	}
	return nil
}

func (t *localTable) label(seat games.Seat, a games.Action) string {
	return t.labelIn(t.state, seat, a)
}

func (t *localTable) labelIn(s games.State, seat games.Seat, a games.Action) string {
	ctx := t.ctx
	ctx.Viewer = seat
	m := t.g.Menu(ctx, t.eng.View(s, seat), []games.Action{a})
	if len(m.Choices) == 1 && m.Choices[0].Label != "" {
		return m.Choices[0].Label
	}
	return a.String()
}

// autoplay lets the computer play every seat and prints the result.
func (t *localTable) autoplay(quiet bool) error {
	all := func(_ games.State, active []games.Seat) (games.Seat, bool) { return active[0], true }
	if err := t.runBots(all, quiet, ""); err != nil {
		return err
	}
	if !t.eng.Outcome(t.state).Done {
		return fmt.Errorf("no seat may act but the game is not over (after %d actions)", t.actions)
	}
	return t.finish()
}

// runBots plays the computer's moves while pick finds a seat for it
// (games.RunBots), printing each move after prefix unless quiet.
func (t *localTable) runBots(pick func(games.State, []games.Seat) (games.Seat, bool), quiet bool, prefix string) error {
	last, n := games.Seat(-1), 0
	var imgErr error
	st, moves, err := games.RunBots(t.eng, t.state, t.rng, games.Bots{
		Max:  maxLocalActions - t.actions + 1,
		Seat: pick,
		Before: func(s games.State, seat games.Seat, a games.Action) {
			// A picture after every turn: the board as the previous
			// seat left it, whenever the seat to act changes.
			if last >= 0 && seat != last && imgErr == nil {
				imgErr = t.writeImageOf(s, fmt.Sprintf("%04d", t.actions+n))
			}
			last, n = seat, n+1
			if !quiet {
				fmt.Fprintf(t.out, "%s%s: %s\n", prefix, t.ctx.Name(seat), t.labelIn(s, seat, a))
			}
		},
		After: func(_ games.State, m games.Move) { t.record(m.Seat, m.Action, m.Events) },
	})
	if err == nil {
		err = imgErr
	}
	if err != nil {
		return fmt.Errorf("after %d actions: %w", t.actions, err)
	}
	t.state = st
	t.actions += len(moves)
	return nil
}

func (t *localTable) finish() error {
	view := t.eng.View(t.state, games.Spectator)
	fmt.Fprintln(t.out, plain(render.TextOf(t.g.Board(t.ctxFor(games.Spectator), view))))
	if err := t.writeImage("final"); err != nil {
		return err
	}
	info := render.TableInfo{GameID: t.eng.Info().ID, Coop: t.eng.Info().Coop, Outcome: t.eng.Outcome(t.state)}
	for _, n := range t.ctx.Names {
		info.Seats = append(info.Seats, render.SeatInfo{Name: n})
	}
	fmt.Fprintln(t.out, t.ctx.T("cli.game_over", "Actions", t.ctx.T("cli.actions", "Count", t.actions), "Outcome", render.OutcomeText(t.ctx, info)))
	return nil
}

func (t *localTable) writeImage(name string) error { return t.writeImageOf(t.state, name) }

// writeImageOf writes the public picture of state s into the --images folder.
func (t *localTable) writeImageOf(s games.State, name string) error {
	if t.imgDir == "" {
		return nil
	}
	png, err := t.g.Image(t.ctxFor(games.Spectator), t.eng.View(s, games.Spectator))
	if err != nil || png == nil {
		return err
	}
	p := filepath.Join(t.imgDir, fmt.Sprintf("%s-%s.png", t.eng.Info().ID, name))
	if err := os.WriteFile(p, png, 0o644); err != nil {
		return err
	}
	fmt.Fprintln(t.out, t.ctx.T("cli.picture", "Path", p))
	return nil
}

// interactive runs a hot-seat game on the terminal.
func (t *localTable) interactive(in *bufio.Scanner) error {
	for {
		// The computer plays while the first seat to act is its own.
		first := func(_ games.State, active []games.Seat) (games.Seat, bool) { return active[0], t.bots[active[0]] }
		if err := t.runBots(first, false, "> "); err != nil {
			return err
		}
		if t.eng.Outcome(t.state).Done {
			break
		}
		active := t.eng.Active(t.state)
		if len(active) == 0 {
			return fmt.Errorf("no seat may act but the game is not over")
		}
		seat := active[0]
		ctx := t.ctxFor(seat)
		view := t.eng.View(t.state, seat)
		fmt.Fprintln(t.out, "\n"+plain(render.TextOf(t.g.Board(t.ctxFor(games.Spectator), t.eng.View(t.state, games.Spectator)))))
		if card, ok := t.g.Private(ctx, view); ok {
			fmt.Fprintln(t.out, plain(render.TextOf(card)))
		}
		if err := t.writeImage(fmt.Sprintf("%04d", t.actions)); err != nil {
			return err
		}
		menu := t.g.Menu(ctx, view, t.eng.Legal(t.state, seat))
		fmt.Fprintf(t.out, "%s - %s\n", t.ctx.Name(seat), menu.Prompt)
		for i, c := range menu.Choices {
			group := ""
			if c.Group != "" {
				group = "[" + c.Group + "] "
			}
			fmt.Fprintf(t.out, "  %2d. %s%s\n", i+1, group, c.Label)
		}
		fmt.Fprint(t.out, t.ctx.T("cli.prompt"))
		if !in.Scan() {
			fmt.Fprintln(t.out, "\n"+t.ctx.T("cli.bye"))
			return in.Err()
		}
		line := strings.TrimSpace(in.Text())
		switch line {
		case "q", "quit":
			fmt.Fprintln(t.out, t.ctx.T("cli.bye"))
			return nil
		case "?":
			fmt.Fprintln(t.out, plain(t.g.Rules(t.ctx)))
			continue
		}
		var a games.Action
		if k, err := strconv.Atoi(line); err == nil && k >= 1 && k <= len(menu.Choices) {
			a = menu.Choices[k-1].Action
			if rule, form := t.eng.TextRule(a.Verb); form {
				// A form: ask for each field, as the modal does.
				if a, err = t.fillForm(in, rule, a); err != nil {
					fmt.Fprintln(t.out, t.ctx.T("cli.not_a_choice"))
					continue
				}
			}
		} else if pa, err := games.ParseAction(line); err == nil {
			// The text form: platoon.0.350.0 "Panzer IV Zug".
			pa.Text = games.CleanText(pa.Text)
			a = pa
		} else {
			fmt.Fprintln(t.out, t.ctx.T("cli.not_a_choice"))
			continue
		}
		if err := t.apply(seat, a); err != nil {
			msg := err.Error()
			if key := render.WhyKey(t.eng.Info().ID, games.ErrorCode(err)); key != "" {
				msg = t.ctx.T(key)
			}
			fmt.Fprintf(t.out, "! %s\n", msg)
		}
	}
	return t.finish()
}

// fillForm asks for a form's fields on the terminal, one line each, with
// the modal's labels: the text cleaned as the table service cleans it,
// the numbers parsed; the gate checks the rest.
func (t *localTable) fillForm(in *bufio.Scanner, rule games.TextRule, a games.Action) (games.Action, error) {
	base := t.eng.Info().ID + ".form." + a.Verb + "."
	a.Args = append([]int(nil), a.Args...)
	for _, key := range render.FormKeys(rule) {
		fmt.Fprintf(t.out, "  %s (%s): ", t.ctx.T(base+key), t.ctx.T(base+key+".hint"))
		if !in.Scan() {
			return a, io.ErrUnexpectedEOF
		}
		v := in.Text()
		if key == rule.Key && rule.MaxRunes > 0 {
			a.Text = games.CleanText(v)
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return a, err
		}
		a.Args = append(a.Args, n)
	}
	return a, nil
}
