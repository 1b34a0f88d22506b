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
// chance to win after every turn and the turning points. Every viewer gets
// the public estimate: the games with a report keep no per-seat secrets,
// and the estimate samples everything hidden (games/turning).
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
	rep, err := turning.Build(l.eng, start, moves, len(l.t.Seats), cfg)
	if err != nil {
		return s.internal(req, err)
	}
	L := i18n.For(req.Locale)
	names := make([]string, len(l.t.Seats))
	for i, st := range l.t.Seats {
		names[i] = st.Name
	}
	pic, err := render.TurningChart(L, names, rep)
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

// replayLog deals the game again from the table's seed and applies its
// log: the start and every move with the state it led to. A computer's
// move is chosen again, so its draws come from the source as they did. A taken-back
// move is dropped (undoable moves draw no random numbers); a resignation
// ends the replay where it happened.
func replayLog(eng games.Engine, t *data.Table, log []data.LogEntry) (games.State, []turning.Move, [][]games.Event, error) {
	rng := t.Seed.Source(t.SeedNonce) // the source as dealt (provably fair dice)
	start, err := eng.Setup(setupOptions(t), len(t.Seats), rng)
	if err != nil {
		return nil, nil, nil, err
	}
	st := start
	var moves []turning.Move
	var evs [][]games.Event
	for _, e := range log {
		switch {
		case strings.HasPrefix(e.Action, "lobby.") || e.Action == "handover" || e.Action == "abandon":
			continue
		case e.Action == games.VerbResign:
			return start, moves, evs, nil
		case e.Action == "undo":
			if len(moves) == 0 {
				return nil, nil, nil, fmt.Errorf("undo of nothing at version %d", e.Version)
			}
			moves, evs = moves[:len(moves)-1], evs[:len(evs)-1]
			st = start
			if len(moves) > 0 {
				st = moves[len(moves)-1].After
			}
			continue
		}
		a, err := games.ParseAction(e.Action)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("version %d: %w", e.Version, err)
		}
		if e.UserID == "" {
			// The computer's move (its own seat's, or a timed-out
			// player's): its choice drew from the table's source first.
			if b := eng.Bot(st, e.Seat, rng); !b.Equal(a) {
				return nil, nil, nil, fmt.Errorf("version %d: the computer now chooses %s, not %s", e.Version, b, a)
			}
		}
		ns, _, err := eng.Apply(st, e.Seat, a, rng)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("version %d %s: %w", e.Version, e.Action, err)
		}
		moves = append(moves, turning.Move{Seat: e.Seat, Action: a, After: ns})
		evs = append(evs, e.Events)
		st = ns
	}
	return start, moves, evs, nil
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
				key = append(key, line.Text)
			}
		}
	}
	if len(key) > 2 {
		key = key[len(key)-2:]
	}
	return strings.Join(key, "; ")
}
