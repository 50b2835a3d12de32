// Package memreftollvm is finalize-memref-to-llvm for memrefs of static
// shape and identity layout: a memref becomes upstream's descriptor
// struct `!llvm.struct<(ptr, ptr, i64, array<N x i64>, array<N x i64>)>`
// (allocated pointer, aligned pointer, offset, sizes, strides);
// memref.alloc calls malloc, memref.dealloc calls free, memref.alloca
// becomes llvm.alloca, and memref.load and memref.store address their
// element with the strides.
package memreftollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

// staticMemRef returns t when it is a memref of static shape, identity
// layout and default memory space.
func staticMemRef(t ir.Type) (*ir.MemRefType, bool) {
	m, ok := t.(*ir.MemRefType)
	if !ok || m.Layout != nil || m.MemorySpace != nil {
		return nil, false
	}
	for _, d := range m.Shape {
		if d < 0 {
			return nil, false
		}
	}
	return m, true
}

// DescriptorType returns the descriptor struct of a memref of rank rank.
func DescriptorType(ctx *ir.Context, rank int) *llvm.StructType {
	ptr := llvm.Ptr(ctx, 0)
	i64 := ctx.I(64)
	fields := []ir.Type{ptr, ptr, i64}
	if rank > 0 {
		arr := llvm.Array(ctx, uint64(rank), i64)
		fields = append(fields, arr, arr)
	}
	return llvm.LiteralStruct(ctx, fields, false)
}

// AddConversions teaches tc to convert static memrefs to descriptors.
func AddConversions(ctx *ir.Context, tc *rewrite.TypeConverter) {
	tc.AddConversion(func(t ir.Type) ir.Type {
		m, ok := staticMemRef(t)
		if !ok {
			return nil
		}
		if tc.Convert(m.Elem) != m.Elem || !llvm.IsCompatibleType(m.Elem) {
			return nil
		}
		return DescriptorType(ctx, len(m.Shape))
	})
}

func indexConst(r *rewrite.ConversionRewriter, loc ir.Location, v int64) ir.Value {
	ctx := r.Builder.Ctx
	return llvmcommon.Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{ctx.I(64)},
		[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(ctx.IndexType(), v)}}).Result(0)
}

// strides returns the static strides of an identity-layout shape.
func strides(shape []int64) []int64 {
	s := make([]int64, len(shape))
	run := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = run
		run *= shape[i]
	}
	return s
}

// sizes builds upstream's getMemRefDescriptorSizes for a static shape:
// the size and stride values and the element count (or, with inBytes, the
// size in bytes computed with a GEP on null).
func sizes(r *rewrite.ConversionRewriter, loc ir.Location, m *ir.MemRefType, elem ir.Type, inBytes bool) (szs, strs []ir.Value, total ir.Value) {
	ctx := r.Builder.Ctx
	for _, d := range m.Shape {
		szs = append(szs, indexConst(r, loc, d))
	}
	stride := int64(1)
	running := indexConst(r, loc, 1)
	strs = make([]ir.Value, len(m.Shape))
	for i := len(m.Shape) - 1; i >= 0; i-- {
		strs[i] = running
		useSize := stride == 1
		stride *= m.Shape[i]
		if useSize {
			running = szs[i]
		} else {
			running = indexConst(r, loc, stride)
		}
	}
	if !inBytes {
		return szs, strs, running
	}
	ptr := llvm.Ptr(ctx, 0)
	null := llvmcommon.Create(r, "llvm.mlir.zero", loc, nil, []ir.Type{ptr}, nil).Result(0)
	gep := gepOp(r, loc, null, running, elem, false)
	size := llvmcommon.Create(r, "llvm.ptrtoint", loc, []ir.Value{gep}, []ir.Type{ctx.I(64)}, nil).Result(0)
	return szs, strs, size
}

func gepOp(r *rewrite.ConversionRewriter, loc ir.Location, base, index ir.Value, elem ir.Type, inbounds bool) ir.Value {
	ctx := r.Builder.Ctx
	flags := int64(0)
	if inbounds {
		flags = 1 | 2 | 4
	}
	return llvmcommon.Create(r, "llvm.getelementptr", loc, []ir.Value{base, index}, []ir.Type{llvm.Ptr(ctx, 0)},
		[]ir.NamedAttr{
			{Name: "rawConstantIndices", Value: ctx.DenseI32Array(-1 << 31)},
			{Name: "elem_type", Value: ctx.TypeAttr(elem)},
			{Name: "noWrapFlags", Value: ctx.IntegerAttr(ctx.I(32), flags)},
		}).Result(0)
}

func insert(r *rewrite.ConversionRewriter, loc ir.Location, agg, v ir.Value, pos ...int64) ir.Value {
	ctx := r.Builder.Ctx
	return llvmcommon.Create(r, "llvm.insertvalue", loc, []ir.Value{agg, v}, []ir.Type{agg.Type()},
		[]ir.NamedAttr{{Name: "position", Value: ctx.DenseI64Array(pos...)}}).Result(0)
}

func extract(r *rewrite.ConversionRewriter, loc ir.Location, agg ir.Value, t ir.Type, pos ...int64) ir.Value {
	ctx := r.Builder.Ctx
	return llvmcommon.Create(r, "llvm.extractvalue", loc, []ir.Value{agg}, []ir.Type{t},
		[]ir.NamedAttr{{Name: "position", Value: ctx.DenseI64Array(pos...)}}).Result(0)
}

// descriptor builds the descriptor of a freshly allocated buffer.
func descriptor(r *rewrite.ConversionRewriter, loc ir.Location, m *ir.MemRefType, allocated, aligned ir.Value, szs, strs []ir.Value) ir.Value {
	dt := DescriptorType(r.Builder.Ctx, len(m.Shape))
	var d ir.Value = llvmcommon.Create(r, "llvm.mlir.poison", loc, nil, []ir.Type{dt}, nil).Result(0)
	d = insert(r, loc, d, allocated, 0)
	d = insert(r, loc, d, aligned, 1)
	d = insert(r, loc, d, indexConst(r, loc, 0), 2)
	for i, s := range szs {
		d = insert(r, loc, d, s, 3, int64(i))
	}
	for i, s := range strs {
		d = insert(r, loc, d, s, 4, int64(i))
	}
	return d
}

// lookupOrDeclare returns the symbol of the C function name in the module
// around op, declaring it at the start of the module when missing.
func lookupOrDeclare(r *rewrite.ConversionRewriter, op *ir.Operation, name string, ft *llvm.FuncType) {
	module := op.ParentOp()
	for module != nil && !module.HasTrait(ir.SymbolTableTrait) {
		module = module.ParentOp()
	}
	if module == nil {
		return
	}
	body := module.Region(0).First()
	for o := body.First(); o != nil; o = o.Next() {
		if s, ok := o.InherentAttr("sym_name").(*ir.StringAttr); ok && s.Value == name {
			return
		}
	}
	ctx := r.Builder.Ctx
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(body)
	llvm.BuildFunc(b, module.Loc(), name, nil, ctx.TypeAttr(ft), llvm.LinkageExternal, false, llvm.CConvCcc,
		llvm.VisibilityDefault, llvm.UnnamedAddrNone, nil, nil, nil, nil, nil, nil, nil, false, false, false, false, false, nil, false)
}

// elementPtr is upstream's getStridedElementPtr for a static memref.
func elementPtr(r *rewrite.ConversionRewriter, loc ir.Location, m *ir.MemRefType, desc ir.Value, indices []ir.Value, elem ir.Type) ir.Value {
	ctx := r.Builder.Ctx
	base := extract(r, loc, desc, llvm.Ptr(ctx, 0), 1)
	var index ir.Value
	nswnuw := ctx.IntegerAttr(ctx.I(32), 3)
	for i, s := range strides(m.Shape) {
		inc := indices[i]
		if s != 1 {
			c := indexConst(r, loc, s)
			inc = llvmcommon.Create(r, "llvm.mul", loc, []ir.Value{inc, c}, []ir.Type{inc.Type()},
				[]ir.NamedAttr{{Name: "overflowFlags", Value: nswnuw}}).Result(0)
		}
		if index == nil {
			index = inc
		} else {
			index = llvmcommon.Create(r, "llvm.add", loc, []ir.Value{index, inc}, []ir.Type{inc.Type()},
				[]ir.NamedAttr{{Name: "overflowFlags", Value: nswnuw}}).Result(0)
		}
	}
	if index == nil {
		return base
	}
	return gepOp(r, loc, base, index, elem, true)
}

// Patterns returns the conversion patterns of finalize-memref-to-llvm.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return []rewrite.ConversionPattern{
		&rewrite.ConversionFunc{RootName: "memref.alloc", BenefitValue: 1, PatternName: "alloc-to-llvm",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				m, ok := staticMemRef(op.Result(0).Type())
				if !ok || op.InherentAttr("alignment") != nil || op.NumOperands() > 0 {
					return false
				}
				ctx := r.Builder.Ctx
				loc := op.Loc()
				elem := tc.Convert(m.Elem)
				lookupOrDeclare(r, op, "malloc", llvm.Func(ctx, llvm.Ptr(ctx, 0), []ir.Type{ctx.I(64)}, false))
				szs, strs, size := sizes(r, loc, m, elem, true)
				p := llvmcommon.Create(r, "llvm.call", loc, []ir.Value{size}, []ir.Type{llvm.Ptr(ctx, 0)}, callProps(ctx, "malloc", 1)).Result(0)
				r.ReplaceOp(op, []ir.Value{descriptor(r, loc, m, p, p, szs, strs)})
				return true
			}},
		&rewrite.ConversionFunc{RootName: "memref.alloca", BenefitValue: 1, PatternName: "alloca-to-llvm",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				m, ok := staticMemRef(op.Result(0).Type())
				if !ok || op.NumOperands() > 0 {
					return false
				}
				ctx := r.Builder.Ctx
				loc := op.Loc()
				elem := tc.Convert(m.Elem)
				szs, strs, n := sizes(r, loc, m, elem, false)
				props := []ir.NamedAttr{{Name: "elem_type", Value: ctx.TypeAttr(elem)}}
				if a, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok {
					props = append(props, ir.NamedAttr{Name: "alignment", Value: ctx.IntegerAttr(ctx.I(64), int64(a.Lo))})
				}
				p := llvmcommon.Create(r, "llvm.alloca", loc, []ir.Value{n}, []ir.Type{llvm.Ptr(ctx, 0)}, props).Result(0)
				r.ReplaceOp(op, []ir.Value{descriptor(r, loc, m, p, p, szs, strs)})
				return true
			}},
		&rewrite.ConversionFunc{RootName: "memref.dealloc", BenefitValue: 1, PatternName: "dealloc-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				if _, ok := operands[0].Type().(*llvm.StructType); !ok {
					return false
				}
				ctx := r.Builder.Ctx
				lookupOrDeclare(r, op, "free", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{llvm.Ptr(ctx, 0)}, false))
				p := extract(r, op.Loc(), operands[0], llvm.Ptr(ctx, 0), 0)
				llvmcommon.Create(r, "llvm.call", op.Loc(), []ir.Value{p}, nil, callProps(ctx, "free", 1))
				r.ReplaceOp(op, nil)
				return true
			}},
		&rewrite.ConversionFunc{RootName: "memref.load", BenefitValue: 1, PatternName: "load-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				m, ok := staticMemRef(op.Operand(0).Type())
				if !ok {
					return false
				}
				if _, ok := operands[0].Type().(*llvm.StructType); !ok {
					return false
				}
				ctx := r.Builder.Ctx
				elem := tc.Convert(m.Elem)
				p := elementPtr(r, op.Loc(), m, operands[0], operands[1:], elem)
				v := llvmcommon.Create(r, "llvm.load", op.Loc(), []ir.Value{p}, []ir.Type{elem},
					[]ir.NamedAttr{{Name: "ordering", Value: ctx.IntegerAttr(ctx.I(64), 0)}}).Result(0)
				r.ReplaceOp(op, []ir.Value{v})
				return true
			}},
		&rewrite.ConversionFunc{RootName: "memref.store", BenefitValue: 1, PatternName: "store-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				m, ok := staticMemRef(op.Operand(1).Type())
				if !ok {
					return false
				}
				if _, ok := operands[1].Type().(*llvm.StructType); !ok {
					return false
				}
				ctx := r.Builder.Ctx
				elem := tc.Convert(m.Elem)
				p := elementPtr(r, op.Loc(), m, operands[1], operands[2:], elem)
				llvmcommon.Create(r, "llvm.store", op.Loc(), []ir.Value{operands[0], p}, nil,
					[]ir.NamedAttr{{Name: "ordering", Value: ctx.IntegerAttr(ctx.I(64), 0)}})
				r.ReplaceOp(op, nil)
				return true
			}},
	}
}

func callProps(ctx *ir.Context, callee string, nargs int) []ir.NamedAttr {
	return []ir.NamedAttr{
		{Name: "callee", Value: ctx.SymbolRefAttr(callee, nil)},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(nargs), 0)},
		{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
	}
}

// Run converts the memref operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	tc := llvmcommon.NewTypeConverter(ctx)
	AddConversions(ctx, tc)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddIllegalOp("memref.alloc", "memref.alloca", "memref.dealloc", "memref.load", "memref.store")
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}
