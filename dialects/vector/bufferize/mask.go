package bufferize

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/vector"
)

// mask bufferizes vector.mask (MLIR's MaskOpInterface): the operation it
// masks is bufferized in its region, which must happen in place (the
// region holds that one operation, with no room for a copy: a write that
// went to a new buffer is an error); the tensors it yields become the
// buffers of the results, and the vector.mask is rebuilt without them.
type mask struct{}

func (mask) Bufferize(op *ir.Operation, s bufferization.State) error {
	m, ok := vector.AsMaskOp(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a vector.mask")
	}
	body := m.MaskRegion().First()
	masked := m.MaskableOpOf()
	if body == nil || masked == nil {
		s.KeepOnTensors(op)
		return nil
	}
	if !bufferization.BufferizableOp.Implements(masked) {
		s.KeepOnTensors(op)
		return nil
	}
	// The buffers of the masked operation's tensor operands: a tensor it
	// yields must be written in one of them.
	var operands []ir.Value
	for _, v := range masked.Operands() {
		if !bufferization.IsTensor(s.TensorType(v)) {
			continue
		}
		buf, err := s.Buffer(masked, v)
		if err != nil {
			return err
		}
		operands = append(operands, buf)
	}
	if err := s.BufferizeBlock(body); err != nil {
		return err
	}
	yield := body.Last()
	for _, v := range yield.Operands() {
		if !bufferization.IsTensor(v.Type()) {
			continue
		}
		buf, err := s.Buffer(yield, v)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(operands, func(w ir.Value) bool { return s.IsBuffer(buf, w) }) {
			// The write went to a copy, made in the region.
			return ir.OpError(op, "body must bufferize in-place")
		}
	}
	results := make([]ir.Value, op.NumResults())
	var kept []ir.Value
	var keptTypes []ir.Type
	for i, v := range yield.Operands() {
		if !bufferization.IsTensor(v.Type()) {
			kept = append(kept, v)
			keptTypes = append(keptTypes, v.Type())
			continue
		}
		buf, err := s.Buffer(yield, v)
		if err != nil {
			return err
		}
		results[i] = buf
		s.SetResult(op.Result(i), buf, v)
	}
	yield.SetOperands(kept)
	b := s.Builder()
	b.SetInsertionPoint(op)
	nm := vector.BuildMask(b, op.Loc(), m.Mask(), keptTypes, vector.MaskOptions{Passthru: m.Passthru()})
	if nm.Operation == nil {
		return b.Err()
	}
	nm.Operation.Region(0).TakeBody(m.MaskRegion())
	k := 0
	for i, r := range op.Results() {
		if results[i] == nil {
			ir.ReplaceAllUsesWith(r, nm.Operation.Result(k))
			k++
		}
	}
	if slices.Contains(results, nil) || op.NumResults() == 0 {
		// Only vector results, all replaced: nothing still reads op.
		op.Erase()
		return nil
	}
	s.Erase(op)
	return nil
}

// yield is vector.yield's model: its parent bufferizes what it yields.
type yield struct{}

func (yield) Bufferize(*ir.Operation, bufferization.State) error { return nil }

// ReadsOperand implements bufferization.RegionAliasAnalysis: vector.mask
// has no tensor operand.
func (mask) ReadsOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return false }

// WritesOperand implements bufferization.RegionAliasAnalysis.
func (mask) WritesOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return false }

// AliasingValues implements bufferization.RegionAliasAnalysis.
func (mask) AliasingValues(*ir.Operation, int, bufferization.AnalysisState) []bufferization.AliasingValue {
	return nil
}

// ReadsOperand implements bufferization.RegionAliasAnalysis: what a
// vector.yield passes on may be read through its parent's result.
func (yield) ReadsOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return true }

// WritesOperand implements bufferization.RegionAliasAnalysis.
func (yield) WritesOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return false }

// AliasingValues implements bufferization.RegionAliasAnalysis: the
// yielded tensor is the buffer of the vector.mask's result (MaskOp's
// getAliasingOpOperands, BufferRelation::Equivalent).
func (yield) AliasingValues(op *ir.Operation, operand int, _ bufferization.AnalysisState) []bufferization.AliasingValue {
	p := op.ParentOp()
	if _, ok := vector.AsMaskOp(p); !ok || operand >= p.NumResults() {
		return nil
	}
	return []bufferization.AliasingValue{{Value: p.Result(operand), Equivalent: true, Definite: true}}
}

// MustBufferizeInPlace implements bufferization.InPlaceRequirement: what
// vector.yield passes on is never copied there.
func (yield) MustBufferizeInPlace(*ir.Operation, int) bool { return true }
