package asm_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
)

// bigBlockModule returns a module whose function body and loop body are
// long enough to print in parallel slices: arithmetic, custom-form ops
// with aliased affine maps, nested regions and, when late is set, a
// distinct attribute and a resource first met near the end, which a slice
// printer cannot number.
func bigBlockModule(n int, late bool) string {
	var b strings.Builder
	b.WriteString("#m = affine_map<(d0)[s0] -> (d0 + s0)>\n")
	b.WriteString("module {\n  func.func @f(%a: i32, %i: index) -> i32 {\n")
	b.WriteString("    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n")
	prev := "%a"
	for k := 0; k < n; k++ {
		switch k % 5 {
		case 0:
			fmt.Fprintf(&b, "    %%v%d = arith.constant %d : i32\n", k, k)
		case 1:
			fmt.Fprintf(&b, "    %%v%d = arith.addi %s, %%v%d overflow<nsw> : i32\n", k, prev, k-1)
		case 2:
			fmt.Fprintf(&b, "    %%v%d = affine.apply #m(%%i)[%%c1]\n", k)
		case 3:
			fmt.Fprintf(&b, "    %%v%d = arith.cmpi slt, %s, %%a : i32\n", k, prev)
		case 4:
			fmt.Fprintf(&b, "    %%v%d = arith.select %%v%d, %s, %%a : i32\n", k, k-1, prev)
			prev = fmt.Sprintf("%%v%d", k)
		}
		if late && k == n-7 {
			b.WriteString(`    "t.late"() {d = distinct[0]<42 : i32>, r = dense_resource<blob> : tensor<1xi32>} : () -> ()` + "\n")
		}
	}
	// A loop whose body, printed without its implicit terminator, ends
	// exactly where a new segment would start.
	fmt.Fprintf(&b, "    scf.for %%j = %%c0 to %%i step %%c1 {\n")
	for k := 0; k < 2*(1<<14); k++ {
		fmt.Fprintf(&b, "      %%w%d = arith.addi %%j, %%c1 : index\n", k)
	}
	b.WriteString("    }\n")
	fmt.Fprintf(&b, "    return %s : i32\n  }\n}\n", prev)
	if late {
		b.WriteString("{-#\n  dialect_resources: {\n    builtin: {\n      blob: \"0x0400000001000000\"\n    }\n  }\n#-}\n")
	}
	return b.String()
}

// TestParallelPrintMatchesSequential prints long blocks with and without
// parallel slices and requires the same text, custom and generic, with
// and without locations.
func TestParallelPrintMatchesSequential(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, late := range []bool{false, true} {
		src := bigBlockModule(3*(1<<14)+11, late)
		ctx := ir.NewContext()
		all.Register(ctx)
		ctx.AllowUnregisteredDialects = true
		s, err := asm.Parse(ctx, []byte(src), asm.Config{Filename: "big.mlir"})
		if err != nil {
			t.Fatal(err)
		}
		top := asm.WrapInModule(ctx, s.Block, ctx.FileLineCol("big.mlir", 0, 0))
		for _, text := range comparePrints(t, fmt.Sprintf("late=%v", late), top, s.Resources) {
			if late && !strings.Contains(text, "distinct[0]<42 : i32>") {
				t.Errorf("late=%v: the distinct attribute is missing", late)
			}
		}
	}
}

// TestParallelPrintCorpus prints every custom-form chunk of the
// conformance corpus with segments of two operations, so that the custom
// printers of every dialect run on several goroutines at once, and
// requires the text of a sequential print.
func TestParallelPrintCorpus(t *testing.T) {
	root := filepath.Join(testutil.Shared(t), "conformance", "corpus")
	defer asm.SetPrintSegment(2)()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	files, _ := filepath.Glob(filepath.Join(root, "*", "*", "*.custom.mlir"))
	more, _ := filepath.Glob(filepath.Join(root, "*", "*.custom.mlir"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatalf("no custom chunks under %s", root)
	}
	printed := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ctx := ir.NewContext()
		all.Register(ctx)
		ctx.AllowUnregisteredDialects = true
		s, err := asm.Parse(ctx, src, asm.Config{Filename: f})
		if err != nil {
			continue // chunks of MLIR's test dialect
		}
		comparePrints(t, f, asm.WrapInModule(ctx, s.Block, ctx.FileLineCol(f, 0, 0)), s.Resources)
		printed++
	}
	if printed < len(files)/2 {
		t.Errorf("only %d of %d chunks parsed", printed, len(files))
	}
}

// comparePrints prints top in custom and generic form, with and without
// locations, in parallel and sequentially, reports any difference, and
// returns the sequential texts.
func comparePrints(t *testing.T, what string, top *ir.Operation, res *ir.Resources) []string {
	t.Helper()
	var texts []string
	for _, generic := range []bool{false, true} {
		for _, debug := range []bool{false, true} {
			opts := asm.PrintOptions{Generic: generic, DebugInfo: debug, Resources: res}
			var par, seq bytes.Buffer
			if err := asm.Print(&par, top, opts); err != nil {
				t.Fatal(err)
			}
			opts.Sequential = true
			if err := asm.Print(&seq, top, opts); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(seq.String(), par.String()); diff != "" {
				t.Errorf("%s generic=%v debug=%v: parallel print differs (-sequential +parallel):\n%s", what, generic, debug, diff)
			}
			texts = append(texts, seq.String())
		}
	}
	return texts
}
