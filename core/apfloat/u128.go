package apfloat

import "math/bits"

// u128 is an unsigned 128-bit integer used for significands and bit
// patterns.
type u128 struct{ lo, hi uint64 }

func (a u128) isZero() bool { return a.lo|a.hi == 0 }

func (a u128) bitLen() int {
	if a.hi != 0 {
		return 64 + bits.Len64(a.hi)
	}
	return bits.Len64(a.lo)
}

// trailingZeros returns the number of trailing zero bits; 128 for zero.
func (a u128) trailingZeros() int {
	if a.lo != 0 {
		return bits.TrailingZeros64(a.lo)
	}
	if a.hi != 0 {
		return 64 + bits.TrailingZeros64(a.hi)
	}
	return 128
}

// bit reports whether bit n is set; false for n outside [0, 128).
func (a u128) bit(n int) bool {
	switch {
	case n < 0 || n >= 128:
		return false
	case n < 64:
		return a.lo>>uint(n)&1 != 0
	default:
		return a.hi>>uint(n-64)&1 != 0
	}
}

func (a u128) shr(n int) u128 {
	switch {
	case n <= 0:
		return a
	case n >= 128:
		return u128{}
	case n >= 64:
		return u128{a.hi >> uint(n-64), 0}
	default:
		return u128{a.lo>>uint(n) | a.hi<<uint(64-n), a.hi >> uint(n)}
	}
}

func (a u128) shl(n int) u128 {
	switch {
	case n <= 0:
		return a
	case n >= 128:
		return u128{}
	case n >= 64:
		return u128{0, a.lo << uint(n-64)}
	default:
		return u128{a.lo << uint(n), a.hi<<uint(n) | a.lo>>uint(64-n)}
	}
}

func (a u128) and(b u128) u128 { return u128{a.lo & b.lo, a.hi & b.hi} }
func (a u128) or(b u128) u128  { return u128{a.lo | b.lo, a.hi | b.hi} }

func (a u128) inc() u128 {
	lo, c := bits.Add64(a.lo, 1, 0)
	return u128{lo, a.hi + c}
}

// mask128 returns the value with the low n bits set.
func mask128(n int) u128 {
	switch {
	case n <= 0:
		return u128{}
	case n >= 128:
		return u128{^uint64(0), ^uint64(0)}
	case n >= 64:
		return u128{^uint64(0), ^uint64(0) >> uint(128-n)}
	default:
		return u128{^uint64(0) >> uint(64-n), 0}
	}
}

// pow2 returns 2^n for n in [0, 128).
func pow2(n int) u128 { return u128{1, 0}.shl(n) }

// lostFraction describes the discarded part of a value when truncating,
// as LLVM's lostFraction.
type lostFraction uint8

const (
	lfExactlyZero  lostFraction = iota // 000000
	lfLessThanHalf                     // 0xxxxx, x not all zero
	lfExactlyHalf                      // 100000
	lfMoreThanHalf                     // 1xxxxx, x not all zero
)

// lostThroughTruncation returns the fraction lost if the least significant
// n bits of a were discarded.
func lostThroughTruncation(a u128, n int) lostFraction {
	lsb := a.trailingZeros()
	if n <= lsb {
		return lfExactlyZero
	}
	if n == lsb+1 {
		return lfExactlyHalf
	}
	if n <= 128 && a.bit(n-1) {
		return lfMoreThanHalf
	}
	return lfLessThanHalf
}

// combineLost combines the lost fraction of a more significant truncation
// with that of a less significant one.
func combineLost(more, less lostFraction) lostFraction {
	if less != lfExactlyZero {
		if more == lfExactlyZero {
			more = lfLessThanHalf
		} else if more == lfExactlyHalf {
			more = lfMoreThanHalf
		}
	}
	return more
}
