// Package turning estimates, along a finished game, each side's chance to
// win after every turn, by random playouts from that point (games.Playout),
// and names the moves that swung it most: the "How it went" report.
//
// An estimate uses only what its viewer may know: a player's own view, a
// spectator's the public one. Each playout starts from a determinization
// for that viewer (games.Engine.Determinize): a twin with every fact
// hidden from the viewer drawn at random. It depends on what the viewer
// sees and the random numbers alone, never on the hidden truth (the
// secrecy test here checks it), so two states a viewer cannot tell apart
// get the same numbers for the same seed. Playouts follow the game's
// Rollout policy where it has one (games.Rollout), else random play.
package turning

import (
	"fmt"
	"runtime"
	"slices"
	"sort"
	"sync"

	"github.com/warroom/warroom/games"
)

// Supported lists the games with a report: engines fast enough for a
// whole game's estimate in seconds (a Playouter, and a Rollouter where
// random play says little), whose Determinize draws what a viewer cannot
// see from that viewer's view alone, and whose playouts tell sides apart.
// Blindaż's random playouts never win (0 of 2,000 from the start at 1-4
// seats), so its estimates use its Rollout (the computer soldiers' policy
// with some noise), which wins 40-70% from the start. Flames of War has
// none: its battle is fought on a real table, and a playout would invent
// it (games/fow ruling 24).
var Supported = []string{"flanders", "trenches", "frontline", "blindaz"}

// IsSupported reports whether game has a report.
func IsSupported(game string) bool { return slices.Contains(Supported, game) }

// DefaultBudget is a report's playouts: about a second of both cores for
// a whole In Flanders Field game (BenchmarkBuild), inside the few seconds
// a "How it went" click may take.
const DefaultBudget = 24000

// Config bounds the work. Zero values take the defaults.
type Config struct {
	// Playouts per point (default 400); Budget caps the playouts of a
	// whole report (default DefaultBudget), lowering the per-point number
	// for long games, never below 32.
	Playouts, Budget int
	// MaxSteps bounds one playout (default 5000).
	MaxSteps int
	// Seed fixes the sampling, so the same game gives the same report.
	Seed uint64
	// Workers run points in parallel (default GOMAXPROCS).
	Workers int
}

func (c *Config) defaults(points int) {
	if c.Playouts <= 0 {
		c.Playouts = 400
	}
	if c.Budget <= 0 {
		c.Budget = DefaultBudget
	}
	if points > 0 && c.Playouts*points > c.Budget {
		c.Playouts = max(c.Budget/points, 32)
	}
	if c.MaxSteps <= 0 {
		c.MaxSteps = 5000
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
}

// Estimate is each seat's share of won playouts from s, n playouts
// drawing from r, each from a fresh determinization for viewer. A seat
// among several winners counts a win; in a co-op game every seat has the
// team's chance.
func Estimate(e games.Engine, s games.State, viewer games.Seat, seats, n, maxSteps int, r games.Rand) ([]float64, error) {
	won := make([]float64, seats)
	if o := e.Outcome(s); o.Done { // nothing left to chance
		for _, w := range o.Winners {
			if int(w) < seats {
				won[w] = 1
			}
		}
		return won, nil
	}
	for range n {
		twin, _ := e.Determinize(s, viewer, r)
		o, err := games.Rollout(e, twin, r, maxSteps)
		if err != nil {
			return nil, err
		}
		for _, w := range o.Winners {
			if int(w) < seats {
				won[w]++
			}
		}
	}
	for i := range won {
		won[i] /= float64(n)
	}
	return won, nil
}

// Move is one move of the game and the state it led to.
type Move struct {
	Seat   games.Seat
	Action games.Action
	After  games.State
}

// Point is the estimate after a turn: Move is the index of the turn's last
// move (-1 for the start), Chances each seat's chance to win.
type Point struct {
	Move    int
	Chances []float64
}

// Swing is a move that changed the chances: Delta is the change of the
// moving seat's chance (for a co-op game, the team's).
type Swing struct {
	Move  int
	Seat  games.Seat
	Delta float64
}

// Report is a game's curve and its largest swings.
type Report struct {
	Seats    int
	Viewer   games.Seat // whose knowledge the estimates use (Spectator: public)
	Playouts int        // per point
	Points   []Point
	// Swings are every turn that changed its mover's chance, largest
	// first (ties: the earlier turn); Top picks the ones to tell.
	Swings []Swing
}

// Top is the n largest swings that keep accepts (nil: all), in turn
// order: the report's turning points as a story, each one a turn that
// has something to tell (keep), never an empty line.
func (r Report) Top(n int, keep func(Swing) bool) []Swing {
	var out []Swing
	for _, sw := range r.Swings {
		if len(out) < n && (keep == nil || keep(sw)) {
			out = append(out, sw)
		}
	}
	slices.SortFunc(out, func(a, b Swing) int { return a.Move - b.Move })
	return out
}

// TurnEnds are the indexes of the moves that end a turn: a move after
// which another seat moves, and the last. A solo game's turns are its
// moves.
func TurnEnds(moves []Move, seats int) []int {
	var out []int
	for i := range moves {
		if i == len(moves)-1 || seats == 1 || moves[i+1].Seat != moves[i].Seat {
			out = append(out, i)
		}
	}
	return out
}

// Build estimates the chances at the start and after every turn of a game
// of seats seats that began in start and went through moves, as viewer
// (a seat, or games.Spectator) could have estimated them at each point.
func Build(e games.Engine, start games.State, moves []Move, seats int, viewer games.Seat, cfg Config) (Report, error) {
	if !IsSupported(e.Info().ID) {
		return Report{}, fmt.Errorf("turning: no report for %s", e.Info().ID)
	}
	ends := TurnEnds(moves, seats)
	states := []games.State{start}
	idx := []int{-1}
	for _, i := range ends {
		states = append(states, moves[i].After)
		idx = append(idx, i)
	}
	if cfg.Budget <= 0 {
		cfg.Budget = e.Info().ReportPlayouts // 0, the default, for most
	}
	cfg.defaults(len(states))
	rep := Report{Seats: seats, Viewer: viewer, Playouts: cfg.Playouts, Points: make([]Point, len(states))}
	errs := make([]error, len(states))
	var wg sync.WaitGroup
	next := make(chan int)
	for range cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				// Each point its own source: the same report whatever
				// the workers' order.
				c, err := Estimate(e, states[k], viewer, seats, cfg.Playouts, cfg.MaxSteps, games.NewPCG(cfg.Seed, uint64(k)))
				rep.Points[k], errs[k] = Point{Move: idx[k], Chances: c}, err
			}
		}()
	}
	for k := range states {
		next <- k
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return Report{}, err
		}
	}
	rep.Swings = swings(rep.Points, moves)
	return rep, nil
}

// swings are the turns that changed the mover's chance, largest first,
// each named by the turn's last move. Ties go to the earlier turn.
func swings(pts []Point, moves []Move) []Swing {
	var out []Swing
	for k := 1; k < len(pts); k++ {
		m := moves[pts[k].Move]
		seat := int(m.Seat)
		if seat < 0 || seat >= len(pts[k].Chances) {
			continue
		}
		d := pts[k].Chances[seat] - pts[k-1].Chances[seat]
		if d != 0 {
			out = append(out, Swing{Move: pts[k].Move, Seat: m.Seat, Delta: d})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return abs(out[i].Delta) > abs(out[j].Delta) })
	return out
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
