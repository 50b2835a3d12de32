// Package linalg defines MLIR's linalg dialect: structured operations on
// tensors and buffers (linalg.generic, linalg.map, linalg.reduce,
// linalg.transpose, linalg.broadcast and the named operations such as
// linalg.matmul and the convolutions), linalg.index and linalg.yield,
// linalg.softmax, the Winograd transforms and linalg.pack/unpack.
//
// The operations are declared in linalg.irdl and loaded when the dialect
// is registered. This package adds what the declarations cannot say: the
// custom syntax of the structured operations (syntax.go), the bodies that
// the named operations build (named.go, after upstream's OpDSL region
// builders), the verifiers (verify.go) and the StructuredOp view that
// passes use to read indexing maps, iterator types, inputs, outputs and
// bodies (structured.go).
package linalg

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o linalg_gen.go linalg.irdl

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

//go:embed linalg.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/linalg/linalg.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the linalg dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	viewlike.Register()
	registerCanonicalizations()
	if err := irdl.Load(ctx, definitionsFile, definitions); err != nil {
		panic("linalg: loading linalg.irdl: " + err.Error())
	}
	if d := ctx.Dialect("linalg"); d != nil {
		d.Inlinable = true
	}
	def := func(name string) *ir.OpDef {
		on := ctx.LookupOpName(name)
		if on == nil || on.Def == nil {
			panic("linalg: " + name + " is not defined in linalg.irdl")
		}
		return on.Def
	}
	for name, k := range structuredKinds {
		d := def(name)
		k.install(d)
		installTiling(d)
	}
	y := def("linalg.yield")
	y.Print, y.Parse = printYield, parseYield
	y.Verify = chain(y.Verify, verifyYield)
	ix := def("linalg.index")
	ix.Verify = chain(ix.Verify, verifyIndex)
	sm := def("linalg.softmax")
	ir.DestinationStyleOp.Attach(sm, secondOperandInit)
	ir.MemoryEffectsOp.Attach(sm, ir.EffectsFunc(shapedEffects(1)))
	sm.Verify = chain(sm.Verify, verifySoftmax)
	for _, n := range []string{"linalg.winograd_filter_transform", "linalg.winograd_input_transform", "linalg.winograd_output_transform"} {
		w := def(n)
		ir.DestinationStyleOp.Attach(w, secondOperandInit)
		ir.MemoryEffectsOp.Attach(w, ir.EffectsFunc(shapedEffects(1)))
	}
	for _, n := range []string{"linalg.pack", "linalg.unpack"} {
		ir.DestinationStyleOp.Attach(def(n), secondOperandInit)
	}
}

// secondOperandInit is the destination-style model of the operations
// whose one init is operand 1.
var secondOperandInit = ir.DPSInitsFunc(func(*ir.Operation) (int, int) { return 1, 1 })

// chain runs the declared verifier, then more.
func chain(declared, more func(op *ir.Operation) error) func(op *ir.Operation) error {
	if declared == nil {
		return more
	}
	return func(op *ir.Operation) error {
		if err := declared(op); err != nil {
			return err
		}
		return more(op)
	}
}
