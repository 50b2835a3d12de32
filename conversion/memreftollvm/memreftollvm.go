// Package memreftollvm is finalize-memref-to-llvm: a ranked memref of
// strided layout becomes upstream's descriptor
// `!llvm.struct<(ptr, ptr, i64, array<N x i64>, array<N x i64>)>`
// (allocated pointer, aligned pointer, offset, sizes, strides) and an
// unranked one `!llvm.struct<(i64, ptr)>` (rank, pointer to a ranked
// descriptor), and the memref operations become llvm operations as
// MLIR's MemRefToLLVM patterns make them:
//
//   - memref.alloc calls malloc (declared on first use) for the size in
//     bytes, plus the alignment when there is one, and aligns the pointer;
//     memref.alloca is llvm.alloca; memref.dealloc calls free;
//   - memref.load and memref.store address their element with the offset
//     and strides, static ones as constants and dynamic ones read from the
//     descriptor;
//   - memref.dim reads the size (a constant index on a static dimension,
//     and an index into an alloc's dynamic sizes, fold first);
//   - memref.global becomes llvm.mlir.global and memref.get_global a
//     descriptor of its address;
//   - memref.cast: ranked to ranked keeps the descriptor, ranked to
//     unranked stores it to a stack slot and pairs the rank with its
//     address, unranked to ranked loads it back;
//   - memref.reinterpret_cast, memref.extract_strided_metadata and
//     memref.transpose build descriptors from the source's pointers;
//   - memref.copy is llvm.intr.memcpy when both sides have the identity
//     layout, and a call of the runtime's memrefCopy otherwise (unranked
//     memrefs included);
//   - memref.atomic_rmw is llvm.atomicrmw;
//   - memref.alloca_scope is inlined between llvm.intr.stacksave and
//     llvm.intr.stackrestore;
//   - memref.rank reads an unranked descriptor's rank (a constant when
//     ranked); memref.view builds a descriptor at the byte shift of an
//     i8 buffer; memref.assume_alignment is llvm.intr.assume with an
//     "align" operand bundle; memref.extract_aligned_pointer_as_index
//     is the aligned pointer's ptrtoint; memref.prefetch is
//     llvm.intr.prefetch; memref.memory_space_cast of a ranked memref
//     casts the descriptor's pointers with llvm.addrspacecast; memref.load/store keep their
//     alignment and nontemporal flag.
package memreftollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/memref"
)

// DescriptorType returns the descriptor struct of a memref of rank rank in
// the default address space.
func DescriptorType(ctx *ir.Context, rank int) *llvm.StructType {
	return llvmcommon.DescriptorType(ctx, rank, 0)
}

// AddConversions teaches tc to convert memrefs to descriptors. The type
// converter of llvmcommon.NewTypeConverter already does; this is kept for
// callers that build their own.
func AddConversions(ctx *ir.Context, tc *rewrite.TypeConverter) {
	tc.AddConversion(func(t ir.Type) ir.Type {
		switch m := t.(type) {
		case *ir.MemRefType:
			if _, _, ok := llvmcommon.StridesAndOffset(m); !ok {
				return nil
			}
			as, ok := llvmcommon.AddressSpace(m.MemorySpace)
			if !ok || !llvm.IsCompatibleType(tc.Convert(m.Elem)) {
				return nil
			}
			return llvmcommon.DescriptorType(ctx, len(m.Shape), as)
		case *ir.UnrankedMemRefType:
			as, ok := llvmcommon.AddressSpace(m.MemorySpace)
			if !ok || !llvm.IsCompatibleType(tc.Convert(m.Elem)) {
				return nil
			}
			return llvmcommon.UnrankedDescriptorType(ctx, as)
		}
		return nil
	})
}

// lowering carries what every pattern needs.
type lowering struct {
	r   *rewrite.ConversionRewriter
	loc ir.Location
	tc  *rewrite.TypeConverter
}

func (l *lowering) ctx() *ir.Context { return l.r.Builder.Ctx }
func (l *lowering) i64() ir.Type     { return l.ctx().I(llvmcommon.IndexBitwidth) }
func (l *lowering) ptr(as uint64) ir.Type {
	return llvm.Ptr(l.ctx(), as)
}

func (l *lowering) create(name string, operands []ir.Value, results []ir.Type, props ...ir.NamedAttr) *ir.Operation {
	return llvmcommon.Create(l.r, name, l.loc, operands, results, props)
}

func (l *lowering) value(name string, operands []ir.Value, result ir.Type, props ...ir.NamedAttr) ir.Value {
	return l.create(name, operands, []ir.Type{result}, props...).Result(0)
}

func (l *lowering) index(v int64) ir.Value { return llvmcommon.Const(l.r, l.loc, v) }

// i64Const is a constant with an i64 (not index) attribute.
func (l *lowering) i64Const(v int64) ir.Value {
	return l.value("llvm.mlir.constant", nil, l.i64(), ir.NamedAttr{Name: "value", Value: l.ctx().IntegerAttr(l.i64(), v)})
}

func (l *lowering) insert(agg, v ir.Value, pos ...int64) ir.Value {
	return llvmcommon.Insert(l.r, l.loc, agg, v, pos...)
}

func (l *lowering) extract(agg ir.Value, t ir.Type, pos ...int64) ir.Value {
	return llvmcommon.Extract(l.r, l.loc, agg, t, pos...)
}

func (l *lowering) binary(name string, a, b ir.Value, nswnuw bool) ir.Value {
	var props []ir.NamedAttr
	if nswnuw {
		props = append(props, ir.NamedAttr{Name: "overflowFlags", Value: l.ctx().IntegerAttr(l.ctx().I(32), 3)})
	}
	return l.value(name, []ir.Value{a, b}, a.Type(), props...)
}

// gep builds llvm.getelementptr of elem with raw indices (ir.Dynamic
// entries take the next of dyn).
func (l *lowering) gep(base ir.Value, elem ir.Type, raw []int64, dyn []ir.Value, inbounds bool) ir.Value {
	ctx := l.ctx()
	flags := int64(0)
	if inbounds {
		flags = 1 | 2 | 4 // inbounds|nuw
	}
	idx := make([]int32, len(raw))
	for i, c := range raw {
		if c == ir.Dynamic {
			idx[i] = -1 << 31
		} else {
			idx[i] = int32(c)
		}
	}
	return l.value("llvm.getelementptr", append([]ir.Value{base}, dyn...), base.Type(),
		ir.NamedAttr{Name: "rawConstantIndices", Value: ctx.DenseI32Array(idx...)},
		ir.NamedAttr{Name: "elem_type", Value: ctx.TypeAttr(elem)},
		ir.NamedAttr{Name: "noWrapFlags", Value: ctx.IntegerAttr(ctx.I(32), flags)})
}

func (l *lowering) call(callee string, args []ir.Value, result ir.Type) *ir.Operation {
	var res []ir.Type
	if result != nil {
		res = []ir.Type{result}
	}
	return l.create("llvm.call", args, res, callProps(l.ctx(), callee, len(args))...)
}

// sizeOf is upstream's getSizeInBytes: the size of t from a GEP of one
// element on null.
func (l *lowering) sizeOf(t ir.Type) ir.Value {
	null := l.value("llvm.mlir.zero", nil, l.ptr(0))
	g := l.gep(null, t, []int64{1}, nil, false)
	return l.value("llvm.ptrtoint", []ir.Value{g}, l.i64())
}

// sizes is upstream's getMemRefDescriptorSizes: one value per size
// (dynamic ones from dyn), the strides of the identity layout and the
// element count or, with inBytes, the size in bytes.
func (l *lowering) sizes(m *ir.MemRefType, dyn []ir.Value, elem ir.Type, inBytes bool) (szs, strs []ir.Value, total ir.Value) {
	k := 0
	for _, d := range m.Shape {
		if d == ir.Dynamic {
			szs = append(szs, dyn[k])
			k++
		} else {
			szs = append(szs, l.index(d))
		}
	}
	stride := int64(1)
	running := l.index(1)
	strs = make([]ir.Value, len(m.Shape))
	for i := len(m.Shape) - 1; i >= 0; i-- {
		strs[i] = running
		useSize := stride == 1
		if m.Shape[i] == ir.Dynamic {
			stride = ir.Dynamic
		}
		if stride != ir.Dynamic {
			stride *= m.Shape[i]
		}
		switch {
		case useSize:
			running = szs[i]
		case stride == ir.Dynamic:
			running = l.binary("llvm.mul", running, szs[i], false)
		default:
			running = l.index(stride)
		}
	}
	if !inBytes {
		return szs, strs, running
	}
	null := l.value("llvm.mlir.zero", nil, l.ptr(0))
	g := l.gep(null, elem, []int64{ir.Dynamic}, []ir.Value{running}, false)
	return szs, strs, l.value("llvm.ptrtoint", []ir.Value{g}, l.i64())
}

// descriptor builds a ranked descriptor (sizes then strides, as
// upstream's MemRefDescriptor::fromStaticShape and the allocations do).
func (l *lowering) descriptor(dt ir.Type, allocated, aligned ir.Value, offset ir.Value, szs, strs []ir.Value) ir.Value {
	d := llvmcommon.Poison(l.r, l.loc, dt)
	d = l.insert(d, allocated, 0)
	d = l.insert(d, aligned, 1)
	if offset == nil {
		offset = l.index(0)
	}
	d = l.insert(d, offset, 2)
	for i, s := range szs {
		d = l.insert(d, s, 3, int64(i))
	}
	for i, s := range strs {
		d = l.insert(d, s, 4, int64(i))
	}
	return d
}

// elementPtr is upstream's getStridedElementPtr: the aligned pointer,
// moved by the offset unless it is zero, indexed by the sum of
// index*stride.
func (l *lowering) elementPtr(m *ir.MemRefType, desc ir.Value, indices []ir.Value, elem ir.Type) ir.Value {
	return l.stridedPtr(m, desc, indices, elem, true)
}

// stridedPtr is elementPtr with the final GEP's inbounds|nuw (and the
// index arithmetic's nsw|nuw) optional.
func (l *lowering) stridedPtr(m *ir.MemRefType, desc ir.Value, indices []ir.Value, elem ir.Type, inbounds bool) ir.Value {
	strides, offset, _ := llvmcommon.StridesAndOffset(m)
	// The aligned pointer's type is the descriptor's (its address space
	// converted, for a memory space such as #gpu.address_space).
	var pt ir.Type = l.ptr(0)
	if st, ok := desc.Type().(*llvm.StructType); ok && len(st.Fields) > 1 {
		pt = st.Fields[1]
	} else if as, ok := llvmcommon.AddressSpace(m.MemorySpace); ok {
		pt = l.ptr(as)
	}
	base := l.extract(desc, pt, 1)
	if offset != 0 {
		var off ir.Value
		if offset == ir.Dynamic {
			off = l.extract(desc, l.i64(), 2)
		} else {
			off = l.index(offset)
		}
		base = l.gep(base, elem, []int64{ir.Dynamic}, []ir.Value{off}, false)
	}
	var index ir.Value
	for i, inc := range indices {
		s := strides[i]
		switch {
		case s == ir.Dynamic:
			inc = l.binary("llvm.mul", inc, l.extract(desc, l.i64(), 4, int64(i)), inbounds)
		case s != 1:
			inc = l.binary("llvm.mul", inc, l.index(s), inbounds)
		}
		if index == nil {
			index = inc
		} else {
			index = l.binary("llvm.add", index, inc, inbounds)
		}
	}
	if index == nil {
		return base
	}
	return l.gep(base, elem, []int64{ir.Dynamic}, []ir.Value{index}, inbounds)
}

// ranked returns the memref type of v when it converts to a descriptor.
func ranked(tc *rewrite.TypeConverter, t ir.Type) (*ir.MemRefType, ir.Type, bool) {
	m, ok := t.(*ir.MemRefType)
	if !ok {
		return nil, nil, false
	}
	dt := tc.Convert(m)
	if llvmcommon.DescriptorRank(dt) != len(m.Shape) {
		return nil, nil, false
	}
	return m, dt, true
}

// isUnranked reports whether orig is an unranked memref whose converted
// value v is its {rank, pointer} descriptor.
func isUnranked(orig, v ir.Value) bool {
	if _, ok := orig.Type().(*ir.UnrankedMemRefType); !ok {
		return false
	}
	s, ok := v.Type().(*llvm.StructType)
	return ok && len(s.Fields) == 2
}

func isDescriptor(v ir.Value) bool {
	_, ok := v.Type().(*llvm.StructType)
	return ok
}

// promote stores a ranked descriptor to a stack slot (upstream's
// promoteOneMemRefDescriptor) and returns its address.
func (l *lowering) promote(desc ir.Value) ir.Value {
	one := l.index(1)
	p := l.value("llvm.alloca", []ir.Value{one}, l.ptr(0), ir.NamedAttr{Name: "elem_type", Value: l.ctx().TypeAttr(desc.Type())})
	l.store(desc, p)
	return p
}

// accessProps carries a memref.load/store's alignment and nontemporal
// flag over to the llvm.load/store.
func accessProps(ctx *ir.Context, op *ir.Operation) []ir.NamedAttr {
	var props []ir.NamedAttr
	if a, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok && a.Int64() != 0 {
		props = append(props, ir.NamedAttr{Name: "alignment", Value: ctx.IntegerAttr(ctx.I(64), a.Int64())})
	}
	if a, ok := op.InherentAttr("nontemporal").(*ir.IntegerAttr); ok && a.Int64() != 0 {
		props = append(props, ir.NamedAttr{Name: "nontemporal", Value: ctx.Unit()})
	}
	return props
}

func (l *lowering) store(v, p ir.Value) {
	l.create("llvm.store", []ir.Value{v, p}, nil, ir.NamedAttr{Name: "ordering", Value: l.ctx().IntegerAttr(l.ctx().I(64), 0)})
}

func (l *lowering) load(p ir.Value, t ir.Type) ir.Value {
	return l.value("llvm.load", []ir.Value{p}, t, ir.NamedAttr{Name: "ordering", Value: l.ctx().IntegerAttr(l.ctx().I(64), 0)})
}

// unranked builds the unranked descriptor {rank, pointer} of a ranked one
// stored on the stack; rank is an index or an i64 constant.
func (l *lowering) unranked(desc ir.Value, rank int, as uint64, i64Rank bool) ir.Value {
	var rv ir.Value
	p := l.promote(desc)
	if i64Rank {
		rv = l.i64Const(int64(rank))
	} else {
		rv = l.index(int64(rank))
	}
	u := llvmcommon.Poison(l.r, l.loc, llvmcommon.UnrankedDescriptorType(l.ctx(), as))
	u = l.insert(u, rv, 0)
	return l.insert(u, p, 1)
}

// alignedPtr is upstream's createAligned: the pointer rounded up to a
// multiple of alignment.
func (l *lowering) alignedPtr(p, alignment ir.Value, as uint64) ir.Value {
	i := l.value("llvm.ptrtoint", []ir.Value{p}, l.i64())
	one := l.index(1)
	bump := l.binary("llvm.sub", alignment, one, false)
	bumped := l.binary("llvm.add", i, bump, false)
	mod := l.binary("llvm.urem", bumped, alignment, false)
	aligned := l.binary("llvm.sub", bumped, mod, false)
	return l.value("llvm.inttoptr", []ir.Value{aligned}, l.ptr(as))
}

func alignmentOf(op *ir.Operation) int64 {
	if a, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok {
		return int64(a.Lo)
	}
	return 0
}

func (l *lowering) allocLike(op *ir.Operation, operands []ir.Value, stack bool) bool {
	m, dt, ok := ranked(l.tc, op.Result(0).Type())
	if !ok || m.Layout != nil || op.NumOperands() != countDynamic(m.Shape) {
		return false
	}
	ctx := l.ctx()
	as, _ := llvmcommon.AddressSpace(m.MemorySpace)
	if as != 0 && !stack {
		return false
	}
	elem := l.tc.Convert(m.Elem)
	if stack {
		szs, strs, n := l.sizes(m, operands, elem, false)
		props := []ir.NamedAttr{{Name: "elem_type", Value: ctx.TypeAttr(elem)}}
		if a := alignmentOf(op); a != 0 {
			props = append([]ir.NamedAttr{{Name: "alignment", Value: ctx.IntegerAttr(ctx.I(64), a)}}, props...)
		}
		p := l.value("llvm.alloca", []ir.Value{n}, l.ptr(as), props...)
		l.r.ReplaceOp(op, []ir.Value{l.descriptor(dt, p, p, nil, szs, strs)})
		return true
	}
	llvmcommon.DeclareFunc(l.r, op, "malloc", llvm.Func(ctx, llvm.Ptr(ctx, 0), []ir.Type{l.i64()}, false))
	szs, strs, size := l.sizes(m, operands, elem, true)
	var alignment ir.Value
	if a := alignmentOf(op); a != 0 {
		alignment = l.index(a)
	} else if !scalarElement(m.Elem) {
		// Upstream aligns buffers of vectors and aggregates to their
		// element size.
		alignment = l.sizeOf(elem)
	}
	if alignment != nil {
		size = l.binary("llvm.add", size, alignment, false)
	}
	var p ir.Value = l.call("malloc", []ir.Value{size}, l.ptr(0)).Result(0)
	var aligned ir.Value = p
	if alignment != nil {
		aligned = l.alignedPtr(p, alignment, as)
	}
	l.r.ReplaceOp(op, []ir.Value{l.descriptor(dt, p, aligned, nil, szs, strs)})
	return true
}

func scalarElement(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
		return true
	}
	return false
}

func countDynamic(shape []int64) int {
	n := 0
	for _, d := range shape {
		if d == ir.Dynamic {
			n++
		}
	}
	return n
}

// constantIndex returns the value of an arith.constant index operand.
func constantIndex(v ir.Value) (int64, bool) {
	var value ir.Attribute
	if d, ok := arith.AsConstantOp(ir.DefiningOp(v)); ok {
		value = d.Value()
	} else if d, ok := llvm.AsMlirConstantOp(ir.DefiningOp(v)); ok {
		// An index constant the same conversion has already lowered, as
		// upstream's DimOpLowering also reads it.
		value = d.Value()
	}
	a, ok := value.(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return int64(a.Lo), true
}

// globalType is the LLVM type of a global memref: nested arrays of the
// element type.
func globalType(tc *rewrite.TypeConverter, ctx *ir.Context, m *ir.MemRefType) ir.Type {
	t := tc.Convert(m.Elem)
	for i := len(m.Shape) - 1; i >= 0; i-- {
		t = llvm.Array(ctx, uint64(m.Shape[i]), t)
	}
	return t
}

func pattern(name string, fn func(l *lowering, op *ir.Operation, operands []ir.Value) bool, tc *rewrite.TypeConverter) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-to-llvm",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			return fn(&lowering{r: r, loc: op.Loc(), tc: tc}, op, operands)
		}}
}

// Patterns returns the conversion patterns of finalize-memref-to-llvm.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return []rewrite.ConversionPattern{
		pattern("memref.alloc", func(l *lowering, op *ir.Operation, operands []ir.Value) bool {
			return l.allocLike(op, operands, false)
		}, tc),
		pattern("memref.alloca", func(l *lowering, op *ir.Operation, operands []ir.Value) bool {
			return l.allocLike(op, operands, true)
		}, tc),
		pattern("memref.dealloc", func(l *lowering, op *ir.Operation, operands []ir.Value) bool {
			ctx := l.ctx()
			var p ir.Value
			switch {
			case llvmcommon.DescriptorRank(operands[0].Type()) >= 0:
				llvmcommon.DeclareFunc(l.r, op, "free", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{llvm.Ptr(ctx, 0)}, false))
				p = l.extract(operands[0], operands[0].Type().(*llvm.StructType).Fields[0], 0)
			case isUnranked(op.Operand(0), operands[0]):
				llvmcommon.DeclareFunc(l.r, op, "free", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{llvm.Ptr(ctx, 0)}, false))
				p = l.load(l.extract(operands[0], l.ptr(0), 1), l.ptr(0))
			default:
				return false
			}
			l.call("free", []ir.Value{p}, nil)
			l.r.ReplaceOp(op, nil)
			return true
		}, tc),
		pattern("memref.load", func(l *lowering, op *ir.Operation, operands []ir.Value) bool {
			m, _, ok := ranked(tc, op.Operand(0).Type())
			if !ok || !isDescriptor(operands[0]) {
				return false
			}
			elem := tc.Convert(m.Elem)
			p := l.elementPtr(m, operands[0], operands[1:], elem)
			props := append([]ir.NamedAttr{{Name: "ordering", Value: l.ctx().IntegerAttr(l.ctx().I(64), 0)}}, accessProps(l.ctx(), op)...)
			l.r.ReplaceOp(op, []ir.Value{l.value("llvm.load", []ir.Value{p}, elem, props...)})
			return true
		}, tc),
		pattern("memref.store", func(l *lowering, op *ir.Operation, operands []ir.Value) bool {
			m, _, ok := ranked(tc, op.Operand(1).Type())
			if !ok || !isDescriptor(operands[1]) {
				return false
			}
			elem := tc.Convert(m.Elem)
			p := l.elementPtr(m, operands[1], operands[2:], elem)
			props := append([]ir.NamedAttr{{Name: "ordering", Value: l.ctx().IntegerAttr(l.ctx().I(64), 0)}}, accessProps(l.ctx(), op)...)
			l.create("llvm.store", []ir.Value{operands[0], p}, nil, props...)
			l.r.ReplaceOp(op, nil)
			return true
		}, tc),
		pattern("memref.dim", lowerDim, tc),
		pattern("memref.global", lowerGlobal, tc),
		pattern("memref.get_global", lowerGetGlobal, tc),
		pattern("memref.cast", lowerCast, tc),
		pattern("memref.reinterpret_cast", lowerReinterpretCast, tc),
		pattern("memref.extract_strided_metadata", lowerExtractStridedMetadata, tc),
		pattern("memref.transpose", lowerTranspose, tc),
		pattern("memref.copy", lowerCopy, tc),
		pattern("memref.atomic_rmw", lowerAtomicRMW, tc),
		pattern("memref.rank", lowerRank, tc),
		pattern("memref.view", lowerView, tc),
		pattern("memref.assume_alignment", lowerAssumeAlignment, tc),
		pattern("memref.extract_aligned_pointer_as_index", lowerExtractAlignedPointer, tc),
		pattern("memref.prefetch", lowerPrefetch, tc),
		pattern("memref.memory_space_cast", lowerMemorySpaceCast, tc),
	}
}

func lowerDim(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	ctx := l.ctx()
	if isUnranked(op.Operand(0), operands[0]) {
		// The sizes follow the pointers and the offset of the ranked
		// descriptor the unranked one points to.
		desc := l.extract(operands[0], l.ptr(0), 1)
		head := llvmcommon.DescriptorType(ctx, 0, 0)
		offset := l.gep(desc, head, []int64{0, 2}, nil, false)
		at := l.binary("llvm.add", l.index(1), operands[1], false)
		p := l.gep(offset, l.i64(), []int64{ir.Dynamic}, []ir.Value{at}, false)
		l.r.ReplaceOp(op, []ir.Value{l.load(p, l.i64())})
		return true
	}
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	i, ok := constantIndex(op.Operand(1))
	if !ok {
		i, ok = constantIndex(operands[1])
	}
	if ok && i >= 0 && int(i) < len(m.Shape) {
		// Folds first, as MLIR's driver does.
		if m.Shape[i] != ir.Dynamic {
			c := l.r.Builder.Create(&ir.OperationState{Name: ctx.OpName("arith.constant"), Loc: l.loc,
				Properties:  ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(ctx.IndexType(), m.Shape[i])}}),
				ResultTypes: []ir.Type{ctx.IndexType()}})
			l.r.ReplaceOp(op, []ir.Value{c.Result(0)})
			return true
		}
		if dyn, ok := allocSizes(op.Operand(0)); ok {
			k := 0
			for _, s := range m.Shape[:i] {
				if s == ir.Dynamic {
					k++
				}
			}
			l.r.ReplaceOp(op, []ir.Value{dyn[k]})
			return true
		}
		if !isDescriptor(operands[0]) {
			return false
		}
		l.r.ReplaceOp(op, []ir.Value{l.extract(operands[0], l.i64(), 3, i)})
		return true
	}
	if !isDescriptor(operands[0]) || len(m.Shape) == 0 {
		return false
	}
	one := l.index(1)
	sizes := l.extract(operands[0], llvm.Array(ctx, uint64(len(m.Shape)), l.i64()), 3)
	slot := l.value("llvm.alloca", []ir.Value{one}, l.ptr(0), ir.NamedAttr{Name: "elem_type", Value: ctx.TypeAttr(sizes.Type())})
	l.store(sizes, slot)
	p := l.gep(slot, sizes.Type(), []int64{0, ir.Dynamic}, []ir.Value{operands[1]}, false)
	l.r.ReplaceOp(op, []ir.Value{l.load(p, l.i64())})
	return true
}

func lowerGlobal(l *lowering, op *ir.Operation, _ []ir.Value) bool {
	ctx := l.ctx()
	glob, ok := memref.AsGlobalOp(op)
	if !ok {
		return false
	}
	ta, ok := glob.Type().(*ir.TypeAttr)
	if !ok {
		return false
	}
	m, ok := ta.Type.(*ir.MemRefType)
	if !ok || !llvm.IsCompatibleType(tc(l).Convert(m.Elem)) {
		return false
	}
	as, ok := llvmcommon.AddressSpace(m.MemorySpace)
	if !ok {
		return false
	}
	gt := globalType(l.tc, ctx, m)
	linkage := llvm.LinkageExternal
	if v, ok := glob.SymVisibility(); ok && v != "public" {
		linkage = llvm.LinkagePrivate
	}
	init := glob.InitialValue()
	_, uninit := init.(*ir.UnitAttr)
	var value ir.Attribute
	if init != nil && !uninit {
		value = init
		if d, ok := init.(*ir.DenseElementsAttr); ok && len(m.Shape) == 0 {
			value = splatValue(ctx, d)
			if value == nil {
				return false
			}
		}
	}
	var align *int64
	if a := alignmentOf(op); a != 0 {
		align = &a
	}
	constant := glob.Constant()
	name := glob.SymName()
	g := llvm.BuildMlirGlobal(l.r.Builder, l.loc, gt, name, linkage, llvm.MlirGlobalOptions{Constant: constant, Value: value, Alignment: align, AddrSpace: int32(as)})
	if uninit {
		b := ir.NewBlock()
		g.Operation.Region(0).Append(b)
		l.r.SetInsertionPointToEnd(b)
		u := l.value("llvm.mlir.undef", nil, gt)
		l.create("llvm.return", []ir.Value{u}, nil)
	}
	l.r.ReplaceOp(op, nil)
	return true
}

// allocSizes returns the dynamic size operands of the memref.alloc or
// memref.alloca that defines v, looking through the cast that stands for
// an allocation already converted (the folding of memref.dim).
func allocSizes(v ir.Value) ([]ir.Value, bool) {
	d := ir.DefiningOp(v)
	if d == nil {
		return nil, false
	}
	if _, ok := memref.AsAllocOp(d); ok {
		return d.Operands(), true
	}
	if _, ok := memref.AsAllocaOp(d); ok {
		return d.Operands(), true
	}
	if c, ok := builtin.AsUnrealizedConversionCastOp(d); !ok || len(c.Inputs()) != 1 {
		return nil, false
	}
	// The descriptor of an allocation: insertvalue chain on a poison,
	// whose sizes came from the operands through casts to i64.
	m, ok := v.Type().(*ir.MemRefType)
	if !ok {
		return nil, false
	}
	sizes := make([]ir.Value, len(m.Shape))
	var allocated ir.Value
	for x := ir.DefiningOp(d.Operand(0)); x != nil; {
		if _, ok := llvm.AsMlirPoisonOp(x); ok {
			break
		}
		iv, ok := llvm.AsInsertvalueOp(x)
		if !ok {
			return nil, false
		}
		pos := interp.DenseArray(iv.Position())
		switch {
		case len(pos) == 2 && pos[0] == 3 && int(pos[1]) < len(sizes) && sizes[pos[1]] == nil:
			sizes[pos[1]] = iv.Value()
		case len(pos) == 1 && pos[0] == 0:
			allocated = iv.Value()
		}
		x = ir.DefiningOp(iv.Container())
	}
	a := ir.DefiningOp(allocated)
	if a == nil {
		return nil, false
	}
	if call, ok := llvm.AsCallOp(a); ok {
		if c, ok := call.CalleeAttr().(*ir.SymbolRefAttr); !ok || c.Root != "malloc" {
			return nil, false
		}
	} else if _, ok := llvm.AsAllocaOp(a); !ok {
		return nil, false
	}
	var dyn []ir.Value
	for i, s := range m.Shape {
		if s != ir.Dynamic {
			continue
		}
		sz := sizes[i]
		if sz == nil {
			return nil, false
		}
		if c, ok := builtin.AsUnrealizedConversionCastOp(ir.DefiningOp(sz)); ok && len(c.Inputs()) == 1 {
			if _, ok := c.Inputs()[0].Type().(*ir.IndexType); ok {
				sz = c.Inputs()[0]
			}
		}
		dyn = append(dyn, sz)
	}
	return dyn, true
}

func tc(l *lowering) *rewrite.TypeConverter { return l.tc }

// splatValue returns the scalar of a one-element dense attribute.
func splatValue(ctx *ir.Context, d *ir.DenseElementsAttr) ir.Attribute {
	et := d.Type.ElementType()
	var bits uint64
	for i := 0; i < len(d.Data) && i < 8; i++ {
		bits |= uint64(d.Data[i]) << (8 * i)
	}
	switch t := et.(type) {
	case *ir.IntegerType, *ir.IndexType:
		return ctx.IntegerAttrBits(t, bits)
	case *ir.FloatType:
		return ctx.FloatAttrBits(t, bits, 0)
	}
	return nil
}

func lowerGetGlobal(l *lowering, op *ir.Operation, _ []ir.Value) bool {
	m, dt, ok := ranked(l.tc, op.Result(0).Type())
	if !ok || m.Layout != nil {
		return false
	}
	ctx := l.ctx()
	as, _ := llvmcommon.AddressSpace(m.MemorySpace)
	elem := l.tc.Convert(m.Elem)
	szs, strs, _ := l.sizes(m, nil, elem, true)
	gg, _ := memref.AsGetGlobalOp(op)
	name := gg.Name()
	addr := l.value("llvm.mlir.addressof", nil, l.ptr(as), ir.NamedAttr{Name: "global_name", Value: ctx.SymbolRefAttr(name, nil)})
	raw := make([]int64, len(m.Shape)+1)
	aligned := l.gep(addr, globalType(l.tc, ctx, m), raw, nil, false)
	dead := l.index(0xdeadbeef)
	allocated := l.value("llvm.inttoptr", []ir.Value{dead}, l.ptr(as))
	l.r.ReplaceOp(op, []ir.Value{l.descriptor(dt, allocated, aligned, nil, szs, strs)})
	return true
}

func lowerCast(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	src, dst := op.Operand(0).Type(), op.Result(0).Type()
	switch d := dst.(type) {
	case *ir.MemRefType:
		if _, _, ok := ranked(l.tc, d); !ok {
			return false
		}
		if _, ok := src.(*ir.MemRefType); ok {
			if !isDescriptor(operands[0]) {
				return false
			}
			l.r.ReplaceOp(op, []ir.Value{operands[0]})
			return true
		}
		if !isDescriptor(operands[0]) {
			return false
		}
		p := l.extract(operands[0], operands[0].Type().(*llvm.StructType).Fields[1], 1)
		l.r.ReplaceOp(op, []ir.Value{l.load(p, l.tc.Convert(d))})
		return true
	case *ir.UnrankedMemRefType:
		s, ok := src.(*ir.MemRefType)
		if !ok || !isDescriptor(operands[0]) {
			if _, ok := src.(*ir.UnrankedMemRefType); ok && isDescriptor(operands[0]) {
				l.r.ReplaceOp(op, []ir.Value{operands[0]})
				return true
			}
			return false
		}
		as, _ := llvmcommon.AddressSpace(d.MemorySpace)
		l.r.ReplaceOp(op, []ir.Value{l.unranked(operands[0], len(s.Shape), as, false)})
		return true
	}
	return false
}

// mixed returns the values of a static/dynamic list: a constant for a
// static entry (made by mk when called) and the next operand otherwise.
func mixed(static []int64, dyn []ir.Value) []func(mk func(int64) ir.Value) ir.Value {
	out := make([]func(func(int64) ir.Value) ir.Value, len(static))
	k := 0
	for i, s := range static {
		if s == ir.Dynamic {
			v := dyn[k]
			k++
			out[i] = func(func(int64) ir.Value) ir.Value { return v }
			continue
		}
		s := s
		out[i] = func(mk func(int64) ir.Value) ir.Value { return mk(s) }
	}
	return out
}

func lowerReinterpretCast(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	unranked := isUnranked(op.Operand(0), operands[0])
	if _, ok := op.Operand(0).Type().(*ir.MemRefType); !unranked && (!ok || !isDescriptor(operands[0])) {
		return false
	}
	_, dt, ok := ranked(l.tc, op.Result(0).Type())
	if !ok {
		return false
	}
	so := interp.DenseArray(op.InherentAttr("static_offsets"))
	ss := interp.DenseArray(op.InherentAttr("static_sizes"))
	st := interp.DenseArray(op.InherentAttr("static_strides"))
	seg := op.InherentAttr("operandSegmentSizes")
	counts := interp.DenseArray(seg)
	if len(counts) != 4 || len(so) != 1 {
		return false
	}
	dyn := operands[1:]
	offs := mixed(so, dyn[:counts[1]])
	szs := mixed(ss, dyn[counts[1]:counts[1]+counts[2]])
	strs := mixed(st, dyn[counts[1]+counts[2]:])
	src := operands[0]
	d := llvmcommon.Poison(l.r, l.loc, dt)
	var allocated, aligned ir.Value
	if unranked {
		// The pointers are the first two fields of the ranked descriptor
		// the unranked one points to.
		desc := l.extract(src, l.ptr(0), 1)
		allocated = l.load(desc, l.ptr(0))
		aligned = l.load(l.gep(desc, l.ptr(0), []int64{1}, nil, false), l.ptr(0))
	} else {
		fields := src.Type().(*llvm.StructType).Fields
		allocated = l.extract(src, fields[0], 0)
		aligned = l.extract(src, fields[1], 1)
	}
	d = l.insert(d, allocated, 0)
	d = l.insert(d, aligned, 1)
	d = l.insert(d, offs[0](l.index), 2)
	for i := range szs {
		d = l.insert(d, szs[i](l.index), 3, int64(i))
		d = l.insert(d, strs[i](l.index), 4, int64(i))
	}
	l.r.ReplaceOp(op, []ir.Value{d})
	return true
}

func lowerExtractStridedMetadata(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || !isDescriptor(operands[0]) {
		return false
	}
	src := operands[0]
	fields := src.Type().(*llvm.StructType).Fields
	as, _ := llvmcommon.AddressSpace(m.MemorySpace)
	allocated := l.extract(src, fields[0], 0)
	aligned := l.extract(src, fields[1], 1)
	base := llvmcommon.Poison(l.r, l.loc, llvmcommon.DescriptorType(l.ctx(), 0, as))
	base = l.insert(base, allocated, 0)
	base = l.insert(base, aligned, 1)
	base = l.insert(base, l.index(0), 2)
	with := []ir.Value{base, l.extract(src, l.i64(), 2)}
	for i := range m.Shape {
		with = append(with, l.extract(src, l.i64(), 3, int64(i)))
	}
	for i := range m.Shape {
		with = append(with, l.extract(src, l.i64(), 4, int64(i)))
	}
	l.r.ReplaceOp(op, with)
	return true
}

func lowerTranspose(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	tr, _ := memref.AsTransposeOp(op)
	m, ok := tr.In().Type().(*ir.MemRefType)
	if !ok || !isDescriptor(operands[0]) {
		return false
	}
	pa, ok := tr.Permutation().(*ir.AffineMapAttr)
	if !ok {
		return false
	}
	if !pa.Map.IsPermutation() || pa.Map.NumDims != len(m.Shape) {
		return false
	}
	perm := make([]int, len(m.Shape))
	for i, e := range pa.Map.Results {
		perm[i] = e.Position()
	}
	src := operands[0]
	if len(m.Shape) == 0 {
		l.r.ReplaceOp(op, []ir.Value{src})
		return true
	}
	fields := src.Type().(*llvm.StructType).Fields
	d := llvmcommon.Poison(l.r, l.loc, src.Type())
	d = l.insert(d, l.extract(src, fields[0], 0), 0)
	d = l.insert(d, l.extract(src, fields[1], 1), 1)
	d = l.insert(d, l.extract(src, l.i64(), 2), 2)
	for to, from := range perm {
		d = l.insert(d, l.extract(src, l.i64(), 3, int64(from)), 3, int64(to))
		d = l.insert(d, l.extract(src, l.i64(), 4, int64(from)), 4, int64(to))
	}
	l.r.ReplaceOp(op, []ir.Value{d})
	return true
}

// atomicBinOps maps memref.atomic_rmw kinds (arith::AtomicRMWKind) to
// llvm.atomicrmw operations (LLVM::AtomicBinOp); mulf and muli have none.
var atomicBinOps = map[uint64]llvm.AtomicBinOp{
	0: llvm.AtomicBinOpFadd, 1: llvm.AtomicBinOpAdd, 2: llvm.AtomicBinOpAnd, 3: llvm.AtomicBinOpXchg,
	4: llvm.AtomicBinOpFmaximum, 5: llvm.AtomicBinOpFmax, 6: llvm.AtomicBinOpMax, 7: llvm.AtomicBinOpUmax,
	8: llvm.AtomicBinOpFminimum, 9: llvm.AtomicBinOpFmin, 10: llvm.AtomicBinOpMin, 11: llvm.AtomicBinOpUmin,
	14: llvm.AtomicBinOpOr, 15: llvm.AtomicBinOpXor,
}

func lowerAtomicRMW(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	rmw, _ := memref.AsAtomicRmwOp(op)
	m, _, ok := ranked(l.tc, rmw.Memref().Type())
	if !ok || !isDescriptor(operands[1]) {
		return false
	}
	k, ok := rmw.KindAttr().(*ir.IntegerAttr)
	if !ok {
		return false
	}
	bin, ok := atomicBinOps[k.Lo]
	if !ok {
		return false
	}
	ctx := l.ctx()
	elem := l.tc.Convert(m.Elem)
	p := l.stridedPtr(m, operands[1], operands[2:], elem, false)
	v := l.value("llvm.atomicrmw", []ir.Value{p, operands[0]}, operands[0].Type(),
		ir.NamedAttr{Name: "bin_op", Value: ctx.IntegerAttr(ctx.I(64), int64(bin))},
		ir.NamedAttr{Name: "ordering", Value: ctx.IntegerAttr(ctx.I(64), int64(llvm.AtomicOrderingAcqRel))})
	l.r.ReplaceOp(op, []ir.Value{v})
	return true
}

// contiguous reports whether m has the identity layout (upstream's test
// for a copy by memcpy also accepts strided layouts that are contiguous).
func contiguous(m *ir.MemRefType) bool {
	strides, offset, ok := llvmcommon.StridesAndOffset(m)
	if !ok || offset == ir.Dynamic {
		return false
	}
	if m.Layout == nil {
		return true
	}
	want := int64(1)
	for i := len(m.Shape) - 1; i >= 0; i-- {
		if m.Shape[i] == 1 {
			continue
		}
		if strides[i] != want || m.Shape[i] == ir.Dynamic {
			return false
		}
		want *= m.Shape[i]
	}
	return true
}

func lowerCopy(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	sm, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	tm, ok2 := op.Operand(1).Type().(*ir.MemRefType)
	for i, ok := range []bool{ok1, ok2} {
		if !isDescriptor(operands[i]) || (!ok && !isUnranked(op.Operand(i), operands[i])) {
			return false
		}
	}
	ctx := l.ctx()
	var elemT ir.Type
	switch t := op.Operand(0).Type().(type) {
	case *ir.MemRefType:
		elemT = t.Elem
	case *ir.UnrankedMemRefType:
		elemT = t.Elem
	}
	elem := l.tc.Convert(elemT)
	if ok1 && ok2 && contiguous(sm) && contiguous(tm) {
		n := l.index(1)
		for i := range sm.Shape {
			n = l.binary("llvm.mul", n, l.extract(operands[0], l.i64(), 3, int64(i)), false)
		}
		size := l.binary("llvm.mul", n, l.sizeOf(elem), false)
		ptrAt := func(d ir.Value) ir.Value {
			f := d.Type().(*llvm.StructType).Fields
			p := l.extract(d, f[1], 1)
			off := l.extract(d, l.i64(), 2)
			return l.gep(p, elem, []int64{ir.Dynamic}, []ir.Value{off}, false)
		}
		src := ptrAt(operands[0])
		dst := ptrAt(operands[1])
		l.create("llvm.intr.memcpy", []ir.Value{dst, src, size}, nil, ir.NamedAttr{Name: "isVolatile", Value: ctx.IntegerAttr(ctx.I(1), 0)})
		l.r.ReplaceOp(op, nil)
		return true
	}
	ptr := l.ptr(0)
	llvmcommon.DeclareFunc(l.r, op, "memrefCopy", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{l.i64(), ptr, ptr}, false))
	sp := l.value("llvm.intr.stacksave", nil, ptr)
	su, tu := operands[0], operands[1]
	if ok1 {
		su = l.unrankedI64First(operands[0], len(sm.Shape))
	}
	if ok2 {
		tu = l.unrankedI64First(operands[1], len(tm.Shape))
	}
	one := l.index(1)
	ut := su.Type()
	s := l.value("llvm.alloca", []ir.Value{one}, ptr, ir.NamedAttr{Name: "elem_type", Value: ctx.TypeAttr(ut)})
	l.store(su, s)
	t := l.value("llvm.alloca", []ir.Value{one}, ptr, ir.NamedAttr{Name: "elem_type", Value: ctx.TypeAttr(ut)})
	l.store(tu, t)
	size := l.sizeOf(elem)
	l.call("memrefCopy", []ir.Value{size, s, t}, nil)
	l.create("llvm.intr.stackrestore", []ir.Value{sp}, nil)
	l.r.ReplaceOp(op, nil)
	return true
}

// unrankedI64First is the unranked descriptor memref.copy makes: the rank
// constant (an i64) comes before the stack slot.
func (l *lowering) unrankedI64First(desc ir.Value, rank int) ir.Value {
	rv := l.i64Const(int64(rank))
	p := l.promote(desc)
	u := llvmcommon.Poison(l.r, l.loc, llvmcommon.UnrankedDescriptorType(l.ctx(), 0))
	u = l.insert(u, rv, 0)
	return l.insert(u, p, 1)
}

func callProps(ctx *ir.Context, callee string, nargs int) []ir.NamedAttr {
	return []ir.NamedAttr{
		{Name: "callee", Value: ctx.SymbolRefAttr(callee, nil)},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(nargs), 0)},
		{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
	}
}

// castFolding are the operations whose folder (upstream's
// foldMemRefCast) reads through a memref.cast of a ranked memref.
var castFolding = map[string]bool{
	"memref.cast": true, "memref.load": true, "memref.store": true, "memref.copy": true,
	"memref.dealloc": true, "memref.dim": true, "memref.transpose": true,
}

// foldCasts applies upstream's folders before the conversion, as MLIR's
// driver folds an operation before it rewrites it: an operand that is a
// memref.cast of a ranked memref becomes the cast's source, and a cast
// between equal types is its source.
func foldCasts(op *ir.Operation) {
	var ops []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if castFolding[o.Name()] {
			ops = append(ops, o)
		}
		return true
	})
	for _, o := range ops {
		for i := 0; i < o.NumOperands(); i++ {
			in, ok := memref.AsCastOp(ir.DefiningOp(o.Operand(i)))
			if !ok {
				continue
			}
			if _, ok := in.Source().Type().(*ir.MemRefType); ok {
				o.SetOperand(i, in.Source())
			}
		}
		if c, ok := memref.AsCastOp(o); ok && c.Source().Type() == c.Dest().Type() {
			ir.ReplaceAllUsesWith(c.Dest(), c.Source())
			o.Erase()
		}
	}
}

// Run converts the memref operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	foldCasts(op)
	if err := lowerAllocaScopes(ctx, op); err != nil {
		return err
	}
	tc := llvmcommon.NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddIllegalOp("memref.alloc", "memref.alloca", "memref.dealloc", "memref.load", "memref.store",
		"memref.dim", "memref.global", "memref.get_global", "memref.cast", "memref.reinterpret_cast",
		"memref.extract_strided_metadata", "memref.transpose", "memref.copy", "memref.atomic_rmw",
		"memref.rank", "memref.view", "memref.assume_alignment",
		"memref.extract_aligned_pointer_as_index", "memref.prefetch",
		"memref.memory_space_cast")
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}

// StridedElementPtr is upstream's getStridedElementPtr without wrap flags,
// as the lowerings of other dialects call it: the address of the element
// of the memref of type m at indices, from its converted descriptor desc
// (the aligned pointer, moved by the layout's offset, indexed by the sum
// of index*stride with plain llvm.mul, llvm.add and llvm.getelementptr).
// m must have a strided layout and an integer memory space.
func StridedElementPtr(r *rewrite.ConversionRewriter, loc ir.Location, tc *rewrite.TypeConverter, m *ir.MemRefType, desc ir.Value, indices []ir.Value) ir.Value {
	l := &lowering{r: r, loc: loc, tc: tc}
	return l.stridedPtr(m, desc, indices, tc.Convert(m.Elem), false)
}

// StaticDescriptor is upstream's getMemRefDescriptorSizes followed by
// createMemRefDescriptor for a memref type of static shape and identity
// layout: the descriptor of the buffer at the given pointers (its size in
// bytes is computed too, as upstream does, and left unused).
func StaticDescriptor(r *rewrite.ConversionRewriter, loc ir.Location, tc *rewrite.TypeConverter, m *ir.MemRefType, allocated, aligned ir.Value) ir.Value {
	l := &lowering{r: r, loc: loc, tc: tc}
	szs, strs, _ := l.sizes(m, nil, tc.Convert(m.Elem), true)
	return l.descriptor(tc.Convert(m), allocated, aligned, nil, szs, strs)
}

// AllocSizes is upstream's getMemRefDescriptorSizes, as the allocations
// of other dialects call it: the sizes of the memref type m (dynamic ones
// from dyn), the strides of its identity layout and its size in bytes.
func AllocSizes(r *rewrite.ConversionRewriter, loc ir.Location, tc *rewrite.TypeConverter, m *ir.MemRefType, dyn []ir.Value) (sizes, strides []ir.Value, bytes ir.Value) {
	l := &lowering{r: r, loc: loc, tc: tc}
	return l.sizes(m, dyn, tc.Convert(m.Elem), true)
}

// Descriptor is upstream's createMemRefDescriptor: the ranked descriptor
// of type dt of a buffer at the given pointers, with offset 0 and the
// given sizes and strides.
func Descriptor(r *rewrite.ConversionRewriter, loc ir.Location, dt ir.Type, allocated, aligned ir.Value, sizes, strides []ir.Value) ir.Value {
	l := &lowering{r: r, loc: loc}
	return l.descriptor(dt, allocated, aligned, nil, sizes, strides)
}
