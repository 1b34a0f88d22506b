package blindaz

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/warroom/warroom/games"
)

// TestPlayoutMatchesApply: the fast Playout gives the outcome the public
// Legal and Apply give for the same random numbers, leaves its input
// unchanged, and its quiet steps reach Do's states.
func TestPlayoutMatchesApply(t *testing.T) {
	e := games.Adapt[State](Game{})
	enc := func(s State) string {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for seed := uint64(1); seed <= 60; seed++ {
		s, err := Game{}.Setup(nil, 1+int(seed%4), games.NewPCG(seed, 1))
		if err != nil {
			t.Fatal(err)
		}
		before := enc(s)
		end, want, err := games.RandomPlayout(e, s, games.NewPCG(seed, 2), 5000)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Game{}.Playout(s, games.NewPCG(seed, 2), 5000)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: fast playout %+v, Apply %+v", seed, got, want)
		}
		if enc(s) != before {
			t.Fatalf("seed %d: Playout changed its input", seed)
		}
		// The same walk, quiet and in place, ends in the same state.
		r := games.NewPCG(seed, 2)
		ap := &applier{s: s.clone(), r: r, quiet: true}
		for !ap.over() {
			seat := Game{}.Active(ap.s)[0]
			legal := Game{}.Legal(ap.s, seat)
			ap.do(int(seat), legal[r.Intn(len(legal))])
		}
		if enc(ap.s) != enc(end.(State)) {
			t.Fatalf("seed %d: quiet end state differs from Apply's", seed)
		}
	}
}
