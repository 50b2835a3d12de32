package bufferopt

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// The registrations of the package's passes (imported packages register
// their passes in init, see docs/passes.md).
var (
	HoistingPass = pass.Registration{Argument: "buffer-hoisting", New: func() pass.Pass {
		return &pass.FuncPass{
			Info: pass.Info{Argument: "buffer-hoisting", Name: "BufferHoistingPass", OpName: "func.func",
				Summary: "Optimizes placement of allocation operations by moving them into common dominators and out of nested regions"},
			RunFunc: func(op *ir.Operation, _ *pass.State) error {
				Hoist(op)
				return nil
			},
		}
	}}
	LoopHoistingPass = pass.Registration{Argument: "buffer-loop-hoisting", New: func() pass.Pass {
		return &pass.FuncPass{
			Info: pass.Info{Argument: "buffer-loop-hoisting", Name: "BufferLoopHoistingPass", OpName: "func.func",
				Summary: "Optimizes placement of allocation operations by moving them out of loop nests"},
			RunFunc: func(op *ir.Operation, _ *pass.State) error {
				HoistFromLoops(op)
				return nil
			},
		}
	}}
	PromoteToStackPass = pass.Registration{Argument: "promote-buffers-to-stack", New: newPromotePass}
)

func init() {
	pass.Register(HoistingPass)
	pass.Register(LoopHoistingPass)
	pass.Register(PromoteToStackPass)
}

type promotePass struct {
	pass.Info
	maxSize, maxRank *uint64
}

func newPromotePass() pass.Pass {
	p := &promotePass{Info: pass.Info{Argument: "promote-buffers-to-stack", Name: "PromoteBuffersToStackPass", OpName: "func.func",
		Summary: "Promotes heap-based allocations to automatically managed stack-based allocations"}}
	p.maxSize = p.Options.Uint32("max-alloc-size-in-bytes", 1024, "Maximal size in bytes to promote allocations to stack.")
	p.maxRank = p.Options.Uint32("max-rank-of-allocated-memref", 1, "Maximal memref rank to promote dynamic buffers.")
	return p
}

func (p *promotePass) Run(op *ir.Operation, _ *pass.State) error {
	Promote(op, PromoteOptions{MaxAllocSizeInBytes: uint32(*p.maxSize), MaxRankOfAllocatedMemRef: uint32(*p.maxRank)})
	return nil
}
