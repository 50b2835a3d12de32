package llvmcommon

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

// ConvertVector is MLIR's LLVMTypeConverter on vector types: a 1-D vector
// keeps its shape with its element type converted, an n-D one becomes
// nested `!llvm.array`s of 1-D vectors of its innermost dimension
// (`vector<2x3xf32>` is `!llvm.array<2 x vector<3xf32>>`). It returns nil
// A 0-D vector becomes a 1-D vector of one element (`vector<f32>` is
// `vector<1xf32>`). It returns nil (no conversion) for a vector scalable
// in a dimension other than the last (LLVM has no scalable arrays), for
// an element type that does not convert to an LLVM-compatible one, and
// for a 1-D vector that needs no conversion.
func ConvertVector(ctx *ir.Context, tc *rewrite.TypeConverter, v *ir.VectorType) ir.Type {
	elem := tc.Convert(v.Elem)
	if !llvm.IsCompatibleType(elem) {
		return nil
	}
	if _, ok := elem.(*ir.VectorType); ok {
		return nil
	}
	if len(v.Shape) == 0 {
		return ctx.VectorType([]int64{1}, nil, elem)
	}
	last := len(v.Shape) - 1
	var sc []bool
	if len(v.Scalable) > 0 {
		for _, s := range v.Scalable[:last] {
			if s {
				return nil
			}
		}
		if v.Scalable[last] {
			sc = []bool{true}
		}
	}
	if len(v.Shape) == 1 && elem == v.Elem {
		return nil
	}
	var t ir.Type = ctx.VectorType([]int64{v.Shape[last]}, sc, elem)
	for i := last - 1; i >= 0; i-- {
		t = llvm.Array(ctx, uint64(v.Shape[i]), t)
	}
	return t
}

// IsCompatible reports whether t is a type the llvm dialect operates on:
// llvm.IsCompatibleType, with vectors of rank 1 only (an n-D builtin
// vector must be converted to arrays first).
func IsCompatible(t ir.Type) bool {
	for {
		switch x := t.(type) {
		case *ir.VectorType:
			return len(x.Shape) == 1 && llvm.IsCompatibleType(x.Elem)
		case *llvm.ArrayType:
			t = x.Elem
			continue
		}
		return llvm.IsCompatibleType(t)
	}
}

// NDVectorInfo describes the LLVM form of an n-D vector: the sizes of its
// nested arrays, outermost first, and the 1-D vector type at their leaves.
type NDVectorInfo struct {
	// Type is the converted n-D vector type (nested arrays).
	Type ir.Type
	// ArraySizes are the lengths of the nested arrays, outermost first.
	ArraySizes []int64
	// Vector1D is the 1-D vector type the arrays hold.
	Vector1D ir.Type
}

// NDVectorTypeInfo returns the LLVM form of the n-D vector type v under tc
// (upstream's extractNDVectorTypeInfo), and false when v does not convert
// to arrays of 1-D vectors.
func NDVectorTypeInfo(tc *rewrite.TypeConverter, v *ir.VectorType) (NDVectorInfo, bool) {
	info := NDVectorInfo{Type: tc.Convert(v)}
	t := info.Type
	for {
		a, ok := t.(*llvm.ArrayType)
		if !ok {
			break
		}
		info.ArraySizes = append(info.ArraySizes, int64(a.Len))
		t = a.Elem
	}
	vt, ok := t.(*ir.VectorType)
	if len(info.ArraySizes) == 0 || !ok || len(vt.Shape) != 1 || !llvm.IsCompatibleType(vt.Elem) {
		return info, false
	}
	info.Vector1D = vt
	return info, true
}

// leafAt returns the type at depth levels of nested arrays inside t, or
// nil.
func leafAt(t ir.Type, depth int) ir.Type {
	for i := 0; i < depth; i++ {
		a, ok := t.(*llvm.ArrayType)
		if !ok {
			return nil
		}
		t = a.Elem
	}
	return t
}

// UnrollNDVector is upstream's handleMultidimensionalVectors: op, whose
// first result is an n-D vector, is computed one 1-D vector at a time.
// For every position of the outer dimensions, in row-major order, each of
// operands (values of converted types, nested arrays of the same outer
// shape) is read with llvm.extractvalue, build makes the 1-D result from
// them (given the 1-D result type), and llvm.insertvalue places it into an
// llvm.mlir.poison of the converted result type, which replaces op. It
// returns false, changing nothing, when the result or an operand is not of
// that form.
func UnrollNDVector(r *rewrite.ConversionRewriter, op *ir.Operation, operands []ir.Value, tc *rewrite.TypeConverter,
	build func(vector1D ir.Type, operands []ir.Value) ir.Value) bool {
	if op.NumResults() == 0 {
		return false
	}
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(vt.Shape) < 2 {
		return false
	}
	info, ok := NDVectorTypeInfo(tc, vt)
	if !ok {
		return false
	}
	depth := len(info.ArraySizes)
	leaves := make([]ir.Type, len(operands))
	for i, v := range operands {
		outer := v.Type()
		for d := 0; d < depth; d++ {
			a, ok := outer.(*llvm.ArrayType)
			if !ok || int64(a.Len) != info.ArraySizes[d] {
				return false
			}
			outer = a.Elem
		}
		leaves[i] = leafAt(v.Type(), depth)
		if leaves[i] == nil {
			return false
		}
	}
	loc := op.Loc()
	desc := Poison(r, loc, info.Type)
	ForEachPosition(info.ArraySizes, func(pos []int64) {
		parts := make([]ir.Value, len(operands))
		for i, v := range operands {
			parts[i] = Extract(r, loc, v, leaves[i], pos...)
		}
		desc = Insert(r, loc, desc, build(info.Vector1D, parts), pos...)
	})
	r.ReplaceOp(op, []ir.Value{desc})
	return true
}

// ForEachPosition calls fn with every position of nested arrays of the
// given sizes, in row-major order (the last index varies fastest); fn
// must not keep pos.
func ForEachPosition(sizes []int64, fn func(pos []int64)) {
	total := int64(1)
	for _, s := range sizes {
		total *= s
	}
	pos := make([]int64, len(sizes))
	for linear := int64(0); linear < total; linear++ {
		rest := linear
		for d := len(sizes) - 1; d >= 0; d-- {
			pos[d] = rest % sizes[d]
			rest /= sizes[d]
		}
		fn(pos)
	}
}

// VectorOneToOne is upstream's vectorOneToOneRewrite: op becomes the llvm
// operation name with the same operands and properties props; when the
// first operand is an n-D vector (nested arrays), the operation is
// unrolled over the outer dimensions with UnrollNDVector. It returns false
// when an operand is not of an LLVM-compatible type or the result type
// does not convert to one.
func VectorOneToOne(r *rewrite.ConversionRewriter, op *ir.Operation, name string, operands []ir.Value, props []ir.NamedAttr,
	tc *rewrite.TypeConverter) bool {
	if len(operands) == 0 || op.NumResults() != 1 {
		return false
	}
	for _, v := range operands {
		if !IsCompatible(v.Type()) {
			return false
		}
	}
	if _, nd := operands[0].Type().(*llvm.ArrayType); nd {
		return UnrollNDVector(r, op, operands, tc, func(t ir.Type, parts []ir.Value) ir.Value {
			return Create(r, name, op.Loc(), parts, []ir.Type{t}, props).Result(0)
		})
	}
	rt := tc.Convert(op.Result(0).Type())
	if !IsCompatible(rt) {
		return false
	}
	r.ReplaceOp(op, []ir.Value{Create(r, name, op.Loc(), operands, []ir.Type{rt}, props).Result(0)})
	return true
}
