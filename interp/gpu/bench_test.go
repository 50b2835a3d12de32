package gpu_test

import (
	"os"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	iall "github.com/strata-ir/strata/interp/all"
)

// BenchmarkGEMMTiled runs the 128x128x128 f32 GEMM kernel of
// testdata/ok/gemm_tiled.mlir (8x8 blocks of 16x16 threads, 16x16 tiles
// of A and B in shared memory, two barriers per tile) on the SIMT model:
// one iteration is one launch, 16384 threads.
func BenchmarkGEMMTiled(b *testing.B) {
	src, err := os.ReadFile("testdata/ok/gemm_tiled.mlir")
	if err != nil {
		b.Fatal(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	mod, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: "gemm_tiled.mlir"})
	if err != nil {
		b.Fatal(err)
	}
	reg := interp.NewRegistry()
	iall.Register(reg)
	in := interp.New(reg)
	fn := interp.LookupFunction(mod, "gemm")
	if fn == nil {
		b.Fatal("no @gemm")
	}
	t := fn.Region(0).First().Argument(0).Type()
	args := make([]interp.Value, 3)
	for i := range args {
		m := interp.NewMemRef(ctx.FloatType(ir.F32), []int64{128, 128})
		for j := range m.Buf.Data {
			m.Buf.Data[j] = uint64(0x3f800000) // 1.0
		}
		args[i] = interp.MakeMemRef(t, m)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := in.Call(nil, fn, args); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if got := args[2].MemRef().Buf.Data[0]; got != 0x43000000 { // 128.0
		b.Fatalf("C[0][0] = %#x, want 128.0", got)
	}
}
