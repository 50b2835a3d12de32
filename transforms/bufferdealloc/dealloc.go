// Package bufferdealloc implements MLIR's ownership-based buffer
// deallocation: the ownership-based-buffer-deallocation pass, which
// inserts bufferization.dealloc operations so that every buffer allocated
// in a function is released exactly once, buffer-deallocation-simplification,
// which removes the run-time alias checks that static information makes
// unnecessary, bufferization-lower-deallocations, which turns the
// deallocs into scf.if and memref.dealloc, and expand-realloc, which the
// buffer-deallocation-pipeline runs first.
package bufferdealloc

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/bufferization"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
)

// Options configures Deallocate.
type Options struct {
	// PrivateFunctionDynamicOwnership passes the ownership of buffers to
	// and from private functions with extra i1 arguments and results.
	PrivateFunctionDynamicOwnership bool
}

// manualDeallocation is the attribute that exempts an allocation (and its
// manual release) from the pass.
const manualDeallocation = "bufferization.manual_deallocation"

// Deallocate runs ownership-based deallocation on every func.func with a
// body nested in op.
func Deallocate(ctx *ir.Context, op *ir.Operation, opts Options) error {
	var funcs []*ir.Operation
	var collect func(o *ir.Operation)
	collect = func(o *ir.Operation) {
		if _, ok := function.AsFuncOp(o); ok {
			if !o.Region(0).Empty() {
				funcs = append(funcs, o)
			}
			return
		}
		for i := 0; i < o.NumRegions(); i++ {
			for _, b := range o.Region(i).Blocks() {
				for n := b.First(); n != nil; n = n.Next() {
					collect(n)
				}
			}
		}
	}
	collect(op)
	for _, fn := range funcs {
		d := &deallocator{ctx: ctx, opts: opts, st: newState(fn)}
		if err := d.function(fn); err != nil {
			return err
		}
	}
	return nil
}

type deallocator struct {
	ctx  *ir.Context
	opts Options
	st   *state
}

func (d *deallocator) builderAtStart(b *ir.Block) *ir.Builder {
	bld := ir.NewBuilder(d.ctx)
	bld.SetInsertionPointToStart(b)
	return bld
}

func (d *deallocator) builderBefore(op *ir.Operation) *ir.Builder {
	bld := ir.NewBuilder(d.ctx)
	bld.SetInsertionPoint(op)
	return bld
}

func boolValue(bld *ir.Builder, loc ir.Location, v bool) ir.Value {
	return arith.BuildConstant(bld, loc, bld.Ctx.Bool(v), bld.Ctx.I(1)).Operation.Result(0)
}

func valueLoc(v ir.Value) ir.Location {
	switch x := v.(type) {
	case *ir.BlockArgument:
		return x.Loc
	case *ir.OpResult:
		return x.Owner().Loc()
	}
	return nil
}

// valueOp is the operation a diagnostic about v is located at.
func valueOp(v ir.Value) *ir.Operation {
	if op := ir.DefiningOp(v); op != nil {
		return op
	}
	return ir.ParentBlock(v).ParentOp()
}

func countMemrefs(vs []ir.Value) int {
	n := 0
	for _, v := range vs {
		if isMemref(v) {
			n++
		}
	}
	return n
}

// Interface queries on Strata's op definitions.

func isRegionBranch(op *ir.Operation) bool { return ir.RegionBranchOp.Implements(op) }

func isBranch(op *ir.Operation) bool { return ir.BranchOp.Implements(op) }

func isCall(op *ir.Operation) bool { return ir.CallOp.Implements(op) }

func isReturnLike(op *ir.Operation) bool {
	return ir.RegionBranchTerminator.Implements(op) || op.HasTrait(ir.ReturnLike)
}

func hasEffectInterface(op *ir.Operation) bool {
	return op.HasTrait(ir.Pure) || ir.MemoryEffectsOp.Implements(op)
}

// branch returns the BranchOpInterface of op, which isBranch accepted.
func branch(op *ir.Operation) ir.BranchOpInterface {
	m, _ := ir.BranchOp.Of(op)
	return m
}

// returnedOperands returns the first index and the operands a region
// terminator forwards to its parent.
func returnedOperands(op *ir.Operation) (int, []ir.Value) {
	if t, ok := ir.RegionBranchTerminator.Of(op); ok {
		vs := t.SuccessorOperands(op, nil)
		return op.NumOperands() - len(vs), vs
	}
	return 0, op.Operands()
}

func effectOn(op *ir.Operation, kind ir.EffectKind, v ir.Value) bool {
	m, ok := ir.MemoryEffectsOp.Of(op)
	if !ok {
		return false
	}
	for _, e := range m.Effects(op) {
		if e.Kind == kind && e.Value == v {
			return true
		}
	}
	return false
}

// isAutomaticAllocation reports whether op allocates on the stack (an
// allocation on MLIR's AutomaticAllocationScopeResource).
func isAutomaticAllocation(op *ir.Operation) bool { return ir.AutomaticAllocation.Has(op) }

// isFunction reports whether op is a function (MLIR's
// FunctionOpInterface): a callable with a symbol name.
func isFunction(op *ir.Operation) bool {
	if op == nil || !ir.CallableOp.Implements(op) {
		return false
	}
	_, named := ir.SymbolName(op)
	return named
}

func (d *deallocator) isFunctionWithoutDynamicOwnership(op *ir.Operation) bool {
	if !isFunction(op) {
		return false
	}
	return !d.opts.PrivateFunctionDynamicOwnership || !isPrivate(op) || op.Region(0).Empty()
}

func isPrivate(op *ir.Operation) bool {
	v, ok := op.InherentAttr("sym_visibility").(*ir.StringAttr)
	return ok && v.Value == "private"
}

// function runs the deallocation on one function.
func (d *deallocator) function(fn *ir.Operation) error {
	if hasBackedges(fn) {
		return ir.EmitError(fn, "Only structured control-flow loops are supported.")
	}
	if err := d.walk(fn); err != nil {
		return err
	}
	return d.updateFunctionSignature(fn)
}

// walk processes the blocks nested in op after the blocks nested in their
// operations, each region's blocks in depth-first order from the entry
// (MLIR's post-order walk with a ForwardDominanceIterator).
func (d *deallocator) walk(op *ir.Operation) error {
	for i := 0; i < op.NumRegions(); i++ {
		r := op.Region(i)
		if r.Empty() {
			continue
		}
		for _, b := range dfsBlocks(r.First()) {
			var ops []*ir.Operation
			for o := b.First(); o != nil; o = o.Next() {
				ops = append(ops, o)
			}
			for _, o := range ops {
				if err := d.walk(o); err != nil {
					return err
				}
			}
			if err := d.block(b); err != nil {
				return err
			}
		}
	}
	return nil
}

func dfsBlocks(entry *ir.Block) []*ir.Block {
	var out []*ir.Block
	seen := map[*ir.Block]bool{}
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		if seen[b] {
			return
		}
		seen[b] = true
		out = append(out, b)
		for _, s := range b.Successors() {
			visit(s)
		}
	}
	visit(entry)
	return out
}

// hasBackedges reports whether explicit control flow in fn forms a loop.
func hasBackedges(fn *ir.Operation) bool {
	onStack := map[*ir.Block]bool{}
	found := false
	var recurseOp func(op *ir.Operation)
	var recurseBlock func(b *ir.Block)
	recurseOp = func(op *ir.Operation) {
		if isBranch(op) && op.Block() != nil {
			for _, s := range op.Block().Successors() {
				recurseBlock(s)
			}
		}
		for i := 0; i < op.NumRegions(); i++ {
			if r := op.Region(i); !r.Empty() {
				recurseBlock(r.First())
			}
		}
	}
	recurseBlock = func(b *ir.Block) {
		if onStack[b] {
			found = true
			return
		}
		onStack[b] = true
		for o := b.First(); o != nil && !found; o = o.Next() {
			recurseOp(o)
		}
		delete(onStack, b)
	}
	recurseOp(fn)
	return found
}

// block processes one block: ownership of live-in buffers and block
// arguments, then every operation.
func (d *deallocator) block(b *ir.Block) error {
	bld := d.builderAtStart(b)
	for _, li := range d.st.liveMemrefsIn(b) {
		lr := regionOf(li)
		if lr == b.Parent() {
			d.st.updateOwnership(li, d.st.getOwnership(li, ir.ParentBlock(li)), b)
			d.st.addMemrefToDeallocate(li, b)
			continue
		}
		if lr != b.Parent() && lr.IsAncestor(b.Parent()) {
			d.st.updateOwnership(li, uniqueOwnership(boolValue(bld, valueLoc(li), false)), b)
		}
	}
	n := b.NumArguments()
	for i := 0; i < n; i++ {
		arg := b.Argument(i)
		if !isMemref(arg) {
			continue
		}
		if isFunction(b.ParentOp()) && b.IsEntry() {
			d.st.updateOwnership(arg, uniqueOwnership(boolValue(bld, arg.Loc, false)), nil)
			d.st.addMemrefToDeallocate(arg, b)
			continue
		}
		na := b.AddArgument(d.ctx.I(1), arg.Loc)
		d.st.updateOwnership(arg, uniqueOwnership(na), nil)
		d.st.addMemrefToDeallocate(arg, b)
	}
	for o := b.First(); o != nil; {
		next := o.Next()
		res, err := d.handle(o)
		if err != nil {
			return err
		}
		if res != nil {
			d.populateRemainingOwnerships(res)
		}
		o = next
	}
	return nil
}

// handle applies the handlers of every interface op implements, in
// upstream's order, and returns the (possibly replaced) operation.
func (d *deallocator) handle(op *ir.Operation) (*ir.Operation, error) {
	if m, ok := bufferization.BufferDeallocationOp.Of(op); ok {
		return m.Process(op, d)
	}
	if err := verifyPreconditions(op); err != nil {
		return nil, err
	}
	var err error
	if hasEffectInterface(op) {
		if op, err = d.memoryEffects(op); err != nil {
			return nil, err
		}
	}
	if isRegionBranch(op) {
		op = d.regionBranch(op)
	}
	if isCall(op) {
		op = d.call(op)
	}
	if isBranch(op) {
		if op, err = d.branch(op); err != nil {
			return nil, err
		}
	}
	if isReturnLike(op) {
		if op, err = d.returnLike(op); err != nil {
			return nil, err
		}
	}
	return op, nil
}

func regionOperatesOnMemrefs(r *ir.Region) bool {
	found := false
	var visitBlock func(b *ir.Block)
	visitBlock = func(b *ir.Block) {
		for _, a := range b.Arguments() {
			if isMemref(a) {
				found = true
			}
		}
		for o := b.First(); o != nil && !found; o = o.Next() {
			if countMemrefs(o.Operands()) > 0 || countMemrefs(o.Results()) > 0 {
				found = true
			}
			for i := 0; i < o.NumRegions(); i++ {
				for _, nb := range o.Region(i).Blocks() {
					visitBlock(nb)
				}
			}
		}
	}
	for _, b := range r.Blocks() {
		visitBlock(b)
	}
	return found
}

// hasBufferSemantics reports whether op has buffer operands, results or
// entry block arguments.
func hasBufferSemantics(op *ir.Operation) bool {
	if countMemrefs(op.Operands()) > 0 || countMemrefs(op.Results()) > 0 {
		return true
	}
	for i := 0; i < op.NumRegions(); i++ {
		if r := op.Region(i); !r.Empty() {
			for _, a := range r.First().Arguments() {
				if isMemref(a) {
					return true
				}
			}
		}
	}
	return false
}

// allocatesOrFrees reports whether op may allocate or free memory: it has
// such an effect, or (without its own effects) recursive effects that
// its nested operations will show.
func allocatesOrFrees(op *ir.Operation) bool {
	if hasEffectInterface(op) {
		m, ok := ir.MemoryEffectsOp.Of(op)
		if !ok {
			return false
		}
		for _, e := range m.Effects(op) {
			if e.Kind == ir.EffectAllocate || e.Kind == ir.EffectFree {
				return true
			}
		}
		return false
	}
	return !op.HasTrait(ir.RecursiveMemoryEffects)
}

func verifyPreconditions(op *ir.Operation) error {
	if _, ok := bufferization.AsDeallocOp(op); ok {
		return ir.EmitError(op, "No deallocation operations must be present when running this pass!")
	}
	// Calls have the effects of their callee, which is processed on its
	// own; the effects of other operations must be known. Registered
	// operations that declare no effects (such as arith.divsi, which MLIR
	// models as effect-free but not speculatable) count as effect-free.
	if op.Def() == nil {
		return ir.EmitError(op, "ops with unknown memory side effects are not supported")
	}
	if !hasBufferSemantics(op) && !allocatesOrFrees(op) {
		return nil
	}
	// An operation with regions that return values must describe its
	// control flow when the regions handle buffers. Operations without
	// buffers of their own and without allocations or frees were let
	// through above, whatever their regions hold, as upstream lets them.
	n := op.NumRegions()
	if ((n == 1 && op.NumResults() > 0) || n > 1) && !isRegionBranch(op) {
		for i := 0; i < n; i++ {
			if regionOperatesOnMemrefs(op.Region(i)) {
				return ir.EmitError(op, "All operations with attached regions need to implement the RegionBranchOpInterface.")
			}
		}
	}
	if op.HasTrait(ir.NoTerminator) {
		return ir.EmitError(op, "NoTerminator trait is not supported")
	}
	if op.HasTrait(ir.IsTerminator) {
		br, ret := isBranch(op), isReturnLike(op)
		if !(br || ret) || (br && ret) {
			return ir.EmitError(op, "Terminators must implement either BranchOpInterface or RegionBranchTerminatorOpInterface (but not both)!")
		}
		if op.NumSuccessors() > 1 {
			return ir.EmitError(op, "Terminators with more than one successor are not supported!")
		}
	}
	return nil
}

// appendOpResults rebuilds op with extra results of the given types and
// replaces it.
func (d *deallocator) appendOpResults(op *ir.Operation, types []ir.Type) *ir.Operation {
	succ := make([]*ir.Block, op.NumSuccessors())
	for i := range succ {
		succ[i] = op.Successor(i)
	}
	n := ir.NewOperation(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: append(op.ResultTypes(), types...), Successors: succ, NumRegions: op.NumRegions(),
		Properties: op.Properties(), Attributes: op.Attrs()})
	for i := 0; i < op.NumRegions(); i++ {
		n.Region(i).TakeBody(op.Region(i))
	}
	op.Block().InsertBefore(op, n)
	for i := 0; i < op.NumResults(); i++ {
		ir.ReplaceAllUsesWith(op.Result(i), n.Result(i))
		d.st.replaced[op.Result(i)] = n.Result(i)
	}
	op.Erase()
	return n
}

func (d *deallocator) memoryEffects(op *ir.Operation) (*ir.Operation, error) {
	b := op.Block()
	bld := d.builderAtStart(b)
	manual := op.Attr(manualDeallocation) != nil
	for _, v := range op.Operands() {
		if !isMemref(v) || !effectOn(op, ir.EffectFree, v) {
			continue
		}
		if !manual {
			return nil, ir.EmitError(op, "memory free side-effect on MemRef value not supported!")
		}
		if o := d.st.getOwnership(v, b); o.state == unique {
			at := d.builderBefore(op)
			inv := arith.BuildXori(at, op.Loc(), o.indicator, boolValue(at, op.Loc(), true)).Operation.Result(0)
			at.CreateOp("cf.assert", []ir.Value{inv}, nil, ir.NamedAttr{Name: "msg", Value: d.ctx.Str("expected that the block does not have ownership")}).SetLoc(op.Loc())
		}
	}
	for _, r := range op.Results() {
		if !isMemref(r) || !effectOn(op, ir.EffectAllocate, r) {
			continue
		}
		if isAutomaticAllocation(op) || manual {
			d.st.resetOwnerships([]ir.Value{r}, b)
			d.st.updateOwnership(r, uniqueOwnership(boolValue(bld, op.Loc(), false)), nil)
			continue
		}
		d.st.updateOwnership(r, uniqueOwnership(boolValue(bld, op.Loc(), true)), nil)
		d.st.addMemrefToDeallocate(r, b)
	}
	return op, nil
}

func (d *deallocator) regionBranch(op *ir.Operation) *ir.Operation {
	bld := d.builderAtStart(op.Block())
	rb, _ := ir.RegionBranchOp.Of(op)
	regions := rb.SuccessorRegions(op, nil, nil)
	var entry []ir.Value
	if len(regions) > 0 {
		entry = rb.EntrySuccessorOperands(op, regions[0].Region)
	}
	f := boolValue(bld, op.Loc(), false)
	ops := op.Operands()
	for i := countMemrefs(entry); i > 0; i-- {
		ops = append(ops, f)
	}
	op.SetOperands(ops)
	counter := op.NumResults()
	types := make([]ir.Type, countMemrefs(op.Results()))
	for i := range types {
		types[i] = d.ctx.I(1)
	}
	n := d.appendOpResults(op, types)
	for _, r := range n.Results() {
		if isMemref(r) {
			d.st.updateOwnership(r, uniqueOwnership(n.Result(counter)), nil)
			counter++
			d.st.addMemrefToDeallocate(r, n.Block())
		}
	}
	return n
}

func (d *deallocator) call(op *ir.Operation) *ir.Operation {
	bld := d.builderBefore(op)
	private := true
	call, _ := ir.CallOp.Of(op)
	if ref := call.CallTarget(op); ref != nil {
		if fn := ir.LookupNearestSymbolFrom(op, ref); fn != nil && fn.HasTrait(ir.SymbolTrait) {
			private = isPrivate(fn) && !(fn.NumRegions() > 0 && fn.Region(0).Empty())
		}
	}
	if d.opts.PrivateFunctionDynamicOwnership && private {
		counter := op.NumResults()
		types := make([]ir.Type, countMemrefs(op.Results()))
		for i := range types {
			types[i] = d.ctx.I(1)
		}
		op = d.appendOpResults(op, types)
		for _, r := range op.Results() {
			if isMemref(r) {
				d.st.updateOwnership(r, uniqueOwnership(op.Result(counter)), nil)
				counter++
				d.st.addMemrefToDeallocate(r, ir.ParentBlock(r))
			}
		}
		return op
	}
	t := boolValue(bld, op.Loc(), true)
	for _, r := range op.Results() {
		if isMemref(r) {
			d.st.updateOwnership(r, uniqueOwnership(t), nil)
			d.st.addMemrefToDeallocate(r, ir.ParentBlock(r))
		}
	}
	return op
}

// memrefsAndConditions returns the base buffers a block must release and
// their conditions.
func (d *deallocator) memrefsAndConditions(bld *ir.Builder, loc ir.Location, b *ir.Block) (memrefs, conds []ir.Value, err error) {
	for _, m := range d.st.toDealloc[b] {
		o := d.st.getOwnership(m, b)
		if o.state != unique {
			return nil, nil, ir.EmitError(valueOp(m), "MemRef value does not have valid ownership")
		}
		if u, ok := m.Type().(*ir.UnrankedMemRefType); ok {
			t := d.ctx.MemRefType(nil, u.Elem, d.ctx.StridedLayoutAttr(0, nil), u.MemorySpace)
			m = memref.BuildReinterpretCast(bld, loc, m, nil, nil, nil, d.ctx.DenseI64Array(0), d.ctx.DenseI64Array(), d.ctx.DenseI64Array(), t).Operation.Result(0)
		}
		memrefs = append(memrefs, extractBase(bld, loc, m))
		conds = append(conds, o.indicator)
	}
	return memrefs, conds, nil
}

// extractBase creates memref.extract_strided_metadata of m and returns its
// base buffer.
func extractBase(bld *ir.Builder, loc ir.Location, m ir.Value) ir.Value {
	ctx := bld.Ctx
	t := m.Type().(*ir.MemRefType)
	idx := ctx.IndexType()
	var rest []ir.Type
	for i := 0; i < 2*len(t.Shape); i++ {
		rest = append(rest, idx)
	}
	base := ctx.MemRefType(nil, t.Elem, nil, t.MemorySpace)
	return memref.BuildExtractStridedMetadata(bld, loc, m, base, rest).Result(0)
}

func (d *deallocator) branch(op *ir.Operation) (*ir.Operation, error) {
	if op.NumSuccessors() != 1 {
		return nil, ir.EmitError(op, "only BranchOpInterface operations with exactly one successor are supported yet")
	}
	b := op.Block()
	bld := d.builderBefore(op)
	memrefs, conds, err := d.memrefsAndConditions(bld, op.Loc(), b)
	if err != nil {
		return nil, err
	}
	forwarded := branch(op).BranchSuccessorOperands(op, 0)
	retain := d.st.memrefsToRetain(b, op.Successor(0), forwarded)
	dealloc := bld.Create(bufferization.DeallocState(d.ctx, op.Loc(), memrefs, conds, retain))
	d.st.resetOwnerships(retain, b)
	for i, r := range retain {
		d.st.updateOwnership(r, uniqueOwnership(dealloc.Result(i)), b)
	}
	ops := append([]ir.Value(nil), forwarded...)
	ops = append(ops, dealloc.Results()[:countMemrefs(forwarded)]...)
	branch(op).SetBranchSuccessorOperands(op, 0, ops)
	return op, nil
}

func (d *deallocator) returnLike(op *ir.Operation) (*ir.Operation, error) {
	bld := d.builderBefore(op)
	static := d.isFunctionWithoutDynamicOwnership(op.ParentOp())
	if static {
		for i, v := range op.Operands() {
			if isMemref(v) {
				op.SetOperand(i, d.materializeGuaranteedOwnership(bld, v, op.Block()))
			}
		}
	}
	_, operands := returnedOperands(op)
	updated, err := d.insertDeallocForReturnLike(op, operands)
	if err != nil || updated == nil {
		return op, err
	}
	if !static {
		op.SetOperands(append(op.Operands(), updated...))
	}
	return op, nil
}

// insertDeallocForReturnLike inserts the dealloc before a terminator that
// leaves its region and returns the ownership of the memref operands it
// forwards (nil when no dealloc was needed).
func (d *deallocator) insertDeallocForReturnLike(op *ir.Operation, operands []ir.Value) ([]ir.Value, error) {
	b := op.Block()
	bld := d.builderBefore(op)
	memrefs, conds, err := d.memrefsAndConditions(bld, op.Loc(), b)
	if err != nil {
		return nil, err
	}
	retain := d.st.memrefsToRetain(b, nil, operands)
	if len(memrefs) == 0 && len(retain) == 0 {
		return nil, nil
	}
	dealloc := bld.Create(bufferization.DeallocState(d.ctx, op.Loc(), memrefs, conds, retain))
	d.st.resetOwnerships(retain, b)
	for i, r := range retain {
		d.st.updateOwnership(r, uniqueOwnership(dealloc.Result(i)), b)
	}
	return append([]ir.Value{}, dealloc.Results()[:countMemrefs(operands)]...), nil
}

// memrefWithUniqueOwnership returns memref with its unique ownership in
// block, or a clone of it that the block owns.
func (d *deallocator) memrefWithUniqueOwnership(bld *ir.Builder, m ir.Value, b *ir.Block) (ir.Value, ir.Value) {
	if o := d.st.getOwnership(m, b); o.state == unique {
		return m, o.indicator
	}
	c := bufferization.BuildClone(bld, valueLoc(m), m, m.Type()).Result(0)
	t := boolValue(bld, valueLoc(m), true)
	d.st.updateOwnership(c, uniqueOwnership(t), nil)
	d.st.addMemrefToDeallocate(c, ir.ParentBlock(c))
	return c, t
}

func (d *deallocator) materializeUniqueOwnership(bld *ir.Builder, m ir.Value, b *ir.Block) (ir.Value, ir.Value) {
	if ir.ParentBlock(m) != b {
		return d.memrefWithUniqueOwnership(bld, m, b)
	}
	owner := ir.DefiningOp(m)
	if owner == nil {
		owner = ir.ParentBlock(m).ParentOp()
	}
	if i, ok := bufferization.BufferDeallocationOp.Of(owner); ok {
		return i.MaterializeUniqueOwnership(owner, bld, m, d)
	}
	return d.memrefWithUniqueOwnership(bld, m, b)
}

// materializeGuaranteedOwnership returns m, or a clone of it when the
// block may not own it at run time.
func (d *deallocator) materializeGuaranteedOwnership(bld *ir.Builder, m ir.Value, b *ir.Block) ir.Value {
	nm, cond := d.materializeUniqueOwnership(bld, m, b)
	if bufferization.IsConstantTrue(cond) {
		return nm
	}
	loc := valueLoc(m)
	ifOp := scf.BuildIf(bld, loc, cond, []ir.Type{nm.Type()})
	inner := ir.NewBuilder(d.ctx)
	inner.SetInsertionPointToEnd(ifOp.ThenRegion().First())
	scf.BuildYield(inner, loc, []ir.Value{nm})
	inner.CreateBlock(ifOp.Region(1))
	c := bufferization.BuildClone(inner, loc, nm, nm.Type()).Result(0)
	scf.BuildYield(inner, loc, []ir.Value{c})
	res := ifOp.Result(0)
	t := boolValue(bld, loc, true)
	d.st.updateOwnership(res, uniqueOwnership(t), nil)
	d.st.addMemrefToDeallocate(res, ir.ParentBlock(res))
	return res
}

// populateRemainingOwnerships gives the memref results that no handler
// took care of the combined ownership of the op's memref operands (false
// when it has none).
func (d *deallocator) populateRemainingOwnerships(op *ir.Operation) {
	b := op.Block()
	for _, r := range op.Results() {
		if !isMemref(r) || d.st.getOwnership(r, b).state != uninitialized {
			continue
		}
		for _, v := range op.Operands() {
			if isMemref(v) {
				d.st.updateOwnership(r, d.st.getOwnership(v, ir.ParentBlock(v)), b)
			}
		}
		if d.st.getOwnership(r, b).state == uninitialized {
			d.st.updateOwnership(r, uniqueOwnership(boolValue(d.builderBefore(op), op.Loc(), false)), b)
		}
	}
}

// updateFunctionSignature makes the function type agree with the entry
// block's arguments and the operands of the returns.
func (d *deallocator) updateFunctionSignature(fn *ir.Operation) error {
	var results []ir.Type
	found := false
	for _, b := range fn.Region(0).Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			if !isReturnLike(o) {
				continue
			}
			_, vs := returnedOperands(o)
			ts := make([]ir.Type, len(vs))
			for i, v := range vs {
				ts[i] = v.Type()
			}
			if found && !sameTypes(ts, results) {
				return ir.EmitError(fn, "there are multiple return operations with different operand types")
			}
			results, found = ts, true
		}
	}
	ft, _ := fn.InherentAttr("function_type").(*ir.TypeAttr)
	if ft == nil {
		return nil
	}
	old, _ := ft.Type.(*ir.FunctionType)
	if !found && old != nil {
		results = old.Results
	}
	var inputs []ir.Type
	for _, a := range fn.Region(0).First().Arguments() {
		inputs = append(inputs, a.Type())
	}
	fn.SetAttr("function_type", d.ctx.TypeAttr(d.ctx.FunctionType(inputs, results)))
	return nil
}

func sameTypes(a, b []ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The deallocator is the DeallocationState that the implementations of
// bufferization.BufferDeallocationOpInterface see.

// Ownership returns the ownership indicator of v in b and whether it is
// unique.
func (d *deallocator) Ownership(v ir.Value, b *ir.Block) (ir.Value, bool) {
	o := d.st.getOwnership(v, b)
	return o.indicator, o.state == unique
}

// UpdateOwnership joins the unique ownership indicator to that of v in b.
func (d *deallocator) UpdateOwnership(v, indicator ir.Value, b *ir.Block) {
	d.st.updateOwnership(v, uniqueOwnership(indicator), b)
}

// ResetOwnerships forgets the ownership of vs in b.
func (d *deallocator) ResetOwnerships(vs []ir.Value, b *ir.Block) { d.st.resetOwnerships(vs, b) }

// MemrefsAndConditions returns the buffers b must release and the
// condition of releasing each.
func (d *deallocator) MemrefsAndConditions(bld *ir.Builder, loc ir.Location, b *ir.Block) ([]ir.Value, []ir.Value, error) {
	return d.memrefsAndConditions(bld, loc, b)
}

// MemrefsToRetain returns the buffers that the edge from from to to,
// forwarding dest, keeps alive.
func (d *deallocator) MemrefsToRetain(from, to *ir.Block, dest []ir.Value) []ir.Value {
	return d.st.memrefsToRetain(from, to, dest)
}

// MemrefWithUniqueOwnership returns m, or a clone of it, with a unique
// ownership in b, and the indicator.
func (d *deallocator) MemrefWithUniqueOwnership(bld *ir.Builder, m ir.Value, b *ir.Block) (ir.Value, ir.Value) {
	return d.memrefWithUniqueOwnership(bld, m, b)
}
