package scf

import (
	"fmt"
	"math"
	"strconv"

	"github.com/strata-ir/strata/core/ir"
)

// dynamic marks a dynamic entry of a static bound list (MLIR's
// ShapedType::kDynamic).
const dynamic = math.MinInt64

// ensureTerminator is SingleBlockImplicitTerminator's ensureTerminator
// with the implicit terminator name.
func ensureTerminator(ctx *ir.Context, r *ir.Region, name string, loc ir.Location) {
	ir.EnsureTerminator(r, loc, func(loc ir.Location) *ir.Operation { return newTerminator(ctx, name, loc) })
}

// newTerminator builds the implicit terminator name; scf.forall.in_parallel
// gets its empty block, as its builder makes it.
func newTerminator(ctx *ir.Context, name string, loc ir.Location) *ir.Operation {
	st := &ir.OperationState{Name: ctx.OpName(name), Loc: loc}
	if name == "scf.forall.in_parallel" {
		r := &ir.Region{}
		r.Append(ir.NewBlock())
		st.Regions = []*ir.Region{r}
	}
	return ir.NewOperation(st)
}

// expectKeyword parses kw or reports MLIR's "expected 'kw'".
func expectKeyword(p ir.OpAsmParser, kw string) error {
	if !p.ParseOptionalKeyword(kw) {
		return p.ErrorAt(p.CurrentPos(), "expected '"+kw+"'")
	}
	return nil
}

// parseAssignmentList parses `(%arg = %init, ...)` after its keyword.
func parseAssignmentList(p ir.OpAsmParser) ([]ir.RegionArgument, []ir.UnresolvedOperand, error) {
	p.ParsePunct("(")
	var args []ir.RegionArgument
	var inits []ir.UnresolvedOperand
	if p.ParseOptionalPunct(")") {
		return nil, nil, nil
	}
	for {
		a, ok := p.ParseOptionalArgument(false, false)
		if !ok {
			return nil, nil, p.ErrorAt(p.CurrentPos(), "expected SSA operand")
		}
		p.ParsePunct("=")
		args = append(args, a)
		inits = append(inits, p.ParseOperand())
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(")")
	return args, inits, nil
}

// printInitializationList prints `prefix(%inner = %outer, ...)` unless
// there are no values.
func printInitializationList(p ir.OpAsmPrinter, args []*ir.BlockArgument, inits []ir.Value, prefix string) {
	if len(inits) == 0 {
		return
	}
	p.WriteString(prefix)
	p.WriteString("(")
	for i, v := range inits {
		if i > 0 {
			p.WriteString(", ")
		}
		if i < len(args) {
			p.PrintOperand(args[i])
		}
		p.WriteString(" = ")
		p.PrintOperand(v)
	}
	p.WriteString(")")
}

// parseTypeList parses `t1, t2, ...` (at least one type).
func parseTypeList(p ir.OpAsmParser) []ir.Type {
	ts := []ir.Type{p.ParseType()}
	for p.ParseOptionalPunct(",") {
		ts = append(ts, p.ParseType())
	}
	return ts
}

// parseFunctionResultTypes parses `(t, ...)` or a single type.
func parseFunctionResultTypes(p ir.OpAsmParser) []ir.Type {
	if !p.ParseOptionalPunct("(") {
		return []ir.Type{p.ParseType()}
	}
	if p.ParseOptionalPunct(")") {
		return nil
	}
	ts := parseTypeList(p)
	p.ParsePunct(")")
	return ts
}

// parseOptionalArrowTypeList parses `-> types` if present.
func parseOptionalArrowTypeList(p ir.OpAsmParser) []ir.Type {
	if !p.ParseOptionalPunct("->") {
		return nil
	}
	return parseFunctionResultTypes(p)
}

// printOptionalArrowTypeList prints ` -> t` or ` -> (t1, t2)`.
func printOptionalArrowTypeList(p ir.OpAsmPrinter, ts []ir.Type) {
	if len(ts) == 0 {
		return
	}
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

// parseOperandList parses `(%a, %b)`; want >= 0 requires that many.
func parseOperandList(p ir.OpAsmParser, want int) ([]ir.UnresolvedOperand, error) {
	pos := p.CurrentPos()
	p.ParsePunct("(")
	var us []ir.UnresolvedOperand
	if !p.ParseOptionalPunct(")") {
		for {
			us = append(us, p.ParseOperand())
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct(")")
	}
	if want >= 0 && len(us) != want {
		return nil, p.ErrorAt(pos, fmt.Sprintf("expected %d operands", want))
	}
	return us, nil
}

// resolveOperands resolves uses against types, with MLIR's count check.
func resolveOperands(p ir.OpAsmParser, pos ir.SourcePos, us []ir.UnresolvedOperand, ts []ir.Type) ([]ir.Value, error) {
	if len(us) != len(ts) {
		return nil, p.ErrorAt(pos, fmt.Sprintf("number of operands and types do not match: got %d operands and %d types", len(us), len(ts)))
	}
	vs := make([]ir.Value, len(us))
	for i, u := range us {
		vs[i] = p.ResolveOperand(u, ts[i])
	}
	return vs, nil
}

// blockArgs returns the arguments of the entry block of r from index from.
func blockArgs(r *ir.Region, from int) []*ir.BlockArgument {
	b := r.First()
	if b == nil || b.NumArguments() < from {
		return nil
	}
	return b.Arguments()[from:]
}

// ---- scf.for ----

func parseFor(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var attrs []ir.NamedAttr
	if p.ParseOptionalKeyword("unsigned") {
		attrs = append(attrs, ir.NamedAttr{Name: "unsignedCmp", Value: ctx.Unit()})
	}
	iv, ok := p.ParseOptionalArgument(false, false)
	if !ok {
		return p.ErrorAt(p.CurrentPos(), "expected SSA operand")
	}
	p.ParsePunct("=")
	lb := p.ParseOperand()
	if err := expectKeyword(p, "to"); err != nil {
		return err
	}
	ub := p.ParseOperand()
	if err := expectKeyword(p, "step"); err != nil {
		return err
	}
	step := p.ParseOperand()
	var iterArgs []ir.RegionArgument
	var inits []ir.UnresolvedOperand
	hasIterArgs := p.ParseOptionalKeyword("iter_args")
	if hasIterArgs {
		var err error
		if iterArgs, inits, err = parseAssignmentList(p); err != nil {
			return err
		}
		p.ParsePunct("->")
		st.ResultTypes = parseFunctionResultTypes(p)
	}
	if len(iterArgs) != len(st.ResultTypes) {
		return ir.NewError(p.NameLoc(), "custom op 'scf.for' mismatch in number of loop-carried values and defined values")
	}
	var t ir.Type = ctx.IndexType()
	if p.ParseOptionalPunct(":") {
		t = p.ParseType()
	}
	iv.Type = t
	for i := range iterArgs {
		iterArgs[i].Type = st.ResultTypes[i]
	}
	body := &ir.Region{}
	p.ParseRegion(body, append([]ir.RegionArgument{iv}, iterArgs...))
	ensureTerminator(ctx, body, "scf.yield", st.Loc)
	st.Operands = []ir.Value{p.ResolveOperand(lb, t), p.ResolveOperand(ub, t), p.ResolveOperand(step, t)}
	for i, u := range inits {
		st.Operands = append(st.Operands, p.ResolveOperand(u, st.ResultTypes[i]))
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	st.Attributes = attrDict(ctx, attrs)
	st.Regions = []*ir.Region{body}
	return nil
}

func printFor(p ir.OpAsmPrinter, op *ir.Operation) {
	if op.InherentAttr("unsignedCmp") != nil {
		p.WriteString(" unsigned")
	}
	p.WriteString(" ")
	body := op.Region(0)
	if args := blockArgs(body, 0); len(args) > 0 {
		p.PrintOperand(args[0])
	}
	p.WriteString(" = ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(" to ")
	p.PrintOperand(op.Operand(1))
	p.WriteString(" step ")
	p.PrintOperand(op.Operand(2))
	inits := op.Operands()[3:]
	printInitializationList(p, blockArgs(body, 1), inits, " iter_args")
	if len(inits) > 0 {
		p.WriteString(" -> (")
		ts := make([]ir.Type, len(inits))
		for i, v := range inits {
			ts[i] = v.Type()
		}
		ir.PrintTypeList(p, ts)
		p.WriteString(")")
	}
	p.WriteString(" ")
	if t := op.Operand(0).Type(); t != ir.Type(op.Context().IndexType()) {
		p.WriteString(" : ")
		p.PrintType(t)
		p.WriteString(" ")
	}
	p.PrintRegion(body, false, len(inits) > 0)
	p.PrintOptionalAttrDict(op.AllAttrs(), "unsignedCmp")
}

// ---- scf.if ----

func parseIf(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	cond := p.ParseOperand()
	st.Operands = []ir.Value{p.ResolveOperand(cond, ctx.I(1))}
	st.ResultTypes = parseOptionalArrowTypeList(p)
	then, els := &ir.Region{}, &ir.Region{}
	p.ParseRegion(then, nil)
	ensureTerminator(ctx, then, "scf.yield", st.Loc)
	if p.ParseOptionalKeyword("else") {
		p.ParseRegion(els, nil)
		ensureTerminator(ctx, els, "scf.yield", st.Loc)
	}
	st.Attributes = attrDict(ctx, p.ParseOptionalAttrDict())
	st.Regions = []*ir.Region{then, els}
	return nil
}

func printIf(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	terms := false
	if op.NumResults() > 0 {
		p.WriteString(" -> (")
		ir.PrintTypeList(p, op.ResultTypes())
		p.WriteString(")")
		terms = true
	}
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), false, terms)
	if op.NumRegions() > 1 && !op.Region(1).Empty() {
		p.WriteString(" else ")
		p.PrintRegion(op.Region(1), false, terms)
	}
	p.PrintOptionalAttrDict(op.AllAttrs())
}

// ---- scf.while ----

func parseWhile(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var args []ir.RegionArgument
	var inits []ir.UnresolvedOperand
	if p.ParseOptionalPunct("(") {
		if !p.ParseOptionalPunct(")") {
			for {
				a, ok := p.ParseOptionalArgument(false, false)
				if !ok {
					return p.ErrorAt(p.CurrentPos(), "expected SSA operand")
				}
				p.ParsePunct("=")
				args = append(args, a)
				inits = append(inits, p.ParseOperand())
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ParsePunct(")")
		}
	}
	typePos := p.CurrentPos()
	p.ParsePunct(":")
	ft, ok := p.ParseType().(*ir.FunctionType)
	if !ok {
		return p.ErrorAt(typePos, "invalid kind of type specified: expected builtin.function")
	}
	st.ResultTypes = ft.Results
	if len(ft.Inputs) != len(inits) {
		return p.ErrorAt(typePos, fmt.Sprintf("expected as many input types as operands (expected %d got %d)", len(inits), len(ft.Inputs)))
	}
	vs, err := resolveOperands(p, p.CurrentPos(), inits, ft.Inputs)
	if err != nil {
		return err
	}
	st.Operands = vs
	for i := range args {
		args[i].Type = ft.Inputs[i]
	}
	before, after := &ir.Region{}, &ir.Region{}
	p.ParseRegion(before, args)
	if err := expectKeyword(p, "do"); err != nil {
		return err
	}
	p.ParseRegion(after, nil)
	st.Attributes = attrDict(ctx, p.ParseOptionalAttrDictWithKeyword())
	st.Regions = []*ir.Region{before, after}
	return nil
}

func printWhile(p ir.OpAsmPrinter, op *ir.Operation) {
	printInitializationList(p, blockArgs(op.Region(0), 0), op.Operands(), " ")
	p.WriteString(" : ")
	ir.PrintFunctionalType(p, op.OperandTypes(), op.ResultTypes())
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), false, true)
	p.WriteString(" do ")
	p.PrintRegion(op.Region(1), true, true)
	p.PrintOptionalAttrDictWithKeyword(op.AllAttrs())
}

// ---- scf.execute_region ----

func parseExecuteRegion(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	st.ResultTypes = parseOptionalArrowTypeList(p)
	var attrs []ir.NamedAttr
	if p.ParseOptionalKeyword("no_inline") {
		attrs = append(attrs, ir.NamedAttr{Name: "no_inline", Value: ctx.Unit()})
	}
	body := &ir.Region{}
	p.ParseRegion(body, nil)
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	st.Attributes = attrDict(ctx, attrs)
	st.Regions = []*ir.Region{body}
	return nil
}

func printExecuteRegion(p ir.OpAsmPrinter, op *ir.Operation) {
	printOptionalArrowTypeList(p, op.ResultTypes())
	p.WriteString(" ")
	if op.InherentAttr("no_inline") != nil {
		p.WriteString("no_inline ")
	}
	p.PrintRegion(op.Region(0), false, true)
	p.PrintOptionalAttrDict(op.AllAttrs(), "no_inline")
}

// ---- scf.index_switch ----

func parseIndexSwitch(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	arg := p.ParseOperand()
	st.Operands = []ir.Value{p.ResolveOperand(arg, ctx.IndexType())}
	attrs := p.ParseOptionalAttrDict()
	if p.ParseOptionalPunct("->") {
		st.ResultTypes = parseTypeList(p)
	}
	var cases []int64
	var regions []*ir.Region
	for p.ParseOptionalKeyword("case") {
		pos := p.CurrentPos()
		a, ok := p.ParseOptionalAttribute(ctx.I(64))
		ia, isInt := a.(*ir.IntegerAttr)
		if !ok || !isInt {
			return p.ErrorAt(pos, "expected integer value")
		}
		cases = append(cases, int64(ia.Lo))
		r := &ir.Region{}
		p.ParseRegion(r, nil)
		regions = append(regions, r)
	}
	if err := expectKeyword(p, "default"); err != nil {
		return err
	}
	def := &ir.Region{}
	p.ParseRegion(def, nil)
	ensureTerminator(ctx, def, "scf.yield", st.Loc)
	attrs = append(attrs, ir.NamedAttr{Name: "cases", Value: ctx.DenseI64Array(cases...)})
	st.Attributes = attrDict(ctx, attrs)
	st.Regions = append([]*ir.Region{def}, regions...)
	return nil
}

func printIndexSwitch(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.PrintOptionalAttrDict(op.AllAttrs(), "cases")
	if op.NumResults() > 0 {
		p.WriteString(" -> ")
		ir.PrintTypeList(p, op.ResultTypes())
	}
	p.WriteString(" ")
	cases := i64s(op.InherentAttr("cases"))
	for i, c := range cases {
		if i+1 >= op.NumRegions() {
			break
		}
		p.PrintNewline()
		p.WriteString("case " + strconv.FormatInt(c, 10) + " ")
		p.PrintRegion(op.Region(i+1), false, true)
	}
	p.PrintNewline()
	p.WriteString("default ")
	def := op.Region(0)
	p.PrintRegion(def, true, !elidableTerminator(def))
}

// elidableTerminator reports whether the region's terminator is one an
// assembly format leaves out: no operands, results or attributes.
func elidableTerminator(r *ir.Region) bool {
	b := r.First()
	if b == nil || b != r.Last() || b.Last() == nil {
		return false
	}
	t := b.Last()
	return t.Name() == "scf.yield" && t.NumOperands() == 0 && t.NumResults() == 0 && len(t.AllAttrs()) == 0
}

// ---- scf.forall and scf.forall.in_parallel ----

// parseDynamicIndexList parses `(v, ...)` where each v is an SSA value
// (dynamic) or an integer (static).
func parseDynamicIndexList(p ir.OpAsmParser) ([]ir.UnresolvedOperand, []int64, error) {
	p.ParsePunct("(")
	var dyn []ir.UnresolvedOperand
	var static []int64
	if p.ParseOptionalPunct(")") {
		return nil, nil, nil
	}
	for {
		if u, ok := p.ParseOptionalOperand(); ok {
			dyn = append(dyn, u)
			static = append(static, dynamic)
		} else {
			pos := p.CurrentPos()
			a, ok := p.ParseOptionalAttribute(p.Context().I(64))
			ia, isInt := a.(*ir.IntegerAttr)
			if !ok || !isInt {
				return nil, nil, p.ErrorAt(pos, "expected integer value")
			}
			static = append(static, int64(ia.Lo))
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(")")
	return dyn, static, nil
}

// printDynamicIndexList prints `(v, ...)` taking the dynamic entries from
// values in order.
func printDynamicIndexList(p ir.OpAsmPrinter, values []ir.Value, static []int64) {
	p.WriteString("(")
	at := 0
	for i, s := range static {
		if i > 0 {
			p.WriteString(", ")
		}
		if s == dynamic {
			if at < len(values) {
				p.PrintOperand(values[at])
			}
			at++
			continue
		}
		p.WriteString(strconv.FormatInt(s, 10))
	}
	p.WriteString(")")
}

func parseForall(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	index := ctx.IndexType()
	p.ParsePunct("(")
	var ivs []ir.RegionArgument
	if !p.ParseOptionalPunct(")") {
		for {
			a, ok := p.ParseOptionalArgument(false, false)
			if !ok {
				return p.ErrorAt(p.CurrentPos(), "expected SSA operand")
			}
			a.Type = index
			ivs = append(ivs, a)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct(")")
	}
	var dynLbs, dynUbs, dynSteps []ir.UnresolvedOperand
	var lbs, ubs, steps []int64
	var err error
	if p.ParseOptionalKeyword("in") {
		if dynUbs, ubs, err = parseDynamicIndexList(p); err != nil {
			return err
		}
		lbs = make([]int64, len(ivs))
		steps = make([]int64, len(ivs))
		for i := range steps {
			steps[i] = 1
		}
	} else {
		p.ParsePunct("=")
		if dynLbs, lbs, err = parseDynamicIndexList(p); err != nil {
			return err
		}
		if err := expectKeyword(p, "to"); err != nil {
			return err
		}
		if dynUbs, ubs, err = parseDynamicIndexList(p); err != nil {
			return err
		}
		if err := expectKeyword(p, "step"); err != nil {
			return err
		}
		if dynSteps, steps, err = parseDynamicIndexList(p); err != nil {
			return err
		}
	}
	var operands []ir.Value
	for _, group := range [][]ir.UnresolvedOperand{dynLbs, dynUbs, dynSteps} {
		for _, u := range group {
			operands = append(operands, p.ResolveOperand(u, index))
		}
	}
	var outArgs []ir.RegionArgument
	var outs []ir.UnresolvedOperand
	outPos := p.CurrentPos()
	if p.ParseOptionalKeyword("shared_outs") {
		if outArgs, outs, err = parseAssignmentList(p); err != nil {
			return err
		}
		st.ResultTypes = parseOptionalArrowTypeList(p)
		vs, err := resolveOperands(p, outPos, outs, st.ResultTypes)
		if err != nil {
			return err
		}
		operands = append(operands, vs...)
	}
	for i := range outArgs {
		outArgs[i].Type = st.ResultTypes[i]
	}
	body := &ir.Region{}
	p.ParseRegion(body, append(ivs, outArgs...))
	ensureTerminator(ctx, body, "scf.forall.in_parallel", st.Loc)
	attrs := p.ParseOptionalAttrDict()
	attrs = append(attrs,
		ir.NamedAttr{Name: "staticLowerBound", Value: ctx.DenseI64Array(lbs...)},
		ir.NamedAttr{Name: "staticUpperBound", Value: ctx.DenseI64Array(ubs...)},
		ir.NamedAttr{Name: "staticStep", Value: ctx.DenseI64Array(steps...)},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(len(dynLbs)), int32(len(dynUbs)), int32(len(dynSteps)), int32(len(outs)))})
	st.Operands = operands
	st.Attributes = attrDict(ctx, attrs)
	st.Regions = []*ir.Region{body}
	return nil
}

// forallBounds returns the static bound lists and the dynamic operand
// groups of an scf.forall.
func forallBounds(op *ir.Operation) (lbs, ubs, steps []int64, seg [][]ir.Value) {
	return i64s(op.InherentAttr("staticLowerBound")), i64s(op.InherentAttr("staticUpperBound")),
		i64s(op.InherentAttr("staticStep")), segments(op)
}

func printForall(p ir.OpAsmPrinter, op *ir.Operation) {
	lbs, ubs, steps, seg := forallBounds(op)
	if len(seg) != 4 {
		seg = make([][]ir.Value, 4)
	}
	body := op.Region(0)
	rank := len(ubs)
	p.WriteString(" (")
	args := blockArgs(body, 0)
	for i := 0; i < rank && i < len(args); i++ {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(args[i])
	}
	normalized := len(seg[0]) == 0 && len(seg[2]) == 0
	for _, l := range lbs {
		normalized = normalized && l == 0
	}
	for _, s := range steps {
		normalized = normalized && s == 1
	}
	if normalized {
		p.WriteString(") in ")
		printDynamicIndexList(p, seg[1], ubs)
	} else {
		p.WriteString(") = ")
		printDynamicIndexList(p, seg[0], lbs)
		p.WriteString(" to ")
		printDynamicIndexList(p, seg[1], ubs)
		p.WriteString(" step ")
		printDynamicIndexList(p, seg[2], steps)
	}
	var outArgs []*ir.BlockArgument
	if len(args) > rank {
		outArgs = args[rank:]
	}
	printInitializationList(p, outArgs, seg[3], " shared_outs")
	p.WriteString(" ")
	if len(outArgs) > 0 {
		p.WriteString("-> (")
		ir.PrintTypeList(p, op.ResultTypes())
		p.WriteString(") ")
	}
	p.PrintRegion(body, false, op.NumResults() > 0)
	p.PrintOptionalAttrDict(op.AllAttrs(), "operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep")
}

func parseInParallel(p ir.OpAsmParser, st *ir.OperationState) error {
	body := &ir.Region{}
	p.ParseRegion(body, nil)
	if body.Empty() {
		body.Append(ir.NewBlock())
	}
	st.Attributes = attrDict(p.Context(), p.ParseOptionalAttrDict())
	st.Regions = []*ir.Region{body}
	return nil
}

func printInParallel(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), false, false)
	p.PrintOptionalAttrDict(op.AllAttrs())
}

// ---- scf.parallel and scf.reduce ----

func parseParallel(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	index := ctx.IndexType()
	p.ParsePunct("(")
	var ivs []ir.RegionArgument
	if !p.ParseOptionalPunct(")") {
		for {
			a, ok := p.ParseOptionalArgument(false, false)
			if !ok {
				return p.ErrorAt(p.CurrentPos(), "expected SSA operand")
			}
			a.Type = index
			ivs = append(ivs, a)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct(")")
	}
	p.ParsePunct("=")
	var groups [3][]ir.UnresolvedOperand
	for i, kw := range []string{"", "to", "step"} {
		if kw != "" {
			if err := expectKeyword(p, kw); err != nil {
				return err
			}
		}
		us, err := parseOperandList(p, len(ivs))
		if err != nil {
			return err
		}
		groups[i] = us
		for _, u := range us {
			st.Operands = append(st.Operands, p.ResolveOperand(u, index))
		}
	}
	var inits []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("init") {
		var err error
		if inits, err = parseOperandList(p, -1); err != nil {
			return err
		}
	}
	st.ResultTypes = parseOptionalArrowTypeList(p)
	body := &ir.Region{}
	p.ParseRegion(body, ivs)
	attrs := p.ParseOptionalAttrDict()
	attrs = append(attrs, ir.NamedAttr{Name: "operandSegmentSizes",
		Value: ctx.DenseI32Array(int32(len(groups[0])), int32(len(groups[1])), int32(len(groups[2])), int32(len(inits)))})
	vs, err := resolveOperands(p, ir.SourcePos(-1), inits, st.ResultTypes)
	if err != nil {
		return ir.NewError(p.NameLoc(), "custom op 'scf.parallel' "+fmt.Sprintf("number of operands and types do not match: got %d operands and %d types", len(inits), len(st.ResultTypes)))
	}
	st.Operands = append(st.Operands, vs...)
	ensureTerminator(ctx, body, "scf.reduce", st.Loc)
	st.Attributes = attrDict(ctx, attrs)
	st.Regions = []*ir.Region{body}
	return nil
}

func printParallel(p ir.OpAsmPrinter, op *ir.Operation) {
	seg := segments(op)
	if len(seg) != 4 {
		seg = make([][]ir.Value, 4)
	}
	p.WriteString(" (")
	for i, a := range blockArgs(op.Region(0), 0) {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(a)
	}
	p.WriteString(") = (")
	ir.PrintOperandList(p, seg[0])
	p.WriteString(") to (")
	ir.PrintOperandList(p, seg[1])
	p.WriteString(") step (")
	ir.PrintOperandList(p, seg[2])
	p.WriteString(")")
	if len(seg[3]) > 0 {
		p.WriteString(" init (")
		ir.PrintOperandList(p, seg[3])
		p.WriteString(")")
	}
	printOptionalArrowTypeList(p, op.ResultTypes())
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), false, true)
	p.PrintOptionalAttrDict(op.AllAttrs(), "operandSegmentSizes")
}

func parseReduce(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	if p.ParseOptionalPunct("(") {
		pos := p.CurrentPos()
		var us []ir.UnresolvedOperand
		for {
			us = append(us, p.ParseOperand())
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct(":")
		ts := parseTypeList(p)
		p.ParsePunct(")")
		vs, err := resolveOperands(p, pos, us, ts)
		if err != nil {
			return err
		}
		st.Operands = vs
	}
	r := &ir.Region{}
	if p.ParseOptionalRegion(r, nil) {
		st.Regions = append(st.Regions, r)
		for p.ParseOptionalPunct(",") {
			r := &ir.Region{}
			p.ParseRegion(r, nil)
			st.Regions = append(st.Regions, r)
		}
	}
	st.Attributes = attrDict(ctx, p.ParseOptionalAttrDict())
	return nil
}

func printReduce(p ir.OpAsmPrinter, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.WriteString("(")
		ir.PrintOperandList(p, op.Operands())
		p.WriteString(" : ")
		ir.PrintTypeList(p, op.OperandTypes())
		p.WriteString(")")
	}
	p.WriteString(" ")
	for i := 0; i < op.NumRegions(); i++ {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintRegion(op.Region(i), true, true)
	}
	p.PrintOptionalAttrDict(op.AllAttrs())
}

// ---- helpers on properties ----

// i64s returns the elements of an i64 dense array, or nil.
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

// i32s returns the elements of an i32 dense array, or nil.
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

// segments splits op's operands by operandSegmentSizes, or returns nil
// when the sizes do not match the operands.
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
	if at != len(ops) {
		return nil
	}
	return out
}
