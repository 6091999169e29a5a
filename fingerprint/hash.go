package fingerprint

import (
	"fmt"
	"math/bits"
)

// Fingerprint is a 128-bit hash of what makes a game the same game.
type Fingerprint struct {
	Hi, Lo uint64
}

// Compare orders fingerprints (-1, 0, +1).
func (f Fingerprint) Compare(g Fingerprint) int {
	switch {
	case f.Hi < g.Hi:
		return -1
	case f.Hi > g.Hi:
		return 1
	case f.Lo < g.Lo:
		return -1
	case f.Lo > g.Lo:
		return 1
	}
	return 0
}

// String returns the fingerprint as 32 hex digits.
func (f Fingerprint) String() string { return fmt.Sprintf("%016x%016x", f.Hi, f.Lo) }

// The constants of Hasher: odd 64-bit numbers with well-mixed bits (the
// fractional parts of the golden ratio and of other irrationals, as
// xxHash and wyhash use them).
const (
	k0 = 0x9E3779B97F4A7C15
	k1 = 0xC2B2AE3D27D4EB4F
	k2 = 0x165667B19E3779F9
	k3 = 0xD6E8FEB86659FD93
	k4 = 0xA0761D6478BD642F
	k5 = 0xE7037ED1A0B428DB
)

// mum multiplies x and y into 128 bits and folds them: the mixing step of
// wyhash, a fast hash with good statistical quality.
func mum(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	return hi ^ lo
}

// Hasher computes a Fingerprint of a sequence of 64-bit words and strings.
// It runs two 64-bit lanes with different constants over every word (each
// step a 64×64→128-bit multiply), and mixes both lanes and the length into
// each half of the result. It is not a cryptographic hash: a determined
// uploader could make two different games collide, which would make one a
// reported duplicate of the other, nothing worse. The function is part of
// the run format (RunVersion): it never changes without a new version.
//
// The zero Hasher is ready to use; Reset makes it so again.
type Hasher struct {
	a, b, n uint64
}

// Reset starts a new fingerprint.
func (h *Hasher) Reset() { *h = Hasher{} }

// Word adds one 64-bit word.
func (h *Hasher) Word(w uint64) {
	h.a = mum(h.a^k0, w^k1)
	h.b = mum(h.b^k2, bits.RotateLeft64(w, 32)^k3)
	h.n++
}

// String adds s, with its length (so that "ab","c" and "a","bc" differ).
func (h *Hasher) String(s string) {
	h.Word(uint64(len(s)) ^ 0xFF<<56)
	for len(s) >= 8 {
		h.Word(uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56)
		s = s[8:]
	}
	if len(s) > 0 {
		var w uint64
		for i := len(s) - 1; i >= 0; i-- {
			w = w<<8 | uint64(s[i])
		}
		h.Word(w)
	}
}

// Bytes adds b as String does.
func (h *Hasher) Bytes(b []byte) { h.String(string(b)) }

// Sum returns the fingerprint of what was added since the last Reset.
func (h *Hasher) Sum() Fingerprint {
	return Fingerprint{
		Hi: mum(h.a^k4, h.b^h.n^k5),
		Lo: mum(h.b^k1^h.n, bits.RotateLeft64(h.a, 17)^k2),
	}
}
