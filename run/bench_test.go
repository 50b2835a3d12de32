package run_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/internal/testutil"
	iall "github.com/strata-ir/strata/interp/all"
)

// benchFunc parses src (custom syntax, printed generically by mlir-opt-22
// so that it parses whatever dialects are registered) and returns its
// function @f with an interpreter.
//
// STRATA_BENCH_DIR names a directory of generic forms (NAME.mlir) to use
// instead of mlir-opt-22, for machines without it; STRATA_BENCH_SAVE a
// directory where the generic forms are saved.
func benchFunc(b *testing.B, src string) (*interp.Interpreter, *ir.Operation) {
	b.Helper()
	var gen []byte
	if dir := os.Getenv("STRATA_BENCH_DIR"); dir != "" {
		var err error
		if gen, err = os.ReadFile(filepath.Join(dir, b.Name()+".mlir")); err != nil {
			b.Fatal(err)
		}
	} else {
		mlirOpt := testutil.Tool(b, "mlir-opt-22")
		file := filepath.Join(b.TempDir(), "bench.mlir")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		var err error
		gen, err = exec.Command(mlirOpt, "--mlir-print-op-generic", file).Output()
		if err != nil {
			b.Fatalf("mlir-opt-22: %v", err)
		}
		if dir := os.Getenv("STRATA_BENCH_SAVE"); dir != "" {
			os.WriteFile(filepath.Join(dir, b.Name()+".mlir"), gen, 0o644)
		}
	}
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	function.Register(ctx)
	ctx.AllowUnregisteredDialects = true
	m, _, err := asm.ParseModule(ctx, gen, asm.Config{Filename: "bench.mlir"})
	if err != nil {
		b.Fatal(err)
	}
	reg := interp.NewRegistry()
	iall.Register(reg)
	return interp.New(reg), interp.LookupFunction(m, "f")
}

func memrefArg(ctx *ir.Context, shape ...int64) interp.Value {
	f32 := ctx.FloatType(ir.F32)
	m := interp.NewMemRef(f32, shape)
	for i := range m.Buf.Data {
		m.Buf.Data[i] = interp.MakeFloat(f32, float64(i%7)*0.5).Bits()
	}
	return interp.MakeMemRef(ctx.MemRefType(shape, f32, nil, nil), m)
}

func runBench(b *testing.B, src string, work float64, unit string, shapes ...[]int64) {
	in, fn := benchFunc(b, src)
	ctx := fn.Context()
	args := make([]interp.Value, len(shapes))
	for i, s := range shapes {
		args[i] = memrefArg(ctx, s...)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := in.Call(nil, fn, args); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(work*float64(b.N)/b.Elapsed().Seconds()/1e9, unit)
}

const benchN = 256

// BenchmarkMatmulNamed: linalg.matmul, a native kernel (G = GFLOP/s).
func BenchmarkMatmulNamed(b *testing.B) {
	src := fmt.Sprintf(`func.func @f(%%a: memref<%[1]dx%[1]dxf32>, %%b: memref<%[1]dx%[1]dxf32>, %%c: memref<%[1]dx%[1]dxf32>) {
  linalg.matmul ins(%%a, %%b : memref<%[1]dx%[1]dxf32>, memref<%[1]dx%[1]dxf32>) outs(%%c : memref<%[1]dx%[1]dxf32>)
  return
}`, benchN)
	runBench(b, src, 2*benchN*benchN*benchN, "GFLOP/s", []int64{benchN, benchN}, []int64{benchN, benchN}, []int64{benchN, benchN})
}

// BenchmarkMatmulScf: the same product as three scf.for loops of
// interpreted loads, multiplications, additions and stores.
func BenchmarkMatmulScf(b *testing.B) {
	const n = 64
	src := fmt.Sprintf(`func.func @f(%%a: memref<%[1]dx%[1]dxf32>, %%b: memref<%[1]dx%[1]dxf32>, %%c: memref<%[1]dx%[1]dxf32>) {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%n = arith.constant %[1]d : index
  scf.for %%i = %%c0 to %%n step %%c1 {
    scf.for %%j = %%c0 to %%n step %%c1 {
      scf.for %%k = %%c0 to %%n step %%c1 {
        %%x = memref.load %%a[%%i, %%k] : memref<%[1]dx%[1]dxf32>
        %%y = memref.load %%b[%%k, %%j] : memref<%[1]dx%[1]dxf32>
        %%z = memref.load %%c[%%i, %%j] : memref<%[1]dx%[1]dxf32>
        %%m = arith.mulf %%x, %%y : f32
        %%s = arith.addf %%z, %%m : f32
        memref.store %%s, %%c[%%i, %%j] : memref<%[1]dx%[1]dxf32>
      }
    }
  }
  return
}`, n)
	runBench(b, src, 2*n*n*n, "GFLOP/s", []int64{n, n}, []int64{n, n}, []int64{n, n})
}

const elemN = 1 << 20

// BenchmarkElementwiseNamed: linalg.add over 2^20 elements (G = billions
// of elements per second).
func BenchmarkElementwiseNamed(b *testing.B) {
	src := fmt.Sprintf(`func.func @f(%%a: memref<%[1]dxf32>, %%b: memref<%[1]dxf32>, %%c: memref<%[1]dxf32>) {
  linalg.add ins(%%a, %%b : memref<%[1]dxf32>, memref<%[1]dxf32>) outs(%%c : memref<%[1]dxf32>)
  return
}`, elemN)
	runBench(b, src, elemN, "Gelem/s", []int64{elemN}, []int64{elemN}, []int64{elemN})
}

// BenchmarkElementwiseGenericRegion: a linalg.generic whose three-operation
// body runs once per element (compiled by interp/linalg).
func BenchmarkElementwiseGenericRegion(b *testing.B) {
	const n = 1 << 16
	src := fmt.Sprintf(`#id = affine_map<(d0) -> (d0)>
func.func @f(%%a: memref<%[1]dxf32>, %%b: memref<%[1]dxf32>, %%c: memref<%[1]dxf32>) {
  %%k = arith.constant 0.5 : f32
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%%a, %%b : memref<%[1]dxf32>, memref<%[1]dxf32>) outs(%%c : memref<%[1]dxf32>) {
  ^bb0(%%x: f32, %%y: f32, %%o: f32):
    %%s = arith.addf %%x, %%y : f32
    %%m = arith.mulf %%s, %%k : f32
    %%r = arith.maximumf %%m, %%x : f32
    linalg.yield %%r : f32
  }
  return
}`, n)
	runBench(b, src, n, "Gelem/s", []int64{n}, []int64{n}, []int64{n})
}
