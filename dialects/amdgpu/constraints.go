package amdgpu

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// elem is an element type constraint of a vector constraint: its ODS
// summary and predicate.
type elem struct {
	summary string
	is      func(ir.Type) bool
}

func floatElem(k ir.FloatKind, summary string) elem {
	return elem{summary, func(t ir.Type) bool { f, ok := t.(*ir.FloatType); return ok && f.Kind == k }}
}

func intElem(width uint32, s ir.Signedness) elem {
	what := map[ir.Signedness]string{ir.Signless: "signless", ir.Signed: "signed", ir.Unsigned: "unsigned"}[s]
	return elem{fmt.Sprintf("%d-bit %s integer", width, what), func(t ir.Type) bool {
		i, ok := t.(*ir.IntegerType)
		return ok && i.Width == width && i.Signedness == s
	}}
}

func f8(k ir.FloatKind) elem { return floatElem(k, k.String()+" type") }

var (
	eF16   = floatElem(ir.F16, "16-bit float")
	eBF16  = floatElem(ir.BF16, "bfloat16 type")
	eF32   = floatElem(ir.F32, "32-bit float")
	eF64   = floatElem(ir.F64, "64-bit float")
	eI1    = intElem(1, ir.Signless)
	eI4    = intElem(4, ir.Signless)
	eSI4   = intElem(4, ir.Signed)
	eUI4   = intElem(4, ir.Unsigned)
	eI8    = intElem(8, ir.Signless)
	eSI8   = intElem(8, ir.Signed)
	eUI8   = intElem(8, ir.Unsigned)
	eI16   = intElem(16, ir.Signless)
	eI32   = intElem(32, ir.Signless)
	eI64   = intElem(64, ir.Signless)
	eE5M2  = f8(ir.F8E5M2)
	eE4M3  = f8(ir.F8E4M3FN)
	eE5M2Z = f8(ir.F8E5M2FNUZ)
	eE4M3Z = f8(ir.F8E4M3FNUZ)
	eE8M0  = f8(ir.F8E8M0FNU)
	eE2M3  = f8(ir.F6E2M3FN)
	eE3M2  = f8(ir.F6E3M2FN)
	eE2M1  = f8(ir.F4E2M1FN)
)

// typeC is a type constraint with its ODS summary.
type typeC struct {
	summary string
	is      func(ir.Type) bool
}

func anyElem(es []elem) (string, func(ir.Type) bool) {
	var names []string
	for _, e := range es {
		names = append(names, e.summary)
	}
	return strings.Join(names, " or "), func(t ir.Type) bool {
		for _, e := range es {
			if e.is(t) {
				return true
			}
		}
		return false
	}
}

func scalar(e elem) typeC { return typeC(e) }

func lengths(ls []int64) string {
	var s []string
	for _, l := range ls {
		s = append(s, strconv.FormatInt(l, 10))
	}
	return strings.Join(s, "/")
}

// vecOf is ODS's VectorOfLengthAndType (fixed: FixedVectorOfLengthAndType).
func vecOf(fixed bool, ls []int64, es ...elem) typeC {
	names, isElem := anyElem(es)
	prefix := "vector of "
	if fixed {
		prefix = "fixed-length vector of "
	}
	return typeC{prefix + names + " values of length " + lengths(ls), func(t ir.Type) bool {
		v, ok := t.(*ir.VectorType)
		if !ok || !isElem(v.Elem) || (fixed && isScalable(v)) {
			return false
		}
		n := numElements(v)
		for _, l := range ls {
			if n == l {
				return true
			}
		}
		return false
	}}
}

// vecMinMax is ODS's VectorOfMinMaxLengthAndType.
func vecMinMax(lo, hi int64, es ...elem) typeC {
	names, isElem := anyElem(es)
	return typeC{fmt.Sprintf("vector of %s values of at least length %d of at most length %d", names, lo, hi), func(t ir.Type) bool {
		v, ok := t.(*ir.VectorType)
		if !ok || !isElem(v.Elem) {
			return false
		}
		n := numElements(v)
		return n >= lo && n <= hi
	}}
}

// vecShape is ODS's FixedVectorOfShapeAndType<[n], T>.
func vecShape(n int64, tdName string, e elem) typeC {
	return typeC{fmt.Sprintf("vector<%dx%s> of %s values", n, tdName, e.summary), func(t ir.Type) bool {
		v, ok := t.(*ir.VectorType)
		return ok && !isScalable(v) && len(v.Shape) == 1 && v.Shape[0] == n && e.is(v.Elem)
	}}
}

func anyOf(cs ...typeC) typeC {
	var names []string
	for _, c := range cs {
		names = append(names, c.summary)
	}
	return typeC{strings.Join(names, " or "), func(t ir.Type) bool {
		for _, c := range cs {
			if c.is(t) {
				return true
			}
		}
		return false
	}}
}

func isScalable(v *ir.VectorType) bool {
	for _, s := range v.Scalable {
		if s {
			return true
		}
	}
	return false
}

func numElements(v *ir.VectorType) int64 {
	n := int64(1)
	for _, d := range v.Shape {
		n *= d
	}
	return n
}

// isIntOrFloat reports a signless integer or a float (ODS's
// AnyIntegerOrFloat).
func isIntOrFloat(t ir.Type) bool {
	switch x := t.(type) {
	case *ir.IntegerType:
		return x.Signedness == ir.Signless
	case *ir.FloatType:
		return true
	}
	return false
}

func l(v ...int64) []int64 { return v }

func registerConstraints() {
	fp8s := []elem{eE5M2Z, eE4M3Z, eE5M2, eE4M3}
	truncFp8 := vecOf(true, l(4), eE4M3Z, eE5M2Z, eE4M3, eE5M2)
	types := map[string]typeC{
		"AMDGPUExtPackedFp8Source": anyOf(scalar(eE5M2Z), scalar(eE4M3Z), scalar(eE5M2), scalar(eE4M3), vecOf(false, l(1, 2, 3, 4), fp8s...)),
		"AMDGPUFixedVec2F32":       vecOf(true, l(2), eF32),
		"AMDGPUFixedVec4Fp8":       truncFp8,
		"AMDGPUScaledExtMatrixSource": anyOf(vecShape(8, "F4E2M1FN", eE2M1), vecShape(8, "F8E4M3FN", eE4M3),
			vecShape(8, "F8E5M2", eE5M2), vecShape(16, "F6E2M3FN", eE2M3), vecShape(16, "F6E3M2FN", eE3M2)),
		"AMDGPUScaledExtMatrixScale": vecShape(4, "F8E8M0FNU", eE8M0),
		"AMDGPUScaledExtMatrixResult": anyOf(vecShape(8, "F32", eF32), vecShape(8, "F16", eF16), vecShape(8, "BF16", eBF16),
			vecShape(16, "F32", eF32), vecShape(16, "F16", eF16), vecShape(16, "BF16", eBF16)),
		"AMDGPUScaledExtSource":         anyOf(vecOf(false, l(1, 2, 3, 4), eE5M2, eE4M3), vecOf(false, l(1, 2, 3, 4, 5, 6, 7, 8), eE2M1)),
		"AMDGPUScaledExtResult":         anyOf(vecOf(true, l(2), eF32), vecOf(true, l(2), eF16), vecOf(true, l(2), eBF16)),
		"AMDGPUPackedScaledTruncSource": vecOf(false, l(1, 2), eF32, eF16, eBF16),
		"AMDGPUPackedScaledTruncResult": anyOf(vecOf(true, l(4), eE5M2, eE4M3), vecOf(true, l(8), eE2M1)),
		"AMDGPUVec2F16OrBF16":           vecOf(false, l(2), eF16, eBF16),
		"AMDGPUIntOrFloatOr1DVector": {"Integer or Float or fixed-length vector of Integer or Float values of ranks 1", func(t ir.Type) bool {
			if v, ok := t.(*ir.VectorType); ok {
				return !isScalable(v) && len(v.Shape) == 1 && isIntOrFloat(v.Elem)
			}
			return isIntOrFloat(t)
		}},
		"AMDGPUMFMAInTypes": anyOf(scalar(eF32), scalar(eF64), scalar(eI32), scalar(eI64), vecOf(false, l(2), eF32),
			vecOf(false, l(4, 8), eF16), vecOf(false, l(2, 4, 8), eBF16), vecOf(false, l(4, 8, 16), eI8),
			vecOf(false, l(8), eE5M2Z, eE4M3Z), vecOf(false, l(8, 32), eE5M2, eE4M3), vecOf(false, l(32), eE2M3, eE3M2, eE2M1)),
		"AMDGPUMFMAOutTypes": anyOf(scalar(eF64), vecOf(false, l(4, 16, 32), eF32), vecOf(false, l(4, 16, 32), eI32),
			vecOf(false, l(4), eF64)),
		"AMDGPUWMMAInTypes": anyOf(vecOf(false, l(2), eF32), vecOf(false, l(4, 8, 16), eF16, eBF16),
			vecOf(false, l(4, 8, 16, 32), eI8, eSI8, eUI8), vecOf(false, l(4, 8, 32, 64), eE4M3, eE5M2),
			vecOf(false, l(4, 8, 16), eI4, eSI4, eUI4)),
		"AMDGPUWMMAOutTypes": anyOf(vecOf(false, l(4, 8), eF32, eI32), vecOf(false, l(4, 8, 16), eF16, eBF16)),
		"AMDGPUSMFMACSparseInTypes": anyOf(vecOf(false, l(4, 8), eF16), vecOf(false, l(4, 8), eBF16), vecOf(false, l(8, 16), eI8),
			vecOf(false, l(8, 16), eE4M3, eE5M2), vecOf(false, l(8, 16), eE4M3Z, eE5M2Z)),
		"AMDGPUSMFMACDenseInTypes": anyOf(vecOf(false, l(8, 16), eF16), vecOf(false, l(8, 16), eBF16), vecOf(false, l(16, 32), eI8),
			vecOf(false, l(16, 32), eE4M3, eE5M2), vecOf(false, l(16, 32), eE4M3Z, eE5M2Z)),
		"AMDGPUSMFMACOutTypes":     anyOf(vecOf(false, l(4, 16), eF32), vecOf(false, l(4, 16), eI32)),
		"AMDGPUSMFMACIdxTypes":     anyOf(vecOf(true, l(4), eI8), vecOf(true, l(2), eI16)),
		"AMDGPUScaledMFMAInTypes":  anyOf(vecOf(false, l(32), eE5M2, eE4M3), vecOf(false, l(32), eE2M3, eE3M2, eE2M1)),
		"AMDGPUScaledMFMAOutTypes": vecOf(false, l(4, 16), eF32),
		"AMDGPUScaleF8E8M0":        anyOf(scalar(eE8M0), vecOf(true, l(4), eE8M0)),
		"AMDGPUScaledWMMAInTypes": anyOf(vecOf(false, l(64), eE5M2, eE4M3), vecOf(false, l(64), eE2M3, eE3M2),
			vecOf(false, l(64, 128), eE2M1)),
		"AMDGPUScaledWMMAOutTypes": vecOf(false, l(8, 16), eF32),
		"AMDGPUScaledWMMAScale":    vecOf(false, l(4, 8), eE8M0, eE4M3),
		"AMDGPUGatherIndices":      anyOf(vecMinMax(1, 8, eI32), vecMinMax(1, 16, eI16)),
		"AMDGPUAnyVectorOfNonZeroRank": {"vector of any type values", func(t ir.Type) bool {
			v, ok := t.(*ir.VectorType)
			return ok && len(v.Shape) > 0
		}},
	}
	for name, c := range types {
		irdl.RegisterTypeConstraint(name, c.summary, c.is)
	}
	mask := vecOf(true, l(16), eI1)
	irdl.RegisterTypeClassConstraint("AMDGPUFixedVec16I1", mask.summary, mask.is, nil, func(ctx *ir.Context) ir.Type {
		return ctx.VectorType([]int64{16}, nil, ctx.IntegerType(1, ir.Signless))
	})

	i32 := func(ctx *ir.Context) ir.Type { return ctx.IntegerType(32, ir.Signless) }
	i32Value := func(a ir.Attribute) (int64, bool) {
		ia, ok := a.(*ir.IntegerAttr)
		if !ok {
			return 0, false
		}
		it, ok := ia.Type.(*ir.IntegerType)
		if !ok || it.Width != 32 || it.Signedness != ir.Signless {
			return 0, false
		}
		return ia.Int64(), true
	}
	oneOf := func(name string, vs ...int64) {
		var s []string
		for _, v := range vs {
			s = append(s, strconv.FormatInt(v, 10))
		}
		irdl.RegisterAttrConstraint(name, "32-bit signless integer attribute whose value is one of {"+strings.Join(s, ", ")+"}", i32,
			func(a ir.Attribute) bool {
				x, ok := i32Value(a)
				if !ok {
					return false
				}
				for _, v := range vs {
					if x == v {
						return true
					}
				}
				return false
			})
	}
	oneOf("AMDGPUI32OneOf4_16_32", 4, 16, 32)
	oneOf("AMDGPUI32OneOf16_32", 16, 32)
	oneOf("AMDGPUI32OneOf16", 16)
	oneOf("AMDGPUI32OneOf0_1", 0, 1)
	oneOf("AMDGPUI32OneOf0_16", 0, 16)
	oneOf("AMDGPUI32OneOf64_128", 64, 128)
	oneOf("AMDGPUI32OneOf128", 128)
	oneOf("AMDGPUI32OneOfMFMAK", 1, 2, 4, 8, 16, 32, 64, 128)
	oneOf("AMDGPUI32OneOfBlocks", 1, 2, 4, 16)
	oneOf("AMDGPUI32OneOfWMMAK", 4, 16, 32, 64, 128)
	oneOf("AMDGPUI32OneOfSMFMACK", 16, 32, 64, 128)
	maxOf := func(name string, hi int64) {
		irdl.RegisterAttrConstraint(name, fmt.Sprintf("32-bit signless integer attribute whose value is non-negative whose maximum value is %d", hi), i32,
			func(a ir.Attribute) bool {
				x, ok := i32Value(a)
				return ok && x >= 0 && x <= hi
			})
	}
	maxOf("AMDGPUI32Max1", 1)
	maxOf("AMDGPUI32Max3", 3)
	maxOf("AMDGPUI32Max7", 7)
	irdl.RegisterAttrConstraint("AMDGPUI32Min0Max3", "32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3", i32,
		func(a ir.Attribute) bool {
			x, ok := i32Value(a)
			return ok && x >= 0 && x <= 3
		})
	irdl.RegisterAttrConstraint("AMDGPUDPPPermArgument", "32-bit signless integer attribute or array attribute or unit attribute", nil,
		func(a ir.Attribute) bool {
			if _, ok := i32Value(a); ok {
				return true
			}
			switch a.(type) {
			case *ir.ArrayAttr, *ir.UnitAttr:
				return true
			}
			return false
		})
}
