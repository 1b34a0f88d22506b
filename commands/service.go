package commands

import (
	"context"
	crand "crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"time"

	"github.com/rs/zerolog"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// maxBotSteps bounds the computer players' moves after one human action,
// so a faulty engine cannot spin forever.
const maxBotSteps = 5000

// Service is the table service: lobby, seats, turns and computer players
// over a store. It is safe for concurrent use; actions on one table are
// serialised by a per-table lock, different tables never wait on each other.
type Service struct {
	// store is delivered: the store, with deliveries not yet written.
	store     data.Store
	delivered *deliveredStore
	log       zerolog.Logger
	// mods are the games served (NewService).
	mods catalog.Set
	// SoleWriter says this process alone writes the store (a bbolt file,
	// which it holds locked). Then a delivery that only redrew messages in
	// place is not written at once (deliveredStore): the table's next
	// write, or RecordDelivered, carries it.
	SoleWriter bool
	// Images: attach PNG boards (the terminal table and some tests skip them).
	Images bool
	// Seed draws the secret seed of a new table (games.Seed): crypto/rand
	// by default, fixed in tests.
	Seed func() games.Seed

	// Now is the clock for deadlines (tests move it).
	Now func() time.Time
	// TimeoutUnit is what one unit of turn_timeout means: an hour, or
	// less in tests.
	TimeoutUnit time.Duration
	// LobbyTTL closes a lobby not started within this long, so a lobby
	// nobody starts never blocks its channel; 0 keeps lobbies open.
	LobbyTTL time.Duration
	// MaxLobbies is how many open lobbies one person may host in a
	// server at a time (members with Manage Server are not limited), so
	// nobody can fill a server with lobbies; 0: no limit.
	MaxLobbies int

	locks tableLocks

	// userPosts and channelPosts limit public posts (/play, /game status)
	// per person and per channel.
	userPosts, channelPosts *throttle

	// reports keeps the "How it went" reports built (turning.go).
	reports reportCache
	// reportBudget caps a report's playouts (turning.Config.Budget);
	// 0 is turning.DefaultBudget. Tests under the race detector lower it.
	reportBudget int

	// leagueRuns are the leagues being delivered (league_deliver.go).
	leagueRuns inFlight
}

// OptTurnTimeout is the table option, for every game, that gives each
// turn a deadline in hours; when it passes, the computer policy plays the
// rest of that turn so no channel is blocked by an absent player.
const OptTurnTimeout = "turn_timeout"

// maxTurnTimeout is a week, in hours.
const maxTurnTimeout = 168

// NewService builds the table service.
// NewService serves the games of mods (catalog.All for the bot; a test
// passes the ones it needs) and loads their catalogues of words.
func NewService(store data.Store, log zerolog.Logger, mods []catalog.Module) *Service {
	catalog.Load(mods)
	// A computer move outside Legal is a rules bug: the engine plays a
	// legal one instead and it is logged here.
	games.SetBotMistake(func(game string, seat games.Seat, a games.Action) {
		log.Error().Str("game", game).Int("seat", int(seat)).Str("action", a.String()).Msg("computer chose an illegal action; played the first legal one")
	})
	d := newDeliveredStore(store)
	return &Service{store: d, delivered: d, log: log, mods: catalog.NewSet(mods), Images: true, Seed: cryptoSeed, Now: time.Now, TimeoutUnit: time.Hour, LobbyTTL: 24 * time.Hour, MaxLobbies: 3,
		userPosts: newThrottle(userPostEvery, userPostBurst), channelPosts: newThrottle(channelPostEvery, channelPostBurst)}
}

// Modules are the games the service serves, sorted by id.
func (s *Service) Modules() catalog.Set { return s.mods }

func cryptoSeed() games.Seed {
	var s games.Seed
	// crypto/rand.Read never fails (Go 1.24+: it crashes the program
	// instead of returning a predictable seed).
	crand.Read(s[:])
	return s
}

// seed draws t's secret seed and its commitment (games.Seed), which the
// lobby message shows from the start.
func (s *Service) seed(t *data.Table) {
	seed := s.Seed()
	t.Seed, t.Commit = &seed, seed.Commitment()
}

func (s *Service) lock(id string) func() {
	return s.locks.lock(id)
}

// loaded is a table with its engine and decoded state.
type loaded struct {
	t     *data.Table
	eng   games.Engine
	mod   catalog.Module // the game's module (eng is its Engine)
	state games.State
}

// mutate is the service's one write path. change edits a copy of t, the
// table as read under its lock, owing on it the effects the change needs
// (data.Table.Owe), and returns the log entries it appends; the copy is
// stored, effects and entries in the same transaction, if the stored
// table is still at t's version, and then becomes *t. A change that
// fails, or a write that does, leaves t as it was.
// errNoChange is a change that finds nothing to do: mutate writes
// nothing, and the caller takes it as success.
var errNoChange = errors.New("nothing to change")

func (s *Service) mutate(ctx context.Context, t *data.Table, change func(nt *data.Table) ([]data.LogEntry, error)) error {
	nt := *t
	log, err := change(&nt)
	if err != nil {
		return err
	}
	s.oweTurnDMs(ctx, t.EffectSeq, &nt)
	if err := s.store.Update(ctx, &nt, t.Version, log...); err != nil {
		return err
	}
	*t = nt
	return nil
}

func (s *Service) load(ctx context.Context, id string) (*loaded, error) {
	t, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.decode(t)
}

func (s *Service) decode(t *data.Table) (*loaded, error) {
	mod, ok := s.mods.Get(t.Game)
	if !ok {
		return nil, fmt.Errorf("%w: unknown game %q", data.ErrCorrupt, t.Game)
	}
	eng := mod.Engine
	l := &loaded{t: t, eng: eng, mod: mod}
	if t.Status == data.StatusLobby || len(t.State) == 0 {
		return l, nil
	}
	st, err := eng.Decode(t.State)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", data.ErrCorrupt, err)
	}
	if t.RNG == nil {
		return nil, fmt.Errorf("%w: table %s has no random source", data.ErrCorrupt, t.ID)
	}
	l.state = st
	return l, nil
}

// info describes the table for the renderer.
func (l *loaded) info() render.TableInfo {
	gi := l.eng.Info()
	ti := render.TableInfo{
		GameID: l.t.Game, TableID: l.t.ID, Status: l.t.Status, HostID: l.t.HostID,
		MinSeats: gi.MinSeats, MaxSeats: gi.MaxSeats, Options: l.t.Options, Coop: gi.Coop,
		Levels: gi.HasLevels(),
	}
	for _, st := range l.t.Seats {
		ti.Seats = append(ti.Seats, render.SeatInfo{Name: st.Name, UserID: st.UserID, Bot: st.Bot, Level: st.Level})
	}
	ti.Commit = l.t.Commit
	if l.t.Seed != nil && !l.t.Live() { // revealed only once the game has ended
		ti.Seed = l.t.Seed.String()
	}
	if l.state != nil {
		ti.Active = l.eng.Active(l.state)
		ti.Outcome = l.eng.Outcome(l.state)
	}
	return ti
}

// withRatings is the table's info with, once a rated game has ended,
// each player's rating change as the store tallied it in the final
// move's commit (data.Store.Result): the board is drawn at delivery,
// maybe after a restart, and finds the change written.
func (s *Service) withRatings(ctx context.Context, l *loaded) (render.TableInfo, error) {
	info := l.info()
	if l.t.Status != data.StatusFinished || l.t.Result == nil {
		return info, nil
	}
	r, err := s.store.Result(ctx, l.t.ID)
	if errors.Is(err, data.ErrNotFound) {
		return info, nil
	}
	if err != nil {
		return info, err
	}
	info.Ratings = make([]*render.RatingChange, len(info.Seats))
	for i, st := range r.Seats {
		if st.Rating != nil && i < len(info.Ratings) {
			info.Ratings[i] = &render.RatingChange{Before: int(math.Round(st.Rating.Before.R)), After: int(math.Round(st.Rating.After.R))}
		}
	}
	return info, nil
}

func (l *loaded) ids() ids { return ids{table: l.t.ID, version: l.t.Version} }

// applyResult is what one accepted human action led to.
type applyResult struct {
	turnPassed bool // the set of seats to act changed
	entries    []data.LogEntry
}

// act applies one action of seat and then every computer move that
// follows, and commits them all in one transaction.
// Several actions (a team's plan: move, then act) are applied in order
// as one change, each through the gate.
func (s *Service) act(ctx context.Context, l *loaded, seat games.Seat, userID string, as ...games.Action) (applyResult, error) {
	expect := l.t.Version
	before := l.eng.Active(l.state)
	rng := &drawCounter{Rand: l.t.RNG}
	prev := l.state
	st, v := prev, expect
	var res applyResult
	for _, a := range as {
		next, ev, err := l.eng.Apply(st, seat, a, rng)
		if err != nil {
			// Nothing is stored: the table, its version and its random
			// source stay as they were (l is discarded by the caller's
			// reply).
			return applyResult{}, err
		}
		st, v = next, v+1
		res.entries = append(res.entries, data.LogEntry{Version: v, Seat: seat, UserID: userID, Action: a.Full(), Events: ev, At: time.Now().UTC()})
	}
	if len(as) == 0 {
		return applyResult{}, games.Illegal("not_legal")
	}
	a := as[len(as)-1]
	st, more, err := s.runBots(l, st, v)
	if err != nil {
		return applyResult{}, err
	}
	res.entries = append(res.entries, more...)
	v += int64(len(more))

	// Undo: only a move that drew no random number, brought no computer
	// move, kept the same seats to act, and that the game allows.
	undo := l.t.Undo
	l.t.Undo = nil
	if len(more) == 0 && len(as) == 1 && rng.draws == 0 && slices.Equal(before, l.eng.Active(st)) && l.eng.Undoable(prev, st, seat, a) {
		raw, err := l.eng.Encode(prev)
		if err != nil {
			return applyResult{}, err
		}
		l.t.Undo = append(undo[:len(undo):len(undo)], data.UndoPoint{Seat: seat, State: raw})
	}
	passed, err := s.commit(ctx, l, st, v, res.entries, nil)
	if err != nil {
		return applyResult{}, err
	}
	res.turnPassed = passed
	return res, nil
}

// drawCounter counts the numbers a move draws from the table's source:
// a move that drew none may be taken back (its dice are not re-rolled by
// undoing it, since it rolled none).
type drawCounter struct {
	games.Rand
	draws int
}

func (d *drawCounter) Intn(n int) int {
	d.draws++
	return d.Rand.Intn(n)
}

// undo takes back the seat's last move (see games.Undoer).
func (s *Service) undo(ctx context.Context, l *loaded, seat games.Seat, userID string) error {
	n := len(l.t.Undo)
	if n == 0 || l.t.Undo[n-1].Seat != seat {
		return games.Illegal("nothing_to_undo")
	}
	st, err := l.eng.Decode(l.t.Undo[n-1].State)
	if err != nil {
		return fmt.Errorf("%w: undo state: %v", data.ErrCorrupt, err)
	}
	expect := l.t.Version
	l.t.Undo = l.t.Undo[:n-1]
	entry := data.LogEntry{Version: expect + 1, Seat: seat, UserID: userID, Action: games.VerbUndo, At: time.Now().UTC()}
	_, err = s.commit(ctx, l, st, expect+1, []data.LogEntry{entry}, nil)
	return err
}

// canUndo: the seat may take back its last move.
func (l *loaded) canUndo(seat games.Seat) bool {
	n := len(l.t.Undo)
	return n > 0 && l.t.Undo[n-1].Seat == seat
}

// runBots plays computer seats while one of them is to act.
func (s *Service) runBots(l *loaded, st games.State, v int64) (games.State, []data.LogEntry, error) {
	st, moves, err := games.RunBots(l.eng, st, l.t.RNG, games.Bots{Max: maxBotSteps, Seat: games.SeatsIn(func(a games.Seat) bool {
		return int(a) < len(l.t.Seats) && l.t.Seats[a].Bot
	})})
	if err != nil {
		return nil, nil, err
	}
	return st, logEntries(moves, v), nil
}

// logEntries records moves from version v+1 on.
func logEntries(moves []games.Played, v int64) []data.LogEntry {
	var out []data.LogEntry
	for _, m := range moves {
		v++
		out = append(out, data.LogEntry{Version: v, Seat: m.Seat, Action: m.Action.Full(), Events: m.Events, At: nowUTC()})
	}
	return out
}

// botToAct finds a computer seat among the active ones. In co-op games
// a computer teammate acts when it is among those to act.
func botToAct(t *data.Table, active []games.Seat) (games.Seat, bool) {
	for _, a := range active {
		if int(a) < len(t.Seats) && t.Seats[a].Bot {
			return a, true
		}
	}
	return 0, false
}

// commit stores the new state as version v (through mutate), with the
// effects it owes Discord in the same transaction: owe's, or by default
// owedAfter's. passed reports that the seats to act changed or the game
// ended.
func (s *Service) commit(ctx context.Context, l *loaded, st games.State, v int64, entries []data.LogEntry, owe func(t *data.Table, passed bool) []data.Effect) (passed bool, err error) {
	raw, err := l.eng.Encode(st)
	if err != nil {
		return false, err
	}
	var before []games.Seat
	if l.state != nil {
		before = l.eng.Active(l.state)
	}
	after := l.eng.Active(st)
	passed = l.state == nil || !slices.Equal(before, after)
	err = s.mutate(ctx, l.t, func(t *data.Table) ([]data.LogEntry, error) {
		moved := v != t.Version
		t.State, t.Version = raw, v
		if passed {
			s.newTurn(t, after)
		}
		ended := false
		if o := l.eng.Outcome(st); o.Done {
			t.Status = data.StatusFinished
			t.Deadline = time.Time{}
			passed = true
			if t.Result == nil { // the move that ends the game: its result rides in this write
				var err error
				if t.Result, err = s.resultOf(ctx, t, l.eng, o, entries); err != nil {
					return nil, err
				}
				ended = true
			}
		}
		if t.Vote != nil && len(t.Vote.Ballots)+len(t.Vote.Proposals) > 0 && moved { // a move voids the ballots and proposals
			nv := *t.Vote
			nv.Ballots, nv.Proposals = nil, nil
			t.Vote = &nv
		}
		if owe == nil {
			owe = func(t *data.Table, passed bool) []data.Effect { return s.owedAfter(t, passed, "") }
		}
		t.Owe(s.Now().UTC(), owe(t, passed)...)
		if ended && t.League != "" { // a league game: its result goes to the league
			t.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectLeague})
		}
		return entries, nil
	})
	if err != nil {
		return false, err
	}
	l.state = st
	return passed, nil
}

// newTurn starts the clock of the seats now to act: a new deadline, or,
// on a paused table, the new turn's whole time waiting for the resume.
func (s *Service) newTurn(t *data.Table, active []games.Seat) {
	t.Deadline = s.deadline(t, active)
	t.TurnStart, t.Reminded = s.Now().UTC(), 0
	if t.Paused() && !t.Deadline.IsZero() {
		p := *t.Pause
		p.Left, p.Span = max(t.Deadline.Sub(t.TurnStart), 0), t.Deadline.Sub(t.TurnStart)
		t.Pause, t.Deadline = &p, time.Time{}
	}
}

// deadline is when the seats to act run out of time, or zero.
func (s *Service) deadline(t *data.Table, active []games.Seat) time.Time {
	hours := t.Options.Int(OptTurnTimeout, 0)
	if hours <= 0 {
		return time.Time{}
	}
	for _, a := range active {
		if int(a) < len(t.Seats) && !t.Seats[a].Bot {
			return s.Now().UTC().Add(time.Duration(hours) * s.TimeoutUnit)
		}
	}
	return time.Time{}
}

// ctxFor builds the render context for a viewer in a locale.
func ctxFor(l *loaded, locale string, viewer games.Seat) render.Audience {
	names := make([]string, len(l.t.Seats))
	for i, seat := range l.t.Seats {
		names[i] = seat.Name
	}
	return render.Audience{L: i18n.For(locale), Names: names, Viewer: viewer}
}

// journalTail is the end of a table's journal as seats see it (none
// given: the public events), for render.Audience.Journal. It reads only the
// last render.JournalTail entries of the log.
func (s *Service) journalTail(ctx context.Context, l *loaded, seats ...games.Seat) ([]games.Record, error) {
	log, err := s.store.LogTail(ctx, l.t.ID, render.JournalTail)
	if err != nil {
		return nil, err
	}
	return games.Since(records(log), seats, 0), nil
}

// board renders the public board of a table. ping mentions the seats to
// act; image draws its picture (when the service sends pictures at all).
func (s *Service) board(ctx context.Context, l *loaded, locale string, ping, image bool) (msg render.Message, err error) {
	defer func() {
		// A renderer bug must not look like a lost move: the change is
		// committed by now, so it becomes an error the caller reports.
		if p := recover(); p != nil {
			err = fmt.Errorf("drawing the %s board panicked: %v", l.t.Game, p)
		}
	}()
	rc := ctxFor(l, locale, games.Spectator)
	switch l.t.Status {
	case data.StatusLobby:
		return render.Lobby(rc, l.info(), l.ids()), nil
	}
	g, ok := s.mods.Renderer(l.t.Game)
	if !ok {
		return render.Message{}, fmt.Errorf("no renderer for %s", l.t.Game)
	}
	if rc.Journal, err = s.journalTail(ctx, l); err != nil {
		return render.Message{}, err
	}
	info, err := s.withRatings(ctx, l)
	if err != nil {
		return render.Message{}, err
	}
	req := render.BoardRequest{Game: g, View: l.eng.View(l.state, games.Spectator), Table: info, IDs: l.ids(), Image: image && s.Images, Ping: ping, Deadline: l.t.Deadline, Paused: l.t.Paused()}
	if l.t.Status == data.StatusPlaying {
		req.MyView = holdsAny(l)
	}
	if l.t.Status == data.StatusPlaying && !req.Paused {
		req.Menu = s.publicMenu(l, locale, info)
		for _, a := range info.Active {
			req.Undo = req.Undo || l.canUndo(a)
		}
	}
	return render.Board(rc, req)
}

// holdsAny: the board offers "My hand / units" when some player's seat
// may hold something hidden (games.Holder, from public facts alone, so
// the button tells nobody anything), or when the rules let seats act out
// of turn, whose choices come through it (myView).
func holdsAny(l *loaded) bool {
	if l.eng.Info().OutOfTurn {
		return true
	}
	for i, st := range l.t.Seats {
		if !st.Bot && l.eng.Holds(l.state, games.Seat(i)) {
			return true
		}
	}
	return false
}

// publicMenu is the acting seat's menu when exactly one human seat acts
// and the game says its choices may be public; otherwise players use
// "Your move". Only the engine decides, from public facts alone
// (games.Secrets): whether the board carries the choices must not
// depend on what they are.
func (s *Service) publicMenu(l *loaded, locale string, info render.TableInfo) *render.Menu {
	var humans []games.Seat
	for _, a := range info.Active {
		if int(a) < len(l.t.Seats) && !l.t.Seats[a].Bot {
			humans = append(humans, a)
		}
	}
	if len(humans) != 1 || l.eng.PrivateChoices(l.state, humans[0]) {
		return nil
	}
	// A seat that acts has legal actions (games.Game), so ok is false
	// only for a faulty engine; it must not depend on hidden facts.
	m, ok := s.menu(l, locale, humans[0])
	if !ok {
		return nil
	}
	return &m
}

// menu is a seat's labelled legal actions.
func (s *Service) menu(l *loaded, locale string, seat games.Seat) (render.Menu, bool) {
	g, ok := s.mods.Renderer(l.t.Game)
	if !ok {
		return render.Menu{}, false
	}
	legal := l.eng.Legal(l.state, seat)
	if len(legal) == 0 {
		return render.Menu{}, false
	}
	rc := ctxFor(l, locale, seat)
	m := g.Menu(rc, l.eng.View(l.state, seat), legal)
	// A choice that takes typed input opens its modal (render.Choice.Form).
	for i, c := range m.Choices {
		_, m.Choices[i].Form = l.eng.TextRule(c.Action.Verb)
	}
	return m, true
}

// Export is a table as an admin downloads it to reproduce a bug: the
// record and its log. A live table's random source is always left out (it
// would predict the dice). Its hidden information (the state, action
// arguments such as a secret placement, private events) is left out too,
// and the public view is given instead, unless includeHidden is set; a
// finished table is exported whole.
func (s *Service) Export(ctx context.Context, id string, includeHidden bool) ([]byte, error) {
	unlock := s.lock(id)
	defer unlock()
	t, err := s.store.Get(ctx, id)
	if errors.Is(err, data.ErrCorrupt) || isNotFound(err) {
		if out, rerr := s.exportDamaged(ctx, id, err, includeHidden); rerr == nil {
			return out, nil
		}
	}
	if err != nil {
		return nil, err
	}
	return s.export(ctx, t, includeHidden)
}

// export is Export of a table already read, under its lock.
func (s *Service) export(ctx context.Context, t *data.Table, includeHidden bool) ([]byte, error) {
	log, err := s.store.Log(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	var view any
	if t.Live() {
		if !includeHidden {
			if l, err := s.decode(t); err == nil && l.state != nil {
				view = l.eng.View(l.state, games.Spectator)
			}
			t.State, t.Undo = nil, nil
			log = publicLog(log)
		}
		// The seed keys the random source: it is revealed only when the
		// game ends. Its commitment stays (it is public from the start).
		t.RNG, t.Seed = nil, nil
	}
	return json.MarshalIndent(struct {
		Table *data.Table     `json:"table"`
		View  any             `json:"view,omitempty"`
		Log   []data.LogEntry `json:"log"`
	}{t, view, log}, "", "  ")
}

// exportDamaged exports a table whose record cannot be decoded (or was
// set aside): its raw bytes only with includeHidden, since they hold the
// hands, and whatever of its log can be read. The seed and the random
// source are withheld even then: an unreadable record's status cannot
// say whether its game has ended.
func (s *Service) exportDamaged(ctx context.Context, id string, cause error, includeHidden bool) ([]byte, error) {
	raw, err := s.store.Raw(ctx, id)
	if err != nil {
		return nil, err
	}
	doc := struct {
		ID       string          `json:"id"`
		Damaged  string          `json:"damaged"`
		Record   string          `json:"record,omitempty"`
		Log      []data.LogEntry `json:"log"`
		LogError string          `json:"log_error,omitempty"`
	}{ID: id, Damaged: "the table record cannot be decoded"}
	if errors.Is(cause, data.ErrCorrupt) {
		doc.Damaged = cause.Error()
	}
	if includeHidden {
		doc.Record = string(withheldSeed.ReplaceAll(raw, []byte(`"$1":"withheld"`)))
	}
	log, err := s.store.Log(ctx, id)
	if err != nil {
		doc.LogError = err.Error()
	}
	if !includeHidden {
		log = publicLog(log)
	}
	doc.Log = log
	return json.MarshalIndent(doc, "", "  ")
}

// publicLog is a live table's log as others may see it: actions cut to
// their verb, private events dropped.
func publicLog(log []data.LogEntry) []data.LogEntry {
	for i := range log {
		if a, err := games.ParseAction(log[i].Action); err == nil {
			log[i].Action = a.Verb
		}
		var public []games.Event
		for _, e := range log[i].Events {
			if e.Visible(games.Spectator) {
				public = append(public, e)
			}
		}
		log[i].Events = public
	}
	return log
}

// withheldSeed finds the seed and the random source in a record's JSON,
// even in a damaged one.
var withheldSeed = regexp.MustCompile(`"(seed|rng)"\s*:\s*"[^"]*"`)

// isNotFound reports a missing table.
func isNotFound(err error) bool { return errors.Is(err, data.ErrNotFound) }
