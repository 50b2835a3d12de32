package gpuoutline

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/gpu"
)

// Arguments of the passes on the command line.
const (
	SinkArgument    = "gpu-launch-sink-index-computations"
	OutlineArgument = "gpu-kernel-outlining"
)

type sinkPass struct{ pass.Info }

// NewSink returns gpu-launch-sink-index-computations.
func NewSink() pass.Pass {
	return &sinkPass{Info: pass.Info{Argument: SinkArgument, Name: "GpuLaunchSinkIndexComputationsPass",
		Summary: "Sink index computations into gpu.launch body"}}
}

func (p *sinkPass) Run(op *ir.Operation, _ *pass.State) error {
	var launches []gpu.LaunchOp
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if l, ok := gpu.AsLaunchOp(o); ok {
			launches = append(launches, l)
		}
		return true
	})
	for _, l := range launches {
		SinkIndexComputations(l)
	}
	return nil
}

type outlinePass struct {
	pass.Info
	dataLayout *string
}

// NewOutline returns gpu-kernel-outlining, which runs on builtin.module.
func NewOutline() pass.Pass {
	p := &outlinePass{Info: pass.Info{Argument: OutlineArgument, Name: "GpuKernelOutliningPass",
		Summary: "Outline gpu.launch bodies to kernel functions", OpName: "builtin.module"}}
	p.dataLayout = p.Options.String("data-layout-str", "", "String containing the data layout specification to be attached to the GPU kernel module")
	return p
}

func (p *outlinePass) Run(op *ir.Operation, _ *pass.State) error {
	Outline(op)
	return nil
}

// SinkPass and OutlinePass register gpu-launch-sink-index-computations and
// gpu-kernel-outlining (imported packages register their passes in init,
// see docs/passes.md).
var (
	SinkPass    = pass.Registration{Argument: SinkArgument, New: NewSink}
	OutlinePass = pass.Registration{Argument: OutlineArgument, New: NewOutline}
)

func init() {
	pass.Register(SinkPass)
	pass.Register(OutlinePass)
}
