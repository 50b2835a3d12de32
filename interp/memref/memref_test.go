package memref_test

import (
	"testing"

	"github.com/strata-ir/strata/internal/progtest"
)

// TestDMA checks memref.dma_start and dma_wait, which upstream does not
// lower to run, against values derived from their documented semantics:
// num_elements consecutive elements from the source's indices to the
// destination's, and with a stride, chunks of num_elt_per_stride elements
// stride apart on the side in memory space 0.
func TestDMA(t *testing.T) {
	const fill = `
  %src = memref.alloc() : memref<3x4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  scf.for %i = %c0 to %c12 step %c1 {
    %r = arith.divui %i, %c4 : index
    %c = arith.remui %i, %c4 : index
    %v = arith.index_cast %i : index to i32
    memref.store %v, %src[%r, %c] : memref<3x4xi32>
  }
  %tag = memref.alloc() : memref<1xi32>`
	progtest.CheckCases(t, []progtest.Case{
		// Elements 5..10 of the source (row 1 from column 1 on, then
		// row 2) into a 1-D buffer from element 1.
		{Name: "contiguous", Body: fill + `
  %dst = memref.alloc() : memref<8xi32, 1>
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%dst : memref<8xi32, 1>)
  %n = arith.constant 6 : index
  memref.dma_start %src[%c1, %c1], %dst[%c1], %n, %tag[%c0] : memref<3x4xi32>, memref<8xi32, 1>, memref<1xi32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  %v = vector.transfer_read %dst[%c0], %z : memref<8xi32, 1>, vector<8xi32>
  vector.print %v : vector<8xi32>`,
			Want: "( 0, 5, 6, 7, 8, 9, 10, 0 )\n"},
		// Two elements every four from the source (in memory space 0):
		// columns 1 and 2 of rows 0 to 2, packed into the destination.
		{Name: "strided", Body: fill + `
  %dst = memref.alloc() : memref<6xi32, 1>
  %n = arith.constant 6 : index
  memref.dma_start %src[%c0, %c1], %dst[%c0], %n, %tag[%c0], %c4, %c2 : memref<3x4xi32>, memref<6xi32, 1>, memref<1xi32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  %z = arith.constant 0 : i32
  %v = vector.transfer_read %dst[%c0], %z : memref<6xi32, 1>, vector<6xi32>
  vector.print %v : vector<6xi32>`,
			Want: "( 1, 2, 5, 6, 9, 10 )\n"},
	}, "")
	progtest.CheckErrors(t, []progtest.Case{
		{Name: "source-overrun", Body: fill + `
  %dst = memref.alloc() : memref<8xi32, 1>
  %n = arith.constant 8 : index
  memref.dma_start %src[%c2, %c0], %dst[%c0], %n, %tag[%c0] : memref<3x4xi32>, memref<8xi32, 1>, memref<1xi32>`,
			Want: "source-overrun.mlir:18:3: error: source: element 4 of the transfer is beyond the memref's 12 elements"},
		{Name: "tag-out-of-bounds", Body: fill + `
  %dst = memref.alloc() : memref<8xi32, 1>
  memref.dma_start %src[%c0, %c0], %dst[%c0], %c1, %tag[%c1] : memref<3x4xi32>, memref<8xi32, 1>, memref<1xi32>`,
			Want: "tag-out-of-bounds.mlir:17:3: error: tag: index 1 out of bounds for dimension 0 of size 1"},
	}, "")
}

// TestErrors checks that what upstream leaves undefined is a located
// error.
func TestErrors(t *testing.T) {
	progtest.CheckErrors(t, []progtest.Case{
		{Name: "distinct-objects-alias", Body: `
  %m = memref.alloc() : memref<8xf32>
  %a = memref.subview %m[0] [5] [1] : memref<8xf32> to memref<5xf32, strided<[1]>>
  %b = memref.subview %m[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %x, %y = memref.distinct_objects %a, %b : memref<5xf32, strided<[1]>>, memref<4xf32, strided<[1], offset: 4>>`,
			Want: "distinct-objects-alias.mlir:5:12: error: operands #0 and #1 alias: they view elements [0, 4] and [4, 7] of one buffer"},
		{Name: "reshape-element-count", Body: `
  %m = memref.alloc() : memref<6xf32>
  %s = memref.alloc() : memref<2xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  memref.store %c4, %s[%c0] : memref<2xindex>
  memref.store %c4, %s[%c1] : memref<2xindex>
  %r = memref.reshape %m(%s) : (memref<6xf32>, memref<2xindex>) -> memref<?x?xf32>`,
			Want: "reshape-element-count.mlir:9:8: error: cannot reshape 6 elements into 16"},
	}, "")
	progtest.CheckCases(t, []progtest.Case{
		{Name: "distinct-objects-disjoint", Body: `
  %m = memref.alloc() : memref<8xf32>
  %a = memref.subview %m[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %b = memref.subview %m[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %x, %y = memref.distinct_objects %a, %b : memref<4xf32, strided<[1]>>, memref<4xf32, strided<[1], offset: 4>>
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.5 : f32
  memref.store %one, %y[%c0] : memref<4xf32, strided<[1], offset: 4>>
  %v = memref.load %m[%c0] : memref<8xf32>
  %w = memref.load %b[%c0] : memref<4xf32, strided<[1], offset: 4>>
  vector.print %v : f32
  vector.print %w : f32`,
			Want: "0\n1.5\n"},
	}, "")
}
