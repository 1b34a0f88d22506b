package games

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// The commitment is plain SHA-256 of the seed's bytes (so anyone can check
// it with sha256sum), the seed round-trips through JSON as hex, and the
// random source it keys is fixed by the seed and the nonce, yet differs
// from one keyed by the commitment's bytes.
func TestSeedCommitmentAndSource(t *testing.T) {
	var s Seed
	for i := range s {
		s[i] = byte(i)
	}
	want := sha256.Sum256(s[:])
	if s.Commitment() != hex.EncodeToString(want[:]) {
		t.Fatalf("commitment %s", s.Commitment())
	}
	// Known answer: SHA-256 of the bytes 0x00..0x1f.
	if s.Commitment() != "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd" {
		t.Fatalf("commitment of 00..1f: %s", s.Commitment())
	}
	b, err := json.Marshal(struct{ S *Seed }{&s})
	if err != nil || !strings.Contains(string(b), s.String()) {
		t.Fatalf("json %s %v", b, err)
	}
	var back struct{ S *Seed }
	if err := json.Unmarshal(b, &back); err != nil || *back.S != s {
		t.Fatalf("round trip %v %v", back.S, err)
	}
	if _, err := ParseSeed("abc"); err == nil {
		t.Fatal("a short seed parsed")
	}
	draws := func(p *Source) (out []int) {
		for range 20 {
			out = append(out, p.Intn(1000))
		}
		return out
	}
	a, b2 := draws(s.Source("1")), draws(s.Source("1"))
	if !slices.Equal(a, b2) {
		t.Fatal("the same seed gave two sequences")
	}
	var c Seed
	copy(c[:], want[:]) // the commitment's bytes as a seed
	if slices.Equal(a, draws(c.Source("1"))) {
		t.Fatal("the commitment keys the same dice")
	}
	if slices.Equal(a, draws(s.Source("2"))) {
		t.Fatal("the nonce changed nothing")
	}
	s[31] ^= 1
	if slices.Equal(a, draws(s.Source("1"))) {
		t.Fatal("one bit of the seed changed nothing")
	}
}

// A table's source (ChaCha8) and an old table's (PCG) both resume from
// their JSON exactly where they stopped.
func TestSourcesResumeFromJSON(t *testing.T) {
	for name, src := range map[string]*Source{"seed": Seed{7}.Source("42"), "pcg": NewPCG(1, 2)} {
		for range 13 {
			src.Intn(6)
		}
		b, err := json.Marshal(src)
		if err != nil {
			t.Fatal(err)
		}
		var back Source
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i := range 100 {
			if x, y := src.Intn(1000), back.Intn(1000); x != y {
				t.Fatalf("%s: draw %d after the round trip: %d, want %d", name, i, y, x)
			}
		}
	}
	if b, _ := json.Marshal(Seed{7}.Source("")); !strings.HasPrefix(string(b), `"Y2hhY2hhODo`) { // base64 of "chacha8:"
		t.Fatalf("a seed's source is not ChaCha8: %s", b)
	}
}

// BenchmarkIntn: a die from an old table's PCG and from a seeded
// table's ChaCha8.
func BenchmarkIntn(b *testing.B) {
	for name, src := range map[string]*Source{"pcg": NewPCG(1, 2), "chacha8": Seed{7}.Source("42")} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				src.Intn(6)
			}
		})
	}
}
