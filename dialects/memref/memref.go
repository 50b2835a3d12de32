// Package memref defines MLIR's memref dialect. The operations are declared
// in memref.irdl, loaded when the dialect is registered; this package adds
// what the declarations cannot say: constraints written in Go (ranked and
// strided memrefs, confined attributes), the custom syntax of
// memref.alloca_scope, memref.distinct_objects, memref.dma_start,
// memref.prefetch, memref.transpose
// and memref.global's type and initial value, upstream's verifiers,
// folders and canonicalization patterns.
package memref

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o memref_gen.go memref.irdl

import (
	_ "embed"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/internal/shapeddim"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

//go:embed memref.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/memref/memref.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var once sync.Once

// Register adds the memref dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		viewlike.Register()
		registerConstraints()
		registerDirectives()
		for _, p := range rewrite.RootedAt(AllocaScopeOpName, canonicalizationTable) {
			rewrite.RegisterCanonicalization(AllocaScopeOpName, func() rewrite.Pattern { return p })
		}
	})
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("memref: loading memref.irdl: " + err.Error())
	}
	ctx.RegisterOp(allocaScopeDef())
	ctx.RegisterOp(allocaScopeReturnDef())
	registerHooks(ctx)
	if on := ctx.LookupOpName(CastOpName); on != nil {
		ir.CastOp.Attach(on.Def, ir.CastCompatibleFunc(castCompatible))
	}
	if d := ctx.Dialect("memref"); d != nil {
		d.Inlinable = true
		// Folded dimensions and ranks become arith.constant, as upstream's
		// memref dialect materializes constants through arith.
		d.MaterializeConstant = func(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
			a := b.Ctx.Dialect("arith")
			if a == nil || a.MaterializeConstant == nil {
				return nil
			}
			return a.MaterializeConstant(b, value, t, loc)
		}
	}
}

// dmaStartInterfaces attaches memref.dma_start's memory effects.
func dmaStartInterfaces(d *ir.OpDef) { ir.MemoryEffectsOp.Attach(d, ir.EffectsFunc(dmaStartEffects)) }

// transposeInterfaces names memref.transpose's result, a view of its
// operand.
func transposeInterfaces(d *ir.OpDef) {
	d.AsmResultNames = func(_ *ir.Operation, set func(int, string)) { set(0, "transpose") }
	viewLikeInterfaces(d)
}

// extractStridedMetadataInterfaces names the results of
// memref.extract_strided_metadata, whose first result views its operand.
func extractStridedMetadataInterfaces(d *ir.OpDef) {
	d.AsmResultNames = stridedMetadataNames
	viewLikeInterfaces(d)
}

// viewLikeInterfaces makes an operation whose first result views its
// first operand view-like.
func viewLikeInterfaces(d *ir.OpDef) { ir.ViewLikeOp.Attach(d, ir.ViewSourceFunc(viewSource)) }

// viewSource is the buffer a view-like operation views: its first operand.
func viewSource(op *ir.Operation) ir.Value {
	if op.NumOperands() == 0 {
		return nil
	}
	return op.Operand(0)
}

// getGlobalInterfaces attaches memref.get_global's symbol-use verifier.
func getGlobalInterfaces(d *ir.OpDef) {
	ir.SymbolUserOp.Attach(d, ir.VerifySymbolUsesFunc(verifyGetGlobalSymbolUses))
}

// dimInterfaces makes dim a ShapedDimOpInterface: the dimension Index of
// Source.
func dimInterfaces(d *ir.OpDef) {
	ir.ShapedDimOp.Attach(d, shapedDim{})
	shapeddim.Attach(d)
}

// shapedDim is the ShapedDimOpInterface model of dim.
type shapedDim struct{}

// ShapedValue returns the operand whose dimension op returns.
func (shapedDim) ShapedValue(op *ir.Operation) ir.Value { return DimOp{op}.Source() }

// Dimension returns the index of the dimension.
func (shapedDim) Dimension(op *ir.Operation) ir.Value { return DimOp{op}.Index() }
