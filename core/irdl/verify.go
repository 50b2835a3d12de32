package irdl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

func countCheck(op *ir.Operation, n int, hasVar bool, got int, what string) error {
	switch what {
	case "operand":
		switch {
		case hasVar && n == 0:
		case hasVar && got < n:
			return ir.OpError(op, fmt.Sprintf("expected %d or more operands, but found %d", n, got))
		case hasVar:
		case n == 0 && got != 0:
			return ir.OpError(op, "requires zero operands")
		case n == 1 && got != 1:
			return ir.OpError(op, "requires a single operand")
		case got != n:
			return ir.OpError(op, fmt.Sprintf("expected %d operands, but found %d", n, got))
		}
	case "result":
		switch {
		case hasVar && n == 0:
		case hasVar && got < n:
			return ir.OpError(op, fmt.Sprintf("expected %d or more results", n))
		case hasVar:
		case n == 0 && got != 0:
			return ir.OpError(op, "requires zero results")
		case n == 1 && got != 1:
			return ir.OpError(op, "requires one result")
		case got != n:
			return ir.OpError(op, fmt.Sprintf("expected %d results", n))
		}
	case "region":
		switch {
		case hasVar && n == 0:
		case hasVar && got < n:
			return ir.OpError(op, fmt.Sprintf("expected %d or more regions", n))
		case hasVar:
		case n == 0 && got != 0:
			return ir.OpError(op, "requires zero regions")
		case n == 1 && got != 1:
			return ir.OpError(op, "requires one region")
		case got != n:
			return ir.OpError(op, fmt.Sprintf("expected %d regions", n))
		}
	case "successor":
		switch {
		case hasVar && n == 0:
		case hasVar && got < n:
			return ir.OpError(op, fmt.Sprintf("requires at least %d successors but found %d", n, got))
		case hasVar:
		case n == 1 && got != 1:
			return ir.OpError(op, fmt.Sprintf("requires 1 successor but found %d", got))
		case got != n:
			return ir.OpError(op, fmt.Sprintf("requires %d successors but found %d", n, got))
		}
	}
	return nil
}

func fixedCount(vs []*valueDef) (int, bool) {
	n, v := 0, false
	for _, x := range vs {
		if x.mod == single {
			n++
		} else {
			v = true
		}
	}
	return n, v
}

func typeStr(t ir.Type) string { return asm.TypeString(t) }

// verifySegments checks a segment sizes property (OpTrait's
// verifyValueSizeAttr).
func verifySegments(op *ir.Operation, defs []*valueDef, name, group string, count int) error {
	a := op.InherentAttr(name)
	if a == nil {
		return ir.OpError(op, "requires attribute '"+name+"'")
	}
	da, ok := a.(*ir.DenseArrayAttr)
	if !ok || da.Elem != ir.Type(op.Context().I(32)) {
		return ir.OpError(op, "attribute '"+name+"' failed to satisfy constraint: i32 dense array attribute")
	}
	if da.Size != len(defs) {
		return ir.OpError(op, fmt.Sprintf("'%s' attribute for specifying %s segments must have %d elements, but got %d", name, group, len(defs), da.Size))
	}
	total := 0
	for i := 0; i < da.Size; i++ {
		v := int32(uint32(da.Data[4*i]) | uint32(da.Data[4*i+1])<<8 | uint32(da.Data[4*i+2])<<16 | uint32(da.Data[4*i+3])<<24)
		if v < 0 {
			return ir.OpError(op, "'"+name+"' attribute cannot have negative elements")
		}
		total += int(v)
	}
	if total != count {
		return ir.OpError(op, fmt.Sprintf("%s count (%d) does not match with the total size (%d) specified in attribute '%s'", group, count, total, name))
	}
	return nil
}

// verifyInherentAttrs checks the properties given in attrs against their
// constraints, in the order the verifier checks them (OpDef's
// VerifyInherentAttrs).
func (o *opDef) verifyInherentAttrs(attrs []ir.NamedAttr) error {
	for _, p := range o.props {
		for _, a := range attrs {
			if a.Name == p.name && a.Value != nil && !p.c.pred(a.Value) {
				return errors.New("attribute '" + p.name + "' failed to satisfy constraint: " + p.c.summary)
			}
		}
	}
	return nil
}

// verify is the operation verifier built from the definition, in the
// order of ODS's generated verifiers: counts, then properties, operands,
// results, regions, equality constraints, then the verifying traits.
func (o *opDef) verify(op *ir.Operation) error {
	if err := countCheck(op, o.nRegions, o.varRegions, op.NumRegions(), "region"); err != nil {
		return err
	}
	if err := countCheck(op, o.nResults, o.varResults, op.NumResults(), "result"); err != nil {
		return err
	}
	if err := countCheck(op, o.nSuccs, o.varSuccs, op.NumSuccessors(), "successor"); err != nil {
		return err
	}
	if err := countCheck(op, o.nOperands, o.varOperands, op.NumOperands(), "operand"); err != nil {
		return err
	}
	// Properties: presence, then constraints.
	for _, p := range o.props {
		if !p.optional && p.def == nil && op.InherentAttr(p.name) == nil {
			return ir.OpError(op, "requires attribute '"+p.name+"'")
		}
	}
	for _, p := range o.props {
		if a := op.InherentAttr(p.name); a != nil && !p.c.pred(a) {
			return ir.OpError(op, "attribute '"+p.name+"' failed to satisfy constraint: "+p.c.summary)
		}
	}
	if o.segOperands {
		if err := verifySegments(op, o.operands, "operandSegmentSizes", "operand", op.NumOperands()); err != nil {
			return err
		}
	}
	if o.segResults {
		if err := verifySegments(op, o.results, "resultSegmentSizes", "result", op.NumResults()); err != nil {
			return err
		}
	}
	// The view keeps its group ranges in buffers on this stack frame.
	var opsBuf, resBuf [8][2]int
	opsR, resR := o.ranges(op, opsBuf[:0], resBuf[:0])
	index := 0
	for i, d := range o.operands {
		r := opsR[i]
		if d.mod == optional && r[1]-r[0] > 1 {
			return ir.OpError(op, fmt.Sprintf("operand group starting at #%d requires 0 or 1 element, but found %d", r[0], r[1]-r[0]))
		}
		for k := r[0]; k < r[1]; k++ {
			if t := op.Operand(k).Type(); !d.c.pred(t) {
				return ir.OpError(op, fmt.Sprintf("operand #%d must be %s, but got '%s'", index, d.summary(), typeStr(t)))
			}
			index++
		}
	}
	index = 0
	for i, d := range o.results {
		r := resR[i]
		if d.mod == optional && r[1]-r[0] > 1 {
			return ir.OpError(op, fmt.Sprintf("result group starting at #%d requires 0 or 1 element, but found %d", r[0], r[1]-r[0]))
		}
		for k := r[0]; k < r[1]; k++ {
			if t := op.Result(k).Type(); !d.c.pred(t) {
				return ir.OpError(op, fmt.Sprintf("result #%d must be %s, but got '%s'", index, d.summary(), typeStr(t)))
			}
			index++
		}
	}
	ri := 0
	for _, rd := range o.regions {
		cnt := 1
		if rd.variadic {
			cnt = op.NumRegions() - o.nRegions
		}
		for k := 0; k < cnt && ri < op.NumRegions(); k++ {
			if rd.blocks >= 0 && op.Region(ri).NumBlocks() != rd.blocks {
				return ir.OpError(op, fmt.Sprintf("region #%d ('%s') failed to verify constraint: region with %d blocks", ri, rd.name, rd.blocks))
			}
			ri++
		}
	}
	// Equality variables.
	for _, ev := range o.vars {
		var first ir.Type
		same := true
		for i, d := range o.operands {
			if d.c.v == ev {
				r := opsR[i]
				for k := r[0]; k < r[1]; k++ {
					sameType(&first, &same, op.Operand(k).Type())
				}
			}
		}
		for i, d := range o.results {
			if d.c.v == ev {
				r := resR[i]
				for k := r[0]; k < r[1]; k++ {
					sameType(&first, &same, op.Result(k).Type())
				}
			}
		}
		if !same {
			var names []string
			for _, d := range o.operands {
				if d.c.v == ev {
					names = append(names, d.name)
				}
			}
			for _, d := range o.results {
				if d.c.v == ev {
					names = append(names, d.name)
				}
			}
			return ir.OpError(op, "failed to verify that all of {"+strings.Join(names, ", ")+"} have same type")
		}
	}
	for _, c := range o.checks {
		if c.kind != tAllTypesMatch {
			continue
		}
		var first ir.Type
		same := true
		for _, n := range c.names {
			if i := indexOf(o.operands, n); i >= 0 {
				r := opsR[i]
				for k := r[0]; k < r[1]; k++ {
					sameType(&first, &same, op.Operand(k).Type())
				}
			} else if i := indexOf(o.results, n); i >= 0 {
				r := resR[i]
				for k := r[0]; k < r[1]; k++ {
					sameType(&first, &same, op.Result(k).Type())
				}
			} else if ta, ok := op.InherentAttr(n).(ir.TypedAttr); ok {
				t := ta.AttrType()
				if t == nil {
					// An untyped string attribute has type none, as in MLIR.
					t = op.Context().NoneType()
				}
				sameType(&first, &same, t)
			}
		}
		if !same {
			return ir.OpError(op, "failed to verify that all of {"+strings.Join(c.names, ", ")+"} have same type")
		}
	}
	for _, c := range o.checks {
		if c.kind != tTypesMatchWith {
			continue
		}
		from, to := o.member(c.names[0]), o.member(c.names[1])
		view := opView{o: o, op: op, operands: opsR, results: resR}
		ft, tt := view.memberTypes(*from), view.memberTypes(*to)
		if len(ft) == 1 && len(tt) == 1 && c.transform(op.Context(), ft[0]) != tt[0] {
			return ir.OpError(op, "failed to verify that "+c.summary)
		}
	}
	for _, c := range o.checks {
		if err := o.verifyTrait(op, c); err != nil {
			return err
		}
	}
	return nil
}

// summary describes what the operand or result group d accepts, as ODS's
// Variadic describes its element constraint.
func (d *valueDef) summary() string {
	if d.mod != variadic {
		return d.c.summary
	}
	if d.c.summary == "" {
		return "variadic"
	}
	return "variadic of " + d.c.summary
}

// sameType records t in a running equality check: first is the first
// type seen, same turns false at the first type that differs.
func sameType(first *ir.Type, same *bool, t ir.Type) {
	if *first == nil {
		*first = t
	} else if t != *first {
		*same = false
	}
}

func elementTypeOrSelf(t ir.Type) ir.Type {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ElementType()
	}
	// A type of the language with an elementType parameter (such as
	// !gpu.mma_matrix) has elements of that type.
	if d, ok := t.(*DynType); ok {
		if e, ok := d.Param("elementType").(ir.Type); ok {
			return e
		}
	}
	return t
}

// compatibleShapes is MLIR's verifyCompatibleShape: scalars match
// scalars, unranked shapes match any shaped type, ranked shapes match
// when ranks agree and static dimensions are equal.
func compatibleShapes(a, b ir.Type) bool {
	sa, aok := a.(ir.ShapedType)
	sb, bok := b.(ir.ShapedType)
	if !aok || !bok {
		return !aok && !bok
	}
	da, ra := sa.ShapeDims()
	db, rb := sb.ShapeDims()
	if !ra || !rb {
		return true
	}
	if len(da) != len(db) {
		return false
	}
	for i := range da {
		if da[i] != db[i] && da[i] != ir.Dynamic && db[i] != ir.Dynamic {
			return false
		}
	}
	return true
}

func atLeastOneOperandAndResult(op *ir.Operation) error {
	if op.NumOperands() < 1 {
		return ir.OpError(op, fmt.Sprintf("expected 1 or more operands, but found %d", op.NumOperands()))
	}
	if op.NumResults() < 1 {
		return ir.OpError(op, "expected 1 or more results")
	}
	return nil
}

func (o *opDef) verifyTrait(op *ir.Operation, c traitCheck) error {
	switch c.kind {
	case tSameTypeOperands:
		for i := 1; i < op.NumOperands(); i++ {
			if op.Operand(i).Type() != op.Operand(0).Type() {
				return ir.OpError(op, "requires all operands to have the same type")
			}
		}
	case tSameOperandsAndResultType:
		if err := atLeastOneOperandAndResult(op); err != nil {
			return err
		}
		t := op.Result(0).Type()
		et := elementTypeOrSelf(t)
		for i, n := 1, op.NumResults()+op.NumOperands(); i < n; i++ {
			var x ir.Type
			if i < op.NumResults() {
				x = op.Result(i).Type()
			} else {
				x = op.Operand(i - op.NumResults()).Type()
			}
			if x == t {
				continue
			}
			if elementTypeOrSelf(x) != et || !compatibleShapes(x, t) {
				return ir.OpError(op, "requires the same type for all operands and results")
			}
		}
	case tSameOperandsAndResultShape:
		if err := atLeastOneOperandAndResult(op); err != nil {
			return err
		}
		t := op.Operand(0).Type()
		for _, x := range append(op.OperandTypes(), op.ResultTypes()...) {
			if !compatibleShapes(x, t) {
				return ir.OpError(op, "requires the same shape for all operands and results")
			}
		}
	case tSameOperandsAndResultElementType:
		if err := atLeastOneOperandAndResult(op); err != nil {
			return err
		}
		et := elementTypeOrSelf(op.Result(0).Type())
		for _, x := range append(op.ResultTypes(), op.OperandTypes()...) {
			if elementTypeOrSelf(x) != et {
				return ir.OpError(op, "requires the same element type for all operands and results")
			}
		}
	case tHasParent:
		if p := op.ParentOp(); p != nil {
			for _, n := range c.names {
				if p.Name() == n {
					return nil
				}
			}
		}
		if len(c.names) == 1 {
			return ir.OpError(op, "expects parent op '"+c.names[0]+"'")
		}
		return ir.OpError(op, "expects parent op to be one of '"+strings.Join(c.names, ", ")+"'")
	case tImplicitTerminator:
		term := c.names[0]
		for i := 0; i < op.NumRegions(); i++ {
			r := op.Region(i)
			b := r.First()
			if b == nil {
				continue
			}
			last := b.Last()
			if last != nil && last.Name() == term {
				continue
			}
			found := "<<NULL OP>>"
			if last != nil {
				found = last.Name()
			}
			d := ir.OpError(op, "expects regions to end with '"+term+"', found '"+found+"'")
			d.Note(op.Loc(), "in custom textual format, the absence of terminator implies '"+term+"'")
			return d
		}
	}
	return nil
}

// effectsOf returns the declared memory effects of op.
func (o *opDef) effectsOf(op *ir.Operation) []ir.MemoryEffect {
	if len(o.effects) == 0 {
		return nil
	}
	view := newOpView(o, op)
	var out []ir.MemoryEffect
	for _, e := range o.effects {
		switch {
		case e.operand >= 0:
			for _, v := range view.operandGroup(e.operand) {
				out = append(out, ir.MemoryEffect{Kind: e.kind, Value: v})
			}
		case e.result >= 0:
			for _, v := range view.resultGroup(e.result) {
				out = append(out, ir.MemoryEffect{Kind: e.kind, Value: v})
			}
		default:
			out = append(out, ir.MemoryEffect{Kind: e.kind})
		}
	}
	return out
}

func (v *opView) memberTypes(m member) []ir.Type {
	switch m.kind {
	case 0:
		return valueTypes(v.operandGroup(m.index))
	case 1:
		return valueTypes(v.resultGroup(m.index))
	}
	if ta, ok := v.prop(m.index).(ir.TypedAttr); ok {
		return []ir.Type{ta.AttrType()}
	}
	return nil
}
