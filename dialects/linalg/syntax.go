package linalg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
)

// structuredKinds holds every structured operation by name.
var structuredKinds = map[string]*structuredKind{}

func init() {
	structuredKinds["linalg.generic"] = &structuredKind{
		inits: segmentInits, maps: genericMaps, iterators: genericIterators,
		print: printGeneric, parse: parseGeneric, inName: "in", initName: "out",
	}
	structuredKinds["linalg.map"] = &structuredKind{
		inits: lastInit, maps: mapMaps, iterators: allParallelOfInit,
		print: printMap, parse: parseMap, inName: "in", initName: "init", verify: verifyMap,
	}
	structuredKinds["linalg.reduce"] = &structuredKind{
		inits: halfInits, maps: reduceMaps, iterators: reduceIterators,
		print: printReduce, parse: parseReduce, inName: "in", initName: "init", verify: verifyReduce,
	}
	structuredKinds["linalg.transpose"] = &structuredKind{
		inits: lastInit, maps: transposeMaps, iterators: allParallelOfInit,
		print: printTransposeLike("permutation"), parse: parseTransposeLike("permutation"),
		inName: "in", initName: "init", verify: verifyTranspose,
	}
	structuredKinds["linalg.broadcast"] = &structuredKind{
		inits: lastInit, maps: broadcastMaps, iterators: allParallelOfInit,
		print: printTransposeLike("dimensions"), parse: parseTransposeLike("dimensions"),
		inName: "in", initName: "init", verify: verifyBroadcast,
	}
	for _, n := range namedOps {
		structuredKinds["linalg."+n.name] = n.kind()
	}
}

func lastInit(op *ir.Operation) (int, int) {
	if op.NumOperands() == 0 {
		return 0, 0
	}
	return op.NumOperands() - 1, 1
}

func halfInits(op *ir.Operation) (int, int) {
	n := op.NumOperands() / 2
	return n, n
}

// ---- maps and iterators ----

func genericMaps(op *ir.Operation) []affine.Map {
	maps, _ := affineMaps(op.InherentAttr("indexing_maps"))
	return maps
}

func genericIterators(op *ir.Operation) []IteratorType {
	arr, ok := op.InherentAttr("iterator_types").(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	its := make([]IteratorType, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		its = append(its, iteratorTypeOf(e))
	}
	return its
}

// iteratorTypeOf reads a #linalg.iterator_type attribute.
func iteratorTypeOf(a ir.Attribute) IteratorType {
	if d, ok := a.(ir.DialectAttr); ok && d.Body() == "iterator_type<reduction>" {
		return IteratorTypeReduction
	}
	return IteratorTypeParallel
}

func initRank(op *ir.Operation) int {
	_, n := lastInit(op)
	if n == 0 {
		return 0
	}
	return rankOf(op.Operand(op.NumOperands() - 1).Type())
}

func allParallelOfInit(op *ir.Operation) []IteratorType {
	return make([]IteratorType, initRank(op))
}

func identities(n, rank int) []affine.Map {
	maps := make([]affine.Map, n)
	for i := range maps {
		maps[i] = affine.IdentityMap(rank)
	}
	return maps
}

func mapMaps(op *ir.Operation) []affine.Map {
	return identities(op.NumOperands(), initRank(op))
}

func dimsAttr(op *ir.Operation, name string) []int64 {
	a, _ := op.InherentAttr(name).(*ir.DenseArrayAttr)
	return i64s(a)
}

// dropDims returns the map (d0, ..., d{rank-1}) -> (di for i not in dims).
func dropDims(rank int, dims []int64) affine.Map {
	var res []affine.Expr
	for i := 0; i < rank; i++ {
		if !slices.Contains(dims, int64(i)) {
			res = append(res, affine.Dim(i))
		}
	}
	return affine.NewMap(rank, 0, res...)
}

func reduceMaps(op *ir.Operation) []affine.Map {
	first, n := halfInits(op)
	if first == 0 {
		return nil
	}
	rank := rankOf(op.Operand(0).Type())
	maps := identities(first, rank)
	red := dropDims(rank, dimsAttr(op, "dimensions"))
	for i := 0; i < n; i++ {
		maps = append(maps, red)
	}
	return maps
}

func reduceIterators(op *ir.Operation) []IteratorType {
	if op.NumOperands() == 0 {
		return nil
	}
	its := make([]IteratorType, rankOf(op.Operand(0).Type()))
	for _, d := range dimsAttr(op, "dimensions") {
		if d >= 0 && int(d) < len(its) {
			its[d] = IteratorTypeReduction
		}
	}
	return its
}

func transposeMaps(op *ir.Operation) []affine.Map {
	rank := initRank(op)
	perm := dimsAttr(op, "permutation")
	// The input is indexed by the inverse permutation: input dimension
	// perm[i] is loop i.
	res := make([]affine.Expr, len(perm))
	for i, p := range perm {
		if p < 0 || int(p) >= len(res) {
			return nil
		}
		res[p] = affine.Dim(i)
	}
	return []affine.Map{affine.NewMap(rank, 0, res...), affine.IdentityMap(rank)}
}

func broadcastMaps(op *ir.Operation) []affine.Map {
	rank := initRank(op)
	return []affine.Map{dropDims(rank, dimsAttr(op, "dimensions")), affine.IdentityMap(rank)}
}

// ---- shared syntax ----

// printInsOuts prints ` ins(%a, %b : t1, t2) outs(%c : t3)`, leaving out an
// empty list (MLIR's printCommonStructuredOpParts).
func printInsOuts(p ir.OpAsmPrinter, ins, outs []ir.Value) {
	for _, g := range []struct {
		kw string
		vs []ir.Value
	}{{" ins(", ins}, {" outs(", outs}} {
		if len(g.vs) == 0 {
			continue
		}
		p.WriteString(g.kw)
		ir.PrintOperandList(p, g.vs)
		p.WriteString(" : ")
		types := make([]ir.Type, len(g.vs))
		for i, v := range g.vs {
			types[i] = v.Type()
		}
		ir.PrintTypeList(p, types)
		p.WriteString(")")
	}
}

// printArrowTypes prints ` -> t` or ` -> (t1, t2)` for results.
func printArrowTypes(p ir.OpAsmPrinter, ts []ir.Type) {
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

// parseArrowTypes parses `-> t` or `-> (t, ...)` if present.
func parseArrowTypes(p ir.OpAsmParser) []ir.Type {
	if !p.ParseOptionalPunct("->") {
		return nil
	}
	if !p.ParseOptionalPunct("(") {
		return []ir.Type{p.ParseType()}
	}
	if p.ParseOptionalPunct(")") {
		return nil
	}
	ts := parseTypes(p)
	p.ParsePunct(")")
	return ts
}

func parseTypes(p ir.OpAsmParser) []ir.Type {
	ts := []ir.Type{p.ParseType()}
	for p.ParseOptionalPunct(",") {
		ts = append(ts, p.ParseType())
	}
	return ts
}

// operandGroup is a parsed `ins(...)` or `outs(...)` list.
type operandGroup struct {
	uses  []ir.UnresolvedOperand
	types []ir.Type
	pos   ir.SourcePos
}

// parseGroup parses `kw(%a, %b : t1, t2)` if kw is next.
func parseGroup(p ir.OpAsmParser, kw string) (operandGroup, bool) {
	var g operandGroup
	if !p.ParseOptionalKeyword(kw) {
		return g, false
	}
	p.ParsePunct("(")
	g.pos = p.CurrentPos()
	for {
		u, ok := p.ParseOptionalOperand()
		if !ok {
			break
		}
		g.uses = append(g.uses, u)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(":")
	g.types = parseTypes(p)
	p.ParsePunct(")")
	return g, true
}

func (g operandGroup) resolve(p ir.OpAsmParser) ([]ir.Value, error) {
	if len(g.uses) != len(g.types) {
		return nil, p.ErrorAt(g.pos, fmt.Sprintf("%d operands present, but expected %d", len(g.uses), len(g.types)))
	}
	vs := make([]ir.Value, len(g.uses))
	for i, u := range g.uses {
		vs[i] = p.ResolveOperand(u, g.types[i])
	}
	return vs, nil
}

// parseInsOuts parses the optional `ins(...)` and `outs(...)` lists and
// resolves them (MLIR's parseCommonStructuredOpParts without the
// attribute dictionary).
func parseInsOuts(p ir.OpAsmParser) (ins, outs []ir.Value, err error) {
	gi, _ := parseGroup(p, "ins")
	gout, _ := parseGroup(p, "outs")
	if ins, err = gi.resolve(p); err != nil {
		return nil, nil, err
	}
	if outs, err = gout.resolve(p); err != nil {
		return nil, nil, err
	}
	return ins, outs, nil
}

func types(vs []ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// tensorTypes returns the ranked tensor types among ts (the results of a
// destination-style operation on those inits).
func tensorTypes(ts []ir.Type) []ir.Type {
	var out []ir.Type
	for _, t := range ts {
		if _, ok := t.(*ir.RankedTensorType); ok {
			out = append(out, t)
		}
	}
	return out
}

func segments(ctx *ir.Context, nIn, nOut int) ir.NamedAttr {
	return ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(nIn), int32(nOut))}
}

func attrDict(ctx *ir.Context, entries []ir.NamedAttr) *ir.DictionaryAttr {
	if len(entries) == 0 {
		return nil
	}
	return ctx.DictionaryAttr(entries)
}

// ---- linalg.generic ----

var genericTraitNames = []string{"doc", "indexing_maps", "iterator_types", "library_call"}

func printGeneric(p ir.OpAsmPrinter, op *ir.Operation) {
	ctx := op.Context()
	p.WriteString(" ")
	var trait []ir.NamedAttr
	for _, a := range op.AllAttrs() {
		if a.Name == "iterator_types" {
			if arr, ok := a.Value.(*ir.ArrayAttr); ok {
				names := make([]ir.Attribute, len(arr.Elems))
				for i, e := range arr.Elems {
					names[i] = ctx.Str(iteratorTypeOf(e).String())
				}
				trait = append(trait, ir.NamedAttr{Name: a.Name, Value: ctx.ArrayAttr(names)})
				continue
			}
		}
		if slices.Contains(genericTraitNames, a.Name) {
			trait = append(trait, a)
		}
	}
	if len(trait) > 0 {
		p.PrintAttribute(ctx.DictionaryAttr(trait))
	}
	s := StructuredOp{op}
	printInsOuts(p, s.Inputs(), s.Outputs())
	elided := append(slices.Clone(genericTraitNames), "operandSegmentSizes")
	extra := false
	for _, a := range op.AllAttrs() {
		if !slices.Contains(elided, a.Name) {
			extra = true
			break
		}
	}
	if extra {
		p.WriteString(" attrs = ")
		p.PrintOptionalAttrDict(op.AllAttrs(), elided...)
	}
	if op.NumRegions() > 0 && !op.Region(0).Empty() {
		p.WriteString(" ")
		p.PrintRegion(op.Region(0), true, true)
	}
	printArrowTypes(p, op.ResultTypes())
}

func parseGeneric(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	pos := p.CurrentPos()
	dict, ok := p.ParseAttribute(nil).(*ir.DictionaryAttr)
	if !ok {
		return p.ErrorAt(pos, "invalid kind of attribute specified")
	}
	attrs := slices.Clone(dict.Entries)
	idx := slices.IndexFunc(attrs, func(a ir.NamedAttr) bool { return a.Name == "iterator_types" })
	var arr *ir.ArrayAttr
	if idx >= 0 {
		arr, _ = attrs[idx].Value.(*ir.ArrayAttr)
	}
	if arr == nil {
		return p.ErrorAt(pos, "expected iterator_types array attribute")
	}
	its := make([]ir.Attribute, len(arr.Elems))
	for i, e := range arr.Elems {
		s, ok := e.(*ir.StringAttr)
		var it IteratorType
		switch {
		case ok && s.Value == "parallel":
			it = IteratorTypeParallel
		case ok && s.Value == "reduction":
			it = IteratorTypeReduction
		default:
			name := ir.AttrString(e)
			if ok {
				name = s.Value
			}
			return p.ErrorAt(p.CurrentPos(), "unexpected iterator_type ("+name+")")
		}
		its[i] = iteratorTypeAttr(ctx, it)
	}
	attrs[idx].Value = ctx.ArrayAttr(its)
	ins, outs, err := parseInsOuts(p)
	if err != nil {
		return err
	}
	attrs = append(attrs, segments(ctx, len(ins), len(outs)))
	if p.ParseOptionalKeyword("attrs") {
		p.ParsePunct("=")
		attrs = append(attrs, p.ParseOptionalAttrDict()...)
	}
	r := &ir.Region{}
	p.ParseRegion(r, nil)
	st.Operands = append(append(st.Operands, ins...), outs...)
	st.Regions = []*ir.Region{r}
	st.ResultTypes = parseArrowTypes(p)
	st.Attributes = attrDict(ctx, attrs)
	return nil
}

// iteratorTypeAttr returns #linalg.iterator_type<it>.
func iteratorTypeAttr(ctx *ir.Context, it IteratorType) ir.Attribute {
	return dialectAttr(ir.NewBuilder(ctx), "linalg", "iterator_type<"+it.String()+">")
}

// ---- linalg.map and linalg.reduce ----

// payloadOp returns the single operation of body before its yield when the
// short form `{ op.name attrs }` can print the body: the payload takes
// exactly the arguments operands, in order, and the yield returns its
// results (MLIR's findPayloadOp).
func payloadOp(body *ir.Block, operands []*ir.BlockArgument) *ir.Operation {
	if body == nil || body.NumOps() != 2 {
		return nil
	}
	payload, yield := body.First(), body.Last()
	if payload.NumOperands() == 0 || payload.NumOperands() != len(operands) || payload.NumRegions() != 0 {
		return nil
	}
	for i, v := range payload.Operands() {
		if v != ir.Value(operands[i]) {
			return nil
		}
	}
	if yield.NumOperands() != payload.NumResults() || payload.NumResults() != 1 {
		return nil
	}
	for i, v := range yield.Operands() {
		if v != payload.Results()[i] {
			return nil
		}
	}
	return payload
}

// printShortForm prints ` { name {attrs} }`, leaving out a fastmath
// attribute holding none.
func printShortForm(p ir.OpAsmPrinter, payload *ir.Operation) {
	p.WriteString(" { ")
	p.WriteString(payload.Name())
	var elided []string
	for _, a := range payload.AllAttrs() {
		if d, ok := a.Value.(ir.DialectAttr); ok && d.DialectName() == "arith" && d.Body() == "fastmath<none>" {
			elided = append(elided, a.Name)
			break
		}
	}
	p.PrintOptionalAttrDict(payload.AllAttrs(), elided...)
	p.WriteString(" }")
}

// printLongBody prints the body after a new line as `(args) {...}`.
func printLongBody(p ir.OpAsmPrinter, r *ir.Region) {
	ip, _ := p.(ir.IndentPrinter)
	if ip != nil {
		ip.IncreaseIndent()
	}
	p.PrintNewline()
	p.WriteString("(")
	if b := r.First(); b != nil {
		for i, a := range b.Arguments() {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintRegionArgument(a, nil)
		}
	}
	p.WriteString(") ")
	p.PrintRegion(r, false, true)
	if ip != nil {
		ip.DecreaseIndent()
	}
}

// parseShortForm parses `{ name {attrs} }` if a '{' is next.
func parseShortForm(p ir.OpAsmParser) (name string, attrs []ir.NamedAttr, pos ir.SourcePos, ok bool, err error) {
	if !p.ParseOptionalPunct("{") {
		return "", nil, 0, false, nil
	}
	pos = p.CurrentPos()
	name, ok = p.ParseOptionalKeywordAny()
	if !ok {
		return "", nil, pos, false, p.ErrorAt(pos, "expected valid keyword")
	}
	attrs = p.ParseOptionalAttrDict()
	p.ParsePunct("}")
	return name, attrs, pos, true, nil
}

// buildPayloadBody fills r with one block of arguments argTypes, the
// payload operation name applied to the arguments operandIdx with result
// type resType, and a yield of its result (MLIR's addBodyWithPayloadOp).
// The block arguments have unknown locations, the operations the
// location loc of the linalg operation, as upstream builds them; an
// unknown payload name makes an unregistered operation that the verifier
// reports.
func buildPayloadBody(p ir.OpAsmParser, loc ir.Location, r *ir.Region, name string, attrs []ir.NamedAttr, argTypes []ir.Type, operandIdx []int, resType ir.Type) error {
	ctx := p.Context()
	if on := ctx.LookupOpName(name); on == nil || on.Def == nil {
		if i := strings.IndexByte(name, '.'); i > 0 && ctx.Dialect(name[:i]) != nil {
			return ir.NewError(loc, "unregistered operation '"+name+"' found in dialect ('"+name[:i]+"') that does not allow unknown operations")
		}
	}
	b := ir.NewBuilder(ctx)
	b.Loc = ctx.UnknownLoc()
	blk := b.CreateBlock(r, argTypes...)
	b.Loc = loc
	operands := make([]ir.Value, len(operandIdx))
	for i, j := range operandIdx {
		operands[i] = blk.Argument(j)
	}
	payload := b.CreateOp(name, operands, []ir.Type{resType}, attrs...)
	b.CreateOp("linalg.yield", payload.Results(), nil)
	return nil
}

func printMap(p ir.OpAsmPrinter, op *ir.Operation) {
	s := StructuredOp{op}
	body := s.Body()
	var payload *ir.Operation
	if body != nil {
		n := len(s.Inputs())
		if n <= body.NumArguments() {
			payload = payloadOp(body, body.Arguments()[:n])
		}
	}
	if payload != nil {
		printShortForm(p, payload)
	}
	printInsOuts(p, s.Inputs(), s.Outputs())
	p.PrintOptionalAttrDict(op.AllAttrs())
	if payload == nil {
		printLongBody(p, op.Region(0))
	}
}

func parseMap(p ir.OpAsmParser, st *ir.OperationState) error {
	name, pattrs, _, short, err := parseShortForm(p)
	if err != nil {
		return err
	}
	ins, outs, err := parseInsOuts(p)
	if err != nil {
		return err
	}
	st.Attributes = attrDict(p.Context(), p.ParseOptionalAttrDict())
	st.Operands = append(append(st.Operands, ins...), outs...)
	st.ResultTypes = tensorTypes(types(outs))
	r := &ir.Region{}
	st.Regions = []*ir.Region{r}
	if short {
		if len(outs) == 0 {
			return nil
		}
		var argTypes []ir.Type
		idx := make([]int, len(ins))
		for i, v := range ins {
			argTypes = append(argTypes, elementTypeOf(v.Type()))
			idx[i] = i
		}
		res := elementTypeOf(outs[0].Type())
		argTypes = append(argTypes, res)
		return buildPayloadBody(p, st.Loc, r, name, pattrs, argTypes, idx, res)
	}
	args, err := parseArgumentList(p)
	if err != nil {
		return err
	}
	p.ParseRegion(r, args)
	return nil
}

// parseArgumentList parses `(%a: t, ...)`.
func parseArgumentList(p ir.OpAsmParser) ([]ir.RegionArgument, error) {
	p.ParsePunct("(")
	args := []ir.RegionArgument{}
	if p.ParseOptionalPunct(")") {
		return args, nil
	}
	for {
		a, ok := p.ParseOptionalArgument(true, true)
		if !ok {
			return nil, p.ErrorAt(p.CurrentPos(), "expected SSA identifier")
		}
		args = append(args, a)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(")")
	return args, nil
}

func printDenseI64(p ir.OpAsmPrinter, vs []int64) {
	p.WriteString("[")
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(fmt.Sprint(v))
	}
	p.WriteString("]")
}

// parseDimsKeyword parses `kw = [...]` into a dense i64 array.
func parseDimsKeyword(p ir.OpAsmParser, kw string) (ir.Attribute, error) {
	if !p.ParseOptionalKeyword(kw) {
		return nil, p.ErrorAt(p.CurrentPos(), "expected '"+kw+"'")
	}
	p.ParsePunct("=")
	pos := p.CurrentPos()
	p.ParsePunct("[")
	var vals []int64
	if !p.ParseOptionalPunct("]") {
		for {
			a := p.ParseAttribute(p.Context().I(64))
			ia, ok := a.(*ir.IntegerAttr)
			if !ok {
				return nil, p.ErrorAt(pos, "expected integer value")
			}
			vals = append(vals, ia.Int64())
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct("]")
	}
	return p.Context().DenseI64Array(vals...), nil
}

func printReduce(p ir.OpAsmPrinter, op *ir.Operation) {
	s := StructuredOp{op}
	body := s.Body()
	var payload *ir.Operation
	if body != nil && body.NumArguments() == 2 && len(s.Inputs()) == 1 {
		// The short form applies the payload to (init, input).
		payload = payloadOp(body, []*ir.BlockArgument{body.Argument(1), body.Argument(0)})
	}
	if payload != nil {
		printShortForm(p, payload)
	}
	printInsOuts(p, s.Inputs(), s.Outputs())
	p.WriteString(" dimensions = ")
	printDenseI64(p, dimsAttr(op, "dimensions"))
	p.WriteString(" ")
	p.PrintOptionalAttrDict(op.AllAttrs(), "dimensions")
	if payload == nil {
		printLongBody(p, op.Region(0))
	}
}

func parseReduce(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	name, pattrs, _, short, err := parseShortForm(p)
	if err != nil {
		return err
	}
	ins, outs, err := parseInsOuts(p)
	if err != nil {
		return err
	}
	dims, err := parseDimsKeyword(p, "dimensions")
	if err != nil {
		return err
	}
	attrs := append(p.ParseOptionalAttrDict(), ir.NamedAttr{Name: "dimensions", Value: dims})
	st.Attributes = attrDict(ctx, attrs)
	st.Operands = append(append(st.Operands, ins...), outs...)
	st.ResultTypes = tensorTypes(types(outs))
	r := &ir.Region{}
	st.Regions = []*ir.Region{r}
	if short {
		if len(outs) == 0 || len(ins) == 0 {
			return nil
		}
		var argTypes []ir.Type
		for _, v := range append(slices.Clone(ins), outs...) {
			argTypes = append(argTypes, elementTypeOf(v.Type()))
		}
		idx := []int{len(ins)}
		for i := range ins {
			idx = append(idx, i)
		}
		return buildPayloadBody(p, st.Loc, r, name, pattrs, argTypes, idx, elementTypeOf(outs[0].Type()))
	}
	args, err := parseArgumentList(p)
	if err != nil {
		return err
	}
	p.ParseRegion(r, args)
	return nil
}

// ---- linalg.transpose and linalg.broadcast ----

func printTransposeLike(attr string) func(p ir.OpAsmPrinter, op *ir.Operation) {
	return func(p ir.OpAsmPrinter, op *ir.Operation) {
		s := StructuredOp{op}
		printInsOuts(p, s.Inputs(), s.Outputs())
		p.WriteString(" " + attr + " = ")
		printDenseI64(p, dimsAttr(op, attr))
		p.WriteString(" ")
		p.PrintOptionalAttrDict(op.AllAttrs(), attr)
	}
}

func parseTransposeLike(attr string) func(p ir.OpAsmParser, st *ir.OperationState) error {
	return func(p ir.OpAsmParser, st *ir.OperationState) error {
		ctx := p.Context()
		ins, outs, err := parseInsOuts(p)
		if err != nil {
			return err
		}
		dims, err := parseDimsKeyword(p, attr)
		if err != nil {
			return err
		}
		attrs := append(p.ParseOptionalAttrDict(), ir.NamedAttr{Name: attr, Value: dims})
		st.Attributes = attrDict(ctx, attrs)
		st.Operands = append(append(st.Operands, ins...), outs...)
		st.ResultTypes = tensorTypes(types(outs))
		r := &ir.Region{}
		st.Regions = []*ir.Region{r}
		if len(ins) == 1 && len(outs) == 1 {
			// The arguments take the locations of the operands, the
			// yield that of the operation (upstream's buildIdentityRegion).
			blk := ir.NewBlock()
			blk.AddArgument(elementTypeOf(ins[0].Type()), valueLoc(ctx, ins[0]))
			blk.AddArgument(elementTypeOf(outs[0].Type()), valueLoc(ctx, outs[0]))
			r.Append(blk)
			b := ir.NewBuilder(ctx)
			b.Loc = st.Loc
			b.SetInsertionPointToEnd(blk)
			b.CreateOp("linalg.yield", []ir.Value{blk.Argument(0)}, nil)
		}
		return nil
	}
}

// ---- linalg.yield ----

func printYield(p ir.OpAsmPrinter, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		ir.PrintOperandList(p, op.Operands())
	}
	p.PrintOptionalAttrDict(op.AllAttrs())
	if op.NumOperands() > 0 {
		p.WriteString(" : ")
		ir.PrintTypeList(p, op.OperandTypes())
	}
}

func parseYield(p ir.OpAsmParser, st *ir.OperationState) error {
	var uses []ir.UnresolvedOperand
	for {
		u, ok := p.ParseOptionalOperand()
		if !ok {
			break
		}
		uses = append(uses, u)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	st.Attributes = attrDict(p.Context(), p.ParseOptionalAttrDict())
	if len(uses) == 0 {
		return nil
	}
	p.ParsePunct(":")
	pos := p.CurrentPos()
	ts := parseTypes(p)
	if len(ts) != len(uses) {
		return p.ErrorAt(pos, fmt.Sprintf("%d operands present, but expected %d", len(uses), len(ts)))
	}
	for i, u := range uses {
		st.Operands = append(st.Operands, p.ResolveOperand(u, ts[i]))
	}
	return nil
}

// valueLoc returns the location of a value: its defining operation's, or
// a block argument's own.
func valueLoc(ctx *ir.Context, v ir.Value) ir.Location {
	switch v := v.(type) {
	case *ir.OpResult:
		return v.Owner().Loc()
	case *ir.BlockArgument:
		if v.Loc != nil {
			return v.Loc
		}
	}
	return ctx.UnknownLoc()
}
