package commands

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/turning"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// KindTurning is the "How it went" button of a finished board.
const KindTurning = "w"

// turningReport answers "How it went" privately: the chart of each side's
// chance to win after every turn and the turning points. A player gets
// the estimate from their own seat's knowledge at each point (their first
// seat if they held several), anyone else the public one; everything
// hidden from the viewer is sampled (games/turning).
func (s *Service) turningReport(req Request, l *loaded) Response {
	if l.t.Status != data.StatusFinished {
		return private(req, "turning.not_over")
	}
	if !turning.IsSupported(l.t.Game) || l.t.Seed == nil {
		return private(req, "turning.unsupported")
	}
	log, err := s.store.Log(l.t.ID)
	if err != nil {
		return s.internal(req, err)
	}
	start, moves, evs, err := replayLog(l.eng, l.t, log)
	if err != nil {
		return s.internal(req, fmt.Errorf("how it went: %w", err))
	}
	h := fnv.New64a()
	h.Write([]byte(l.t.ID))
	cfg := turning.Config{Seed: h.Sum64()} // the same report at every click
	viewer := games.Spectator
	if seats := l.t.SeatsOf(req.User.ID); len(seats) > 0 {
		viewer = seats[0]
	}
	rep, err := turning.Build(l.eng, start, moves, len(l.t.Seats), viewer, cfg)
	if err != nil {
		return s.internal(req, err)
	}
	L := i18n.For(req.Locale)
	names := make([]string, len(l.t.Seats))
	for i, st := range l.t.Seats {
		names[i] = st.Name
	}
	curves := names
	if l.eng.Info().Coop { // every seat has the team's chance: one curve
		curves = []string{L.T("turning.team")}
	}
	pic, err := render.TurningChart(L, curves, rep)
	if err != nil {
		return s.internal(req, err)
	}
	whats := map[int]string{}
	if g, ok := render.For(l.t.Game); ok {
		ctx := ctxFor(l, req.Locale, games.Spectator)
		view := l.eng.View(l.state, games.Spectator)
		for _, sw := range rep.Swings {
			whats[sw.Move] = turnLines(g, ctx, view, rep, evs, sw.Move)
		}
	}
	msg := render.Message{
		Content: render.TurningText(L, names, rep, rep.Playouts, whats),
		Files:   []render.File{{Name: "how-it-went.png", Data: pic}},
	}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// replayLog deals the game again from the table's seed and plays its log
// again (replayGame): the start and every move standing, with the state it
// led to and its events. A resignation ends it where it happened: the
// chart follows the players who played.
func replayLog(eng games.Engine, t *data.Table, log []data.LogEntry) (games.State, []turning.Move, [][]games.Event, error) {
	for i, e := range log {
		if e.Action == games.VerbResign {
			log = log[:i]
			break
		}
	}
	r, err := replayGame(eng, dealtOptions(t), len(t.Seats), t.Seed.Source(t.SeedNonce), log, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	moves := make([]turning.Move, len(r.Moves))
	evs := make([][]games.Event, len(r.Moves))
	for i, m := range r.Moves {
		moves[i], evs[i] = turning.Move{Seat: m.Entry.Seat, Action: m.Action, After: m.After}, m.Entry.Events
	}
	return r.Start, moves, evs, nil
}

// turnLines says what happened in the turn that ended with move end, in
// the journal's words: its key lines (at most two, the last ones), from
// public events only.
func turnLines(g render.Game, ctx render.Ctx, view any, rep turning.Report, evs [][]games.Event, end int) string {
	from := 0
	for k := 1; k < len(rep.Points); k++ {
		if rep.Points[k].Move == end {
			from = rep.Points[k-1].Move + 1
		}
	}
	var key []string
	for i := from; i <= end && i < len(evs); i++ {
		for _, e := range evs[i] {
			if e.Private {
				continue
			}
			if line := g.Tell(ctx, view, e); line.Key && line.Text != "" {
				// Joined by "; " below: a sentence's own full stop would
				// read ".;".
				key = append(key, strings.TrimSuffix(line.Text, "."))
			}
		}
	}
	if len(key) > 2 {
		key = key[len(key)-2:]
	}
	return strings.Join(key, "; ")
}
