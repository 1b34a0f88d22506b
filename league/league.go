// Package league runs a server league of two-player games: its record,
// its pairings (round robin by the circle method, or Swiss) and its
// standings, as pure functions of the record. It knows nothing of
// Discord or of the store; commands/league.go drives it.
//
// Everything a league decides is deterministic from its record: the seed
// order is the join order shuffled by the league's Seed at Start, and
// every later pairing is a function of that order and the results, so
// anyone holding the record can check each round.
package league

import (
	"errors"
	"math/rand/v2"
	"slices"
	"time"
)

// Formats.
const (
	RoundRobin = "round_robin"
	Swiss      = "swiss"
)

// Deadline rules: what a game unfinished at its round's deadline becomes.
const (
	// PlayOut: the game goes on under its own turn timeouts to the end;
	// the round waits for it.
	PlayOut = "play_out"
	// LossToMover: the game ends as a loss for the player to move.
	LossToMover = "loss_to_mover"
)

// Status values.
const (
	StatusOpen    = "open"
	StatusRunning = "running"
	StatusDone    = "done"
	// StatusCancelled: ended early by /league cancel; the standings stay
	// as they were, and no game counts after.
	StatusCancelled = "cancelled"
)

// Result of a pairing, from its first player's side.
type Result string

// Results. Pending is a game still being played.
const (
	Pending Result = ""
	WinA    Result = "a"
	WinB    Result = "b"
	Draw    Result = "draw"
	// Neither: both players dropped out before the game; no one scores.
	Neither Result = "neither"
)

// How a result came about.
const (
	ByPlay     = "play"     // the game ended at its table
	ByDeadline = "deadline" // decided at the round's deadline
	ByForfeit  = "forfeit"  // a player dropped out
)

// Pairing is one game of a round. A takes the first seat (Trenches'
// first side, the first player elsewhere).
type Pairing struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Table  string `json:"table,omitempty"`  // the table's id once opened
	Thread string `json:"thread,omitempty"` // the public thread it plays in
	Result Result `json:"result,omitempty"`
	By     string `json:"by,omitempty"`
}

// Round is one round's pairings and bye.
type Round struct {
	Pairings []Pairing `json:"pairings"`
	Bye      string    `json:"bye,omitempty"`
	// Deadline is when unfinished games are decided by League.Deadline.
	Deadline time.Time `json:"deadline,omitzero"`
	// Decided: the deadline rule has been applied to this round.
	Decided bool `json:"decided,omitempty"`
}

// League is one league's record.
type League struct {
	ID        string            `json:"id"`
	GuildID   string            `json:"guild_id"`
	ChannelID string            `json:"channel_id"`
	MessageID string            `json:"message_id,omitempty"` // the league message (standings)
	CreatorID string            `json:"creator_id"`
	Locale    string            `json:"locale,omitempty"`
	Game      string            `json:"game"`
	Options   map[string]string `json:"options,omitempty"`
	Format    string            `json:"format"`
	// Rounds is the number of Swiss rounds; a round robin has as many
	// as its player count needs (RoundRobinRounds).
	Rounds      int           `json:"rounds"`
	TurnTimeout time.Duration `json:"turn_timeout,omitempty"`
	RoundDays   int           `json:"round_days,omitempty"` // as given at create
	RoundTime   time.Duration `json:"round_time,omitempty"` // RoundDays in the service's time
	Deadline    string        `json:"deadline"`
	Seed        uint64        `json:"seed"`
	Players     []string      `json:"players"`              // join order
	Order       []string      `json:"order,omitempty"`      // seed order, fixed at Start
	Dropped     []Dropout     `json:"dropped,omitempty"`    // in the order they left
	RoundList   []Round       `json:"round_list,omitempty"` // paired rounds, oldest first
	Status      string        `json:"status"`
	// Names are the players' display names when they joined: thread
	// names cannot mention.
	Names map[string]string `json:"names,omitempty"`
	// CancelledBy is who cancelled the league (StatusCancelled).
	CancelledBy string `json:"cancelled_by,omitempty"`
	// Owed is what the league owes Discord, oldest first: written with
	// the change that owes it and removed once delivered (the
	// transactional outbox, as a table's). EffectSeq numbers them.
	Owed      []Effect  `json:"owed,omitempty"`
	EffectSeq int64     `json:"effect_seq,omitempty"`
	Version   int64     `json:"version"`
	Created   time.Time `json:"created"`
	Updated   time.Time `json:"updated"`
}

// Effect is one thing the league owes Discord (its kinds are the
// service's): Round and Board name a pairing, from 0.
type Effect struct {
	Seq   int64  `json:"seq"`
	Kind  string `json:"kind"`
	Round int    `json:"round,omitempty"`
	Board int    `json:"board,omitempty"`
	// At is when it was owed: the timer leaves a young one to the
	// interaction that owed it, which answers with it.
	At time.Time `json:"at,omitzero"`
}

// Owe appends effects owed at at to the outbox, numbering them.
func (l *League) Owe(at time.Time, es ...Effect) {
	for _, e := range es {
		l.EffectSeq++
		e.Seq, e.At = l.EffectSeq, at
		l.Owed = append(l.Owed, e)
	}
}

// Dropout is a player who left a running league, and the round (from
// 1) they left in.
type Dropout struct {
	User  string `json:"user"`
	Round int    `json:"round"`
}

// Errors the service answers.
var (
	ErrNotOpen      = errors.New("league: not open")
	ErrJoined       = errors.New("league: already joined")
	ErrNotPlayer    = errors.New("league: not a player")
	ErrTooFew       = errors.New("league: fewer than two players")
	ErrTooMany      = errors.New("league: too many players")
	ErrRoundOpen    = errors.New("league: the current round has unfinished games")
	ErrNoPairing    = errors.New("league: no pairing without a rematch")
	ErrUnknownTable = errors.New("league: no pairing plays at that table")
)

// MaxPlayers bounds a league: Swiss pairing searches, and one message
// lists every player.
const MaxPlayers = 40

// Join adds a player while the league is open.
func (l *League) Join(user string) error {
	switch {
	case l.Status != StatusOpen:
		return ErrNotOpen
	case slices.Contains(l.Players, user):
		return ErrJoined
	case len(l.Players) >= MaxPlayers:
		return ErrTooMany
	}
	l.Players = append(l.Players, user)
	return nil
}

// Leave takes a player out while the league is open; once it runs, a
// player leaves by Drop.
func (l *League) Leave(user string) error {
	if l.Status != StatusOpen {
		return ErrNotOpen
	}
	i := slices.Index(l.Players, user)
	if i < 0 {
		return ErrNotPlayer
	}
	l.Players = slices.Delete(l.Players, i, i+1)
	return nil
}

// Start fixes the seed order and pairs round 1.
func (l *League) Start(now time.Time) error {
	if l.Status != StatusOpen {
		return ErrNotOpen
	}
	if len(l.Players) < 2 {
		return ErrTooFew
	}
	l.Order = SeedOrder(l.Players, l.Seed)
	if l.Format == RoundRobin {
		l.Rounds = RoundRobinRounds(len(l.Order))
	}
	l.Rounds = max(1, min(l.Rounds, RoundRobinRounds(len(l.Order))))
	l.Status = StatusRunning
	return l.PairNext(now)
}

// SeedOrder is the players shuffled by seed (Fisher-Yates over PCG,
// written out so the order never changes with the Go release).
func SeedOrder(players []string, seed uint64) []string {
	out := slices.Clone(players)
	r := rand.NewPCG(seed, 0x6c65616775650a)
	for i := len(out) - 1; i > 0; i-- {
		j := int(r.Uint64() % uint64(i+1))
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// RoundRobinRounds is how many rounds a round robin of n players has.
func RoundRobinRounds(n int) int {
	if n%2 == 1 {
		return n
	}
	return n - 1
}

// Current is the round being played (nil before Start).
func (l *League) Current() *Round {
	if len(l.RoundList) == 0 {
		return nil
	}
	return &l.RoundList[len(l.RoundList)-1]
}

// IsDropped reports whether user has left the running league.
func (l *League) IsDropped(user string) bool {
	return slices.ContainsFunc(l.Dropped, func(d Dropout) bool { return d.User == user })
}

// RoundComplete reports whether every game of the current round has a
// result.
func (l *League) RoundComplete() bool {
	r := l.Current()
	if r == nil {
		return false
	}
	for _, p := range r.Pairings {
		if p.Result == Pending {
			return false
		}
	}
	return true
}

// PairNext pairs the next round once the current one is complete, or
// ends the league after its last round (or when Swiss finds no pairing
// without a rematch). The new round's deadline is now + RoundTime.
func (l *League) PairNext(now time.Time) error {
	if l.Status != StatusRunning {
		return ErrNotOpen
	}
	if len(l.RoundList) > 0 && !l.RoundComplete() {
		return ErrRoundOpen
	}
	if len(l.RoundList) >= l.Rounds || len(l.active()) < 2 {
		l.Status = StatusDone
		return nil
	}
	var r Round
	var err error
	if l.Format == RoundRobin {
		r = l.roundRobin(len(l.RoundList))
	} else {
		r, err = l.swiss()
	}
	if errors.Is(err, ErrNoPairing) {
		l.Status = StatusDone
		return nil
	}
	if err != nil {
		return err
	}
	if l.RoundTime > 0 {
		r.Deadline = now.Add(l.RoundTime)
	}
	l.RoundList = append(l.RoundList, r)
	return nil
}

// active is the seed order without the players who dropped out.
func (l *League) active() []string {
	return slices.DeleteFunc(slices.Clone(l.Order), l.IsDropped)
}

// Record sets the result of the game at table: winner is A's or B's id,
// or "" for a draw. It returns false when that game already had one
// (a replayed hook).
func (l *League) Record(table, winner, by string) (bool, error) {
	if l.Status != StatusRunning {
		return false, ErrNotOpen // over: the standings stay as they are
	}
	p := l.pairingAt(table)
	if p == nil {
		return false, ErrUnknownTable
	}
	if p.Result != Pending {
		return false, nil
	}
	switch winner {
	case p.A:
		p.Result = WinA
	case p.B:
		p.Result = WinB
	default:
		p.Result = Draw
	}
	p.By = by
	return true, nil
}

// pairingAt finds the current round's pairing played at table.
func (l *League) pairingAt(table string) *Pairing {
	r := l.Current()
	if r == nil || table == "" {
		return nil
	}
	for i := range r.Pairings {
		if r.Pairings[i].Table == table {
			return &r.Pairings[i]
		}
	}
	return nil
}

// Cancel ends an open or running league early, in by's name: the
// current round's unfinished games count for nobody, and the standings
// stay as they are. It returns the tables of those games, for the
// service to close.
func (l *League) Cancel(by string) ([]string, error) {
	if l.Status != StatusOpen && l.Status != StatusRunning {
		return nil, ErrNotOpen
	}
	l.Status, l.CancelledBy = StatusCancelled, by
	var tables []string
	if r := l.Current(); r != nil {
		for _, p := range r.Pairings {
			if p.Result == Pending && p.Table != "" {
				tables = append(tables, p.Table)
			}
		}
	}
	return tables, nil
}

// Drop takes user out of a running league: their unfinished game in the
// current round is a forfeit loss, and they are paired no more (a round
// robin's later games against them are forfeits). It returns the tables
// of the games it decided, for the service to close.
func (l *League) Drop(user string) ([]string, error) {
	if l.Status != StatusRunning {
		return nil, ErrNotOpen
	}
	if !slices.Contains(l.Order, user) || l.IsDropped(user) {
		return nil, ErrNotPlayer
	}
	l.Dropped = append(l.Dropped, Dropout{User: user, Round: len(l.RoundList)})
	var tables []string
	r := l.Current()
	for i := range r.Pairings {
		p := &r.Pairings[i]
		if p.Result == Pending && (p.A == user || p.B == user) {
			forfeit(p, l.IsDropped)
			if p.Table != "" {
				tables = append(tables, p.Table)
			}
		}
	}
	return tables, nil
}

// forfeit decides p against whoever of its players has dropped out.
func forfeit(p *Pairing, dropped func(string) bool) {
	da, db := dropped(p.A), dropped(p.B)
	switch {
	case da && db:
		p.Result = Neither
	case da:
		p.Result = WinB
	case db:
		p.Result = WinA
	default:
		return
	}
	p.By = ByForfeit
}
