package tpu_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	interpall "github.com/strata-ir/strata/interp/all"
)

func parse(t *testing.T, name string, src []byte) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: name})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func run(t *testing.T, m *ir.Operation, args ...interp.Value) error {
	t.Helper()
	reg := interp.NewRegistry()
	interpall.Register(reg)
	in := interp.New(reg)
	f := interp.LookupFunction(m, "main")
	if f == nil {
		t.Fatal("no @main")
	}
	_, err := in.Call(nil, f, args)
	return err
}

func array(m *ir.Operation, elem ir.Type, shape []int64, fill func(i int64) float64) (interp.Value, *interp.MemRef) {
	mr := interp.NewMemRef(elem, shape)
	for i := range mr.Buf.Data {
		if ft, ok := elem.(*ir.FloatType); ok {
			mr.Buf.Data[i] = interp.MakeFloat(ft, fill(int64(i))).Bits()
		}
	}
	return interp.MakeMemRef(m.Context().MemRefType(shape, elem, nil, nil), mr), mr
}

// TestDMAMatmul runs a kernel that copies rows of an HBM array into VMEM
// scratch with a DMA and multiplies bf16 blocks into f32 on the MXU: the
// result must equal the exact product (small integers are exact in bf16
// and their sums in f32), over a grid whose output windows revisit.
func TestDMAMatmul(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "dma-matmul.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	m := parse(t, "dma-matmul.mlir", src)
	ctx := m.Context()
	bf16, f32 := ctx.FloatType(ir.BF16), ctx.FloatType(ir.F32)
	av, a := array(m, bf16, []int64{12, 256}, func(i int64) float64 { return float64((i*7)%5 - 2) })
	bv, b := array(m, bf16, []int64{256, 256}, func(i int64) float64 { return float64((i*3)%7 - 3) })
	cv, c := array(m, f32, []int64{12, 256}, func(int64) float64 { return -1 })
	if err := run(t, m, av, bv, cv); err != nil {
		t.Fatal(err)
	}
	get := func(mr *interp.MemRef, t ir.Type, i int64) float64 { return interp.FromBits(t, mr.Buf.Data[i]).Float() }
	for r := int64(0); r < 12; r++ {
		// Program 1 copies rows 4..11 (its start is clamped to 4) into
		// its buffer, so its block of C (rows 8..15) holds rows 4..11's
		// products: C's rows 8..11 are A's rows 4..7 times B.
		ar := r
		if r >= 8 {
			ar = r - 4
		}
		for n := int64(0); n < 256; n++ {
			want := 0.0
			for k := int64(0); k < 256; k++ {
				want += get(a, bf16, ar*256+k) * get(b, bf16, k*256+n)
			}
			if got := get(c, f32, r*256+n); got != want {
				t.Fatalf("C[%d][%d] = %v, want %v", r, n, got, want)
			}
		}
	}
}

// TestErrors checks what the interpreter reports for kernels that break
// the TPU's rules at run time.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"deadlock", `
func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %s: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 1>, scratch_operands = 1 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{window_bounds = array<i64: 8, 128>}]} {
  %c1 = arith.constant 1 : i32
  tpu.sem_wait %s, %c1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
  return
}
func.func @main(%x: memref<8x128xf32>) {
  tpu.pallas_call @k(%x) : memref<8x128xf32>
  return
}`, "4:3: error: waits for 1 on a semaphore that holds 0 and that nothing else can signal: deadlock"},
		{"out of window", `
func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 1>, tpu.core_type = #tpu.core_type<tc>, window_params = [{window_bounds = array<i64: 8, 128>}]} {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %v = vector.load %x[%c4, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}
func.func @main(%x: memref<8x128xf32>) {
  tpu.pallas_call @k(%x) : memref<8x128xf32>
  return
}`, "5:8: error: vector access out of bounds"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := parse(t, "in.mlir", []byte(tc.src))
			xv, _ := array(m, m.Context().FloatType(ir.F32), []int64{8, 128}, func(int64) float64 { return 0 })
			err := run(t, m, xv)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}
