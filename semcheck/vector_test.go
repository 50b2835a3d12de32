package semcheck_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/semcheck"
)

// vectorPipeline is the CPU engine's lowering of vector programs down to
// the control-flow graph (TestVectorToLLVM validates the whole lowering).
const vectorPipeline = "convert-vector-to-scf, lower-affine, func.func(convert-scf-to-cf)"

// TestVectorToSCF validates convert-vector-to-scf, lower-affine and
// convert-scf-to-cf on run/testdata/diff/vector.mlir (vector.print of 1-D, 2-D,
// i1, i8, f16 and f64 vectors, n-D broadcast) and on prints of 0-D,
// 3-D, odd-width, signed and unsigned vectors.
func TestVectorToSCF(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "run", "testdata", "diff", "vector.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, src string }{
		{"vector.mlir", string(src)},
		{"shapes", `func.func @main() {
  %a = arith.constant dense<2.5> : vector<f32>
  vector.print %a : vector<f32>
  %b = arith.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : vector<2x2x2xi32>
  %c = arith.addi %b, %b : vector<2x2x2xi32>
  vector.print %c : vector<2x2x2xi32>
  %d = arith.constant dense<[3, -4, 1]> : vector<3xi3>
  %e = arith.addi %d, %d : vector<3xi3>
  vector.print %e : vector<3xi3>
  %f = arith.constant dense<[true, false, true]> : vector<3xi1>
  %g = arith.xori %f, %f : vector<3xi1>
  vector.print %g : vector<3xi1> punctuation <comma>
  vector.print punctuation <newline>
  %h = arith.constant dense<[[1, 2, 3]]> : vector<1x3xindex>
  %i = arith.muli %h, %h : vector<1x3xindex>
  vector.print %i : vector<1x3xindex>
  return
}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, m := parseAll(t, tc.src)
			r, err := semcheck.Validate(ctx, m, vectorPipeline, "main")
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure != nil || r.PassError != nil {
				msg := fmt.Sprint(r.PassError)
				if r.Failure != nil {
					msg = r.Failure.Error()
					for _, n := range r.Failure.Notes {
						msg += "\n" + n.Error()
					}
				}
				t.Fatal(msg)
			}
			if len(r.Validated) == 0 || r.Validated[0] != "convert-vector-to-scf" {
				t.Errorf("validated %v", r.Validated)
			}
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				if op.Name() == "vector.print" && op.NumOperands() == 1 {
					if _, isVec := op.Operand(0).Type().(*ir.VectorType); isVec {
						t.Errorf("vector.print of a vector left")
					}
				}
				if strings.HasPrefix(op.Name(), "scf.") {
					t.Errorf("operation %s left", op.Name())
				}
				return true
			})
		})
	}
}
