// Package transforms registers Strata's generic transformation passes
// (those that stay within one level of the IR) with the pass registry:
// canonicalize, cse, inline, symbol-dce, symbol-privatize,
// topological-sort, strip-debuginfo, print-op-stats,
// duplicate-function-elimination, loop-invariant-code-motion, sccp,
// remove-dead-values, view-op-graph, tile-verify-target, and the buffer deallocation passes
// and pipeline of bufferdealloc. Each pass's logic lives in its own
// subpackage.
package transforms

import (
	"slices"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/transforms/bufferdealloc"
	"github.com/strata-ir/strata/transforms/cse"
	"github.com/strata-ir/strata/transforms/deadvalues"
	"github.com/strata-ir/strata/transforms/funcdedup"
	"github.com/strata-ir/strata/transforms/inline"
	"github.com/strata-ir/strata/transforms/licm"
	"github.com/strata-ir/strata/transforms/linalgdecompose"
	"github.com/strata-ir/strata/transforms/linalggeneralize"
	"github.com/strata-ir/strata/transforms/opstats"
	"github.com/strata-ir/strata/transforms/sccp"
	"github.com/strata-ir/strata/transforms/stripdebuginfo"
	"github.com/strata-ir/strata/transforms/symboldce"
	"github.com/strata-ir/strata/transforms/symbolprivatize"
	"github.com/strata-ir/strata/transforms/tileverify"
	"github.com/strata-ir/strata/transforms/tiling"
	"github.com/strata-ir/strata/transforms/toposort"
	"github.com/strata-ir/strata/transforms/viewopgraph"
)

var once sync.Once

// Register adds the passes of this package to the pass registry; calling
// it more than once is harmless.
func Register() {
	once.Do(func() {
		pass.Register(pass.Registration{Argument: "canonicalize", New: NewCanonicalize})
		pass.Register(pass.Registration{Argument: "cse", New: NewCSE})
		pass.Register(pass.Registration{Argument: "symbol-dce", New: NewSymbolDCE})
		pass.Register(pass.Registration{Argument: "strip-debuginfo", New: NewStripDebugInfo})
		pass.Register(pass.Registration{Argument: "print-op-stats", New: NewPrintOpStats})
		pass.Register(pass.Registration{Argument: "topological-sort", New: NewTopologicalSort})
		pass.Register(pass.Registration{Argument: "symbol-privatize", New: NewSymbolPrivatize})
		pass.Register(pass.Registration{Argument: "inline", New: NewInline})
		pass.Register(pass.Registration{Argument: "duplicate-function-elimination", New: NewDuplicateFunctionElimination})
		pass.Register(pass.Registration{Argument: "loop-invariant-code-motion", New: NewLoopInvariantCodeMotion})
		pass.Register(pass.Registration{Argument: "view-op-graph", New: NewViewOpGraph})
		pass.Register(pass.Registration{Argument: "sccp", New: NewSCCP})
		pass.Register(pass.Registration{Argument: "remove-dead-values", New: NewRemoveDeadValues})
		pass.Register(pass.Registration{Argument: linalggeneralize.Argument, New: linalggeneralize.New})
		pass.Register(pass.Registration{Argument: linalgdecompose.Argument, New: linalgdecompose.New})
		pass.Register(pass.Registration{Argument: tiling.Argument, New: tiling.New})
		pass.Register(pass.Registration{Argument: tileverify.Argument, New: tileverify.New})
		bufferdealloc.Register()
	})
}

// canonicalize applies every registered canonicalization pattern, folds
// and removes dead operations with the greedy driver.
type canonicalize struct {
	pass.Info
	topDown         *bool
	regionSimplify  *string
	maxIterations   *int64
	maxNumRewrites  *int64
	testConvergence *bool
	disabled        *[]string
	enabled         *[]string
	patterns        *rewrite.PatternSet
}

// NewCanonicalize returns the canonicalize pass with MLIR's options.
func NewCanonicalize() pass.Pass {
	p := &canonicalize{Info: pass.Info{Argument: "canonicalize", Name: "Canonicalizer", Summary: "Canonicalize operations"}}
	p.topDown = p.Options.Bool("top-down", true, "Seed the worklist in general top-down order")
	p.regionSimplify = p.Options.Enum("region-simplify", "normal", []pass.EnumValue{
		{Name: "disabled", Desc: "Don't run any control-flow simplification."},
		{Name: "normal", Desc: "Perform simple control-flow simplifications (e.g. dead args elimination)."},
		{Name: "aggressive", Desc: "Perform aggressive control-flow simplification (e.g. block merging)."},
	}, "Perform control flow optimizations to the region tree")
	p.maxIterations = p.Options.Int("max-iterations", 10, "Max. iterations between applying patterns / simplifying regions")
	p.maxNumRewrites = p.Options.Int("max-num-rewrites", -1, "Max. number of pattern rewrites within an iteration")
	p.testConvergence = p.Options.Bool("test-convergence", false, "Test only: Fail pass on non-convergence to detect cyclic pattern")
	p.disabled = p.Options.StringList("disable-patterns", nil, "Labels of patterns that should be filtered out during application")
	p.enabled = p.Options.StringList("enable-patterns", nil, "Labels of patterns that should be used during application, all other patterns are filtered out")
	return p
}

// Initialize freezes the pattern set once per pass instance.
func (p *canonicalize) Initialize(ctx *ir.Context) error {
	var kept []rewrite.Pattern
	for _, pat := range rewrite.CanonicalizationPatterns(ctx) {
		if slices.Contains(*p.disabled, pat.Name()) || (len(*p.enabled) > 0 && !slices.Contains(*p.enabled, pat.Name())) {
			continue
		}
		kept = append(kept, pat)
	}
	p.patterns = rewrite.NewPatternSet(kept...)
	return nil
}

func (p *canonicalize) Run(op *ir.Operation, st *pass.State) error {
	cfg := rewrite.GreedyConfig{
		TopDown:        *p.topDown,
		MaxIterations:  int(*p.maxIterations),
		MaxNumRewrites: int(*p.maxNumRewrites),
	}
	if cfg.MaxIterations == 0 {
		cfg.MaxIterations = -1
	}
	switch *p.regionSimplify {
	case "disabled":
		cfg.Simplify = rewrite.SimplifyDisabled
	case "aggressive":
		cfg.Simplify = rewrite.SimplifyAggressive
	default:
		cfg.Simplify = rewrite.SimplifyNormal
	}
	converged := rewrite.ApplyPatternsGreedily(st.Context(), op, p.patterns, cfg)
	if *p.testConvergence && !converged {
		return st.EmitError(op, "Canonicalizer failed to converge")
	}
	return nil
}

type csePass struct {
	pass.Info
	numCSE, numDCE *pass.Statistic
}

// NewCSE returns the cse pass.
func NewCSE() pass.Pass {
	p := &csePass{Info: pass.Info{Argument: "cse", Name: "CSE", Summary: "Eliminate common sub-expressions"}}
	p.numCSE = p.Stats.New("num-cse'd", "Number of operations CSE'd")
	p.numDCE = p.Stats.New("num-dce'd", "Number of operations DCE'd")
	return p
}

func (p *csePass) Run(op *ir.Operation, st *pass.State) error {
	s := cse.Run(op)
	p.numCSE.Add(uint64(s.CSE))
	p.numDCE.Add(uint64(s.DCE))
	if s.CSE == 0 && s.DCE == 0 {
		st.MarkAllPreserved()
	}
	return nil
}

type symbolDCE struct {
	pass.Info
	numDCE *pass.Statistic
}

// NewSymbolDCE returns the symbol-dce pass.
func NewSymbolDCE() pass.Pass {
	p := &symbolDCE{Info: pass.Info{Argument: "symbol-dce", Name: "SymbolDCE", Summary: "Eliminate dead symbols"}}
	p.numDCE = p.Stats.New("num-dce'd", "Number of symbols DCE'd")
	return p
}

func (p *symbolDCE) Run(op *ir.Operation, st *pass.State) error {
	if !op.HasTrait(ir.SymbolTableTrait) {
		return st.EmitError(op, " was scheduled to run under SymbolDCE, but does not define a symbol table")
	}
	p.numDCE.Add(uint64(symboldce.Run(op)))
	return nil
}

// NewStripDebugInfo returns the strip-debuginfo pass.
func NewStripDebugInfo() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "strip-debuginfo", Name: "StripDebugInfo", Summary: "Strip debug info from all operations"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			stripdebuginfo.Run(st.Context(), op)
			return nil
		},
	}
}

type printOpStats struct {
	pass.Info
	json *bool
}

// NewPrintOpStats returns the print-op-stats pass.
func NewPrintOpStats() pass.Pass {
	p := &printOpStats{Info: pass.Info{Argument: "print-op-stats", Name: "PrintOpStats", Summary: "Print statistics of operations"}}
	p.json = p.Options.Bool("json", false, "print the stats as JSON")
	return p
}

func (p *printOpStats) Run(op *ir.Operation, st *pass.State) error {
	counts := opstats.Count(op)
	if *p.json {
		opstats.WriteJSON(st.Output(), counts)
	} else {
		opstats.WriteSummary(st.Output(), counts)
	}
	st.MarkAllPreserved()
	return nil
}

// NewTopologicalSort returns the topological-sort pass.
func NewTopologicalSort() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "topological-sort", Name: "TopologicalSort", Summary: "Sort regions without SSA dominance in topological order"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			toposort.Run(op)
			return nil
		},
	}
}

type symbolPrivatize struct {
	pass.Info
	exclude *[]string
}

// NewSymbolPrivatize returns the symbol-privatize pass.
func NewSymbolPrivatize() pass.Pass {
	p := &symbolPrivatize{Info: pass.Info{Argument: "symbol-privatize", Name: "SymbolPrivatize", Summary: "Mark symbols private"}}
	p.exclude = p.Options.StringList("exclude", nil, "Comma separated list of symbols that should not be marked private")
	return p
}

func (p *symbolPrivatize) Run(op *ir.Operation, st *pass.State) error {
	symbolprivatize.Run(op, *p.exclude)
	return nil
}

type inliner struct {
	pass.Info
	defaultPipeline *string
	threshold       *uint64
	maxIterations   *int64
	opPipelines     *[]string
}

// NewInline returns the inline pass with MLIR's options.
func NewInline() pass.Pass {
	p := &inliner{Info: pass.Info{Argument: "inline", Name: "Inliner", Summary: "Inline function calls"}}
	p.defaultPipeline = p.Options.String("default-pipeline", "canonicalize", "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList")
	p.threshold = p.Options.Uint("inlining-threshold", 4294967295, "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it")
	p.maxIterations = p.Options.Int("max-iterations", 4, "Maximum number of iterations when inlining within an SCC")
	p.opPipelines = p.Options.StringList("op-pipelines", nil, "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)")
	return p
}

func (p *inliner) Run(op *ir.Operation, st *pass.State) error {
	if !op.HasTrait(ir.SymbolTableTrait) {
		return st.EmitError(op, " was scheduled to run under the inliner, but does not define a symbol table")
	}
	var simplify func(*ir.Operation)
	if pipe := *p.defaultPipeline; pipe != "" {
		simplify = func(callable *ir.Operation) {
			pm, err := pass.ParsePipeline(callable.Name() + "(" + pipe + ")")
			if err == nil {
				_ = st.RunPipeline(pm, callable)
			}
		}
	}
	inline.Run(op, inline.Options{MaxIterations: int(*p.maxIterations), Simplify: simplify})
	return nil
}

// NewDuplicateFunctionElimination returns the duplicate-function-elimination
// pass, which runs on builtin.module.
func NewDuplicateFunctionElimination() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "duplicate-function-elimination", Name: "DuplicateFunctionEliminationPass", Summary: "Deduplicate functions", OpName: "builtin.module"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			if funcdedup.Run(op) == 0 {
				st.MarkAllPreserved()
			}
			return nil
		},
	}
}

// NewLoopInvariantCodeMotion returns the loop-invariant-code-motion pass.
func NewLoopInvariantCodeMotion() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "loop-invariant-code-motion", Name: "LoopInvariantCodeMotion", Summary: "Hoist loop invariant instructions outside of the loop"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			if licm.Run(op) == 0 {
				st.MarkAllPreserved()
			}
			return nil
		},
	}
}

type viewOpGraph struct {
	pass.Info
	maxLabelLen                               *uint64
	attrs, controlFlow, dataFlow, resultTypes *bool
}

// NewViewOpGraph returns the view-op-graph pass, which writes the Graphviz
// form of the operation it runs on to the pass output (standard error in
// strata-opt) and leaves the IR unchanged.
func NewViewOpGraph() pass.Pass {
	p := &viewOpGraph{Info: pass.Info{Argument: "view-op-graph", Name: "ViewOpGraph", Summary: "Print Graphviz visualization of an operation"}}
	d := viewopgraph.DefaultOptions()
	p.maxLabelLen = p.Options.Uint("max-label-len", uint64(d.MaxLabelLen), "Limit attribute/type length to number of chars")
	p.attrs = p.Options.Bool("print-attrs", d.PrintAttrs, "Print attributes of operations")
	p.controlFlow = p.Options.Bool("print-control-flow-edges", d.PrintControlFlowEdges, "Print control flow edges")
	p.dataFlow = p.Options.Bool("print-data-flow-edges", d.PrintDataFlowEdges, "Print data flow edges")
	p.resultTypes = p.Options.Bool("print-result-types", d.PrintResultTypes, "Print result types of operations")
	return p
}

func (p *viewOpGraph) Run(op *ir.Operation, st *pass.State) error {
	st.MarkAllPreserved()
	return viewopgraph.Write(st.Output(), op, viewopgraph.Options{
		MaxLabelLen:           int(min(*p.maxLabelLen, 1<<30)),
		PrintAttrs:            *p.attrs,
		PrintControlFlowEdges: *p.controlFlow,
		PrintDataFlowEdges:    *p.dataFlow,
		PrintResultTypes:      *p.resultTypes,
	})
}

// NewSCCP returns the sccp pass (sparse conditional constant propagation).
func NewSCCP() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "sccp", Name: "SCCP", Summary: "Sparse Conditional Constant Propagation"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			if sccp.Run(st.Context(), op) == 0 {
				st.MarkAllPreserved()
			}
			return nil
		},
	}
}

// NewRemoveDeadValues returns the remove-dead-values pass.
func NewRemoveDeadValues() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "remove-dead-values", Name: "RemoveDeadValues", Summary: "Remove dead values"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			changed, err := deadvalues.Run(op)
			if err != nil {
				return st.EmitError(op, err.Error())
			}
			if !changed {
				st.MarkAllPreserved()
			}
			return nil
		},
	}
}
