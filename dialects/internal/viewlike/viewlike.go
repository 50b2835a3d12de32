// Package viewlike holds what MLIR's view-like operations share (the
// memref, tensor and linalg dialects' subviews, slices and reshapes): the
// custom directive DynamicIndexList, which reads and writes the mixed
// static/dynamic index lists `[%a, 4, %b]`, the mixed-value helpers of
// OffsetSizeAndStrideOpInterface and its verifier, and the strides and
// offset of a memref type's layout.
//
// Static values live in a DenseI64ArrayAttr in which ir.Dynamic (MLIR's
// ShapedType::kDynamic) marks a position taken by the next dynamic SSA
// value.
package viewlike

import (
	"encoding/binary"
	"strconv"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// Delimiter is the bracket pair around a dynamic index list (MLIR's
// AsmParser::Delimiter).
type Delimiter int

// The delimiters a dynamic index list may use.
const (
	// Square is `[...]`, the default.
	Square Delimiter = iota
	// Paren is `(...)`.
	Paren
	// LessGreater is `<...>`.
	LessGreater
	// Braces is `{...}`.
	Braces
	// None is a bare comma-separated list of at least one element.
	None
)

func (d Delimiter) open() string {
	return [...]string{"[", "(", "<", "{", ""}[d]
}

func (d Delimiter) close() string {
	return [...]string{"]", ")", ">", "}", ""}[d]
}

// ParseDelimiter reads a delimiter as a format's literal argument names it:
// "square", "paren", "less-greater", "braces" or "none", in any case, or
// ODS's spelling "::mlir::AsmParser::Delimiter::Paren".
func ParseDelimiter(s string) (Delimiter, bool) {
	if i := strings.LastIndex(s, "::"); i >= 0 {
		s = s[i+2:]
	}
	switch strings.ToLower(strings.ReplaceAll(s, "-", "")) {
	case "square", "optionalsquare":
		return Square, true
	case "paren", "optionalparen":
		return Paren, true
	case "lessgreater", "optionallessgreater":
		return LessGreater, true
	case "braces", "optionalbraces":
		return Braces, true
	case "none":
		return None, true
	}
	return Square, false
}

// IndexList is a parsed dynamic index list.
type IndexList struct {
	// Values are the dynamic entries, in order.
	Values []ir.UnresolvedOperand
	// Static holds one entry per element: the integer, or ir.Dynamic for
	// an SSA value.
	Static []int64
	// Scalable flags each element written in `[...]`.
	Scalable []bool
	// Types are the types written after dynamic values (`%v : index`)
	// when the list was parsed with types.
	Types []ir.Type
}

// ParseDynamicIndexList reads a list such as `[%a, 4, [8], %b]` (MLIR's
// parseDynamicIndexList). With withTypes each SSA value is followed by
// `: type`. A malformed list is reported as "expected SSA value or
// integer" at the list's start, after the underlying message.
func ParseDynamicIndexList(p ir.OpAsmParser, delim Delimiter, withTypes bool) (*IndexList, error) {
	start := p.CurrentPos()
	l := &IndexList{Static: []int64{}, Scalable: []bool{}}
	fail := func() (*IndexList, error) {
		return nil, p.ErrorAt(start, "expected SSA value or integer")
	}
	element := func() bool {
		u, isValue := p.ParseOptionalOperand()
		scalable := p.ParseOptionalPunct("[")
		l.Scalable = append(l.Scalable, scalable)
		if isValue {
			l.Values = append(l.Values, u)
			l.Static = append(l.Static, ir.Dynamic)
			if withTypes {
				p.ParsePunct(":")
				l.Types = append(l.Types, p.ParseType())
			}
		} else {
			v, ok := p.ParseOptionalInteger()
			if !ok {
				return false
			}
			l.Static = append(l.Static, v)
		}
		if scalable && !p.ParseOptionalPunct("]") {
			return false
		}
		return true
	}
	if delim != None {
		if !p.ParseOptionalPunct(delim.open()) {
			return fail()
		}
		if p.ParseOptionalPunct(delim.close()) {
			return l, nil
		}
	}
	for {
		if !element() {
			return fail()
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	if delim != None && !p.ParseOptionalPunct(delim.close()) {
		return fail()
	}
	return l, nil
}

// PrintDynamicIndexList writes a list as MLIR's printDynamicIndexList:
// static entries as integers, ir.Dynamic entries as the next value of
// values (followed by ` : type` when printTypes), scalable entries in
// `[...]`.
func PrintDynamicIndexList(p ir.OpAsmPrinter, values []ir.Value, static []int64, scalable []bool, printTypes bool, delim Delimiter) {
	p.WriteString(delim.open())
	dyn := 0
	for i, v := range static {
		if i > 0 {
			p.WriteString(", ")
		}
		sc := i < len(scalable) && scalable[i]
		if sc {
			p.WriteString("[")
		}
		if v == ir.Dynamic && dyn < len(values) {
			p.PrintOperand(values[dyn])
			if printTypes {
				p.WriteString(" : ")
				p.PrintType(values[dyn].Type())
			}
			dyn++
		} else {
			p.WriteString(strconv.FormatInt(v, 10))
		}
		if sc {
			p.WriteString("]")
		}
	}
	p.WriteString(delim.close())
}

var registerOnce sync.Once

// Register makes the custom directive DynamicIndexList available to
// formats loaded afterwards; dialects call it before irdl.Load, and calls
// after the first do nothing. The directive's arguments are, in order:
// the variadic operand of the dynamic values, the DenseI64ArrayAttr
// property of the static values, optionally a DenseBoolArrayAttr property
// of the scalable flags, optionally `type($values)` (values are then
// written `%v : type`), and optionally a literal naming the delimiter
// (see ParseDelimiter), e.g.
//
//	custom<DynamicIndexList>($offsets, $static_offsets)
//	custom<DynamicIndexList>($sizes, $static_sizes, `paren`)
func Register() {
	registerOnce.Do(func() {
		irdl.RegisterCustomDirective("DynamicIndexList", parseDirective, printDirective)
	})
}

// directiveArgs sorts a directive's arguments into their roles.
type directiveArgs struct {
	values, static, scalable, types *irdl.CustomArg
	delim                           Delimiter
}

func sortArgs(args []*irdl.CustomArg) directiveArgs {
	var d directiveArgs
	for _, a := range args {
		switch {
		case a.Kind == "operand" && d.values == nil:
			d.values = a
		case a.Kind == "attr" && d.static == nil:
			d.static = a
		case a.Kind == "attr":
			d.scalable = a
		case a.Kind == "type":
			d.types = a
		case a.Kind == "literal":
			d.delim, _ = ParseDelimiter(strings.Trim(a.Name, "\""))
		}
	}
	return d
}

func parseDirective(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	d := sortArgs(args)
	l, err := ParseDynamicIndexList(p, d.delim, d.types != nil)
	if err != nil {
		return false, err
	}
	ctx := p.Context()
	if d.values != nil {
		d.values.Operands = l.Values
	}
	if d.static != nil {
		d.static.Attr = ctx.DenseI64Array(l.Static...)
	}
	if d.scalable != nil {
		d.scalable.Attr = DenseBoolArray(ctx, l.Scalable...)
	}
	if d.types != nil {
		d.types.Types = l.Types
	}
	return true, nil
}

func printDirective(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	d := sortArgs(args)
	var values []ir.Value
	if d.values != nil {
		values = d.values.Values
	}
	var static []int64
	if d.static != nil {
		static = I64s(d.static.Attr)
	}
	var scalable []bool
	if d.scalable != nil {
		scalable = Bools(d.scalable.Attr)
	}
	PrintDynamicIndexList(p, values, static, scalable, d.types != nil, d.delim)
}

// I64s returns the elements of a DenseI64ArrayAttr (nil for any other
// attribute).
func I64s(a ir.Attribute) []int64 {
	da, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	it, ok := da.Elem.(*ir.IntegerType)
	if !ok || it.Width != 64 || len(da.Data) < 8*da.Size {
		return nil
	}
	out := make([]int64, da.Size)
	for i := range out {
		out[i] = int64(binary.LittleEndian.Uint64(da.Data[8*i:]))
	}
	return out
}

// Bools returns the elements of a DenseBoolArrayAttr (nil for any other
// attribute).
func Bools(a ir.Attribute) []bool {
	da, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	it, ok := da.Elem.(*ir.IntegerType)
	if !ok || it.Width != 1 || len(da.Data) < da.Size {
		return nil
	}
	out := make([]bool, da.Size)
	for i := range out {
		out[i] = da.Data[i] != 0
	}
	return out
}

// DenseBoolArray returns array<i1: vals...>.
func DenseBoolArray(ctx *ir.Context, vals ...bool) *ir.DenseArrayAttr {
	data := make([]byte, len(vals))
	for i, v := range vals {
		if v {
			data[i] = 1
		}
	}
	return ctx.DenseArrayAttr(ctx.I(1), len(vals), data)
}
