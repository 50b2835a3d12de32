package llvmcommon

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

// LowerWorkgroupAttributions gives each workgroup attribution of a
// gpu.func (the entry block's arguments after its inputs) an
// llvm.mlir.global of its size in shared memory (address space 3), as
// upstream's GPUFuncOpLowering does: the function's body sees a memref
// descriptor of the global's address in place of the argument.
func LowerWorkgroupAttributions(op *ir.Operation, r *rewrite.ConversionRewriter, tc *rewrite.TypeConverter, inputs int) bool {
	ctx := r.Builder.Ctx
	entry := op.Region(0).First()
	module := op.ParentOp()
	if entry == nil || module == nil || module.Region(0).First() == nil {
		return false
	}
	fname, _ := ir.SymbolName(op)
	type attribution struct {
		arg  *ir.BlockArgument
		mt   *ir.MemRefType
		dt   *llvm.StructType
		name string
		gt   ir.Type
	}
	var as []attribution
	for i := inputs; i < entry.NumArguments(); i++ {
		a := entry.Argument(i)
		mt, ok := a.Type().(*ir.MemRefType)
		if !ok || mt.Layout != nil || !staticShape(mt.Shape) {
			return false
		}
		dt, ok := tc.Convert(mt).(*llvm.StructType)
		if !ok {
			return false
		}
		n := int64(1)
		for _, d := range mt.Shape {
			n *= d
		}
		gt := llvm.Array(ctx, uint64(n), tc.Convert(mt.Elem))
		as = append(as, attribution{a, mt, dt, fmt.Sprintf("__wg_%s_%d", fname, i-inputs), gt})
	}
	r.SetInsertionPointToStart(entry)
	for _, at := range as {
		gb := ir.NewBuilder(ctx)
		gb.SetInsertionPoint(op)
		llvm.BuildMlirGlobal(gb, op.Loc(), at.gt, at.name, llvm.LinkageInternal, llvm.MlirGlobalOptions{AddrSpace: 3})
		loc := op.Loc()
		ptr := llvm.Ptr(ctx, 3)
		addr := Create(r, "llvm.mlir.addressof", loc, nil, []ir.Type{ptr},
			[]ir.NamedAttr{{Name: "global_name", Value: ctx.SymbolRefAttr(at.name, nil)}}).Result(0)
		zero := int32(0)
		base := llvm.BuildGetelementptr(r.Builder, loc, addr, nil, ctx.DenseI32Array(zero, zero), at.gt, ptr).Operation.Result(0)
		d := Poison(r, loc, at.dt)
		d = Insert(r, loc, d, base, 0)
		d = Insert(r, loc, d, base, 1)
		d = Insert(r, loc, d, Const(r, loc, 0), 2)
		strides := make([]int64, len(at.mt.Shape))
		stride := int64(1)
		for k := len(at.mt.Shape) - 1; k >= 0; k-- {
			strides[k] = stride
			stride *= at.mt.Shape[k]
		}
		for k, n := range at.mt.Shape {
			d = Insert(r, loc, d, Const(r, loc, n), 3, int64(k))
			d = Insert(r, loc, d, Const(r, loc, strides[k]), 4, int64(k))
		}
		// The body's memrefs are in address space 3 from here on.
		mt := ctx.MemRefType(at.mt.Shape, at.mt.Elem, nil, ctx.IntegerAttr(ctx.I(64), 3))
		cast := r.Create(&ir.OperationState{Name: ctx.OpName("builtin.unrealized_conversion_cast"), Loc: loc,
			Operands: []ir.Value{d}, ResultTypes: []ir.Type{mt}}).Result(0)
		ir.ReplaceAllUsesWith(at.arg, cast)
	}
	for entry.NumArguments() > inputs {
		entry.EraseArgument(entry.NumArguments() - 1)
	}
	return true
}

func staticShape(shape []int64) bool {
	for _, d := range shape {
		if d < 0 {
			return false
		}
	}
	return true
}
