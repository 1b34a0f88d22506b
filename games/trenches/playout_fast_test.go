package trenches

import (
	"reflect"
	"testing"

	"github.com/warroom/warroom/games"
)

// TestPlayoutMatchesApply: the fast Playout gives the outcome the public
// Legal and Apply give for the same random numbers, over every variant,
// and leaves its input unchanged.
func TestPlayoutMatchesApply(t *testing.T) {
	e := games.Adapt[State](Game{})
	for k, v := range variants() {
		for seed := uint64(1); seed <= 4; seed++ {
			s, err := Game{}.Setup(v.opts, 2, games.NewPCG(seed, uint64(k)))
			if err != nil {
				t.Fatal(err)
			}
			before := mustJSON(s)
			_, want, err := games.RandomPlayout(e, s, games.NewPCG(seed, 2), 5000)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Game{}.Playout(s, games.NewPCG(seed, 2), 5000)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%v seed %d: fast playout %+v, Apply %+v", v.opts, seed, got, want)
			}
			if mustJSON(s) != before {
				t.Fatalf("%v seed %d: Playout changed its input", v.opts, seed)
			}
		}
	}
}

// TestQuietStepMatchesDo: step by step along random games, the in-place
// quiet step gives Do's state and Legal's list.
func TestQuietStepMatchesDo(t *testing.T) {
	for k, v := range variants() {
		pick := games.NewPCG(uint64(k), 3)
		s, err := Game{}.Setup(v.opts, 2, games.NewPCG(uint64(k), 4))
		if err != nil {
			t.Fatal(err)
		}
		quiet := s.clone()
		quiet.quiet = true
		for n := 0; s.Phase != PhaseOver; n++ {
			seat := G.Active(s)[0]
			legal := Game{}.Legal(s, seat)
			fast := quiet.appendMoves(nil)
			if len(fast) != len(legal) {
				t.Fatalf("%v step %d: %d fast moves, %d legal", v.opts, n, len(fast), len(legal))
			}
			for i := range fast {
				if !fast[i].is(legal[i]) || !fast[i].action().Equal(legal[i]) {
					t.Fatalf("%v step %d: fast %v, legal %v", v.opts, n, fast[i].action(), legal[i])
				}
			}
			if a := s.botChoice(); s.Phase == PhaseRaider || s.Phase == PhaseDefender {
				// The rollouts trust the policy's moves and check its
				// other choices by whyNot.
				if a.Verb == VMove && !games.InLegal(legal, a) {
					t.Fatalf("%v step %d: the policy's %v is not legal", v.opts, n, a)
				}
				if ok := s.whyNot(seat, a) == ""; ok != games.InLegal(legal, a) {
					t.Fatalf("%v step %d: whyNot says %v for %v, Legal %v", v.opts, n, ok, a, !ok)
				}
			}
			i := pick.Intn(len(legal))
			r1, r2 := games.NewPCG(uint64(k), uint64(n)), games.NewPCG(uint64(k), uint64(n))
			s, _ = Game{}.Do(s, seat, legal[i], r1)
			quiet.step(fast[i], r2)
			if mustJSON(s) != mustJSON(quiet) {
				t.Fatalf("%v step %d %s:\nDo    %s\nquiet %s", v.opts, n, legal[i], mustJSON(s), mustJSON(quiet))
			}
		}
	}
}

// TestRolloutEnds: rollouts end, leave their input unchanged, and are a
// function of the random numbers.
func TestRolloutEnds(t *testing.T) {
	for k, v := range variants() {
		s, err := Game{}.Setup(v.opts, 2, games.NewPCG(uint64(k), 5))
		if err != nil {
			t.Fatal(err)
		}
		before := mustJSON(s)
		a, err := Game{}.Rollout(s, games.NewPCG(9, uint64(k)), 3000)
		if err != nil || !a.Done {
			t.Fatalf("%v: %+v, %v", v.opts, a, err)
		}
		b, _ := Game{}.Rollout(s, games.NewPCG(9, uint64(k)), 3000)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%v: %+v then %+v", v.opts, a, b)
		}
		if mustJSON(s) != before {
			t.Fatalf("%v: Rollout changed its input", v.opts)
		}
	}
}
