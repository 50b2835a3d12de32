package bufferdealloc

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// The registrations of the package's passes and pipeline (imported
// packages register their passes in init, see docs/passes.md).
var (
	OwnershipPass      = pass.Registration{Argument: "ownership-based-buffer-deallocation", New: newOwnershipPass}
	ExpandReallocPass  = pass.Registration{Argument: "expand-realloc", New: newExpandReallocPass}
	SimplificationPass = pass.Registration{Argument: "buffer-deallocation-simplification", New: func() pass.Pass {
		return &pass.FuncPass{
			Info: pass.Info{Argument: "buffer-deallocation-simplification", Name: "BufferDeallocationSimplificationPass",
				Summary: "Optimizes `bufferization.dealloc` operation for more efficient codegen"},
			RunFunc: func(op *ir.Operation, st *pass.State) error {
				Simplify(st.Context(), op)
				return nil
			},
		}
	}}
	LowerDeallocationsPass = pass.Registration{Argument: "bufferization-lower-deallocations", New: func() pass.Pass {
		return &pass.FuncPass{
			Info: pass.Info{Argument: "bufferization-lower-deallocations", Name: "LowerDeallocationsPass",
				Summary: "Lowers `bufferization.dealloc` operations to `memref.dealloc`operations"},
			RunFunc: func(op *ir.Operation, st *pass.State) error {
				return LowerDeallocations(st.Context(), op)
			},
		}
	}}
	Pipeline = pass.PipelineRegistration{Argument: "buffer-deallocation-pipeline",
		Summary: "The default pipeline for automatically inserting deallocation operations after one-shot bufferization. Deallocation operations (except `memref.realloc`) may not be present already.",
		Build:   buildPipeline}
)

func init() {
	pass.Register(OwnershipPass)
	pass.Register(ExpandReallocPass)
	pass.Register(SimplificationPass)
	pass.Register(LowerDeallocationsPass)
	pass.RegisterPipeline(Pipeline)
}

type ownershipPass struct {
	pass.Info
	dynamic *bool
}

func newOwnershipPass() pass.Pass {
	p := &ownershipPass{Info: pass.Info{Argument: "ownership-based-buffer-deallocation", Name: "OwnershipBasedBufferDeallocationPass",
		Summary: "Adds all required dealloc operations for all allocations in the input program"}}
	p.dynamic = p.Options.Bool("private-function-dynamic-ownership", false, "Allows to add additional arguments to private functions to dynamically pass ownership of memrefs to callees. This can enable earlier deallocations.")
	return p
}

func (p *ownershipPass) Run(op *ir.Operation, st *pass.State) error {
	return Deallocate(st.Context(), op, Options{PrivateFunctionDynamicOwnership: *p.dynamic})
}

// buildPipeline adds upstream's buffer-deallocation-pipeline to pm.
func buildPipeline(pm *pass.OpManager, options string) error {
	var opts pass.Options
	dynamic := opts.Bool("private-function-dynamic-ownership", false, "Allows to add additional results to private functions to return ownership of returned memrefs to callers. This can avoid spurious buffer clones in the callee.")
	if err := opts.Parse(options); err != nil {
		return err
	}
	return pm.AddPipeline(fmt.Sprintf("expand-realloc{emit-deallocs=false},canonicalize,ownership-based-buffer-deallocation{private-function-dynamic-ownership=%t},canonicalize,buffer-deallocation-simplification,bufferization-lower-deallocations,cse,canonicalize", *dynamic))
}

type expandReallocPass struct {
	pass.Info
	emitDeallocs *bool
}

func newExpandReallocPass() pass.Pass {
	p := &expandReallocPass{Info: pass.Info{Argument: "expand-realloc", Name: "ExpandReallocPass",
		Summary: "Expand memref.realloc operations into its components"}}
	p.emitDeallocs = p.Options.Bool("emit-deallocs", true, "Emit deallocation operations for the original MemRef")
	return p
}

func (p *expandReallocPass) Run(op *ir.Operation, st *pass.State) error {
	return ExpandRealloc(st.Context(), op, *p.emitDeallocs)
}
