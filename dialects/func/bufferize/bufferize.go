// Package bufferize holds the bufferization of the func dialect's
// func.call and func.return at function boundaries (MLIR's func
// BufferizableOpInterface external models): Register attaches them to a
// context, for one-shot-bufferize, which rewrites the signatures of the
// functions themselves.
package bufferize

import (
	"fmt"
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// Register attaches the bufferization models of the func dialect's
// operations to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferizableOp.AttachTo(ctx, "func.return", bufferization.Reading{BufferizableOpInterface: model((*state).ret)})
	bufferization.BufferizableOp.AttachTo(ctx, "func.call", model((*state).call))
}

// model is a bufferization.BufferizableOpInterface given by a function.
type model func(s *state, op *ir.Operation) error

// Bufferize implements bufferization.BufferizableOpInterface.
func (m model) Bufferize(op *ir.Operation, s bufferization.State) error {
	return m(&state{State: s, b: s.Builder(), ctx: s.Context()}, op)
}

// state is the pass's state with its builder and context at hand.
type state struct {
	bufferization.State
	b   *ir.Builder
	ctx *ir.Context
}

// ret returns the buffers of its operands as they are when the function's
// result types are inferred from them; otherwise (a function on a call
// cycle) buffers of the function's result types: a buffer of another
// type, or a read-only one, is copied into a new one.
func (s *state) ret(op *ir.Operation) error {
	if !s.Options().FunctionBoundaries {
		// As upstream, the func dialect is left alone when function
		// boundaries are not bufferized.
		s.KeepOnTensors(op)
		return nil
	}
	f := op.ParentOp()
	ft := f.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
	vals := make([]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		b, err := s.Buffer(op, v)
		if err != nil {
			return err
		}
		if i < len(ft.Results) && s.Options().BoundaryLayout() != bufferization.InferLayoutMap {
			vals[i] = s.CastOrCopy(op, b, ft.Results[i])
			continue
		}
		if i < len(ft.Results) && !s.InfersResults(f) && (b.Type() != ft.Results[i] || s.ReadOnly(v)) {
			if _, ok := ft.Results[i].(*ir.UnrankedMemRefType); ok {
				b = memref.BuildCast(s.b, op.Loc(), b, ft.Results[i]).Result(0)
			} else {
				nb := s.Alloc(s.TensorType(v), b, nil)
				memref.BuildCopy(s.b, op.Loc(), b, nb)
				b = nb
			}
		}
		if _, ok := s.TensorType(v).(*ir.RankedTensorType); ok && b.Type() != s.DynamicType(s.TensorType(v)) {
			// Upstream reads the returned buffer with the fully dynamic
			// layout of function boundaries and then returns the cast's
			// source, leaving the cast unused.
			memref.BuildCast(s.b, op.Loc(), b, s.DynamicType(s.TensorType(v)))
		} else if c, ok := memref.AsCastOp(ir.DefiningOp(b)); ok && s.InfersResults(f) {
			// A buffer of the boundary's type needs no cast; as
			// upstream (foldMemRefCasts), a returned memref.cast is
			// then folded into its source, whose type the result
			// takes, even when that is less precise (unranked, or of
			// a dynamic shape).
			b = c.Operand(0)
		}
		vals[i] = b
	}
	op.SetOperands(vals)
	return nil
}

// call calls the callee with buffers of its argument types and gives
// the tensor results the returned buffers.
func (s *state) call(op *ir.Operation) error {
	ref, _ := op.InherentAttr("callee").(*ir.SymbolRefAttr)
	var callee *ir.Operation
	if ref != nil {
		callee = s.Function(ref.Root)
	}
	if !s.Options().FunctionBoundaries {
		s.KeepOnTensors(op)
		return nil
	}
	if callee == nil {
		return ir.NewError(op.Loc(), "failed to bufferize a call with tensors: the callee is unknown")
	}
	ft := callee.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
	sum := s.Summary(callee)
	args := make([]ir.Value, op.NumOperands())
	// inPlace[i]: operand i's own buffer is passed (not a copy of it).
	inPlace := make([]bool, op.NumOperands())
	for i, v := range op.Operands() {
		b, err := s.argument(op, callee, sum, i, v)
		if err != nil {
			return err
		}
		inPlace[i] = s.InPlaceAlias(v, b) != nil
		args[i] = b
	}
	// As upstream, the copies of all operands come first, then the casts
	// to the callee's argument types.
	for i, b := range args {
		if i < len(ft.Inputs) && b.Type() != ft.Inputs[i] {
			args[i] = s.CastOrCopy(op, b, ft.Inputs[i])
		}
	}
	nc := s.b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: args, ResultTypes: ft.Results,
		Properties: op.Properties(), Attributes: op.Attrs()})
	for i, r := range op.Results() {
		if !bufferization.IsTensor(r.Type()) {
			ir.ReplaceAllUsesWith(r, nc.Result(i))
			continue
		}
		if j := copiedOperand(op, sum, i); j >= 0 && s.OutOfPlace(op, j) {
			// The analysis decided that the result may not share the
			// buffer of operand j, which the callee does not write: as
			// upstream, the result is copied rather than the operand.
			nb := s.Alloc(s.TensorType(r), nc.Result(i), nil)
			memref.BuildCopy(s.b, op.Loc(), nc.Result(i), nb)
			s.SetResult(r, nb, nil)
			continue
		}
		// A result the callee returns as the buffer of an argument is
		// the buffer passed for it: the operand's own, or its copy.
		if sum != nil && i < len(sum.Equivalent) && sum.Equivalent[i] >= 0 {
			j := sum.Equivalent[i]
			var alias ir.Value
			if inPlace[j] {
				alias = op.Operand(j)
			}
			s.SetResult(r, nc.Result(i), alias)
			s.SameBuffer(nc.Result(i), args[j])
			continue
		}
		s.SetResult(r, nc.Result(i), nil)
		// A result the callee allocates is a new buffer. Anything else
		// (a view of an argument, a constant, a result of another call;
		// or a callee not bufferized yet, without a body, or with an
		// unranked result) may be an operand's buffer or one that must
		// not be written: the result aliases the tensor operands, and is
		// read-only unless it is known to come from them.
		fresh, fromArgs := returned(callee, i)
		if _, ranked := nc.Result(i).Type().(*ir.MemRefType); ranked && fresh {
			continue
		}
		for _, v := range op.Operands() {
			if bufferization.IsTensor(s.TensorType(v)) {
				s.Alias(r, v)
			}
		}
		if !fromArgs {
			s.MarkReadOnly(r)
		}
	}
	s.Erase(op)
	return nil
}

// copiedResult returns the result of op, a call to a function with summary
// sum, that a copy replaces when operand i, which the callee does not
// write, may not share its buffer with the results, or -1 when the
// operand is copied instead. As upstream's out-of-place operands of an
// operation that does not write them, the result is copied when it is
// the one result that may alias the operand, the operand the only one it
// may alias, and ranked (it may be smaller than the operand, a view of
// it). Without the analysis's aliasing, the results that may alias an
// argument are those equivalent to it.
func copiedResult(op *ir.Operation, sum *bufferization.FuncSummary, i int) int {
	if i < len(sum.Written) && sum.Written[i] {
		return -1
	}
	aliases := func(j int) []int {
		if sum.Aliasing != nil {
			if j < len(sum.Aliasing) {
				return sum.Aliasing[j]
			}
			return nil
		}
		var rs []int
		for r, a := range sum.Equivalent {
			if a == j {
				rs = append(rs, r)
			}
		}
		return rs
	}
	rs := aliases(i)
	if len(rs) != 1 || rs[0] >= op.NumResults() {
		return -1
	}
	k := rs[0]
	for j := 0; j < op.NumOperands(); j++ {
		if j != i && slices.Contains(aliases(j), k) {
			return -1
		}
	}
	if _, ranked := op.Result(k).Type().(*ir.RankedTensorType); !ranked {
		return -1
	}
	return k
}

// copiedOperand returns the operand of op, a call to a function with
// summary sum, whose copy result k is when that operand may not share
// its buffer (see copiedResult), or -1.
func copiedOperand(op *ir.Operation, sum *bufferization.FuncSummary, k int) int {
	if sum == nil {
		return -1
	}
	for j := 0; j < op.NumOperands(); j++ {
		if copiedResult(op, sum, j) == k {
			return j
		}
	}
	return -1
}

// returned reports what callee returns as its result i once bufferized:
// fresh when every return gives a buffer the callee allocates
// (memref.alloc, through memref.cast), fromArgs when every return gives a
// new buffer or a view of an argument. Both are false for a callee not
// bufferized yet or without a body.
func returned(callee *ir.Operation, i int) (fresh, fromArgs bool) {
	if callee.NumRegions() == 0 || callee.Region(0).Empty() {
		return false, false
	}
	fresh, fromArgs = true, true
	seen := false
	for _, b := range callee.Region(0).Blocks() {
		t := b.Last()
		if t == nil || !t.HasTrait(ir.ReturnLike) {
			continue
		}
		if i >= t.NumOperands() || bufferization.IsTensor(t.Operand(i).Type()) {
			return false, false
		}
		seen = true
		v := t.Operand(i)
		for {
			if v == nil {
				return false, false
			}
			d := ir.DefiningOp(v)
			if d == nil {
				fresh = false
				if _, ok := v.(*ir.BlockArgument); !ok || v.(*ir.BlockArgument).Owner().ParentOp() != callee {
					fromArgs = false
				}
				break
			}
			if _, ok := memref.AsAllocOp(d); ok {
				break
			}
			if c, ok := memref.AsCastOp(d); ok {
				v = c.Operand(0)
				continue
			}
			if vl, ok := ir.ViewLikeOp.Of(d); ok && d.NumOperands() > 0 {
				fresh = false
				v = vl.ViewSource(d)
				continue
			}
			fresh, fromArgs = false, false
			break
		}
	}
	if !seen {
		return false, false
	}
	return fresh, fromArgs
}

// argument returns the buffer passed for operand i (v) of a call to
// callee: for a tensor the callee writes (as its summary says; every
// tensor when it has none), the operand's buffer when the call may write
// it in place, else a copy of it (of its contents only when the callee
// reads them, as upstream's out-of-place call operands).
func (s *state) argument(op, callee *ir.Operation, sum *bufferization.FuncSummary, i int, v ir.Value) (ir.Value, error) {
	if !bufferization.IsTensor(s.TensorType(v)) {
		return s.Buffer(op, v)
	}
	if _, ranked := s.TensorType(v).(*ir.RankedTensorType); ranked && s.WithoutAnalysis() {
		// Nothing tells what the callee does with its arguments: as
		// upstream, each is copied before the call. (Upstream fails on
		// an unranked one, "copying of unranked tensors is not
		// implemented"; Strata passes it as without copy-before-write.)
		return s.Writable(op, i, true)
	}
	if callee.Region(0).Empty() {
		b, err := s.Buffer(op, v)
		if err != nil {
			return nil, err
		}
		return s.externalArg(op, i, v, b)
	}
	if sum != nil && (i >= len(sum.Written) || !sum.Written[i]) {
		if s.OutOfPlace(op, i) && copiedResult(op, sum, i) < 0 {
			// The analysis decided that the callee's buffer may not
			// be the operand's: a copy of it is passed.
			return s.Writable(op, i, i >= len(sum.Read) || sum.Read[i])
		}
		return s.Buffer(op, v)
	}
	return s.Writable(op, i, sum == nil || i >= len(sum.Read) || sum.Read[i])
}

// externalArg returns the buffer passed for tensor operand i of a call
// to a function without a body. As upstream, such a callee reads and
// writes its arguments: the buffer is copied unless the call may write it
// in place. An unranked buffer cannot be copied (as
// upstream, its operand bufferizes in place): when the call may not
// write it in place, that is an error.
func (s *state) externalArg(op *ir.Operation, i int, v, b ir.Value) (ir.Value, error) {
	base := b
	for {
		c, ok := memref.AsCastOp(ir.DefiningOp(base))
		if !ok {
			break
		}
		base = c.Operand(0)
	}
	_, rankedBase := base.Type().(*ir.MemRefType)
	if _, unranked := s.TensorType(v).(*ir.UnrankedTensorType); unranked {
		if s.InPlace(op, i) {
			return s.Writable(op, i, true)
		}
		if rankedBase && !s.ReadAfterWrite(op, i) {
			// Only read-only (a constant): the ranked buffer it
			// was cast from is copied, as upstream does at the cast.
			return s.copyOf(op, base), nil
		}
		// Reported where the unranked tensor is made, as upstream: the
		// operation whose result had to be written in place.
		at := op
		if d := ir.DefiningOp(v); d != nil {
			at = d
		}
		return nil, ir.NewError(at.Loc(), fmt.Sprintf("'%s' op not bufferizable under the given constraints: cannot avoid RaW conflict", at.Name()))
	}
	return s.Writable(op, i, true)
}

// copyOf copies the ranked buffer base into a new identity buffer before
// op.
func (s *state) copyOf(op *ir.Operation, base ir.Value) ir.Value {
	mt := base.Type().(*ir.MemRefType)
	s.b.SetInsertionPoint(op)
	nb := s.Alloc(s.ctx.RankedTensorType(mt.Shape, mt.Elem, nil), base, nil)
	memref.BuildCopy(s.b, op.Loc(), base, nb)
	return nb
}
