package memreftollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/memref"
)

// lowerAllocaScopes inlines every memref.alloca_scope nested in root as
// upstream's AllocaScopeOpLowering does: the block is split at the scope,
// llvm.intr.stacksave and a branch enter the inlined body, and its
// memref.alloca_scope.return becomes llvm.intr.stackrestore and a branch
// to a block whose arguments replace the results (and which branches on
// to the rest of the block). The body's operations are converted after.
func lowerAllocaScopes(ctx *ir.Context, root *ir.Operation) error {
	var work []*ir.Operation
	root.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.Name() == memref.AllocaScopeOpName && o != root {
			work = append(work, o)
		}
		return true
	})
	for _, op := range work {
		if p := op.ParentOp(); p != nil && p.HasTrait(ir.SingleBlock) {
			return ir.NewError(op.Loc(), "failed to legalize operation 'memref.alloca_scope' inside '"+p.Name()+"'")
		}
		loc := op.Loc()
		current := op.Block()
		region := current.Parent()
		remaining := ir.NewBlock()
		region.InsertBefore(current.Next(), remaining)
		for o := op.Next(); o != nil; {
			next := o.Next()
			o.Remove()
			remaining.Append(o)
			o = next
		}
		b := ir.NewBuilder(ctx)
		cont := remaining
		var results []ir.Value
		if op.NumResults() > 0 {
			cont = ir.NewBlock()
			for _, t := range op.ResultTypes() {
				results = append(results, cont.AddArgument(t, loc))
			}
			region.InsertBefore(remaining, cont)
			b.SetInsertionPointToEnd(cont)
			branch(b, loc, remaining, nil)
		}
		body := op.Region(0)
		first, last := body.First(), body.Last()
		for _, blk := range body.Blocks() {
			body.Remove(blk)
			region.InsertBefore(cont, blk)
		}
		op.Remove()
		ptr := llvm.Ptr(ctx, 0)
		b.SetInsertionPointToEnd(current)
		save := b.Create(&ir.OperationState{Name: ctx.OpName("llvm.intr.stacksave"), Loc: loc, ResultTypes: []ir.Type{ptr}}).Result(0)
		branch(b, loc, first, nil)
		ret := last.Terminator()
		b.SetInsertionPoint(ret)
		b.Create(&ir.OperationState{Name: ctx.OpName("llvm.intr.stackrestore"), Loc: loc, Operands: []ir.Value{save}})
		branch(b, loc, cont, ret.Operands())
		ret.Erase()
		for i, r := range op.Results() {
			ir.ReplaceAllUsesWith(r, results[i])
		}
		op.Erase()
	}
	return nil
}

func branch(b *ir.Builder, loc ir.Location, dest *ir.Block, args []ir.Value) {
	b.Create(&ir.OperationState{Name: b.Ctx.OpName("llvm.br"), Loc: loc, Operands: args, Successors: []*ir.Block{dest}})
}

// lowerRank is memref.rank: the rank field of an unranked descriptor, a
// constant for a ranked memref.
func lowerRank(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	var v ir.Value
	switch t := op.Operand(0).Type().(type) {
	case *ir.MemRefType:
		v = l.index(int64(len(t.Shape)))
	case *ir.UnrankedMemRefType:
		if !isUnranked(op.Operand(0), operands[0]) {
			return false
		}
		v = l.extract(operands[0], l.i64(), 0)
	default:
		return false
	}
	l.r.ReplaceOp(op, []ir.Value{v})
	return true
}

// lowerView is upstream's ViewOpLowering: a descriptor of the source's
// allocated pointer, its aligned pointer moved by the byte shift, offset
// 0, and the sizes (dynamic ones from the operands) and strides of the
// result type, a dynamic stride being the product of the inner sizes.
func lowerView(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	src, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || !isDescriptor(operands[0]) {
		return false
	}
	res, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	descTy, ok := l.tc.Convert(res).(*llvm.StructType)
	if !ok {
		return false
	}
	strides, offset, ok := llvmcommon.StridesAndOffset(res)
	if !ok || offset != 0 {
		return false
	}
	source := operands[0]
	fields := source.Type().(*llvm.StructType).Fields
	shift, sizes := operands[1], operands[2:]
	d := llvmcommon.Poison(l.r, l.loc, descTy)
	d = l.insert(d, l.extract(source, fields[0], 0), 0)
	aligned := l.extract(source, fields[1], 1)
	aligned = l.gep(aligned, l.tc.Convert(src.Elem), []int64{ir.Dynamic}, []ir.Value{shift}, false)
	d = l.insert(d, aligned, 1)
	d = l.insert(d, l.index(0), 2)
	var stride, nextSize ir.Value
	for i := len(res.Shape) - 1; i >= 0; i-- {
		var size ir.Value
		if res.Shape[i] == ir.Dynamic {
			n := 0
			for _, s := range res.Shape[:i] {
				if s == ir.Dynamic {
					n++
				}
			}
			if n >= len(sizes) {
				return false
			}
			size = sizes[n]
		} else {
			size = l.index(res.Shape[i])
		}
		d = l.insert(d, size, 3, int64(i))
		switch {
		case strides[i] != ir.Dynamic:
			stride = l.index(strides[i])
		case nextSize != nil && stride != nil:
			stride = l.binary("llvm.mul", stride, nextSize, false)
		case nextSize != nil:
			stride = nextSize
		default:
			stride = l.index(1)
		}
		d = l.insert(d, stride, 4, int64(i))
		nextSize = size
	}
	l.r.ReplaceOp(op, []ir.Value{d})
	return true
}

// lowerAssumeAlignment is upstream's AssumeAlignmentOpLowering:
// llvm.intr.assume of true with an "align" bundle of the memref's buffer
// pointer and the alignment; the result is the operand.
func lowerAssumeAlignment(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || !isDescriptor(operands[0]) {
		return false
	}
	align, ok := op.InherentAttr("alignment").(*ir.IntegerAttr)
	if !ok {
		return false
	}
	ctx := l.ctx()
	ptr := l.elementPtr(m, operands[0], nil, l.tc.Convert(m.Elem))
	cond := l.value("llvm.mlir.constant", nil, ctx.I(1), ir.NamedAttr{Name: "value", Value: ctx.Bool(true)})
	n := l.index(align.Int64())
	l.create("llvm.intr.assume", []ir.Value{cond, ptr, n}, nil,
		ir.NamedAttr{Name: "op_bundle_sizes", Value: ctx.DenseI32Array(2)},
		ir.NamedAttr{Name: "op_bundle_tags", Value: ctx.ArrayAttr([]ir.Attribute{ctx.StringAttr("align", nil)})})
	l.r.ReplaceOp(op, []ir.Value{op.Operand(0)})
	return true
}

// lowerExtractAlignedPointer is memref.extract_aligned_pointer_as_index
// of a ranked memref: the aligned pointer as an integer.
func lowerExtractAlignedPointer(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || !isDescriptor(operands[0]) {
		return false
	}
	// The descriptor's pointer type, in the address space the memory
	// space converted to.
	var pt ir.Type
	if st, ok := operands[0].Type().(*llvm.StructType); ok && len(st.Fields) > 1 {
		pt = st.Fields[1]
	} else {
		as, _ := llvmcommon.AddressSpace(m.MemorySpace)
		pt = l.ptr(as)
	}
	p := l.extract(operands[0], pt, 1)
	l.r.ReplaceOp(op, []ir.Value{l.value("llvm.ptrtoint", []ir.Value{p}, l.i64())})
	return true
}

// lowerPrefetch is upstream's PrefetchOpLowering: llvm.intr.prefetch of
// the element's address (a GEP without inbounds) with the read/write,
// locality and data/instruction cache operands.
func lowerPrefetch(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || !isDescriptor(operands[0]) {
		return false
	}
	hint, ok := op.InherentAttr("localityHint").(*ir.IntegerAttr)
	if !ok {
		return false
	}
	flag := func(name string) int64 {
		if a, ok := op.InherentAttr(name).(*ir.IntegerAttr); ok && a.Int64() != 0 {
			return 1
		}
		return 0
	}
	ctx := l.ctx()
	i32 := ctx.I(32)
	p := l.stridedPtr(m, operands[0], operands[1:], l.tc.Convert(m.Elem), false)
	l.create("llvm.intr.prefetch", []ir.Value{p}, nil,
		ir.NamedAttr{Name: "cache", Value: ctx.IntegerAttr(i32, flag("isDataCache"))},
		ir.NamedAttr{Name: "hint", Value: ctx.IntegerAttr(i32, hint.Int64())},
		ir.NamedAttr{Name: "rw", Value: ctx.IntegerAttr(i32, flag("isWrite"))})
	l.r.ReplaceOp(op, nil)
	return true
}

// lowerMemorySpaceCast is memref.memory_space_cast of a ranked memref:
// the descriptor's fields, the two pointers through llvm.addrspacecast,
// packed into the result's descriptor.
func lowerMemorySpaceCast(l *lowering, op *ir.Operation, operands []ir.Value) bool {
	if _, ok := op.Operand(0).Type().(*ir.MemRefType); !ok || !isDescriptor(operands[0]) {
		return false
	}
	res, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	descTy, ok := l.tc.Convert(res).(*llvm.StructType)
	if !ok {
		return false
	}
	as, ok := llvmcommon.AddressSpace(res.MemorySpace)
	if !ok {
		return false
	}
	fields := llvmcommon.Unpack(l.r, l.loc, operands[0])
	fields[0] = l.value("llvm.addrspacecast", []ir.Value{fields[0]}, l.ptr(as))
	fields[1] = l.value("llvm.addrspacecast", []ir.Value{fields[1]}, l.ptr(as))
	l.r.ReplaceOp(op, []ir.Value{llvmcommon.Pack(l.r, l.loc, descTy, fields)})
	return true
}
