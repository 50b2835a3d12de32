package vector

import (
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// attrDict merges parsed attributes into st's discardable attributes; the
// parser moves the inherent ones into the properties.
func attrDict(ctx *ir.Context, st *ir.OperationState, attrs []ir.NamedAttr) {
	if len(attrs) == 0 {
		return
	}
	if st.Attributes != nil {
		attrs = append(append([]ir.NamedAttr(nil), st.Attributes.Entries...), attrs...)
	}
	st.Attributes = ctx.DictionaryAttr(attrs)
}

// hasAttr reports whether attrs holds an entry called name.
func hasAttr(attrs []ir.NamedAttr, name string) bool {
	for _, a := range attrs {
		if a.Name == name {
			return true
		}
	}
	return false
}

// parseOperandList parses `%a, %b, ...` (possibly empty).
func parseOperandList(p ir.OpAsmParser) []ir.UnresolvedOperand {
	var uses []ir.UnresolvedOperand
	u, ok := p.ParseOptionalOperand()
	if !ok {
		return nil
	}
	uses = append(uses, u)
	for p.ParseOptionalPunct(",") {
		uses = append(uses, p.ParseOperand())
	}
	return uses
}

// printOperands prints values separated by ", ".
func printOperands(p ir.OpAsmPrinter, vs []ir.Value) {
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(v)
	}
}

// shapedRank returns the rank of a memref or ranked tensor type.
func shapedRank(t ir.Type) (int, bool) {
	switch t := t.(type) {
	case *ir.MemRefType:
		return len(t.Shape), true
	case *ir.RankedTensorType:
		return len(t.Shape), true
	}
	return 0, false
}

// shapedElem returns the element type of a memref or tensor type.
func shapedElem(t ir.Type) ir.Type {
	if s, ok := t.(interface{ ElementType() ir.Type }); ok {
		return s.ElementType()
	}
	return nil
}

// minorIdentity returns the transfer map of a vector of rank vecRank into
// a shaped type of rank srcRank: (d0, ..., dn-1) -> (dn-k, ..., dn-1),
// with k the vector rank less that of a vector element type.
func minorIdentity(srcRank int, elem ir.Type, vecRank int) affine.Map {
	if ev, ok := elem.(*ir.VectorType); ok {
		vecRank -= len(ev.Shape)
	}
	if vecRank > srcRank {
		vecRank = srcRank
	}
	if vecRank < 0 {
		vecRank = 0
	}
	res := make([]affine.Expr, 0, vecRank)
	for i := srcRank - vecRank; i < srcRank; i++ {
		res = append(res, affine.Dim(i))
	}
	return affine.Map{NumDims: srcRank, Results: res}
}

// maskType returns the type of a transfer's mask: the vector's shape
// projected through the inverse of the permutation map (MLIR's
// inferTransferOpMaskType); broadcast dimensions are dropped.
func maskType(ctx *ir.Context, vt *ir.VectorType, m affine.Map) *ir.VectorType {
	type dim struct {
		pos      int
		size     int64
		scalable bool
	}
	var dims []dim
	for j, r := range m.Results {
		if !r.IsDim() || j >= len(vt.Shape) {
			continue
		}
		sc := j < len(vt.Scalable) && vt.Scalable[j]
		dims = append(dims, dim{r.Position(), vt.Shape[j], sc})
	}
	sort.SliceStable(dims, func(a, b int) bool { return dims[a].pos < dims[b].pos })
	shape := make([]int64, len(dims))
	scal := make([]bool, len(dims))
	for i, d := range dims {
		shape[i], scal[i] = d.size, d.scalable
	}
	return ctx.VectorType(shape, scal, ctx.IntegerType(1, ir.Signless))
}

// transferElided returns the attributes a transfer's printer leaves out:
// the segment sizes, a minor identity permutation map and an all-false
// in_bounds.
func transferElided(op *ir.Operation) []string {
	elided := []string{"operandSegmentSizes"}
	if m, ok := op.InherentAttr("permutation_map").(*ir.AffineMapAttr); ok && m.Map.IsMinorIdentity() {
		elided = append(elided, "permutation_map")
	}
	anyTrue := false
	if a, ok := op.InherentAttr("in_bounds").(*ir.ArrayAttr); ok {
		for _, e := range a.Elems {
			if b, ok := e.(*ir.IntegerAttr); ok && b.Int64() != 0 {
				anyTrue = true
			}
		}
	}
	if !anyTrue {
		elided = append(elided, "in_bounds")
	}
	return elided
}

// transferDefaults fills in the permutation map and in_bounds attributes a
// transfer's custom form may leave out, and the segment sizes.
func transferDefaults(ctx *ir.Context, st *ir.OperationState, attrs []ir.NamedAttr, shaped ir.Type, vt *ir.VectorType) (affine.Map, []ir.NamedAttr) {
	rank, _ := shapedRank(shaped)
	var m affine.Map
	found := false
	for _, a := range attrs {
		if a.Name == "permutation_map" {
			if ma, ok := a.Value.(*ir.AffineMapAttr); ok {
				m, found = ma.Map, true
			}
		}
	}
	if !found {
		m = minorIdentity(rank, shapedElem(shaped), len(vt.Shape))
		attrs = append(attrs, ir.NamedAttr{Name: "permutation_map", Value: ctx.AffineMapAttr(m)})
	}
	if !hasAttr(attrs, "in_bounds") {
		elems := make([]ir.Attribute, m.NumResults())
		for i := range elems {
			elems[i] = ctx.Bool(false)
		}
		attrs = append(attrs, ir.NamedAttr{Name: "in_bounds", Value: ctx.ArrayAttr(elems)})
	}
	return m, attrs
}

func printTransferRead(p ir.OpAsmPrinter, op TransferReadOp) {
	p.WriteString(" ")
	p.PrintOperand(op.Base())
	p.WriteString("[")
	printOperands(p, op.Indices())
	p.WriteString("], ")
	p.PrintOperand(op.Padding())
	if m := op.Mask(); m != nil {
		p.WriteString(", ")
		p.PrintOperand(m)
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), transferElided(op.Operation)...)
	p.WriteString(" : ")
	p.PrintType(op.Base().Type())
	p.WriteString(", ")
	p.PrintType(op.Vector().Type())
}

func parseTransferRead(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	base := p.ParseOperand()
	p.ParsePunct("[")
	indices := parseOperandList(p)
	p.ParsePunct("]")
	p.ParsePunct(",")
	padding := p.ParseOperand()
	var mask *ir.UnresolvedOperand
	if p.ParseOptionalPunct(",") {
		m := p.ParseOperand()
		mask = &m
	}
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	typesPos := p.CurrentPos()
	shaped := p.ParseType()
	p.ParsePunct(",")
	vt, ok := p.ParseType().(*ir.VectorType)
	if !ok {
		return p.ErrorAt(typesPos, "requires vector type")
	}
	if _, ok := shapedRank(shaped); !ok {
		return p.ErrorAt(typesPos, "requires memref or ranked tensor type")
	}
	m, attrs := transferDefaults(ctx, st, attrs, shaped, vt)
	st.Operands = append(st.Operands, p.ResolveOperand(base, shaped))
	index := ctx.IndexType()
	for _, u := range indices {
		st.Operands = append(st.Operands, p.ResolveOperand(u, index))
	}
	st.Operands = append(st.Operands, p.ResolveOperand(padding, shapedElem(shaped)))
	nmask := int32(0)
	if mask != nil {
		if shapedElem(shaped) != nil {
			if _, isVec := shapedElem(shaped).(*ir.VectorType); isVec {
				return p.ErrorAt(typesPos, "does not support masks with vector element type")
			}
		}
		if m.NumDims != 0 && !m.IsProjectedPermutation(true) {
			return p.ErrorAt(typesPos, "expected a projected permutation map for masked transfers")
		}
		st.Operands = append(st.Operands, p.ResolveOperand(*mask, maskType(ctx, vt, m)))
		nmask = 1
	}
	attrs = append(attrs, ir.NamedAttr{Name: "operandSegmentSizes",
		Value: ctx.DenseI32Array(1, int32(len(indices)), 1, nmask)})
	attrDict(ctx, st, attrs)
	st.ResultTypes = append(st.ResultTypes, vt)
	return nil
}

func printTransferWrite(p ir.OpAsmPrinter, op TransferWriteOp) {
	p.WriteString(" ")
	p.PrintOperand(op.ValueToStore())
	p.WriteString(", ")
	p.PrintOperand(op.Base())
	p.WriteString("[")
	printOperands(p, op.Indices())
	p.WriteString("]")
	if m := op.Mask(); m != nil {
		p.WriteString(", ")
		p.PrintOperand(m)
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), transferElided(op.Operation)...)
	p.WriteString(" : ")
	p.PrintType(op.ValueToStore().Type())
	p.WriteString(", ")
	p.PrintType(op.Base().Type())
}

func parseTransferWrite(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	value := p.ParseOperand()
	p.ParsePunct(",")
	base := p.ParseOperand()
	p.ParsePunct("[")
	indices := parseOperandList(p)
	p.ParsePunct("]")
	var mask *ir.UnresolvedOperand
	if p.ParseOptionalPunct(",") {
		m := p.ParseOperand()
		mask = &m
	}
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	typesPos := p.CurrentPos()
	vt, ok := p.ParseType().(*ir.VectorType)
	p.ParsePunct(",")
	shaped := p.ParseType()
	if !ok {
		return p.ErrorAt(typesPos, "requires vector type")
	}
	if _, ok := shapedRank(shaped); !ok {
		return p.ErrorAt(typesPos, "requires memref or ranked tensor type")
	}
	m, attrs := transferDefaults(ctx, st, attrs, shaped, vt)
	st.Operands = append(st.Operands, p.ResolveOperand(value, vt), p.ResolveOperand(base, shaped))
	index := ctx.IndexType()
	for _, u := range indices {
		st.Operands = append(st.Operands, p.ResolveOperand(u, index))
	}
	nmask := int32(0)
	if mask != nil {
		if _, isVec := shapedElem(shaped).(*ir.VectorType); isVec {
			return p.ErrorAt(typesPos, "does not support masks with vector element type")
		}
		if m.NumDims != 0 && !m.IsProjectedPermutation(true) {
			return p.ErrorAt(typesPos, "expected a projected permutation map for masked transfers")
		}
		st.Operands = append(st.Operands, p.ResolveOperand(*mask, maskType(ctx, vt, m)))
		nmask = 1
	}
	attrs = append(attrs, ir.NamedAttr{Name: "operandSegmentSizes",
		Value: ctx.DenseI32Array(1, 1, int32(len(indices)), nmask)})
	attrDict(ctx, st, attrs)
	if _, isTensor := shaped.(*ir.RankedTensorType); isTensor {
		st.ResultTypes = append(st.ResultTypes, shaped)
	}
	return nil
}

// enumAttr returns the attribute #vector.mnemonic<name>.
func enumAttr(ctx *ir.Context, mnemonic, name string) ir.Attribute {
	d := ctx.Dialect("vector")
	if d == nil || d.ParseAttr == nil {
		panic("vector: dialect is not registered with attributes")
	}
	a, err := d.ParseAttr(ctx, mnemonic+"<"+name+">")
	if err != nil {
		panic("vector: #vector." + mnemonic + "<" + name + ">: " + err.Error())
	}
	return a
}

// enumCase returns the case name of an attribute #vector.mnemonic<name>.
func enumCase(a ir.Attribute, mnemonic string) (string, bool) {
	d, ok := a.(ir.DialectAttr)
	if !ok || d.DialectName() != "vector" {
		return "", false
	}
	body, ok := strings.CutPrefix(d.Body(), mnemonic+"<")
	if !ok || !strings.HasSuffix(body, ">") {
		return "", false
	}
	return strings.TrimSuffix(body, ">"), true
}

func printContract(p ir.OpAsmPrinter, op ContractOp) {
	ctx := op.Context()
	var trait []ir.NamedAttr
	for _, a := range op.AllAttrs() {
		switch a.Name {
		case "iterator_types":
			arr, _ := a.Value.(*ir.ArrayAttr)
			var names []ir.Attribute
			if arr != nil {
				for _, e := range arr.Elems {
					if v, ok := enumCase(e, "iterator_type"); ok {
						names = append(names, ctx.StringAttr(v, nil))
					} else {
						names = append(names, e)
					}
				}
			}
			trait = append(trait, ir.NamedAttr{Name: a.Name, Value: ctx.ArrayAttr(names)})
		case "indexing_maps", "kind":
			trait = append(trait, a)
		}
	}
	p.WriteString(" ")
	p.PrintAttribute(ctx.DictionaryAttr(trait))
	p.WriteString(" ")
	p.PrintOperand(op.Lhs())
	p.WriteString(", ")
	p.PrintOperand(op.Rhs())
	p.WriteString(", ")
	p.PrintOperand(op.Acc())
	p.PrintOptionalAttrDict(op.AllAttrs(), "indexing_maps", "iterator_types", "kind")
	p.WriteString(" : ")
	p.PrintType(op.Lhs().Type())
	p.WriteString(", ")
	p.PrintType(op.Rhs().Type())
	p.WriteString(" into ")
	p.PrintType(op.Result().Type())
}

func parseContract(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	dictPos := p.CurrentPos()
	dict, ok := p.ParseAttribute(nil).(*ir.DictionaryAttr)
	if !ok {
		return p.ErrorAt(dictPos, "expected attribute dictionary")
	}
	lhs := p.ParseOperand()
	p.ParsePunct(",")
	rhs := p.ParseOperand()
	p.ParsePunct(",")
	acc := p.ParseOperand()
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	lt := p.ParseType()
	p.ParsePunct(",")
	rt := p.ParseType()
	if !p.ParseOptionalKeyword("into") {
		return p.Errorf("expected 'into'")
	}
	resT := p.ParseType()
	var trait []ir.NamedAttr
	for _, a := range dict.Entries {
		if a.Name != "iterator_types" {
			trait = append(trait, a)
			continue
		}
		arr, ok := a.Value.(*ir.ArrayAttr)
		if !ok {
			return p.ErrorAt(dictPos, "expected iterator_types to be an array")
		}
		elems := make([]ir.Attribute, len(arr.Elems))
		for i, e := range arr.Elems {
			s, ok := e.(*ir.StringAttr)
			if !ok {
				elems[i] = e
				continue
			}
			if s.Value != IteratorTypeParallel.String() && s.Value != IteratorTypeReduction.String() {
				return p.ErrorAt(dictPos, "invalid iterator type: "+s.Value)
			}
			elems[i] = enumAttr(ctx, "iterator_type", s.Value)
		}
		trait = append(trait, ir.NamedAttr{Name: a.Name, Value: ctx.ArrayAttr(elems)})
	}
	if !hasAttr(trait, "iterator_types") {
		return p.ErrorAt(dictPos, "expected iterator_types array attribute")
	}
	if !hasAttr(trait, "indexing_maps") {
		return p.ErrorAt(dictPos, "expected indexing_maps array attribute")
	}
	attrDict(ctx, st, append(trait, attrs...))
	st.Operands = append(st.Operands, p.ResolveOperand(lhs, lt), p.ResolveOperand(rhs, rt), p.ResolveOperand(acc, resT))
	st.ResultTypes = append(st.ResultTypes, resT)
	return nil
}

func printOuterproduct(p ir.OpAsmPrinter, op OuterproductOp) {
	p.WriteString(" ")
	p.PrintOperand(op.Lhs())
	p.WriteString(", ")
	p.PrintOperand(op.Rhs())
	if acc := op.Acc(); acc != nil {
		p.WriteString(", ")
		p.PrintOperand(acc)
	}
	// As upstream, the kind is written only with an accumulator.
	var elided []string
	if op.Acc() == nil {
		elided = append(elided, "kind")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), elided...)
	p.WriteString(" : ")
	p.PrintType(op.Lhs().Type())
	p.WriteString(", ")
	p.PrintType(op.Rhs().Type())
}

func parseOuterproduct(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	uses := parseOperandList(p)
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	typesPos := p.CurrentPos()
	lt := p.ParseType()
	p.ParsePunct(",")
	rt := p.ParseType()
	if len(uses) < 2 || len(uses) > 3 {
		return p.ErrorAt(typesPos, "expected at least 2 operands")
	}
	lv, ok := lt.(*ir.VectorType)
	if !ok {
		return p.ErrorAt(typesPos, "expected vector type for operand #1")
	}
	var resT ir.Type
	if rv, ok := rt.(*ir.VectorType); ok {
		if len(lv.Shape) == 0 || len(rv.Shape) == 0 {
			return p.ErrorAt(typesPos, "expected vector type for operand #1")
		}
		sc := []bool{len(lv.Scalable) > 0 && lv.Scalable[0], len(rv.Scalable) > 0 && rv.Scalable[0]}
		resT = ctx.VectorType([]int64{lv.Shape[0], rv.Shape[0]}, sc, lv.Elem)
	} else {
		resT = lv
	}
	st.Operands = append(st.Operands, p.ResolveOperand(uses[0], lt), p.ResolveOperand(uses[1], rt))
	if len(uses) == 3 {
		st.Operands = append(st.Operands, p.ResolveOperand(uses[2], resT))
	}
	attrDict(ctx, st, attrs)
	st.ResultTypes = append(st.ResultTypes, resT)
	return nil
}

func printFromElements(p ir.OpAsmPrinter, op FromElementsOp) {
	if len(op.Elements()) > 0 {
		p.WriteString(" ")
		printOperands(p, op.Elements())
	}
	p.PrintOptionalAttrDict(op.AllAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Dest().Type())
}

func parseFromElements(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	uses := parseOperandList(p)
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	pos := p.CurrentPos()
	vt, ok := p.ParseType().(*ir.VectorType)
	if !ok {
		return p.ErrorAt(pos, "expected vector type")
	}
	for _, u := range uses {
		st.Operands = append(st.Operands, p.ResolveOperand(u, vt.Elem))
	}
	attrDict(ctx, st, attrs)
	st.ResultTypes = append(st.ResultTypes, vt)
	return nil
}

var directivesOnce sync.Once

// registerDirectives makes the custom directive Fastmath available to the
// formats of vector.irdl: ` fastmath<flags>` after a reduction, written
// only when some flag is set, holding an #arith.fastmath attribute. It
// also registers the constraint VectorMaskOfNonZeroRank (ODS's
// VectorOfNonZeroRankOf<[I1]>), the type of vector.mask's mask, and
// VectorAlignmentAttr (ConfinedAttr<I64Attr, [IntPositive, IntPowerOf2]>),
// the alignment of the loads and stores.
func registerDirectives() {
	directivesOnce.Do(func() {
		irdl.RegisterCustomDirective("Fastmath", parseFastmath, printFastmath)
		irdl.RegisterTypeConstraint("VectorMaskOfNonZeroRank", "vector of 1-bit signless integer values", func(t ir.Type) bool {
			vt, ok := t.(*ir.VectorType)
			if !ok || len(vt.Shape) == 0 {
				return false
			}
			i, ok := vt.Elem.(*ir.IntegerType)
			return ok && i.Width == 1 && i.Signedness == ir.Signless
		})
		irdl.RegisterAttrConstraint("VectorAlignmentAttr",
			"64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
			func(ctx *ir.Context) ir.Type { return ctx.I(64) },
			func(a ir.Attribute) bool {
				i, ok := a.(*ir.IntegerAttr)
				if !ok {
					return false
				}
				it, ok := i.Type.(*ir.IntegerType)
				v := i.Int64()
				return ok && it.Width == 64 && it.Signedness == ir.Signless && v > 0 && v&(v-1) == 0
			})
	})
}

func printFastmath(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	d, ok := args[0].Attr.(ir.DialectAttr)
	if !ok || d.Body() == "fastmath<none>" {
		return
	}
	p.WriteString(" " + d.Body())
}

func parseFastmath(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	if !p.ParseOptionalKeyword("fastmath") {
		return true, nil
	}
	p.ParsePunct("<")
	var flags []string
	for {
		pos := p.CurrentPos()
		kw, ok := p.ParseOptionalKeywordAny()
		if !ok {
			return false, p.ErrorAt(pos, "expected fastmath flag")
		}
		flags = append(flags, kw)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(">")
	ctx := p.Context()
	d := ctx.Dialect("arith")
	if d == nil || d.ParseAttr == nil {
		return false, p.Errorf("the arith dialect is not registered")
	}
	a, err := d.ParseAttr(ctx, "fastmath<"+strings.Join(flags, ",")+">")
	if err != nil {
		return false, p.Errorf("%s", err.Error())
	}
	args[0].Attr = a
	return true, nil
}

func printShuffle(p ir.OpAsmPrinter, op ShuffleOp) {
	p.WriteString(" ")
	p.PrintOperand(op.V1())
	p.WriteString(", ")
	p.PrintOperand(op.V2())
	p.WriteString(" [")
	for i, m := range denseI64(op.Mask()) {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(strconv.FormatInt(m, 10))
	}
	p.WriteString("]")
	p.PrintOptionalAttrDict(op.AllAttrs(), "mask")
	p.WriteString(" : ")
	p.PrintType(op.V1().Type())
	p.WriteString(", ")
	p.PrintType(op.V2().Type())
}

func parseShuffle(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	v1 := p.ParseOperand()
	p.ParsePunct(",")
	v2 := p.ParseOperand()
	maskPos := p.CurrentPos()
	mask, ok := p.ParseAttribute(nil).(*ir.ArrayAttr)
	if !ok {
		return p.ErrorAt(maskPos, "expected integer array")
	}
	vals := make([]int64, 0, len(mask.Elems))
	for _, e := range mask.Elems {
		i, ok := e.(*ir.IntegerAttr)
		if !ok {
			return p.ErrorAt(maskPos, "expected integer array")
		}
		vals = append(vals, i.Int64())
	}
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	typesPos := p.CurrentPos()
	t1 := p.ParseType()
	p.ParsePunct(",")
	t2 := p.ParseType()
	vt, ok := t1.(*ir.VectorType)
	if !ok || len(vt.Shape) == 0 {
		return p.ErrorAt(typesPos, "expected a vector of rank 1 or more")
	}
	shape := append([]int64{int64(len(vals))}, vt.Shape[1:]...)
	st.Operands = append(st.Operands, p.ResolveOperand(v1, t1), p.ResolveOperand(v2, t2))
	attrs = append(attrs, ir.NamedAttr{Name: "mask", Value: ctx.DenseI64Array(vals...)})
	attrDict(ctx, st, attrs)
	st.ResultTypes = append(st.ResultTypes, ctx.VectorType(shape, nil, vt.Elem))
	return nil
}
