package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/tensor"
)

// This file holds the elimination of tensor.empty operations (MLIR's
// eliminateEmptyTensors, the eliminate-empty-tensors pass): a
// tensor.empty whose contents, once computed, are inserted into a part
// of another tensor by a bufferization.SubsetInsertionOpInterface
// operation (tensor.insert_slice) is replaced by the extraction of that
// part, so that the computation writes the destination's buffer
// directly instead of a new buffer that is then copied.
//
// The in-place analysis runs first, as one-shot-bufferize's would with
// allow-return-allocs-from-loops, and with function boundaries when the
// pass runs on a module. An insertion is considered when its source is
// decided in place; the tensor.empty operations replaced are those found
// going back from the source through the operands whose whole buffers
// the values on the way are, of one type (or through casts), and only
// in the use by which the walk reached them: the tensor.empty stays for
// its other uses. The extraction goes at the first place, of the
// tensor.empty itself and just after each value it needs, where those
// values are defined and that comes before that use.

// EliminateEmptyTensors replaces uses of tensor.empty results whose
// contents end up inserted into a part of another tensor by the
// extraction of that part: in the functions of root, a module, analyzed
// with function boundaries, or in root itself, a function, analyzed
// without them.
func EliminateEmptyTensors(ctx *ir.Context, root *ir.Operation) error {
	opts := Options{AllowReturnAllocsFromLoops: true}
	if _, ok := function.AsFuncOp(root); !ok {
		if root.NumRegions() == 0 || root.Region(0).Empty() {
			return nil
		}
		opts.FunctionBoundaries = true
		return run(ctx, root, opts, eliminateMode)
	}
	if root.NumRegions() == 0 || root.Region(0).Empty() {
		return nil
	}
	s := newState(ctx, root, opts)
	s.eliminating = true
	s.numberOps(root)
	return s.analyze(root, s.readOnlyArg(root))
}

// eliminateEmptyTensors replaces the tensor.empty operations of f that
// the decisions of a, the analysis of f just run, allow to replace.
func (s *state) eliminateEmptyTensors(f *ir.Operation, a *analysis) {
	var inserts []*ir.Operation
	f.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		if bufferization.SubsetInsertionOp.Implements(op) {
			inserts = append(inserts, op)
		}
		return true
	})
	for _, op := range inserts {
		si, _ := bufferization.SubsetInsertionOp.Of(op)
		src := si.SourceOperand(op)
		if src < 0 || src >= op.NumOperands() || !a.inPlace[use{op, src}] {
			// A source written elsewhere than in place: the
			// replacement would not spare a copy.
			continue
		}
		empties, visited := s.emptyTensorsBehind(use{op, src})
		for _, v := range empties {
			empty := ir.DefiningOp(v)
			// The use by which the walk reached v.
			var at use
			for _, u := range visited {
				if u.op.Operand(u.i) == v {
					at = u
					break
				}
			}
			if at.op == nil {
				continue
			}
			ip := insertionPointFor(s.dominance(), empty, at.op, si.ValuesNeededToBuildSubsetExtraction(op))
			if ip == nil {
				continue
			}
			s.b.SetInsertionPoint(ip)
			r := si.BuildSubsetExtraction(op, s.b, empty.Loc())
			if r == nil || ir.DefiningOp(r) == empty {
				continue
			}
			if r.Type() != v.Type() {
				if elemType(r.Type()) != elemType(v.Type()) {
					continue
				}
				if d := ir.DefiningOp(r); d != nil {
					s.b.SetInsertionPointAfter(d)
				} else if blk := ir.ParentBlock(r); blk != nil {
					s.b.SetInsertionPointToStart(blk)
				}
				r = tensor.BuildCast(s.b, empty.Loc(), r, v.Type()).Result(0)
			}
			at.op.SetOperand(at.i, r)
			// What the analysis cached of the IR no longer holds.
			clear(a.defs)
			clear(a.read)
		}
	}
}

// elemType returns the element type of the shaped type t, or nil.
func elemType(t ir.Type) ir.Type {
	if st, ok := t.(ir.ShapedType); ok {
		return st.ElementType()
	}
	return nil
}

// emptyTensorsBehind returns the results of tensor.empty operations found
// going back from the operand from through the operands whose whole
// buffers the values on the way are, keeping to one type except through
// casts (MLIR's findValueInReverseUseDefChain with followEquivalentOnly
// and followSameTypeOrCastsOnly, without the leaves), in upstream's
// order, and the operands the walk went through, from included.
func (s *state) emptyTensorsBehind(from use) ([]ir.Value, []use) {
	var out []ir.Value
	visitedUses := []use{from}
	visited := map[ir.Value]bool{}
	v := from.op.Operand(from.i)
	// work is a set: a value waiting in it is not added again.
	work := []ir.Value{v}
	waiting := map[ir.Value]bool{v: true}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		delete(waiting, x)
		if visited[x] {
			continue
		}
		visited[x] = true
		if _, ok := tensor.AsEmptyOp(ir.DefiningOp(x)); ok {
			out = append(out, x)
			continue
		}
		if _, known := s.known(valueOwner(x)); !known {
			continue
		}
		r, ok := x.(*ir.OpResult)
		if !ok {
			continue
		}
		_, isCast := ir.CastOp.Of(r.Owner())
		for _, al := range s.equivalenceAliases(r) {
			y := al.op.Operand(al.i)
			if y.Type() != x.Type() && !isCast {
				continue
			}
			if !waiting[y] {
				waiting[y] = true
				work = append(work, y)
			}
			visitedUses = append(visitedUses, al)
		}
	}
	return out, visitedUses
}

// equivalenceAliases returns the operands whose whole buffer r is when
// they bufferize in place (MLIR's getAliasingOpOperands with
// BufferRelation::Equivalent).
func (s *state) equivalenceAliases(r *ir.OpResult) []use {
	var us []use
	if s.regionModel(r.Owner()) != nil {
		for _, a := range s.regionAliases(r) {
			if a.av.Equivalent {
				us = append(us, a.u)
			}
		}
		return us
	}
	_, isCall := s.callModelOf(r.Owner())
	for _, u := range s.aliasingOperands(r) {
		// A call's result is its operand's buffer only when the
		// analysis of the callee found it equivalent; a write into the
		// operand does not tell (the callee may have no body).
		if s.equivalentResult(u) || !isCall && s.writes(u) {
			us = append(us, u)
		}
	}
	return us
}

// insertionPointFor returns the operation before which a replacement of
// empty's result in its use by user, built from the values needed, may
// go, or nil: empty itself, else the first operation after the
// definition of one of those values (the first of its block for a block
// argument), where all of them are defined and that dominates user
// (MLIR's findValidInsertionPoint).
func insertionPointFor(dom *ir.DominanceInfo, empty, user *ir.Operation, needed []ir.Value) *ir.Operation {
	candidates := []*ir.Operation{empty}
	for _, v := range needed {
		switch v := v.(type) {
		case *ir.BlockArgument:
			candidates = append(candidates, v.Owner().First())
		case *ir.OpResult:
			candidates = append(candidates, v.Owner().Next())
		}
	}
	for _, at := range candidates {
		if at != nil && neededDefinedAt(dom, at, needed) && dom.OpDominates(at, user) {
			return at
		}
	}
	return nil
}

// neededDefinedAt reports whether every value of needed is defined at
// the operation at: a block argument of a block holding at or one of its
// ancestors, or the result of an operation that properly dominates at.
func neededDefinedAt(dom *ir.DominanceInfo, at *ir.Operation, needed []ir.Value) bool {
	for _, v := range needed {
		switch v := v.(type) {
		case *ir.BlockArgument:
			if liftInto(at, v.Owner()) == nil {
				return false
			}
		case *ir.OpResult:
			if !dom.OpProperlyDominates(v.Owner(), at) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
