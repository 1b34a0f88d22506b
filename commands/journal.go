package commands

import (
	"context"
	"strconv"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// records is a table's action log as its game journal: the moves made
// since the game began (lobby entries are not moves), with the verb only,
// since an action's arguments can be hidden (a secret placement).
func records(log []data.LogEntry) []games.Record {
	out := make([]games.Record, 0, len(log))
	for _, e := range log {
		if strings.HasPrefix(e.Action, "lobby.") || e.Action == "abandon" {
			continue
		}
		verb := e.Action
		if a, err := games.ParseAction(e.Action); err == nil {
			verb = a.Verb
		}
		out = append(out, games.Record{Seq: e.Version, Seat: e.Seat, By: e.UserID, Verb: verb, Events: e.Events})
	}
	return out
}

// journalRead is how many log entries a "What happened" click reads
// first: a few turns of every seat.
const journalRead = 64

// journal answers "What happened" privately. A seated player gets every
// move since their own last one, with the events their seats may see
// (their private ones included, nobody else's); anyone else gets the
// public events since the last move of the player now to act. A payload
// asks for the page of older moves up to that version.
func (s *Service) journal(ctx context.Context, req Request, l *loaded, id CustomID) Response {
	if (l.t.Status != data.StatusPlaying && l.t.Status != data.StatusFinished) || l.state == nil {
		return private(req, "core.err.not_playing")
	}
	g, ok := s.mods.Renderer(l.t.Game)
	if !ok {
		return private(req, "core.err.unknown_game")
	}
	seats := l.t.SeatsOf(req.User.ID)
	viewer := games.Spectator
	dr := render.DigestRequest{Game: g, IDs: l.ids()}
	if len(seats) > 0 {
		viewer = seats[0]
	}
	// The log's end, longer until it holds where the digest starts (or
	// is the whole log): a click reads about what it shows. games.Since
	// over a tail is Since over the whole log from there on.
	var recs []games.Record
	var after int64
	for n := journalRead; ; n *= 8 {
		log, err := s.store.LogTail(ctx, l.t.ID, n)
		if err != nil {
			return s.internal(req, err)
		}
		whole := len(log) < n
		recs = records(log)
		dr.Since = ""
		if len(seats) > 0 {
			after = games.LastBy(recs, req.User.ID)
		} else {
			var who games.Seat
			after, who = publicSince(l, recs)
			if after > 0 {
				dr.Since = l.t.Seats[who].Name
			}
		}
		if after == 0 {
			dr.Since = render.Start
		}
		dr.Records = games.Since(recs, seats, after)
		last := len(dr.Records) == 0 && id.Payload == "" && after > 0
		if last {
			// Nothing since: the last stretch of moves instead (the
			// player's own, which may have ended the game), rather than
			// an empty page.
			all := games.Since(recs, seats, 0)
			k := len(all)
			for k > 0 && all[k-1].Seat == all[len(all)-1].Seat && (all[k-1].By == "") == (all[len(all)-1].By == "") {
				k--
			}
			dr.Records, dr.Since = all[k:], render.Last
			last = k == 0 // the stretch may go on before the tail
		}
		if whole || after > 0 && !last && len(log) > 0 && after >= log[0].Version {
			break
		}
	}
	if id.Payload != "" {
		before, _ := strconv.ParseInt(id.Payload, 10, 64)
		n := 0
		for n < len(dr.Records) && dr.Records[n].Seq <= before {
			n++
		}
		dr.Records, dr.Earlier = dr.Records[:n], true
	}
	for _, st := range l.t.Seats {
		dr.Bots = append(dr.Bots, st.Bot)
	}
	dr.View = l.eng.View(l.state, viewer)
	msg := render.Digest(ctxFor(l, req.Locale, viewer), dr)
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// publicSince is where the public digest starts: where the digest of the
// player the board pings starts (their last move in a seat now to act,
// or the beginning), or, with nobody to ping, after the last move anyone
// made; 0 for the beginning.
func publicSince(l *loaded, recs []games.Record) (int64, games.Seat) {
	humans := map[games.Seat]bool{}
	if !l.eng.Outcome(l.state).Done {
		for _, a := range l.eng.Active(l.state) {
			if int(a) < len(l.t.Seats) && !l.t.Seats[a].Bot {
				humans[a] = true
			}
		}
	}
	for i := len(recs) - 1; i >= 0; i-- {
		r := recs[i]
		if r.By == "" || int(r.Seat) < 0 || int(r.Seat) >= len(l.t.Seats) {
			continue
		}
		if len(humans) == 0 || humans[r.Seat] && r.By == l.t.Seats[r.Seat].UserID {
			return r.Seq, r.Seat
		}
	}
	return 0, 0
}
