package data

import (
	"bytes"
	"encoding/hex"
	"errors"
	"hash/crc32"
)

// bbolt checks the structure of its pages but not the bytes of a value:
// a flipped byte inside a record's JSON string still decodes, and the
// table silently changes. So every table record and log entry carries a
// CRC-32C of its JSON after it: "\n#" and eight hex digits. A record
// from before (no seal) is read as it is.

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// sealMark starts a seal; JSON from json.Marshal never holds a raw "\n".
const sealMark, sealLen = "\n#", 10

// errSeal is a record whose bytes no longer match their seal.
var errSeal = errors.New("its checksum does not match: the bytes were damaged")

// seal appends the checksum of raw (JSON) to it.
func seal(raw []byte) []byte {
	sum := crc32.Checksum(raw, castagnoli)
	out := append(raw, sealMark...)
	return hex.AppendEncode(out, []byte{byte(sum >> 24), byte(sum >> 16), byte(sum >> 8), byte(sum)})
}

// unseal returns the JSON of a stored value, checked against its seal.
func unseal(v []byte) ([]byte, error) {
	n := len(v) - sealLen
	if n < 0 || !bytes.Equal(v[n:n+2], []byte(sealMark)) {
		if bytes.Contains(v, []byte(sealMark)) {
			return nil, errSeal // a damaged seal
		}
		return v, nil // from before seals
	}
	sum, err := hex.DecodeString(string(v[n+2:]))
	if err != nil || crc32.Checksum(v[:n], castagnoli) != uint32(sum[0])<<24|uint32(sum[1])<<16|uint32(sum[2])<<8|uint32(sum[3]) {
		return nil, errSeal
	}
	return v[:n], nil
}
