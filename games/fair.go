package games

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// Seed is a table's secret: 256 random bits chosen when the game starts
// that determine all of its randomness (the set-up, every die, draw and
// shuffle, and the computer players' choices, which draw from the same
// source). Provably fair dice: the table shows Commitment at the start
// and reveals the seed when the game ends, so anyone can replay the game
// from it (`warroom verify`) and check that nothing was chosen later.
//
// A commitment needs no salt: the seed itself is 256 uniformly random
// bits, so SHA-256(seed) cannot be inverted or guessed, and it binds the
// table to one seed (a second seed with the same hash is a SHA-256 second
// preimage). The generator is keyed from a differently prefixed hash
// (Source), so the commitment tells nothing about the dice; the key also
// mixes in a public nonce fixed only after the commitment was shown (the
// table service uses the lobby message's id, which Discord assigns), so
// the server cannot try seeds until one deals a game it likes.
type Seed [32]byte

// Commitment is the lowercase hex SHA-256 of the seed's 32 bytes: what
// `printf %s <seed hex> | xxd -r -p | sha256sum` prints.
func (s Seed) Commitment() string {
	h := sha256.Sum256(s[:])
	return hex.EncodeToString(h[:])
}

// seedDomain separates the generator's key from the commitment.
const seedDomain = "warroom table random source v1\x00"

// Source is the table's random source: ChaCha8 (math/rand/v2) keyed by
// SHA-256(seedDomain || seed || nonce).
func (s Seed) Source(nonce string) *Source {
	return newChaCha8(sha256.Sum256(append(append([]byte(seedDomain), s[:]...), nonce...)))
}

// String is the seed in hex, as the reveal shows it.
func (s Seed) String() string { return hex.EncodeToString(s[:]) }

// MarshalText writes the seed in hex.
func (s Seed) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads 64 hex digits.
func (s *Seed) UnmarshalText(b []byte) error {
	p, err := ParseSeed(string(b))
	if err != nil {
		return err
	}
	*s = p
	return nil
}

// ParseSeed reads a seed written as 64 hex digits.
func ParseSeed(text string) (Seed, error) {
	var s Seed
	b, err := hex.DecodeString(text)
	if err != nil || len(b) != len(s) {
		return s, fmt.Errorf("games: a seed is %d hex digits", 2*len(s))
	}
	copy(s[:], b)
	return s, nil
}
