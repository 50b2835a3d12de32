package llvm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// PointerType is `!llvm.ptr` (address space 0) or `!llvm.ptr<N>`: an
// opaque pointer.
type PointerType struct {
	ir.TypeStorage
	AddrSpace uint64
}

// VoidType is `!llvm.void`; TokenType, LabelType, MetadataType,
// PPCFP128Type and X86AMXType are LLVM's other primitive types.
type (
	// VoidType is `!llvm.void`, the result type of a function that returns
	// nothing.
	VoidType struct{ primitive }
	// TokenType is `!llvm.token`.
	TokenType struct{ primitive }
	// LabelType is `!llvm.label`.
	LabelType struct{ primitive }
	// MetadataType is `!llvm.metadata`.
	MetadataType struct{ primitive }
	// PPCFP128Type is `!llvm.ppc_fp128`.
	PPCFP128Type struct{ primitive }
	// X86AMXType is `!llvm.x86_amx`.
	X86AMXType struct{ primitive }
)

type primitive struct {
	ir.TypeStorage
	name string
}

// ArrayType is `!llvm.array<N x T>`.
type ArrayType struct {
	ir.TypeStorage
	Len  uint64
	Elem ir.Type
	body string
}

// StructType is `!llvm.struct<...>`: a literal struct `(T, ...)`, a packed
// one `packed (T, ...)`, or an identified one with a name, which may be
// opaque.
type StructType struct {
	ir.TypeStorage
	Name       string
	Identified bool
	Opaque     bool
	Packed     bool
	Fields     []ir.Type
	body       string
}

// FuncType is `!llvm.func<R (A, ...)>`, with `...` for a variadic
// function; a function returning nothing has the result `!llvm.void`.
type FuncType struct {
	ir.TypeStorage
	Result ir.Type
	Params []ir.Type
	VarArg bool
	body   string
}

// TargetExtType is `!llvm.target<"name", types..., ints...>`.
type TargetExtType struct {
	ir.TypeStorage
	Name  string
	Types []ir.Type
	Ints  []uint64
	body  string
}

// DialectName returns "llvm".
func (*PointerType) DialectName() string { return "llvm" }

// Body returns `ptr` or `ptr<N>`.
func (t *PointerType) Body() string {
	if t.AddrSpace == 0 {
		return "ptr"
	}
	return "ptr<" + strconv.FormatUint(t.AddrSpace, 10) + ">"
}

// IsVectorElementType marks pointers as valid vector elements.
func (*PointerType) IsVectorElementType() {}

// DialectName returns "llvm".
func (primitive) DialectName() string { return "llvm" }

// Body returns the type's keyword.
func (t primitive) Body() string { return t.name }

// IsVectorElementType marks ppc_fp128 as a valid vector element.
func (*PPCFP128Type) IsVectorElementType() {}

// DialectName returns "llvm".
func (*ArrayType) DialectName() string { return "llvm" }

// Body returns `array<N x T>`.
func (t *ArrayType) Body() string { return t.body }

// DialectName returns "llvm".
func (*StructType) DialectName() string { return "llvm" }

// Body returns `struct<...>`.
func (t *StructType) Body() string { return t.body }

// DialectName returns "llvm".
func (*FuncType) DialectName() string { return "llvm" }

// Body returns `func<...>`.
func (t *FuncType) Body() string { return t.body }

// DialectName returns "llvm".
func (*TargetExtType) DialectName() string { return "llvm" }

// Body returns `target<...>`.
func (t *TargetExtType) Body() string { return t.body }

// nested prints t as it appears inside another LLVM type: LLVM types
// without their `!llvm.` prefix, other types in full.
func nested(t ir.Type) string {
	if d, ok := t.(ir.DialectType); ok && d.DialectName() == "llvm" {
		return d.Body()
	}
	return asm.TypeString(t)
}

func nestedList(ts []ir.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = nested(t)
	}
	return strings.Join(parts, ", ")
}

func typeKey(ts []ir.Type) string {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "%p,", t)
	}
	return b.String()
}

// Ptr returns `!llvm.ptr` in address space as.
func Ptr(ctx *ir.Context, as uint64) *PointerType {
	return ir.InternType(ctx, "llvm.ptr:"+strconv.FormatUint(as, 10), func(id uint64) *PointerType {
		return &PointerType{TypeStorage: ir.NewTypeStorage(id), AddrSpace: as}
	})
}

// Void returns `!llvm.void`.
func Void(ctx *ir.Context) *VoidType {
	return ir.InternType(ctx, "llvm.void", func(id uint64) *VoidType {
		return &VoidType{primitive{ir.NewTypeStorage(id), "void"}}
	})
}

func primitiveType(ctx *ir.Context, name string) ir.Type {
	mk := func(id uint64) primitive { return primitive{ir.NewTypeStorage(id), name} }
	switch name {
	case "void":
		return Void(ctx)
	case "token":
		return ir.InternType(ctx, "llvm.token", func(id uint64) *TokenType { return &TokenType{mk(id)} })
	case "label":
		return ir.InternType(ctx, "llvm.label", func(id uint64) *LabelType { return &LabelType{mk(id)} })
	case "metadata":
		return ir.InternType(ctx, "llvm.metadata", func(id uint64) *MetadataType { return &MetadataType{mk(id)} })
	case "ppc_fp128":
		return ir.InternType(ctx, "llvm.ppc_fp128", func(id uint64) *PPCFP128Type { return &PPCFP128Type{mk(id)} })
	case "x86_amx":
		return ir.InternType(ctx, "llvm.x86_amx", func(id uint64) *X86AMXType { return &X86AMXType{mk(id)} })
	}
	return nil
}

// Array returns `!llvm.array<n x elem>`.
func Array(ctx *ir.Context, n uint64, elem ir.Type) *ArrayType {
	return ir.InternType(ctx, fmt.Sprintf("llvm.array:%d:%p", n, elem), func(id uint64) *ArrayType {
		return &ArrayType{TypeStorage: ir.NewTypeStorage(id), Len: n, Elem: elem,
			body: "array<" + strconv.FormatUint(n, 10) + " x " + nested(elem) + ">"}
	})
}

// LiteralStruct returns the literal struct `!llvm.struct<(body...)>`,
// packed when asked.
func LiteralStruct(ctx *ir.Context, body []ir.Type, packed bool) *StructType {
	return ir.InternType(ctx, fmt.Sprintf("llvm.struct:%t:%s", packed, typeKey(body)), func(id uint64) *StructType {
		s := "struct<"
		if packed {
			s += "packed "
		}
		s += "(" + nestedList(body) + ")>"
		return &StructType{TypeStorage: ir.NewTypeStorage(id), Packed: packed, Fields: append([]ir.Type(nil), body...), body: s}
	})
}

// IdentifiedStruct returns the struct named name with the given body, or
// an opaque one when opaque is set.
func IdentifiedStruct(ctx *ir.Context, name string, body []ir.Type, packed, opaque bool) *StructType {
	key := fmt.Sprintf("llvm.istruct:%q:%t:%t:%s", name, packed, opaque, typeKey(body))
	return ir.InternType(ctx, key, func(id uint64) *StructType {
		s := "struct<" + strconv.Quote(name) + ", "
		switch {
		case opaque:
			s += "opaque"
		case packed:
			s += "packed (" + nestedList(body) + ")"
		default:
			s += "(" + nestedList(body) + ")"
		}
		s += ">"
		return &StructType{TypeStorage: ir.NewTypeStorage(id), Name: name, Identified: true, Opaque: opaque,
			Packed: packed, Fields: append([]ir.Type(nil), body...), body: s}
	})
}

// Func returns `!llvm.func<result (params...)>`.
func Func(ctx *ir.Context, result ir.Type, params []ir.Type, varArg bool) *FuncType {
	key := fmt.Sprintf("llvm.func:%p:%t:%s", result, varArg, typeKey(params))
	return ir.InternType(ctx, key, func(id uint64) *FuncType {
		ps := nestedList(params)
		if varArg {
			if ps != "" {
				ps += ", "
			}
			ps += "..."
		}
		return &FuncType{TypeStorage: ir.NewTypeStorage(id), Result: result, Params: append([]ir.Type(nil), params...),
			VarArg: varArg, body: "func<" + nested(result) + " (" + ps + ")>"}
	})
}

// TargetExt returns `!llvm.target<"name", types..., ints...>`.
func TargetExt(ctx *ir.Context, name string, types []ir.Type, ints []uint64) *TargetExtType {
	key := fmt.Sprintf("llvm.target:%q:%s:%v", name, typeKey(types), ints)
	return ir.InternType(ctx, key, func(id uint64) *TargetExtType {
		s := "target<" + strconv.Quote(name)
		for _, t := range types {
			s += ", " + nested(t)
		}
		for _, n := range ints {
			s += ", " + strconv.FormatUint(n, 10)
		}
		return &TargetExtType{TypeStorage: ir.NewTypeStorage(id), Name: name, Types: append([]ir.Type(nil), types...),
			Ints: append([]uint64(nil), ints...), body: s + ">"}
	})
}

// parseTypeBody parses the body of `!llvm.body` (the dialect's
// ParseTypeBody hook).
func parseTypeBody(p ir.OpAsmParser) (ir.Type, error) {
	kw, ok := p.ParseOptionalKeywordAny()
	if !ok {
		return nil, p.Errorf("expected LLVM type")
	}
	return parseAfterKeyword(p, kw)
}

// parseNested parses a type inside an LLVM type: an LLVM type without its
// prefix or any other type.
func parseNested(p ir.OpAsmParser) (ir.Type, error) {
	for _, kw := range []string{"ptr", "void", "token", "label", "metadata", "ppc_fp128", "x86_amx", "array", "struct", "func", "target"} {
		if p.ParseOptionalKeyword(kw) {
			return parseAfterKeyword(p, kw)
		}
	}
	t := p.ParseType()
	return t, nil
}

func parseNestedList(p ir.OpAsmParser, close string, allowVarArg bool) (ts []ir.Type, varArg bool, err error) {
	if p.ParseOptionalPunct(close) {
		return nil, false, nil
	}
	for {
		if allowVarArg && p.ParseOptionalPunct("...") {
			varArg = true
			p.ParsePunct(close)
			return ts, varArg, nil
		}
		t, err := parseNested(p)
		if err != nil {
			return nil, false, err
		}
		ts = append(ts, t)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(close)
	return ts, false, nil
}

func parseUint(p ir.OpAsmParser, what string) (uint64, error) {
	pos := p.CurrentPos()
	a, ok := p.ParseOptionalAttribute(p.Context().I(64))
	ia, isInt := a.(*ir.IntegerAttr)
	if !ok || !isInt || ia.Big != nil {
		return 0, p.ErrorAt(pos, "expected "+what)
	}
	return ia.Lo, nil
}

func parseAfterKeyword(p ir.OpAsmParser, kw string) (ir.Type, error) {
	ctx := p.Context()
	if t := primitiveType(ctx, kw); t != nil {
		return t, nil
	}
	switch kw {
	case "ptr":
		var as uint64
		if p.ParseOptionalPunct("<") {
			n, err := parseUint(p, "address space")
			if err != nil {
				return nil, err
			}
			as = n
			p.ParsePunct(">")
		}
		return Ptr(ctx, as), nil
	case "array":
		p.ParsePunct("<")
		n, err := parseUint(p, "array length")
		if err != nil {
			return nil, err
		}
		if !p.ParseOptionalKeyword("x") {
			return nil, p.Errorf("expected 'x' in LLVM dialect array type")
		}
		elem, err := parseNested(p)
		if err != nil {
			return nil, err
		}
		p.ParsePunct(">")
		return Array(ctx, n, elem), nil
	case "func":
		p.ParsePunct("<")
		res, err := parseNested(p)
		if err != nil {
			return nil, err
		}
		p.ParsePunct("(")
		params, varArg, err := parseNestedList(p, ")", true)
		if err != nil {
			return nil, err
		}
		p.ParsePunct(">")
		return Func(ctx, res, params, varArg), nil
	case "struct":
		p.ParsePunct("<")
		if name, ok := p.ParseOptionalString(); ok {
			p.ParsePunct(",")
			if p.ParseOptionalKeyword("opaque") {
				p.ParsePunct(">")
				return IdentifiedStruct(ctx, name, nil, false, true), nil
			}
			packed := p.ParseOptionalKeyword("packed")
			p.ParsePunct("(")
			body, _, err := parseNestedList(p, ")", false)
			if err != nil {
				return nil, err
			}
			p.ParsePunct(">")
			return IdentifiedStruct(ctx, name, body, packed, false), nil
		}
		packed := p.ParseOptionalKeyword("packed")
		p.ParsePunct("(")
		body, _, err := parseNestedList(p, ")", false)
		if err != nil {
			return nil, err
		}
		p.ParsePunct(">")
		return LiteralStruct(ctx, body, packed), nil
	case "target":
		p.ParsePunct("<")
		name, ok := p.ParseOptionalString()
		if !ok {
			return nil, p.Errorf("expected string")
		}
		var types []ir.Type
		var ints []uint64
		for p.ParseOptionalPunct(",") {
			if t, ok := p.ParseOptionalType(); ok {
				if len(ints) > 0 {
					return nil, p.Errorf("failed to parse parameter list for target extension type")
				}
				types = append(types, t)
				continue
			}
			n, err := parseUint(p, "type or integer parameter")
			if err != nil {
				return nil, err
			}
			ints = append(ints, n)
		}
		p.ParsePunct(">")
		return TargetExt(ctx, name, types, ints), nil
	}
	return nil, p.Errorf("unknown LLVM type: %s", kw)
}

// IsCompatibleType reports whether t is a type the LLVM dialect accepts
// (MLIR's LLVM::isCompatibleType): signless integers, floats, LLVM
// dialect types, and builtin vectors of those.
func IsCompatibleType(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Signedness == ir.Signless
	case *ir.FloatType:
		return true
	case *ir.VectorType:
		return IsCompatibleType(t.Elem)
	case *PointerType, *VoidType, *TokenType, *LabelType, *MetadataType, *PPCFP128Type, *X86AMXType, *TargetExtType:
		return true
	case *ArrayType:
		return IsCompatibleType(t.Elem)
	case *StructType:
		for _, e := range t.Fields {
			if !IsCompatibleType(e) {
				return false
			}
		}
		return true
	case *FuncType:
		return true
	}
	return false
}
