package irgen_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/irgen"
	"github.com/strata-ir/strata/internal/testdialect"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// numSeeds is how many programs the differential test checks; IRGEN_SEEDS
// overrides it, and IRGEN_FIRST_SEED moves the range.
func seedRange(t *testing.T) (first, n uint64) {
	n = 300
	if testing.Short() {
		n = 50
	}
	if s := os.Getenv("IRGEN_SEEDS"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("IRGEN_SEEDS: %v", err)
		}
		n = v
	}
	if s := os.Getenv("IRGEN_FIRST_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("IRGEN_FIRST_SEED: %v", err)
		}
		first = v
	}
	return first, n
}

func TestDeterministic(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		a, b := irgen.Generate(seed), irgen.Generate(seed)
		if a != b {
			t.Fatalf("seed %d: two runs differ", seed)
		}
		if seed > 0 && a == irgen.Generate(seed-1) {
			t.Fatalf("seeds %d and %d give the same program", seed-1, seed)
		}
	}
}

// TestCoverage checks that the generator, over the seeds the differential
// test uses, spells each construct it promises.
func TestCoverage(t *testing.T) {
	var all strings.Builder
	for seed := uint64(0); seed < 300; seed++ {
		all.WriteString(irgen.Generate(seed))
	}
	s := all.String()
	want := []string{
		`"foo.bar"`, `"noDot"`, `"builtin.module"`, ")[^", "#1", ":3 = ", "<{", "^bb", "(%",
		"i1", "si8", "ui", "i128", "index", "bf16", "f80", "f128", "tf32", "f8E5M2", "f8E4M3FN", "f8E5M2FNUZ",
		"f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f8E8M0FNU", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN",
		"complex<", "tuple<", ") -> (", "none", "tensor<*x", "tensor<?x", "memref<*x", "strided<[",
		"affine_map<", "affine_set<", "vector<[", "!foo.", "!bar<\"",
		"0x7FC00000", `\"`, "true", "unit", "dense<[", "dense<\"0x", "dense_resource<", "{-#", "sparse<",
		"@", "::@", "array<i32", "distinct[", "#foo.", "loc(unknown)", " to :", "callsite(", "fused<", "fused[",
		"#loc",
	}
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("no generated program contains %q", w)
		}
	}
}

func newContext() *ir.Context {
	ctx := ir.NewContext()
	all.Register(ctx)
	testdialect.Register(ctx)
	return ctx
}

func runStrata(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = opt.Run(newContext(), args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// firstDiff describes the first line where a and b differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  mlir-opt:   %s\n  strata-opt: %s", i+1, x, y)
		}
	}
	return "(no difference)"
}

// TestDifferential generates programs, checks that mlir-opt-22 accepts
// them, and that strata-opt prints exactly what mlir-opt-22 prints, with
// and without debug info, and that parsing Strata's output again gives the
// same output.
func TestDifferential(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	first, n := seedRange(t)
	dir := t.TempDir()
	for seed := first; seed < first+n; seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			t.Parallel()
			src := irgen.Generate(seed)
			file := filepath.Join(dir, fmt.Sprintf("seed%d.mlir", seed))
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, debug := range []bool{false, true} {
				args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}
				if debug {
					args = append(args, "--mlir-print-debuginfo")
				}
				want, werr, wcode := testutil.Run(t, tool, append(args, file)...)
				if wcode != 0 {
					t.Fatalf("debuginfo=%v: the generator made a program mlir-opt-22 rejects:\n%s\nprogram:\n%s", debug, werr, src)
				}
				got, gerr, gcode := runStrata(append(args, file)...)
				if gcode != wcode {
					t.Fatalf("debuginfo=%v: exit code: mlir-opt %d, strata-opt %d\nstrata-opt stderr:\n%s\nprogram:\n%s", debug, wcode, gcode, gerr, src)
				}
				if got != want {
					t.Fatalf("debuginfo=%v: output differs at %s\nprogram:\n%s", debug, firstDiff(want, got), src)
				}
				// Fixed point: Strata's output parses back to itself.
				again := filepath.Join(dir, fmt.Sprintf("seed%d.%v.out.mlir", seed, debug))
				if err := os.WriteFile(again, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				got2, gerr2, gcode2 := runStrata(append(args, again)...)
				if gcode2 != 0 || got2 != got {
					// MLIR's output is not always a fixed point either (f80 and
					// f128 values read through a double, loc aliases referenced
					// from attributes before their definition, sparse splat
					// indices): accept what mlir-opt-22 does on the same text.
					want2, _, wcode2 := testutil.Run(t, tool, append(args, again)...)
					if wcode2 != gcode2 || want2 != got2 {
						t.Fatalf("debuginfo=%v: reparsing strata-opt's output: exit %d (mlir-opt %d), %s\nstderr:\n%s",
							debug, gcode2, wcode2, firstDiff(want2, got2), gerr2)
					}
				}
			}
		})
	}
}
