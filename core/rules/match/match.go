// Package match holds the run-time helpers that rewrite patterns generated
// from rules files (see package rules and docs/rewrite-rules.md) call to
// match constants, attributes and types and to build operations.
package match

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// Constant returns the value of the constant-like operation that defines
// v (MLIR's m_Constant).
func Constant(v ir.Value) (ir.Attribute, bool) {
	def := ir.DefiningOp(v)
	if def == nil {
		return nil, false
	}
	return rewrite.ConstantValue(def)
}

// intBits returns the bit pattern and width of an integer attribute, or of
// the splat element of a dense integer attribute.
func intBits(a ir.Attribute) (lo uint64, hi *big.Int, width int, ok bool) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return a.Lo, a.Big, ir.IntOrFloatBitWidth(a.Type), true
	case *ir.DenseElementsAttr:
		if !a.Splat {
			return 0, nil, 0, false
		}
		et := a.Type.ElementType()
		switch et.(type) {
		case *ir.IntegerType, *ir.IndexType:
		default:
			return 0, nil, 0, false
		}
		w := ir.IntOrFloatBitWidth(et)
		n := (w + 7) / 8
		if len(a.Data) < n {
			return 0, nil, 0, false
		}
		if w > 64 {
			le := make([]byte, n)
			for i := range le {
				le[i] = a.Data[n-1-i]
			}
			return 0, new(big.Int).SetBytes(le), w, true
		}
		var v uint64
		for i := n - 1; i >= 0; i-- {
			v = v<<8 | uint64(a.Data[i])
		}
		if w < 64 {
			v &= 1<<uint(w) - 1
		}
		return v, nil, w, true
	}
	return 0, nil, 0, false
}

// IsInt reports whether a is an integer attribute, or a splat of integer
// elements, equal to v truncated to its width (so -1 is all ones).
func IsInt(a ir.Attribute, v int64) bool {
	lo, hi, w, ok := intBits(a)
	if !ok {
		return false
	}
	if hi != nil || w > 64 {
		want := big.NewInt(v)
		if v < 0 {
			want.Add(want, new(big.Int).Lsh(big.NewInt(1), uint(w)))
		}
		if hi == nil {
			return new(big.Int).SetUint64(lo).Cmp(want) == 0
		}
		return hi.Cmp(want) == 0
	}
	u := uint64(v)
	if w < 64 && w >= 0 {
		u &= 1<<uint(w) - 1
	}
	return lo == u
}

// IsBool reports whether a is the scalar i1 attribute b.
func IsBool(a ir.Attribute, b bool) bool {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return false
	}
	it, ok := ia.Type.(*ir.IntegerType)
	if !ok || it.Width != 1 {
		return false
	}
	return (ia.Lo != 0) == b
}

// AttrIs reports whether a is of the attribute kind named in a rules file:
// int (an integer attribute), float, dense (dense elements), splat (an
// integer or splat integer constant) or typed (any typed attribute).
func AttrIs(a ir.Attribute, kind string) bool {
	switch kind {
	case "int":
		_, ok := a.(*ir.IntegerAttr)
		return ok
	case "float":
		_, ok := a.(*ir.FloatAttr)
		return ok
	case "dense":
		_, ok := a.(*ir.DenseElementsAttr)
		return ok
	case "splat":
		_, _, _, ok := intBits(a)
		return ok
	case "typed":
		_, ok := a.(ir.TypedAttr)
		return ok
	}
	return false
}

// AttrKinds are the attribute kinds AttrIs knows.
var AttrKinds = []string{"int", "float", "dense", "splat", "typed"}

// TypeKinds are the type kinds TypeIs knows, besides iN for any width N.
var TypeKinds = []string{"int", "index", "intlike", "float", "floatlike", "vector", "tensor", "shaped"}

// TypeIs reports whether t is of the kind named in a rules file: iN (a
// signless integer of width N), int (any integer type), index, intlike
// (integer or index, or a vector or tensor of them), float, floatlike,
// vector, tensor or shaped.
func TypeIs(t ir.Type, kind string) bool {
	switch kind {
	case "int":
		_, ok := t.(*ir.IntegerType)
		return ok
	case "index":
		_, ok := t.(*ir.IndexType)
		return ok
	case "float":
		_, ok := t.(*ir.FloatType)
		return ok
	case "intlike":
		switch ElementType(t).(type) {
		case *ir.IntegerType, *ir.IndexType:
			return true
		}
		return false
	case "floatlike":
		_, ok := ElementType(t).(*ir.FloatType)
		return ok
	case "vector":
		_, ok := t.(*ir.VectorType)
		return ok
	case "tensor":
		switch t.(type) {
		case *ir.RankedTensorType, *ir.UnrankedTensorType:
			return true
		}
		return false
	case "shaped":
		_, ok := t.(ir.ShapedType)
		return ok
	}
	if w, ok := IntKindWidth(kind); ok {
		it, isInt := t.(*ir.IntegerType)
		return isInt && it.Signedness == ir.Signless && int(it.Width) == w
	}
	return false
}

// IntKindWidth parses a type kind of the form iN.
func IntKindWidth(kind string) (int, bool) {
	if !strings.HasPrefix(kind, "i") {
		return 0, false
	}
	w, err := strconv.Atoi(kind[1:])
	return w, err == nil && w > 0 && kind[1] != '0'
}

// ElementType returns the element type of a shaped type, or t itself.
func ElementType(t ir.Type) ir.Type {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ElementType()
	}
	return t
}

// AttrType returns the type of a typed attribute, or nil.
func AttrType(a ir.Attribute) ir.Type {
	if ta, ok := a.(ir.TypedAttr); ok {
		return ta.AttrType()
	}
	return nil
}

// ResultType returns the type of op's first result, or nil.
func ResultType(op *ir.Operation) ir.Type {
	if op.NumResults() == 0 {
		return nil
	}
	return op.Result(0).Type()
}

// SameType reports whether two types are equal and not nil.
func SameType(a, b ir.Type) bool { return a != nil && a == b }

// Build creates the operation name at r's insertion point with the given
// operands, result types and properties (for an unregistered operation the
// properties become discardable attributes); properties with nil values
// are left out, so the operation's defaults apply.
func Build(r *rewrite.Rewriter, name string, loc ir.Location, operands []ir.Value, types []ir.Type, props []ir.NamedAttr) *ir.Operation {
	on := r.Ctx.OpName(name)
	st := &ir.OperationState{Name: on, Loc: loc, Operands: operands, ResultTypes: types}
	kept := props[:0]
	for _, p := range props {
		if p.Value != nil {
			kept = append(kept, p)
		}
	}
	if len(kept) > 0 {
		d := r.Ctx.DictionaryAttr(kept)
		if on.Def != nil {
			st.Properties = d
		} else {
			st.Attributes = d
		}
	}
	return r.Create(st)
}
