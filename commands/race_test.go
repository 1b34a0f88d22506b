package commands

import (
	"fmt"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// race is a tiny game for the table service's tests: players take turns
// adding 1 or 2 to a shared total; whoever reaches 10 wins. Each seat has
// a secret number only it may see, to test hidden information.
type race struct{}

type raceState struct {
	Total   int   `json:"total"`
	Turn    int   `json:"turn"`
	Seats   int   `json:"seats"`
	Secrets []int `json:"secrets"`
	Winner  int   `json:"winner"`
	Marks   int   `json:"marks"` // "mark" moves: they keep the turn and may be undone
}

type raceView struct {
	Total  int
	Turn   int
	Marks  int
	Secret int // -1 unless the viewer's own
}

func (race) Info() games.Info {
	return games.Info{ID: "race", Name: "Race", MinSeats: 2, MaxSeats: 3,
		Options: []games.OptionSpec{{Key: "target", Kind: games.OptionInt, Min: 5, Max: 20}}}
}

func (race) Setup(o games.Options, n int, r games.Rand) (raceState, error) {
	s := raceState{Seats: n, Winner: -1}
	for range n {
		s.Secrets = append(s.Secrets, 1000+r.Intn(9000))
	}
	return s, nil
}

func (race) Active(s raceState) []games.Seat {
	if s.Winner >= 0 {
		return nil
	}
	return []games.Seat{games.Seat(s.Turn)}
}

func (race) Legal(s raceState, p games.Seat) []games.Action {
	if s.Winner >= 0 || int(p) != s.Turn {
		return nil
	}
	return []games.Action{games.Act("add", 1), games.Act("add", 2), games.Act("mark")}
}

// Undoable: a mark may be taken back.
func (race) Undoable(before, after raceState, p games.Seat, a games.Action) bool {
	return a.Verb == "mark"
}

// raceEntry is the race's journal entry.
type raceEntry struct {
	N int `json:"n,omitempty"`
}

func (g race) Do(s raceState, p games.Seat, a games.Action, r games.Rand) (raceState, []games.Event) {
	if a.Verb == "mark" {
		s.Marks++
		return s, []games.Event{games.Log("mark", p, nil)}
	}
	s.Secrets = append([]int(nil), s.Secrets...)
	s.Total += a.Args[0]
	if s.Total >= 10 {
		s.Winner = s.Turn
	} else {
		s.Turn = (s.Turn + 1) % s.Seats
	}
	return s, []games.Event{games.Log("add", p, raceEntry{a.Args[0]})}
}

func (race) View(s raceState, v games.Seat) any {
	view := raceView{Total: s.Total, Turn: s.Turn, Marks: s.Marks, Secret: -1}
	if v >= 0 && int(v) < len(s.Secrets) {
		view.Secret = s.Secrets[v]
	}
	return view
}

func (race) Outcome(s raceState) games.Outcome {
	if s.Winner < 0 {
		return games.Outcome{}
	}
	return games.Outcome{Done: true, Winners: []games.Seat{games.Seat(s.Winner)}, Reason: "target"}
}

func (race) Bot(s raceState, p games.Seat, r games.Rand) games.Action { return games.Act("add", 1) }

// Holds implements games.Holder: every seat keeps its secret number.
func (race) Holds(public any, seat games.Seat) bool { return true }

type raceRenderer struct{}

func (raceRenderer) Board(rc render.Audience, v any) render.Card {
	rv := v.(raceView)
	if rv.Marks == 3 {
		panic("a renderer bug") // for TestRendererBugDoesNotHideASavedMove
	}
	return render.Card{Title: "Race", Description: fmt.Sprintf("total %d, marks %d, %s to play", rv.Total, rv.Marks, rc.Name(games.Seat(rv.Turn)))}
}
func (raceRenderer) Private(rc render.Audience, v any) (render.Card, bool) {
	rv := v.(raceView)
	return render.Card{Description: fmt.Sprintf("secret %d", rv.Secret)}, rv.Secret >= 0
}
func (raceRenderer) Menu(rc render.Audience, v any, legal []games.Action) render.Menu {
	var m render.Menu
	for _, a := range legal {
		label := "mark"
		if a.Verb == "add" {
			label = fmt.Sprintf("+%d", a.Args[0])
		}
		m.Choices = append(m.Choices, render.Choice{Action: a, Label: label})
	}
	return m
}
func (raceRenderer) Status(rc render.Audience, v any) string         { return "racing" }
func (raceRenderer) Image(rc render.Audience, v any) ([]byte, error) { return nil, nil }
func (raceRenderer) Rules(rc render.Audience) string                 { return "add 1 or 2; reach 10" }
func (raceRenderer) Tell(rc render.Audience, v any, e games.Event) render.Line {
	var x raceEntry
	if err := e.Decode(&x); err != nil || x.N == 0 {
		return render.Line{Text: e.Kind}
	}
	return render.Line{Text: fmt.Sprintf("%s n=%d", e.Kind, x.N)}
}
