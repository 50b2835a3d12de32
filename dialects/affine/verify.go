package affine

import (
	"strconv"

	"github.com/strata-ir/strata/core/ir"
)

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// isIndex reports whether v has type index.
func isIndex(v ir.Value) bool {
	_, ok := v.Type().(*ir.IndexType)
	return ok
}

// affineScope returns the region of the nearest enclosing operation with
// the AffineScope trait that holds op (MLIR's getAffineScope), or nil.
func affineScope(op *ir.Operation) *ir.Region {
	cur := op
	for {
		parent := cur.ParentOp()
		if parent == nil {
			return nil
		}
		if parent.HasTrait(ir.AffineScope) {
			return cur.ParentRegion()
		}
		cur = parent
	}
}

// isTopLevelValueIn reports whether v is an argument of region or is
// defined by an operation directly in it.
func isTopLevelValueIn(v ir.Value, region *ir.Region) bool {
	if a, ok := v.(*ir.BlockArgument); ok {
		return a.Owner() != nil && a.Owner().Parent() == region
	}
	if d := ir.DefiningOp(v); d != nil {
		return d.ParentRegion() == region
	}
	return false
}

// isTopLevelValue reports whether v is defined at the top level of an
// affine scope.
func isTopLevelValue(v ir.Value) bool {
	if a, ok := v.(*ir.BlockArgument); ok {
		p := a.Owner().ParentOp()
		return p != nil && p.HasTrait(ir.AffineScope)
	}
	if d := ir.DefiningOp(v); d != nil {
		p := d.ParentOp()
		return p != nil && p.HasTrait(ir.AffineScope)
	}
	return false
}

// isValidSymbolIn is MLIR's isValidSymbol(value, region): a top-level
// value of region, a constant, a pure operation's result (speculatable and
// free of memory effects, as MLIR's isPure) whose operands are valid
// symbols, or a dim of a top-level shaped value.
func isValidSymbolIn(v ir.Value, region *ir.Region) bool {
	if !isIndex(v) {
		return false
	}
	if region != nil && isTopLevelValueIn(v, region) {
		return true
	}
	d := ir.DefiningOp(v)
	if d == nil {
		return false
	}
	if d.HasTrait(ir.ConstantLike) {
		return true
	}
	if ir.IsSpeculatable(d) && d.IsMemoryEffectFree() {
		ok := true
		for _, o := range d.Operands() {
			if !isValidSymbolIn(o, region) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	if src := shapedDimSource(d); src != nil {
		return isTopLevelValue(src) || (region != nil && isTopLevelValueIn(src, region))
	}
	return false
}

// shapedDimSource returns the shaped value whose dimension op returns when
// op is a ShapedDimOpInterface (memref.dim, tensor.dim), or nil.
func shapedDimSource(op *ir.Operation) ir.Value {
	if m, ok := ir.ShapedDimOp.Of(op); ok {
		return m.ShapedValue(op)
	}
	return nil
}

// isValidDimIn is MLIR's isValidDim(value, region): a valid symbol, the
// induction variable of an affine.for, an affine.apply of valid dims, or
// a dim of a top-level shaped value.
func isValidDimIn(v ir.Value, region *ir.Region) bool {
	if !isIndex(v) {
		return false
	}
	if isValidSymbolIn(v, region) {
		return true
	}
	d := ir.DefiningOp(v)
	if d == nil {
		a, ok := v.(*ir.BlockArgument)
		if !ok || a.Owner() == nil {
			return false
		}
		p := a.Owner().ParentOp()
		return p != nil && p.Name() == "affine.for"
	}
	if d.Name() == "affine.apply" {
		m, _ := mapOf(d, "map")
		for i, o := range d.Operands() {
			if i < m.NumDims {
				if !isValidDimIn(o, region) {
					return false
				}
			} else if !isValidSymbolIn(o, region) {
				return false
			}
		}
		return true
	}
	if src := shapedDimSource(d); src != nil {
		return isTopLevelValue(src)
	}
	return false
}

// verifyDimAndSymbolIdentifiers checks that the first numDims operands
// are valid dimensions and the rest valid symbols.
func verifyDimAndSymbolIdentifiers(op *ir.Operation, operands []ir.Value, numDims int) error {
	region := affineScope(op)
	for i, v := range operands {
		if i < numDims {
			if !isValidDimIn(v, region) {
				return ir.OpError(op, "operand cannot be used as a dimension id")
			}
		} else if !isValidSymbolIn(v, region) {
			return ir.OpError(op, "operand cannot be used as a symbol")
		}
	}
	return nil
}

func verifyApply(op *ir.Operation) error {
	m, ok := mapOf(op, "map")
	if !ok {
		return nil
	}
	if op.NumOperands() != m.NumDims+m.NumSyms {
		return ir.OpError(op, "operand count and affine map dimension and symbol count must match")
	}
	if len(m.Results) != 1 {
		return ir.OpError(op, "mapping must produce one value")
	}
	region := affineScope(op)
	for _, v := range op.Operands()[m.NumDims:] {
		if isValidDimIn(v, region) && !isValidSymbolIn(v, region) {
			return ir.EmitError(op, "dimensional operand cannot be used as a symbol")
		}
	}
	return nil
}

func verifyMinMax(op *ir.Operation) error {
	m, ok := mapOf(op, "map")
	if !ok {
		return nil
	}
	if op.NumOperands() != m.NumDims+m.NumSyms {
		return ir.OpError(op, "operand count and affine map dimension and symbol count must match")
	}
	if len(m.Results) == 0 {
		return ir.OpError(op, "affine map expect at least one result")
	}
	return nil
}

// verifyImplicitTerminator is ImplicitAffineTerminator's region check:
// every non-empty region ends with an affine.yield.
func verifyImplicitTerminator(op *ir.Operation) error {
	for i := 0; i < op.NumRegions(); i++ {
		b := op.Region(i).First()
		if b == nil {
			continue
		}
		last := b.Last()
		if last != nil && last.Name() == "affine.yield" {
			continue
		}
		found := "<<NULL OP>>"
		if last != nil {
			found = last.Name()
		}
		d := ir.OpError(op, "expects regions to end with 'affine.yield', found '"+found+"'")
		d.Note(op.Loc(), "in custom textual format, the absence of terminator implies 'affine.yield'")
		return d
	}
	return nil
}

func verifyFor(op *ir.Operation) error {
	if err := verifyImplicitTerminator(op); err != nil {
		return err
	}
	body := op.Region(0).First()
	if body == nil || body.NumArguments() == 0 || !isIndex(body.Argument(0)) {
		return ir.OpError(op, "expected body to have a single index argument for the induction variable")
	}
	lbs, ubs, inits := forParts(op)
	lb, _ := mapOf(op, "lowerBoundMap")
	ub, _ := mapOf(op, "upperBoundMap")
	if lb.NumInputs() > 0 {
		if err := verifyDimAndSymbolIdentifiers(op, lbs, lb.NumDims); err != nil {
			return err
		}
	}
	if ub.NumInputs() > 0 {
		if err := verifyDimAndSymbolIdentifiers(op, ubs, ub.NumDims); err != nil {
			return err
		}
	}
	if len(lbs) != lb.NumInputs() {
		return ir.OpError(op, "lower bound operand count does not equal affine map dimension and symbol count")
	}
	if len(ubs) != ub.NumInputs() {
		return ir.OpError(op, "upper bound operand count does not equal affine map dimension and symbol count")
	}
	if len(lb.Results) < 1 {
		return ir.OpError(op, "expected lower bound map to have at least one result")
	}
	if len(ub.Results) < 1 {
		return ir.OpError(op, "expected upper bound map to have at least one result")
	}
	n := op.NumResults()
	if n == 0 {
		return nil
	}
	if len(inits) != n {
		return ir.OpError(op, "mismatch between the number of loop-carried values and results")
	}
	if body.NumArguments()-1 != n {
		return ir.OpError(op, "mismatch between the number of basic block args and results")
	}
	return nil
}

func verifyIf(op *ir.Operation) error {
	sa, ok := op.InherentAttr("condition").(*ir.IntegerSetAttr)
	if !ok {
		return ir.OpError(op, "requires an integer set attribute named 'condition'")
	}
	if op.NumOperands() != sa.Set.NumInputs() {
		return ir.OpError(op, "operand count and condition integer set dimension and symbol count must match")
	}
	return verifyDimAndSymbolIdentifiers(op, op.Operands(), sa.Set.NumDims)
}

func verifyYield(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil {
		return ir.OpError(op, "only terminates affine.if/for/parallel regions")
	}
	switch parent.Name() {
	case "affine.if", "affine.for", "affine.parallel":
	default:
		return ir.OpError(op, "only terminates affine.if/for/parallel regions")
	}
	if parent.NumResults() != op.NumOperands() {
		return ir.OpError(op, "parent of yield must have same number of results as the yield operands")
	}
	for i, r := range parent.Results() {
		if r.Type() != op.Operand(i).Type() {
			return ir.OpError(op, "types mismatch between yield op and its parent")
		}
	}
	return nil
}

// verifyMemoryOpIndexing is upstream's check of the map and subscripts of
// an affine load or store whose memref is operand first.
func verifyMemoryOpIndexing(op *ir.Operation, first int) error {
	m, ok := mapOf(op, "map")
	if !ok {
		return nil
	}
	if mt, ok := op.Operand(first).Type().(*ir.MemRefType); ok && len(m.Results) != len(mt.Shape) {
		return ir.OpError(op, "affine map num results must equal memref rank")
	}
	idx := op.Operands()[first+1:]
	if m.NumInputs() != len(idx) {
		return ir.OpError(op, "expects as many subscripts as affine map inputs")
	}
	return verifyDimAndSymbolIdentifiers(op, idx, m.NumDims)
}

func verifyLoad(op *ir.Operation) error {
	if memrefElement(op.Operand(0).Type()) != op.Result(0).Type() {
		return ir.OpError(op, "result type must match element type of memref")
	}
	return verifyMemoryOpIndexing(op, 0)
}

func verifyStore(op *ir.Operation) error {
	if memrefElement(op.Operand(1).Type()) != op.Operand(0).Type() {
		return ir.OpError(op, "value to store must have the same type as memref element type")
	}
	return verifyMemoryOpIndexing(op, 1)
}
