package toy

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// CostModel is an interface the toy dialect declares itself: how many
// cycles of the toy accelerator an operation takes. The toy-annotate-cost
// pass asks it of every operation; the toy operations implement it, and
// the dialect attaches a model to memref.copy too (an external model of
// an operation of another dialect).
type CostModel interface {
	Cycles(op *ir.Operation) int64
}

// Cost is the identifier through which passes query CostModel.
var Cost = ir.DeclareOpInterface[CostModel]("toy.CostModel")

// CostFunc adapts a function to CostModel.
type CostFunc func(op *ir.Operation) int64

// Cycles implements CostModel.
func (f CostFunc) Cycles(op *ir.Operation) int64 { return f(op) }

// elements returns the number of elements of a shaped type, or 1.
func elements(t ir.Type) int64 {
	n := int64(1)
	switch s := t.(type) {
	case *ir.MemRefType:
		for _, d := range s.Shape {
			n *= d
		}
	case *ir.RankedTensorType:
		for _, d := range s.Shape {
			n *= d
		}
	}
	return n
}

// copyCycles is the cost of a copy (toy.copy, toy.copy_async's transfer,
// memref.copy): a setup of 16 cycles and one per 4 elements.
func copyCycles(op *ir.Operation) int64 { return 16 + elements(op.Operand(0).Type())/4 }

// The interface hooks of toy.irdl attach each operation's models.

// copyInterfaces attaches the cost of toy.copy and toy.copy_async: the
// asynchronous copy costs its issue only.
func copyInterfaces(d *ir.OpDef) {
	if d.Name == CopyAsyncOpName {
		Cost.Attach(d, CostFunc(func(*ir.Operation) int64 { return 4 }))
		return
	}
	Cost.Attach(d, CostFunc(copyCycles))
}

// waitInterfaces attaches the cost of toy.wait.
func waitInterfaces(d *ir.OpDef) { Cost.Attach(d, CostFunc(func(*ir.Operation) int64 { return 1 })) }

// scaleInterfaces attaches toy.scale's cost, one cycle an element, and
// its bufferization model.
func scaleInterfaces(d *ir.OpDef) {
	Cost.Attach(d, CostFunc(func(op *ir.Operation) int64 { return elements(ScaleOp{op}.Input().Type()) }))
	bufferization.BufferizableOp.Attach(d, scaleModel{})
}

// scaleBufferInterfaces attaches toy.scale_buffer's cost, one cycle an
// element.
func scaleBufferInterfaces(d *ir.OpDef) {
	Cost.Attach(d, CostFunc(func(op *ir.Operation) int64 { return elements(ScaleBufferOp{op}.Buffer().Type()) }))
}

// fmaInterfaces attaches the cost of toy.fma.
func fmaInterfaces(d *ir.OpDef) { Cost.Attach(d, CostFunc(func(*ir.Operation) int64 { return 1 })) }

// NewAnnotateCost returns the toy-annotate-cost pass: every operation that
// implements CostModel gets a toy.cycles attribute, and the operation the
// pass runs on (the module) the sum, toy.total_cycles.
func NewAnnotateCost() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "toy-annotate-cost", Name: "ToyAnnotateCost", Summary: "Annotate operations with their cycles on the toy accelerator"},
		RunFunc: func(root *ir.Operation, st *pass.State) error {
			ctx := st.Context()
			i64 := ctx.IntegerType(64, ir.Signless)
			total := int64(0)
			root.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				m, ok := Cost.Of(op)
				if !ok {
					return true
				}
				c := m.Cycles(op)
				total += c
				op.SetAttr("toy.cycles", ctx.IntegerAttr(i64, c))
				return true
			})
			root.SetAttr("toy.total_cycles", ctx.IntegerAttr(i64, total))
			return nil
		},
	}
}
