package apfloat

// This file regenerates testdata/mlir_golden.txt from a real mlir-opt:
//
//	APFLOAT_MLIR_OPT=/usr/lib/llvm-22/bin/mlir-opt go test ./core/apfloat -run TestGenerateGolden
//
// With APFLOAT_MLIR_EXHAUSTIVE=1 as well, it instead compares every bit
// pattern of the formats of at most 16 bits (and many random ones of the
// others) against mlir-opt without writing anything.

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

type goldenCase struct {
	sem    *Semantics
	lo, hi uint64
}

// mlirHex is the hex literal of the raw bits of c, as mlir-opt accepts it.
func (c goldenCase) mlirHex() string {
	return string(appendHex(nil, u128{c.lo, c.hi}))
}

var goldenLine = regexp.MustCompile(`^\s*"test\.op"\(\) \{v = (.*) : ([0-9A-Za-z]+)\} : \(\) -> \(\)$`)

// runMLIR prints every case through mlir-opt and returns the printed
// attribute values in order.
func runMLIR(t *testing.T, bin string, cases []goldenCase) []string {
	t.Helper()
	var in bytes.Buffer
	for _, c := range cases {
		fmt.Fprintf(&in, "\"test.op\"() {v = %s : %s} : () -> ()\n", c.mlirHex(), c.sem.Name())
	}
	cmd := exec.Command(bin, "--allow-unregistered-dialect", "--mlir-print-op-generic")
	cmd.Stdin = &in
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("mlir-opt: %v\n%s", err, errb.String())
	}
	var res []string
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		m := goldenLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		res = append(res, m[1])
	}
	if len(res) != len(cases) {
		t.Fatalf("mlir-opt printed %d values for %d inputs", len(res), len(cases))
	}
	return res
}

var goldenDecimals = []string{
	"0", "1", "-1", "0.5", "-0.25", "0.1", "0.2", "0.3", "3.14", "3.1415", "3.141592",
	"3.14159265358979323846264338327950288", "2.718281828459045", "1e-10", "1.0e-5",
	"100", "1000", "1e6", "2.997925e5", "2.997925e6", "123456789", "1234567", "12345678",
	"0.001", "0.0001", "1e-7", "65504", "65520", "6.1e-5", "5.96e-8", "1e10", "1e20",
	"1e30", "1e38", "3.4028235e38", "1e-38", "1.17549435e-38", "1.4e-45", "1e-45",
	"1.7976931348623157e308", "1e300", "1e-300", "2.2250738585072014e-308",
	"4.9e-324", "1e4000", "1e-4000", "1.18973149535723176502e4932", "3.3621e-4932",
	"0.333333333333333333333333333333333333", "0.6666666666666666666666666666667",
	"7", "9", "11", "99", "999999", "9999999", "99999999", "0.999999", "0.9999995",
	"1.5", "2.5", "448", "464", "57344", "240", "1.75", "0.0625", "0.015625",
	"1024", "4096", "8192", "1.0000001", "1.00000001", "0.1171875", "6", "7.5",
	"28", "30", "1.70141183e38", "5.877471754e-39", "12.5", "0.375",
}

func rand128(r *rand.Rand, sem *Semantics) (uint64, uint64) {
	b := u128{r.Uint64(), r.Uint64()}.and(mask128(sem.bits))
	return b.lo, b.hi
}

// goldenCases builds the inputs of the golden file.
func goldenCases(exhaustive bool) []goldenCase {
	r := rand.New(rand.NewSource(22))
	var cases []goldenCase
	add := func(sem *Semantics, lo, hi uint64) { cases = append(cases, goldenCase{sem, lo, hi}) }
	addF := func(f Float) { add(f.sem, f.bits.lo, f.bits.hi) }
	for _, sem := range all {
		p := sem.precision
		switch {
		case sem.bits <= 8 || (exhaustive && sem.bits <= 16):
			for v := uint64(0); v < 1<<uint(sem.bits); v++ {
				add(sem, v, 0)
			}
			continue
		case sem.bits == 16:
			for v := uint64(0); v < 1<<16; v += 97 {
				add(sem, v, 0)
			}
		}
		// Specials and edges.
		for _, neg := range []bool{false, true} {
			add(sem, sem.encode(sem.zero(neg)).lo, sem.encode(sem.zero(neg)).hi)
			b := sem.encode(unpacked{cat: catInf, sign: neg})
			add(sem, b.lo, b.hi)
			b = sem.encode(sem.makeNaN(neg))
			add(sem, b.lo, b.hi)
			b = sem.encode(sem.largest(neg))
			add(sem, b.lo, b.hi)
			b = sem.encode(sem.smallestNormalized(neg))
			add(sem, b.lo, b.hi)
			b = sem.encode(unpacked{cat: catNormal, sign: neg, exp: sem.minExp, sig: u128{1, 0}})
			add(sem, b.lo, b.hi)
			b = sem.encode(unpacked{cat: catNormal, sign: neg, exp: sem.minExp, sig: mask128(p - 1)})
			add(sem, b.lo, b.hi)
		}
		for _, s := range goldenDecimals {
			for _, neg := range []bool{false, true} {
				if neg {
					s = "-" + s
				}
				if f, err := Parse(sem, s); err == nil {
					addF(f)
				}
			}
		}
		n := 300
		if exhaustive {
			n = 20000
			if sem.bits > 64 {
				n = 3000 // mlir-opt prints huge f80/f128 values slowly
			}
		}
		for i := 0; i < n; i++ {
			lo, hi := rand128(r, sem)
			add(sem, lo, hi)
			// Values with short significands print in decimal more often.
			e := r.Intn(sem.maxExp-sem.minExp+1) + sem.minExp
			if i%2 == 0 {
				e = r.Intn(41) - 20
			}
			sig := pow2(p - 1).or(u128{r.Uint64(), r.Uint64()}.and(mask128(p - 1)))
			shift := r.Intn(p)
			sig = sig.shr(shift).shl(shift)
			b := sem.encode(unpacked{cat: catNormal, sign: r.Intn(2) == 0, exp: e, sig: sig})
			add(sem, b.lo, b.hi)
			// Subnormals.
			if i%10 == 0 {
				b := sem.encode(unpacked{cat: catNormal, exp: sem.minExp, sig: u128{r.Uint64(), r.Uint64()}.and(mask128(p - 1))})
				add(sem, b.lo, b.hi)
			}
		}
		// Round-to-6-digit boundary cases for f32 and f64.
		if sem == F32 || sem == F64 {
			for i := 0; i < 200; i++ {
				d := r.Intn(9000000) + 1000000
				s := fmt.Sprintf("%d.%de%d", d/1000000, d%1000000, r.Intn(60)-30)
				if f, err := Parse(sem, s); err == nil {
					addF(f)
					b := f.bits.inc()
					add(sem, b.lo, b.hi)
				}
			}
		}
		if sem == F80 {
			// Non-canonical x87 encodings: pseudo-denormals, unnormals
			// (including unnormal zero), pseudo-infinities and pseudo-NaNs.
			for _, b := range [][2]uint64{
				{1 << 63, 0}, {1<<63 | 12345, 0x8000}, {0xC000000000000000, 0}, {0, 1},
				{0x4000000000000000, 0x3FFF}, {1, 0x7FFE}, {0, 0x7FFF}, {0, 0xFFFF},
				{0x4000000000000000, 0x7FFF}, {0xC000000000000000, 0x7FFF}, {1, 0}, {1<<63 - 1, 0x8000},
			} {
				add(sem, b[0], b[1])
			}
		}
		if sem == F64 {
			for _, v := range []float64{0.3333333333333333, math.Pi, math.E, math.MaxFloat64, math.SmallestNonzeroFloat64} {
				add(sem, math.Float64bits(v), 0)
			}
		}
	}
	return cases
}

// mlirLiteral turns a decimal into an MLIR float literal (which needs a '.').
func mlirLiteral(s string) string {
	if strings.Contains(s, ".") {
		return s
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		return s[:i] + ".0" + s[i:]
	}
	return s + ".0"
}

// literalCases lists the decimal literals of testdata/mlir_literals.txt.
// Cases where LLVM's behaviour is undefined are left out: negative values
// for f8E8M0FNU and infinities for the formats without Inf and NaN.
func literalCases() (sems []*Semantics, lits []string) {
	r := rand.New(rand.NewSource(7))
	var extra []string
	for i := 0; i < 40; i++ {
		extra = append(extra, fmt.Sprintf("%d.%de%d", r.Intn(1000), r.Intn(100000), r.Intn(20)-10))
	}
	for _, sem := range all {
		for _, d := range append(goldenDecimals, extra...) {
			for _, neg := range []bool{false, true} {
				lit := mlirLiteral(d)
				if sem == F8E8M0FNU && strings.HasPrefix(lit, "-") {
					continue
				}
				if neg {
					if sem == F8E8M0FNU || strings.HasPrefix(lit, "-") {
						continue
					}
					lit = "-" + lit
				}
				if v, _ := Parse(F64, lit); v.IsInf() && !sem.HasNaN() {
					continue
				}
				sems = append(sems, sem)
				lits = append(lits, lit)
			}
		}
	}
	return sems, lits
}

func generateLiterals(t *testing.T, bin string) {
	sems, lits := literalCases()
	var in bytes.Buffer
	for i, sem := range sems {
		fmt.Fprintf(&in, "\"test.op\"() {v = %s : %s} : () -> ()\n", lits[i], sem.Name())
	}
	cmd := exec.Command(bin, "--allow-unregistered-dialect", "--mlir-print-op-generic")
	cmd.Stdin = &in
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("mlir-opt: %v\n%s", err, errb.String())
	}
	var res strings.Builder
	res.WriteString("# Generated by TestGenerateGolden from mlir-opt (LLVM 22); do not edit.\n")
	res.WriteString("# type literal printed-value\n")
	i := 0
	for _, line := range strings.Split(out.String(), "\n") {
		m := goldenLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if i >= len(sems) {
			t.Fatal("mlir-opt printed too many values")
		}
		fmt.Fprintf(&res, "%s %s %s\n", sems[i].Name(), lits[i], m[1])
		i++
	}
	if i != len(sems) {
		t.Fatalf("mlir-opt printed %d values for %d inputs", i, len(sems))
	}
	if err := os.WriteFile("testdata/mlir_literals.txt", []byte(res.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestGenerateGolden(t *testing.T) {
	bin := os.Getenv("APFLOAT_MLIR_OPT")
	if bin == "" {
		t.Skip("set APFLOAT_MLIR_OPT to an mlir-opt binary to regenerate the golden file")
	}
	exhaustive := os.Getenv("APFLOAT_MLIR_EXHAUSTIVE") != ""
	cases := goldenCases(exhaustive)
	want := runMLIR(t, bin, cases)
	if exhaustive {
		bad := 0
		for i, c := range cases {
			got, _ := FromBits(c.sem, c.lo, c.hi).MLIRString()
			if got != want[i] {
				bad++
				if bad < 50 {
					t.Errorf("%s %s: got %s, mlir-opt %s", c.sem.Name(), c.mlirHex(), got, want[i])
				}
			}
		}
		t.Logf("%d cases, %d mismatches", len(cases), bad)
		return
	}
	var out strings.Builder
	out.WriteString("# Generated by TestGenerateGolden from mlir-opt (LLVM 22); do not edit.\n")
	out.WriteString("# type bits(hex) printed-value\n")
	seen := map[string]bool{}
	for i, c := range cases {
		line := c.sem.Name() + " " + c.mlirHex() + " " + want[i] + "\n"
		if seen[line] {
			continue
		}
		seen[line] = true
		out.WriteString(line)
	}
	if err := os.WriteFile("testdata/mlir_golden.txt", []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	generateLiterals(t, bin)
}
