// Package gamestest is the conformance suite of the engine contract
// (games.Game, through games.Adapt): every rules package runs Run over its
// engine, with its own invariants as hooks, instead of keeping its own
// copy of the playout and property tests.
//
// What Run checks, along random playouts (a mix of random legal choices
// and the computer's) and all-computer games:
//   - a seat that is not active has no legal action and is refused;
//   - every legal action tried is accepted, and Apply leaves its input
//     unchanged (JSON before and after);
//   - perturbed actions - other verbs, arguments out of range, missing or
//     extra arguments, another seat's action - are refused with an *Error
//     and the state unchanged;
//   - states round-trip through Encode/Decode, views through JSON;
//   - the same seed and the same actions give the same states and events;
//   - every game ends within MaxSteps actions, and then nobody is active;
//   - the computer only chooses legal actions (games.SetBotMistake fails
//     the test), the same one again from the same random numbers;
//   - a fast Playout gives the outcome of random play through Legal and
//     Apply with the same random numbers; Playout and Rollout leave their
//     input unchanged;
//   - for a game with Disguiser: the disguised twin has the same
//     spectator view, and Disguise leaves its input unchanged;
//   - for a game with Determinizer, for every seat: the twin has the
//     same view for that seat, Determinize leaves its input unchanged, and
//     it reads no hidden fact (a state and its own twin, which the seat
//     cannot tell apart, give the same twin for the same random numbers).
package gamestest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/games"
)

// Setup is one table set-up to play.
type Setup struct {
	Seats int
	Opts  games.Options
}

// Config tunes Run for one game. Zero values take the defaults.
type Config struct {
	// Setups are the set-ups the games cycle through; default: the
	// game's MinSeats..MaxSeats without options.
	Setups []Setup
	// Playouts is the number of random playouts (default 12; a quarter
	// with -short, and 2 under -race).
	Playouts int
	// BotGames is the number of all-computer games (default Playouts).
	BotGames int
	// MaxSteps bounds the actions of one game (default 5000).
	MaxSteps int
	// Tries is how many legal actions besides the one played are tried
	// at each step (default 3); one is also perturbed in every way.
	Tries int
	// Every is how often (in steps) the costlier checks run in random
	// playouts: every legal action, view round trips, Disguise (default
	// 2). All-computer games run them and the codec check eight times
	// less often.
	Every int
	// Choose picks a random playout's action among legal (seat's), a
	// form filled in (games.Fill), or answers true for the computer's
	// choice; the default is uniform, or the computer's choice half the
	// time.
	Choose func(s games.State, seat games.Seat, legal []games.Action, r games.Rand) (games.Action, bool)
	// Check is the game's own invariants of one state (its spec §14).
	Check func(t testing.TB, s games.State)
	// Step is the game's own invariants of one transition.
	Step func(t testing.TB, prev, next games.State, seat games.Seat, a games.Action, ev []games.Event)
	// Final is checked on each finished game.
	Final func(t testing.TB, s games.State)
}

func (c *Config) defaults(e games.Engine) {
	if len(c.Setups) == 0 {
		info := e.Info()
		for n := info.MinSeats; n <= info.MaxSeats; n++ {
			c.Setups = append(c.Setups, Setup{Seats: n})
		}
	}
	if c.Playouts == 0 {
		c.Playouts = 12
	}
	if c.BotGames == 0 {
		c.BotGames = c.Playouts
	}
	if testing.Short() {
		c.Playouts = max(c.Playouts/4, 1)
		c.BotGames = max(c.BotGames/4, 1)
	}
	if raceOn {
		c.Playouts = min(c.Playouts, 2)
		c.BotGames = min(c.BotGames, 2)
	}
	if c.MaxSteps == 0 {
		c.MaxSteps = 5000
	}
	if c.Tries == 0 {
		c.Tries = 3
	}
	if c.Every == 0 {
		c.Every = 2
	}
}

// longActions is the suite's long mode: random playouts, with every
// check, until this many actions were played per game, in place of
// Config.Playouts (README: "The conformance suite's long mode").
var longActions = flag.Int("conformance.actions", 0, "the conformance suite's long mode: random playouts until this many actions per game")

// Run is the conformance suite over engine e.
func Run(t *testing.T, e games.Engine, cfg Config) {
	cfg.defaults(e)
	defer watchBot(t)()
	if *longActions > 0 {
		t.Run("long", func(t *testing.T) { longPlayouts(t, e, &cfg, *longActions) })
	}
	t.Run("playouts", func(t *testing.T) { playouts(t, e, &cfg) })
	t.Run("computer", func(t *testing.T) { computerGames(t, e, &cfg) })
	t.Run("fast", func(t *testing.T) { fastPlayouts(t, e, &cfg) })
}

// fastPlayouts: the game's fast paths keep the contract. A Playouter
// gives RandomPlayout's outcome for the same random numbers; a Rollout
// ends and is a function of its random numbers; both leave their input
// unchanged.
func fastPlayouts(t testing.TB, e games.Engine, cfg *Config) {
	parts := games.PartsOf(e)
	if !parts.Playouter && !parts.Rollouter {
		return
	}
	n := cfg.Playouts * 5
	for i := range n {
		su := cfg.Setups[i%len(cfg.Setups)]
		seed := uint64(i) + 2001
		s, err := e.Setup(su.Opts, su.Seats, games.NewPCG(seed, 1))
		if err != nil {
			t.Fatalf("seed %d: setup: %v", seed, err)
		}
		before, err := e.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		if parts.Playouter {
			_, want, err := games.RandomPlayout(e, s, games.NewPCG(seed, 2), cfg.MaxSteps)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			got, err := games.Playout(e, s, games.NewPCG(seed, 2), cfg.MaxSteps)
			if err != nil {
				t.Fatalf("seed %d: fast playout: %v", seed, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d (%d seats): fast playout %+v, Legal and Apply %+v", seed, su.Seats, got, want)
			}
		}
		if parts.Rollouter {
			a, err := games.Rollout(e, s, games.NewPCG(seed, 3), cfg.MaxSteps)
			if err != nil || !a.Done {
				t.Fatalf("seed %d: rollout: %+v, %v", seed, a, err)
			}
			if b, _ := games.Rollout(e, s, games.NewPCG(seed, 3), cfg.MaxSteps); !reflect.DeepEqual(a, b) {
				t.Fatalf("seed %d: the same rollout gave %+v, then %+v", seed, a, b)
			}
		}
		if after, _ := e.Encode(s); !bytes.Equal(after, before) {
			t.Fatalf("seed %d: a playout or rollout changed its input", seed)
		}
	}
}

// watchBot makes a computer choice outside Legal fail t, until the
// returned function is called.
func watchBot(t testing.TB) func() {
	old := games.SetBotMistake(func(game string, seat games.Seat, a games.Action) {
		t.Errorf("%s: the computer chose %v for seat %d, not a legal action", game, a, seat)
	})
	return func() { games.SetBotMistake(old) }
}

func playouts(t testing.TB, e games.Engine, cfg *Config) {
	for i := range cfg.Playouts {
		su := cfg.Setups[i%len(cfg.Setups)]
		p := &playout{t: t, e: e, cfg: cfg, setup: su, seed: uint64(i) + 1, random: true, determinizes: games.PartsOf(e).Determinizer}
		p.play()
		p.replay()
	}
}

// longPlayouts plays random playouts, cycling through the set-ups with
// seeds after those of playouts, until n actions were played, and logs
// the figures: actions, games and time.
func longPlayouts(t testing.TB, e games.Engine, cfg *Config, n int) {
	start, actions, played := time.Now(), 0, 0
	for i := cfg.Playouts; actions < n; i++ {
		su := cfg.Setups[i%len(cfg.Setups)]
		p := &playout{t: t, e: e, cfg: cfg, setup: su, seed: uint64(i) + 1, random: true, determinizes: games.PartsOf(e).Determinizer}
		p.play()
		p.replay()
		actions += len(p.steps)
		played++
	}
	t.Logf("%s long mode: %d actions in %d random games, %s, 0 failures", e.Info().ID, actions, played, time.Since(start).Round(time.Second))
}

func computerGames(t testing.TB, e games.Engine, cfg *Config) {
	for i := range cfg.BotGames {
		su := cfg.Setups[i%len(cfg.Setups)]
		p := &playout{t: t, e: e, cfg: cfg, setup: su, seed: uint64(i) + 1001, determinizes: games.PartsOf(e).Determinizer}
		p.play()
	}
}

type step struct {
	seat  games.Seat
	a     games.Action
	after uint64 // hash of the state and events after the step
}

type playout struct {
	t      testing.TB
	e      games.Engine
	cfg    *Config
	setup  Setup
	seed   uint64
	random bool
	// determinizes: the game has a Determinizer to check.
	determinizes bool
	steps        []step
	verbs        []string
}

func (p *playout) name() string {
	return fmt.Sprintf("%s seed %d (%d seats, %v)", p.e.Info().ID, p.seed, p.setup.Seats, p.setup.Opts)
}

func (p *playout) fatalf(n int, f string, args ...any) {
	p.t.Helper()
	p.t.Fatalf("%s step %d: %s", p.name(), n, fmt.Sprintf(f, args...))
}

func (p *playout) encode(s games.State) []byte {
	p.t.Helper()
	b, err := p.e.Encode(s)
	if err != nil {
		p.t.Fatalf("%s: encode: %v", p.name(), err)
	}
	return b
}

func (p *playout) opts() games.Options {
	o := games.Options{}
	for k, v := range p.setup.Opts {
		o[k] = v
	}
	return o
}

// play runs one game: rng is the game's random source (Setup and Apply
// only), bot the computer's, pick the test's own choices.
func (p *playout) play() {
	t, e := p.t, p.e
	t.Helper()
	rng := games.NewPCG(p.seed, 0x5eed)
	bot := games.NewPCG(p.seed, 0xb07)
	pick := games.NewPCG(p.seed, 0x9c4)
	s, err := e.Setup(p.opts(), p.setup.Seats, rng)
	if err != nil {
		t.Fatalf("%s: setup: %v", p.name(), err)
	}
	every := p.cfg.Every
	if !p.random {
		every *= 8
	}
	for n := 0; ; n++ {
		before := p.encode(s)
		if p.cfg.Check != nil {
			p.cfg.Check(t, s)
		}
		if n%every == 0 {
			p.state(n, s, before)
		}
		if e.Outcome(s).Done {
			p.over(n, s)
			return
		}
		if n >= p.cfg.MaxSteps {
			p.fatalf(n, "no end after %d actions", n)
		}
		act := e.Active(s)
		if len(act) == 0 {
			p.fatalf(n, "nobody is active and the game is not over")
		}
		seat := act[pick.Intn(len(act))]
		legal := e.Legal(s, seat)
		if len(legal) == 0 {
			p.fatalf(n, "active seat %d has no legal action", seat)
		}
		p.learn(legal)
		if p.random {
			p.gate(n, s, before, seat, act, legal, pick)
		}
		var a games.Action
		useBot := !p.random
		if p.random {
			if p.cfg.Choose != nil {
				a, useBot = p.cfg.Choose(s, seat, legal, pick)
			} else {
				useBot = pick.Intn(2) == 0
				a = games.Fill(e, legal[pick.Intn(len(legal))], pick)
			}
		}
		if useBot {
			// Each choice from its own source, so it can be asked again:
			// verify re-chooses computer moves from the same numbers.
			k := uint64(bot.Intn(1 << 62))
			a = e.Bot(s, seat, games.NewPCG(k, 1))
			if ok, _ := games.Accepts(e, legal, a); !ok {
				p.fatalf(n, "the computer chose %v, not legal for seat %d", a, seat)
			}
			if n%every == 0 {
				if again := e.Bot(s, seat, games.NewPCG(k, 1)); !again.Equal(a) {
					p.fatalf(n, "the computer chose %v, then %v from the same random numbers", a, again)
				}
			}
		}
		ns, ev, err := e.Apply(s, seat, a, rng)
		if err != nil {
			p.fatalf(n, "legal %v by seat %d refused: %v", a, seat, err)
		}
		if !bytes.Equal(p.encode(s), before) {
			p.fatalf(n, "Bot or Apply(%v) modified the state", a)
		}
		if p.cfg.Step != nil {
			p.cfg.Step(t, s, ns, seat, a, ev)
		}
		p.steps = append(p.steps, step{seat, a, p.hash(ns, ev)})
		s = ns
	}
}

func (p *playout) hash(s games.State, ev []games.Event) uint64 {
	h := fnv.New64a()
	h.Write(p.encode(s))
	b, err := json.Marshal(ev)
	if err != nil {
		p.t.Fatalf("%s: events do not encode: %v", p.name(), err)
	}
	h.Write(b)
	return h.Sum64()
}

// learn keeps the verbs seen, for perturbations.
func (p *playout) learn(legal []games.Action) {
	for _, a := range legal {
		known := false
		for _, v := range p.verbs {
			known = known || v == a.Verb
		}
		if !known {
			p.verbs = append(p.verbs, a.Verb)
		}
	}
}

// state checks one state: the codec, the views, Disguise.
func (p *playout) state(n int, s games.State, enc []byte) {
	t, e := p.t, p.e
	t.Helper()
	d, err := e.Decode(enc)
	if err != nil {
		p.fatalf(n, "decode: %v", err)
	}
	if !bytes.Equal(p.encode(d), enc) {
		p.fatalf(n, "the state does not round-trip through Encode/Decode")
	}
	var pub []byte
	views := map[games.Seat][]byte{}
	for v := games.Spectator; v < games.Seat(p.setup.Seats); v++ {
		b := p.viewRoundTrip(n, e.View(s, v), v)
		views[v] = b
		if v == games.Spectator {
			pub = b
		}
	}
	if p.determinizes {
		for v := games.Seat(0); v < games.Seat(p.setup.Seats); v++ {
			p.determinize(n, s, enc, v, views[v])
		}
	}
	twin, ok := e.Disguise(s, games.NewPCG(p.seed, uint64(n)))
	if ok {
		if !bytes.Equal(p.encode(s), enc) {
			p.fatalf(n, "Disguise modified its input")
		}
		if b, _ := json.Marshal(e.View(twin, games.Spectator)); !bytes.Equal(b, pub) {
			p.fatalf(n, "the disguised twin's spectator view differs:\n%s\n%s", pub, b)
		}
	}
}

// determinize checks the game's Determinizer for viewer at one state.
func (p *playout) determinize(n int, s games.State, enc []byte, viewer games.Seat, view []byte) {
	e := p.e
	other, _ := e.Determinize(s, viewer, games.NewPCG(p.seed, uint64(n)<<8|1))
	if !bytes.Equal(p.encode(s), enc) {
		p.fatalf(n, "Determinize modified its input")
	}
	if b, _ := json.Marshal(e.View(other, viewer)); !bytes.Equal(b, view) {
		p.fatalf(n, "the determinized twin's view for seat %d differs:\n%s\n%s", viewer, view, b)
	}
	// other differs from s in facts viewer cannot see: the same random
	// numbers must give the same twin of both.
	a, _ := e.Determinize(s, viewer, games.NewPCG(p.seed, uint64(n)<<8|2))
	b, _ := e.Determinize(other, viewer, games.NewPCG(p.seed, uint64(n)<<8|2))
	if !bytes.Equal(p.encode(a), p.encode(b)) {
		p.fatalf(n, "Determinize for seat %d reads hidden facts: two states the seat cannot tell apart give different twins", viewer)
	}
}

// viewRoundTrip: the view encodes, and decodes into its own type to the
// same encoding.
func (p *playout) viewRoundTrip(n int, v any, viewer games.Seat) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		p.fatalf(n, "view of %d does not encode: %v", viewer, err)
	}
	if v == nil {
		return b
	}
	ty := reflect.TypeOf(v)
	ptr := reflect.New(ty)
	if err := json.Unmarshal(b, ptr.Interface()); err != nil {
		p.fatalf(n, "view of %d does not decode: %v", viewer, err)
	}
	if b2, _ := json.Marshal(ptr.Elem().Interface()); !bytes.Equal(b, b2) {
		p.fatalf(n, "view of %d does not round-trip:\n%s\n%s", viewer, b, b2)
	}
	return b
}

// over checks a finished game: nobody may act.
func (p *playout) over(n int, s games.State) {
	if act := p.e.Active(s); len(act) > 0 {
		p.fatalf(n, "game over but %v active", act)
	}
	for v := games.Seat(0); v < games.Seat(p.setup.Seats); v++ {
		if l := p.e.Legal(s, v); len(l) > 0 {
			p.fatalf(n, "game over but seat %d has %v", v, l)
		}
	}
	if p.cfg.Final != nil {
		p.cfg.Final(p.t, s)
	}
}

// gate checks the adapter's gate at one state: legal actions are
// accepted and leave the input alone; other seats and perturbed actions
// are refused with an *Error and the state unchanged.
func (p *playout) gate(n int, s games.State, before []byte, seat games.Seat, act []games.Seat, legal []games.Action, pick games.Rand) {
	e := p.e
	scratch := games.NewPCG(p.seed, 1<<20+uint64(n))
	try := func(a games.Action) {
		a = games.Fill(e, a, scratch)
		if _, _, err := e.Apply(s, seat, a, scratch); err != nil {
			p.fatalf(n, "legal %v by seat %d refused: %v", a, seat, err)
		}
		if !bytes.Equal(p.encode(s), before) {
			p.fatalf(n, "Apply(%v) modified its input", a)
		}
	}
	if n%p.cfg.Every == 0 && len(legal) <= 64 {
		for _, a := range legal {
			try(a)
		}
	} else {
		for range p.cfg.Tries {
			try(legal[pick.Intn(len(legal))])
		}
	}
	refuse := func(who games.Seat, a games.Action, why string) {
		ns, ev, err := e.Apply(s, who, a, scratch)
		if err == nil || games.ErrorCode(err) == "" {
			p.fatalf(n, "%s %v by seat %d not refused with a code: %v", why, a, who, err)
		}
		if ev != nil || !bytes.Equal(p.encode(ns), before) {
			p.fatalf(n, "refused %v (%s) changed the state", a, why)
		}
	}
	defer func() {
		if !bytes.Equal(p.encode(s), before) {
			p.fatalf(n, "a refused action changed its input")
		}
	}()
	// Seats that are not active: no legal action, and refused; in a game
	// whose rules allow acting out of turn (Info.OutOfTurn), a seat's
	// own out-of-turn actions, which are accepted.
	for v := games.Spectator; v <= games.Seat(p.setup.Seats); v++ {
		if slices.Contains(act, v) {
			continue
		}
		l := e.Legal(s, v)
		if len(l) > 0 && (!e.Info().OutOfTurn || v == games.Spectator || int(v) >= p.setup.Seats) {
			p.fatalf(n, "seat %d is not active but has %v", v, l)
		}
		for _, a := range l {
			if _, _, err := e.Apply(s, v, games.Fill(e, a, scratch), scratch); err != nil {
				p.fatalf(n, "out-of-turn %v by seat %d refused: %v", a, v, err)
			}
		}
		if !games.InLegal(l, legal[0]) {
			refuse(v, legal[0], "inactive seat")
		}
	}
	// Perturbations of a legal action.
	for _, x := range p.perturb(legal[pick.Intn(len(legal))], pick) {
		if ok, _ := games.Accepts(e, legal, x); !ok {
			refuse(seat, x, "perturbed")
		}
	}
	// Typed input the gate must refuse: text on a verb that takes none,
	// and for every form, bad text and numbers out of range.
	plain := false
	for _, a := range legal {
		rule, ok := e.TextRule(a.Verb)
		if !ok && !plain {
			plain = true
			refuse(seat, games.Action{Verb: a.Verb, Args: a.Args, Text: "x"}, "text on a plain verb")
		} else if ok {
			for _, x := range badTyped(games.Fill(e, a, pick), rule) {
				refuse(seat, x, "bad typed input")
			}
		}
	}
}

// badTyped: variants of a filled form that break its rule.
func badTyped(a games.Action, rule games.TextRule) []games.Action {
	var out []games.Action
	text := func(t string) {
		x := a
		x.Text = t
		out = append(out, x)
	}
	if rule.MaxRunes > 0 {
		text(strings.Repeat("é", rule.MaxRunes+1))
		text(a.Text + "\n" + a.Text)
		text(" " + a.Text)
		text(a.Text + "\u202e")
		text(a.Text + "\x00")
		text(string([]byte{0xff}) + a.Text)
		if rule.MinRunes > 0 {
			text("")
		}
	} else {
		text("x")
	}
	base := len(a.Args) - len(rule.Numbers)
	for i, nr := range rule.Numbers {
		for _, v := range []int{nr.Min - 1, nr.Max + 1} {
			x := a
			x.Args = slices.Clone(a.Args)
			x.Args[base+i] = v
			out = append(out, x)
		}
	}
	x := a // the form without its numbers
	x.Args = a.Args[:base]
	if len(rule.Numbers) > 0 {
		out = append(out, x)
	}
	return out
}

// perturb: variants of a that are probably not legal.
func (p *playout) perturb(a games.Action, pick games.Rand) []games.Action {
	var out []games.Action
	with := func(verb string, args []int) {
		out = append(out, games.Action{Verb: verb, Args: args})
	}
	with("no_such_verb", a.Args)
	with(p.verbs[pick.Intn(len(p.verbs))], a.Args)
	if len(a.Args) > 0 {
		i := pick.Intn(len(a.Args))
		for _, v := range []int{-1, a.Args[i] + 1000, -1 << 19} {
			args := slices.Clone(a.Args)
			args[i] = v
			with(a.Verb, args)
		}
		with(a.Verb, a.Args[:len(a.Args)-1])
	}
	if len(a.Args) < games.MaxArgs {
		with(a.Verb, append(slices.Clone(a.Args), pick.Intn(5)))
	}
	return out
}

// replay plays the recorded actions again from the same seed: the same
// states and events follow.
func (p *playout) replay() {
	t, e := p.t, p.e
	t.Helper()
	rng := games.NewPCG(p.seed, 0x5eed)
	s, err := e.Setup(p.opts(), p.setup.Seats, rng)
	if err != nil {
		t.Fatal(err)
	}
	for n, st := range p.steps {
		ns, ev, err := e.Apply(s, st.seat, st.a, rng)
		if err != nil {
			p.fatalf(n, "replay: %v refused: %v", st.a, err)
		}
		if p.hash(ns, ev) != st.after {
			p.fatalf(n, "replay: %v gives another state or other events", st.a)
		}
		s = ns
	}
}

// BenchPlayouts measures all-random playouts (games.Playout) of e from
// fresh set-ups of the given seats, one per iteration, and reports
// playouts/s. Run it with -cpu=1 for the one-core figure.
func BenchPlayouts(b *testing.B, e games.Engine, setup Setup) {
	benchGames(b, e, games.Playout, "playouts/s", setup)
}

// BenchRollouts measures playouts under the game's rollout policy
// (games.Rollout: what "How it went" and the hard level run) from fresh
// set-ups, cycling through setups, and reports rollouts/s.
func BenchRollouts(b *testing.B, e games.Engine, setups ...Setup) {
	benchGames(b, e, games.Rollout, "rollouts/s", setups...)
}

// benchGames times play from 16 set-ups dealt in turn from setups.
func benchGames(b *testing.B, e games.Engine, play func(games.Engine, games.State, games.Rand, int) (games.Outcome, error), unit string, setups ...Setup) {
	r := games.NewPCG(1, 2)
	var starts []games.State
	for i := range max(16, len(setups)) {
		su := setups[i%len(setups)]
		s, err := e.Setup(su.Opts, su.Seats, r)
		if err != nil {
			b.Fatal(err)
		}
		starts = append(starts, s)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := play(e, starts[i%len(starts)], r, 5000); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), unit)
}
