package irdl_test

import (
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

var selectOnce sync.Once

// registerSelect registers arith.select's type list as a custom
// directive: `: T` for a scalar condition, `: CondT, T` otherwise (MLIR's
// SelectOp::parse and print).
func registerSelect() {
	selectOnce.Do(func() {
		irdl.RegisterCustomDirective("SelectOpTypes",
			func(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
				t := p.ParseType()
				cond := ir.Type(p.Context().I(1))
				if p.ParseOptionalPunct(",") {
					cond = t
					t = p.ParseType()
				}
				args[0].Types = []ir.Type{cond}
				args[1].Types = []ir.Type{t}
				return true, nil
			},
			func(p ir.OpAsmPrinter, op *ir.Operation, args []*irdl.CustomArg) {
				if _, ok := args[0].Types[0].(ir.ShapedType); ok {
					p.PrintType(args[0].Types[0])
					p.WriteString(", ")
				}
				p.PrintType(args[1].Types[0])
			})
	})
}
