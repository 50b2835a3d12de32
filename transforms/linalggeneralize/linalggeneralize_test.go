package linalggeneralize_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/semcheck"
)

// TestKeepsSemantics generalizes the programs of the linalg interpreter's
// tests and of the mlp example, interpreting @main before and after:
// only linalg.generic is left among the structured operations and the
// outputs agree.
func TestKeepsSemantics(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "interp", "linalg", "testdata", "*.mlir"))
	files = append(files, filepath.Join("..", "..", "examples", "mlp", "mlp.mlir"))
	if len(files) < 2 {
		t.Fatal("no test programs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: file})
			if err != nil {
				t.Fatal(err)
			}
			named := 0
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				if _, ok := linalg.AsStructuredOp(op); ok && op.Name() != "linalg.generic" {
					named++
				}
				return true
			})
			if named == 0 {
				t.Fatal("the program has no operation to generalize")
			}
			if err := semcheck.CheckPipeline(ctx, m, "linalg-generalize-named-ops", "main"); err != nil {
				t.Fatal(err)
			}
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				if _, ok := linalg.AsStructuredOp(op); ok && op.Name() != "linalg.generic" {
					t.Errorf("%s left after generalization", op.Name())
				}
				return true
			})
		})
	}
}
