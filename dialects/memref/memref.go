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
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("memref: loading memref.irdl: " + err.Error())
	}
	ctx.RegisterOp(allocaScopeDef())
	ctx.RegisterOp(allocaScopeReturnDef())
	registerHooks(ctx)
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

// attachHooks attaches what memref.irdl's hooks do not cover: memory
// effects, result names and symbol uses.
func attachHooks(ctx *ir.Context) {
	hook(ctx, "dma_start", func(d *ir.OpDef) { ir.MemoryEffectsOp.Attach(d, ir.EffectsFunc(dmaStartEffects)) })
	hook(ctx, "transpose", func(d *ir.OpDef) {
		d.AsmResultNames = func(_ *ir.Operation, set func(int, string)) { set(0, "transpose") }
	})
	hook(ctx, "extract_strided_metadata", func(d *ir.OpDef) { d.AsmResultNames = stridedMetadataNames })
	hook(ctx, "get_global", func(d *ir.OpDef) { ir.SymbolUserOp.Attach(d, ir.VerifySymbolUsesFunc(verifyGetGlobalSymbolUses)) })
}
