package inline

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the inline pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "inline", New: New}

func init() { pass.Register(Pass) }

type inliner struct {
	pass.Info
	defaultPipeline *string
	threshold       *uint64
	maxIterations   *int64
	opPipelines     *[]string
}

// New returns the inline pass with MLIR's options.
func New() pass.Pass {
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
	Run(op, Options{MaxIterations: int(*p.maxIterations), Simplify: simplify})
	return nil
}
