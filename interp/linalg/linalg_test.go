package linalg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/semcheck"
)

// The programs of testdata run the named operations (element-wise ones,
// packed and quantized products, convolutions, poolings, contract,
// fill_rng_2d) on tensors and buffers. Their .out files are the output of
// mlir-runner on the program lowered by mlir-opt-22.

var baseAddr = regexp.MustCompile(`base@ = 0x[0-9a-f]+`)

func programs(t *testing.T) []string {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no test programs")
	}
	return files
}

// TestPrograms interprets each program and compares its output with
// upstream's.
func TestPrograms(t *testing.T) {
	for _, file := range programs(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(file, ".mlir") + ".out")
			if err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			var out, errb bytes.Buffer
			code := run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", file}, run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			mask := func(s string) string { return baseAddr.ReplaceAllString(s, "base@ = 0x?") }
			if diff := cmp.Diff(mask(string(want)), mask(out.String())); diff != "" {
				t.Errorf("output differs (-mlir-runner +strata):\n%s", diff)
			}
		})
	}
}

// TestLoweringKeepsSemantics bufferizes the programs and lowers their
// structured operations to loops, interpreting @main before and after
// every pass.
func TestLoweringKeepsSemantics(t *testing.T) {
	const pipeline = "one-shot-bufferize{bufferize-function-boundaries}, func.func(expand-strided-metadata), func.func(convert-linalg-to-loops), func.func(convert-scf-to-cf)"
	for _, file := range programs(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: file})
			if err != nil {
				t.Fatal(err)
			}
			if err := semcheck.CheckPipeline(ctx, m, pipeline, "main"); err != nil {
				t.Fatal(err)
			}
			var left []string
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				if strings.HasPrefix(op.Name(), "linalg.") {
					left = append(left, op.Name())
				}
				return true
			})
			if len(left) > 0 {
				t.Errorf("structured operations left after lowering: %v", left)
			}
		})
	}
}

// TestErrors checks that malformed uses fail with located diagnostics
// instead of running.
func TestErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unary-on-integers", `func.func @main() {
  %m = memref.alloc() : memref<4xi32>
  linalg.exp ins(%m : memref<4xi32>) outs(%m : memref<4xi32>)
  return
}`, "unsupported non numeric type"},
		{"broadcast", `func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<2x4xf32>
  linalg.add ins(%a, %b : memref<4xf32>, memref<2x4xf32>) outs(%b : memref<2x4xf32>)
  return
}`, "expected operand #0 rank (1) to match the result rank of indexing_map (2)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "p.mlir")
			if err := os.WriteFile(file, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			var out, errb bytes.Buffer
			code := run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", file}, run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
			if code == 0 {
				t.Fatalf("ran without error: %s", out.String())
			}
			if !strings.Contains(errb.String(), tc.want) || !strings.Contains(errb.String(), "p.mlir:") {
				t.Errorf("stderr %q does not locate %q", errb.String(), tc.want)
			}
		})
	}
}
