package llvm

import (
	"strconv"

	"github.com/strata-ir/strata/core/funcimpl"
	"github.com/strata-ir/strata/core/ir"
)

var linkageNames = []string{"private", "internal", "available_externally", "linkonce", "weak", "common",
	"appending", "extern_weak", "linkonce_odr", "weak_odr", "external"}

// LinkageAttr returns `#llvm.linkage<l>`.
func LinkageAttr(ctx *ir.Context, l Linkage) ir.Attribute {
	return ctxDialectAttr(ctx, "llvm", "linkage<"+l.String()+">")
}

func parseLinkage(p ir.OpAsmParser) (Linkage, bool) {
	for i, n := range linkageNames {
		if p.ParseOptionalKeyword(n) {
			return Linkage(i), true
		}
	}
	return LinkageExternal, false
}

func parseUnnamedAddr(p ir.OpAsmParser) UnnamedAddr {
	if p.ParseOptionalKeyword("local_unnamed_addr") {
		return UnnamedAddrLocalUnnamedAddr
	}
	if p.ParseOptionalKeyword("unnamed_addr") {
		return UnnamedAddrUnnamedAddr
	}
	return UnnamedAddrNone
}

func parseVisibility(p ir.OpAsmParser) Visibility {
	if p.ParseOptionalKeyword("hidden") {
		return VisibilityHidden
	}
	if p.ParseOptionalKeyword("protected") {
		return VisibilityProtected
	}
	return VisibilityDefault
}

// FunctionTypeOf returns the !llvm.func type of an llvm.func.
func FunctionTypeOf(op *ir.Operation) *FuncType {
	ta, ok := op.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok {
		return nil
	}
	ft, _ := ta.Type.(*FuncType)
	return ft
}

// printFunc is upstream's LLVMFuncOp::print.
func printFunc(p ir.OpAsmPrinter, op *ir.Operation) {
	f := FuncOp{op}
	p.WriteString(" ")
	if l := f.Linkage(); l != LinkageExternal {
		p.WriteString(l.String() + " ")
	}
	if v := f.Visibility(); v != VisibilityDefault {
		p.WriteString(v.String() + " ")
	}
	if u := f.UnnamedAddr(); u != UnnamedAddrNone {
		p.WriteString(u.String() + " ")
	}
	if c := f.CConv(); c != CConvCcc {
		p.WriteString(c.String() + " ")
	}
	p.PrintSymbolName(f.SymName())
	ft := FunctionTypeOf(op)
	var ins []ir.Type
	var outs []ir.Type
	varArg := false
	if ft != nil {
		ins, varArg = ft.Params, ft.VarArg
		if _, void := ft.Result.(*VoidType); !void {
			outs = []ir.Type{ft.Result}
		}
	}
	funcimpl.PrintSignature(p, op, ins, varArg, outs)
	p.PrintOptionalAttrDictWithKeyword(op.AllAttrs(), "sym_name", "function_type", "arg_attrs", "res_attrs",
		"linkage", "CConv", "visibility_", "comdat", "unnamed_addr", "vscale_range")
	if body := op.Region(0); !body.Empty() {
		p.WriteString(" ")
		p.PrintRegion(body, false, true)
	}
}

// parseFunc is upstream's LLVMFuncOp::parse.
func parseFunc(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	linkage, _ := parseLinkage(p)
	vis := parseVisibility(p)
	ua := parseUnnamedAddr(p)
	cconv := CConvCcc
	for c := CConv(0); c <= 18; c++ {
		if n := c.String(); n != "" && p.ParseOptionalKeyword(n) {
			cconv = c
			break
		}
	}
	attrs := []ir.NamedAttr{
		{Name: "linkage", Value: LinkageAttr(ctx, linkage)},
		{Name: "CConv", Value: ctxDialectAttr(ctx, "llvm", "cconv<"+cconv.String()+">")},
		{Name: "visibility_", Value: ctx.IntegerAttr(ctx.I(64), int64(vis))},
		{Name: "unnamed_addr", Value: ctx.IntegerAttr(ctx.I(64), int64(ua))},
	}
	attrs = append(attrs, ir.NamedAttr{Name: "sym_name", Value: ctx.Str(p.ParseSymbolName())})

	sigPos := p.CurrentPos()
	args, varArg, results, resAttrs, err := funcimpl.ParseSignature(p, true)
	if err != nil {
		return err
	}
	var result ir.Type = Void(ctx)
	switch len(results) {
	case 0:
	case 1:
		result = results[0]
	default:
		return p.ErrorAt(sigPos, "failed to construct function type: expected zero or one function result")
	}
	ins := funcimpl.ArgTypes(args)
	attrs = append(attrs, ir.NamedAttr{Name: "function_type", Value: ctx.TypeAttr(Func(ctx, result, ins, varArg))})
	attrs = append(attrs, p.ParseOptionalAttrDictWithKeyword()...)
	attrs = append(attrs, funcimpl.ArgAndResultAttrs(ctx, args, resAttrs)...)
	body := &ir.Region{}
	bodyPos := p.CurrentPos()
	if p.ParseOptionalRegion(body, args) && body.Empty() {
		return p.ErrorAt(bodyPos, "expected non-empty function body")
	}
	st.Regions = []*ir.Region{body}
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// printGlobal is upstream's GlobalOp::print.
func printGlobal(p ir.OpAsmPrinter, op *ir.Operation) {
	g := MlirGlobalOp{op}
	p.WriteString(" " + g.Linkage().String() + " ")
	if v := g.Visibility(); v != VisibilityDefault {
		p.WriteString(v.String() + " ")
	}
	if g.ThreadLocal() {
		p.WriteString("thread_local ")
	}
	if u := g.UnnamedAddr(); u != UnnamedAddrNone {
		p.WriteString(u.String() + " ")
	}
	if g.Constant() {
		p.WriteString("constant ")
	}
	p.PrintSymbolName(g.SymName())
	p.WriteString("(")
	if v := g.Value(); v != nil {
		p.PrintAttribute(v)
	}
	p.WriteString(")")
	p.PrintOptionalAttrDict(op.AllAttrs(), "sym_name", "global_type", "constant", "value", "linkage",
		"unnamed_addr", "thread_local_", "visibility_", "comdat")
	if _, isStr := g.Value().(*ir.StringAttr); isStr {
		return
	}
	p.WriteString(" : ")
	if t := g.GlobalType(); t != nil {
		p.PrintType(t)
	}
	if init := op.Region(0); !init.Empty() {
		p.WriteString(" ")
		p.PrintRegion(init, false, true)
	}
}

// parseGlobal is upstream's GlobalOp::parse.
func parseGlobal(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	linkage, _ := parseLinkage(p)
	vis := parseVisibility(p)
	var attrs []ir.NamedAttr
	if p.ParseOptionalKeyword("thread_local") {
		attrs = append(attrs, ir.NamedAttr{Name: "thread_local_", Value: ctx.Unit()})
	}
	ua := parseUnnamedAddr(p)
	if p.ParseOptionalKeyword("constant") {
		attrs = append(attrs, ir.NamedAttr{Name: "constant", Value: ctx.Unit()})
	}
	attrs = append(attrs,
		ir.NamedAttr{Name: "linkage", Value: LinkageAttr(ctx, linkage)},
		ir.NamedAttr{Name: "visibility_", Value: ctx.IntegerAttr(ctx.I(64), int64(vis))},
		ir.NamedAttr{Name: "unnamed_addr", Value: ctx.IntegerAttr(ctx.I(64), int64(ua))},
		ir.NamedAttr{Name: "sym_name", Value: ctx.Str(p.ParseSymbolName())})
	p.ParsePunct("(")
	var value ir.Attribute
	if !p.ParseOptionalPunct(")") {
		value = p.ParseAttribute(nil)
		attrs = append(attrs, ir.NamedAttr{Name: "value", Value: value})
		p.ParsePunct(")")
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	var t ir.Type
	pos := p.CurrentPos()
	if p.ParseOptionalPunct(":") {
		t = p.ParseType()
	}
	region := &ir.Region{}
	p.ParseOptionalRegion(region, nil)
	if t == nil {
		s, ok := value.(*ir.StringAttr)
		if !ok {
			return p.ErrorAt(pos, "type can only be omitted for string globals")
		}
		t = Array(ctx, uint64(len(s.Value)), ctx.I(8))
	}
	attrs = append(attrs, ir.NamedAttr{Name: "global_type", Value: ctx.TypeAttr(t)})
	st.Regions = []*ir.Region{region}
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// printCall is upstream's CallOp::print.
func printCall(p ir.OpAsmPrinter, op *ir.Operation) {
	c := CallOp{op}
	p.WriteString(" ")
	if cc := c.CConv(); cc != CConvCcc {
		p.WriteString(cc.String() + " ")
	}
	if tk := c.TailCallKind(); tk != TailCallKindNone {
		p.WriteString(tk.String() + " ")
	}
	args := c.CalleeOperands()
	callee, direct := op.InherentAttr("callee").(*ir.SymbolRefAttr)
	if direct {
		p.PrintAttribute(callee)
	} else if len(args) > 0 {
		p.PrintOperand(args[0])
		args = args[1:]
	}
	p.WriteString("(")
	ir.PrintOperandList(p, args)
	p.WriteString(")")
	if ta, ok := op.InherentAttr("var_callee_type").(*ir.TypeAttr); ok {
		p.WriteString(" vararg(")
		p.PrintType(ta.Type)
		p.WriteString(")")
	}
	elided := []string{"callee", "var_callee_type", "CConv", "TailCallKind",
		"op_bundle_sizes", "operandSegmentSizes", "op_bundle_tags"}
	if c.FastmathFlags() == FastmathFlagsNone {
		elided = append(elided, "fastmathFlags")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), elided...)
	p.WriteString(" : ")
	var ins []ir.Type
	for _, v := range c.CalleeOperands() {
		ins = append(ins, v.Type())
	}
	var outs []ir.Type
	if op.NumResults() > 0 {
		outs = []ir.Type{op.Result(0).Type()}
	}
	ir.PrintFunctionalType(p, ins, outs)
}

// parseCall is upstream's CallOp::parse (without operand bundles).
func parseCall(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	attrs := []ir.NamedAttr{}
	cconv := CConvCcc
	for c := CConv(0); c <= 18; c++ {
		if n := c.String(); n != "" && p.ParseOptionalKeyword(n) {
			cconv = c
			break
		}
	}
	tk := TailCallKindNone
	for _, k := range []TailCallKind{TailCallKindTail, TailCallKindMusttail, TailCallKindNotail} {
		if p.ParseOptionalKeyword(k.String()) {
			tk = k
		}
	}
	attrs = append(attrs,
		ir.NamedAttr{Name: "CConv", Value: ctxDialectAttr(ctx, "llvm", "cconv<"+cconv.String()+">")},
		ir.NamedAttr{Name: "TailCallKind", Value: ctxDialectAttr(ctx, "llvm", "tailcallkind<"+tk.String()+">")})
	var uses []ir.UnresolvedOperand
	if name, ok := p.ParseOptionalSymbolName(); ok {
		attrs = append(attrs, ir.NamedAttr{Name: "callee", Value: ctx.SymbolRefAttr(name, nil)})
	} else {
		uses = append(uses, p.ParseOperand())
	}
	p.ParsePunct("(")
	if !p.ParseOptionalPunct(")") {
		for {
			uses = append(uses, p.ParseOperand())
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct(")")
	}
	if p.ParseOptionalKeyword("vararg") {
		p.ParsePunct("(")
		attrs = append(attrs, ir.NamedAttr{Name: "var_callee_type", Value: ctx.TypeAttr(p.ParseType())})
		p.ParsePunct(")")
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	p.ParsePunct(":")
	pos := p.CurrentPos()
	ft, ok := p.ParseType().(*ir.FunctionType)
	if !ok {
		return p.ErrorAt(pos, "expected function type")
	}
	if len(ft.Results) > 1 {
		return p.ErrorAt(pos, "expected function with 0 or 1 result")
	}
	ins := ft.Inputs
	if len(uses) != len(ins) {
		if len(uses) == len(ins)+1 {
			ins = append([]ir.Type{Ptr(ctx, 0)}, ins...)
		} else {
			return p.ErrorAt(pos, "incorrect number of operands for the callee")
		}
	}
	for i, u := range uses {
		st.Operands = append(st.Operands, p.ResolveOperand(u, ins[i]))
	}
	attrs = append(attrs,
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(len(uses)), 0)},
		ir.NamedAttr{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()})
	st.ResultTypes = ft.Results
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// segments splits op's operands by operandSegmentSizes.
func segments(op *ir.Operation) [][]ir.Value {
	sizes := i32s(op.InherentAttr("operandSegmentSizes"))
	ops := op.Operands()
	var out [][]ir.Value
	at := 0
	for _, n := range sizes {
		if n < 0 || at+int(n) > len(ops) {
			return nil
		}
		out = append(out, ops[at:at+int(n)])
		at += int(n)
	}
	return out
}

// SwitchCaseValues returns llvm.switch's case values, sign-extended.
func SwitchCaseValues(op *ir.Operation) []int64 {
	d, ok := op.InherentAttr("case_values").(*ir.DenseElementsAttr)
	if !ok {
		return nil
	}
	it, ok := d.Type.ElementType().(*ir.IntegerType)
	if !ok {
		return nil
	}
	shape, _ := d.Type.ShapeDims()
	n := 1
	for _, s := range shape {
		n *= int(s)
	}
	size := (int(it.Width) + 7) / 8
	vals := make([]int64, n)
	for i := range vals {
		at := i * size
		if d.Splat {
			at = 0
		}
		var v uint64
		for j := 0; j < size && j < 8 && at+j < len(d.Data); j++ {
			v |= uint64(d.Data[at+j]) << (8 * j)
		}
		if it.Width < 64 {
			shift := 64 - uint(it.Width)
			v = uint64(int64(v<<shift) >> shift)
		}
		vals[i] = int64(v)
	}
	return vals
}

// printSwitch is llvm.switch's assembly format with upstream's
// SwitchOpCases directive.
func printSwitch(p ir.OpAsmPrinter, op *ir.Operation) {
	seg := segments(op)
	if len(seg) != 3 {
		return
	}
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(", ")
	ir.PrintSuccessorAndUseList(p, op.Successor(0), seg[1])
	vals := SwitchCaseValues(op)
	groups := i32s(op.InherentAttr("case_operand_segments"))
	p.WriteString(" [")
	if len(vals) > 0 {
		at := 0
		for i, v := range vals {
			if i > 0 {
				p.WriteString(",")
			}
			p.PrintNewline()
			p.WriteString("  ")
			p.WriteString(strconv.FormatInt(v, 10))
			p.WriteString(": ")
			n := 0
			if i < len(groups) {
				n = int(groups[i])
			}
			var operands []ir.Value
			if at+n <= len(seg[2]) {
				operands = seg[2][at : at+n]
			}
			at += n
			ir.PrintSuccessorAndUseList(p, op.Successor(i+1), operands)
		}
		p.PrintNewline()
	}
	p.WriteString("]")
	p.PrintOptionalAttrDict(op.AllAttrs(), "case_values", "case_operand_segments", "operandSegmentSizes")
}

// parseSwitch parses llvm.switch.
func parseSwitch(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	flag := p.ParseOperand()
	p.ParsePunct(":")
	tpos := p.CurrentPos()
	ft := p.ParseType()
	it, ok := ft.(*ir.IntegerType)
	if !ok {
		return p.ErrorAt(tpos, "expected signless integer type")
	}
	p.ParsePunct(",")
	def, defUses, defTypes, err := ir.ParseSuccessorAndUseList(p)
	if err != nil {
		return err
	}
	if len(defUses) != len(defTypes) {
		return p.Errorf("mismatch between number of operands and types")
	}
	var vals []int64
	var dests []*ir.Block
	var caseVals []ir.Value
	var groups []int32
	p.ParsePunct("[")
	if !p.ParseOptionalPunct("]") {
		for {
			pos := p.CurrentPos()
			a, ok := p.ParseOptionalAttribute(it)
			ia, isInt := a.(*ir.IntegerAttr)
			if !ok || !isInt {
				return p.ErrorAt(pos, "expected integer value")
			}
			vals = append(vals, int64(ia.Lo))
			p.ParsePunct(":")
			b, uses, types, err := ir.ParseSuccessorAndUseList(p)
			if err != nil {
				return err
			}
			if len(uses) != len(types) {
				return p.Errorf("mismatch between number of operands and types")
			}
			dests = append(dests, b)
			for i, u := range uses {
				caseVals = append(caseVals, p.ResolveOperand(u, types[i]))
			}
			groups = append(groups, int32(len(uses)))
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct("]")
	}
	attrs := p.ParseOptionalAttrDict()
	st.Operands = append(st.Operands, p.ResolveOperand(flag, ft))
	for i, u := range defUses {
		st.Operands = append(st.Operands, p.ResolveOperand(u, defTypes[i]))
	}
	st.Operands = append(st.Operands, caseVals...)
	st.Successors = append([]*ir.Block{def}, dests...)
	if len(vals) > 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "case_values", Value: caseValuesAttr(ctx, it, vals)})
	}
	attrs = append(attrs,
		ir.NamedAttr{Name: "case_operand_segments", Value: ctx.DenseI32Array(groups...)},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, int32(len(defUses)), int32(len(caseVals)))})
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// caseValuesAttr builds the dense vector of case values of llvm.switch.
func caseValuesAttr(ctx *ir.Context, it *ir.IntegerType, vals []int64) ir.Attribute {
	size := (int(it.Width) + 7) / 8
	data := make([]byte, 0, size*len(vals))
	for _, v := range vals {
		for j := 0; j < size; j++ {
			if j < 8 {
				data = append(data, byte(uint64(v)>>(8*j)))
			} else if v < 0 {
				data = append(data, 0xff)
			} else {
				data = append(data, 0)
			}
		}
	}
	vt := ctx.VectorType([]int64{int64(len(vals))}, []bool{false}, it)
	return ctx.DenseElementsAttr(vt, false, data)
}

// ctxDialectAttr is dialectAttr for code that holds a context rather than
// a builder; the llvm dialect is registered in ctx, so its enum
// attributes always parse.
func ctxDialectAttr(ctx *ir.Context, dialect, body string) ir.Attribute {
	return dialectAttr(ir.NewBuilder(ctx), dialect, body)
}
