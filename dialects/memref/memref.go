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
		registerCanonicalizations()
	})
	if err := irdl.Load(ctx, definitionsFile, definitions); err != nil {
		panic("memref: loading memref.irdl: " + err.Error())
	}
	ctx.RegisterOp(allocaScopeDef())
	ctx.RegisterOp(allocaScopeReturnDef())
	attachHooks(ctx)
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

// hook attaches f to the definition of op name, if registered.
func hook(ctx *ir.Context, name string, f func(def *ir.OpDef)) {
	if on := ctx.LookupOpName("memref." + name); on != nil && on.Def != nil {
		f(on.Def)
	}
}

func attachHooks(ctx *ir.Context) {
	hook(ctx, "dma_start", func(d *ir.OpDef) {
		d.Print, d.Parse = printDmaStart, parseDmaStart
		ir.MemoryEffectsOp.Attach(d, ir.EffectsFunc(dmaStartEffects))
		d.AddVerifier(verifyDmaStart)
	})
	hook(ctx, "distinct_objects", func(d *ir.OpDef) {
		d.Print, d.Parse = printDistinctObjects, parseDistinctObjects
		d.AddVerifier(verifyDistinctObjects)
	})
	hook(ctx, "prefetch", func(d *ir.OpDef) {
		d.Print, d.Parse = printPrefetch, parsePrefetch
		d.AddVerifier(verifyPrefetch)
	})
	hook(ctx, "transpose", func(d *ir.OpDef) {
		d.Print, d.Parse = printTranspose, parseTranspose
		d.AsmResultNames = func(_ *ir.Operation, set func(int, string)) { set(0, "transpose") }
		d.AddVerifier(verifyTranspose)
	})
	hook(ctx, "extract_strided_metadata", func(d *ir.OpDef) {
		d.AsmResultNames = stridedMetadataNames
		d.AddVerifier(verifyExtractStridedMetadata)
		d.Fold = foldExtractStridedMetadata
	})
	hook(ctx, "alloc", func(d *ir.OpDef) { d.AddVerifier(verifyAllocLike) })
	hook(ctx, "alloca", func(d *ir.OpDef) { d.AddVerifier(verifyAlloca) })
	hook(ctx, "realloc", func(d *ir.OpDef) { d.AddVerifier(verifyRealloc) })
	hook(ctx, "assume_alignment", func(d *ir.OpDef) { d.AddVerifier(verifyAssumeAlignment) })
	hook(ctx, "cast", func(d *ir.OpDef) {
		d.AddVerifier(verifyCast)
		d.Fold = foldCast
	})
	hook(ctx, "copy", func(d *ir.OpDef) {
		d.AddVerifier(verifyCopy)
		d.Fold = foldCopy
	})
	hook(ctx, "dim", func(d *ir.OpDef) { d.Fold = foldDim })
	hook(ctx, "dma_wait", func(d *ir.OpDef) { d.AddVerifier(verifyDmaWait) })
	hook(ctx, "generic_atomic_rmw", func(d *ir.OpDef) { d.AddVerifier(verifyGenericAtomicRMW) })
	hook(ctx, "atomic_yield", func(d *ir.OpDef) { d.AddVerifier(verifyAtomicYield) })
	hook(ctx, "atomic_rmw", func(d *ir.OpDef) { d.AddVerifier(verifyAtomicRMW) })
	hook(ctx, "get_global", func(d *ir.OpDef) { ir.SymbolUserOp.Attach(d, ir.VerifySymbolUsesFunc(verifyGetGlobalSymbolUses)) })
	hook(ctx, "global", func(d *ir.OpDef) { d.AddVerifier(verifyGlobal) })
	hook(ctx, "load", func(d *ir.OpDef) {
		d.AddVerifier(verifyLoad)
		d.Fold = foldLoad
	})
	hook(ctx, "store", func(d *ir.OpDef) {
		d.AddVerifier(verifyStore)
		d.Fold = foldMemRefCastOperands
	})
	hook(ctx, "memory_space_cast", func(d *ir.OpDef) { d.AddVerifier(verifyMemorySpaceCast) })
	hook(ctx, "reinterpret_cast", func(d *ir.OpDef) {
		d.AddVerifier(verifyReinterpretCast)
		d.Fold = foldReinterpretCast
	})
	hook(ctx, "rank", func(d *ir.OpDef) { d.Fold = foldRank })
	hook(ctx, "reshape", func(d *ir.OpDef) { d.AddVerifier(verifyReshape) })
	hook(ctx, "expand_shape", func(d *ir.OpDef) {
		d.AddVerifier(verifyExpandShape)
		d.Fold = foldExpandShape
	})
	hook(ctx, "collapse_shape", func(d *ir.OpDef) {
		d.AddVerifier(verifyCollapseShape)
		d.Fold = foldCollapseShape
	})
	hook(ctx, "subview", func(d *ir.OpDef) {
		d.AddVerifier(verifySubView)
		d.Fold = foldSubView
	})
	hook(ctx, "view", func(d *ir.OpDef) {
		d.AddVerifier(verifyView)
		d.Fold = foldView
	})
	hook(ctx, "dealloc", func(d *ir.OpDef) { d.Fold = foldMemRefCastOperands })
}
