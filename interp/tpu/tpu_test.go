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

// TestScalarPrefetch runs a kernel over a dynamic grid whose input
// window's index map reads a block table from a scalar-prefetch ref (a
// paged gather by BlockSpec): program i copies block table[i] of X and
// adds table[i], read in the kernel from the same ref.
func TestScalarPrefetch(t *testing.T) {
	const src = `
func.func @k(%i: i32, %tab: memref<4xi32, #tpu.memory_space<smem>>, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: -9223372036854775808>, scalar_prefetch = 1 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @page, window_bounds = array<i64: 8, 128>}, {transform_indices = @row, window_bounds = array<i64: 8, 128>}]} {
  %c0 = arith.constant 0 : index
  %ii = arith.index_cast %i : i32 to index
  %p = memref.load %tab[%ii] : memref<4xi32, #tpu.memory_space<smem>>
  %pf = arith.sitofp %p : i32 to f32
  %pv = vector.broadcast %pf : f32 to vector<8x128xf32>
  %v = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  %s = arith.addf %v, %pv : vector<8x128xf32>
  vector.store %s, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}
func.func @page(%i: i32, %tab: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %ii = arith.index_cast %i : i32 to index
  %p = memref.load %tab[%ii] : memref<4xi32, #tpu.memory_space<smem>>
  return %p, %c0 : i32, i32
}
func.func @row(%i: i32, %tab: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  return %i, %c0 : i32, i32
}
func.func @main(%x: memref<32x128xf32>, %o: memref<32x128xf32>) {
  %tab = memref.alloca() : memref<4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %t0 = arith.constant 2 : i32
  %t1 = arith.constant 0 : i32
  %t2 = arith.constant 3 : i32
  %t3 = arith.constant 1 : i32
  memref.store %t0, %tab[%c0] : memref<4xi32>
  memref.store %t1, %tab[%c1] : memref<4xi32>
  memref.store %t2, %tab[%c2] : memref<4xi32>
  memref.store %t3, %tab[%c3] : memref<4xi32>
  %n = arith.constant 4 : index
  tpu.pallas_call @k(%tab, %x, %o) grid[%n] : memref<4xi32>, memref<32x128xf32>, memref<32x128xf32>
  return
}`
	m := parse(t, "prefetch.mlir", []byte(src))
	f32 := m.Context().FloatType(ir.F32)
	xv, x := array(m, f32, []int64{32, 128}, func(i int64) float64 { return float64(i % 1000) })
	ov, o := array(m, f32, []int64{32, 128}, func(int64) float64 { return -1 })
	if err := run(t, m, xv, ov); err != nil {
		t.Fatal(err)
	}
	table := []int64{2, 0, 3, 1}
	for r := int64(0); r < 32; r++ {
		src := table[r/8]*8 + r%8
		for c := int64(0); c < 128; c++ {
			want := interp.FromBits(f32, x.Buf.Data[src*128+c]).Float() + float64(table[r/8])
			if got := interp.FromBits(f32, o.Buf.Data[r*128+c]).Float(); got != want {
				t.Fatalf("O[%d][%d] = %v, want %v", r, c, got, want)
			}
		}
	}
}
