package fow

import (
	"encoding/json"
	"testing"

	"github.com/warroom/warroom/games"
)

var G = games.Check[State](Game{})

// playout runs a game to its end with the Bot (or random legal actions when
// random is true) for every seat. check is called after every action.
func playout(t testing.TB, mission string, manual bool, seed uint64, random bool, check func(prev, next State, seat int, a games.Action, ev []games.Event)) (State, int) {
	rng := games.NewPCG(seed, seed*7+1)
	opts := games.Options{"mission": mission}
	if manual {
		opts["dice"] = "manual"
	}
	s, err := G.Setup(opts, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 5000; n++ {
		act := G.Active(s)
		if len(act) == 0 {
			return s, n
		}
		seat := act[rng.Intn(len(act))]
		var a games.Action
		if random {
			l := G.Legal(s, seat)
			if len(l) == 0 {
				t.Fatalf("active seat %d has no legal action in %s/%s", seat, s.Phase, s.Sub)
			}
			a = pickRandom(s, l, rng)
			if rng.Intn(3) == 0 {
				a = G.Bot(s, seat, rng)
			}
		} else {
			a = G.Bot(s, seat, rng)
		}
		ns, ev, err := G.Apply(s, seat, a, rng)
		if err != nil {
			t.Fatalf("seed %d: %s by %d rejected: %v (phase %s sub %s)", seed, a, seat, err, s.Phase, s.Sub)
		}
		if check != nil {
			check(s, ns, int(seat), a, ev)
		}
		s = ns
	}
	t.Fatalf("seed %d mission %s: no end after 5000 actions (phase %s turn %d)", seed, mission, s.Phase, s.Turn)
	return s, 0
}

// pickRandom chooses a random legal action, but avoids ending the game too
// eagerly so random playouts explore the battle. A form (a platoon's
// typed name and points) is filled in at random.
func pickRandom(s State, l []games.Action, rng games.Rand) games.Action {
	return games.Fill(G, pickListed(l, rng), rng)
}

func pickListed(l []games.Action, rng games.Rand) games.Action {
	for tries := 0; tries < 4; tries++ {
		a := l[rng.Intn(len(l))]
		switch a.Verb {
		case "concede", "morale_failed", "agree_end", "del", "unready":
			if rng.Intn(20) != 0 {
				continue
			}
		case "hold", "clear", "lost":
			if rng.Intn(4) != 0 {
				continue
			}
		}
		return a
	}
	return l[rng.Intn(len(l))]
}

func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
