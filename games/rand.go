package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Rand is the only source of randomness a game may use. Intn returns a
// number in [0, n) and panics if n <= 0, like math/rand.
type Rand interface {
	Intn(n int) int
}

// Shuffle shuffles a slice with the algorithm every spec uses: for i from
// len-1 down to 1, swap a[i] with a[Intn(i+1)]. It draws exactly len-1
// numbers, so scripted tests can predict it.
func Shuffle[T any](r Rand, a []T) {
	for i := len(a) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		a[i], a[j] = a[j], a[i]
	}
}

// Die rolls one die with the given number of sides (1..sides).
func Die(r Rand, sides int) int { return r.Intn(sides) + 1 }

// Source is a seeded, serialisable random source. NewPCG makes math/rand/v2's
// PCG (tests, tools, and tables started before provably fair dice);
// Seed.Source makes math/rand/v2's ChaCha8, a cryptographically strong
// generator, so that the dice seen in play cannot be worked back to the
// state that deals the rest (PCG is fast but not built for that). Its
// whole state round-trips through JSON, so a stored table resumes its
// random sequence exactly where it stopped. The state is secret: it must
// never reach a message, a log line or an export of a running game.
type Source struct {
	pcg *rand.PCG // exactly one of the two is set
	cc  *rand.ChaCha8
}

// NewPCG seeds a source.
func NewPCG(seed1, seed2 uint64) *Source { return &Source{pcg: rand.NewPCG(seed1, seed2)} }

// newChaCha8 is the source keyed by a table's seed (Seed.Source).
func newChaCha8(key [32]byte) *Source { return &Source{cc: rand.NewChaCha8(key)} }

func (p *Source) uint64() uint64 {
	if p.pcg != nil {
		return p.pcg.Uint64()
	}
	return p.cc.Uint64()
}

// Intn implements Rand. It uses Lemire's bounded method on 64-bit draws, so
// the number of draws per call depends only on the source, not on Go's
// version of math/rand.
func (p *Source) Intn(n int) int {
	if n <= 0 {
		panic(fmt.Sprintf("games: Intn(%d)", n))
	}
	un := uint64(n)
	for {
		x := p.uint64()
		hi, lo := bits.Mul64(x, un)
		if lo < un {
			thresh := -un % un
			if lo < thresh {
				continue
			}
		}
		return int(hi)
	}
}

// MarshalJSON stores the generator state (math/rand/v2's binary form,
// which names the generator: "pcg:..." or "chacha8:...").
func (p *Source) MarshalJSON() ([]byte, error) {
	var b []byte
	var err error
	if p.pcg != nil {
		b, err = p.pcg.MarshalBinary()
	} else {
		b, err = p.cc.MarshalBinary()
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

// UnmarshalJSON restores the generator state.
func (p *Source) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	if bytes.HasPrefix(b, []byte("pcg:")) {
		p.pcg, p.cc = rand.NewPCG(0, 0), nil
		return p.pcg.UnmarshalBinary(b)
	}
	p.pcg, p.cc = nil, rand.NewChaCha8([32]byte{})
	return p.cc.UnmarshalBinary(b)
}

// ErrScriptExhausted is the panic value of a Scripted source with no values left.
var ErrScriptExhausted = errors.New("games: scripted randomness exhausted")

// Scripted returns exactly the numbers it was given, in order, for tests and
// for reproducing a reported game. Each value must be within [0, n) of the
// call that consumes it, otherwise Intn panics with a clear message.
type Scripted struct {
	Values []int
	pos    int
}

// Script builds a scripted source from raw Intn results.
func Script(values ...int) *Scripted { return &Scripted{Values: values} }

// Intn implements Rand.
func (s *Scripted) Intn(n int) int {
	if s.pos >= len(s.Values) {
		panic(ErrScriptExhausted)
	}
	v := s.Values[s.pos]
	if v < 0 || v >= n {
		panic(fmt.Sprintf("games: scripted value #%d = %d is outside [0,%d)", s.pos, v, n))
	}
	s.pos++
	return v
}

// Used reports how many values were consumed.
func (s *Scripted) Used() int { return s.pos }

// ShuffleScript returns the Intn results that make Shuffle produce the
// permutation order, where order[k] is the index in the original slice of the
// element that must end up at position k. Tests use it to script a deck.
func ShuffleScript(order []int) []int {
	n := len(order)
	// Simulate Shuffle backwards: at step i, the element destined for
	// position i must be swapped in from wherever it currently sits.
	cur := make([]int, n) // cur[pos] = original index at pos
	where := make([]int, n)
	for i := range cur {
		cur[i], where[i] = i, i
	}
	out := make([]int, 0, n)
	for i := n - 1; i > 0; i-- {
		want := order[i]
		j := where[want]
		out = append(out, j)
		cur[i], cur[j] = cur[j], cur[i]
		where[cur[i]], where[cur[j]] = i, j
	}
	return out
}
