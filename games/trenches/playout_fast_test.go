package trenches

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// TestQuietStepMatchesDo: step by step along random games, the in-place
// quiet step gives Do's state and Legal's list.
func TestQuietStepMatchesDo(t *testing.T) {
	for k, v := range variants() {
		pick := games.NewPCG(uint64(k), 3)
		s, err := Game{}.Setup(v.opts, 2, games.NewPCG(uint64(k), 4))
		if err != nil {
			t.Fatal(err)
		}
		quiet := s.Clone()
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
				if ok := s.active(seat) && verbs.Known(a) == nil && s.whyNot(a) == ""; ok != games.InLegal(legal, a) {
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
