package ir

// Block is a list of operations with arguments, held by a region.
type Block struct {
	args        []*BlockArgument
	first, last *Operation
	parent      *Region
	prev, next  *Block
	firstUse    *BlockOperand
}

// NewBlock returns a detached empty block.
func NewBlock() *Block { return &Block{} }

// AddArgument appends an argument of type t at location loc.
func (b *Block) AddArgument(t Type, loc Location) *BlockArgument {
	a := &BlockArgument{valueBase: valueBase{typ: t}, owner: b, index: uint32(len(b.args)), Loc: loc}
	b.args = append(b.args, a)
	return a
}

// InsertArgument inserts an argument of type t at location loc before
// argument i (at the end when i is the number of arguments).
func (b *Block) InsertArgument(i int, t Type, loc Location) *BlockArgument {
	a := &BlockArgument{valueBase: valueBase{typ: t}, owner: b, Loc: loc}
	b.args = append(b.args, nil)
	copy(b.args[i+1:], b.args[i:])
	b.args[i] = a
	for j := i; j < len(b.args); j++ {
		b.args[j].index = uint32(j)
	}
	return a
}

// EraseArgument removes argument i, which must have no uses.
func (b *Block) EraseArgument(i int) {
	b.args = append(b.args[:i], b.args[i+1:]...)
	for j := i; j < len(b.args); j++ {
		b.args[j].index = uint32(j)
	}
}

// NumArguments returns the number of arguments.
func (b *Block) NumArguments() int { return len(b.args) }

// Argument returns argument i.
func (b *Block) Argument(i int) *BlockArgument { return b.args[i] }

// Arguments returns the arguments; the slice must not be modified.
func (b *Block) Arguments() []*BlockArgument { return b.args }

// First returns the first operation, or nil.
func (b *Block) First() *Operation { return b.first }

// Last returns the last operation, or nil.
func (b *Block) Last() *Operation { return b.last }

// Empty reports whether the block holds no operations.
func (b *Block) Empty() bool { return b.first == nil }

// Parent returns the region holding the block.
func (b *Block) Parent() *Region { return b.parent }

// ParentOp returns the operation holding the block's region, or nil.
func (b *Block) ParentOp() *Operation {
	if b.parent == nil {
		return nil
	}
	return b.parent.parent
}

// Next returns the next block of the region.
func (b *Block) Next() *Block { return b.next }

// Prev returns the previous block of the region.
func (b *Block) Prev() *Block { return b.prev }

// IsEntry reports whether b is the first block of its region.
func (b *Block) IsEntry() bool { return b.parent != nil && b.parent.first == b }

// FirstUse returns the first use of the block as a successor.
func (b *Block) FirstUse() *BlockOperand { return b.firstUse }

// HasPredecessors reports whether some terminator branches to b.
func (b *Block) HasPredecessors() bool { return b.firstUse != nil }

// Terminator returns the last operation if the block is not empty.
func (b *Block) Terminator() *Operation { return b.last }

// Successors returns the blocks the terminator of b (its last operation)
// may branch to, in successor order, leaving out any not set.
func (b *Block) Successors() []*Block {
	t := b.last
	if t == nil {
		return nil
	}
	out := make([]*Block, 0, len(t.successors))
	for i := range t.successors {
		if s := t.successors[i].block; s != nil {
			out = append(out, s)
		}
	}
	return out
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Operation) { b.InsertBefore(nil, op) }

// InsertBefore inserts the detached op before mark (at the end if mark is nil).
func (b *Block) InsertBefore(mark, op *Operation) {
	op.block = b
	if mark == nil {
		op.prev = b.last
		op.next = nil
		if b.last != nil {
			b.last.next = op
		} else {
			b.first = op
		}
		b.last = op
		return
	}
	op.next = mark
	op.prev = mark.prev
	if mark.prev != nil {
		mark.prev.next = op
	} else {
		b.first = op
	}
	mark.prev = op
}

func (b *Block) unlinkOp(op *Operation) {
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		b.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		b.last = op.prev
	}
	op.prev, op.next, op.block = nil, nil, nil
}

// Ops calls f for each operation in order; f may erase the op it is given.
func (b *Block) Ops(f func(*Operation) bool) {
	for op := b.first; op != nil; {
		next := op.next
		if !f(op) {
			return
		}
		op = next
	}
}

// NumOps counts the operations of the block.
func (b *Block) NumOps() int {
	n := 0
	for op := b.first; op != nil; op = op.next {
		n++
	}
	return n
}

// Region is a list of blocks owned by an operation.
type Region struct {
	first, last *Block
	parent      *Operation
}

// First returns the entry block, or nil.
func (r *Region) First() *Block { return r.first }

// Last returns the last block, or nil.
func (r *Region) Last() *Block { return r.last }

// Empty reports whether the region has no blocks.
func (r *Region) Empty() bool { return r.first == nil }

// ParentOp returns the operation owning the region.
func (r *Region) ParentOp() *Operation { return r.parent }

// Index returns the region's number within its parent.
func (r *Region) Index() int {
	for i := range r.parent.regions {
		if &r.parent.regions[i] == r {
			return i
		}
	}
	return -1
}

// NumBlocks counts the blocks.
func (r *Region) NumBlocks() int {
	n := 0
	for b := r.first; b != nil; b = b.next {
		n++
	}
	return n
}

// HasOneBlock reports whether the region holds exactly one block.
func (r *Region) HasOneBlock() bool { return r.first != nil && r.first == r.last }

// Append adds a detached block at the end of the region.
func (r *Region) Append(b *Block) { r.InsertBefore(nil, b) }

// InsertBefore inserts the detached block b before mark (at the end if nil).
func (r *Region) InsertBefore(mark, b *Block) {
	b.parent = r
	if mark == nil {
		b.prev = r.last
		b.next = nil
		if r.last != nil {
			r.last.next = b
		} else {
			r.first = b
		}
		r.last = b
		return
	}
	b.next = mark
	b.prev = mark.prev
	if mark.prev != nil {
		mark.prev.next = b
	} else {
		r.first = b
	}
	mark.prev = b
}

// Remove detaches b from the region without destroying it.
func (r *Region) Remove(b *Block) {
	if b.prev != nil {
		b.prev.next = b.next
	} else {
		r.first = b.next
	}
	if b.next != nil {
		b.next.prev = b.prev
	} else {
		r.last = b.prev
	}
	b.prev, b.next, b.parent = nil, nil, nil
}

// Blocks returns the blocks in order.
func (r *Region) Blocks() []*Block {
	var out []*Block
	for b := r.first; b != nil; b = b.next {
		out = append(out, b)
	}
	return out
}

// TakeBody moves all blocks of other to the end of r.
func (r *Region) TakeBody(other *Region) {
	for b := other.first; b != nil; b = other.first {
		other.Remove(b)
		r.Append(b)
	}
}

// IsAncestor reports whether r contains other (or is other).
func (r *Region) IsAncestor(other *Region) bool {
	for other != nil {
		if other == r {
			return true
		}
		op := other.parent
		if op == nil || op.block == nil {
			return false
		}
		other = op.block.parent
	}
	return false
}
