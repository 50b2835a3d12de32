package scf

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

// inParallelDef defines scf.forall.in_parallel, the terminator of
// scf.forall, whose single-block region holds the parallel combining
// operations.
func inParallelDef() *ir.OpDef {
	d := &ir.OpDef{
		Name:    "scf.forall.in_parallel",
		Summary: "terminates a `forall` block",
		Traits:  ir.RecursiveMemoryEffects | ir.IsTerminator | ir.NoTerminator | ir.SingleBlock,
		Verify:  verifyInParallel,
		Print:   printInParallel,
		Parse:   parseInParallel,
	}
	ir.RegionBranchTerminator.Attach(d, noSuccessorOperands)
	ir.InParallelOp.Add(d)
	return d
}

// verifyInParallel checks that the body holds only ParallelCombiningOp
// operations (tensor.parallel_insert_slice), each updating shared_outs
// arguments of the enclosing scf.forall.
func verifyInParallel(op *ir.Operation) error {
	if err := verifyCounts(op, 0, 0, 1); err != nil {
		return err
	}
	if b := op.Region(0); b.NumBlocks() != 1 {
		return ir.OpError(op, "region #0 ('region') failed to verify constraint: region with 1 blocks")
	}
	if err := verifyParent(op, "scf.forall"); err != nil {
		return err
	}
	forall := op.ParentOp()
	rank := len(i64s(forall.InherentAttr("staticLowerBound")))
	outs := blockArgs(forall.Region(0), rank)
	var bad error
	op.Region(0).First().Ops(func(o *ir.Operation) bool {
		m, ok := ir.ParallelCombiningOp.Of(o)
		if !ok {
			bad = ir.OpError(op, "expected only ParallelCombiningOpInterface ops")
			return false
		}
		for _, dest := range m.UpdatedDestinations(o) {
			arg, isArg := dest.(*ir.BlockArgument)
			found := false
			for _, a := range outs {
				found = found || (isArg && a == arg)
			}
			if !found {
				bad = ir.OpError(o, "may only insert into an output block argument")
				return false
			}
		}
		return true
	})
	return bad
}

// reduceReturnDef defines scf.reduce.return, the terminator of a
// reduction region of scf.reduce.
func reduceReturnDef() *ir.OpDef {
	return &ir.OpDef{
		Name:    "scf.reduce.return",
		Summary: "terminator for reduce operation",
		Traits:  ir.Pure | ir.IsTerminator,
		Verify:  verifyReduceReturn,
		Print: func(p ir.OpAsmPrinter, op *ir.Operation) {
			if op.NumOperands() != 1 {
				return
			}
			p.WriteString(" ")
			p.PrintOperand(op.Operand(0))
			p.PrintOptionalAttrDict(op.AllAttrs())
			p.WriteString(" : ")
			p.PrintType(op.Operand(0).Type())
		},
		Parse: func(p ir.OpAsmParser, st *ir.OperationState) error {
			u := p.ParseOperand()
			st.Attributes = attrDict(p.Context(), p.ParseOptionalAttrDict())
			p.ParsePunct(":")
			t := p.ParseType()
			st.Operands = []ir.Value{p.ResolveOperand(u, t)}
			return nil
		},
	}
}

func verifyReduceReturn(op *ir.Operation) error {
	if err := verifyCounts(op, 0, 1, 0); err != nil {
		return err
	}
	if err := verifyParent(op, "scf.reduce"); err != nil {
		return err
	}
	// ReduceReturnOp::verify: the type of the reduced operand.
	body := op.Block()
	if body == nil || body.NumArguments() == 0 {
		return nil
	}
	if want := body.Argument(0).Type(); op.Operand(0).Type() != want {
		return ir.OpError(op, fmt.Sprintf("must have type %s (the type of the reduction inputs)", quoteType(want)))
	}
	return nil
}

// verifyCounts checks the numbers of results, operands and regions of an
// operation defined in Go, with ODS's messages.
func verifyCounts(op *ir.Operation, results, operands, regions int) error {
	if op.NumRegions() != regions {
		switch regions {
		case 0:
			return ir.OpError(op, "requires zero regions")
		case 1:
			return ir.OpError(op, "requires one region")
		}
		return ir.OpError(op, fmt.Sprintf("expected %d regions", regions))
	}
	if op.NumResults() != results {
		if results == 0 {
			return ir.OpError(op, "requires zero results")
		}
		return ir.OpError(op, fmt.Sprintf("expected %d results", results))
	}
	if op.NumSuccessors() != 0 {
		return ir.OpError(op, "requires zero successors")
	}
	if op.NumOperands() != operands {
		switch operands {
		case 0:
			return ir.OpError(op, "requires zero operands")
		case 1:
			return ir.OpError(op, "requires a single operand")
		}
		return ir.OpError(op, fmt.Sprintf("expected %d operands, but found %d", operands, op.NumOperands()))
	}
	return nil
}

// verifyParent is ODS's HasParent check.
func verifyParent(op *ir.Operation, name string) error {
	if p := op.ParentOp(); p == nil || p.Name() != name {
		return ir.OpError(op, "expects parent op '"+name+"'")
	}
	return nil
}

// quoteType renders a type between single quotes, as diagnostics print
// types.
func quoteType(t ir.Type) string { return "'" + ir.TypeString(t) + "'" }

// attrDict returns a dictionary of entries, or nil when there are none.
func attrDict(ctx *ir.Context, entries []ir.NamedAttr) *ir.DictionaryAttr {
	if len(entries) == 0 {
		return nil
	}
	return ctx.DictionaryAttr(entries)
}
