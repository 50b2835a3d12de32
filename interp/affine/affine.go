// Package affine gives the affine dialect its semantics in the
// interpreter: affine.for, affine.if and affine.yield, affine.apply,
// affine.min and affine.max, affine.load and affine.store, their vector
// forms affine.vector_load and affine.vector_store, and affine.prefetch
// (a cache hint, without effect). Maps and integer
// sets are evaluated on the index values of their operands, with floordiv,
// ceildiv and mod rounding as MLIR defines them.
package affine

import (
	"fmt"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	affined "github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/interp/memref"
	vectori "github.com/strata-ir/strata/interp/vector"
)

// Register adds the semantics of the affine operations to reg.
func Register(reg *interp.Registry) {
	reg.Register("affine.apply", apply)
	reg.Register("affine.min", minMax)
	reg.Register("affine.max", minMax)
	reg.Register("affine.load", load)
	reg.Register("affine.store", store)
	reg.Register("affine.for", forOp)
	reg.Register("affine.if", ifOp)
	reg.Register("affine.yield", interp.YieldOperands)
	reg.Register("affine.vector_load", vectorLoad)
	reg.Register("affine.vector_store", vectorStore)
	reg.Register("affine.prefetch", prefetch)
}

// eval computes e for the given dimension and symbol values.
func eval(e affine.Expr, dims, syms []int64) (int64, error) {
	switch e.Kind() {
	case affine.KindConstant:
		return e.Value(), nil
	case affine.KindDimId:
		if e.Position() >= len(dims) {
			return 0, fmt.Errorf("dimension d%d out of range", e.Position())
		}
		return dims[e.Position()], nil
	case affine.KindSymbolId:
		if e.Position() >= len(syms) {
			return 0, fmt.Errorf("symbol s%d out of range", e.Position())
		}
		return syms[e.Position()], nil
	}
	l, err := eval(e.LHS(), dims, syms)
	if err != nil {
		return 0, err
	}
	r, err := eval(e.RHS(), dims, syms)
	if err != nil {
		return 0, err
	}
	switch e.Kind() {
	case affine.KindAdd:
		return l + r, nil
	case affine.KindMul:
		return l * r, nil
	}
	if r == 0 {
		return 0, fmt.Errorf("division by zero in affine expression")
	}
	q := l / r
	switch e.Kind() {
	case affine.KindFloorDiv:
		if l%r != 0 && (l < 0) != (r < 0) {
			q--
		}
		return q, nil
	case affine.KindCeilDiv:
		if l%r != 0 && (l < 0) == (r < 0) {
			q++
		}
		return q, nil
	}
	m := l % r
	if m != 0 && (m < 0) != (r < 0) {
		m += r
	}
	return m, nil
}

// evalMap computes the results of the map attribute name of op over the
// operands from first to first+inputs.
func evalMap(f *interp.Frame, op *ir.Operation, name string, first int) ([]int64, int, error) {
	a, ok := op.InherentAttr(name).(*ir.AffineMapAttr)
	if !ok {
		return nil, 0, interp.Errorf(op, "expected an affine map '"+name+"'")
	}
	m := a.Map
	if first+m.NumInputs() > op.NumOperands() {
		return nil, 0, interp.Errorf(op, "too few operands for the affine map")
	}
	vals := make([]int64, m.NumInputs())
	for i := range vals {
		v, err := f.Operand(op, first+i)
		if err != nil {
			return nil, 0, err
		}
		vals[i] = v.Int()
	}
	res := make([]int64, len(m.Results))
	for i, e := range m.Results {
		r, err := eval(e, vals[:m.NumDims], vals[m.NumDims:])
		if err != nil {
			return nil, 0, interp.Errorf(op, err.Error())
		}
		res[i] = r
	}
	return res, m.NumInputs(), nil
}

func index(op *ir.Operation, v int64) interp.Value {
	return interp.MakeInt(op.Context().IndexType(), uint64(v))
}

func apply(f *interp.Frame, op *ir.Operation) error {
	res, _, err := evalMap(f, op, "map", 0)
	if err != nil {
		return err
	}
	if len(res) != 1 {
		return interp.Errorf(op, "mapping must produce one value")
	}
	f.SetResult(op, 0, index(op, res[0]))
	return nil
}

// extreme returns the least (or greatest) value.
func extreme(vs []int64, greatest bool) int64 {
	best := vs[0]
	for _, v := range vs[1:] {
		if greatest && v > best || !greatest && v < best {
			best = v
		}
	}
	return best
}

func minMax(f *interp.Frame, op *ir.Operation) error {
	res, _, err := evalMap(f, op, "map", 0)
	if err != nil {
		return err
	}
	if len(res) == 0 {
		return interp.Errorf(op, "affine map without results")
	}
	f.SetResult(op, 0, index(op, extreme(res, op.Name() == affined.MaxOpName)))
	return nil
}

func load(f *interp.Frame, op *ir.Operation) error {
	m, err := memref.MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	idx, _, err := evalMap(f, op, "map", 1)
	if err != nil {
		return err
	}
	p, err := m.Index(idx)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	f.SetResult(op, 0, interp.FromBits(op.Result(0).Type(), m.Buf.Data[p]))
	return nil
}

func store(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	m, err := memref.MemRefOperand(f, op, 1)
	if err != nil {
		return err
	}
	idx, _, err := evalMap(f, op, "map", 2)
	if err != nil {
		return err
	}
	p, err := m.Index(idx)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	m.Buf.Data[p] = v.Bits()
	return nil
}

// vectorLoad is affine.vector_load: vector.load at the indices the map
// gives.
func vectorLoad(f *interp.Frame, op *ir.Operation) error {
	m, err := memref.MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	idx, _, err := evalMap(f, op, "map", 1)
	if err != nil {
		return err
	}
	v, err := vectori.Load(op, m, idx, op.Result(0).Type())
	if err != nil {
		return err
	}
	f.SetResult(op, 0, v)
	return nil
}

// vectorStore is affine.vector_store: vector.store at the indices the
// map gives.
func vectorStore(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	m, err := memref.MemRefOperand(f, op, 1)
	if err != nil {
		return err
	}
	idx, _, err := evalMap(f, op, "map", 2)
	if err != nil {
		return err
	}
	return vectori.Store(op, m, idx, v)
}

// prefetch is affine.prefetch: a hint to the cache, with no effect on
// the program's state; its map is evaluated (an error there is the
// program's).
func prefetch(f *interp.Frame, op *ir.Operation) error {
	if _, err := memref.MemRefOperand(f, op, 0); err != nil {
		return err
	}
	_, _, err := evalMap(f, op, "map", 1)
	return err
}

func setResults(op *ir.Operation, f *interp.Frame, vs []interp.Value) error {
	if len(vs) != op.NumResults() {
		return interp.Errorf(op, fmt.Sprintf("region yielded %d values, the operation has %d results", len(vs), op.NumResults()))
	}
	for i, v := range vs {
		f.SetResult(op, i, v.WithType(op.Result(i).Type()))
	}
	return nil
}

func forOp(f *interp.Frame, op *ir.Operation) error {
	lbs, nl, err := evalMap(f, op, "lowerBoundMap", 0)
	if err != nil {
		return err
	}
	ubs, nu, err := evalMap(f, op, "upperBoundMap", nl)
	if err != nil {
		return err
	}
	if len(lbs) == 0 || len(ubs) == 0 {
		return interp.Errorf(op, "loop bound map without results")
	}
	step := int64(1)
	if a, ok := op.InherentAttr("step").(*ir.IntegerAttr); ok {
		step = a.Int64()
	}
	if step <= 0 {
		return interp.Errorf(op, "affine.for step must be positive")
	}
	var iter []interp.Value
	for i := nl + nu; i < op.NumOperands(); i++ {
		v, err := f.Operand(op, i)
		if err != nil {
			return err
		}
		iter = append(iter, v)
	}
	lb, ub := extreme(lbs, true), extreme(ubs, false)
	body := op.Region(0)
	blockArgs := make([]interp.Value, 1+len(iter))
	for iv := lb; iv < ub; {
		blockArgs[0] = index(op, iv)
		copy(blockArgs[1:], iter)
		vs, err := f.RunRegion(body, blockArgs)
		if err != nil || f.Returned() {
			return err
		}
		if len(vs) != len(iter) {
			return interp.Errorf(op, fmt.Sprintf("body yielded %d values, expected %d", len(vs), len(iter)))
		}
		copy(iter, vs)
		next := iv + step
		if next < iv {
			break
		}
		iv = next
	}
	return setResults(op, f, iter)
}

func ifOp(f *interp.Frame, op *ir.Operation) error {
	sa, ok := op.InherentAttr("condition").(*ir.IntegerSetAttr)
	if !ok {
		return interp.Errorf(op, "requires an integer set attribute named 'condition'")
	}
	s := sa.Set
	if s.NumInputs() != op.NumOperands() {
		return interp.Errorf(op, "operand count and condition integer set dimension and symbol count must match")
	}
	vals := make([]int64, s.NumInputs())
	for i := range vals {
		v, err := f.Operand(op, i)
		if err != nil {
			return err
		}
		vals[i] = v.Int()
	}
	holds := true
	for i, c := range s.Constraints {
		v, err := eval(c, vals[:s.NumDims], vals[s.NumDims:])
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		if s.IsEq(i) && v != 0 || !s.IsEq(i) && v < 0 {
			holds = false
			break
		}
	}
	r := op.Region(0)
	if !holds {
		r = op.Region(1)
		if r.Empty() {
			return setResults(op, f, nil)
		}
	}
	vs, err := f.RunRegion(r, nil)
	if err != nil || f.Returned() {
		return err
	}
	return setResults(op, f, vs)
}
