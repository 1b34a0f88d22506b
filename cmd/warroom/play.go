package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// optionFlags collects repeated --option key=value flags and each game
// option's own flag (--scenario 3), checked as /play checks them.
type optionFlags struct {
	info games.Info
	opts games.Options
}

func (o optionFlags) String() string { return "" }

// Set is --option key=value.
func (o optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	spec, known := o.info.Option(k)
	if !ok || !known {
		return fmt.Errorf("key=value, with a key of %s: %s", o.info.ID, strings.Join(optionKeys(o.info), ", "))
	}
	if err := spec.Check(val); err != nil {
		return fmt.Errorf("%s is %w", k, err)
	}
	o.opts[k] = val
	return nil
}

// set is a game option's own flag.
func (o optionFlags) set(spec games.OptionSpec) func(string) error {
	return func(v string) error {
		if err := spec.Check(v); err != nil {
			return err
		}
		o.opts[spec.Key] = v
		return nil
	}
}

func optionKeys(info games.Info) []string {
	var keys []string
	for _, o := range info.Options {
		keys = append(keys, o.Key)
	}
	return keys
}

// plain drops the Markdown that Discord renders (bold, code) for the
// terminal.
func plain(s string) string { return strings.NewReplacer("**", "", "`", "", "__", "").Replace(s) }

// maxLocalActions stops a runaway local game.
const maxLocalActions = 200000

// playConfig is a `warroom play` command line, parsed.
type playConfig struct {
	info         games.Info
	eng          games.Engine
	opts         games.Options
	seats, bots  int
	botsGiven    bool
	seed         uint64
	images, lang string
	quiet        bool
}

// cmdPlay is the local terminal table: the same engines and renderers as
// on Discord, with hot-seat humans and computer players.
func cmdPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 && isHelp(args[0]) {
		playUsage(stdout)
		return errHelp
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return &usageError{"play needs a game: one of " + strings.Join(gameIDs(), ", "), "play"}
	}
	eng, ok := lookupGame(args[0])
	if !ok {
		return &usageError{fmt.Sprintf("no game %q: one of %s", args[0], strings.Join(gameIDs(), ", ")), "play"}
	}
	c, err := parsePlay(eng, args[1:])
	if err != nil {
		return err
	}
	n, nb, err := c.seatCounts()
	if err != nil {
		return err
	}
	if c.seed == 0 {
		c.seed, _ = randomSeed()
	}
	t, err := newLocalTable(c, n, nb, stdout)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, t.ctx.T("cli.header", "Game", render.GameName(t.ctx, c.info.ID), "Seed", c.seed,
		"Seats", t.ctx.T("cli.seats", "Count", n), "Computers", t.ctx.T("cli.computers", "Count", nb)))
	if nb == n {
		return t.autoplay(c.quiet)
	}
	return t.interactive(bufio.NewScanner(stdin))
}

// parsePlay reads the flags of `warroom play <game>`.
func parsePlay(eng games.Engine, args []string) (playConfig, error) {
	c := playConfig{info: eng.Info(), eng: eng, opts: games.Options{}}
	info := c.info
	fs := flag.NewFlagSet("play "+info.ID, flag.ContinueOnError)
	seatsHelp := fmt.Sprintf("number of seats (%d-%d); default: the minimum, and at least 2 when there are humans", info.MinSeats, info.MaxSeats)
	if info.MinSeats == info.MaxSeats {
		seatsHelp = fmt.Sprintf("number of seats (always %d)", info.MinSeats)
	}
	fs.IntVar(&c.seats, "seats", 0, seatsHelp)
	fs.Func("bots", "`N` computer seats, the last ones (default: all but the first); all seats computer = a whole game without input", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return errors.New("a whole number, 0 or more")
		}
		c.bots, c.botsGiven = n, true
		return nil
	})
	fs.Uint64Var(&c.seed, "seed", 0, "random seed (0 = a random one)")
	fs.StringVar(&c.images, "images", "", "write a PNG of the board after every turn into this `folder`")
	fs.StringVar(&c.lang, "lang", env("WARROOM_LANG", "en"), "`language`: en, pl or ru (env WARROOM_LANG)")
	fs.BoolVar(&c.quiet, "quiet", false, "all-computer games: print only the result")
	opts := optionFlags{info: info, opts: c.opts}
	if ex := optionExample(info); ex != "" {
		fs.Var(opts, "option", "game option `key=value` (repeatable), e.g. --option "+ex)
	}
	// Each of the game's options is also a flag of its own: --scenario 3.
	for _, o := range info.Options {
		if fs.Lookup(o.Key) == nil {
			fs.Func(o.Key, optionUsage(info.ID, o), opts.set(o))
		}
	}
	if err := parse(fs, args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, &usageError{fmt.Sprintf("%q is not a flag of warroom play %s (flags are --name value)", fs.Arg(0), info.ID), fs.Name()}
	}
	if !slices.Contains(i18n.Languages, strings.ToLower(c.lang)) {
		return c, &usageError{fmt.Sprintf("language %s: one of %s", c.lang, strings.Join(i18n.Languages, ", ")), fs.Name()}
	}
	c.lang = strings.ToLower(c.lang)
	return c, nil
}

// seatCounts is how many seats the table has and how many of them the
// computer plays.
func (c playConfig) seatCounts() (n, nb int, err error) {
	info := c.info
	n = c.seats
	if _, solo := c.opts["solo"]; n == 0 && solo && info.MinSeats == 1 {
		n = 1 // a solo set-up is one player (Blindaż: one player leads both soldiers)
	}
	if n == 0 {
		n = max(info.MinSeats, c.bots)
		if !c.botsGiven || c.bots < n {
			n = max(n, min(2, info.MaxSeats))
		}
	}
	topic := "play " + info.ID
	if n < info.MinSeats || n > info.MaxSeats {
		flag := "--seats"
		if c.seats == 0 {
			flag = "--bots"
		}
		return 0, 0, &usageError{fmt.Sprintf("%s %d: %s takes %s", flag, n, info.Name, seatRange(info)), topic}
	}
	nb = n - 1
	if c.botsGiven {
		nb = c.bots
	}
	if nb > n {
		return 0, 0, &usageError{fmt.Sprintf("--bots %d: more than the %d seats", nb, n), topic}
	}
	return n, nb, nil
}

// newLocalTable sets the game up: the last nb of n seats are the
// computer's.
func newLocalTable(c playConfig, n, nb int, out io.Writer) (*localTable, error) {
	g, ok := modules().Renderer(c.info.ID)
	if !ok {
		return nil, fmt.Errorf("%s has no renderer", c.info.ID)
	}
	rng := games.NewPCG(c.seed, 0)
	var computers []string
	for i := n - nb; i < n; i++ {
		computers = append(computers, strconv.Itoa(i))
	}
	if len(computers) > 0 {
		c.opts[games.OptComputerSeats] = strings.Join(computers, ",")
	}
	st, err := c.eng.Setup(c.opts, n, rng)
	if err != nil {
		return nil, &usageError{setupRefusal(c.info.ID, err), "play " + c.info.ID}
	}
	t := &localTable{eng: c.eng, g: g, state: st, rng: rng, out: out, imgDir: c.images,
		ctx: render.Audience{L: i18n.For(c.lang)}, bots: make([]bool, n)}
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
			return nil, err
		}
	}
	return t, nil
}

// setupRefusal is why the game's set-up refused the options, without
// the game's prefix or an error code's underscores. The options were
// checked one by one: what is left is how they go together.
func setupRefusal(game string, err error) string {
	var ge *games.Error
	if errors.As(err, &ge) {
		return strings.ReplaceAll(ge.Code, "_", " ") + ": " + ge.Detail
	}
	return strings.TrimPrefix(err.Error(), game+": ")
}

// optionUsage is a game option's flag help: what it does (from the game's
// catalogue, or the terminal's own words where the terminal differs from
// a Discord lobby), its values and its default.
func optionUsage(game string, o games.OptionSpec) string {
	en := render.Audience{L: i18n.For("en")}
	usage := render.OptionHelp(en, game, o.Key)
	if id := "cli.option." + game + "." + o.Key; i18n.Has(id) {
		usage = en.T(id)
	}
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

// optionExample is key=value for one of the game's own options, not its
// default ("" for a game without options).
func optionExample(info games.Info) string {
	for _, o := range info.Options {
		if v := exampleValue(o); v != "" {
			return o.Key + "=" + v
		}
	}
	return ""
}

// exampleValue is a value of o other than its default, "" when it has no
// listed one.
func exampleValue(o games.OptionSpec) string {
	for _, c := range o.Choices {
		if c != o.Default {
			return c
		}
	}
	switch {
	case o.Kind == games.OptionInt && o.Max > o.Min:
		return strconv.Itoa(min(o.Min+2, o.Max))
	case o.Kind == games.OptionBool:
		return "true"
	}
	return ""
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
	fmt.Fprintln(w, "--quiet, plus its own options. `warroom help play <game>` lists a game's flags. Example:")
	fmt.Fprintln(w, "  warroom play flanders --bots 2 --seed 7")
}

// playGameHelp is `warroom help play <game>` above the flags: what the
// game is, and examples that fit it.
func playGameHelp(w io.Writer, id string) {
	eng, ok := lookupGame(id)
	if !ok {
		return
	}
	info := eng.Info()
	fmt.Fprintf(w, "Usage: warroom play %s [flags]\n\n", info.ID)
	fmt.Fprintf(w, "%s, %s. In the terminal you take the first seat\n", info.Name, seatRange(info))
	fmt.Fprintln(w, "and the computer the others (--bots sets how many seats it plays). It reads")
	fmt.Fprintln(w, "your choices from standard input: a number, ? for the rules, q to quit.")
	fmt.Fprintln(w, "Examples:")
	fmt.Fprintf(w, "  warroom play %s\n", info.ID)
	fmt.Fprintf(w, "  warroom play %s --bots %d --seed 7     the computer plays every seat\n", info.ID, max(2, info.MinSeats))
	if ex := optionExample(info); ex != "" {
		k, v, _ := strings.Cut(ex, "=")
		fmt.Fprintf(w, "  warroom play %s --%s %s\n", info.ID, k, v)
	}
}

type localTable struct {
	eng     games.Engine
	g       render.Game
	state   games.State
	rng     games.Rand
	ctx     render.Audience
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
func (t *localTable) ctxFor(viewer games.Seat) render.Audience {
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
	var choice string
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
			choice = t.publicChoice(s, seat, a)
		},
		After: func(s games.State, m games.Played) {
			t.record(m.Seat, m.Action, m.Events)
			if !quiet {
				t.tellMove(s, prefix, choice)
			}
		},
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

// publicChoice is the menu label of a computer's move when the seat's
// menu is public (games.Secrets, asked with public facts only, as the
// table service asks it before it shows a menu on the board), else "".
func (t *localTable) publicChoice(s games.State, seat games.Seat, a games.Action) string {
	if t.eng.PrivateChoices(s, seat) {
		return ""
	}
	return t.labelIn(s, seat, a)
}

// tellMove prints the journal's last move as a spectator sees it: who
// and, when public, what they chose, then its events as the board's log
// tells them (render.TellMove), so a terminal watching the computer sees
// the dice, hits and positions. s is the state after the move.
func (t *localTable) tellMove(s games.State, prefix, choice string) {
	rec := games.Since(t.journal[len(t.journal)-1:], nil, 0)[0]
	ctx := t.ctx
	ctx.Viewer = games.Spectator
	lines := render.TellMove(ctx, t.g, t.eng.View(s, games.Spectator), rec)
	switch {
	case choice != "":
		fmt.Fprintf(t.out, "%s%s: %s\n", prefix, t.ctx.Name(rec.Seat), choice)
	case len(lines) == 0:
		fmt.Fprintf(t.out, "%s%s: %s\n", prefix, t.ctx.Name(rec.Seat), t.ctx.T("cli.hidden_move"))
	default:
		fmt.Fprintf(t.out, "%s%s:\n", prefix, t.ctx.Name(rec.Seat))
	}
	for _, l := range lines {
		fmt.Fprintf(t.out, "%s    %s\n", prefix, plain(l.Text))
	}
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
		menu, err := t.showTurn(seat)
		if err != nil {
			return err
		}
		a, ok := t.readAction(in, seat, menu)
		if !ok {
			return in.Err()
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

// showTurn prints the public board, the seat's private card and its
// choices, and returns its menu.
func (t *localTable) showTurn(seat games.Seat) (render.Menu, error) {
	ctx := t.ctxFor(seat)
	view := t.eng.View(t.state, seat)
	fmt.Fprintln(t.out, "\n"+plain(render.TextOf(t.g.Board(t.ctxFor(games.Spectator), t.eng.View(t.state, games.Spectator)))))
	if card, ok := t.g.Private(ctx, view); ok {
		fmt.Fprintln(t.out, plain(render.TextOf(card)))
	}
	if err := t.writeImage(fmt.Sprintf("%04d", t.actions)); err != nil {
		return render.Menu{}, err
	}
	menu := t.g.Menu(ctx, view, t.eng.Legal(t.state, seat))
	t.showChoices(seat, menu)
	return menu, nil
}

// showChoices prints the seat's numbered choices.
func (t *localTable) showChoices(seat games.Seat, menu render.Menu) {
	fmt.Fprintf(t.out, "%s - %s\n", t.ctx.Name(seat), menu.Prompt)
	for i, c := range menu.Choices {
		group := ""
		if c.Group != "" {
			group = "[" + c.Group + "] "
		}
		fmt.Fprintf(t.out, "  %2d. %s%s\n", i+1, group, c.Label)
	}
}

// readAction reads the seat's action: a choice's number (a form's fields
// then asked one by one) or an action's text. An empty line shows the
// choices again, ? the rules; false is the end (q, or no more input).
func (t *localTable) readAction(in *bufio.Scanner, seat games.Seat, menu render.Menu) (games.Action, bool) {
	for {
		fmt.Fprint(t.out, t.ctx.T("cli.prompt"))
		if !in.Scan() {
			fmt.Fprintln(t.out, "\n"+t.ctx.T("cli.bye"))
			return games.Action{}, false
		}
		line := strings.TrimSpace(in.Text())
		switch line {
		case "":
			t.showChoices(seat, menu)
			continue
		case "q", "quit":
			fmt.Fprintln(t.out, t.ctx.T("cli.bye"))
			return games.Action{}, false
		case "?":
			fmt.Fprintln(t.out, plain(t.g.Rules(t.ctx)))
			continue
		}
		if a, err := t.parseChoice(in, line, menu); err == nil {
			return a, true
		}
		fmt.Fprintln(t.out, t.ctx.T("cli.not_a_choice"))
	}
}

// parseChoice is a typed line as an action: a choice's number, or the
// text form (platoon.0.350.0 "Panzer IV Zug").
func (t *localTable) parseChoice(in *bufio.Scanner, line string, menu render.Menu) (games.Action, error) {
	if k, err := strconv.Atoi(line); err == nil && k >= 1 && k <= len(menu.Choices) {
		a := menu.Choices[k-1].Action
		if rule, form := t.eng.TextRule(a.Verb); form {
			// A form: ask for each field, as the modal does.
			return t.fillForm(in, rule, a)
		}
		return a, nil
	}
	a, err := games.ParseAction(line)
	a.Text = games.CleanText(a.Text)
	return a, err
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
