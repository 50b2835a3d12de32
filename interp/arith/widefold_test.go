package arith_test

import (
	"fmt"
	"math/big"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	iall "github.com/strata-ir/strata/interp/all"
)

// wideFoldOps are the arith operations on two operands that mlir-opt-22's
// folder evaluates on constants of any width.
var wideFoldOps = []string{
	"addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi",
	"andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui", "shli", "shrsi", "shrui",
}

// wideFoldProgram builds @f, which returns the results of arith operations
// on constants of widths 65, 80, 128 and 256: every operation of
// wideFoldOps, every cmpi predicate, and extsi, extui and trunci between
// the widths, on edge values and random ones.
func wideFoldProgram() (string, int) {
	r := rand.New(rand.NewSource(7))
	var body, types, rets []string
	n := 0
	emit := func(ty, line string) {
		body = append(body, fmt.Sprintf("  %%r%d = %s", n, line))
		types = append(types, ty)
		rets = append(rets, fmt.Sprintf("%%r%d", n))
		n++
	}
	konst := func(w int, x *big.Int) string {
		name := fmt.Sprintf("%%k%d", len(body))
		body = append(body, fmt.Sprintf("  %s = arith.constant %s : i%d", name, x, w))
		return name
	}
	for _, w := range []int{65, 80, 128, 256} {
		one := big.NewInt(1)
		half := new(big.Int).Lsh(one, uint(w-1))
		vals := []*big.Int{
			big.NewInt(0), big.NewInt(1), big.NewInt(-1), big.NewInt(7), big.NewInt(-7),
			new(big.Int).Sub(half, one), new(big.Int).Neg(half), new(big.Int).Lsh(one, 64), big.NewInt(-1 << 62),
		}
		for i := 0; i < 5; i++ {
			x := new(big.Int).Rand(r, new(big.Int).Lsh(one, uint(w)))
			vals = append(vals, x.Sub(x, half))
		}
		for i, v := range vals {
			// Read as signed at width w.
			if v.Cmp(half) >= 0 {
				vals[i] = new(big.Int).Sub(v, new(big.Int).Lsh(one, uint(w)))
			}
		}
		for _, a := range vals {
			for _, b := range vals {
				ka, kb := konst(w, a), konst(w, b)
				for _, o := range wideFoldOps {
					switch o {
					case "divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi":
						if b.Sign() == 0 || (b.Cmp(big.NewInt(-1)) == 0 && a.Cmp(new(big.Int).Neg(half)) == 0) {
							continue
						}
					case "shli", "shrsi", "shrui":
						if b.Sign() < 0 || b.Cmp(big.NewInt(int64(w))) >= 0 {
							continue
						}
					}
					emit(fmt.Sprintf("i%d", w), fmt.Sprintf("arith.%s %s, %s : i%d", o, ka, kb, w))
				}
				for _, p := range []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"} {
					emit("i1", fmt.Sprintf("arith.cmpi %s, %s, %s : i%d", p, ka, kb, w))
				}
			}
			ka := konst(w, a)
			for _, v := range []int{65, 80, 128, 256} {
				switch {
				case v > w:
					emit(fmt.Sprintf("i%d", v), fmt.Sprintf("arith.extsi %s : i%d to i%d", ka, w, v))
					emit(fmt.Sprintf("i%d", v), fmt.Sprintf("arith.extui %s : i%d to i%d", ka, w, v))
				case v < w:
					emit(fmt.Sprintf("i%d", v), fmt.Sprintf("arith.trunci %s : i%d to i%d", ka, w, v))
				}
			}
			emit("i64", fmt.Sprintf("arith.trunci %s : i%d to i64", ka, w))
			emit("index", fmt.Sprintf("arith.index_cast %s : i%d to index", ka, w))
		}
	}
	return fmt.Sprintf("func.func @f() -> (%s) {\n%s\n  return %s : %s\n}\n",
		strings.Join(types, ", "), strings.Join(body, "\n"), strings.Join(rets, ", "), strings.Join(types, ", ")), n
}

// TestWideFoldsMatchFolder interprets operations on integers wider than
// 64 bits and compares every result, bit for bit, with the constants
// mlir-opt-22 --canonicalize folds them to.
func TestWideFoldsMatchFolder(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	src, n := wideFoldProgram()
	cmd := exec.Command(mlirOpt, "--canonicalize")
	cmd.Stdin = strings.NewReader(src)
	folded, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-opt-22 --canonicalize: %v", err)
	}
	run := func(text string) (*ir.Operation, []interp.Value) {
		ctx := ir.NewContext()
		all.Register(ctx)
		m, _, err := asm.ParseModule(ctx, []byte(text), asm.Config{Filename: "wide.mlir"})
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		reg := interp.NewRegistry()
		iall.Register(reg)
		fn := interp.LookupFunction(m, "f")
		res, err := interp.New(reg).Call(nil, fn, nil)
		if err != nil {
			t.Fatalf("interpret: %v", err)
		}
		return fn, res
	}
	_, got := run(src)
	fn, want := run(string(folded))
	if len(got) != n || len(want) != n {
		t.Fatalf("got %d and %d results, want %d", len(got), len(want), n)
	}
	// The results the folder computed are those returned as constants
	// (it leaves a signed division that overflows, for one, alone).
	ret := fn.Region(0).First().Last()
	lines := strings.Split(src, "\n")
	bad, compared := 0, 0
	for i := range got {
		def, ok := ret.Operand(i).(*ir.OpResult)
		if !ok || def.Owner().Name() != "arith.constant" {
			continue
		}
		compared++
		if got[i].Big().Cmp(want[i].Big()) != 0 {
			if bad++; bad <= 10 {
				t.Errorf("result %d: interpreted %s, folded %s (%s)", i, got[i], want[i], opLine(lines, i))
			}
		}
	}
	if compared < n*9/10 {
		t.Errorf("mlir-opt-22 folded only %d of %d results", compared, n)
	}
	t.Logf("%d of %d results folded and compared", compared, n)
}

// opLine returns the line of the program that defines result i.
func opLine(lines []string, i int) string {
	p := fmt.Sprintf("%%r%d ", i)
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), p) {
			return strings.TrimSpace(l)
		}
	}
	return "?"
}
