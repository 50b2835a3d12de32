package tile

import (
	"math"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/ir"
)

// The pad keywords of tile.load and tile.gather; a pad is either one of
// them (held as a string) or a constant of the element type.
var padKeywords = []string{"zero", "neg_inf", "pos_inf", "nan"}

func isPadKeyword(s string) bool {
	for _, k := range padKeywords {
		if k == s {
			return true
		}
	}
	return false
}

// ---- tile.func ----

// printFunc prints `tile.func @name(%a: T, ...) grid [parallel, ...]
// attributes {...} { body }`.
func printFunc(p ir.OpAsmPrinter, op FuncOp) {
	p.WriteString(" ")
	p.PrintSymbolName(op.SymName())
	var ins []ir.Type
	if ft, ok := op.FunctionType().(*ir.FunctionType); ok {
		ins = ft.Inputs
	}
	entry := op.Body().First()
	p.WriteString("(")
	for i, t := range ins {
		if i > 0 {
			p.WriteString(", ")
		}
		if entry != nil && i < entry.NumArguments() {
			p.PrintRegionArgument(entry.Argument(i), argAttrs(op, i))
		} else {
			p.PrintType(t)
		}
	}
	p.WriteString(") grid [")
	for i, s := range gridSemantics(op.Operation) {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintKeywordOrString(s)
	}
	p.WriteString("]")
	p.PrintOptionalAttrDictWithKeyword(op.AllAttrs(), "sym_name", "function_type", "grid", "arg_attrs", "res_attrs")
	p.WriteString(" ")
	p.PrintRegion(op.Body(), false, true)
}

// argAttrs returns the attributes of argument i of a kernel.
func argAttrs(op FuncOp, i int) []ir.NamedAttr {
	arr, ok := op.ArgAttrs().(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	if d, ok := arr.Elems[i].(*ir.DictionaryAttr); ok {
		return d.Entries
	}
	return nil
}

// gridSemantics returns the per-axis semantics of a kernel's grid.
func gridSemantics(op *ir.Operation) []string {
	arr, ok := op.InherentAttr("grid").(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		if s, ok := e.(*ir.StringAttr); ok {
			out = append(out, s.Value)
		}
	}
	return out
}

func parseFunc(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	attrs := []ir.NamedAttr{{Name: "sym_name", Value: ctx.Str(p.ParseSymbolName())}}
	var args []ir.RegionArgument
	p.ParsePunct("(")
	if !p.ParseOptionalPunct(")") {
		for {
			a, ok := p.ParseOptionalArgument(true, true)
			if !ok {
				return p.Errorf("expected SSA identifier")
			}
			args = append(args, a)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct(")")
	}
	ins := make([]ir.Type, len(args))
	var argDicts []ir.Attribute
	anyArgAttr := false
	for i, a := range args {
		ins[i] = a.Type
		d := a.Attrs
		if d == nil {
			d = ctx.DictionaryAttr(nil)
		}
		argDicts = append(argDicts, d)
		anyArgAttr = anyArgAttr || len(d.Entries) > 0
	}
	if !p.ParseOptionalKeyword("grid") {
		return p.Errorf("expected 'grid'")
	}
	p.ParsePunct("[")
	var grid []ir.Attribute
	if !p.ParseOptionalPunct("]") {
		for {
			pos := p.CurrentPos()
			kw, ok := p.ParseOptionalKeywordAny()
			if !ok || (kw != Parallel && kw != Arbitrary) {
				return p.ErrorAt(pos, "expected 'parallel' or 'arbitrary'")
			}
			grid = append(grid, ctx.Str(kw))
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct("]")
	}
	attrs = append(attrs,
		ir.NamedAttr{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(ins, nil))},
		ir.NamedAttr{Name: "grid", Value: ctx.ArrayAttr(grid)})
	if anyArgAttr {
		attrs = append(attrs, ir.NamedAttr{Name: "arg_attrs", Value: ctx.ArrayAttr(argDicts)})
	}
	attrs = append(attrs, p.ParseOptionalAttrDictWithKeyword()...)
	body := &ir.Region{}
	p.ParseRegion(body, args)
	st.Regions = []*ir.Region{body}
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// ---- memory operations ----

// memSyntax describes the custom syntax shared by the memory operations:
// `[%value,] %view[%i, ...] | at [...] [mask %m] [pad P] [bounds_check]`.
type memSyntax struct {
	stores  bool // a value operand comes first
	loads   bool // a result and a pad
	gather  bool // offsets are tiles rather than indices; no `at`
	checked bool // has bounds_check
}

var (
	loadSyntax    = memSyntax{loads: true}
	storeSyntax   = memSyntax{stores: true, checked: true}
	gatherSyntax  = memSyntax{loads: true, gather: true}
	scatterSyntax = memSyntax{stores: true, gather: true, checked: true}
)

// memOperands splits a memory operation's operands into value (or nil),
// view, indices or offsets and mask (or nil), by its segment sizes.
func memOperands(op *ir.Operation, s memSyntax) (value, view ir.Value, idx []ir.Value, mask ir.Value) {
	seg := segmentSizes(op)
	ops := op.Operands()
	want := 3
	if s.stores {
		want = 4
	}
	if len(seg) != want {
		return nil, nil, nil, nil
	}
	total := 0
	for _, n := range seg {
		total += int(n)
	}
	if total != len(ops) {
		return nil, nil, nil, nil
	}
	i := 0
	if s.stores {
		value = ops[0]
		i = 1
		seg = seg[1:]
	}
	view = ops[i]
	idx = ops[i+1 : i+1+int(seg[1])]
	if seg[2] == 1 {
		mask = ops[i+1+int(seg[1])]
	}
	return value, view, idx, mask
}

// segmentSizes returns the operandSegmentSizes of op.
func segmentSizes(op *ir.Operation) []int32 {
	d, ok := op.InherentAttr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || d.Elem == nil || ir.IntOrFloatBitWidth(d.Elem) != 32 {
		return nil
	}
	out := make([]int32, d.Size)
	for i := range out {
		out[i] = int32(uint32(d.Data[4*i]) | uint32(d.Data[4*i+1])<<8 | uint32(d.Data[4*i+2])<<16 | uint32(d.Data[4*i+3])<<24)
	}
	return out
}

func printMem(p ir.OpAsmPrinter, op *ir.Operation, s memSyntax) {
	value, view, idx, mask := memOperands(op, s)
	if view == nil {
		p.WriteString(" <<malformed>>")
		return
	}
	p.WriteString(" ")
	if s.stores {
		p.PrintOperand(value)
		p.WriteString(", ")
	}
	p.PrintOperand(view)
	if op.InherentAttr("at") != nil {
		p.WriteString(" at ")
	}
	p.WriteString("[")
	for i, v := range idx {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(v)
	}
	p.WriteString("]")
	if mask != nil {
		p.WriteString(" mask ")
		p.PrintOperand(mask)
	}
	if s.loads {
		if pad := op.InherentAttr("pad"); pad != nil {
			p.WriteString(" pad ")
			if str, ok := pad.(*ir.StringAttr); ok {
				p.PrintKeywordOrString(str.Value)
			} else {
				p.PrintAttributeWithoutType(pad)
			}
		}
	}
	if s.checked && op.InherentAttr("bounds_check") != nil {
		p.WriteString(" bounds_check")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "at", "pad", "bounds_check", "operandSegmentSizes")
	p.WriteString(" : ")
	if s.stores {
		p.PrintType(value.Type())
		p.WriteString(", ")
	}
	p.PrintType(view.Type())
	if s.gather && len(idx) > 0 {
		p.WriteString(", ")
		p.PrintType(idx[0].Type())
	}
	if s.loads {
		p.WriteString(" -> ")
		p.PrintType(op.Result(0).Type())
	}
}

func parseMem(p ir.OpAsmParser, st *ir.OperationState, s memSyntax) error {
	ctx := p.Context()
	var valueU ir.UnresolvedOperand
	if s.stores {
		valueU = p.ParseOperand()
		p.ParsePunct(",")
	}
	viewU := p.ParseOperand()
	var attrs []ir.NamedAttr
	if !s.gather && p.ParseOptionalKeyword("at") {
		attrs = append(attrs, ir.NamedAttr{Name: "at", Value: ctx.Unit()})
	}
	p.ParsePunct("[")
	var idxU []ir.UnresolvedOperand
	if !p.ParseOptionalPunct("]") {
		for {
			idxU = append(idxU, p.ParseOperand())
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct("]")
	}
	var maskU *ir.UnresolvedOperand
	if p.ParseOptionalKeyword("mask") {
		u := p.ParseOperand()
		maskU = &u
	}
	var pad ir.Attribute
	padPos := p.CurrentPos()
	if s.loads && p.ParseOptionalKeyword("pad") {
		padPos = p.CurrentPos()
		if kw, ok := p.ParseOptionalKeywordAny(); ok {
			if !isPadKeyword(kw) {
				return p.ErrorAt(padPos, "expected a pad value: zero, neg_inf, pos_inf, nan or a constant")
			}
			pad = ctx.Str(kw)
		} else {
			// The sign is read here so that a negative float (pad -1.5)
			// is not taken for the start of an integer.
			neg := p.ParseOptionalPunct("-")
			if iv, ok := p.ParseOptionalInteger(); ok {
				if neg {
					iv = -iv
				}
				pad = ctx.IntegerAttr(ctx.I(64), iv)
			} else {
				// A type stops the attribute parser from reading the `:`
				// of the operation's types; the constant takes the element
				// type once the types are known (padConstant).
				a, ok := p.ParseOptionalAttribute(ctx.FloatType(ir.F64))
				fa, isFloat := a.(*ir.FloatAttr)
				if !ok || neg && !isFloat {
					return p.ErrorAt(padPos, "expected a pad value: zero, neg_inf, pos_inf, nan or a constant")
				}
				if neg {
					a = ctx.FloatAttr(fa.Type, -floatAttrValue(fa))
				}
				pad = a
			}
		}
	}
	if s.checked && p.ParseOptionalKeyword("bounds_check") {
		attrs = append(attrs, ir.NamedAttr{Name: "bounds_check", Value: ctx.Unit()})
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	p.ParsePunct(":")
	var valueT ir.Type
	if s.stores {
		valueT = p.ParseType()
		p.ParsePunct(",")
	}
	viewT := p.ParseType()
	var offT ir.Type = ctx.IndexType()
	if s.gather {
		p.ParsePunct(",")
		offT = p.ParseType()
	}
	var resT ir.Type
	if s.loads {
		p.ParsePunct("->")
		resT = p.ParseType()
		st.ResultTypes = append(st.ResultTypes, resT)
	}
	if s.stores {
		st.Operands = append(st.Operands, p.ResolveOperand(valueU, valueT))
	}
	st.Operands = append(st.Operands, p.ResolveOperand(viewU, viewT))
	for _, u := range idxU {
		st.Operands = append(st.Operands, p.ResolveOperand(u, offT))
	}
	nMask := int32(0)
	if maskU != nil {
		shaped := resT
		if s.stores {
			shaped = valueT
		}
		mt := ir.Type(ctx.I(1))
		if rt, ok := shaped.(*ir.RankedTensorType); ok {
			mt = ctx.RankedTensorType(rt.Shape, ctx.I(1), nil)
		}
		st.Operands = append(st.Operands, p.ResolveOperand(*maskU, mt))
		nMask = 1
	}
	if pad != nil {
		if resT == nil {
			return p.ErrorAt(padPos, "a pad value needs a result type")
		}
		c, err := padConstant(ctx, pad, resT)
		if err != nil {
			return p.ErrorAt(padPos, err.Error())
		}
		attrs = append(attrs, ir.NamedAttr{Name: "pad", Value: c})
	}
	seg := []int32{1, int32(len(idxU)), nMask}
	if s.stores {
		seg = append([]int32{1}, seg...)
	}
	attrs = append(attrs, ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(seg...)})
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// padConstant gives a parsed pad the element type of the loaded tile: a
// keyword stays a string, a number becomes a constant of the element type.
func padConstant(ctx *ir.Context, pad ir.Attribute, resT ir.Type) (ir.Attribute, error) {
	if _, ok := pad.(*ir.StringAttr); ok {
		return pad, nil
	}
	elem := ir.Type(nil)
	if rt, ok := resT.(*ir.RankedTensorType); ok {
		elem = rt.Elem
	}
	if elem == nil {
		return pad, nil
	}
	var f float64
	isInt := false
	var iv int64
	switch a := pad.(type) {
	case *ir.FloatAttr:
		if a.Type == elem {
			return pad, nil
		}
		f = floatAttrValue(a)
	case *ir.IntegerAttr:
		if a.Type == elem {
			return pad, nil
		}
		iv, isInt = a.Int64(), true
		f = float64(iv)
	default:
		return pad, nil
	}
	switch et := elem.(type) {
	case *ir.FloatType:
		sem := apfloat.ByName(et.Kind.String())
		if sem == nil {
			return pad, nil
		}
		v, _ := apfloat.FromFloat64(sem, f)
		lo, hi := v.Bits()
		return ctx.FloatAttrBits(et, lo, hi), nil
	case *ir.IntegerType, *ir.IndexType:
		if !isInt {
			if f != math.Trunc(f) {
				return nil, errorf("pad value %v is not an integer", f)
			}
			iv = int64(f)
		}
		return ctx.IntegerAttr(et, iv), nil
	}
	return pad, nil
}

// floatAttrValue returns the value of a float attribute as a float64.
func floatAttrValue(a *ir.FloatAttr) float64 {
	sem := apfloat.ByName(a.Type.Kind.String())
	if sem == nil {
		return 0
	}
	return apfloat.FromBits(sem, a.Bits[0], a.Bits[1]).Float64()
}

func printLoad(p ir.OpAsmPrinter, op LoadOp)                   { printMem(p, op.Operation, loadSyntax) }
func parseLoad(p ir.OpAsmParser, st *ir.OperationState) error  { return parseMem(p, st, loadSyntax) }
func printStore(p ir.OpAsmPrinter, op StoreOp)                 { printMem(p, op.Operation, storeSyntax) }
func parseStore(p ir.OpAsmParser, st *ir.OperationState) error { return parseMem(p, st, storeSyntax) }
func printAtomicAdd(p ir.OpAsmPrinter, op AtomicAddOp)         { printMem(p, op.Operation, storeSyntax) }
func parseAtomicAdd(p ir.OpAsmParser, st *ir.OperationState) error {
	return parseMem(p, st, storeSyntax)
}
func printGather(p ir.OpAsmPrinter, op GatherOp)                { printMem(p, op.Operation, gatherSyntax) }
func parseGather(p ir.OpAsmParser, st *ir.OperationState) error { return parseMem(p, st, gatherSyntax) }
func printScatter(p ir.OpAsmPrinter, op ScatterOp)              { printMem(p, op.Operation, scatterSyntax) }
func parseScatter(p ir.OpAsmParser, st *ir.OperationState) error {
	return parseMem(p, st, scatterSyntax)
}

// ---- tile.reduce and tile.scan ----

var kindNames = []string{"sum", "prod", "max", "min"}

// printCombine prints `[kind] %x dim D [reverse] {attrs} [combine {region}] : T -> R`.
func printCombine(p ir.OpAsmPrinter, op *ir.Operation) {
	if k, ok := op.InherentAttr("kind").(*ir.IntegerAttr); ok {
		p.WriteString(" ")
		if s := CombiningKind(k.Int64()).String(); s != "" {
			p.WriteString(s)
		} else {
			p.PrintAttribute(k)
		}
	}
	p.WriteString(" ")
	if op.NumOperands() > 0 {
		p.PrintOperand(op.Operand(0))
	}
	p.WriteString(" dim ")
	if d, ok := op.InherentAttr("dim").(*ir.IntegerAttr); ok {
		p.PrintAttributeWithoutType(d)
	}
	if op.InherentAttr("reverse") != nil {
		p.WriteString(" reverse")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "kind", "dim", "reverse")
	if op.NumRegions() > 0 && !op.Region(0).Empty() {
		p.WriteString(" combine ")
		p.PrintRegion(op.Region(0), true, true)
	}
	p.WriteString(" : ")
	if op.NumOperands() > 0 {
		p.PrintType(op.Operand(0).Type())
	}
	p.WriteString(" -> ")
	if op.NumResults() > 0 {
		p.PrintType(op.Result(0).Type())
	}
}

func parseCombine(p ir.OpAsmParser, st *ir.OperationState, scan bool) error {
	ctx := p.Context()
	var attrs []ir.NamedAttr
	pos := p.CurrentPos()
	if kw, ok := p.ParseOptionalKeywordAny(); ok {
		k := -1
		for i, n := range kindNames {
			if n == kw {
				k = i
			}
		}
		if k < 0 {
			return p.ErrorAt(pos, "expected one of [sum, prod, max, min] or an operand")
		}
		attrs = append(attrs, ir.NamedAttr{Name: "kind", Value: ctx.IntegerAttr(ctx.I(32), int64(k))})
	}
	in := p.ParseOperand()
	if !p.ParseOptionalKeyword("dim") {
		return p.Errorf("expected 'dim'")
	}
	dpos := p.CurrentPos()
	d, ok := p.ParseOptionalInteger()
	if !ok {
		return p.ErrorAt(dpos, "expected a dimension")
	}
	attrs = append(attrs, ir.NamedAttr{Name: "dim", Value: ctx.IntegerAttr(ctx.I(64), d)})
	if scan && p.ParseOptionalKeyword("reverse") {
		attrs = append(attrs, ir.NamedAttr{Name: "reverse", Value: ctx.Unit()})
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	r := &ir.Region{}
	if p.ParseOptionalKeyword("combine") {
		p.ParseRegion(r, nil)
	}
	st.Regions = []*ir.Region{r}
	p.ParsePunct(":")
	inT := p.ParseType()
	p.ParsePunct("->")
	st.ResultTypes = append(st.ResultTypes, p.ParseType())
	st.Operands = append(st.Operands, p.ResolveOperand(in, inT))
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

func printReduce(p ir.OpAsmPrinter, op ReduceOp)                { printCombine(p, op.Operation) }
func parseReduce(p ir.OpAsmParser, st *ir.OperationState) error { return parseCombine(p, st, false) }
func printScan(p ir.OpAsmPrinter, op ScanOp)                    { printCombine(p, op.Operation) }
func parseScan(p ir.OpAsmParser, st *ir.OperationState) error   { return parseCombine(p, st, true) }
