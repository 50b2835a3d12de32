package sccp_test

import (
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/transforms/internal/passtest"
	"github.com/strata-ir/strata/transforms/sccp"
)

// TestAgainstMLIR runs sccp over each testdata file and compares the
// result with mlir-opt-22 --sccp.
func TestAgainstMLIR(t *testing.T) {
	passtest.CompareOutput(t, "--sccp", func(ctx *ir.Context, module *ir.Operation) error {
		sccp.Run(ctx, module)
		return nil
	})
}
