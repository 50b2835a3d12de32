package gputonvvm

import (
	"strconv"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
)

// dynamicSharedAlignment is the alignment in bytes of the dynamic shared
// memory global.
const dynamicSharedAlignment = 16

// dynamicSharedPattern lowers gpu.dynamic_shared_memory as upstream's
// GPUDynamicSharedMemoryOpLowering: an internal zero-sized global of i8
// in shared memory (@__dynamic_shmem__N, reused when the module has one),
// whose address becomes the descriptor of a memref<0xi8, 3>.
func dynamicSharedPattern(tc *rewrite.TypeConverter) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: "gpu.dynamic_shared_memory", BenefitValue: 1, PatternName: "gpu.dynamic_shared_memory-to-nvvm",
		Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
			ctx := r.Builder.Ctx
			var module *ir.Operation
			for p := op.ParentOp(); p != nil; p = p.ParentOp() {
				if _, ok := gpu.AsModuleOp(p); ok {
					module = p
					break
				}
			}
			if module == nil || module.Region(0).First() == nil {
				return false
			}
			i8 := ctx.I(8)
			space := ctx.IntegerAttr(ctx.I(64), 3)
			m0 := ctx.MemRefType([]int64{0}, i8, nil, space)
			ptrT := llvm.Ptr(ctx, 3)
			name := dynamicSharedGlobal(r, module, op.Loc())
			loc := op.Loc()
			r.SetInsertionPoint(op)
			base := llvmcommon.Create(r, "llvm.mlir.addressof", loc, nil, []ir.Type{ptrT},
				[]ir.NamedAttr{{Name: "global_name", Value: ctx.SymbolRefAttr(name, nil)}}).Result(0)
			p := llvmcommon.Create(r, "llvm.getelementptr", loc, []ir.Value{base}, []ir.Type{ptrT}, []ir.NamedAttr{
				{Name: "rawConstantIndices", Value: ctx.DenseI32Array(0)},
				{Name: "elem_type", Value: ctx.TypeAttr(i8)},
				{Name: "noWrapFlags", Value: ctx.IntegerAttr(ctx.I(32), 0)}}).Result(0)
			r.ReplaceOp(op, []ir.Value{memreftollvm.StaticDescriptor(r, loc, tc, m0, p, p)})
			return true
		}}
}

// dynamicSharedGlobal returns the name of the module's zero-sized i8
// global of shared memory with the dynamic shared memory's alignment,
// creating @__dynamic_shmem__N at the start of the module when it has
// none.
func dynamicSharedGlobal(r *rewrite.ConversionRewriter, module *ir.Operation, loc ir.Location) string {
	ctx := r.Builder.Ctx
	body := module.Region(0).First()
	taken := map[string]bool{}
	for g := body.First(); g != nil; g = g.Next() {
		gl, ok := llvm.AsMlirGlobalOp(g)
		if !ok {
			continue
		}
		taken[gl.SymName()] = true
		ta, _ := g.InherentAttr("global_type").(*ir.TypeAttr)
		arr, isArr := ta.Type.(*llvm.ArrayType)
		al, _ := g.InherentAttr("alignment").(*ir.IntegerAttr)
		as, _ := g.InherentAttr("addr_space").(*ir.IntegerAttr)
		if isArr && arr.Len == 0 && al != nil && al.Int64() == dynamicSharedAlignment && as != nil && as.Int64() == 3 {
			return gl.SymName()
		}
	}
	name := "__dynamic_shmem__0"
	for i := 0; taken[name]; i++ {
		name = "__dynamic_shmem__" + strconv.Itoa(i+1)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(body)
	align := int64(dynamicSharedAlignment)
	g := llvm.BuildMlirGlobal(b, loc, llvm.Array(ctx, 0, ctx.I(8)), name, llvm.LinkageInternal,
		llvm.MlirGlobalOptions{Alignment: &align, AddrSpace: 3})
	// Upstream's global has no unnamed_addr.
	llvmcommon.DropProperty(ctx, g.Operation, "unnamed_addr")
	return name
}
