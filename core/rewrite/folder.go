package rewrite

import "github.com/strata-ir/strata/core/ir"

// ConstantValue returns the attribute a ConstantLike operation produces:
// what its ir.ConstantValueOp model reads, or else what its Fold hook
// returns.
func ConstantValue(op *ir.Operation) (ir.Attribute, bool) {
	d := op.Def()
	if d == nil || !d.HasTrait(ir.ConstantLike) || op.NumResults() != 1 {
		return nil, false
	}
	if m, ok := ir.ConstantValueOp.OfDef(d); ok {
		v := m.ConstantValue(op)
		return v, v != nil
	}
	if d.Fold == nil {
		return nil, false
	}
	res, ok := d.Fold(op, make([]ir.Attribute, op.NumOperands()))
	if !ok || len(res) != 1 || res[0].Attr == nil {
		return nil, false
	}
	return res[0].Attr, true
}

// constKey identifies a uniqued constant within an insertion region.
type constKey struct {
	dialect *ir.Dialect
	value   ir.Attribute
	typ     ir.Type
}

// Folder folds operations and keeps one constant per (dialect, value,
// type) at the start of the entry block of the nearest isolated-from-above
// region, as MLIR's OperationFolder does.
type Folder struct {
	r      *Rewriter
	scopes map[*ir.Region]map[constKey]*ir.Operation
	owned  map[*ir.Operation]bool
	// scratch holds the constant operands of the operation being folded.
	scratch []ir.Attribute
}

// NewFolder returns a folder that changes IR through r.
func NewFolder(r *Rewriter) *Folder {
	return &Folder{r: r, scopes: map[*ir.Region]map[constKey]*ir.Operation{}, owned: map[*ir.Operation]bool{}}
}

// insertionRegion returns the region constants for b are placed in: that
// of the nearest ancestor that is (or, unregistered, might be) isolated
// from above, or top-level.
func insertionRegion(b *ir.Block) *ir.Region {
	r := b.Parent()
	for r != nil {
		op := r.ParentOp()
		if op == nil || op.MightHaveTrait(ir.IsolatedFromAbove) || op.Block() == nil {
			return r
		}
		r = op.Block().Parent()
	}
	return r
}

// NotifyRemoval forgets op if it is a uniqued constant.
func (f *Folder) NotifyRemoval(op *ir.Operation) {
	if !f.owned[op] {
		return
	}
	delete(f.owned, op)
	for _, m := range f.scopes {
		for k, c := range m {
			if c == op {
				delete(m, k)
			}
		}
	}
}

// InsertKnownConstant records the constant op, deduplicating it against an
// equal constant already known (then op is replaced and erased and false
// is returned) and hoisting it to the front of its insertion block.
func (f *Folder) InsertKnownConstant(op *ir.Operation, value ir.Attribute) bool {
	blk := op.Block()
	if f.owned[op] {
		if blk.First() != op && !f.owned[op.Prev()] {
			op.MoveBefore(blk.First())
		}
		return true
	}
	region := insertionRegion(blk)
	m := f.scopes[region]
	if m == nil {
		m = map[constKey]*ir.Operation{}
		f.scopes[region] = m
	}
	key := constKey{op.OpName().Dialect, value, op.Result(0).Type()}
	if existing := m[key]; existing != nil {
		f.r.ReplaceOp(op, existing.Results())
		existing.SetLoc(f.r.Ctx.UnknownLoc())
		return false
	}
	insertBlock := region.First()
	if blk != insertBlock || (insertBlock.First() != op && !f.owned[op.Prev()]) {
		op.MoveBefore(insertBlock.First())
	}
	m[key] = op
	f.owned[op] = true
	return true
}

// TryFold folds op: on success its uses are replaced (with existing values
// or with constants materialized just before it) and op is erased, or op
// was updated in place.
func (f *Folder) TryFold(op *ir.Operation) bool {
	d := op.Def()
	if d == nil || d.HasTrait(ir.ConstantLike) || (d.Fold == nil && !d.HasTrait(ir.Commutative)) {
		return false
	}
	n := op.NumOperands()
	if cap(f.scratch) < n {
		f.scratch = make([]ir.Attribute, n)
	}
	operands := f.scratch[:n]
	clear(operands)
	for i := range operands {
		if def := ir.DefiningOp(op.Operand(i)); def != nil {
			if v, ok := ConstantValue(def); ok {
				operands[i] = v
			}
		}
	}
	var results []ir.FoldResult
	ok := false
	if d.Fold != nil {
		results, ok = d.Fold(op, operands)
	}
	if !ok || len(results) == 0 {
		// The op's own folder failed or updated op in place: the traits
		// fold next, as in MLIR's foldHook.
		if d.HasTrait(ir.Commutative) && foldCommutative(op, operands) {
			ok = true
		}
		if !ok {
			return false
		}
		f.r.listener().OperationModified(op)
		return true
	}
	// As MLIR's greedy driver, constants are materialized right before op
	// with its location; the next iteration's seeding deduplicates them and
	// moves them to the front of their insertion region.
	dialect := op.OpName().Dialect
	with := make([]ir.Value, len(results))
	var created []*ir.Operation
	for i, res := range results {
		if res.Value != nil {
			with[i] = res.Value
			continue
		}
		var c *ir.Operation
		if dialect != nil && dialect.MaterializeConstant != nil {
			f.r.SetInsertionPoint(op)
			c = dialect.MaterializeConstant(f.r.Builder, res.Attr, op.Result(i).Type(), op.Loc())
		}
		if c == nil {
			for _, x := range created {
				f.r.EraseOp(x)
			}
			return false
		}
		f.r.listener().OperationInserted(c)
		created = append(created, c)
		with[i] = c.Result(0)
	}
	f.r.ReplaceOp(op, with)
	return true
}

// foldCommutative moves the constant operands of a commutative operation
// after the others, keeping each group's order, and reports whether it
// changed anything (MLIR's OpTrait::impl::foldCommutative).
func foldCommutative(op *ir.Operation, constants []ir.Attribute) bool {
	n := op.NumOperands()
	if n < 2 {
		return false
	}
	first := -1
	for i, c := range constants {
		if c != nil {
			first = i
			break
		}
	}
	if first < 0 {
		return false
	}
	moved := false
	for i := first + 1; i < n; i++ {
		if constants[i] == nil {
			moved = true
			break
		}
	}
	if !moved {
		return false
	}
	vals := op.Operands()
	reordered := make([]ir.Value, 0, n)
	for i, v := range vals {
		if constants[i] == nil {
			reordered = append(reordered, v)
		}
	}
	for i, v := range vals {
		if constants[i] != nil {
			reordered = append(reordered, v)
		}
	}
	for i, v := range reordered {
		if op.Operand(i) != v {
			op.SetOperand(i, v)
		}
	}
	return true
}
