// Package bufferize holds the bufferization of the scf dialect's
// operations on tensors (MLIR's scf BufferizableOpInterface external
// models): Register attaches them to a context, for one-shot-bufferize.
package bufferize

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
)

// Register attaches the bufferization models of the scf dialect's
// operations to ctx.
func Register(ctx *ir.Context) {
	attachModel := func(name string, m bufferization.BufferizableOpInterface) {
		bufferization.BufferizableOp.AttachTo(ctx, name, m)
	}
	attachModel("scf.for", forModel{model((*state).forOp)})
	attachModel("scf.if", branchesModel{model((*state).ifOp)})
	attachModel("scf.execute_region", executeRegionModel{branchesModel{model((*state).executeRegion)}})
	attachModel("scf.forall", forallModel{model((*state).forall)})
	attachModel("scf.while", whileModel{model((*state).whileOp)})
	// A yield or a condition is bufferized by its parent.
	none := model(func(*state, *ir.Operation) error { return nil })
	attachModel("scf.yield", terminatorModel{none})
	attachModel("scf.condition", terminatorModel{none})
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

// executeRegion bufferizes scf.execute_region as scf.if's regions are,
// after giving the tensor arguments of its blocks buffer types.
func (s *state) executeRegion(op *ir.Operation) error {
	return s.BufferizeBlockSignatures(op, op.Region(0), func() error { return s.branches(op, false) })
}

// forall bufferizes scf.forall as upstream does: each shared output is
// written in its buffer (that of the init when the loop may write it in
// place, else a new one), the loop loses its outputs and results, and
// the body reads the outputs' buffers.
func (s *state) forall(op *ir.Operation) error {
	seg := interp.DenseArray(op.InherentAttr("operandSegmentSizes"))
	if len(seg) != 4 || op.NumRegions() != 1 || !op.Region(0).HasOneBlock() {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed scf.forall")
	}
	nb := int(seg[0] + seg[1] + seg[2])
	outs := op.Operands()[nb:]
	body := op.Region(0).First()
	rank := body.NumArguments() - len(outs)
	if rank < 0 {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed scf.forall")
	}
	bufs := make([]ir.Value, len(outs))
	for i, v := range outs {
		b, err := s.Writable(op, nb+i, !s.UndefinedContents(v))
		if err != nil {
			return err
		}
		bufs[i] = b
	}
	s.b.SetInsertionPoint(op)
	ops := op.Operands()
	nf := scf.BuildForall(s.b, op.Loc(), ops[:seg[0]], ops[seg[0]:seg[0]+seg[1]], ops[seg[0]+seg[1]:nb], nil, op.InherentAttr("staticLowerBound"), op.InherentAttr("staticUpperBound"), op.InherentAttr("staticStep"), nil, scf.ForallOptions{Mapping: op.InherentAttr("mapping")})
	nf.Operation.Region(0).TakeBody(op.Region(0))
	for i, v := range outs {
		a := body.Argument(rank + i)
		// The shared output is written by the loop, whose own operand
		// decides whether that happens in place: writes into it in the
		// body are not writes of the init repeated by each iteration.
		s.MapRegionArgument(a, bufs[i])
		s.SetResult(op.Result(i), bufs[i], s.InPlaceAlias(v, bufs[i]))
	}
	if err := s.BufferizeBlock(body); err != nil {
		return err
	}
	// What still uses a shared output is a replaced operation, erased
	// with the function's other replaced operations: it reads the buffer
	// until then.
	for i := len(outs) - 1; i >= 0; i-- {
		ir.ReplaceAllUsesWith(body.Argument(rank+i), bufs[i])
		body.EraseArgument(rank + i)
	}
	s.Erase(op)
	return nil
}

// forOp bufferizes scf.for as upstream does: each tensor iter_arg takes
// the type of its init's buffer (the identity layout or, for any other
// layout, the fully dynamic one), and its buffer is the init's (in place)
// or a copy. A yielded buffer of another type is cast to it (or copied
// into an identity buffer, which cannot be cast to); a yielded tensor that
// may share the buffer of a value defined outside the loop, other than
// its own iter_arg, is copied into a new buffer.
func (s *state) forOp(op *ir.Operation) error {
	body := op.Region(0).First()
	inits := op.Operands()[3:]
	newInits := make([]ir.Value, len(inits))
	for i, v := range inits {
		if !bufferization.IsTensor(s.TensorType(v)) {
			newInits[i] = v
			continue
		}
		b, err := s.Writable(op, 3+i, !s.UndefinedContents(v))
		if err != nil {
			return err
		}
		want, err := s.iterTypeOf(op, v, b)
		if err != nil {
			return err
		}
		a := body.Argument(1 + i)
		if s.WithoutAnalysis() {
			want = s.loopArgType(v, want, body.Terminator().Operand(i), map[ir.Value]ir.Type{a: want})
		}
		if b.Type() != want {
			s.b.SetInsertionPoint(op)
			b = memref.BuildCast(s.b, op.Loc(), b, want).Result(0)
		}
		newInits[i] = b
		s.RetypeRegionArgument(a, want)
	}
	if err := s.BufferizeBlock(body); err != nil {
		return err
	}
	y := body.Terminator()
	vals := make([]ir.Value, y.NumOperands())
	// equiv[i]: the loop yields its iter_arg's own buffer at i.
	equiv := make([]bool, y.NumOperands())
	for i, v := range y.Operands() {
		if !bufferization.IsTensor(s.TensorType(v)) {
			vals[i] = v
			continue
		}
		b, err := s.Buffer(y, v)
		if err != nil {
			return err
		}
		a := body.Argument(1 + i)
		if memref.MemorySpaceOf(b.Type()) != memref.MemorySpaceOf(a.Type()) {
			s.yieldOnTensors(op, i, b)
			return ir.Diagnostics{ir.OpError(op, "init_arg and yielded value bufferize to inconsistent memory spaces"), ir.EmitError(y, "failed to bufferize op")}
		}
		equiv[i] = s.IsBuffer(b, a)
		if bufferization.IsDialectTensor(s.TensorType(v)) {
			// A dialect's tensor-like value is not analyzed: its
			// buffer is passed on as it is, as upstream.
			vals[i] = b
			continue
		}
		if !s.Options().AllowReturnAllocsFromLoops && !equiv[i] {
			return ir.EmitError(y, fmt.Sprintf("Yield operand #%d is not equivalent to the corresponding iter bbArg", i))
		}
		if b != a && (b.Type() != a.Type() && a.Type() == s.IdentityType(s.TensorType(v)) || !s.WithoutAnalysis() && !s.ResolvedOnTensors() && s.aliasesOutside(v, op.Region(0), a)) {
			s.b.SetInsertionPoint(y)
			nb := s.Alloc(s.TensorType(v), b, nil)
			memref.BuildCopy(s.b, y.Loc(), b, nb)
			b = nb
		}
		vals[i] = b
	}
	// As upstream, the copies come first, then the casts.
	for i, b := range vals {
		if a := body.Argument(1 + i); bufferization.IsTensor(s.TensorType(y.Operand(i))) && b.Type() != a.Type() {
			s.b.SetInsertionPoint(y)
			vals[i] = memref.BuildCast(s.b, y.Loc(), b, a.Type()).Result(0)
		}
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
		if bufferization.IsTensor(res.Type()) {
			s.SetResult(res, nf.Result(i), s.InPlaceAlias(inits[i], newInits[i]))
			if i < len(equiv) && equiv[i] {
				// Every iteration yields the buffer it was given: the
				// result is the buffer of the init.
				s.SameBuffer(nf.Result(i), newInits[i])
			}
		} else {
			ir.ReplaceAllUsesWith(res, nf.Result(i))
		}
	}
	s.Erase(op)
	return nil
}

// yieldOnTensors leaves op, an scf.for whose yield fails at operand i,
// whose buffer is b, as upstream has it then. Upstream rewrites the
// loop's body before the loop, with its iteration arguments still
// tensors, and copies a yielded tensor that may share a buffer defined
// outside the loop before it rewrites anything (tensor copy insertion):
// the copy, rewritten with the body, is read back as a tensor for the
// yield. The iteration arguments nothing uses get their tensor types
// back.
func (s *state) yieldOnTensors(op *ir.Operation, i int, b ir.Value) {
	body := op.Region(0).First()
	y := body.Terminator()
	v := y.Operand(i)
	if !s.WithoutAnalysis() && !s.ResolvedOnTensors() && s.aliasesOutside(v, op.Region(0), body.Argument(1+i)) {
		s.b.SetInsertionPoint(y)
		nb := s.Alloc(s.TensorType(v), b, nil)
		memref.BuildCopy(s.b, y.Loc(), b, nb)
		y.SetOperand(i, bufferization.BuildToTensor(s.b, y.Loc(), nb, s.TensorType(v)).Result())
	}
	for _, a := range body.Arguments()[1:] {
		if t := s.TensorType(a); bufferization.IsTensor(t) && !ir.HasUses(a) {
			a.SetType(t)
		}
	}
}

// loopArgType returns the buffer type of a loop's iteration argument
// whose init v has a buffer of type init, as upstream finds it without
// the analysis: init when the value yielded to a has a buffer of that
// type too, given the types of the loop's region arguments in assume,
// else the fully dynamic layout (in init's memory space, the yielded
// buffer's being checked where it is yielded).
func (s *state) loopArgType(v ir.Value, init ir.Type, yielded ir.Value, assume map[ir.Value]ir.Type) ir.Type {
	if yt := s.BufferTypeAssuming(yielded, assume); yt == nil || yt == init || memref.MemorySpaceOf(yt) != memref.MemorySpaceOf(init) {
		return init
	}
	d, ok := s.DynamicType(s.TensorType(v)).(*ir.MemRefType)
	if !ok {
		return init
	}
	return s.ctx.MemRefType(d.Shape, d.Elem, d.Layout, memref.MemorySpaceOf(init))
}

// aliasesOutside reports whether the tensor v may share the buffer of a
// value defined outside region r other than except (MLIR's
// doesNotAliasExternalValue, negated).
func (s *state) aliasesOutside(v ir.Value, r *ir.Region, except ir.Value) bool {
	for _, m := range s.Aliases(v) {
		if m == except {
			continue
		}
		blk := ir.ParentBlock(m)
		if blk == nil {
			return true
		}
		p := blk.Parent()
		// The loop's own block arguments are defined outside its body.
		if _, arg := m.(*ir.BlockArgument); arg && p == r || !r.IsAncestor(p) {
			return true
		}
	}
	return false
}

// ifOp bufferizes scf.if as branches does, each yield casting its
// buffers, once its region is rewritten, to the type upstream gives the
// results then: from the buffers of the regions rewritten and the
// buffer types predicted for what the others yield
// (State.PredictedBufferType), the one type when they agree, else the
// fully dynamic layout. A later region's tensor.empty is predicted with
// the layout of unknown-type-conversion, so that the yields of the
// regions before it cast their buffers to it.
func (s *state) ifOp(op *ir.Operation) error { return s.branches(op, true) }

// branches bufferizes scf.if and scf.execute_region: each block is
// bufferized, then the yields return buffers of one type (a dynamic
// layout when the branches differ). With castAtYield, each region's
// yields first cast their buffers as ifOp says.
func (s *state) branches(op *ir.Operation, castAtYield bool) error {
	var yields []*ir.Operation
	var bufs [][]ir.Value
	for i := 0; i < op.NumRegions(); i++ {
		for _, b := range op.Region(i).Blocks() {
			if err := s.BufferizeBlock(b); err != nil {
				return err
			}
		}
		// Each region's yields take their buffers once their region is
		// rewritten, before the next region, as upstream's walk.
		for _, b := range op.Region(i).Blocks() {
			y := b.Terminator()
			if y == nil || y.NumSuccessors() != 0 {
				continue
			}
			yb := make([]ir.Value, y.NumOperands())
			for k, v := range y.Operands() {
				buf, err := s.Buffer(y, v)
				if err != nil {
					return err
				}
				yb[k] = buf
			}
			if castAtYield {
				if err := s.castYielded(op, i, y, yb, bufs); err != nil {
					return err
				}
			}
			yields = append(yields, y)
			bufs = append(bufs, yb)
		}
	}
	types := op.ResultTypes()
	for i, t := range types {
		if !bufferization.IsTensor(t) {
			continue
		}
		nt := bufs[0][i].Type()
		for k := range yields {
			if memref.MemorySpaceOf(bufs[k][i].Type()) != memref.MemorySpaceOf(nt) {
				// As upstream, the branches' buffers may not be in
				// different memory spaces; the failure is the first
				// yield's, which upstream bufferizes first.
				return ir.Diagnostics{ir.EmitError(op, "inconsistent memory space on then/else branches"), ir.EmitError(yields[0], "failed to bufferize op")}
			}
		}
		for k := range yields {
			if bufs[k][i].Type() != nt {
				nt = s.DynamicType(t)
				// In the memory space of the buffers.
				if m0, ok := bufs[0][i].Type().(*ir.MemRefType); ok && m0.MemorySpace != nil {
					if d, ok := nt.(*ir.MemRefType); ok {
						nt = s.ctx.MemRefType(d.Shape, d.Elem, d.Layout, m0.MemorySpace)
					}
				}
				break
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
		if !bufferization.IsTensor(res.Type()) {
			ir.ReplaceAllUsesWith(res, ni.Result(i))
			continue
		}
		s.SetResult(res, ni.Result(i), nil)
		for k := range yields {
			s.Alias(res, tvals[k][i])
		}
	}
	s.Erase(op)
	return nil
}

// castYielded casts the buffers yb that y, the yield of op's region i,
// yields, to the types of op's results as upstream's getBufferType of
// scf.if finds them when y is rewritten: done holds the buffers the
// yields of the regions before i yield, and what the yields of the
// regions after i yield is not rewritten yet.
func (s *state) castYielded(op *ir.Operation, i int, y *ir.Operation, yb []ir.Value, done [][]ir.Value) error {
	for k, t := range op.ResultTypes() {
		if !bufferization.IsTensor(t) || k >= len(yb) {
			continue
		}
		types := make([]ir.Type, 0, op.NumRegions())
		for _, d := range done {
			if k < len(d) {
				types = append(types, d[k].Type())
			}
		}
		types = append(types, yb[k].Type())
		for j := i + 1; j < op.NumRegions(); j++ {
			r := op.Region(j)
			if r.Empty() {
				continue
			}
			ly := r.First().Terminator()
			if ly == nil || k >= ly.NumOperands() {
				continue
			}
			pt, err := s.PredictedBufferType(ly.Operand(k))
			if err != nil {
				return err
			}
			types = append(types, pt)
		}
		nt := types[0]
		for _, ct := range types[1:] {
			if ct == nt {
				continue
			}
			if memref.MemorySpaceOf(ct) != memref.MemorySpaceOf(nt) {
				return ir.Diagnostics{ir.EmitError(op, "inconsistent memory space on then/else branches"), ir.EmitError(y, "failed to bufferize op")}
			}
			nt = s.DynamicType(t)
			if d, ok := nt.(*ir.MemRefType); ok && memref.MemorySpaceOf(types[0]) != nil {
				nt = s.ctx.MemRefType(d.Shape, d.Elem, d.Layout, memref.MemorySpaceOf(types[0]))
			}
			break
		}
		if yb[k].Type() != nt {
			s.b.SetInsertionPoint(y)
			yb[k] = memref.BuildCast(s.b, y.Loc(), yb[k], nt).Result(0)
		}
	}
	return nil
}

// whileOp bufferizes scf.while as upstream does: each tensor init is
// written in place or copied, and the "before" arguments take the type
// of the init's buffer (the identity layout or the fully dynamic one).
// scf.condition passes on a buffer as it is when it is the "before"
// argument of its position and the "do" region yields the buffer of its
// own argument there; otherwise (with allow-return-allocs-from-loops) it
// passes a copy. The "after" arguments and the results take the types
// of what scf.condition passes; scf.yield casts its buffers to the
// "before" types.
func (s *state) whileOp(op *ir.Operation) error {
	if op.NumRegions() != 2 || !op.Region(0).HasOneBlock() || !op.Region(1).HasOneBlock() {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed scf.while")
	}
	before, after := op.Region(0).First(), op.Region(1).First()
	cond, y := before.Terminator(), after.Terminator()
	if cond == nil || y == nil || before.NumArguments() != op.NumOperands() || after.NumArguments() != cond.NumOperands()-1 ||
		y.NumOperands() != op.NumOperands() || op.NumResults() != after.NumArguments() {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed scf.while")
	}
	inits := make([]ir.Value, op.NumOperands())
	wants := make([]ir.Type, op.NumOperands())
	for i, v := range op.Operands() {
		if !bufferization.IsTensor(s.TensorType(v)) {
			inits[i] = v
			continue
		}
		b, err := s.Writable(op, i, !s.UndefinedContents(v))
		if err != nil {
			return err
		}
		if wants[i], err = s.iterTypeOf(op, v, b); err != nil {
			return err
		}
		inits[i] = b
	}
	if s.WithoutAnalysis() {
		s.whileArgTypes(op, wants)
	}
	for i, b := range inits {
		if wants[i] == nil {
			continue
		}
		if b.Type() != wants[i] {
			s.b.SetInsertionPoint(op)
			b = memref.BuildCast(s.b, op.Loc(), b, wants[i]).Result(0)
		}
		inits[i] = b
		s.RetypeRegionArgument(before.Argument(i), wants[i])
	}
	// Which "do" yields give back the buffer of their own argument, known
	// before either region is rewritten.
	equivAfter := make([]bool, y.NumOperands())
	for i, v := range y.Operands() {
		equivAfter[i] = i < after.NumArguments() && equivalentTensor(v, after.Argument(i))
	}
	if err := s.BufferizeBlock(before); err != nil {
		return err
	}
	args := cond.Operands()[1:]
	bufs := make([]ir.Value, len(args))
	for i, v := range args {
		if !bufferization.IsTensor(s.TensorType(v)) {
			bufs[i] = v
			continue
		}
		b, err := s.Buffer(cond, v)
		if err != nil {
			return err
		}
		equiv := i < before.NumArguments() && s.IsBuffer(b, before.Argument(i)) || bufferization.IsDialectTensor(s.TensorType(v))
		if !equiv && !s.Options().AllowReturnAllocsFromLoops {
			return ir.EmitError(cond, fmt.Sprintf("Condition arg #%d is not equivalent to the corresponding iter bbArg", i))
		}
		if (!equiv || i >= len(equivAfter) || !equivAfter[i]) && !s.ResolvedOnTensors() && !s.WithoutAnalysis() && !bufferization.IsDialectTensor(s.TensorType(v)) {
			if _, ok := s.TensorType(v).(*ir.RankedTensorType); !ok {
				return ir.NewError(cond.Loc(), "failed to bufferize op: an unranked tensor needs a copy")
			}
			s.b.SetInsertionPoint(cond)
			nb := s.Alloc(s.TensorType(v), b, nil)
			memref.BuildCopy(s.b, cond.Loc(), b, nb)
			b = nb
		}
		bufs[i] = b
		s.RetypeRegionArgument(after.Argument(i), b.Type())
	}
	cond.SetOperands(append([]ir.Value{cond.Operand(0)}, bufs...))
	if err := s.BufferizeBlock(after); err != nil {
		return err
	}
	vals := make([]ir.Value, y.NumOperands())
	for i, v := range y.Operands() {
		if !bufferization.IsTensor(s.TensorType(v)) {
			vals[i] = v
			continue
		}
		b, err := s.Buffer(y, v)
		if err != nil {
			return err
		}
		if !s.Options().AllowReturnAllocsFromLoops && !bufferization.IsDialectTensor(s.TensorType(v)) && (i >= after.NumArguments() || !s.IsBuffer(b, after.Argument(i))) {
			return ir.EmitError(y, fmt.Sprintf("Yield operand #%d is not equivalent to the corresponding iter bbArg", i))
		}
		vals[i] = b
	}
	for i, b := range vals {
		if a := before.Argument(i); bufferization.IsTensor(s.TensorType(y.Operand(i))) && b.Type() != a.Type() {
			s.b.SetInsertionPoint(y)
			vals[i] = memref.BuildCast(s.b, y.Loc(), b, a.Type()).Result(0)
		}
	}
	y.SetOperands(vals)
	types := make([]ir.Type, len(bufs))
	for i, b := range bufs {
		types[i] = b.Type()
	}
	regions := []*ir.Region{{}, {}}
	regions[0].TakeBody(op.Region(0))
	regions[1].TakeBody(op.Region(1))
	s.b.SetInsertionPoint(op)
	nw := s.b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: inits,
		ResultTypes: types, Regions: regions, Properties: op.Properties(), Attributes: op.Attrs()})
	for i, res := range op.Results() {
		if bufferization.IsTensor(res.Type()) {
			s.SetResult(res, nw.Result(i), nil)
		} else {
			ir.ReplaceAllUsesWith(res, nw.Result(i))
		}
	}
	s.Erase(op)
	return nil
}

// whileArgTypes turns wants, the buffer types of the "before" arguments
// of the scf.while op found from their inits, into those upstream gives
// them without the analysis: each keeps its init's type when the "do"
// region yields it a buffer of that type, given the "before" arguments
// those types and the "after" arguments the types of the buffers
// scf.condition passes on (it makes no copies then).
func (s *state) whileArgTypes(op *ir.Operation, wants []ir.Type) {
	before, after := op.Region(0).First(), op.Region(1).First()
	assume := map[ir.Value]ir.Type{}
	for i, t := range wants {
		if t != nil {
			assume[before.Argument(i)] = t
		}
	}
	cond := before.Terminator()
	for j, c := range cond.Operands()[1:] {
		if bufferization.IsTensor(s.TensorType(c)) {
			if t := s.BufferTypeAssuming(c, assume); t != nil {
				assume[after.Argument(j)] = t
			}
		}
	}
	y := after.Terminator()
	for i, t := range wants {
		if t != nil {
			wants[i] = s.loopArgType(op.Operand(i), t, y.Operand(i), assume)
		}
	}
}

// iterTypeOf returns the buffer type of a loop's tensor iteration argument
// whose init v has buffer b: the identity layout when b has it, else the
// fully dynamic one, in b's memory space; b's type for a dialect's
// tensor-like type.
func (s *state) iterTypeOf(op *ir.Operation, v, b ir.Value) (ir.Type, error) {
	if bufferization.IsDialectTensor(s.TensorType(v)) {
		// A dialect's tensor-like argument takes its init's buffer
		// type, which its model chose.
		return b.Type(), nil
	}
	want, ok := s.IdentityType(s.TensorType(v)).(*ir.MemRefType)
	if !ok {
		return nil, ir.NewError(op.Loc(), "failed to bufferize op: unranked tensor iter_args are not supported")
	}
	space := want.MemorySpace
	if bt, ok := b.Type().(*ir.MemRefType); ok {
		space = bt.MemorySpace
	}
	want = s.ctx.MemRefType(want.Shape, want.Elem, nil, space)
	if b.Type() != ir.Type(want) {
		d := s.DynamicType(s.TensorType(v)).(*ir.MemRefType)
		want = s.ctx.MemRefType(d.Shape, d.Elem, d.Layout, space)
	}
	return want, nil
}

// equivalentTensor reports whether the tensor v is a, or written into a's
// buffer by the operations that define it (each of whose results is the
// buffer of one operand, bufferization.AliasAnalysis), before any
// rewriting.
func equivalentTensor(v, a ir.Value) bool {
	for v != a {
		r, ok := v.(*ir.OpResult)
		if !ok {
			return false
		}
		m, ok := bufferization.BufferizableOp.Of(r.Owner())
		if !ok {
			return false
		}
		am, ok := m.(bufferization.AliasAnalysis)
		if !ok {
			return false
		}
		var from ir.Value
		for i, o := range r.Owner().Operands() {
			for _, k := range am.AliasingResults(r.Owner(), i) {
				if k == r.Index() {
					if from != nil {
						return false // one of several buffers
					}
					from = o
				}
			}
		}
		if from == nil {
			return false
		}
		v = from
	}
	return true
}
