// Package vectortogpu is convert-vector-to-gpu: the 2-D vector operations
// of a matrix multiplication (vector.contract in the (m, k) x (k, n) ->
// (m, n) form, the vector.transfer_read of its operands, the elementwise
// arith operations on its result, splat constants and broadcasts, the
// vector.transfer_write of the result) become gpu.subgroup_mma_*
// operations on !gpu.mma_matrix values, for tensor cores (WMMA), as
// upstream's pass does without use-nvgpu.
//
// As upstream: the operations to convert are the slices (backward through
// operations with vector results, forward through operations with vector
// operands, repeated to a fixpoint) of each vector.contract, a slice being
// converted only if every operation in it can hold an MMA matrix; the new
// operations are created before the old ones, which stay for later
// clean-up, except the transfer_writes, which are erased. Before, a greedy
// rewrite folds and hoists constants as upstream's does. Not done: the
// preparatory rewrites of upstream (contractions in other layouts turned
// into the standard one, transposes folded into transfer_reads, leading
// unit dimensions cast away) and scf.for loops carrying the vectors; a
// slice that needs them stays as it is.
package vectortogpu

import (
	"encoding/binary"
	"sort"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/vector"
)

// elementwise maps arith operations to gpu.subgroup_mma_elementwise's
// kinds.
var elementwise = map[string]string{
	"arith.addf": "addf", "arith.mulf": "mulf", "arith.subf": "subf", "arith.maximumf": "maxf", "arith.minimumf": "minf",
	"arith.divf": "divf", "arith.addi": "addi", "arith.muli": "muli", "arith.subi": "subi", "arith.divsi": "divs",
	"arith.divui": "divu", "arith.negf": "negatef", "arith.extf": "extf",
}

// Run converts the vector operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	rewrite.ApplyPatternsGreedily(ctx, op, rewrite.NewPatternSet(), rewrite.GreedyConfig{Simplify: rewrite.SimplifyNormal})
	ops := opsToConvert(op)
	c := &converter{b: ir.NewBuilder(ctx), mapping: map[ir.Value]ir.Value{}}
	for _, o := range ops {
		c.convert(o)
		if err := c.b.Err(); err != nil {
			return ir.NewError(o.Loc(), err.Error())
		}
	}
	return nil
}

func isVector(t ir.Type) bool {
	_, ok := t.(*ir.VectorType)
	return ok
}

func hasVectorResult(op *ir.Operation) bool {
	for _, r := range op.Results() {
		if isVector(r.Type()) {
			return true
		}
	}
	return false
}

func hasVectorOperand(op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if isVector(v.Type()) {
			return true
		}
	}
	return false
}

// opsToConvert returns the operations of the convertible slices of the
// vector.contract operations in op, in program order.
func opsToConvert(op *ir.Operation) []*ir.Operation {
	order := map[*ir.Operation]int{}
	var contracts []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		order[o] = len(order)
		if _, ok := vector.AsContractOp(o); ok {
			contracts = append(contracts, o)
		}
		return true
	})
	chosen := map[*ir.Operation]bool{}
	for _, c := range contracts {
		if chosen[c] {
			continue
		}
		slice := sliceOf(c)
		ok := true
		for _, o := range slice {
			if !supported(o) {
				ok = false
				break
			}
		}
		if ok {
			for _, o := range slice {
				chosen[o] = true
			}
		}
	}
	var out []*ir.Operation
	for o := range chosen {
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool { return order[out[i]] < order[out[j]] })
	return out
}

// sliceOf is upstream's getSliceContract: the backward slice through
// operations with vector results and the forward slice through operations
// with vector operands, of every operation added, from op.
func sliceOf(op *ir.Operation) []*ir.Operation {
	in := map[*ir.Operation]bool{op: true}
	slice := []*ir.Operation{op}
	add := func(o *ir.Operation) bool {
		if in[o] {
			return false
		}
		in[o] = true
		slice = append(slice, o)
		return true
	}
	var backward func(o *ir.Operation)
	backward = func(o *ir.Operation) {
		for _, v := range o.Operands() {
			d := ir.DefiningOp(v)
			if d != nil && hasVectorResult(d) && add(d) {
				backward(d)
			}
		}
	}
	var forward func(o *ir.Operation)
	forward = func(o *ir.Operation) {
		for _, r := range o.Results() {
			for _, u := range users(r) {
				if hasVectorOperand(u) && add(u) {
					forward(u)
				}
			}
		}
	}
	for i := 0; i < len(slice); i++ {
		backward(slice[i])
		forward(slice[i])
	}
	return slice
}

// rowStride returns the stride of the rows of a memref whose innermost
// dimension is contiguous.
func rowStride(t ir.Type) (int64, bool) {
	m, ok := t.(*ir.MemRefType)
	if !ok || len(m.Shape) < 2 {
		return 0, false
	}
	strides, _, ok := stridesOf(m)
	if !ok || strides[len(strides)-1] != 1 || strides[len(strides)-2] == ir.Dynamic {
		return 0, false
	}
	return strides[len(strides)-2], true
}

// stridesOf returns the strides of m's layout (identity or strided).
func stridesOf(m *ir.MemRefType) ([]int64, int64, bool) {
	switch l := m.Layout.(type) {
	case nil:
		strides := make([]int64, len(m.Shape))
		s := int64(1)
		for i := len(m.Shape) - 1; i >= 0; i-- {
			strides[i] = s
			if m.Shape[i] == ir.Dynamic {
				s = ir.Dynamic
			} else if s != ir.Dynamic {
				s *= m.Shape[i]
			}
		}
		return strides, 0, true
	case *ir.StridedLayoutAttr:
		return l.Strides, l.Offset, true
	case *ir.AffineMapAttr:
		if l.Map.IsIdentity() {
			return stridesOf(&ir.MemRefType{Shape: m.Shape, Elem: m.Elem})
		}
	}
	return nil, 0, false
}

// permutation returns a transfer's permutation map, the minor identity
// when absent.
func permutation(a ir.Attribute, rank, vecRank int) affine.Map {
	if m, ok := a.(*ir.AffineMapAttr); ok {
		return m.Map
	}
	var res []affine.Expr
	for i := rank - vecRank; i < rank; i++ {
		res = append(res, affine.Dim(i))
	}
	return affine.NewMap(rank, 0, res...)
}

// isTransposeLoad reports whether m is (d0, d1) -> (d1, d0) on the two
// innermost dimensions.
func isTransposeLoad(m affine.Map) bool {
	n := m.NumDims
	return n >= 2 && m.Equal(affine.NewMap(n, 0, affine.Dim(n-1), affine.Dim(n-2)))
}

// inBounds reports whether every dimension of a transfer is in bounds.
func inBounds(a ir.Attribute) bool {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return false
	}
	for _, e := range arr.Elems {
		if ia, ok := e.(*ir.IntegerAttr); !ok || ia.Lo == 0 {
			return false
		}
	}
	return true
}

func vectorRank2(v ir.Value) (*ir.VectorType, bool) {
	t, ok := v.Type().(*ir.VectorType)
	return t, ok && len(t.Shape) == 2
}

// supported is upstream's supportsMMaMatrixType without use-nvgpu.
func supported(op *ir.Operation) bool {
	if r, ok := vector.AsTransferReadOp(op); ok {
		vt, ok := vectorRank2(r.Vector())
		if !ok || r.Mask() != nil || !inBounds(r.InBounds()) {
			return false
		}
		if _, ok := rowStride(r.Base().Type()); !ok {
			return false
		}
		if it, isInt := vt.Elem.(*ir.IntegerType); isInt && it.Width == 8 {
			return false
		}
		mt := r.Base().Type().(*ir.MemRefType)
		m := permutation(r.PermutationMap(), len(mt.Shape), 2)
		n := m.NumDims
		broadcastInner := affine.NewMap(n, 0, affine.Const(0), affine.Dim(n-1))
		return m.IsMinorIdentity() || m.Equal(broadcastInner) || isTransposeLoad(m)
	}
	if w, ok := vector.AsTransferWriteOp(op); ok {
		if _, ok := vectorRank2(w.ValueToStore()); !ok || w.Mask() != nil || !inBounds(w.InBounds()) || w.Result() != nil {
			return false
		}
		if _, ok := rowStride(w.Base().Type()); !ok {
			return false
		}
		mt := w.Base().Type().(*ir.MemRefType)
		return permutation(w.PermutationMap(), len(mt.Shape), 2).IsMinorIdentity()
	}
	if c, ok := vector.AsContractOp(op); ok {
		if c.Kind() != vector.CombiningKindAdd {
			return false
		}
		its, ok := c.IteratorTypes().(*ir.ArrayAttr)
		if !ok || len(its.Elems) != 3 {
			return false
		}
		maps, ok := c.IndexingMaps().(*ir.ArrayAttr)
		if !ok || len(maps.Elems) != 3 {
			return false
		}
		m, n, k := affine.Dim(0), affine.Dim(1), affine.Dim(2)
		want := []affine.Map{affine.NewMap(3, 0, m, k), affine.NewMap(3, 0, k, n), affine.NewMap(3, 0, m, n)}
		for i, e := range maps.Elems {
			am, ok := e.(*ir.AffineMapAttr)
			if !ok || !am.Map.Equal(want[i]) {
				return false
			}
		}
		return iterator(its.Elems[0]) == "parallel" && iterator(its.Elems[1]) == "parallel" && iterator(its.Elems[2]) == "reduction"
	}
	if c, ok := arith.AsConstantOp(op); ok {
		d, isDense := c.Value().(*ir.DenseElementsAttr)
		_, rank2 := vectorRank2(op.Result(0))
		return isDense && d.Splat && rank2
	}
	if b, ok := vector.AsBroadcastOp(op); ok {
		_, rank2 := vectorRank2(b.Vector())
		return rank2 && !isVector(b.Source().Type())
	}
	if _, ok := elementwise[op.Name()]; ok {
		for _, r := range op.Results() {
			if !isVector(r.Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// iterator returns the case of a #vector.iterator_type attribute.
func iterator(a ir.Attribute) string {
	s := ir.AttrString(a)
	switch {
	case s == "#vector.iterator_type<parallel>":
		return "parallel"
	case s == "#vector.iterator_type<reduction>":
		return "reduction"
	}
	return s
}

type converter struct {
	b       *ir.Builder
	mapping map[ir.Value]ir.Value
}

// fragment is upstream's inferFragType: through single-use elementwise
// users, the operand of a contraction the value is, AOp, BOp, else COp.
func fragment(op *ir.Operation) string {
	r := op.Result(0)
	if ir.HasOneUse(r) {
		if u := r.FirstUse().Owner(); elementwise[u.Name()] != "" {
			return fragment(u)
		}
	}
	for _, u := range users(r) {
		c, ok := vector.AsContractOp(u)
		if !ok {
			continue
		}
		if c.Lhs() == r {
			return "AOp"
		}
		if c.Rhs() == r {
			return "BOp"
		}
	}
	return "COp"
}

func (c *converter) matrixType(vt *ir.VectorType, elem ir.Type, frag string) ir.Type {
	t, err := gpu.GetMmaMatrixType(c.b.Ctx, vt.Shape, elem, frag)
	if err != nil {
		c.b.Errorf("%v", err)
		return nil
	}
	return t.DynType
}

func (c *converter) convert(op *ir.Operation) {
	b := c.b
	b.SetInsertionPoint(op)
	loc := op.Loc()
	if r, ok := vector.AsTransferReadOp(op); ok {
		vt, _ := vectorRank2(r.Vector())
		stride, _ := rowStride(r.Base().Type())
		mt := r.Base().Type().(*ir.MemRefType)
		m := permutation(r.PermutationMap(), len(mt.Shape), 2)
		transpose := isTransposeLoad(m)
		res := 0
		if transpose {
			res = 1
		}
		if m.Results[res].IsConstant() {
			stride = 0
		}
		t := c.matrixType(vt, vt.Elem, fragment(op))
		l := gpu.BuildSubgroupMmaLoadMatrix(b, loc, r.Base(), r.Indices(), stride, t, gpu.SubgroupMmaLoadMatrixOptions{Transpose: transpose})
		c.mapping[r.Vector()] = l.Result(0)
		return
	}
	if w, ok := vector.AsTransferWriteOp(op); ok {
		stride, _ := rowStride(w.Base().Type())
		gpu.BuildSubgroupMmaStoreMatrix(b, loc, c.mapping[w.ValueToStore()], w.Base(), w.Indices(), stride)
		op.Erase()
		return
	}
	if ct, ok := vector.AsContractOp(op); ok {
		a, bb, acc := c.mapping[ct.Lhs()], c.mapping[ct.Rhs()], c.mapping[ct.Acc()]
		m := gpu.BuildSubgroupMmaCompute(b, loc, a, bb, acc)
		c.mapping[ct.Result()] = m.Result(0)
		return
	}
	if k, ok := arith.AsConstantOp(op); ok {
		d := k.Value().(*ir.DenseElementsAttr)
		vt, _ := vectorRank2(op.Result(0))
		scalar := splatScalar(b.Ctx, vt.Elem, d)
		if scalar == nil {
			b.Errorf("unsupported splat constant")
			return
		}
		s := arith.BuildConstant(b, loc, scalar, vt.Elem)
		m := gpu.BuildSubgroupMmaConstantMatrix(b, loc, s.Result(), c.matrixType(vt, vt.Elem, fragment(op)))
		c.mapping[op.Result(0)] = m.Result(0)
		return
	}
	if bc, ok := vector.AsBroadcastOp(op); ok {
		vt, _ := vectorRank2(bc.Vector())
		m := gpu.BuildSubgroupMmaConstantMatrix(b, loc, bc.Source(), c.matrixType(vt, vt.Elem, fragment(op)))
		c.mapping[bc.Vector()] = m.Result(0)
		return
	}
	kind := elementwise[op.Name()]
	var args []ir.Value
	for _, v := range op.Operands() {
		args = append(args, c.mapping[v])
	}
	if len(args) == 0 || args[0] == nil {
		b.Errorf("%s: an operand is not an MMA matrix", op.Name())
		return
	}
	rt := args[0].Type()
	if kind == "extf" {
		mm, _ := gpu.AsMmaMatrixType(rt)
		vt := op.Result(0).Type().(*ir.VectorType)
		rt, _ = gpu.GetMmaMatrixType(b.Ctx, mm.Shape(), vt.Elem, mm.Operand())
		rt = rt.(gpu.MmaMatrixType).DynType
	}
	attr, err := gpu.MMAElementwiseAttr(b.Ctx, kind)
	if err != nil {
		b.Errorf("%v", err)
		return
	}
	e := gpu.BuildSubgroupMmaElementwise(b, loc, args, attr, rt)
	c.mapping[op.Result(0)] = e.Result(0)
}

// splatScalar returns the element of a splat of integers or floats.
func splatScalar(ctx *ir.Context, elem ir.Type, d *ir.DenseElementsAttr) ir.Attribute {
	w := ir.IntOrFloatBitWidth(elem)
	eb := (w + 7) / 8
	if w <= 0 || w > 64 || len(d.Data) < eb {
		return nil
	}
	var buf [8]byte
	copy(buf[:], d.Data[:eb])
	bits := binary.LittleEndian.Uint64(buf[:])
	switch t := elem.(type) {
	case *ir.FloatType:
		return ctx.FloatAttrBits(t, bits, 0)
	case *ir.IntegerType, *ir.IndexType:
		return ctx.IntegerAttrBits(elem, bits)
	}
	return nil
}

// users returns the operations that use v, each once.
func users(v ir.Value) []*ir.Operation {
	var out []*ir.Operation
	seen := map[*ir.Operation]bool{}
	for u := v.FirstUse(); u != nil; u = u.Next() {
		if o := u.Owner(); !seen[o] {
			seen[o] = true
			out = append(out, o)
		}
	}
	return out
}
