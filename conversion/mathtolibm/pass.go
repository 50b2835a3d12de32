package mathtolibm

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
)

// Pass registers the convert-math-to-libm pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "convert-math-to-libm", New: New,
	Lowers: func(*ir.Context) []string { return rewrite.ConversionRoots(Patterns()) }}

func init() { pass.Register(Pass) }

// New returns the convert-math-to-libm pass.
// It inserts declarations into the module: it runs on modules only, as
// upstream.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "convert-math-to-libm", Name: "ConvertMathToLibmPass", Summary: "Convert Math dialect to libm calls", OpName: "builtin.module"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
