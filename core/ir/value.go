package ir

// Value is an SSA value: an operation result or a block argument. Its uses
// form an intrusive list, so replacing all uses costs O(uses).
type Value interface {
	// Type returns the value's type.
	Type() Type
	// SetType changes the value's type in place.
	SetType(Type)
	// FirstUse returns the head of the use list, or nil.
	FirstUse() *OpOperand
	base() *valueBase
}

type valueBase struct {
	typ      Type
	firstUse *OpOperand
}

func (v *valueBase) base() *valueBase { return v }

// Type returns the value's type.
func (v *valueBase) Type() Type { return v.typ }

// SetType changes the value's type.
func (v *valueBase) SetType(t Type) { v.typ = t }

// FirstUse returns the first use of the value, or nil.
func (v *valueBase) FirstUse() *OpOperand { return v.firstUse }

// OpResult is a result of an operation.
type OpResult struct {
	valueBase
	owner *Operation
	index uint32
}

// Owner returns the defining operation.
func (r *OpResult) Owner() *Operation { return r.owner }

// Index returns the result number.
func (r *OpResult) Index() int { return int(r.index) }

// BlockArgument is an argument of a block.
type BlockArgument struct {
	valueBase
	owner *Block
	index uint32
	// Loc is the argument's location.
	Loc Location
}

// Owner returns the block that owns the argument.
func (a *BlockArgument) Owner() *Block { return a.owner }

// Index returns the argument number.
func (a *BlockArgument) Index() int { return int(a.index) }

// OpOperand is one use of a value by an operation.
type OpOperand struct {
	value Value
	owner *Operation
	index uint32
	next  *OpOperand
	prev  **OpOperand
}

// Get returns the used value.
func (o *OpOperand) Get() Value { return o.value }

// Owner returns the using operation.
func (o *OpOperand) Owner() *Operation { return o.owner }

// Index returns the operand number within its owner.
func (o *OpOperand) Index() int { return int(o.index) }

// Next returns the next use of the same value.
func (o *OpOperand) Next() *OpOperand { return o.next }

func (o *OpOperand) link(v Value) {
	o.value = v
	if v == nil {
		return
	}
	b := v.base()
	o.next = b.firstUse
	if o.next != nil {
		o.next.prev = &o.next
	}
	o.prev = &b.firstUse
	b.firstUse = o
}

func (o *OpOperand) unlink() {
	if o.prev != nil {
		*o.prev = o.next
		if o.next != nil {
			o.next.prev = o.prev
		}
	}
	o.next, o.prev, o.value = nil, nil, nil
}

// Set makes the operand use v instead.
func (o *OpOperand) Set(v Value) {
	o.unlink()
	o.link(v)
}

// HasUses reports whether v is used.
func HasUses(v Value) bool { return v.FirstUse() != nil }

// HasOneUse reports whether v has exactly one use.
func HasOneUse(v Value) bool {
	u := v.FirstUse()
	return u != nil && u.next == nil
}

// NumUses counts the uses of v.
func NumUses(v Value) int {
	n := 0
	for u := v.FirstUse(); u != nil; u = u.next {
		n++
	}
	return n
}

// ReplaceAllUsesWith makes every use of from use to instead.
func ReplaceAllUsesWith(from, to Value) {
	if from == to {
		return
	}
	for u := from.FirstUse(); u != nil; u = from.FirstUse() {
		u.Set(to)
	}
}

// DefiningOp returns the operation that defines v, or nil for block
// arguments.
func DefiningOp(v Value) *Operation {
	if r, ok := v.(*OpResult); ok {
		return r.owner
	}
	return nil
}

// ParentBlock returns the block in which v is defined.
func ParentBlock(v Value) *Block {
	switch v := v.(type) {
	case *OpResult:
		return v.owner.block
	case *BlockArgument:
		return v.owner
	}
	return nil
}

// BlockOperand is a use of a block as a successor of a terminator.
type BlockOperand struct {
	block *Block
	owner *Operation
	index uint32
	next  *BlockOperand
	prev  **BlockOperand
}

// Get returns the successor block.
func (b *BlockOperand) Get() *Block { return b.block }

// Owner returns the terminator.
func (b *BlockOperand) Owner() *Operation { return b.owner }

// Next returns the next use of the same block.
func (b *BlockOperand) Next() *BlockOperand { return b.next }

// Index returns the successor number within its owner.
func (b *BlockOperand) Index() int { return int(b.index) }

func (b *BlockOperand) link(blk *Block) {
	b.block = blk
	if blk == nil {
		return
	}
	b.next = blk.firstUse
	if b.next != nil {
		b.next.prev = &b.next
	}
	b.prev = &blk.firstUse
	blk.firstUse = b
}

func (b *BlockOperand) unlink() {
	if b.prev != nil {
		*b.prev = b.next
		if b.next != nil {
			b.next.prev = b.prev
		}
	}
	b.next, b.prev, b.block = nil, nil, nil
}

// Set makes the successor point at blk.
func (b *BlockOperand) Set(blk *Block) {
	b.unlink()
	b.link(blk)
}
