package arith_test

import (
	"testing"

	"github.com/strata-ir/strata/internal/progtest"
)

// TestScaling checks arith.scaling_extf and scaling_truncf, which
// convert-arith-to-llvm does not lower, against values derived from
// upstream's expansion of them (arith-expand): the scale rounded to
// f8E8M0FNU, a power of two, then a multiplication (extf) or a division
// in the input's type followed by truncf.
func TestScaling(t *testing.T) {
	progtest.CheckCases(t, []progtest.Case{
		{Name: "extf-mx", Body: `
  %a = arith.constant dense<[1.5, -0.5, 6.0, 3.0]> : vector<4xf4E2M1FN>
  %s = arith.constant dense<[4.0, 0.5, 1.0, 0.25]> : vector<4xf8E8M0FNU>
  %r = arith.scaling_extf %a, %s : vector<4xf4E2M1FN>, vector<4xf8E8M0FNU> to vector<4xf32>
  vector.print %r : vector<4xf32>`,
			Want: "( 6, -0.25, 6, 0.75 )\n"},
		// The f16 scale 3 rounds to 4 in f8E8M0FNU (a tie, and its only
		// significand bit is set), 5 rounds to 4 too.
		{Name: "extf-scale-rounded", Body: `
  %a = arith.constant 1.25 : f16
  %s3 = arith.constant 3.0 : f16
  %s5 = arith.constant 5.0 : f16
  %r3 = arith.scaling_extf %a, %s3 : f16, f16 to f32
  %r5 = arith.scaling_extf %a, %s5 : f16, f16 to f32
  vector.print %r3 : f32
  vector.print %r5 : f32`,
			Want: "5\n5\n"},
		// x / 4 = (2.5, -1.75, 5, 0.625) to f4E2M1FN, ties to even:
		// 2, -2, 4, 0.5.
		{Name: "truncf-mx", Body: `
  %x = arith.constant dense<[10.0, -7.0, 20.0, 2.5]> : vector<4xf32>
  %s = arith.constant dense<5.0> : vector<4xf32>
  %r = arith.scaling_truncf %x, %s : vector<4xf32>, vector<4xf32> to vector<4xf4E2M1FN>
  %e = arith.extf %r : vector<4xf4E2M1FN> to vector<4xf32>
  vector.print %e : vector<4xf32>`,
			Want: "( 2, -2, 4, 0.5 )\n"},
	}, "")
}
