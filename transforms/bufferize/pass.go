package bufferize

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// Pass registers the one-shot-bufferize pass (imported packages register
// their passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "one-shot-bufferize", New: New}

func init() { pass.Register(Pass) }

type oneShotBufferize struct {
	pass.Info
	functionBoundaries *bool
	allowUnknown       *bool
	allowLoopAllocs    *bool
	boundaryLayout     *string
	unknownLayout      *string
	alignment          *uint64
	copyBeforeWrite    *bool
	heuristic          *string
	fuzzerSeed         *uint64
	noAnalysisFuncs    *[]string
	useEncoding        *bool
	testAnalysisOnly   *bool
	printConflicts     *bool
	dumpAliasSets      *bool
	mustInferSpace     *bool
	checkParallel      *bool
	dialectFilter      *[]string
}

// New returns the one-shot-bufferize pass, which runs on modules.
func New() pass.Pass {
	p := &oneShotBufferize{Info: pass.Info{Argument: "one-shot-bufferize", Name: "OneShotBufferizePass", Summary: "One-Shot Bufferize", OpName: "builtin.module"}}
	p.functionBoundaries = p.Options.Bool("bufferize-function-boundaries", false, "Bufferize function boundaries (experimental).")
	p.allowUnknown = p.Options.Bool("allow-unknown-ops", false, "Allows unknown (not bufferizable) ops in the input IR.")
	p.allowLoopAllocs = p.Options.Bool("allow-return-allocs-from-loops", false, "Allows returning/yielding new allocations from a loop.")
	p.boundaryLayout = p.Options.Enum("function-boundary-type-conversion", bufferization.InferLayoutMap, []pass.EnumValue{
		{Name: bufferization.InferLayoutMap, Desc: "infer the layout maps of function results"},
		{Name: bufferization.IdentityLayoutMap, Desc: "use identity layout maps"},
		{Name: bufferization.FullyDynamicLayoutMap, Desc: "use fully dynamic layout maps"},
	}, "Controls layout maps when bufferizing function signatures.")
	p.unknownLayout = p.Options.Enum("unknown-type-conversion", bufferization.FullyDynamicLayoutMap, []pass.EnumValue{
		{Name: bufferization.InferLayoutMap, Desc: "infer the layout maps of function results"},
		{Name: bufferization.IdentityLayoutMap, Desc: "use identity layout maps"},
		{Name: bufferization.FullyDynamicLayoutMap, Desc: "use fully dynamic layout maps"},
	}, "Controls layout maps for non-inferrable memref types.")
	p.alignment = p.Options.Uint("buffer-alignment", 64, "Sets the alignment of newly allocated buffers.")
	p.checkParallel = p.Options.Bool("check-parallel-regions", true, "Account for parallel regions in RaW analysis.")
	p.copyBeforeWrite = p.Options.Bool("copy-before-write", false, "Skip the analysis. Make a buffer copy on every write.")
	p.heuristic = p.Options.Enum("analysis-heuristic", bufferization.BottomUp, []pass.EnumValue{
		{Name: bufferization.BottomUp, Desc: "decide the last operations first"},
		{Name: bufferization.TopDown, Desc: "decide the first operations first"},
		{Name: bufferization.BottomUpFromTerminators, Desc: "decide what region terminators yield first, then bottom-up"},
		{Name: bufferization.Fuzzer, Desc: "decide in a random order given by analysis-fuzzer-seed"},
	}, "Heuristic that control the IR traversal during analysis")
	p.fuzzerSeed = p.Options.Uint("analysis-fuzzer-seed", 0, "Test only: Analyze ops in random order with a given seed (fuzzer)")
	p.useEncoding = p.Options.Bool("use-encoding-for-memory-space", false, "Use the Tensor encoding attribute for the memory space. Exclusive to the 'must-infer-memory-space' option")
	p.mustInferSpace = p.Options.Bool("must-infer-memory-space", false, "The memory space of an memref types must always be inferred. If unset, a default memory space of 0 is used otherwise.")
	p.testAnalysisOnly = p.Options.Bool("test-analysis-only", false, "Test only: Only run inplaceability analysis and annotate IR")
	p.printConflicts = p.Options.Bool("print-conflicts", false, "Test only: Annotate IR with RaW conflicts. Requires test-analysis-only.")
	p.dumpAliasSets = p.Options.Bool("dump-alias-sets", false, "Test only: Annotate tensor IR with alias sets")
	p.noAnalysisFuncs = p.Options.StringList("no-analysis-func-filter", nil, "Skip analysis of functions with these symbol names.Set copyBeforeWrite to true when bufferizing them.")
	p.dialectFilter = p.Options.StringList("dialect-filter", nil, "Restrict bufferization to ops from these dialects.")
	return p
}

func (p *oneShotBufferize) Run(op *ir.Operation, st *pass.State) error {
	// Upstream's checks of the options, in its order.
	if *p.mustInferSpace && *p.useEncoding {
		return ir.NewError(op.Loc(), "only one of 'must-infer-memory-space' and 'use-encoding-for-memory-space' are allowed in one-shot-bufferize")
	}
	if *p.unknownLayout == bufferization.InferLayoutMap {
		return ir.NewError(st.Context().UnknownLoc(), "Invalid option: 'infer-layout-map' is not a valid value for 'unknown-type-conversion'")
	}
	if a := *p.alignment; a != 0 && (a&(a-1) != 0 || a > 1<<62) {
		// Upstream makes allocations that fail to verify.
		return ir.NewError(op.Loc(), fmt.Sprintf("Invalid option: 'buffer-alignment' must be a power of two, got %d", a))
	}
	unknown := st.Context().UnknownLoc()
	if *p.copyBeforeWrite && *p.testAnalysisOnly {
		return ir.NewError(unknown, "Invalid option: 'copy-before-write' cannot be used with 'test-analysis-only'")
	}
	if *p.printConflicts && !*p.testAnalysisOnly {
		return ir.NewError(unknown, "Invalid option: 'print-conflicts' requires 'test-analysis-only'")
	}
	if *p.dumpAliasSets && !*p.testAnalysisOnly {
		return ir.NewError(unknown, "Invalid option: 'dump-alias-sets' requires 'test-analysis-only'")
	}
	align := int64(*p.alignment)
	if *p.alignment == 0 {
		align = -1
	}
	return Run(st.Context(), op, Options{FunctionBoundaries: *p.functionBoundaries, AllowUnknownOps: *p.allowUnknown, AllowReturnAllocsFromLoops: *p.allowLoopAllocs,
		FunctionBoundaryTypeConversion: *p.boundaryLayout, UnknownTypeConversion: *p.unknownLayout, BufferAlignment: align,
		CopyBeforeWrite: *p.copyBeforeWrite, AnalysisHeuristic: *p.heuristic, AnalysisFuzzerSeed: *p.fuzzerSeed,
		NoAnalysisFuncFilter: *p.noAnalysisFuncs, UseEncodingForMemorySpace: *p.useEncoding,
		TestAnalysisOnly: *p.testAnalysisOnly, PrintConflicts: *p.printConflicts, DumpAliasSets: *p.dumpAliasSets,
		MustInferMemorySpace: *p.mustInferSpace, IgnoreParallelRegions: !*p.checkParallel, DialectFilter: *p.dialectFilter})
}
