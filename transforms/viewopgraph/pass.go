package viewopgraph

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the view-op-graph pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "view-op-graph", New: New}

func init() { pass.Register(Pass) }

type viewOpGraph struct {
	pass.Info
	maxLabelLen                               *uint64
	attrs, controlFlow, dataFlow, resultTypes *bool
}

// New returns the view-op-graph pass, which writes the Graphviz
// form of the operation it runs on to the pass output (standard error in
// strata-opt) and leaves the IR unchanged.
func New() pass.Pass {
	p := &viewOpGraph{Info: pass.Info{Argument: "view-op-graph", Name: "ViewOpGraph", Summary: "Print Graphviz visualization of an operation"}}
	d := DefaultOptions()
	p.maxLabelLen = p.Options.Uint("max-label-len", uint64(d.MaxLabelLen), "Limit attribute/type length to number of chars")
	p.attrs = p.Options.Bool("print-attrs", d.PrintAttrs, "Print attributes of operations")
	p.controlFlow = p.Options.Bool("print-control-flow-edges", d.PrintControlFlowEdges, "Print control flow edges")
	p.dataFlow = p.Options.Bool("print-data-flow-edges", d.PrintDataFlowEdges, "Print data flow edges")
	p.resultTypes = p.Options.Bool("print-result-types", d.PrintResultTypes, "Print result types of operations")
	return p
}

func (p *viewOpGraph) Run(op *ir.Operation, st *pass.State) error {
	st.MarkAllPreserved()
	return Write(st.Output(), op, Options{
		MaxLabelLen:           int(min(*p.maxLabelLen, 1<<30)),
		PrintAttrs:            *p.attrs,
		PrintControlFlowEdges: *p.controlFlow,
		PrintDataFlowEdges:    *p.dataFlow,
		PrintResultTypes:      *p.resultTypes,
	})
}
