package commands

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/turning"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// turningReport answers "How it went" privately: the chart of each side's
// chance to win after every turn and the turning points. A player gets
// the estimate from their own seat's knowledge at each point (their first
// seat if they held several), anyone else the public one; everything
// hidden from the viewer is sampled (games/turning).
func (s *Service) turningReport(ctx context.Context, req Request, l *loaded) Response {
	if l.t.Status != data.StatusFinished {
		return private(req, "turning.not_over")
	}
	if !turning.IsSupported(l.t.Game) || l.t.Seed == nil {
		return private(req, "turning.unsupported")
	}
	viewer := games.Spectator
	if seats := l.t.SeatsOf(req.User.ID); len(seats) > 0 {
		viewer = seats[0]
	}
	b, err := s.reports.get(reportKey{l.t.ID, viewer}, func() (builtReport, error) { return s.buildReport(ctx, l, viewer) })
	if err != nil {
		return s.internal(req, err)
	}
	rep, evs := b.rep, b.evs
	L := i18n.For(req.Locale)
	names := make([]string, len(l.t.Seats))
	for i, st := range l.t.Seats {
		names[i] = st.Name
	}
	curves := names
	if l.eng.Info().Coop { // every seat has the team's chance: one curve
		curves = []string{L.T("turning.team")}
	}
	// The three largest swings with something to tell, in turn order.
	whats := map[int]string{}
	if g, ok := s.mods.Renderer(l.t.Game); ok {
		rc := ctxFor(l, req.Locale, games.Spectator)
		view := l.eng.View(l.state, games.Spectator)
		for _, sw := range rep.Swings {
			whats[sw.Move] = turnLines(g, rc, view, rep, evs, sw.Move)
		}
	}
	rep.Swings = rep.Top(turningPoints, func(sw turning.Swing) bool { return whats[sw.Move] != "" })
	pic, err := render.TurningChart(L, curves, rep)
	if err != nil {
		return s.internal(req, err)
	}
	msg := render.Message{
		Content: render.TurningText(L, names, rep, rep.Playouts, whats),
		Files:   []render.File{{Name: "how-it-went.png", Data: pic}},
	}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// turningPoints is how many swings "How it went" tells.
const turningPoints = 3

// buildReport replays the finished table l from its seed and estimates
// its chances as viewer could have: the report and each move's events.
func (s *Service) buildReport(ctx context.Context, l *loaded, viewer games.Seat) (builtReport, error) {
	log, err := s.store.Log(ctx, l.t.ID)
	if err != nil {
		return builtReport{}, err
	}
	start, moves, evs, err := replayLog(l.eng, l.t, log)
	if err != nil {
		return builtReport{}, fmt.Errorf("how it went: %w", err)
	}
	h := fnv.New64a()
	h.Write([]byte(l.t.ID))
	cfg := turning.Config{Seed: h.Sum64(), Budget: s.reportBudget} // the same report at every click
	rep, err := turning.Build(l.eng, start, moves, len(l.t.Seats), viewer, cfg)
	return builtReport{rep, evs}, err
}

// reportCache keeps the last reports built. A finished game's report
// for one viewer never changes (its seed, log and sampling are fixed),
// and one costs seconds of both cores, so another click - or a spam of
// them - reads it here. Clicks on one table are serialised by its lock,
// so no report is built twice at once.
type reportCache struct {
	mu     sync.Mutex
	byKey  map[reportKey]builtReport
	order  []reportKey // oldest first
	builds int         // reports built, for tests
}

// keptReports bounds the cache: a report with its events is tens of KB.
const keptReports = 32

type reportKey struct {
	table  string
	viewer games.Seat
}

type builtReport struct {
	rep turning.Report
	evs [][]games.Event
}

// get is key's report, built by build unless kept. A failed build is
// not kept.
func (c *reportCache) get(key reportKey, build func() (builtReport, error)) (builtReport, error) {
	c.mu.Lock()
	b, ok := c.byKey[key]
	c.mu.Unlock()
	if ok {
		return b, nil
	}
	b, err := build()
	if err != nil {
		return b, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.builds++
	if c.byKey == nil {
		c.byKey = map[reportKey]builtReport{}
	}
	if _, ok := c.byKey[key]; !ok {
		c.order = append(c.order, key)
	}
	c.byKey[key] = b
	for len(c.order) > keptReports {
		delete(c.byKey, c.order[0])
		c.order = c.order[1:]
	}
	return b, nil
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
// the journal's words: its key lines (at most two, the last ones), else
// its last two other lines, from public events only; "" for a turn that
// showed nothing public.
func turnLines(g render.Game, rc render.Audience, view any, rep turning.Report, evs [][]games.Event, end int) string {
	from := 0
	for k := 1; k < len(rep.Points); k++ {
		if rep.Points[k].Move == end {
			from = rep.Points[k-1].Move + 1
		}
	}
	var key, other []string
	for i := from; i <= end && i < len(evs); i++ {
		for _, e := range evs[i] {
			if e.Private {
				continue
			}
			// Joined by "; " below: a sentence's own full stop would
			// read ".;".
			switch line := g.Tell(rc, view, e); {
			case line.Text == "":
			case line.Key:
				key = append(key, strings.TrimSuffix(line.Text, "."))
			default:
				other = append(other, strings.TrimSuffix(line.Text, "."))
			}
		}
	}
	if len(key) == 0 { // a turn of minor lines: its last ones
		key = other
	}
	if len(key) > 2 {
		key = key[len(key)-2:]
	}
	return strings.Join(key, "; ")
}
