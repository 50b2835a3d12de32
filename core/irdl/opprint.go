package irdl

import (
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// groupRanges splits n values into the groups of defs: one value per
// single entry, the rest shared by the optional and variadic ones, using
// the segment sizes when there are several of them. It never panics on
// malformed operations.
func groupRanges(defs []*valueDef, n int, segs *ir.DenseArrayAttr) [][2]int {
	return appendGroupRanges(make([][2]int, 0, len(defs)), defs, n, segs)
}

// appendGroupRanges is groupRanges writing into out's storage, so that
// callers can pass a buffer on their stack.
func appendGroupRanges(out [][2]int, defs []*valueDef, n int, segs *ir.DenseArrayAttr) [][2]int {
	out = append(out[:0], make([][2]int, len(defs))...)
	if segs != nil && segmented(defs) && segs.Size == len(defs) {
		start := 0
		for i := range defs {
			sz := int(int32(uint32(segs.Data[4*i]) | uint32(segs.Data[4*i+1])<<8 | uint32(segs.Data[4*i+2])<<16 | uint32(segs.Data[4*i+3])<<24))
			if sz < 0 {
				sz = 0
			}
			end := start + sz
			if end > n {
				end = n
			}
			if start > n {
				start = n
			}
			out[i] = [2]int{start, end}
			start += sz
		}
		return out
	}
	// Without sizes, the only (or first) optional or variadic entry takes
	// what the single ones leave.
	fixed := 0
	for _, d := range defs {
		if d.mod == single {
			fixed++
		}
	}
	varSize := n - fixed
	if varSize < 0 {
		varSize = 0
	}
	start := 0
	first := true
	for i, d := range defs {
		sz := 1
		if d.mod != single {
			sz = 0
			if first {
				sz = varSize
				first = false
			}
		}
		end := start + sz
		if end > n {
			end = n
		}
		s := start
		if s > n {
			s = n
		}
		out[i] = [2]int{s, end}
		start += sz
	}
	return out
}

func segAttr(op *ir.Operation, name string) *ir.DenseArrayAttr {
	a, _ := op.InherentAttr(name).(*ir.DenseArrayAttr)
	return a
}

// opView gives a format access to an operation's values by group.
type opView struct {
	o        *opDef
	op       *ir.Operation
	operands [][2]int
	results  [][2]int
	// Scratch storage of a pooled printing view, for what print hands to
	// the printer and does not keep: an operand group, a type list and the
	// names of elided attributes.
	vals   []ir.Value
	types  []ir.Type
	elided []string
	// custom holds the arguments of the custom directive being printed.
	custom customArgStore
}

// printViews holds the views the printer reuses, with their group range
// storage: printing allocates no view per operation.
var printViews = sync.Pool{New: func() any { return new(opView) }}

func newOpView(o *opDef, op *ir.Operation) *opView {
	v := &opView{o: o, op: op}
	v.init(o, op, nil, nil)
	return v
}

// init fills v for op.
func (v *opView) init(o *opDef, op *ir.Operation, opsBuf, resBuf [][2]int) {
	v.o, v.op = o, op
	v.operands, v.results = o.ranges(op, opsBuf, resBuf)
}

// ranges returns the group ranges of op's operands and results, kept in
// opsBuf and resBuf when they are large enough (so that buffers on the
// caller's stack make it allocation-free).
func (o *opDef) ranges(op *ir.Operation, opsBuf, resBuf [][2]int) (operands, results [][2]int) {
	var segs *ir.DenseArrayAttr
	if o.segOperands {
		segs = segAttr(op, "operandSegmentSizes")
	}
	operands = appendGroupRanges(opsBuf, o.operands, op.NumOperands(), segs)
	segs = nil
	if o.segResults {
		segs = segAttr(op, "resultSegmentSizes")
	}
	return operands, appendGroupRanges(resBuf, o.results, op.NumResults(), segs)
}

func (v *opView) operandGroup(i int) []ir.Value {
	r := v.operands[i]
	var out []ir.Value
	for k := r[0]; k < r[1]; k++ {
		out = append(out, v.op.Operand(k))
	}
	return out
}

func (v *opView) resultGroup(i int) []ir.Value {
	r := v.results[i]
	var out []ir.Value
	for k := r[0]; k < r[1]; k++ {
		out = append(out, v.op.Result(k))
	}
	return out
}

func (v *opView) prop(i int) ir.Attribute { return v.op.InherentAttr(v.o.props[i].name) }

func (v *opView) regionGroup(i int) []*ir.Region {
	// Regions: singles take one, a variadic one the rest.
	n := v.op.NumRegions()
	fixed := 0
	for _, r := range v.o.regions {
		if !r.variadic {
			fixed++
		}
	}
	start := 0
	for k, r := range v.o.regions {
		sz := 1
		if r.variadic {
			sz = n - fixed
		}
		if k == i {
			var out []*ir.Region
			for j := start; j < start+sz && j < n; j++ {
				out = append(out, v.op.Region(j))
			}
			return out
		}
		start += sz
	}
	return nil
}

func (v *opView) succGroup(i int) []*ir.Block {
	n := v.op.NumSuccessors()
	fixed := 0
	for _, s := range v.o.succs {
		if !s.variadic {
			fixed++
		}
	}
	start := 0
	for k, s := range v.o.succs {
		sz := 1
		if s.variadic {
			sz = n - fixed
		}
		if k == i {
			var out []*ir.Block
			for j := start; j < start+sz && j < n; j++ {
				out = append(out, v.op.Successor(j))
			}
			return out
		}
		start += sz
	}
	return nil
}

// propPresent reports whether a property anchors its optional group: set,
// and for default-valued properties different from the default.
func (v *opView) propPresent(i int) bool {
	a := v.prop(i)
	if a == nil {
		return false
	}
	if d := v.o.props[i].def; d != nil {
		return a != d
	}
	return true
}

// present reports whether the anchor of an optional group is present.
func (v *opView) present(e *fElem) bool {
	switch e.kind {
	case fVar:
		switch e.vk {
		case vOperand:
			r := v.operands[e.idx]
			return r[1] > r[0]
		case vResult:
			r := v.results[e.idx]
			return r[1] > r[0]
		case vProp:
			return v.propPresent(e.idx)
		case vRegion:
			return len(v.regionGroup(e.idx)) > 0
		case vSuccessor:
			return len(v.succGroup(e.idx)) > 0
		}
	case fType:
		return v.present(e.args[0])
	case fCustom:
		for _, a := range e.args {
			if a.kind == fVar || a.kind == fType {
				if v.present(a) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// printOp prints an operation with its format (OpDef.Print).
func (o *opDef) printOp(p ir.OpAsmPrinter, op *ir.Operation) {
	v := printViews.Get().(*opView)
	v.init(o, op, v.operands, v.results)
	v.printList(p, o.format.elems)
	clear(v.vals[:cap(v.vals)])
	clear(v.types[:cap(v.types)])
	*v = opView{operands: v.operands[:0], results: v.results[:0], vals: v.vals[:0], types: v.types[:0], elided: v.elided[:0]}
	printViews.Put(v)
}

func (v *opView) printList(p ir.OpAsmPrinter, list []*fElem) {
	for _, e := range list {
		v.print(p, e)
	}
}

func valueTypes(vs []ir.Value) []ir.Type {
	out := make([]ir.Type, len(vs))
	for i, x := range vs {
		out[i] = x.Type()
	}
	return out
}

// appendTypes appends the types a type directive argument refers to to
// buf.
func (v *opView) appendTypes(buf []ir.Type, a *fElem) []ir.Type {
	switch a.kind {
	case fOperands:
		for i := 0; i < v.op.NumOperands(); i++ {
			buf = append(buf, v.op.Operand(i).Type())
		}
	case fResults:
		for i := 0; i < v.op.NumResults(); i++ {
			buf = append(buf, v.op.Result(i).Type())
		}
	case fVar:
		if a.vk == vOperand {
			r := v.operands[a.idx]
			for k := r[0]; k < r[1]; k++ {
				buf = append(buf, v.op.Operand(k).Type())
			}
		} else {
			r := v.results[a.idx]
			for k := r[0]; k < r[1]; k++ {
				buf = append(buf, v.op.Result(k).Type())
			}
		}
	}
	return buf
}

// typesOf returns the types a type directive argument refers to.
func (v *opView) typesOf(a *fElem) []ir.Type {
	switch a.kind {
	case fOperands:
		return v.op.OperandTypes()
	case fResults:
		return v.op.ResultTypes()
	case fVar:
		if a.vk == vOperand {
			return valueTypes(v.operandGroup(a.idx))
		}
		return valueTypes(v.resultGroup(a.idx))
	}
	return nil
}

func (v *opView) constraintOf(a *fElem) *valueDef {
	if a.kind != fVar {
		return nil
	}
	if a.vk == vOperand {
		return v.o.operands[a.idx]
	}
	return v.o.results[a.idx]
}

func (v *opView) print(p ir.OpAsmPrinter, e *fElem) {
	o := v.o
	switch e.kind {
	case fLiteral:
		if e.space {
			p.WriteString(" ")
		}
		p.WriteString(e.text)
		return
	case fSpace:
		switch e.text {
		case " ":
			p.WriteString(" ")
		case "\\n":
			p.PrintNewline()
		}
		return
	case fOptional:
		list := e.els
		if v.present(e.anchor) {
			list = e.then
		}
		for _, x := range list {
			if !x.elided {
				v.print(p, x)
			}
		}
		return
	case fOIList:
		for _, cl := range e.clauses {
			present := false
			for _, x := range cl[1:] {
				if (x.kind == fVar || x.kind == fType) && v.present(x) {
					present = true
				}
			}
			if !present {
				continue
			}
			v.print(p, cl[0])
			if !unitClause(cl) {
				v.printList(p, cl[1:])
			}
		}
		return
	case fAttrDict:
		v.printAttrDict(p, e.withKeyword)
		return
	case fPropDict:
		v.printPropDict(p)
		return
	}
	if e.space {
		p.WriteString(" ")
	}
	switch e.kind {
	case fVar:
		switch e.vk {
		case vOperand:
			r := v.operands[e.idx]
			vals := v.vals[:0]
			for k := r[0]; k < r[1]; k++ {
				vals = append(vals, v.op.Operand(k))
			}
			v.vals = vals
			ir.PrintOperandList(p, vals)
		case vProp:
			if a := v.prop(e.idx); a != nil {
				printPropValue(p, o.props[e.idx].c, a, e.qualified)
			}
		case vRegion:
			for i, r := range v.regionGroup(e.idx) {
				if i > 0 {
					p.WriteString(", ")
				}
				v.printRegion(p, r)
			}
		case vSuccessor:
			for i, b := range v.succGroup(e.idx) {
				if i > 0 {
					p.WriteString(", ")
				}
				p.PrintSuccessor(b)
			}
		}
	case fOperands:
		ir.PrintOperandList(p, v.op.Operands())
	case fRegions:
		for i := 0; i < v.op.NumRegions(); i++ {
			if i > 0 {
				p.WriteString(", ")
			}
			v.printRegion(p, v.op.Region(i))
		}
	case fSuccessors:
		for i := 0; i < v.op.NumSuccessors(); i++ {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintSuccessor(v.op.Successor(i))
		}
	case fType:
		a := e.args[0]
		ts := v.appendTypes(v.types[:0], a)
		v.types = ts
		if vd := v.constraintOf(a); vd != nil && vd.mod == single && len(ts) == 1 {
			printTypeValue(p, vd.c, ts[0], e.qualified)
			return
		}
		ir.PrintTypeList(p, ts)
	case fFuncType:
		ir.PrintFunctionalType(p, v.typesOf(e.args[0]), v.typesOf(e.args[1]))
	case fCustom:
		cd, _ := lookupCustom(e.text)
		cd.print(p, v.op, v.customArgs(e))
	}
}

// printTypeValue prints a type as ODS does for a single operand or
// result: stripped of `!dialect.mnemonic` when the constraint names a
// dialect type and the stripped form is not empty.
func printTypeValue(p ir.OpAsmPrinter, c *typeC, t ir.Type, qualified bool) {
	if !qualified && c.class != nil {
		if s := c.class.Strip(t); s != "" {
			p.WriteString(s)
			return
		}
	}
	if !qualified && c.def != nil {
		if dt, ok := t.(*DynType); ok && dt.def == c.def {
			if s := strippedBody(dt); s != "" {
				p.WriteString(s)
				return
			}
		}
	}
	p.PrintType(t)
}

// printPropValue prints a property as ODS prints an attribute variable.
func printPropValue(p ir.OpAsmPrinter, c *attrC, a ir.Attribute, qualified bool) {
	switch {
	case c.enum != nil && c.enum.attr == nil:
		if val, ok := c.enum.valueOf(a); ok {
			if s := c.enum.stringify(val); s != "" {
				p.PrintKeywordOrString(s)
				return
			}
		}
		p.PrintAttribute(a)
	case c.symbolName:
		if s, ok := a.(*ir.StringAttr); ok {
			p.PrintSymbolName(s.Value)
			return
		}
		p.PrintAttribute(a)
	case c.valueType != nil:
		p.PrintAttributeWithoutType(a)
	case qualified:
		p.PrintAttribute(a)
	case c.denseArray != nil:
		da, ok := a.(*ir.DenseArrayAttr)
		if !ok {
			p.PrintAttribute(a)
			return
		}
		p.WriteString("[")
		p.WriteString(denseArrayElems(da))
		p.WriteString("]")
	case c.def != nil:
		if s := strippedBody(a); s != "" {
			if da, ok := a.(*DynAttr); ok && da.def == c.def {
				p.WriteString(s)
				return
			}
		}
		p.PrintAttribute(a)
	default:
		p.PrintAttribute(a)
	}
}

func (v *opView) printRegion(p ir.OpAsmPrinter, r *ir.Region) {
	printTerm := true
	if v.o.implicitTerm != "" {
		if b := r.First(); b != nil {
			if t := b.Last(); t != nil && t.HasTrait(ir.IsTerminator) {
				printTerm = (t.Attrs() != nil && len(t.Attrs().Entries) > 0) || hasProps(t) || t.NumOperands() != 0 || t.NumResults() != 0
			}
		}
	}
	p.PrintRegion(r, true, printTerm)
}

func hasProps(op *ir.Operation) bool {
	d, ok := op.Properties().(*ir.DictionaryAttr)
	return ok && len(d.Entries) > 0
}

// elidedAttrs lists what attr-dict leaves out: the properties the format
// prints, the segment sizes, and default-valued properties at their
// default.
func (v *opView) elidedAttrs() []string {
	o := v.o
	f := o.format
	elided := append(v.elided[:0], f.usedProps...)
	if !f.allOperands && segmented(o.operands) {
		elided = append(elided, "operandSegmentSizes")
	}
	if !f.allResultTypes && segmented(o.results) {
		elided = append(elided, "resultSegmentSizes")
	}
	for i, pd := range o.props {
		if pd.def != nil && v.prop(i) == pd.def {
			elided = append(elided, pd.name)
		}
	}
	v.elided = elided
	return elided
}

func (v *opView) printAttrDict(p ir.OpAsmPrinter, withKeyword bool) {
	var attrs []ir.NamedAttr
	if v.o.format.hasPropDict {
		if d := v.op.Attrs(); d != nil {
			attrs = d.Entries
		}
	} else {
		attrs = v.op.AllAttrs()
	}
	elided := v.elidedAttrs()
	if withKeyword {
		p.PrintOptionalAttrDictWithKeyword(attrs, elided...)
	} else {
		p.PrintOptionalAttrDict(attrs, elided...)
	}
}

func (v *opView) printPropDict(p ir.OpAsmPrinter) {
	d, _ := v.op.Properties().(*ir.DictionaryAttr)
	if d == nil {
		return
	}
	elided := v.elidedAttrs()
	first := true
	for _, e := range d.Entries {
		skip := false
		for _, n := range elided {
			if n == e.Name {
				skip = true
			}
		}
		if skip {
			continue
		}
		if first {
			p.WriteString(" <{")
			first = false
		} else {
			p.WriteString(", ")
		}
		p.PrintKeywordOrString(e.Name)
		p.WriteString(" = ")
		p.PrintAttribute(e.Value)
	}
	if !first {
		p.WriteString("}>")
	}
}
