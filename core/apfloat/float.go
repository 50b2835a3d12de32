package apfloat

import (
	"math"
)

// Float is a floating point value: a semantics and a bit pattern, like an
// llvm::APFloat bitcast to its APInt. It is a small value type; copying it
// is cheap and it never allocates for formats of at most 64 bits.
//
// The zero Float is +0 in F64 semantics.
type Float struct {
	sem  *Semantics
	bits u128
}

// category is the class of a decoded value (LLVM's fltCategory).
type category uint8

const (
	catZero category = iota
	catNormal
	catInf
	catNaN
)

// unpacked is the decoded form of a value, mirroring IEEEFloat's fields:
// for normal (and denormal) numbers the value is sig * 2^(exp-(precision-1)),
// with exp >= minExp; NaNs keep their payload in sig.
type unpacked struct {
	cat  category
	sign bool
	exp  int
	sig  u128
}

func (s *Semantics) orDefault() *Semantics {
	if s == nil {
		return F64
	}
	return s
}

// FromBits returns the value of sem whose bit pattern is lo (the low 64
// bits) and hi (bits 64 to 127). Bits beyond sem's width are ignored. A nil
// sem means F64.
//
// For f80, lo is the 64-bit significand (with its explicit integer bit) and
// the low 16 bits of hi hold the sign and exponent; for f128, lo and hi are
// the low and high halves.
func FromBits(sem *Semantics, lo, hi uint64) Float {
	sem = sem.orDefault()
	return Float{sem: sem, bits: u128{lo, hi}.and(mask128(sem.bits))}
}

// Bits returns the bit pattern of f: the low 64 bits and the bits above
// them (zero for formats of at most 64 bits).
func (f Float) Bits() (lo, hi uint64) { return f.bits.lo, f.bits.hi }

// Semantics returns the format of f.
func (f Float) Semantics() *Semantics { return f.sem.orDefault() }

func (f Float) unpack() unpacked { return f.sem.orDefault().decode(f.bits) }

// IsNaN reports whether f is a NaN.
func (f Float) IsNaN() bool { return f.unpack().cat == catNaN }

// IsSignaling reports whether f is a signaling NaN (LLVM's isSignaling).
func (f Float) IsSignaling() bool {
	u := f.unpack()
	return u.cat == catNaN && f.sem.orDefault().isSignaling(u)
}

// IsInf reports whether f is an infinity of either sign.
func (f Float) IsInf() bool { return f.unpack().cat == catInf }

// IsZero reports whether f is a zero of either sign.
func (f Float) IsZero() bool { return f.unpack().cat == catZero }

// IsNegative reports whether the sign of f is set. This includes -0 and
// NaNs with the sign bit set (in particular the FNUZ NaN 0x80).
func (f Float) IsNegative() bool { return f.unpack().sign }

// decode mirrors IEEEFloat::initFromAPInt.
func (s *Semantics) decode(b u128) unpacked {
	switch s.layout {
	case layoutX87:
		mant := b.lo
		e := int(b.hi & 0x7fff)
		sign := b.hi>>15&1 != 0
		switch {
		case e == 0 && mant == 0:
			return unpacked{cat: catZero, sign: sign, exp: s.exponentZero()}
		case e == 0x7fff && mant == 1<<63:
			return unpacked{cat: catInf, sign: sign, exp: s.exponentInf()}
		case e == 0x7fff || (e != 0 && mant>>63 == 0):
			// NaN, pseudo-NaN, pseudo-infinity and unnormals are all NaNs.
			return unpacked{cat: catNaN, sign: sign, exp: s.exponentNaN(), sig: u128{mant, 0}}
		}
		u := unpacked{cat: catNormal, sign: sign, exp: e - 16383, sig: u128{mant, 0}}
		if e == 0 { // denormal (or pseudo-denormal)
			u.exp = -16382
		}
		return u
	case layoutE8M0:
		v := b.lo & 0xff
		if v == 0xff {
			return unpacked{cat: catNaN, exp: s.exponentNaN(), sig: u128{1, 0}}
		}
		return unpacked{cat: catNormal, exp: int(v) - 127, sig: u128{1, 0}}
	}
	t := s.trailing
	mant := b.and(mask128(t))
	e := int(b.shr(t).lo & (1<<uint(s.expBits) - 1))
	sign := b.bit(s.bits - 1)
	allZero := mant.isZero()
	isZero := e == 0 && allZero
	if s.nonFinite == ieee754 && e-s.bias == s.exponentInf() && allZero {
		return unpacked{cat: catInf, sign: sign, exp: s.exponentInf()}
	}
	isNaN := false
	switch s.nanEnc {
	case nanIEEE:
		isNaN = e-s.bias == s.exponentNaN() && !allZero
	case nanAllOnes:
		isNaN = e-s.bias == s.exponentNaN() && mant == mask128(t)
	case nanNegativeZero:
		isNaN = isZero && sign
	}
	if isNaN {
		return unpacked{cat: catNaN, sign: sign, exp: s.exponentNaN(), sig: mant}
	}
	if isZero {
		return unpacked{cat: catZero, sign: sign, exp: s.exponentZero()}
	}
	u := unpacked{cat: catNormal, sign: sign, exp: e - s.bias, sig: mant}
	if e == 0 {
		u.exp = s.minExp
	} else {
		u.sig = u.sig.or(pow2(t))
	}
	return u
}

// encode mirrors IEEEFloat::bitcastToAPInt. Categories a format cannot
// represent (which LLVM treats as unreachable) are encoded with the same
// arithmetic LLVM's release builds perform.
func (s *Semantics) encode(u unpacked) u128 {
	if s.layout == layoutX87 {
		var e, mant uint64
		switch u.cat {
		case catNormal:
			e = uint64(u.exp + 16383)
			mant = u.sig.lo
			if e == 1 && mant>>63 == 0 {
				e = 0
			}
		case catZero:
		case catInf:
			e, mant = 0x7fff, 1<<63
		case catNaN:
			e, mant = 0x7fff, u.sig.lo
		}
		hi := e & 0x7fff
		if u.sign {
			hi |= 1 << 15
		}
		return u128{mant, hi}
	}
	var e int
	var sig u128
	switch u.cat {
	case catNormal:
		e = u.exp + s.bias
		sig = u.sig
		if e == 1 && !sig.bit(s.trailing) {
			e = 0 // denormal
		}
	case catZero:
		e = s.exponentZero() + s.bias
	case catInf:
		e = s.exponentInf() + s.bias
	case catNaN:
		e = s.exponentNaN() + s.bias
		sig = u.sig
	}
	r := sig.and(mask128(s.trailing))
	r = r.or(u128{uint64(e) & (1<<uint(s.expBits) - 1), 0}.shl(s.trailing))
	if u.sign {
		r = r.or(pow2(s.bits - 1))
	}
	return r.and(mask128(s.bits))
}

// bitwiseEqual mirrors IEEEFloat::bitwiseIsEqual on decoded values.
func bitwiseEqual(a, b unpacked) bool {
	if a.cat != b.cat || a.sign != b.sign {
		return false
	}
	switch a.cat {
	case catZero, catInf:
		return true
	case catNormal:
		if a.exp != b.exp {
			return false
		}
	}
	return a.sig == b.sig
}

// makeNaN mirrors IEEEFloat::makeNaN for a quiet NaN without payload.
func (s *Semantics) makeNaN(sign bool) unpacked {
	u := unpacked{cat: catNaN, sign: sign, exp: s.exponentNaN()}
	p := s.precision
	qnanBit := 0
	if p >= 2 {
		qnanBit = p - 2
	}
	if s.nonFinite == nanOnly {
		if s.nanEnc == nanNegativeZero {
			u.sign = true
			return u
		}
		u.sig = mask128(p - 1)
	}
	u.sig = u.sig.or(pow2(qnanBit))
	if s.layout == layoutX87 {
		u.sig = u.sig.or(pow2(qnanBit + 1))
	}
	return u
}

// largest mirrors IEEEFloat::makeLargest.
func (s *Semantics) largest(sign bool) unpacked {
	u := unpacked{cat: catNormal, sign: sign, exp: s.maxExp, sig: mask128(s.precision)}
	if s.nonFinite == nanOnly && s.nanEnc == nanAllOnes && s.precision > 1 {
		u.sig.lo &^= 1
	}
	return u
}

// smallestNormalized mirrors IEEEFloat::makeSmallestNormalized.
func (s *Semantics) smallestNormalized(sign bool) unpacked {
	return unpacked{cat: catNormal, sign: sign, exp: s.minExp, sig: pow2(s.precision - 1)}
}

// zero returns a zero as LLVM's normalize canonicalizes it.
func (s *Semantics) zero(sign bool) unpacked {
	if !s.hasZero {
		return s.smallestNormalized(false)
	}
	if s.nanEnc == nanNegativeZero {
		sign = false
	}
	return unpacked{cat: catZero, sign: sign, exp: s.exponentZero()}
}

// overflow mirrors IEEEFloat::handleOverflow for round-to-nearest.
func (s *Semantics) overflow(sign bool) unpacked {
	switch s.nonFinite {
	case nanOnly:
		return s.makeNaN(sign)
	case finiteOnly:
		return s.largest(sign)
	}
	return unpacked{cat: catInf, sign: sign, exp: s.exponentInf()}
}

// roundCore rounds (-1)^sign * (m + lf) * 2^e to s with round-to-nearest,
// ties-to-even, where lf describes a fraction of the unit in the last place
// of m. It applies LLVM's normalize rules for overflow, underflow and the
// special NaN encodings. It returns the result, the fraction lost by the
// final rounding step (lfExactlyHalf means a tie was broken) and whether the
// value overflowed.
//
// If lf is not lfExactlyZero, m must already be at (or above) the final
// scale: callers pass either an exact m or m truncated to at most the
// precision of s.
func (s *Semantics) roundCore(sign bool, m u128, e int, lf lostFraction) (unpacked, lostFraction, bool) {
	p := s.precision
	q := e
	if !m.isZero() {
		k := m.bitLen() - 1 + e
		q = max(k, s.minExp) - (p - 1)
	} else {
		q = max(q, s.minExp-(p-1))
	}
	if q < e {
		m = m.shl(e - q)
	} else if q > e {
		n := q - e
		lf = combineLost(lostThroughTruncation(m, n), lf)
		m = m.shr(n)
	}
	if lf == lfMoreThanHalf || (lf == lfExactlyHalf && m.lo&1 != 0) {
		m = m.inc()
		if m == pow2(p) {
			m = pow2(p - 1)
			q++
		}
	}
	if m.isZero() {
		return s.zero(sign), lf, false
	}
	exp := q + p - 1
	if exp > s.maxExp {
		return s.overflow(sign), lf, true
	}
	if s.nonFinite == nanOnly && s.nanEnc == nanAllOnes && p > 1 && exp == s.maxExp && m == mask128(p) {
		return s.overflow(sign), lf, true
	}
	return unpacked{cat: catNormal, sign: sign, exp: exp, sig: m}, lf, false
}

// isSignaling mirrors IEEEFloat::isSignaling.
func (s *Semantics) isSignaling(u unpacked) bool {
	if u.cat != catNaN || s.nonFinite != ieee754 {
		return false
	}
	return !u.sig.bit(s.precision - 2)
}

// convertNaN mirrors the NaN branch of IEEEFloat::convert.
func convertNaN(from, to *Semantics, u unpacked) unpacked {
	if to.nonFinite == nanOnly {
		return to.makeNaN(u.sign)
	}
	signaling := from.isSignaling(u)
	x86Special := from.layout == layoutX87 && to.layout != layoutX87 &&
		(u.sig.lo>>63 == 0 || u.sig.lo>>62&1 == 0)
	shift := to.precision - from.precision
	if shift < 0 {
		u.sig = u.sig.shr(-shift)
	} else {
		u.sig = u.sig.shl(shift)
	}
	u.exp = to.exponentNaN()
	if from.nanEnc == nanNegativeZero && to.nanEnc != nanNegativeZero {
		u = to.makeNaN(false)
	}
	if !x86Special && to.layout == layoutX87 {
		u.sig = u.sig.or(pow2(to.precision - 1))
	}
	if signaling {
		u.sig = u.sig.or(pow2(to.precision - 2))
	}
	return u
}

// FromFloat64 converts f to sem with round-to-nearest-even, like
// APFloat(double).convert(sem, rmNearestTiesToEven, ...). inexact reports
// whether the result does not have the value of f (rounding, overflow,
// underflow, -0 in a format without negative zero, 0 in f8E8M0FNU, Inf in a
// format without Inf); NaN converts to NaN exactly. A nil sem means F64.
//
// Formats without Inf or NaN (f6E2M3FN, f6E3M2FN, f4E2M1FN) and formats
// without a sign (f8E8M0FNU) cannot hold some inputs; LLVM leaves these
// conversions undefined and its release builds produce the bit patterns
// returned here (Inf and NaN keep a clamped exponent field, the sign bit is
// OR-ed in), reported as inexact.
func FromFloat64(sem *Semantics, f float64) (Float, bool) {
	sem = sem.orDefault()
	if sem == F64 {
		return Float{sem: F64, bits: u128{math.Float64bits(f), 0}}, false
	}
	u := F64.decode(u128{math.Float64bits(f), 0})
	var r unpacked
	inexact := false
	switch u.cat {
	case catZero:
		r = sem.zero(u.sign)
		inexact = r.cat != catZero || r.sign != u.sign
	case catInf:
		switch sem.nonFinite {
		case ieee754:
			r = unpacked{cat: catInf, sign: u.sign, exp: sem.exponentInf()}
		case nanOnly:
			r = sem.makeNaN(u.sign)
			inexact = true
		default:
			r = unpacked{cat: catInf, sign: u.sign}
			inexact = true
		}
	case catNaN:
		r = convertNaN(F64, sem, u)
		inexact = sem.nonFinite == finiteOnly
	default:
		var lf lostFraction
		var ovf bool
		r, lf, ovf = sem.roundCore(u.sign, u.sig, u.exp-52, lfExactlyZero)
		inexact = lf != lfExactlyZero || ovf
	}
	if r.sign && !sem.hasSigned {
		inexact = true
	}
	return Float{sem: sem, bits: sem.encode(r)}, inexact
}

// Float64 returns the value of f as a float64, rounded to nearest-even when
// f is an f80 or f128 value that float64 cannot hold (all other formats
// convert exactly). NaNs convert to NaNs, keeping the sign and as much of
// the payload as fits.
func (f Float) Float64() float64 {
	sem := f.sem.orDefault()
	if sem == F64 {
		return math.Float64frombits(f.bits.lo)
	}
	u := sem.decode(f.bits)
	var r unpacked
	switch u.cat {
	case catZero:
		r = F64.zero(u.sign)
	case catInf:
		r = unpacked{cat: catInf, sign: u.sign, exp: F64.exponentInf()}
	case catNaN:
		r = convertNaN(sem, F64, u)
		if r.sig.and(mask128(52)).isZero() {
			// LLVM would produce an Inf from the f8E8M0FNU NaN here.
			r.sig = r.sig.or(pow2(51))
		}
	default:
		r, _, _ = F64.roundCore(u.sign, u.sig, u.exp-(sem.precision-1), lfExactlyZero)
	}
	return math.Float64frombits(F64.encode(r).lo)
}
