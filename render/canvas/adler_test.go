package canvas

import (
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// adler32Sum agrees with hash/adler32 on every length around its steps and
// chunks, for random bytes and for all 0xff (the largest sums).
func TestAdler32(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 3*5552+17)
	for n := 0; n <= len(buf); n += 1 + n/7 {
		for _, fill := range []func(i int) byte{func(int) byte { return byte(r.Uint32()) }, func(int) byte { return 0xff }} {
			for i := range buf[:n] {
				buf[i] = fill(i)
			}
			if got, want := adler32Sum(buf[:n]), adler32.Checksum(buf[:n]); got != want {
				t.Fatalf("length %d: %08x, want %08x", n, got, want)
			}
		}
	}
}

func BenchmarkAdler32(b *testing.B) {
	buf := make([]byte, 16*601*8)
	for i := range buf {
		buf[i] = byte(i / 37)
	}
	b.SetBytes(int64(len(buf)))
	b.Run("canvas", func(b *testing.B) {
		for b.Loop() {
			adler32Sum(buf)
		}
	})
	b.Run("hash", func(b *testing.B) {
		for b.Loop() {
			adler32.Checksum(buf)
		}
	})
}
