package frontline

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
)

// Hidden information: neither the spectator nor the opponent ever sees a
// hand card, a secret declaration, or any undrawn deck card.
func TestHiddenInformation(t *testing.T) {
	n := scale(30)
	declSeen := 0
	for i := 0; i < n; i++ {
		randomPlayout(t, uint64(5000+i), Variants[i%3], func(s State, evs []games.Event) {
			var secret []string // identifiers nobody but their owner may see
			for _, x := range s.UnitDeck {
				secret = append(secret, `"`+unitName[x]+`"`)
			}
			for _, x := range s.ActDeck {
				secret = append(secret, `"`+actionName[x]+`"`)
			}
			for _, pile := range s.Piles {
				for j := 0; j+1 < len(pile); j++ {
					secret = append(secret, `"`+actionName[pile[j]]+`"`)
				}
			}
			for _, e := range s.EvDeck {
				secret = append(secret, `"`+Events[e]+`"`)
			}
			for _, viewer := range []int{-1, 0, 1} {
				js := mustJSON(t, G.View(s, games.Seat(viewer)))
				var seen []Entry // the move's events the viewer sees
				evJS := ""
				for _, e := range evs {
					if !e.Visible(games.Seat(viewer)) {
						continue
					}
					evJS += mustJSON(t, e)
					var x Entry
					if err := e.Decode(&x); err != nil {
						t.Fatal(err)
					}
					x.Kind, x.Seat = e.Kind, int(e.Seat)
					seen = append(seen, x)
				}
				hidden := append([]string(nil), secret...)
				for p := 0; p < 2; p++ {
					if p == viewer {
						continue
					}
					for _, h := range s.P[p].Hand {
						hidden = append(hidden, `"`+actionName[h]+`"`)
					}
				}
				for _, h := range hidden {
					if strings.Contains(js+evJS, h) {
						t.Fatalf("viewer %d sees hidden %s in phase %s", viewer, h, s.Phase)
					}
				}
				var v View
				if err := json.Unmarshal([]byte(js), &v); err != nil {
					t.Fatal(err)
				}
				for p := 0; p < 2; p++ {
					if p == viewer {
						continue
					}
					secretDecl := s.Declared[p] > 0 && !s.Revealed[p] && !s.declarationsPublic()
					knows := viewer >= 0 && s.P[viewer].SawDecl && s.P[viewer].SawFront == s.Declared[p]
					if !secretDecl || knows {
						continue
					}
					declSeen++
					if v.P[p].DeclFront != 0 {
						t.Fatalf("viewer %d sees seat %d's secret front", viewer, p)
					}
					if !v.P[p].Ready[s.Declared[p]-1] {
						t.Fatalf("secret declaration visible through readiness")
					}
					for _, e := range seen {
						if e.Seat == p && (e.Kind == "declare" && e.Front != 0 || e.Kind == "declare_own") {
							t.Fatalf("declaration front in log: %+v", e)
						}
					}
					if v.Pending != nil && v.Pending.Seat == p {
						continue
					}
				}
				if viewer == -1 && v.SpyHand != nil {
					t.Fatalf("spectator sees spy results")
				}
			}
		})
	}
	if declSeen == 0 {
		t.Fatalf("no secret declaration was exercised")
	}
	t.Logf("checked %d secret-declaration views", declSeen)
}

// BenchmarkApply times Apply alone over the actions of recorded bot games.
func BenchmarkApply(b *testing.B) {
	type step struct {
		s    State
		seat games.Seat
		a    games.Action
	}
	var steps []step
	for g := uint64(0); g < 3; g++ {
		rng := games.NewPCG(g, 2)
		s, _ := G.Setup(games.Options{}, 2, rng)
		for !G.Outcome(s).Done {
			seat := G.Active(s)[0]
			a := G.Bot(s, seat, rng)
			steps = append(steps, step{s, seat, a})
			s, _, _ = G.Apply(s, seat, a, rng)
		}
	}
	rng := games.NewPCG(9, 9)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := steps[i%len(steps)]
		if _, _, err := G.Apply(st.s, st.seat, st.a, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlayout(b *testing.B) {
	for i := 0; i < b.N; i++ {
		rng := games.NewPCG(uint64(i), 2)
		s, _ := G.Setup(games.Options{}, 2, rng)
		for !G.Outcome(s).Done {
			seat := G.Active(s)[0]
			s, _, _ = G.Apply(s, seat, G.Bot(s, seat, rng), rng)
		}
	}
}

var _ = fmt.Sprint

// The computer player beats a random legal player most of the time.
func TestBotBeatsRandom(t *testing.T) {
	n := scale(60)
	botWins := 0
	for g := 0; g < n; g++ {
		rng := games.NewPCG(uint64(g), 123)
		pick := games.NewPCG(uint64(g), 321)
		s, _ := G.Setup(games.Options{}, 2, rng)
		botSeat := games.Seat(g % 2)
		for !G.Outcome(s).Done {
			seat := G.Active(s)[0]
			var a games.Action
			if seat == botSeat {
				a = G.Bot(s, seat, rng)
			} else {
				legal := G.Legal(s, seat)
				a = legal[pick.Intn(len(legal))]
				for _, l := range legal { // a random player that still ends its turns
					if l.Verb == "end" && pick.Intn(3) == 0 {
						a = l
					}
				}
			}
			var err error
			if s, _, err = G.Apply(s, seat, a, rng); err != nil {
				t.Fatal(err)
			}
		}
		o := G.Outcome(s)
		if len(o.Winners) == 1 && o.Winners[0] == botSeat {
			botWins++
		}
	}
	t.Logf("bot beat the random player in %d of %d games", botWins, n)
	if botWins*10 < n*7 {
		t.Fatalf("bot won only %d of %d games against random play", botWins, n)
	}
}
