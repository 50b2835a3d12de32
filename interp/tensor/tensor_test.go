package tensor_test

import (
	"testing"

	"github.com/strata-ir/strata/internal/progtest"
)

// TestGatherScatter checks tensor.gather and tensor.scatter, which
// upstream does not lower, against values derived from their documented
// semantics: for each position of the indices' leading dimensions, the
// slice of the big tensor at the coordinates in the indices' last
// dimension.
func TestGatherScatter(t *testing.T) {
	const src = `
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %src = arith.constant dense<[[[0, 1], [2, 3], [4, 5]], [[6, 7], [8, 9], [10, 11]]]> : tensor<2x3x2xi32>`
	progtest.CheckCases(t, []progtest.Case{
		// Rows (dimension 1) 2 and 0 of each matrix: the result is
		// 2 (positions) x 2 x 1 x 2.
		{Name: "gather-one-dim", Body: src + `
  %idx = arith.constant dense<[[2], [0]]> : tensor<2x1xindex>
  %g = tensor.gather %src[%idx] gather_dims([1]) : (tensor<2x3x2xi32>, tensor<2x1xindex>) -> tensor<2x2x1x2xi32>
  %v = vector.transfer_read %g[%c0, %c0, %c0, %c0], %z : tensor<2x2x1x2xi32>, vector<2x2x1x2xi32>
  vector.print %v : vector<2x2x1x2xi32>`,
			Want: "( ( ( ( 4, 5 ) ), ( ( 10, 11 ) ) ), ( ( ( 0, 1 ) ), ( ( 6, 7 ) ) ) )\n"},
		// Single elements at (1, 2, 0), (0, 1, 1) and (1, 0, 1), in the
		// rank-reduced form.
		{Name: "gather-all-dims-reduced", Body: src + `
  %idx = arith.constant dense<[[1, 2, 0], [0, 1, 1], [1, 0, 1]]> : tensor<3x3xi32>
  %g = tensor.gather %src[%idx] gather_dims([0, 1, 2]) unique : (tensor<2x3x2xi32>, tensor<3x3xi32>) -> tensor<3xi32>
  %v = vector.transfer_read %g[%c0], %z : tensor<3xi32>, vector<3xi32>
  vector.print %v : vector<3xi32>`,
			Want: "( 10, 3, 7 )\n"},
		// Columns (dimension 2) of the zero tensor overwritten: column 1
		// from the first slice, column 0 from the second.
		{Name: "scatter", Body: `
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %dst = arith.constant dense<0> : tensor<2x3x2xi32>
  %s = arith.constant dense<[[[[1], [2], [3]], [[4], [5], [6]]], [[[7], [8], [9]], [[10], [11], [12]]]]> : tensor<2x2x3x1xi32>
  %idx = arith.constant dense<[[1], [0]]> : tensor<2x1xindex>
  %r = tensor.scatter %s into %dst[%idx] scatter_dims([2]) unique : (tensor<2x2x3x1xi32>, tensor<2x3x2xi32>, tensor<2x1xindex>) -> tensor<2x3x2xi32>
  %v = vector.transfer_read %r[%c0, %c0, %c0], %z : tensor<2x3x2xi32>, vector<2x3x2xi32>
  vector.print %v : vector<2x3x2xi32>`,
			Want: "( ( ( 7, 1 ), ( 8, 2 ), ( 9, 3 ) ), ( ( 10, 4 ), ( 11, 5 ), ( 12, 6 ) ) )\n"},
	}, "")
	progtest.CheckErrors(t, []progtest.Case{
		{Name: "gather-out-of-bounds", Body: src + `
  %idx = arith.constant dense<[[1], [3]]> : tensor<2x1xindex>
  %g = tensor.gather %src[%idx] gather_dims([1]) : (tensor<2x3x2xi32>, tensor<2x1xindex>) -> tensor<2x2x1x2xi32>`,
			Want: "gather-out-of-bounds.mlir:6:8: error: coordinate 3 out of bounds for dimension 1 of size 3"},
		{Name: "scatter-not-unique", Body: `
  %dst = arith.constant dense<0> : tensor<4xi32>
  %s = arith.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %idx = arith.constant dense<[[3], [3]]> : tensor<2x1xindex>
  %r = tensor.scatter %s into %dst[%idx] scatter_dims([0]) unique : (tensor<2x1xi32>, tensor<4xi32>, tensor<2x1xindex>) -> tensor<4xi32>`,
			Want: "scatter-not-unique.mlir:5:8: error: the coordinates at positions 0 and 1 of the indices are both [3], but the operation is marked unique"},
	}, "")
}
