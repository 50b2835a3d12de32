// Package bufferize is one-shot-bufferize: it rewrites a tensor program
// into a memref program in one pass over the IR, deciding for every
// tensor write whether it can happen in the buffer of its destination
// (in place) or needs a new buffer (an allocation and a copy).
//
// The in-place analysis works on alias sets of tensor values (values that
// may share a buffer once bufferized: a destination and the results
// written into it, a slice and its source, a cast and its source, a call's
// results and its tensor operands, a loop's results and its inits). A
// write of operation W into the buffer of value t is in place unless
//
//   - t's buffer is read-only: a constant (memref.global) or a function
//     argument (arguments are not written; see docs/lowering.md);
//   - some value of t's alias set that exists before W is used after W
//     (a read-after-write conflict), or by W itself other than through
//     the written operand (except an elementwise read of the same element
//     by a parallel linalg operation);
//   - W sits in a loop that does not also define that value (the write
//     would repeat on every iteration).
//
// Allocations are not freed: like upstream's default, the result keeps
// its memref.alloc operations without deallocations.
package bufferize

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
)

// Options configure Run.
type Options struct {
	// FunctionBoundaries bufferizes the signatures of func.func operations
	// and func.call / func.return (bufferize-function-boundaries).
	FunctionBoundaries bool
	// AllowUnknownOps leaves operations with tensor operands that have no
	// bufferization, with bufferization.to_tensor / to_buffer around them.
	AllowUnknownOps bool
}

type state struct {
	ctx      *ir.Context
	b        *ir.Builder
	module   *ir.Operation
	opts     Options
	buf      map[ir.Value]ir.Value
	parent   map[ir.Value]ir.Value
	readonly map[ir.Value]bool
	orig     map[ir.Value]ir.Type
	dead     []*ir.Operation
	globals  map[ir.Attribute]string
	names    map[string]bool
	funcs    map[string]*ir.Operation
}

// Run bufferizes module.
func Run(ctx *ir.Context, module *ir.Operation, opts Options) error {
	s := &state{ctx: ctx, b: ir.NewBuilder(ctx), module: module, opts: opts,
		buf: map[ir.Value]ir.Value{}, parent: map[ir.Value]ir.Value{}, readonly: map[ir.Value]bool{}, orig: map[ir.Value]ir.Type{},
		globals: map[ir.Attribute]string{}, names: map[string]bool{}, funcs: map[string]*ir.Operation{}}
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	top := module.Region(0).First()
	var funcs []*ir.Operation
	top.Ops(func(op *ir.Operation) bool {
		if n, ok := op.InherentAttr("sym_name").(*ir.StringAttr); ok {
			s.names[n.Value] = true
			if op.Name() == "func.func" {
				s.funcs[n.Value] = op
			}
		}
		if op.Name() == "func.func" {
			funcs = append(funcs, op)
		}
		return true
	})
	// Signatures first, so that calls know their callee's types.
	for _, f := range funcs {
		if err := s.signature(f); err != nil {
			return err
		}
	}
	for _, f := range funcs {
		if f.Region(0).Empty() {
			continue
		}
		if err := s.block(f.Region(0).First()); err != nil {
			return err
		}
	}
	for i := len(s.dead) - 1; i >= 0; i-- {
		op := s.dead[i]
		for _, r := range op.Results() {
			if ir.HasUses(r) {
				return ir.NewError(op.Loc(), "failed to bufferize op: a tensor result is still used")
			}
		}
		op.Erase()
	}
	return nil
}

// --- alias sets ---

func (s *state) find(v ir.Value) ir.Value {
	for {
		p, ok := s.parent[v]
		if !ok || p == v {
			return v
		}
		v = p
	}
}

func (s *state) union(a, b ir.Value) {
	ra, rb := s.find(a), s.find(b)
	if ra == rb {
		return
	}
	s.parent[ra] = rb
	if s.readonly[ra] {
		s.readonly[rb] = true
	}
	if _, ok := s.parent[rb]; !ok {
		s.parent[rb] = rb
	}
}

func (s *state) members(v ir.Value) []ir.Value {
	r := s.find(v)
	var out []ir.Value
	seen := false
	for x := range s.parent {
		if s.find(x) == r {
			out = append(out, x)
			if x == v {
				seen = true
			}
		}
	}
	if !seen {
		out = append(out, v)
	}
	return out
}

// liftInto returns the ancestor of op (op included) in block b, or nil.
func liftInto(op *ir.Operation, b *ir.Block) *ir.Operation {
	for op != nil && op.Block() != b {
		op = op.ParentOp()
	}
	return op
}

func isLoop(op *ir.Operation) bool {
	switch op.Name() {
	case "scf.for", "scf.while", "scf.parallel", "scf.forall":
		return true
	}
	return false
}

// definedBefore reports whether v exists when w runs.
func definedBefore(v ir.Value, w *ir.Operation) bool {
	if a, ok := v.(*ir.BlockArgument); ok {
		for p := w; p != nil; p = p.ParentOp() {
			if p.Block() == a.Owner() {
				return true
			}
		}
		return false
	}
	d := ir.DefiningOp(v)
	if d == nil {
		return false
	}
	if a := liftInto(d, w.Block()); a != nil {
		return a != w && a.IsBeforeInBlock(w)
	}
	if a := liftInto(w, d.Block()); a != nil {
		return a != d && d.IsBeforeInBlock(a)
	}
	return false
}

// elementwiseSame reports whether w is a parallel linalg operation that
// reads operand i at the element it writes through operand j.
func elementwiseSame(w *ir.Operation, i, j int) bool {
	st, ok := linalg.AsStructuredOp(w)
	if !ok {
		return false
	}
	for _, it := range st.IteratorTypes() {
		if it != linalg.IteratorTypeParallel {
			return false
		}
	}
	maps := st.IndexingMaps()
	return i < len(maps) && j < len(maps) && maps[i].String() == maps[j].String()
}

// inPlace reports whether w may write operand idx (a tensor) in the buffer
// of that tensor.
func (s *state) inPlace(w *ir.Operation, idx int) bool {
	t := w.Operand(idx)
	if s.readonly[s.find(t)] {
		return false
	}
	for _, v := range s.members(t) {
		if !definedBefore(v, w) {
			continue
		}
		// A write in a loop that does not define v repeats.
		db := ir.ParentBlock(v)
		for p := w; p != nil && p.Block() != db; p = p.ParentOp() {
			if p != w && isLoop(p) {
				return false
			}
			if p.ParentOp() == nil {
				return false
			}
		}
		for u := v.FirstUse(); u != nil; u = u.Next() {
			o := u.Owner()
			if o == w && u.Index() == idx {
				continue
			}
			if a := liftInto(o, w.Block()); a != nil {
				if a == w {
					if o == w && elementwiseSame(w, u.Index(), idx) {
						continue
					}
					return false
				}
				if !a.IsBeforeInBlock(w) {
					return false
				}
				continue
			}
			if a := liftInto(w, o.Block()); a != nil && o != a && o.IsBeforeInBlock(a) {
				continue
			}
			return false
		}
	}
	return true
}

// --- types ---

func (s *state) identityType(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return s.ctx.MemRefType(t.Shape, t.Elem, nil, nil)
	case *ir.UnrankedTensorType:
		return s.ctx.UnrankedMemRefType(t.Elem, nil)
	}
	return t
}

func (s *state) dynamicType(t ir.Type) ir.Type {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		strides := make([]int64, len(rt.Shape))
		for i := range strides {
			strides[i] = ir.Dynamic
		}
		return s.ctx.MemRefType(rt.Shape, rt.Elem, s.ctx.StridedLayoutAttr(ir.Dynamic, strides), nil)
	}
	return s.identityType(t)
}

func isTensor(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

// tt returns the tensor type v had before its type was rewritten in place
// (function and loop block arguments), else its type.
func (s *state) tt(v ir.Value) ir.Type {
	if t, ok := s.orig[v]; ok {
		return t
	}
	return v.Type()
}

func (s *state) hasTensors(op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if isTensor(s.tt(v)) {
			return true
		}
	}
	for _, t := range op.ResultTypes() {
		if isTensor(t) {
			return true
		}
	}
	return false
}

// signature rewrites a function's type: ranked tensor arguments become
// memrefs with a fully dynamic layout, results memrefs with the identity
// layout, unranked tensors unranked memrefs.
func (s *state) signature(f *ir.Operation) error {
	ta, ok := f.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok {
		return nil
	}
	ft, ok := ta.Type.(*ir.FunctionType)
	if !ok {
		return nil
	}
	if !s.opts.FunctionBoundaries {
		for _, t := range append(append([]ir.Type{}, ft.Inputs...), ft.Results...) {
			if isTensor(t) {
				return ir.NewError(f.Loc(), "cannot bufferize a function with tensor arguments or results without bufferize-function-boundaries")
			}
		}
		return nil
	}
	ins := make([]ir.Type, len(ft.Inputs))
	for i, t := range ft.Inputs {
		ins[i] = s.dynamicType(t)
	}
	outs := make([]ir.Type, len(ft.Results))
	for i, t := range ft.Results {
		outs[i] = s.identityType(t)
	}
	f.SetAttr("function_type", s.ctx.TypeAttr(s.ctx.FunctionType(ins, outs)))
	if !f.Region(0).Empty() {
		for _, a := range f.Region(0).First().Arguments() {
			if isTensor(a.Type()) {
				s.orig[a] = a.Type()
				s.readonly[s.find(a)] = true
				s.parent[a] = a
				a.SetType(s.dynamicType(a.Type()))
				s.buf[a] = a
			}
		}
	}
	return nil
}

// --- rewriting ---

func (s *state) block(b *ir.Block) error {
	var ops []*ir.Operation
	b.Ops(func(op *ir.Operation) bool { ops = append(ops, op); return true })
	for _, op := range ops {
		if err := s.op(op); err != nil {
			return err
		}
	}
	return nil
}

func (s *state) bufferOf(user *ir.Operation, v ir.Value) (ir.Value, error) {
	if b, ok := s.buf[v]; ok {
		return b, nil
	}
	if !isTensor(s.tt(v)) {
		return v, nil
	}
	if s.opts.AllowUnknownOps {
		s.b.SetInsertionPoint(user)
		m := s.b.CreateOp("bufferization.to_buffer", []ir.Value{v}, []ir.Type{s.identityType(v.Type())})
		s.buf[v] = m.Result(0)
		return m.Result(0), nil
	}
	return nil, ir.NewError(user.Loc(), "failed to bufferize op: operand has no buffer")
}

func (s *state) alignment() ir.Attribute { return s.ctx.IntegerAttr(s.ctx.I(64), 64) }

func (s *state) cst(v int64) ir.Value {
	idx := s.ctx.IndexType()
	return arith.BuildConstant(s.b, s.b.Loc, s.ctx.IntegerAttr(idx, v), idx).Result()
}

// alloc allocates an identity buffer of tensor type t whose dynamic sizes
// are those of like (a buffer), or dyn when given.
func (s *state) alloc(t ir.Type, like ir.Value, dyn []ir.Value) ir.Value {
	mt := s.identityType(t).(*ir.MemRefType)
	if dyn == nil {
		for i, d := range mt.Shape {
			if d == ir.Dynamic {
				dyn = append(dyn, memref.BuildDim(s.b, s.b.Loc, like, s.cst(int64(i))).Result())
			}
		}
	}
	return memref.BuildAlloc(s.b, s.b.Loc, dyn, nil, mt, memref.AllocOptions{Alignment: s.alignment()}).Result(0)
}

// writable returns the buffer that op may write for its tensor operand
// idx: that operand's buffer when the write is in place, else a new
// buffer (a copy of it unless noCopy).
func (s *state) writable(op *ir.Operation, idx int, noCopy bool) (ir.Value, error) {
	t := op.Operand(idx)
	src, err := s.bufferOf(op, t)
	if err != nil {
		return nil, err
	}
	if s.inPlace(op, idx) {
		return src, nil
	}
	if _, ok := s.tt(t).(*ir.RankedTensorType); !ok {
		return nil, ir.NewError(op.Loc(), "failed to bufferize op: an unranked tensor needs a copy")
	}
	s.b.SetInsertionPoint(op)
	s.b.Loc = op.Loc()
	nb := s.alloc(s.tt(t), src, nil)
	if !noCopy {
		memref.BuildCopy(s.b, op.Loc(), src, nb)
	}
	return nb, nil
}

// aliasIf returns t when b is t's own buffer (a write in place), else nil.
func (s *state) aliasIf(t, b ir.Value) ir.Value {
	if s.buf[t] == b {
		return t
	}
	return nil
}

func (s *state) setResult(r ir.Value, b ir.Value, aliasOf ir.Value) {
	s.buf[r] = b
	if _, ok := s.parent[r]; !ok {
		s.parent[r] = r
	}
	if aliasOf != nil {
		s.union(r, aliasOf)
	}
}

func (s *state) op(op *ir.Operation) error {
	s.b.Loc = op.Loc()
	s.b.SetInsertionPoint(op)
	switch op.Name() {
	case "arith.constant":
		if !isTensor(op.Result(0).Type()) {
			return nil
		}
		return s.constant(op)
	case "func.return":
		return s.ret(op)
	case "func.call":
		return s.call(op)
	case "scf.for":
		return s.forOp(op)
	case "scf.if":
		return s.ifOp(op)
	case "scf.execute_region":
		if s.hasTensors(op) && op.Region(0).HasOneBlock() {
			return s.ifOp(op)
		}
	case "scf.yield":
		return nil // handled by the parent
	case "scf.forall":
		if s.hasTensors(op) {
			return s.forall(op)
		}
	case "tensor.parallel_insert_slice":
		return s.parallelInsertSlice(op)
	}
	if !s.hasTensors(op) {
		if op.Name() != "func.func" {
			for i := 0; i < op.NumRegions(); i++ {
				for _, b := range op.Region(i).Blocks() {
					if err := s.block(b); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	switch op.Name() {
	case "tensor.empty", "bufferization.alloc_tensor":
		var dyn []ir.Value
		for _, v := range op.Operands() {
			if !isTensor(s.tt(v)) {
				dyn = append(dyn, v)
			}
		}
		nb := memref.BuildAlloc(s.b, op.Loc(), dyn, nil, s.identityType(op.Result(0).Type()), memref.AllocOptions{Alignment: s.alignment()}).Result(0)
		if op.Name() == "bufferization.alloc_tensor" && op.NumOperands() > len(dyn) {
			src, err := s.bufferOf(op, op.Operand(op.NumOperands()-1))
			if err != nil {
				return err
			}
			memref.BuildCopy(s.b, op.Loc(), src, nb)
		}
		s.setResult(op.Result(0), nb, nil)
	case "tensor.extract":
		src, err := s.bufferOf(op, op.Operand(0))
		if err != nil {
			return err
		}
		v := memref.BuildLoad(s.b, op.Loc(), src, op.Operands()[1:]).Result()
		ir.ReplaceAllUsesWith(op.Result(0), v)
	case "tensor.insert":
		dst, err := s.writable(op, 1, false)
		if err != nil {
			return err
		}
		s.b.SetInsertionPoint(op)
		memref.BuildStore(s.b, op.Loc(), op.Operand(0), dst, op.Operands()[2:])
		s.setResult(op.Result(0), dst, s.aliasIf(op.Operand(1), dst))
	case "tensor.dim":
		src, err := s.bufferOf(op, op.Operand(0))
		if err != nil {
			return err
		}
		ir.ReplaceAllUsesWith(op.Result(0), memref.BuildDim(s.b, op.Loc(), src, op.Operand(1)).Result())
	case "tensor.cast":
		src, err := s.bufferOf(op, op.Operand(0))
		if err != nil {
			return err
		}
		rt := op.Result(0).Type()
		var to ir.Type
		if mt, ok := src.Type().(*ir.MemRefType); ok && mt.Layout != nil {
			to = s.dynamicType(rt)
		} else {
			to = s.identityType(rt)
		}
		s.setResult(op.Result(0), memref.BuildCast(s.b, op.Loc(), src, to).Result(0), op.Operand(0))
	case "tensor.from_elements":
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		nb := memref.BuildAlloc(s.b, op.Loc(), nil, nil, s.identityType(rt), memref.AllocOptions{Alignment: s.alignment()}).Result(0)
		idx := make([]int64, len(rt.Shape))
		for _, v := range op.Operands() {
			ivs := make([]ir.Value, len(idx))
			for i, x := range idx {
				ivs[i] = s.cst(x)
			}
			memref.BuildStore(s.b, op.Loc(), v, nb, ivs)
			for d := len(idx) - 1; d >= 0; d-- {
				idx[d]++
				if idx[d] < rt.Shape[d] {
					break
				}
				idx[d] = 0
			}
		}
		s.setResult(op.Result(0), nb, nil)
	case "tensor.generate":
		return s.generate(op)
	case "tensor.splat":
		return s.splat(op)
	case "tensor.concat":
		return s.concat(op)
	case "tensor.pad":
		return s.pad(op)
	case "tensor.extract_slice":
		return s.extractSlice(op)
	case "tensor.insert_slice":
		return s.insertSlice(op)
	case "tensor.collapse_shape", "tensor.expand_shape":
		return s.reshape(op)
	case "bufferization.to_tensor":
		s.setResult(op.Result(0), op.Operand(0), nil)
		s.readonly[s.find(op.Result(0))] = true
	default:
		if ir.DestinationStyleOp.Implements(op) && op.Name() != "tensor.insert" && op.Name() != "tensor.insert_slice" {
			return s.dps(op)
		}
		if s.opts.AllowUnknownOps {
			return nil
		}
		return ir.NewError(op.Loc(), "op was not bufferized")
	}
	s.dead = append(s.dead, op)
	return nil
}

// dps bufferizes a destination-style operation (linalg): inputs are read
// from their buffers, each init is written in place or in a new buffer.
func (s *state) dps(op *ir.Operation) error {
	dps, _ := ir.DestinationStyleOp.Of(op)
	first, n := dps.DPSInits(op)
	operands := make([]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		if i >= first && i < first+n && isTensor(s.tt(v)) {
			continue
		}
		b, err := s.bufferOf(op, v)
		if err != nil {
			return err
		}
		operands[i] = b
	}
	st, structured := linalg.AsStructuredOp(op)
	for i := first; i < first+n; i++ {
		v := op.Operand(i)
		if !isTensor(s.tt(v)) {
			operands[i] = v
			continue
		}
		noCopy := false
		if d := ir.DefiningOp(v); d != nil && d.Name() == "tensor.empty" {
			noCopy = true
		} else if structured && st.Body() != nil && i < st.Body().NumArguments() && !ir.HasUses(st.Body().Argument(i)) {
			noCopy = true
		}
		b, err := s.writable(op, i, noCopy)
		if err != nil {
			return err
		}
		operands[i] = b
	}
	regions := make([]*ir.Region, op.NumRegions())
	for i := range regions {
		r := &ir.Region{}
		r.TakeBody(op.Region(i))
		regions[i] = r
	}
	s.b.SetInsertionPoint(op)
	s.b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands, Regions: regions,
		Properties: op.Properties(), Attributes: op.Attrs()})
	k := 0
	for i := first; i < first+n; i++ {
		if isTensor(s.tt(op.Operand(i))) && k < op.NumResults() {
			s.setResult(op.Result(k), operands[i], s.aliasIf(op.Operand(i), operands[i]))
			k++
		}
	}
	s.dead = append(s.dead, op)
	return nil
}

func (s *state) generate(op *ir.Operation) error {
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	nb := memref.BuildAlloc(s.b, op.Loc(), op.Operands(), nil, s.identityType(rt), memref.AllocOptions{Alignment: s.alignment()}).Result(0)
	ubs := make([]ir.Value, len(rt.Shape))
	dyn := 0
	for d, sz := range rt.Shape {
		if sz == ir.Dynamic {
			ubs[d] = op.Operand(dyn)
			dyn++
		} else {
			ubs[d] = s.cst(sz)
		}
	}
	s.fill(op, nb, ubs)
	s.setResult(op.Result(0), nb, nil)
	s.dead = append(s.dead, op)
	return nil
}

// fill stores into every element of nb (sizes ubs) the value op's region
// yields (tensor.yield) for its indices, with an scf.for nest.
func (s *state) fill(op *ir.Operation, nb ir.Value, ubs []ir.Value) {
	body := op.Region(0).First()
	ivs := make([]ir.Value, len(ubs))
	zero, one := s.cst(0), s.cst(1)
	for d := range ubs {
		f := scf.BuildFor(s.b, op.Loc(), zero, ubs[d], one, nil, nil)
		blk := f.Region().First()
		ivs[d] = blk.Argument(0)
		s.b.SetInsertionPointToEnd(blk)
		scf.BuildYield(s.b, op.Loc(), nil)
		s.b.SetInsertionPoint(blk.Terminator())
	}
	mapping := map[ir.Value]ir.Value{}
	for i, a := range body.Arguments() {
		mapping[a] = ivs[i]
	}
	for o := body.First(); o != nil; o = o.Next() {
		if o.Name() == "tensor.yield" {
			v := o.Operand(0)
			if m, ok := mapping[v]; ok {
				v = m
			}
			memref.BuildStore(s.b, o.Loc(), v, nb, ivs)
			continue
		}
		c := o.Clone(mapping)
		s.b.Insert(c)
		for k, r := range o.Results() {
			mapping[r] = c.Result(k)
		}
	}
	s.b.SetInsertionPoint(op)
}

// pad bufferizes tensor.pad: a new buffer (whose dynamic sizes are the
// source's plus the low and high padding) filled with the padding value,
// the source copied into its interior.
func (s *state) pad(op *ir.Operation) error {
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	st, ok := s.tt(op.Operand(0)).(*ir.RankedTensorType)
	if !ok || len(st.Shape) != len(rt.Shape) {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.pad")
	}
	src, err := s.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	seg := interp.DenseArray(op.InherentAttr("operandSegmentSizes"))
	if len(seg) != 3 || int(1+seg[1]+seg[2]) > op.NumOperands() {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.pad")
	}
	low := op.Operands()[1 : 1+seg[1]]
	high := op.Operands()[1+seg[1] : 1+seg[1]+seg[2]]
	staticLow := interp.DenseArray(op.InherentAttr("static_low"))
	staticHigh := interp.DenseArray(op.InherentAttr("static_high"))
	lows, okLow := s.mixed(staticLow, low, len(rt.Shape))
	highs, okHigh := s.mixed(staticHigh, high, len(rt.Shape))
	if !okLow || !okHigh {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.pad")
	}
	ubs := make([]ir.Value, len(rt.Shape))
	var dyn []ir.Value
	for d, sz := range rt.Shape {
		if sz != ir.Dynamic {
			ubs[d] = s.cst(sz)
			continue
		}
		// The size of a dynamic dimension: the source's plus the padding.
		var n ir.Value
		if st.Shape[d] == ir.Dynamic {
			n = memref.BuildDim(s.b, op.Loc(), src, s.cst(int64(d))).Result()
		} else {
			n = s.cst(st.Shape[d])
		}
		n = arith.BuildAddi(s.b, op.Loc(), n, lows[d]).Result()
		n = arith.BuildAddi(s.b, op.Loc(), n, highs[d]).Result()
		ubs[d] = n
		dyn = append(dyn, n)
	}
	nb := memref.BuildAlloc(s.b, op.Loc(), dyn, nil, s.identityType(rt), memref.AllocOptions{Alignment: s.alignment()}).Result(0)
	s.fill(op, nb, ubs)
	var sizes []ir.Value
	for d, sz := range st.Shape {
		if sz == ir.Dynamic {
			sizes = append(sizes, memref.BuildDim(s.b, op.Loc(), src, s.cst(int64(d))).Result())
		}
	}
	ones := make([]int64, len(st.Shape))
	for i := range ones {
		ones[i] = 1
	}
	sv, err := s.subviewRaw(op, nb, low, sizes, nil, staticLow, st.Shape, ones, st)
	if err != nil {
		return err
	}
	memref.BuildCopy(s.b, op.Loc(), src, sv)
	s.setResult(op.Result(0), nb, nil)
	s.dead = append(s.dead, op)
	return nil
}

// mixed returns the n values of a static array whose ir.Dynamic entries
// are taken in order from dyn (an index constant for the others), and
// whether the two agree.
func (s *state) mixed(static []int64, dyn []ir.Value, n int) ([]ir.Value, bool) {
	if len(static) != n {
		return nil, false
	}
	out := make([]ir.Value, n)
	k := 0
	for i, v := range static {
		if v != ir.Dynamic {
			out[i] = s.cst(v)
			continue
		}
		if k >= len(dyn) {
			return nil, false
		}
		out[i] = dyn[k]
		k++
	}
	return out, k == len(dyn)
}

func (s *state) reshape(op *ir.Operation) error {
	src, err := s.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	if mt, ok := src.Type().(*ir.MemRefType); !ok || mt.Layout != nil {
		// Only identity buffers are reshaped in place.
		nb := s.alloc(s.tt(op.Operand(0)), src, nil)
		memref.BuildCopy(s.b, op.Loc(), src, nb)
		src = nb
	}
	name := "memref.collapse_shape"
	if op.Name() == "tensor.expand_shape" {
		name = "memref.expand_shape"
	}
	r := s.b.Create(&ir.OperationState{Name: s.ctx.OpName(name), Loc: op.Loc(), Operands: append([]ir.Value{src}, op.Operands()[1:]...),
		ResultTypes: []ir.Type{s.identityType(op.Result(0).Type())}, Properties: op.Properties(), Attributes: op.Attrs()})
	s.setResult(op.Result(0), r.Result(0), op.Operand(0))
	s.dead = append(s.dead, op)
	return nil
}

func (s *state) constant(op *ir.Operation) error {
	attr := op.InherentAttr("value")
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	name, ok := s.globals[attr]
	if !ok {
		var sb strings.Builder
		sb.WriteString("__constant_")
		for _, d := range rt.Shape {
			fmt.Fprintf(&sb, "%dx", d)
		}
		sb.WriteString(asm.TypeString(rt.Elem))
		name = sb.String()
		for i := 0; s.names[name]; i++ {
			name = fmt.Sprintf("%s_%d", sb.String(), i)
		}
		s.names[name] = true
		s.globals[attr] = name
		gb := ir.NewBuilder(s.ctx)
		gb.Loc = op.Loc()
		top := s.module.Region(0).First()
		gb.SetInsertionPointToStart(top)
		vis := "private"
		memref.BuildGlobal(gb, op.Loc(), name, s.ctx.TypeAttr(s.identityType(rt)), memref.GlobalOptions{SymVisibility: &vis, InitialValue: attr, Constant: true, Alignment: s.alignment()})
	}
	g := memref.BuildGetGlobal(s.b, op.Loc(), name, s.identityType(rt)).Result()
	s.setResult(op.Result(0), g, nil)
	s.readonly[s.find(op.Result(0))] = true
	s.dead = append(s.dead, op)
	return nil
}

func (s *state) ret(op *ir.Operation) error {
	if !s.hasTensors(op) {
		return nil
	}
	f := op.ParentOp()
	ft := f.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
	vals := make([]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		b, err := s.bufferOf(op, v)
		if err != nil {
			return err
		}
		if i < len(ft.Results) && (b.Type() != ft.Results[i] || s.readonly[s.find(v)]) {
			if _, ok := ft.Results[i].(*ir.UnrankedMemRefType); ok {
				b = memref.BuildCast(s.b, op.Loc(), b, ft.Results[i]).Result(0)
			} else {
				nb := s.alloc(s.tt(v), b, nil)
				memref.BuildCopy(s.b, op.Loc(), b, nb)
				b = nb
			}
		}
		if _, ok := s.tt(v).(*ir.RankedTensorType); ok && b.Type() == s.identityType(s.tt(v)) {
			// Upstream reads the returned buffer with the fully dynamic
			// layout of function boundaries and then returns the cast's
			// source, leaving the cast unused.
			memref.BuildCast(s.b, op.Loc(), b, s.dynamicType(s.tt(v)))
		}
		vals[i] = b
	}
	op.SetOperands(vals)
	return nil
}

func (s *state) call(op *ir.Operation) error {
	if !s.hasTensors(op) {
		return nil
	}
	ref, _ := op.InherentAttr("callee").(*ir.SymbolRefAttr)
	var callee *ir.Operation
	if ref != nil {
		callee = s.funcs[ref.Root]
	}
	if callee == nil || !s.opts.FunctionBoundaries {
		return ir.NewError(op.Loc(), "failed to bufferize a call with tensors: the callee is unknown or function boundaries are not bufferized")
	}
	ft := callee.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
	args := make([]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		b, err := s.bufferOf(op, v)
		if err != nil {
			return err
		}
		if callee.Region(0).Empty() && isTensor(s.tt(v)) {
			b = s.externalArg(op, i, v, b)
		}
		if i < len(ft.Inputs) && b.Type() != ft.Inputs[i] {
			b = memref.BuildCast(s.b, op.Loc(), b, ft.Inputs[i]).Result(0)
		}
		args[i] = b
	}
	nc := s.b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: args, ResultTypes: ft.Results,
		Properties: op.Properties(), Attributes: op.Attrs()})
	for i, r := range op.Results() {
		if !isTensor(r.Type()) {
			ir.ReplaceAllUsesWith(r, nc.Result(i))
			continue
		}
		s.setResult(r, nc.Result(i), nil)
		// A function with a body returns new buffers with the identity
		// layout (ret copies anything else); an external function or an
		// unranked result may return an alias of an operand.
		if _, ranked := nc.Result(i).Type().(*ir.MemRefType); ranked && !callee.Region(0).Empty() {
			continue
		}
		for _, v := range op.Operands() {
			if isTensor(s.tt(v)) {
				s.union(r, v)
			}
		}
	}
	s.dead = append(s.dead, op)
	return nil
}

// externalArg returns the buffer passed for tensor operand i of a call
// to a function without a body. As upstream, such a callee may write its
// arguments, and it sees the identity layout of a tensor: the buffer is
// copied unless the call may write it in place and it has that layout
// (looking through memref.cast).
func (s *state) externalArg(op *ir.Operation, i int, v, b ir.Value) ir.Value {
	base := b
	for {
		d := ir.DefiningOp(base)
		if d == nil || d.Name() != "memref.cast" {
			break
		}
		base = d.Operand(0)
	}
	mt, ok := base.Type().(*ir.MemRefType)
	if !ok {
		return b
	}
	if mt.Layout == nil && s.inPlace(op, i) {
		return b
	}
	tt := s.ctx.RankedTensorType(mt.Shape, mt.Elem, nil)
	s.b.SetInsertionPoint(op)
	nb := s.alloc(tt, base, nil)
	memref.BuildCopy(s.b, op.Loc(), base, nb)
	return nb
}

// forOp bufferizes scf.for: tensor iter_args become identity memrefs
// whose buffer is the init's (in place) or a copy; a yielded buffer other
// than the iteration's own is copied into a new one.
func (s *state) forOp(op *ir.Operation) error {
	body := op.Region(0).First()
	inits := op.Operands()[3:]
	newInits := make([]ir.Value, len(inits))
	for i, v := range inits {
		if !isTensor(s.tt(v)) {
			newInits[i] = v
			continue
		}
		b, err := s.writable(op, 3+i, false)
		if err != nil {
			return err
		}
		want := s.identityType(s.tt(v))
		if _, ok := want.(*ir.MemRefType); !ok {
			return ir.NewError(op.Loc(), "failed to bufferize op: unranked tensor iter_args are not supported")
		}
		if b.Type() != want {
			s.b.SetInsertionPoint(op)
			nb := s.alloc(s.tt(v), b, nil)
			memref.BuildCopy(s.b, op.Loc(), b, nb)
			b = nb
		}
		newInits[i] = b
		a := body.Argument(1 + i)
		s.orig[a] = a.Type()
		a.SetType(want)
		s.buf[a] = a
		s.parent[a] = a
	}
	if err := s.block(body); err != nil {
		return err
	}
	y := body.Terminator()
	vals := make([]ir.Value, y.NumOperands())
	for i, v := range y.Operands() {
		if !isTensor(s.tt(v)) {
			vals[i] = v
			continue
		}
		b, err := s.bufferOf(y, v)
		if err != nil {
			return err
		}
		if a := body.Argument(1 + i); b != a {
			s.b.SetInsertionPoint(y)
			nb := s.alloc(s.tt(v), b, nil)
			memref.BuildCopy(s.b, y.Loc(), b, nb)
			b = nb
		}
		vals[i] = b
	}
	y.SetOperands(vals)
	types := make([]ir.Type, len(newInits))
	for i, v := range newInits {
		types[i] = v.Type()
	}
	r := &ir.Region{}
	r.TakeBody(op.Region(0))
	s.b.SetInsertionPoint(op)
	nf := s.b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: append(op.Operands()[:3:3], newInits...),
		ResultTypes: types, Regions: []*ir.Region{r}, Properties: op.Properties(), Attributes: op.Attrs()})
	for i, res := range op.Results() {
		if isTensor(res.Type()) {
			s.setResult(res, nf.Result(i), s.aliasIf(inits[i], newInits[i]))
		} else {
			ir.ReplaceAllUsesWith(res, nf.Result(i))
		}
	}
	s.dead = append(s.dead, op)
	return nil
}

// ifOp bufferizes scf.if (and a one-block scf.execute_region): each region is bufferized, then the yields
// return buffers of one type (a dynamic layout when the branches differ).
func (s *state) ifOp(op *ir.Operation) error {
	var yields []*ir.Operation
	for i := 0; i < op.NumRegions(); i++ {
		if op.Region(i).Empty() {
			continue
		}
		b := op.Region(i).First()
		if err := s.block(b); err != nil {
			return err
		}
		yields = append(yields, b.Terminator())
	}
	types := op.ResultTypes()
	bufs := make([][]ir.Value, len(yields))
	for k, y := range yields {
		bufs[k] = make([]ir.Value, y.NumOperands())
		for i, v := range y.Operands() {
			b, err := s.bufferOf(y, v)
			if err != nil {
				return err
			}
			bufs[k][i] = b
		}
	}
	for i, t := range types {
		if !isTensor(t) {
			continue
		}
		nt := bufs[0][i].Type()
		for k := range yields {
			if bufs[k][i].Type() != nt {
				nt = s.dynamicType(t)
			}
		}
		types[i] = nt
		for k, y := range yields {
			if bufs[k][i].Type() != nt {
				s.b.SetInsertionPoint(y)
				bufs[k][i] = memref.BuildCast(s.b, y.Loc(), bufs[k][i], nt).Result(0)
			}
		}
	}
	tvals := make([][]ir.Value, len(yields))
	for k, y := range yields {
		tvals[k] = y.Operands()
		y.SetOperands(bufs[k])
	}
	regions := make([]*ir.Region, op.NumRegions())
	for i := range regions {
		r := &ir.Region{}
		r.TakeBody(op.Region(i))
		regions[i] = r
	}
	s.b.SetInsertionPoint(op)
	ni := s.b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: op.Operands(), ResultTypes: types,
		Regions: regions, Properties: op.Properties(), Attributes: op.Attrs()})
	for i, res := range op.Results() {
		if !isTensor(res.Type()) {
			ir.ReplaceAllUsesWith(res, ni.Result(i))
			continue
		}
		s.setResult(res, ni.Result(i), nil)
		for k := range yields {
			s.union(res, tvals[k][i])
		}
	}
	s.dead = append(s.dead, op)
	return nil
}
