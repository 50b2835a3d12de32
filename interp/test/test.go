// Package test gives test.copy of the test dialect (dialects/test) its
// semantics in the interpreter: the elements of the source buffer are
// copied into the target buffer, as memref.copy does. The dialect's other
// operations stand for opaque computations in upstream's interface tests
// and have none.
package test

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	testd "github.com/strata-ir/strata/dialects/test"
	"github.com/strata-ir/strata/interp/memref"
)

// Register adds the semantics of test.copy to reg.
func Register(reg *interp.Registry) {
	reg.Register(testd.CopyOpName, copyOp)
}

// copyOp copies test.copy's source into its target, which must have the
// same sizes; reading a freed source or writing a freed target is an
// error.
func copyOp(f *interp.Frame, op *ir.Operation) error {
	src, err := memref.MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	dst, err := memref.MemRefOperand(f, op, 1)
	if err != nil {
		return err
	}
	if err := src.Access(op, false); err != nil {
		return err
	}
	if err := dst.Access(op, true); err != nil {
		return err
	}
	if err := memref.CopyView(src, dst); err != nil {
		return interp.Errorf(op, err.Error())
	}
	return nil
}
