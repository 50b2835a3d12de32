package bufferize

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	function "github.com/strata-ir/strata/dialects/func"
)

// This file holds the module analysis of one-shot-bufferize with
// bufferize-function-boundaries (MLIR's OneShotModuleBufferize analysis
// and its FuncAnalysisState). Functions are analyzed callees first; once
// a function is analyzed, what the analysis found about its tensor
// arguments (which it reads, which it writes, which results may be or
// are their buffers) answers the analysis of its callers at each call,
// through callModel. A call to a function not analyzed yet (on a call
// cycle, or called from one) is treated as an operation without a
// bufferization: it reads and writes every tensor operand and each
// tensor result may be any operand's buffer.

// calleeInfo is what the analysis of a function tells its calls (one
// function's part of MLIR's FuncAnalysisState).
type calleeInfo struct {
	// read and written hold, per argument, whether the function reads
	// or writes the argument's buffer.
	read, written []bool
	// aliasing holds, per argument, the results that may be its buffer.
	aliasing [][]int
	// equiv holds, per result, the argument whose buffer every return
	// returns, or -1.
	equiv []int
}

// moduleAnalysis is the state of the module analysis.
type moduleAnalysis struct {
	// funcs are the module's functions by symbol name.
	funcs map[string]*ir.Operation
	// analyzed holds what is known of each function analyzed so far.
	analyzed map[*ir.Operation]*calleeInfo
	// boundary holds the functions whose arguments and results the
	// analysis summarizes for their callers (upstream's functions
	// ordered by calls: those neither on a call cycle nor calling one).
	boundary map[*ir.Operation]bool
	// called holds the functions some function calls.
	called map[*ir.Operation]bool
}

// summarizes reports whether the analysis of f is to record what f tells
// its callers: f is summarized for its callers and, unless the
// annotations show it, has some.
func (s *state) summarizes(f *ir.Operation) bool {
	return s.mod != nil && s.mod.boundary[f] && (s.opts.TestAnalysisOnly || s.mod.called[f])
}

// callee returns the function in the module that op, a call, calls, or
// nil.
func (ma *moduleAnalysis) callee(op *ir.Operation) *ir.Operation {
	c, ok := ir.CallOp.Of(op)
	if !ok {
		return nil
	}
	ref := c.CallTarget(op)
	if ref == nil || len(ref.Nested) > 0 {
		return nil
	}
	return ma.funcs[ref.Root]
}

// callModel is the AliasAnalysis of a call to a function in the module
// (MLIR's func::CallOp BufferizableOpInterface): it answers with what the
// analysis of the callee found, or as an operation without a
// bufferization when the callee is not analyzed (info is nil).
type callModel struct{ info *calleeInfo }

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (c callModel) BufferizesToMemoryWrite(_ *ir.Operation, operand int) bool {
	return c.info == nil || operand < len(c.info.written) && c.info.written[operand]
}

// BufferizesToMemoryRead implements bufferization.MemoryReader.
func (c callModel) BufferizesToMemoryRead(_ *ir.Operation, operand int) bool {
	return c.info == nil || operand < len(c.info.read) && c.info.read[operand]
}

// AliasingResults implements bufferization.AliasAnalysis.
func (c callModel) AliasingResults(op *ir.Operation, operand int) []int {
	if c.info == nil {
		return unknownModel{}.AliasingResults(op, operand)
	}
	if operand < len(c.info.aliasing) {
		return c.info.aliasing[operand]
	}
	return nil
}

// EquivalentResult implements bufferization.EquivalentResult: the one
// result that may be the operand's buffer is, when the callee returns
// that argument's buffer from every return.
func (c callModel) EquivalentResult(_ *ir.Operation, operand int) bool {
	if c.info == nil || operand >= len(c.info.aliasing) || len(c.info.aliasing[operand]) != 1 {
		return false
	}
	r := c.info.aliasing[operand][0]
	return r < len(c.info.equiv) && c.info.equiv[r] == operand
}

// callModelOf returns the model the analysis uses for op when op is a call
// of a function in the module under function boundaries.
func (ms *models) callModelOf(op *ir.Operation) (callModel, bool) {
	if ms.mod == nil || !ms.allowed(op) {
		return callModel{}, false
	}
	f := ms.mod.callee(op)
	if f == nil {
		return callModel{}, false
	}
	if ms.unanalyzed {
		return callModel{}, true
	}
	return callModel{info: ms.mod.analyzed[f]}, true
}

// orderForModule returns the functions of the module in upstream's order
// of analysis with function boundaries: first the functions that call no
// function with tensors in its signature that is not analyzed yet
// (callees before callers, by Kahn's algorithm over the calls to
// functions with tensors in their signatures), then the others, which
// sit on call cycles or call a function that does. It records the first
// ones in ma.boundary.
func (ma *moduleAnalysis) orderForModule(funcs []*ir.Operation) []*ir.Operation {
	calledBy := map[*ir.Operation][]*ir.Operation{}
	pending := map[*ir.Operation]int{}
	for _, f := range funcs {
		seen := map[*ir.Operation]bool{}
		f.Walk(ir.PreOrder, func(op *ir.Operation) bool {
			g := ma.callee(op)
			if g == nil || !hasTensorSignature(g) || seen[g] {
				return true
			}
			seen[g] = true
			calledBy[g] = append(calledBy[g], f)
			pending[f]++
			return true
		})
	}
	ma.boundary = map[*ir.Operation]bool{}
	ma.called = map[*ir.Operation]bool{}
	for g := range calledBy {
		ma.called[g] = true
	}
	var order, work []*ir.Operation
	for _, f := range funcs {
		if pending[f] == 0 {
			work = append(work, f)
		}
	}
	for len(work) > 0 {
		f := work[0]
		work = work[1:]
		order = append(order, f)
		ma.boundary[f] = true
		for _, c := range calledBy[f] {
			if pending[c]--; pending[c] == 0 {
				work = append(work, c)
			}
		}
	}
	for _, f := range funcs {
		if !ma.boundary[f] {
			order = append(order, f)
		}
	}
	return order
}

// checkReturns requires of f, just analyzed, a func.return when the
// analysis is to summarize f for its callers: as upstream, whose summary
// reads what f's func.return operations return, a function with a body
// ending otherwise is an error, tensors or not. Functions bufferized
// without the analysis (copy-before-write, no-analysis-func-filter),
// outside dialect-filter or on call cycles are not summarized and need
// none.
func (s *state) checkReturns(f *ir.Operation) error {
	if s.mod == nil || !s.mod.boundary[f] || !s.allowed(f) || f.Region(0).Empty() ||
		s.opts.CopyBeforeWrite || slices.Contains(s.opts.NoAnalysisFuncFilter, funcName(f)) {
		return nil
	}
	for _, b := range f.Region(0).Blocks() {
		if t := b.Last(); t != nil {
			if _, ok := function.AsReturnOp(t); ok {
				return nil
			}
		}
	}
	return ir.EmitError(f, "cannot bufferize func.func without func.return")
}

// hasTensorSignature reports whether f has a tensor argument or result.
func hasTensorSignature(f *ir.Operation) bool {
	fo, ok := function.AsFuncOp(f)
	if !ok {
		return false
	}
	ft := fo.FunctionType()
	for _, t := range ft.Inputs {
		if isTensor(t) {
			return true
		}
	}
	for _, t := range ft.Results {
		if isTensor(t) {
			return true
		}
	}
	return false
}

// funcArgTypes returns f's argument and result types.
func funcTypes(f *ir.Operation) ([]ir.Type, []ir.Type) {
	ft, ok := f.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok {
		return nil, nil
	}
	t, ok := ft.Type.(*ir.FunctionType)
	if !ok {
		return nil, nil
	}
	return t.Inputs, t.Results
}

// summarizeExternal records what callers assume of f, a function without
// a body (upstream's conservative answers): it reads and writes each
// tensor argument, unless an argument's bufferization.access says
// otherwise, and each tensor result may be the buffer of each tensor
// argument.
func (s *state) summarizeExternal(f *ir.Operation) {
	ins, outs := funcTypes(f)
	info := &calleeInfo{read: make([]bool, len(ins)), written: make([]bool, len(ins)), aliasing: make([][]int, len(ins)), equiv: make([]int, len(outs))}
	for i := range info.equiv {
		info.equiv[i] = -1
	}
	for i, t := range ins {
		if !isTensor(t) {
			continue
		}
		for k, rt := range outs {
			if isTensor(rt) {
				info.aliasing[i] = append(info.aliasing[i], k)
			}
		}
		info.read[i], info.written[i] = true, true
		s.decideAccess(f, i, info)
	}
	s.mod.analyzed[f] = info
}

// decideAccess applies an argument's bufferization.access attribute, when
// it has one, to info and, under test-analysis-only, writes the access
// decided onto the argument (upstream's funcOpBbArgReadWriteAnalysis).
func (s *state) decideAccess(f *ir.Operation, i int, info *calleeInfo) {
	if a, ok := argAttr(f, i, bufferization.AccessAttr).(*ir.StringAttr); ok {
		info.read[i] = a.Value == "read" || a.Value == "read-write"
		info.written[i] = a.Value == "write" || a.Value == "read-write"
	}
	if !s.opts.TestAnalysisOnly {
		return
	}
	if ins, _ := funcTypes(f); i < len(ins) && !analyzed(ins[i]) {
		// A dialect's tensor-like argument is not analyzed.
		return
	}
	access := "none"
	switch {
	case info.read[i] && info.written[i]:
		access = "read-write"
	case info.read[i]:
		access = "read"
	case info.written[i]:
		access = "write"
	}
	s.setArgAttr(f, i, bufferization.AccessAttr, s.ctx.Str(access))
}

// summarizeAnalyzed records what the analysis a of f, just run, tells
// f's callers (upstream's aliasingFuncOpBBArgsAnalysis and
// funcOpBbArgReadWriteAnalysis); under test-analysis-only it also writes
// it onto f: bufferization.access on each tensor argument and
// __equivalent_func_args__ on the returns.
func (s *state) summarizeAnalyzed(f *ir.Operation, a *analysis) {
	ins, outs := funcTypes(f)
	entry := f.Region(0).First()
	info := &calleeInfo{read: make([]bool, len(ins)), written: make([]bool, len(ins)), aliasing: make([][]int, len(ins)), equiv: make([]int, len(outs))}
	for i := range info.equiv {
		info.equiv[i] = -1
	}
	var rets []*ir.Operation
	for _, b := range f.Region(0).Blocks() {
		if t := b.Last(); t != nil && t.HasTrait(ir.ReturnLike) {
			rets = append(rets, t)
		}
	}
	args := entry.Arguments()
	// Aliasing: every return's ranked tensors in the argument's alias set.
	for _, arg := range args {
		if _, ranked := arg.Type().(*ir.RankedTensorType); !ranked {
			continue
		}
		i := arg.Index()
		seen := map[int]bool{}
		for _, r := range rets {
			for k, v := range r.Operands() {
				if _, ranked := v.Type().(*ir.RankedTensorType); ranked && !seen[k] && a.find(v) == a.find(arg) {
					seen[k] = true
					info.aliasing[i] = append(info.aliasing[i], k)
				}
			}
		}
	}
	// Equivalence: the argument equivalent to each result, which every
	// return must agree on.
	eq := a.equivalences(f)
	equivArg := func(r *ir.Operation, k int) int {
		v := r.Operand(k)
		if !isTensor(v.Type()) {
			return -1
		}
		for _, arg := range args {
			if _, ranked := arg.Type().(*ir.RankedTensorType); ranked && eq.find(v) == eq.find(arg) {
				if s.opts.TestAnalysisOnly {
					s.annotateEquivalentArg(r, k, arg.Index())
				}
				return arg.Index()
			}
		}
		return -1
	}
	if len(rets) > 0 {
		for k := 0; k < rets[0].NumOperands(); k++ {
			j := equivArg(rets[0], k)
			if j < 0 {
				continue
			}
			all := true
			for _, r := range rets[1:] {
				if k >= r.NumOperands() || equivArg(r, k) != j {
					all = false
					break
				}
			}
			if all && k < len(info.equiv) {
				info.equiv[k] = j
			}
		}
	}
	for i, arg := range args {
		if i >= len(ins) || !isTensor(arg.Type()) {
			continue
		}
		info.read[i] = s.valueReadThroughAliases(arg)
		for _, x := range a.aliases(arg) {
			for o := x.FirstUse(); o != nil; o = o.Next() {
				if u := (use{o.Owner(), o.Index()}); a.inPlace[u] && s.writes(u) {
					info.written[i] = true
				}
			}
		}
		s.decideAccess(f, i, info)
	}
	s.mod.analyzed[f] = info
}

// annotateEquivalentArg records on the return r that its operand k is
// the buffer of argument j (upstream's annotateEquivalentReturnBbArg).
func (s *state) annotateEquivalentArg(r *ir.Operation, k, j int) {
	const name = "__equivalent_func_args__"
	i64 := s.ctx.IntegerType(64, ir.Signless)
	elems := make([]ir.Attribute, r.NumOperands())
	if old, ok := r.Attr(name).(*ir.ArrayAttr); ok && len(old.Elems) == len(elems) {
		copy(elems, old.Elems)
	}
	for i := range elems {
		if elems[i] == nil {
			elems[i] = s.ctx.IntegerAttr(i64, -1)
		}
	}
	elems[k] = s.ctx.IntegerAttr(i64, int64(j))
	r.SetAttr(name, s.ctx.ArrayAttr(elems))
}

// equivalences returns the equivalence classes of the tensors of f once
// the decisions of a hold (upstream's equivalenceAnalysis, run after
// the in-place analysis): a result is its aliasing operand's buffer when
// that operand is in place and the result is that whole buffer, or,
// with several aliasing operands, when all are in place, whole and of
// one class.
func (a *analysis) equivalences(f *ir.Operation) *unionFind {
	eq := &unionFind{parent: map[ir.Value]ir.Value{}}
	f.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		if op == f {
			return true
		}
		for i := range op.NumResults() {
			r := op.Result(i)
			if !isTensor(r.Type()) {
				continue
			}
			if a.s.regionModel(op) != nil {
				// The result of a region is the buffer its
				// operands or terminators certainly pass on.
				same := func(x, y ir.Value) bool { return eq.find(x) == eq.find(y) }
				if v := a.regionEquivalentOperand(r, same); v != nil {
					eq.union(r, v)
				}
				continue
			}
			from := a.s.aliasingOperands(r)
			if len(from) == 0 {
				continue
			}
			first := from[0].op.Operand(from[0].i)
			all := true
			for _, u := range from {
				if !a.inPlace[u] || !a.s.equivalentUse(u) || eq.find(u.op.Operand(u.i)) != eq.find(first) {
					all = false
				}
			}
			if all {
				eq.union(r, first)
			}
		}
		return true
	})
	return eq
}

// equivalentUse reports whether the result sharing u's buffer is that
// whole buffer (MLIR's BufferRelation::Equivalent): the operand of an
// operation that writes it (destination style), or whose model says so;
// never for a call the callee does not return the argument of, nor for
// an operation without a bufferization.
func (ms *models) equivalentUse(u use) bool {
	switch m := ms.aliasModel(u.op).(type) {
	case unknownModel:
		return false
	case callModel:
		return m.EquivalentResult(u.op, u.i)
	}
	return ms.writes(u) || ms.equivalentResult(u)
}

// unionFind is a set of equivalence classes of values.
type unionFind struct{ parent map[ir.Value]ir.Value }

func (uf *unionFind) find(v ir.Value) ir.Value {
	for {
		p, ok := uf.parent[v]
		if !ok || p == v {
			return v
		}
		v = p
	}
}

func (uf *unionFind) union(x, y ir.Value) {
	if rx, ry := uf.find(x), uf.find(y); rx != ry {
		uf.parent[rx] = ry
	}
}

// analyzableBlocks reports whether the blocks of r, a function's body,
// are ones the analysis orders: one block, or several whose branches
// that pass tensors have bufferization models (branches.go).
func (s *state) analyzableBlocks(r *ir.Region) bool {
	return r.HasOneBlock() || s.blocksModeled(r)
}

// unrankedAlias reports whether u, a ranked operand, shares its buffer
// with an unranked tensor result (a tensor.cast to an unranked type).
func (ms *models) unrankedAlias(u use) bool {
	if _, ranked := u.op.Operand(u.i).Type().(*ir.RankedTensorType); !ranked {
		return false
	}
	for _, r := range ms.aliasingResults(u) {
		if _, unranked := r.Type().(*ir.UnrankedTensorType); unranked {
			return true
		}
	}
	return false
}
