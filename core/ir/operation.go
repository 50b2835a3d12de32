package ir

import "slices"

// Operation is the unit of IR: a named operation with operands, results,
// successors, regions, properties and discardable attributes, and a
// location. Operations in a block form an intrusive doubly linked list.
type Operation struct {
	name       *OpName
	loc        Location
	operands   []OpOperand
	results    []OpResult
	successors []BlockOperand
	regions    []Region
	props      Attribute
	attrs      *DictionaryAttr
	block      *Block
	prev, next *Operation
	// stamp orders the operations of a block for the verifier: it numbers
	// them in block order as it walks them, tagged with its own epoch in
	// the high bits, so that "a is before b" is one comparison.
	stamp uint64
}

// OperationState collects everything needed to create an operation.
type OperationState struct {
	Name        *OpName
	Loc         Location
	Operands    []Value
	ResultTypes []Type
	Successors  []*Block
	NumRegions  int
	// Regions, if set, are detached regions whose blocks move into the new
	// operation's regions (NumRegions is raised to cover them).
	Regions []*Region
	// Properties holds the inherent attributes (for registered ops, a
	// dictionary of them), printed as <{...}> in generic form.
	Properties Attribute
	// Attributes are the discardable attributes.
	Attributes *DictionaryAttr
}

// NewOperation creates a detached operation from st.
func NewOperation(st *OperationState) *Operation {
	op := allocOperation(len(st.Operands), len(st.ResultTypes))
	op.name, op.loc, op.props, op.attrs = st.Name, st.Loc, st.Properties, st.Attributes
	if d := st.Name.Def; d != nil && d.PopulateDefaultProperties != nil {
		op.props = d.PopulateDefaultProperties(st.Name.ctx, op.props)
	}
	if n := len(st.Operands); n > 0 {
		if op.operands == nil {
			op.operands = make([]OpOperand, n)
		}
		for i, v := range st.Operands {
			o := &op.operands[i]
			o.owner = op
			o.index = uint32(i)
			o.link(v)
		}
	}
	if n := len(st.ResultTypes); n > 0 {
		if op.results == nil {
			op.results = make([]OpResult, n)
		}
		for i, t := range st.ResultTypes {
			r := &op.results[i]
			r.typ = t
			r.owner = op
			r.index = uint32(i)
		}
	}
	if n := len(st.Successors); n > 0 {
		op.successors = make([]BlockOperand, n)
		for i, b := range st.Successors {
			s := &op.successors[i]
			s.owner = op
			s.index = uint32(i)
			s.link(b)
		}
	}
	n := st.NumRegions
	if len(st.Regions) > n {
		n = len(st.Regions)
	}
	if n > 0 {
		op.regions = make([]Region, n)
		for i := range op.regions {
			op.regions[i].parent = op
		}
		for i, r := range st.Regions {
			if r != nil {
				op.regions[i].TakeBody(r)
			}
		}
	}
	return op
}

// Name returns the operation name, e.g. "arith.addi".
func (op *Operation) Name() string { return op.name.Name }

// Context returns the context the operation's name belongs to (nil for
// operations created with a name record made outside a context).
func (op *Operation) Context() *Context { return op.name.ctx }

// OpName returns the interned name record.
func (op *Operation) OpName() *OpName { return op.name }

// Def returns the registered definition, or nil.
func (op *Operation) Def() *OpDef { return op.name.Def }

// IsRegistered reports whether the operation has a definition.
func (op *Operation) IsRegistered() bool { return op.name.Def != nil }

// Loc returns the operation's location.
func (op *Operation) Loc() Location { return op.loc }

// SetLoc sets the operation's location.
func (op *Operation) SetLoc(l Location) { op.loc = l }

// NumOperands returns the number of operands.
func (op *Operation) NumOperands() int { return len(op.operands) }

// Operand returns operand i.
func (op *Operation) Operand(i int) Value { return op.operands[i].value }

// OpOperand returns the use record of operand i.
func (op *Operation) OpOperand(i int) *OpOperand { return &op.operands[i] }

// Operands returns the operand values in a new slice.
func (op *Operation) Operands() []Value {
	out := make([]Value, len(op.operands))
	for i := range op.operands {
		out[i] = op.operands[i].value
	}
	return out
}

// SetOperand makes operand i use v.
func (op *Operation) SetOperand(i int, v Value) { op.operands[i].Set(v) }

// SetOperands replaces all operands.
func (op *Operation) SetOperands(vs []Value) {
	for i := range op.operands {
		op.operands[i].unlink()
	}
	op.operands = make([]OpOperand, len(vs))
	for i, v := range vs {
		o := &op.operands[i]
		o.owner = op
		o.index = uint32(i)
		o.link(v)
	}
}

// NumResults returns the number of results.
func (op *Operation) NumResults() int { return len(op.results) }

// Result returns result i.
func (op *Operation) Result(i int) *OpResult { return &op.results[i] }

// Results returns the results as values in a new slice.
func (op *Operation) Results() []Value {
	out := make([]Value, len(op.results))
	for i := range op.results {
		out[i] = &op.results[i]
	}
	return out
}

// ResultTypes returns the result types in a new slice.
func (op *Operation) ResultTypes() []Type {
	out := make([]Type, len(op.results))
	for i := range op.results {
		out[i] = op.results[i].typ
	}
	return out
}

// OperandTypes returns the operand types in a new slice.
func (op *Operation) OperandTypes() []Type {
	out := make([]Type, len(op.operands))
	for i := range op.operands {
		if v := op.operands[i].value; v != nil {
			out[i] = v.Type()
		}
	}
	return out
}

// HasUses reports whether any result is used.
func (op *Operation) HasUses() bool {
	for i := range op.results {
		if op.results[i].firstUse != nil {
			return true
		}
	}
	return false
}

// NumSuccessors returns the number of successor blocks.
func (op *Operation) NumSuccessors() int { return len(op.successors) }

// Successor returns successor i.
func (op *Operation) Successor(i int) *Block { return op.successors[i].block }

// SetSuccessor replaces successor i.
func (op *Operation) SetSuccessor(i int, b *Block) { op.successors[i].Set(b) }

// NumRegions returns the number of regions.
func (op *Operation) NumRegions() int { return len(op.regions) }

// Region returns region i.
func (op *Operation) Region(i int) *Region { return &op.regions[i] }

// Properties returns the inherent attributes, or nil.
func (op *Operation) Properties() Attribute { return op.props }

// SetProperties replaces the inherent attributes.
func (op *Operation) SetProperties(a Attribute) { op.props = a }

// Attrs returns the discardable attribute dictionary, or nil when empty.
func (op *Operation) Attrs() *DictionaryAttr { return op.attrs }

// SetAttrs replaces the discardable attributes.
func (op *Operation) SetAttrs(d *DictionaryAttr) {
	if d != nil && len(d.Entries) == 0 {
		d = nil
	}
	op.attrs = d
}

// InherentAttr returns a named inherent attribute from the properties
// dictionary, or nil.
func (op *Operation) InherentAttr(name string) Attribute {
	if d, ok := op.props.(*DictionaryAttr); ok {
		return d.Get(name)
	}
	return nil
}

// Attr returns the named attribute, looking at inherent attributes first and
// then at discardable ones.
func (op *Operation) Attr(name string) Attribute {
	if a := op.InherentAttr(name); a != nil {
		return a
	}
	return op.attrs.Get(name)
}

// AllAttrs returns the inherent and discardable attributes merged and
// sorted by name, as MLIR's Operation::getAttrs. The result may share
// storage with the attribute dictionaries and must not be modified.
func (op *Operation) AllAttrs() []NamedAttr {
	var props, disc []NamedAttr
	if d, ok := op.props.(*DictionaryAttr); ok {
		props = d.Entries
	}
	if op.attrs != nil {
		disc = op.attrs.Entries
	}
	if len(props) == 0 {
		return disc
	}
	if len(disc) == 0 {
		return props
	}
	out := make([]NamedAttr, 0, len(props)+len(disc))
	i, j := 0, 0
	for i < len(props) || j < len(disc) {
		if j >= len(disc) || i < len(props) && props[i].Name < disc[j].Name {
			out = append(out, props[i])
			i++
		} else {
			out = append(out, disc[j])
			j++
		}
	}
	return out
}

// Block returns the block holding the operation, or nil.
func (op *Operation) Block() *Block { return op.block }

// Next returns the next operation in the block.
func (op *Operation) Next() *Operation { return op.next }

// Prev returns the previous operation in the block.
func (op *Operation) Prev() *Operation { return op.prev }

// ParentRegion returns the region holding the operation, or nil.
func (op *Operation) ParentRegion() *Region {
	if op.block == nil {
		return nil
	}
	return op.block.parent
}

// ParentOp returns the closest enclosing operation, or nil.
func (op *Operation) ParentOp() *Operation {
	if op.block == nil || op.block.parent == nil {
		return nil
	}
	return op.block.parent.parent
}

// IsAncestor reports whether op contains other (or is other).
func (op *Operation) IsAncestor(other *Operation) bool {
	for other != nil {
		if other == op {
			return true
		}
		other = other.ParentOp()
	}
	return false
}

// Remove detaches the operation from its block without destroying it.
func (op *Operation) Remove() {
	if op.block != nil {
		op.block.unlinkOp(op)
	}
}

// DropAllReferences unlinks the operands and successors of op and of every
// operation nested in it, so the values they use no longer list them.
func (op *Operation) DropAllReferences() {
	for i := range op.operands {
		op.operands[i].unlink()
	}
	for i := range op.successors {
		op.successors[i].unlink()
	}
	for i := range op.regions {
		for b := op.regions[i].first; b != nil; b = b.next {
			for o := b.first; o != nil; o = o.next {
				o.DropAllReferences()
			}
		}
	}
}

// Erase removes the operation from its block and drops its references. Its
// results must have no uses left.
func (op *Operation) Erase() {
	op.Remove()
	op.DropAllReferences()
}

// MoveBefore moves op to just before mark, possibly into another block.
func (op *Operation) MoveBefore(mark *Operation) {
	op.Remove()
	mark.block.InsertBefore(mark, op)
}

// MoveAfter moves op to just after mark.
func (op *Operation) MoveAfter(mark *Operation) {
	op.Remove()
	mark.block.InsertBefore(mark.next, op)
}

// IsBeforeInBlock reports whether op comes before other in the same block.
func (op *Operation) IsBeforeInBlock(other *Operation) bool {
	for o := op.next; o != nil; o = o.next {
		if o == other {
			return true
		}
	}
	return false
}

// HasTrait reports whether the operation's definition declares t. For
// unregistered operations it is always false.
func (op *Operation) HasTrait(t Trait) bool {
	d := op.name.Def
	return d != nil && d.Traits&t != 0
}

// MightHaveTrait reports whether op may have the trait: true for
// unregistered operations, whose traits are unknown.
func (op *Operation) MightHaveTrait(t Trait) bool {
	d := op.name.Def
	return d == nil || d.Traits&t != 0
}

// WalkOrder selects pre- or post-order walks.
type WalkOrder int

// The walk orders.
const (
	PreOrder WalkOrder = iota
	PostOrder
)

// Walk calls f on op and every nested operation in the given order. If f
// returns false in pre-order, the nested operations of that op are skipped.
func (op *Operation) Walk(order WalkOrder, f func(*Operation) bool) {
	if order == PreOrder && !f(op) {
		return
	}
	for i := range op.regions {
		for b := op.regions[i].first; b != nil; b = b.next {
			for o := b.first; o != nil; {
				next := o.next
				o.Walk(order, f)
				o = next
			}
		}
	}
	if order == PostOrder {
		f(op)
	}
}

// Clone returns a deep copy of op; values defined outside op are mapped
// through mapping when present and used as they are otherwise. The mapping
// receives entries for every value defined in the clone.
func (op *Operation) Clone(mapping map[Value]Value) *Operation {
	if mapping == nil {
		mapping = map[Value]Value{}
	}
	blockMap := map[*Block]*Block{}
	return op.cloneWith(mapping, blockMap)
}

func (op *Operation) cloneWith(mapping map[Value]Value, blockMap map[*Block]*Block) *Operation {
	st := &OperationState{Name: op.name, Loc: op.loc, Properties: op.props, Attributes: op.attrs, NumRegions: len(op.regions)}
	st.Operands = make([]Value, len(op.operands))
	for i := range op.operands {
		v := op.operands[i].value
		if m, ok := mapping[v]; ok {
			v = m
		}
		st.Operands[i] = v
	}
	st.ResultTypes = op.ResultTypes()
	st.Successors = make([]*Block, len(op.successors))
	for i := range op.successors {
		b := op.successors[i].block
		if m, ok := blockMap[b]; ok {
			b = m
		}
		st.Successors[i] = b
	}
	nop := NewOperation(st)
	for i := range op.results {
		mapping[&op.results[i]] = &nop.results[i]
	}
	for i := range op.regions {
		cloneRegionInto(&op.regions[i], &nop.regions[i], mapping, blockMap)
	}
	return nop
}

func cloneRegionInto(src, dst *Region, mapping map[Value]Value, blockMap map[*Block]*Block) {
	for b := src.first; b != nil; b = b.next {
		nb := NewBlock()
		for _, a := range b.args {
			mapping[a] = nb.AddArgument(a.typ, a.Loc)
		}
		blockMap[b] = nb
		dst.Append(nb)
	}
	for b := src.first; b != nil; b = b.next {
		nb := blockMap[b]
		for o := b.first; o != nil; o = o.next {
			nb.Append(o.cloneWith(mapping, blockMap))
		}
	}
	// Successors referring to blocks of this region that were cloned later
	// than their use are fixed up here.
	for b := dst.first; b != nil; b = b.next {
		for o := b.first; o != nil; o = o.next {
			fixSuccessors(o, blockMap)
		}
	}
}

func fixSuccessors(op *Operation, blockMap map[*Block]*Block) {
	for i := range op.successors {
		if m, ok := blockMap[op.successors[i].block]; ok {
			op.successors[i].Set(m)
		}
	}
}

// Operations with few operands and results are allocated together with
// their operand and result storage, one allocation instead of three.
type op0x1 struct {
	op  Operation
	res [1]OpResult
}

type op1x1 struct {
	op  Operation
	res [1]OpResult
	ops [1]OpOperand
}

type op2x1 struct {
	op  Operation
	res [1]OpResult
	ops [2]OpOperand
}

type op3x1 struct {
	op  Operation
	res [1]OpResult
	ops [3]OpOperand
}

func allocOperation(nOperands, nResults int) *Operation {
	if nResults == 1 {
		switch nOperands {
		case 0:
			a := &op0x1{}
			a.op.results = a.res[:]
			return &a.op
		case 1:
			a := &op1x1{}
			a.op.results, a.op.operands = a.res[:], a.ops[:]
			return &a.op
		case 2:
			a := &op2x1{}
			a.op.results, a.op.operands = a.res[:], a.ops[:]
			return &a.op
		case 3:
			a := &op3x1{}
			a.op.results, a.op.operands = a.res[:], a.ops[:]
			return &a.op
		}
	}
	return &Operation{}
}

// SetAttr sets the named attribute: in the properties when the operation is
// registered and declares it inherent, in the discardable dictionary
// otherwise (MLIR's Operation::setAttr). A nil value removes it.
func (op *Operation) SetAttr(name string, v Attribute) {
	ctx := op.Context()
	if d := op.Def(); d != nil && slices.Contains(d.InherentAttrs, name) {
		props, _ := op.props.(*DictionaryAttr)
		op.props = withEntry(ctx, props, name, v)
		if d, ok := op.props.(*DictionaryAttr); ok && len(d.Entries) == 0 {
			op.props = nil
		}
		return
	}
	op.SetAttrs(withEntry(ctx, op.attrs, name, v))
}

// withEntry returns d with name set to v (removed when v is nil).
func withEntry(ctx *Context, d *DictionaryAttr, name string, v Attribute) *DictionaryAttr {
	var entries []NamedAttr
	if d != nil {
		for _, e := range d.Entries {
			if e.Name != name {
				entries = append(entries, e)
			}
		}
	}
	if v != nil {
		entries = append(entries, NamedAttr{Name: name, Value: v})
	}
	return ctx.DictionaryAttr(entries)
}
