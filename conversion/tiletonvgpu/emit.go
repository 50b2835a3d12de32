package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// emitter builds the operations of the lowered kernel.
type emitter struct {
	ctx    *ir.Context
	b      *ir.Builder
	consts map[int64]ir.Value
	attrs  map[string]ir.Attribute
	// top is the block that holds the constants (nil: at the insertion
	// point).
	top *ir.Block
}

func (e *emitter) op(name string, operands []ir.Value, results []ir.Type, props ...ir.NamedAttr) *ir.Operation {
	st := &ir.OperationState{Name: e.ctx.OpName(name), Operands: operands, ResultTypes: results}
	if len(props) > 0 {
		st.Properties = e.ctx.DictionaryAttr(props)
	}
	return e.b.Create(st)
}

func (e *emitter) val(name string, operands []ir.Value, t ir.Type, props ...ir.NamedAttr) ir.Value {
	return e.op(name, operands, []ir.Type{t}, props...).Result(0)
}

// parsed returns an attribute written in MLIR syntax (cached).
func (e *emitter) parsed(s string) ir.Attribute {
	if a, ok := e.attrs[s]; ok {
		return a
	}
	a, err := asm.ParseAttrString(e.ctx, s, nil)
	if err != nil {
		panic("tile-to-nvgpu: bad attribute " + s + ": " + err.Error())
	}
	e.attrs[s] = a
	return a
}

func (e *emitter) index() ir.Type { return e.ctx.IndexType() }

// c returns an index constant (one per value, at the kernel's start).
func (e *emitter) c(v int64) ir.Value {
	if x, ok := e.consts[v]; ok {
		return x
	}
	st := &ir.OperationState{Name: e.ctx.OpName("arith.constant"), ResultTypes: []ir.Type{e.index()}, Loc: e.b.Loc,
		Properties: e.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: e.ctx.IntegerAttr(e.index(), v)}})}
	var x ir.Value
	if e.top != nil {
		// Constants go to the start of the function, where every use sees
		// them.
		cb := ir.NewBuilder(e.ctx)
		cb.SetInsertionPointToStart(e.top)
		x = cb.Create(st).Result(0)
	} else {
		x = e.b.Create(st).Result(0)
	}
	e.consts[v] = x
	return x
}

func (e *emitter) bin(name string, a, b ir.Value) ir.Value {
	return e.val(name, []ir.Value{a, b}, a.Type())
}

func (e *emitter) add(a, b ir.Value) ir.Value {
	if c, ok := constIndex(b); ok && c == 0 {
		return a
	}
	if c, ok := constIndex(a); ok && c == 0 {
		return b
	}
	return e.bin("arith.addi", a, b)
}

func (e *emitter) mul(a ir.Value, k int64) ir.Value {
	if k == 1 {
		return a
	}
	return e.bin("arith.muli", a, e.c(k))
}

func (e *emitter) and(a, b ir.Value) ir.Value { return e.bin("arith.andi", a, b) }

// cmp compares two index or integer values with an arith.cmpi predicate
// (2 slt, 6 ult, 0 eq).
func (e *emitter) cmp(pred int64, a, b ir.Value) ir.Value {
	return e.val("arith.cmpi", []ir.Value{a, b}, e.ctx.I(1),
		ir.NamedAttr{Name: "predicate", Value: e.ctx.IntegerAttr(e.ctx.I(64), pred)})
}

func (e *emitter) sel(c, a, b ir.Value) ir.Value {
	return e.val("arith.select", []ir.Value{c, a, b}, a.Type())
}

func (e *emitter) pos(p []int64) ir.NamedAttr {
	return ir.NamedAttr{Name: "static_position", Value: e.ctx.DenseI64Array(p...)}
}

func (e *emitter) extract(v ir.Value, t ir.Type, p []int64) ir.Value {
	return e.val("vector.extract", []ir.Value{v}, t, e.pos(p))
}

func (e *emitter) insert(x, v ir.Value, p []int64) ir.Value {
	return e.val("vector.insert", []ir.Value{x, v}, v.Type(), e.pos(p))
}

func (e *emitter) vec(shape []int64, elem ir.Type) *ir.VectorType {
	return e.ctx.VectorType(shape, nil, elem)
}

func (e *emitter) gpuIndex(name, dim string) ir.Value {
	return e.val(name, nil, e.index(), ir.NamedAttr{Name: "dimension", Value: e.parsed("#gpu<dim " + dim + ">")})
}

// constIndex returns the integer v is when a constant operation
// (ConstantLike) defines it.
func constIndex(v ir.Value) (int64, bool) {
	d := ir.DefiningOp(v)
	if d == nil {
		return 0, false
	}
	attr, ok := rewrite.ConstantValue(d)
	if !ok {
		return 0, false
	}
	a, ok := attr.(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int64(), true
}

// unflatten returns the position of register r in a vector of shape.
func unflatten(r int, shape []int64) []int64 {
	p := make([]int64, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		p[d] = int64(r) % shape[d]
		r /= int(shape[d])
	}
	return p
}

// div divides a non-negative index by a power of two (a shift).
func (e *emitter) div(a ir.Value, k int64) ir.Value {
	if k == 1 {
		return a
	}
	if !isPow2(k) {
		return e.bin("arith.divui", a, e.c(k))
	}
	return e.bin("arith.shrui", a, e.c(int64(log2(k))))
}

// divu32 returns the quotient (or, with rem, the remainder) of
// non-negative indices a and b below 2^31, computed in 32 bits: ptxas
// calls a subroutine for a 64-bit division, and divides 32-bit integers
// inline.
func (e *emitter) divu32(a, b ir.Value, rem bool) ir.Value {
	name := "arith.divui"
	if rem {
		name = "arith.remui"
	}
	i32 := e.ctx.I(32)
	q := e.bin(name, e.val("arith.index_cast", []ir.Value{a}, i32), e.val("arith.index_cast", []ir.Value{b}, i32))
	return e.val("arith.index_castui", []ir.Value{q}, e.index())
}

// rem is the remainder of a non-negative index by a power of two (a
// mask).
func (e *emitter) rem(a ir.Value, k int64) ir.Value {
	if !isPow2(k) {
		return e.bin("arith.remui", a, e.c(k))
	}
	return e.and(a, e.c(k-1))
}
