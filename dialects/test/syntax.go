package test

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

// printRegionIf prints test.region_if as TestOpDefs.cpp does:
//
//	test.region_if %a, %b : T1, T2 -> (R) then {...} else {...} join {...}
//
// with every region's entry block arguments and terminators. Like
// upstream's printer it prints no attributes.
func printRegionIf(p ir.OpAsmPrinter, op RegionIfOp) {
	p.WriteString(" ")
	ir.PrintOperandList(p, op.Operands())
	p.WriteString(": ")
	ir.PrintTypeList(p, op.OperandTypes())
	if ts := op.ResultTypes(); len(ts) > 0 {
		p.WriteString(" -> ")
		_, fn := ts[0].(*ir.FunctionType)
		wrap := len(ts) > 1 || fn
		if wrap {
			p.WriteString("(")
		}
		ir.PrintTypeList(p, ts)
		if wrap {
			p.WriteString(")")
		}
	}
	for i, kw := range []string{" then ", " else ", " join "} {
		p.WriteString(kw)
		p.PrintRegion(op.Region(i), true, true)
	}
}

// parseRegionIf parses test.region_if's custom form: an operand list, a
// colon and at least one type, an arrow and the result types (a single
// type or a parenthesized list), and the three regions after the
// keywords then, else and join.
func parseRegionIf(p ir.OpAsmParser, st *ir.OperationState) error {
	var uses []ir.UnresolvedOperand
	if u, ok := p.ParseOptionalOperand(); ok {
		uses = append(uses, u)
		for p.ParseOptionalPunct(",") {
			uses = append(uses, p.ParseOperand())
		}
	}
	p.ParsePunct(":")
	types := []ir.Type{p.ParseType()}
	for p.ParseOptionalPunct(",") {
		types = append(types, p.ParseType())
	}
	p.ParsePunct("->")
	if p.ParseOptionalPunct("(") {
		if !p.ParseOptionalPunct(")") {
			st.ResultTypes = append(st.ResultTypes, p.ParseType())
			for p.ParseOptionalPunct(",") {
				st.ResultTypes = append(st.ResultTypes, p.ParseType())
			}
			p.ParsePunct(")")
		}
	} else {
		st.ResultTypes = append(st.ResultTypes, p.ParseType())
	}
	for _, kw := range []string{"then", "else", "join"} {
		if !p.ParseOptionalKeyword(kw) {
			return p.Errorf("expected '%s'", kw)
		}
		r := &ir.Region{}
		p.ParseRegion(r, nil)
		st.Regions = append(st.Regions, r)
	}
	if len(uses) != len(types) {
		return p.Errorf("%s", fmt.Sprintf("custom op 'test.region_if' number of operands and types do not match: got %d operands and %d types", len(uses), len(types)))
	}
	for i, u := range uses {
		st.Operands = append(st.Operands, p.ResolveOperand(u, types[i]))
	}
	return nil
}
