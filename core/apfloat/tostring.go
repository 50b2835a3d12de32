package apfloat

import "math/big"

// maxFormatArg bounds the formatPrecision and formatMaxPadding arguments so
// that a silly argument cannot request gigabytes of zeros.
const maxFormatArg = 1 << 16

func clampFormatArg(v int) uint32 {
	if v < 0 {
		return 0
	}
	if v > maxFormatArg {
		return maxFormatArg
	}
	return uint32(v)
}

// ToString formats f exactly like llvm::APFloat::toString(Str,
// FormatPrecision, FormatMaxPadding, TruncateZero).
//
// formatPrecision is the number of significant digits; 0 selects LLVM's
// "natural" precision for the semantics, 2 + precision*59/196 (9 for f32,
// 17 for f64). formatMaxPadding is the largest number of zeros added to
// avoid scientific notation; 0 always uses scientific notation.
// truncateZero selects the compact form ("1.0E+0") over the padded one
// ("1.000000e+00"). LLVM's defaults are ToString(0, 3, true).
//
// Infinities print as "+Inf" and "-Inf", NaNs as "NaN". Negative arguments
// are treated as 0 and arguments above 65536 as 65536.
func (f Float) ToString(formatPrecision, formatMaxPadding int, truncateZero bool) string {
	sem := f.sem.orDefault()
	var buf [64]byte
	b := appendToString(buf[:0], sem, sem.decode(f.bits),
		clampFormatArg(formatPrecision), clampFormatArg(formatMaxPadding), truncateZero)
	return string(b)
}

// String returns ToString(0, 3, true), LLVM's default form.
func (f Float) String() string { return f.ToString(0, 3, true) }

// MLIRString formats f as MLIR's AsmPrinter prints a float attribute value
// (printFloatValue in mlir/lib/IR/AsmPrinter.cpp): the 6-digit scientific
// form if it parses back to the same value, else LLVM's default toString
// form if it contains a '.', else (and always for Inf and NaN) the bit
// pattern as an uppercase C hex literal such as 0x7FC00000, in which case
// isHex is true.
func (f Float) MLIRString() (s string, isHex bool) {
	sem := f.sem.orDefault()
	u := sem.decode(f.bits)
	if u.cat == catNormal || u.cat == catZero {
		var buf [64]byte
		s = string(appendToString(buf[:0], sem, u, 6, 0, false))
		if r, err := sem.parse(s); err == nil && bitwiseEqual(sem.decode(r), u) {
			return s, false
		}
		b := appendToString(buf[:0], sem, u, 0, 3, true)
		for _, c := range b {
			if c == '.' {
				return string(b), false
			}
		}
	}
	var buf [40]byte
	return string(appendHex(buf[:0], sem.encode(u))), true
}

// HexString returns the bit pattern of f as MLIR prints it for special
// values: APInt::toString(16, /*Signed=*/false, /*formatAsCLiteral=*/true),
// i.e. "0x" followed by uppercase hex digits without leading zeros ("0x0"
// for zero). Like LLVM, it prints the pattern of the decoded value: f80
// unnormals print as the NaNs LLVM reads them as (exponent 0x7FFF) and
// pseudo-denormals with exponent 1.
func (f Float) HexString() string {
	sem := f.sem.orDefault()
	var buf [40]byte
	return string(appendHex(buf[:0], sem.encode(sem.decode(f.bits))))
}

func appendHex(dst []byte, v u128) []byte {
	const digits = "0123456789ABCDEF"
	dst = append(dst, '0', 'x')
	n := (v.bitLen() + 3) / 4
	if n == 0 {
		return append(dst, '0')
	}
	for i := n - 1; i >= 0; i-- {
		dst = append(dst, digits[v.shr(4*i).lo&0xf])
	}
	return dst
}

// appendToString implements IEEEFloat::toString for a decoded value.
func appendToString(dst []byte, sem *Semantics, u unpacked, fp, pad uint32, truncZero bool) []byte {
	switch u.cat {
	case catInf:
		if u.sign {
			return append(dst, "-Inf"...)
		}
		return append(dst, "+Inf"...)
	case catNaN:
		return append(dst, "NaN"...)
	case catZero:
		if u.sign {
			dst = append(dst, '-')
		}
		if pad != 0 {
			return append(dst, '0')
		}
		if truncZero {
			return append(dst, "0.0E+0"...)
		}
		dst = append(dst, "0.0"...)
		for i := uint32(1); i < fp; i++ {
			dst = append(dst, '0')
		}
		return append(dst, "e+00"...)
	}

	if u.sign {
		dst = append(dst, '-')
	}
	if fp == 0 {
		fp = uint32(sem.natural)
	}

	// The value is n * 2^e; drop trailing binary zeros.
	n := u.sig
	e := u.exp - (sem.precision - 1)
	tz := n.trailingZeros()
	n = n.shr(tz)
	e += tz

	var digitBuf [64]byte
	digits, decExp := significantDigits(digitBuf[:0], n, e, fp)

	// Drop trailing decimal zeros.
	for len(digits) > 1 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		decExp++
	}

	// Round to fp digits, half up on the first dropped digit, as LLVM's
	// AdjustToPrecision does.
	if nd := len(digits); nd > int(fp) {
		if digits[fp] < '5' {
			keep := int(fp)
			for keep > 1 && digits[keep-1] == '0' {
				keep--
			}
			decExp += nd - keep
			digits = digits[:keep]
		} else {
			i := int(fp) - 1
			for i >= 0 && digits[i] == '9' {
				i--
			}
			if i < 0 {
				decExp += nd
				digits = append(digits[:0], '1')
			} else {
				digits[i]++
				decExp += nd - (i + 1)
				digits = digits[:i+1]
			}
		}
	}
	return formatDigits(dst, digits, decExp, fp, pad, truncZero)
}

// significantDigits returns the decimal digits (most significant first) of
// n * 2^e after LLVM's binary AdjustToPrecision step, which truncates the
// exact decimal expansion to about fp digits, and the decimal exponent of
// the last digit.
func significantDigits(dst []byte, n u128, e int, fp uint32) ([]byte, int) {
	bitsRequired := (fp*196 + 58) / 59
	// Estimate the size of n*2^e or n*5^-e in words.
	est := n.bitLen()
	if e > 0 {
		est += e
	} else {
		est += (-e*2322 + 999) / 1000
	}
	if est > 48*64-64 {
		return significantDigitsBig(dst, n, e, bitsRequired)
	}

	var wordBuf [48]uint64
	m := natFrom(n, wordBuf[:0])
	decExp := 0
	k := 0
	if e > 0 {
		m = m.shl(e)
	} else if e < 0 {
		k = -e
		m = m.mulPow5(k)
		decExp = e
	}
	if b := uint32(m.bitLen()); b > bitsRequired {
		if t := (b - bitsRequired) * 59 / 196; t > 0 {
			decExp += int(t)
			m = m.divPow10(int(t))
		}
	}
	return m.appendDecimal(dst), decExp
}

// significantDigitsBig is significantDigits with math/big for the very
// large numbers of f80 and f128.
func significantDigitsBig(dst []byte, n u128, e int, bitsRequired uint32) ([]byte, int) {
	m := new(big.Int).SetUint64(n.hi)
	m.Lsh(m, 64)
	m.Or(m, new(big.Int).SetUint64(n.lo))
	decExp := 0
	if e > 0 {
		m.Lsh(m, uint(e))
	} else if e < 0 {
		m.Mul(m, bigPow(5, -e))
		decExp = e
	}
	if b := uint32(m.BitLen()); b > bitsRequired {
		if t := (b - bitsRequired) * 59 / 196; t > 0 {
			decExp += int(t)
			m.Quo(m, bigPow(10, int(t)))
		}
	}
	return m.Append(dst, 10), decExp
}

// formatDigits is the tail of LLVM's toStringImpl: digits (most significant
// first, no trailing zeros) times 10^exp.
func formatDigits(dst, digits []byte, exp int, fp, pad uint32, truncZero bool) []byte {
	nd := len(digits)
	var sci bool
	switch {
	case pad == 0:
		sci = true
	case exp >= 0:
		sci = uint64(exp) > uint64(pad) || uint64(nd)+uint64(exp) > uint64(fp)
	default:
		if msd := exp + nd - 1; msd >= 0 {
			sci = false
		} else {
			sci = uint64(-msd) > uint64(pad)
		}
	}

	if sci {
		exp += nd - 1
		dst = append(dst, digits[0], '.')
		if nd == 1 && truncZero {
			dst = append(dst, '0')
		} else {
			dst = append(dst, digits[1:]...)
		}
		if !truncZero && uint64(fp) > uint64(nd-1) {
			for i := uint64(0); i < uint64(fp)-uint64(nd)+1; i++ {
				dst = append(dst, '0')
			}
		}
		if truncZero {
			dst = append(dst, 'E')
		} else {
			dst = append(dst, 'e')
		}
		if exp >= 0 {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '-')
			exp = -exp
		}
		if !truncZero && exp < 10 {
			dst = append(dst, '0')
		}
		return appendInt(dst, exp)
	}

	if exp >= 0 {
		dst = append(dst, digits...)
		for i := 0; i < exp; i++ {
			dst = append(dst, '0')
		}
		return dst
	}

	whole := exp + nd
	if whole > 0 {
		dst = append(dst, digits[:whole]...)
		dst = append(dst, '.')
		return append(dst, digits[whole:]...)
	}
	dst = append(dst, '0', '.')
	for i := 0; i < -whole; i++ {
		dst = append(dst, '0')
	}
	return append(dst, digits...)
}

func appendInt(dst []byte, v int) []byte {
	var tmp [20]byte
	i := len(tmp)
	for {
		i--
		tmp[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			break
		}
	}
	return append(dst, tmp[i:]...)
}
