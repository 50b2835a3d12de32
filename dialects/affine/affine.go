// Package affine defines MLIR's affine dialect: affine.for, affine.if,
// affine.yield, affine.apply, affine.min, affine.max, affine.load,
// affine.store, affine.prefetch, affine.vector_load and affine.vector_store.
// The operations are
// declared in affine.irdl, loaded when the dialect is registered; the Go
// files add what the declarations cannot say: the custom syntax of maps
// and integer sets with their dimension and symbol operands (syntax.go),
// the verifiers and the rules for valid dimensions and symbols
// (verify.go), the region-branch and loop interfaces and the folders
// (interfaces.go). Affine maps and integer sets are those of core/affine.
package affine

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o affine_gen.go affine.irdl

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed affine.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/affine/affine.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the affine dialect to ctx. The definitions are embedded
// and checked by the package's tests, so a failure to load them is a bug
// in this package and panics.
func Register(ctx *ir.Context) {
	if err := irdl.Load(ctx, definitionsFile, definitions); err != nil {
		panic("affine: loading affine.irdl: " + err.Error())
	}
	for name, h := range hooks {
		on := ctx.LookupOpName(name)
		if on == nil || on.Def == nil {
			continue
		}
		d := on.Def
		if h.print != nil {
			d.Print, d.Parse = h.print, h.parse
		}
		if h.verify != nil {
			d.AddVerifier(h.verify)
		}
		if h.verifyRegions != nil {
			d.VerifyRegions = h.verifyRegions
		}
		if h.fold != nil {
			d.Fold = h.fold
		}
		if h.interfaces != nil {
			h.interfaces(d)
		}
	}
	if d := ctx.Dialect("affine"); d != nil {
		// Folded operations become arith.constant, as upstream's affine
		// dialect materializes constants through arith.
		d.MaterializeConstant = func(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
			a := b.Ctx.Dialect("arith")
			if a == nil || a.MaterializeConstant == nil {
				return nil
			}
			return a.MaterializeConstant(b, value, t, loc)
		}
	}
}

// opHooks are the Go parts of one operation's definition.
type opHooks struct {
	print         func(p ir.OpAsmPrinter, op *ir.Operation)
	parse         func(p ir.OpAsmParser, st *ir.OperationState) error
	verify        func(op *ir.Operation) error
	verifyRegions func(op *ir.Operation) error
	fold          func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool)
	interfaces    func(d *ir.OpDef)
}

// hooks maps operation names to their Go parts.
var hooks = map[string]opHooks{
	"affine.apply": {print: printApply, parse: parseApply, verify: verifyApply, fold: foldApplyOp},
	"affine.min":   {print: printMinMax, parse: parseMinMax, verify: verifyMinMax, fold: foldMinMaxOp},
	"affine.max":   {print: printMinMax, parse: parseMinMax, verify: verifyMinMax, fold: foldMinMaxOp},
	"affine.for": {print: printFor, parse: parseFor, verifyRegions: verifyFor, fold: foldFor,
		interfaces: forInterfaces},
	"affine.if": {print: printIf, parse: parseIf, verify: verifyIf, verifyRegions: verifyImplicitTerminator,
		fold: foldIf, interfaces: ifInterfaces},
	"affine.yield":        {verify: verifyYield, interfaces: yieldInterfaces},
	"affine.load":         {print: printLoad, parse: parseLoad, verify: verifyLoad},
	"affine.store":        {print: printStore, parse: parseStore, verify: verifyStore},
	"affine.prefetch":     {print: printPrefetch, parse: parsePrefetch, verify: verifyPrefetch},
	"affine.vector_load":  {print: printVectorLoad, parse: parseVectorLoad, verify: verifyVectorLoad},
	"affine.vector_store": {print: printVectorStore, parse: parseVectorStore, verify: verifyVectorStore},
}
