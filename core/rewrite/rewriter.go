package rewrite

import "github.com/strata-ir/strata/core/ir"

// Listener is told about every change a Rewriter makes.
type Listener interface {
	// OperationInserted is called after op was inserted into a block.
	OperationInserted(op *ir.Operation)
	// OperationModified is called after op changed in place (including when
	// one of its operands was redirected).
	OperationModified(op *ir.Operation)
	// OperationReplaced is called before op's results are replaced.
	OperationReplaced(op *ir.Operation, with []ir.Value)
	// OperationErased is called before op is erased; it has no uses left.
	OperationErased(op *ir.Operation)
	// BlockErased is called before b is erased.
	BlockErased(b *ir.Block)
}

// NopListener ignores every notification; embed it to implement only some.
type NopListener struct{}

// OperationInserted does nothing.
func (NopListener) OperationInserted(*ir.Operation) {}

// OperationModified does nothing.
func (NopListener) OperationModified(*ir.Operation) {}

// OperationReplaced does nothing.
func (NopListener) OperationReplaced(*ir.Operation, []ir.Value) {}

// OperationErased does nothing.
func (NopListener) OperationErased(*ir.Operation) {}

// BlockErased does nothing.
func (NopListener) BlockErased(*ir.Block) {}

// Rewriter changes IR on behalf of patterns and drivers, building at an
// insertion point like ir.Builder and reporting every change to Listener.
type Rewriter struct {
	*ir.Builder
	Listener Listener
}

// NewRewriter returns a rewriter with no listener.
func NewRewriter(ctx *ir.Context) *Rewriter {
	return &Rewriter{Builder: ir.NewBuilder(ctx), Listener: NopListener{}}
}

func (r *Rewriter) listener() Listener {
	if r.Listener == nil {
		return NopListener{}
	}
	return r.Listener
}

// Create builds and inserts an operation and notifies the listener.
func (r *Rewriter) Create(st *ir.OperationState) *ir.Operation {
	op := r.Builder.Create(st)
	if op.Block() != nil {
		r.notifyInsertedRecursively(op)
	}
	return op
}

// CreateOp is Create with the common fields (see ir.Builder.CreateOp).
func (r *Rewriter) CreateOp(name string, operands []ir.Value, resultTypes []ir.Type, attrs ...ir.NamedAttr) *ir.Operation {
	op := r.Builder.CreateOp(name, operands, resultTypes, attrs...)
	if op.Block() != nil {
		r.notifyInsertedRecursively(op)
	}
	return op
}

// Insert places a detached operation at the insertion point.
func (r *Rewriter) Insert(op *ir.Operation) *ir.Operation {
	r.Builder.Insert(op)
	if op.Block() != nil {
		r.notifyInsertedRecursively(op)
	}
	return op
}

func (r *Rewriter) notifyInsertedRecursively(op *ir.Operation) {
	l := r.listener()
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		l.OperationInserted(o)
		return true
	})
}

// ReplaceAllUsesWith redirects every use of from to to, notifying each user
// as modified.
func (r *Rewriter) ReplaceAllUsesWith(from, to ir.Value) {
	l := r.listener()
	for u := from.FirstUse(); u != nil; u = from.FirstUse() {
		user := u.Owner()
		u.Set(to)
		l.OperationModified(user)
	}
}

// ReplaceOp replaces every result of op with the corresponding value and
// erases op.
func (r *Rewriter) ReplaceOp(op *ir.Operation, with []ir.Value) {
	r.listener().OperationReplaced(op, with)
	for i := 0; i < op.NumResults(); i++ {
		r.ReplaceAllUsesWith(op.Result(i), with[i])
	}
	r.EraseOp(op)
}

// ReplaceOpWithOp replaces op's results with those of newOp and erases op.
func (r *Rewriter) ReplaceOpWithOp(op, newOp *ir.Operation) { r.ReplaceOp(op, newOp.Results()) }

// EraseOp erases op and everything nested in it, notifying the listener of
// each erased operation (nested ones first). op's results must be unused.
func (r *Rewriter) EraseOp(op *ir.Operation) {
	l := r.listener()
	op.Walk(ir.PostOrder, func(o *ir.Operation) bool {
		l.OperationErased(o)
		return true
	})
	op.Erase()
}

// ModifyInPlace runs fn, which changes op in place, and notifies the
// listener.
func (r *Rewriter) ModifyInPlace(op *ir.Operation, fn func()) {
	fn()
	r.listener().OperationModified(op)
}

// EraseBlock erases b and its operations.
func (r *Rewriter) EraseBlock(b *ir.Block) {
	l := r.listener()
	l.BlockErased(b)
	for op := b.Last(); op != nil; op = b.Last() {
		for i := 0; i < op.NumResults(); i++ {
			for u := op.Result(i).FirstUse(); u != nil; u = op.Result(i).FirstUse() {
				u.Set(nil)
			}
		}
		r.EraseOp(op)
	}
	for u := b.FirstUse(); u != nil; u = b.FirstUse() {
		u.Set(nil)
	}
	if p := b.Parent(); p != nil {
		p.Remove(b)
	}
}

// MoveOpBefore moves op just before mark.
func (r *Rewriter) MoveOpBefore(op, mark *ir.Operation) {
	op.MoveBefore(mark)
	r.listener().OperationInserted(op)
}

// MoveOpAfter moves op just after mark.
func (r *Rewriter) MoveOpAfter(op, mark *ir.Operation) {
	op.MoveAfter(mark)
	r.listener().OperationInserted(op)
}

// InlineBlockBefore moves the operations of src before mark in mark's
// block (at the end of dest when mark is nil), replacing uses of src's
// arguments with args, and erases src.
func (r *Rewriter) InlineBlockBefore(src, dest *ir.Block, mark *ir.Operation, args []ir.Value) {
	for i, a := range src.Arguments() {
		r.ReplaceAllUsesWith(a, args[i])
	}
	l := r.listener()
	for op := src.First(); op != nil; op = src.First() {
		op.Remove()
		dest.InsertBefore(mark, op)
		l.OperationInserted(op)
	}
	if p := src.Parent(); p != nil {
		l.BlockErased(src)
		p.Remove(src)
	}
}

// MergeBlocks appends the operations of src to dest, replacing src's
// arguments with args, and erases src.
func (r *Rewriter) MergeBlocks(src, dest *ir.Block, args []ir.Value) {
	r.InlineBlockBefore(src, dest, nil, args)
}

// SplitBlock moves the operations of b from before (inclusive) to the end
// into a new block placed after b, and returns it.
func (r *Rewriter) SplitBlock(b *ir.Block, before *ir.Operation) *ir.Block {
	nb := ir.NewBlock()
	if next := b.Next(); next != nil {
		b.Parent().InsertBefore(next, nb)
	} else {
		b.Parent().Append(nb)
	}
	for op := before; op != nil; {
		next := op.Next()
		op.Remove()
		nb.Append(op)
		op = next
	}
	return nb
}

// InlineRegionBefore moves the blocks of region into parent before the
// block mark (at the end when mark is nil).
func (r *Rewriter) InlineRegionBefore(region, parent *ir.Region, mark *ir.Block) {
	for b := region.First(); b != nil; b = region.First() {
		region.Remove(b)
		parent.InsertBefore(mark, b)
		b.Ops(func(op *ir.Operation) bool {
			r.notifyInsertedRecursively(op)
			return true
		})
	}
}
