package linalg

import (
	"fmt"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// operand is one operand of a structured operation, seen as a strided view
// of its elements: a memref view, a tensor's data (a private copy for an
// init that becomes a result) or a scalar in a one-element slice.
type operand struct {
	data    []uint64
	offset  int64
	sizes   []int64
	strides []int64
	elem    ir.Type
}

// linear is an affine expression c0 + sum(coef[d] * d).
type linear struct {
	c0   int64
	coef []int64
}

func toLinear(e affine.Expr, nDims int) (linear, bool) {
	l := linear{coef: make([]int64, nDims)}
	switch e.Kind() {
	case affine.KindConstant:
		l.c0 = e.Value()
		return l, true
	case affine.KindDimId:
		if e.Position() >= nDims {
			return l, false
		}
		l.coef[e.Position()] = 1
		return l, true
	case affine.KindAdd:
		a, ok1 := toLinear(e.LHS(), nDims)
		b, ok2 := toLinear(e.RHS(), nDims)
		if !ok1 || !ok2 {
			return l, false
		}
		l.c0 = a.c0 + b.c0
		for i := range l.coef {
			l.coef[i] = a.coef[i] + b.coef[i]
		}
		return l, true
	case affine.KindMul:
		a, ok1 := toLinear(e.LHS(), nDims)
		b, ok2 := toLinear(e.RHS(), nDims)
		if !ok1 || !ok2 {
			return l, false
		}
		if isConst(b) {
			a, b = b, a
		}
		if !isConst(a) {
			return l, false
		}
		l.c0 = a.c0 * b.c0
		for i := range l.coef {
			l.coef[i] = a.c0 * b.coef[i]
		}
		return l, true
	}
	return l, false
}

func isConst(l linear) bool {
	for _, c := range l.coef {
		if c != 0 {
			return false
		}
	}
	return true
}

// nest is a loop nest over an iteration space with, for each operand, its
// element position as a linear function of the loop indices.
type nest struct {
	bounds []int64
	base   []int64   // per operand
	coef   [][]int64 // per operand, per loop
}

// buildNest derives the loop bounds from the operands' shapes and the
// indexing maps, checks that every access stays in bounds and linearizes
// the accesses.
func buildNest(op *ir.Operation, ops []*operand, maps []affine.Map) (*nest, error) {
	if len(maps) != len(ops) {
		return nil, interp.Errorf(op, fmt.Sprintf("expected %d indexing maps, got %d", len(ops), len(maps)))
	}
	nDims := 0
	if len(maps) > 0 {
		nDims = maps[0].NumDims
	}
	bounds := make([]int64, nDims)
	for i := range bounds {
		bounds[i] = -1
	}
	lin := make([][]linear, len(ops))
	for i, m := range maps {
		if m.NumDims != nDims || m.NumSyms != 0 {
			return nil, interp.Errorf(op, "indexing maps must share their dimensions and have no symbols")
		}
		if len(m.Results) != len(ops[i].sizes) {
			return nil, interp.Errorf(op, fmt.Sprintf("indexing map #%d has %d results for an operand of rank %d", i, len(m.Results), len(ops[i].sizes)))
		}
		for r, e := range m.Results {
			l, ok := toLinear(e, nDims)
			if !ok {
				return nil, interp.Errorf(op, "the interpreter supports only linear indexing maps")
			}
			lin[i] = append(lin[i], l)
			if e.IsDim() && bounds[e.Position()] < 0 {
				bounds[e.Position()] = ops[i].sizes[r]
			}
		}
	}
	for d, b := range bounds {
		if b < 0 {
			return nil, interp.Errorf(op, fmt.Sprintf("cannot infer the size of loop d%d from the operand shapes", d))
		}
	}
	n := &nest{bounds: bounds, base: make([]int64, len(ops)), coef: make([][]int64, len(ops))}
	empty := interp.NumElements(bounds) == 0
	for i, o := range ops {
		n.base[i] = o.offset
		n.coef[i] = make([]int64, nDims)
		for r, l := range lin[i] {
			if !empty {
				lo, hi := l.c0, l.c0
				for d, c := range l.coef {
					if c > 0 {
						hi += c * (bounds[d] - 1)
					} else {
						lo += c * (bounds[d] - 1)
					}
				}
				if lo < 0 || hi >= o.sizes[r] {
					return nil, interp.Errorf(op, fmt.Sprintf("operand #%d is accessed out of bounds in dimension %d (indices %d to %d, size %d)", i, r, lo, hi, o.sizes[r]))
				}
			}
			n.base[i] += l.c0 * o.strides[r]
			for d, c := range l.coef {
				n.coef[i][d] += c * o.strides[r]
			}
		}
	}
	return n, nil
}

// run calls inner once per point of all loops but the innermost, with
// each operand's position at the start of the innermost loop, its length
// and each operand's step along it. ivs holds the current indices (the
// innermost one at its start).
func (n *nest) run(inner func(pos []int64, count int64, step []int64, ivs []int64) error) error {
	nOps := len(n.base)
	pos := append([]int64(nil), n.base...)
	r := len(n.bounds)
	if r == 0 {
		return inner(pos, 1, make([]int64, nOps), nil)
	}
	if interp.NumElements(n.bounds) == 0 {
		return nil
	}
	step := make([]int64, nOps)
	for i := range step {
		step[i] = n.coef[i][r-1]
	}
	ivs := make([]int64, r)
	for {
		if err := inner(pos, n.bounds[r-1], step, ivs); err != nil {
			return err
		}
		d := r - 2
		for ; d >= 0; d-- {
			ivs[d]++
			for i := range pos {
				pos[i] += n.coef[i][d]
			}
			if ivs[d] < n.bounds[d] {
				break
			}
			for i := range pos {
				pos[i] -= ivs[d] * n.coef[i][d]
			}
			ivs[d] = 0
		}
		if d < 0 {
			return nil
		}
	}
}
