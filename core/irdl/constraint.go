package irdl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// typeC is a resolved type constraint.
type typeC struct {
	summary string
	pred    func(ir.Type) bool
	// fixed is the only type that satisfies the constraint (a buildable
	// type in ODS terms), or nil.
	fixed ir.Type
	// v is set when the constraint is an equality variable.
	v *eqVar
	// def is set when the constraint names a type of a dialect defined in
	// the language: a format prints such a type stripped of its
	// `!dialect.mnemonic` prefix, as ODS's printStrippedAttrOrType does.
	def *typeDef
	// class is set for a Go constraint that names one class of dialect
	// types written in Go (RegisterTypeClassConstraint): a format prints
	// and parses its types stripped, as it does for def.
	class *TypeClass
}

// eqVar is an equality variable (`var T: C`): every value constrained by
// it has one type, which satisfies c.
type eqVar struct {
	name string
	c    *typeC
}

// attrC is a resolved attribute constraint.
type attrC struct {
	summary string
	pred    func(ir.Attribute) bool
	// valueType is the type of the attribute's value when the constraint
	// fixes it (I32Attr: i32): formats print the attribute without its
	// type and parse it with this type.
	valueType ir.Type
	// enum is set for enum attributes.
	enum *enumDef
	// symbolName marks SymbolNameAttr (printed as @name).
	symbolName bool
	// unit marks UnitAttr.
	unit bool
	// str marks StrAttr: an optional group anchored on it starts only at a
	// string literal, as ODS's parseOptionalAttribute(StringAttr&).
	str bool
	// denseArray is the element type of a DenseI32ArrayAttr-like
	// constraint, printed `[1, 2]` by formats.
	denseArray ir.Type
	// def is set for attributes of a dialect defined in the language.
	def *attrDef
	// kind, if set, is the check of the attribute's storage class (the
	// C++ class ODS stores the attribute as): ODS's generated parsers make
	// it right after parsing the value ("invalid kind of attribute
	// specified"), and properties written in a generic operation convert
	// only when it holds. Nil accepts every attribute (storage class
	// Attribute, as for AnyAttr and AnyAttrOf).
	kind func(ir.Attribute) bool
}

func isArrayAttr(a ir.Attribute) bool     { _, ok := a.(*ir.ArrayAttr); return ok }
func isSymbolRefAttr(a ir.Attribute) bool { _, ok := a.(*ir.SymbolRefAttr); return ok }
func isIntegerAttr(a ir.Attribute) bool   { _, ok := a.(*ir.IntegerAttr); return ok }
func isFloatAttr(a ir.Attribute) bool     { _, ok := a.(*ir.FloatAttr); return ok }
func isStringAttr(a ir.Attribute) bool    { _, ok := a.(*ir.StringAttr); return ok }
func isTypeAttr(a ir.Attribute) bool      { _, ok := a.(*ir.TypeAttr); return ok }

// classOf returns the storage class check of an attribute whose value has
// type t (a constraint's valueType): IntegerAttr for integer and index
// types, FloatAttr for float types, nil otherwise.
func classOf(t ir.Type) func(ir.Attribute) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.IndexType:
		return isIntegerAttr
	case *ir.FloatType:
		return isFloatAttr
	}
	return nil
}

// classIsPred makes c's predicate its storage class check too, for the
// constraints that accept every attribute of one C++ class.
func classIsPred(c *attrC) *attrC {
	c.kind = c.pred
	return c
}

func anyType() *typeC { return &typeC{summary: "any type", pred: func(ir.Type) bool { return true }} }

func fixedType(t ir.Type, summary string) *typeC {
	return &typeC{summary: summary, fixed: t, pred: func(x ir.Type) bool { return x == t }}
}

func intSummary(w int, s ir.Signedness) string {
	switch s {
	case ir.Signed:
		return fmt.Sprintf("%d-bit signed integer", w)
	case ir.Unsigned:
		return fmt.Sprintf("%d-bit unsigned integer", w)
	}
	return fmt.Sprintf("%d-bit signless integer", w)
}

var floatSummaries = map[string]string{
	"F16": "16-bit float", "F32": "32-bit float", "F64": "64-bit float", "F80": "80-bit float",
	"F128": "128-bit float", "BF16": "bfloat16 type", "TF32": "tf32 type",
}

// builtinTypeC returns the builtin type constraint called name with no
// arguments, or nil.
func builtinTypeC(ctx *ir.Context, name string) *typeC {
	if c := lookupGoTypeC(ctx, name); c != nil {
		return c
	}
	switch name {
	case "AnyType":
		return anyType()
	case "AnyInteger":
		return &typeC{summary: "integer", pred: func(t ir.Type) bool { _, ok := t.(*ir.IntegerType); return ok }}
	case "AnySignlessInteger":
		return intKind("signless integer", ir.Signless)
	case "AnySignedInteger":
		return intKind("signed integer", ir.Signed)
	case "AnyUnsignedInteger":
		return intKind("unsigned integer", ir.Unsigned)
	case "Index":
		return fixedType(ctx.IndexType(), "index")
	case "AnyFloat":
		return &typeC{summary: "floating-point", pred: func(t ir.Type) bool { _, ok := t.(*ir.FloatType); return ok }}
	case "AnyComplex":
		return &typeC{summary: "complex-type", pred: func(t ir.Type) bool { _, ok := t.(*ir.ComplexType); return ok }}
	case "NoneType":
		return fixedType(ctx.NoneType(), "none type")
	case "AnyTuple":
		return &typeC{summary: "tuple", pred: func(t ir.Type) bool { _, ok := t.(*ir.TupleType); return ok }}
	case "FunctionType":
		return &typeC{summary: "function type", pred: func(t ir.Type) bool { _, ok := t.(*ir.FunctionType); return ok }}
	case "AnyTensor":
		return tensorOf(anyType(), "tensor", true, true)
	case "AnyRankedTensor":
		return tensorOf(anyType(), "ranked tensor", true, false)
	case "AnyUnrankedTensor":
		return tensorOf(anyType(), "unranked tensor", false, true)
	case "AnyMemRef":
		return memrefOf(anyType())
	case "AnyVector":
		return vectorOf(anyType())
	case "AnyShaped":
		return shapedOf(anyType())
	}
	if s, ok := floatSummaries[name]; ok {
		k, _ := ir.FloatKindByName(strings.ToLower(name[:1]) + name[1:])
		if name == "BF16" {
			k = ir.BF16
		} else if name == "TF32" {
			k = ir.TF32
		}
		return fixedType(ctx.FloatType(k), s)
	}
	// f8/f6/f4 types by their MLIR names, e.g. F8E4M3FN or f8E4M3FN.
	if len(name) > 2 && (name[0] == 'F' || name[0] == 'f') && (name[1] == '8' || name[1] == '6' || name[1] == '4') {
		if k, ok := ir.FloatKindByName("f" + name[1:]); ok {
			return fixedType(ctx.FloatType(k), "f"+name[1:]+" type")
		}
	}
	for _, pre := range []struct {
		p string
		s ir.Signedness
	}{{"I", ir.Signless}, {"SI", ir.Signed}, {"UI", ir.Unsigned}} {
		if rest, ok := strings.CutPrefix(name, pre.p); ok && rest != "" && rest[0] != '0' {
			if w, err := strconv.Atoi(rest); err == nil && w > 0 && w <= ir.MaxIntegerWidth {
				return fixedType(ctx.IntegerType(uint32(w), pre.s), intSummary(w, pre.s))
			}
		}
	}
	return nil
}

func intKind(summary string, s ir.Signedness) *typeC {
	return &typeC{summary: summary, pred: func(t ir.Type) bool {
		it, ok := t.(*ir.IntegerType)
		return ok && it.Signedness == s
	}}
}

func elemOK(c *typeC, t ir.Type) bool { return c.pred(t) }

func tensorOf(c *typeC, what string, ranked, unranked bool) *typeC {
	return &typeC{summary: what + " of " + c.summary + " values", pred: func(t ir.Type) bool {
		switch t := t.(type) {
		case *ir.RankedTensorType:
			return ranked && elemOK(c, t.Elem)
		case *ir.UnrankedTensorType:
			return unranked && elemOK(c, t.Elem)
		}
		return false
	}}
}

func memrefOf(c *typeC) *typeC {
	return &typeC{summary: "memref of " + c.summary + " values", pred: func(t ir.Type) bool {
		switch t := t.(type) {
		case *ir.MemRefType:
			return elemOK(c, t.Elem)
		case *ir.UnrankedMemRefType:
			return elemOK(c, t.Elem)
		}
		return false
	}}
}

func vectorOf(c *typeC) *typeC {
	return &typeC{summary: "vector of " + c.summary + " values", pred: func(t ir.Type) bool {
		v, ok := t.(*ir.VectorType)
		return ok && elemOK(c, v.Elem)
	}}
}

func shapedOf(c *typeC) *typeC {
	return &typeC{summary: "shaped of " + c.summary + " values", pred: func(t ir.Type) bool {
		s, ok := t.(ir.ShapedType)
		return ok && elemOK(c, s.ElementType())
	}}
}

func complexOf(c *typeC) *typeC {
	return &typeC{summary: "complex type with " + c.summary + " elements", pred: func(t ir.Type) bool {
		ct, ok := t.(*ir.ComplexType)
		return ok && elemOK(c, ct.Elem)
	}}
}

func hasRank(c *typeC, n int) *typeC {
	return &typeC{summary: fmt.Sprintf("%dD %s", n, c.summary), pred: func(t ir.Type) bool {
		s, ok := t.(ir.ShapedType)
		if !ok || !c.pred(t) {
			return false
		}
		dims, ranked := s.ShapeDims()
		return ranked && len(dims) == n
	}}
}

func hasStaticShape(c *typeC) *typeC {
	return &typeC{summary: "statically shaped " + c.summary, pred: func(t ir.Type) bool {
		s, ok := t.(ir.ShapedType)
		if !ok || !c.pred(t) {
			return false
		}
		dims, ranked := s.ShapeDims()
		return ranked && ir.NumElements(dims) >= 0
	}}
}

func anyOfT(cs []*typeC) *typeC {
	var sums []string
	for _, c := range cs {
		sums = append(sums, c.summary)
	}
	return &typeC{summary: strings.Join(sums, " or "), pred: func(t ir.Type) bool {
		for _, c := range cs {
			if c.pred(t) {
				return true
			}
		}
		return false
	}}
}

func allOfT(cs []*typeC) *typeC {
	var sums []string
	var fixed ir.Type
	for _, c := range cs {
		sums = append(sums, c.summary)
		if c.fixed != nil {
			fixed = c.fixed
		}
	}
	return &typeC{summary: strings.Join(sums, " and "), fixed: fixed, pred: func(t ir.Type) bool {
		for _, c := range cs {
			if !c.pred(t) {
				return false
			}
		}
		return true
	}}
}

func notT(c *typeC) *typeC {
	return &typeC{summary: "not " + c.summary, pred: func(t ir.Type) bool { return !c.pred(t) }}
}

// ---- Attribute constraints ----

func anyAttr() *attrC {
	return &attrC{summary: "any attribute", pred: func(ir.Attribute) bool { return true }}
}

func intAttr(ctx *ir.Context, t ir.Type, summary string) *attrC {
	return &attrC{summary: summary, valueType: t, kind: isIntegerAttr, pred: func(a ir.Attribute) bool {
		ia, ok := a.(*ir.IntegerAttr)
		return ok && ia.Type == t
	}}
}

func floatAttr(t ir.Type, summary string) *attrC {
	return &attrC{summary: summary, valueType: t, kind: isFloatAttr, pred: func(a ir.Attribute) bool {
		fa, ok := a.(*ir.FloatAttr)
		return ok && ir.Type(fa.Type) == t
	}}
}

func denseArray(elem ir.Type, summary string) *attrC {
	return classIsPred(&attrC{summary: summary, denseArray: elem, pred: func(a ir.Attribute) bool {
		da, ok := a.(*ir.DenseArrayAttr)
		return ok && da.Elem == elem
	}})
}

// builtinAttrC returns the builtin attribute constraint called name with
// no arguments, or nil.
func builtinAttrC(ctx *ir.Context, name string) *attrC {
	if c := lookupGoAttrC(ctx, name); c != nil {
		return c
	}
	switch name {
	case "AnyAttr":
		return anyAttr()
	case "StrAttr":
		return &attrC{summary: "string attribute", valueType: ctx.NoneType(), str: true, kind: isStringAttr, pred: func(a ir.Attribute) bool {
			s, ok := a.(*ir.StringAttr)
			return ok && s.Type == nil
		}}
	case "SymbolNameAttr":
		return &attrC{summary: "string attribute", symbolName: true, kind: isStringAttr, pred: func(a ir.Attribute) bool {
			s, ok := a.(*ir.StringAttr)
			return ok && s.Type == nil
		}}
	case "BoolAttr":
		// BoolAttr is the class of the IntegerAttrs of type i1.
		return classIsPred(&attrC{summary: "bool attribute", valueType: ctx.I(1), pred: func(a ir.Attribute) bool {
			ia, ok := a.(*ir.IntegerAttr)
			return ok && ia.Type == ir.Type(ctx.I(1))
		}})
	case "UnitAttr":
		return classIsPred(&attrC{summary: "unit attribute", unit: true, pred: func(a ir.Attribute) bool { _, ok := a.(*ir.UnitAttr); return ok }})
	case "IndexAttr":
		return intAttr(ctx, ctx.IndexType(), "index attribute")
	case "F16Attr":
		return floatAttr(ctx.FloatType(ir.F16), "16-bit float attribute")
	case "F32Attr":
		return floatAttr(ctx.FloatType(ir.F32), "32-bit float attribute")
	case "F64Attr":
		return floatAttr(ctx.FloatType(ir.F64), "64-bit float attribute")
	case "TypedAttr":
		return classIsPred(&attrC{summary: "TypedAttr instance", pred: func(a ir.Attribute) bool {
			if _, ok := a.(*ir.StringAttr); ok {
				return true // typed, with type none when no type is written
			}
			ta, ok := a.(ir.TypedAttr)
			return ok && ta.AttrType() != nil
		}})
	case "TypeAttr":
		return classIsPred(&attrC{summary: "any type attribute", pred: func(a ir.Attribute) bool { _, ok := a.(*ir.TypeAttr); return ok }})
	case "ArrayAttr":
		return classIsPred(&attrC{summary: "array attribute", pred: func(a ir.Attribute) bool { _, ok := a.(*ir.ArrayAttr); return ok }})
	case "DictAttr":
		return classIsPred(&attrC{summary: "dictionary of named attribute values", pred: func(a ir.Attribute) bool { _, ok := a.(*ir.DictionaryAttr); return ok }})
	case "DictArrayAttr":
		return &attrC{summary: "Array of dictionary attributes", kind: isArrayAttr, pred: func(a ir.Attribute) bool {
			arr, ok := a.(*ir.ArrayAttr)
			if !ok {
				return false
			}
			for _, e := range arr.Elems {
				if _, ok := e.(*ir.DictionaryAttr); !ok {
					return false
				}
			}
			return true
		}}
	case "SymbolRefAttr":
		return &attrC{summary: "symbol reference attribute", kind: isSymbolRefAttr, pred: isSymbolRefAttr}
	case "FlatSymbolRefAttr":
		flat := func(a ir.Attribute) bool {
			s, ok := a.(*ir.SymbolRefAttr)
			return ok && len(s.Nested) == 0
		}
		return &attrC{summary: "flat symbol reference attribute", kind: flat, pred: flat}
	case "AffineMapAttr":
		return classIsPred(&attrC{summary: "AffineMap attribute", pred: func(a ir.Attribute) bool { _, ok := a.(*ir.AffineMapAttr); return ok }})
	case "IntegerSetAttr":
		return classIsPred(&attrC{summary: "IntegerSet attribute", pred: func(a ir.Attribute) bool { _, ok := a.(*ir.IntegerSetAttr); return ok }})
	case "DenseI32ArrayAttr":
		return denseArray(ctx.I(32), "i32 dense array attribute")
	case "DenseI64ArrayAttr":
		return denseArray(ctx.I(64), "i64 dense array attribute")
	case "DenseBoolArrayAttr":
		return denseArray(ctx.I(1), "i1 dense array attribute")
	case "ElementsAttr":
		return classIsPred(&attrC{summary: "constant vector/tensor attribute", pred: func(a ir.Attribute) bool {
			switch a.(type) {
			case *ir.DenseElementsAttr, *ir.DenseStringElementsAttr, *ir.DenseResourceAttr, *ir.SparseElementsAttr:
				return true
			}
			return false
		}})
	case "DenseElementsAttr":
		return classIsPred(&attrC{summary: "constant vector/tensor attribute", pred: func(a ir.Attribute) bool {
			switch a.(type) {
			case *ir.DenseElementsAttr, *ir.DenseStringElementsAttr:
				return true
			}
			return false
		}})
	}
	for _, pre := range []struct {
		p string
		s ir.Signedness
	}{{"I", ir.Signless}, {"SI", ir.Signed}, {"UI", ir.Unsigned}} {
		if rest, ok := strings.CutPrefix(name, pre.p); ok && strings.HasSuffix(rest, "Attr") {
			rest = strings.TrimSuffix(rest, "Attr")
			if w, err := strconv.Atoi(rest); err == nil && w > 0 && w <= 128 && rest[0] != '0' {
				t := ctx.IntegerType(uint32(w), pre.s)
				return intAttr(ctx, t, intSummary(w, pre.s)+" attribute")
			}
		}
	}
	return nil
}

func typeAttrOf(c *typeC) *attrC {
	return &attrC{summary: "type attribute of " + c.summary, kind: isTypeAttr, pred: func(a ir.Attribute) bool {
		ta, ok := a.(*ir.TypeAttr)
		return ok && c.pred(ta.Type)
	}}
}

func arrayAttrOf(c *attrC) *attrC {
	return &attrC{summary: "array attribute of " + c.summary, kind: isArrayAttr, pred: func(a ir.Attribute) bool {
		aa, ok := a.(*ir.ArrayAttr)
		if !ok {
			return false
		}
		for _, e := range aa.Elems {
			if !c.pred(e) {
				return false
			}
		}
		return true
	}}
}

func anyOfA(cs []*attrC) *attrC {
	var sums []string
	for _, c := range cs {
		sums = append(sums, c.summary)
	}
	return &attrC{summary: strings.Join(sums, " or "), pred: func(a ir.Attribute) bool {
		for _, c := range cs {
			if c.pred(a) {
				return true
			}
		}
		return false
	}}
}

func allOfA(cs []*attrC) *attrC {
	var sums []string
	for _, c := range cs {
		sums = append(sums, c.summary)
	}
	r := &attrC{summary: strings.Join(sums, " and "), pred: func(a ir.Attribute) bool {
		for _, c := range cs {
			if !c.pred(a) {
				return false
			}
		}
		return true
	}}
	// Keep the printing traits of the first constraint.
	if len(cs) > 0 {
		f := cs[0]
		r.valueType, r.enum, r.symbolName, r.unit, r.denseArray, r.def = f.valueType, f.enum, f.symbolName, f.unit, f.denseArray, f.def
		// AllAttrOf is stored as its first constraint is.
		r.kind = f.kind
	}
	return r
}

func notA(c *attrC) *attrC {
	return &attrC{summary: "not " + c.summary, pred: func(a ir.Attribute) bool { return !c.pred(a) }}
}
