package apfloat

import (
	"math/big"
	"math/bits"
	"strconv"
)

// nat is a little-endian multi-word unsigned integer used by the
// allocation-free formatting path. It carries no leading zero words.
type nat []uint64

// pow5Word[i] is 5^i for i <= 27; 5^27 is the largest power of five that
// fits in 64 bits.
var pow5Word [28]uint64

// pow10Word[i] is 10^i for i <= 19.
var pow10Word [20]uint64

func init() {
	pow5Word[0], pow10Word[0] = 1, 1
	for i := 1; i < len(pow5Word); i++ {
		pow5Word[i] = pow5Word[i-1] * 5
	}
	for i := 1; i < len(pow10Word); i++ {
		pow10Word[i] = pow10Word[i-1] * 10
	}
}

func natFrom(a u128, z nat) nat {
	z = z[:0]
	if a.isZero() {
		return z
	}
	z = append(z, a.lo)
	if a.hi != 0 {
		z = append(z, a.hi)
	}
	return z
}

func (z nat) norm() nat {
	for len(z) > 0 && z[len(z)-1] == 0 {
		z = z[:len(z)-1]
	}
	return z
}

func (z nat) bitLen() int {
	if len(z) == 0 {
		return 0
	}
	return (len(z)-1)*64 + bits.Len64(z[len(z)-1])
}

// mulWord sets z = z * w.
func (z nat) mulWord(w uint64) nat {
	var c uint64
	for i, x := range z {
		hi, lo := bits.Mul64(x, w)
		lo, cc := bits.Add64(lo, c, 0)
		z[i] = lo
		c = hi + cc
	}
	if c != 0 {
		z = append(z, c)
	}
	return z
}

// mulPow5 sets z = z * 5^k.
func (z nat) mulPow5(k int) nat {
	for k >= 27 {
		z = z.mulWord(pow5Word[27])
		k -= 27
	}
	if k > 0 {
		z = z.mulWord(pow5Word[k])
	}
	return z
}

// divWord sets z = z / w and returns the remainder.
func (z nat) divWord(w uint64) (nat, uint64) {
	var r uint64
	for i := len(z) - 1; i >= 0; i-- {
		z[i], r = bits.Div64(r, z[i], w)
	}
	return z.norm(), r
}

// divPow10 sets z = z / 10^t, truncating.
func (z nat) divPow10(t int) nat {
	for t >= 19 {
		z, _ = z.divWord(pow10Word[19])
		t -= 19
	}
	if t > 0 {
		z, _ = z.divWord(pow10Word[t])
	}
	return z
}

// shl sets z = z << s.
func (z nat) shl(s int) nat {
	if len(z) == 0 || s <= 0 {
		return z
	}
	words, sh := s/64, uint(s%64)
	n := len(z)
	for i := 0; i < words+1; i++ {
		z = append(z, 0)
	}
	// Move from the top down so the shift works in place.
	for i := n - 1; i >= 0; i-- {
		x := z[i]
		z[i] = 0
		if sh == 0 {
			z[i+words] = x
		} else {
			z[i+words+1] |= x >> (64 - sh)
			z[i+words] = x << sh
		}
	}
	return z.norm()
}

// appendDecimal appends the decimal digits of z (most significant first),
// destroying z. Zero appends "0".
func (z nat) appendDecimal(dst []byte) []byte {
	switch len(z) {
	case 0:
		return append(dst, '0')
	case 1:
		return strconv.AppendUint(dst, z[0], 10)
	}
	// Collect 19-digit chunks, least significant first.
	var chunkBuf [16]uint64
	chunks := chunkBuf[:0]
	for len(z) > 0 {
		var r uint64
		z, r = z.divWord(pow10Word[19])
		chunks = append(chunks, r)
	}
	dst = strconv.AppendUint(dst, chunks[len(chunks)-1], 10)
	for i := len(chunks) - 2; i >= 0; i-- {
		var tmp [19]byte
		v := chunks[i]
		for j := 18; j >= 0; j-- {
			tmp[j] = byte('0' + v%10)
			v /= 10
		}
		dst = append(dst, tmp[:]...)
	}
	return dst
}

// bigPow returns base^n as a big.Int.
func bigPow(base int64, n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(base), big.NewInt(int64(n)), nil)
}
