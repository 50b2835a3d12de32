package apfloat

// nonFinite says how the non-finite values Inf and NaN are represented
// (LLVM's fltNonfiniteBehavior).
type nonFinite uint8

const (
	// ieee754: Inf and NaN as in IEEE 754.
	ieee754 nonFinite = iota
	// nanOnly: no Inf; operations that would give Inf give NaN.
	nanOnly
	// finiteOnly: neither Inf nor NaN.
	finiteOnly
)

// nanEncoding says how NaN is encoded (LLVM's fltNanEncoding).
type nanEncoding uint8

const (
	// nanIEEE: exponent all ones, significand non-zero.
	nanIEEE nanEncoding = iota
	// nanAllOnes: exponent and significand all ones.
	nanAllOnes
	// nanNegativeZero: the negative zero pattern (sign set, all else clear).
	nanNegativeZero
)

// layout selects the bit-level encoding.
type layout uint8

const (
	layoutIEEE layout = iota // sign, biased exponent, trailing significand
	layoutX87                // x87 80-bit extended: explicit integer bit
	layoutE8M0               // unsigned exponent-only format
)

// Semantics describes a floating point format, mirroring LLVM's
// fltSemantics. The package-level variables (F16, BF16, F32, ...) are the
// only instances; compare them by pointer.
type Semantics struct {
	name      string
	maxExp    int // largest E such that 2^E is representable
	minExp    int // smallest E such that 2^E is a normalized number
	precision int // significand bits, including the integer bit
	bits      int // size in bits
	nonFinite nonFinite
	nanEnc    nanEncoding
	hasZero   bool
	hasSigned bool
	layout    layout

	// Derived encoding parameters.
	trailing int // stored significand bits
	expBits  int // exponent field width
	bias     int // exponent field = exponent + bias
	natural  int // LLVM's natural toString precision
}

func newSem(name string, maxExp, minExp, precision, bits int, nf nonFinite, ne nanEncoding, hasZero, hasSigned bool, l layout) *Semantics {
	s := &Semantics{
		name: name, maxExp: maxExp, minExp: minExp, precision: precision, bits: bits,
		nonFinite: nf, nanEnc: ne, hasZero: hasZero, hasSigned: hasSigned, layout: l,
	}
	switch l {
	case layoutX87:
		s.trailing = 64
		s.expBits = 15
		s.bias = 16383
	case layoutE8M0:
		s.trailing = 0
		s.expBits = 8
		s.bias = -minExp
	default:
		s.trailing = precision - 1
		s.expBits = bits - 1 - s.trailing
		s.bias = 1 - minExp
	}
	s.natural = 2 + precision*59/196
	return s
}

// The MLIR builtin floating point semantics. The parameters are those of
// LLVM's fltSemantics tables in llvm/lib/Support/APFloat.cpp.
var (
	// F16 is IEEE 754 binary16 (MLIR f16).
	F16 = newSem("f16", 15, -14, 11, 16, ieee754, nanIEEE, true, true, layoutIEEE)
	// BF16 is bfloat16 (MLIR bf16).
	BF16 = newSem("bf16", 127, -126, 8, 16, ieee754, nanIEEE, true, true, layoutIEEE)
	// F32 is IEEE 754 binary32 (MLIR f32).
	F32 = newSem("f32", 127, -126, 24, 32, ieee754, nanIEEE, true, true, layoutIEEE)
	// F64 is IEEE 754 binary64 (MLIR f64).
	F64 = newSem("f64", 1023, -1022, 53, 64, ieee754, nanIEEE, true, true, layoutIEEE)
	// F80 is the x87 80-bit extended format with an explicit integer bit
	// (MLIR f80).
	F80 = newSem("f80", 16383, -16382, 64, 80, ieee754, nanIEEE, true, true, layoutX87)
	// F128 is IEEE 754 binary128 (MLIR f128).
	F128 = newSem("f128", 16383, -16382, 113, 128, ieee754, nanIEEE, true, true, layoutIEEE)
	// TF32 is NVIDIA's TensorFloat-32, 1-8-10 in 19 bits (MLIR tf32).
	TF32 = newSem("tf32", 127, -126, 11, 19, ieee754, nanIEEE, true, true, layoutIEEE)
	// F8E5M2 is the 8-bit E5M2 format with IEEE Inf/NaN (MLIR f8E5M2).
	F8E5M2 = newSem("f8E5M2", 15, -14, 3, 8, ieee754, nanIEEE, true, true, layoutIEEE)
	// F8E4M3 is the 8-bit E4M3 format with IEEE Inf/NaN (MLIR f8E4M3).
	F8E4M3 = newSem("f8E4M3", 7, -6, 4, 8, ieee754, nanIEEE, true, true, layoutIEEE)
	// F8E4M3FN is the finite 8-bit E4M3 format whose NaN is the all-ones
	// pattern (MLIR f8E4M3FN).
	F8E4M3FN = newSem("f8E4M3FN", 8, -6, 4, 8, nanOnly, nanAllOnes, true, true, layoutIEEE)
	// F8E5M2FNUZ is the finite 8-bit E5M2 format without negative zero whose
	// NaN is 0x80 (MLIR f8E5M2FNUZ).
	F8E5M2FNUZ = newSem("f8E5M2FNUZ", 15, -15, 3, 8, nanOnly, nanNegativeZero, true, true, layoutIEEE)
	// F8E4M3FNUZ is the finite 8-bit E4M3 format without negative zero whose
	// NaN is 0x80 (MLIR f8E4M3FNUZ).
	F8E4M3FNUZ = newSem("f8E4M3FNUZ", 7, -7, 4, 8, nanOnly, nanNegativeZero, true, true, layoutIEEE)
	// F8E4M3B11FNUZ is F8E4M3FNUZ with exponent bias 11
	// (MLIR f8E4M3B11FNUZ).
	F8E4M3B11FNUZ = newSem("f8E4M3B11FNUZ", 4, -10, 4, 8, nanOnly, nanNegativeZero, true, true, layoutIEEE)
	// F8E3M4 is the 8-bit E3M4 format with IEEE Inf/NaN (MLIR f8E3M4).
	F8E3M4 = newSem("f8E3M4", 3, -2, 5, 8, ieee754, nanIEEE, true, true, layoutIEEE)
	// F8E8M0FNU is the unsigned exponent-only 8-bit format: no zero, no
	// sign, no Inf, NaN is 0xFF (MLIR f8E8M0FNU).
	F8E8M0FNU = newSem("f8E8M0FNU", 127, -127, 1, 8, nanOnly, nanAllOnes, false, false, layoutE8M0)
	// F6E2M3FN is the 6-bit E2M3 format without Inf and NaN (MLIR f6E2M3FN).
	F6E2M3FN = newSem("f6E2M3FN", 2, 0, 4, 6, finiteOnly, nanIEEE, true, true, layoutIEEE)
	// F6E3M2FN is the 6-bit E3M2 format without Inf and NaN (MLIR f6E3M2FN).
	F6E3M2FN = newSem("f6E3M2FN", 4, -2, 3, 6, finiteOnly, nanIEEE, true, true, layoutIEEE)
	// F4E2M1FN is the 4-bit E2M1 format without Inf and NaN (MLIR f4E2M1FN).
	F4E2M1FN = newSem("f4E2M1FN", 2, 0, 2, 4, finiteOnly, nanIEEE, true, true, layoutIEEE)
)

// all lists the semantics in the order of MLIR's builtin float types.
var all = [...]*Semantics{F16, BF16, F32, F64, F80, F128, TF32,
	F8E5M2, F8E4M3, F8E4M3FN, F8E5M2FNUZ, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E3M4,
	F8E8M0FNU, F6E2M3FN, F6E3M2FN, F4E2M1FN}

// All returns every supported semantics, in the order f16, bf16, f32, f64,
// f80, f128, tf32, f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ,
// f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN.
// The returned slice is a fresh copy.
func All() []*Semantics {
	out := make([]*Semantics, len(all))
	copy(out, all[:])
	return out
}

// ByName returns the semantics of an MLIR float type keyword such as "f32",
// "bf16" or "f8E4M3FN", or nil if name is not one.
func ByName(name string) *Semantics {
	for _, s := range all {
		if s.name == name {
			return s
		}
	}
	return nil
}

// Name returns the MLIR type keyword of the semantics, e.g. "f8E4M3FN".
func (s *Semantics) Name() string { return s.name }

// String returns the MLIR type keyword, like Name.
func (s *Semantics) String() string { return s.name }

// BitWidth returns the storage size in bits (e.g. 80 for f80, 19 for tf32).
func (s *Semantics) BitWidth() int { return s.bits }

// Precision returns the number of significand bits including the integer
// bit (LLVM's fltSemantics::precision), e.g. 24 for f32.
func (s *Semantics) Precision() int { return s.precision }

// MaxExponent returns the largest E such that 2^E is representable.
func (s *Semantics) MaxExponent() int { return s.maxExp }

// MinExponent returns the smallest E such that 2^E is a normalized number.
func (s *Semantics) MinExponent() int { return s.minExp }

// HasInf reports whether the format can represent infinities.
func (s *Semantics) HasInf() bool { return s.nonFinite == ieee754 }

// HasNaN reports whether the format can represent NaN.
func (s *Semantics) HasNaN() bool { return s.nonFinite != finiteOnly }

// HasZero reports whether the format can represent zero (false only for
// f8E8M0FNU).
func (s *Semantics) HasZero() bool { return s.hasZero }

// HasSignedRepr reports whether the format has a sign bit (false only for
// f8E8M0FNU).
func (s *Semantics) HasSignedRepr() bool { return s.hasSigned }

// exponentZero is the internal exponent of zero.
func (s *Semantics) exponentZero() int { return s.minExp - 1 }

// exponentInf is the internal exponent of infinity.
func (s *Semantics) exponentInf() int { return s.maxExp + 1 }

// exponentNaN is the internal exponent of NaN.
func (s *Semantics) exponentNaN() int {
	if s.nonFinite == nanOnly {
		if s.nanEnc == nanNegativeZero {
			return s.exponentZero()
		}
		if s.hasSigned {
			return s.maxExp
		}
	}
	return s.maxExp + 1
}
