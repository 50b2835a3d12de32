package llvm

import (
	"math"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// dynamicIndex marks a GEP index held by an operand in rawConstantIndices
// (upstream's GEPOp::kDynamicIndex).
const dynamicIndex = math.MinInt32

func registerDirectives() {
	irdl.RegisterCustomDirective("CmpPredicate", parsePredicate(icmpNames), printCmpPredicate)
	irdl.RegisterCustomDirective("FCmpPredicate", parsePredicate(fcmpNames), printCmpPredicate)
	irdl.RegisterCustomDirective("GEPIndices", parseGEPIndices, printGEPIndices)
	irdl.RegisterCustomDirective("OverflowFlags", parseOverflowFlags, printOverflowFlags)
	irdl.RegisterCustomDirective("GEPNoWrapFlags", parseGEPNoWrapFlags, printGEPNoWrapFlags)
	irdl.RegisterCustomDirective("InsertExtractValueElementType", parseInsertExtractValueElementType,
		func(ir.OpAsmPrinter, *ir.Operation, []*irdl.CustomArg) {})
	irdl.RegisterCustomDirective("ShuffleType", parseShuffleType,
		func(ir.OpAsmPrinter, *ir.Operation, []*irdl.CustomArg) {})
}

// parseShuffleType infers llvm.shufflevector's result type: a vector of
// the mask's length with the element type (and scalability) of v1.
func parseShuffleType(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	var v1 *ir.VectorType
	if len(args[0].Types) > 0 {
		v1, _ = args[0].Types[0].(*ir.VectorType)
	}
	mask, ok := args[2].Attr.(*ir.DenseArrayAttr)
	if v1 == nil || len(v1.Shape) != 1 || !ok {
		return false, p.Errorf("expected an LLVM compatible vector type")
	}
	var scalable []bool
	if len(v1.Scalable) > 0 && v1.Scalable[0] {
		scalable = []bool{true}
	}
	args[1].Types = []ir.Type{p.Context().VectorType([]int64{int64(mask.Size)}, scalable, v1.Elem)}
	return true, nil
}

var icmpNames = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
var fcmpNames = []string{"_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "_true"}

// printCmpPredicate prints a comparison predicate as a string, as
// upstream's llvm.icmp and llvm.fcmp do.
func printCmpPredicate(p ir.OpAsmPrinter, op *ir.Operation, args []*irdl.CustomArg) {
	names := icmpNames
	if op.Name() == "llvm.fcmp" {
		names = fcmpNames
	}
	ia, ok := args[0].Attr.(*ir.IntegerAttr)
	if !ok || ia.Lo >= uint64(len(names)) {
		p.PrintAttribute(args[0].Attr)
		return
	}
	p.WriteString(strconv.Quote(names[ia.Lo]))
}

// parsePredicate returns the parser of the predicate of llvm.icmp
// (CmpPredicate) or llvm.fcmp (FCmpPredicate): a string or keyword naming
// one of names, the predicate's value its index. The two share names
// ("ult", ...) with different values.
func parsePredicate(names []string) irdl.CustomParseFunc {
	return func(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
		pos := p.CurrentPos()
		s, ok := p.ParseOptionalString()
		if !ok {
			var kw bool
			s, kw = p.ParseOptionalKeywordAny()
			if !kw {
				return false, p.ErrorAt(pos, "expected string or keyword containing one of the following enum values for attribute 'predicate' ["+strings.Join(names, ", ")+"]")
			}
		}
		for i, n := range names {
			if n == s {
				args[0].Attr = p.Context().IntegerAttr(p.Context().I(64), int64(i))
				return true, nil
			}
		}
		return false, p.ErrorAt(pos, "invalid predicate '"+s+"'")
	}
}

// i32s returns the elements of an i32 dense array.
func i32s(a ir.Attribute) []int32 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int32, 0, d.Size)
	for i := 0; i+4 <= len(d.Data); i += 4 {
		out = append(out, int32(uint32(d.Data[i])|uint32(d.Data[i+1])<<8|uint32(d.Data[i+2])<<16|uint32(d.Data[i+3])<<24))
	}
	return out
}

// i64s returns the elements of an i64 dense array.
func i64s(a ir.Attribute) []int64 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int64, 0, d.Size)
	for i := 0; i+8 <= len(d.Data); i += 8 {
		var v uint64
		for j := 0; j < 8; j++ {
			v |= uint64(d.Data[i+j]) << (8 * j)
		}
		out = append(out, int64(v))
	}
	return out
}

func printGEPIndices(p ir.OpAsmPrinter, op *ir.Operation, args []*irdl.CustomArg) {
	dyn := args[0].Values
	k := 0
	for i, c := range i32s(args[1].Attr) {
		if i > 0 {
			p.WriteString(", ")
		}
		if c == dynamicIndex && k < len(dyn) {
			p.PrintOperand(dyn[k])
			k++
			continue
		}
		p.WriteString(strconv.Itoa(int(c)))
	}
}

func parseGEPIndices(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	var raw []int32
	var ops []ir.UnresolvedOperand
	for {
		if u, ok := p.ParseOptionalOperand(); ok {
			ops = append(ops, u)
			raw = append(raw, dynamicIndex)
		} else {
			pos := p.CurrentPos()
			a, ok := p.ParseOptionalAttribute(p.Context().I(32))
			ia, isInt := a.(*ir.IntegerAttr)
			if !ok || !isInt {
				return false, p.ErrorAt(pos, "expected SSA value or integer")
			}
			raw = append(raw, int32(ia.Lo))
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	args[0].Operands = ops
	args[1].Attr = p.Context().DenseI32Array(raw...)
	return true, nil
}

// elementAt returns the type at position pos inside the aggregate t, or
// upstream's message for a position that does not fit it
// (getInsertExtractValueElementType).
func elementAt(t ir.Type, pos []int64) (ir.Type, string) {
	if len(pos) == 0 {
		return nil, "expected a non-empty position"
	}
	for _, i := range pos {
		switch a := t.(type) {
		case *ArrayType:
			if i < 0 || uint64(i) >= a.Len {
				return nil, "position out of bounds: " + strconv.FormatInt(i, 10)
			}
			t = a.Elem
		case *StructType:
			if i < 0 || int(i) >= len(a.Fields) {
				return nil, "position out of bounds: " + strconv.FormatInt(i, 10)
			}
			t = a.Fields[i]
		default:
			return nil, "expected LLVM IR structure/array type, got: '" + typeStr(t) + "'"
		}
	}
	return t, ""
}

func parseInsertExtractValueElementType(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	var container ir.Type
	if len(args[1].Types) > 0 {
		container = args[1].Types[0]
	}
	t, msg := elementAt(container, i64s(args[2].Attr))
	if t == nil {
		return false, p.ErrorAt(p.CurrentPos(), msg)
	}
	args[0].Types = []ir.Type{t}
	return true, nil
}

func flagValue(a ir.Attribute) uint64 {
	if ia, ok := a.(*ir.IntegerAttr); ok {
		return ia.Lo
	}
	return 0
}

// printOverflowFlags prints ` overflow<nsw, nuw>` unless no flag is set.
func printOverflowFlags(p ir.OpAsmPrinter, op *ir.Operation, args []*irdl.CustomArg) {
	f := IntegerOverflowFlags(flagValue(args[0].Attr))
	if f == IntegerOverflowFlagsNone {
		return
	}
	p.WriteString(" overflow<" + f.String() + ">")
}

func parseOverflowFlags(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	if !p.ParseOptionalKeyword("overflow") {
		return true, nil
	}
	p.ParsePunct("<")
	var f uint64
	for {
		pos := p.CurrentPos()
		kw, _ := p.ParseOptionalKeywordAny()
		switch kw {
		case "nsw":
			f |= uint64(IntegerOverflowFlagsNsw)
		case "nuw":
			f |= uint64(IntegerOverflowFlagsNuw)
		case "none":
		default:
			return false, p.ErrorAt(pos, "expected one of [none, nsw, nuw] for LLVM integer overflow flags")
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(">")
	args[0].Attr = p.Context().IntegerAttr(p.Context().I(32), int64(f))
	return true, nil
}

// printGEPNoWrapFlags prints the flags of a GEP followed by a space,
// nothing when none is set.
func printGEPNoWrapFlags(p ir.OpAsmPrinter, op *ir.Operation, args []*irdl.CustomArg) {
	f := GEPNoWrapFlags(flagValue(args[0].Attr))
	if f == GEPNoWrapFlagsNone {
		return
	}
	p.WriteString(f.String() + " ")
}

func parseGEPNoWrapFlags(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	var f uint64
	any := false
	for {
		matched := false
		for _, c := range []GEPNoWrapFlags{GEPNoWrapFlagsInbounds, GEPNoWrapFlagsNusw, GEPNoWrapFlagsNuw, GEPNoWrapFlagsInboundsFlag} {
			if p.ParseOptionalKeyword(c.String()) {
				f |= uint64(c)
				matched, any = true, true
				break
			}
		}
		if !matched || !p.ParseOptionalPunct("|") {
			break
		}
	}
	if any {
		args[0].Attr = p.Context().IntegerAttr(p.Context().I(32), int64(f))
	}
	return true, nil
}
