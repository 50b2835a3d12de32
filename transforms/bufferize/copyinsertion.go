package bufferize

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/tensor"
)

// This file holds the copy insertion on tensors (MLIR's
// insertTensorCopies), which dialect-filter runs between the in-place
// analysis of a function and its rewriting: each tensor operand the
// analysis decided out of place is replaced, before its operation, by a
// new tensor, `bufferization.alloc_tensor() copy(%t)` (or an
// alloc_tensor without copy when the old contents are not needed), so
// that the rewriting that follows writes every buffer in place. The
// copies are operations of the IR like any other: outside the filter
// (dialect-filter without bufferization) they stay on tensors.
//
// An operand of an operation that does not write it and whose one
// aliasing result aliases only that operand (tensor.extract_slice) has
// the result copied instead, after the operation: the result may be
// smaller than the operand. Models that need more than these copies
// implement bufferization.ConflictResolver (a loop yielding a tensor
// that may share a buffer defined outside it).

// copiesOnTensors reports whether the out-of-place decisions are resolved
// with copies on tensors before the rewriting (dialect-filter, with the
// analysis).
func (s *state) copiesOnTensors() bool {
	return (len(s.filter) > 0 || s.copiesOnly) && !s.copyAll && !s.opts.TestAnalysisOnly
}

// InsertTensorCopies runs the in-place analysis on the functions of
// module, as one-shot-bufferize would with opts, and resolves its
// out-of-place decisions with copies on tensors without bufferizing
// anything (MLIR's insertTensorCopies): the module that results
// bufferizes with every write in place.
func InsertTensorCopies(ctx *ir.Context, module *ir.Operation, opts Options) error {
	return run(ctx, module, opts, copiesMode)
}

// errUndecided is the error for a function that the in-place analysis
// does not decide, when its decisions are needed before the rewriting.
func errUndecided(f, blocker *ir.Operation) error {
	if blocker == f {
		return ir.OpError(f, "dialect-filter: the in-place analysis does not decide a function of several blocks")
	}
	return ir.OpError(blocker, "dialect-filter: the in-place analysis does not decide this operation (no analysis model, or in a region of several blocks)")
}

// insertTensorCopies resolves the decisions of a, the analysis of f just
// run, with copies on tensors, operation after operation in post-order
// as upstream's walk, and leaves f to be rewritten with every write in
// place.
func (s *state) insertTensorCopies(f *ir.Operation, a *analysis) error {
	var ops []*ir.Operation
	f.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		if op != f {
			ops = append(ops, op)
		}
		return true
	})
	cs := &copyState{s: s, a: a}
	for _, op := range ops {
		m, known := s.known(op)
		if !known {
			continue
		}
		if ip, ok := m.(bufferization.ImplicitlyInPlace); !ok || !ip.ImplicitlyInPlace(op) {
			if err := s.resolveOperands(op, func(u use) bool { return a.inPlace[u] }); err != nil {
				return err
			}
		}
		if r, ok := m.(bufferization.ConflictResolver); ok {
			if err := r.ResolveConflicts(op, cs); err != nil {
				return err
			}
		}
	}
	s.resolved = true
	return nil
}

// insertCopiesWithoutAnalysis resolves on tensors the writes of f, a
// function bufferized without the analysis (copy-before-write,
// no-analysis-func-filter), as upstream's insertTensorCopies with an
// AnalysisState that knows nothing: every tensor operand that an
// operation writes is out of place and replaced by a copy, operation
// after operation in post-order, so that the rewriting that follows
// writes every buffer in place. Nothing is known of the contents of a
// tensor either: a copy omits them only when the operation overwrites
// them without reading them or nothing reads them. A call is taken to
// read and write each tensor operand, its callee analyzed or not, and the
// loops yield what they yield (what ConflictResolver adds resolves the
// analysis's decisions, of which there are none).
func (s *state) insertCopiesWithoutAnalysis(f *ir.Operation) error {
	var ops []*ir.Operation
	f.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		if op != f {
			ops = append(ops, op)
		}
		return true
	})
	s.unanalyzed = true
	defer func() { s.unanalyzed = false }()
	for _, op := range ops {
		m, known := s.known(op)
		if !known {
			continue
		}
		if ip, ok := m.(bufferization.ImplicitlyInPlace); ok && ip.ImplicitlyInPlace(op) {
			continue
		}
		// An unranked tensor cannot be copied (upstream fails,
		// "copying of unranked tensors is not implemented"): as with
		// the analysis, an unranked operand is in place, and the
		// ranked operand whose buffer an unranked result shares is
		// copied instead when that result is written.
		inPlace := func(u use) bool {
			if _, unranked := u.op.Operand(u.i).Type().(*ir.UnrankedTensorType); unranked {
				return true
			}
			if s.unrankedAlias(u) {
				return !s.writtenThroughAliases(u)
			}
			return !s.writes(u)
		}
		if err := s.resolveOperands(op, inPlace); err != nil {
			return err
		}
	}
	s.resolved = true
	return nil
}

// writtenThroughAliases reports whether an operation that bufferizes
// writes a result whose buffer u shares, directly or through operations
// that only share its buffer (one left on tensors keeps the tensor).
func (s *state) writtenThroughAliases(u use) bool {
	seen := map[use]bool{}
	var work []use
	for _, r := range s.aliasingResults(u) {
		for o := r.FirstUse(); o != nil; o = o.Next() {
			work = append(work, use{o.Owner(), o.Index()})
		}
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if _, known := s.known(x.op); known && s.writes(x) {
			return true
		}
		for _, r := range s.aliasingResults(x) {
			for o := r.FirstUse(); o != nil; o = o.Next() {
				work = append(work, use{o.Owner(), o.Index()})
			}
		}
	}
	return false
}

// resolveOperands replaces the tensor operands of op that are not
// inPlace by copies (MLIR's resolveTensorOpOperandConflicts).
func (s *state) resolveOperands(op *ir.Operation, inPlace func(u use) bool) error {
	type copied struct {
		v        ir.Value
		i        int
		contents bool
	}
	var operands, results []copied
	for i, v := range op.Operands() {
		if !analyzed(v.Type()) {
			continue
		}
		u := use{op, i}
		if inPlace(u) {
			continue
		}
		if _, unranked := v.Type().(*ir.UnrankedTensorType); unranked {
			return ir.EmitError(op, "copying of unranked tensors is not implemented")
		}
		contents := !s.canOmitCopy(u)
		if r := s.soleAlias(u); r != nil {
			// The operation only makes a view: copy the view.
			results = append(results, copied{v: r, contents: contents})
			continue
		}
		operands = append(operands, copied{v: v, i: i, contents: contents})
	}
	for _, c := range operands {
		s.b.SetInsertionPoint(op)
		nt, err := s.tensorCopy(op.Loc(), c.v, c.contents)
		if err != nil {
			return err
		}
		op.SetOperand(c.i, nt)
	}
	for _, c := range results {
		s.b.SetInsertionPointAfter(op)
		nt, err := s.tensorCopy(op.Loc(), c.v, c.contents)
		if err != nil {
			return err
		}
		copyOp := ir.DefiningOp(nt)
		var uses []*ir.OpOperand
		for u := c.v.FirstUse(); u != nil; u = u.Next() {
			uses = append(uses, u)
		}
		for _, u := range uses {
			// The copy itself and the sizes computed for it keep
			// the view.
			if _, isDim := tensor.AsDimOp(u.Owner()); u.Owner() == copyOp || isDim {
				continue
			}
			u.Owner().SetOperand(u.Index(), nt)
		}
	}
	return nil
}

// soleAlias returns the result of u's operation to copy instead of u, or
// nil: the operation does not write u and its one aliasing result, a
// ranked tensor, aliases u only.
func (s *state) soleAlias(u use) ir.Value {
	rs := s.aliasingResults(u)
	if len(rs) != 1 || s.writes(u) {
		return nil
	}
	r, ok := rs[0].(*ir.OpResult)
	if !ok || r.Owner() != u.op {
		return nil
	}
	if _, ranked := r.Type().(*ir.RankedTensorType); !ranked || len(s.aliasingOperands(r)) != 1 {
		return nil
	}
	return r
}

// canOmitCopy reports whether the copy for u needs none of the old
// contents (MLIR's canOmitTensorCopy): they are undefined (known only
// with the analysis), entirely overwritten without being read, or never
// read.
func (s *state) canOmitCopy(u use) bool {
	if !s.copyAll && s.undefinedValue(u.op.Operand(u.i)) {
		return true
	}
	reads := s.reads(u.op, u.i)
	if !reads && s.writes(u) {
		return true
	}
	if reads {
		return false
	}
	for _, r := range s.aliasingResults(u) {
		if s.valueReadThroughAliases(r) {
			return false
		}
	}
	return true
}

// tensorCopy makes, at s's builder, a new tensor of v's type: a copy of
// v when contents is set, else a tensor of v's sizes in the memory space
// of v's buffer (MLIR's allocateTensorForShapedValue).
func (s *state) tensorCopy(loc ir.Location, v ir.Value, contents bool) (ir.Value, error) {
	rt, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return nil, ir.EmitError(valueOwner(v), "copying of unranked tensors is not implemented")
	}
	if contents {
		return bufferization.BuildAllocTensor(s.b, loc, nil, rt, bufferization.AllocTensorOptions{Copy: v}).Result(), nil
	}
	dyn := s.reifiedSizes(loc, v, rt)
	if dyn == nil {
		idx := s.ctx.IndexType()
		for i, d := range rt.Shape {
			if d == ir.Dynamic {
				c := arith.BuildConstant(s.b, loc, s.ctx.IntegerAttr(idx, int64(i)), idx).Result()
				dyn = append(dyn, tensor.BuildDim(s.b, loc, v, c).Result())
			}
		}
	}
	space, err := s.tensorMemorySpace(v)
	if err != nil {
		return nil, err
	}
	return bufferization.BuildAllocTensor(s.b, loc, dyn, rt, bufferization.AllocTensorOptions{MemorySpace: space}).Result(), nil
}

// reifiedSizes returns the dynamic sizes of v, of type rt, as the
// operation that defines it states them (ir.ReifyRankedShapedTypeOp),
// built at s's builder, or nil when it does not or v has no dynamic size:
// a new tensor takes them rather than tensor.dim of v, as upstream's
// allocateTensorForShapedValue.
func (s *state) reifiedSizes(loc ir.Location, v ir.Value, rt *ir.RankedTensorType) []ir.Value {
	r, ok := v.(*ir.OpResult)
	if !ok || !slices.Contains(rt.Shape, ir.Dynamic) {
		return nil
	}
	m, ok := ir.ReifyRankedShapedTypeOp.Of(r.Owner())
	if !ok {
		return nil
	}
	shapes, ok := m.ReifyResultShapes(s.b, r.Owner())
	if !ok || r.Index() >= len(shapes) || len(shapes[r.Index()]) != len(rt.Shape) {
		return nil
	}
	var dyn []ir.Value
	idx := s.ctx.IndexType()
	for i, d := range rt.Shape {
		if d != ir.Dynamic {
			continue
		}
		f := shapes[r.Index()][i]
		if f.Value == nil {
			f.Value = arith.BuildConstant(s.b, loc, s.ctx.IntegerAttr(idx, f.Const), idx).Result()
		}
		dyn = append(dyn, f.Value)
	}
	return dyn
}

// tensorMemorySpace returns the memory space of the buffer of tensor v
// before the rewriting (nil: the default one): the memory space of the
// bufferization.alloc_tensor whose buffer v shares, the encoding of v's
// type with use-encoding-for-memory-space, else the default one, which
// must-infer-memory-space rejects ("could not infer memory space" at
// what defines the buffer).
func (s *state) tensorMemorySpace(v ir.Value) (ir.Attribute, error) {
	for {
		r, ok := v.(*ir.OpResult)
		if !ok {
			break
		}
		if at, ok := bufferization.AsAllocTensorOp(r.Owner()); ok {
			if sp := at.MemorySpace(); sp != nil {
				return sp, nil
			}
			if at.Copy() != nil {
				v = at.Copy()
				continue
			}
			break
		}
		from := s.aliasingOperands(r)
		if _, known := s.known(r.Owner()); !known || len(from) != 1 {
			break
		}
		v = from[0].op.Operand(from[0].i)
	}
	if rt, ok := v.Type().(*ir.RankedTensorType); ok && s.opts.UseEncodingForMemorySpace && rt.Encoding != nil {
		return rt.Encoding, nil
	}
	if s.opts.MustInferMemorySpace {
		return nil, errNoSpace(valueOwner(v))
	}
	return nil, nil
}

// copyState is what the copy insertion offers a
// bufferization.ConflictResolver.
type copyState struct {
	s *state
	a *analysis
}

// ValueRead implements bufferization.AnalysisState.
func (c *copyState) ValueRead(v ir.Value) bool { return c.s.valueReadThroughAliases(v) }

// Equivalent implements bufferization.AnalysisState.
func (c *copyState) Equivalent(x, y ir.Value) bool { return c.a.equivalent(x, y) }

// Builder implements bufferization.CopyState.
func (c *copyState) Builder() *ir.Builder { return c.s.b }

// AliasesOutside implements bufferization.CopyState: whether a value of
// v's alias set other than except is defined outside region r (a block
// argument of r itself counts as outside; MLIR's
// doesNotAliasExternalValue, negated).
func (c *copyState) AliasesOutside(v ir.Value, r *ir.Region, except ir.Value) bool {
	for _, x := range c.a.aliases(v) {
		if x == except {
			continue
		}
		xr := valueRegion(x)
		switch x.(type) {
		case *ir.BlockArgument:
			if xr == r || !r.IsAncestor(xr) {
				return true
			}
		case *ir.OpResult:
			if !r.IsAncestor(xr) {
				return true
			}
		}
	}
	return false
}

// TensorCopy implements bufferization.CopyState.
func (c *copyState) TensorCopy(loc ir.Location, v ir.Value) (ir.Value, error) {
	return c.s.tensorCopy(loc, v, true)
}

// checkCopySpaces fails, under must-infer-memory-space, when an operand
// of f decided out of place needs a new buffer without the old contents
// and nothing gives the memory space of that buffer. Upstream resolves
// the decisions with copies on tensors before anything is bufferized,
// and such a new tensor takes the memory space of the operand's buffer
// (allocateTensorForShapedValue): "could not infer memory space" is
// reported then, at what defines the operand's buffer, before any
// operation is rewritten. A copy of the contents takes the space of the
// buffer it copies once that is bufferized, and needs no check here.
func (s *state) checkCopySpaces(f *ir.Operation, decided map[use]bool) error {
	if !s.opts.MustInferMemorySpace {
		return nil
	}
	var err error
	f.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		m, known := s.known(op)
		if op == f || !known {
			return true
		}
		if ip, ok := m.(bufferization.ImplicitlyInPlace); ok && ip.ImplicitlyInPlace(op) {
			return true
		}
		for i, v := range op.Operands() {
			u := use{op, i}
			if in, ok := decided[u]; !ok || in || !analyzed(v.Type()) {
				continue
			}
			if _, ranked := v.Type().(*ir.RankedTensorType); !ranked || !s.canOmitCopy(u) {
				continue
			}
			if r := s.soleAlias(u); r != nil {
				v = r
			}
			if _, err = s.tensorMemorySpace(v); err != nil {
				return false
			}
		}
		return true
	})
	return err
}
