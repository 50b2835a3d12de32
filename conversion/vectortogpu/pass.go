package vectortogpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Argument is the pass's command-line name.
const Argument = "convert-vector-to-gpu"

type vectorToGPUPass struct {
	pass.Info
	useNvGpu *bool
}

// New returns convert-vector-to-gpu.
func New() pass.Pass {
	p := &vectorToGPUPass{Info: pass.Info{Argument: Argument, Name: "ConvertVectorToGPU", Summary: "Lower the operations from the vector dialect into the GPU dialect"}}
	p.useNvGpu = p.Options.Bool("use-nvgpu", false, "convert to NvGPU ops instead of GPU dialect ops")
	return p
}

func (p *vectorToGPUPass) Run(op *ir.Operation, st *pass.State) error {
	if *p.useNvGpu {
		return st.EmitError(op, "use-nvgpu (the conversion to nvgpu.mma.sync) is not supported")
	}
	return Run(st.Context(), op)
}

// Pass registers convert-vector-to-gpu (imported packages register their
// passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }
