// Package data keeps warroom's tables in a bbolt file: one record per
// table, an index from channel (or thread) to its active table, and an
// append-only action log per table. Every accepted action is one
// transaction that writes the new state, bumps the version, appends the
// log entries and updates the index, so an acknowledged move is never lost.
//
// Writes are compare-and-set on the table version: the same check the
// buttons carry, and the seam for a shared store (PostgreSQL, NATS KV)
// behind the Store interface when warroom outgrows one process.
package data

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/league"
)

// Table status values.
const (
	StatusLobby     = "lobby"
	StatusPlaying   = "playing"
	StatusFinished  = "finished"
	StatusAbandoned = "abandoned"
)

// Seat is one player at a table: a Discord user or a computer player.
type Seat struct {
	UserID string `json:"user_id,omitempty"` // empty for a computer player
	Name   string `json:"name"`
	Bot    bool   `json:"bot,omitempty"`
	// Level is a computer seat's own level, chosen in the lobby (""
	// plays at the table's, option computer: every table from before).
	Level string `json:"level,omitempty"`
}

// Table is one game session bound to one channel or thread.
type Table struct {
	ID        string        `json:"id"`
	Game      string        `json:"game"`
	Options   games.Options `json:"options,omitempty"`
	Seats     []Seat        `json:"seats"`
	HostID    string        `json:"host_id"`
	GuildID   string        `json:"guild_id,omitempty"`
	ChannelID string        `json:"channel_id"`          // where /play was used
	ThreadID  string        `json:"thread_id,omitempty"` // the team thread of a co-op game
	Locale    string        `json:"locale,omitempty"`    // language of public messages, fixed at /play
	Status    string        `json:"status"`
	Version   int64         `json:"version"`
	// State is the engine's state as JSON (games.Engine.Encode).
	State json.RawMessage `json:"state,omitempty"`
	// RNG is the table's random source. It is secret until the game ends:
	// never shown, logged or exported while the table is live.
	RNG            *games.Source `json:"rng,omitempty"`
	BoardMessageID string        `json:"board_message_id,omitempty"`
	BoardChannelID string        `json:"board_channel_id,omitempty"`
	LinkMessageID  string        `json:"link_message_id,omitempty"` // co-op: the channel's link to the thread
	// Seed keys RNG with SeedNonce (games.Seed): secret like it until the
	// game ends, then revealed so anyone can check the dice against
	// Commit, its SHA-256 shown from the lobby on. SeedNonce is the lobby
	// message's id, SetupOptions the options Setup was given (with the
	// computer seats at the start), both for the replay. All are empty
	// on tables from before provably fair dice.
	Seed         *games.Seed   `json:"seed,omitempty"`
	Commit       string        `json:"commit,omitempty"`
	SeedNonce    string        `json:"seed_nonce,omitempty"`
	SetupOptions games.Options `json:"setup_options,omitempty"`
	// Deadline is when the seats to act run out of time (turn_timeout);
	// zero when the table has no time control or a computer is to act.
	Deadline time.Time `json:"deadline,omitzero"`
	// TurnStart is when Deadline was set; Reminded counts the reminders
	// already sent before it (see NextReminder).
	TurnStart time.Time `json:"turn_start,omitzero"`
	Reminded  int       `json:"reminded,omitempty"`
	// AwayUsed is the vacation time each player (user id) has already
	// used at this table: deadlines moved for their absence.
	AwayUsed map[string]time.Duration `json:"away_used,omitempty"`
	// Offer is the open offer of a seat to another member (/game
	// handover); nil when there is none. Its buttons only point at it.
	Offer *SeatOffer `json:"offer,omitempty"`
	// Pause is a proposed or agreed pause (/game pause); nil when none.
	Pause *Pause `json:"pause,omitempty"`
	// Vote is the team's vote on the next plan (a co-op team thread with
	// two or more humans); nil when there has been none.
	Vote *Vote `json:"vote,omitempty"`
	// Undo holds the states a player may go back to within the current
	// move sequence, newest last; cleared by any move that may not be
	// taken back. Like State it holds hidden information.
	Undo []UndoPoint `json:"undo,omitempty"`
	// Outbox is what the table owes Discord, oldest first: written in the
	// same transaction as the change that owes it, removed once delivered
	// (the transactional outbox), so a crash between the two never loses
	// a board or a result. EffectSeq numbers the effects.
	Outbox    []Effect `json:"outbox,omitempty"`
	EffectSeq int64    `json:"effect_seq,omitempty"`
	// Logged counts the entries the table's log has been given, set by
	// Update: repair names a table whose log it finds shorter.
	Logged  int64     `json:"logged,omitempty"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`

	// League is the id of the league whose game this is (a pairing's
	// table, opened in the pairing's thread); empty elsewhere.
	League string `json:"league,omitempty"`

	// Result is how the game ended, set by the move that ends it (see
	// Result): the store tallies it in the same transaction.
	Result *Result `json:"result,omitempty"`
}

// Pause is a pause of a table: proposed by By, agreed by each player in
// Agreed; On once all have. Left is the turn time that remained (zero
// without a clock), restored on resuming.
type Pause struct {
	By     string        `json:"by"`
	Agreed []string      `json:"agreed,omitempty"`
	On     bool          `json:"on,omitempty"`
	Left   time.Duration `json:"left,omitempty"`
	Span   time.Duration `json:"span,omitempty"`
	At     time.Time     `json:"at"`
}

// Vote is a team's vote on the acting soldier's next plan: the ballots
// cast for the table at Version (a plan is an index into the engine's
// plans for that state, so any move makes them void) and the message
// that shows it.
type Vote struct {
	Version   int64      `json:"version"`
	MessageID string     `json:"message_id,omitempty"`
	Ballots   []Ballot   `json:"ballots,omitempty"`
	Proposals []Proposal `json:"proposals,omitempty"`
}

// Proposal is a move a member put to the vote: one legal action of the
// acting seat (its text form), for Version like the ballots.
type Proposal struct {
	User   string `json:"user"`
	Action string `json:"action"`
}

// Ballot is one member's choice: the index of a plan, or of a proposal
// (counted after the plans' places; commands/vote.go).
type Ballot struct {
	User string `json:"user"`
	Plan int    `json:"plan"`
}

// Paused reports whether the players agreed to pause the table.
func (t *Table) Paused() bool { return t.Pause != nil && t.Pause.On }

// SeatOffer: By offers From's seats to To, who takes them by button.
type SeatOffer struct {
	From string    `json:"from"`
	To   string    `json:"to"`
	By   string    `json:"by"`
	At   time.Time `json:"at"`
}

// ReminderAt are the points of a turn's time, as fractions, at which the
// players to act are reminded: at half time and at 90%.
var ReminderAt = []float64{0.5, 0.9}

// NextReminder is when the players to act get their next reminder, or
// zero when none is due before the deadline.
func (t *Table) NextReminder() time.Time {
	if t.Status != StatusPlaying || t.Deadline.IsZero() || t.TurnStart.IsZero() || t.Reminded >= len(ReminderAt) {
		return time.Time{}
	}
	span := t.Deadline.Sub(t.TurnStart)
	return t.TurnStart.Add(time.Duration(float64(span) * ReminderAt[t.Reminded]))
}

// PlayChannel is where the game is played: the team thread if there is one.
func (t *Table) PlayChannel() string {
	if t.ThreadID != "" {
		return t.ThreadID
	}
	return t.ChannelID
}

// PlaysIn reports whether a channel is one of the table's: where /play
// was used (the lobby) or its team thread.
func (t *Table) PlaysIn(channelID string) bool {
	return channelID != "" && (channelID == t.ChannelID || channelID == t.ThreadID)
}

// Live reports whether the table still occupies its channel.
func (t *Table) Live() bool { return t.Status == StatusLobby || t.Status == StatusPlaying }

// Players lists the Discord users at the table, once each, in seat
// order (a player may hold several seats; computer seats have none).
func (t *Table) Players() []string {
	var out []string
	for _, s := range t.Seats {
		if s.UserID != "" && !s.Bot && !slices.Contains(out, s.UserID) {
			out = append(out, s.UserID)
		}
	}
	return out
}

// SeatsOf lists the seats a Discord user holds.
func (t *Table) SeatsOf(userID string) []games.Seat {
	var out []games.Seat
	for i, s := range t.Seats {
		if !s.Bot && s.UserID == userID {
			out = append(out, games.Seat(i))
		}
	}
	return out
}

// Effect kinds. An effect names what must become true in Discord, not a
// finished message: the message is drawn from the table as it is when the
// effect is delivered, and the board message it concerns is the table's
// board at that moment (EffectRetire's: the board the one before it
// replaced). Delivered in order, a table's effects converge on its
// current board, however late or often they are delivered.
const (
	// EffectBoard posts the board as a new message (Ping: mentioning the
	// seats to act; Text: a line above it) and makes it the table's board.
	EffectBoard = "board"
	// EffectRedraw redraws the board message in place, or posts it when
	// there is none.
	EffectRedraw = "redraw"
	// EffectLobby redraws the board message as the lobby's record: who
	// plays, without buttons (the game has started).
	EffectLobby = "lobby"
	// EffectStrip removes the buttons of the board message.
	EffectStrip = "strip"
	// EffectRetire removes the buttons of the board that the EffectBoard
	// before it replaced, named in Channel and Message once that board is
	// posted (none: nothing to do). The new board goes out first, so a
	// player waits for one request less; the old one's buttons follow.
	EffectRetire = "retire"
	// EffectText replaces the board message with Text and no buttons (a
	// cancelled or expired lobby).
	EffectText = "text"
	// EffectNotice posts Text in Channel.
	EffectNotice = "notice"
	// EffectThread opens a co-op table's team thread and adds its players.
	EffectThread = "thread"
	// EffectLink posts (or updates) the channel's link to the team thread,
	// with the result once the game is over.
	EffectLink = "link"
	// EffectOffer posts the table's open seat offer with its buttons,
	// pinging the member it is for.
	EffectOffer = "offer"
	// EffectPause posts the table's pause proposal with its buttons,
	// pinging the players who have not agreed yet.
	EffectPause = "pause"
	// EffectDM sends Mention[0] a reminder by direct message (Text),
	// or, when they accept none, pings them in the play channel.
	EffectDM = "dm"
	// EffectTurnDM sends Mention[0] their turn by direct message (a
	// player with /game reminders mode:dm_play): the board, their private
	// menu and a link to the table, drawn at delivery; nothing once the
	// turn has passed.
	EffectTurnDM = "turn_dm"
	// EffectJoin adds Mention[0] to the team thread (a seat handed over).
	EffectJoin = "join"
	// EffectVote posts the team's vote on the next plan below a new board
	// (Ping) or updates it in place, and takes the buttons off the old
	// one when no vote is open.
	EffectVote = "vote"
	// EffectArchive archives the team thread; it comes last, since Discord
	// refuses edits in an archived thread.
	EffectArchive = "archive"
	// EffectLeague gives a league game's result to its league
	// (commands/league_deliver.go), after the last board.
	EffectLeague = "league"
)

// Effect is one thing a table owes Discord (see Table.Outbox).
type Effect struct {
	Seq     int64  `json:"seq"`
	Kind    string `json:"kind"`
	Ping    bool   `json:"ping,omitempty"`
	Text    string `json:"text,omitempty"`
	Channel string `json:"channel,omitempty"`
	// Message is the message in Channel an EffectRetire concerns.
	Message string `json:"message,omitempty"`
	// Mention are the users a notice pings (allowed_mentions).
	Mention []string  `json:"mention,omitempty"`
	At      time.Time `json:"at"`
}

// Nonce identifies an effect's message to Discord's enforce_nonce, so a
// post retried after a crash returns the first message instead of a second
// one (at most 25 characters: table ids are short base-36 numbers).
func (t *Table) Nonce(e Effect) string {
	return "w" + t.ID + "." + strconv.FormatInt(e.Seq, 36)
}

// Owe appends effects to the outbox.
func (t *Table) Owe(at time.Time, effects ...Effect) {
	t.Outbox = append(t.Outbox[:len(t.Outbox):len(t.Outbox)], effects...)
	for i := len(t.Outbox) - len(effects); i < len(t.Outbox); i++ {
		t.EffectSeq++
		t.Outbox[i].Seq, t.Outbox[i].At = t.EffectSeq, at
	}
}

// Delivered takes the effects up to seq off the outbox (they are
// delivered) and reports whether there were any.
func (t *Table) Delivered(seq int64) bool {
	n := 0
	for n < len(t.Outbox) && t.Outbox[n].Seq <= seq {
		n++
	}
	if n == 0 {
		return false
	}
	t.Outbox = t.Outbox[n:]
	if len(t.Outbox) == 0 {
		t.Outbox = nil
	}
	return true
}

// UndoPoint is a state to return to, and whose it is.
type UndoPoint struct {
	Seat  games.Seat      `json:"seat"`
	State json.RawMessage `json:"state"`
}

// GuildSettings is what a server's admins chose for warroom.
type GuildSettings struct {
	// Locale is the language of new tables' public messages (en, pl, ru);
	// empty: decided per table from the server and the host.
	Locale string `json:"locale,omitempty"`
	// LeagueRole is the id of the role whose members may create leagues
	// besides those with Manage Server; empty: none.
	LeagueRole string `json:"league_role,omitempty"`
}

// LogEntry is one accepted action.
type LogEntry struct {
	Version int64         `json:"version"` // the table version this action produced
	Seat    games.Seat    `json:"seat"`
	UserID  string        `json:"user_id,omitempty"` // empty for a computer player
	Action  string        `json:"action"`            // games.Action text form, or a lobby verb
	Events  []games.Event `json:"events,omitempty"`
	At      time.Time     `json:"at"`
}

// UserSettings are a member's own choices, the same in every server.
type UserSettings struct {
	// NoReminders: no reminder pings before a turn deadline.
	NoReminders bool `json:"no_reminders,omitempty"`
	// DMReminders: reminders come as a direct message instead of a ping
	// in the table's channel (/game reminders mode:dm).
	DMReminders bool `json:"dm_reminders,omitempty"`
	// DMPlay: the player's turns come by direct message, with their
	// private menu to play from (/game reminders mode:dm_play); reminders
	// come by direct message too (DMReminders is set with it).
	DMPlay bool `json:"dm_play,omitempty"`
	// DMRefusedTold: the player was told, once, that Discord refused
	// their turn's direct message; cleared when they choose a mode again.
	DMRefusedTold bool `json:"dm_refused_told,omitempty"`
	// DMRefusedOwed: Discord refused their turn's direct message and they
	// are still to be told why, privately, at their next interaction
	// (commands.Service.owedNote).
	DMRefusedOwed bool `json:"dm_refused_owed,omitempty"`
	// AwayUntil: a declared absence (/game vacation); turn deadlines
	// wait for the player's return, within each table's allowance.
	AwayUntil time.Time `json:"away_until,omitzero"`
}

// Errors callers branch on.
var (
	ErrNotFound    = errors.New("table not found")
	ErrConflict    = errors.New("table changed since it was read")
	ErrChannelBusy = errors.New("channel already has an active table")
	ErrCorrupt     = errors.New("stored record is corrupt")
	// ErrTooManyLobbies is CreateLobby refusing a host who has the most
	// open lobbies allowed.
	ErrTooManyLobbies = errors.New("too many open lobbies")
)

// Store is what the table service needs from storage. Every method but
// Close takes the caller's ctx first (an interaction's, the timer's):
// PostgreSQL runs its queries under it, bounded by its own timeout too,
// so a request that times out cancels them; bbolt refuses to start a
// transaction once ctx is done (one that has started is not stopped).
type Store interface {
	// Create stores a new table, assigns its ID and claims its channel.
	Create(ctx context.Context, t *Table) error
	// CreateLobby is Create for a lobby whose host may hold at most max
	// open lobbies in its server (max <= 0: no cap), counted in the same
	// transaction: ErrTooManyLobbies when they hold max already.
	CreateLobby(ctx context.Context, t *Table, max int) error
	// Get loads a table by id.
	Get(ctx context.Context, id string) (*Table, error)
	// ByChannel loads the live table of a channel or thread.
	ByChannel(ctx context.Context, channelID string) (*Table, error)
	// Update writes t if the stored version is still expect, appending
	// the log entries, and keeps the channel index in step with t.Status.
	Update(ctx context.Context, t *Table, expect int64, log ...LogEntry) error
	// Log returns a table's action log in order.
	Log(ctx context.Context, id string) ([]LogEntry, error)
	// LogTail returns the last n entries of a table's action log, in
	// order, reading only those: boards draw "what happened" from it on
	// every click. n <= 0 returns none.
	LogTail(ctx context.Context, id string, n int) ([]LogEntry, error)
	// SetAside frees channelID from a live table whose record cannot be
	// decoded, keeping the bytes for export; it returns the table id and
	// refuses (ErrReadable) a record that can be read.
	SetAside(ctx context.Context, channelID string) (string, error)
	// Raw is a table's stored bytes, even when they cannot be decoded.
	Raw(ctx context.Context, id string) ([]byte, error)
	// Due lists the tables in play whose deadline or next reminder is not
	// after now, and the lobbies created not after lobbiesBefore (zero:
	// none), from an index, without reading other tables. The caller
	// re-checks each.
	Due(ctx context.Context, now, lobbiesBefore time.Time) ([]string, error)
	// TablesOf lists the live tables of a server where userID holds a
	// seat; userID "" lists all of the server's live tables.
	TablesOf(ctx context.Context, guildID, userID string) ([]*Table, error)
	// LiveCount is how many tables are in a lobby or in play.
	LiveCount(ctx context.Context) (int, error)
	// Owing lists the ids of the tables whose outbox is not empty.
	Owing(ctx context.Context) ([]string, error)
	// OpenLobbies counts the lobbies a user hosts in a server.
	OpenLobbies(ctx context.Context, guildID, hostID string) (int, error)
	// GuildSettings loads a server's settings; the zero value when none
	// were ever set.
	GuildSettings(ctx context.Context, guildID string) (GuildSettings, error)
	// SetGuildSettings stores a server's settings; the zero value
	// removes the record.
	SetGuildSettings(ctx context.Context, guildID string, gs GuildSettings) error
	// UserSettings loads a member's own settings (all servers); the zero
	// value when none were set.
	UserSettings(ctx context.Context, userID string) (UserSettings, error)
	// SetUserSettings stores them; the zero value removes the record.
	SetUserSettings(ctx context.Context, userID string, us UserSettings) error
	// Standings are a member's standings on a server, every game.
	Standings(ctx context.Context, guildID, userID string) ([]Standing, error)
	// Leaderboard is a game's standings on a server in rank order (by
	// variant; rated players first, by rating, then wins, fewest games,
	// user id), the first limit of each variant (limit <= 0: all), read
	// from the store's rank index (bolt_rank.go, migration 0004).
	Leaderboard(ctx context.Context, guildID, game string, limit int) ([]Standing, error)
	// GameStats are a server's totals, one per game and variant.
	GameStats(ctx context.Context, guildID string) ([]GameStat, error)
	// Result is a finished table's result as tallied, with each rated
	// player's rating before and after (ResultSeat.Rating); ErrNotFound
	// when none was tallied.
	Result(ctx context.Context, tableID string) (*Result, error)
	// Ended lists the tables that are over (finished or abandoned), owe
	// Discord nothing and were last written before the given time, at
	// their current versions: what warroom archive may take out.
	Ended(ctx context.Context, before time.Time) ([]TableRef, error)
	// Remove deletes, in one transaction, each table of refs that is
	// still over, owes nothing and is at the version given (the one
	// archived), with its log and any index entry naming it; reading it
	// afterwards is ErrNotFound (bbolt: ErrArchived, which is one).
	// Results and standings stay. It returns the ids it removed; the others changed and stay.
	Remove(ctx context.Context, refs []TableRef) ([]string, error)
	// FirstInteraction records that interaction id is acted on, until
	// expires, and reports whether it is the first to: false when this
	// or another process sharing the store recorded it before (a
	// replayed request), however long ago, until ForgetInteractions.
	FirstInteraction(ctx context.Context, id string, expires time.Time) (bool, error)
	// ForgetInteractions removes the ids recorded to expire before the
	// given time.
	ForgetInteractions(ctx context.Context, before time.Time) error
	// CreateLeague stores a new league at version 1 and assigns its ID.
	CreateLeague(ctx context.Context, l *league.League) error
	// League loads a league by id; ErrLeagueNotFound when none.
	League(ctx context.Context, id string) (*league.League, error)
	// Leagues lists a server's leagues, oldest first; guildID "" lists
	// every league not done (for the round deadlines).
	Leagues(ctx context.Context, guildID string) ([]*league.League, error)
	// UpdateLeague writes l if the stored version is still expect and
	// sets l.Version to expect+1: ErrConflict when another write came
	// first, so a round is paired and a game opened by one writer only.
	UpdateLeague(ctx context.Context, l *league.League, expect int64) error
	Close() error
}
