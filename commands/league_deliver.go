package commands

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/league"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// PublicThreads is a Courier that opens public threads: each league game
// plays in one under the league's channel, where anyone may watch
// (developers/resources/channel.mdx, "Start Thread without Message",
// type 11 PUBLIC_THREAD). Like OpenThread it is idempotent by name.
type PublicThreads interface {
	OpenPublicThread(ctx context.Context, guildID, channelID, name string) (threadID string, err error)
}

// permPublicThreads: a league opens a public thread for each game.
var permPublicThreads = permission{discordgo.PermissionCreatePublicThreads, "create_public_threads"}

// inFlight marks the leagues this process is delivering, and those asked
// for again while they were: a delivery that finds the league already
// running leaves it to the running one, which must then look once more,
// or an effect owed after its last read would wait for the timer.
type inFlight struct {
	mu    sync.Mutex
	ids   map[string]bool
	again map[string]bool
}

// begin marks id; false when it was marked already (the running delivery
// is asked to look again).
func (f *inFlight) begin(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ids[id] {
		f.again[id] = true
		return false
	}
	if f.ids == nil {
		f.ids, f.again = map[string]bool{}, map[string]bool{}
	}
	f.ids[id] = true
	return true
}

// end unmarks id and reports true, or, when a delivery was asked for
// meanwhile, keeps it marked and reports false: run again.
func (f *inFlight) end(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.again[id] {
		delete(f.again, id)
		return false
	}
	delete(f.ids, id)
	return true
}

// drop unmarks id whatever was asked for (a delivery that failed: the
// timer retries it).
func (f *inFlight) drop(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.ids, id)
	delete(f.again, id)
}

// maxLeagueEffects bounds one delivery's effects (a round of 20 games
// owes about 25).
const maxLeagueEffects = 200

// DeliverLeague carries a league's owed effects to Discord, oldest
// first, each removed from the record once done. Every effect may be
// carried twice without harm (posts carry a nonce, threads are found by
// name, a table is claimed by its thread), so replicas need no lock: the
// league's version decides whose record stands. In one process a second
// delivery of the same league leaves it to the first, which looks again.
func (s *Service) DeliverLeague(ctx context.Context, id string, c Courier) error {
	if !s.leagueRuns.begin(id) {
		return nil
	}
	for {
		if err := s.deliverLeagueOwed(ctx, id, c); err != nil {
			s.leagueRuns.drop(id)
			return err
		}
		if s.leagueRuns.end(id) {
			return nil
		}
	}
}

// deliverLeagueOwed carries what the league owes now.
func (s *Service) deliverLeagueOwed(ctx context.Context, id string, c Courier) error {
	for range maxLeagueEffects {
		l, err := s.store.League(ctx, id)
		if err != nil || len(l.Owed) == 0 {
			return err
		}
		e := l.Owed[0]
		err = s.deliverLeague(ctx, l, e, c)
		switch {
		case errors.Is(err, data.ErrConflict):
			continue // written meanwhile: read it again
		case errors.Is(err, ErrGone), errors.Is(err, ErrRefused):
			s.log.Error().Err(err).Str("league", id).Str("effect", e.Kind).Msg("owed league effect dropped")
		case err != nil:
			return err
		}
		if err := s.leagueDelivered(ctx, l, e); err != nil && !errors.Is(err, data.ErrConflict) {
			return err
		}
	}
	return nil
}

// leagueDelivered takes effect e off the league's record, with the message id
// its delivery recorded in l. A change written meanwhile (a Join clicked
// while the league message was being posted) is read again and kept:
// writing l over it would fail, and losing the id would post the league
// message a second time, leaving the first one, which the players have
// clicked, never redrawn.
func (s *Service) leagueDelivered(ctx context.Context, l *league.League, e league.Effect) error {
	return s.changeLeague(ctx, l.ID, func(now *league.League) error {
		if now.MessageID == "" {
			now.MessageID = l.MessageID
		}
		now.Owed = slices.DeleteFunc(now.Owed, func(o league.Effect) bool { return o.Seq == e.Seq })
		return nil
	})
}

// deliverLeague carries one effect; it may record what it made (the
// league message's id, a thread, a table) in l.
func (s *Service) deliverLeague(ctx context.Context, l *league.League, e league.Effect, c Courier) error {
	rc := render.Audience{L: i18n.For(l.Locale)}
	switch e.Kind {
	case leagueMessage:
		msg := render.League(rc, l, leagueButtons(l))
		if l.MessageID != "" {
			err := c.Edit(ctx, l.ChannelID, l.MessageID, msg)
			if !errors.Is(err, ErrGone) {
				return err
			}
		}
		id, err := c.Post(ctx, l.ChannelID, msg, leagueNonce(l, e))
		if err == nil {
			l.MessageID = id
		}
		return err
	case leagueAnnounce:
		_, err := c.Post(ctx, l.ChannelID, announcement(rc, l, e.Round), leagueNonce(l, e))
		return err
	case leagueOpen:
		return s.openPairing(ctx, l, e.Round, e.Board, c)
	case leagueClose:
		return s.closePairing(ctx, l, e, c)
	}
	return fmt.Errorf("%w: unknown league effect %q", ErrRefused, e.Kind)
}

// leagueNonce makes a retried post return the first message.
func leagueNonce(l *league.League, e league.Effect) string {
	return fmt.Sprintf("%s.%d", l.ID, e.Seq)
}

// leagueButtons: Join, Leave and Start while open; Leave (drop out)
// while running; none once done.
func leagueButtons(l *league.League) render.LeagueButtons {
	id := func(verb string) string { return leaguePrefix + l.ID + ":" + verb }
	switch l.Status {
	case league.StatusOpen:
		return render.LeagueButtons{Join: id("join"), Leave: id("leave"), Start: id("start")}
	case league.StatusRunning:
		return render.LeagueButtons{Leave: id("leave")}
	}
	return render.LeagueButtons{}
}

// announcement pings the players: round (from 0) is paired, or, for -1,
// the league is over and who came first.
func announcement(rc render.Audience, l *league.League, round int) render.Message {
	var who []string
	everyone := l.Order
	if len(everyone) == 0 { // cancelled before it started
		everyone = l.Players
	}
	for _, u := range everyone {
		if !l.IsDropped(u) || round < 0 {
			who = append(who, u)
		}
	}
	game := render.GameName(rc, l.Game)
	all := strings.Join(mentionList(who), " ")
	text := rc.T("league.round_paired", "Who", all, "Round", round+1, "Rounds", l.Rounds, "Game", game)
	switch {
	case round < 0 && l.Status == league.StatusCancelled:
		text = rc.T("league.cancelled_note", "Who", all, "Game", game, "By", "<@"+l.CancelledBy+">")
	case round < 0:
		text = rc.T("league.over", "Who", all, "Game", game, "Winner", "<@"+l.Winner()+">")
	}
	return render.Fit(render.Message{Content: text, Mentions: who})
}

func mentionList(users []string) []string {
	out := make([]string, len(users))
	for i, u := range users {
		out[i] = "<@" + u + ">"
	}
	return out
}

// openPairing opens a pairing's public thread, recording it in the
// league before anything goes into it, then its table, recorded the
// same way while still a lobby, and only then starts the game. A crash
// between the steps repeats only the step not recorded: the thread is
// found again by its name, the lobby by its thread (one live table a
// channel). A lobby cannot end with a result, so no game can end before
// the league knows its table, and a retry never opens a second one.
func (s *Service) openPairing(ctx context.Context, l *league.League, round, board int, c Courier) error {
	p := &l.RoundList[round].Pairings[board]
	if l.Status != league.StatusRunning || p.Result != league.Pending && p.Table == "" {
		return nil // cancelled, or decided before it opened: a dropout
	}
	if p.Thread == "" {
		opener, ok := c.(PublicThreads)
		if !ok {
			return fmt.Errorf("%w: this courier opens no public threads", ErrRefused)
		}
		rc := render.Audience{L: i18n.For(l.Locale)}
		name := rc.T("league.thread_name", "League", l.ID, "Round", round+1, "A", l.Names[p.A], "B", l.Names[p.B])
		th, err := opener.OpenPublicThread(ctx, l.GuildID, l.ChannelID, render.Clip(name, 100))
		if err != nil {
			return err
		}
		p.Thread = th
		if err := s.recordThread(ctx, l, round, board, c); err != nil {
			return err
		}
	}
	if p.Table == "" {
		id, err := s.leagueLobby(ctx, l, round, *p)
		if err != nil {
			return err
		}
		p.Table = id
		if err := s.store.UpdateLeague(ctx, l, l.Version); err != nil {
			return err
		}
	}
	if p.Result != league.Pending {
		return nil // decided meanwhile: its close is owed
	}
	if err := s.Deliver(ctx, p.Table, c); err != nil {
		return err
	}
	if err := s.startLeagueTable(ctx, p.Table, l); err != nil {
		return err
	}
	return s.Deliver(ctx, p.Table, c)
}

// recordThread records the thread just opened for a pairing. When
// another replica opened and recorded its own meanwhile, ours stays
// empty: it is archived, out of the channel's active threads. Deleting
// it would need Manage Threads, which the bot does not ask for; its own
// thread it archives without (developers/topics/threads.mdx,
// "Permissions"; developers/resources/channel.mdx, "Delete/Close
// Channel"). The conflict still goes back to the caller, to read again.
func (s *Service) recordThread(ctx context.Context, l *league.League, round, board int, c Courier) error {
	ours := l.RoundList[round].Pairings[board].Thread
	err := s.store.UpdateLeague(ctx, l, l.Version)
	if !errors.Is(err, data.ErrConflict) {
		return err
	}
	now, rerr := s.store.League(ctx, l.ID)
	if rerr != nil || round >= len(now.RoundList) {
		return err
	}
	if th := now.RoundList[round].Pairings[board].Thread; th != "" && th != ours {
		if aerr := c.Archive(ctx, ours); aerr != nil {
			s.log.Warn().Err(aerr).Str("league", l.ID).Str("thread", ours).Msg("orphan league thread left open")
		}
	}
	return err
}

// leagueLobby creates the pairing's table in its thread as a lobby, the
// first player in the first seat, owing a welcome that pings both
// players, or finds the one made before a crash. It returns its id.
func (s *Service) leagueLobby(ctx context.Context, l *league.League, round int, p league.Pairing) (string, error) {
	rc := render.Audience{L: i18n.For(l.Locale)}
	welcome := rc.T("league.thread_welcome", "A", "<@"+p.A+">", "B", "<@"+p.B+">", "Round", round+1, "Game", render.GameName(rc, l.Game))
	t := &data.Table{
		Game: l.Game, Options: games.Options(maps.Clone(l.Options)), HostID: l.CreatorID, GuildID: l.GuildID,
		ChannelID: p.Thread, Locale: l.Locale, Status: data.StatusLobby, League: l.ID,
		Seats: []data.Seat{{UserID: p.A, Name: l.Names[p.A]}, {UserID: p.B, Name: l.Names[p.B]}},
	}
	s.seed(t)
	t.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectNotice, Text: welcome, Mention: []string{p.A, p.B}}, data.Effect{Kind: data.EffectBoard})
	err := s.store.Create(ctx, t)
	if errors.Is(err, data.ErrChannelBusy) { // made before a crash: the thread's table is ours
		var old *data.Table
		if old, err = s.store.ByChannel(ctx, p.Thread); err == nil && old.League != l.ID {
			err = fmt.Errorf("thread %s holds table %s of another league", p.Thread, old.ID)
		}
		t = old
	}
	if err != nil {
		return "", err
	}
	return t.ID, nil
}

// startLeagueTable starts a league table still in its lobby, as its
// creator would with Start.
func (s *Service) startLeagueTable(ctx context.Context, id string, l *league.League) error {
	unlock := s.lock(id)
	defer unlock()
	ld, err := s.load(ctx, id)
	if err != nil || ld.t.Status != data.StatusLobby {
		return err
	}
	req := Request{User: User{ID: l.CreatorID}, Locale: l.Locale, GuildID: l.GuildID, ChannelID: ld.t.ChannelID}
	if resp := s.start(ctx, req, ld); resp.Table == "" {
		// Another replica may have started it first (a conflict).
		if t, err := s.store.Get(ctx, id); err == nil && t.Status != data.StatusLobby {
			return nil
		}
		return fmt.Errorf("league table %s did not start: %s", id, resp.Reply.Message.Content)
	}
	return nil
}

// closePairing ends the table of a game decided without it (a dropout's
// forfeit, the round's deadline) in the name of the player who lost,
// saying in the thread what decided it.
func (s *Service) closePairing(ctx context.Context, l *league.League, e league.Effect, c Courier) error {
	p := l.RoundList[e.Round].Pairings[e.Board]
	loser := p.A
	if p.Result == league.WinA {
		loser = p.B
	}
	key := "league.closed_forfeit"
	switch {
	case p.Result == league.Pending: // the league was cancelled
		loser, key = l.CancelledBy, "league.closed_cancelled"
	case p.By == league.ByDeadline:
		key = "league.closed_deadline"
	}
	closed, err := s.closeLeagueTable(ctx, p.Table, loser, key)
	if err != nil || !closed {
		return err
	}
	return s.Deliver(ctx, p.Table, c)
}

// closeLeagueTable ends a live league table in userID's name, telling
// its thread why by key (its Who is userID); false when it is over
// already. It looks before it locks: a game's own end delivers its
// league under the table's lock, and finds its table over here.
func (s *Service) closeLeagueTable(ctx context.Context, id, userID, key string) (bool, error) {
	if t, err := s.store.Get(ctx, id); err != nil || !t.Live() {
		return false, err
	}
	unlock := s.lock(id)
	defer unlock()
	ld, err := s.load(ctx, id)
	if err != nil || !ld.t.Live() {
		return false, err
	}
	req := Request{User: User{ID: userID}, GuildID: ld.t.GuildID, ChannelID: ld.t.ChannelID, Locale: ld.t.Locale}
	if resp := s.closeTable(ctx, req, ld, key, "Who", "<@"+userID+">"); resp.Table == "" {
		return false, fmt.Errorf("league table %s not closed", id)
	}
	return true, nil
}

// leagueResult is a league table's game-end hook (data.EffectLeague,
// owed by the move that ends the game): the result goes into the
// league, the next round is paired when this one is complete, and the
// league's owed effects are delivered. A repeat records nothing.
func (s *Service) leagueResult(ctx context.Context, t *data.Table, c Courier) error {
	if t.Result == nil {
		return nil
	}
	now := s.Now().UTC()
	err := s.changeLeague(ctx, t.League, func(l *league.League) error {
		ok, err := l.Record(t.ID, winnerOf(t.Result), league.ByPlay)
		if err != nil || !ok {
			return errNoChange // decided already (deadline, dropout), or another round's
		}
		l.Owe(now, league.Effect{Kind: leagueMessage})
		return advance(l, now)
	})
	if err != nil && !errors.Is(err, errNoChange) {
		return err
	}
	return s.DeliverLeague(ctx, t.League, c)
}

// winnerOf is a two-player result's one winner, or "" for a draw.
func winnerOf(r *data.Result) string {
	winner := ""
	var won []string
	for _, st := range r.Seats {
		if st.Won {
			won = append(won, st.UserID)
		}
	}
	if len(won) == 1 {
		winner = won[0]
	}
	return winner
}

// LeagueTick is the timer's work for leagues: once a round's deadline
// has passed, every tick decides its games still unfinished by the
// league's rule (a game abandoned after the first tick must end the
// round too), and delivers what that owes. Otherwise it delivers a
// league whose first owed effect is overdue (due, as for tables).
func (s *Service) LeagueTick(ctx context.Context, due Overdue, c Courier) error {
	now := due.Now
	ls, err := s.store.Leagues(ctx, "")
	if err != nil {
		return err
	}
	var first error
	for _, l := range ls {
		decided := false
		if pastDeadline(l, now) {
			err = s.changeLeague(ctx, l.ID, func(l *league.League) error { return s.decideRound(ctx, l, now) })
			decided = err == nil
			if errors.Is(err, errNoChange) { // nothing to decide, or another replica did
				err = nil
			}
		}
		if err == nil && (decided || len(l.Owed) > 0 && due.Of(l.Owed[0].At)) {
			err = s.DeliverLeague(ctx, l.ID, c)
		}
		if err != nil && first == nil {
			first = err
		}
		err = nil
	}
	return first
}

// pastDeadline: l runs a round with games unfinished at its deadline.
func pastDeadline(l *league.League, now time.Time) bool {
	r := l.Current()
	return l.Status == league.StatusRunning && r != nil && !r.Deadline.IsZero() && !now.Before(r.Deadline) && !l.RoundComplete()
}

// decideRound applies the deadline rule to the current round's
// unfinished games: under loss_to_mover each is lost by the player to
// move (its table is closed); under play_out they go on to their end.
// Under either, a game whose table was abandoned (no result) counts for
// neither player, so the round can end. It runs at every tick after the
// deadline and changes nothing (errNoChange) when nothing was decided.
func (s *Service) decideRound(ctx context.Context, l *league.League, now time.Time) error {
	r := l.Current()
	if r == nil || l.RoundComplete() {
		return errNoChange
	}
	changed := !r.Decided
	r.Decided = true
	for b, p := range r.Pairings {
		if p.Result != league.Pending || p.Table == "" {
			continue
		}
		decided, err := s.decideGame(ctx, l, b, now)
		if err != nil {
			return err
		}
		changed = changed || decided
	}
	if !changed {
		return errNoChange
	}
	l.Owe(now, league.Effect{Kind: leagueMessage})
	return advance(l, now)
}

// decideGame applies the deadline rule to the current round's
// unfinished game on board b; false when it plays on.
func (s *Service) decideGame(ctx context.Context, l *league.League, b int, now time.Time) (bool, error) {
	r := l.Current()
	p := r.Pairings[b]
	ld, err := s.load(ctx, p.Table)
	if err != nil {
		return false, err
	}
	if ld.t.Status == data.StatusFinished && ld.t.Result != nil {
		// Played to its end, its result never reached the league (an
		// older replica dropped the effect): taken from the table.
		return l.Record(p.Table, winnerOf(ld.t.Result), league.ByPlay)
	}
	mover, live := moverOf(ld)
	switch {
	case !live:
		r.Pairings[b].Result, r.Pairings[b].By = league.Neither, league.ByDeadline
		return true, nil
	case l.Deadline != league.LossToMover || mover == "":
		return false, nil // played out, or not one player to move: it plays on
	}
	winner := p.A
	if mover == p.A {
		winner = p.B
	}
	if _, err := l.Record(p.Table, winner, league.ByDeadline); err != nil {
		return false, err
	}
	l.Owe(now, league.Effect{Kind: leagueClose, Round: len(l.RoundList) - 1, Board: b})
	return true, nil
}

// moverOf is the player to act at a two-player table ("" when both
// act), and whether the table is still live; an abandoned one is not.
func moverOf(ld *loaded) (string, bool) {
	if ld.t.Status == data.StatusAbandoned {
		return "", false
	}
	if ld.t.Status != data.StatusPlaying {
		return "", true // a lobby about to start
	}
	active := ld.eng.Active(ld.state)
	if len(active) != 1 || int(active[0]) >= len(ld.t.Seats) {
		return "", true
	}
	return ld.t.Seats[active[0]].UserID, true
}
