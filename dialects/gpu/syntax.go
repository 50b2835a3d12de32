package gpu

import (
	"fmt"
	"github.com/strata-ir/strata/core/funcimpl"
	"github.com/strata-ir/strata/core/ir"
	"strings"
)

// tokenType returns !gpu.async.token.
func tokenType(ctx *ir.Context) ir.Type {
	return ctx.OpaqueType("gpu", "async.token")
}

func printOperandList(p ir.OpAsmPrinter, vs []ir.Value) {
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(v)
	}
}

// printAsyncDependencies prints `async [%deps]` as MLIR's custom
// directive AsyncDependencies does (without a leading space): `async`
// when the operation has a token result, the bracketed list when it has
// dependencies.
func printAsyncDependencies(p ir.OpAsmPrinter, hasToken bool, deps []ir.Value) {
	if hasToken {
		p.WriteString("async")
	}
	if len(deps) == 0 {
		return
	}
	if hasToken {
		p.WriteString(" ")
	}
	p.WriteString("[")
	printOperandList(p, deps)
	p.WriteString("]")
}

// parseAsyncDependencies reads `[async] [[%deps]]`, returning whether
// `async` was written and the dependencies; an operation marked async
// must name its results, as upstream requires.
func parseAsyncDependencies(p ir.OpAsmParser) (bool, []ir.Value, error) {
	pos := p.CurrentPos()
	async := p.ParseOptionalKeyword("async")
	if async && p.NumResults() == 0 {
		return false, nil, p.ErrorAt(pos, "needs to be named when marked 'async'")
	}
	var deps []ir.Value
	if p.ParseOptionalPunct("[") {
		if !p.ParseOptionalPunct("]") {
			for {
				deps = append(deps, p.ResolveOperand(p.ParseOperand(), tokenType(p.Context())))
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ParsePunct("]")
		}
	}
	return async, deps, nil
}

// segments returns the operandSegmentSizes of op.
func segments(op *ir.Operation) []int32 {
	d, ok := op.InherentAttr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int32, d.Size)
	for i := range out {
		out[i] = int32(uint32(d.Data[4*i]) | uint32(d.Data[4*i+1])<<8 | uint32(d.Data[4*i+2])<<16 | uint32(d.Data[4*i+3])<<24)
	}
	return out
}

// groups splits op's operands by its segment sizes.
func groups(op *ir.Operation) [][]ir.Value {
	seg := segments(op)
	out := make([][]ir.Value, len(seg))
	i := 0
	for g, n := range seg {
		if i+int(n) > op.NumOperands() {
			return out
		}
		out[g] = op.Operands()[i : i+int(n)]
		i += int(n)
	}
	return out
}

func numAttributions(op *ir.Operation) int {
	if a, ok := op.Attrs().Get("workgroup_attributions").(*ir.IntegerAttr); ok && op.Attrs() != nil {
		return int(a.Int64())
	}
	return 0
}

// printAttributions prints ` keyword(%a : type, ...)` for a non-empty
// list of attributions.
func printAttributions(p ir.OpAsmPrinter, keyword string, args []*ir.BlockArgument) {
	if len(args) == 0 {
		return
	}
	p.WriteString(" " + keyword + "(")
	for i, a := range args {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(a)
		p.WriteString(" : ")
		p.PrintType(a.Type())
	}
	p.WriteString(")")
}

// parseAttributions reads `keyword(%a : type, ...)` if the keyword is
// next.
func parseAttributions(p ir.OpAsmParser, keyword string) []ir.RegionArgument {
	if !p.ParseOptionalKeyword(keyword) {
		return nil
	}
	var out []ir.RegionArgument
	p.ParsePunct("(")
	if p.ParseOptionalPunct(")") {
		return nil
	}
	for {
		a, ok := p.ParseOptionalArgument(true, false)
		if !ok {
			p.ParsePunct(")")
			return out
		}
		out = append(out, a)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(")")
	return out
}

// ---- gpu.func ----

func printFunc(p ir.OpAsmPrinter, op FuncOp) {
	p.WriteString(" ")
	name, _ := op.Attr("sym_name").(*ir.StringAttr)
	if name != nil {
		p.PrintSymbolName(name.Value)
	}
	ft, _ := op.FunctionType().(*ir.FunctionType)
	body := op.Body()
	entry := body.First()
	var ins, outs []ir.Type
	if ft != nil {
		ins, outs = ft.Inputs, ft.Results
	}
	nIn := len(ins)
	funcimpl.PrintSignature(p, op.Operation, ins, false, outs)
	if entry != nil {
		nw := numAttributions(op.Operation)
		var args []*ir.BlockArgument
		for i := 0; i < entry.NumArguments(); i++ {
			args = append(args, entry.Argument(i))
		}
		if nIn+nw <= len(args) {
			printAttributions(p, "workgroup", args[nIn:nIn+nw])
			printAttributions(p, "private", args[nIn+nw:])
		}
	}
	if op.Attr("gpu.kernel") != nil {
		p.WriteString(" kernel")
	}
	p.PrintOptionalAttrDictWithKeyword(op.AllAttrs(), "sym_name", "function_type", "arg_attrs", "res_attrs",
		"workgroup_attributions", "gpu.kernel", "workgroup_attrib_attrs", "private_attrib_attrs")
	p.WriteString(" ")
	p.PrintRegion(body, false, true)
}

func parseFunc(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var attrs []ir.NamedAttr
	attrs = append(attrs, ir.NamedAttr{Name: "sym_name", Value: ctx.Str(p.ParseSymbolName())})
	sigPos := p.CurrentPos()
	args, _, results, resAttrs, err := funcimpl.ParseSignature(p, false)
	if err != nil {
		return err
	}
	if len(args) > 0 && args[0].Name == "" {
		return p.ErrorAt(sigPos, "gpu.func requires named arguments")
	}
	attrs = append(attrs, ir.NamedAttr{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(funcimpl.ArgTypes(args), results))})
	attrs = append(attrs, funcimpl.ArgAndResultAttrs(ctx, args, resAttrs)...)
	wg := parseAttributions(p, "workgroup")
	priv := parseAttributions(p, "private")
	attrs = append(attrs, ir.NamedAttr{Name: "workgroup_attributions", Value: ctx.IntegerAttr(ctx.IntegerType(64, ir.Signless), int64(len(wg)))})
	if p.ParseOptionalKeyword("kernel") {
		attrs = append(attrs, ir.NamedAttr{Name: "gpu.kernel", Value: ctx.Unit()})
	}
	attrs = append(attrs, p.ParseOptionalAttrDictWithKeyword()...)
	all := append(append(append([]ir.RegionArgument(nil), args...), wg...), priv...)
	body := &ir.Region{}
	p.ParseRegion(body, all)
	st.Regions = []*ir.Region{body}
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

func verifyFunc(op FuncOp) error {
	ft, ok := op.FunctionType().(*ir.FunctionType)
	if !ok {
		return nil
	}
	// As mlir-opt-22, a body without blocks is reported first.
	if err := verifyFuncBody(op, ft); err != nil {
		return err
	}
	if err := funcimpl.VerifySymbol(op.Operation, op.Body().Empty()); err != nil {
		return err
	}
	for _, name := range []string{"gpu.known_block_size", "gpu.known_grid_size"} {
		a := op.Attr(name)
		if a == nil {
			continue
		}
		d, ok := a.(*ir.DenseArrayAttr)
		if !ok {
			return ir.OpError(op.Operation, name+" must be a dense i32 array")
		}
		if it, isInt := d.Elem.(*ir.IntegerType); !isInt || it.Width != 32 {
			return ir.OpError(op.Operation, name+" must be a dense i32 array")
		}
		if d.Size != 3 {
			return ir.OpError(op.Operation, name+" must contain exactly 3 elements")
		}
	}
	if op.Attr("gpu.kernel") != nil && len(ft.Results) > 0 {
		return ir.OpError(op.Operation, "expected void return type for kernel function")
	}
	return nil
}

// verifyFuncBody is upstream's GPUFuncOp::verifyBody: the entry block
// holds the function's arguments, then the workgroup and private
// attributions, memrefs in their address spaces.
func verifyFuncBody(op FuncOp, ft *ir.FunctionType) error {
	o := op.Operation
	entry := op.Body().First()
	if entry == nil {
		return ir.OpError(o, "expected body with at least one block")
	}
	nw := numAttributions(o)
	if entry.NumArguments() < len(ft.Inputs)+nw {
		return ir.OpError(o, fmt.Sprintf("expected at least %d arguments to body region", len(ft.Inputs)+nw))
	}
	for i, t := range ft.Inputs {
		if got := entry.Argument(i).Type(); got != t {
			return ir.OpError(o, fmt.Sprintf("expected body region argument #%d to be of type %s, got %s", i, ir.TypeString(t), ir.TypeString(got)))
		}
	}
	check := func(args []*ir.BlockArgument, space string) error {
		for _, a := range args {
			m, ok := a.Type().(*ir.MemRefType)
			if !ok {
				return ir.OpError(o, "expected memref type in attribution")
			}
			s := ir.AttrString(m.MemorySpace)
			if m.MemorySpace == nil || !strings.HasPrefix(s, "#gpu.address_space<") {
				continue
			}
			if s != "#gpu.address_space<"+space+">" {
				return ir.OpError(o, "expected memory space "+space+" in attribution")
			}
		}
		return nil
	}
	attribs := entry.Arguments()[len(ft.Inputs):]
	if err := check(attribs[:nw], "workgroup"); err != nil {
		return err
	}
	return check(attribs[nw:], "private")
}

// ---- gpu.launch ----

func printSizeAssignment(p ir.OpAsmPrinter, sizes []ir.Value, regionSizes, ids []*ir.BlockArgument) {
	p.WriteString("(")
	for i, id := range ids {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(id)
	}
	p.WriteString(") in (")
	for i := range sizes {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(regionSizes[i])
		p.WriteString(" = ")
		p.PrintOperand(sizes[i])
	}
	p.WriteString(")")
}

func printLaunch(p ir.OpAsmPrinter, op LaunchOp) {
	g := groups(op.Operation)
	if len(g) != 11 {
		return
	}
	if op.AsyncToken() != nil {
		p.WriteString(" async")
		if len(g[0]) > 0 {
			p.WriteString(" [")
			printOperandList(p, g[0])
			p.WriteString("]")
		}
	}
	body := op.Body()
	entry := body.First()
	if entry == nil || entry.NumArguments() < 12 {
		return
	}
	arg := func(i int) *ir.BlockArgument { return entry.Argument(i) }
	hasCluster := len(g[7]) == 1
	base := 12
	if hasCluster {
		base = 18
		p.WriteString(" clusters")
		printSizeAssignment(p, []ir.Value{g[7][0], g[8][0], g[9][0]},
			[]*ir.BlockArgument{arg(15), arg(16), arg(17)}, []*ir.BlockArgument{arg(12), arg(13), arg(14)})
	}
	p.WriteString(" blocks")
	printSizeAssignment(p, []ir.Value{g[1][0], g[2][0], g[3][0]},
		[]*ir.BlockArgument{arg(6), arg(7), arg(8)}, []*ir.BlockArgument{arg(0), arg(1), arg(2)})
	p.WriteString(" threads")
	printSizeAssignment(p, []ir.Value{g[4][0], g[5][0], g[6][0]},
		[]*ir.BlockArgument{arg(9), arg(10), arg(11)}, []*ir.BlockArgument{arg(3), arg(4), arg(5)})
	if len(g[10]) == 1 {
		p.WriteString(" dynamic_shared_memory_size ")
		p.PrintOperand(g[10][0])
	}
	for _, kw := range []string{"module", "function"} {
		if a := op.InherentAttr(kw); a != nil {
			p.WriteString(" " + kw + "(")
			p.PrintAttributeWithoutType(a)
			p.WriteString(")")
		}
	}
	nw := numAttributions(op.Operation)
	var rest []*ir.BlockArgument
	for i := base; i < entry.NumArguments(); i++ {
		rest = append(rest, entry.Argument(i))
	}
	if nw <= len(rest) {
		printAttributions(p, "workgroup", rest[:nw])
		printAttributions(p, "private", rest[nw:])
	}
	p.WriteString(" ")
	p.PrintRegion(body, false, true)
	p.PrintOptionalAttrDict(op.AllAttrs(), "workgroup_attributions", "operandSegmentSizes", "module", "function")
}

// parseSizeAssignment reads `(%x, %y, %z) in (%sx = %a, %sy = %b, %sz = %c)`.
func parseSizeAssignment(p ir.OpAsmParser) (ids, regionSizes []ir.RegionArgument, sizes []ir.Value) {
	ctx := p.Context()
	index := ctx.IndexType()
	p.ParsePunct("(")
	for i := 0; i < 3; i++ {
		if i > 0 {
			p.ParsePunct(",")
		}
		a, ok := p.ParseOptionalArgument(false, false)
		if !ok {
			p.ParseOperand()
		}
		a.Type = index
		ids = append(ids, a)
	}
	p.ParsePunct(")")
	if !p.ParseOptionalKeyword("in") {
		p.ParsePunct("in")
	}
	p.ParsePunct("(")
	for i := 0; i < 3; i++ {
		if i > 0 {
			p.ParsePunct(",")
		}
		a, ok := p.ParseOptionalArgument(false, false)
		if !ok {
			p.ParseOperand()
		}
		a.Type = index
		regionSizes = append(regionSizes, a)
		p.ParsePunct("=")
		sizes = append(sizes, p.ResolveOperand(p.ParseOperand(), index))
	}
	p.ParsePunct(")")
	return ids, regionSizes, sizes
}

func parseLaunch(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	async, deps, err := parseAsyncDependencies(p)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, deps...)
	seg := []int32{int32(len(deps)), 1, 1, 1, 1, 1, 1, 0, 0, 0, 0}
	var clusterIDs, clusterRS []ir.RegionArgument
	var clusterSizes []ir.Value
	if p.ParseOptionalKeyword("clusters") {
		clusterIDs, clusterRS, clusterSizes = parseSizeAssignment(p)
		seg[7], seg[8], seg[9] = 1, 1, 1
	}
	if !p.ParseOptionalKeyword("blocks") {
		return p.Errorf("expected 'blocks'")
	}
	blockIDs, gridRS, gridSizes := parseSizeAssignment(p)
	if !p.ParseOptionalKeyword("threads") {
		return p.Errorf("expected 'threads'")
	}
	threadIDs, blockRS, blockSizes := parseSizeAssignment(p)
	st.Operands = append(st.Operands, gridSizes...)
	st.Operands = append(st.Operands, blockSizes...)
	st.Operands = append(st.Operands, clusterSizes...)
	if p.ParseOptionalKeyword("dynamic_shared_memory_size") {
		st.Operands = append(st.Operands, p.ResolveOperand(p.ParseOperand(), ctx.IntegerType(32, ir.Signless)))
		seg[10] = 1
	}
	var symbols []ir.NamedAttr
	for _, kw := range []string{"module", "function"} {
		if p.ParseOptionalKeyword(kw) {
			p.ParsePunct("(")
			symbols = append(symbols, ir.NamedAttr{Name: kw, Value: p.ParseAttribute(nil)})
			p.ParsePunct(")")
		}
	}
	wg := parseAttributions(p, "workgroup")
	priv := parseAttributions(p, "private")
	var args []ir.RegionArgument
	args = append(args, blockIDs...)
	args = append(args, threadIDs...)
	args = append(args, gridRS...)
	args = append(args, blockRS...)
	args = append(args, clusterIDs...)
	args = append(args, clusterRS...)
	args = append(args, wg...)
	args = append(args, priv...)
	body := &ir.Region{}
	p.ParseRegion(body, args)
	st.Regions = []*ir.Region{body}
	attrs := []ir.NamedAttr{
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(seg...)},
		{Name: "workgroup_attributions", Value: ctx.IntegerAttr(ctx.IntegerType(64, ir.Signless), int64(len(wg)))},
	}
	attrs = append(attrs, symbols...)
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	st.Attributes = ctx.DictionaryAttr(attrs)
	if async {
		st.ResultTypes = append(st.ResultTypes, tokenType(ctx))
	}
	return nil
}

func verifyLaunch(op LaunchOp) error {
	body := op.Body()
	if body.Empty() {
		return nil
	}
	need := 12
	if len(groups(op.Operation)) == 11 && len(groups(op.Operation)[7]) == 1 {
		need = 18
	}
	if body.First().NumArguments() < need {
		return ir.OpError(op.Operation, "unexpected number of region arguments")
	}
	if len(op.AsyncDependencies()) > 0 && op.AsyncToken() == nil {
		return ir.OpError(op.Operation, "async dependencies require the 'async' keyword")
	}
	return nil
}

// ---- gpu.launch_func ----

func printLaunchFunc(p ir.OpAsmPrinter, op LaunchFuncOp) {
	g := groups(op.Operation)
	if len(g) != 13 {
		return
	}
	p.WriteString(" ")
	printAsyncDependencies(p, op.AsyncToken() != nil, g[0])
	if len(g[12]) == 1 {
		// The format's `<` takes no space before it.
		p.WriteString("<")
		p.PrintOperand(g[12][0])
		p.WriteString(" : ")
		p.PrintType(g[12][0].Type())
		p.WriteString(">")
	}
	p.WriteString(" ")
	p.PrintAttributeWithoutType(op.Kernel())
	triple := func(kw string, vs ...[]ir.Value) {
		p.WriteString(" " + kw + " in (")
		for i, v := range vs {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintOperand(v[0])
		}
		p.WriteString(")")
	}
	if len(g[7]) == 1 {
		triple("clusters", g[7], g[8], g[9])
	}
	triple("blocks", g[1], g[2], g[3])
	triple("threads", g[4], g[5], g[6])
	// custom<LaunchDimType>: the type of the sizes when not index.
	p.WriteString(" ")
	if t := g[1][0].Type(); t != op.Context().IndexType() {
		p.WriteString(": ")
		p.PrintType(t)
	}
	if len(g[10]) == 1 {
		p.WriteString(" dynamic_shared_memory_size ")
		p.PrintOperand(g[10][0])
	}
	// custom<LaunchFuncOperands> follows a space of its own.
	p.WriteString(" ")
	if len(g[11]) > 0 {
		p.WriteString("args(")
		for i, v := range g[11] {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintOperand(v)
			p.WriteString(" : ")
			p.PrintType(v.Type())
		}
		p.WriteString(")")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "kernel", "operandSegmentSizes")
}

func parseLaunchFunc(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	async, deps, err := parseAsyncDependencies(p)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, deps...)
	seg := []int32{int32(len(deps)), 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0}
	var object []ir.Value
	if p.ParseOptionalPunct("<") {
		u := p.ParseOperand()
		p.ParsePunct(":")
		object = append(object, p.ResolveOperand(u, p.ParseType()))
		p.ParsePunct(">")
		seg[12] = 1
	}
	kernelPos := p.CurrentPos()
	kernel := p.ParseAttribute(nil)
	if _, ok := kernel.(*ir.SymbolRefAttr); !ok {
		return p.ErrorAt(kernelPos, "invalid kind of attribute specified")
	}
	readTriple := func(kw string, required bool) ([]ir.UnresolvedOperand, error) {
		if !p.ParseOptionalKeyword(kw) {
			if required {
				return nil, p.Errorf("expected '%s'", kw)
			}
			return nil, nil
		}
		if !p.ParseOptionalKeyword("in") {
			return nil, p.Errorf("expected 'in'")
		}
		p.ParsePunct("(")
		var us []ir.UnresolvedOperand
		for i := 0; i < 3; i++ {
			if i > 0 {
				p.ParsePunct(",")
			}
			us = append(us, p.ParseOperand())
		}
		p.ParsePunct(")")
		return us, nil
	}
	clusters, err := readTriple("clusters", false)
	if err != nil {
		return err
	}
	blocks, err := readTriple("blocks", true)
	if err != nil {
		return err
	}
	threads, err := readTriple("threads", true)
	if err != nil {
		return err
	}
	var dimType ir.Type = ctx.IndexType()
	if p.ParseOptionalPunct(":") {
		dimType = p.ParseType()
	}
	for _, u := range append(blocks, threads...) {
		st.Operands = append(st.Operands, p.ResolveOperand(u, dimType))
	}
	if clusters != nil {
		for _, u := range clusters {
			st.Operands = append(st.Operands, p.ResolveOperand(u, dimType))
		}
		seg[7], seg[8], seg[9] = 1, 1, 1
	}
	if p.ParseOptionalKeyword("dynamic_shared_memory_size") {
		st.Operands = append(st.Operands, p.ResolveOperand(p.ParseOperand(), ctx.IntegerType(32, ir.Signless)))
		seg[10] = 1
	}
	if p.ParseOptionalKeyword("args") {
		p.ParsePunct("(")
		if !p.ParseOptionalPunct(")") {
			for {
				u := p.ParseOperand()
				p.ParsePunct(":")
				st.Operands = append(st.Operands, p.ResolveOperand(u, p.ParseType()))
				seg[11]++
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ExpectPunct(")", "expected ')' in argument list")
		}
	}
	st.Operands = append(st.Operands, object...)
	attrs := []ir.NamedAttr{
		{Name: "kernel", Value: kernel},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(seg...)},
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	st.Attributes = ctx.DictionaryAttr(attrs)
	if async {
		st.ResultTypes = append(st.ResultTypes, tokenType(ctx))
	}
	return nil
}

// ---- gpu.wait ----

func printWait(p ir.OpAsmPrinter, op WaitOp) {
	p.WriteString(" ")
	printAsyncDependencies(p, op.AsyncToken() != nil, op.AsyncDependencies())
	p.PrintOptionalAttrDict(op.AllAttrs())
}

func parseWait(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	async, deps, err := parseAsyncDependencies(p)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, deps...)
	if a := p.ParseOptionalAttrDict(); len(a) > 0 {
		st.Attributes = ctx.DictionaryAttr(a)
	}
	if async {
		st.ResultTypes = append(st.ResultTypes, tokenType(ctx))
	}
	return nil
}

// ---- gpu.module ----

func printModule(p ir.OpAsmPrinter, op ModuleOp) {
	p.WriteString(" ")
	if n, ok := op.SymNameAttr().(*ir.StringAttr); ok {
		p.PrintSymbolName(n.Value)
	}
	if h := op.OffloadingHandler(); h != nil {
		p.WriteString(" <")
		p.PrintAttribute(h)
		p.WriteString(">")
	}
	if t := op.Targets(); t != nil {
		p.WriteString(" ")
		p.PrintAttribute(t)
	}
	p.PrintOptionalAttrDictWithKeyword(op.AllAttrs(), "sym_name", "targets", "offloadingHandler")
	p.WriteString(" ")
	p.PrintRegion(op.BodyRegion(), false, false)
}

func parseModule(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	attrs := []ir.NamedAttr{{Name: "sym_name", Value: ctx.Str(p.ParseSymbolName())}}
	if p.ParseOptionalPunct("<") {
		attrs = append(attrs, ir.NamedAttr{Name: "offloadingHandler", Value: p.ParseAttribute(nil)})
		p.ParsePunct(">")
	}
	if p.ParseOptionalPunct("[") {
		var elems []ir.Attribute
		if !p.ParseOptionalPunct("]") {
			for {
				elems = append(elems, p.ParseAttribute(nil))
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ParsePunct("]")
		}
		attrs = append(attrs, ir.NamedAttr{Name: "targets", Value: ctx.ArrayAttr(elems)})
	}
	attrs = append(attrs, p.ParseOptionalAttrDictWithKeyword()...)
	body := &ir.Region{}
	p.ParseRegion(body, nil)
	if body.Empty() {
		body.Append(ir.NewBlock())
	}
	st.Regions = []*ir.Region{body}
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}
