package test_test

import (
	"testing"

	"github.com/strata-ir/strata/internal/progtest"
)

// TestCopy checks test.copy: the elements of the source land in the
// target, a view included; sizes that differ and a freed target are
// located errors.
func TestCopy(t *testing.T) {
	const fill = `
  %src = memref.alloc() : memref<4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = arith.index_cast %i : index to i32
    %w = arith.addi %v, %v : i32
    memref.store %w, %src[%i] : memref<4xi32>
  }
  %z = arith.constant 0 : i32`
	progtest.CheckCases(t, []progtest.Case{
		{Name: "whole", Body: fill + `
  %dst = memref.alloc() : memref<4xi32>
  test.copy(%src, %dst) : (memref<4xi32>, memref<4xi32>)
  %v = vector.transfer_read %dst[%c0], %z : memref<4xi32>, vector<4xi32>
  vector.print %v : vector<4xi32>`,
			Want: "( 0, 2, 4, 6 )\n"},
		{Name: "into-view", Body: fill + `
  %dst = memref.alloc() : memref<6xi32>
  linalg.fill ins(%z : i32) outs(%dst : memref<6xi32>)
  %sub = memref.subview %dst[1] [4] [1] : memref<6xi32> to memref<4xi32, strided<[1], offset: 1>>
  test.copy(%src, %sub) : (memref<4xi32>, memref<4xi32, strided<[1], offset: 1>>)
  %v = vector.transfer_read %dst[%c0], %z : memref<6xi32>, vector<6xi32>
  vector.print %v : vector<6xi32>`,
			Want: "( 0, 0, 2, 4, 6, 0 )\n"},
	}, "")
	progtest.CheckErrors(t, []progtest.Case{
		{Name: "sizes", Body: fill + `
  %dst = memref.alloc() : memref<3xi32>
  test.copy(%src, %dst) : (memref<4xi32>, memref<3xi32>)`,
			Want: "sizes.mlir:13:3: error: copy between memrefs of sizes [4] and [3]"},
	}, "")
}
