package gpu

import (
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
)

// The subgroup MMA operations run on a matrix that the lanes of a warp
// hold together. The interpreter gives every lane the whole matrix (its
// elements in row-major order, as the bits of the element type): loads
// and stores are warp collectives that read or write the tile once, and
// the arithmetic is computed by each lane alike. How a real warp spreads
// the elements over its lanes is not modelled, so the thread-local
// extract and insert have no semantics here.

// mmaMatrix is the value of an !gpu.mma_matrix.
type mmaMatrix struct {
	rows, cols int64
	elem       ir.Type
	bits       []uint64
}

func registerMMA(reg *interp.Registry) {
	reg.Register(gpu.SubgroupMmaLoadMatrixOpName, mmaLoad)
	reg.Register(gpu.SubgroupMmaStoreMatrixOpName, mmaStore)
	reg.Register(gpu.SubgroupMmaComputeOpName, mmaCompute)
	reg.Register(gpu.SubgroupMmaConstantMatrixOpName, mmaConstant)
	reg.Register(gpu.SubgroupMmaElementwiseOpName, mmaElementwise)
	reg.Register(gpu.SubgroupMmaExtractThreadLocalOpName, mmaExtractThreadLocal)
	reg.Register(gpu.SubgroupMmaInsertThreadLocalOpName, mmaInsertThreadLocal)
}

func matrixType(op *ir.Operation, t ir.Type) (gpu.MmaMatrixType, int64, int64, error) {
	m, ok := gpu.AsMmaMatrixType(t)
	if !ok || len(m.Shape()) != 2 {
		return m, 0, 0, interp.Errorf(op, "expected a 2-D !gpu.mma_matrix")
	}
	return m, m.Shape()[0], m.Shape()[1], nil
}

func matrixOf(op *ir.Operation, v interp.Value) (*mmaMatrix, error) {
	m, ok := v.Object().(*mmaMatrix)
	if !ok {
		return nil, interp.Errorf(op, "expected the value of an !gpu.mma_matrix")
	}
	return m, nil
}

// tileAccess is a lane's view of the tile a load or store addresses:
// element (r, c) is at pos + r*ld + c of the buffer (pos + c*ld + r
// when transposed).
type tileAccess struct {
	mem       *interp.MemRef
	pos, ld   int64
	transpose bool
	value     *mmaMatrix
}

func (a tileAccess) at(r, c int64) (int64, error) {
	p := a.pos + r*a.ld + c
	if a.transpose {
		p = a.pos + c*a.ld + r
	}
	if p < 0 || p >= int64(len(a.mem.Buf.Data)) {
		return 0, fmt.Errorf("the tile reaches element %d, outside the allocation of %d elements", p, len(a.mem.Buf.Data))
	}
	return p, nil
}

// tile reads the memref, indices, leading dimension and transposition of
// a load (first operand the memref) or a store (the matrix first).
func tile(f *interp.Frame, op *ir.Operation, memIdx int) (tileAccess, []interp.Value, error) {
	vs, err := f.Operands(op)
	if err != nil {
		return tileAccess{}, nil, err
	}
	m := vs[memIdx].MemRef()
	if m == nil {
		return tileAccess{}, nil, interp.Errorf(op, "expected a memref")
	}
	if err := m.Check(); err != nil {
		return tileAccess{}, nil, interp.Errorf(op, err.Error())
	}
	idx := make([]int64, 0, len(vs)-memIdx-1)
	for _, v := range vs[memIdx+1:] {
		idx = append(idx, v.Int())
	}
	pos, err := m.Index(idx)
	if err != nil {
		return tileAccess{}, nil, interp.Errorf(op, err.Error())
	}
	ld, ok := attr(op, "leadDimension").(*ir.IntegerAttr)
	if !ok {
		return tileAccess{}, nil, interp.Errorf(op, "expected a leadDimension")
	}
	return tileAccess{mem: m, pos: pos, ld: ld.Int64(), transpose: attr(op, "transpose") != nil}, vs, nil
}

// mmaLoad reads the tile once for the warp.
func mmaLoad(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	mt, rows, cols, err := matrixType(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	a, _, err := tile(f, op, 0)
	if err != nil {
		return err
	}
	if a.mem.Buf.Elem != mt.ElementType() {
		return interp.Errorf(op, "the interpreter loads matrices only from memrefs of their element type")
	}
	out, err := t.Collective(f, op, simt.Warp, a, func(group []*simt.Arrival) error {
		a := group[0].In.(tileAccess)
		m := &mmaMatrix{rows: rows, cols: cols, elem: mt.ElementType(), bits: make([]uint64, rows*cols)}
		for r := int64(0); r < rows; r++ {
			for c := int64(0); c < cols; c++ {
				p, err := a.at(r, c)
				if err != nil {
					return interp.Errorf(op, err.Error())
				}
				m.bits[r*cols+c] = a.mem.Buf.Data[p]
			}
		}
		for _, g := range group {
			g.Out = m
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, out.(*mmaMatrix)))
	return nil
}

// mmaStore writes the tile once for the warp.
func mmaStore(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	a, vs, err := tile(f, op, 1)
	if err != nil {
		return err
	}
	if a.value, err = matrixOf(op, vs[0]); err != nil {
		return err
	}
	if a.mem.Buf.Elem != a.value.elem {
		return interp.Errorf(op, "the interpreter stores matrices only to memrefs of their element type")
	}
	_, err = t.Collective(f, op, simt.Warp, a, func(group []*simt.Arrival) error {
		a := group[0].In.(tileAccess)
		for r := int64(0); r < a.value.rows; r++ {
			for c := int64(0); c < a.value.cols; c++ {
				p, err := a.at(r, c)
				if err != nil {
					return interp.Errorf(op, err.Error())
				}
				a.mem.Buf.Data[p] = a.value.bits[r*a.value.cols+c]
			}
		}
		return nil
	})
	return err
}

// scalar and fromScalar convert an element between its bits and a
// float64 or an int64.
func scalar(t ir.Type, bits uint64) (float64, int64) {
	v := interp.FromBits(t, bits)
	if v.IsFloat() {
		return v.Float(), 0
	}
	return 0, v.Int()
}

func fromScalar(t ir.Type, x float64, i int64) uint64 {
	if ft, ok := t.(*ir.FloatType); ok {
		return interp.MakeFloat(ft, x).Bits()
	}
	return interp.MakeInt(t, uint64(i)).Bits()
}

// mmaCompute is D = A * B + C, each lane alike.
func mmaCompute(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	var ms [3]*mmaMatrix
	for i := range ms {
		if ms[i], err = matrixOf(op, vs[i]); err != nil {
			return err
		}
	}
	a, b, c := ms[0], ms[1], ms[2]
	if a.cols != b.rows || a.rows != c.rows || b.cols != c.cols {
		return interp.Errorf(op, "operand shapes do not satisfy matmul constraints")
	}
	_, isFloat := c.elem.(*ir.FloatType)
	d := &mmaMatrix{rows: c.rows, cols: c.cols, elem: c.elem, bits: make([]uint64, len(c.bits))}
	for i := int64(0); i < c.rows; i++ {
		for j := int64(0); j < c.cols; j++ {
			fs, is := scalar(c.elem, c.bits[i*c.cols+j])
			for k := int64(0); k < a.cols; k++ {
				fa, ia := scalar(a.elem, a.bits[i*a.cols+k])
				fb, ib := scalar(b.elem, b.bits[k*b.cols+j])
				if isFloat {
					fs += fa * fb
				} else {
					is += ia * ib
				}
			}
			d.bits[i*c.cols+j] = fromScalar(c.elem, fs, is)
		}
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, d))
	return nil
}

// mmaConstant fills a matrix with its operand.
func mmaConstant(f *interp.Frame, op *ir.Operation) error {
	mt, rows, cols, err := matrixType(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	m := &mmaMatrix{rows: rows, cols: cols, elem: mt.ElementType(), bits: make([]uint64, rows*cols)}
	for i := range m.bits {
		m.bits[i] = vs[0].Bits()
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, m))
	return nil
}

// mmaElementwise applies its operation to the elements of its operands.
func mmaElementwise(f *interp.Frame, op *ir.Operation) error {
	kind, ok := gpu.MMAElementwiseKind(gpu.SubgroupMmaElementwiseOp{Operation: op})
	if !ok {
		return interp.Errorf(op, "expected an elementwise operation")
	}
	mt, rows, cols, err := matrixType(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	args := make([]*mmaMatrix, len(vs))
	for i, v := range vs {
		if args[i], err = matrixOf(op, v); err != nil {
			return err
		}
		if args[i].rows != rows || args[i].cols != cols {
			return interp.Errorf(op, "operands of different shapes")
		}
	}
	unary := kind == "negatef" || kind == "negates" || kind == "extf"
	if unary && len(args) != 1 || !unary && len(args) != 2 {
		return interp.Errorf(op, fmt.Sprintf("'%s' takes %d operands, got %d", kind, map[bool]int{true: 1, false: 2}[unary], len(args)))
	}
	elem := mt.ElementType()
	out := &mmaMatrix{rows: rows, cols: cols, elem: elem, bits: make([]uint64, rows*cols)}
	for e := range out.bits {
		x, xi := scalar(args[0].elem, args[0].bits[e])
		var y float64
		var yi int64
		if !unary {
			y, yi = scalar(args[1].elem, args[1].bits[e])
		}
		var r float64
		var ri int64
		switch kind {
		case "addf":
			r = x + y
		case "mulf":
			r = x * y
		case "subf":
			r = x - y
		case "divf":
			r = x / y
		case "maxf":
			r = math.Max(x, y)
		case "minf":
			r = math.Min(x, y)
		case "negatef":
			r = -x
		case "extf":
			r = x
		case "addi":
			ri = xi + yi
		case "muli":
			ri = xi * yi
		case "subi":
			ri = xi - yi
		case "negates":
			ri = -xi
		case "divs", "divu":
			if yi == 0 {
				return interp.Errorf(op, "division by zero")
			}
			if kind == "divu" {
				w := interp.IntWidth(elem)
				ux, uy := uint64(xi)&(1<<uint(w)-1), uint64(yi)&(1<<uint(w)-1)
				ri = int64(ux / uy)
			} else {
				ri = xi / yi
			}
		default:
			return interp.Errorf(op, "unknown elementwise operation '"+kind+"'")
		}
		out.bits[e] = fromScalar(elem, r, ri)
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, out))
	return nil
}
