package frontline

import (
	"encoding/json"
	"testing"

	"github.com/warroom/warroom/games"
)

var G = games.Check[State](Game{})

func mustJSON(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// randomPlayout plays one game with random legal actions (biased toward
// "end" so games progress), calling hook after each action. It returns
// the number of actions.
func randomPlayout(t testing.TB, seed uint64, variant string, hook func(s State, evs []games.Event)) int {
	rng := games.NewPCG(seed, seed*7+1)
	pick := games.NewPCG(seed+99, 3)
	s, err := G.Setup(games.Options{"variant": variant}, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for !G.Outcome(s).Done {
		steps++
		if steps > 5000 {
			t.Fatalf("seed %d: game did not end", seed)
		}
		seat := G.Active(s)[0]
		a, bot := choose(s, G.Legal(s, seat), pick)
		if bot || steps%3 == 0 {
			a = G.Bot(s, seat, rng)
		}
		ns, evs, err := G.Apply(s, seat, a, rng)
		if err != nil {
			t.Fatalf("seed %d: legal %v rejected: %v", seed, a, err)
		}
		s = ns
		if hook != nil {
			hook(s, evs)
		}
	}
	return steps
}

// choose is a random playout's choice: random, "end" a quarter of the
// time it is offered, and the computer's a third of the time.
func choose(s State, legal []games.Action, pick games.Rand) (games.Action, bool) {
	a := legal[pick.Intn(len(legal))]
	for _, l := range legal {
		if l.Verb == "end" && pick.Intn(4) == 0 {
			a = l
		}
	}
	return a, pick.Intn(3) == 0
}
