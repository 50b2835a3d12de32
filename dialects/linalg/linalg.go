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
	registerConstraints()
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("linalg: loading linalg.irdl: " + err.Error())
	}
	registerHooks(ctx)
	if d := ctx.Dialect("linalg"); d != nil {
		d.Inlinable = true
	}
}

// softmaxInterfaces attaches the models of linalg.softmax and the winograd
// transforms: one input, then the init.
func softmaxInterfaces(d *ir.OpDef) {
	ir.DestinationStyleOp.Attach(d, secondOperandInit)
	ir.MemoryEffectsOp.Attach(d, ir.EffectsFunc(shapedEffects(1)))
}

// packInterfaces attaches the destination-style model of linalg.pack and
// linalg.unpack.
func packInterfaces(d *ir.OpDef) { ir.DestinationStyleOp.Attach(d, secondOperandInit) }

// secondOperandInit is the destination-style model of the operations
// whose one init is operand 1.
var secondOperandInit = ir.DPSInitsFunc(func(*ir.Operation) (int, int) { return 1, 1 })
