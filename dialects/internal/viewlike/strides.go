package viewlike

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
)

// CanonicalStrides returns the strides of the identity layout of shape
// (row-major suffix products); every stride left of a dynamic dimension
// is dynamic.
func CanonicalStrides(shape []int64) []int64 {
	strides := make([]int64, len(shape))
	running := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		strides[i] = running
		if running == ir.Dynamic || shape[i] == ir.Dynamic {
			running = ir.Dynamic
		} else {
			running *= shape[i]
		}
	}
	return strides
}

// StridesAndOffset returns the strides and offset of a memref type's
// layout (MLIR's getStridesAndOffset): those of a strided<...> layout, the
// canonical ones of the identity layout, or those read off an affine map
// layout that is a sum of dimensions times constants or symbols plus a
// constant or symbolic offset. ok is false for a layout that is not
// strided.
func StridesAndOffset(t *ir.MemRefType) (strides []int64, offset int64, ok bool) {
	switch l := t.Layout.(type) {
	case nil:
		return CanonicalStrides(t.Shape), 0, true
	case *ir.StridedLayoutAttr:
		return append([]int64(nil), l.Strides...), l.Offset, true
	case *ir.AffineMapAttr:
		if l.Map.IsIdentity() {
			return CanonicalStrides(t.Shape), 0, true
		}
		return mapStrides(l.Map, len(t.Shape))
	}
	return nil, 0, false
}

// IsStrided reports whether t has a strided layout.
func IsStrided(t *ir.MemRefType) bool {
	_, _, ok := StridesAndOffset(t)
	return ok
}

// IsIdentityLayout reports whether t's layout is the identity: absent or
// an identity affine map. A strided layout never is, even with canonical
// strides and offset 0, as in MLIR.
func IsIdentityLayout(t *ir.MemRefType) bool {
	switch l := t.Layout.(type) {
	case nil:
		return true
	case *ir.AffineMapAttr:
		return l.Map.IsIdentity()
	}
	return false
}

// linear is an affine expression as coefficients of dimensions plus an
// offset; ir.Dynamic marks a symbolic coefficient or offset.
type linear struct {
	dims   []int64
	offset int64
}

func mapStrides(m affine.Map, rank int) ([]int64, int64, bool) {
	if len(m.Results) != 1 || m.NumDims != rank {
		return nil, 0, false
	}
	l, ok := linearize(m.Results[0], rank)
	if !ok {
		return nil, 0, false
	}
	return l.dims, l.offset, true
}

func addCoef(a, b int64) int64 {
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a + b
}

func mulCoef(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a * b
}

// linearize reads e as a linear function of the dimensions whose
// coefficients and constant term may be symbolic.
func linearize(e affine.Expr, rank int) (linear, bool) {
	l := linear{dims: make([]int64, rank)}
	switch e.Kind() {
	case affine.KindConstant:
		l.offset = e.Value()
		return l, true
	case affine.KindSymbolId:
		l.offset = ir.Dynamic
		return l, true
	case affine.KindDimId:
		if e.Position() >= rank {
			return l, false
		}
		l.dims[e.Position()] = 1
		return l, true
	case affine.KindAdd:
		a, ok1 := linearize(e.LHS(), rank)
		b, ok2 := linearize(e.RHS(), rank)
		if !ok1 || !ok2 {
			return l, false
		}
		for i := range l.dims {
			l.dims[i] = addCoef(a.dims[i], b.dims[i])
		}
		l.offset = addCoef(a.offset, b.offset)
		return l, true
	case affine.KindMul:
		a, ok1 := linearize(e.LHS(), rank)
		b, ok2 := linearize(e.RHS(), rank)
		if !ok1 || !ok2 {
			return l, false
		}
		// One side must be free of dimensions.
		if !a.constantOnly() {
			a, b = b, a
		}
		if !a.constantOnly() {
			return l, false
		}
		for i := range l.dims {
			l.dims[i] = mulCoef(b.dims[i], a.offset)
		}
		l.offset = mulCoef(b.offset, a.offset)
		return l, true
	}
	return l, false
}

func (l linear) constantOnly() bool {
	for _, d := range l.dims {
		if d != 0 {
			return false
		}
	}
	return true
}
