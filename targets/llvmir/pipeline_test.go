package llvmir_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
)

// TestCPUPipelineViaOpt runs the named pipeline strata-cpu-pipeline with
// strata-opt's --pass-pipeline and -p, dumps it with
// --dump-pass-pipeline, finds it in --help, and translates the result.
func TestCPUPipelineViaOpt(t *testing.T) {
	const tensors = `func.func @main() -> f32 {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %i = arith.constant 1 : index
  %e = tensor.extract %c[%i] : tensor<2xf32>
  return %e : f32
}
`
	const scalars = `func.func @main(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  return %b : i32
}
`
	tests := []struct {
		name, src string
		args      []string
		code      int
		want, not []string
		stderr    []string
	}{
		{"tensors", tensors, []string{"--pass-pipeline=builtin.module(strata-cpu-pipeline)"}, 0,
			[]string{"llvm.mlir.global private constant @__constant_2xf32(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>)", "llvm.func @main() -> f32", "llvm.load"},
			[]string{"tensor.", "memref.", "func.func", "arith."}, nil},
		{"scalars-no-bufferize", scalars, []string{"-p", "builtin.module(strata-cpu-pipeline{bufferize=false})"}, 0,
			[]string{"llvm.func @main(%arg0: i32) -> i32", "llvm.add %arg0, %arg0"}, []string{"func.func"}, nil},
		{"dump", scalars, []string{"--pass-pipeline=builtin.module(strata-cpu-pipeline{bufferize=false})", "--dump-pass-pipeline"}, 0,
			nil, nil, []string{"builtin.module(\n  convert-linalg-to-loops,", "  reconcile-unrealized-casts\n)"}},
		{"dump-bufferize", scalars, []string{"--pass-pipeline=builtin.module(strata-cpu-pipeline)", "--dump-pass-pipeline"}, 0,
			nil, nil, []string{"builtin.module(\n  linalg-decompose-aggregated-ops,\n  one-shot-bufferize{allow-return-allocs-from-loops=true allow-unknown-ops=false analysis-fuzzer-seed=0 analysis-heuristic=bottom-up buffer-alignment=64 bufferize-function-boundaries=true check-parallel-regions=true copy-before-write=false  dump-alias-sets=false function-boundary-type-conversion=infer-layout-map must-infer-memory-space=false  print-conflicts=false test-analysis-only=false unknown-type-conversion=fully-dynamic-layout-map use-encoding-for-memory-space=false},\n  convert-linalg-to-loops,"}},
		{"help", "", []string{"--help"}, 0, nil, nil, []string{"-strata-cpu-pipeline", "Lower tensor, linalg, scf, vector, memref, math, arith, func and cf programs to the llvm dialect for the CPU"}},
		{"bad-option", scalars, []string{"--pass-pipeline=builtin.module(strata-cpu-pipeline{bufferise=false})"}, 1, nil, nil, []string{"bufferise"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			var out, errb strings.Builder
			args := tc.args
			if tc.src != "" {
				args = append(append([]string{}, args...), "-")
			}
			code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(tc.src), Out: &out, Err: &errb})
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tc.code, errb.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
			for _, w := range tc.not {
				if strings.Contains(out.String(), w) {
					t.Errorf("output has %q:\n%s", w, out.String())
				}
			}
			for _, w := range tc.stderr {
				if !strings.Contains(errb.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, errb.String())
				}
			}
		})
	}
}
