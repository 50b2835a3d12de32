package llvm

import (
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// constantRangePrefix is the full form of the range attribute that the
// special register operations of nvvm and rocdl print stripped.
const constantRangePrefix = "#llvm.constant_range"

// ParseStrippedConstantRange is a custom directive that reads a
// #llvm.constant_range written in full or stripped of its prefix
// (`<i32, 0, 1024>`), as the special register operations of nvvm and
// rocdl write their range property.
func ParseStrippedConstantRange(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	if a, ok := p.ParseOptionalAttribute(nil); ok {
		args[0].Attr = a
		return true, nil
	}
	pos := p.CurrentPos()
	if !p.ParseOptionalPunct("<") {
		return false, nil
	}
	var parts []string
	for {
		t, ok := p.ParseOptionalType()
		if ok {
			parts = append(parts, ir.TypeString(t))
		} else if a, ok := p.ParseOptionalAttribute(p.Context().I(64)); ok {
			ia, isInt := a.(*ir.IntegerAttr)
			if !isInt {
				return false, p.ErrorAt(pos, "expected an integer bound of the range")
			}
			parts = append(parts, strconv.FormatInt(ia.Int64(), 10))
		} else {
			return false, p.ErrorAt(p.CurrentPos(), "expected the type or a bound of the range")
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(">")
	a, err := asm.ParseAttrString(p.Context(), constantRangePrefix+"<"+strings.Join(parts, ", ")+">", nil)
	if err != nil {
		return false, p.ErrorAt(pos, err.Error())
	}
	args[0].Attr = a
	return true, nil
}

// PrintStrippedConstantRange writes what ParseStrippedConstantRange reads:
// a #llvm.constant_range without its prefix.
func PrintStrippedConstantRange(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	s := ir.AttrString(args[0].Attr)
	if body, ok := strings.CutPrefix(s, constantRangePrefix); ok {
		p.WriteString(body)
		return
	}
	p.PrintAttribute(args[0].Attr)
}
