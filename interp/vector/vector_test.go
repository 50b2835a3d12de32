package vector_test

import (
	"testing"

	"github.com/strata-ir/strata/internal/progtest"
)

// TestSemantics checks operations that mlir-opt-22 cannot lower to run
// (run/testdata/diff compares the others with mlir-runner) against values
// derived by hand from the operations' documented semantics.
func TestSemantics(t *testing.T) {
	progtest.CheckCases(t, []progtest.Case{
		{
			// Operands narrower than the accumulator are sign extended:
			// out[i] = acc[i] + sum_k x[k][i] * y[k], -128*2 + 3*-3 +
			// 100*127 + 1000 = 13435 and 127*2 + -4*-3 + 5*127 - 1000 = -99.
			Name: "contract-mixed-precision", Body: `
  %x = arith.constant dense<[[-128, 127], [3, -4], [100, 5]]> : vector<3x2xi8>
  %y = arith.constant dense<[2, -3, 127]> : vector<3xi8>
  %acc = arith.constant dense<[1000, -1000]> : vector<2xi32>
  %r = vector.contract {indexing_maps = [affine_map<(i, k) -> (k, i)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} %x, %y, %acc : vector<3x2xi8>, vector<3xi8> into vector<2xi32>
  vector.print %r : vector<2xi32>`,
			Want: "( 13435, -99 )\n",
		},
		{
			// f16 operands extended to an f32 accumulator: 0.1 in f16 is
			// 0.0999755859375, squared in f32 and added to 1.
			Name: "contract-f16-into-f32", Body: `
  %x = arith.constant dense<[0.1, 2.0]> : vector<2xf16>
  %acc = arith.constant 1.0 : f32
  %r = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} %x, %x, %acc : vector<2xf16>, vector<2xf16> into f32
  vector.print %r : f32`,
			Want: "5.00999\n",
		},
		{
			// The kind combines every product into the accumulator:
			// max(0.25, 2, -1, -3, 9).
			Name: "contract-maxnumf", Body: `
  %a = arith.constant dense<[1.0, -2.0, 3.0, 4.5]> : vector<4xf32>
  %b = arith.constant dense<[2.0, 0.5, -1.0, 2.0]> : vector<4xf32>
  %s = arith.constant 0.25 : f32
  %r = vector.contract {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %a, %b, %s : vector<4xf32>, vector<4xf32> into f32
  vector.print %r : f32`,
			Want: "9\n",
		},
		{
			// acc[i][j] * prod_k m[i][k] * n[k][j]: 1*(2*2*12) = 48,
			// 2*(3*-2*6) = -72, 3*(-2*2*-8) = 96, -1*(-3*-2*-4) = 24.
			Name: "contract-mul", Body: `
  %m = arith.constant dense<[[1, 2, 3], [-1, 2, -2]]> : vector<2x3xi32>
  %n = arith.constant dense<[[2, 3], [1, -1], [4, 2]]> : vector<3x2xi32>
  %acc = arith.constant dense<[[1, 2], [3, -1]]> : vector<2x2xi32>
  %r = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<mul>} %m, %n, %acc : vector<2x3xi32>, vector<3x2xi32> into vector<2x2xi32>
  vector.print %r : vector<2x2xi32>`,
			Want: "( ( 48, -72 ), ( 96, 24 ) )\n",
		},
		{
			// A float outer product with an accumulator is fused: 1/3
			// times 3 plus -1 is 2^-25 (the rounding error of 1/3 in f32)
			// with one rounding, 0 with two.
			Name: "outerproduct-fused", Body: `
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %third = arith.divf %one, %three : f32
  %a = vector.broadcast %third : f32 to vector<1xf32>
  %b = vector.broadcast %three : f32 to vector<1xf32>
  %acc = arith.constant dense<-1.0> : vector<1x1xf32>
  %r = vector.outerproduct %a, %b, %acc : vector<1xf32>, vector<1xf32>
  vector.print %r : vector<1x1xf32>`,
			Want: "( ( 2.98023e-08 ) )\n",
		},
		{
			// A 0-D mask is set when its one size is positive.
			Name: "masks-0d", Body: `
  %a = vector.constant_mask [1] : vector<i1>
  vector.print %a : vector<i1>
  %c0 = arith.constant 0 : index
  %b = vector.create_mask %c0 : vector<i1>
  vector.print %b : vector<i1>`,
			Want: "( 1 )\n( 0 )\n",
		},
	}, "")
}

// TestErrors checks that accesses upstream leaves undefined are located
// errors.
func TestErrors(t *testing.T) {
	progtest.CheckErrors(t, []progtest.Case{
		{Name: "maskedload-set-lane-out-of-bounds", Body: `
  %m = memref.alloc() : memref<6xf32>
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %mask = vector.create_mask %c3 : vector<4xi1>
  %pass = arith.constant dense<0.0> : vector<4xf32>
  %l = vector.maskedload %m[%c4], %mask, %pass : memref<6xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>`,
			Want: "maskedload-set-lane-out-of-bounds.mlir:7:8: error: lane 2 is set in the mask but out of bounds: element [6] of a memref of sizes [6]"},
		{Name: "maskedstore-set-lane-out-of-bounds", Body: `
  %m = memref.alloc() : memref<2x3xi32>
  %c1 = arith.constant 1 : index
  %mask = vector.constant_mask [3] : vector<4xi1>
  %v = arith.constant dense<1> : vector<4xi32>
  vector.maskedstore %m[%c1, %c1], %mask, %v : memref<2x3xi32>, vector<4xi1>, vector<4xi32>`,
			Want: "maskedstore-set-lane-out-of-bounds.mlir:6:3: error: lane 2 is set in the mask but out of bounds: element [1 3] of a memref of sizes [2 3]"},
	}, "")
}
