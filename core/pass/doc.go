// Package pass is Strata's pass infrastructure, after MLIR's: passes as
// values with options and statistics, a registry, pass managers nested by
// operation name, MLIR's textual pipeline syntax, analyses cached per
// operation, instrumentation (timing, IR printing, crash reproducers) and
// parallel execution over operations that are isolated from above.
//
// A pass embeds an Info and implements Run:
//
//	type countOps struct {
//		pass.Info
//		ops *pass.Statistic
//	}
//
//	func newCountOps() pass.Pass {
//		p := &countOps{Info: pass.Info{Argument: "count-ops", Name: "CountOps", Summary: "Count operations"}}
//		p.ops = p.Stats.New("num-ops", "Number of operations")
//		return p
//	}
//
//	func (p *countOps) Run(op *ir.Operation, st *pass.State) error {
//		op.Walk(ir.PreOrder, func(*ir.Operation) bool { p.ops.Inc(); return true })
//		st.MarkAllPreserved()
//		return nil
//	}
//
//	func init() { pass.Register(pass.Registration{Argument: "count-ops", New: newCountOps}) }
//
// and runs in a pipeline:
//
//	pm := pass.NewManager(ctx, "builtin.module")
//	err := pm.Parse("builtin.module(func.func(count-ops),symbol-dce)")
//	err = pm.Run(module)
//
// See docs/passes.md for the whole API, the semantics and the mlir-opt
// flags and formats it reproduces.
package pass
