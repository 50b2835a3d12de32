// Package bufferize is one-shot-bufferize: it rewrites a tensor program
// into a memref program in one pass over the IR, deciding for every
// tensor write whether it can happen in the buffer of its destination
// (in place) or needs a new buffer (an allocation and a copy).
//
// A function whose tensor operations all sit in regions of one block, or
// in the blocks of its body or of an scf.execute_region linked by
// branches (branches.go: a block argument may be the buffer of what any
// branch passes to it), and have an analysis model
// (bufferization.AliasAnalysis, or RegionAliasAnalysis for scf loops and
// branches and cf branches) is decided before it is rewritten, by
// upstream's bottom-up analysis (analysis.go): the later writes are
// decided first. Any other function is decided as it is rewritten, in
// program order, as follows.
//
// The in-place analysis works on alias sets of tensor values (values that
// may share a buffer once bufferized: a destination and the results
// written into it, a slice and its source, a cast and its source, a call's
// results and its tensor operands, a loop's results and its inits). A
// write of operation W into the buffer of value t is in place unless
//
//   - t's buffer is read-only: a constant (memref.global) or a function
//     argument marked `bufferization.writable = false` (other arguments
//     may be written, as upstream: a call then copies an operand its
//     callee writes when the caller reads it afterwards or may not write
//     it, see bufferization.FuncSummary);
//   - some value of t's alias set that exists before W is used after W
//     (a read-after-write conflict), or by W itself other than through
//     the written operand (except an elementwise read of the same element
//     by a parallel linalg operation);
//   - W sits in a loop that does not also define that value (the write
//     would repeat on every iteration).
//
// The pass knows no operation by name: it asks each operation with a
// tensor operand or result for its bufferization.BufferizableOpInterface
// model (attached by the operation's dialect, see
// dialects/bufferization/bufferizable.go) and offers it the State below.
//
// Allocations are not freed: like upstream's default, the result keeps
// its memref.alloc operations without deallocations.
package bufferize

import (
	"fmt"
	"slices"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/bufferization"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/memref"
)

// Options configure Run.
type Options = bufferization.Options

type state struct {
	models
	ctx    *ir.Context
	b      *ir.Builder
	module *ir.Operation
	opts   Options
	buf    map[ir.Value]ir.Value
	parent map[ir.Value]ir.Value
	// sets holds the members of each alias set of more than one value,
	// keyed by its root in parent.
	sets     map[ir.Value][]ir.Value
	readonly map[ir.Value]bool
	// written holds the alias sets (by root) that some operation writes
	// in place.
	written map[ir.Value]bool
	dead    []*ir.Operation
	globals map[ir.Attribute]string
	names   map[string]bool
	funcs   map[string]*ir.Operation
	undef   map[ir.Value]bool
	// asTensor holds the bufferization.to_tensor made for a value whose
	// buffer an unknown operation reads.
	asTensor map[ir.Value]ir.Value
	// infer holds the functions whose result types are inferred from
	// the buffers they return.
	infer map[*ir.Operation]bool
	// onCycle holds the functions on call cycles: their results take the
	// fully dynamic layout, known before their callers are rewritten.
	onCycle map[*ir.Operation]bool
	// decided holds the decisions of the bottom-up analysis (analysis.go)
	// for the function being rewritten: whether a tensor operand may be
	// written in place.
	decided map[use]bool
	// same holds the buffers that are another buffer (State.SameBuffer).
	same map[ir.Value]ir.Value
	// summaries holds what callers know of each bufferized function.
	summaries map[*ir.Operation]*bufferization.FuncSummary
	// an is the bottom-up analysis, reused from function to function.
	an *analysis
	// copyAll is set while a function is bufferized without the
	// analysis (copy-before-write, no-analysis-func-filter): every write
	// goes to a new buffer.
	copyAll bool
	// shuffled holds the position of each operation in the module's
	// shuffled order (analysis-heuristic=fuzzer without function
	// boundaries).
	shuffled map[*ir.Operation]int
	// undefDefs memoizes undefinedValue.
	undefDefs map[ir.Value]bool
	// noSpace is set when a buffer type was made without a memory
	// space to give it under must-infer-memory-space.
	noSpace bool
	// namer names values for dump-alias-sets.
	namer *asm.ValueNamer
	// pos numbers the operations of the function being rewritten in
	// their blocks (numberOps).
	pos map[*ir.Operation]int
	// seq numbers the operations of that function in pre-order, for the
	// analysis's deterministic order of the uses it compares.
	seq map[*ir.Operation]int
	// resolved is set while a function whose out-of-place decisions
	// were resolved with copies on tensors (copyinsertion.go) is
	// rewritten: every write is then in place.
	resolved bool
	// copiesOnly is set by InsertTensorCopies (copiesMode): the functions are
	// analyzed and their decisions resolved on tensors, not rewritten.
	copiesOnly bool
	// assumed holds the buffer types that BufferTypeAssuming assumes.
	assumed map[ir.Value]ir.Type
	// eliminating is set by EliminateEmptyTensors (eliminateMode): the functions are
	// analyzed and their tensor.empty operations replaced where the
	// decisions allow, not rewritten.
	eliminating bool
	// doms answers dominance between the blocks of the regions of
	// several blocks the analysis orders (branches.go), and between the
	// operations among which the elimination of tensor.empty places
	// extractions (eliminate.go), for the function being analyzed.
	doms *ir.DominanceInfo
	// later holds the operations models built and scheduled
	// (BufferizeLater) that are not bufferized yet, in order; built
	// holds all those of the function being rewritten, and erased the
	// operations rewritten and left for eraseDead.
	later  []*ir.Operation
	built  map[*ir.Operation]bool
	erased map[*ir.Operation]bool
	// untyped holds the block arguments whose buffer type could not be
	// found, with why (BufferizeBlockSignatures).
	untyped map[ir.Value]untypedArg
	// tensorSigs holds each function's function_type before signature
	// rewrote it.
	tensorSigs map[*ir.Operation]ir.Attribute
	// keepReturns is the function being rewritten whose block
	// signatures fail: its returns stay as they are
	// (BufferizeBlockSignatures).
	keepReturns *ir.Operation
}

// Run bufferizes module.
func Run(ctx *ir.Context, module *ir.Operation, opts Options) error {
	return run(ctx, module, opts, bufferizeMode)
}

// runMode is what a run does with the functions it analyzes.
type runMode int

const (
	// bufferizeMode rewrites them (Run).
	bufferizeMode runMode = iota
	// copiesMode resolves the decisions with copies on tensors
	// (InsertTensorCopies).
	copiesMode
	// eliminateMode replaces the tensor.empty operations the decisions
	// allow to replace (EliminateEmptyTensors).
	eliminateMode
)

// newState returns the state of a run of the pass on module with opts.
func newState(ctx *ir.Context, module *ir.Operation, opts Options) *state {
	return &state{models: models{boundaries: opts.FunctionBoundaries, filter: opts.DialectFilter, orig: map[ir.Value]ir.Type{}}, ctx: ctx, b: ir.NewBuilder(ctx), module: module, opts: opts,
		buf: map[ir.Value]ir.Value{}, parent: map[ir.Value]ir.Value{}, sets: map[ir.Value][]ir.Value{}, readonly: map[ir.Value]bool{}, written: map[ir.Value]bool{}, decided: map[use]bool{}, same: map[ir.Value]ir.Value{}, summaries: map[*ir.Operation]*bufferization.FuncSummary{},
		globals: map[ir.Attribute]string{}, names: map[string]bool{}, funcs: map[string]*ir.Operation{}, undef: map[ir.Value]bool{}, undefDefs: map[ir.Value]bool{}, pos: map[*ir.Operation]int{}, seq: map[*ir.Operation]int{}, asTensor: map[ir.Value]ir.Value{}, untyped: map[ir.Value]untypedArg{}, tensorSigs: map[*ir.Operation]ir.Attribute{},
		built: map[*ir.Operation]bool{}, erased: map[*ir.Operation]bool{}}
}

// run bufferizes module, or, in another mode, only analyzes its
// functions and acts on the decisions on tensors.
func run(ctx *ir.Context, module *ir.Operation, opts Options, mode runMode) error {
	s := newState(ctx, module, opts)
	s.copiesOnly = mode == copiesMode
	s.eliminating = mode == eliminateMode
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	top := module.Region(0).First()
	var funcs []*ir.Operation
	top.Ops(func(op *ir.Operation) bool {
		if n, ok := op.InherentAttr("sym_name").(*ir.StringAttr); ok {
			s.names[n.Value] = true
			if _, ok := function.AsFuncOp(op); ok {
				s.funcs[n.Value] = op
			}
		}
		if _, ok := function.AsFuncOp(op); ok {
			funcs = append(funcs, op)
		}
		return true
	})
	// Callees before callers, so that a call knows its callee's result
	// types when they are inferred from what the callee returns.
	inModule := funcs
	funcs, s.infer, s.onCycle = s.orderByCalls(funcs)
	if opts.FunctionBoundaries {
		s.mod = &moduleAnalysis{funcs: s.funcs, analyzed: map[*ir.Operation]*calleeInfo{}}
		order := s.mod.orderForModule(inModule)
		for _, f := range order {
			// A function without a body is known by its signature,
			// before the signatures are rewritten.
			if f.Region(0).Empty() && s.summarizes(f) {
				s.summarizeExternal(f)
			}
		}
		if opts.TestAnalysisOnly || mode == eliminateMode {
			funcs = order
		}
	}
	if opts.TestAnalysisOnly || mode != bufferizeMode {
		if !opts.FunctionBoundaries {
			// Upstream analyzes the module's operations together, in
			// the heuristic's order: the functions' decisions do not
			// depend on each other, but the numbers print-conflicts
			// gives follow that order.
			funcs = slices.Clone(inModule)
			if h := opts.AnalysisHeuristic; opts.TestAnalysisOnly && (h == "" || h == bufferization.BottomUp || h == bufferization.BottomUpFromTerminators) {
				slices.Reverse(funcs)
			}
			if opts.AnalysisHeuristic == bufferization.Fuzzer {
				s.shuffleModule()
			}
		}
		return s.analyzeOnly(funcs, inModule)
	}
	if s.opts.AnalysisHeuristic == bufferization.Fuzzer && !s.opts.FunctionBoundaries {
		s.shuffleModule()
	}
	// Every function is analyzed before any is rewritten; each keeps
	// its decisions until it is.
	type decisions struct {
		inPlace  map[use]bool
		resolved bool
	}
	kept := map[*ir.Operation]decisions{}
	order := funcs
	if !opts.FunctionBoundaries {
		// Upstream analyzes the module's operations together, in the
		// heuristic's order: the first failure of the analysis proper
		// is in the last function for the bottom-up orders.
		order = slices.Clone(inModule)
		if h := opts.AnalysisHeuristic; h == "" || h == bufferization.BottomUp || h == bufferization.BottomUpFromTerminators {
			slices.Reverse(order)
		}
	}
	err := s.analyzeFuncs(order, inModule, func(f *ir.Operation) error {
		if s.optionsFor(f, opts) {
			// Without the analysis (copy-before-write), nothing is
			// decided in place, not even an operand that must be.
			return nil
		}
		s.numberOps(f)
		s.decided, s.resolved = map[use]bool{}, false
		err := s.analyze(f, s.readOnlyArg(f))
		kept[f] = decisions{s.decided, s.resolved}
		return err
	})
	if err != nil {
		return err
	}
	for _, f := range inModule {
		if d, ok := kept[f]; ok && !d.resolved {
			if err := s.checkCopySpaces(f, d.inPlace); err != nil {
				return err
			}
		}
	}
	// The signatures change once every function is analyzed, as
	// upstream's functions are bufferized after the analysis: what a
	// diagnostic of the analysis prints of a function is its tensor
	// signature.
	for _, f := range funcs {
		s.noSpace = false
		if err := s.signature(f); err != nil {
			return err
		}
		if s.noSpace {
			return errNoSpace(f)
		}
	}
	for _, f := range funcs {
		if f.Region(0).Empty() {
			continue
		}
		s.numberOps(f)
		s.copyAll = s.optionsFor(f, opts)
		if d, ok := kept[f]; ok {
			s.decided, s.resolved = d.inPlace, d.resolved
		}
		if s.copyAll {
			if err := s.insertCopiesWithoutAnalysis(f); err != nil {
				return err
			}
			s.numberOps(f)
		}
		read := s.arguments(f)
		body := func() error {
			for _, b := range f.Region(0).Blocks() {
				if err := s.block(b); err != nil {
					return err
				}
			}
			return nil
		}
		if opts.FunctionBoundaries {
			err = s.BufferizeBlockSignatures(f, f.Region(0), body)
		} else {
			err = body()
		}
		if err != nil {
			return err
		}
		if err := s.bufferizeLater(); err != nil {
			return err
		}
		s.dropUnusedAllocs()
		if s.infer[f] {
			s.inferResults(f)
		}
		s.summarize(f, read)
		// A function's values are used in it only: once it is
		// rewritten, its tensor operations and what the analysis knew
		// of its values go, so that the tensor program and the buffer
		// program are not both held for the whole module.
		if err := s.eraseDead(); err != nil {
			return err
		}
		s.forgetValues()
	}
	return s.eraseDead()
}

// optionsFor reports whether f is bufferized without the analysis
// (copy-before-write, no-analysis-func-filter), and sets the options of
// its rewriting: without the analysis, nothing requires a loop to yield
// its iteration's buffer (what it yields is copied where needed, as
// upstream).
func (s *state) optionsFor(f *ir.Operation, opts Options) bool {
	s.opts = opts
	without := opts.CopyBeforeWrite || opts.FunctionBoundaries && slices.Contains(opts.NoAnalysisFuncFilter, funcName(f))
	if without {
		s.opts.AllowReturnAllocsFromLoops = true
	}
	return without
}

// readOnlyArg returns whether a block argument of f may not be written.
func (s *state) readOnlyArg(f *ir.Operation) func(a *ir.BlockArgument) bool {
	return func(a *ir.BlockArgument) bool {
		// Without function boundaries, an argument is read through a
		// to_buffer, which may not be written.
		return !s.opts.FunctionBoundaries ||
			a.Owner() == f.Region(0).First() && argAttr(f, a.Index(), bufferization.WritableAttr) == ir.Attribute(s.ctx.Bool(false))
	}
}

// dropUnusedAllocs erases the allocations of tensors of undefined
// contents that nothing uses: every write into them went to a new buffer
// (without the analysis, or out of place, as a write in an scf.forall
// into a tensor defined outside it), and upstream erases the
// tensor.empty or alloc_tensor whose uses its copies replaced.
func (s *state) dropUnusedAllocs() {
	for v := range s.undef {
		b := s.buf[v]
		if b == nil || ir.HasUses(b) {
			continue
		}
		if a, ok := memref.AsAllocOp(ir.DefiningOp(b)); ok {
			a.Erase()
			delete(s.buf, v)
		}
	}
}

// funcName returns the symbol name of f.
func funcName(f *ir.Operation) string {
	if n, ok := f.InherentAttr("sym_name").(*ir.StringAttr); ok {
		return n.Value
	}
	return ""
}

// eraseDead erases the operations the rewriting replaced, last first.
func (s *state) eraseDead() error {
	// One replaced operation may still use another (an operation
	// bufferized before the one a model built in its operand's place,
	// BufferizeLater): they go together.
	for _, op := range s.dead {
		op.DropAllReferences()
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
	clear(s.dead)
	s.dead = s.dead[:0]
	clear(s.erased)
	return nil
}

// eraseUnusedReplaced erases, last first, the replaced operations
// without regions, before a failure shows the operations around it, as
// upstream's replacement of each operation by its buffers: an operation
// not rewritten yet reads a replaced result's buffer back as a tensor.
// Those still used otherwise stay for eraseDead.
func (s *state) eraseUnusedReplaced() {
	var kept []*ir.Operation
	for i := len(s.dead) - 1; i >= 0; i-- {
		op := s.dead[i]
		for _, r := range op.Results() {
			var uses []*ir.OpOperand
			for u := r.FirstUse(); u != nil; u = u.Next() {
				if !s.erased[u.Owner()] {
					uses = append(uses, u)
				}
			}
			for _, u := range uses {
				s.readBack(u.Owner(), u.Index())
			}
		}
		if op.NumRegions() > 0 || slices.ContainsFunc(op.Results(), ir.HasUses) {
			kept = append(kept, op)
			continue
		}
		op.Erase()
	}
	slices.Reverse(kept)
	s.dead = kept
}

// bufferizeLater bufferizes the operations that models built and
// scheduled (BufferizeLater), in the order they were scheduled, once the
// function's other operations are, as upstream's worklist takes the
// operations the rewriting creates after those it started with. An
// operation rewritten before them that used one of their results read it
// through a bufferization.to_buffer (bufferOf), which now gives way to
// the result's buffer; one kept on tensors reads the buffer back.
func (s *state) bufferizeLater() error {
	for len(s.later) > 0 {
		op := s.later[0]
		s.later = s.later[1:]
		if err := s.op(op); err != nil {
			return err
		}
		for _, r := range op.Results() {
			b, ok := s.buf[r]
			if !ok {
				continue
			}
			var uses []*ir.OpOperand
			for u := r.FirstUse(); u != nil; u = u.Next() {
				uses = append(uses, u)
			}
			for _, u := range uses {
				user := u.Owner()
				switch {
				case s.erased[user] || s.built[user]:
					// Rewritten already, or to be.
				case isToBufferOf(user, r):
					s.b.SetInsertionPoint(user)
					s.b.Loc = user.Loc()
					ir.ReplaceAllUsesWith(user.Result(0), s.CastOrCopy(user, b, user.Result(0).Type()))
					user.Erase()
				default:
					s.readBack(user, u.Index())
				}
			}
		}
	}
	clear(s.built)
	return nil
}

// isToBufferOf reports whether op is a bufferization.to_buffer of v.
func isToBufferOf(op *ir.Operation, v ir.Value) bool {
	_, ok := bufferization.AsToBufferOp(op)
	return ok && op.Operand(0) == v
}

// forgetValues drops the buffers, alias sets and marks of the values of
// the function just rewritten.
func (s *state) forgetValues() {
	clear(s.buf)
	clear(s.parent)
	clear(s.sets)
	clear(s.readonly)
	clear(s.written)
	clear(s.decided)
	clear(s.same)
	clear(s.orig)
	clear(s.undef)
	clear(s.undefDefs)
	clear(s.pos)
	clear(s.asTensor)
	clear(s.untyped)
	s.resolved = false
	s.doms = nil
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
	if s.written[ra] {
		s.written[rb] = true
	}
	if _, ok := s.parent[rb]; !ok {
		s.parent[rb] = rb
	}
	merged := s.sets[rb]
	if merged == nil {
		merged = []ir.Value{rb}
	}
	if from := s.sets[ra]; from != nil {
		merged = append(merged, from...)
		delete(s.sets, ra)
	} else {
		merged = append(merged, ra)
	}
	s.sets[rb] = merged
}

// members returns the values of v's alias set, v included.
func (s *state) members(v ir.Value) []ir.Value {
	if m := s.sets[s.find(v)]; m != nil {
		return m
	}
	return []ir.Value{v}
}

// makeSet makes v an alias set of its own unless it is in one already.
func (s *state) makeSet(v ir.Value) {
	if _, ok := s.parent[v]; !ok {
		s.parent[v] = v
	}
}

// liftInto returns the ancestor of op (op included) in block b, or nil.
func liftInto(op *ir.Operation, b *ir.Block) *ir.Operation {
	for op != nil && op.Block() != b {
		op = op.ParentOp()
	}
	return op
}

// liftToCommon returns the ancestors of a and b (themselves included)
// that sit in one block, the innermost such, or nils.
func liftToCommon(a, b *ir.Operation) (*ir.Operation, *ir.Operation) {
	for x := a; x != nil; x = x.ParentOp() {
		if y := liftInto(b, x.Block()); y != nil {
			return x, y
		}
	}
	return nil, nil
}

// isLoop reports whether op is a loop (ir.LoopLikeOp).
func isLoop(op *ir.Operation) bool { return ir.LoopLikeOp.Implements(op) }

// numberOps records the position of each operation of f in its block,
// for isBefore. The rewriting inserts operations but never reorders the
// ones it numbered.
func (s *state) numberOps(f *ir.Operation) {
	clear(s.pos)
	clear(s.seq)
	k := 0
	f.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		s.seq[op] = k
		k++
		for i := 0; i < op.NumRegions(); i++ {
			for _, b := range op.Region(i).Blocks() {
				n := 0
				b.Ops(func(o *ir.Operation) bool {
					s.pos[o] = n
					n++
					return true
				})
			}
		}
		return true
	})
}

// isBefore reports whether a comes before b, two operations of one
// block: by their numbers when both have one (MLIR's cached operation
// order), else by walking the block.
func (s *state) isBefore(a, b *ir.Operation) bool {
	pa, oka := s.pos[a]
	pb, okb := s.pos[b]
	if oka && okb {
		return pa < pb
	}
	return a.IsBeforeInBlock(b)
}

// definedBefore reports whether v exists when w runs.
func (s *state) definedBefore(v ir.Value, w *ir.Operation) bool {
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
		return a != w && s.isBefore(a, w)
	}
	if a := liftInto(w, d.Block()); a != nil {
		return a != d && s.isBefore(d, a)
	}
	return false
}

// undefinedValue reports whether nothing defined what the tensor v
// holds (MLIR's findDefinitions finds nothing), memoized per function.
func (s *state) undefinedValue(v ir.Value) bool {
	if _, ok := v.(*ir.OpResult); !ok {
		return false
	}
	u, ok := s.undefDefs[v]
	if !ok {
		u = len(s.definitions(v)) == 0
		s.undefDefs[v] = u
	}
	return u
}

// repeatsOver reports whether w sits in a loop that does not contain
// block db, where the value it writes is defined: each iteration would
// write that one buffer again.
func (s *state) repeatsOver(w *ir.Operation, db *ir.Block) bool {
	var owner *ir.Operation
	if db != nil {
		owner = db.ParentOp()
	}
	for p := w.ParentOp(); p != nil; p = p.ParentOp() {
		if p == owner || owner != nil && p.IsAncestor(owner) {
			return false
		}
		if isLoop(p) {
			return true
		}
	}
	return owner != nil
}

// readsThroughAliases reports whether op reads its tensor operand i,
// or only shares its buffer with results that are read (MLIR's
// getAliasingReads): a view that is only written does not read.
func (ms *models) readsThroughAliases(op *ir.Operation, i int) bool {
	if ms.reads(op, i) {
		return true
	}
	u := use{op, i}
	if ms.writes(u) {
		return false
	}
	for _, r := range ms.aliasingResults(u) {
		if ms.valueReadThroughAliases(r) {
			return true
		}
	}
	return false
}

// mutuallyExclusive reports whether a and b sit in two regions of an
// ir.RegionBranchOp ancestor neither of which control reaches from the
// other (the branches of scf.if; MLIR's insideMutuallyExclusiveRegions).
func mutuallyExclusive(a, b *ir.Operation) bool {
	for p := a.ParentOp(); p != nil; p = p.ParentOp() {
		rb, ok := ir.RegionBranchOp.Of(p)
		if !ok || p == b || !p.IsAncestor(b) {
			continue
		}
		ra, rb2 := regionOf(p, a), regionOf(p, b)
		return ra != rb2 && !regionReachable(p, rb, ra, rb2) && !regionReachable(p, rb, rb2, ra)
	}
	return false
}

// regionOf returns the region of p that holds op.
func regionOf(p, op *ir.Operation) *ir.Region {
	for op != nil && op.ParentOp() != p {
		op = op.ParentOp()
	}
	if op == nil {
		return nil
	}
	return op.Block().Parent()
}

// regionReachable reports whether control may go from region from of p
// to region to, through p's region successors.
func regionReachable(p *ir.Operation, rb ir.RegionBranchOpInterface, from, to *ir.Region) bool {
	seen := map[*ir.Region]bool{}
	work := []*ir.Region{from}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		for _, succ := range rb.SuccessorRegions(p, r, nil) {
			if succ.Region == nil || seen[succ.Region] {
				continue
			}
			if succ.Region == to {
				return true
			}
			seen[succ.Region] = true
			work = append(work, succ.Region)
		}
	}
	return false
}

// elementwiseSame reports whether w reads operand i at the element it
// writes through operand j (bufferization.ElementwiseAccessor).
func elementwiseSame(w *ir.Operation, i, j int) bool {
	m, ok := bufferization.BufferizableOp.Of(w)
	if !ok {
		return false
	}
	e, ok := m.(bufferization.ElementwiseAccessor)
	return ok && e.BufferizesToElementwiseAccess(w, i, j)
}

// readsOperand reports whether op reads its operand i
// (bufferization.MemoryReader); without a model, every operand is read.
func readsOperand(op *ir.Operation, i int) bool {
	m, ok := bufferization.BufferizableOp.Of(op)
	if !ok {
		return true
	}
	r, ok := m.(bufferization.MemoryReader)
	return !ok || r.BufferizesToMemoryRead(op, i)
}

// inPlace reports whether w may write operand idx (a tensor) in the buffer
// of that tensor.
func (s *state) inPlace(w *ir.Operation, idx int) bool {
	if !analyzed(s.tt(w.Operand(idx))) {
		// A dialect's tensor-like value, which is not analyzed, is
		// written in place, as upstream.
		return true
	}
	if s.built[w] {
		// Built by a model after the analysis, as upstream's: its
		// writes are not decided, they happen in place.
		return true
	}
	if s.resolved {
		// The copies on tensors took the place of every write out of
		// place.
		return true
	}
	if in, ok := s.decided[use{w, idx}]; ok {
		// A buffer the rewriting knows may not be written (the
		// result of a call that returns a constant, which the
		// analysis, as upstream's, takes as writable) is not written
		// in place even when the analysis allows it.
		return in && !s.readonly[s.find(w.Operand(idx))]
	}
	return !s.readonly[s.find(w.Operand(idx))] && !s.readAfterWrite(w, idx)
}

// readAfterWrite reports whether a write by w into the buffer of operand
// idx would be read later (or repeated in a loop).
func (s *state) readAfterWrite(w *ir.Operation, idx int) bool {
	t := w.Operand(idx)
	for _, v := range s.members(t) {
		if !s.definedBefore(v, w) {
			continue
		}
		if s.undefinedValue(v) {
			// Nothing defined what v holds (an allocation of undefined
			// contents): a read of it may see any write (MLIR's
			// findDefinitions yields nothing to conflict with).
			continue
		}
		// A write in a loop that does not define v repeats.
		if s.repeatsOver(w, ir.ParentBlock(v)) {
			return true
		}
		for u := v.FirstUse(); u != nil; u = u.Next() {
			o := u.Owner()
			if o == w && u.Index() == idx {
				continue
			}
			if o != w && !s.readsThroughAliases(o, u.Index()) {
				// Only written (a linalg init its payload ignores), or
				// viewed by values that are not read: the contents w
				// leaves there are not observed.
				continue
			}
			if o != w && mutuallyExclusive(o, w) {
				// The other branch of an scf.if: never runs after w.
				continue
			}
			if a := liftInto(o, w.Block()); a != nil {
				if a == w {
					if o == w && elementwiseSame(w, u.Index(), idx) {
						continue
					}
					return true
				}
				if !s.isBefore(a, w) {
					return true
				}
				continue
			}
			if a := liftInto(w, o.Block()); a != nil && o != a && s.isBefore(o, a) {
				continue
			}
			// In regions of two operations of one block: the use is
			// before w when its operation is (a loop around both is
			// the loop rule's above).
			if ao, aw := liftToCommon(o, w); ao != nil && ao != aw && s.isBefore(ao, aw) {
				continue
			}
			return true
		}
	}
	return false
}

// --- types ---

func (s *state) identityType(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return s.ctx.MemRefType(t.Shape, t.Elem, nil, s.memorySpace(t))
	case *ir.UnrankedTensorType:
		return s.ctx.UnrankedMemRefType(t.Elem, nil)
	}
	if bt, ok := s.dialectBufferType(t); ok {
		return bt
	}
	return t
}

// dialectBufferType returns the buffer type of t, a dialect type with a
// TensorLikeType model, as its model tells (upstream's
// TensorLikeType::getBufferType); false for other types and when the
// model has none.
func (s *state) dialectBufferType(t ir.Type) (ir.Type, bool) {
	m, ok := bufferization.TensorLikeType.Of(t)
	if !ok {
		return nil, false
	}
	bt, err := m.BufferType(s.ctx, t, s.opts)
	if err != nil || bt == nil {
		return nil, false
	}
	return bt, true
}

// memorySpace returns the memory space of the buffers of tensor type t:
// its encoding with use-encoding-for-memory-space, else the default one.
func (s *state) memorySpace(t *ir.RankedTensorType) ir.Attribute {
	if s.opts.UseEncodingForMemorySpace && t.Encoding != nil {
		return t.Encoding
	}
	if s.opts.MustInferMemorySpace {
		// must-infer-memory-space: the default memory space may not
		// be assumed. The operation being bufferized fails (s.op).
		s.noSpace = true
	}
	return nil
}

func (s *state) dynamicType(t ir.Type) ir.Type {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		strides := make([]int64, len(rt.Shape))
		for i := range strides {
			strides[i] = ir.Dynamic
		}
		return s.ctx.MemRefType(rt.Shape, rt.Elem, s.ctx.StridedLayoutAttr(ir.Dynamic, strides), s.memorySpace(rt))
	}
	return s.identityType(t)
}

func isTensor(t ir.Type) bool { return bufferization.IsTensor(t) }

// analyzed reports whether values of type t are decided by the in-place
// analysis: builtin tensors. A dialect's tensor-like values are carried
// through the rewriting as tensors are, but, as upstream, never analyzed,
// annotated or copied: their operands are in place.
func analyzed(t ir.Type) bool { return bufferization.IsBuiltinTensor(t) }

// tt returns the tensor type v had before its type was rewritten in place
// (function and loop block arguments), else its type.
func (ms *models) tt(v ir.Value) ir.Type {
	if t, ok := ms.orig[v]; ok {
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
// memrefs with the layout of function-boundary-type-conversion (fully
// dynamic unless it is identity-layout-map), results memrefs of that
// layout (with infer-layout-map: set once the body is rewritten, see
// inferResults, or the fully dynamic one on a call cycle), unranked
// tensors unranked memrefs.
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
		// The signature stays: the arguments are read through
		// bufferization.to_buffer, the results returned through
		// bufferization.to_tensor.
		return nil
	}
	ins := make([]ir.Type, len(ft.Inputs))
	for i, t := range ft.Inputs {
		ins[i] = s.argType(f, i, t)
	}
	outs := make([]ir.Type, len(ft.Results))
	for i, t := range ft.Results {
		switch {
		case s.opts.BoundaryLayout() != bufferization.InferLayoutMap:
			outs[i] = s.BoundaryType(t)
		case s.onCycle[f]:
			outs[i] = s.dynamicType(t)
		case s.infer[f] && isTensor(t):
			// Set from the returned buffers once the body is rewritten.
			outs[i] = t
		case f.Region(0).Empty():
			// Nothing to infer the layout of an external function's
			// results from: the fully dynamic one, as upstream.
			outs[i] = s.dynamicType(t)
		default:
			outs[i] = s.identityType(t)
		}
	}
	s.tensorSigs[f] = ta
	f.SetAttr("function_type", s.ctx.TypeAttr(s.ctx.FunctionType(ins, outs)))
	return nil
}

// arguments gives the tensor arguments of f's entry block their buffers
// (themselves, retyped as in f's signature) before f's body is rewritten:
// read-only when marked `bufferization.writable = false`, writable
// otherwise. It returns which arguments f reads, and drops the
// bufferization argument attributes.
func (s *state) arguments(f *ir.Operation) []bool {
	if !s.opts.FunctionBoundaries {
		return nil
	}
	args := f.Region(0).First().Arguments()
	read := make([]bool, len(args))
	for i, a := range args {
		if !isTensor(a.Type()) {
			continue
		}
		read[i] = s.valueReadThroughAliases(a)
		s.orig[a] = a.Type()
		s.makeSet(a)
		if argAttr(f, i, bufferization.WritableAttr) == ir.Attribute(s.ctx.Bool(false)) {
			s.readonly[s.find(a)] = true
		}
		a.SetType(s.argType(f, i, a.Type()))
		s.buf[a] = a
	}
	s.dropArgAttrs(f)
	return read
}

// argType returns the buffer type of f's argument i, of tensor type t:
// the layout its `bufferization.buffer_layout` attribute gives, else the
// boundary's.
func (s *state) argType(f *ir.Operation, i int, t ir.Type) ir.Type {
	rt, ok := t.(*ir.RankedTensorType)
	l := argAttr(f, i, bufferization.BufferLayoutAttr)
	if !ok || l == nil {
		return s.BoundaryType(t)
	}
	// An identity map with symbols is a layout of its own, printed as
	// the identity one: a caller's identity buffer is cast to it, as
	// upstream.
	return s.ctx.MemRefType(rt.Shape, rt.Elem, l, nil)
}

// argAttr returns the attribute name of f's argument i, or nil.
func argAttr(f *ir.Operation, i int, name string) ir.Attribute {
	arr, ok := f.InherentAttr("arg_attrs").(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	d, ok := arr.Elems[i].(*ir.DictionaryAttr)
	if !ok {
		return nil
	}
	for _, e := range d.Entries {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

// dropArgAttrs removes the bufferization attributes of f's arguments,
// and arg_attrs when no attribute is left.
func (s *state) dropArgAttrs(f *ir.Operation) {
	arr, ok := f.InherentAttr("arg_attrs").(*ir.ArrayAttr)
	if !ok {
		return
	}
	elems := make([]ir.Attribute, len(arr.Elems))
	any := false
	for i, e := range arr.Elems {
		d, ok := e.(*ir.DictionaryAttr)
		if !ok {
			elems[i] = e
			any = true
			continue
		}
		var kept []ir.NamedAttr
		for _, n := range d.Entries {
			if n.Name != bufferization.WritableAttr && n.Name != bufferization.BufferLayoutAttr {
				kept = append(kept, n)
			}
		}
		elems[i] = s.ctx.DictionaryAttr(kept)
		any = any || len(kept) > 0
	}
	if !any {
		f.SetAttr("arg_attrs", nil)
		return
	}
	f.SetAttr("arg_attrs", s.ctx.ArrayAttr(elems))
}

// summarize records what f's callers need to know of f once its body is
// rewritten: which tensor arguments it reads (read, found before the
// rewriting) and writes, and which results return an argument's buffer.
func (s *state) summarize(f *ir.Operation, read []bool) {
	if !s.opts.FunctionBoundaries {
		return
	}
	args := f.Region(0).First().Arguments()
	sum := &bufferization.FuncSummary{Read: read, Written: make([]bool, len(args))}
	for i, a := range args {
		if _, ok := s.orig[a]; ok {
			sum.Written[i] = s.written[s.find(a)]
		}
	}
	ft := f.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
	sum.Equivalent = make([]int, len(ft.Results))
	var info *calleeInfo
	if s.mod != nil {
		info = s.mod.analyzed[f]
	}
	for i := range sum.Equivalent {
		if info != nil && i < len(info.equiv) {
			// The analysis knows the buffers the body shares (a
			// call's result that is its operand's buffer included).
			sum.Equivalent[i] = info.equiv[i]
			continue
		}
		sum.Equivalent[i] = equivalentArg(f, i)
	}
	if info != nil {
		sum.Aliasing = info.aliasing
	}
	s.summaries[f] = sum
}

// equivalentArg returns the index of the argument of f whose buffer every
// return of f returns as result i (through memref.cast), or -1.
func equivalentArg(f *ir.Operation, i int) int {
	arg := -1
	for _, b := range f.Region(0).Blocks() {
		t := b.Last()
		if t == nil || !t.HasTrait(ir.ReturnLike) {
			continue
		}
		if i >= t.NumOperands() {
			return -1
		}
		v := t.Operand(i)
		for {
			c, ok := memref.AsCastOp(ir.DefiningOp(v))
			if !ok {
				break
			}
			v = c.Operand(0)
		}
		a, ok := v.(*ir.BlockArgument)
		if !ok || a.Owner() != f.Region(0).First() || (arg >= 0 && arg != a.Index()) {
			return -1
		}
		arg = a.Index()
	}
	return arg
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
	if u, ok := s.untyped[v]; ok {
		return nil, s.failUntyped(u, user)
	}
	if !isTensor(s.tt(v)) {
		return v, nil
	}
	// A function's argument when its boundary is not bufferized: read
	// through a bufferization.to_buffer at the start of the function, one
	// for each use, as upstream; the buffer may not be written.
	if a, ok := v.(*ir.BlockArgument); ok && !s.opts.FunctionBoundaries {
		s.b.SetInsertionPointToStart(a.Owner())
		m := bufferization.BuildToBuffer(s.b, user.Loc(), v, s.unknownType(v.Type()))
		s.b.SetInsertionPoint(user)
		s.b.Loc = user.Loc()
		s.makeSet(v)
		s.readonly[s.find(v)] = true
		return m.Result(0), nil
	}
	// The result of an operation left on tensors: read through a
	// bufferization.to_buffer right after its definition, one for each
	// use, as upstream; a function's return, whose boundary is
	// bufferized, reads it right before itself.
	// So is the result of an operation a model built that is not
	// bufferized yet (BufferizeLater).
	if o := valueOwner(v); s.opts.AllowUnknownOps || o != nil && (!s.allowed(o) || s.built[o]) {
		if _, inFunc := function.AsFuncOp(user.ParentOp()); inFunc && user.HasTrait(ir.ReturnLike) {
			s.b.SetInsertionPoint(user)
		} else if d := ir.DefiningOp(v); d != nil {
			s.b.SetInsertionPointAfter(d)
		} else {
			s.b.SetInsertionPointToStart(ir.ParentBlock(v))
		}
		t := s.unknownType(v.Type())
		if s.built[o] {
			// The type of the buffer it will have (upstream's
			// getBufferType).
			if pt, msg := s.bufferType(v, nil, true); msg == "" {
				t = pt
			}
		}
		m := bufferization.BuildToBuffer(s.b, user.Loc(), v, t)
		s.b.SetInsertionPoint(user)
		s.b.Loc = user.Loc()
		return m.Result(0), nil
	}
	return nil, ir.NewError(user.Loc(), "failed to bufferize op: operand has no buffer")
}

// alignment returns the alignment attribute of the pass's allocations, or
// nil with buffer-alignment=0.
func (s *state) alignment() ir.Attribute {
	switch a := s.opts.BufferAlignment; {
	case a < 0:
		return nil
	case a == 0:
		return s.ctx.IntegerAttr(s.ctx.I(64), 64)
	default:
		return s.ctx.IntegerAttr(s.ctx.I(64), a)
	}
}

// unknownType returns the buffer type of tensor type t where nothing
// determines its layout (unknown-type-conversion).
func (s *state) unknownType(t ir.Type) ir.Type {
	if s.opts.UnknownTypeConversion == bufferization.IdentityLayoutMap {
		return s.identityType(t)
	}
	return s.dynamicType(t)
}

func (s *state) cst(v int64) ir.Value {
	idx := s.ctx.IndexType()
	return arith.BuildConstant(s.b, s.b.Loc, s.ctx.IntegerAttr(idx, v), idx).Result()
}

// alloc allocates an identity buffer of tensor type t whose dynamic sizes
// are those of like (a buffer), or dyn when given.
func (s *state) alloc(t ir.Type, like ir.Value, dyn []ir.Value) ir.Value {
	// A copy stays in the memory space of the buffer it copies.
	var space ir.Attribute
	if like != nil {
		if lm, ok := like.Type().(*ir.MemRefType); ok {
			space = lm.MemorySpace
		}
	}
	return s.allocIn(t, like, dyn, space)
}

// allocIn is alloc in memory space space (nil: the default one).
func (s *state) allocIn(t ir.Type, like ir.Value, dyn []ir.Value, space ir.Attribute) ir.Value {
	var mt *ir.MemRefType
	if rt, ok := t.(*ir.RankedTensorType); ok {
		if space == nil && like != nil {
			// The memory space of the buffer copied, which may be
			// the default one.
			if lm, ok := like.Type().(*ir.MemRefType); ok {
				mt = s.ctx.MemRefType(rt.Shape, rt.Elem, nil, lm.MemorySpace)
			}
		}
		if space != nil {
			mt = s.ctx.MemRefType(rt.Shape, rt.Elem, nil, space)
		}
	}
	if mt == nil {
		mt = s.identityType(t).(*ir.MemRefType)
	}
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
	// As upstream's canOmitTensorCopy, the contents of a tensor nothing
	// defined (a bufferization.alloc_tensor without copy) are not copied.
	noCopy = noCopy || s.undefinedContents(t)
	if a, ok := t.(*ir.BlockArgument); ok && !s.opts.FunctionBoundaries && isTensor(s.tt(t)) {
		if _, has := s.buf[t]; !has {
			// Read through a to_buffer (bufferOf), which may not be
			// written.
			s.makeSet(a)
			s.readonly[s.find(a)] = true
		}
	}
	if rt, ok := s.tt(t).(*ir.RankedTensorType); ok && noCopy && !slices.Contains(rt.Shape, ir.Dynamic) && !s.inPlace(op, idx) {
		// A new buffer whose contents are all written: the old one is
		// not needed (no to_buffer of it is made), as upstream's
		// alloc_tensor without a copy.
		s.b.SetInsertionPoint(op)
		s.b.Loc = op.Loc()
		return s.alloc(rt, s.buf[t], nil), nil
	}
	src, err := s.bufferOf(op, t)
	if err != nil {
		return nil, err
	}
	if s.inPlace(op, idx) {
		s.written[s.find(t)] = true
		return src, nil
	}
	if _, ok := s.tt(t).(*ir.RankedTensorType); !ok {
		return nil, ir.NewError(op.Loc(), "failed to bufferize op: an unranked tensor needs a copy")
	}
	s.b.SetInsertionPoint(op)
	s.b.Loc = op.Loc()
	var dyn []ir.Value
	if noCopy {
		// A new buffer without contents takes the sizes the operation
		// defining t states, as upstream's allocateTensorForShapedValue.
		dyn = s.ReifiedSizes(t)
	}
	nb := s.alloc(s.tt(t), src, dyn)
	if !noCopy {
		memref.BuildCopy(s.b, op.Loc(), src, nb)
	}
	return nb, nil
}

// undefinedContents reports whether the contents of v's buffer are
// undefined, so that a copy of it need not copy them. Without the
// analysis nothing is known of them (upstream's AnalysisState gathers no
// undefined tensor uses): every copy copies.
func (s *state) undefinedContents(v ir.Value) bool {
	return s.undef[v] && !s.copyAll
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
	s.makeSet(r)
	if aliasOf != nil {
		s.union(r, aliasOf)
	}
}

// op bufferizes one operation through its BufferizableOpInterface model;
// an operation without tensors has its regions bufferized in place. As
// upstream's hasTensorSemantics, the tensor arguments of the blocks of an
// operation's regions count as its tensors (an scf.execute_region whose
// blocks pass tensors but that returns none): the model gives them their
// buffers.
func (s *state) op(op *ir.Operation) error {
	s.b.Loc = op.Loc()
	s.b.SetInsertionPoint(op)
	_, known := s.known(op)
	if !s.hasTensors(op) && !(known && hasTensorArgs(op)) {
		for i := 0; i < op.NumRegions(); i++ {
			for _, b := range op.Region(i).Blocks() {
				if err := s.block(b); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if !s.allowed(op) {
		// Outside dialect-filter: left on tensors, the operations in
		// its regions bufferized as any others.
		s.unknown(op)
		for i := 0; i < op.NumRegions(); i++ {
			for _, b := range op.Region(i).Blocks() {
				if err := s.block(b); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if s.keepReturns != nil && op.ParentOp() == s.keepReturns && op.HasTrait(ir.ReturnLike) {
		s.unknown(op)
		return nil
	}
	m, ok := bufferization.BufferizableOp.Of(op)
	if !ok && ir.BranchOp.Implements(op) {
		// What a branch passes is rewritten with the arguments it
		// passes to, as upstream's block signatures, with or without
		// a model of its own.
		return s.BufferizeBranch(op)
	}
	if !ok {
		if s.opts.AllowUnknownOps {
			s.unknown(op)
			return nil
		}
		return ir.EmitError(op, "op was not bufferized")
	}
	s.noSpace = false
	if err := m.Bufferize(op, s); err != nil {
		return err
	}
	if s.noSpace {
		// As upstream, the failed bufferization of the operation
		// follows the reason.
		return ir.Diagnostics{errNoSpace(op), ir.EmitError(op, "failed to bufferize op")}
	}
	return nil
}

// errNoSpace is upstream's error for a buffer whose memory space nothing
// gives with must-infer-memory-space.
func errNoSpace(op *ir.Operation) *ir.Diagnostic {
	return ir.EmitError(op, "could not infer memory space")
}

// unknown keeps an operation without a bufferization on tensors
// (allow-unknown-ops): each tensor operand that has a buffer is read back
// as a tensor by a bufferization.to_tensor before it; its tensor results
// get buffers through bufferization.to_buffer where they are used.
func (s *state) unknown(op *ir.Operation) {
	for i := range op.Operands() {
		s.readBack(op, i)
	}
}

// readBack makes op's operand i, a tensor that has a buffer, a
// bufferization.to_tensor of that buffer (unknown).
func (s *state) readBack(op *ir.Operation, i int) {
	v := op.Operand(i)
	t := s.tt(v)
	b, ok := s.buf[v]
	if !isTensor(t) || !ok {
		return
	}
	if tb, ok := bufferization.AsToBufferOp(ir.DefiningOp(b)); ok && tb.Operand(0) == v {
		// The buffer is v's own, read through a to_buffer: the
		// operation reads v itself.
		return
	}
	// An unknown operation may write what it is given.
	s.written[s.find(v)] = true
	if r, ok := s.asTensor[v]; ok {
		op.SetOperand(i, r)
		return
	}
	// Where upstream makes it: at the start of the block of an
	// argument, right after the operation that defines the tensor
	// (and, before it is erased, follows what replaced it).
	if d := ir.DefiningOp(v); d != nil {
		s.b.SetInsertionPointAfter(d)
	} else {
		s.b.SetInsertionPointToStart(ir.ParentBlock(v))
	}
	r := bufferization.BuildToTensor(s.b, op.Loc(), b, t).Result()
	s.asTensor[v] = r
	op.SetOperand(i, r)
}

// The methods below implement bufferization.State.

func (s *state) Context() *ir.Context           { return s.ctx }
func (s *state) Builder() *ir.Builder           { return s.b }
func (s *state) Options() bufferization.Options { return s.opts }
func (s *state) TensorType(v ir.Value) ir.Type  { return s.tt(v) }
func (s *state) IdentityType(t ir.Type) ir.Type { return s.identityType(t) }

// PredictedBufferType implements bufferization.State.
func (s *state) PredictedBufferType(v ir.Value) (ir.Type, error) {
	t, msg := s.bufferType(v, nil, true)
	if msg != "" {
		return nil, ir.EmitError(valueOwner(v), msg)
	}
	return t, nil
}
func (s *state) DynamicType(t ir.Type) ir.Type { return s.dynamicType(t) }

// MemorySpaceMissing implements bufferization.State.
func (s *state) MemorySpaceMissing() bool { return s.noSpace }

// BoundaryType returns the memref type of tensor type t at a function
// boundary: the identity layout with identity-layout-map, else the fully
// dynamic one.
func (s *state) BoundaryType(t ir.Type) ir.Type {
	if s.opts.BoundaryLayout() == bufferization.IdentityLayoutMap {
		return s.identityType(t)
	}
	return s.dynamicType(t)
}

// CastOrCopy returns buffer b as a buffer of type t before op: b itself
// when it has that type, a memref.cast when every buffer of b's type is
// also one of type t (t has the fully dynamic layout, or b has the
// identity one and t is unranked), else a copy into a new buffer of the
// identity layout, cast to t when that is not t (MLIR's
// castOrReallocMemRefValue).
func (s *state) CastOrCopy(op *ir.Operation, b ir.Value, t ir.Type) ir.Value {
	if b.Type() == t {
		return b
	}
	s.b.SetInsertionPoint(op)
	s.b.Loc = op.Loc()
	from, ok := b.Type().(*ir.MemRefType)
	if !ok {
		return memref.BuildCast(s.b, op.Loc(), b, t).Result(0)
	}
	tensor := s.ctx.RankedTensorType(from.Shape, from.Elem, nil)
	switch to := t.(type) {
	case *ir.UnrankedMemRefType:
		if from.Layout == nil {
			return memref.BuildCast(s.b, op.Loc(), b, t).Result(0)
		}
	case *ir.MemRefType:
		if to.MemorySpace == from.MemorySpace && guaranteedCastCompatible(from, to) {
			return memref.BuildCast(s.b, op.Loc(), b, t).Result(0)
		}
	}
	// A copy in the memory space of t.
	space := from.MemorySpace
	switch to := t.(type) {
	case *ir.MemRefType:
		space = to.MemorySpace
	case *ir.UnrankedMemRefType:
		space = to.MemorySpace
	}
	nb := s.allocIn(tensor, b, nil, space)
	memref.BuildCopy(s.b, op.Loc(), b, nb)
	if nb.Type() != t {
		return memref.BuildCast(s.b, op.Loc(), nb, t).Result(0)
	}
	return nb
}

// guaranteedCastCompatible reports whether every buffer of type from is
// one of type to: each offset and stride of to is dynamic or the static
// one of from (MLIR's isGuaranteedCastCompatible).
func guaranteedCastCompatible(from, to *ir.MemRefType) bool {
	if len(from.Shape) != len(to.Shape) || from.Elem != to.Elem || !strided(from) || !strided(to) {
		return false
	}
	fo, fs := from.OffsetAndStrides()
	too, ts := to.OffsetAndStrides()
	fits := func(a, b int64) bool { return b == ir.Dynamic || a == b }
	if !fits(fo, too) {
		return false
	}
	for i := range fs {
		if !fits(fs[i], ts[i]) {
			return false
		}
	}
	return true
}

// strided reports whether t's layout states its offset and strides: the
// identity or a strided<...> one.
func strided(t *ir.MemRefType) bool {
	_, ok := t.Layout.(*ir.StridedLayoutAttr)
	return ok || t.HasIdentityLayout()
}

func (s *state) Alignment() ir.Attribute          { return s.alignment() }
func (s *state) Index(v int64) ir.Value           { return s.cst(v) }
func (s *state) HasTensors(op *ir.Operation) bool { return s.hasTensors(op) }
func (s *state) BufferizeBlock(b *ir.Block) error { return s.block(b) }
func (s *state) KeepOnTensors(op *ir.Operation)   { s.unknown(op) }
func (s *state) Alias(a, b ir.Value)              { s.union(a, b) }
func (s *state) Aliases(v ir.Value) []ir.Value    { return s.members(v) }
func (s *state) SameBuffer(b, of ir.Value)        { s.same[b] = of }

// Erase implements bufferization.State.
func (s *state) Erase(op *ir.Operation) {
	s.dead = append(s.dead, op)
	s.erased[op] = true
}

// BufferizeLater implements bufferization.State.
func (s *state) BufferizeLater(op *ir.Operation) {
	s.built[op] = true
	s.later = append(s.later, op)
}

func (s *state) IsBuffer(b, a ir.Value) bool {
	for b != a {
		if c, ok := memref.AsCastOp(ir.DefiningOp(b)); ok {
			b = c.Operand(0)
		} else if o, ok := s.same[b]; ok {
			b = o
		} else {
			return false
		}
	}
	return true
}
func (s *state) MarkReadOnly(v ir.Value)            { s.readonly[s.find(v)] = true }
func (s *state) ReadOnly(v ir.Value) bool           { return s.readonly[s.find(v)] }
func (s *state) MarkUndefinedContents(v ir.Value)   { s.undef[v] = true }
func (s *state) UndefinedContents(v ir.Value) bool  { return s.undefinedContents(v) }
func (s *state) Function(name string) *ir.Operation { return s.funcs[name] }
func (s *state) Summary(f *ir.Operation) *bufferization.FuncSummary {
	return s.summaries[f]
}
func (s *state) InfersResults(f *ir.Operation) bool   { return s.infer[f] }
func (s *state) WithoutAnalysis() bool                { return s.copyAll }
func (s *state) ResolvedOnTensors() bool              { return s.resolved }
func (s *state) InPlace(op *ir.Operation, i int) bool { return s.inPlace(op, i) }
func (s *state) OutOfPlace(op *ir.Operation, i int) bool {
	if s.copyAll || s.resolved || s.built[op] {
		return false
	}
	in, ok := s.decided[use{op, i}]
	return ok && !in
}
func (s *state) ReadAfterWrite(op *ir.Operation, i int) bool {
	return s.readAfterWrite(op, i)
}

func (s *state) Buffer(user *ir.Operation, v ir.Value) (ir.Value, error) { return s.bufferOf(user, v) }

func (s *state) Writable(op *ir.Operation, i int, copyContents bool) (ir.Value, error) {
	return s.writable(op, i, !copyContents)
}

func (s *state) SetResult(r, buf, aliasOf ir.Value) { s.setResult(r, buf, aliasOf) }

func (s *state) InPlaceAlias(t, buf ir.Value) ir.Value { return s.aliasIf(t, buf) }

func (s *state) Alloc(t ir.Type, like ir.Value, dyn []ir.Value) ir.Value {
	return s.alloc(t, like, dyn)
}

func (s *state) ReifiedSizes(v ir.Value) []ir.Value {
	rt, ok := s.tt(v).(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	return s.reifiedSizes(s.b.Loc, v, rt)
}

func (s *state) MapRegionArgument(a *ir.BlockArgument, buf ir.Value) {
	s.orig[a] = a.Type()
	s.buf[a] = buf
	s.makeSet(a)
}

func (s *state) RetypeRegionArgument(a *ir.BlockArgument, t ir.Type) {
	s.orig[a] = a.Type()
	a.SetType(t)
	s.buf[a] = a
	s.makeSet(a)
}

// GlobalFor returns the constant memref.global holding value, made on
// first use under a name derived from the type (__constant_2x3xf32,
// __constant_xf32).
func (s *state) GlobalFor(op *ir.Operation, value ir.Attribute, rt *ir.RankedTensorType) string {
	if name, ok := s.globals[value]; ok {
		return name
	}
	var sb strings.Builder
	sb.WriteString("__constant_")
	for _, d := range rt.Shape {
		fmt.Fprintf(&sb, "%dx", d)
	}
	if len(rt.Shape) == 0 {
		// As upstream, the shape joined by "x" and then "x" and the
		// element type: a 0-d tensor's global is __constant_xf32.
		sb.WriteString("x")
	}
	sb.WriteString(asm.TypeString(rt.Elem))
	name := sb.String()
	for i := 0; s.names[name]; i++ {
		name = fmt.Sprintf("%s_%d", sb.String(), i)
	}
	s.names[name] = true
	s.globals[value] = name
	gb := ir.NewBuilder(s.ctx)
	gb.Loc = op.Loc()
	top := s.module.Region(0).First()
	gb.SetInsertionPointToStart(top)
	vis := "private"
	memref.BuildGlobal(gb, op.Loc(), name, s.ctx.TypeAttr(s.identityType(rt)), memref.GlobalOptions{SymVisibility: &vis, InitialValue: value, Constant: true, Alignment: s.alignment()})
	return name
}

// orderByCalls returns funcs with every callee before its callers, the
// functions whose returns return their buffers as they are (those with a
// body), and those on call cycles, whose results take the fully dynamic
// layout so that their callers know them in advance.
func (s *state) orderByCalls(funcs []*ir.Operation) ([]*ir.Operation, map[*ir.Operation]bool, map[*ir.Operation]bool) {
	callees := map[*ir.Operation][]*ir.Operation{}
	for _, f := range funcs {
		f.Walk(ir.PreOrder, func(op *ir.Operation) bool {
			if ref, ok := op.InherentAttr("callee").(*ir.SymbolRefAttr); ok && ir.CallOp.Implements(op) {
				if g := s.funcs[ref.Root]; g != nil {
					callees[f] = append(callees[f], g)
				}
			}
			return true
		})
	}
	const (
		unseen = iota
		active
		done
	)
	state := map[*ir.Operation]int{}
	onCycle := map[*ir.Operation]bool{}
	var order []*ir.Operation
	var stack []*ir.Operation
	var visit func(f *ir.Operation)
	visit = func(f *ir.Operation) {
		state[f] = active
		stack = append(stack, f)
		for _, g := range callees[f] {
			switch state[g] {
			case unseen:
				visit(g)
			case active:
				// Every function on the stack from g up is on a cycle.
				for i := len(stack) - 1; i >= 0; i-- {
					onCycle[stack[i]] = true
					if stack[i] == g {
						break
					}
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[f] = done
		order = append(order, f)
	}
	for _, f := range funcs {
		if state[f] == unseen {
			visit(f)
		}
	}
	infer := map[*ir.Operation]bool{}
	for _, f := range order {
		if s.opts.FunctionBoundaries && s.opts.BoundaryLayout() == bufferization.InferLayoutMap && !f.Region(0).Empty() {
			infer[f] = true
		}
	}
	return order, infer, onCycle
}

// inferResults sets the result types of f from the buffers its returns
// return: the one type they agree on, else the fully dynamic layout, to
// which the others are cast (always that layout on a call cycle).
func (s *state) inferResults(f *ir.Operation) {
	ft := f.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
	var rets []*ir.Operation
	for _, b := range f.Region(0).Blocks() {
		if t := b.Last(); t != nil && t.HasTrait(ir.ReturnLike) {
			rets = append(rets, t)
		}
	}
	outs := append([]ir.Type{}, ft.Results...)
	for i, t := range ft.Results {
		if !isTensor(t) && !s.onCycle[f] {
			continue
		}
		var agreed ir.Type
		if s.onCycle[f] {
			agreed = t // already the fully dynamic layout
		}
		for _, r := range rets {
			if s.onCycle[f] {
				break
			}
			if i >= r.NumOperands() {
				continue
			}
			if rt := r.Operand(i).Type(); agreed == nil {
				agreed = rt
			} else if agreed != rt {
				agreed = s.dynamicType(t)
				break
			}
		}
		if agreed == nil {
			agreed = s.identityType(t)
		}
		outs[i] = agreed
		for _, r := range rets {
			if i < r.NumOperands() && r.Operand(i).Type() != agreed {
				if c := unusedCastBefore(r, r.Operand(i), agreed); c != nil {
					// The cast the return made to the fully dynamic
					// layout, which upstream returns when the returns
					// do not agree.
					r.SetOperand(i, c)
					continue
				}
				s.b.SetInsertionPoint(r)
				r.SetOperand(i, memref.BuildCast(s.b, r.Loc(), r.Operand(i), agreed).Result(0))
			}
		}
	}
	f.SetAttr("function_type", s.ctx.TypeAttr(s.ctx.FunctionType(ft.Inputs, outs)))
}

// unusedCastBefore returns the result of an unused memref.cast of b to
// type t among the operations right before the return r, or nil.
func unusedCastBefore(r *ir.Operation, b ir.Value, t ir.Type) ir.Value {
	for x := r.Prev(); x != nil; x = x.Prev() {
		c, ok := memref.AsCastOp(x)
		if !ok {
			return nil
		}
		if c.Operand(0) == b && x.Result(0).Type() == t && !ir.HasUses(x.Result(0)) {
			return x.Result(0)
		}
	}
	return nil
}
