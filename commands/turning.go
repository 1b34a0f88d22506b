package commands

import (
	"encoding/json"
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
	if !turning.IsSupported(l.t.Game) || l.t.Origin == nil {
		return private(req, "turning.unsupported")
	}
	log, err := s.store.Log(l.t.ID)
	if err != nil {
		return s.internal(req, err)
	}
	start, moves, err := replayLog(l.eng, l.t, log)
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
	msg := render.Message{
		Content: render.TurningText(L, names, rep, rep.Playouts),
		Files:   []render.File{{Name: "how-it-went.png", Data: pic}},
	}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// replayLog deals the game again from the table's origin and applies its
// log: the start and every move with the state it led to. A computer's
// move is chosen again, so its draws come from the source as they did. A taken-back
// move is dropped (undoable moves draw no random numbers); a resignation
// ends the replay where it happened.
func replayLog(eng games.Engine, t *data.Table, log []data.LogEntry) (games.State, []turning.Move, error) {
	rng, err := clonePCG(t.Origin)
	if err != nil {
		return nil, nil, err
	}
	start, err := eng.Setup(setupOptions(t), len(t.Seats), rng)
	if err != nil {
		return nil, nil, err
	}
	st := start
	var moves []turning.Move
	for _, e := range log {
		switch {
		case strings.HasPrefix(e.Action, "lobby.") || e.Action == "handover" || e.Action == "abandon":
			continue
		case e.Action == games.VerbResign:
			return start, moves, nil
		case e.Action == "undo":
			if len(moves) == 0 {
				return nil, nil, fmt.Errorf("undo of nothing at version %d", e.Version)
			}
			moves = moves[:len(moves)-1]
			st = start
			if len(moves) > 0 {
				st = moves[len(moves)-1].After
			}
			continue
		}
		a, err := games.ParseAction(e.Action)
		if err != nil {
			return nil, nil, fmt.Errorf("version %d: %w", e.Version, err)
		}
		if e.UserID == "" {
			// The computer's move (its own seat's, or a timed-out
			// player's): its choice drew from the table's source first.
			if b := eng.Bot(st, e.Seat, rng); !b.Equal(a) {
				return nil, nil, fmt.Errorf("version %d: the computer now chooses %s, not %s", e.Version, b, a)
			}
		}
		ns, _, err := eng.Apply(st, e.Seat, a, rng)
		if err != nil {
			return nil, nil, fmt.Errorf("version %d %s: %w", e.Version, e.Action, err)
		}
		moves = append(moves, turning.Move{Seat: e.Seat, Action: a, After: ns})
		st = ns
	}
	return start, moves, nil
}

// clonePCG copies a random source through its JSON form.
func clonePCG(p *games.PCG) (*games.PCG, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	var c games.PCG
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, err
	}
	return &c, nil
}
