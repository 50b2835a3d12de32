package ir

import (
	"fmt"
	"slices"
)

// Builder creates operations at an insertion point, the way MLIR's
// OpBuilder does. The zero insertion point (no block) creates detached
// operations.
type Builder struct {
	Ctx *Context
	// Loc is the location given to created operations when none is passed.
	Loc   Location
	block *Block
	// before is the operation new ones are inserted before; nil appends.
	before *Operation
	// err is the first misuse a builder function reported.
	err error
}

// Errorf records a misuse of the builder (an operation of an unregistered
// dialect, a nil operand, an entry block that does not match its
// operation) as the builder's error, unless an earlier one is recorded.
// Generated Build functions report through it instead of panicking; the
// code driving them checks Err once it is done.
func (bd *Builder) Errorf(format string, args ...any) {
	if bd.err == nil {
		bd.err = fmt.Errorf(format, args...)
	}
}

// Err returns the first error recorded by Errorf, or nil.
func (bd *Builder) Err() error { return bd.err }

// ClearErr forgets the recorded error and returns it.
func (bd *Builder) ClearErr() error {
	err := bd.err
	bd.err = nil
	return err
}

// NewBuilder returns a builder with no insertion point and unknown
// location.
func NewBuilder(ctx *Context) *Builder { return &Builder{Ctx: ctx, Loc: ctx.UnknownLoc()} }

// SetInsertionPointToEnd makes new operations append to b.
func (bd *Builder) SetInsertionPointToEnd(b *Block) { bd.block, bd.before = b, nil }

// SetInsertionPointToStart makes new operations go to the start of b.
func (bd *Builder) SetInsertionPointToStart(b *Block) { bd.block, bd.before = b, b.first }

// SetInsertionPoint makes new operations go just before op.
func (bd *Builder) SetInsertionPoint(op *Operation) { bd.block, bd.before = op.block, op }

// SetInsertionPointAfter makes new operations go just after op.
func (bd *Builder) SetInsertionPointAfter(op *Operation) { bd.block, bd.before = op.block, op.next }

// InsertionBlock returns the current block, or nil.
func (bd *Builder) InsertionBlock() *Block { return bd.block }

// Insert places a detached operation at the insertion point.
func (bd *Builder) Insert(op *Operation) *Operation {
	if bd.block != nil {
		bd.block.InsertBefore(bd.before, op)
	}
	return op
}

// Create builds an operation from st (filling in the builder's location when
// st.Loc is nil) and inserts it.
func (bd *Builder) Create(st *OperationState) *Operation {
	if st.Loc == nil {
		st.Loc = bd.Loc
	}
	return bd.Insert(NewOperation(st))
}

// CreateOp is a shorthand for Create with the most common fields: the
// operation name (looked up in the context), operands, result types and
// discardable attributes.
func (bd *Builder) CreateOp(name string, operands []Value, resultTypes []Type, attrs ...NamedAttr) *Operation {
	st := &OperationState{Name: bd.Ctx.OpName(name), Operands: operands, ResultTypes: resultTypes}
	if len(attrs) > 0 {
		if def := st.Name.Def; def != nil && len(def.InherentAttrs) > 0 {
			var props, rest []NamedAttr
			for _, a := range attrs {
				if slices.Contains(def.InherentAttrs, a.Name) {
					props = append(props, a)
				} else {
					rest = append(rest, a)
				}
			}
			if len(props) > 0 {
				st.Properties = bd.Ctx.DictionaryAttr(props)
			}
			attrs = rest
		}
		if len(attrs) > 0 {
			st.Attributes = bd.Ctx.DictionaryAttr(attrs)
		}
	}
	return bd.Create(st)
}

// CreateBlock creates a block with arguments of the given types at the end
// of r and moves the insertion point to its end.
func (bd *Builder) CreateBlock(r *Region, argTypes ...Type) *Block {
	b := NewBlock()
	for _, t := range argTypes {
		b.AddArgument(t, bd.Loc)
	}
	r.Append(b)
	bd.SetInsertionPointToEnd(b)
	return b
}

// NewModule returns an empty builtin.module with one block.
func NewModule(ctx *Context, loc Location) *Operation {
	m := NewOperation(&OperationState{Name: ctx.OpName("builtin.module"), Loc: loc, NumRegions: 1})
	m.Region(0).Append(NewBlock())
	return m
}

// EnsureTerminator is MLIR's ensureRegionTerminator, the builder behind
// the SingleBlockImplicitTerminator and ImplicitAffineTerminator traits:
// an empty r gets a block, and a last block that does not end with a
// registered terminator gets the operation build returns, located at loc.
func EnsureTerminator(r *Region, loc Location, build func(loc Location) *Operation) {
	if r.Empty() {
		r.Append(NewBlock())
	}
	b := r.Last()
	if last := b.Last(); last != nil && last.HasTrait(IsTerminator) {
		return
	}
	b.Append(build(loc))
}

// EnsureTerminatorNamed is EnsureTerminator with a terminator that has no
// operands, regions or properties: the operation called name.
func EnsureTerminatorNamed(ctx *Context, r *Region, name string, loc Location) {
	EnsureTerminator(r, loc, func(loc Location) *Operation {
		return NewOperation(&OperationState{Name: ctx.OpName(name), Loc: loc})
	})
}
