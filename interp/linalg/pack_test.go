package linalg_test

import (
	"testing"

	"github.com/strata-ir/strata/internal/progtest"
)

// TestPackErrors checks that a pack whose tiles overrun the source
// without a padding value, which upstream leaves undefined, is a located
// error (run/testdata/diff/linalg_pack.mlir compares the defined cases
// with mlir-runner).
func TestPackErrors(t *testing.T) {
	progtest.CheckErrors(t, []progtest.Case{
		{Name: "pack-no-padding", Body: `
  %s = arith.constant dense<1.0> : tensor<5xf32>
  %t = arith.constant 2 : index
  %d = tensor.empty() : tensor<3x2xf32>
  %p = linalg.pack %s inner_dims_pos = [0] inner_tiles = [%t] into %d : tensor<5xf32> -> tensor<3x2xf32>`,
			Want: "pack-no-padding.mlir:5:8: error: element [2 1] of the result is past the end of the source [5], and there is no padding value"},
	}, "")
}

// TestWinogradErrors checks that a winograd input transform whose tiles
// read past the input (of a dynamic size, which the verifier cannot
// check), undefined upstream, is a located error (run/testdata/diff/linalg_winograd.mlir compares the defined
// cases with mlir-runner).
func TestWinogradErrors(t *testing.T) {
	progtest.CheckErrors(t, []progtest.Case{
		{Name: "input-overrun", Body: `
  %in0 = arith.constant dense<1.0> : tensor<1x5x6x1xf32>
  %in = tensor.cast %in0 : tensor<1x5x6x1xf32> to tensor<1x?x?x1xf32>
  %e = tensor.empty() : tensor<4x4x2x2x1x1xf32>
  %t = linalg.winograd_input_transform fmr(F_2_3) ins(%in : tensor<1x?x?x1xf32>) outs(%e : tensor<4x4x2x2x1x1xf32>) -> tensor<4x4x2x2x1x1xf32>`,
			Want: "input-overrun.mlir:5:8: error: tile (1, 0) reads past the input's 5x6 image"},
	}, "")
}
