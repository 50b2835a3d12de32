package apfloat

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
)

func parseHex128(t testing.TB, s string) (uint64, uint64) {
	t.Helper()
	h := strings.TrimPrefix(s, "0x")
	var lo, hi uint64
	var err error
	if len(h) > 16 {
		if hi, err = strconv.ParseUint(h[:len(h)-16], 16, 64); err != nil {
			t.Fatalf("bad hex %q", s)
		}
		h = h[len(h)-16:]
	}
	if lo, err = strconv.ParseUint(h, 16, 64); err != nil {
		t.Fatalf("bad hex %q", s)
	}
	return lo, hi
}

// readTable reads a whitespace separated testdata file, skipping comments.
func readTable(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			t.Fatalf("bad line %q", line)
		}
		rows = append(rows, fields)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestGoldenBits checks MLIRString against mlir-opt's printing of float
// attributes given as hex bit patterns (testdata/mlir_golden.txt).
func TestGoldenBits(t *testing.T) {
	rows := readTable(t, "testdata/mlir_golden.txt")
	if len(rows) < 5000 {
		t.Fatalf("only %d golden rows", len(rows))
	}
	for _, r := range rows {
		sem := ByName(r[0])
		if sem == nil {
			t.Fatalf("unknown type %q", r[0])
		}
		lo, hi := parseHex128(t, r[1])
		f := FromBits(sem, lo, hi)
		got, isHex := f.MLIRString()
		if got != r[2] || isHex != strings.HasPrefix(r[2], "0x") {
			t.Errorf("%s %s: MLIRString() = %s, %v; mlir-opt prints %s", r[0], r[1], got, isHex, r[2])
		}
	}
}

// TestGoldenLiterals checks ParseLiteral and MLIRString against mlir-opt's
// round trip of decimal float literals (testdata/mlir_literals.txt).
func TestGoldenLiterals(t *testing.T) {
	rows := readTable(t, "testdata/mlir_literals.txt")
	for _, r := range rows {
		sem := ByName(r[0])
		f, err := ParseLiteral(sem, r[1])
		if err != nil {
			t.Errorf("ParseLiteral(%s, %s): %v", r[0], r[1], err)
			continue
		}
		if got, _ := f.MLIRString(); got != r[2] {
			t.Errorf("%s %s: got %s, mlir-opt prints %s", r[0], r[1], got, r[2])
		}
	}
}

func TestMLIRStringExamples(t *testing.T) {
	f32 := func(v float32) Float { return FromBits(F32, uint64(math.Float32bits(v)), 0) }
	f64 := func(v float64) Float { return FromBits(F64, math.Float64bits(v), 0) }
	tests := []struct {
		f     Float
		want  string
		isHex bool
	}{
		{f32(1), "1.000000e+00", false},
		{f32(-0.25), "-2.500000e-01", false},
		{f32(0), "0.000000e+00", false},
		{f32(float32(math.Copysign(0, -1))), "-0.000000e+00", false},
		{f32(3.14), "3.140000e+00", false},
		{f32(3.141592), "3.14159203", false},
		{f32(2.997925e+05), "299792.5", false},
		{f32(2.997925e+06), "0x4A36FA94", true},
		{f32(float32(math.NaN())), "0x7FC00000", true},
		{f32(float32(math.Inf(1))), "0x7F800000", true},
		{f32(float32(math.Inf(-1))), "0xFF800000", true},
		{f64(0.1), "1.000000e-01", false},
		{f64(0.3333333333333333), "0.33333333333333331", false},
		{f64(3.141592), "3.1415920000000002", false},
		{f64(1e300), "1.000000e+300", false},
		{f64(math.Inf(-1)), "0xFFF0000000000000", true},
		{FromBits(F64, 0x7FF8000000000000, 0), "0x7FF8000000000000", true},
		{FromBits(F64, 0xFFF4000000000001, 0), "0xFFF4000000000001", true},
		{FromBits(F16, 0x7E00, 0), "0x7E00", true},
		{FromBits(F16, 0x4248, 0), "3.140630e+00", false},
		{FromBits(F8E4M3FNUZ, 0x80, 0), "0x80", true},
		{FromBits(F8E4M3FN, 0x7F, 0), "0x7F", true},
		{FromBits(F8E8M0FNU, 0, 0), "5.877470e-39", false},
		{FromBits(F8E8M0FNU, 0xFF, 0), "0xFF", true},
		{FromBits(F4E2M1FN, 0xF, 0), "-6.000000e+00", false},
		{FromBits(F80, 0x8CCCCCCCCCCCCCCD, 0x3FFF), "1.100000e+00", false},
		{FromBits(F80, 0x8CCCCCCCCCCCD000, 0x3FFF), "1.10000000000000008882", false},
		{FromBits(F128, 0, 0x7FFF800000000000), "0x7FFF8000000000000000000000000000", true},
		{Float{}, "0.000000e+00", false},
	}
	for _, tc := range tests {
		got, isHex := tc.f.MLIRString()
		if got != tc.want || isHex != tc.isHex {
			t.Errorf("%s %#x: MLIRString() = %q, %v; want %q, %v", tc.f.Semantics(), tc.f.bits, got, isHex, tc.want, tc.isHex)
		}
	}
}

// TestToStringLLVM uses the expectations of LLVM's APFloatTest toString.
func TestToStringLLVM(t *testing.T) {
	tests := []struct {
		v        float64
		fp, pad  int
		truncate bool
		want     string
	}{
		{10.0, 6, 3, true, "10"},
		{10.0, 6, 0, true, "1.0E+1"},
		{1.01e+4, 5, 2, true, "10100"},
		{1.01e+4, 4, 2, true, "1.01E+4"},
		{1.01e+4, 5, 1, true, "1.01E+4"},
		{1.01e-2, 5, 2, true, "0.0101"},
		{1.01e-2, 4, 2, true, "0.0101"},
		{1.01e-2, 5, 1, true, "1.01E-2"},
		{0.78539816339744830961, 0, 3, true, "0.78539816339744828"},
		{4.9406564584124654e-324, 0, 3, true, "4.9406564584124654E-324"},
		{873.1834, 0, 1, true, "873.18340000000001"},
		{873.1834, 0, 0, true, "8.7318340000000001E+2"},
		{1.7976931348623157e+308, 0, 0, true, "1.7976931348623157E+308"},
		{10.0, 6, 3, false, "10"},
		{10.0, 6, 0, false, "1.000000e+01"},
		{1.01e+4, 5, 2, false, "10100"},
		{1.01e+4, 4, 2, false, "1.0100e+04"},
		{1.01e+4, 5, 1, false, "1.01000e+04"},
		{1.01e-2, 5, 2, false, "0.0101"},
		{1.01e-2, 4, 2, false, "0.0101"},
		{1.01e-2, 5, 1, false, "1.01000e-02"},
		{0.78539816339744830961, 0, 3, false, "0.78539816339744828"},
		{4.9406564584124654e-324, 0, 3, false, "4.94065645841246540e-324"},
		{873.1834, 0, 1, false, "873.18340000000001"},
		{873.1834, 0, 0, false, "8.73183400000000010e+02"},
		{1.7976931348623157e+308, 0, 0, false, "1.79769313486231570e+308"},
		// Zeros, infinities and NaN.
		{0, 0, 3, true, "0"},
		{0, 0, 0, true, "0.0E+0"},
		{0, 6, 0, false, "0.000000e+00"},
		{math.Copysign(0, -1), 6, 0, false, "-0.000000e+00"},
		{math.Copysign(0, -1), 0, 3, true, "-0"},
		{math.Inf(1), 6, 0, false, "+Inf"},
		{math.Inf(-1), 0, 3, true, "-Inf"},
		{math.NaN(), 0, 3, true, "NaN"},
		// Rounding is half-up on the first dropped digit, after LLVM first
		// truncated the exact value to about formatPrecision digits (so
		// 0.999, which is 0.998999..., keeps only "99").
		{0.125, 2, 0, true, "1.3E-1"},
		{0.999, 2, 0, true, "9.9E-1"},
		{0.999, 3, 0, true, "9.98E-1"},
		{9.96, 2, 3, true, "9.9"},
		{9.95, 2, 3, true, "9.9"},
		{0.5, 1, 3, true, "0.5"},
		{95, 1, 3, true, "1.0E+2"},
		{123456, 3, 3, true, "1.23E+5"},
		{1e-5, 6, 3, true, "1.0E-5"},
		{1e-3, 6, 3, true, "0.001"},
		{1.5, -1, -1, true, "1.5E+0"},
	}
	for _, tc := range tests {
		f, _ := FromFloat64(F64, tc.v)
		if got := f.ToString(tc.fp, tc.pad, tc.truncate); got != tc.want {
			t.Errorf("ToString(%v, %d, %d, %v) = %q, want %q", tc.v, tc.fp, tc.pad, tc.truncate, got, tc.want)
		}
	}
	if got := FromBits(F80, 0, 1).ToString(0, 3, true); got != "NaN" {
		t.Errorf("unnormal zero: got %q, want NaN", got)
	}
	if got, want := FromBits(F64, math.Float64bits(0.1), 0).String(), "0.10000000000000001"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestSemantics(t *testing.T) {
	want := []struct {
		name             string
		bits, precision  int
		inf, nan, zero   bool
		natural, maxExp_ int
	}{
		{"f16", 16, 11, true, true, true, 5, 15},
		{"bf16", 16, 8, true, true, true, 4, 127},
		{"f32", 32, 24, true, true, true, 9, 127},
		{"f64", 64, 53, true, true, true, 17, 1023},
		{"f80", 80, 64, true, true, true, 21, 16383},
		{"f128", 128, 113, true, true, true, 36, 16383},
		{"tf32", 19, 11, true, true, true, 5, 127},
		{"f8E5M2", 8, 3, true, true, true, 2, 15},
		{"f8E4M3", 8, 4, true, true, true, 3, 7},
		{"f8E4M3FN", 8, 4, false, true, true, 3, 8},
		{"f8E5M2FNUZ", 8, 3, false, true, true, 2, 15},
		{"f8E4M3FNUZ", 8, 4, false, true, true, 3, 7},
		{"f8E4M3B11FNUZ", 8, 4, false, true, true, 3, 4},
		{"f8E3M4", 8, 5, true, true, true, 3, 3},
		{"f8E8M0FNU", 8, 1, false, true, false, 2, 127},
		{"f6E2M3FN", 6, 4, false, false, true, 3, 2},
		{"f6E3M2FN", 6, 3, false, false, true, 2, 4},
		{"f4E2M1FN", 4, 2, false, false, true, 2, 2},
	}
	sems := All()
	if len(sems) != len(want) {
		t.Fatalf("All() has %d entries", len(sems))
	}
	for i, w := range want {
		s := ByName(w.name)
		if s == nil || s != sems[i] || s.Name() != w.name || s.String() != w.name {
			t.Fatalf("ByName(%q) = %v", w.name, s)
		}
		if s.BitWidth() != w.bits || s.Precision() != w.precision || s.HasInf() != w.inf ||
			s.HasNaN() != w.nan || s.HasZero() != w.zero || s.natural != w.natural || s.MaxExponent() != w.maxExp_ {
			t.Errorf("%s: unexpected parameters", w.name)
		}
		if s.HasSignedRepr() != (w.name != "f8E8M0FNU") {
			t.Errorf("%s: HasSignedRepr", w.name)
		}
		if s.MinExponent() >= s.MaxExponent() {
			t.Errorf("%s: exponent range", w.name)
		}
	}
	if ByName("f31") != nil || ByName("") != nil {
		t.Error("ByName accepts unknown names")
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		sem  *Semantics
		in   string
		bits uint64
	}{
		{F32, "1.0", 0x3F800000},
		{F32, "-2.5e-1", 0xBE800000},
		{F32, "5", 0x40A00000},
		{F32, "3.14", 0x4048F5C3},
		{F32, "1e39", 0x7F800000},
		{F32, "-1e39", 0xFF800000},
		{F32, "1e-50", 0},
		{F32, "-0.0", 0x80000000},
		{F32, "1.4e-45", 1},
		{F64, "0.1", 0x3FB999999999999A},
		{F64, "1e400", 0x7FF0000000000000},
		{F64, "+.5", 0x3FE0000000000000},
		{F64, "5.", 0x4014000000000000},
		{F64, "1e", 0x3FF0000000000000},
		{F64, "1.5e+", 0x3FF8000000000000},
		{F64, "1e99999x", 0x7FF0000000000000}, // LLVM stops reading at 24000
		{F64, "0.000e99999x", 0},
		{F64, "00012.500E-1", 0x3FF4000000000000},
		{F64, "1" + strings.Repeat("0", 20000) + "e-20000", 0x3FF0000000000000},
		{F16, "1" + strings.Repeat("0", 20000) + "e-20000", 0x3C00},
		{F64, "0." + strings.Repeat("0", 12000) + "1e12001", 0x3FF0000000000000},
		{F64, "0." + strings.Repeat("0", 30000) + "1e30001", 0},
		{F64, "1." + strings.Repeat("0", 30000) + "1", 0x3FF0000000000000},
		{F64, "1.00000000000000011102230246251565404236316680908203125" + strings.Repeat("0", 20000) + "1", 0x3FF0000000000001},
		{F64, "1.00000000000000011102230246251565404236316680908203125" + strings.Repeat("0", 20000), 0x3FF0000000000000},
		{F16, "3.14", 0x4248},
		{F16, "65504", 0x7BFF},
		{F16, "65519.99", 0x7BFF},
		{F16, "65520", 0x7C00},
		{F16, "5.96e-8", 0x0001},
		{F16, "2.99e-8", 0x0001},
		{F16, "2.98023223876953125e-8", 0x0000},
		{F16, "2.9802322387695312e-8", 0x0000}, // exactly half the smallest subnormal
		{F16, "2.9802322387695313e-8", 0x0001},
		{BF16, "1.0e-10", 0x2EDC},
		{F8E4M3FN, "448", 0x7E},
		{F8E4M3FN, "464", 0x7E},
		{F8E4M3FN, "464.0001", 0x7F},
		{F8E4M3FN, "-1000", 0xFF},
		{F8E4M3FN, "1e30", 0x7F},
		{F8E4M3FNUZ, "-0.0", 0x00},
		{F8E4M3FNUZ, "-1e-30", 0x00},
		{F8E4M3FNUZ, "1e30", 0x80},
		{F8E5M2FNUZ, "-1e30", 0x80},
		{F8E5M2, "1e30", 0x7C},
		{F8E8M0FNU, "0.0", 0x00},
		{F8E8M0FNU, "1e-300", 0x00},
		{F8E8M0FNU, "1.5", 0x80},
		{F8E8M0FNU, "3", 0x81},
		{F8E8M0FNU, "1", 0x7F},
		{F8E8M0FNU, "1.7014118e38", 0xFE},
		{F8E8M0FNU, "1e39", 0xFF},
		{F4E2M1FN, "100", 0x7},
		{F4E2M1FN, "-100", 0xF},
		{F4E2M1FN, "0.25", 0x0},
		{F4E2M1FN, "0.2500001", 0x1},
		{F4E2M1FN, "-0.0", 0x8},
		{F6E2M3FN, "7.5", 0x1F},
		{F6E3M2FN, "28", 0x1F},
		{TF32, "1.0", 0x1FC00},
		{F80, "1.1", 0x8CCCCCCCCCCCCCCD},
		{F128, "1.0", 0},
		{F64, "2.2250738585072011e-308", 0x000FFFFFFFFFFFFF},
		{F64, "4.9406564584124654e-324", 1},
		{F64, "2.4703282292062328e-324", 1},
		{F64, "2.4703282292062327e-324", 0},
	}
	for _, tc := range tests {
		f, err := Parse(tc.sem, tc.in)
		if err != nil {
			t.Errorf("Parse(%s, %q): %v", tc.sem, tc.in, err)
			continue
		}
		if lo, _ := f.Bits(); lo != tc.bits {
			t.Errorf("Parse(%s, %q) = %#x, want %#x", tc.sem, tc.in, lo, tc.bits)
		}
	}
	// f80 and f128 high words.
	if _, hi := mustParse(t, F80, "1.1").Bits(); hi != 0x3FFF {
		t.Errorf("f80 1.1: hi = %#x", hi)
	}
	if lo, hi := mustParse(t, F128, "-1.0").Bits(); lo != 0 || hi != 0xBFFF000000000000 {
		t.Errorf("f128 -1.0: %#x %#x", hi, lo)
	}
	if lo, hi := mustParse(t, F128, "1e5000").Bits(); lo != 0 || hi != 0x7FFF000000000000 {
		t.Errorf("f128 1e5000: %#x %#x", hi, lo)
	}
	if lo, hi := mustParse(t, F80, "1e-5000").Bits(); lo != 0 || hi != 0 {
		t.Errorf("f80 1e-5000: %#x %#x", hi, lo)
	}
	if lo, hi := mustParse(t, F128, "6.4751751194380251109244389582276465525e-4966").Bits(); lo != 1 || hi != 0 {
		t.Errorf("f128 smallest subnormal: %#x %#x", hi, lo)
	}
}

func mustParse(t testing.TB, sem *Semantics, s string) Float {
	t.Helper()
	f, err := Parse(sem, s)
	if err != nil {
		t.Fatalf("Parse(%s, %q): %v", sem, s, err)
	}
	return f
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, msg string }{
		{"", "Invalid string length"},
		{"+", "String has no digits"},
		{"-", "String has no digits"},
		{"\x00", "Invalid character in significand"},
		{"1\x00", "Invalid character in significand"},
		{"1\x002e1", "Invalid character in significand"},
		{"1e\x00", "Invalid character in exponent"},
		{"1e1\x00", "Invalid character in exponent"},
		{"1.0f", "Invalid character in significand"},
		{"..", "String contains multiple dots"},
		{"..0", "String contains multiple dots"},
		{"1.0.0", "String contains multiple dots"},
		{".", "Significand has no digits"},
		{"+.", "Significand has no digits"},
		{"e", "Significand has no digits"},
		{"-e1", "Significand has no digits"},
		{".e1", "Significand has no digits"},
		{"-.e", "Significand has no digits"},
		{"0x1p3", "hexadecimal floats are not supported"},
		{"inf", "Invalid character in significand"},
		{"nan", "Invalid character in significand"},
		{" 1", "Invalid character in significand"},
		{"1_0", "Invalid character in significand"},
		{"1e+-1", "Invalid character in exponent"},
	}
	for _, tc := range tests {
		_, err := Parse(F64, tc.in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Msg != tc.msg {
			t.Errorf("Parse(%q) error = %v, want %q", tc.in, err, tc.msg)
		}
	}
	if _, err := Parse(F8E8M0FNU, "-1.0"); err == nil {
		t.Error("negative f8E8M0FNU accepted")
	}
	if _, err := Parse(F8E8M0FNU, "+1.0"); err != nil {
		t.Error(err)
	}
	if _, err := ParseLiteral(F32, "1..0"); err == nil {
		t.Error("ParseLiteral accepted 1..0")
	}
}

// TestParseFastPaths compares the strconv-based paths with the exact
// math/big path on random decimals near rounding boundaries.
func TestParseFastPaths(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := 0; i < n; i++ {
		sem := all[r.Intn(len(all))]
		if sem == F80 || sem == F128 {
			continue
		}
		s := randomDecimal(r, sem)
		d, err := scan(s)
		if err != nil {
			t.Fatalf("scan(%q): %v", s, err)
		}
		if d.neg && !sem.hasSigned {
			continue
		}
		fast, err := sem.parse(s)
		if err != nil {
			t.Fatal(err)
		}
		var slow u128
		if d.zero {
			slow = sem.encode(sem.zero(d.neg))
		} else {
			slow = sem.encode(sem.parseSlow(&d))
		}
		if fast != slow {
			t.Errorf("%s %q: fast %#x, exact %#x", sem, s, fast, slow)
		}
	}
}

// randomDecimal returns a decimal string close to a value of sem (often a
// midpoint between two values, printed exactly or nearly so).
func randomDecimal(r *rand.Rand, sem *Semantics) string {
	p := sem.precision
	e := r.Intn(sem.maxExp-sem.minExp+3) + sem.minExp - 1
	sig := u128{r.Uint64(), r.Uint64()}.and(mask128(p)).or(pow2(p - 1))
	if r.Intn(4) == 0 {
		sig = u128{r.Uint64(), r.Uint64()}.and(mask128(p - 1)) // subnormal
		e = sem.minExp
	}
	// Midpoint: (2*sig+1) * 2^(e-p), written exactly or truncated.
	mid := new(big.Int).Lsh(u128Big(sig), 1)
	mid.SetBit(mid, 0, 1)
	exp10 := 0
	if n := e - p; n >= 0 {
		mid.Lsh(mid, uint(n))
	} else {
		mid.Mul(mid, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-n)), nil))
		exp10 = n
	}
	digits := mid.String()
	exp10 += len(digits) - 1
	if r.Intn(3) != 0 {
		digits = digits[:min(len(digits), 1+r.Intn(45))]
	}
	s := digits[:1] + "." + digits[1:] + "e" + strconv.Itoa(exp10)
	if r.Intn(2) == 0 {
		s = "-" + s
	}
	return s
}

func u128Big(a u128) *big.Int {
	x := new(big.Int).SetUint64(a.hi)
	return x.Or(x.Lsh(x, 64), new(big.Int).SetUint64(a.lo))
}

// TestParseVersusBigFloat checks f80 and f128 parsing of normal-range
// values against math/big's correctly rounded division of the exact
// rational value.
func TestParseVersusBigFloat(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	n := 1500
	if testing.Short() {
		n = 150
	}
	for i := 0; i < n; i++ {
		sem := F80
		if i%2 == 1 {
			sem = F128
		}
		s := randomDecimal(r, sem)
		rat, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("big.Rat rejects %q", s)
		}
		want := new(big.Float).SetPrec(uint(sem.precision)).SetMode(big.ToNearestEven).SetRat(rat)
		exp := want.MantExp(nil) - 1
		if want.Sign() == 0 || exp < sem.minExp || exp > sem.maxExp {
			continue
		}
		got := mustParse(t, sem, s)
		u := sem.decode(got.bits)
		g := new(big.Float).SetPrec(200).SetInt(u128Big(u.sig))
		g.SetMantExp(g, u.exp-(sem.precision-1))
		if u.sign {
			g.Neg(g)
		}
		if g.Cmp(want) != 0 {
			t.Errorf("%s %q: got %s, want %s", sem, s, g.Text('e', 40), want.Text('e', 40))
		}
	}
}

func TestFromFloat64(t *testing.T) {
	tests := []struct {
		sem     *Semantics
		v       float64
		bits    uint64
		inexact bool
	}{
		{F32, 1.0, 0x3F800000, false},
		{F32, 0.1, 0x3DCCCCCD, true},
		{F32, 1e300, 0x7F800000, true},
		{F32, math.Inf(-1), 0xFF800000, false},
		{F32, math.NaN(), 0x7FC00000, false},
		{F32, math.Float64frombits(0x7FF0000000000001), 0x7FC00000, false}, // sNaN is quieted
		{F16, 3.14, 0x4248, true},
		{F16, 65520, 0x7C00, true},
		{F16, 1e-10, 0, true},
		{F16, math.Copysign(0, -1), 0x8000, false},
		{BF16, 1.0, 0x3F80, false},
		{F8E4M3FN, math.Inf(1), 0x7F, true},
		{F8E4M3FN, math.NaN(), 0x7F, false},
		{F8E4M3FNUZ, math.Copysign(0, -1), 0x00, true},
		{F8E4M3FNUZ, math.Inf(-1), 0x80, true},
		{F8E5M2FNUZ, 1e10, 0x80, true},
		{F8E8M0FNU, 0, 0x00, true},
		{F8E8M0FNU, 0.75, 0x7F, true},
		{F8E8M0FNU, 0.5, 0x7E, false},
		{F4E2M1FN, 5.0, 0x6, true},
		{F4E2M1FN, 5.1, 0x7, true},
		{F4E2M1FN, 1e300, 0x7, true},
		{F6E3M2FN, 0.0625, 0x01, false},
		{TF32, 1.0, 0x1FC00, false},
		{F64, 0.1, 0x3FB999999999999A, false},
		{F80, 1.0, 0x8000000000000000, false},
	}
	for _, tc := range tests {
		f, inexact := FromFloat64(tc.sem, tc.v)
		if lo, _ := f.Bits(); lo != tc.bits || inexact != tc.inexact {
			t.Errorf("FromFloat64(%s, %v) = %#x, %v; want %#x, %v", tc.sem, tc.v, lo, inexact, tc.bits, tc.inexact)
		}
	}
	// Exact round trips through float64 for every value of the small
	// formats, and random values of f32.
	for _, sem := range all {
		if sem.bits > 16 {
			continue
		}
		for v := uint64(0); v < 1<<uint(sem.bits); v++ {
			f := FromBits(sem, v, 0)
			u := sem.decode(f.bits)
			if u.cat == catNaN || (u.sign && !sem.hasSigned) {
				continue
			}
			g, inexact := FromFloat64(sem, f.Float64())
			if inexact || !bitwiseEqual(sem.decode(g.bits), u) {
				t.Errorf("%s %#x: Float64 %v converts back to %#x (inexact %v)", sem, v, f.Float64(), g.bits.lo, inexact)
			}
		}
	}
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 10000; i++ {
		b := r.Uint32()
		f := FromBits(F32, uint64(b), 0)
		v := float64(math.Float32frombits(b))
		if got := f.Float64(); math.Float64bits(got) != math.Float64bits(v) && !(math.IsNaN(v) && math.IsNaN(got)) {
			t.Errorf("f32 %#x: Float64() = %v, want %v", b, got, v)
		}
		if g, inexact := FromFloat64(F32, v); !math.IsNaN(v) && (g.bits.lo != uint64(b) || inexact) {
			t.Errorf("f32 %#x: FromFloat64 = %#x", b, g.bits.lo)
		}
	}
}

func TestFloat64Wide(t *testing.T) {
	tests := []struct {
		f    Float
		want float64
	}{
		{mustParse(t, F80, "1.1"), 1.1},
		{mustParse(t, F128, "0.1"), 0.1},
		{mustParse(t, F128, "-1e-320"), -1e-320},
		{mustParse(t, F128, "1e400"), math.Inf(1)},
		{mustParse(t, F80, "1e-400"), 0},
		{FromBits(F80, 0, 0x7FFF), math.NaN()},
		{FromBits(F128, 0, 0xFFFF000000000000), math.Inf(-1)},
		{FromBits(F8E4M3FNUZ, 0x80, 0), math.NaN()},
		{FromBits(F8E8M0FNU, 0xFF, 0), math.NaN()},
		{FromBits(F8E4M3FN, 0xFF, 0), math.NaN()},
	}
	for _, tc := range tests {
		got := tc.f.Float64()
		if math.Float64bits(got) != math.Float64bits(tc.want) && !(math.IsNaN(got) && math.IsNaN(tc.want)) {
			t.Errorf("%s %#x: Float64() = %v, want %v", tc.f.Semantics(), tc.f.bits, got, tc.want)
		}
	}
}

func TestPredicates(t *testing.T) {
	tests := []struct {
		f                       Float
		nan, inf, zero, negaive bool
	}{
		{FromBits(F32, 0x7FC00000, 0), true, false, false, false},
		{FromBits(F32, 0xFF800000, 0), false, true, false, true},
		{FromBits(F32, 0x80000000, 0), false, false, true, true},
		{FromBits(F8E4M3FNUZ, 0x80, 0), true, false, false, true},
		{FromBits(F8E4M3FN, 0x7F, 0), true, false, false, false},
		{FromBits(F8E4M3FN, 0x78, 0), false, false, false, false},
		{FromBits(F8E5M2, 0x7C, 0), false, true, false, false},
		{FromBits(F8E8M0FNU, 0x00, 0), false, false, false, false},
		{FromBits(F4E2M1FN, 0x8, 0), false, false, true, true},
		{FromBits(F80, 0x8000000000000000, 0xFFFF), false, true, false, true},
		{FromBits(F80, 0, 0x7FFF), true, false, false, false}, // pseudo-infinity
		{FromBits(F80, 0, 0x0001), true, false, false, false}, // unnormal zero
		{FromBits(F128, 0, 0x7FFF800000000000), true, false, false, false},
		{FromBits(nil, 0, 0), false, false, true, false},
	}
	for _, tc := range tests {
		f := tc.f
		if f.IsNaN() != tc.nan || f.IsInf() != tc.inf || f.IsZero() != tc.zero || f.IsNegative() != tc.negaive {
			t.Errorf("%s %#x: NaN %v Inf %v Zero %v Neg %v", f.Semantics(), f.bits, f.IsNaN(), f.IsInf(), f.IsZero(), f.IsNegative())
		}
	}
	// Bits beyond the width are dropped.
	if lo, hi := FromBits(F16, 0x12345, 7).Bits(); lo != 0x2345 || hi != 0 {
		t.Errorf("FromBits masks: %#x %#x", lo, hi)
	}
	if lo, hi := FromBits(F80, ^uint64(0), ^uint64(0)).Bits(); lo != ^uint64(0) || hi != 0xFFFF {
		t.Errorf("FromBits f80 masks: %#x %#x", lo, hi)
	}
}

// TestRoundTripRandom checks that MLIRString's decimal output parses back
// to the same value, for random bit patterns of every format.
func TestRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for _, sem := range all {
		for i := 0; i < n; i++ {
			lo, hi := rand128(r, sem)
			checkRoundTrip(t, FromBits(sem, lo, hi))
		}
	}
}

func checkRoundTrip(t *testing.T, f Float) {
	t.Helper()
	s, isHex := f.MLIRString()
	sem := f.Semantics()
	if isHex {
		lo, hi := parseHex128(t, s)
		if g := FromBits(sem, lo, hi); !bitwiseEqual(sem.decode(g.bits), sem.decode(f.bits)) {
			t.Errorf("%s %#x: hex %s does not round trip", sem, f.bits, s)
		}
		return
	}
	g, err := Parse(sem, s)
	if err != nil {
		t.Fatalf("%s %#x: Parse(%q): %v", sem, f.bits, s, err)
	}
	if !bitwiseEqual(sem.decode(g.bits), sem.decode(f.bits)) {
		t.Errorf("%s %#x: %s parses back as %#x", sem, f.bits, s, g.bits)
	}
}

func TestNoAllocs(t *testing.T) {
	f := FromBits(F32, 0x4048F5C3, 0)
	if n := testing.AllocsPerRun(100, func() { _, _ = Parse(F64, "3.14159e-2") }); n != 0 {
		t.Errorf("Parse(F64) allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Parse(F16, "3.14") }); n != 0 {
		t.Errorf("Parse(F16) allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = f.MLIRString() }); n > 1 {
		t.Errorf("MLIRString allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = FromFloat64(F8E4M3FN, 3.3) }); n != 0 {
		t.Errorf("FromFloat64 allocates %v times", n)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1.0", "-2.5e-1", "0.0", "3.14", "1e400", "1e-400", "5", ".5e1",
		"1e", "1.5e+", "1e99999x", "0.1", "65520", "464", "-0", "1.17549435e-38", "1..0", "0x1p3",
		"123456789012345678901234567890e-30", "0.000000000000000000000000000000001e33"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, sem := range all {
			v, err := Parse(sem, s)
			if err != nil {
				continue
			}
			_ = v.ToString(0, 3, true)
			_ = v.Float64()
			str, isHex := v.MLIRString()
			if isHex {
				continue
			}
			w, err := Parse(sem, str)
			if err != nil {
				t.Fatalf("%s: Parse(%q) of MLIRString of %q: %v", sem, str, s, err)
			}
			if w.bits != v.bits {
				t.Fatalf("%s: %q -> %#x prints %q -> %#x", sem, s, v.bits, str, w.bits)
			}
		}
	})
}

func BenchmarkMLIRStringF32(b *testing.B) {
	vals := []Float{FromBits(F32, 0x4048F5C3, 0), FromBits(F32, 0x3F800000, 0),
		FromBits(F32, 0x40490FD0, 0), FromBits(F32, 0x2EDBE6FF, 0)}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_, _ = vals[i%len(vals)].MLIRString()
	}
}

func BenchmarkMLIRStringF64(b *testing.B) {
	vals := []Float{FromBits(F64, math.Float64bits(0.1), 0), FromBits(F64, math.Float64bits(1.0/3), 0)}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_, _ = vals[i%len(vals)].MLIRString()
	}
}

func BenchmarkParseF64(b *testing.B) {
	in := []string{"3.140000e+00", "0.33333333333333331", "1.000000e-01", "-2.500000e-01"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_, _ = Parse(F64, in[i%len(in)])
	}
}

func BenchmarkParseF128(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Parse(F128, "1.10000000000000008881784197001252323")
	}
}

func ExampleFloat_MLIRString() {
	f, _ := Parse(F32, "3.14")
	s, _ := f.MLIRString()
	fmt.Println(s)
	g, _ := Parse(F64, "0.3333333333333333")
	s, _ = g.MLIRString()
	fmt.Println(s)
	n := FromBits(F16, 0x7E00, 0)
	s, isHex := n.MLIRString()
	fmt.Println(s, isHex)
	// Output:
	// 3.140000e+00
	// 0.33333333333333331
	// 0x7E00 true
}

func TestCanonical(t *testing.T) {
	tests := []struct{ in, want [2]uint64 }{
		{[2]uint64{0x4000000000000000, 0x3FFF}, [2]uint64{0x4000000000000000, 0x7FFF}}, // unnormal
		{[2]uint64{1 << 63, 0}, [2]uint64{1 << 63, 1}},                                 // pseudo-denormal
		{[2]uint64{1 << 63, 0x3FFF}, [2]uint64{1 << 63, 0x3FFF}},
	}
	for _, tc := range tests {
		lo, hi := FromBits(F80, tc.in[0], tc.in[1]).Canonical().Bits()
		if lo != tc.want[0] || hi != tc.want[1] {
			t.Errorf("Canonical(%#x %#x) = %#x %#x", tc.in[1], tc.in[0], hi, lo)
		}
	}
}
