package bufferize

import (
	"errors"
	"slices"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	function "github.com/strata-ir/strata/dialects/func"
)

// This file holds the bottom-up in-place analysis (MLIR's OneShotAnalysis
// with its default heuristic): before a function is rewritten, the tensor
// operands of its operations are decided in place or out of place from
// the last operation to the first, each decision assuming the later ones.
// Writing in place merges the operand's alias set with those of the
// results that share its buffer; a write is out of place when it would
// write a buffer that may not be written, or when a read of one of the
// merged aliases would then see it instead of the value the read expects
// by SSA (a read-after-write conflict).
//
// It runs on functions whose tensor operations each have a
// bufferization.AliasAnalysis or RegionAliasAnalysis model (or no
// bufferization at all) and sit in regions of one block, in the regions
// of scf loops and branches too (regions.go), or in the blocks of the
// function's body or of an operation that allows several
// (bufferization.UnstructuredControlFlow), whose branches may pass
// tensors to block arguments (branches.go); the other functions are
// decided in program order while they are rewritten
// (state.readAfterWrite). With function boundaries, calls answer with
// what the analysis of their callees found (module.go).

// use is a tensor operand of an operation.
type use struct {
	op *ir.Operation
	i  int
}

// analysis is the state of the bottom-up analysis of one function.
type analysis struct {
	s *state
	// inPlace holds the decision for each analyzed use.
	inPlace map[use]bool
	parent  map[ir.Value]ir.Value
	sets    map[ir.Value][]ir.Value
	// readOnly reports whether the function's argument may not be written.
	readOnly func(a *ir.BlockArgument) bool
	// defs and read cache definitions and valueReadThroughAliases, which
	// depend on the IR only.
	defs map[ir.Value][]ir.Value
	read map[ir.Value]bool
	// reads and ws are the scratch sets of readAfterWrite and
	// writesReadOnly.
	reads, ws map[use]bool
}

// reset forgets what the analysis knew of the function just decided.
func (a *analysis) reset() {
	clear(a.inPlace)
	clear(a.parent)
	clear(a.sets)
	clear(a.defs)
	clear(a.read)
	a.readOnly = nil
}

// maxAnalyzed bounds the tensor operations of a function that the
// bottom-up analysis decides for: its conflict checks grow with the
// square of the uses of one alias set, so a larger function is decided in
// program order.
const maxAnalyzed = 256

// models answers what the analysis asks of operations through their
// bufferization models, under the options of the pass.
type models struct {
	// boundaries is bufferize-function-boundaries: without it, the
	// operations of the func dialect are left to the analysis as
	// operations without a bufferization, as upstream's
	// BufferizationOptions::isOpAllowed does.
	boundaries bool
	// mod is the module analysis under function boundaries (module.go),
	// which models calls.
	mod *moduleAnalysis
	// equiv tells the models of region operations which tensors are
	// equivalent while the analysis runs (nil: only a value is itself).
	equiv func(a, b ir.Value) bool
	// filter is dialect-filter: the dialects whose operations are
	// bufferized (empty: all).
	filter []string
	// orig holds the tensor types of the block arguments retyped in
	// place (tt): the aliasing of the operations that use them stays
	// that of their tensors while the rewriting asks for buffer types.
	orig map[ir.Value]ir.Type
	// unanalyzed is set while the copies of a function bufferized
	// without the analysis are made: no callee counts as analyzed.
	unanalyzed bool
}

// allowed reports whether op belongs to a dialect the pass bufferizes
// (upstream's OpFilter of dialect-filter).
func (ms *models) allowed(op *ir.Operation) bool {
	return ms.Bufferizes(op.OpName().Name)
}

// Bufferizes implements bufferization.State: whether the operations named
// opName belong to a dialect of dialect-filter.
func (ms *models) Bufferizes(opName string) bool {
	dialect, _, _ := strings.Cut(opName, ".")
	return len(ms.filter) == 0 || slices.Contains(ms.filter, dialect)
}

// ValueRead implements bufferization.AnalysisState.
func (ms *models) ValueRead(v ir.Value) bool { return ms.valueReadThroughAliases(v) }

// Equivalent implements bufferization.AnalysisState.
func (ms *models) Equivalent(a, b ir.Value) bool {
	if ms.equiv == nil {
		return a == b
	}
	return ms.equiv(a, b)
}

// regionModel returns op's RegionAliasAnalysis model, if the analysis
// may use it.
func (ms *models) regionModel(op *ir.Operation) bufferization.RegionAliasAnalysis {
	m, ok := ms.known(op)
	if !ok {
		return nil
	}
	r, _ := m.(bufferization.RegionAliasAnalysis)
	return r
}

// known returns op's bufferization model, if the analysis may use it.
func (ms *models) known(op *ir.Operation) (bufferization.BufferizableOpInterface, bool) {
	if !ms.boundaries && function.IsBoundaryOp(op) || !ms.allowed(op) {
		return nil, false
	}
	return bufferization.BufferizableOp.Of(op)
}

// aliasModel returns op's AliasAnalysis model, unknownModel for an
// operation without a bufferization, or nil.
func (ms *models) aliasModel(op *ir.Operation) bufferization.AliasAnalysis {
	if c, ok := ms.callModelOf(op); ok {
		return c
	}
	m, ok := ms.known(op)
	if !ok {
		return unknownModel{}
	}
	a, _ := m.(bufferization.AliasAnalysis)
	return a
}

// unknownModel is what the analysis assumes of an operation without a
// bufferization (MLIR's unknownGetAliasingValues and the conservative
// answers of AnalysisState): it reads and writes each tensor operand,
// each of its tensor results and of the tensor arguments of its regions'
// entry blocks may be that operand's buffer, and none of them may be
// written.
type unknownModel struct{}

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (unknownModel) BufferizesToMemoryWrite(*ir.Operation, int) bool { return true }

// AliasingResults implements bufferization.AliasAnalysis.
func (unknownModel) AliasingResults(op *ir.Operation, _ int) []int {
	var rs []int
	for i, t := range op.ResultTypes() {
		if isTensor(t) {
			rs = append(rs, i)
		}
	}
	return rs
}

// unknownArgs returns the tensor arguments of the entry blocks of op's
// regions, which an operation without a bufferization may give the
// buffer of any tensor operand.
func (ms *models) unknownArgs(op *ir.Operation) []ir.Value {
	if _, ok := ms.known(op); ok {
		return nil
	}
	var args []ir.Value
	for i := 0; i < op.NumRegions(); i++ {
		if r := op.Region(i); !r.Empty() {
			for _, a := range r.First().Arguments() {
				if isTensor(a.Type()) {
					args = append(args, a)
				}
			}
		}
	}
	return args
}

// analyzable returns the operations of f with tensors, in post-order,
// when the bottom-up analysis applies to f (see above), else the
// operation that keeps it from applying: one with a bufferization but no
// analysis model, or one in a region of several blocks.
func (s *state) analyzable(f *ir.Operation) ([]*ir.Operation, *ir.Operation) {
	if !s.analyzableBlocks(f.Region(0)) {
		return nil, f
	}
	var ops []*ir.Operation
	var blocker *ir.Operation
	f.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		if op == f || blocker != nil {
			return blocker == nil
		}
		if !s.hasTensors(op) {
			return true
		}
		if _, known := s.known(op); !known {
			// An operation without a bufferization, wherever it is,
			// is decided as upstream decides it: it may read and write
			// each tensor operand and return it as any of its tensor
			// results or entry block arguments (unknownModel).
			ops = append(ops, op)
			return true
		}
		if s.aliasModel(op) == nil && s.regionModel(op) == nil || !s.inOneBlockRegions(op, f) {
			blocker = op
			return false
		}
		ops = append(ops, op)
		return true
	})
	return ops, blocker
}

// analyze decides the tensor operands of f's operations bottom-up when
// the analysis applies to f, recording the decisions in s.decided.
// readOnly tells the arguments that may not be written.
func (s *state) analyze(f *ir.Operation, readOnly func(a *ir.BlockArgument) bool) error {
	if err := s.checkPreconditions(f); err != nil {
		return err
	}
	ops, blocker := s.analyzable(f)
	if blocker != nil && s.copiesOnTensors() {
		return errUndecided(f, blocker)
	}
	if blocker != nil || len(ops) > maxAnalyzed && !s.opts.TestAnalysisOnly && !s.copiesOnTensors() && !s.eliminating {
		return nil
	}
	// One analysis serves every function of the module: its maps are
	// cleared, not made again, so that a module of many functions does
	// not leave a set of maps per function to the collector.
	a := s.an
	if a == nil {
		a = &analysis{s: s, inPlace: map[use]bool{}, parent: map[ir.Value]ir.Value{}, sets: map[ir.Value][]ir.Value{},
			defs: map[ir.Value][]ir.Value{}, read: map[ir.Value]bool{}, reads: map[use]bool{}, ws: map[use]bool{}}
		s.an = a
	}
	a.readOnly = readOnly
	s.equiv = a.equivalent
	defer func() { s.equiv = nil }()
	defer a.reset()
	if s.opts.TestAnalysisOnly {
		defer s.annotate(f, a)
	}
	if s.summarizes(f) {
		// What the function tells its callers, before the analysis
		// forgets it.
		defer s.summarizeAnalyzed(f, a)
	}
	// An unranked tensor cannot be copied: as upstream, the operands of
	// that type are in place before anything is decided.
	// Nor is a value of a dialect's tensor-like type analyzed: as
	// upstream, whose analysis decides builtin tensors only, its operands
	// are in place and never conflict.
	for _, op := range ops {
		if _, known := s.known(op); !known {
			continue
		}
		for i, v := range op.Operands() {
			if _, unranked := v.Type().(*ir.UnrankedTensorType); unranked || bufferization.IsDialectTensor(v.Type()) {
				u := use{op, i}
				a.inPlace[u] = true
				s.decided[u] = true
				for _, r := range s.aliasingResults(u) {
					a.union(v, r)
				}
			}
		}
	}
	a.markRequiredInPlace(ops)
	// As upstream's checkPreBufferizationAssumptions, the operands
	// decided in place beforehand must not already conflict.
	for _, op := range ops {
		for i := range op.NumOperands() {
			u := use{op, i}
			if !a.inPlace[u] || !analyzed(op.Operand(i).Type()) {
				continue
			}
			if a.readAfterWrite(u) != nil {
				return ir.OpError(op, "not bufferizable under the given constraints: cannot avoid RaW conflict")
			}
			if a.writesReadOnly(u) {
				return ir.OpError(op, "not bufferizable under the given constraints: would write to read-only buffer")
			}
		}
	}
	for _, op := range s.order(f, ops) {
		if s.aliasModel(op) == nil && s.regionModel(op) == nil {
			continue
		}
		for i, v := range op.Operands() {
			if !isTensor(v.Type()) {
				continue
			}
			u := use{op, i}
			if _, decided := a.inPlace[u]; decided {
				continue
			}
			readOnly := a.writesReadOnly(u)
			var conflict ir.Value
			if !readOnly {
				conflict = a.readAfterWrite(u)
			}
			in := !readOnly && conflict == nil
			if !in && s.mustInPlace(u) {
				return notBufferizable(op, readOnly, conflict)
			}
			if !in && s.unrankedAlias(u) {
				// The unranked result cannot take a copy of the
				// operand's buffer: as upstream, a read that would
				// see a write through it is an error (a buffer that
				// may not be written alone is copied, ranked).
				if readOnly {
					conflict = a.readAfterWrite(u)
				}
				if conflict != nil {
					return ir.OpError(op, "not bufferizable under the given constraints: cannot avoid RaW conflict")
				}
			}
			a.inPlace[u] = in
			s.decided[u] = in
			if in {
				for _, r := range s.aliasingResults(u) {
					a.union(v, r)
				}
			}
		}
	}
	if err := a.verify(ops); err != nil {
		return err
	}
	if s.copiesOnTensors() {
		return s.insertTensorCopies(f, a)
	}
	if s.eliminating {
		s.eliminateEmptyTensors(f, a)
	}
	return nil
}

// verifyFailures are the failures of the models' checks of the decisions
// of one function (MLIR's verifyAnalysis). Unlike the analysis's other
// failures, which end it, they leave the other functions to be analyzed
// when the module is analyzed as a whole (without function boundaries):
// upstream then checks the decisions of every function, reporting each
// failure (analyzeFuncs).
type verifyFailures ir.Diagnostics

func (v verifyFailures) Error() string { return ir.Diagnostics(v).Error() }

// analyzeFuncs runs analyze, the analysis of one function, on each
// function of funcs that has a body, in that order, before any function
// is rewritten, as upstream analyzes the module before bufferizing it.
// With function boundaries, upstream analyzes the functions one after
// the other: the first failure ends the analysis. Without, it analyzes
// the module's operations together: a failure of the analysis proper
// ends it, but the checks of the decisions are made for every function
// once they are all decided, and each of their failures is reported, in
// the order of the functions in the module (inModule).
func (s *state) analyzeFuncs(funcs, inModule []*ir.Operation, analyze func(f *ir.Operation) error) error {
	failed := map[*ir.Operation]ir.Diagnostics{}
	for _, f := range funcs {
		if f.Region(0).Empty() {
			continue
		}
		err := analyze(f)
		var v verifyFailures
		if errors.As(err, &v) {
			if s.opts.FunctionBoundaries {
				return ir.Diagnostics(v)
			}
			failed[f] = ir.Diagnostics(v)
			continue
		}
		if err != nil {
			return err
		}
		if err := s.checkReturns(f); err != nil {
			return err
		}
	}
	var errs ir.Diagnostics
	for _, f := range inModule {
		errs = append(errs, failed[f]...)
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// checkPreconditions asks the models of f's operations, in post-order,
// whether the analysis accepts them (bufferization.AnalysisPrecondition),
// and returns the first refusal.
func (s *state) checkPreconditions(f *ir.Operation) error {
	var err error
	f.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		m, ok := s.known(op)
		if !ok {
			return true
		}
		if p, ok := m.(bufferization.AnalysisPrecondition); ok && err == nil {
			err = p.CheckBeforeAnalysis(op)
		}
		return err == nil
	})
	return err
}

// verify asks the models of ops to check the decisions made (MLIR's
// verifyAnalysis), reporting every failure.
func (a *analysis) verify(ops []*ir.Operation) error {
	var errs ir.Diagnostics
	for _, op := range ops {
		m, ok := a.s.known(op)
		if !ok {
			continue
		}
		v, ok := m.(bufferization.AnalysisVerifier)
		if !ok {
			continue
		}
		if err := v.VerifyAnalysis(op, a.s, a.s.opts); err != nil {
			var d *ir.Diagnostic
			if !errors.As(err, &d) {
				return err
			}
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		return verifyFailures(errs)
	}
	return nil
}

// mustInPlace reports whether the model of u's operation requires u to
// be written in place (bufferization.InPlaceRequirement).
func (ms *models) mustInPlace(u use) bool {
	m, ok := ms.known(u.op)
	if !ok {
		return false
	}
	r, ok := m.(bufferization.InPlaceRequirement)
	return ok && r.MustBufferizeInPlace(u.op, u.i)
}

// notBufferizable is upstream's error for an operand that must be written
// in place and cannot be: at op when its buffer may not be written, else
// at the operation that defines the value whose read conflicts (op
// itself for a block argument).
func notBufferizable(op *ir.Operation, readOnly bool, conflict ir.Value) error {
	if readOnly {
		return ir.OpError(op, "not bufferizable under the given constraints: would write to read-only buffer")
	}
	at := op
	if d := ir.DefiningOp(conflict); d != nil {
		at = d
	}
	return ir.OpError(at, "not bufferizable under the given constraints: cannot avoid RaW conflict")
}

// --- alias sets ---

func (a *analysis) find(v ir.Value) ir.Value {
	for {
		p, ok := a.parent[v]
		if !ok || p == v {
			return v
		}
		v = p
	}
}

func (a *analysis) union(x, y ir.Value) {
	rx, ry := a.find(x), a.find(y)
	if rx == ry {
		return
	}
	from, into := a.aliases(rx), a.aliases(ry)
	a.parent[rx] = ry
	delete(a.sets, rx)
	a.sets[ry] = append(into[:len(into):len(into)], from...)
}

// aliases returns the values of v's alias set.
func (a *analysis) aliases(v ir.Value) []ir.Value {
	if m, ok := a.sets[a.find(v)]; ok {
		return m
	}
	return []ir.Value{v}
}

// --- what operations do ---

func (ms *models) writes(u use) bool {
	if r := ms.regionModel(u.op); r != nil {
		return r.WritesOperand(u.op, u.i, ms)
	}
	m := ms.aliasModel(u.op)
	return m == nil || m.BufferizesToMemoryWrite(u.op, u.i)
}

func (ms *models) aliasingResults(u use) []ir.Value {
	if r := ms.regionModel(u.op); r != nil {
		var vs []ir.Value
		for _, a := range r.AliasingValues(u.op, u.i, ms) {
			vs = append(vs, a.Value)
		}
		return vs
	}
	m := ms.aliasModel(u.op)
	if m == nil {
		return nil
	}
	var rs []ir.Value
	for _, r := range m.AliasingResults(u.op, u.i) {
		rs = append(rs, u.op.Result(r))
	}
	return append(rs, ms.unknownArgs(u.op)...)
}

// aliasingOperands returns the operands whose buffer result r shares.
func (ms *models) aliasingOperands(r *ir.OpResult) []use {
	op := r.Owner()
	if ms.regionModel(op) != nil {
		return ms.regionAliasingOperands(r)
	}
	m := ms.aliasModel(op)
	if m == nil {
		return nil
	}
	var us []use
	for i, v := range op.Operands() {
		if !isTensor(ms.tt(v)) {
			continue
		}
		for _, k := range m.AliasingResults(op, i) {
			if k == r.Index() {
				us = append(us, use{op, i})
			}
		}
	}
	return us
}

// defines reports whether v's buffer holds contents its definition
// writes (MLIR's AnalysisState::bufferizesToMemoryWrite of a value).
func (ms *models) defines(v ir.Value) bool {
	r, ok := v.(*ir.OpResult)
	if !ok {
		return true
	}
	op := r.Owner()
	m := ms.aliasModel(op)
	if m == nil && ms.regionModel(op) == nil {
		return true
	}
	if d, ok := m.(bufferization.ResultDefinition); ok && m != nil {
		return d.ResultBufferizesToMemoryWrite(op, r.Index())
	}
	from := ms.aliasingOperands(r)
	if len(from) == 0 {
		return true
	}
	for _, u := range from {
		if ms.writes(u) {
			return true
		}
	}
	return op.NumRegions() > 0 && ms.definedInside(op, from)
}

// writable reports whether v's buffer may be written.
func (a *analysis) writable(v ir.Value) bool {
	switch v := v.(type) {
	case *ir.BlockArgument:
		if p := v.Owner().ParentOp(); p != nil {
			if _, isFunc := function.AsFuncOp(p); !isFunc {
				// The argument of a known operation's region (a loop's
				// iteration argument) may be written, as upstream's
				// default isWritable.
				_, known := a.s.known(p)
				return known
			}
		}
		return !a.readOnly(v)
	case *ir.OpResult:
		if _, known := a.s.known(v.Owner()); !known {
			return false
		}
		if m, ok := a.s.aliasModel(v.Owner()).(bufferization.ResultWritability); ok {
			return m.ResultWritable(v.Owner(), v.Index())
		}
	}
	return true
}

// valueReadThroughAliases reports whether v is read, directly or through operations
// that only share its buffer (MLIR's AnalysisState::isValueRead).
func (ms *models) valueReadThroughAliases(v ir.Value) bool {
	seen := map[use]bool{}
	var work []use
	push := func(v ir.Value) {
		for o := v.FirstUse(); o != nil; o = o.Next() {
			work = append(work, use{o.Owner(), o.Index()})
		}
	}
	push(v)
	for len(work) > 0 {
		u := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[u] {
			continue
		}
		seen[u] = true
		if ms.reads(u.op, u.i) {
			return true
		}
		if !ms.writes(u) {
			for _, r := range ms.aliasingResults(u) {
				push(r)
			}
		}
	}
	return false
}

// definitions returns the values whose definitions last wrote what v
// holds, following the buffers v shares back through operations that do
// not write them (MLIR's findDefinitions).
func (ms *models) definitions(v ir.Value) []ir.Value { return ms.reverseDefinitions(v, false) }

// definitionsOrLeaves is definitions, also keeping the values found
// going back that share no operand's buffer (MLIR's
// findValueInReverseUseDefChain with leaves).
func (ms *models) definitionsOrLeaves(v ir.Value) []ir.Value { return ms.reverseDefinitions(v, true) }

// reverseDefinitions walks back from v through the operands whose
// buffers the values found share, keeping the values whose definitions
// write and, with leaves, the values that share no operand's buffer.
func (ms *models) reverseDefinitions(v ir.Value, leaves bool) []ir.Value {
	var out []ir.Value
	seen := map[ir.Value]bool{}
	work := []ir.Value{v}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if ms.defines(x) {
			out = append(out, x)
			continue
		}
		r, ok := x.(*ir.OpResult)
		var from []use
		if ok {
			from = ms.aliasingOperands(r)
		}
		if leaves && len(from) == 0 {
			out = append(out, x)
		}
		for _, u := range from {
			work = append(work, u.op.Operand(u.i))
		}
	}
	return out
}

// --- conflicts ---

// collect adds the in-place writes and the reads of the values of v's
// alias set to writes and reads.
func (a *analysis) collect(v ir.Value, reads, ws map[use]bool) {
	for _, x := range a.aliases(v) {
		for o := x.FirstUse(); o != nil; o = o.Next() {
			u := use{o.Owner(), o.Index()}
			if a.inPlace[u] && a.s.writes(u) {
				ws[u] = true
			}
			if a.s.reads(u.op, u.i) {
				reads[u] = true
				continue
			}
			// A use that only passes the buffer on to a value that
			// is read.
			if !a.s.writes(u) {
				for _, r := range a.s.aliasingResults(u) {
					rd, ok := a.read[r]
					if !ok {
						rd = a.s.valueReadThroughAliases(r)
						a.read[r] = rd
					}
					if rd {
						reads[u] = true
						break
					}
				}
			}
		}
	}
}

// writesReadOnly reports whether deciding u in place would have some
// buffer that may not be written written (MLIR's
// wouldCreateWriteToNonWritableBuffer).
func (a *analysis) writesReadOnly(u use) bool {
	found := a.s.writes(u)
	vals := append([]ir.Value{u.op.Operand(u.i)}, a.s.aliasingResults(u)...)
	if !found {
		clear(a.reads)
		clear(a.ws)
		for _, v := range vals {
			a.collect(v, a.reads, a.ws)
		}
		found = len(a.ws) > 0
	}
	if !found {
		return false
	}
	readOnly := false
	for _, v := range vals {
		for _, x := range a.aliases(v) {
			if !a.writable(x) {
				if !a.s.opts.PrintConflicts {
					return true
				}
				readOnly = true
				a.s.annotateNotWritable(x)
			}
		}
	}
	return readOnly
}

// readAfterWrite reports whether deciding u in place would make a read
// of one of the aliases see a write it does not see by SSA (MLIR's
// wouldCreateReadAfterWriteInterference): it returns the definition of
// the value whose read would see the write, or nil.
func (a *analysis) readAfterWrite(u use) ir.Value {
	reads, ws := a.reads, a.ws
	clear(reads)
	clear(ws)
	a.collect(u.op.Operand(u.i), reads, ws)
	for _, r := range a.s.aliasingResults(u) {
		a.collect(r, reads, ws)
	}
	if a.s.writes(u) {
		ws[u] = true
	}
	// A write in a region whose iterations run in parallel into a buffer
	// defined outside it: every iteration needs its own copy.
	if !a.s.opts.IgnoreParallelRegions && len(reads) > 0 {
		for w := range ws {
			at := a.s.parallelRegion(opRegion(w.op))
			for _, d := range a.s.definitionsOrLeaves(w.op.Operand(w.i)) {
				if a.s.parallelRegion(valueRegion(d)) != at {
					return d
				}
			}
		}
	}
	// In a fixed order, the later uses first, so that print-conflicts
	// reports the same conflict on every run.
	wl := a.s.laterFirst(ws)
	for _, r := range a.s.laterFirst(reads) {
		v := r.op.Operand(r.i)
		defs, ok := a.defs[v]
		if !ok {
			defs = a.s.definitions(v)
			a.defs[v] = defs
		}
		if len(defs) == 0 {
			continue
		}
		for _, w := range wl {
			// Inside a region that runs repeatedly, the order of the
			// operations does not rule out a conflict.
			if a.s.canUseOrder(r, w, defs) && a.s.canUseBlockOrder(r, w, defs) {
				if a.s.happensBefore(r.op, w.op) {
					continue // the read happens before the write
				}
				if r == w {
					continue
				}
				if r.op != w.op && mutuallyExclusive(r.op, w.op) {
					continue // the branches of an scf.if
				}
				// An operation that reads each element before writing
				// it, through operands that are one buffer when in place.
				if r.op == w.op && elementwiseSame(r.op, r.i, w.i) &&
					(a.s.equivalentBack(r.op.Operand(r.i), w.op.Operand(w.i)) || a.s.equivalentBack(w.op.Operand(w.i), r.op.Operand(r.i))) {
					continue
				}
			}
			// A tile extracted from the destination of a subset
			// insertion at the subset it writes.
			if a.matchingSubsets(r, w) {
				continue
			}
			for _, d := range defs {
				if dop := ir.DefiningOp(d); dop != nil {
					if a.s.happensBefore(w.op, dop) {
						continue // the write happens before the definition
					}
					if dop != w.op && dop.IsAncestor(w.op) {
						continue // the write is inside the definition
					}
				} else if arg, ok := d.(*ir.BlockArgument); ok && liftInto(w.op, arg.Owner()) == nil && !a.s.writeAfterArgument(w, r, arg) {
					continue // the write is outside the argument's block
				}
				if rs := a.s.aliasingResults(w); len(rs) == 1 && rs[0] == d {
					continue // the write is the definition
				}
				if a.s.opts.PrintConflicts {
					a.s.annotateConflict(r, w, d)
				}
				return d
			}
		}
	}
	return nil
}

// equivalentBack reports whether other is found going back from v through
// the operands whose buffers the values on the way share, keeping to one
// type (MLIR's hasEquivalentValueInReverseUseDefChain).
func (ms *models) equivalentBack(v, other ir.Value) bool {
	seen := map[ir.Value]bool{}
	work := []ir.Value{v}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == other {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		var from []use
		switch x := x.(type) {
		case *ir.OpResult:
			from = ms.aliasingOperands(x)
		case *ir.BlockArgument:
			from = ms.branchOperands(x)
		}
		for _, u := range from {
			if y := u.op.Operand(u.i); y.Type() == x.Type() {
				work = append(work, y)
			}
		}
	}
	return false
}

// matchingSubsets reports whether the read r and the write w do not
// conflict because they touch one subset of one tensor (MLIR's
// areNonConflictingSubsets):
//
//  1. r reads the destination of a subset insertion, and w writes the
//     part extracted at the subset it inserts into (which the insertion
//     does not read);
//  2. r is that insertion's read of its source, w its write of its
//     destination, and the source is that part;
//  3. w is a subset insertion writing its destination, and r reads its
//     source, which is that part (the insertion writes what is there).
func (a *analysis) matchingSubsets(r, w use) bool {
	if si := subsetInsertion(r.op); si != nil {
		dst := si.DestinationOperand(r.op)
		if r.i == dst && a.matchesDestination(w.op.Operand(w.i), r.op, si) {
			return true
		}
		if r.i != dst && w.op == r.op && w.i == dst && a.matchesDestination(r.op.Operand(r.i), r.op, si) {
			return true
		}
	}
	if si := subsetInsertion(w.op); si != nil && w.op != r.op && w.i == si.DestinationOperand(w.op) {
		src := si.SourceOperand(w.op)
		if src != w.i && src < w.op.NumOperands() && a.equivalent(r.op.Operand(r.i), w.op.Operand(src)) && a.matchesDestination(w.op.Operand(src), w.op, si) {
			return true
		}
	}
	return false
}

// matchesDestination reports whether v comes from parts extracted at the
// subset that op (with model si) inserts into, of tensors equivalent to
// its destination (MLIR's matchesInsertDestination): going back from v
// through the operands whose buffers the values on the way may share,
// in place or not, every value where the walk stops is such a part. The
// walk stops at a matching part, at a value of an operation without a
// bufferization or that shares no operand's buffer (a block argument),
// and at a value it reaches a second time.
func (a *analysis) matchesDestination(v ir.Value, op *ir.Operation, si bufferization.SubsetInsertionOpInterface) bool {
	equiv := func(x, y ir.Value) bool { return a.equivalent(x, y) }
	matches := func(x ir.Value) bool {
		_, isResult := x.(*ir.OpResult)
		return isResult && si.EquivalentSubset(op, x, equiv)
	}
	seen := map[ir.Value]bool{}
	// work is a set: a value still to be visited is not added again.
	work := []ir.Value{v}
	pending := map[ir.Value]bool{v: true}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		delete(pending, x)
		if seen[x] {
			if !matches(x) {
				return false
			}
			continue
		}
		seen[x] = true
		if matches(x) {
			continue
		}
		res, ok := x.(*ir.OpResult)
		if !ok {
			return false
		}
		if _, known := a.s.known(res.Owner()); !known {
			return false
		}
		from := a.s.aliasingOperands(res)
		if len(from) == 0 {
			return false
		}
		for _, u := range from {
			if y := u.op.Operand(u.i); !pending[y] {
				pending[y] = true
				work = append(work, y)
			}
		}
	}
	return true
}

// equivalent reports whether the tensors x and y have one buffer when
// the decisions so far hold: going back from each through the operands
// whose whole buffers they are, in place, leads to one value (MLIR's
// areEquivalentBufferizedValues, on the writes decided).
func (a *analysis) equivalent(x, y ir.Value) bool {
	return x == y || a.equivalenceRoot(x) == a.equivalenceRoot(y)
}

// equivalenceRoot returns the value that v is written in place into, or
// is the whole buffer of, going back through the operations that define
// it as far as that holds.
func (a *analysis) equivalenceRoot(v ir.Value) ir.Value {
	for {
		res, ok := v.(*ir.OpResult)
		if !ok {
			return v
		}
		var next ir.Value
		if a.s.regionModel(res.Owner()) != nil {
			next = a.regionEquivalentOperand(res, a.equivalent)
		} else {
			for _, u := range a.s.aliasingOperands(res) {
				if a.inPlace[u] && (a.s.writes(u) || a.s.equivalentResult(u)) {
					next = u.op.Operand(u.i)
					break
				}
			}
		}
		if next == nil {
			return v
		}
		v = next
	}
}

// equivalentResult reports whether u's operation's result is u's whole
// buffer (bufferization.EquivalentResult).
func (ms *models) equivalentResult(u use) bool {
	e, ok := ms.aliasModel(u.op).(bufferization.EquivalentResult)
	return ok && e.EquivalentResult(u.op, u.i)
}

// subsetInsertion returns op's bufferization.SubsetInsertionOpInterface
// model, or nil.
func subsetInsertion(op *ir.Operation) bufferization.SubsetInsertionOpInterface {
	si, _ := bufferization.SubsetInsertionOp.Of(op)
	return si
}
