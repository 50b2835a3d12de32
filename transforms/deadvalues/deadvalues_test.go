package deadvalues_test

import (
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/transforms/deadvalues"
	"github.com/strata-ir/strata/transforms/internal/passtest"
)

// TestAgainstMLIR runs remove-dead-values over each testdata file and
// compares the result with mlir-opt-22 --remove-dead-values.
func TestAgainstMLIR(t *testing.T) {
	passtest.CompareOutput(t, "--remove-dead-values", func(_ *ir.Context, module *ir.Operation) error {
		_, err := deadvalues.Run(module)
		return err
	})
}
