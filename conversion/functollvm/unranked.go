package functollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

// copyUnranked is upstream's copyUnrankedDescriptors: the ranked
// descriptors that the unranked memrefs among vals (those whose original
// type, in types, is unranked) point to are copied to the heap (toHeap,
// when a function returns them: the callee's stack slots die) or from the
// heap to the stack, freeing the heap copies (at the call), one after the
// other.
func copyUnranked(r *rewrite.ConversionRewriter, op *ir.Operation, loc ir.Location, vals []ir.Value, types []ir.Type, toHeap bool) []ir.Value {
	var at []int
	for i, t := range types {
		if _, ok := t.(*ir.UnrankedMemRefType); ok {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return vals
	}
	vals = append([]ir.Value(nil), vals...)
	ctx := r.Builder.Ctx
	i64 := ctx.I(llvmcommon.IndexBitwidth)
	ptr := llvm.Ptr(ctx, 0)
	bin := func(name string, a, b ir.Value) ir.Value {
		return llvmcommon.Create(r, name, loc, []ir.Value{a, b}, []ir.Type{i64}, nil).Result(0)
	}
	if toHeap {
		llvmcommon.DeclareFunc(r, op, "malloc", llvm.Func(ctx, ptr, []ir.Type{i64}, false))
	} else {
		llvmcommon.DeclareFunc(r, op, "free", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{ptr}, false))
	}
	for _, i := range at {
		d := vals[i]
		one := llvmcommon.Const(r, loc, 1)
		two := llvmcommon.Const(r, loc, 2)
		indexSize := llvmcommon.Const(r, loc, llvmcommon.IndexBitwidth/8)
		pointerSize := llvmcommon.Const(r, loc, 8)
		doublePointerSize := bin("llvm.mul", two, pointerSize)
		rank := llvmcommon.Extract(r, loc, d, i64, 0)
		doubleRank := bin("llvm.mul", two, rank)
		inc := bin("llvm.add", doubleRank, one)
		rankIndexSize := bin("llvm.mul", inc, indexSize)
		size := bin("llvm.add", doublePointerSize, rankIndexSize)
		var mem ir.Value
		if toHeap {
			mem = call(r, loc, "malloc", []ir.Value{size}, ptr)
		} else {
			mem = llvmcommon.Create(r, "llvm.alloca", loc, []ir.Value{size}, []ir.Type{ptr},
				[]ir.NamedAttr{{Name: "elem_type", Value: ctx.TypeAttr(ctx.I(8))}}).Result(0)
		}
		src := llvmcommon.Extract(r, loc, d, ptr, 1)
		llvmcommon.Create(r, "llvm.intr.memcpy", loc, []ir.Value{mem, src, size}, nil,
			[]ir.NamedAttr{{Name: "isVolatile", Value: ctx.IntegerAttr(ctx.I(1), 0)}})
		if !toHeap {
			call(r, loc, "free", []ir.Value{src}, nil)
		}
		out := llvmcommon.Poison(r, loc, d.Type())
		out = llvmcommon.Insert(r, loc, out, llvmcommon.Extract(r, loc, d, i64, 0), 0)
		vals[i] = llvmcommon.Insert(r, loc, out, mem, 1)
	}
	return vals
}

func call(r *rewrite.ConversionRewriter, loc ir.Location, callee string, args []ir.Value, result ir.Type) ir.Value {
	ctx := r.Builder.Ctx
	var res []ir.Type
	if result != nil {
		res = []ir.Type{result}
	}
	n := llvmcommon.Create(r, "llvm.call", loc, args, res, []ir.NamedAttr{
		{Name: "callee", Value: ctx.SymbolRefAttr(callee, nil)},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(len(args)), 0)},
		{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
	})
	if result == nil {
		return nil
	}
	return n.Result(0)
}
