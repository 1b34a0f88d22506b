package flanders

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/warroom/warroom/games"
)

// TestQuietStepMatchesDo: step by step along random games, the in-place
// quiet step gives Do's state and Legal's list.
func TestQuietStepMatchesDo(t *testing.T) {
	strip := func(s State) string {
		s = s.Clone() // empty piles as clone writes them (nil)
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for seed := uint64(1); seed <= 30; seed++ {
		pick := games.NewPCG(seed, 3)
		s, err := Game{}.Setup(nil, 2+int(seed%3), games.NewPCG(seed, 4))
		if err != nil {
			t.Fatal(err)
		}
		quiet := s.Clone()
		for n := 0; !s.Over(); n++ {
			legal := Game{}.Legal(s, games.Seat(s.Active))
			if fast := quiet.appendLegal(nil, quiet.Active); !reflect.DeepEqual(fast, legal) {
				t.Fatalf("seed %d step %d: fast legal %v, Legal %v", seed, n, fast, legal)
			}
			a := legal[pick.Intn(len(legal))]
			r1, r2 := games.NewPCG(seed, uint64(n)), games.NewPCG(seed, uint64(n))
			s, _ = Game{}.Do(s, games.Seat(s.Active), a, r1)
			c := newCtx(&quiet, r2, true)
			c.do(a)
			if strip(s) != strip(quiet) {
				t.Fatalf("seed %d step %d %s:\nDo    %s\nquiet %s", seed, n, a, strip(s), strip(quiet))
			}
		}
	}
}
