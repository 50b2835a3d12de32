package arith

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// The verifiers that arith.irdl cannot declare, run after the checks of
// the declarations in the order of MLIR's generated verifiers: predicate
// traits, then native traits (shape compatibility, the cast interface,
// ElementwiseMappable), then the op's own verify().

// castKind says which element types a cast accepts and how their widths
// must compare.
type castKind int

const (
	castIntWider castKind = iota
	castIntNarrower
	castFloatWider
	castFloatNarrower
	castIntToFloat
	castFloatToInt
	castIndex
	castBitcast
)

// The verifiers of the casts, one per kind, named for the hooks of
// arith.irdl.
func verifyIntWider(op *ir.Operation) error      { return verifyCast(op, castIntWider) }
func verifyIntNarrower(op *ir.Operation) error   { return verifyCast(op, castIntNarrower) }
func verifyFloatWider(op *ir.Operation) error    { return verifyCast(op, castFloatWider) }
func verifyFloatNarrower(op *ir.Operation) error { return verifyCast(op, castFloatNarrower) }
func verifyIntToFloat(op *ir.Operation) error    { return verifyCast(op, castIntToFloat) }
func verifyFloatToInt(op *ir.Operation) error    { return verifyCast(op, castFloatToInt) }
func verifyIndexCast(op *ir.Operation) error     { return verifyCast(op, castIndex) }
func verifyBitcast(op *ir.Operation) error       { return verifyCast(op, castBitcast) }

func verifyScalingExt(op *ir.Operation) error   { return verifyScaling(op, true) }
func verifyScalingTrunc(op *ir.Operation) error { return verifyScaling(op, false) }

func typeStr(t ir.Type) string { return asm.TypeString(t) }

// tensorDims is the shape of a tensor type and nil for any other type
// (the SameInputOutputTensorDims predicate).
func tensorDims(t ir.Type) ([]int64, bool) {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return t.Shape, true
	case *ir.UnrankedTensorType:
		return nil, true
	}
	return nil, false
}

func sameDims(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// CompatibleShapes reports whether types have compatible shapes, as
// MLIR's verifyCompatibleShapes: all shaped or none, all scalable vectors
// or none, and equal ranks and static sizes among the ranked ones.
func CompatibleShapes(types []ir.Type) bool {
	shaped := 0
	for _, t := range types {
		if _, ok := t.(ir.ShapedType); ok {
			shaped++
		}
	}
	if shaped == 0 {
		return true
	}
	if shaped != len(types) {
		return false
	}
	scalable, fixed := false, false
	for _, t := range types {
		if v, ok := t.(*ir.VectorType); ok && isScalable(v) {
			scalable = true
		} else {
			fixed = true
		}
	}
	if scalable && fixed {
		return false
	}
	var ranked [][]int64
	for _, t := range types {
		if d, ok := t.(ir.ShapedType).ShapeDims(); ok {
			ranked = append(ranked, d)
		}
	}
	if len(ranked) == 0 {
		return true
	}
	rank := len(ranked[0])
	for _, d := range ranked {
		if len(d) != rank {
			return false
		}
	}
	for i := 0; i < rank; i++ {
		dim := ir.Dynamic
		for _, d := range ranked {
			if d[i] == ir.Dynamic {
				continue
			}
			if dim != ir.Dynamic && dim != d[i] {
				return false
			}
			dim = d[i]
		}
	}
	return true
}

func isScalable(v *ir.VectorType) bool {
	for _, s := range v.Scalable {
		if s {
			return true
		}
	}
	return false
}

// elementOf is the element type of a shaped type, or t itself.
func elementOf(t ir.Type) ir.Type {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ElementType()
	}
	return t
}

// likeOf returns the element type of a scalar, vector or tensor type (not a
// memref) as getTypeIfLike does.
func likeOf(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.VectorType:
		return t.Elem
	case *ir.RankedTensorType:
		return t.Elem
	case *ir.UnrankedTensorType:
		return t.Elem
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return nil
	}
	return t
}

func verifyCast(op *ir.Operation, kind castKind) error {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil
	}
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	di, _ := tensorDims(in)
	do, _ := tensorDims(out)
	if !sameDims(di, do) {
		return ir.OpError(op, "failed to verify that input and output have the same tensor dimensions")
	}
	if !CompatibleShapes([]ir.Type{in, out}) {
		return ir.OpError(op, "requires the same shape for all operands and results")
	}
	if !castCompatible(kind, in, out) {
		return ir.OpError(op, fmt.Sprintf("operand type '%s' and result type '%s' are cast incompatible", typeStr(in), typeStr(out)))
	}
	return VerifyElementwise(op)
}

func intWidth(t ir.Type) (int, bool) {
	it, ok := t.(*ir.IntegerType)
	if !ok {
		return 0, false
	}
	return int(it.Width), true
}

func floatWidth(t ir.Type) (int, bool) {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return 0, false
	}
	return ft.Width(), true
}

// sameShapedKind reports whether a and b are both scalars or both shaped
// types of one kind, tensors with the same encoding.
func sameShapedKind(a, b ir.Type) bool {
	_, sa := a.(ir.ShapedType)
	_, sb := b.(ir.ShapedType)
	if !sa || !sb {
		return sa == sb
	}
	switch a := a.(type) {
	case *ir.RankedTensorType:
		b, ok := b.(*ir.RankedTensorType)
		return ok && a.Encoding == b.Encoding
	case *ir.UnrankedTensorType:
		_, ok := b.(*ir.UnrankedTensorType)
		return ok
	case *ir.VectorType:
		_, ok := b.(*ir.VectorType)
		return ok
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		switch b.(type) {
		case *ir.MemRefType, *ir.UnrankedMemRefType:
			return true
		}
	}
	return false
}

// castCompatible is each cast's areCastCompatible.
func castCompatible(kind castKind, in, out ir.Type) bool {
	if !sameShapedKind(in, out) || !CompatibleShapes([]ir.Type{in, out}) {
		return false
	}
	switch kind {
	case castIntWider, castIntNarrower:
		a, ok1 := intWidth(likeOf(in))
		b, ok2 := intWidth(likeOf(out))
		if !ok1 || !ok2 {
			return false
		}
		if kind == castIntWider {
			return b > a
		}
		return b < a
	case castFloatWider, castFloatNarrower:
		a, ok1 := floatWidth(likeOf(in))
		b, ok2 := floatWidth(likeOf(out))
		if !ok1 || !ok2 {
			return false
		}
		if kind == castFloatWider {
			return b > a
		}
		return b < a
	case castIntToFloat:
		_, ok1 := likeOf(in).(*ir.IntegerType)
		_, ok2 := likeOf(out).(*ir.FloatType)
		return ok1 && ok2
	case castFloatToInt:
		_, ok1 := likeOf(in).(*ir.FloatType)
		_, ok2 := likeOf(out).(*ir.IntegerType)
		return ok1 && ok2
	case castIndex:
		a, b := elementOf(in), elementOf(out)
		_, ai := a.(*ir.IndexType)
		_, bi := b.(*ir.IndexType)
		as, bs := isSignless(a), isSignless(b)
		return ai && bs || as && bi
	case castBitcast:
		a, b := elementOf(in), elementOf(out)
		wa, wb := intOrFloatWidth(a), intOrFloatWidth(b)
		return wa > 0 && wa == wb
	}
	return false
}

func isSignless(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Signless
}

func intOrFloatWidth(t ir.Type) int {
	if w, ok := intWidth(t); ok {
		return w
	}
	if w, ok := floatWidth(t); ok {
		return w
	}
	return 0
}

// VerifyElementwise checks MLIR's ElementwiseMappable trait: vector and
// tensor operands and results go together, with one kind of shaped type
// and compatible shapes.
func VerifyElementwise(op *ir.Operation) error {
	mappable := func(t ir.Type) bool {
		switch t.(type) {
		case *ir.VectorType, *ir.RankedTensorType, *ir.UnrankedTensorType:
			return true
		}
		return false
	}
	// Scalar operations, the common case, need no lists.
	scalar := true
	for i := 0; i < op.NumOperands() && scalar; i++ {
		if v := op.Operand(i); v != nil && mappable(v.Type()) {
			scalar = false
		}
	}
	for i := 0; i < op.NumResults() && scalar; i++ {
		if mappable(op.Result(i).Type()) {
			scalar = false
		}
	}
	if scalar {
		return nil
	}
	var ops, res []ir.Type
	for _, t := range op.OperandTypes() {
		if mappable(t) {
			ops = append(ops, t)
		}
	}
	for _, t := range op.ResultTypes() {
		if mappable(t) {
			res = append(res, t)
		}
	}
	if len(ops) == 0 && len(res) == 0 {
		return nil
	}
	if len(ops) == 0 {
		return ir.OpError(op, "if a result is non-scalar, then at least one operand must be non-scalar")
	}
	if len(res) == 0 {
		return ir.OpError(op, "if an operand is non-scalar, then there must be at least one non-scalar result")
	}
	if len(res) != op.NumResults() {
		return ir.OpError(op, "if an operand is non-scalar, then all results must be non-scalar")
	}
	all := append(ops, res...)
	kind := func(t ir.Type) int {
		switch t.(type) {
		case *ir.VectorType:
			return 0
		case *ir.RankedTensorType:
			return 1
		}
		return 2
	}
	for _, t := range all {
		if kind(t) != kind(all[0]) {
			return ir.OpError(op, "all non-scalar operands/results must have the same shape and base type")
		}
	}
	if !CompatibleShapes(all) {
		return ir.OpError(op, "all non-scalar operands/results must have the same shape and base type")
	}
	return nil
}

// verifyConstant is ConstantOp::verify.
func verifyConstant(op *ir.Operation) error {
	if op.NumResults() != 1 {
		return nil
	}
	t := op.Result(0).Type()
	if it, ok := t.(*ir.IntegerType); ok && it.Signedness != ir.Signless {
		return ir.OpError(op, "integer return type must be signless")
	}
	v := op.InherentAttr("value")
	splat := false
	switch a := v.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseResourceAttr, *ir.SparseElementsAttr:
	case *ir.DenseElementsAttr:
		splat = a.Splat
	case *ir.DenseStringElementsAttr:
		splat = a.Splat
	default:
		return ir.OpError(op, "value must be an integer, float, or elements attribute")
	}
	if vt, ok := t.(*ir.VectorType); ok && isScalable(vt) && !splat {
		return ir.OpError(op, "intializing scalable vectors with elements attribute is not supported unless it's a vector splat")
	}
	return nil
}

// verifySelect checks BooleanConditionOrMatchingShape, then
// ElementwiseMappable, then SelectOp::verify.
func verifySelect(op *ir.Operation) error {
	if op.NumOperands() != 3 || op.NumResults() != 1 {
		return nil
	}
	cond, res := op.Operand(0).Type(), op.Result(0).Type()
	i1 := op.Context().I(1)
	if cond == ir.Type(i1) {
		return VerifyElementwise(op)
	}
	cs, ok1 := cond.(ir.ShapedType)
	rs, ok2 := res.(ir.ShapedType)
	match := ok1 && ok2
	if match {
		a, _ := cs.ShapeDims()
		b, _ := rs.ShapeDims()
		match = sameDims(a, b)
	}
	if !match {
		return ir.OpError(op, "failed to verify that condition is signless i1 or has matching shape")
	}
	if err := VerifyElementwise(op); err != nil {
		return err
	}
	var want ir.Type
	switch r := res.(type) {
	case *ir.VectorType:
		want = op.Context().VectorType(r.Shape, r.Scalable, i1)
	case *ir.RankedTensorType:
		want = op.Context().RankedTensorType(r.Shape, i1, r.Encoding)
	case *ir.UnrankedTensorType:
		want = op.Context().UnrankedTensorType(i1)
	default:
		return ir.OpError(op, fmt.Sprintf("expected condition to be a signless i1, but got '%s'", typeStr(cond)))
	}
	if cond != want {
		return ir.OpError(op, fmt.Sprintf("expected condition type to have the same shape as the result type, expected '%s', but got '%s'", typeStr(want), typeStr(cond)))
	}
	return nil
}

// verifyScaling checks arith.scaling_extf and arith.scaling_truncf: the
// tensor dimensions, the cast interface (the result strictly wider or
// narrower than the input) and ElementwiseMappable.
func verifyScaling(op *ir.Operation, ext bool) error {
	if op.NumOperands() != 2 || op.NumResults() != 1 {
		return nil
	}
	in, scale, out := op.Operand(0).Type(), op.Operand(1).Type(), op.Result(0).Type()
	di, _ := tensorDims(in)
	do, _ := tensorDims(out)
	if !sameDims(di, do) {
		return ir.OpError(op, "failed to verify that input and output have the same tensor dimensions")
	}
	kind := castFloatNarrower
	if ext {
		kind = castFloatWider
	}
	if !castCompatible(kind, in, out) {
		return ir.OpError(op, fmt.Sprintf("operand types '%s', '%s' and result type '%s' are cast incompatible", typeStr(in), typeStr(scale), typeStr(out)))
	}
	return VerifyElementwise(op)
}
