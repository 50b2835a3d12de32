// Package bufferize holds the bufferization of the bufferization
// dialect's own tensor operations (alloc_tensor, to_tensor): Register
// attaches them to a context, for one-shot-bufferize.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// Register attaches the bufferization models of the bufferization
// dialect's operations to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferizableOp.AttachTo(ctx, "bufferization.alloc_tensor", allocTensor{})
	bufferization.BufferizableOp.AttachTo(ctx, "bufferization.to_tensor", toTensor{})
	bufferization.BufferizableOp.AttachTo(ctx, "bufferization.to_buffer", toBuffer{})
	bufferization.BufferizableOp.AttachTo(ctx, "bufferization.materialize_in_destination", materialize{})
	bufferization.SubsetInsertionOp.AttachTo(ctx, bufferization.MaterializeInDestinationOpName, materializeInsertion{})
}

// allocTensor is a new buffer, a copy of the copy operand when there is
// one.
type allocTensor struct{}

func (allocTensor) Bufferize(op *ir.Operation, s bufferization.State) error {
	b := s.Builder()
	var dyn []ir.Value
	for _, v := range op.Operands() {
		if !bufferization.IsTensor(s.TensorType(v)) {
			dyn = append(dyn, v)
		}
	}
	var src ir.Value
	if op.NumOperands() > len(dyn) {
		var err error
		if src, err = s.Buffer(op, op.Operand(op.NumOperands()-1)); err != nil {
			return err
		}
	}
	// The type of the new buffer, as upstream's getBufferType: the
	// memory space the operation names, else that of the buffer it
	// copies, else the default one. When must-infer-memory-space leaves
	// none, the operation fails before anything is built.
	rt, ranked := op.Result(0).Type().(*ir.RankedTensorType)
	var t ir.Type
	if at, ok := bufferization.AsAllocTensorOp(op); ok && ranked && src != nil && at.MemorySpace() == nil {
		var space ir.Attribute
		if sm, ok := src.Type().(*ir.MemRefType); ok {
			space = sm.MemorySpace
		}
		t = s.Context().MemRefType(rt.Shape, rt.Elem, nil, space)
	} else {
		t = allocTensor{}.ResultBufferType(op, 0, s)
	}
	if s.MemorySpaceMissing() {
		return nil
	}
	if src != nil && ranked {
		// A copy takes its dynamic sizes from the buffer it copies.
		for i, d := range rt.Shape {
			if d == ir.Dynamic {
				dyn = append(dyn, memref.BuildDim(b, op.Loc(), src, s.Index(int64(i))).Result())
			}
		}
	}
	nb := memref.BuildAlloc(b, op.Loc(), dyn, nil, t, memref.AllocOptions{Alignment: s.Alignment()}).Result(0)
	if src != nil {
		memref.BuildCopy(b, op.Loc(), src, nb)
	}
	s.SetResult(op.Result(0), nb, nil)
	if src == nil {
		s.MarkUndefinedContents(op.Result(0))
	}
	s.Erase(op)
	return nil
}

// ResultBufferType implements bufferization.ResultBufferType: the
// identity layout, in the memory space the operation names, if any.
func (allocTensor) ResultBufferType(op *ir.Operation, _ int, s bufferization.State) ir.Type {
	if at, ok := bufferization.AsAllocTensorOp(op); ok && at.MemorySpace() != nil {
		if rt, ok := op.Result(0).Type().(*ir.RankedTensorType); ok {
			return s.Context().MemRefType(rt.Shape, rt.Elem, nil, at.MemorySpace())
		}
	}
	return s.IdentityType(op.Result(0).Type())
}

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (allocTensor) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis.
func (allocTensor) AliasingResults(*ir.Operation, int) []int { return nil }

// ResultBufferizesToMemoryWrite implements
// bufferization.ResultDefinition: the new buffer has defined contents
// only when it is a copy.
func (allocTensor) ResultBufferizesToMemoryWrite(op *ir.Operation, _ int) bool {
	at, ok := bufferization.AsAllocTensorOp(op)
	return !ok || at.Copy() != nil
}

// toTensor is its buffer, which the tensor program may not write unless
// the to_tensor is marked `writable`. As
// upstream, only a to_tensor marked `restrict` (no other tensor shares
// its buffer) is accepted.
type toTensor struct{}

func (toTensor) Bufferize(op *ir.Operation, s bufferization.State) error {
	s.SetResult(op.Result(0), op.Operand(0), nil)
	if t, ok := bufferization.AsToTensorOp(op); !ok || !t.Writable() {
		s.MarkReadOnly(op.Result(0))
	}
	s.Erase(op)
	return nil
}

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis (a
// to_tensor has no tensor operand).
// CheckBeforeAnalysis implements bufferization.AnalysisPrecondition: a
// used to_tensor must be marked `restrict`.
func (toTensor) CheckBeforeAnalysis(op *ir.Operation) error {
	if t, ok := bufferization.AsToTensorOp(op); ok && !t.Restrict() && ir.HasUses(op.Result(0)) {
		return ir.OpError(op, "to_tensor ops without `restrict` are not supported by One-Shot Analysis")
	}
	return nil
}

// ResultBufferType implements bufferization.ResultBufferType: the
// buffer is the memref operand.
func (toTensor) ResultBufferType(op *ir.Operation, _ int, _ bufferization.State) ir.Type {
	return op.Operand(0).Type()
}

func (toTensor) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis.
func (toTensor) AliasingResults(*ir.Operation, int) []int { return nil }

// ResultWritable implements bufferization.ResultWritability: the buffer
// may be written only when the to_tensor is marked `writable`.
func (toTensor) ResultWritable(op *ir.Operation, _ int) bool {
	t, ok := bufferization.AsToTensorOp(op)
	return ok && t.Writable()
}

// toBuffer is the buffer of its tensor operand. Unless it is marked
// `read_only`, what uses the buffer may write it, so that it is written
// in place only when nothing reads the tensor afterwards, as upstream.
type toBuffer struct{}

func (toBuffer) Bufferize(op *ir.Operation, s bufferization.State) error {
	tb, _ := bufferization.AsToBufferOp(op)
	var b ir.Value
	var err error
	if tb.ReadOnly() {
		b, err = s.Buffer(op, tb.Tensor())
	} else {
		b, err = s.Writable(op, 0, true)
	}
	if err != nil {
		return err
	}
	if t := tb.Buffer().Type(); b.Type() != t {
		b = s.CastOrCopy(op, b, t)
	}
	ir.ReplaceAllUsesWith(tb.Buffer(), b)
	s.Erase(op)
	return nil
}

// ImplicitlyInPlace implements bufferization.ImplicitlyInPlace: the
// result is the tensor's buffer itself, never a copy of it, also without
// the analysis (which would otherwise copy what may be written).
func (toBuffer) ImplicitlyInPlace(*ir.Operation) bool { return true }

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis: the
// buffer may be written through the result unless marked `read_only`.
func (toBuffer) BufferizesToMemoryWrite(op *ir.Operation, _ int) bool {
	tb, _ := bufferization.AsToBufferOp(op)
	return !tb.ReadOnly()
}

// AliasingResults implements bufferization.AliasAnalysis: the result
// is a buffer, not a tensor.
func (toBuffer) AliasingResults(*ir.Operation, int) []int { return nil }

// materialize copies its source into its destination: the buffer of a
// tensor destination, which it must write in place (its result is that
// buffer), or a memref destination.
type materialize struct{}

func (materialize) Bufferize(op *ir.Operation, s bufferization.State) error {
	m, ok := bufferization.AsMaterializeInDestinationOp(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a bufferization.materialize_in_destination")
	}
	dst := m.Dest()
	tensorDest := bufferization.IsTensor(s.TensorType(dst))
	if tensorDest {
		if s.WithoutAnalysis() {
			// A new buffer, which the copy overwrites.
			b, err := s.Writable(op, 1, false)
			if err != nil {
				return err
			}
			dst = b
		} else if !s.InPlace(op, 1) {
			reason := "cannot avoid RaW conflict"
			if s.ReadOnly(dst) {
				reason = "would write to read-only buffer"
			}
			return ir.OpError(op, "not bufferizable under the given constraints: "+reason)
		} else {
			b, err := s.Writable(op, 1, false)
			if err != nil {
				return err
			}
			dst = b
		}
	}
	src, err := s.Buffer(op, m.Source())
	if err != nil {
		return err
	}
	b := s.Builder()
	b.SetInsertionPoint(op)
	memref.BuildCopy(b, op.Loc(), src, dst)
	if tensorDest {
		s.SetResult(op.Result(0), dst, m.Dest())
	}
	s.Erase(op)
	return nil
}

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis: the
// destination is written.
func (materialize) BufferizesToMemoryWrite(_ *ir.Operation, operand int) bool { return operand == 1 }

// AliasingResults implements bufferization.AliasAnalysis: a tensor
// destination is the buffer of the result.
func (materialize) AliasingResults(op *ir.Operation, operand int) []int {
	if operand == 1 && op.NumResults() == 1 {
		return []int{0}
	}
	return nil
}

// BufferizesToMemoryRead implements bufferization.MemoryReader: the
// destination is overwritten, not read.
func (materialize) BufferizesToMemoryRead(_ *ir.Operation, operand int) bool { return operand == 0 }

// MustBufferizeInPlace implements bufferization.InPlaceRequirement.
func (materialize) MustBufferizeInPlace(_ *ir.Operation, operand int) bool { return operand == 1 }
