package apfloat

import (
	"encoding/binary"
	"math"
	"math/big"
	"strconv"
)

// ParseError reports a string that is not a decimal floating point literal.
type ParseError struct {
	Input string // the offending input (shortened if very long)
	Msg   string // what is wrong, in LLVM's words where LLVM has them
}

// Error implements error.
func (e *ParseError) Error() string {
	return "apfloat: invalid literal " + strconv.Quote(e.Input) + ": " + e.Msg
}

func parseErr(s, msg string) error {
	if len(s) > 64 {
		s = s[:64] + "..."
	}
	return &ParseError{Input: s, Msg: msg}
}

// overlargeExponent is where LLVM's readExponent stops reading an exponent.
const overlargeExponent = 24000

// maxExactDigits bounds the significant digits used exactly by the slow
// path; later digits only matter through whether any is non-zero. Every
// rounding boundary of every supported format (including f128 subnormal
// midpoints) has fewer significant digits.
const maxExactDigits = 12000

// decimal is a scanned decimal literal, as LLVM's interpretDecimal sees it.
type decimal struct {
	neg     bool
	body    string // the literal without its sign
	mantEnd int    // end of the significand in body (start of 'e' or end)
	first   int    // index in body of the first significant digit
	last    int    // index in body of the last significant digit
	zero    bool   // no significant digits
	decExp  int    // value = digits * 10^decExp
	normExp int    // value = d.ddd * 10^normExp
	expOK   bool   // exponent below 10000 in magnitude; safe for strconv
	hasExp  bool   // an exponent with digits is present
}

// scan mirrors IEEEFloat::convertFromString and interpretDecimal for
// decimal input, accepting and rejecting exactly what LLVM does (hex floats,
// "inf" and "nan" are rejected).
func scan(s string) (decimal, error) {
	var d decimal
	if len(s) == 0 {
		return d, parseErr(s, "Invalid string length")
	}
	body := s
	if body[0] == '-' || body[0] == '+' {
		d.neg = body[0] == '-'
		body = body[1:]
		if len(body) == 0 {
			return d, parseErr(s, "String has no digits")
		}
	}
	if len(body) >= 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X') {
		return d, parseErr(s, "hexadecimal floats are not supported")
	}
	d.body = body
	n := len(body)

	// skipLeadingZeroesAndAnyDot
	p := 0
	dot := -1
	for p < n && body[p] == '0' {
		p++
	}
	if p < n && body[p] == '.' {
		dot = p
		p++
		if n == 1 {
			return d, parseErr(s, "Significand has no digits")
		}
		for p < n && body[p] == '0' {
			p++
		}
	}
	first := p
	for p < n {
		if body[p] == '.' {
			if dot >= 0 {
				return d, parseErr(s, "String contains multiple dots")
			}
			dot = p
			p++
			if p == n {
				break
			}
		}
		if c := body[p]; c < '0' || c > '9' {
			break
		}
		p++
	}
	d.mantEnd = p
	exp := 0
	d.expOK = true
	if p < n {
		if body[p] != 'e' && body[p] != 'E' {
			return d, parseErr(s, "Invalid character in significand")
		}
		if p == 0 {
			return d, parseErr(s, "Significand has no digits")
		}
		if dot >= 0 && p == 1 {
			return d, parseErr(s, "Significand has no digits")
		}
		var err error
		var complete bool
		exp, complete, d.hasExp, err = readExponent(body[p+1:])
		if err != nil {
			return d, parseErr(s, err.Error())
		}
		// strconv stops accumulating exponents at 10000, LLVM at 24000.
		d.expOK = complete && exp > -10000 && exp < 10000
		if dot < 0 {
			dot = p
		}
	}
	if dot < 0 {
		dot = n
	}

	if p == first {
		d.zero = true
		return d, nil
	}
	// Drop insignificant trailing zeroes (and a dot among them).
	if p != 0 {
		for {
			for {
				p--
				if !(p != 0 && body[p] == '0') {
					break
				}
			}
			if !(p != 0 && body[p] == '.') {
				break
			}
		}
	}
	if c := body[first]; c < '0' || c > '9' {
		d.zero = true
		return d, nil
	}
	d.first, d.last = first, p
	d.decExp = exp + (dot - p)
	if dot > p {
		d.decExp--
	}
	d.normExp = d.decExp + (p - first)
	if dot > first && dot < p {
		d.normExp--
	}
	return d, nil
}

type scanError string

func (e scanError) Error() string { return string(e) }

// readExponent mirrors LLVM's readExponent: an empty exponent (or a lone
// sign) reads as 0 and reading stops, without looking at the rest, once
// the magnitude reaches 24000.
func readExponent(t string) (exp int, complete, hasDigits bool, err error) {
	if len(t) == 0 || ((t[0] == '-' || t[0] == '+') && len(t) == 1) {
		return 0, true, false, nil
	}
	neg := t[0] == '-'
	i := 0
	if t[0] == '-' || t[0] == '+' {
		i++
	}
	if c := t[i]; c < '0' || c > '9' {
		return 0, false, false, scanError("Invalid character in exponent")
	}
	abs := int(t[i] - '0')
	complete = true
	for i++; i < len(t); i++ {
		c := t[i]
		if c < '0' || c > '9' {
			return 0, false, false, scanError("Invalid character in exponent")
		}
		abs = abs*10 + int(c-'0')
		if abs >= overlargeExponent {
			abs = overlargeExponent
			complete = false
			break
		}
	}
	if neg {
		abs = -abs
	}
	return abs, complete, true, nil
}

// Parse parses a decimal floating point literal into sem with correct
// round-to-nearest-even, like llvm::APFloat(sem, s): an optional sign,
// digits with at most one '.', and an optional exponent ([eE][+-]?digits).
// Plain integers such as "5" are accepted. Hexadecimal floats, "inf" and
// "nan" are rejected, as is a '-' sign for f8E8M0FNU (which has no sign).
// A nil sem means F64.
//
// Out-of-range values round as LLVM does: to Inf, to NaN for formats
// without Inf, or to the largest finite value for formats without Inf and
// NaN; tiny values round to zero (or, in f8E8M0FNU, to its smallest value).
func Parse(sem *Semantics, s string) (Float, error) {
	sem = sem.orDefault()
	b, err := sem.parse(s)
	if err != nil {
		return Float{sem: sem}, err
	}
	return Float{sem: sem, bits: b}, nil
}

// ParseLiteral parses a float literal the way MLIR's AsmParser does for an
// attribute of type sem: the literal is first read as an f64 (overflowing
// to Inf) and then converted to sem with round-to-nearest-even. This double
// rounding differs from Parse for some inputs, and f80 and f128 values get
// only f64 precision. A nil sem means F64.
func ParseLiteral(sem *Semantics, s string) (Float, error) {
	sem = sem.orDefault()
	d, err := F64.parse(s)
	if err != nil {
		return Float{sem: sem}, err
	}
	f, _ := FromFloat64(sem, math.Float64frombits(d.lo))
	return f, nil
}

// strconvSafe reports whether s is short and made only of characters of
// decimal literals. For such strings strconv.ParseFloat accepts a subset of
// what LLVM accepts and yields the same value: the exponent clamping of
// LLVM (at 24000) and of strconv (at 10000) cannot change the result
// without thousands of digits.
func strconvSafe(s string) bool {
	if len(s) == 0 || len(s) > 48 {
		return false
	}
	// LLVM reads "1e" and "1e+" with an exponent of 0; strconv rejects them.
	if c := s[len(s)-1]; c != '.' && (c < '0' || c > '9') {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9', c == '.', c == 'e', c == 'E', c == '-', c == '+':
		default:
			return false
		}
	}
	return true
}

// parseStrconv parses the unsigned decimal lit with strconv for formats of
// at most double precision; ok is false if strconv rejects lit or cannot
// decide the rounding.
func (sem *Semantics) parseStrconv(lit string, neg bool) (b u128, ok bool) {
	var v float64
	var err error
	if sem == F32 {
		v, err = strconv.ParseFloat(lit, 32)
	} else {
		v, err = strconv.ParseFloat(lit, 64)
	}
	if err != nil {
		if ne, isNum := err.(*strconv.NumError); !isNum || ne.Err != strconv.ErrRange {
			return u128{}, false
		}
	}
	switch sem {
	case F64:
		b := math.Float64bits(v)
		if neg {
			b ^= 1 << 63
		}
		return u128{b, 0}, true
	case F32:
		b := uint64(math.Float32bits(float32(v)))
		if neg {
			b ^= 1 << 31
		}
		return u128{b, 0}, true
	}
	if sem.maxExp >= 1023 {
		return u128{}, false
	}
	// Round the correctly rounded f64 to sem. This cannot double round
	// unless the f64 is exactly halfway between two values of sem, as all
	// of sem's midpoints are f64 values.
	if math.IsInf(v, 0) {
		return sem.encode(sem.overflow(neg)), true
	}
	u := F64.decode(u128{math.Float64bits(v), 0})
	if u.cat == catZero {
		return sem.encode(sem.zero(neg)), true
	}
	r, lf, _ := sem.roundCore(neg, u.sig, u.exp-52, lfExactlyZero)
	if lf == lfExactlyHalf {
		return u128{}, false
	}
	return sem.encode(r), true
}

// parse returns the bit pattern of s in sem.
func (sem *Semantics) parse(s string) (u128, error) {
	if sem.precision <= 53 && strconvSafe(s) {
		lit, neg := s, false
		if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
			lit, neg = s[1:], s[0] == '-'
		}
		if (!neg || sem.hasSigned) && len(lit) > 0 && lit[0] != '-' && lit[0] != '+' {
			if b, ok := sem.parseStrconv(lit, neg); ok {
				return b, nil
			}
		}
	}
	d, err := scan(s)
	if err != nil {
		return u128{}, err
	}
	if d.neg && !sem.hasSigned {
		return u128{}, parseErr(s, "negative value for a format without sign")
	}
	if d.zero {
		return sem.encode(sem.zero(d.neg)), nil
	}
	if d.expOK && sem.precision <= 53 {
		// strconv reads the literal as LLVM does once scan accepted it
		// (an empty exponent reads as 0).
		lit := d.body
		if !d.hasExp {
			lit = d.body[:d.mantEnd]
		}
		if b, ok := sem.parseStrconv(lit, d.neg); ok {
			return b, nil
		}
	}
	return sem.encode(sem.parseSlow(&d)), nil
}

// parseSlow rounds a scanned non-zero decimal exactly with math/big,
// following LLVM's convertFromDecimalString for the early overflow and
// underflow decisions.
func (sem *Semantics) parseSlow(d *decimal) unpacked {
	p := sem.precision
	ne := d.normExp
	switch {
	case ne-1 > math.MaxInt32/42039:
		return sem.overflow(d.neg)
	case ne-1 < math.MinInt32/42039 || (ne+1)*28738 <= 8651*(sem.minExp-p):
		return sem.zero(d.neg)
	case (ne-1)*42039 >= 12655*sem.maxExp:
		return sem.overflow(d.neg)
	}

	// Collect the significant digits.
	digits := make([]byte, 0, min(d.last-d.first+2, maxExactDigits+1))
	decExp := d.decExp
	for i := d.first; i <= d.last; i++ {
		c := d.body[i]
		if c == '.' {
			continue
		}
		if len(digits) == maxExactDigits {
			// Replace the remaining digits by a single non-zero digit if
			// any of them is non-zero; this keeps the value strictly
			// between the same rounding boundaries.
			rest := 0
			sticky := false
			for j := i; j <= d.last; j++ {
				if c := d.body[j]; c != '.' {
					rest++
					if c != '0' {
						sticky = true
					}
				}
			}
			decExp += rest
			if sticky {
				digits = append(digits, '1')
				decExp--
			}
			break
		}
		digits = append(digits, c)
	}

	num, ok := new(big.Int).SetString(string(digits), 10)
	if !ok {
		return sem.zero(d.neg)
	}
	den := big.NewInt(1)
	if decExp >= 0 {
		num.Mul(num, bigPow(10, decExp))
	} else {
		den = bigPow(10, -decExp)
	}
	// k = floor(log2(num/den)).
	k := num.BitLen() - den.BitLen()
	t := new(big.Int)
	if k >= 0 {
		if num.Cmp(t.Lsh(den, uint(k))) < 0 {
			k--
		}
	} else if t.Lsh(num, uint(-k)).Cmp(den) < 0 {
		k--
	}
	q := max(k, sem.minExp) - (p - 1)
	if q >= 0 {
		den.Lsh(den, uint(q))
	} else {
		num.Lsh(num, uint(-q))
	}
	m, r := num.QuoRem(num, den, t)
	lf := lfExactlyZero
	if r.Sign() != 0 {
		switch r.Lsh(r, 1).Cmp(den) {
		case -1:
			lf = lfLessThanHalf
		case 0:
			lf = lfExactlyHalf
		default:
			lf = lfMoreThanHalf
		}
	}
	// m < 2^precision <= 2^113.
	var raw [16]byte
	m.FillBytes(raw[:])
	mm := u128{binary.BigEndian.Uint64(raw[8:]), binary.BigEndian.Uint64(raw[:8])}
	res, _, _ := sem.roundCore(d.neg, mm, q, lf)
	return res
}
