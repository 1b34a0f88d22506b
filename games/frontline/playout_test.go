package frontline

import (
	"encoding/json"
	"fmt"
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
// "end" so games progress), checking everything the brief asks for after
// each action. It returns the number of actions.
func randomPlayout(t testing.TB, seed uint64, variant string, check bool, hook func(s State)) int {
	rng := games.NewPCG(seed, seed*7+1)
	pick := games.NewPCG(seed+99, 3)
	s, err := G.Setup(games.Options{"variant": variant}, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	var prevVP [2]int
	var prevMonth int
	for !G.Outcome(s).Done {
		steps++
		if steps > 5000 {
			t.Fatalf("seed %d: game did not end", seed)
		}
		act := G.Active(s)
		if len(act) != 1 {
			t.Fatalf("seed %d: active %v phase %s", seed, act, s.Phase)
		}
		seat := act[0]
		legal := G.Legal(s, seat)
		if len(legal) == 0 {
			t.Fatalf("seed %d: no legal actions in %s", seed, s.Phase)
		}
		if check {
			if err := s.checkInvariants(); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, steps, err)
			}
			if G.Legal(s, 1-seat) != nil {
				t.Fatalf("inactive seat has legal actions")
			}
			// a random non-legal action is rejected and leaves the state unchanged
			before := mustJSON(t, s)
			verbs := []string{"draft", "draw", "buy", "play", "move", "swap", "shell", "declare", "peek", "end", "card", "done", "pass", "place", "target", "remove", "degrade", "fort", "promote", "zap"}
			bad := games.Act(verbs[pick.Intn(len(verbs))])
			for k := pick.Intn(4); k > 0; k-- {
				bad.Args = append(bad.Args, pick.Intn(80)-2)
			}
			if !has(legal, bad) {
				ns, _, err := G.Apply(s, seat, bad, rng)
				if err == nil || games.ErrorCode(err) == "" {
					t.Fatalf("illegal %v accepted", bad)
				}
				if mustJSON(t, ns) != before || mustJSON(t, s) != before {
					t.Fatalf("illegal action changed state")
				}
			}
			if _, _, err := G.Apply(s, 1-seat, legal[0], rng); games.ErrorCode(err) != "not_your_turn" {
				t.Fatalf("other seat: %v", err)
			}
		}
		var a games.Action
		if steps%3 == 0 {
			a = G.Bot(s, seat, rng)
		} else {
			a = legal[pick.Intn(len(legal))]
			for _, l := range legal {
				if l.Verb == "end" && pick.Intn(4) == 0 {
					a = l
				}
			}
		}
		before := ""
		if check {
			before = mustJSON(t, s)
		}
		ns, _, err := G.Apply(s, seat, a, rng)
		if err != nil {
			t.Fatalf("seed %d: legal %v rejected: %v", seed, a, err)
		}
		if check {
			if mustJSON(t, s) != before {
				t.Fatalf("Apply modified its input (%v)", a)
			}
			var rt State
			if err := json.Unmarshal([]byte(mustJSON(t, ns)), &rt); err != nil {
				t.Fatal(err)
			}
			if mustJSON(t, rt) != mustJSON(t, ns) {
				t.Fatalf("JSON round trip differs")
			}
			for p := 0; p < 2; p++ {
				if ns.P[p].VP < prevVP[p] {
					t.Fatalf("VP decreased")
				}
				prevVP[p] = ns.P[p].VP
			}
			if ns.Month < prevMonth {
				t.Fatalf("month decreased")
			}
			prevMonth = ns.Month
		}
		s = ns
		if hook != nil {
			hook(s)
		}
	}
	if check {
		if err := s.checkInvariants(); err != nil {
			t.Fatalf("seed %d end: %v", seed, err)
		}
		if s.Month != s.Months {
			t.Fatalf("ended in month %d", s.Month)
		}
	}
	return steps
}

func TestRandomPlayouts(t *testing.T) {
	n := scale(40)
	for i := 0; i < n; i++ {
		v := Variants[i%len(Variants)]
		t.Run(fmt.Sprint(v, i), func(t *testing.T) { randomPlayout(t, uint64(i+1), v, true, nil) })
	}
}
