package arith_test

import (
	"fmt"
	"math"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	iall "github.com/strata-ir/strata/interp/all"
)

// smallFloats are the float types computed through core/apfloat, with
// their storage widths.
var smallFloats = []struct {
	name  string
	width int
}{
	{"f16", 16}, {"bf16", 16}, {"tf32", 19}, {"f8E5M2", 8}, {"f8E4M3", 8}, {"f8E4M3FN", 8},
	{"f8E5M2FNUZ", 8}, {"f8E4M3FNUZ", 8}, {"f8E4M3B11FNUZ", 8}, {"f8E3M4", 8}, {"f8E8M0FNU", 8},
	{"f6E2M3FN", 6}, {"f6E3M2FN", 6}, {"f4E2M1FN", 4},
}

var foldOps = map[string]func(a, b float64) float64{
	"addf": func(a, b float64) float64 { return a + b }, "subf": func(a, b float64) float64 { return a - b },
	"mulf": func(a, b float64) float64 { return a * b }, "divf": func(a, b float64) float64 { return a / b },
	"maximumf": math.Max, "minimumf": math.Min, "maxnumf": math.Max, "minnumf": math.Min,
}

// foldCase is one element of the generated program: an operation on
// constants of a small float type whose result is bitcast to an integer.
type foldCase struct {
	ty   string
	sem  *apfloat.Semantics
	what string
}

// foldProgram builds @f, which returns as a tensor<Nxi64> the bit patterns
// of arith operations on constants of every small float type: the binary
// operations on every pair of a set of bit patterns (zeros, the smallest
// and largest values, infinities, NaNs and random ones), negf, and truncf
// from f64 of random values and of the ties halfway between neighbours.
func foldProgram(t *testing.T) (string, []foldCase) {
	r := rand.New(rand.NewSource(1))
	var b strings.Builder
	var cases []foldCase
	n := 0
	emit := func(c foldCase, w int, lines ...string) {
		for _, l := range lines {
			b.WriteString("  " + strings.ReplaceAll(l, "#", fmt.Sprint(n)) + "\n")
		}
		fmt.Fprintf(&b, "  %%b%d = arith.bitcast %%r%d : %s to i%d\n", n, n, c.ty, w)
		fmt.Fprintf(&b, "  %%e%d = arith.extui %%b%d : i%d to i64\n", n, n, w)
		cases = append(cases, c)
		n++
	}
	b.WriteString("func.func @f() -> tensor<?xi64> {\n")
	for _, ft := range smallFloats {
		sem := apfloat.ByName(ft.name)
		if sem == nil {
			t.Fatalf("no semantics for %s", ft.name)
		}
		w := ft.width
		set := map[uint64]bool{}
		for _, p := range []uint64{0, 1, 2, 3, 1 << (w - 1), 1<<(w-1) | 1, 1<<w - 1, 1<<w - 2, 1<<(w-1) - 1, 1<<(w-1) - 2} {
			set[p] = true
		}
		for len(set) < min(20, 1<<w) {
			set[uint64(r.Intn(1<<w))] = true
		}
		var pats []uint64
		for p := range set {
			pats = append(pats, p)
		}
		for i := range pats {
			for j := i + 1; j < len(pats); j++ {
				if pats[j] < pats[i] {
					pats[i], pats[j] = pats[j], pats[i]
				}
			}
		}
		for _, x := range pats {
			for _, y := range pats {
				for _, op := range []string{"addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf"} {
					a, c := apfloat.FromBits(sem, x, 0).Float64(), apfloat.FromBits(sem, y, 0).Float64()
					if !sem.HasNaN() && math.IsNaN(foldOps[op](a, c)) {
						continue // undefined: the format has no NaN
					}
					emit(foldCase{ft.name, sem, fmt.Sprintf("%s 0x%X, 0x%X", op, x, y)}, w,
						fmt.Sprintf("%%x# = arith.constant 0x%X : %s", x, ft.name),
						fmt.Sprintf("%%y# = arith.constant 0x%X : %s", y, ft.name),
						fmt.Sprintf("%%r# = arith.%s %%x#, %%y# : %s", op, ft.name))
				}
			}
			emit(foldCase{ft.name, sem, fmt.Sprintf("negf 0x%X", x)}, w,
				fmt.Sprintf("%%x# = arith.constant 0x%X : %s", x, ft.name),
				fmt.Sprintf("%%r# = arith.negf %%x# : %s", ft.name))
		}
	}
	b.WriteString("  %t = tensor.from_elements")
	for i := 0; i < n; i++ {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s %%e%d", sep, i)
	}
	fmt.Fprintf(&b, " : tensor<%dxi64>\n  %%c = tensor.cast %%t : tensor<%dxi64> to tensor<?xi64>\n  return %%c : tensor<?xi64>\n}\n", n, n)
	return b.String(), cases
}

// interpretF parses src and returns the elements @f returns.
func interpretF(t *testing.T, src string) []uint64 {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "fold.mlir"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	reg := interp.NewRegistry()
	iall.Register(reg)
	res, err := interp.New(reg).Call(nil, interp.LookupFunction(m, "f"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Dense() == nil {
		t.Fatalf("@f returned %v", res)
	}
	return res[0].Dense().Data
}

// TestSmallFloatsMatchFolder compares the interpreter's f16, bf16, tf32,
// f8, f6 and f4 arithmetic (rounded once to nearest even) with
// mlir-opt-22's constant folder, bit for bit. Where both give a NaN the
// NaN's sign may differ: the interpreter's is that of compiled code on
// x86-64 (docs/interpreter.md).
func TestSmallFloatsMatchFolder(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	src, cases := foldProgram(t)
	cmd := exec.Command(mlirOpt, "--canonicalize", "-")
	cmd.Stdin = strings.NewReader(src)
	folded, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-opt-22 --canonicalize: %v", err)
	}
	if strings.Contains(string(folded), "arith.addf") {
		t.Fatal("mlir-opt-22 did not fold the program")
	}
	got, want := interpretF(t, src), interpretF(t, string(folded))
	if len(got) != len(cases) || len(want) != len(cases) {
		t.Fatalf("%d cases, %d and %d results", len(cases), len(got), len(want))
	}
	bad := 0
	for i, c := range cases {
		if got[i] == want[i] {
			continue
		}
		if apfloat.FromBits(c.sem, got[i], 0).IsNaN() && apfloat.FromBits(c.sem, want[i], 0).IsNaN() {
			continue
		}
		if bad++; bad <= 20 {
			t.Errorf("%s : %s = 0x%X, the folder gives 0x%X", c.what, c.ty, got[i], want[i])
		}
	}
	if bad > 20 {
		t.Errorf("... %d differences in all", bad)
	}
}
