// Package llvm defines MLIR's llvm dialect: the LLVM IR types
// (!llvm.ptr, !llvm.struct, !llvm.array, !llvm.func, ...) and the
// operations a CPU lowering produces (functions, globals, calls, memory,
// integer and float arithmetic, comparisons, casts, branches and the math
// intrinsics). The operations are declared in llvm.irdl; this file adds
// what the declarations cannot say: the type parser, the custom syntax of
// llvm.func, llvm.mlir.global, llvm.call and llvm.switch, the directives of
// the comparison predicates, GEP indices and insert/extractvalue, and
// verifiers.
package llvm

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o llvm_gen.go llvm.irdl

import (
	_ "embed"
	"github.com/strata-ir/strata/dialects/ub"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed llvm.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/llvm/llvm.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var directives sync.Once

// Register adds the llvm dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	directives.Do(registerDirectives)
	d := ctx.Dialect("llvm")
	if d == nil {
		d = &ir.Dialect{Name: "llvm"}
		ctx.RegisterDialect(d)
	}
	d.ParseTypeBody = parseTypeBody
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("llvm: loading llvm.irdl: " + err.Error())
	}
	d = ctx.Dialect("llvm")
	d.Summary = "The LLVM IR dialect"
	d.Inlinable = true
	d.MaterializeConstant = materializeConstant
	registerHooks(ctx)
	registerMMRA(ctx)
	if on := ctx.LookupOpName("llvm.func"); on != nil && on.Def != nil {
		ir.CallableOp.Attach(on.Def, ir.CallableRegionFunc(func(op *ir.Operation) *ir.Region {
			if op.Region(0).Empty() {
				return nil
			}
			return op.Region(0)
		}))
	}
	if on := ctx.LookupOpName("llvm.call"); on != nil && on.Def != nil {
		ir.CallOp.Attach(on.Def, ir.CallTargetFunc(func(op *ir.Operation) *ir.SymbolRefAttr {
			s, _ := op.InherentAttr("callee").(*ir.SymbolRefAttr)
			return s
		}))
	}
}

// foldConstant folds llvm.mlir.constant to its value.
func foldConstant(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return []ir.FoldResult{{Attr: op.InherentAttr("value")}}, true
}

// foldPoison folds llvm.mlir.poison to #ub.poison, as upstream's does.
func foldPoison(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return []ir.FoldResult{{Attr: ub.PoisonAttr(op.Context())}}, true
}

// foldBitcast folds a bitcast to its own type, and a bitcast of a bitcast
// back to the first one's operand type, to that operand.
func foldBitcast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	b, ok := AsBitcastOp(op)
	if !ok {
		return nil, false
	}
	if b.Arg().Type() == b.Res().Type() {
		return []ir.FoldResult{{Value: b.Arg()}}, true
	}
	if prev, ok := AsBitcastOp(ir.DefiningOp(b.Arg())); ok && prev.Arg().Type() == b.Res().Type() {
		return []ir.FoldResult{{Value: prev.Arg()}}, true
	}
	return nil, false
}

// materializeConstant builds llvm.mlir.constant for folded values, and
// llvm.mlir.poison for #ub.poison.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
	default:
		if ub.IsPoisonAttr(value) {
			return BuildMlirPoison(b, loc, t).Operation
		}
		return nil
	}
	return BuildMlirConstant(b, loc, value, t).Operation
}
