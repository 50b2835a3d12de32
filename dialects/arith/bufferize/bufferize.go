// Package bufferize holds the bufferization of the arith dialect's
// operations on tensors (MLIR's arith BufferizableOpInterface external
// models): Register attaches them to a context, for one-shot-bufferize.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// Register attaches the bufferization, deallocation and view-flow models of the
// arith dialect's operations to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferizableOp.AttachTo(ctx, arith.ConstantOpName, constant{})
	bufferization.BufferizableOp.AttachTo(ctx, arith.IndexCastOpName, indexCast{})
	bufferization.BufferizableOp.AttachTo(ctx, arith.SelectOpName, selectOp{})
	bufferization.BufferDeallocationOp.AttachTo(ctx, arith.SelectOpName, selectDealloc{})
	bufferization.BufferViewFlowOp.AttachTo(ctx, arith.SelectOpName, selectViewFlow{})
}

// constant bufferizes a tensor constant into a memref.get_global of a
// constant global holding its value, shared by equal constants; the
// buffer is read-only.
type constant struct{}

func (constant) Bufferize(op *ir.Operation, s bufferization.State) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: a constant of an unranked tensor")
	}
	name := s.GlobalFor(op, op.InherentAttr("value"), rt)
	g := memref.BuildGetGlobal(s.Builder(), op.Loc(), name, s.IdentityType(rt)).Result()
	s.SetResult(op.Result(0), g, nil)
	s.MarkReadOnly(op.Result(0))
	s.Erase(op)
	return nil
}

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (constant) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis.
func (constant) AliasingResults(*ir.Operation, int) []int { return nil }

// ResultWritable implements bufferization.ResultWritability: a constant
// may not be written.
func (constant) ResultWritable(*ir.Operation, int) bool { return false }

// indexCast casts the elements of a tensor between index and an integer
// type: the result is the operand's buffer viewed with the other element
// type, with the operand buffer's layout and memory space.
type indexCast struct{}

func (indexCast) Bufferize(op *ir.Operation, s bufferization.State) error {
	c, ok := arith.AsIndexCastOp(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not an arith.index_cast")
	}
	src, err := s.Buffer(op, c.In())
	if err != nil {
		return err
	}
	rt, ok := c.Out().Type().(ir.ShapedType)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: an arith.index_cast of no tensor")
	}
	var t ir.Type
	switch st := src.Type().(type) {
	case *ir.MemRefType:
		t = op.Context().MemRefType(st.Shape, rt.ElementType(), st.Layout, st.MemorySpace)
	case *ir.UnrankedMemRefType:
		t = op.Context().UnrankedMemRefType(rt.ElementType(), st.MemorySpace)
	default:
		return ir.NewError(op.Loc(), "failed to bufferize op: an arith.index_cast of no buffer")
	}
	b := s.Builder()
	b.SetInsertionPoint(op)
	r := arith.BuildIndexCast(b, op.Loc(), src, t).Out()
	if !s.OutOfPlace(op, 0) {
		s.SetResult(op.Result(0), r, c.In())
		s.Erase(op)
		return nil
	}
	// The analysis decided that the result may not share the operand's
	// buffer: the result gets a new buffer, a copy of the cast one
	// unless the result is never read or the operand's contents are
	// undefined (upstream copies the result of such an operation, as
	// canOmitTensorCopy allows).
	if _, ok := c.Out().Type().(*ir.RankedTensorType); !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: an unranked tensor needs a copy")
	}
	b.SetInsertionPointAfter(r.(*ir.OpResult).Owner())
	nb := s.Alloc(c.Out().Type(), r, nil)
	if s.ValueRead(op.Result(0)) && !s.UndefinedContents(c.In()) {
		memref.BuildCopy(b, op.Loc(), r, nb)
	}
	s.SetResult(op.Result(0), nb, nil)
	s.Erase(op)
	return nil
}

// EquivalentResult implements bufferization.EquivalentResult: the
// result is the operand's whole buffer.
func (indexCast) EquivalentResult(*ir.Operation, int) bool { return true }

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (indexCast) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// BufferizesToMemoryRead implements bufferization.MemoryReader: the cast
// reinterprets the buffer without reading it.
func (indexCast) BufferizesToMemoryRead(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis: the result is
// the operand's buffer.
func (indexCast) AliasingResults(*ir.Operation, int) []int { return []int{0} }

// selectOp selects between the buffers of its two tensor operands, both
// of which its result may be: buffers of different types are cast (or
// copied) to the fully dynamic layout first, as upstream.
type selectOp struct{}

func (selectOp) Bufferize(op *ir.Operation, s bufferization.State) error {
	sel, ok := arith.AsSelectOp(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not an arith.select")
	}
	if bufferization.IsTensor(sel.Condition().Type()) {
		return ir.Diagnostics{ir.OpError(op, "only i1 condition values are supported"), ir.EmitError(op, "failed to bufferize op")}
	}
	t, err := s.Buffer(op, sel.TrueValue())
	if err != nil {
		return err
	}
	f, err := s.Buffer(op, sel.FalseValue())
	if err != nil {
		return err
	}
	// An operand the analysis decided out of place gets a new buffer,
	// into which its contents are copied unless they are undefined or
	// the result is never read (upstream's canOmitTensorCopy: the select
	// itself reads neither operand's buffer).
	b := s.Builder()
	for i, v := range []*ir.Value{&t, &f} {
		if s.OutOfPlace(op, 1+i) {
			if _, ok := s.TensorType(op.Operand(1 + i)).(*ir.RankedTensorType); !ok {
				return ir.NewError(op.Loc(), "failed to bufferize op: an unranked tensor needs a copy")
			}
			b.SetInsertionPoint(op)
			nb := s.Alloc(s.TensorType(op.Operand(1+i)), *v, nil)
			if s.ValueRead(op.Result(0)) && !s.UndefinedContents(op.Operand(1+i)) {
				memref.BuildCopy(b, op.Loc(), *v, nb)
			}
			*v = nb
		}
	}
	if t.Type() != f.Type() {
		to := s.DynamicType(op.Result(0).Type())
		t = s.CastOrCopy(op, t, to)
		f = s.CastOrCopy(op, f, to)
	}
	b.SetInsertionPoint(op)
	r := arith.BuildSelect(b, op.Loc(), sel.Condition(), t, f).Operation.Result(0)
	s.SetResult(op.Result(0), r, nil)
	for i, v := range []ir.Value{sel.TrueValue(), sel.FalseValue()} {
		if !s.OutOfPlace(op, 1+i) {
			s.Alias(op.Result(0), v)
		}
	}
	s.Erase(op)
	return nil
}

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (selectOp) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// BufferizesToMemoryRead implements bufferization.MemoryReader: the
// select reads neither buffer, it only picks one.
func (selectOp) BufferizesToMemoryRead(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis: the result
// may be the buffer of either value.
func (selectOp) AliasingResults(_ *ir.Operation, operand int) []int {
	if operand == 1 || operand == 2 {
		return []int{0}
	}
	return nil
}

// selectDealloc is arith.select's BufferDeallocationOpInterface: selecting
// between two buffers of unique ownership selects their indicators too;
// otherwise the result gets the default, a clone when its ownership is
// unknown.
type selectDealloc struct{}

// Process leaves arith.select alone: the ownership of its result is
// materialized where it is needed.
func (selectDealloc) Process(op *ir.Operation, _ bufferization.DeallocationState) (*ir.Operation, error) {
	return op, nil
}

func (selectDealloc) MaterializeUniqueOwnership(op *ir.Operation, bld *ir.Builder, m ir.Value, s bufferization.DeallocationState) (ir.Value, ir.Value) {
	sel, _ := arith.AsSelectOp(op)
	b := ir.ParentBlock(m)
	t, tUnique := s.Ownership(sel.TrueValue(), b)
	f, fUnique := s.Ownership(sel.FalseValue(), b)
	if !tUnique || !fUnique {
		return s.MemrefWithUniqueOwnership(bld, m, b)
	}
	return m, arith.BuildSelect(bld, op.Loc(), sel.Condition(), t, f).Operation.Result(0)
}

// selectViewFlow is arith.select's BufferViewFlowOpInterface: the result
// is one of the two selected buffers, never a new one.
type selectViewFlow struct{}

func (selectViewFlow) PopulateDependencies(op *ir.Operation, register func(from, to ir.Value)) {
	sel, _ := arith.AsSelectOp(op)
	register(sel.TrueValue(), op.Result(0))
	register(sel.FalseValue(), op.Result(0))
}

func (selectViewFlow) MayBeTerminalBuffer(*ir.Operation, ir.Value) bool { return false }
