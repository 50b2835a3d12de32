package neuron_test

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	iall "github.com/strata-ir/strata/interp/all"
)

// run interprets @f(%x: memref<RxCxf32>, %y: memref<RxCxf32>) of body with
// x filled by in and returns y (filled with 100 before the call).
func run(t *testing.T, body string, shape []int64, in []float64) ([]float64, error) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	ty := "memref<" + dims(shape) + "xf32>"
	src := "func.func @f(%x: " + ty + ", %y: " + ty + ") {\n" +
		"  %X = tile.view %x : " + ty + " -> !tile.view<" + dims(shape) + "xf32>\n" +
		"  %Y = tile.view %y : " + ty + " -> !tile.view<" + dims(shape) + "xf32>\n" +
		"  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n" + body + "  return\n}\n"
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	f32 := ctx.FloatType(ir.F32)
	mt := ctx.MemRefType(shape, f32, nil, nil)
	x, y := interp.NewMemRef(f32, shape), interp.NewMemRef(f32, shape)
	for i := range x.Buf.Data {
		x.Buf.Data[i] = interp.MakeFloat(f32, in[i]).Bits()
		y.Buf.Data[i] = interp.MakeFloat(f32, 100).Bits()
	}
	reg := interp.NewRegistry()
	iall.Register(reg)
	in2 := interp.New(reg)
	_, err = in2.Call(nil, interp.LookupFunction(m, "f"), []interp.Value{interp.MakeMemRef(mt, x), interp.MakeMemRef(mt, y)})
	var out []float64
	for _, b := range y.Buf.Data {
		out = append(out, interp.FromBits(f32, b).Float())
	}
	return out, err
}

func dims(s []int64) string {
	var parts []string
	for _, d := range s {
		parts = append(parts, strconv.FormatInt(d, 10))
	}
	return strings.Join(parts, "x")
}

const t24 = "!neuron.tile<2x4xf32, sbuf>"
const c21 = "!neuron.tile<2x1xf32, sbuf>"

// load and store of the whole 2x4 tile around a computation.
func wrap(ops string) string {
	return "  %t = neuron.alloc : " + t24 + "\n  %o = neuron.alloc : " + t24 + "\n" +
		"  neuron.dma_copy %t, %X[%c0, %c0] : " + t24 + ", !tile.view<2x4xf32>\n" + ops +
		"  neuron.dma_copy %Y[%c0, %c0], %o : !tile.view<2x4xf32>, " + t24 + "\n"
}

func TestSemantics(t *testing.T) {
	x := []float64{1, 2, 3, 4, -1, -2, -3, -4}
	f32 := func(v float64) float64 { return float64(float32(v)) }
	for _, c := range []struct {
		name string
		body string
		want []float64
	}{
		{"copy", wrap("  neuron.tensor_copy %o, %t : " + t24 + ", " + t24 + "\n"), x},
		{"activation exp scale bias", wrap("  %b = neuron.alloc : " + c21 + "\n  neuron.memset %b, 0.5 : " + c21 + "\n" +
			"  neuron.activation exp %o, %t bias %b {scale = 2.0 : f64} : " + t24 + ", " + t24 + ", " + c21 + "\n"),
			[]float64{f32(math.Exp(2.5)), f32(math.Exp(4.5)), f32(math.Exp(6.5)), f32(math.Exp(8.5)),
				f32(math.Exp(-1.5)), f32(math.Exp(-3.5)), f32(math.Exp(-5.5)), f32(math.Exp(-7.5))}},
		{"activation relu", wrap("  neuron.activation relu %o, %t : " + t24 + ", " + t24 + "\n"), []float64{1, 2, 3, 4, 0, 0, 0, 0}},
		{"tensor_scalar reverse subtract", wrap("  neuron.tensor_scalar subtract %o, %t imm 10.0 reverse : " + t24 + ", " + t24 + "\n"),
			[]float64{9, 8, 7, 6, 11, 12, 13, 14}},
		{"tensor_scalar run-time f32", wrap("  %v = arith.constant -0.5 : f32\n" +
			"  neuron.tensor_scalar multiply %o, %t, %v : " + t24 + ", " + t24 + ", f32\n"),
			[]float64{-0.5, -1, -1.5, -2, 0.5, 1, 1.5, 2}},
		{"tensor_scalar mod takes the sign of the divisor", wrap("  neuron.tensor_scalar mod %o, %t imm 3.0 : " + t24 + ", " + t24 + "\n"),
			[]float64{1, 2, 0, 1, 2, 1, 0, 2}},
		{"tensor_scalar per partition", wrap("  %s = neuron.alloc : " + c21 + "\n  neuron.tensor_reduce maximum %s, %t : " + c21 + ", " + t24 + "\n" +
			"  neuron.tensor_scalar subtract %o, %t, %s : " + t24 + ", " + t24 + ", " + c21 + "\n"),
			[]float64{-3, -2, -1, 0, 0, -1, -2, -3}},
		{"activation_reduce sums each partition", wrap("  %s = neuron.alloc : " + c21 + "\n" +
			"  neuron.activation_reduce copy %o, %s, %t : " + t24 + ", " + c21 + ", " + t24 + "\n" +
			"  neuron.tensor_scalar add %o, %t, %s : " + t24 + ", " + t24 + ", " + c21 + "\n"),
			[]float64{11, 12, 13, 14, -11, -12, -13, -14}},
		{"tensor_tensor divide", wrap("  neuron.tensor_tensor divide %o, %t, %t : " + t24 + ", " + t24 + ", " + t24 + "\n"),
			[]float64{1, 1, 1, 1, 1, 1, 1, 1}},
		{"reciprocal", wrap("  neuron.reciprocal %o, %t : " + t24 + ", " + t24 + "\n"),
			[]float64{1, 0.5, f32(1.0 / 3), 0.25, -1, -0.5, f32(-1.0 / 3), -0.25}},
		{"affine_select keeps p - f >= 0", wrap("  neuron.affine_select %o, %t where %c0 channel 1 step -1 ge else -5.0 : " + t24 + ", " + t24 + "\n"),
			[]float64{1, -5, -5, -5, -1, -2, -5, -5}},
		{"iota", wrap("  %i = neuron.alloc : !neuron.tile<2x4xi32, sbuf>\n  neuron.iota %i, %c1 channel 10 step 2 : !neuron.tile<2x4xi32, sbuf>\n" +
			"  neuron.tensor_copy %o, %i : " + t24 + ", !neuron.tile<2x4xi32, sbuf>\n"),
			[]float64{1, 3, 5, 7, 11, 13, 15, 17}},
		{"tensor_copy rounds to bf16", wrap("  neuron.tensor_scalar multiply %t, %t imm 1.00390625 : " + t24 + ", " + t24 + "\n" +
			"  %h = neuron.alloc : !neuron.tile<2x4xbf16, sbuf>\n  neuron.tensor_copy %h, %t : !neuron.tile<2x4xbf16, sbuf>, " + t24 + "\n" +
			"  neuron.tensor_copy %o, %h : " + t24 + ", !neuron.tile<2x4xbf16, sbuf>\n"),
			// x(1 + 2^-8): 1 + 2^-8 and 4 + 2^-6 are ties in bf16 (to even),
			// 3 + 3·2^-8 rounds up to 3 + 2^-6.
			[]float64{1, 2, 3.015625, 4, -1, -2, -3.015625, -4}},
		{"nc_transpose and nc_matmul accumulate in PSUM", wrap(
			"  %p = neuron.alloc : !neuron.tile<4x2xf32, psum>\n  neuron.nc_transpose %p, %t : !neuron.tile<4x2xf32, psum>, " + t24 + "\n" +
				"  %s = neuron.alloc : !neuron.tile<4x2xf32, sbuf>\n  neuron.tensor_copy %s, %p : !neuron.tile<4x2xf32, sbuf>, !neuron.tile<4x2xf32, psum>\n" +
				"  %m = neuron.alloc : !neuron.tile<4x4xf32, sbuf>\n  neuron.memset %m, 1.0 : !neuron.tile<4x4xf32, sbuf>\n" +
				"  %acc = neuron.alloc : !neuron.tile<2x4xf32, psum>\n  neuron.memset %acc, 0.5 : !neuron.tile<2x4xf32, psum>\n" +
				"  %c2 = arith.constant 2 : index\n" +
				"  neuron.affine_range %k = %c0 to %c2 step %c1 {\n" +
				"    neuron.nc_matmul %acc, %s, %m : !neuron.tile<2x4xf32, psum>, !neuron.tile<4x2xf32, sbuf>, !neuron.tile<4x4xf32, sbuf>\n  }\n" +
				"  neuron.tensor_copy %o, %acc : " + t24 + ", !neuron.tile<2x4xf32, psum>\n"),
			// Each row sum (10, -10) twice, on 0.5.
			[]float64{20.5, 20.5, 20.5, 20.5, -19.5, -19.5, -19.5, -19.5}},
		{"bn_stats and bn_aggr", wrap(
			"  %st = neuron.alloc : !neuron.tile<2x12xf32, sbuf>\n  %h = neuron.alloc : !neuron.tile<2x2xf32, sbuf>\n" +
				"  neuron.memset %st, 0.0 : !neuron.tile<2x12xf32, sbuf>\n" +
				"  %a = neuron.alloc : !neuron.tile<2x6xf32, sbuf>\n  neuron.bn_stats %a, %t : !neuron.tile<2x6xf32, sbuf>, " + t24 + "\n" +
				"  %mv = neuron.alloc : !neuron.tile<2x2xf32, sbuf>\n  neuron.bn_aggr %mv, %a : !neuron.tile<2x2xf32, sbuf>, !neuron.tile<2x6xf32, sbuf>\n" +
				"  %mean = neuron.alloc : " + c21 + "\n  neuron.tensor_reduce minimum %mean, %mv : " + c21 + ", !neuron.tile<2x2xf32, sbuf>\n" +
				"  neuron.tensor_scalar add %o, %t, %mean : " + t24 + ", " + t24 + ", " + c21 + "\n"),
			// Means 2.5 and -2.5, population variances 1.25: min(mean, var).
			[]float64{2.25, 3.25, 4.25, 5.25, -3.5, -4.5, -5.5, -6.5}},
		{"bn_stats over slices of the free axis", wrap(
			"  %st = neuron.alloc : !neuron.tile<2x12xf32, sbuf>\n" +
				"  %x0 = neuron.slice %t[0] : " + t24 + " -> !neuron.tile<2x3xf32, sbuf>\n" +
				"  %x1 = neuron.slice %t[3] : " + t24 + " -> " + c21 + "\n" +
				"  %s0 = neuron.slice %st[0] : !neuron.tile<2x12xf32, sbuf> -> !neuron.tile<2x6xf32, sbuf>\n" +
				"  %s1 = neuron.slice %st[6] : !neuron.tile<2x12xf32, sbuf> -> !neuron.tile<2x6xf32, sbuf>\n" +
				"  neuron.bn_stats %s0, %x0 : !neuron.tile<2x6xf32, sbuf>, !neuron.tile<2x3xf32, sbuf>\n" +
				"  neuron.bn_stats %s1, %x1 : !neuron.tile<2x6xf32, sbuf>, " + c21 + "\n" +
				"  %mv = neuron.alloc : !neuron.tile<2x2xf32, sbuf>\n  neuron.bn_aggr %mv, %st : !neuron.tile<2x2xf32, sbuf>, !neuron.tile<2x12xf32, sbuf>\n" +
				"  %mean = neuron.slice %mv[0] : !neuron.tile<2x2xf32, sbuf> -> " + c21 + "\n" +
				"  %var = neuron.slice %mv[1] : !neuron.tile<2x2xf32, sbuf> -> " + c21 + "\n" +
				"  neuron.tensor_scalar subtract %o, %t, %mean : " + t24 + ", " + t24 + ", " + c21 + "\n" +
				"  neuron.tensor_scalar multiply %o, %o, %var : " + t24 + ", " + t24 + ", " + c21 + "\n"),
			// Chunks (1, 2, 3) and (4) of the first row: its mean 2.5 and
			// variance 1.25 merged from (count, mean, M2) = (2, 2, 2),
			// (1, 2, 0), (1, 4, 0) and an empty odd half.
			[]float64{-1.875, -0.625, 0.625, 1.875, 1.875, 0.625, -0.625, -1.875}},
		{"a slice writes its source's columns", wrap(
			"  neuron.memset %o, 0.0 : " + t24 + "\n" +
				"  %w = neuron.slice %o[1] : " + t24 + " -> !neuron.tile<2x2xf32, sbuf>\n" +
				"  %r = neuron.slice %t[2] : " + t24 + " -> !neuron.tile<2x2xf32, sbuf>\n" +
				"  neuron.tensor_copy %w, %r : !neuron.tile<2x2xf32, sbuf>, !neuron.tile<2x2xf32, sbuf>\n"),
			[]float64{0, 3, 4, 0, 0, -3, -4, 0}},
		{"a fresh tile reads NaN", wrap("  %n = neuron.alloc : " + t24 + "\n  neuron.tensor_tensor add %o, %t, %n : " + t24 + ", " + t24 + ", " + t24 + "\n"),
			[]float64{math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()}},
		{"bounds-checked DMA skips outside", "  %t = neuron.alloc : !neuron.tile<2x8xf32, sbuf>\n  neuron.memset %t, 7.0 : !neuron.tile<2x8xf32, sbuf>\n" +
			"  %c2 = arith.constant 2 : index\n" +
			"  neuron.dma_copy %t, %X[%c0, %c2] bounds_check : !neuron.tile<2x8xf32, sbuf>, !tile.view<2x4xf32>\n" +
			"  neuron.dma_copy %Y[%c0, %c0], %t bounds_check : !tile.view<2x4xf32>, !neuron.tile<2x8xf32, sbuf>\n",
			[]float64{3, 4, 7, 7, -3, -4, 7, 7}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := run(t, c.body, []int64{2, 4}, x)
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				if got[i] != c.want[i] && !(math.IsNaN(got[i]) && math.IsNaN(c.want[i])) {
					t.Fatalf("got %v, want %v", got, c.want)
				}
			}
		})
	}
}

// TestErrors checks run-time errors located at the operation.
func TestErrors(t *testing.T) {
	_, err := run(t, "  %t = neuron.alloc : !neuron.tile<2x8xf32, sbuf>\n"+
		"  neuron.dma_copy %t, %X[%c0, %c1] : !neuron.tile<2x8xf32, sbuf>, !tile.view<2x4xf32>\n", []int64{2, 4}, make([]float64, 8))
	if err == nil || !strings.Contains(err.Error(), "t.mlir:7:3") || !strings.Contains(err.Error(), "outside the view") {
		t.Errorf("expected a located out-of-view error, got %v", err)
	}
}
