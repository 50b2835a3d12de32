package tiletoneuron

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/neuron"
)

// Integer tiles. An index tile built from tile.iota stays the affine form
// base + p·cp + f·cf of the partition and free indices (kind aff) through
// additions, subtractions of scalars and multiplications by constants; a
// remainder by a positive constant materializes it: an iota writes its
// values into an f32 tile on GpSimd and tensor_scalar takes them modulo
// the constant (nki.language.mod). The result (kind ival) holds integers
// in f32, exact below 2^24, and takes further additions, subtractions and
// multiplications by constants on the vector engine; arith.sitofp reads
// it as floats. The index values are block offsets plus iota, never
// negative, where remui, remsi and mod agree.

// constInt returns the value of a splat of an integer constant.
func constInt(v *val) (int64, bool) {
	if v.k != isplat || v.base == nil {
		return 0, false
	}
	c, ok := arith.AsConstantOp(ir.DefiningOp(v.base))
	if !ok {
		return 0, false
	}
	ia, ok := c.Value().(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return ia.Int64(), true
}

// scalarOp builds x op y on index scalars, nil standing for 0 (the
// result is nil when it is 0).
func (l *lowering) scalarOp(op *ir.Operation, x, y ir.Value, kind scalarKind) ir.Value {
	switch {
	case kind == mulKind && (x == nil || y == nil):
		return nil
	case y == nil:
		if x == nil {
			return nil
		}
		return l.index(op, x)
	case x == nil && kind == addKind:
		return l.index(op, y)
	case x == nil:
		x = l.zero(op)
	}
	x, y = l.index(op, x), l.index(op, y)
	switch kind {
	case addKind:
		return arith.BuildAddi(l.b, op.Loc(), x, y).Result()
	case subKind:
		return arith.BuildSubi(l.b, op.Loc(), x, y).Result()
	}
	return arith.BuildMuli(l.b, op.Loc(), x, y).Result()
}

type scalarKind int

const (
	addKind scalarKind = iota
	subKind
	mulKind
)

// binaryOp is the typed wrapper of a binary arith operation.
type binaryOp interface {
	Lhs() ir.Value
	Rhs() ir.Value
}

// intBinary returns the typed wrapper of the integer operations lowered
// here (arith.addi, subi, muli, remui, remsi).
func intBinary(op *ir.Operation) binaryOp {
	if x, ok := arith.AsAddiOp(op); ok {
		return x
	}
	if x, ok := arith.AsSubiOp(op); ok {
		return x
	}
	if x, ok := arith.AsMuliOp(op); ok {
		return x
	}
	if x, ok := arith.AsRemuiOp(op); ok {
		return x
	}
	x, _ := arith.AsRemsiOp(op)
	return x
}

// intOperands returns the lowered operands of an integer operation.
func (l *lowering) intOperands(op *ir.Operation) (*val, *val, *ir.Diagnostic) {
	bo := intBinary(op)
	a, err := l.get(op, bo.Lhs())
	if err != nil {
		return nil, nil, err
	}
	b, err := l.get(op, bo.Rhs())
	if err != nil {
		return nil, nil, err
	}
	return a, b, nil
}

// intArith lowers arith.addi, arith.subi and arith.muli on index tiles.
func (l *lowering) intArith(op *ir.Operation) *ir.Diagnostic {
	a, b, err := l.intOperands(op)
	if err != nil {
		return err
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	_, isAdd := arith.AsAddiOp(op)
	_, isSub := arith.AsSubiOp(op)
	_, isMul := arith.AsMuliOp(op)
	commutes := isAdd || isMul
	if commutes && (a.k == isplat && b.k != isplat) {
		a, b = b, a
	}
	idx := func(x *val) bool { return x.k == aff || x.k == isplat }
	switch {
	case (isAdd || isSub) && idx(a) && idx(b):
		f, sign := addKind, int64(1)
		if isSub {
			f, sign = subKind, -1
		}
		n := &val{k: a.k, shape: shape, elem: elem, cp: a.cp + sign*b.cp, cf: a.cf + sign*b.cf}
		if b.k == aff {
			n.k = aff
		}
		n.base = l.scalarOp(op, a.base, b.base, f)
		l.set(op, n)
		return nil
	case isMul && a.k == isplat && b.k == isplat:
		l.set(op, &val{k: isplat, shape: shape, elem: elem, base: l.scalarOp(op, a.base, b.base, mulKind)})
		return nil
	case isMul && a.k == aff:
		c, ok := constInt(b)
		if !ok {
			return unsupported(op, "products of index tiles other than by a constant")
		}
		n := &val{k: aff, shape: shape, elem: elem, cp: a.cp * c, cf: a.cf * c}
		if a.base != nil {
			n.base = l.scalarOp(op, a.base, b.base, mulKind)
		}
		l.set(op, n)
		return nil
	case a.k == ival:
		c, ok := constInt(b)
		if !ok {
			return unsupported(op, "integer tile arithmetic other than with a constant")
		}
		alu := neuron.AluOpAdd
		switch {
		case isSub:
			alu = neuron.AluOpSubtract
		case isMul:
			alu = neuron.AluOpMultiply
		}
		return l.ivalOp(op, a, alu, c)
	}
	return unsupported(op, "integer tile arithmetic other than of iota-based index tiles and constants")
}

// ivalOp makes the ival a alu c on the vector engine.
func (l *lowering) ivalOp(op *ir.Operation, a *val, alu neuron.AluOp, c int64) *ir.Diagnostic {
	shape, elem := tensorInfo(op.Result(0).Type())
	t, err := l.alloc(op, shape[0], shape[1], l.ctx.FloatType(ir.F32), neuron.BufferSbuf)
	if err != nil {
		return err
	}
	neuron.BuildTensorScalar(l.b, op.Loc(), t, a.t, alu, neuron.TensorScalarOptions{Imm: ptr(float64(c))})
	l.set(op, &val{k: ival, t: t, shape: shape, elem: elem})
	return nil
}

// rem lowers arith.remui and arith.remsi of an index tile by a positive
// constant.
func (l *lowering) rem(op *ir.Operation) *ir.Diagnostic {
	a, b, err := l.intOperands(op)
	if err != nil {
		return err
	}
	c, ok := constInt(b)
	shape, _ := tensorInfo(op.Result(0).Type())
	if !ok || c <= 0 || len(shape) != 2 {
		return unsupported(op, "remainders of tiles other than of a 2-D index tile by a positive constant")
	}
	if a.k == ival {
		return l.ivalOp(op, a, neuron.AluOpMod, c)
	}
	if a.k != aff || a.cp < 0 || a.cf < 0 {
		return unsupported(op, "remainders of index tiles other than non-decreasing iota-based ones")
	}
	t, derr := l.alloc(op, shape[0], shape[1], l.ctx.FloatType(ir.F32), neuron.BufferSbuf)
	if derr != nil {
		return derr
	}
	base := a.base
	if base == nil {
		base = l.zero(op)
	}
	neuron.BuildIota(l.b, op.Loc(), t, l.index(op, base), a.cp, a.cf)
	return l.ivalOp(op, &val{k: ival, t: t, shape: shape}, neuron.AluOpMod, c)
}
