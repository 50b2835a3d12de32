package pallas_test

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
	"github.com/strata-ir/strata/targets/pallas"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// Programs are the programs whose TPU kernels have golden Pallas files
// (and golden Mosaic modules in targets/mosaic): the examples and the
// ragged programs of tile-to-tpu's tests, by repository path.
var Programs = []string{
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

// lower parses a program and lowers it to Mosaic kernels for chip.
func lower(t *testing.T, path, chip string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	src, err := os.ReadFile(filepath.Join("..", "..", path))
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
	if err != nil {
		t.Fatal(err)
	}
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(strata-tpu-pipeline{chip=" + chip + "})"); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	return m
}

func golden(t *testing.T, file, got string) {
	t.Helper()
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
		t.Errorf("%s differs from the output (go test -update rewrites it); got:\n%s", file, got)
	}
}

// TestGolden compares the Pallas files of the programs for each TPU with
// testdata/golden (scripts/tpu-device-check.sh runs them with JAX).
func TestGolden(t *testing.T) {
	for _, chip := range []string{"tpu-v5e", "tpu-v6e"} {
		for _, p := range Programs {
			name := strings.TrimSuffix(filepath.Base(p), ".mlir") + "-" + chip
			t.Run(name, func(t *testing.T) {
				m := lower(t, p, chip)
				var sb strings.Builder
				if err := pallas.Emit(m, &sb, pallas.Options{}); err != nil {
					t.Fatal(err)
				}
				got := sb.String()
				for _, want := range []string{"import jax\n", "pl.pallas_call(", "pltpu.CompilerParams(dimension_semantics=", "JAX_VERSION = \"0.11.2\"", "SIGNATURES = {"} {
					if !strings.Contains(got, want) {
						t.Errorf("the output lacks %q", want)
					}
				}
				golden(t, filepath.Join("testdata", "golden", strings.ReplaceAll(name, "-", "_")+".py"), got)
			})
		}
	}
}

// TestErrors checks the located errors of the translation.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"no kernel", `func.func @f() { return }`, "--mlir-to-pallas: the module has no Mosaic kernel"},
		{"dma", `
func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{window_bounds = array<i64: 8, 128>}, {window_bounds = array<i64: 8, 128>}]} {
  %s = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
  tpu.enqueue_dma source(%x : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%o : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%s : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
  return
}`, "3:8: error: --mlir-to-pallas: 'tpu.sem_alloc' has no Pallas translation"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "in.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			err = pallas.Emit(m, &sb, pallas.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}
