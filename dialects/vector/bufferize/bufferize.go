// Package bufferize holds the bufferization of the vector dialect's
// transfers on tensors and of the vector.mask around them (MLIR's vector
// BufferizableOpInterface external models): Register attaches them to a
// context, for one-shot-bufferize.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
	"github.com/strata-ir/strata/dialects/vector"
)

// Register attaches the bufferization models of vector.transfer_read,
// vector.transfer_write, vector.gather, vector.scatter, vector.mask and
// vector.yield to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferizableOp.AttachTo(ctx, vector.TransferReadOpName, bufferization.Reading{BufferizableOpInterface: transferRead{}})
	bufferization.BufferizableOp.AttachTo(ctx, vector.GatherOpName, bufferization.Reading{BufferizableOpInterface: gather{}})
	bufferization.BufferizableOp.AttachTo(ctx, vector.ScatterOpName, bufferization.WritingInto{BufferizableOpInterface: scatter{}, Dest: 0})
	bufferization.BufferizableOp.AttachTo(ctx, vector.TransferWriteOpName, transferWriteModel{bufferization.WritingInto{BufferizableOpInterface: transferWrite{}, Dest: 1}})
	bufferization.BufferizableOp.AttachTo(ctx, vector.MaskOpName, mask{})
	bufferization.BufferizableOp.AttachTo(ctx, vector.YieldOpName, yield{})
}

// transferRead reads the buffer of its source.
type transferRead struct{}

func (transferRead) Bufferize(op *ir.Operation, s bufferization.State) error {
	r, ok := vector.AsTransferReadOp(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a vector.transfer_read")
	}
	src, err := s.Buffer(op, r.Base())
	if err != nil {
		return err
	}
	nr := rebuild(op, s, map[int]ir.Value{0: src}, op.ResultTypes())
	ir.ReplaceAllUsesWith(op.Result(0), nr.Result(0))
	s.Erase(op)
	return nil
}

// gather reads the buffer of its base. As upstream, the gather on the
// buffer is built anew, without the alignment of the one on the tensor.
type gather struct{}

func (gather) Bufferize(op *ir.Operation, s bufferization.State) error {
	g, ok := vector.AsGatherOp(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a vector.gather")
	}
	base, err := s.Buffer(op, g.Base())
	if err != nil {
		return err
	}
	b := s.Builder()
	b.SetInsertionPoint(op)
	ng := vector.BuildGather(b, op.Loc(), base, g.Indices(), g.IndexVec(), g.Mask(), g.PassThru(), g.Result().Type())
	ir.ReplaceAllUsesWith(g.Result(), ng.Result())
	s.Erase(op)
	return nil
}

// scatter writes into the buffer of its base, in place or into a copy
// of it (a scatter writes the lanes its mask sets only). As upstream,
// the scatter on the buffer is built anew, without the alignment of the
// one on the tensor.
type scatter struct{}

func (scatter) Bufferize(op *ir.Operation, s bufferization.State) error {
	sc, ok := vector.AsScatterOp(op)
	if !ok || op.NumResults() != 1 {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a vector.scatter into a tensor")
	}
	dst, err := s.Writable(op, 0, !s.UndefinedContents(sc.Base()))
	if err != nil {
		return err
	}
	b := s.Builder()
	b.SetInsertionPoint(op)
	vector.BuildScatter(b, op.Loc(), dst, sc.Indices(), sc.IndexVec(), sc.Mask(), sc.ValueToStore())
	s.SetResult(op.Result(0), dst, s.InPlaceAlias(sc.Base(), dst))
	s.Erase(op)
	return nil
}

// transferWrite writes into the buffer of its destination, in place or
// into a copy of it (the transfer may write part of it only).
type transferWrite struct{}

func (transferWrite) Bufferize(op *ir.Operation, s bufferization.State) error {
	w, ok := vector.AsTransferWriteOp(op)
	if !ok || op.NumResults() != 1 {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a vector.transfer_write on a tensor")
	}
	dst, err := s.Writable(op, 1, overwritesPart(w, s.TensorType(w.Base())))
	if err != nil {
		return err
	}
	rebuild(op, s, map[int]ir.Value{1: dst}, nil)
	s.SetResult(op.Result(0), dst, s.InPlaceAlias(w.Base(), dst))
	s.Erase(op)
	return nil
}

// transferWriteModel is the analysis model of vector.transfer_write: it
// writes its destination, which it reads unless it overwrites all of it.
type transferWriteModel struct{ bufferization.WritingInto }

// BufferizesToMemoryRead implements bufferization.MemoryReader.
func (transferWriteModel) BufferizesToMemoryRead(op *ir.Operation, operand int) bool {
	w, ok := vector.AsTransferWriteOp(op)
	return !ok || operand != 1 || overwritesPart(w, w.Base().Type())
}

// overwritesPart reports whether w, whose destination has tensor type
// t, may leave part of its destination as
// it was, so that a copy of it must keep its contents: unless the
// destination has a static shape, the indices are constant zeros, there
// is no mask (of its own or of a vector.mask around it) and the vector
// spans every dimension (MLIR's
// TransferWriteOpInterface::bufferizesToMemoryRead).
func overwritesPart(w vector.TransferWriteOp, t ir.Type) bool {
	dst, ok := t.(*ir.RankedTensorType)
	vt, vok := w.ValueToStore().Type().(*ir.VectorType)
	if !ok || !vok || w.Mask() != nil {
		return true
	}
	if _, masked := vector.MaskingOpOf(w.Operation); masked {
		return true
	}
	for _, d := range dst.Shape {
		if d == ir.Dynamic {
			return true
		}
	}
	for _, i := range w.Indices() {
		if c, ok := viewlike.ConstantIntValue(i); !ok || c != 0 {
			return true
		}
	}
	for k := 0; k < len(dst.Shape) && k < len(vt.Shape); k++ {
		if dst.Shape[k] > vt.Shape[k] {
			return true
		}
	}
	return false
}

// rebuild creates op again before it with the operands in repl replaced
// and the result types results.
func rebuild(op *ir.Operation, s bufferization.State, repl map[int]ir.Value, results []ir.Type) *ir.Operation {
	operands := append([]ir.Value{}, op.Operands()...)
	for i, v := range repl {
		operands[i] = v
	}
	b := s.Builder()
	b.SetInsertionPoint(op)
	return b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: results, Properties: op.Properties(), Attributes: op.Attrs()})
}
