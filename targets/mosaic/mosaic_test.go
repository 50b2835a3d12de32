package mosaic_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/targets/mosaic"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// programs are those of targets/pallas's golden tests.
var programs = []string{
	"examples/softmax/softmax.mlir",
	"examples/layernorm/layernorm.mlir",
	"examples/rmsnorm/rmsnorm.mlir",
	"examples/attention/attention.mlir",
	"conversion/tiletotpu/testdata/gemm-ragged.mlir",
	"conversion/tiletotpu/testdata/rows-ragged.mlir",
	"conversion/tiletotpu/testdata/flash.mlir",
	"examples/gemm-bias-relu/gemm-bias-relu.mlir",
	"conversion/tiletotpu/testdata/gqa.mlir",
	"conversion/tiletotpu/testdata/dynamic.mlir",
	"conversion/tiletotpu/testdata/causal.mlir",
	"conversion/tiletotpu/testdata/gather.mlir",
	"examples/attention/ragged.mlir",
}

func parse(t *testing.T, ctx *ir.Context, name string, src []byte) *ir.Operation {
	t.Helper()
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: name})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestGolden compares the Mosaic modules of the programs' kernels for
// each TPU with testdata/golden, and reads each module back: it parses,
// verifies (the kernel contract included) and prints the same.
func TestGolden(t *testing.T) {
	for _, chip := range []string{"tpu-v5e", "tpu-v6e"} {
		for _, p := range programs {
			name := strings.TrimSuffix(filepath.Base(p), ".mlir") + "-" + chip
			t.Run(name, func(t *testing.T) {
				ctx := ir.NewContext()
				all.Register(ctx)
				src, err := os.ReadFile(filepath.Join("..", "..", p))
				if err != nil {
					t.Fatal(err)
				}
				m := parse(t, ctx, p, src)
				pm := pass.NewManager(ctx, "builtin.module")
				if err := pm.Parse("builtin.module(strata-tpu-pipeline{chip=" + chip + "})"); err != nil {
					t.Fatal(err)
				}
				if err := pm.Run(m); err != nil {
					t.Fatal(err)
				}
				var sb strings.Builder
				if err := mosaic.Emit(m, &sb, ""); err != nil {
					t.Fatal(err)
				}
				got := sb.String()
				for i, part := range strings.Split(got, "// -----\n") {
					back := parse(t, ctx, "out.mlir", []byte(part))
					if len(mosaic.Kernels(back)) != 1 {
						t.Errorf("module %d holds %d kernels", i, len(mosaic.Kernels(back)))
					}
					var again strings.Builder
					if err := asm.Print(&again, back, asm.PrintOptions{}); err != nil {
						t.Fatal(err)
					}
					if strings.TrimSpace(again.String()) != strings.TrimSpace(part) {
						t.Errorf("module %d prints differently once read back", i)
					}
				}
				file := filepath.Join("testdata", "golden", strings.ReplaceAll(name, "-", "_")+".mlir")
				if *update {
					if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("%v (run go test -update)", err)
				}
				if string(want) != got {
					t.Errorf("%s differs (go test -update rewrites it); got:\n%s", file, got)
				}
			})
		}
	}
}

// TestErrors checks the located errors of the translation.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, kernel, want string }{
		{"no kernel", `func.func @f() { return }`, "", "the module has no Mosaic kernel"},
		{"not mosaic", `
func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1>, window_params = [{window_bounds = array<i64: 8, 128>}]} {
  %t = tensor.empty() : tensor<8xf32>
  return
}`, "", "3:8: error: --mlir-to-mosaic: 'tensor.empty' is not an operation of a Mosaic kernel"},
		{"unknown kernel", `
func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1>, window_params = [{window_bounds = array<i64: 8, 128>}]} {
  return
}`, "nope", "no kernel named \"nope\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			m := parse(t, ctx, "in.mlir", []byte(tc.src))
			var sb strings.Builder
			err := mosaic.Emit(m, &sb, tc.kernel)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}
