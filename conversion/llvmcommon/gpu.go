package llvmcommon

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/llvm"
)

// DeclareBefore declares the external function name before the function
// that contains op, unless a symbol of that name is visible, as upstream's
// appendOrGetFuncOp (the math library calls of the GPU lowerings).
func DeclareBefore(r *rewrite.ConversionRewriter, op *ir.Operation, name string, ft *llvm.FuncType) {
	// The enclosing function: the nearest symbol isolated from above.
	fn := op.ParentOp()
	for fn != nil && !(fn.HasTrait(ir.SymbolTrait) && fn.HasTrait(ir.IsolatedFromAbove)) {
		fn = fn.ParentOp()
	}
	if fn == nil || fn.Block() == nil {
		return
	}
	// Declared before the function, or before its ancestor in the
	// nearest symbol table when the function is nested in an operation
	// that is not one (an unregistered op), so that lookups find it.
	at := fn
	nearest := true
	for t := fn.ParentOp(); t != nil; t = t.ParentOp() {
		if !t.HasTrait(ir.SymbolTableTrait) || t.NumRegions() == 0 || t.Region(0).First() == nil {
			if nearest {
				at = t
			}
			continue
		}
		nearest = false
		if ir.NewSymbolTable(t).Lookup(name) != nil {
			return
		}
	}
	if at.Block() == nil {
		return
	}
	ctx := r.Builder.Ctx
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(at)
	f := llvm.BuildFunc(b, op.Loc(), name, ft)
	if f.Operation == nil {
		return
	}
	DropProperty(ctx, f.Operation, "unnamed_addr")
}

// GPUReturnPattern lowers gpu.return of at most one value of an LLVM type
// to llvm.return (the GPU lowerings to NVVM and ROCDL share it).
func GPUReturnPattern() rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: "gpu.return", BenefitValue: 1, PatternName: "gpu.return-to-llvm",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			if len(operands) > 1 {
				return false
			}
			for _, v := range operands {
				if !llvm.IsCompatibleType(v.Type()) {
					return false
				}
			}
			Create(r, "llvm.return", op.Loc(), operands, nil, nil)
			r.ReplaceOp(op, nil)
			return true
		}}
}

// AddGPUMemorySpaces maps the memory spaces of gpu to the address spaces
// NVVM and AMDGPU share before memrefs convert: global 1, workgroup 3,
// private 5.
func AddGPUMemorySpaces(ctx *ir.Context, tc *rewrite.TypeConverter) {
	spaces := map[string]int64{"#gpu.address_space<global>": 1, "#gpu.address_space<workgroup>": 3, "#gpu.address_space<private>": 5}
	tc.AddConversion(func(t ir.Type) ir.Type {
		m, ok := t.(*ir.MemRefType)
		if !ok || m.MemorySpace == nil {
			return nil
		}
		as, ok := spaces[ir.AttrString(m.MemorySpace)]
		if !ok {
			return nil
		}
		return tc.Convert(ctx.MemRefType(m.Shape, m.Elem, m.Layout, ctx.IntegerAttr(ctx.I(64), as)))
	})
}

// EmitCInterfaces marks every func.func directly in module with
// llvm.emit_c_interface, as upstream's GPU lowerings do before they run.
func EmitCInterfaces(module *ir.Operation) {
	body := module.Region(0).First()
	if body == nil {
		return
	}
	for o := body.First(); o != nil; o = o.Next() {
		if _, ok := function.AsFuncOp(o); ok {
			o.SetAttr("llvm.emit_c_interface", module.Context().Unit())
		}
	}
}
