package bufferize

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/scf"
)

// This file holds what the in-place analysis asks of the scf operations
// (MLIR's ForOpInterface, WhileOpInterface, ForallOpInterface,
// IfOpInterface, ExecuteRegionOpInterface, YieldOpInterface and
// ConditionOpInterface answers): each is a bufferization.RegionAliasAnalysis
// around the operation's rewriting.

// forModel is scf.for's: an init is written (the loop may write its
// iteration argument) and read when its iteration argument is or the
// loop may not run; it is the
// buffer of the loop's result, equivalently when every iteration yields
// its argument's buffer.
type forModel struct{ model }

func forArg(op *ir.Operation, operand int) (*ir.BlockArgument, *ir.Operation, int, bool) {
	k := operand - 3
	if k < 0 || op.NumRegions() != 1 || !op.Region(0).HasOneBlock() {
		return nil, nil, 0, false
	}
	body := op.Region(0).First()
	if 1+k >= body.NumArguments() || k >= op.NumResults() {
		return nil, nil, 0, false
	}
	y := body.Terminator()
	if y == nil || k >= y.NumOperands() {
		return nil, nil, 0, false
	}
	return body.Argument(1 + k), y, k, true
}

// ReadsOperand implements bufferization.RegionAliasAnalysis.
func (forModel) ReadsOperand(op *ir.Operation, operand int, st bufferization.AnalysisState) bool {
	a, _, _, ok := forArg(op, operand)
	// A loop that may not run gives its init as its result.
	return !ok || scf.MayHaveZeroIterations(op) || st.ValueRead(a)
}

// WritesOperand implements bufferization.RegionAliasAnalysis.
func (forModel) WritesOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return true }

// AliasingValues implements bufferization.RegionAliasAnalysis.
func (forModel) AliasingValues(op *ir.Operation, operand int, st bufferization.AnalysisState) []bufferization.AliasingValue {
	a, y, k, ok := forArg(op, operand)
	if !ok {
		return nil
	}
	eq := st.Equivalent(a, y.Operand(k))
	return []bufferization.AliasingValue{{Value: op.Result(k), Equivalent: eq, Definite: eq}}
}

// whileModel is scf.while's: an init is read and written, and it is the
// buffer of the result at its position when that has its type,
// equivalently when both regions pass on their arguments' buffers there.
type whileModel struct{ model }

// ReadsOperand implements bufferization.RegionAliasAnalysis.
func (whileModel) ReadsOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return true }

// WritesOperand implements bufferization.RegionAliasAnalysis.
func (whileModel) WritesOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return true }

// AliasingValues implements bufferization.RegionAliasAnalysis.
func (whileModel) AliasingValues(op *ir.Operation, operand int, st bufferization.AnalysisState) []bufferization.AliasingValue {
	if operand >= op.NumResults() || op.Operand(operand).Type() != op.Result(operand).Type() {
		return nil
	}
	eq := false
	w, ok := scf.AsWhileOp(op)
	if ok && w.Before().HasOneBlock() && w.After().HasOneBlock() {
		before, after := w.Before().First(), w.After().First()
		cond, y := before.Terminator(), after.Terminator()
		if operand < before.NumArguments() && before.Argument(operand).Type() == op.Result(operand).Type() &&
			cond != nil && operand+1 < cond.NumOperands() && operand < after.NumArguments() && y != nil && operand < y.NumOperands() {
			eq = st.Equivalent(before.Argument(operand), cond.Operand(operand+1)) && st.Equivalent(after.Argument(operand), y.Operand(operand))
		}
	}
	return []bufferization.AliasingValue{{Value: op.Result(operand), Equivalent: eq, Definite: eq}}
}

// forallModel is scf.forall's: a shared output is written and read, and
// is the buffer of the loop's result; the body
// runs repeatedly and in parallel.
type forallModel struct{ model }

// forallArg returns the block argument of the shared output operand, or nil.
func forallArg(op *ir.Operation, operand int) (*ir.BlockArgument, int) {
	seg := interp.DenseArray(op.InherentAttr("operandSegmentSizes"))
	if len(seg) != 4 || op.NumRegions() != 1 || !op.Region(0).HasOneBlock() {
		return nil, 0
	}
	k := operand - int(seg[0]+seg[1]+seg[2])
	body := op.Region(0).First()
	rank := body.NumArguments() - int(seg[3])
	if k < 0 || rank < 0 || k >= op.NumResults() {
		return nil, 0
	}
	return body.Argument(rank + k), k
}

// ReadsOperand implements bufferization.RegionAliasAnalysis: as
// upstream, every shared output is assumed read, even one the body only
// overwrites.
func (forallModel) ReadsOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return true }

// WritesOperand implements bufferization.RegionAliasAnalysis.
func (forallModel) WritesOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return true }

// AliasingValues implements bufferization.RegionAliasAnalysis.
func (forallModel) AliasingValues(op *ir.Operation, operand int, _ bufferization.AnalysisState) []bufferization.AliasingValue {
	a, k := forallArg(op, operand)
	if a == nil {
		return nil
	}
	return []bufferization.AliasingValue{{Value: op.Result(k), Equivalent: true, Definite: true}}
}

// RepetitiveRegion implements bufferization.RegionKinds.
func (forallModel) RepetitiveRegion(*ir.Operation, int) bool { return true }

// ParallelRegion implements bufferization.RegionKinds.
func (forallModel) ParallelRegion(*ir.Operation, int) bool { return true }

// branchesModel is scf.if's and scf.execute_region's: they have no tensor
// operands; their results are the buffers their yields yield.
type branchesModel struct{ model }

// ReadsOperand implements bufferization.RegionAliasAnalysis.
func (branchesModel) ReadsOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return true }

// WritesOperand implements bufferization.RegionAliasAnalysis.
func (branchesModel) WritesOperand(*ir.Operation, int, bufferization.AnalysisState) bool {
	return false
}

// AliasingValues implements bufferization.RegionAliasAnalysis.
func (branchesModel) AliasingValues(*ir.Operation, int, bufferization.AnalysisState) []bufferization.AliasingValue {
	return nil
}

// executeRegionModel is scf.execute_region's: its region may have
// several blocks, linked by branches that pass tensors.
type executeRegionModel struct{ branchesModel }

// SupportsUnstructuredControlFlow implements
// bufferization.UnstructuredControlFlow.
func (executeRegionModel) SupportsUnstructuredControlFlow(*ir.Operation) bool { return true }

// VerifyAnalysis implements bufferization.AnalysisVerifier: as upstream,
// the blocks of the region must end in one scf.yield only.
func (executeRegionModel) VerifyAnalysis(op *ir.Operation, _ bufferization.AnalysisState, _ bufferization.Options) error {
	yields := 0
	for _, b := range op.Region(0).Blocks() {
		if t := b.Terminator(); t != nil {
			if _, ok := scf.AsYieldOp(t); ok {
				yields++
			}
		}
	}
	if yields != 1 {
		return ir.OpError(op, "op without unique scf.yield is not supported")
	}
	return nil
}

// terminatorModel is scf.yield's and scf.condition's: they read what they
// pass on, in place; a yield of scf.if or scf.execute_region is the buffer
// of its parent's result (one of several for scf.if).
type terminatorModel struct{ model }

// ReadsOperand implements bufferization.RegionAliasAnalysis.
func (terminatorModel) ReadsOperand(*ir.Operation, int, bufferization.AnalysisState) bool {
	return true
}

// WritesOperand implements bufferization.RegionAliasAnalysis.
func (terminatorModel) WritesOperand(*ir.Operation, int, bufferization.AnalysisState) bool {
	return false
}

// AliasingValues implements bufferization.RegionAliasAnalysis.
func (terminatorModel) AliasingValues(op *ir.Operation, operand int, _ bufferization.AnalysisState) []bufferization.AliasingValue {
	if _, ok := scf.AsYieldOp(op); !ok {
		return nil
	}
	p := op.ParentOp()
	if p == nil || operand >= p.NumResults() {
		return nil
	}
	if _, ok := scf.AsIfOp(p); ok {
		return []bufferization.AliasingValue{{Value: p.Result(operand), Equivalent: true}}
	}
	if _, ok := scf.AsExecuteRegionOp(p); ok {
		return []bufferization.AliasingValue{{Value: p.Result(operand), Equivalent: true, Definite: true}}
	}
	return nil
}

// MustBufferizeInPlace implements bufferization.InPlaceRequirement: what
// a terminator passes on is never copied there.
func (terminatorModel) MustBufferizeInPlace(*ir.Operation, int) bool { return true }

// VerifyAnalysis implements bufferization.AnalysisVerifier: without
// allow-return-allocs-from-loops, each iteration must yield its tensor
// arguments' buffers.
func (forModel) VerifyAnalysis(op *ir.Operation, st bufferization.AnalysisState, opts bufferization.Options) error {
	if opts.AllowReturnAllocsFromLoops {
		return nil
	}
	for k, r := range op.Results() {
		if !bufferization.IsBuiltinTensor(r.Type()) {
			continue
		}
		a, y, _, ok := forArg(op, 3+k)
		if ok && !st.Equivalent(a, y.Operand(k)) {
			return ir.EmitError(y, fmt.Sprintf("Yield operand #%d is not equivalent to the corresponding iter bbArg", k))
		}
	}
	return nil
}

// VerifyAnalysis implements bufferization.AnalysisVerifier: without
// allow-return-allocs-from-loops, scf.condition must pass on the "before"
// arguments' buffers and the "do" region yield its arguments' buffers,
// each at its own position.
func (whileModel) VerifyAnalysis(op *ir.Operation, st bufferization.AnalysisState, opts bufferization.Options) error {
	w, ok := scf.AsWhileOp(op)
	if opts.AllowReturnAllocsFromLoops || !ok || !w.Before().HasOneBlock() || !w.After().HasOneBlock() {
		return nil
	}
	check := func(t *ir.Operation, vals []ir.Value, what string) error {
		b := t.Block()
		for i, v := range vals {
			if !bufferization.IsBuiltinTensor(v.Type()) {
				continue
			}
			if i >= b.NumArguments() || !st.Equivalent(v, b.Argument(i)) {
				return ir.EmitError(t, fmt.Sprintf("%s #%d is not equivalent to the corresponding iter bbArg", what, i))
			}
		}
		return nil
	}
	if cond := w.Before().First().Terminator(); cond != nil && cond.NumOperands() > 0 {
		if err := check(cond, cond.Operands()[1:], "Condition arg"); err != nil {
			return err
		}
	}
	if y := w.After().First().Terminator(); y != nil {
		return check(y, y.Operands(), "Yield operand")
	}
	return nil
}
