package linalgtotile

import (
	"math"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/linalg"
	mathd "github.com/strata-ir/strata/dialects/math"
	"github.com/strata-ir/strata/dialects/tensor"
)

// Attention is recognized on the generics linalg-to-tile works on (named
// operations are generalized and linalg.softmax decomposed first), by
// following the use-def chain from the product S = Q x K^T:
//
//   - S: a contraction generic (one reduction loop d) whose output is
//     [batch..., q, k], Q read at [batch..., q, d] and K at
//     [kvbatch..., k, d] or [kvbatch..., d, k]; kvbatch is batch, except
//     that its last (head) dimension may be `h floordiv G`, or be left
//     out (grouped-query attention: G query heads share a K/V head). Its
//     body is out + a*b, a and b optionally widened by arith.extf; its
//     init is a fill of 0. A linalg.transpose or an arith.extf generic
//     producing Q, K or V (and used only there) is looked through.
//   - the score chain: element-wise generics, each used once, whose
//     bodies scale the score by a constant (arith.mulf, arith.divf), add
//     f32 mask tensors (arith.addf) and mask it causally: -inf where the
//     key index is after the query index
//     (linalg.index of the two dimensions compared with arith.cmpi, then
//     arith.select of -inf, or arith.addf of a select of -inf and 0);
//   - the softmax along the key dimension in its decomposed form (that of
//     linalg.softmax): a max reduction, exp(x - max), a sum reduction and
//     the division, each intermediate used only inside the softmax;
//   - optionally arith.truncf of P to bf16 or f16 (an element-wise
//     generic);
//   - O = P x V: a contraction generic reading P at [batch..., q, k] and V
//     at [kvbatch..., k, e], with a fill of 0 as init, optionally followed
//     by an arith.truncf generic.
//
// Anything else (another use of an intermediate, another operation in a
// body, a scale that is not a constant) leaves the generics to the
// unfused lowering.
type attention struct {
	nb         int // batch dimensions of Q and O
	kvNb       int // batch dimensions of K and V (nb, or nb-1 when grouped by omission)
	q, k, v    ir.Value
	kT         bool  // K is stored [..., d, k]
	group      int64 // query heads per K/V head (1: none)
	factor     float64
	causal     bool
	masks      []maskTerm // additive mask tensors
	in, vIn    ir.Type    // element types of the QK^T and PV dot inputs
	final      *raw       // the last generic, whose result the kernel gives
	erase      []*ir.Operation
	fills      []*ir.Operation
	sq, sk, dq int64 // sizes (ir.Dynamic when dynamic)
	dv         int64
}

// raw is a linalg.generic on tensors with one result, with any maps.
type raw struct {
	op        *ir.Operation
	maps      []affine.Map
	its       []linalg.IteratorType
	ins, outs []ir.Value
	body      *ir.Block
	yield     *ir.Operation
}

func rawOf(op *ir.Operation) (*raw, bool) {
	if op == nil || !isGeneric(op) {
		return nil, false
	}
	s, ok := linalg.AsStructuredOp(op)
	if !ok || !s.HasPureTensorSemantics() || op.NumResults() != 1 {
		return nil, false
	}
	r := &raw{op: op, maps: s.IndexingMaps(), its: s.IteratorTypes(), ins: s.Inputs(), outs: s.Outputs(), body: s.Body()}
	if r.body == nil || len(r.outs) != 1 || len(r.maps) != len(r.ins)+1 || r.body.NumArguments() != len(r.ins)+1 {
		return nil, false
	}
	for _, m := range r.maps {
		if m.NumSyms != 0 || m.NumDims != len(r.its) {
			return nil, false
		}
	}
	r.yield = r.body.Last()
	if r.yield == nil || r.yield.NumOperands() != 1 {
		return nil, false
	}
	return r, true
}

func (r *raw) allParallel() bool {
	for _, it := range r.its {
		if it != linalg.IteratorTypeParallel {
			return false
		}
	}
	return true
}

// reduction returns the only reduction loop, or -1.
func (r *raw) reduction() int {
	d := -1
	for i, it := range r.its {
		if it != linalg.IteratorTypeParallel {
			if d >= 0 {
				return -1
			}
			d = i
		}
	}
	return d
}

// ops returns the operations of the body before the yield.
func (r *raw) ops() []*ir.Operation {
	var out []*ir.Operation
	for o := r.body.First(); o != nil && o != r.yield; o = o.Next() {
		out = append(out, o)
	}
	return out
}

// yielded returns the operation in the body defining the yielded value.
func (r *raw) yielded() *ir.Operation {
	d := ir.DefiningOp(r.yield.Operand(0))
	if d == nil || d.Block() != r.body {
		return nil
	}
	return d
}

// plainDims returns the dimensions of a map whose results are all
// dimensions.
func plainDims(m affine.Map) ([]int, bool) {
	ds := make([]int, len(m.Results))
	for i, e := range m.Results {
		if !e.IsDim() {
			return nil, false
		}
		ds[i] = e.Position()
	}
	return ds, true
}

// users returns the operations using v, other than tensor.dim (which
// reads only the shape: the lowering points it at the generic's init).
func users(v ir.Value) []*ir.Operation {
	var out []*ir.Operation
	for u := v.FirstUse(); u != nil; u = u.Next() {
		if !is(u.Owner(), tensor.AsDimOp) {
			out = append(out, u.Owner())
		}
	}
	return out
}

// soleUser returns the only user of v other than tensor.dim, or nil.
func soleUser(v ir.Value) *ir.Operation {
	us := users(v)
	if len(us) != 1 {
		return nil
	}
	return us[0]
}

// redirectDims points the tensor.dim operations reading the result of
// the generic op at its init, which has the same shape.
func redirectDims(op *ir.Operation) {
	s, ok := linalg.AsStructuredOp(op)
	if !ok || len(s.Outputs()) != 1 {
		return
	}
	init := s.Outputs()[0]
	var dims []*ir.Operation
	for u := op.Result(0).FirstUse(); u != nil; u = u.Next() {
		if is(u.Owner(), tensor.AsDimOp) {
			dims = append(dims, u.Owner())
		}
	}
	for _, d := range dims {
		d.SetOperand(0, init)
	}
}

// rowMap reports whether m is (d0, ..., dn-1) -> (d0, ..., dn-2).
func rowMap(m affine.Map, n int) bool {
	ds, ok := plainDims(m)
	if !ok || m.NumDims != n || len(ds) != n-1 {
		return false
	}
	for i, d := range ds {
		if d != i {
			return false
		}
	}
	return true
}

func isF(t ir.Type, kinds ...ir.FloatKind) bool {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	for _, k := range kinds {
		if ft.Kind == k {
			return true
		}
	}
	return false
}

// floatConst returns the value of a float constant.
func floatConst(v ir.Value) (float64, bool) {
	d := ir.DefiningOp(v)
	if d == nil {
		return 0, false
	}
	c, ok := arith.AsConstantOp(d)
	if !ok {
		return 0, false
	}
	f, ok := c.Value().(*ir.FloatAttr)
	if !ok {
		return 0, false
	}
	return f.Float64(), true
}

// fillOf returns the fill generic producing v and its float value.
func fillOf(v ir.Value) (*ir.Operation, float64, bool) {
	s, op := fillValue(v)
	if s == nil {
		return nil, 0, false
	}
	f, ok := floatConst(s)
	return op, f, ok
}

// dotBody reports whether r's body is out + a*b with a and b optionally
// widened by arith.extf.
func dotBody(r *raw) bool {
	a, b, o := r.body.Argument(0), r.body.Argument(1), r.body.Argument(2)
	add := r.yielded()
	if add == nil {
		return false
	}
	if _, ok := arith.AsAddfOp(add); !ok {
		return false
	}
	var mulV ir.Value
	switch {
	case add.Operand(0) == o:
		mulV = add.Operand(1)
	case add.Operand(1) == o:
		mulV = add.Operand(0)
	default:
		return false
	}
	mul := ir.DefiningOp(mulV)
	if mul == nil || mul.Block() != r.body {
		return false
	}
	if _, ok := arith.AsMulfOp(mul); !ok {
		return false
	}
	n := 2
	src := func(v ir.Value) ir.Value {
		if d := ir.DefiningOp(v); d != nil && d.Block() == r.body {
			if e, ok := arith.AsExtfOp(d); ok {
				n++
				return e.In()
			}
		}
		return v
	}
	x, y := src(mul.Operand(0)), src(mul.Operand(1))
	if !((x == a && y == b) || (x == b && y == a)) {
		return false
	}
	return len(r.ops()) == n
}

// extfInput returns the input of the element-wise arith.extf generic
// producing v (used only there).
func extfInput(v ir.Value) (ir.Value, *ir.Operation) {
	r, ok := rawOf(ir.DefiningOp(v))
	if !ok || !ir.HasOneUse(v) || !r.allParallel() || len(r.ins) != 1 || !isTensor(r.ins[0]) ||
		!r.maps[0].IsIdentity() || !r.maps[1].IsIdentity() {
		return nil, nil
	}
	ops := r.ops()
	if len(ops) != 1 {
		return nil, nil
	}
	e, ok := arith.AsExtfOp(ops[0])
	if !ok || e.In() != r.body.Argument(0) || r.yield.Operand(0) != e.Out() {
		return nil, nil
	}
	return r.ins[0], r.op
}

// truncfOf returns the element-wise arith.truncf generic that is the only
// user of v.
func truncfOf(v ir.Value) *raw {
	u := soleUser(v)
	r, ok := rawOf(u)
	if !ok || !r.allParallel() || len(r.ins) != 1 || r.ins[0] != v || !r.maps[0].IsIdentity() || !r.maps[1].IsIdentity() {
		return nil
	}
	ops := r.ops()
	if len(ops) != 1 {
		return nil
	}
	t, ok := arith.AsTruncfOp(ops[0])
	if !ok || t.In() != r.body.Argument(0) || r.yield.Operand(0) != t.Out() {
		return nil
	}
	return r
}

// lookThrough follows transposes and widening generics back from an
// operand v read through map m.
func lookThrough(v ir.Value, m affine.Map) (ir.Value, affine.Map, []*ir.Operation) {
	var folded []*ir.Operation
	for {
		if x, m2, p := foldTranspose(v, m); p != nil {
			v, m = x, m2
			folded = append(folded, p)
			continue
		}
		if x, p := extfInput(v); p != nil {
			v = x
			folded = append(folded, p)
			continue
		}
		return v, m, folded
	}
}

// kvBatch checks the batch results of a K or V map (with n more results)
// against the batch loops of the query and returns the group size: 1
// without grouping, G for a last batch result `h floordiv G`, and -1
// when the map omits the last batch loop (the query's heads are
// [..., K/V heads, G]: the einsum spelling of grouped-query attention).
func kvBatch(m affine.Map, batch []int, n int) (int64, bool) {
	nb := len(batch)
	if nb > 0 && len(m.Results) == nb-1+n {
		for i, d := range batch[:nb-1] {
			if e := m.Results[i]; !e.IsDim() || e.Position() != d {
				return 0, false
			}
		}
		for _, e := range m.Results[nb-1:] {
			if e.IsDim() && e.Position() == batch[nb-1] {
				return 0, false
			}
		}
		return -1, true
	}
	if len(m.Results) != nb+n {
		return 0, false
	}
	group := int64(1)
	for i, d := range batch {
		e := m.Results[i]
		if e.IsDim() && e.Position() == d {
			continue
		}
		if i == nb-1 && e.Kind() == affine.KindFloorDiv && e.LHS().IsDim() && e.LHS().Position() == d &&
			e.RHS().IsConstant() && e.RHS().Value() > 1 {
			group = e.RHS().Value()
			continue
		}
		return 0, false
	}
	return group, true
}

func sameDims(ds []int, want ...int) bool {
	if len(ds) != len(want) {
		return false
	}
	for i := range ds {
		if ds[i] != want[i] {
			return false
		}
	}
	return true
}

// matchAttention recognizes attention starting at the generic op, the
// product Q x K^T.
func matchAttention(op *ir.Operation) (*attention, bool) {
	s, ok := rawOf(op)
	if !ok || len(s.ins) != 2 || !dotBody(s) {
		return nil, false
	}
	a := &attention{group: 1, factor: 1}
	rd := s.reduction()
	od, ok := plainDims(s.maps[2])
	if rd < 0 || !ok || len(od) != len(s.its)-1 || len(od) < 2 {
		return nil, false
	}
	a.nb = len(od) - 2
	batch, qd, kd := od[:a.nb], od[a.nb], od[a.nb+1]
	if !isF(elemOf(s.outs[0].Type()), ir.F32) {
		return nil, false
	}
	if f, v, ok := fillOf(s.outs[0]); !ok || v != 0 {
		return nil, false
	} else {
		a.fills = append(a.fills, f)
	}
	var qm, km affine.Map
	var ops []*ir.Operation
	a.q, qm, ops = lookThrough(s.ins[0], s.maps[0])
	a.erase = append(a.erase, ops...)
	a.k, km, ops = lookThrough(s.ins[1], s.maps[1])
	a.erase = append(a.erase, ops...)
	if qds, ok := plainDims(qm); !ok || !sameDims(qds, append(append([]int{}, batch...), qd, rd)...) {
		return nil, false
	}
	g, ok := kvBatch(km, batch, 2)
	if !ok {
		return nil, false
	}
	a.group = g
	a.kvNb = a.nb
	if g < 0 {
		a.kvNb = a.nb - 1
	}
	k1, k2 := km.Results[a.kvNb], km.Results[a.kvNb+1]
	switch {
	case k1.IsDim() && k2.IsDim() && k1.Position() == kd && k2.Position() == rd:
	case k1.IsDim() && k2.IsDim() && k1.Position() == rd && k2.Position() == kd:
		a.kT = true
	default:
		return nil, false
	}
	a.in = elemOf(a.q.Type())
	if elemOf(a.k.Type()) != a.in || !isF(a.in, ir.F32, ir.BF16, ir.F16) {
		return nil, false
	}
	// The score chain.
	n := a.nb + 2
	cur := s.op.Result(0)
	sc := score{factor: 1}
	var chain []*ir.Operation
	for {
		u := soleUser(cur)
		r, ok := rawOf(u)
		if !ok || !r.allParallel() || len(r.its) != n || !r.maps[len(r.ins)].IsIdentity() {
			break
		}
		pos := -1
		for i, v := range r.ins {
			if v == cur {
				pos = i
			}
		}
		if pos < 0 || !r.maps[pos].IsIdentity() {
			break
		}
		next, ok := evalScore(r, pos, sc, a.nb, a.nb+1)
		if !ok {
			break
		}
		sc = next
		chain = append(chain, r.op)
		cur = r.op.Result(0)
	}
	a.factor, a.causal, a.masks = sc.factor, sc.masked, sc.terms
	// The softmax.
	x := cur
	p, smOps, smFills, ok := matchSoftmax(x, n)
	if !ok {
		return nil, false
	}
	// P, optionally rounded, into O = P x V.
	var pOps []*ir.Operation
	if t := truncfOf(p); t != nil {
		p = t.op.Result(0)
		pOps = append(pOps, t.op)
	}
	o, ok := rawOf(soleUser(p))
	if !ok || len(o.ins) != 2 || o.ins[0] != p || !dotBody(o) || !isF(elemOf(o.outs[0].Type()), ir.F32) {
		return nil, false
	}
	if f, v, ok := fillOf(o.outs[0]); !ok || v != 0 {
		return nil, false
	} else {
		a.fills = append(a.fills, f)
	}
	rk := o.reduction()
	od2, ok := plainDims(o.maps[2])
	if rk < 0 || !ok || len(od2) != n {
		return nil, false
	}
	batch2, qd2, ed := od2[:a.nb], od2[a.nb], od2[a.nb+1]
	if pds, ok := plainDims(o.maps[0]); !ok || !sameDims(pds, append(append([]int{}, batch2...), qd2, rk)...) {
		return nil, false
	}
	var vm affine.Map
	a.v, vm, ops = lookThrough(o.ins[1], o.maps[1])
	g2, ok := kvBatch(vm, batch2, 2)
	if !ok || g2 != a.group || !vm.Results[a.kvNb].IsDim() || vm.Results[a.kvNb].Position() != rk ||
		!vm.Results[a.kvNb+1].IsDim() || vm.Results[a.kvNb+1].Position() != ed {
		return nil, false
	}
	a.vIn = elemOf(a.v.Type())
	pe := elemOf(p.Type())
	switch {
	case isF(a.vIn, ir.BF16, ir.F16) && (pe == a.vIn || isF(pe, ir.F32)):
	case isF(a.vIn, ir.F32) && isF(pe, ir.F32):
	default:
		return nil, false
	}
	a.final = o
	tail := []*ir.Operation{o.op}
	if t := truncfOf(o.op.Result(0)); t != nil {
		a.final = t
		tail = append(tail, t.op)
	}
	// Shapes: the head dimensions are static; grouped heads divide.
	qs, ks, vs := shapeOf(a.q.Type()), shapeOf(a.k.Type()), shapeOf(a.v.Type())
	a.sq, a.dq, a.dv = qs[a.nb], qs[a.nb+1], vs[a.kvNb+1]
	a.sk = ks[a.kvNb]
	kdq := ks[a.kvNb+1]
	if a.kT {
		a.sk, kdq = ks[a.kvNb+1], ks[a.kvNb]
	}
	if a.dq == ir.Dynamic || a.dv == ir.Dynamic || kdq != a.dq {
		return nil, false
	}
	switch {
	case a.group < 0:
		// [..., Hkv, G] query heads: K/V head = (B*H index) / G.
		a.group = qs[a.nb-1]
		if a.group == ir.Dynamic {
			return nil, false
		}
	case a.group > 1:
		h, hk, hv := qs[a.nb-1], ks[a.nb-1], vs[a.nb-1]
		if h == ir.Dynamic || hk == ir.Dynamic || hk != hv || hk*a.group != h {
			return nil, false
		}
	}
	// Erase users before producers.
	var order []*ir.Operation
	for i := len(tail) - 1; i >= 0; i-- {
		order = append(order, tail[i])
	}
	order = append(order, ops...)
	for i := len(pOps) - 1; i >= 0; i-- {
		order = append(order, pOps[i])
	}
	order = append(order, smOps...)
	for i := len(chain) - 1; i >= 0; i-- {
		order = append(order, chain[i])
	}
	order = append(order, s.op)
	a.erase = append(order, a.erase...)
	a.fills = append(a.fills, smFills...)
	return a, true
}

// matchSoftmax recognizes softmax(x) along the last of n dimensions in
// decomposed form and returns its result, its generics (users first) and
// the fills of its reductions.
func matchSoftmax(x ir.Value, n int) (ir.Value, []*ir.Operation, []*ir.Operation, bool) {
	var mx, ex *raw
	cnt := 0
	for _, u := range users(x) {
		cnt++
		r, ok := rawOf(u)
		if !ok {
			return nil, nil, nil, false
		}
		if r.allParallel() {
			ex = r
		} else {
			mx = r
		}
	}
	if cnt != 2 || mx == nil || ex == nil {
		return nil, nil, nil, false
	}
	mfill, ok := rowReduction(mx, x, n, func(c *ir.Operation, init float64) bool {
		if _, ok := arith.AsMaxnumfOp(c); ok {
			return math.IsInf(init, -1) || math.IsNaN(init)
		}
		if _, ok := arith.AsMaximumfOp(c); ok {
			return math.IsInf(init, -1)
		}
		return false
	})
	if !ok {
		return nil, nil, nil, false
	}
	m := mx.op.Result(0)
	if soleUser(m) == nil || !rowBinary(ex, x, m, n, func(xa, ma ir.Value, ops []*ir.Operation) bool {
		if len(ops) != 2 {
			return false
		}
		sub, ok1 := arith.AsSubfOp(ops[0])
		e, ok2 := mathd.AsExpOp(ops[1])
		return ok1 && ok2 && sub.Operation.Operand(0) == xa && sub.Operation.Operand(1) == ma &&
			e.Operation.Operand(0) == sub.Operation.Result(0) && ex.yield.Operand(0) == e.Operation.Result(0)
	}) {
		return nil, nil, nil, false
	}
	e := ex.op.Result(0)
	var sm, dv *raw
	cnt = 0
	for _, u := range users(e) {
		cnt++
		r, ok := rawOf(u)
		if !ok {
			return nil, nil, nil, false
		}
		if r.allParallel() {
			dv = r
		} else {
			sm = r
		}
	}
	if cnt != 2 || sm == nil || dv == nil {
		return nil, nil, nil, false
	}
	sfill, ok := rowReduction(sm, e, n, func(c *ir.Operation, init float64) bool {
		_, ok := arith.AsAddfOp(c)
		return ok && init == 0
	})
	if !ok {
		return nil, nil, nil, false
	}
	sum := sm.op.Result(0)
	if soleUser(sum) == nil || !rowBinary(dv, e, sum, n, func(ea, sa ir.Value, ops []*ir.Operation) bool {
		if len(ops) != 1 {
			return false
		}
		d, ok := arith.AsDivfOp(ops[0])
		return ok && d.Operation.Operand(0) == ea && d.Operation.Operand(1) == sa && dv.yield.Operand(0) == d.Operation.Result(0)
	}) {
		return nil, nil, nil, false
	}
	return dv.op.Result(0), []*ir.Operation{dv.op, sm.op, ex.op, mx.op}, []*ir.Operation{mfill, sfill}, true
}

// rowReduction checks that r reduces x (read whole) along the last of n
// loops into a row vector initialized by a fill, with one combiner
// accepted by ok, and returns the fill.
func rowReduction(r *raw, x ir.Value, n int, ok func(c *ir.Operation, init float64) bool) (*ir.Operation, bool) {
	if len(r.its) != n || len(r.ins) != 1 || r.ins[0] != x || !r.maps[0].IsIdentity() || !rowMap(r.maps[1], n) ||
		r.its[n-1] == linalg.IteratorTypeParallel {
		return nil, false
	}
	for _, it := range r.its[:n-1] {
		if it != linalg.IteratorTypeParallel {
			return nil, false
		}
	}
	fill, init, isFill := fillOf(r.outs[0])
	c := r.yielded()
	if !isFill || c == nil || len(r.ops()) != 1 || c.NumOperands() != 2 || soleUser(r.outs[0]) == nil {
		return nil, false
	}
	in, acc := r.body.Argument(0), r.body.Argument(1)
	if !((c.Operand(0) == in && c.Operand(1) == acc) || (c.Operand(0) == acc && c.Operand(1) == in)) {
		return nil, false
	}
	return fill, ok(c, init)
}

// rowBinary checks that r is element-wise over n loops on x (read whole)
// and the row vector v, and that its body is accepted by ok (given the
// block arguments of x and v and the body's operations).
func rowBinary(r *raw, x, v ir.Value, n int, ok func(xa, va ir.Value, ops []*ir.Operation) bool) bool {
	if len(r.its) != n || len(r.ins) != 2 || !r.maps[2].IsIdentity() || ir.HasUses(r.body.Argument(2)) {
		return false
	}
	xi, vi := 0, 1
	if r.ins[1] == x {
		xi, vi = 1, 0
	}
	if r.ins[xi] != x || r.ins[vi] != v || !r.maps[xi].IsIdentity() || !rowMap(r.maps[vi], n) {
		return false
	}
	return ok(r.body.Argument(xi), r.body.Argument(vi), r.ops())
}

// score is what the score chain has made of the product so far:
// factor * S, with -inf where the key is after the query when masked.
type score struct {
	factor float64
	masked bool
	// terms are the mask tensors added to the score, each times its
	// coefficient.
	terms []maskTerm
}

// maskTerm is an additive mask: coef * M, M read through m (over the
// loops of S).
type maskTerm struct {
	t    ir.Value
	m    affine.Map
	coef float64
}

// scaled returns s with the factor and every coefficient times c.
func (s score) scaled(c float64) score {
	r := score{factor: s.factor * c, masked: s.masked}
	for _, t := range s.terms {
		r.terms = append(r.terms, maskTerm{t: t.t, m: t.m, coef: t.coef * c})
	}
	return r
}

// sval is the abstract value of a body value of the score chain.
type sval struct {
	kind  int // sScore, sConst, sIndex, sCond, sMaskAdd, sTensor
	s     score
	t     maskTerm // sTensor: a mask tensor read through its map
	c     float64
	key   bool // sIndex: the key (not the query) index
	after bool // sCond: true exactly where key > query (else where key <= query)
}

const (
	sScore = iota
	sConst
	sIndex
	sCond
	sMaskAdd
	sTensor
)

// evalScore evaluates the body of the element-wise generic r, whose input
// pos is the score in, on the abstract values; qd and kd are the query
// and key loops.
func evalScore(r *raw, pos int, in score, qd, kd int) (score, bool) {
	env := map[ir.Value]sval{r.body.Argument(pos): {kind: sScore, s: in}}
	if ir.HasUses(r.body.Argument(len(r.ins))) {
		return in, false
	}
	for i, v := range r.ins {
		if i == pos || !ir.HasUses(r.body.Argument(i)) {
			continue
		}
		if isTensor(v) {
			// An additive mask: f32, read through a projected
			// permutation.
			if !isF(elemOf(v.Type()), ir.F32) || !r.maps[i].IsProjectedPermutation(false) {
				return in, false
			}
			env[r.body.Argument(i)] = sval{kind: sTensor, t: maskTerm{t: v, m: r.maps[i], coef: 1}}
			continue
		}
		c, ok := floatConst(v)
		if !ok {
			return in, false
		}
		env[r.body.Argument(i)] = sval{kind: sConst, c: c}
	}
	get := func(v ir.Value) (sval, bool) {
		if x, ok := env[v]; ok {
			return x, true
		}
		if d := ir.DefiningOp(v); d != nil && d.Block() != r.body {
			if c, ok := floatConst(v); ok {
				return sval{kind: sConst, c: c}, true
			}
		}
		return sval{}, false
	}
	negInf := func(x sval) bool { return x.kind == sConst && math.IsInf(x.c, -1) }
	for _, o := range r.ops() {
		if ix, ok := linalg.AsIndexOp(o); ok {
			switch int(ix.Dim()) {
			case qd:
				env[o.Result(0)] = sval{kind: sIndex}
			case kd:
				env[o.Result(0)] = sval{kind: sIndex, key: true}
			default:
				return in, false
			}
			continue
		}
		if _, ok := arith.AsConstantOp(o); ok {
			c, ok := floatConst(o.Result(0))
			if !ok {
				return in, false
			}
			env[o.Result(0)] = sval{kind: sConst, c: c}
			continue
		}
		args := make([]sval, o.NumOperands())
		for i, v := range o.Operands() {
			x, ok := get(v)
			if !ok {
				return in, false
			}
			args[i] = x
		}
		var res sval
		ok := false
		switch {
		case is(o, arith.AsIndexCastOp), is(o, arith.AsIndexCastuiOp):
			res, ok = args[0], args[0].kind == sIndex
		case is(o, arith.AsMulfOp), is(o, arith.AsDivfOp):
			div := is(o, arith.AsDivfOp)
			x, c := args[0], args[1]
			if !div && x.kind == sConst {
				x, c = c, x
			}
			if x.kind == sScore && c.kind == sConst && c.c != 0 && !math.IsInf(c.c, 0) && !math.IsNaN(c.c) && (!x.s.masked || c.c > 0) {
				res, ok = x, true
				if div {
					res.s = x.s.scaled(1 / c.c)
				} else {
					res.s = x.s.scaled(c.c)
				}
			}
		case is(o, arith.AsCmpiOp):
			c, _ := arith.AsCmpiOp(o)
			x, y := args[0], args[1]
			if x.kind != sIndex || y.kind != sIndex || x.key == y.key {
				break
			}
			p := c.Predicate()
			if !x.key {
				p = swapped(p)
			}
			// Now: key p query.
			switch p {
			case arith.CmpIPredicateUgt, arith.CmpIPredicateSgt:
				res, ok = sval{kind: sCond, after: true}, true
			case arith.CmpIPredicateUle, arith.CmpIPredicateSle:
				res, ok = sval{kind: sCond, after: false}, true
			}
		case is(o, arith.AsSelectOp):
			c, t, f := args[0], args[1], args[2]
			if c.kind != sCond {
				break
			}
			if !c.after {
				t, f = f, t
			}
			// Now: select(key > query, t, f).
			switch {
			case negInf(t) && f.kind == sScore:
				res, ok = f, true
				res.s.masked = true
			case negInf(t) && f.kind == sConst && f.c == 0:
				res, ok = sval{kind: sMaskAdd}, true
			}
		case is(o, arith.AsAddfOp):
			x, y := args[0], args[1]
			if y.kind == sScore {
				x, y = y, x
			}
			if x.kind == sScore && y.kind == sMaskAdd {
				res, ok = x, true
				res.s.masked = true
			}
			if x.kind == sScore && y.kind == sTensor {
				res, ok = x, true
				res.s = x.s.scaled(1)
				res.s.terms = append(res.s.terms, y.t)
			}
		}
		if !ok {
			return in, false
		}
		env[o.Result(0)] = res
	}
	out, ok := get(r.yield.Operand(0))
	if !ok || out.kind != sScore {
		return in, false
	}
	return out.s, true
}

// swapped is the predicate p with its operands exchanged.
func swapped(p arith.CmpIPredicate) arith.CmpIPredicate {
	switch p {
	case arith.CmpIPredicateUgt:
		return arith.CmpIPredicateUlt
	case arith.CmpIPredicateUlt:
		return arith.CmpIPredicateUgt
	case arith.CmpIPredicateUge:
		return arith.CmpIPredicateUle
	case arith.CmpIPredicateUle:
		return arith.CmpIPredicateUge
	case arith.CmpIPredicateSgt:
		return arith.CmpIPredicateSlt
	case arith.CmpIPredicateSlt:
		return arith.CmpIPredicateSgt
	case arith.CmpIPredicateSge:
		return arith.CmpIPredicateSle
	case arith.CmpIPredicateSle:
		return arith.CmpIPredicateSge
	}
	return p
}

func is[T any](op *ir.Operation, as func(*ir.Operation) (T, bool)) bool {
	_, ok := as(op)
	return ok
}
